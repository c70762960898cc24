#!/bin/bash
# test_pdf.sh: the figures and PDF reports of both example studies in all
# four languages, read back with poppler: every page has ink, the text
# layer holds the table cells and axis labels (Korean as real Hangul in
# embedded NanumGothic, not boxes), the creation date is the fixed one,
# and a second run writes the same bytes.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

render=${top_builddir:?}/tests/lib/render_report
langs="en de cs ko"
studies="mmcss-26200.9168 netthrottle"
out=$tap_tmp/out
# 2026-08-25T10:20:00Z (worked out in tests/unit/test_figures.c).
epoch=1787653200

for tool in pdftoppm pdftotext pdffonts pdfinfo; do
	if ! command -v "$tool" >/dev/null; then
		skip "poppler's $tool" \
			"not installed (Debian package poppler-utils)"
		done_testing
	fi
done

# not_blank PGM: the grey image (24 dpi) has at least 300 pixels with ink
# (darker than 200 of 255): a page footer alone has about 100, a last page
# of one short section (a heading and a digest over two lines) about 450,
# a page of text or a figure thousands.
not_blank() {
	local magic w h max
	{ read -r magic; read -r w h; read -r max; } <"$1" || return 1
	[ "$magic" = P5 ] && [ "$max" = 255 ] || return 1
	tail -c $((w * h)) "$1" | od -An -v -tu1 |
		awk '{ for (i = 1; i <= NF; i++) if ($i < 200) n++ }
		     END { exit !(n >= 300) }'
}

# The check itself must be able to fail: a white page is blank.
printf 'P5\n40 40\n255\n' >"$tap_tmp/white.pgm"
head -c 1600 /dev/zero | tr '\0' '\377' >>"$tap_tmp/white.pgm"
blank() { ! not_blank "$1"; }
ok "a white page counts as blank" blank "$tap_tmp/white.pgm"

## Both studies, four languages, written twice ---------------------------
for s in $studies; do
	for run in a b; do
		SOURCE_DATE_EPOCH=$epoch "$render" "$top_srcdir/fixtures/$s" \
			"$out/$run/$s" $langs 2>"$tap_tmp/err"
		status=$?
		is "$status" 0 "$s: run $run writes the figures and reports"
		[ "$status" -eq 0 ] || diag "$(cat "$tap_tmp/err")"
	done
done

for s in $studies; do
	for l in $langs; do
		files="report.$l.pdf interval.$l.svg interval.$l.png \
boots.$l.svg boots.$l.png"
		[ "$s" = netthrottle ] ||
			files="$files mechanism.$l.svg mechanism.$l.png"
		missing=
		for f in $files; do
			[ -s "$out/a/$s/$f" ] || missing="$missing $f"
		done
		is "$missing" "" "$s/$l: every figure and the PDF are written"
		same=0
		for f in $files; do
			cmp -s "$out/a/$s/$f" "$out/b/$s/$f" || same=1
		done
		is "$same" 0 "$s/$l: a second run gives byte-identical files"
	done
done
ok "netthrottle has no mechanism figure (no mechanism series)" \
	test ! -e "$out/a/netthrottle/mechanism.en.svg"
ok "PNGs are PNG files" \
	grep -q PNG "$out/a/mmcss-26200.9168/interval.en.png"
ok "SVG ids do not depend on what the process drew before" \
	grep -q 'id="surface1"' "$out/a/mmcss-26200.9168/boots.ko.svg"

## Every page of every PDF has ink ---------------------------------------
for s in $studies; do
	for l in $langs; do
		pdf=$out/a/$s/report.$l.pdf
		pages=$(pdfinfo "$pdf" 2>/dev/null |
			awk '/^Pages:/ { print $2 }')
		pdftoppm -r 24 -gray "$pdf" "$tap_tmp/page" 2>/dev/null
		blank=
		n=0
		for p in "$tap_tmp"/page-*.pgm; do
			n=$((n + 1))
			not_blank "$p" || blank="$blank $(basename "$p")"
		done
		rm -f "$tap_tmp"/page-*.pgm
		ok "$s/$l: the PDF has a title page and more ($pages pages)" \
			test "${pages:-0}" -ge 3 -a "$n" -eq "${pages:-0}"
		is "$blank" "" "$s/$l: no PDF page is blank"
	done
done

## The text layer: table cells and axis labels --------------------------
# has_text PDF TEXT...: pdftotext finds each TEXT in the PDF.
has_text() {
	local pdf=$1 t
	shift
	pdftotext -enc UTF-8 "$pdf" "$tap_tmp/text" || return 1
	for t in "$@"; do
		grep -qF -- "$t" "$tap_tmp/text" || {
			echo "not found: $t"
			return 1
		}
	done
}

m=$out/a/mmcss-26200.9168
n=$out/a/netthrottle
ok "mmcss/en: title page, table cells, axis labels" \
	has_text "$m/report.en.pdf" "SystemResponsiveness and MMCSS" \
	"26200.9168" "Comparison with the reference" "+0.625 ms" \
	"+11.640 ms" "documented disabling" "difference in p99 (ms)" \
	"better" "worse" "p99 per boot (ms)" "Win32 priority of one thread" \
	"registered 4/4"
# The plan digest worked by hand from the example's study.ini (the
# canonical text of docs/study-format.md, hashed with sha256sum).
ok "mmcss/en: the title page states the plan digest, not registered" \
	has_text "$m/report.en.pdf" "Analysis plan digest" \
	"16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b72828c25878" \
	"not registered"
