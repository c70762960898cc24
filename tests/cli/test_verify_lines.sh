#!/bin/bash
# test_verify_lines.sh: `pairboot verify` against a page checks every line
# pairboot writes: an edit anywhere is a MISMATCH, a result left out is
# OMITTED (exit 1 unless --allow-omitted), an author's own paragraph is
# listed as not checked, and the summary line says what was checked.  En
# and de pages of the power-plan and MMCSS studies.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

power=$top_srcdir/fixtures/powerplan
mmcss=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/out
"$PAIRBOOT" --quiet report "$power" -o "$out/power" --lang en,de --format md </dev/null
"$PAIRBOOT" --quiet report "$mmcss" -o "$out/mmcss" --lang en,de --format md </dev/null

count() {
	grep -c -- "$1" "$pb_out_file"
}

# lines PAGE: the lines of PAGE verify compares (not blank, not a table's
# delimiter row).
lines() {
	grep -v -c -e '^$' -e '^|---' "$1"
}

# edited STUDY PAGE NAME SCRIPT SECTION: PAGE changed by the sed SCRIPT
# verifies with exit 1 and exactly one MISMATCH, a line of SECTION
# ("heading" for a heading).
edited() {
	local study=$1 page=$2 name=$3 script=$4 section=$5 copy
	copy=$tap_tmp/edited.md
	sed "$script" "$page" >"$copy"
	if cmp -s "$page" "$copy"; then
		ok "$name: the edit changes the page" false
		return
	fi
	run_pb verify "$study" --against "$copy"
	local where="(section $section)"
	[ "$section" = heading ] && where="(heading)"
	is "$pb_status:$(count '^MISMATCH'):$(count "^MISMATCH *page line [0-9]* $where: published ")" \
		"1:1:1" "$name: 1 MISMATCH, on its line, exit 1"
}

## The untouched pages: every line checked, nothing else -----------------
for lang in en de; do
	for s in power mmcss; do
		page=$out/$s/$lang.md
		study=$power
		[ "$s" = mmcss ] && study=$mmcss
		run_pb verify "$study" --against "$page"
		n=$(lines "$page")
		is "$pb_status:$(count '^MISMATCH\|^OMITTED\|^not ')" "0:0" \
			"$s $lang.md: exit 0, nothing wrong, omitted or unchecked"
		ok "$s $lang.md: the summary says all $n lines were checked" \
			grep -q "^summary: [0-9]* checked ($n page lines), 0 MISMATCH, 0 not in data, 0 OMITTED, 0 paragraphs not checked; every published item follows from the data\$" \
			"$pb_out_file"
		is "$(count '^match *page line ')" "$n" \
			"$s $lang.md: one match per line"
	done
done

## A series' verdict inside a conclusion ---------------------------------
en=$out/power/en.md
de=$out/power/de.md
edited "$power" "$en" "en: Series 2's verdict swapped for a benefit" \
	's/Series 2 (equivalent within the threshold)/Series 2 (practically significant benefit in the synthetic proxy)/' \
	'Comparison with the reference'
edited "$power" "$en" "en: any text for Series 2's verdict" \
	's/Series 2 (equivalent within the threshold)/Series 2 (fine)/' \
	'Comparison with the reference'
edited "$power" "$de" "de: Nutzen becomes Schaden" \
	's/praktisch bedeutsamer Nutzen/praktisch bedeutsamer Schaden/' \
	'Vergleich mit dem Referenzzustand'

## Units, figures, sentences, digests, build and title ---------------------
edited "$power" "$en" "en: a unit changed in a cell" 's/`-0.240 ms`/`-0.240 s`/' \
	'Comparison with the reference'
edited "$power" "$de" "de: a unit changed in a cell" 's/`-0.240 ms`/`-0.240 s`/' \
	'Vergleich mit dem Referenzzustand'
edited "$power" "$en" "en: the small-sample coverage figure" 's/78\.5%/1.0%/' \
	'Small samples'
edited "$power" "$de" "de: the small-sample coverage figure" 's/78,5 \?%/1,0 %/' \
	'Kleine Stichproben'
edited "$power" "$en" "en: the spread test's conclusion" \
	's/no clear difference in spread/a clear difference in spread/' \
	'Series heterogeneity'
edited "$power" "$en" "en: a series' SD in the heterogeneity section" \
	's/SD 0\.060 ms/SD 0.050 ms/' 'Series heterogeneity'
# The digest's last digit changed, whatever it is.
last=$(sed -n 's/^Input digest.*`[0-9a-f]\{63\}\([0-9a-f]\)`$/\1/p' "$en")
other=0
[ "$last" = 0 ] && other=1
edited "$power" "$en" "en: the input digest" \
	"/^Input digest/s/$last\`\$/$other\`/" 'Input data'
