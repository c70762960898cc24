#!/bin/bash
# test_planbench.sh: a small run of bench/planbench, the check of the
# numbers `pairboot plan` prints against known truths (docs/statistics.md,
# "Validation with known truths"): 4 pilots of 10 blocks for each normal
# truth with the t interval.  With so few pilots the shares say little;
# what is checked is what the truth alone decides, against values worked
# out apart from pairboot:
#
#   - harm and benefit 0.5 SD beyond T need about 34 blocks for a power
#     of 0.8: the one-sided t test at 2.5% against a shift of 0.5 SD
#     (((1.960 + 0.842) / 0.5)^2 = 31.4, and about 2 more for t), within
#     the simulation's error (30 to 38);
#   - an effect at +-T is never decided correctly: no size, no maximum;
#   - with normal differences the t interval covers exactly, so no
#     sequential design decides wrongly more often than 1 - confidence
#     (0.05, with 3 standard errors of 1600 studies: 0.066);
#   - the table and its caveat line are the same bytes on every run and
#     on any number of threads.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

bench=$top_builddir/bench/planbench
args=(--interval t --pilots 4 --n0 10 --shape normal --seed 3)
out=$tap_tmp/planbench.md
"$bench" "${args[@]}" --jobs 1 >"$out"
is "$?" 0 "planbench exits 0"
is "$(grep -c '^| normal, ' "$out")" 12 "one row per truth and threshold"
"$bench" "${args[@]}" --jobs 2 | cmp -s - "$out"
is "$?" 0 "the same arguments give the same bytes on 1 and 2 threads"
ok "a caveat line for plan's table" grep -q \
	'^caveat n0=10 interval=t size=[0-9]*\.\.[0-9]*% maximum=[0-9]*\.\.[0-9]*% blocks=\([-+][0-9]*%\|none\),\([-+][0-9]*%\|none\) wrong=0\.[0-9][0-9][0-9]$' \
	"$out"
# cell NAME T COLUMN: the cell of the row of truth NAME at threshold T.
cell() {
	grep "^| $1 | $2 |" "$out" | awk -F' \\| ' -v c="$3" '{ print $c }'
}
for t in 0.6 1.0; do
	for e in harm benefit; do
		need=$(cell "normal, $e" $t 3)
		ok "normal $e at T = $t: the true need, $need, is 30 to 38" \
			test "$need" -ge 30 -a "$need" -le 38
	done
	for e in "at +T" "at -T"; do
		is "$(cell "normal, $e" $t 3) $(cell "normal, $e" $t 8)" \
			"> 200 > 60" "normal $e at T = $t: no size nor maximum (designs to 60 blocks with t) is ever right"
		reached="$(cell "normal, $e" $t 6) $(cell "normal, $e" $t 11)"
		ok "so none of those given one reaches 0.80 ($reached)" \
			sh -c "echo '$reached' | grep -Eqx '(-|0 of [0-9]+) (-|0 of [0-9]+)'"
		wrong=$(cell "normal, $e" $t 13)
		wrong=${wrong% |}
		ok "and no design decides wrongly more than 1 - confidence ($wrong)" \
			awk -v w="$wrong" 'BEGIN { exit !(w <= 0.066) }'
	done
done
"$bench" --pilots 0 >/dev/null 2>&1
is "$?" 2 "a bad argument: status 2"

done_testing
