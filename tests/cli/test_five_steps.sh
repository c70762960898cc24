#!/bin/bash
# test_five_steps.sh: README's "Your own study in five steps" works as
# written.  The plan new command is taken from README.md itself and run;
# each planned boot then gets a PresentMon capture (one of
# fixtures/presentmon's, whose rows of dwm.exe and NA cells the study's
# filter and missing value must deal with), and status --write-runs,
# check, report and verify follow as the steps say.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

readme=$top_srcdir/README.md
work=$tap_tmp/work
mkdir -p "$work"

# The indented command of step 1, its continuation lines joined.
cmd=$(awk '
	/^## Your own study in five steps/ { inside = 1 }
	inside && /^## / && !/five steps/ { exit }
	inside && /^ +pairboot plan new / { take = 1 }
	take { line = $0; sub(/^ +/, "", line); printf "%s", line
	       if (line !~ /\\$/) { print ""; exit } }
' "$readme")
ok "README's step 1 is a plan new command" \
	grep -q '^pairboot plan new hpet .*--filter' <<<"$cmd"
cmd=${cmd//\\/}
# Run from the work folder, pairboot taken from the build, -q added.
(cd "$work" && eval "\"\$PAIRBOOT\" -q ${cmd#pairboot }") \
	>"$tap_tmp/plan.out" 2>"$tap_tmp/plan.err"
is "$?" 0 "step 1: README's plan new exits 0"
ok "it writes study.ini with the filter and the missing value" \
	grep -qx 'filter = Application == game.exe' "$work/hpet/study.ini"
ok "and schedule.csv, 40 boots" \
	test "$(tail -n +2 "$work/hpet/schedule.csv" | wc -l)" -eq 40

# Step 2: a capture for each planned boot, at the path the schedule gives
# it, taken round-robin from the PresentMon fixture and shifted by 0.5 ms
# for `on` so that the study has an effect to find.
captures=("$top_srcdir"/fixtures/presentmon/latency/*.csv)
i=0
while IFS=, read -r run series block pos state path; do
	[ "$run" = run ] && continue
	mkdir -p "$work/hpet/$(dirname "$path")"
	src=${captures[$((i % ${#captures[@]}))]}
	if [ "$state" = on ]; then
		awk -F, -v OFS=, 'NR > 1 && $1 == "game.exe" && $11 != "NA" \
			{ $11 = sprintf("%.3f", $11 + 0.5) } { print }' \
			"$src" >"$work/hpet/$path"
	else
		cp "$src" "$work/hpet/$path"
	fi
	i=$((i + 1))
done <"$work/hpet/schedule.csv"

# Step 3.
run_pb status "$work/hpet" --write-runs
is "$pb_status" 0 "step 3: status --write-runs exits 0"
is "$(tail -n +2 "$work/hpet/runs.csv" | wc -l | tr -d ' ')" 40 \
	"runs.csv lists the 40 boots recorded"

# Step 4: the rows removed and missing, counted in the captures with awk.
run_pb check "$work/hpet"
is "$pb_status" 0 "step 4: check exits 0"
want=$(tail -n +2 "$work/hpet/runs.csv" | cut -d, -f1 | while read -r r; do
	cat "$work/hpet/latency/$r.csv"; done | awk -F, '
	$1 == "Application" { next }
	{ rows++ } $1 != "game.exe" { gone++; next } $11 == "NA" { na++ }
	END { printf "%d, %d removed by the filter, %d missing, %d used",
	      rows, gone, na, rows - gone - na }')
is "$(sed -n 's/^rows of the latency files: //p' "$pb_out_file")" "$want" \
	"check counts the rows as awk does"

# Step 5.
(cd "$work" && "$PAIRBOOT" report hpet) >"$tap_tmp/report.out" 2>&1
is "$?" 0 "step 5: report hpet exits 0"
ok "writes reports/hpet/ with its pages" \
	test -s "$work/reports/hpet/en.md" -a -s "$work/reports/hpet/ko.md"
ok "and prints each state's verdict" grep -q '^state on: ' \
	"$tap_tmp/report.out"
(cd "$work" && "$PAIRBOOT" verify hpet -a reports/hpet/en.md) \
	>"$tap_tmp/verify.out" 2>&1
is "$?" 0 "verify passes the page it wrote"
ok "the page names the filter" grep -q 'Application == game.exe' \
	"$work/reports/hpet/en.md"

done_testing
