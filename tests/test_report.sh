#!/bin/bash
# test_report.sh: `pairboot report` as a user meets it: the report folder,
# its reproducibility, and the statuses of the ways writing it can fail.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib.sh
. "$top_srcdir/tests/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/out

## A report is written, and the same study gives the same bytes --------
run_pb report "$study" -o "$out/a"
is "$pb_status" 0 "report exits 0"
is "$pb_out" "report written to $out/a/
" "report says where it wrote"
ok "results.json is written" test -s "$out/a/results.json"
run_pb --quiet report "$study" -o "$out/b"
is "$pb_out" "" "--quiet prints nothing"
ok "a second run gives byte-identical results.json" \
	cmp "$out/a/results.json" "$out/b/results.json"
run_pb report -o "$out/c" "$study"
ok "options may come before the study" cmp "$out/a/results.json" \
	"$out/c/results.json"

## The numbers a reader checks first -----------------------------------
ok "results.json names the schema" \
	grep -q '"schema": "pairboot-results"' "$out/a/results.json"
ok "results.json records the seed and generator" \
	grep -q '"rng": "mt19937"' "$out/a/results.json"
ok "every input file is listed with its SHA-256" \
	test "$(grep -c '"sha256": "[0-9a-f]\{64\}"' "$out/a/results.json")" \
	-eq "$(find "$study" -type f | wc -l)"

## Every interval method is in the sensitivity table -------------------
n_cmp=$(grep -c '"sensitivity": {' "$out/a/results.json")
for m in percentile bca t expanded studentized; do
	is "$(grep -c "^ *\"$m\": {" "$out/a/results.json")" "$n_cmp" \
		"the sensitivity table of every comparison has $m"
done

## A study may pre-register the bootstrap-t -----------------------------
cp -R "$study" "$tap_tmp/stud"
sed -i 's/^interval = percentile$/interval = studentized/' \
	"$tap_tmp/stud/study.ini"
run_pb --quiet report "$tap_tmp/stud" -o "$out/stud" --lang en,de
is "$pb_status" 0 "a studentized study is reported"
ok "its plan says studentized" \
	grep -q '"interval": "studentized"' "$out/stud/results.json"
ok "its page names the bootstrap-t beside the code" \
	grep -q 'method `studentized` (bootstrap-t), confidence 95%' \
	"$out/stud/en.md"
ok "its German page too" \
	grep -q 'Methode `studentized` (Bootstrap-t), Konfidenzniveau 95 %' \
	"$out/stud/de.md"

## The default folder is reports/<study folder name> --------------------
mkdir -p "$tap_tmp/cwd"
(cd "$tap_tmp/cwd" && "$PAIRBOOT" --quiet report "$study") </dev/null
ok "default output goes to reports/<study>" \
	cmp "$tap_tmp/cwd/reports/mmcss-26200.9168/results.json" \
	"$out/a/results.json"

## Replacing a report, and refusing what is not one ---------------------
run_pb --quiet report "$top_srcdir/fixtures/netthrottle" -o "$out/a"
is "$pb_status" 0 "an existing report folder is replaced"
ok "the replaced report holds the new study" \
	grep -q '"name": "netthrottle"' "$out/a/results.json"
# A file and a folder put into a report by hand are the user's: a second
# run refuses to replace the report, names the first of them, keeps both.
echo "my notes" >"$out/a/analysis-notes.md"
mkdir "$out/a/drafts" && echo draft >"$out/a/drafts/d.txt"
run_pb report "$study" -o "$out/a"
is "$pb_status" 73 "a report holding a file of the user's is not replaced (73)"
is "$pb_err" "pairboot: $out/a: output folder holds 'analysis-notes.md', which no earlier report wrote; refusing to replace it (move it elsewhere, or give another folder)
pairboot: $study: no report written (1 problem)
" "the refusal names the first foreign entry"
is "$(cat "$out/a/analysis-notes.md")$(cat "$out/a/drafts/d.txt")" \
	"my notesdraft" "the user's file and folder are kept"
ok "and the earlier report is left as it was" \
	grep -q '"name": "netthrottle"' "$out/a/results.json"
rm "$out/a/analysis-notes.md"
run_pb report "$study" -o "$out/a"
is "$pb_status" 73 "a report holding a subfolder of the user's is not replaced"
ok "the refusal names the subfolder" grep -q "holds 'drafts'" "$pb_err_file"
rm -r "$out/a/drafts"
run_pb --quiet report "$study" -o "$out/a"
is "$pb_status" 0 "once they are moved away, the report is replaced"
ok "its marker lists what it wrote" grep -qx 'results.json' "$out/a/.pairboot-report"
mkdir -p "$out/notes" && echo keep >"$out/notes/mine.txt"
run_pb report "$study" -o "$out/notes"
is "$pb_status" 73 "a folder holding other files is refused (73)"
is "$(cat "$out/notes/mine.txt")" keep "and its files are untouched"
ln -s "$out/b" "$out/link"
run_pb report "$study" -o "$out/link"
is "$pb_status" 73 "an output path that is a symbolic link is refused (73)"
is "$pb_err" "pairboot: $out/link: output folder is a symbolic link; give the real folder
pairboot: $study: no report written (1 problem)
" "the refusal names the path"
run_pb report "$study" -o "$out/a/results.json/x"
is "$pb_status" 73 "a parent that is a file gives 73"
if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$out/ro" && chmod 555 "$out/ro"
	run_pb report "$study" -o "$out/ro/x"
	is "$pb_status" 73 "a folder that is not writable gives 73"
	chmod 755 "$out/ro"
else
	skip "a folder that is not writable gives 73" "root writes anyway"
fi

## Bad input writes nothing ---------------------------------------------
run_pb report "$tap_tmp/no-such-study" -o "$out/d"
is "$pb_status" 66 "a missing study gives 66"
ok "and no report folder" test ! -e "$out/d"
cp -r "$study" "$tap_tmp/broken"
printf 'oops\n' >>"$tap_tmp/broken/runs.csv"
before=$(cat "$out/b/results.json")
run_pb report "$tap_tmp/broken" -o "$out/b"
is "$pb_status" 65 "a broken study gives 65"
is "$(cat "$out/b/results.json")" "$before" \
	"and the previous report is left as it was"
ok "no staging folder is left behind" \
	test -z "$(find "$out" -maxdepth 1 -name '.*.new-*')"

## Usage errors ---------------------------------------------------------
run_pb report
is "$pb_status" 64 "report without a study is a usage error"
run_pb report "$study" -o
is "$pb_status" 64 "-o without a folder is a usage error"
run_pb report "$study" "$study"
is "$pb_status" 64 "two studies are a usage error"

done_testing
