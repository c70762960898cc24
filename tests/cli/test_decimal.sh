#!/bin/bash
# test_decimal.sh: the decimal mark of the pages: a comma in German and
# Czech, a point in English and Korean, a point everywhere with
# `decimal = point`; a bad value refused at its place; verify reads either
# mark.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

power=$top_srcdir/fixtures/powerplan
cp -R "$power" "$tap_tmp/lang"
cp -R "$power" "$tap_tmp/point"
sed -i '/^synthetic = yes$/a decimal = point' "$tap_tmp/point/study.ini"
"$PAIRBOOT" -q report "$tap_tmp/lang" -o "$tap_tmp/out-lang" --format md </dev/null
"$PAIRBOOT" -q report "$tap_tmp/point" -o "$tap_tmp/out-point" --format md </dev/null

# German and Czech join a number and its unit, or a number and its '%',
# with a NO-BREAK SPACE (nb), whichever decimal mark the study asks for.
nb=$(printf '\302\240')

# The threshold sentence and the first SD of the heterogeneity section,
# written by hand from the study (threshold 0.250 ms; Series 1 at
# Balanced, SD 0.060 ms), in each language and each convention.
declare -A thr_lang=([en]='Practical threshold: 0.250 ms'
	[de]="Praktisch bedeutsame Schwelle: 0,250${nb}ms"
	[cs]="Prakticky významný práh: 0,250${nb}ms"
	[ko]='임계값: 0.250 ms')
for l in en de cs ko; do
	ok "$l (decimal = language): the threshold as the language writes it" \
		grep -qF "${thr_lang[$l]}" "$tap_tmp/out-lang/$l.md"
done
ok "de: the interval cell with commas" \
	grep -qF "\`-0,240${nb}ms\` \`[-0,308; -0,167]\`" "$tap_tmp/out-lang/de.md"
ok "cs: the interval cell with commas" \
	grep -qF "\`-0,240${nb}ms\` \`[-0,308; -0,167]\`" "$tap_tmp/out-lang/cs.md"
ok "de: a percentage standing alone, 78,5${nb}%" \
	grep -qF "78,5${nb}%" "$tap_tmp/out-lang/de.md"
ok "de: the p value, p = 0,762" grep -qF 'p = 0,762' "$tap_tmp/out-lang/de.md"
# Counts from 1000 up: grouped by a no-break space in German and Czech,
# plain in English and Korean, plain everywhere with decimal = point.
ok "de: 10${nb}000 resamples" grep -qF "mit 10${nb}000 Bootstrap-Stichproben" "$tap_tmp/out-lang/de.md"
ok "cs: 10${nb}000 resamples" grep -qF "s 10${nb}000 převzorkováními" "$tap_tmp/out-lang/cs.md"
ok "en: 10000 resamples" grep -qF "with 10000 resamples" "$tap_tmp/out-lang/en.md"
ok "de (decimal = point): 10000 resamples" grep -qF "mit 10000 Bootstrap-Stichproben" "$tap_tmp/out-point/de.md"
ok "en: the interval cell with points" \
	grep -qF '`-0.240 ms` `[-0.308; -0.167]`' "$tap_tmp/out-lang/en.md"
ok "ko: the interval cell with points" \
	grep -qF '`-0.240 ms` `[-0.308; -0.167]`' "$tap_tmp/out-lang/ko.md"
for l in de cs; do
	ok "$l (decimal = point): the interval cell with points" \
		grep -qF "\`-0.240${nb}ms\` \`[-0.308; -0.167]\`" "$tap_tmp/out-point/$l.md"
	is "$(grep -c '[0-9],[0-9]' "$tap_tmp/out-point/$l.md")" 0 \
		"$l (decimal = point): no decimal comma anywhere"
done
ok "en: decimal = point changes nothing but the input digest" \
	test "$(diff "$tap_tmp/out-lang/en.md" "$tap_tmp/out-point/en.md" | grep -c '^[<>]')" = 2
