#!/bin/bash
# test_gate.sh: `pairboot compare OLD NEW --fail-on MODE` as a CI job meets
# it: a real regression fails, a real improvement passes `worse`, noisy or
# short studies are inconclusive (3, or 0 or 1 by --inconclusive), a state
# or series dropped from NEW fails by name, the same data twice is refused,
# and compare.json records the decision.  The statistics themselves
# (Welch, Holm, the null rejection share) are in tests/unit/test_gate.c.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# mkstudy DIR BUILD BLOCKS SD SEED E100 [SERIES] [STATES]: a study of
# latency series SERIES (default "1 2") of BLOCKS blocks, states STATES
# (default "10;20;100", reference 20).  Each run's statistic is the mean
# of a file of one period: 10 ms, plus E100 ms in state 100, plus normal
# noise of standard deviation SD drawn by awk from SEED.  Threshold
# 0.50 ms, lower is better.  Each boot's file names itself in a column
# pairboot ignores, so no two files have the same bytes.
mkstudy() {
	local dir=$1 build=$2 blocks=$3 sd=$4 seed=$5 e100=$6
	local series=${7:-1 2} states=${8:-10;20;100} s
	mkdir -p "$dir/lat"
	{
		printf '[study]\nformat = 2\ntitle = Gate\nbuild = %s\n' "$build"
		printf 'column = latency_ms\nscale = 1\nunit = ms\n'
		printf 'better = lower\nstatistic = mean\nreference = 20\n'
		printf 'threshold = 0.50\nconfidence = 0.95\nresamples = 2000\n'
		printf 'seed = 7\ninterval = percentile\nstates = %s\n' "$states"
		for s in $series; do
			printf '\n[series %s]\nkind = latency\nlabel = Series %s\n' \
				"$s" "$s"
		done
	} >"$dir/study.ini"
	awk -v dir="$dir" -v blocks="$blocks" -v sd="$sd" -v seed="$seed" \
		-v e100="$e100" -v series="$series" -v states="$states" '
	function gauss() {
		return sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand())
	}
	BEGIN {
		srand(seed)
		ns = split(series, ser, " ")
		nt = split(states, st, ";")
		print "run,series,block,state,accepted,note,latency" \
			> (dir "/runs.csv")
		for (i = 1; i <= ns; i++)
			for (b = 1; b <= blocks; b++)
				for (k = 1; k <= nt; k++) {
					x = 10 + sd * gauss()
					if (st[k] == 100)
						x += e100
					f = sprintf("lat/s%s-b%d-%s.csv", ser[i], b, st[k])
					printf "latency_ms,boot\n%.4f,%s\n", x, f \
						> (dir "/" f)
					close(dir "/" f)
					printf "s%s-b%d-%s,%s,%d,%s,yes,,%s\n", ser[i], b,
						st[k], ser[i], b, st[k], f >> (dir "/runs.csv")
				}
	}'
}

t=$tap_tmp
mkstudy "$t/old" 1 10 0.2 11 0
mkstudy "$t/regress" 2 10 0.2 12 1.5
mkstudy "$t/improve" 2 10 0.2 13 -1.5
mkstudy "$t/same" 2 10 0.2 14 0
mkstudy "$t/noisy-old" 1 6 1.0 15 0
mkstudy "$t/noisy" 2 6 1.0 16 0
mkstudy "$t/short" 2 3 0.2 17 1.5
mkstudy "$t/nostate" 2 10 0.2 18 0 "1 2" "10;20"
mkstudy "$t/noseries" 2 10 0.2 19 0 "1"
out=$t/out

## A real regression fails -------------------------------------------------
# State 100 reads 1.5 ms more on the new build, noise 0.2 ms per run: the
# intervals of its change, about 1.5 -/+ 0.27, lie far beyond T = 0.5.
for mode in worse worse-detected change; do
	run_pb -q compare "$t/old" "$t/regress" -o "$out/r" --fail-on "$mode"
	is "$pb_status" 1 "a regression of 3 T: --fail-on $mode fails (1)"
