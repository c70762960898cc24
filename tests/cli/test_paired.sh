#!/bin/bash
# test_paired.sh: `report --figures paired[=STATES]` draws the paired
# figure of each chosen state in each language and figure format written,
# and nothing more; the default report has none; the same bytes on every
# run; one line a block in each series' colour; a state that is not one
# of the study's (as the page writes it), the reference, one given twice,
# an unknown figure or a --format with none of svg, png and pdf is a usage
# error (64) and nothing is written.  The pages link the paired figures
# asked for, and verify reads which from the page as it reads the figures'
# address; the PDF report holds them; every SVG has a <title> and <desc>,
# its alt text on the page.
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
# The page with it: the plain page and one image more a state, after the
# per-boot figure, in the study's order.
is "$(diff "$out/plain/en.md" "$out/two/en.md" | grep '^[<>] .' | sed 's/^> !\[Paired difference in p99: .*](\(.*\))$/\1/')" \
"paired-missing.en.svg
paired-10.en.svg" \
	"the page links the paired figures asked for, and nothing else changes"
run_pb verify "$mmcss" -a "$out/two/en.md"
is "$pb_status" 0 "verify: a page linking paired figures follows from the data"
run_pb verify "$mmcss" -a "$out/two/ko.md"
is "$pb_status" 0 "verify: so does the Korean one"
sed 's/`\[-3.035; +4.870\]`, not established, N = 10.](paired-10/`[-3.035; +4.990]`, not established, N = 10.](paired-10/' \
	"$out/two/en.md" >"$out/edited.md"
is "$(cmp -s "$out/two/en.md" "$out/edited.md"; echo $?)" 1 "the edit took"
run_pb verify "$mmcss" -a "$out/edited.md"
is "$pb_status" 1 "verify: an edited bound in a paired figure's alt text fails"
sed 's/N = 10.](paired-missing/N = 11.](paired-missing/' \
	"$out/two/en.md" >"$out/edited.md"
run_pb verify "$mmcss" -a "$out/edited.md"
is "$pb_status" 1 "verify: an edited N fails"

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
bad "--figures paired with --format md,json" \
	"--figures paired draws SVG and PNG files and pages of the PDF report, but --format holds none of svg, png and pdf" \
	--format md,json --figures paired
bad "--figures paired=10 before --format json" "--format holds none of svg, png and pdf" \
	--figures paired=10 --format json

## the PDF -------------------------------------------------------------
run_pb report "$mmcss" -o "$out/pdf" --lang en,ko --format md,pdf \
	--figures paired=10,missing
is "$pb_status:$(paired "$out/pdf")" "0:" \
	"--figures paired with --format md,pdf: exit 0, no SVG or PNG file"
run_pb report "$mmcss" -o "$out/pdf0" --lang en,ko --format md,pdf
for l in en ko; do
	n=$(pdfinfo "$out/pdf/report.$l.pdf" | awk '/^Pages:/ { print $2 }')
	n0=$(pdfinfo "$out/pdf0/report.$l.pdf" | awk '/^Pages:/ { print $2 }')
	ok "$l: the PDF is longer with the paired figures ($n0 -> $n pages)" \
		test "$n" -gt "$n0"
done
txt=$(pdftotext "$out/pdf/report.en.pdf" - | tr '\n' ' ')
case $txt in
*"Paired difference in p99: state \"missing\" against state 20"*"Paired difference in p99: state 10 against state 20"*)
	r=0 ;;
*) r=1 ;;
esac
is "$r" 0 "the PDF holds the paired figures of missing and 10, in the study's order"
case $txt in
*"Paired difference in p99: state 0 against"*) r=1 ;;
*) r=0 ;;
esac
is "$r" 0 "and no other state's"

