#!/bin/bash
# test_plan_lang.sh: `pairboot plan STUDY` in each language.
#
# A small study judged with the Student t interval (fast: no inner
# resamples), planned up to 30 blocks: standard output shows the first
# language of --lang (English without it); -o DIR writes plan.json once
# and each language's table and curves as plan.LANG.txt, .svg and .png.
# Lines of the German and Korean tables are written out by hand below,
# with the German decimal comma, and `decimal = point` keeps the point.
# An unknown language is a usage error naming it.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# German and Czech write a percentage with a NO-BREAK SPACE, "50 %".
nb=$(printf '\302\240')

study=$tap_tmp/tstudy
run_pb plan new "$study" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;10;20' --series 1 --blocks 8 \
	--interval t
"$top_builddir/fixtures/genstudy" fill "$study" >/dev/null

## Standard output: one language ---------------------------------------------
run_pb plan "$study" --max-blocks 30
is "$pb_status" 0 "plan: exit 0"
cp "$pb_out_file" "$tap_tmp/en.txt"
ok "without --lang the table is English" grep -q \
	"^plan for tstudy: blocks per series for a correct decisive verdict (harm, benefit or equivalent) with the assurance given, at most 30 blocks$" \
	"$pb_out_file"
ok "and its numbers have a point" grep -q \
	"^0      1       8          benefit                8                             11                            0.802            0.998                            benefit$" \
	"$pb_out_file"
ok "and a verdict is in words, not its code" grep -q \
	"^10     1       8          difference, size open  not reachable with 30 blocks" \
	"$pb_out_file"

run_pb plan "$study" --max-blocks 30 --lang de
is "$pb_status" 0 "plan --lang de: exit 0"
cp "$pb_out_file" "$tap_tmp/de.txt"
is "$(sed -n 1p "$pb_out_file")" \
	"Plan für tstudy: Blöcke je Serie für ein richtiges, eindeutiges Urteil (Schaden, Nutzen oder Äquivalenz) mit der angegebenen Erfolgswahrscheinlichkeit, höchstens 30 Blöcke" \
	"de: the first line"
is "$(sed -n 2,4p "$pb_out_file")" \
"Zustand  Serie  Paare jetzt  Urteil jetzt              Blöcke für 0,80                  Blöcke für 0,90                  Erfolgswahrscheinlichkeit dort  Power, wäre die Schätzung wahr  wahrscheinliches Urteil
0        1      8            Nutzen                    8                                11                               0,802                           0,998                           Nutzen
10       1      8            Unterschied, Größe offen  mit 30 Blöcken nicht erreichbar  mit 30 Blöcken nicht erreichbar  0,495                           0,297                           -" \
	"de: the table, with decimal commas"
# The caution under the table: the shares bench/planbench measured for
# pilots of 10 and the t interval (docs/statistics.md), in each language.
is "$(grep "^Vorsicht:" "$pb_out_file")" \
	"Vorsicht: Eine allein aus einer Pilotstudie geplante Blockzahl ist kein Versprechen, denn keine Pilotstudie kann begrenzen, was sie nicht erfasst hat: Bei Pilotstudien mit 10 Blöcken erreichten solche Blockzahlen die wahre Power ihres Ziels in 50${nb}% bis 74${nb}% der simulierten Pilotstudien (normale, schiefe und langschwänzige Differenzen, docs/statistics.md); ein sequenzielles Design (--look-every K) begrenzt die Wahrscheinlichkeit eines falschen Urteils von sich aus" \
	"de: the caution under the table"
is "$(grep "^Methode:" "$pb_out_file")" \
	"Methode: beurteilt mit dem Intervall des Plans (t, aus jeder simulierten Studie allein berechnet, ohne innere Bootstrap-Stichproben) und seinen Urteilsregeln (keine Aussage unter 5 Paaren)" \
	"de: the method line"

run_pb plan "$study" --max-blocks 30 --lang ko
is "$pb_status" 0 "plan --lang ko: exit 0"
cp "$pb_out_file" "$tap_tmp/ko.txt"
is "$(sed -n 1,4p "$pb_out_file")" \
"tstudy 계획: 주어진 보증 확률로 올바른 확정적 판정(악화, 개선 또는 동등)을 얻는 데 필요한 시리즈당 블록 수, 최대 30블록
상태  시리즈  현재 쌍  현재 판정             0.80에 필요한 블록    0.90에 필요한 블록    그 크기에서의 보증 확률  추정치가 참일 때의 검정력  예상 판정
0     1       8        개선                  8                     11                    0.802                    0.998                      개선
10    1       8        차이 있음, 크기 미정  30블록으로 도달 불가  30블록으로 도달 불가  0.495                    0.297                      -" \
	"ko: the first line and the table, columns as wide as a terminal shows them"
