#!/bin/bash
# test_plan_fill.sh: a study planned with `pairboot plan new`, filled in
# with synthetic boots by `genstudy fill`, passes check and report.
#
# The plan: 4 states (0, 10, 20, 100; reference 20), 2 series of 8
# blocks.  For an even number of states one Williams square of 4 orders is
# a whole design, so 8 blocks are 2 whole designs.  What fill wrote is
# checked with awk against schedule.csv and the model of genstudy.c,
# apart from pairboot:
# - runs.csv holds every planned boot, in planned order, with its series,
#   block, position, state and latency path, accepted;
# - every latency CSV has the header period,latency_us and 12 periods;
# - each state takes each position 8 / 4 = 2 times per series, and each
#   ordered pair of states runs one right after the other 2 times per
#   series (once per square);
# - the model: T = threshold / scale = 1.5 / 0.001 = 1500 us, base =
#   (10 + 4 states) T = 21000 us, and the i-th state has the effect
#   (i - r) T with r = 2 (the place of 20): the mean per-period value of 0,
#   10, 20 and 100 is 18000, 19500, 21000 and 22500 us.  Each state has 16
#   boots of 12 periods: its mean's SD is sqrt(750^2 / 16 + 1500^2 / 192)
#   = sqrt(35156 + 11719) = 216.5 us, so every mean must lie within 750 us
#   (3.5 SD) of its planned value, and the mean difference of two states
#   listed one after the other within 2 x 750 us of T.
# The same seed gives the same bytes; another seed other values.
# --shift 100=2 adds 2 T = 3000 us to every period of state 100 and
# changes nothing else; --noise skewed draws from a centred chi-square
# (skewness about 2.8): the periods' deviations from their boot's mean
# are skewed to the right (a sample skewness above 1, against about 0
# for normal noise).
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

genstudy=$top_builddir/fixtures/genstudy
dir=$tap_tmp/planned

run_pb plan new "$dir" --title "Timer resolution" --build 22631 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference 20 --threshold 1.5 --seed 20261201 \
	--states '0;10;20;100' --series 2 --blocks 8
is "$pb_status" 0 "plan new: exit status 0"
digest=$(sed -n 's/^analysis plan digest \([0-9a-f]\{64\}\): publish it before the first boot$/\1/p' "$pb_out_file")
is "${#digest}" 64 "plan new prints the digest to publish"
ok "plan new: 8 blocks are 2 whole designs" \
	grep -q '; 8 blocks make 2 whole designs: ' "$pb_out_file"

## Filling in -------------------------------------------------------------
"$genstudy" fill "$dir" --seed 7 --periods 12 2>"$tap_tmp/fill.err"
is "$?" 0 "genstudy fill: exit status 0"
is "$(cat "$tap_tmp/fill.err")" "" "and says nothing"
is "$(head -n 1 "$dir/runs.csv")" \
	"run,series,block,state,accepted,note,latency,mechanism,position,started" \
	"runs.csv: its header"
is "$(awk -F, 'NR > 1 { print $1 "," $2 "," $3 "," $9 "," $4 "," $7 }' \
	"$dir/runs.csv")" "$(tail -n +2 "$dir/schedule.csv")" \
	"runs.csv: every planned boot in planned order, as planned"
is "$(awk -F, 'NR > 1 && ($5 != "yes" || $6 != "" || $8 != "") { bad++ }
	END { print NR - 1, bad + 0 }' "$dir/runs.csv")" "64 0" \
	"runs.csv: 64 accepted boots without note or mechanism log"

bad_files=0
for f in $(tail -n +2 "$dir/schedule.csv" | cut -d, -f6); do
	awk 'NR == 1 { if ($0 != "period,latency_us") bad = 1; next }
		$0 !~ /^[0-9]+,[0-9]+\.[0-9]$/ { bad = 1 }
		{ split($0, v, ","); if (v[1] != NR - 1) bad = 1 }
		END { exit bad || NR != 13 }' "$dir/$f" || bad_files=$((bad_files + 1))
