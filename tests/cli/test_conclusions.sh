#!/bin/bash
# test_conclusions.sh: what the page's conclusions and the sentences around
# them claim, in English and German: only what the study recorded, and the
# direction of what it found.  The studies are made here, one value a run,
# with the Student t interval, so every number below is worked by hand:
# the mean of the paired differences d, plus or minus t(0.975, n - 1) times
# sd(d) / sqrt(n), with t(0.975, 4) = 2.776.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# make_study DIR STATES SERIES [BLOCK...]: a study in DIR whose states are
# STATES ("20;10;30", the reference first) in SERIES latency series ("1" or
# "1 2"); each BLOCK is "SERIES:V1,V2,..." with one value (ms) per state,
# in the order of STATES, and is one block of that series run in that
# order.  Each run's latency file holds its value twice, so its mean is
# the value.
make_study() {
	local dir=$1 states=$2 series=$3 blk s vals v st i=0 b p
	shift 3
	mkdir -p "$dir/lat"
	cat >"$dir/study.ini" <<INI
[study]
format = 2
title = Conclusions test
build = 1
column = latency_ms
scale = 1
unit = ms
better = lower
statistic = mean
reference = ${states%%;*}
threshold = 0.70
confidence = 0.95
resamples = 1000
seed = 7
interval = t
states = $states
INI
	for s in $series; do
		printf '\n[series %s]\nkind = latency\nlabel = Series %s\nlabel[de] = Serie %s\n' \
			"$s" "$s" "$s" >>"$dir/study.ini"
	done
	echo "run,series,block,position,state,accepted,note,latency,mechanism,started" \
		>"$dir/runs.csv"
	for blk in "$@"; do
		s=${blk%%:*}
		vals=${blk#*:}
		b=$(( $(grep -c "^r[0-9]*,$s," "$dir/runs.csv") / $(echo "$states" | tr ';' '\n' | wc -l) + 1 ))
		p=0
		IFS=';' read -ra sts <<<"$states"
		IFS=',' read -ra vs <<<"$vals"
		for st in "${sts[@]}"; do
			v=${vs[$p]}
			p=$((p + 1))
			i=$((i + 1))
			# The boot column, which pairboot ignores, keeps
			# two boots of one value two different files.
			printf 'period,latency_ms,boot\n1,%s,%s\n2,%s,%s\n' \
				"$v" "$i" "$v" "$i" >"$dir/lat/r$i.csv"
			# Positions rotate from block to block, so that no
			# state runs first clearly more often.
			echo "r$i,$s,$b,$(( (p + b - 2) % ${#sts[@]} + 1 )),$st,yes,,lat/r$i.csv,," \
				>>"$dir/runs.csv"
		done
	done
}

# report DIR OUT: the Markdown and JSON of DIR's report, in en and de.
report() {
	run_pb --quiet report "$1" -o "$2" --format md,json --lang en,de
	is "$pb_status" 0 "$(basename "$1") is reported"
}

# has FILE TEXT: FILE holds a line with the fixed string TEXT.
has() {
	grep -qF -- "$2" "$1"
}

## 1. The threshold is "set in advance" only when a registered digest
## says so -------------------------------------------------------------
# Directional study: state 10 is 0.60 to 0.75 ms above the reference, 30
# is 0.10 to 0.70 ms below it.
dir=$tap_tmp/dir
make_study "$dir" "20;10;30" 1 \
	1:10.00,10.60,9.90 1:10.00,10.70,9.30 1:10.00,10.65,9.60 \
	1:10.00,10.75,9.80 1:10.00,10.65,9.40
report "$dir" "$tap_tmp/dir-r"
ok "en: an unregistered threshold is declared in study.ini, not set in advance" \
	has "$tap_tmp/dir-r/en.md" \
	"- Practical threshold: 0.70 ms, declared in study.ini; lower values are better."
ok "de: in study.ini angegeben" has "$tap_tmp/dir-r/de.md" \
	"- Praktisch bedeutsame Schwelle: 0,70${nb}ms, in study.ini angegeben; niedrigere Werte sind besser."
ok "en: no page of an unregistered plan says set in advance" \
	sh -c "! grep -q 'set in advance' '$tap_tmp/dir-r/en.md'"
# The digest of the plan, as results.json gives it, registered.
digest=$(sed -n 's/^    "digest": "\([0-9a-f]\{64\}\)",$/\1/p' "$tap_tmp/dir-r/results.json")
is "${#digest}" 64 "results.json gives the plan digest"
cp -R "$dir" "$tap_tmp/reg"
sed -i "/^\[study\]\$/a registered = $digest" "$tap_tmp/reg/study.ini"
report "$tap_tmp/reg" "$tap_tmp/reg-r"
ok "en: a registered threshold is set in advance" has "$tap_tmp/reg-r/en.md" \
	"- Practical threshold: 0.70 ms, set in advance; lower values are better."
ok "de: im Voraus festgelegt" has "$tap_tmp/reg-r/de.md" \
	"- Praktisch bedeutsame Schwelle: 0,70${nb}ms, im Voraus festgelegt; niedrigere Werte sind besser."
for l in en de; do
	run_pb verify "$dir" --against "$tap_tmp/dir-r/$l.md"
	thr='Practical threshold:'
	[ "$l" = de ] && thr='Praktisch bedeutsame Schwelle:'
	is "$pb_status" 0 "$l: verify passes the page"
	ok "$l: with the declared threshold's line as pairboot writes it" \
		page_line_matched "$tap_tmp/dir-r/$l.md" "$thr"
done

## 2. Where the boots left schedule.csv, the page and results.json say so
# The plan had r2 at state 30 and r3 at 10; runs.csv records the
# opposite, as check lists it.
cp -R "$dir" "$tap_tmp/sched"
cut -d, -f1-5 "$dir/runs.csv" >"$tap_tmp/sched/schedule.csv"
report "$tap_tmp/sched" "$tap_tmp/sched-same"
ok "en: a schedule followed is said to be followed" \
	has "$tap_tmp/sched-same/en.md" \
	"- Schedule (schedule.csv): planned boots: 15, all recorded as planned."
sed -i 's/^r2,1,1,2,10$/r2,1,1,2,30/; s/^r3,1,1,3,30$/r3,1,1,3,10/' \
	"$tap_tmp/sched/schedule.csv"
run_pb check "$tap_tmp/sched"
ok "check lists the two runs" has "$pb_out_file" \
	"  in a series, block, position or state other than planned (2): r2, r3"
report "$tap_tmp/sched" "$tap_tmp/sched-r"
design_of() {
	sed -n "/^## $2\$/,/^## /p" "$1" | grep '^- '
}
is "$(design_of "$tap_tmp/sched-r/en.md" "Design checks")" \
"- Schedule (schedule.csv): planned boots: 15; recorded as planned: 13.
- Recorded in a series, block, position or state other than planned (2): r2, r3.
- Run order of Series 1: balanced; no state ran first or last clearly more often than the others." \
	"en: Design checks name the runs recorded otherwise than planned"
is "$(design_of "$tap_tmp/sched-r/de.md" "Prüfungen des Versuchsplans" | head -2)" \
"- Zeitplan (schedule.csv): geplante Starts: 15; wie geplant aufgezeichnet: 13.
- In einer anderen Serie, einem anderen Block, einer anderen Position oder einem anderen Zustand als geplant aufgezeichnet (2): r2, r3." \
	"de: the same"
is "$(sed -n '/^    "schedule": {$/,/^    }$/p' "$tap_tmp/sched-r/results.json" | tr -d ' \n')" \
	'"schedule":{"planned":15,"as_planned":13,"missing":[],"not_planned":[],"differs":["r2","r3"],"out_of_order":[]}' \
	"results.json lists them under design.schedule"
ok "a study without schedule.csv has design.schedule null" \
	grep -q '^    "schedule": null$' "$tap_tmp/dir-r/results.json"

## 3. The page says that nothing is adjusted for multiplicity -----------
# powerplan: 2 states against the reference in each of 2 series (4
# comparisons), their 2 differences between the series, and 1 spread test
# of series 2 against series 1.
run_pb --quiet report "$top_srcdir/fixtures/powerplan" -o "$tap_tmp/pp" \
	--format md,json --lang en,de
ok "en: the number judged, each at the full level, no adjustment" \
	has "$tap_tmp/pp/en.md" \
	"- Multiplicity: 7 intervals and tests are judged on this page (comparisons with the reference: 4, effect differences across series: 2, spread tests: 1), each at the full 95% level; no adjustment is made for their number, so the more there are, the likelier it is that one of them errs by chance."
ok "de: the same" has "$tap_tmp/pp/de.md" \
	"- Multiplizität: Auf dieser Seite werden 7 Intervalle und Tests beurteilt (Vergleiche mit dem Referenzzustand: 4, Effektdifferenzen zwischen Serien: 2, Streuungstests: 1), jeweils auf dem vollen Konfidenzniveau von 95${nb}%; für ihre Anzahl wird nicht korrigiert, und je mehr es sind, desto wahrscheinlicher irrt eines davon zufällig."
# One series: the 2 comparisons are all there is.
ok "en: one series, two comparisons" has "$tap_tmp/dir-r/en.md" \
	"- Multiplicity: 2 intervals and tests are judged on this page (comparisons with the reference: 2, effect differences across series: 0, spread tests: 0), each at the full 95% level;"

## 4. A difference detected says which way it goes ----------------------
# 10: d = 0.60, 0.70, 0.65, 0.75, 0.65, mean +0.67, sd 0.0570, half-width
# 2.776 * 0.0570 / sqrt(5) = 0.071: [+0.60; +0.74], past 0, across T.
# 30: d = -0.10, -0.70, -0.40, -0.20, -0.60, mean -0.40, sd 0.255,
# half-width 0.317: [-0.72; -0.08], below 0, across -T.
cmp_rows() {
	grep '^| `[13]0` | `[+-]' "$1"
}
is "$(cmp_rows "$tap_tmp/dir-r/en.md")" \
'| `10` | `+0.67 ms` `[+0.60; +0.74]` | higher `mean` than at the reference, which is worse here; whether the difference reaches the practical threshold is not established |
| `30` | `-0.40 ms` `[-0.72; -0.08]` | lower `mean` than at the reference, which is better here; whether the difference reaches the practical threshold is not established |' \
	"en: worse and better are told apart (lower is better)"
is "$(cmp_rows "$tap_tmp/dir-r/de.md")" \
"| \`10\` | \`+0,67${nb}ms\` \`[+0,60; +0,74]\` | höherer \`mean\`-Wert als beim Referenzzustand, hier also schlechter; ob die Differenz die praktisch bedeutsame Schwelle erreicht, ist nicht belegt |
| \`30\` | \`-0,40${nb}ms\` \`[-0,72; -0,08]\` | niedrigerer \`mean\`-Wert als beim Referenzzustand, hier also besser; ob die Differenz die praktisch bedeutsame Schwelle erreicht, ist nicht belegt |" \
	"de: the same"
# The levels, by hand: 20 is 10.00 in every block (SD 0); 10 has the
# values 10.60, 10.70, 10.65, 10.75, 10.65, mean 53.35 / 5 = 10.67, squared
# deviations 0.0049 + 0.0009 + 0.0004 + 0.0064 + 0.0004 = 0.013, SD
# sqrt(0.013 / 4) = 0.057; 30 has 9.90, 9.30, 9.60, 9.80, 9.40, mean 9.60,
# squares 0.09 + 0.09 + 0 + 0.04 + 0.04 = 0.26, SD sqrt(0.065) = 0.2550.
is "$(sed -n '/^## Level of each state$/,/^## /p' "$tap_tmp/dir-r/en.md" | grep '^| `')" \
'| `20` (reference) | `10.00 ms` (SD 0.00, n = 5) |
| `10` | `10.67 ms` (SD 0.06, n = 5) |
| `30` | `9.60 ms` (SD 0.25, n = 5) |' \
	"en: each state's level, mean and SD as worked by hand"
cp -R "$dir" "$tap_tmp/higher"
sed -i 's/^better = lower$/better = higher/' "$tap_tmp/higher/study.ini"
report "$tap_tmp/higher" "$tap_tmp/higher-r"
is "$(cmp_rows "$tap_tmp/higher-r/en.md" | cut -d'|' -f4)" \
" higher \`mean\` than at the reference, which is better here; whether the difference reaches the practical threshold is not established 
 lower \`mean\` than at the reference, which is worse here; whether the difference reaches the practical threshold is not established " \
	"en: higher is better turns them round"
for l in en de; do
	run_pb verify "$dir" --against "$tap_tmp/dir-r/$l.md"
	is "$pb_status" 0 "$l: verify passes the page with both directions"
	ok "$l: the row of 10 matches" \
		page_line_matched "$tap_tmp/dir-r/$l.md" '| `10` |'
	ok "$l: the row of 30 matches" \
		page_line_matched "$tap_tmp/dir-r/$l.md" '| `30` |'
done

## 5. Estimates of opposite signs that no interval supports -------------
# Two series, one state.  Series 1: d = -0.60, +0.60, -0.60, +0.60, +0.05,
# mean +0.01, sd 0.6004, half-width 2.776 * 0.6004 / sqrt(5) = 0.7455:
# [-0.7355; +0.7555].  Series 2 is its mirror: -0.01 [-0.7555; +0.7355].
# Each interval holds 0 and reaches past T = 0.70: indeterminate twice.
two=$tap_tmp/two
make_study "$two" "20;10" "1 2" \
	1:10.00,9.40 1:10.20,10.80 1:9.90,9.30 1:10.10,10.70 1:10.30,10.35 \
	2:10.00,10.60 2:10.20,9.60 2:9.90,10.50 2:10.10,9.50 2:10.30,10.25
report "$two" "$tap_tmp/two-r"
is "$(grep '^| `10` | `[+-]' "$tap_tmp/two-r/en.md")" \
	'| `10` | `+0.01 ms` `[-0.74; +0.76]` | `-0.01 ms` `[-0.76; +0.74]` | advantage not established; equivalence not proven |' \
	"en: indeterminate, not a difference in direction"
is "$(grep '^| `10` | `[+-]' "$tap_tmp/two-r/de.md" | cut -d'|' -f5)" \
	' Vorteil nicht festgestellt; Äquivalenz nicht bewiesen ' "de: the same"
ok "results.json: indeterminate across the series" \
	grep -qx '      "verdict": "indeterminate",' "$tap_tmp/two-r/results.json"
ok "results.json: the former code is gone" \
	sh -c "! grep -q 'direction-differs' '$tap_tmp/two-r/results.json'"
is "$(design_of "$tap_tmp/two-r/en.md" "Comparison notes")" \
	'- `10`: the estimates of the series differ in sign, but each interval holds 0, so the sign of neither effect is established.' \
	"en: a note that the signs are not established"
is "$(design_of "$tap_tmp/two-r/de.md" "Anmerkungen zu den Vergleichen")" \
	'- `10`: Die Schätzwerte der Serien haben unterschiedliche Vorzeichen, aber jedes Intervall enthält die Null; das Vorzeichen ist daher für keinen der Effekte belegt.' \
	"de: the same"
ok "en: the series are not said to reach different conclusions" \
	sh -c "! grep -q 'same conclusion' '$tap_tmp/two-r/en.md'"

## 6. Verdicts that differ while the effects do not differ clearly -------
# Series 1: d = 0.60, 0.70, 0.65, 0.75, 0.65: +0.67 [+0.60; +0.74], a
# difference detected.  Series 2: d = 0.00, 1.00, 0.20, 0.90, 0.40, mean
# +0.50, sd 0.4359, half-width 0.541: [-0.04; +1.04], indeterminate.  The
# effects are 0.17 apart, well inside the spread of series 2.
dis=$tap_tmp/dis
make_study "$dis" "20;10" "1 2" \
	1:10.00,10.60 1:10.20,10.90 1:9.90,10.55 1:10.10,10.85 1:10.30,10.95 \
	2:10.00,10.00 2:10.20,11.20 2:9.90,10.10 2:10.10,11.00 2:10.30,10.70
report "$dis" "$tap_tmp/dis-r"
is "$(grep '^| `10` | `[+-]' "$tap_tmp/dis-r/en.md" | cut -d'|' -f3-)" \
	' `+0.67 ms` `[+0.60; +0.74]` | `+0.50 ms` `[-0.04; +1.04]` | the series'"'"' verdicts differ; no pooled conclusion: Series 1 (higher `mean` than at the reference, which is worse here; whether the difference reaches the practical threshold is not established); Series 2 (advantage not established; equivalence not proven) |' \
	"en: the headline says that the series' verdicts differ"
is "$(design_of "$tap_tmp/dis-r/en.md" "Series heterogeneity" | grep '^- `10`\|verdicts')" \
"- \`10\`: the series' verdicts differ, but a difference of their effects is not established (its interval holds 0).
- The series' verdicts differ on some state, so the series are reported separately and never pooled." \
	"en: the heterogeneity section speaks of verdicts and effects apart"
is "$(design_of "$tap_tmp/dis-r/de.md" "Heterogenität der Serien" | grep '^- `10`\|Urteile')" \
"- \`10\`: Die Urteile der Serien unterscheiden sich, eine Differenz ihrer Effekte ist aber nicht festgestellt (ihr Intervall enthält die Null).
- Die Urteile der Serien unterscheiden sich für mindestens einen Zustand, daher werden die Serien getrennt dargestellt und nie zusammengefasst." \
	"de: the same"
ok "en: 'series disagree' is said nowhere" \
	sh -c "! grep -q 'series disagree' '$tap_tmp/dis-r/en.md'"
for l in en de; do
	run_pb verify "$dis" --against "$tap_tmp/dis-r/$l.md"
	is "$pb_status" 0 "$l: verify passes the page whose series disagree"
	ok "$l: its row of 10 matches" \
		page_line_matched "$tap_tmp/dis-r/$l.md" '| `10` |'
done

## 7. The spread test at the study's level, and what it can find --------
# Reference runs: series 1 10.0 .. 10.4 by 0.1, series 2 9.6, 9.8, 10.2,
# 10.6, 10.8.  Deviations from the medians (10.2): 0.2, 0.1, 0, 0.1, 0.2
# (mean 0.12) and 0.6, 0.4, 0, 0.4, 0.6 (mean 0.40); between 0.196,
# within 0.028 + 0.240 = 0.268, F = 8 * 0.196 / 0.268 = 5.851 on (1, 8)
# degrees of freedom, p = 0.042 (t = 2.419 on 8 df, two-sided): below
# 0.05, above 0.01.  The SDs are sqrt(0.025) = 0.158 and sqrt(0.26) = 0.510,
# a ratio of 3.22.
spr=$tap_tmp/spr
make_study "$spr" "20;10" "1 2" \
	1:10.0,10.5 1:10.1,10.7 1:10.2,10.6 1:10.3,10.85 1:10.4,10.85 \
	2:9.6,10.1 2:9.8,10.4 2:10.2,10.6 2:10.6,11.15 2:10.8,11.25
report "$spr" "$tap_tmp/spr95"
spread_lines() {
	grep -- '^- Series 2 against Series 1\|^- Serie 2 gegenüber Serie 1' "$1"
}
is "$(spread_lines "$tap_tmp/spr95/en.md")" \
"- Series 2 against Series 1: SD ratio 3.22, Brown-Forsythe test p = 0.042; the spread differs clearly.
- Series 2 against Series 1: with 5 + 5 runs at p < 0.05, the spread test detects an SD twice as large about 3% of the time (normal runs, simulated; docs/statistics.md), so finding no difference does not rule one out." \
	"en, confidence 95%: p = 0.042 differs clearly; 5 + 5 runs find an SD twice as large 3.0% of the time"
sed -i 's/^confidence = 0.95$/confidence = 0.99/' "$spr/study.ini"
report "$spr" "$tap_tmp/spr99"
is "$(spread_lines "$tap_tmp/spr99/en.md")" \
"- Series 2 against Series 1: SD ratio 3.22, Brown-Forsythe test p = 0.042; no clear difference in spread.
- Series 2 against Series 1: with 5 + 5 runs at p < 0.01, the spread test detects an SD twice as large about 0% of the time (normal runs, simulated; docs/statistics.md), so finding no difference does not rule one out." \
	"en, confidence 99%: the same p is no clear difference at the level 0.01"
is "$(spread_lines "$tap_tmp/spr99/de.md")" \
"- Serie 2 gegenüber Serie 1: SD-Verhältnis 3,22, Brown-Forsythe-Test p = 0,042; kein deutlicher Unterschied in der Streuung.
- Serie 2 gegenüber Serie 1: Bei 5 + 5 Durchläufen und p < 0,01 erkennt der Streuungstest eine doppelt so große SD in ungefähr 0${nb}% der Fälle (normalverteilte Durchläufe, simuliert; docs/statistics.md); findet er keinen Unterschied, ist ein solcher damit nicht ausgeschlossen." \
	"de: the same"
is "$(sed -n '/^    "spread_tests": \[$/,/^    \],$/p' "$tap_tmp/spr99/results.json" | grep -E '"(differs|finding)"' | tr -d ' ')" \
	'"differs":false,
"finding":"no-clear-difference"' "results.json: the spread test no longer differs at 99%"
# The example study: 10 + 10 reference runs at 95%, the table's row
# 10 + 10 and column p < 0.05: 0.310.
run_pb --quiet report "$top_srcdir/fixtures/mmcss-26200.9168" -o "$tap_tmp/mm" \
	--format md,json --lang en
ok "en: at 10 + 10 runs an SD twice as large is found about 31% of the time" \
	has "$tap_tmp/mm/en.md" \
	"- Series 2 against Series 1: with 10 + 10 runs at p < 0.05, the spread test detects an SD twice as large about 31% of the time (normal runs, simulated; docs/statistics.md), so finding no difference does not rule one out."

done_testing
