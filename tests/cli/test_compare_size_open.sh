#!/bin/bash
# test_compare_size_open.sh: `pairboot compare OLD NEW` on a change whose
# interval excludes 0 in every series but reaches the practical threshold
# without lying wholly beyond it: a change is found, of open size.  The
# words of the page (en, de, and the verdict in cs and ko), the code on
# standard output and in compare.json, the better side, the rule across
# series, the --fail-on gate, and the page's sentence on multiplicity.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# mkstudy DIR BUILD S1 S2: a study of two latency series with 5 blocks;
# in every block the reference state 20 reads 10.0 ms and state 10 reads
# the next value of S1 (series 1) or S2 (series 2), lists of 5 values
# separated by spaces.  Statistic: the mean of a file of one period, so
# each run's statistic is the value written.  Threshold 1.0 ms, lower is
# better, 10000 resamples.
mkstudy() {
	local dir=$1 build=$2 s1=$3 s2=$4 s values b v st x f
	mkdir -p "$dir/lat"
	cat >"$dir/study.ini" <<EOF
[study]
format = 2
title = Size-open comparison
build = $build
column = latency_ms
scale = 1
unit = ms
better = lower
statistic = mean
reference = 20
threshold = 1.0
confidence = 0.95
resamples = 10000
seed = 7
interval = percentile
states = 10;20

[series 1]
kind = latency
label = Series 1

[series 2]
kind = latency
label = Series 2
EOF
	printf 'run,series,block,state,accepted,note,latency\n' >"$dir/runs.csv"
	for s in 1 2; do
		if [ "$s" = 1 ]; then values=$s1; else values=$s2; fi
		b=1
		for v in $values; do
			for st in 20 10; do
				x=10.0
				[ "$st" = 10 ] && x=$v
				f=lat/s$s-b$b-$st.csv
				# The boot column, which pairboot ignores,
				# keeps each boot's file its own.
				printf 'latency_ms,boot\n%s,%s\n' "$x" "$f" \
					>"$dir/$f"
				printf 's%s-b%s-%s,%s,%s,%s,yes,,%s\n' "$s" "$b" \
					"$st" "$s" "$b" "$st" "$f" >>"$dir/runs.csv"
			done
			b=$((b + 1))
		done
	done
}

# The intervals, worked by hand.  The old build's effect of 10 is 0 in
# every block, so each of its resamples has mean 0.  On the worse build
# the paired differences are 0.5, 0.5, 0.5, 0.5, 1.5 (mean +0.7): a
# resample's mean is 0.5 + K/5, K ~ Binomial(5, 1/5) the draws of 1.5.
# P(K = 0) = 0.328, P(K >= 3) = 0.058, P(K >= 4) = 0.007, so among 10000
# resamples the type 7 quantiles at 2.5% and 97.5% (ranks 249.975 and
# 9749.025, give or take the Monte Carlo range of 2.576 sqrt(B q (1-q)) =
# 40 ranks) both fall in K = 0 and K = 3 by a margin of well over 4
# standard deviations: the interval is [+0.5; +0.5 + 3/5] = [+0.5; +1.1].
# It excludes 0 and holds T = 1.0: changed, size open, worse since lower
# is better.  The better build mirrors it: differences -0.5 (4 times) and
# -1.5, mean -0.7, interval [-1.1; -0.5].  The reference reads 10.0 ms in
# every run of both builds, so the baseline is `0.0 ms` `[0.0; 0.0]`,
# unchanged within the threshold.
old=$tap_tmp/old
worse=$tap_tmp/worse
better=$tap_tmp/better
mkstudy "$old" 1 "10.0 10.0 10.0 10.0 10.0" "10.0 10.0 10.0 10.0 10.0"
mkstudy "$worse" 2 "10.5 10.5 10.5 10.5 11.5" "10.5 10.5 10.5 10.5 11.5"
mkstudy "$better" 2 "9.5 9.5 9.5 9.5 8.5" "9.5 9.5 9.5 9.5 8.5"
out=$tap_tmp/out

