#!/bin/bash
# test_paired.sh: `report --figures paired[=STATES]` draws the paired
# figure of each chosen state in each language and figure format written,
# and nothing more; the default report has none; the same bytes on every
# run; one line a block in each series' colour; a state that is not one
# of the study's (as the page writes it), the reference, one given twice,
# an unknown figure or a --format with neither svg nor png (the PDF does
# not hold the paired figures) is a usage error (64) and nothing is
# written.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

mmcss=$top_srcdir/fixtures/mmcss-26200.9168
power=$top_srcdir/fixtures/powerplan
out=$tap_tmp/out

# paired DIR: the paired figures of DIR, sorted, on one line.
paired() {
	(cd "$1" && ls | grep '^paired-' | sort | tr '\n' ' ')
}

run_pb report "$mmcss" -o "$out/two" --lang en,ko --format md,svg \
	--figures paired=10,missing
is "$pb_status" 0 "--figures paired=10,missing: exit 0"
is "$(paired "$out/two")" \
	"paired-10.en.svg paired-10.ko.svg paired-missing.en.svg paired-missing.ko.svg " \
	"the chosen states, the chosen languages, only the SVG asked for"

# The missing state by the word any page writes for it, in a table or
# quoted in a sentence.
for name in 없음 fehlt chybí '„chybí“' '"missing"' "‘없음’"; do
	run_pb report "$mmcss" -o "$out/named" --lang en --format svg \
		--figures "paired=$name"
	is "$pb_status:$(paired "$out/named")" "0:paired-missing.en.svg " \
		"--figures paired=$name: the missing state's figure"
	rm -rf "$out/named"
done
run_pb report "$mmcss" -o "$out/twice" --lang en --format svg \
	--figures paired=missing,없음
is "$pb_status" 64 "--figures paired=missing,없음: the same state twice"

run_pb report "$mmcss" -o "$out/plain" --lang en,ko --format md,svg
is "$(paired "$out/plain")" "" "without --figures: no paired figure"
ok "and the pages are the same bytes with or without it" \
	cmp "$out/plain/en.md" "$out/two/en.md"

run_pb report "$mmcss" -o "$out/all" --lang de --format svg,png \
	--figures paired
is "$(paired "$out/all")" \
	"paired-0.de.png paired-0.de.svg paired-10.de.png paired-10.de.svg paired-100.de.png paired-100.de.svg paired-missing.de.png paired-missing.de.svg " \
	"--figures paired: every compared state, SVG and PNG, not the reference"

run_pb report "$mmcss" -o "$out/again" --lang de --format svg,png \
	--figures paired
same=0
for f in "$out/all"/paired-*; do
	cmp -s "$f" "$out/again/${f##*/}" || same=1
done
is "$same" 0 "a second run gives the same bytes in every paired figure"

run_pb report "$power" -o "$out/named" --lang en --format svg \
	--figures 'paired=High performance'
is "$pb_status:$(paired "$out/named")" "0:paired-High_20performance.en.svg " \
	"a named state with a blank: its file name spells the blank as _20"

# lines FILE COLOUR: the lines joining the two runs of a block in the
# series colour COLOUR (the legend's swatch is wider, 1.35).
lines() {
	grep -c "stroke-width:0.9;[^\"]*stroke:rgb($2);stroke-opacity:0.6;" "$1"
}
blue='0%,44.705882%,69.803922%'
vermillion='83.529412%,36.862745%,0%'
"$PAIRBOOT" -q report "$mmcss" -o "$out/json" --lang en --format json </dev/null
json=$out/json/results.json
for st in 10 missing; do
	p1=$(jq -r ".comparisons[] | select(.series == \"1\" and .state == \"$st\") | .pairs" "$json")
	p2=$(jq -r ".comparisons[] | select(.series == \"2\" and .state == \"$st\") | .pairs" "$json")
	is "$(lines "$out/two/paired-$st.en.svg" "$blue"):$(lines "$out/two/paired-$st.en.svg" "$vermillion")" \
		"$p1:$p2" "state $st: one line a block in each series ($p1 and $p2 pairs)"
done
ok "the density is drawn lightly, one path a series" \
	test "$(grep -c 'fill-opacity:0.28' "$out/two/paired-10.en.svg")" = 2

## usage errors --------------------------------------------------------
bad() {
	local name=$1 want=$2
	shift 2
	rm -rf "$out/bad"
	run_pb report "$mmcss" -o "$out/bad" --lang en "$@"
	is "$pb_status" 64 "$name: exit 64"
	ok "$name: the message says what is wrong" \
		grep -q -- "$want" "$pb_err_file"
	ok "$name: nothing is written" test ! -e "$out/bad"
}
bad "an unknown state" "unknown state '30' in --figures paired (states as the page writes them: missing, 0, 10, 100)" \
	--figures paired=10,30
bad "a state spelled otherwise than on the page" "unknown state '0x0A'" \
	--figures paired=0x0A
bad "the reference state" "state '20' in --figures paired is the reference" \
	--figures paired=20
bad "a state given twice" "state '10' given twice" --figures paired=10,0,10
bad "an empty state" "empty state name" --figures paired=10,,0
bad "no state after =" "no state after" --figures paired=
bad "an unknown figure" "unknown figure 'pairs'" --figures pairs
bad "--figures given twice" "given twice" --figures paired --figures paired=10
bad "--figures paired with --format md,pdf" \
	"--figures paired draws SVG and PNG files, but --format holds neither svg nor png" \
	--format md,pdf --figures paired
bad "--figures paired=10 before --format json" "--format holds neither svg nor png" \
	--figures paired=10 --format json

done_testing
