#!/bin/bash
# test_figure_links.sh: the pages show their figures: each figure of the
# report linked where it belongs, relative to the page (so the folder can
# be uploaded as it is) or from --figure-base, with an alt text in the
# page's language that says what each figure shows and finds, in a few
# words (the difference and per-boot figures: what was measured, then
# each state's verdict across series, states of one verdict together;
# the mechanism figure: what the boots recorded); none when no figure is
# written; verify checks the links like every line.
# The compare page shows its figure after the effects, its alt text each
# state's verdict.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

power=$top_srcdir/fixtures/powerplan
mmcss=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/out
"$PAIRBOOT" -q report "$power" -o "$out/power" --lang en,de --format md,svg </dev/null
"$PAIRBOOT" -q report "$mmcss" -o "$out/mmcss" --lang en,de --format md,svg </dev/null

# images FILE: the figure lines of FILE, their targets only.
images() {
	sed -n 's/^!\[.*\](\([^)]*\))$/\1/p' "$1" | tr '\n' ' '
}

is "$(images "$out/power/en.md")" "interval.en.svg boots.en.svg " \
	"powerplan en: the difference and per-boot figures, relative to the page"
is "$(images "$out/mmcss/en.md")" "interval.en.svg boots.en.svg mechanism.en.svg " \
	"mmcss en: and the mechanism figure"
for f in interval.en.svg boots.en.svg; do
	ok "$f is in the report folder beside the page" test -f "$out/power/$f"
done
ok "the difference figure follows the comparison table" \
	test "$(grep -A2 '^| `Ultimate Performance` |' "$out/power/en.md" | sed -n 3p | cut -c1-2)" = '!['
ok "the mechanism figure follows the mechanism table, before the series notes" \
	test "$(grep -B2 '^## Series notes' "$out/mmcss/en.md" | head -1 | cut -c1-2)" = '!['

# The alt text names what was measured (study.ini's metric) and states
# each state's verdict in a few words, in the page's language.
is "$(grep '^!\[.*](interval.en.svg)$' "$out/power/en.md")" \
	'![99th percentile of the lateness of a periodic 1 ms timer, per boot: difference from state `Balanced`, each state against the practical threshold: `High performance`, `Ultimate Performance`: series verdicts differ.](interval.en.svg)' \
	"en: the alt text names the metric and each state's verdict, states of one verdict together"
is "$(grep '^!\[.*](interval.de.svg)$' "$out/power/de.md")" \
	'![99\. Perzentil der Verzögerung eines periodischen 1-ms-Timers, je Start: Differenz zum Zustand `Balanced`, jeder Zustand gegenüber der praktisch bedeutsamen Schwelle: `High performance`, `Ultimate Performance`: Urteile der Serien unterscheiden sich.](interval.de.svg)' \
	"de: the alt text in German, with the German metric"
ok "en: the table gives the verdict in full" \
	grep -q "^| \`High performance\` | .* | the series' verdicts differ; no pooled conclusion: " \
	"$out/power/en.md"
is "$(grep '^!\[.*](interval.en.svg)$' "$out/mmcss/en.md")" \
	"![99th percentile of the measuring workload's per-period latency, per boot: difference from state \`20\`, each state against the practical threshold: \"missing\", \`100\`: practical harm; \`0\`, \`10\`: not established.](interval.en.svg)" \
	"mmcss en: states of one verdict together, in the order of their first state"
# The per-boot figure: what was measured and the states' verdicts.
is "$(grep '^!\[.*](boots.en.svg)$' "$out/power/en.md")" \
	'![99th percentile of the lateness of a periodic 1 ms timer, per boot: all accepted runs, paired with state `Balanced`; each line joins the two runs of one block: `High performance`, `Ultimate Performance`: series verdicts differ.](boots.en.svg)' \
	"en: the per-boot alt text names the metric and each state's verdict"
is "$(grep '^!\[.*](boots.de.svg)$' "$out/power/de.md")" \
	'![99\. Perzentil der Verzögerung eines periodischen 1-ms-Timers, je Start: alle akzeptierten Durchläufe, gepaart mit Zustand `Balanced`; jede Linie verbindet die beiden Durchläufe eines Blocks: `High performance`, `Ultimate Performance`: Urteile der Serien unterscheiden sich.](boots.de.svg)' \
	"de: the same in German"
# The mechanism figure: per state the registrations k/n, the service state
# and the priority transitions, as the mechanism table shows them, states
# that recorded the same together.
is "$(grep '^!\[Priority' "$out/mmcss/en.md")" \
	'![Priority of the test thread before registration, after it and after cleanup, per state: "missing", `100`: registered 0/4, MMCSS stopped, Win32 `0 -> 0 -> 0`, ETW `8 -> 8 -> 8`; `10`, `20`: registered 4/4, MMCSS running, Win32 `0 -> 10 -> 0`, ETW `8 -> 18 -> 8`.](mechanism.en.svg)' \
	"en: the mechanism alt text gives what each state's boots recorded"
