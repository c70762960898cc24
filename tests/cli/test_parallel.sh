#!/bin/bash
# test_parallel.sh: reading a study on several threads (pairboot -j N)
# changes nothing a user sees: the same report, the same summary, and the
# same messages in the same order (runs.csv order) for a broken study.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
genstudy=$top_builddir/fixtures/genstudy

## The same report whatever the number of threads ----------------------
# The threads read the files and then bootstrap the comparisons and the
# differences between series side by side, so both show here.
for j in 1 2 3 8; do
	run_pb -q -j "$j" report "$study" --format json,md -o "$tap_tmp/rep-$j"
	is "$pb_status" 0 "report -j $j exits 0"
done
for j in 2 3 8; do
	for f in results.json en.md de.md cs.md ko.md; do
		ok "$f of -j 1 and -j $j are identical" \
			cmp "$tap_tmp/rep-1/$f" "$tap_tmp/rep-$j/$f"
	done
done
# With the figures: each language's are drawn in a process of its own
# (common/forkpool.h) when -j allows more than one, the PNG images of a
# language encoded on a thread beside them; -j 1 draws all in turn.
for j in 1 3; do
	run_pb -q -j "$j" report "$study" -o "$tap_tmp/full-$j"
	is "$pb_status" 0 "the whole report at -j $j exits 0"
done
ok "the whole report, figures and PDFs included, is the same at -j 1 and 3" \
	diff -r "$tap_tmp/full-1" "$tap_tmp/full-3"
ok "and so is the list of its files in the report's marker" \
	cmp "$tap_tmp/full-1/.pairboot-report" "$tap_tmp/full-3/.pairboot-report"
# --timings adds its lines on stderr and changes nothing else, with the
# figures drawn in child processes.
run_pb -q -j 3 --timings report "$study" -o "$tap_tmp/full-3t"
is "$pb_status" 0 "the whole report with --timings exits 0"
ok "and is the same report" diff -r "$tap_tmp/full-1" "$tap_tmp/full-3t"
is "$(sed -n 's/^pairboot: timing: \([a-z]*\): .*/\1/p' "$pb_err_file" |
	tr '\n' ' ')" "ingest statistics bootstrap render total " \
	"--timings prints one line a phase, then the total"
ok "each with its wall and CPU time and peak memory" \
	grep -Eq '^pairboot: timing: render: wall [0-9]+\.[0-9]{3} s, cpu [0-9]+\.[0-9]{3} s, peak RSS [0-9]+\.[0-9] MB$' \
	"$pb_err_file"
# A text the fonts cannot draw: refused before any figure is drawn, with
# the same message and status whatever the processes.  The German label
# of series 1, and then the title, hold a Tibetan letter that the pinned
# fonts lack.  (tests/unit/test_figures draws such text, for the figures'
# own failure.)
cp -r "$top_srcdir/tests/data/tiny" "$tap_tmp/glyph"
sed -i 's/^format = 1$/format = 2/
	s/^label = Series 1$/label = Series 1\nlabel[de] = Serie \xe0\xbd\x80/' \
	"$tap_tmp/glyph/study.ini"
for case in label title; do
	[ "$case" = title ] &&
		sed -i 's/^title = Tiny test study$/& \xe0\xbd\x80/' \
			"$tap_tmp/glyph/study.ini"
	for j in 1 3; do
		run_pb -q -j "$j" report "$tap_tmp/glyph" -o "$tap_tmp/glyph-$j"
		is "$pb_status" 65 "$case without a glyph, -j $j: exit 65"
		cp "$pb_err_file" "$tap_tmp/glyph-$case-$j.err"
	done
	ok "$case without a glyph: the same messages at -j 1 and -j 3" \
		cmp "$tap_tmp/glyph-$case-1.err" "$tap_tmp/glyph-$case-3.err"
done
label_line=$(grep -n '^label\[de\] = ' "$tap_tmp/glyph/study.ini" | cut -d: -f1)
title_line=$(grep -n '^title = ' "$tap_tmp/glyph/study.ini" | cut -d: -f1)
ok "the German label is named at its line" \
	grep -q "^pairboot: $tap_tmp/glyph/study.ini:$label_line:[0-9]*: the fonts .* have no glyph for U+0F40" \
	"$tap_tmp/glyph-label-3.err"
ok "the first text in study.ini that fails is named, and nothing after it" \
	test "$(grep -c 'have no glyph' "$tap_tmp/glyph-title-3.err")" = 1 -a \
	"$(grep -c "study.ini:$title_line:" "$tap_tmp/glyph-title-3.err")" = 1
