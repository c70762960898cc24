#!/bin/bash
# test_named_states.sh: a study whose states are names, end to end.
#
# tests/data/named is a format 2 study with state_type = name and the
# states "Balanced", "High performance" and "Power saver".  This runs
# check, report and verify on it and looks for the names, spelled exactly
# as study.ini lists them, where readers see them: the check summary, the
# page's comparison table, every state field of results.json and the text
# of the figures (as drawn into the PDF report: the SVG files hold glyph
# outlines, not text).  A format 1 study whose states list spells a state
# 0x14 while runs.csv writes 20 must print 0x14 everywhere as well.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

named=$top_srcdir/tests/data/named
out=$tap_tmp/report

run_pb check "$named"
is "$pb_status" 0 "check accepts the named-state study"
ok "check lists the names and the reference as study.ini spells them" \
	grep -qxF 'states: Balanced, High performance, Power saver; reference Balanced' \
	"$pb_out_file"

run_pb -q report "$named" -o "$out"
is "$pb_status" 0 "report writes the named-state study"

# The comparison table: one row per state other than the reference.
ok "en.md: the table compares with \`Balanced\`" \
	grep -qF '| Comparison with `Balanced` |' "$out/en.md"
ok "en.md: a row for \`High performance\`" \
	grep -q '^| `High performance` | ' "$out/en.md"
ok "en.md: a row for \`Power saver\`" \
	grep -q '^| `Power saver` | ' "$out/en.md"
ok "de.md: a row for \`High performance\`" \
	grep -q '^| `High performance` | ' "$out/de.md"

# results.json: the plan's list and type, and every field that holds a
# state, hold one of the three names.
json=$out/results.json
is "$(jq -c '.plan.states' "$json")" \
	'["Balanced","High performance","Power saver"]' \
	"results.json: plan.states as listed"
is "$(jq -r '.plan.reference' "$json")" Balanced \
	"results.json: plan.reference"
is "$(jq -r '.plan.state_type' "$json")" name \
	"results.json: plan.state_type is name"
is "$(jq -r '[.. | objects | (.state?, .reference?) | strings] | unique | join(";")' "$json")" \
	'Balanced;High performance;Power saver' \
	"results.json: every state and reference field holds a listed name"
is "$(jq '[.runs[] | select(.state == "High performance")] | length' "$json")" 6 \
	"results.json: six runs of High performance"

# The figures: the interval and boots figures name the reference state.
if command -v pdftotext >/dev/null 2>&1; then
	pdftotext -enc UTF-8 "$out/report.en.pdf" "$tap_tmp/en.txt"
	ok "interval figure: titled with the reference name" \
		grep -qF 'Mean of frame_us per boot: difference from state Balanced' "$tap_tmp/en.txt"
	ok "boots figure: pairs with the reference name" \
		grep -qF 'paired with state Balanced' "$tap_tmp/en.txt"
	ok "interval figure: the state labels" \
		grep -qxF 'High performance' "$tap_tmp/en.txt"
else
	skip "figure text" "pdftotext is not installed"
fi
ok "the SVG figures are written" test -s "$out/interval.en.svg"

# verify reads the names back from its own pages and results.json.
for f in en.md de.md cs.md ko.md results.json; do
	run_pb verify "$named" --against "$out/$f"
	is "$pb_status" 0 "verify accepts its own $f"
done

# compare refuses a number study against a named one, at state_type.
run_pb compare "$top_srcdir/tests/data/tiny" "$named" -o "$tap_tmp/cmp"
is "$pb_status" 65 "compare refuses numbers against names"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $named/study.ini:8:14: 'state_type' differs: old 'number', new 'name'; studies that measure different things are not compared" \
	"compare says the state types differ"

# compare of the named study with its own results.json matches by name.
run_pb -q compare "$named" "$json" -o "$tap_tmp/cmp2"
is "$pb_status" 0 "compare reads names back from results.json"
ok "the compare page names the states" \
	grep -q '^| `High performance` | ' "$tap_tmp/cmp2/compare.en.md"

# Names holding Markdown: a '|' must not end the table cell, backticks
# and '*' must not become markup, and verify must read them back.
odd=$tap_tmp/odd
cp -R "$named" "$odd" && chmod -R u+w "$odd"
sed -i 's/^states = .*/states = Balanced; High|perf; Power `saver` *x*/' \
	"$odd/study.ini"
sed -i 's/,High performance,/,High|perf,/; s/,Power saver,/,Power `saver` *x*,/' \
	"$odd/runs.csv"
run_pb -q report "$odd" -o "$tap_tmp/odd-report"
is "$pb_status" 0 "report writes names holding Markdown"
ok "en.md: a '|' in a name is escaped in its cell" \
	grep -qF '| `High\|perf` | ' "$tap_tmp/odd-report/en.md"
