#!/bin/bash
# test_plan_seq.sh: `pairboot plan STUDY --look-every K`, the plan of a
# sequential study: the maximum to register, the chance of a correct
# decision by then and the blocks expected, in every language, with
# what the design holds and what the pilot only estimates said under the
# table; plan.json's keys; the same bytes on any number of threads; the
# study's own looks and boundary as the defaults; every usage error.
#
# The study: 8 blocks judged with the Student t interval (no inner
# bootstrap, so fast), planned with a look every 6 blocks up to 60.  The
# German, Czech and Korean lines are written out by hand below.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$tap_tmp/tstudy
run_pb plan new "$study" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;10;20' --series 1 --blocks 8 \
	--interval t
"$top_builddir/fixtures/genstudy" fill "$study" >/dev/null

## English ----------------------------------------------------------------------
run_pb -j 1 plan "$study" --max-blocks 60 --look-every 6 -o "$tap_tmp/s1"
is "$pb_status" 0 "plan --look-every 6: exit 0"
cp "$pb_out_file" "$tap_tmp/en.txt"
is "$(sed -n 1,4p "$pb_out_file")" \
"plan for tstudy: the most blocks per series to register for a sequential study with a look every 6 blocks (O'Brien-Fleming), for a correct decisive verdict (harm, benefit or equivalent) by then with the chance given, at most 36 blocks
state  series  pairs now  verdict now            maximum for 0.80              maximum for 0.90              decision chance there  blocks expected there  likely verdict
0      1       8          benefit                12                            18                            0.897                  10.7                   benefit
10     1       8          difference, size open  not reachable with 36 blocks  not reachable with 36 blocks  0.510                  31.6                   -" \
	"en: the first line and the table: a maximum a multiple of 6, at most 36"
# The measured figures are those of docs/statistics.md for pilots of 10
# and the t interval (analyze/planvalid.c).
ok "en: the design holds a wrong verdict, said with what was measured" \
	grep -qxF "design: the chance of a wrong decisive verdict is held at 5% (1 - confidence) over all looks by the design itself, whatever the pilot says, as far as the interval covers at each look's level: with strongly skewed differences it was measured up to 0.17 (docs/statistics.md)" \
	"$pb_out_file"
ok "en: the decision chance and the blocks are estimates, with how often they held" \
	grep -qxF "estimates: the decision chance and the blocks expected rest on the pilot alone: from pilots of 10 blocks, maxima like these reached their target's true decision chance in 55% to 61% of simulated pilots, and the blocks expected were 0% off the true ones on average where a correct decision was possible, -26% where the effect lay at the threshold (docs/statistics.md)" \
	"$pb_out_file"
ok "en: a pilot smaller than those measured is told so" grep -qx \
	"this pilot has 8 pairs, fewer than the 10 measured: expect worse" \
	"$pb_out_file"
# Under O'Brien-Fleming the first of 7 looks would be judged at 1 - 5e-8,
# beyond the 1 - 1e-7 study.ini takes (sequential_check_plan): 6 looks
# of 6 blocks are the most.
ok "en: designs study.ini would refuse are not tried, and it says so" grep -qxF \
	"no larger maximum than 36 is tried: a design of more looks would judge its first look at a level too near 1 or with too few resamples, and study.ini refuses it (--boundary pocock spends the error more evenly)" \
	"$pb_out_file"
ok "en: the method names the maxima tried" grep -q \
	"^decision chance: the probability that the rule (stop at the first look whose verdict is harm, benefit or equivalent) reaches a correct decisive verdict by the maximum, .* each maximum from 6 to 36, a multiple of 6, is a design with levels of its own" \
	"$pb_out_file"
ok "en: and the interval" grep -qx \
	"method: judged with the plan's interval (t, computed from each simulated study alone, no inner resamples) and verdict rules (no claim below 5 pairs)" \
	"$pb_out_file"
ok "en: no fixed size nor assurance is claimed" sh -c \
	"! grep -q 'assurance there\|blocks for 0.80\|^caution:' '$pb_out_file'"