is "$(grep "^주의:" "$pb_out_file")" \
	"주의: 파일럿 연구만으로 계획한 블록 수는 약속이 아닙니다. 어떤 파일럿 연구도 표본에 없던 부분을 한정할 수 없기 때문입니다. 10블록 파일럿 연구에서 이런 블록 수가 목표의 실제 검정력에 이른 것은 시뮬레이션한 파일럿 연구의 50%~74%였습니다(정규, 치우친, 꼬리가 두꺼운 차이, docs/statistics.md). 순차 설계(--look-every K)는 잘못된 판정의 확률을 설계 자체로 묶어 둡니다" \
	"ko: the caution under the table"
is "$(grep "^방법:" "$pb_out_file")" \
	"방법: 계획의 구간(t, 시뮬레이션한 각 연구만으로 계산, 내부 재표본 없음)과 판정 규칙(5쌍 미만이면 결론 없음)으로 판단" \
	"ko: the method line"

run_pb plan "$study" --max-blocks 30 --lang cs
ok "cs: the first line" grep -qx \
	"plán pro tstudy: bloky na sérii pro správný jednoznačný verdikt (škoda, prospěch nebo ekvivalence) s danou jistotou, nejvýše 30 bloků" \
	"$pb_out_file"
ok "cs: the caution under the table" grep -qxF \
	"pozor: velikost naplánovaná jen z pilotní studie není příslib, protože žádná pilotní studie nemůže omezit, co nezachytila: při pilotních studiích o 10 blocích dosáhla skutečná síla testu u takových velikostí svého cíle v 50${nb}% až 74${nb}% simulovaných pilotních studií (normální, zešikmené a těžkochvosté rozdíly, docs/statistics.md); sekvenční design (--look-every K) omezuje pravděpodobnost chybného verdiktu sám" \
	"$pb_out_file"
ok "cs: the rule on pairs" grep -q \
	"(závěr vyžaduje alespoň 5 párů)$" "$pb_out_file"
cp "$pb_out_file" "$tap_tmp/cs.txt"

run_pb plan "$study" --max-blocks 30 --lang ko,de
ok "a list prints its first language" cmp -s "$pb_out_file" "$tap_tmp/ko.txt"

## decimal = point -------------------------------------------------------------
cp -r "$study" "$tap_tmp/point"
sed -i 's/^\(threshold = .*\)$/\1\ndecimal = point/' "$tap_tmp/point/study.ini"
run_pb plan "$tap_tmp/point" --max-blocks 30 --lang de
ok "de with decimal = point: the numbers keep the point" grep -q \
	"^0        1      8            Nutzen                    8                                11                               0.802                           0.998                           Nutzen$" \
	"$pb_out_file"
ok "and no decimal comma is left" sh -c "! grep -q '[0-9],[0-9]' '$pb_out_file'"

## -o DIR: every language, or those asked -------------------------------------
run_pb plan "$study" --max-blocks 30 -o "$tap_tmp/all"
is "$pb_status" 0 "plan -o: exit 0"
is "$(cd "$tap_tmp/all" && ls | tr '\n' ' ')" \
	"plan.cs.png plan.cs.svg plan.cs.txt plan.de.png plan.de.svg plan.de.txt plan.en.png plan.en.svg plan.en.txt plan.json plan.ko.png plan.ko.svg plan.ko.txt " \
	"-o writes plan.json and each language's table and curves"
ok "it prints the English table" cmp -s "$pb_out_file" "$tap_tmp/en.txt"
for l in en de cs ko; do
	ok "plan.$l.txt is the table --lang $l prints" \
		cmp -s "$tap_tmp/all/plan.$l.txt" "$tap_tmp/$l.txt"
done
ok "the German figure is drawn in its own words" \
	sh -c "! cmp -s '$tap_tmp/all/plan.de.svg' '$tap_tmp/all/plan.en.svg'"
ok "the Korean figure differs from the English one" \
	sh -c "! cmp -s '$tap_tmp/all/plan.ko.png' '$tap_tmp/all/plan.en.png'"
run_pb plan "$study" --max-blocks 30 -o "$tap_tmp/again"
ok "a second run writes the same bytes" diff -r "$tap_tmp/all" "$tap_tmp/again"
run_pb plan "$study" --max-blocks 30 --lang de,ko -o "$tap_tmp/two"
is "$(cd "$tap_tmp/two" && ls | tr '\n' ' ')" \
	"plan.de.png plan.de.svg plan.de.txt plan.json plan.ko.png plan.ko.svg plan.ko.txt " \
	"--lang de,ko -o: those two languages and plan.json"
ok "plan.json is the same whatever the languages" \
	cmp -s "$tap_tmp/two/plan.json" "$tap_tmp/all/plan.json"

## Bad --lang -------------------------------------------------------------------
hint="Try 'pairboot --help' for more information."
run_pb plan "$study" --lang fr
is "$pb_status $pb_err" "64 pairboot: plan: unknown language 'fr' in --lang (known: en, de, cs, ko)
$hint
" "an unknown language: 64, naming it"
run_pb plan "$study" --lang de,,ko
is "$pb_status" 64 "an empty name in the list: 64"
run_pb plan "$study" --lang de,de
is "$pb_status $pb_err" "64 pairboot: plan: language 'de' given twice in --lang
$hint
" "a language given twice: 64"

done_testing
