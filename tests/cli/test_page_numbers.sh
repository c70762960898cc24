#!/bin/bash
# test_page_numbers.sh: every number on a German or Czech page of a study
# whose numbers take the language's decimal comma is written with that
# comma, and joined to its unit or '%' by a NO-BREAK SPACE (U+00A0).
#
# The pages: the study page and PDF of the MMCSS example without
# `decimal = point`, the page and PDF of its comparison with the new build
# (whose baseline, Series 2, has a fragile endpoint: the note that places
# it beside the threshold is one of the paths checked), the page of the
# power plan study with its threshold moved onto an interval endpoint
# (a fragile endpoint on a study page, whose note verify checks), the plan
# tables of
# a small study (fixed sizes and a sequential design) and the page of a
# sequential study.  Besides, every German and Czech page of reports/.
#
# What is not a number of pairboot's and so is left out, on purpose:
#   - the study's own text quoted as written: its build ("Build
#     26200.9168", a version), its title, and a code span whose text is a
#     value of its study.ini (a state written `0.5` is the study's name
#     for it, not a number pairboot formatted);
#   - words with a dot inside a name: file names (docs/statistics.md,
#     interval.de.svg), which a letter or '/' precedes or follows;
#   - dotted versions of three parts (the PDF's "cairo 1.16.0"), on the
#     PDF's "Made with" line only.
# Digests are hexadecimal without a dot and need no exception.  Each left
# out span is removed before the search, so the rest of its line is still
# searched.  The search itself is checked: it finds the points of an
# English page.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

old=$tap_tmp/old
new=$tap_tmp/new
cp -R "$top_srcdir/fixtures/mmcss-26200.9168" "$old"
cp -R "$top_srcdir/fixtures/mmcss-newbuild" "$new"
sed -i '/^decimal = point$/d' "$old/study.ini" "$new/study.ini"

# strip FILE STUDY_INI...: FILE with what is left out above replaced by
# '@': the study's text quoted as written (its build and every value of
# its study.ini longer than 20 bytes: title, metric, notes), each code
# span of a value of study.ini, and the PDF's line of library versions.
strip() {
	local file=$1 values
	shift
	# The values of the study.ini files: right of "key = ", and each
	# item of a ';' list.
	values=$(sed -n 's/^[a-z_0-9.]*\(\[[a-z]*\]\)\? = //p' "$@" |
		tr ';' '\n' | sort -u)
	VALUES=$values LC_ALL=C awk '
	BEGIN {
		n = split(ENVIRON["VALUES"], v, "\n")
		for (i = 1; i <= n; i++)
			if (v[i] != "")
				code["`" v[i] "`"] = 1
		# The page escapes a number and a point that could start a
		# list ("99\\. Perzentil"): the value as the page writes it.
		for (i = 1; i <= n; i++)
			if (match(v[i], /^[0-9]+\. /))
				v[++n] = substr(v[i], 1, RLENGTH - 2) "\\." \
					 substr(v[i], RLENGTH)
	}
	{
		s = $0
		for (i = 1; i <= n; i++)
			if (v[i] ~ /^[0-9]+\.[0-9.]+$/ || length(v[i]) > 20)
				while ((p = index(s, v[i])) > 0)
					s = substr(s, 1, p - 1) "@" \
					    substr(s, p + length(v[i]))
		for (c in code)
			while ((p = index(s, c)) > 0)
				s = substr(s, 1, p - 1) "@" \
				    substr(s, p + length(c))
		if (s ~ /cairo [0-9]+\.[0-9]+\.[0-9]+/)
			s = "@"
		print s
	}' "$file"
}

# points FILE STUDY_INI...: the lines of FILE (stripped) that hold a
# number written with a decimal point: digits, a point, digits, not part
# of a name (no letter, '/', '.' or '_' right before, no letter, '/' or
# '_' right after, nor a point and a letter); nothing when there is none.
points() {
	strip "$@" | LC_ALL=C awk '
	{
		t = $0
		while (match(t, /[0-9]+\.[0-9]+/)) {
			before = RSTART > 1 ? substr(t, RSTART - 1, 1) : ""
			after = substr(t, RSTART + RLENGTH, 2)
			if (before !~ /[A-Za-z\/._]/ && after !~ /^[A-Za-z\/_]/ &&
			    after !~ /^\.[a-z]/) {
				print NR ": " $0
				break
			}
			t = substr(t, RSTART + RLENGTH)
		}
	}'
}