## plan.json ----------------------------------------------------------------------
json=$tap_tmp/s1/plan.json
keys() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
m = d["method"]["sequential"]
c = d["comparisons"][0]
t = c["targets"][0]
v = d["validation"]
print(d["schema_version"], m["look_every"], m["boundary"], m["largest_maximum"], m["longer_refused"])
print(" ".join(t.keys()))
print(t["decision_target"], t["max_blocks"], t["looks"], t["reason"], t["likely_verdict"])
print(" ".join(str(p["max_blocks"]) for p in c["curve"]))
print(all(0 <= p["decision_chance"] <= 1 and p["expected_blocks"] <= p["max_blocks"] for p in c["curve"]))
print(d["comparisons"][1]["targets"][0]["reason"], d["comparisons"][1]["targets"][0]["max_blocks"])
print(" ".join(v.keys()), v["pilot_blocks"], v["measured_pilot_blocks"], v["interval_measured"])' "$1"
}
is "$(keys "$json")" "3 6 obrien-fleming 36 True
decision_target max_blocks looks reason monotone first_reached decision_chance wrong_chance expected_blocks likely_verdict
0.8 12 2 found benefit
6 12 18 24 30 36
True
not-reachable None
pilot_blocks measured_pilot_blocks interval_measured size_reached maximum_reached blocks_expected_bias blocks_expected_bias_at_threshold wrong_at_most 8 10 True" \
	"plan.json: schema 3, the design, each target's keys, the curve of 6 maxima, the validation"
ok "plan.en.txt is the table printed" cmp -s "$tap_tmp/en.txt" "$tap_tmp/s1/plan.en.txt"
ok "the curves are drawn" grep -q '<svg' "$tap_tmp/s1/plan.en.svg"
ok "and in German words" sh -c \
	"! cmp -s '$tap_tmp/s1/plan.de.svg' '$tap_tmp/s1/plan.en.svg'"
run_pb -j 2 plan "$study" --max-blocks 60 --look-every 6 -o "$tap_tmp/s2"
ok "-j 2 prints the same table as -j 1" cmp -s "$tap_tmp/en.txt" "$pb_out_file"
ok "and writes the same bytes" diff -r "$tap_tmp/s1" "$tap_tmp/s2"

## German, Czech, Korean ------------------------------------------------------------
run_pb plan "$study" --max-blocks 60 --look-every 6 --lang de
is "$(sed -n 1,4p "$pb_out_file")" \
"Plan für tstudy: das Maximum an Blöcken je Serie, das für eine sequenzielle Studie mit einer Auswertung alle 6 Blöcke (O'Brien-Fleming) zu registrieren ist, damit sie bis dahin mit der angegebenen Chance ein richtiges, eindeutiges Urteil (Schaden, Nutzen oder Äquivalenz) erreicht, geprüft bis 36 Blöcke
Zustand  Serie  Paare jetzt  Urteil jetzt              Maximum für 0,80                 Maximum für 0,90                 Entscheidungschance dort  erwartete Blöcke dort  wahrscheinliches Urteil
0        1      8            Nutzen                    12                               18                               0,897                     10,7                   Nutzen
10       1      8            Unterschied, Größe offen  mit 36 Blöcken nicht erreichbar  mit 36 Blöcken nicht erreichbar  0,510                     31,6                   -" \
	"de: the first line and the table, with decimal commas"
ok "de: the design's line" grep -q \
	"^Design: Das Design selbst begrenzt die Wahrscheinlichkeit eines falschen, eindeutigen Urteils über alle Auswertungen auf 5${nb}% (1 - Konfidenzniveau)" \
	"$pb_out_file"
ok "de: the estimates' line" grep -qxF \
	"Schätzungen: Entscheidungschance und erwartete Blöcke beruhen allein auf der Pilotstudie: Bei Pilotstudien mit 10 Blöcken erreichten solche Maxima die wahre Entscheidungschance ihres Ziels in 55${nb}% bis 61${nb}% der simulierten Pilotstudien, und die erwarteten Blöcke wichen im Mittel um 0${nb}% von den wahren ab, wo eine richtige Entscheidung möglich war, und um -26${nb}%, wo der Effekt an der Schwelle lag (docs/statistics.md)" \
	"$pb_out_file"