done
run_pb -q compare "$t/old" "$t/regress" -o "$out/r" --fail-on worse
is "$(sed 's/ (Holm.*//' "$pb_err_file")" \
	"pairboot: compare: --fail-on worse: fail: 2 of 6 intervals establish a worsening of at least 0.50 ms" \
	"it says how many of the 6 intervals (2 states and the baseline, 2 series) establish it"
ok "and names state 100 in both series" grep -qF \
	"(state 100 in series 1, state 100 in series 2)" "$pb_err_file"
json=$out/r/compare.json
is "$(jq -c '.gate | [.mode, .level, .adjustment, .interval, .family, .decision]' "$json")" \
	'["worse",0.05,"holm","welch",6,"fail"]' \
	"compare.json: the gate's mode, level, adjustment, interval, family and decision"
is "$(jq -c '[.gate.intervals[] | select(.established) | [.state, .old_series]]' "$json")" \
	'[["100","1"],["100","2"]]' "compare.json: the intervals that decided it"
ok "each with p below its adjusted p, both below the level" \
	jq -e '[.gate.intervals[] | select(.established)
		| .p <= .p_adjusted and .p_adjusted < 0.05 and .lo > 0.5]
		| length == 2 and all' "$json"
ok "every interval of the family has p, adjusted p, lo and hi" \
	jq -e '[.gate.intervals[] | .p != null and .p_adjusted != null
		and .lo < .hi] | length == 6 and all' "$json"

## A real improvement passes `worse`, fails `change` -----------------------
run_pb -q compare "$t/old" "$t/improve" -o "$out/i" --fail-on worse
is "$pb_status:$pb_err" "0:" "an improvement of 3 T: --fail-on worse passes (0), silently"
is "$(jq -r .gate.decision "$out/i/compare.json")" "pass" "compare.json: pass"
run_pb -q compare "$t/old" "$t/improve" -o "$out/i" --fail-on worse-detected
is "$pb_status" 0 "--fail-on worse-detected passes it too"
run_pb -q compare "$t/old" "$t/improve" -o "$out/i" --fail-on change
is "$pb_status" 1 "--fail-on change fails on it (a change of T either way)"

## No change, precise enough: pass -------------------------------------------
run_pb -q compare "$t/old" "$t/same" -o "$out/s" --fail-on change
is "$pb_status:$pb_err" "0:" "no change, intervals inside +-T: --fail-on change passes (0)"
run_pb -q compare "$t/old" "$t/same" -o "$out/s"
is "$(jq .gate "$out/s/compare.json")" "null" "without --fail-on compare.json's gate is null"

## Inconclusive ---------------------------------------------------------------
# 6 blocks with 1 ms of noise per run: the intervals of the change are
# about +-1.4 ms wide, so a worsening of 0.5 ms is neither shown nor ruled
# out.
run_pb -q compare "$t/noisy-old" "$t/noisy" -o "$out/n" --fail-on worse
is "$pb_status" 3 "noisy studies: --fail-on worse is inconclusive (3)"
ok "it says which intervals leave a worsening of T open" grep -qF \
	"pairboot: compare: --fail-on worse: inconclusive: " "$pb_err_file"
ok "and roughly how many blocks per series would decide it, and what that assumes" \
	grep -qE "about [0-9]+ blocks per series would decide it \(assuming both builds measured with that many" \
	"$pb_err_file"
ok "compare.json: inconclusive, with the blocks that would decide it" \
	jq -e '.gate.decision == "inconclusive" and .gate.blocks_needed > 6
		and ([.gate.intervals[] | select(.open)] | length > 0)' \
	"$out/n/compare.json"
run_pb -q compare "$t/noisy-old" "$t/noisy" -o "$out/n" --fail-on worse \
	--inconclusive pass
is "$pb_status" 0 "--inconclusive pass maps it to 0"
ok "and still says why" grep -qF "inconclusive: " "$pb_err_file"
run_pb -q compare "$t/noisy-old" "$t/noisy" -o "$out/n" --fail-on worse \
	--inconclusive fail