is "$(grep '^!\[Priorität' "$out/mmcss/de.md")" \
	'![Priorität des Test-Threads vor der Registrierung, danach und nach dem Cleanup, je Zustand: „fehlt“, `100`: registriert 0/4, MMCSS gestoppt, Win32 `0 -> 0 -> 0`, ETW `8 -> 8 -> 8`; `10`, `20`: registriert 4/4, MMCSS läuft, Win32 `0 -> 10 -> 0`, ETW `8 -> 18 -> 8`.](mechanism.de.svg)' \
	"de: the same in German"
ok "en: the mechanism table has the row the alt text gives for 10" \
	grep -qF '| `10` | 4/4 | running | `0 -> 10 -> 0` | `8 -> 18 -> 8` |' "$out/mmcss/en.md"

if command -v cmark-gfm >/dev/null 2>&1; then
	html=$(cmark-gfm -e table -e autolink "$out/power/en.md")
	ok "cmark-gfm shows an image of interval.en.svg" \
		grep -q '<img src="interval.en.svg" alt="99th percentile of the lateness of a periodic 1 ms timer, per boot: difference from state Balanced, each state against' <<<"$html"
	is "$(grep -o '<img ' <<<"$html" | wc -l)" 2 "and two images in all"
else
	skip "cmark-gfm renders the figures" "cmark-gfm is not installed"
	skip "cmark-gfm counts the figures" "cmark-gfm is not installed"
fi

## Which files, where ----------------------------------------------------
"$PAIRBOOT" -q report "$power" -o "$out/png" --lang en --format md,png </dev/null
is "$(images "$out/png/en.md")" "interval.en.png boots.en.png " \
	"--format md,png: the PNG figures"
"$PAIRBOOT" -q report "$power" -o "$out/md" --lang en --format md,json </dev/null
is "$(images "$out/md/en.md")" "" "--format md,json: no figure is written, none shown"
"$PAIRBOOT" -q report "$power" -o "$out/base" --lang en --format md \
	--figure-base https://wiki.example.org/uploads </dev/null
is "$(images "$out/base/en.md")" \
	"https://wiki.example.org/uploads/interval.en.svg https://wiki.example.org/uploads/boots.en.svg " \
	"--figure-base: the figures from where the wiki keeps them (a '/' added)"
run_pb report "$power" -o "$out/bad" --figure-base 'https://x.org/a b'
is "$pb_status" 64 "a --figure-base with a blank is a usage error"
ok "and nothing is written" test ! -e "$out/bad"
run_pb report "$power" -o "$out/bad" --figure-base 'https://x.org/a)b'
is "$pb_status" 64 "one with a parenthesis too"

## The compare page ------------------------------------------------------
newbuild=$top_srcdir/fixtures/mmcss-newbuild
"$PAIRBOOT" -q compare "$mmcss" "$newbuild" -o "$out/cmp" </dev/null
for l in en de cs ko; do
	is "$(images "$out/cmp/compare.$l.md")" "compare.$l.svg " \
		"compare $l: the figure, relative to the page"
	ok "compare.$l.svg is beside it" test -f "$out/cmp/compare.$l.svg"
done
ok "the compare figure follows the table of effects" \
	test "$(grep -A2 '^| `100` | `+0.388 ms`' "$out/cmp/compare.en.md" | sed -n 3p | cut -c1-2)" = '!['
is "$(grep '^!\[' "$out/cmp/compare.en.md")" \
	'![Change between the builds and the effects on each: difference in `p99` from state `20`; the effect of each state between the builds: "missing": changed, better (lower is better); `0`: no change established; `10`: no change established; `100`: no change established.](compare.en.svg)' \
	"compare en: the alt text gives each state's verdict"
is "$(grep '^!\[' "$out/cmp/compare.de.md")" \
	'![Veränderung zwischen den Builds und die Effekte in beiden Builds: Differenz des `p99`-Werts zum Zustand `20`; der Effekt jedes Zustands zwischen den Builds: „fehlt“: verändert, besser (niedriger ist besser); `0`: keine Veränderung festgestellt; `10`: keine Veränderung festgestellt; `100`: keine Veränderung festgestellt.](compare.de.svg)' \
	"compare de: the same in German"
for v in 'missing | .* | changed, better (lower is better) |' \
	 '`0` | .* | no change established |'; do
	ok "compare en: the verdict in the alt text is the table's ($v)" \
		grep -q "^| $v" "$out/cmp/compare.en.md"