## Worse, of open size --------------------------------------------------
run_pb compare "$old" "$worse" -o "$out/w"
is "$pb_status" 0 "compare exits 0"
is "$pb_out" "baseline: unchanged-within-threshold
effects changed-size-open, worse (lower is better): 10
comparison written to $out/w/
" "stdout: the change of open size, worse, and which side is better"
is "$pb_err" "" "nothing on stderr"
cell='`+0.7 ms` `[+0.5; +1.1]`'
is "$(grep '^| `10` |' "$out/w/compare.en.md")" \
	"| \`10\` | $cell (old: \`0.0\` / new: \`+0.7\`) | $cell (old: \`0.0\` / new: \`+0.7\`) | higher than in the old build, which is worse here; whether the change reaches the practical threshold is not established | no spread between blocks, so no claim | higher \`mean\` than at the reference, which is worse here; whether the difference reaches the practical threshold is not established |" \
	"English: higher than in the old build, worse, size open: the words of the new build's own page for its difference from the reference"
# German writes the decimal comma, and a NO-BREAK SPACE before the unit.
nb=$(printf '\302\240')
cell_de="\`+0,7${nb}ms\` \`[+0,5; +1,1]\`"
is "$(grep '^| `10` |' "$out/w/compare.de.md")" \
	"| \`10\` | $cell_de (alt: \`0,0\` / neu: \`+0,7\`) | $cell_de (alt: \`0,0\` / neu: \`+0,7\`) | höher als im alten Build, hier also schlechter; ob die Veränderung die praktisch bedeutsame Schwelle erreicht, ist nicht belegt | keine Streuung zwischen den Blöcken, daher keine Aussage | höherer \`mean\`-Wert als beim Referenzzustand, hier also schlechter; ob die Differenz die praktisch bedeutsame Schwelle erreicht, ist nicht belegt |" \
	"German: höher als im alten Build, hier also schlechter"
ok "Czech: vyšší než ve starém buildu, což je zde horší" grep -qF \
	'| vyšší než ve starém buildu, což je zde horší; zda změna dosahuje prakticky významného prahu, není prokázáno | ' "$out/w/compare.cs.md"
ok "Korean: 기존 빌드보다 높음, 즉 여기서는 더 나쁨" grep -qF \
	'| 기존 빌드보다 높음, 즉 여기서는 더 나쁨; 변화가 실질적으로 유의미한 임계값에 도달하는지는 확인되지 않음 |' "$out/w/compare.ko.md"
for l in en de cs ko; do
	ok "$l: no state is said to have no established change" \
		test "$(grep -c '^| `10` .*\(no change established\|keine Veränderung festgestellt\|změna neprokázána\|변화가 확인되지 않음\) |' "$out/w/compare.$l.md")" = 0
done
ok "the threshold bullet says what a change of open size is" grep -qxF -e \
	"- Practical threshold: 1.0 ms, from the old build's plan.  A change is established when its whole interval lies beyond the threshold, and a change as large as the threshold is ruled out (unchanged within the threshold) when the interval lies wholly inside it.  An interval that excludes zero and reaches the threshold without lying wholly beyond it shows a change whose size is open; otherwise no change is established." \
	"$out/w/compare.en.md"

json=$out/w/compare.json
is "$(grep -c '^  "schema_version": 3,$' "$json")" 1 "compare.json: schema version 3"
is "$(grep -c '"verdict": "changed-size-open"' "$json")" 3 \
	"compare.json: changed-size-open across series and in each series"
is "$(grep -c '"assessment": "worse"' "$json")" 3 "assessed worse, all three"
is "$(grep -c '"direction": "higher"' "$json")" 2 "each interval lies higher"
is "$(grep -c '"verdict": "no-change-established"' "$json")" 0 \
	"and nothing is no-change-established"
is "$(sed -n '/"effects_changed"/,/^  },$/p' "$json" | tr -d ' \n')" \
	'"effects_changed":[],"effects_better":[],"effects_worse":[],"effects_size_open":["10"],"effects_size_open_better":[],"effects_size_open_worse":["10"]},' \
	"the summary lists 10 as changed worse, of open size, and as no plain change"