is "$pb_status" 1 "--inconclusive fail maps it to 1"
run_pb -q compare "$t/old" "$t/regress" -o "$out/r" --fail-on worse \
	--inconclusive pass
is "$pb_status" 1 "--inconclusive pass leaves a failure a failure"

## Too few pairs --------------------------------------------------------------
# 3 blocks showing +1.5 ms: fewer than the 5 pairs a claim needs, so the
# gate cannot judge them, whatever they show.
run_pb -q compare "$t/old" "$t/short" -o "$out/f" --fail-on worse
is "$pb_status" 3 "3 blocks in NEW: inconclusive (3), not a pass"
ok "it says too few pairs" grep -qF "with fewer than 5 pairs on a side" \
	"$pb_err_file"
ok "compare.json: the family is empty, every interval unjudged" \
	jq -e '.gate.family == 0 and ([.gate.intervals[] | .judged] | any | not)' \
	"$out/f/compare.json"

## No silent holes --------------------------------------------------------------
run_pb -q compare "$t/old" "$t/nostate" -o "$out/ds" --fail-on change
is "$pb_status" 1 "state 100 dropped from NEW: --fail-on change fails (1)"
is "$(tail -n 1 "$pb_err_file")" "pairboot: compare: --fail-on change: fail: state 100 is in OLD and missing from NEW" \
	"naming the state, after the warning that the plans' states differ"
run_pb -q compare "$t/old" "$t/nostate" -o "$out/ds" --fail-on worse
is "$pb_status" 1 "and so does --fail-on worse"
is "$(jq -c '.gate.states_dropped' "$out/ds/compare.json")" '["100"]' \
	"compare.json: states_dropped"
run_pb -q compare "$t/old" "$t/noseries" -o "$out/dr" --fail-on worse
is "$pb_status" 1 "series 2 dropped from NEW: --fail-on worse fails (1)"
ok "naming the series" grep -qF \
	"fail: series 2 is in OLD and missing from NEW" "$pb_err_file"
is "$(jq -c '.gate.series_dropped' "$out/dr/compare.json")" '["2"]' \
	"compare.json: series_dropped"

# State 100 in NEW's plan, but no boot of it in series 2.
cp -R "$t/same" "$t/noboots"
grep -v '^s2-b[0-9]*-100,' "$t/same/runs.csv" >"$t/noboots/runs.csv"
run_pb -q compare "$t/old" "$t/noboots" -o "$out/db" --fail-on worse
is "$pb_status" 1 "no boot of state 100 in series 2 of NEW: --fail-on worse fails (1)"
ok "naming the state and the series" grep -qF \
	"fail: NEW has no pairs where OLD has some (state 100 in series 2)" \
	"$pb_err_file"
ok "compare.json: that interval is dropped" \
	jq -e '[.gate.intervals[] | select(.dropped) | [.state, .old_series]]
		== [["100", "2"]]' "$out/db/compare.json"

## The same data twice ------------------------------------------------------
cp -R "$t/old" "$t/copy"
run_pb -q compare "$t/old" "$t/copy" -o "$out/c" --fail-on worse
is "$pb_status" 65 "the same data on both sides under --fail-on: refused (65)"
ok "saying both sides are the same data" grep -qF \
	"both sides are the same data" "$pb_err_file"
ok "and writing nothing" test ! -e "$out/c"
run_pb -q compare "$t/old" "$t/copy" -o "$out/c"
is "$pb_status" 0 "without --fail-on it is compared, with a warning"

## Plans that measure different things stay refused --------------------------
cp -R "$t/same" "$t/other-unit"
sed -i 's/^unit = ms$/unit = us/' "$t/other-unit/study.ini"
run_pb -q compare "$t/old" "$t/other-unit" -o "$out/u" --fail-on worse
is "$pb_status" 65 "another unit: refused (65) under --fail-on too"

done_testing