done
run_pb -q compare "$mmcss" "$newbuild" -o "$out/cmpbase" \
	--figure-base https://wiki.example.org/uploads
is "$pb_status:$(images "$out/cmpbase/compare.cs.md")" \
	"0:https://wiki.example.org/uploads/compare.cs.svg " \
	"compare --figure-base: the figure from the wiki's uploads"
is "$(grep -v '^!\[' "$out/cmpbase/compare.en.md")" \
	"$(grep -v '^!\[' "$out/cmp/compare.en.md")" \
	"and the rest of the page as without it"
for bad in 'https://x.org/a b' 'https://x.org/a)b' ''; do
	run_pb compare "$mmcss" "$newbuild" -o "$out/cmpbad" --figure-base "$bad"
	is "$pb_status" 64 "compare --figure-base '$bad' is a usage error"
	ok "and names the option" grep -q 'compare: --figure-base must be' "$pb_err_file"
	ok "and nothing is written" test ! -e "$out/cmpbad"
done
# verify sets a page beside the study's report page: a compare page is
# not that page, and its mechanism table differs row by row.
run_pb verify "$newbuild" --against "$out/cmp/compare.en.md"
is "$pb_status" 1 "verify of a compare page against the study: exit 1"
ok "its mechanism rows are MISMATCHes" \
	grep -q '^MISMATCH *line 22: Mechanism check: row missing, Registration: published old: 0/4 / new: 4/4, recomputed 4/4$' \
	"$pb_out_file"

## verify ---------------------------------------------------------------
for page in "$out/power/en.md" "$out/power/de.md" "$out/base/en.md" \
	    "$out/md/en.md"; do
	run_pb verify "$power" --against "$page"
	is "$pb_status:$(grep -c '^MISMATCH\|^OMITTED' "$pb_out_file")" "0:0" \
		"verify ${page#"$out"/}: the figure lines match"
done
for page in "$out/mmcss/en.md" "$out/mmcss/de.md"; do
	run_pb verify "$mmcss" --against "$page"
	is "$pb_status:$(grep -c '^MISMATCH\|^OMITTED' "$pb_out_file")" "0:0" \
		"verify ${page#"$out"/}: the figure lines match"
done
sed 's/^\(!\[.*Ultimate Performance`: \)series verdicts differ\.\](boots/\1practical harm.](boots/' \
	"$out/power/en.md" >"$tap_tmp/boots.md"
ok "(the per-boot alt text was changed)" \
	sh -c '! cmp -s "$1" "$2"' sh "$tap_tmp/boots.md" "$out/power/en.md"
run_pb verify "$power" --against "$tap_tmp/boots.md"
is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file"):$(grep -c '^MISMATCH.*figure boots.en.svg: published .*practical harm.*recomputed .*series verdicts differ' "$pb_out_file")" "1:1:1" \
	"a per-boot alt text with another verdict: MISMATCH"
sed 's/^\(!\[Priorität.*`10`, `20`: registriert \)4\/4/\13\/4/' "$out/mmcss/de.md" >"$tap_tmp/mech.md"
ok "(the mechanism alt text was changed)" \
	sh -c '! cmp -s "$1" "$2"' sh "$tap_tmp/mech.md" "$out/mmcss/de.md"
run_pb verify "$mmcss" --against "$tap_tmp/mech.md"
is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file"):$(grep -c '^MISMATCH.*figure mechanism.de.svg: published .*3/4.*recomputed .*4/4' "$pb_out_file")" "1:1:1" \
	"de: a mechanism alt text with 3/4 registrations for 4/4: MISMATCH"
sed 's/^\(!\[.*: \)practical harm; \(`0`, `10`: not established.\](interval\)/\1practical benefit; \2/' \
	"$out/mmcss/en.md" >"$tap_tmp/alt.md"
ok "(the difference alt text was changed)" \
	sh -c '! cmp -s "$1" "$2"' sh "$tap_tmp/alt.md" "$out/mmcss/en.md"
run_pb verify "$mmcss" --against "$tap_tmp/alt.md"
is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file"):$(grep -c '^MISMATCH.*figure interval.en.svg: published .*benefit.*recomputed .*harm' "$pb_out_file")" "1:1:1" \
	"an alt text that says benefit for harm: MISMATCH"
sed '/](boots.en.svg)$/d' "$out/power/en.md" >"$tap_tmp/nofig.md"
run_pb verify "$power" --against "$tap_tmp/nofig.md"
is "$pb_status:$(grep -c '^OMITTED *Comparison with the reference: figure boots.en.svg: recomputed 99th percentile' "$pb_out_file")" "1:1" \
	"a figure left out: OMITTED"

done_testing