run_pb plan "$study" --max-blocks 60 --look-every 6 --lang cs
is "$(sed -n 1,4p "$pb_out_file")" \
"plán pro tstudy: nejvyšší počet bloků na sérii, který má sekvenční design s analýzou každých 6 bloků (O'Brien-Fleming) zaregistrovat, aby do té doby s danou šancí dosáhl správného jednoznačného verdiktu (škoda, prospěch nebo ekvivalence), nejvýše 36 bloků
stav  série  páry nyní  verdikt nyní               maximum pro 0,80                  maximum pro 0,90                  šance na rozhodnutí při něm  očekávané bloky při něm  pravděpodobný verdikt
0     1      8          prospěch                   12                                18                                0,897                        10,7                     prospěch
10    1      8          rozdíl, velikost neurčena  nedosažitelné ani při 36 blocích  nedosažitelné ani při 36 blocích  0,510                        31,6                     -" \
	"cs: the first line and the table"
ok "cs: the estimates' line" grep -qxF \
	"odhady: šance na rozhodnutí a očekávané bloky vycházejí jen z pilotní studie: při pilotních studiích o 10 blocích dosáhla skutečná šance na rozhodnutí u takových maxim svého cíle v 55${nb}% až 61${nb}% simulovaných pilotních studií a očekávané bloky se od skutečných lišily v průměru o 0${nb}% tam, kde bylo správné rozhodnutí možné, a o -26${nb}% tam, kde efekt ležel na prahu (docs/statistics.md)" \
	"$pb_out_file"
ok "cs: a pilot smaller than those measured" grep -qx \
	"tato pilotní studie má méně párů (8) než měřené pilotní studie (10): očekávejte horší výsledek" \
	"$pb_out_file"

run_pb plan "$study" --max-blocks 60 --look-every 6 --lang ko
is "$(sed -n 1,4p "$pb_out_file")" \
"tstudy 계획: 6블록마다 분석하는 순차 설계(O'Brien-Fleming)가 주어진 확률로 그때까지 올바른 확정적 판정(악화, 개선 또는 동등)에 이르도록 등록할 시리즈당 최대 블록 수, 최대 36블록
상태  시리즈  현재 쌍  현재 판정             0.80에 필요한 최대 블록  0.90에 필요한 최대 블록  그 최대에서의 결정 확률  그 최대에서의 예상 블록 수  예상 판정
0     1       8        개선                  12                       18                       0.897                    10.7                        개선
10    1       8        차이 있음, 크기 미정  36블록으로 도달 불가     36블록으로 도달 불가     0.510                    31.6                        -" \
	"ko: the first line and the table, columns as wide as a terminal shows them"
ok "ko: the design's line" grep -qxF \
	"설계: 잘못된 확정적 판정의 확률은 파일럿 연구와 상관없이 설계 자체가 모든 분석 시점에 걸쳐 5%(1 - 신뢰수준)로 묶어 둡니다. 단, 구간이 각 분석 시점의 수준만큼 참값을 포함하는 한에서이며, 강하게 치우친 차이에서는 최대 0.17까지 측정되었습니다(docs/statistics.md)" \
	"$pb_out_file"

## The study's own looks ------------------------------------------------------------
# A sequential pilot (looks 5;10, Pocock) is planned with its own looks
# unless told otherwise.
seq=$tap_tmp/sstudy
run_pb -q plan new "$seq" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;10;20' --series 1 --blocks 10 \
	--interval t --look-every 5 --boundary pocock
"$top_builddir/fixtures/genstudy" fill "$seq" >/dev/null
run_pb plan "$seq" --max-blocks 60
ok "a sequential pilot: its first look and its boundary by default" grep -q \
	"^plan for sstudy: the most blocks per series to register for a sequential study with a look every 5 blocks (Pocock)," \
	"$pb_out_file"
run_pb plan "$seq" --max-blocks 60 --boundary bonferroni --look-every 10
ok "--look-every and --boundary override them" grep -q \
	"with a look every 10 blocks (Bonferroni), .* at most 60 blocks$" \
	"$pb_out_file"
run_pb plan "$seq" --max-blocks 300
ok "at most 20 looks: a look every 5 reaches 100 blocks" grep -q \
	"look every 5 blocks (Pocock), .* at most 100 blocks$" "$pb_out_file"
