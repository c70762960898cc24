#!/bin/bash
# test_levels.sh: the page shows each state's level, not only differences:
# a table of states by latency series, each cell the mean of the per-boot
# statistic over the state's accepted runs, their SD and their number
# ("`0.780 ms` (SD 0.060, n = 8)"), the reference's row too, in every
# language; results.json holds the same as `levels` (runs, mean, sd, min,
# max per series and state).  The numbers are checked against awk's mean
# and SD of results.json's runs[].statistic; a state with one run shows
# no SD, one without runs says so; verify finds an edited level.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

power=$top_srcdir/fixtures/powerplan
out=$tap_tmp/out
"$PAIRBOOT" -q report "$power" -o "$out/pp" --format md,json </dev/null
json=$out/pp/results.json

# stats SERIES STATE: "RUNS MEAN SD MIN MAX" of the accepted runs' statistic
# in results.json, by awk (the mean, then the SD with n - 1).
stats() {
	jq -r --arg k "$1" --arg s "$2" \
		'.runs[] | select(.series == $k and .state == $s and .accepted) | .statistic' \
		"$json" |
		awk '{ x[NR] = $1; sum += $1 }
		     END {
			m = sum / NR; min = x[1]; max = x[1]
			for (i = 1; i <= NR; i++) {
				ss += (x[i] - m) ^ 2
				if (x[i] < min) min = x[i]
				if (x[i] > max) max = x[i]
			}
			printf "%d %.12f %.12f %.12f %.12f\n", NR, m, sqrt(ss / (NR - 1)), min, max
		     }'
}
# level SERIES STATE: the same from results.json's levels.
level() {
	jq -r --arg k "$1" --arg s "$2" \
		'.levels[] | select(.series == $k and .state == $s) | "\(.runs) \(.mean) \(.sd) \(.min) \(.max)"' \
		"$json" | awk '{ printf "%d %.12f %.12f %.12f %.12f\n", $1, $2, $3, $4, $5 }'
}

is "$(jq '.levels | length' "$json")" 6 "results.json: 2 series x 3 states"
for k in 1 2; do
	for s in Balanced 'High performance' 'Ultimate Performance'; do
		want=$(stats "$k" "$s")
		is "$(level "$k" "$s")" "$want" \
			"series $k, $s: runs, mean, SD, min, max as awk computes them"
		read -r n m sd _ <<<"$want"
		cell=$(printf '`%.3f ms` (SD %.3f, n = %d)' "$m" "$sd" "$n")
		ok "en.md: series $k, $s: $cell" \
			grep -qF "$cell" "$out/pp/en.md"
	done
done
# The hand-checked cell: series 1 at Balanced, 8 runs of mean 0.780 ms.
ok "en.md: the reference's row, marked" \
	grep -qxF '| `Balanced` (reference) | `0.780 ms` (SD 0.060, n = 8) | `1.100 ms` (SD 0.090, n = 8) |' \
	"$out/pp/en.md"
is "$(jq -c '[.levels[] | select(.state == "Balanced")]' "$json")" \
	"$(jq -c '.heterogeneity.reference_spread' "$json")" \
	"the reference's levels are the reference spread"
ok "the section of levels follows the comparison" \
	test "$(grep '^## ' "$out/pp/en.md" | sed -n '1,2p' | cut -d' ' -f2- | tr '\n' '|')" \
	= "Comparison with the reference|Level of each state|"

declare -A heading=([en]='Level of each state' [de]='Niveau jedes Zustands'
		    [cs]='Úroveň každého stavu' [ko]='상태별 수준')
declare -A reference=([en]='(reference)' [de]='(Referenz)' [cs]='(reference)'
		      [ko]='(기준)')
for l in en de cs ko; do
	ok "$l.md: the section of levels" grep -qxF "## ${heading[$l]}" "$out/pp/$l.md"
	is "$(sed -n "/^## ${heading[$l]}\$/,/^## /p" "$out/pp/$l.md" | grep -c '^| `')" 3 \
		"$l.md: one row a state"
	ok "$l.md: the reference's row" \
		grep -qF "| \`Balanced\` ${reference[$l]} | " "$out/pp/$l.md"
done
ok "de.md: with the page's decimal comma" \
	grep -qF "| \`Balanced\` (Referenz) | \`0,780${nb}ms\` (SD 0,060, n = 8) |" "$out/pp/de.md"

## verify -----------------------------------------------------------------
run_pb verify "$power" --against "$out/pp/en.md"
is "$pb_status" 0 "verify accepts the page"
sed 's/^\(| `High performance` | `0\.5\)40 ms`/\141 ms`/' "$out/pp/en.md" >"$tap_tmp/mean.md"
ok "(a mean was edited)" sh -c '! cmp -s "$1" "$2"' sh "$tap_tmp/mean.md" "$out/pp/en.md"
run_pb verify "$power" --against "$tap_tmp/mean.md"
is "$pb_status:$(grep -c '^MISMATCH.*Level of each state' "$pb_out_file")" "1:1" \
	"verify: an edited mean is a MISMATCH in the table of levels"
sed 's/^\(| `Balanced` (reference) | `0\.780 ms` (SD 0\.060, n = \)8/\19/' "$out/pp/en.md" >"$tap_tmp/n.md"
run_pb verify "$power" --against "$tap_tmp/n.md"
is "$pb_status:$(grep -c '^MISMATCH.*Level of each state' "$pb_out_file")" "1:1" \
	"verify: an edited n is a MISMATCH"
sed 's/^\(| `Ultimate Performance` | `0\.330 ms` (SD 0\.\)115/\1116/' "$out/pp/en.md" >"$tap_tmp/sd.md"
run_pb verify "$power" --against "$tap_tmp/sd.md"
is "$pb_status:$(grep -c '^MISMATCH.*Level of each state' "$pb_out_file")" "1:1" \
	"verify: an edited SD is a MISMATCH"

## one run, no runs ----------------------------------------------------------
# Series 2 keeps one accepted run of Ultimate Performance; series 1 none.
cp -r "$power" "$tap_tmp/few"
awk -F, -v OFS=, '
	NR > 1 && $4 == "Ultimate Performance" && ($2 == 1 || $3 > 1) {
		$5 = "no"; $6 = "left out by the test"
	}
	{ print }' "$power/runs.csv" >"$tap_tmp/few/runs.csv"
"$PAIRBOOT" -q report "$tap_tmp/few" -o "$out/few" --format md,json </dev/null
ok "one run: its value and n = 1, no SD; none: no runs" \
	grep -qE '^\| `Ultimate Performance` \| no runs \| `[0-9.]+ ms` \(n = 1\) \|$' "$out/few/en.md"
is "$(jq -c '.levels[] | select(.state == "Ultimate Performance") | [.series, .runs, .sd, (.mean | type), .min == .max]' "$out/few/results.json" | tr '\n' ' ')" \
	'["1",0,null,"null",true] ["2",1,null,"number",true] ' \
	"results.json: 0 runs with null numbers, 1 run with a null SD"

done_testing