# spaced FILE STUDY_INI...: the lines of FILE (stripped) where a digit and
# "ms" or "%" stand apart with a plain space, not a NO-BREAK SPACE.
spaced() {
	strip "$@" | LC_ALL=C grep -n -E '[0-9] (ms|%)([^A-Za-z]|$)'
}

# no_points NAME FILE STUDY_INI...: the test that FILE has no number with
# a point, the offending lines in its diagnostics.
no_points() {
	local name=$1 found
	shift
	found=$(points "$@")
	[ -n "$found" ] && diag "$found"
	ok "$name" test -z "$found"
}

no_spaced() {
	local name=$1 found
	shift
	found=$(spaced "$@")
	[ -n "$found" ] && diag "$found"
	ok "$name" test -z "$found"
}

## The study page, its comparison, their PDFs ---------------------------------
run_pb -q report "$old" -o "$tap_tmp/rep" --lang en,de,cs --format md,pdf
is "$pb_status" 0 "report of the comma study"
run_pb -q compare "$old" "$new" -o "$tap_tmp/cmp"
is "$pb_status" 0 "compare of the comma studies"

# The search can fail: the English page has points.
ok "the search finds the numbers with a point of the English page" \
	test -n "$(points "$tap_tmp/rep/en.md" "$old/study.ini")"
# What the brief of the fragile endpoint reads, in both languages: the
# distance and the threshold with a comma, each with its unit.
ok "de: the fragile endpoint of the baseline, with commas" grep -qF -e \
	"- Ausgangswert, Serie 2: Die untere Intervallgrenze liegt 0,016${nb}ms innerhalb der Schwelle -1,784${nb}ms (beurteilt anhand des Monte-Carlo-Fehlers); ein anderer Seed könnte das Urteil ändern." \
	"$tap_tmp/cmp/compare.de.md"
ok "cs: the same" grep -qF "0,016${nb}ms na vnitřní straně prahu -1,784${nb}ms" \
	"$tap_tmp/cmp/compare.cs.md"

for l in de cs; do
	no_points "$l.md: no number with a point" "$tap_tmp/rep/$l.md" \
		"$old/study.ini"
	no_points "compare.$l.md: no number with a point" \
		"$tap_tmp/cmp/compare.$l.md" "$old/study.ini" "$new/study.ini"
	no_spaced "$l.md: a no-break space before each unit and %" \
		"$tap_tmp/rep/$l.md" "$old/study.ini"
	no_spaced "compare.$l.md: the same" "$tap_tmp/cmp/compare.$l.md" \
		"$old/study.ini" "$new/study.ini"
done
ok "en.md: a plain space before the unit, as before" \
	grep -qF '`+11.640 ms` `[+10.088; +13.302]`' "$tap_tmp/rep/en.md"
ok "en.md: no no-break space before a unit or %" \
	sh -c "! LC_ALL=C grep -q -E '[0-9]${nb}(ms|%)' '$tap_tmp/rep/en.md'"

if command -v pdftotext >/dev/null 2>&1; then
	for f in rep/report.de.pdf rep/report.cs.pdf cmp/compare.de.pdf \
		 cmp/compare.cs.pdf; do
		pdftotext -enc UTF-8 "$tap_tmp/$f" "$tap_tmp/pdf.txt"
		no_points "$f: no number with a point" "$tap_tmp/pdf.txt" \
			"$old/study.ini" "$new/study.ini"
	done
else
	skip "the PDFs' numbers" "pdftotext is not installed"
fi

## A study page with a fragile endpoint -----------------------------------------
# The power plan study with its threshold moved onto the lower endpoint of
# High performance in Series 1 (-0.308): the endpoint lies 0.0003 ms beyond
# it, within what the exact bootstrap can tell, and the page says so.
frag=$tap_tmp/fragile
cp -R "$top_srcdir/fixtures/powerplan" "$frag"
sed -i 's/^threshold = .*/threshold = 0.308/' "$frag/study.ini"
run_pb -q report "$frag" -o "$tap_tmp/frag" --lang en,de,cs --format md
is "$pb_status" 0 "report of a study with a fragile endpoint"
ok "en: the note, with points" grep -qF \
	"the lower endpoint lies 0.0003 ms outside the boundary -0.308 ms" \
	"$tap_tmp/frag/en.md"
ok "de: the note, with commas and no-break spaces" grep -qF -e \
	"- Serie 1, \`High performance\`: Die untere Intervallgrenze liegt 0,0003${nb}ms außerhalb der Schwelle -0,308${nb}ms (beurteilt anhand des exakten Bootstraps)" \
	"$tap_tmp/frag/de.md"
