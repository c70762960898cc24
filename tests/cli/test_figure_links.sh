#!/bin/bash
# test_figure_links.sh: the pages show their figures: each figure of the
# report linked where it belongs, relative to the page (so the folder can
# be uploaded as it is) or from --figure-base, with an alt text in the
# page's language that says what the difference figure finds; none when
# no figure is written; verify checks the links like every line.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

power=$top_srcdir/fixtures/powerplan
mmcss=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/out
"$PAIRBOOT" -q report "$power" -o "$out/power" --lang en,de --format md,svg </dev/null
"$PAIRBOOT" -q report "$mmcss" -o "$out/mmcss" --lang en --format md,svg </dev/null

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

# The alt text states each state's conclusion, in the page's language.
ok "en: the alt text names each state and its conclusion" \
	grep -q '^!\[Difference in `p99` from state `Balanced`, each state against the practical threshold: `High performance`: .*; `Ultimate Performance`: .*benefit.*\](interval.en.svg)$' \
	"$out/power/en.md"
ok "de: the alt text in German" \
	grep -q '^!\[Differenz von `p99` zum Zustand `Balanced`, jeder Zustand gegenüber der praktisch bedeutsamen Schwelle: `High performance`: .*Nutzen.*\](interval.de.svg)$' \
	"$out/power/de.md"
if command -v cmark-gfm >/dev/null 2>&1; then
	html=$(cmark-gfm -e table -e autolink "$out/power/en.md")
	ok "cmark-gfm shows an image of interval.en.svg" \
		grep -q '<img src="interval.en.svg" alt="Difference in p99 from state Balanced, each state against' <<<"$html"
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

## verify ---------------------------------------------------------------
for page in "$out/power/en.md" "$out/power/de.md" "$out/base/en.md" "$out/md/en.md"; do
	run_pb verify "$power" --against "$page"
	is "$pb_status:$(grep -c '^MISMATCH\|^OMITTED' "$pb_out_file")" "0:0" \
		"verify ${page#"$out"/}: the figure lines match"
done
sed 's/^\(!\[Difference.*\)benefit/\1harm/' "$out/power/en.md" >"$tap_tmp/alt.md"
run_pb verify "$power" --against "$tap_tmp/alt.md"
is "$pb_status:$(grep -c '^MISMATCH *page line [0-9]* (section Comparison with the reference): published !\[' "$pb_out_file")" "1:1" \
	"an alt text that says harm for benefit: MISMATCH"
sed '/^!\[Per-boot/d' "$out/power/en.md" >"$tap_tmp/nofig.md"
run_pb verify "$power" --against "$tap_tmp/nofig.md"
is "$pb_status:$(grep -c '^OMITTED *section Comparison with the reference: recomputed !\[Per-boot' "$pb_out_file")" "1:1" \
	"a figure left out: OMITTED"

done_testing