done
is "$bad_files" 0 "every latency CSV: period 1..12 and one decimal"

is "$(awk -F, 'NR > 1 { n[$2 " " $9 " " $4]++ }
	END { for (k in n) if (n[k] != 2) bad++; print length(n), bad + 0 }' \
	"$dir/runs.csv")" "32 0" "each state takes each position twice in each series"
is "$(awk -F, 'NR > 1 { if ($2 == s && $3 == b) n[$2 " " p " " $4]++
		s = $2; b = $3; p = $4 }
	END { for (k in n) if (n[k] != 2) bad++; print length(n), bad + 0 }' \
	"$dir/runs.csv")" "24 0" \
	"each state follows each other state twice in each series"

# The mean per-period value of each state, over both series.
means=$(tail -n +2 "$dir/runs.csv" | while IFS=, read -r _ _ _ state _ _ lat _; do
	tail -n +2 "$dir/$lat" | sed "s/^[0-9]*,/$state /"
done | awk '{ s[$1] += $2; n[$1]++ }
	END { printf "%.1f %.1f %.1f %.1f\n", s["0"] / n["0"], s["10"] / n["10"],
		s["20"] / n["20"], s["100"] / n["100"] }')
diag "mean per-period value of 0, 10, 20, 100: $means"
ok "each state's mean lies within 750 us of base + (i - r) T" \
	awk -v m="$means" 'BEGIN { split(m, v, " ")
		for (i = 1; i <= 4; i++) {
			d = v[i] - (21000 + (i - 3) * 1500)
			if (d > 750 || d < -750) exit 1
		} }'
ok "each state lies about T above the one listed before it" \
	awk -v m="$means" 'BEGIN { split(m, v, " ")
		for (i = 2; i <= 4; i++) {
			d = v[i] - v[i - 1] - 1500
			if (d > 1500 || d < -1500) exit 1
		} }'

mkdir "$tap_tmp/again"
cp "$dir/study.ini" "$dir/schedule.csv" "$tap_tmp/again/"
"$genstudy" fill "$tap_tmp/again" --seed 7 --periods 12
ok "the same seed gives the same bytes" diff -r "$dir" "$tap_tmp/again"
"$genstudy" fill "$tap_tmp/again" --seed 8 --periods 12
first=$(sed -n 2p "$dir/schedule.csv" | cut -d, -f6)
ok "another seed gives other values" \
	sh -c "! cmp -s '$dir/$first' '$tap_tmp/again/$first'"
ok "and the same runs.csv" cmp -s "$dir/runs.csv" "$tap_tmp/again/runs.csv"

## A shift and skewed noise ------------------------------------------------
"$genstudy" fill "$tap_tmp/again" --seed 7 --periods 12 --shift 100=2
is "$?" 0 "--shift 100=2: exit status 0"
is "$(diff -rq "$dir" "$tap_tmp/again" | grep -cv -- '-100\.csv differ$')" 0 \
	"--shift 100=2: only state 100's files differ"
is "$(for f in "$dir"/latency/*-100.csv; do
	paste -d, "$f" "$tap_tmp/again/latency/${f##*/}"
done | awk -F, '$1 != "period" && $4 - $2 != 3000 { bad++ } END { print NR, bad + 0 }')" \
	"208 0" "--shift 100=2: each of their periods 3000 us higher"