ok "mmcss/de: the plan digest in German" \
	has_text "$m/report.de.pdf" "Digest des Analyseplans" \
	"nicht registriert"
ok "mmcss/de: German headers and axis labels" \
	has_text "$m/report.de.pdf" "Vergleich mit dem Referenzzustand" \
	"+0.625 ms" "Differenz des p99-Werts (ms)" "schlechter"
ok "mmcss/cs: Czech headers and axis labels" \
	has_text "$m/report.cs.pdf" "Srovnání s referenčním stavem" \
	"+0.625 ms" "rozdíl p99 (ms)" "horší"
ok "mmcss/ko: Korean headers come out as Hangul text" \
	has_text "$m/report.ko.pdf" "기준 상태와의 비교" "+0.625 ms" \
	"p99 차이 (ms)" "더 나쁨" "등록 4/4"
ok "netthrottle/en: its states, unit and axis label" \
	has_text "$n/report.en.pdf" "0xFFFFFFFF" "Mbit/s" \
	"difference in mean (Mbit/s)" "better"

## Fonts: embedded, and NanumGothic for Korean ---------------------------
# Columns of pdffonts counted from the end: emb sub uni object ID.
nanum_embedded() {
	pdffonts "$1" | awk '/NanumGothic/ && $(NF-4) == "yes" { f = 1 }
			     END { exit !f }'
}
all_embedded() {
	pdffonts "$1" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 }
			     END { exit bad }'
}
only_dejavu() {
	pdffonts "$1" | awk 'NR > 2 && !/DejaVuSans/ { bad = 1 }
			     END { exit bad }'
}
ok "mmcss/ko: NanumGothic is embedded" nanum_embedded "$m/report.ko.pdf"
ok "mmcss/en: every font is embedded" all_embedded "$m/report.en.pdf"
ok "mmcss/en: only the pinned DejaVu Sans is used" \
	only_dejavu "$m/report.en.pdf"

## Dates -----------------------------------------------------------------
# pdf_date PDF: the creation date as poppler reads it, in ISO 8601.
pdf_date() {
	pdfinfo -isodates "$1" | awk '/^CreationDate:/ { print $2 }'
}
is "$(pdf_date "$m/report.en.pdf")" "2026-08-25T10:20:00Z" \
	"the PDF date is SOURCE_DATE_EPOCH's"
env -u SOURCE_DATE_EPOCH "$render" "$top_srcdir/fixtures/netthrottle" \
	"$out/nodate" en 2>/dev/null
latest=$(cut -d, -f10 "$top_srcdir/fixtures/netthrottle/runs.csv" |
	grep '^[0-9]' | sort | tail -n 1)
is "$(pdf_date "$out/nodate/report.en.pdf")" "$latest" \
	"without SOURCE_DATE_EPOCH the date is the last boot's"
# A study that records no start times, without SOURCE_DATE_EPOCH: the PDF
# carries no date at all rather than a made-up one (1 January 1970).
cp -r "$top_srcdir/fixtures/netthrottle" "$out/undated-study"
cut -d, -f1-9 "$top_srcdir/fixtures/netthrottle/runs.csv" \
	>"$out/undated-study/runs.csv"
env -u SOURCE_DATE_EPOCH "$render" "$out/undated-study" "$out/undated" en \
	2>/dev/null
ok "without start times the report is still written" \
	test -s "$out/undated/report.en.pdf"
is "$(pdfinfo "$out/undated/report.en.pdf" | grep -c 'Date:')" 0 \
	"and it carries no date, not 1970"

## Two mechanism series: one figure, after the section's heading -------
# The section's heading is followed by a heading for each series; the
# figure goes after the first, not again after each.
two=$out/two-mech-study
cp -r "$top_srcdir/tests/data/tiny" "$two"
cp "$two/mech/m1.log" "$two/mech/n1.log"
cp "$two/mech/m2.log" "$two/mech/n2.log"
printf '\n[series n]\nkind = mechanism\nlabel = Second check\n' \
	>>"$two/study.ini"
printf 'n1,n,1,,20,yes,,,mech/n1.log,\nn2,n,1,,100,yes,,,mech/n2.log,\n' \
	>>"$two/runs.csv"
SOURCE_DATE_EPOCH=$epoch "$render" "$two" "$out/two-mech" en 2>"$tap_tmp/err"
is "$?" 0 "a study of two mechanism series is rendered"
pdftotext -enc UTF-8 "$out/two-mech/report.en.pdf" "$tap_tmp/two.txt"
# (A line that opens a page starts with pdftotext's form feed.)
ff=$(printf '\f')
is "$(grep -c "^$ff\\?Priority of the test thread" "$tap_tmp/two.txt")" 1 \
	"two mechanism series: the mechanism figure is shown once"
fig_at=$(grep -n "^$ff\\?Priority of the test thread" "$tap_tmp/two.txt" |
	head -n 1 | cut -d: -f1)
second_at=$(grep -n '^Second check$' "$tap_tmp/two.txt" | head -n 1 |
	cut -d: -f1)
ok "it follows the section's heading, before the second series" \
	test "${fig_at:-0}" -gt 0 -a "${fig_at:-0}" -lt "${second_at:-0}"

## The renderer's versions for results.json ------------------------------
"$render" --versions >"$tap_tmp/versions" 2>&1
ok "the versions name cairo, Pango and the NanumGothic file" \
	grep -q '"family": "NanumGothic"' "$tap_tmp/versions"

done_testing