## The gate ---------------------------------------------------------------
# The gate judges Welch intervals (analyze/gate.h): on the worse build the
# differences 0.5 (4 times) and 1.5 have mean 0.7 and variance 0.2, the old
# ones are all 0, so se = sqrt(0.2 / 5) = 0.2 with 4 degrees of freedom and
# the 95% interval is 0.7 -/+ 2.776 x 0.2 = [+0.145; +1.255].  It reaches T
# = 1.0: a worsening of T is neither established nor ruled out.  Against
# 0, p = 2 P(T_4 > 3.5) = 0.025, which Holm over the 4 intervals (2 effects,
# 2 baselines) multiplies by 4: not established at 5% either.  Blocks that
# would decide it: 5 (0.555 / 0.3)^2 = 17.1, so 18.
run_pb -q compare "$old" "$worse" -o "$out/gw" --fail-on worse
is "$pb_status" 3 "--fail-on worse: a change for the worse of open size is inconclusive (3)"
is "$pb_err" "pairboot: compare: --fail-on worse: inconclusive: 2 of 4 intervals cannot rule out a worsening of 1.0 ms (state 10 in series 1, state 10 in series 2); about 18 blocks per series would decide it (assuming both builds measured with that many, the spread per block as measured, the change at its estimate, and no adjustment for the other intervals)
" "and says which intervals leave a worsening of T open, and how many blocks would decide it"
run_pb -q compare "$old" "$worse" -o "$out/gw" --fail-on worse-detected
is "$pb_status" 3 "--fail-on worse-detected: 2 p of 0.025 do not survive Holm over 4 (3)"
run_pb -q compare "$old" "$worse" -o "$out/gw" --fail-on change
is "$pb_status" 3 "--fail-on change: inconclusive too (3)"
is "$pb_err" "pairboot: compare: --fail-on change: inconclusive: 2 of 4 intervals cannot rule out a change of 1.0 ms either way (state 10 in series 1, state 10 in series 2); about 18 blocks per series would decide it (assuming both builds measured with that many, the spread per block as measured, the change at its estimate, and no adjustment for the other intervals)
" "and says a change of T either way is open"

## Better, of open size ---------------------------------------------------
run_pb compare "$old" "$better" -o "$out/b"
is "$pb_out" "baseline: unchanged-within-threshold
effects changed-size-open, better (lower is better): 10
comparison written to $out/b/
" "stdout: the change of open size, better"
cell='`-0.7 ms` `[-1.1; -0.5]`'
is "$(grep '^| `10` |' "$out/b/compare.en.md")" \
	"| \`10\` | $cell (old: \`0.0\` / new: \`-0.7\`) | $cell (old: \`0.0\` / new: \`-0.7\`) | lower than in the old build, which is better here; whether the change reaches the practical threshold is not established | no spread between blocks, so no claim | lower \`mean\` than at the reference, which is better here; whether the difference reaches the practical threshold is not established |" \
	"English: lower than in the old build, better, size open"
cell_de="\`-0,7${nb}ms\` \`[-1,1; -0,5]\`"
is "$(grep '^| `10` |' "$out/b/compare.de.md")" \
	"| \`10\` | $cell_de (alt: \`0,0\` / neu: \`-0,7\`) | $cell_de (alt: \`0,0\` / neu: \`-0,7\`) | niedriger als im alten Build, hier also besser; ob die Veränderung die praktisch bedeutsame Schwelle erreicht, ist nicht belegt | keine Streuung zwischen den Blöcken, daher keine Aussage | niedrigerer \`mean\`-Wert als beim Referenzzustand, hier also besser; ob die Differenz die praktisch bedeutsame Schwelle erreicht, ist nicht belegt |" \
	"German: niedriger als im alten Build, hier also besser"
ok "Czech: nižší než ve starém buildu, což je zde lepší" grep -qF \
	'| nižší než ve starém buildu, což je zde lepší; zda změna dosahuje prakticky významného prahu, není prokázáno | ' "$out/b/compare.cs.md"
ok "Korean: 기존 빌드보다 낮음, 즉 여기서는 더 좋음" grep -qF \
	'| 기존 빌드보다 낮음, 즉 여기서는 더 좋음; 변화가 실질적으로 유의미한 임계값에 도달하는지는 확인되지 않음 |' "$out/b/compare.ko.md"