# skew DIR: the sample skewness of every period's deviation from the mean
# of its boot.
skew() {
	for f in "$1"/latency/*.csv; do
		awk -F, 'NR > 1 { v[NR] = $2; s += $2 }
			END { for (i = 2; i <= NR; i++) print v[i] - s / (NR - 1) }' "$f"
	done | awk '{ d[NR] = $1 } END { for (i = 1; i <= NR; i++) {
		m2 += d[i] ^ 2; m3 += d[i] ^ 3 }
		printf "%.2f\n", (m3 / NR) / (m2 / NR) ^ 1.5 }'
}
"$genstudy" fill "$tap_tmp/again" --seed 7 --periods 12 --noise skewed
is "$?" 0 "--noise skewed: exit status 0"
ok "--noise skewed: the same runs.csv" \
	cmp -s "$dir/runs.csv" "$tap_tmp/again/runs.csv"
normal_skew=$(skew "$dir")
skewed_skew=$(skew "$tap_tmp/again")
diag "skewness of the periods within a boot: normal $normal_skew, skewed $skewed_skew"
ok "normal noise: a skewness near 0 ($normal_skew)" \
	awk -v s="$normal_skew" 'BEGIN { exit !(s > -0.5 && s < 0.5) }'
ok "--noise skewed: a skewness above 1 ($skewed_skew)" \
	awk -v s="$skewed_skew" 'BEGIN { exit !(s > 1) }'

## check and report -------------------------------------------------------
run_pb check "$dir"
is "$pb_status" 0 "check: exit status 0"
ok "check: every planned boot recorded as planned" \
	grep -qx "schedule: 64 planned boots, 64 recorded as planned" "$pb_out_file"
is "$(tail -n 1 "$pb_out_file")" "analysis plan digest $digest (registered)" \
	"check: the digest plan new printed, registered"
ok "check: series 2 holds 8 blocks of 32 accepted runs" grep -qx \
	"series 2 (latency, Series 2): 8 blocks, 32 runs: 32 accepted, 0 excluded" \
	"$pb_out_file"
run_pb report "$dir" -o "$tap_tmp/report"
is "$pb_status" 0 "report: exit status 0"
ok "report: the run order of each series is balanced" \
	test "$(grep -c '^- Run order of Series [12]: balanced;' "$tap_tmp/report/en.md")" = 2

## What fill refuses --------------------------------------------------------
bad=$tap_tmp/bad
mkdir -p "$bad"
cp "$dir/study.ini" "$bad/"
"$genstudy" fill "$bad" 2>"$tap_tmp/err"
is "$?" 66 "no schedule.csv: exit status 66"
ok "naming the file" grep -q "$bad/schedule.csv: " "$tap_tmp/err"
sed '3s#,latency/#,../#' "$dir/schedule.csv" >"$bad/schedule.csv"
"$genstudy" fill "$bad" 2>"$tap_tmp/err"
is "$?" 65 "a latency path leaving the folder: exit status 65"
is "$(cat "$tap_tmp/err")" \
	"genstudy: $bad/schedule.csv:3: path leaves the study folder" \
	"at its line"
ok "and nothing is written" test ! -e "$bad/runs.csv" -a ! -e "$bad/latency"
cut -d, -f1-5 "$dir/schedule.csv" >"$bad/schedule.csv"
"$genstudy" fill "$bad" 2>"$tap_tmp/err"
is "$?" 65 "a schedule without latency paths: exit status 65"
is "$(head -n 1 "$tap_tmp/err")" \
	"genstudy: $bad/schedule.csv:2: no latency path" "at the first boot"
"$genstudy" fill "$dir" --seed -1 2>"$tap_tmp/err"
is "$?" 64 "a bad seed: exit status 64"
is "$(cat "$tap_tmp/err")" "genstudy: --seed must be 0 to 4294967295" \
	"saying what it must be"
"$genstudy" fill "$dir" --shift 42=1 2>"$tap_tmp/err"
is "$?" 64 "--shift of a state the plan does not list: exit status 64"
is "$(cat "$tap_tmp/err")" "genstudy: --shift: the plan has no state '42'" \
	"naming it"
"$genstudy" fill "$dir" --noise lognormal 2>"$tap_tmp/err"
is "$?" 64 "an unknown --noise: exit status 64"
is "$(cat "$tap_tmp/err")" "genstudy: --noise must be normal or skewed" \
	"saying what it must be"

done_testing