ok "en.md: a name with backticks gets a longer fence" \
	grep -qF '| ``Power `saver` *x*`` | ' "$tap_tmp/odd-report/en.md"
for f in en.md ko.md results.json; do
	run_pb verify "$odd" --against "$tap_tmp/odd-report/$f"
	is "$pb_status" 0 "verify reads names holding Markdown from $f"
done

# A format 1 study: states = 10;0x14;100 while runs.csv writes 20.
hex=$tap_tmp/hex
cp -R "$top_srcdir/tests/data/tiny" "$hex" && chmod -R u+w "$hex"
sed -i 's/^states = 10;20;100$/states = 10;0x14;100/' "$hex/study.ini"
run_pb check "$hex"
is "$pb_status" 0 "check accepts 0x14 listed and 20 written"
ok "check prints 0x14 in the states and as the reference" \
	grep -qxF 'states: 10, 0x14, 100; reference 0x14' "$pb_out_file"
ok "check prints 0x14 for the excluded run written 20" \
	grep -qF 'pilot (series 1, block 1, state 0x14)' "$pb_out_file"
run_pb -q report "$hex" -o "$tap_tmp/hex-report" --format json
is "$pb_status" 0 "report writes the 0x14 study"
hexjson=$tap_tmp/hex-report/results.json
is "$(jq -r '.plan.reference' "$hexjson")" 0x14 \
	"results.json: plan.reference is 0x14 (not 20)"
is "$(jq -c '.plan.states' "$hexjson")" '["10","0x14","100"]' \
	"results.json: plan.states as listed"
is "$(jq '[.. | strings | select(. == "20" or . == "0x00000014")] | length' "$hexjson")" 0 \
	"results.json: no field spells the state 20 or 0x00000014"
is "$(jq '[.. | objects | .state? | select(. == "0x14")] | length > 5' "$hexjson")" true \
	"results.json: the runs, comparisons and conclusions say 0x14"
ok "results.json has no state_type for format 1" \
	test "$(jq '.plan | has("state_type")' "$hexjson")" = false
run_pb verify "$hex" --against "$hexjson"
is "$pb_status" 0 "verify matches 0x14 in results.json with the runs written 20"

# A boundary series of named states (observations only: a rule judges
# numbers): its rows come out grouped by state, whatever runs.csv's order.
bnd=$tap_tmp/bnd
cp -R "$named" "$bnd" && chmod -R u+w "$bnd"
printf '\n[series b]\nkind = boundary\n' >>"$bnd/study.ini"
mkdir -p "$bnd/mech"
i=0
for st in 'Power saver' Balanced 'Power saver' Balanced; do
	i=$((i + 1))
	printf 'event=query value=%d\n' "$i" >"$bnd/mech/b$i.log"
	printf 'bnd%d,b,1,,%s,yes,,,mech/b%d.log\n' "$i" "$st" "$i" \
		>>"$bnd/runs.csv"
done
run_pb -q report "$bnd" -o "$tap_tmp/bnd-report" --format json
is "$pb_status" 0 "boundary of named states: report written"
is "$(jq -r '[.boundary.rows[].written] | join(";")' \
	"$tap_tmp/bnd-report/results.json")" \
	'Balanced;Balanced;Power saver;Power saver' \
	"boundary of named states: rows ordered by state, then runs.csv order"

# A reference state named with a '|' (format 2 allows it): the header cell
# of the comparison table escapes it, as the body cells do, so the table is
# still a table in every language (was: the header had one cell too many
# and GitHub showed the whole table as plain text).
pipe=$tap_tmp/pipe
cp -R "$named" "$pipe" && chmod -R u+w "$pipe"
sed -i 's/Balanced/a|b/g' "$pipe/study.ini" "$pipe/runs.csv"
run_pb -q report "$pipe" -o "$tap_tmp/pipe-report" --format md
is "$pb_status" 0 "a reference named 'a|b': report written"
for lang in en de cs ko; do
	page=$tap_tmp/pipe-report/$lang.md
	is "$(grep -B1 -m1 '^|---' "$page" | head -n 1 | grep -cF '`a\|b`')" 1 \
		"$lang: the header cell writes the reference \`a\\|b\`"
	if command -v cmark-gfm >/dev/null 2>&1; then
		# The comparison table: a header of three cells, and a row for
		# each of the two other states.
		is "$(cmark-gfm -e table "$page" | tr -d '\n' |
			grep -o '<table>.*</table>' | head -n 1 |
			sed 's,</table>.*,,' | grep -o '<th>' | wc -l)" 3 \
			"$lang: cmark-gfm reads the comparison table as a table of three columns"
	else
		skip "$lang: cmark-gfm reads the comparison table as a table" \
			"cmark-gfm is not installed"
	fi
done

done_testing
