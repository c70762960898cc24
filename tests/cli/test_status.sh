#!/bin/bash
# test_status.sh: `pairboot status` on a study being recorded.
#
# A study planned with `plan new` for 3 states (0, 20, 100; reference 20),
# 2 series of 2 blocks: 12 boots, whose order schedule.csv gives (seed 7):
#     series 1: s1-b1-20 s1-b1-100 s1-b1-0 | s1-b2-0 s1-b2-20 s1-b2-100
#     series 2: s2-b1-100 s2-b1-0 s2-b1-20 | s2-b2-0 s2-b2-20 s2-b2-100
# (checked below, so that every expectation after it rests on it).
# `genstudy fill` writes a latency file for every boot; they are put
# aside and brought back one by one as the harness would write them.
# Each expectation is written out by hand from that order:
# - nothing recorded: no runs.csv, and status lists the first 6 boots;
#   check fails, as runs.csv is missing;
# - the first three boots of series 1 and s1-b2-20 recorded, runs.csv not
#   yet made: the four are "not in runs.csv yet", s1-b2-0 is skipped (a
#   boot planned after it is recorded), the next boots start at
#   s1-b2-100, and series 2 has no reference run yet;
# - --write-runs makes runs.csv with a header and those 4 rows;
#   check then fails (series 2 has no reference run) while status passes;
# - rows naming a file that does not exist, a file of another run, and a
#   run in another position than planned: exit 65, each problem at its
#   line and column, and --write-runs writes nothing;
# - s1-b2-0 recorded late, runs.csv's last line left without its line
#   end: --write-runs appends its row after a line end, every byte of the
#   old file kept, and the run is out of the planned order;
# - every boot recorded: --write-runs appends the other 7 and check
#   passes on the runs.csv so written.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

genstudy=$top_builddir/fixtures/genstudy
dir=$tap_tmp/st
aside=$tap_tmp/aside

run_pb plan new "$dir" --title "Timer resolution" --build 22631 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference 20 --threshold 1.5 --seed 7 \
	--states '0;20;100' --series 2 --blocks 2
is "$pb_status" 0 "plan new: exit status 0"
is "$(cut -d, -f1 "$dir/schedule.csv" | tail -n +2 | tr '\n' ' ')" \
	"s1-b1-20 s1-b1-100 s1-b1-0 s1-b2-0 s1-b2-20 s1-b2-100 s2-b1-100 s2-b1-0 s2-b1-20 s2-b2-0 s2-b2-20 s2-b2-100 " \
	"schedule.csv: the planned order the expectations below are read from"

# record RUN...: the harness writes the latency file of each RUN.
record() {
	for r in "$@"; do
		cp "$aside/$r.csv" "$dir/latency/$r.csv"
	done
}

## Nothing recorded yet ---------------------------------------------------
run_pb status "$dir"
is "$pb_status" 0 "nothing recorded: exit status 0"
is "$pb_out" "study $dir: Timer resolution (build 22631)
boots: 0 of 12 planned recorded (0 listed in runs.csv, 0 not yet), 0 skipped, 12 to record
runs.csv: 0 runs, 0 accepted
  series 1 (Series 1): 0 of 6 recorded, 0 skipped, 6 to record; 0 runs in runs.csv; no accepted run of the reference state 20 yet
  series 2 (Series 2): 0 of 6 recorded, 0 skipped, 6 to record; 0 runs in runs.csv; no accepted run of the reference state 20 yet
next boots (6 of 12 to record):
  s1-b1-20: series 1, block 1, position 1, state 20: write latency/s1-b1-20.csv
  s1-b1-100: series 1, block 1, position 2, state 100: write latency/s1-b1-100.csv
  s1-b1-0: series 1, block 1, position 3, state 0: write latency/s1-b1-0.csv
  s1-b2-0: series 1, block 2, position 1, state 0: write latency/s1-b2-0.csv
  s1-b2-20: series 1, block 2, position 2, state 20: write latency/s1-b2-20.csv
  s1-b2-100: series 1, block 2, position 3, state 100: write latency/s1-b2-100.csv
