#!/bin/bash
# test_owned_inputs.sh: inputs a user should not be able to hand over:
# a study of one state, which leaves nothing to compare, and a summary
# written over the study's own files or over a file pairboot did not write,
# and a report whose folder would lie inside the study or hold it.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

## A study of the reference state alone -----------------------------------
one=$tap_tmp/one/powerplan
mkdir -p "$tap_tmp/one"
cp -R "$top_srcdir/fixtures/powerplan" "$one"
chmod -R u+w "$one"
sed -i 's/^states = .*/states = Balanced/' "$one/study.ini"
awk -F, 'NR == 1 || $4 == "Balanced"' "$one/runs.csv" >"$tap_tmp/runs.csv"
mv "$tap_tmp/runs.csv" "$one/runs.csv"
line=$(grep -n '^states = ' "$one/study.ini" | cut -d: -f1)
where="$one/study.ini:$line:10: states has one state; a study compares at least two"

run_pb check "$one"
is "$pb_status" 65 "check of a one-state study: 65"
is "$(head -n 1 "$pb_err_file")" "pairboot: $where" \
	"check names the line that declares the states"
run_pb report "$one" -o "$tap_tmp/one-report"
is "$pb_status" 65 "report of a one-state study: 65"
is "$(head -n 1 "$pb_err_file")" "pairboot: $where" \
	"report names the line that declares the states"
ok "report of a one-state study writes nothing" test ! -e "$tap_tmp/one-report"

## summarize over files it must keep --------------------------------------
study=$tap_tmp/sum/powerplan
mkdir -p "$tap_tmp/sum"
cp -R "$top_srcdir/fixtures/powerplan" "$study"
chmod -R u+w "$study"
cp "$study/runs.csv" "$tap_tmp/runs.kept"
run_pb summarize "$study" -o "$study/runs.csv"
is "$pb_status" 73 "summarize -o the study's runs.csv: 73"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $study/runs.csv: refusing to overwrite the study's own runs.csv (--force to overwrite)" \
	"and says which input it is"
ok "runs.csv is kept" cmp -s "$study/runs.csv" "$tap_tmp/runs.kept"
ln "$study/study.ini" "$tap_tmp/other-name.ini"
run_pb summarize "$study" -o "$tap_tmp/other-name.ini"
is "$pb_status" 73 "summarize -o another name of study.ini: 73"
ok "found by device and inode" \
	grep -q "the study's own study.ini" "$pb_err_file"
lat=$(ls "$study/latency" | head -n 1)
run_pb summarize "$study" -o "$study/latency/$lat"
is "$pb_status" 73 "summarize -o a latency CSV of the study: 73"
printf 'mine\n' >"$tap_tmp/keep.csv"
run_pb summarize "$study" -o "$tap_tmp/keep.csv"
is "$pb_status" 73 "summarize -o a file that is not a summary: 73"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $tap_tmp/keep.csv: refusing to overwrite a file that is not a pairboot summary (--force to overwrite)" \
	"and says why"
is "$(cat "$tap_tmp/keep.csv")" mine "that file is kept"
run_pb summarize "$study" -o "$tap_tmp/sum.csv"
is "$pb_status" 0 "summarize to a new file: 0"
run_pb summarize "$study" -o "$tap_tmp/sum.csv"
is "$pb_status" 0 "summarize over a summary it wrote: 0"
run_pb summarize "$study" -o "$tap_tmp/keep.csv" --force
is "$pb_status" 0 "summarize --force over any file: 0"
ok "--force wrote the summary" cmp -s "$tap_tmp/keep.csv" "$tap_tmp/sum.csv"

## report inside the study ------------------------------------------------
inside=$tap_tmp/in/powerplan
mkdir -p "$tap_tmp/in"
cp -R "$top_srcdir/fixtures/powerplan" "$inside"
chmod -R u+w "$inside"
listing=$(cd "$inside" && find . | sort)
for given in . ../powerplan; do
	(cd "$inside" && run_pb report "$given" --format json
	 printf '%s\n' "$pb_status" >"$tap_tmp/status"
	 cp "$pb_err_file" "$tap_tmp/err")
	is "$(cat "$tap_tmp/status")" 73 "report $given from inside the study: 73"
	is "$(head -n 1 "$tap_tmp/err")" \
		"pairboot: reports/powerplan: the output would lie inside the study folder $given; give -o a folder outside it" \
		"report $given: says why, naming the folder by its real name"
	is "$(cd "$inside" && find . | sort)" "$listing" \
		"report $given: nothing created in the study"
done
(cd "$tap_tmp/in" && run_pb report powerplan -o . --format json
 printf '%s\n' "$pb_status" >"$tap_tmp/status")
is "$(cat "$tap_tmp/status")" 73 "report -o a folder holding the study: 73"
(cd "$tap_tmp/in" && run_pb report powerplan/. --format json
 printf '%s\n' "$pb_status" >"$tap_tmp/status")
is "$(cat "$tap_tmp/status")" 0 "report powerplan/. from beside it: 0"
ok "named reports/powerplan by the folder's real name" \
	test -f "$tap_tmp/in/reports/powerplan/results.json"

done_testing
