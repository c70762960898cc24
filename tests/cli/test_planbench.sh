#!/bin/bash
# test_planbench.sh: a small run of bench/planbench, the check of plan's
# two promises against known truths (docs/statistics.md, "Validation with
# known truths"): 20 pilots of 15 blocks for each of four truths.  With so
# few pilots the Monte Carlo error is wide, so the checks are the coarse
# ones: a size is found for most pilots, the mean true power over every
# pilot (at the size recommended, or the maximum) is not more than 0.15
# below the mean assurance claimed for the normal truths (the equivalence
# case is conservative, docs/statistics.md), and the guarantee is kept for
# at least 0.6 of them.  Pilots of 10 blocks are given no guarantee.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

bench=$top_builddir/bench/planbench
out=$tap_tmp/planbench.md
"$bench" 20 15 1 >"$out"
is "$?" 0 "planbench 20 15 1 exits 0"
is "$(grep -c '^| [a-z]*, [a-z]* |' "$out")" 4 "one row per truth"
"$bench" 3 10 5 >"$tap_tmp/a.md"
"$bench" 3 10 5 | cmp -s - "$tap_tmp/a.md"
is "$?" 0 "the same arguments give the same bytes"
# Too few pairs for the shape test to catch a long tail: every pilot of
# 10 is declined, whatever its truth.
is "$(grep -c '^| [a-z]*, [a-z]* |.*| 3 of 3 | 0 of 3 |' "$tap_tmp/a.md")" 4 \
	"pilots of 10: the guarantee declined for all, in every truth"
# row NAME: the cells of the truth's row, '|' replaced by tabs.
row() {
	grep "^| $1 |" "$out" | sed 's/^| //; s/ |$//; s/ | /\t/g'
}
for t in "normal, harm" "normal, equivalence"; do
	IFS=$'\t' read -r _ need found _ _ _ claim power _ _ _ _ kept <<<"$(row "$t")"
	ok "$t: the true need is known ($need blocks)" test "$need" -gt 5
	ok "$t: a size for most pilots ($found)" \
		test "${found%% of *}" -ge 10
	ok "$t: true power ${power%% +-*} not below the assurance claimed ($claim)" \
		awk -v a="${power%% +-*}" -v b="$claim" \
		'BEGIN { exit !(a - b > -0.15) }'
	ok "$t: the guarantee kept for $kept of the pilots" \
		awk -v k="$kept" 'BEGIN { exit !(k >= 0.6) }'
done
done_testing
