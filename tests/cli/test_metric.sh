#!/bin/bash
# test_metric.sh: the pages say what was measured.  With study.ini's
# `metric`, the comparison's introduction and the figures' alt texts name
# it in the page's language, or in the plain key's words where study.ini
# gives none for that language; without it they name the statistic and
# the column ("`mean` of `frame_us` per boot"), and the analysis
# settings name the column in every case.  results.json holds the metric
# (null without one); verify finds an edited metric on a page.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

named=$top_srcdir/tests/data/named
power=$top_srcdir/fixtures/powerplan
out=$tap_tmp/out

## Without `metric`: the statistic and the column --------------------------
"$PAIRBOOT" -q report "$named" -o "$out/named" --format md,json,svg </dev/null
declare -A measured=(
	[en]='Measured: `mean` of `frame_us` per boot. A positive difference means a higher value than at `Balanced`, which is worse here.'
	[de]='Gemessen: `mean` der Spalte `frame_us` je Start. Eine positive Differenz bedeutet einen höheren Wert als bei `Balanced`, hier also ein schlechteres Ergebnis.'
	[cs]='Měřeno: `mean` sloupce `frame_us` na jedno načtení. Kladný rozdíl znamená vyšší hodnotu než při `Balanced`, což je zde horší.'
	[ko]='측정값: 부팅별 `frame_us`의 `mean`. 양의 차이는 값이 `Balanced` 상태보다 높다는 뜻이며, 여기서는 더 나쁜 결과입니다.'
)
for l in en de cs ko; do
	ok "no metric, $l: the introduction names the statistic and the column" \
		grep -qF "${measured[$l]}" "$out/named/$l.md"
	ok "no metric, $l: so does the difference figure's alt text" \
		grep -q "^!\[.*\`frame_us\`.*](interval.$l.svg)$" "$out/named/$l.md"
	ok "no metric, $l: and the per-boot figure's" \
		grep -q "^!\[.*\`frame_us\`.*](boots.$l.svg)$" "$out/named/$l.md"
done
ok "no metric: the settings name the column" \
	grep -qxF -e '- Statistic: `mean` of the column `frame_us` of each boot; the boot is the unit of replication, and the measurements within a boot are not counted as repetitions.' \
	"$out/named/en.md"
is "$(jq -c '[.study.metric, .study.metric_localized]' "$out/named/results.json")" \
	'[null,{}]' "no metric: results.json says null"

## With `metric`, one language left out: the plain words there ---------
cp -r "$power" "$tap_tmp/pp"
sed -i '/^metric\[cs\] = /d' "$tap_tmp/pp/study.ini"
"$PAIRBOOT" -q report "$tap_tmp/pp" -o "$out/pp" --format md,json,svg </dev/null
ok "en: the introduction names the metric" \
	grep -qF 'Measured: 99th percentile of the lateness of a periodic 1 ms timer, per boot. A positive difference' \
	"$out/pp/en.md"
ok "de: in German" \
	grep -qF 'Gemessen: 99\. Perzentil der Verzögerung eines periodischen 1-ms-Timers, je Start. Eine positive' \
	"$out/pp/de.md"
ok "ko: in Korean" \
	grep -qF '측정값: 부팅별 주기적 1 ms 타이머가 예정보다 늦은 시간의 99번째 백분위수. ' \
	"$out/pp/ko.md"
ok "cs, without metric[cs]: the plain metric" \
	grep -qF 'Měřeno: 99th percentile of the lateness of a periodic 1 ms timer, per boot. Kladný' \
	"$out/pp/cs.md"
ok "cs: the difference figure's alt text too" \
	grep -q '^!\[99th percentile of the lateness of a periodic 1 ms timer, per boot: rozdíl oproti stavu `Balanced`' \
	"$out/pp/cs.md"
ok "with metric: the settings still name the column" \
	grep -qF '`p99` of the column `lateness_us` of each boot' "$out/pp/en.md"
is "$(jq -c '[.study.metric, (.study.metric_localized | keys)]' "$out/pp/results.json")" \
	'["99th percentile of the lateness of a periodic 1 ms timer, per boot",["de","ko"]]' \
	"results.json: the plain metric and the languages given"
run_pb verify "$tap_tmp/pp" --against "$out/pp/cs.md"
is "$pb_status" 0 "verify accepts the page as written"
sed 's/^Measured: 99th percentile/Measured: 95th percentile/' "$out/pp/en.md" >"$tap_tmp/edited.md"
ok "(the metric was edited)" sh -c '! cmp -s "$1" "$2"' sh "$tap_tmp/edited.md" "$out/pp/en.md"
run_pb verify "$tap_tmp/pp" --against "$tap_tmp/edited.md"
is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file")" "1:1" \
	"verify: an edited metric is a MISMATCH"

## The plan digest leaves the metric out ----------------------------------
digest() {
	"$PAIRBOOT" check "$1" | sed -n 's/^analysis plan digest \([0-9a-f]*\).*/\1/p'
}
sed -i -e '/^metric/d' "$tap_tmp/pp/study.ini"
is "$(digest "$tap_tmp/pp")" "$(digest "$power")" \
	"the plan digest is the same with and without metric"

done_testing