edited "$power" "$en" "en: the build in the heading" 's/build 26100\.4061/build 26100.4062/' \
	heading
edited "$power" "$en" "en: the title" 's/lateness of a 1 ms timer/lateness of a 2 ms timer/' \
	heading
edited "$power" "$de" "de: the build in the heading" '1s/26100\.4061/26100.4062/' \
	heading
edited "$mmcss" "$out/mmcss/en.md" "en: the restoration sentence" \
	's/the machine was restored (value `20` found/the machine was restored (value `10` found/' \
	'Design checks'
edited "$mmcss" "$out/mmcss/en.md" "en: the priority sentence" \
	's/The process priority class did not change\./The process priority class changed./' \
	'Mechanism check'
edited "$mmcss" "$out/mmcss/de.md" "de: the priority sentence" \
	's/änderte sich nicht/änderte sich/' 'Mechanismusprüfung'

## Left out: a state's row, the Runs section -----------------------------
sed '/^| `High performance` |/d' "$en" >"$tap_tmp/norow.md"
run_pb verify "$power" --against "$tap_tmp/norow.md"
is "$pb_status:$(count '^OMITTED')" "1:1" \
	"en: a state's row deleted: OMITTED, exit 1"
ok "the OMITTED line shows the row and its section" \
	grep -q '^OMITTED *section Comparison with the reference: recomputed | `High performance` | `-0.240 ms`' \
	"$pb_out_file"
ok "the summary says so" \
	grep -q '^summary: .*, 0 MISMATCH, 0 not in data, 1 OMITTED, 0 paragraphs not checked; every published item follows from the data, but results of the data are omitted (--allow-omitted accepts that)$' \
	"$pb_out_file"
run_pb verify "$power" --against "$tap_tmp/norow.md" --allow-omitted
is "$pb_status:$(count '^OMITTED')" "0:1" \
	"with --allow-omitted: exit 0, the omission still listed"
run_pb --quiet verify "$power" --against "$tap_tmp/norow.md" --allow-omitted
is "$(count '^OMITTED')" 0 "--quiet --allow-omitted hides it"

sed '/^## Durchläufe$/,/^## Analyseeinstellungen$/{/^## Analyseeinstellungen$/!d}' \
	"$out/mmcss/de.md" >"$tap_tmp/noruns.md"
run_pb verify "$mmcss" --against "$tap_tmp/noruns.md"
is "$pb_status:$(count '^OMITTED *section Durchläufe: ')" "1:6" \
	"de: the Runs section deleted: its heading and five lines OMITTED, exit 1"
ok "among them the line with the two excluded runs" \
	grep -q '^OMITTED *section Durchläufe: recomputed - Serie 1: .*pilot-1' "$pb_out_file"

## Typed without backticks: everything matches ---------------------------
for lang in en de; do
	sed 's/`//g' "$out/mmcss/$lang.md" >"$tap_tmp/plain.md"
	run_pb verify "$mmcss" --against "$tap_tmp/plain.md"
	is "$pb_status:$(count '^MISMATCH\|^OMITTED')" "0:0" \
		"$lang.md without backticks: exit 0, no MISMATCH (the method read without its explanation)"
done

## An author's own paragraphs: not checked, listed -----------------------
awk 'NR == 3 { print "We ran this on our lab laptop.\nIt was warm that week.\n" }
	{ print }
	END { print "\nThanks to everyone who helped." }' "$en" >"$tap_tmp/author.md"
run_pb verify "$power" --against "$tap_tmp/author.md"
last=$(wc -l <"$tap_tmp/author.md")
is "$pb_status:$(count '^MISMATCH\|^OMITTED')" "0:0" \
	"author's paragraphs: exit 0, no MISMATCH or OMITTED"
is "$(grep '^not checked' "$pb_out_file")" \
	"not checked: 2 paragraphs (3 lines): lines 3-4, $last" \
	"they are listed by their lines"
ok "the summary counts them" \
	grep -q '^summary: .*, 0 OMITTED, 2 paragraphs not checked; every published item follows from the data$' \
	"$pb_out_file"

## Control characters of a page reach no terminal ------------------------
sed "1s/\$/ $(printf '\033]0;x\007')/" "$en" >"$tap_tmp/esc.md"
run_pb verify "$power" --against "$tap_tmp/esc.md"
is "$pb_status:$(count '^MISMATCH *page line 1 (heading): published .*\\x1B\]0;x\\x07')" "1:1" \
	"a title with ESC and BEL: a MISMATCH, the bytes printed escaped"
is "$(grep -c "$(printf '\033')" "$pb_out_file")" 0 "no ESC reaches the terminal"

done_testing