ok "and none is refused under Pocock" sh -c \
	"! grep -q '^no larger maximum' '$pb_out_file'"

## A study judged with the percentile interval --------------------------------
# Looks refuse the percentile interval: the plan of a sequential study
# from such a pilot judges its looks with t, as plan new --looks does.
pct=$tap_tmp/pstudy
run_pb -q plan new "$pct" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;20' --series 1 --blocks 8 \
	--interval percentile
"$top_builddir/fixtures/genstudy" fill "$pct" >/dev/null
run_pb plan "$pct" --max-blocks 40 --look-every 10 --boundary pocock -o "$tap_tmp/p1"
ok "a percentile pilot: its looks are judged with t, and it says why" grep -qxF \
	"judged with the t interval: a sequential study's looks need the t or studentized interval, not percentile" \
	"$pb_out_file"
ok "and plan.json names the interval used" grep -q '"interval": "t"' \
	"$tap_tmp/p1/plan.json"
run_pb plan "$study" --max-blocks 30
ok "a pilot without looks, and no --look-every: fixed sizes" grep -q \
	"^plan for tstudy: blocks per series for a correct decisive verdict" \
	"$pb_out_file"

## The bootstrap-t: two looks of O'Brien-Fleming at most --------------------
# The bootstrap-t of 10000 resamples needs 1 - level of 0.002 at each look;
# the first of 3 O'Brien-Fleming looks has 0.00052 (test_seqplan): designs
# of more than 2 looks of 10 blocks are refused, and so not tried.
boot=$tap_tmp/bstudy
run_pb -q plan new "$boot" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;20' --series 1 --blocks 8 \
	--interval studentized
"$top_builddir/fixtures/genstudy" fill "$boot" >/dev/null
run_pb plan "$boot" --max-blocks 60 --look-every 10
ok "a bootstrap-t pilot: its looks are judged with it, at most 20 blocks" grep -q \
	"look every 10 blocks (O'Brien-Fleming), .* at most 20 blocks$" \
	"$pb_out_file"
ok "and it says why no more" grep -qx \
	"no larger maximum than 20 is tried: .*" "$pb_out_file"
ok "its caution is the bootstrap-t's" grep -q \
	"^estimates: .* from pilots of 10 blocks, maxima like these reached their target's true decision chance in 0% to 0% of simulated pilots, and the blocks expected were -5% off the true ones on average (docs/statistics.md)$" \
	"$pb_out_file"

## Usage errors -------------------------------------------------------------------
hint="Try 'pairboot --help' for more information."
bad() {
	local name=$1 want=$2
	shift 2
	run_pb plan "$@"
	is "$pb_status $pb_err" "64 $want
$hint
" "$name"
}
bad "--look-every 4" \
	"pairboot: plan: --look-every must be at least 5, the fewest pairs a verdict is claimed from" \
	"$study" --look-every 4
bad "--look-every x" \
	"pairboot: plan: --look-every must be a whole number from 1 to 10000 ('x')" \
	"$study" --look-every x
bad "a look beyond --max-blocks" \
	"pairboot: plan: a look every 70 blocks is beyond --max-blocks 60" \
	"$study" --look-every 70 --max-blocks 60
bad "--boundary without looks" \
	"pairboot: plan: --boundary needs looks: give --look-every K" \
	"$study" --boundary pocock
exact=$tap_tmp/exact
run_pb -q plan new "$exact" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;20' --series 1 --blocks 8 \
	--interval t --resamples exact
"$top_builddir/fixtures/genstudy" fill "$exact" >/dev/null
bad "no design study.ini would take: exact resamples, a first look at 15" \
	"pairboot: plan: no design with a look every 15 blocks under obrien-fleming passes study.ini's checks of looks with the t interval and this plan's resamples (a look's level too near 1, too few resamples for the bootstrap-t, or exact resamples past 12 blocks)" \
	"$exact" --look-every 15 --max-blocks 40
bad "an unknown --boundary" \
	"pairboot: plan: --boundary must be obrien-fleming, pocock or bonferroni ('haybittle')" \
	"$study" --look-every 6 --boundary haybittle

done_testing
