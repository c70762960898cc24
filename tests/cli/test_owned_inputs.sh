#!/bin/bash
# test_owned_inputs.sh: inputs a user should not be able to hand over:
# a study of one state, which leaves nothing to compare.
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

done_testing