ok "cs: the same" grep -qF "0,0003${nb}ms na vnější straně prahu -0,308${nb}ms" \
	"$tap_tmp/frag/cs.md"
for l in de cs; do
	no_points "fragile $l.md: no number with a point" "$tap_tmp/frag/$l.md" \
		"$frag/study.ini"
	no_spaced "fragile $l.md: a no-break space before each unit and %" \
		"$tap_tmp/frag/$l.md" "$frag/study.ini"
done
# The note's numbers are the page's: verify checks them.
run_pb verify "$frag" --against "$tap_tmp/frag/de.md"
is "$pb_status" 0 "verify: the German page with the note follows from the data"
sed "s/liegt 0,0003${nb}ms/liegt 0,0009${nb}ms/" "$tap_tmp/frag/de.md" \
	>"$tap_tmp/frag-edited.md"
run_pb verify "$frag" --against "$tap_tmp/frag-edited.md"
is "$pb_status:$(grep -c '^MISMATCH .*published 0,0009, recomputed 0,0003$' "$pb_out_file")" \
	"1:1" "verify: an edited distance in the note is a MISMATCH"

## The plan tables: fixed sizes and a sequential design -----------------------
study=$tap_tmp/tstudy
run_pb plan new "$study" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 20 \
	--threshold 1.5 --seed 7 --states '0;10;20' --series 1 --blocks 8 \
	--interval t
"$top_builddir/fixtures/genstudy" fill "$study" >/dev/null
run_pb -q plan "$study" --max-blocks 30 --lang de,cs -o "$tap_tmp/plan"
is "$pb_status" 0 "plan of a small study"
run_pb -q plan "$study" --max-blocks 36 --look-every 6 --lang de,cs \
	-o "$tap_tmp/seqplan"
is "$pb_status" 0 "plan of a sequential design"
for l in de cs; do
	no_points "plan.$l.txt: no number with a point" \
		"$tap_tmp/plan/plan.$l.txt" "$study/study.ini"
	no_points "plan.$l.txt, sequential: no number with a point" \
		"$tap_tmp/seqplan/plan.$l.txt" "$study/study.ini"
	no_spaced "plan.$l.txt: a no-break space before each %" \
		"$tap_tmp/plan/plan.$l.txt" "$study/study.ini"
	no_spaced "plan.$l.txt, sequential: the same" \
		"$tap_tmp/seqplan/plan.$l.txt" "$study/study.ini"
done

## A sequential study's page ---------------------------------------------------
seq=$tap_tmp/hpet
run_pb -q plan new "$seq" --title "HPET on or off" --build 26100.1 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference off --threshold 0.25 --seed 11 \
	--states "off;on" --state-type name --series 2 --blocks 20 \
	--look-every 10 --boundary pocock --interval t
"$top_builddir/fixtures/genstudy" fill "$seq" --seed 5 --periods 200 \
	--shift on=2.0 >/dev/null
run_pb -q report "$seq" -o "$tap_tmp/seqrep" --lang de,cs --format md
is "$pb_status" 0 "report of a sequential study"
for l in de cs; do
	no_points "sequential $l.md: no number with a point" \
		"$tap_tmp/seqrep/$l.md" "$seq/study.ini"
	no_spaced "sequential $l.md: a no-break space before each unit and %" \
		"$tap_tmp/seqrep/$l.md" "$seq/study.ini"
done

## The committed reports --------------------------------------------------------
# Their studies may ask for `decimal = point`; the space before a unit is
# the language's whatever the decimal mark.  The study text of every
# bundled study is left out (a site's index quotes several).
for f in "$top_srcdir"/reports/*/de.md "$top_srcdir"/reports/*/cs.md \
	 "$top_srcdir"/reports/*/*.de.md "$top_srcdir"/reports/*/*.cs.md \
	 "$top_srcdir"/reports/site/*/de.md "$top_srcdir"/reports/site/*/cs.md \
	 "$top_srcdir"/reports/*.de.txt "$top_srcdir"/reports/*/*.de.txt \
	 "$top_srcdir"/reports/*/*.cs.txt; do
	[ -f "$f" ] || continue
	no_spaced "${f#"$top_srcdir"/}: a no-break space before each unit and %" \
		"$f" "$top_srcdir"/fixtures/*/study.ini
done

done_testing
