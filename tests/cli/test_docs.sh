#!/bin/bash
# test_docs.sh: the example study written out in docs/study-format.md is a
# valid study, so the document cannot drift from what pairboot accepts.
#
# Each file of the example is a fenced code block whose info string names
# it, as in "```csv file=runs.csv"; this test writes those blocks into a
# folder and runs `pairboot check` on it.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

doc=$top_srcdir/docs/study-format.md
example=$tap_tmp/example

# Writes every block with a file= name below the folder $1; prints the
# names, one a line.
extract() {
	awk -v dir="$1" '
		/^```/ && out != "" { close(out); out = ""; next }
		/^```[a-z]* file=/ {
			name = $0
			sub(/^.*file=/, "", name)
			out = dir "/" name
			d = out
			sub(/\/[^\/]*$/, "", d)
			system("mkdir -p \"" d "\"")
			printf "" > out
			print name
			next
		}
		out != "" { print > out }
	' "$doc"
}

names=$(extract "$example")
ok "the example has a study.ini" test -f "$example/study.ini"
ok "the example has a runs.csv" test -f "$example/runs.csv"
diag "example files:" "$names"

run_pb check "$example"
is "$pb_status" 0 "check of the example study: exit status 0"
is "$pb_err" "" "check of the example study: no problem reported"
ok "check of the example study: names both series" \
	grep -q 'series m' "$pb_out_file"

# The same study with one documented error, to show the check is not
# vacuous: `accepted = no` needs a note.
sed -i 's/^pilot,1,1,,20,no,"[^"]*"/pilot,1,1,,20,no,/' "$example/runs.csv"
run_pb check "$example"
is "$pb_status" 65 "an excluded run without a note: exit status 65"
ok "an excluded run without a note: reported at runs.csv line 2" \
	grep -q '^pairboot: .*/runs\.csv:2:' "$pb_err_file"

done_testing