ok "no report folder is left" test ! -e "$tap_tmp/glyph-3"
run_pb -q --jobs=3 report "$study" --format json -o "$tap_tmp/rep-3l"
ok "--jobs=3 is the long form and gives the same report" \
	cmp "$tap_tmp/rep-1/results.json" "$tap_tmp/rep-3l/results.json"

# A study of many small runs (genstudy large, scaled down): more runs than
# threads, so threads finish out of order.
"$genstudy" large "$tap_tmp/many" --states 4 --series 2 --blocks 12 \
	--periods 50 >/dev/null 2>&1 ||
	{ echo "Bail out! genstudy large failed"; exit 1; }
for j in 1 2 8; do
	run_pb -j "$j" check "$tap_tmp/many"
	cp "$pb_out_file" "$tap_tmp/many-check-$j"
done
is "$(sed -n 's/^runs: //p' "$tap_tmp/many-check-1")" \
	"96, 96 accepted, 0 excluded" \
	"the scaled-down study has 4 x 2 x 12 runs"
is "$(sed -n 's/^periods read: //p' "$tap_tmp/many-check-1")" "4800" \
	"and 96 x 50 periods"
ok "check -j 1 and -j 2 print the same summary (digest included)" \
	cmp "$tap_tmp/many-check-1" "$tap_tmp/many-check-2"
ok "check -j 1 and -j 8 print the same summary" \
	cmp "$tap_tmp/many-check-1" "$tap_tmp/many-check-8"
# Its 6 comparisons and 3 differences between series outnumber the
# threads, so they finish out of order; their intervals must not move.
for j in 1 2 3 8; do
	run_pb -q -j "$j" report "$tap_tmp/many" --format json,md --lang en \
		-o "$tap_tmp/many-rep-$j"
	is "$pb_status" 0 "report -j $j of the scaled-down study exits 0"
done
is "$(grep -c '"stream_seed"' "$tap_tmp/many-rep-1/results.json")" 6 \
	"the scaled-down study has 6 comparisons"
for j in 2 3 8; do
	ok "its results.json of -j 1 and -j $j are identical" \
		cmp "$tap_tmp/many-rep-1/results.json" \
		"$tap_tmp/many-rep-$j/results.json"
	ok "its page of -j 1 and -j $j are identical" \
		cmp "$tap_tmp/many-rep-1/en.md" "$tap_tmp/many-rep-$j/en.md"
done

## Bad -j values --------------------------------------------------------
for bad in 0 -1 x 257 ''; do
	run_pb -j "$bad" check "$study"
	is "$pb_status" 64 "-j '$bad' is a usage error"
done

## A broken study: messages in runs.csv order, whatever N ---------------
broken=$tap_tmp/broken
cp -r "$study" "$broken"
# Problems in three latency files and a mechanism log, early and late in
# runs.csv (s1-b02-10 is row 12, s2-b07-0 row 88, mech-10-1 row 106).
sed -i '5s/,[0-9.]*$/,abc/' "$broken/latency/s1-b02-10.csv"
sed -i '3s/,[0-9.]*$/,nan/; 7s/,[0-9.]*$/,-1/' "$broken/latency/s2-b07-0.csv"
sed -i '2s/^/oops /' "$broken/mechanism/mech-10-1.log"
rm "$broken/latency/s1-b05-20.csv"
for j in 1 2 8; do
	run_pb -j "$j" check "$broken"
	# 65: the first problem, bad data, decides (a missing file alone
	# would give 66).
	is "$pb_status" 65 "check -j $j of the broken study exits 65"
	cp "$pb_err_file" "$tap_tmp/err-$j"
done
ok "-j 1 and -j 2 print the same messages in the same order" \
	cmp "$tap_tmp/err-1" "$tap_tmp/err-2"
ok "-j 1 and -j 8 print the same messages in the same order" \
	cmp "$tap_tmp/err-1" "$tap_tmp/err-8"
# The order is runs.csv's: s1-b02-10 (row 12), s1-b05-20, s2-b07-0 (two
# messages, lines 3 and 7), mech-10-1 (row 106), then the count.
files=$(sed -n 's/^pairboot: [^ ]*\/\(latency\|mechanism\)\/\([^:]*\):.*/\2/p; s/^pairboot: .*file .latency\/\([^.]*\)\.csv. of run .*/\1 missing/p' \
	"$tap_tmp/err-2" | tr '\n' ' ')
is "$files" "s1-b02-10.csv s1-b05-20 missing s2-b07-0.csv s2-b07-0.csv mech-10-1.log " \
	"messages come in runs.csv order"
ok "each message names line and column" \
	grep -q "latency/s2-b07-0.csv:7:[0-9]*: latency_us is negative" \
	"$tap_tmp/err-8"
is "$(tail -n 1 "$tap_tmp/err-8")" \
	"pairboot: $broken: 5 problems found" "the count is the same"

done_testing