ok "the plan digest is the same: decimal is no part of the analysis plan" \
	test "$(grep -o '`[0-9a-f]\{64\}`, ' "$tap_tmp/out-lang/en.md")" = \
	"$(grep -o '`[0-9a-f]\{64\}`, ' "$tap_tmp/out-point/en.md")"

## verify reads either mark ---------------------------------------------
for l in de cs; do
	run_pb verify "$tap_tmp/lang" --against "$tap_tmp/out-lang/$l.md"
	is "$pb_status" 0 "$l page with commas verifies against its study"
	sed 's/\([0-9]\),\([0-9]\)/\1.\2/g' "$tap_tmp/out-lang/$l.md" >"$tap_tmp/$l-points.md"
	run_pb verify "$tap_tmp/lang" --against "$tap_tmp/$l-points.md"
	is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file")" "0:0" \
		"the same $l page written with points verifies too"
	sed "s/0,250${nb}ms/0,260${nb}ms/" "$tap_tmp/out-lang/$l.md" >"$tap_tmp/$l-thr.md"
	run_pb verify "$tap_tmp/lang" --against "$tap_tmp/$l-thr.md"
	is "$pb_status:$(grep -c '^MISMATCH .*: published 0,260, recomputed 0,250$' "$pb_out_file"):$(grep -c '^MISMATCH' "$pb_out_file")" "1:1:1" \
		"$l: a threshold of 0,260 read as a number, and found wrong"
done

## Figures and PDFs: the same mark -------------------------------------
# The PDF's text layer holds the figures' labels, so pdftotext reads
# both: the legend's threshold, a value label and an axis tick.  (pdftotext
# gives the NO-BREAK SPACE of the legend back as a plain space.)
if command -v pdftotext >/dev/null 2>&1; then
	"$PAIRBOOT" -q report "$tap_tmp/lang" -o "$tap_tmp/pdf-lang" --format pdf --lang de,en </dev/null
	"$PAIRBOOT" -q report "$tap_tmp/point" -o "$tap_tmp/pdf-point" --format pdf --lang de </dev/null
	pdftotext -enc UTF-8 "$tap_tmp/pdf-lang/report.de.pdf" "$tap_tmp/de.txt"
	pdftotext -enc UTF-8 "$tap_tmp/pdf-lang/report.en.pdf" "$tap_tmp/en.txt"
	pdftotext -enc UTF-8 "$tap_tmp/pdf-point/report.de.pdf" "$tap_tmp/de-point.txt"
	ok "de PDF: the figure's threshold and value label with commas" \
		grep -qE -e "praktisch bedeutsame Schwelle ±0,250( |${nb})ms" "$tap_tmp/de.txt"
	ok "de PDF: a value label of the difference figure" \
		grep -qF -- '−0,240 [−0,308; −0,167]' "$tap_tmp/de.txt"
	ok "de PDF: an axis tick" grep -qx -- '−0,6' "$tap_tmp/de.txt"
	ok "en PDF: the value label with points" \
		grep -qF -- '−0.240 [−0.308; −0.167]' "$tap_tmp/en.txt"
	ok "de PDF with decimal = point: the value label with points" \
		grep -qF -- '−0.240 [−0.308; −0.167]' "$tap_tmp/de-point.txt"
else
	skip "figures in the PDF" "pdftotext is not installed"
fi

## A bad value ----------------------------------------------------------
cp -R "$power" "$tap_tmp/bad"
sed -i '/^synthetic = yes$/a decimal = comma' "$tap_tmp/bad/study.ini"
run_pb check "$tap_tmp/bad"
line=$(grep -n '^decimal = comma$' "$tap_tmp/bad/study.ini" | cut -d: -f1)
is "$pb_status" 65 "decimal = comma is bad data"
ok "the message names the line and the values allowed" \
	grep -q "study.ini:$line:[0-9]*: decimal must be point or language ('comma')" "$pb_err_file"

done_testing