json=$out/b/compare.json
is "$(grep -c '"verdict": "changed-size-open"' "$json"):$(grep -c '"assessment": "better"' "$json"):$(grep -c '"direction": "lower"' "$json")" \
	"3:3:2" "compare.json: changed-size-open and better in all three, lower in each series"
is "$(sed -n '/"effects_size_open"/,/^  },$/p' "$json" | tr -d ' \n')" \
	'"effects_size_open":["10"],"effects_size_open_better":["10"],"effects_size_open_worse":[]},' \
	"the summary lists 10 as changed better, of open size"
# Mirrored, [-1.255; -0.145] lies wholly below T: a worsening of T is
# ruled out.
run_pb -q compare "$old" "$better" -o "$out/gb" --fail-on worse
is "$pb_status:$pb_err" "0:" "--fail-on worse: a change for the better of open size passes (0)"
run_pb -q compare "$old" "$better" -o "$out/gb" --fail-on worse-detected
is "$pb_status:$pb_err" "0:" "--fail-on worse-detected: so does it (0)"
run_pb -q compare "$old" "$better" -o "$out/gb" --fail-on change
is "$pb_status" 3 "--fail-on change: a change of T for the better is not ruled out (3)"

## Higher is better: the same interval is better -------------------------
for d in old worse; do
	cp -R "$tap_tmp/$d" "$tap_tmp/high-$d"
	sed -i 's/^better = lower$/better = higher/' "$tap_tmp/high-$d/study.ini"
done
run_pb compare "$tap_tmp/high-old" "$tap_tmp/high-worse" -o "$out/h"
is "$(grep '^effects' "$pb_out_file")" \
	"effects changed-size-open, better (higher is better): 10" \
	"higher is better: +0.7 [+0.5; +1.1] is a change for the better"
ok "English: higher than in the old build, which is better here" grep -qF \
	'| higher than in the old build, which is better here; whether the change reaches the practical threshold is not established |' "$out/h/compare.en.md"
ok "German: höher als im alten Build, hier also besser" grep -qF \
	'| höher als im alten Build, hier also besser; ob die Veränderung die praktisch bedeutsame Schwelle erreicht, ist nicht belegt |' "$out/h/compare.de.md"
run_pb -q compare "$tap_tmp/high-old" "$tap_tmp/high-worse" -o "$out/h" \
	--fail-on worse
is "$pb_status" 0 "--fail-on worse passes it"

## Across series: open size in one, beyond T in the other ----------------
# Series 2 of this build reads 1.0 ms more in state 10 (differences 1.5
# four times and 2.5, so [+1.5; +2.1] as above): wholly beyond T, changed.
# Series 1 is of open size; together the change is found, its size open.
mixed=$tap_tmp/mixed
mkstudy "$mixed" 2 "10.5 10.5 10.5 10.5 11.5" "11.5 11.5 11.5 11.5 12.5"
run_pb compare "$old" "$mixed" -o "$out/m"
is "$(grep '^effects' "$pb_out_file")" \
	"effects changed-size-open, worse (lower is better): 10" \
	"open size in series 1, changed in 2: across, changed of open size"
ok "the page gives series 2 its interval beyond T" grep -qF \
	'| `+1.7 ms` `[+1.5; +2.1]` (old: `0.0` / new: `+1.7`) | higher than in the old build, which is worse here; whether the change reaches the practical threshold is not established |' \
	"$out/m/compare.en.md"
is "$(grep -c '"verdict": "changed"' "$out/m/compare.json"):$(grep -c '"verdict": "changed-size-open"' "$out/m/compare.json")" \
	"1:2" "compare.json: series 2 changed, series 1 and the state of open size"