## SVG title and description --------------------------------------------
# xml_text FILE TAG: the text of the first <TAG> of FILE, its entities
# resolved.
xml_text() {
	sed -n "s|^<$2>\(.*\)</$2>\$|\1|p" "$1" | head -1 |
		sed -e 's/&apos;/'"'"'/g' -e 's/&quot;/"/g' -e 's/&lt;/</g' \
		    -e 's/&gt;/>/g' -e 's/&amp;/\&/g'
}
# md_alt PAGE FILE: the alt text of image FILE on PAGE, as plain text
# (code spans' backticks and backslash escapes dropped).
md_alt() {
	grep -o "!\[.*\]($2)" "$1" | sed -e 's/^!\[//' -e "s/]($2)\$//" \
		-e 's/`//g' -e 's/\\\(.\)/\1/g'
}
for f in interval boots mechanism; do
	for l in en ko; do
		want=$(md_alt "$out/two/$l.md" "$f.$l.svg")
		ok "$f.$l.svg: the page has an alt text for it" test -n "$want"
		is "$(xml_text "$out/two/$f.$l.svg" title)" "$want" \
			"$f.$l.svg: its <title> is the page's alt text"
		is "$(xml_text "$out/two/$f.$l.svg" desc)" "$want" \
			"$f.$l.svg: its <desc> is the page's alt text"
	done
done
# The compare figure's, from its page; the plan figure, which no page
# shows, is titled by its own title and subtitle.
cmpdir=$top_srcdir/reports/compare-mmcss-26200.9168-mmcss-newbuild
plandir=$top_srcdir/reports/plan-mmcss-26200.9168
for l in en cs; do
	want=$(md_alt "$cmpdir/compare.$l.md" "compare.$l.svg")
	ok "compare.$l.svg: the page has an alt text for it" test -n "$want"
	is "$(xml_text "$cmpdir/compare.$l.svg" desc)" "$want" \
		"compare.$l.svg: its <desc> is the page's alt text"
done
case $(xml_text "$plandir/plan.en.svg" title) in
"Assurance of a correct decisive verdict by blocks per series. Dashed: the targets;"*)
	r=0 ;;
*) r=1 ;;
esac
is "$r" 0 "plan.en.svg: titled by the figure's title and subtitle"
svg=$out/two/paired-10.en.svg
ok "paired-10.en.svg: <title> and <desc> right after the root element" \
	test "$(sed -n '3s/>.*//p;4s/>.*//p' "$svg" | tr '\n' ' ')" = "<title <desc "
alt=$(xml_text "$svg" desc)
is "$(xml_text "$svg" title)" "$alt" "paired-10.en.svg: title and description alike"
is "$alt" "$(md_alt "$out/two/en.md" paired-10.en.svg)" \
	"paired-10.en.svg: its description is the page's alt text"
case $alt in
"Paired difference in p99: state 10 against state 20. Series 1: +0.625 ms [-0.919; +2.214], not established, N = 10. Series 2: +0.975 ms [-3.035; +4.870], not established, N = 10.")
	r=0 ;;
*) r=1 ;;
esac
is "$r" 0 "paired-10.en.svg: the alt text gives estimate, interval, verdict and N ($alt)"
# Korean: the reference first, "20 대비", then the state, a code span or
# the quoted name of the missing value; the verdicts in the table's words.
is "$(md_alt "$out/two/ko.md" paired-10.ko.svg)" \
	"p99 대응 차이: 상태 20 대비 상태 10. 시리즈 1: +0.625 ms [-0.919; +2.214], 확인되지 않음, N = 10. 시리즈 2: +0.975 ms [-3.035; +4.870], 확인되지 않음, N = 10." \
	"paired-10.ko.svg: the alt text names the reference, then the state"
is "$(md_alt "$out/two/ko.md" paired-missing.ko.svg)" \
	"p99 대응 차이: 상태 20 대비 상태 ‘없음’. 시리즈 1: +11.640 ms [+10.088; +13.302], 실질적 악화, N = 10. 시리즈 2: +12.494 ms [+9.757; +15.505], 실질적 악화, N = 10." \
	"paired-missing.ko.svg: the missing value by its quoted name, harm as 악화"
for l in en ko; do
	for st in 10 missing; do
		n=$(xml_text "$out/two/paired-$st.$l.svg" desc | wc -m)
		ok "paired-$st.$l.svg: the alt text is under 400 characters ($n)" \
			test "$n" -lt 400
	done
done

done_testing