recorded, not in runs.csv yet: none
skipped: none
off the schedule: none
" "nothing recorded: the first 6 boots of the schedule are next"
is "$pb_err" "" "nothing recorded: nothing on stderr"
run_pb status "$dir" --next 2
is "$(sed -n '/^next/,/^recorded/p' "$pb_out_file")" "next boots (2 of 12 to record):
  s1-b1-20: series 1, block 1, position 1, state 20: write latency/s1-b1-20.csv
  s1-b1-100: series 1, block 1, position 2, state 100: write latency/s1-b1-100.csv
recorded, not in runs.csv yet: none" "--next 2: two boots"
run_pb check "$dir"
is "$pb_status" 66 "nothing recorded: check fails (no runs.csv)"
run_pb status -q "$dir" --write-runs
is "$pb_status$pb_out$pb_err" 0 "--write-runs with no boot: exit 0, quiet"
ok "and no runs.csv is made (a header alone is no study's)" \
	test ! -e "$dir/runs.csv"

## Four boots recorded, runs.csv not yet made -----------------------------
"$genstudy" fill "$dir" --seed 3 --periods 10 2>"$tap_tmp/fill.err"
is "$?" 0 "genstudy fill: exit status 0"
mkdir "$aside" && mv "$dir"/latency/*.csv "$aside" &&
	mv "$dir/runs.csv" "$tap_tmp/filled.csv"
record s1-b1-20 s1-b1-100 s1-b1-0 s1-b2-20
run_pb status "$dir"
is "$pb_status" 0 "four recorded, no runs.csv: exit status 0"
is "$pb_out" "study $dir: Timer resolution (build 22631)
boots: 4 of 12 planned recorded (0 listed in runs.csv, 4 not yet), 1 skipped, 7 to record
runs.csv: 0 runs, 0 accepted
  series 1 (Series 1): 4 of 6 recorded, 1 skipped, 1 to record; 0 runs in runs.csv; no accepted run of the reference state 20 yet
  series 2 (Series 2): 0 of 6 recorded, 0 skipped, 6 to record; 0 runs in runs.csv; no accepted run of the reference state 20 yet
next boots (6 of 7 to record):
  s1-b2-100: series 1, block 2, position 3, state 100: write latency/s1-b2-100.csv
  s2-b1-100: series 2, block 1, position 1, state 100: write latency/s2-b1-100.csv
  s2-b1-0: series 2, block 1, position 2, state 0: write latency/s2-b1-0.csv
  s2-b1-20: series 2, block 1, position 3, state 20: write latency/s2-b1-20.csv
  s2-b2-0: series 2, block 2, position 1, state 0: write latency/s2-b2-0.csv
  s2-b2-20: series 2, block 2, position 2, state 20: write latency/s2-b2-20.csv
recorded, not in runs.csv yet (4):
  $dir/schedule.csv:2:1: s1-b1-20 (series 1, block 1, position 1, state 20): latency/s1-b1-20.csv is there
  $dir/schedule.csv:3:1: s1-b1-100 (series 1, block 1, position 2, state 100): latency/s1-b1-100.csv is there
  $dir/schedule.csv:4:1: s1-b1-0 (series 1, block 1, position 3, state 0): latency/s1-b1-0.csv is there
  $dir/schedule.csv:6:1: s1-b2-20 (series 1, block 2, position 2, state 20): latency/s1-b2-20.csv is there
skipped (1):
  $dir/schedule.csv:5:1: s1-b2-0 (series 1, block 2, position 1, state 0): latency/s1-b2-0.csv is not there, but a boot planned later in the series is recorded
off the schedule: none
" "four recorded: listed as not in runs.csv yet, s1-b2-0 skipped"

## --write-runs makes runs.csv ---------------------------------------------
run_pb status "$dir" --write-runs
is "$pb_status" 0 "--write-runs: exit status 0"
is "$(head -n 1 "$pb_out_file")" "$dir/runs.csv: 4 rows written (a new file)" \
	"--write-runs: says how many rows it wrote"
ok "--write-runs: the report that follows counts the rows just written" \
	grep -q "(4 listed in runs.csv, 0 not yet)" "$pb_out_file"
is "$(cat "$dir/runs.csv")" "run,series,block,position,state,accepted,note,latency,mechanism
s1-b1-20,1,1,1,20,yes,,latency/s1-b1-20.csv,
s1-b1-100,1,1,2,100,yes,,latency/s1-b1-100.csv,
s1-b1-0,1,1,3,0,yes,,latency/s1-b1-0.csv,
s1-b2-20,1,2,2,20,yes,,latency/s1-b2-20.csv," \
	"--write-runs: the header (format 1: with mechanism) and the 4 rows"
run_pb status "$dir"
is "$pb_status" 0 "a series without a reference run yet: status passes"
is "$(sed -n 2,5p "$pb_out_file")" "boots: 4 of 12 planned recorded (4 listed in runs.csv, 0 not yet), 1 skipped, 7 to record
runs.csv: 4 runs, 4 accepted
  series 1 (Series 1): 4 of 6 recorded, 1 skipped, 1 to record; 4 runs in runs.csv
  series 2 (Series 2): 0 of 6 recorded, 0 skipped, 6 to record; 0 runs in runs.csv; no accepted run of the reference state 20 yet" \
	"status: the rows are listed now; series 2 lacks its reference run"
run_pb check "$dir"
is "$pb_status" 65 "a series without a reference run yet: check fails"
is "$pb_err" "pairboot: $dir/runs.csv: series '2' has no accepted run of the reference state 20
pairboot: $dir: 1 problem found
" "check: series 2 has no reference run"
cp "$dir/runs.csv" "$tap_tmp/runs-4.csv"

## Problems: a file missing, a file of two runs, a run off its plan ---------
record s2-b1-0
printf '%s\n' 's2-b1-100,2,1,1,100,yes,,latency/s2-b1-100.csv,' \
	'retake,2,1,,0,no,retaken,latency/s1-b1-0.csv,' \
	's2-b1-0,2,1,3,0,yes,,latency/s2-b1-0.csv,' >>"$dir/runs.csv"
cp "$dir/runs.csv" "$tap_tmp/runs-bad.csv"
run_pb status "$dir" --write-runs
is "$pb_status" 65 "problems: exit status 65"
is "$pb_err" "pairboot: $dir/runs.csv:6:26: latency file 'latency/s2-b1-100.csv' of run 's2-b1-100' does not exist
pairboot: $dir/runs.csv:7:26: latency file 'latency/s1-b1-0.csv' of run 'retake' is also the file of run 's1-b1-0' (line 4): one boot published as two (\`shared_files = yes\` in study.ini if intended)
pairboot: $dir/runs.csv: nothing written while the study has problems
pairboot: $dir: 2 problems found
" "problems: the missing file and the file of two runs, at line and column"
is "$(sed -n '/^off the schedule/,$p' "$pb_out_file")" "off the schedule (2):
  $dir/runs.csv:7:1: run 'retake' is not planned in schedule.csv
  $dir/runs.csv:8:1: run 's2-b1-0' is planned as series 2, block 1, position 2, state 0 (schedule.csv:9), recorded as series 2, block 1, position 3, state 0" \
	"problems: the report is printed, with the runs off the schedule"
ok "problems: --write-runs wrote nothing" \
	cmp "$dir/runs.csv" "$tap_tmp/runs-bad.csv"

## Appending: a late boot, runs.csv without its last line end ---------------
cp "$tap_tmp/runs-4.csv" "$dir/runs.csv"
rm "$dir/latency/s2-b1-0.csv"
printf '%s' "$(cat "$tap_tmp/runs-4.csv")" >"$dir/runs.csv"
cp "$dir/runs.csv" "$tap_tmp/runs-open.csv"
old_size=$(wc -c <"$dir/runs.csv")
record s1-b2-0
run_pb status "$dir" --write-runs
is "$pb_status" 0 "append: exit status 0"
is "$(head -n 1 "$pb_out_file")" "$dir/runs.csv: 1 row appended" \
	"append: says how many rows it wrote"
ok "append: every byte of runs.csv is kept" \
	cmp -n "$old_size" "$dir/runs.csv" "$tap_tmp/runs-open.csv"
is "$(tail -c +$((old_size + 1)) "$dir/runs.csv" | od -An -c | tr -s ' ')" \
	"$(printf '\ns1-b2-0,1,2,1,0,yes,,latency/s1-b2-0.csv,\n' | od -An -c | tr -s ' ')" \
	"append: a line end, then the row of s1-b2-0"
run_pb status "$dir"
is "$pb_status" 0 "a run out of the planned order: exit status 0"
# runs.csv lists the boots planned 1st, 2nd, 3rd, 5th and 4th: two longest
# sequences in planned order, 1 2 3 4 and 1 2 3 5; design_check_schedule
# keeps the one that ends last in runs.csv, so s1-b2-20 (5th) is the run
# out of order.
is "$(sed -n '/^skipped/,$p' "$pb_out_file")" "skipped: none
off the schedule (1):
  $dir/runs.csv:5:1: run 's1-b2-20' is out of the planned order of schedule.csv" \
	"s1-b2-0, recorded late: no longer skipped; the order is broken"

## Every boot recorded --------------------------------------------------------
record s1-b2-100 s2-b1-100 s2-b1-0 s2-b1-20 s2-b2-0 s2-b2-20 s2-b2-100
cp "$dir/runs.csv" "$tap_tmp/runs-5.csv"
run_pb status "$dir" --write-runs
is "$(head -n 1 "$pb_out_file")" "$dir/runs.csv: 7 rows appended" \
	"all recorded: the other 7 rows appended"
ok "all recorded: the rows before them are kept" \
	cmp -n "$(wc -c <"$tap_tmp/runs-5.csv")" "$dir/runs.csv" \
	"$tap_tmp/runs-5.csv"
run_pb status "$dir"
is "$pb_status" 0 "all recorded: status exit 0"
is "$(sed -n '2p; /^next/p' "$pb_out_file")" "boots: 12 of 12 planned recorded (12 listed in runs.csv, 0 not yet), 0 skipped, 0 to record
next boots: none, no planned boot is left to record" \
	"all recorded: nothing left to record"
run_pb check "$dir"
is "$pb_status" 0 "all recorded: check passes on the runs.csv written"
ok "and check finds s1-b2-20 out of order, as status did" grep -qx \
	"  out of the planned order (1): s1-b2-20" "$pb_out_file"
run_pb status "$dir" --write-runs
is "$(head -n 1 "$pb_out_file")" \
	"$dir/runs.csv: no row to write: it lists every planned boot whose latency file is there" \
	"--write-runs again: nothing to add"

## Appending to a runs.csv of other columns and CRLF line ends -------------
# genstudy's runs.csv puts state before position and has a started column;
# rows added follow its header, in its line ends.
crlf=$tap_tmp/crlf
cp -R "$dir" "$crlf"
head -n 3 "$tap_tmp/filled.csv" | sed 's/$/\r/' >"$crlf/runs.csv"
cp "$crlf/runs.csv" "$tap_tmp/runs-crlf.csv"
run_pb status "$crlf" --write-runs
is "$(head -n 1 "$pb_out_file")" "$crlf/runs.csv: 10 rows appended" \
	"CRLF: the 10 boots not listed are appended"
ok "CRLF: the rows before them are kept" \
	cmp -n "$(wc -c <"$tap_tmp/runs-crlf.csv")" "$crlf/runs.csv" \
	"$tap_tmp/runs-crlf.csv"
is "$(sed -n 4p "$crlf/runs.csv" | od -An -c | tr -s ' ')" \
	"$(printf 's1-b1-0,1,1,0,yes,,latency/s1-b1-0.csv,,3,\r\n' | od -An -c | tr -s ' ')" \
	"CRLF: a row in the file's columns (state before position, started empty), ended by CRLF"
run_pb check "$crlf"
is "$pb_status" 0 "CRLF: check passes"

## A sequential study: where each comparison stands at its looks -----------
# States 20 (the reference) and 100, 2 series of 10 blocks, looks at 5 and
# 10 blocks; genstudy's state 100 lies 1 T above 20 and --shift 100=20
# adds 20 T: a harm of 21 T = 31.5 ms, against a boot-to-boot SD of T/2
# per run, which any interval at 5 pairs finds whatever its level.  With
# 4 blocks recorded no look is reached; with 5 the first is, and state 100
# stops there with harm in both series.  The level of look 1 of an
# O'Brien-Fleming design of 2 equal looks, from Jennison and Turnbull's
# table 2.3 (C_B(2, 0.05) = 1.977): the critical value at look 1 is
# 1.977 sqrt(2) = 2.796, so the level is 1 - 2 (1 - Phi(2.796)) = 0.99482,
# printed 99.48%.  The endpoints are the bootstrap's; only that both are
# above 0 is checked.
seq=$tap_tmp/seq
run_pb plan new "$seq" --title "Timer resolution" --build 22631 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference 20 --threshold 1.5 --seed 7 \
	--states '20;100' --series 2 --blocks 10 --looks '5;10'
is "$pb_status" 0 "plan new --looks 5;10: exit status 0"
"$genstudy" fill "$seq" --seed 5 --periods 10 --shift 100=20 2>/dev/null
mv "$seq/runs.csv" "$tap_tmp/seq-filled.csv"

# recorded_to B: runs.csv lists the boots of blocks 1 to B of both series,
# and only their latency files are there.
recorded_to() {
	awk -F, -v b="$1" 'NR == 1 || $3 <= b' "$tap_tmp/seq-filled.csv" \
		>"$seq/runs.csv"
	awk -F, -v b="$1" 'NR > 1 && $3 > b { print $6 }' "$seq/schedule.csv" |
		while IFS= read -r f; do rm -f "$seq/$f"; done
}

# Blocks 1 to 4 listed, every file there: 2 series x 6 blocks x 2 states
# = 24 boots not listed yet, of which a list names 20 and counts 4.
awk -F, 'NR == 1 || $3 <= 4' "$tap_tmp/seq-filled.csv" >"$seq/runs.csv"
run_pb status "$seq"
is "$(sed -n '/^recorded, not in runs.csv yet (24):$/,/^skipped/p' "$pb_out_file" |
	grep -c 'is there$')" 20 "a long list: 20 boots named"
ok "and the other 4 counted" grep -qx '  and 4 more' "$pb_out_file"

recorded_to 5
run_pb status "$seq"
is "$pb_status" 0 "looks, 5 blocks: exit status 0"
is "$(sed -n '/^looks:/,$p' "$pb_out_file" | grep -v '^    state')" \
"looks: at 5, 10 blocks per series (boundary obrien-fleming)
  series 1 (Series 1): 1 of 2 looks reached
    advice: stop booting: every comparison has stopped, is futile or has ended
  series 2 (Series 2): 1 of 2 looks reached
    advice: stop booting: every comparison has stopped, is futile or has ended" \
	"looks, 5 blocks: look 1 reached in both series, stop booting"
is "$(grep -cE '^    state 100: stop \(harm\) at look 1 \(5 blocks, 5 pairs\): \[\+[0-9.]+, \+[0-9.]+\] ms at 99\.48%$' "$pb_out_file")" 2 \
	"looks, 5 blocks: state 100 stops with harm, its interval at look 1's level"
recorded_to 4
run_pb status "$seq"
is "$pb_status" 0 "looks, 4 blocks: exit status 0"
is "$(sed -n '/^looks:/,$p' "$pb_out_file")" \
"looks: at 5, 10 blocks per series (boundary obrien-fleming)
  series 1 (Series 1): no look reached yet
    state 100: no look reached yet
    advice: record on to look 1 (5 blocks)
  series 2 (Series 2): no look reached yet
    state 100: no look reached yet
    advice: record on to look 1 (5 blocks)" "looks, 4 blocks: no look reached"

## A write error on standard output --------------------------------------
if [ -c /dev/full ] && [ -w /dev/full ]; then
	PB_STDOUT=/dev/full run_pb status "$dir"
	is "$pb_status" 74 "status with stdout on /dev/full: exit status 74"
else
	skip "status with stdout on /dev/full: exit status 74" "no /dev/full"
fi

## What cannot be read -----------------------------------------------------
run_pb status "$tap_tmp/no-such-study"
is "$pb_status" 66 "a folder that does not exist: exit status 66"
mkdir "$tap_tmp/empty"
run_pb status "$tap_tmp/empty"
is "$pb_status" 66 "a folder without study.ini: exit status 66"
cp -R "$dir" "$tap_tmp/bad"
sed -i 's/^threshold = .*/threshold = x/' "$tap_tmp/bad/study.ini"
run_pb status "$tap_tmp/bad"
is "$pb_status$pb_out" 65 "a bad study.ini: exit status 65, no report"

done_testing