# Series 2's Welch interval is 1.7 -/+ 0.555 = [+1.145; +2.255]: beyond T
# at 95%, but p = 2 P(T_4 > 3.5) = 0.025 is 0.1 after Holm over 4; against
# 0, 2 P(T_4 > 8.5) = 0.0021, 0.0084 after Holm: a worsening is
# established, one of T is not.
run_pb -q compare "$old" "$mixed" -o "$out/m" --fail-on worse
is "$pb_status" 3 "--fail-on worse: a worsening of T beyond T at 95% alone, not after Holm: inconclusive (3)"
run_pb -q compare "$old" "$mixed" -o "$out/m" --fail-on worse-detected
is "$pb_status:$pb_err" "1:pairboot: compare: --fail-on worse-detected: fail: 1 of 4 intervals establish a worsening (Holm, family-wise rate 5%) (state 10 in series 2)
" "--fail-on worse-detected: series 2 establishes a worsening, after Holm (1)"

## Opposite directions: no change established -----------------------------
opposite=$tap_tmp/opposite
mkstudy "$opposite" 2 "10.5 10.5 10.5 10.5 11.5" "9.5 9.5 9.5 9.5 8.5"
run_pb compare "$old" "$opposite" -o "$out/o"
is "$(grep '^effects' "$pb_out_file")" "effects no-change-established: 10" \
	"worse in series 1, better in series 2: no change established"
run_pb -q compare "$old" "$opposite" -o "$out/o" --fail-on worse
is "$pb_status" 3 "--fail-on worse judges each series: the one that got worse leaves a worsening of T open (3)"

## The sentence on multiplicity --------------------------------------------
# Judged: the effect of 10 and the baseline, in each of the two series.
ok "English: full confidence, no adjustment, 4 intervals" grep -qxF -e \
	"- Each state and the baseline is judged at the full confidence level of 95%, with no adjustment for the number of comparisons; 4 intervals were judged, so the chance that at least one of them shows a change by chance alone is larger than for any single interval." \
	"$out/w/compare.en.md"
ok "German: the same" grep -qxF -e \
	"- Jeder Zustand und der Ausgangswert werden auf dem vollen Konfidenzniveau von 95${nb}% beurteilt, ohne Korrektur für multiples Testen; beurteilt wurden 4 Intervalle, sodass unter ihnen eine allein durch Zufall gefundene Veränderung wahrscheinlicher ist als in einem einzelnen." \
	"$out/w/compare.de.md"
ok "Czech: 4 intervals, the plural of 2 to 4" grep -qF \
	"bez korekce na počet srovnání; posouzeny byly 4 intervaly," \
	"$out/w/compare.cs.md"
ok "Korean: 4 intervals" grep -qF "판정한 구간은 4개입니다" \
	"$out/w/compare.ko.md"
# Three states (10, 30, 40) against 20 in two series: 6 effects and 2
# baselines, at confidence 0.9.
three=$tap_tmp/three
mkstudy "$three" 1 "10.0 10.0 10.0 10.0 10.0" "10.0 10.0 10.0 10.0 10.0"
sed -i 's/^states = 10;20$/states = 10;20;30;40/; s/^confidence = 0.95$/confidence = 0.9/' \
	"$three/study.ini"
awk -F, 'NR > 1 && $4 == "10" {
	for (st = 30; st <= 40; st += 10) {
		f = $7; sub(/-10\.csv$/, "-" st ".csv", f)
		printf "s%s-b%s-%s,%s,%s,%s,yes,,%s\n", $2, $3, st, $2, $3, st, f
	}
}' "$three/runs.csv" >"$tap_tmp/more.csv"
cat "$tap_tmp/more.csv" >>"$three/runs.csv"
for f in "$three"/lat/*-10.csv; do
	sed 's/-10\.csv$/-30.csv/' "$f" >"${f%-10.csv}-30.csv"
	sed 's/-10\.csv$/-40.csv/' "$f" >"${f%-10.csv}-40.csv"
done
run_pb -q compare "$three" "$three" -o "$out/3"
is "$pb_status" 0 "three states against the reference compare"
ok "English: 8 intervals at 90%" grep -qF \
	"judged at the full confidence level of 90%, with no adjustment for the number of comparisons; 8 intervals were judged," \
	"$out/3/compare.en.md"
ok "German: 8 intervals at 90${nb}%" grep -qF \
	"auf dem vollen Konfidenzniveau von 90${nb}% beurteilt, ohne Korrektur für multiples Testen; beurteilt wurden 8 Intervalle," \
	"$out/3/compare.de.md"

done_testing
