#!/bin/bash
# test_seqbench.sh: a small run of bench/seqbench, the simulation of
# sequential designs from known truths (docs/statistics.md, "Sequential
# designs: measured error and cost"), with the t interval only: 100
# studies per cell.  The checks that can be made of so few studies:
# every cell and design has its row; the normal differences never give a
# wrong verdict at the truths away from the threshold (2T, -2T, 0.3T, 0);
# at +T and -T, where every decisive verdict is wrong, the fixed design
# (one look at 40 blocks) is wrong exactly when its interval misses the
# truth (the interval, some 0.64 SD wide, cannot reach from below +T to
# -T), which for the t interval of normal differences happens with
# probability 0.05 exactly, so the 400 studies pooled over +-T and both T
# must give a share within 4 standard errors of 0.05 (0.0109): 0.006 to
# 0.094; the sequential designs, whose repeated intervals are built to
# keep the same rate over all looks, must stay within the same bounds.
# The same options give the same bytes, whatever --jobs.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

bench=$top_builddir/bench/seqbench
out=$tap_tmp/seqbench.md
# Normal differences only, and 100 resamples (the t interval resamples
# nothing; the bootstrap methods computed beside it are not read), to keep
# `make check` quick: the full grid is the bench's own run
# (docs/statistics.md).
"$bench" --studies 100 --methods t --differences normal --resamples 100 \
	--jobs 2 -o "$tap_tmp/seqbench.csv" >"$out" 2>"$tap_tmp/err"
is "$?" 0 "seqbench --studies 100 --methods t --differences normal exits 0"
# 5 designs (every 5 and every 10 with 2 boundaries, and 40 only) x 2
# thresholds x 6 truths, and then one row per design.
is "$(grep -c '^| t | [a-z0-9]* | [a-z0-9 ]* | [a-z-]* | [01]\.[06] |' "$out")" \
	60 "one row per cell"
is "$(grep -c '^| t | [a-z0-9]* | [a-z0-9 ]* | [a-z-]* | [0-9]* | [0-9.]* \[' "$out")" \
	5 "one row per design"
is "$(wc -l <"$tap_tmp/seqbench.csv")" 61 "the CSV: a header and 60 cells"

# design LOOKS BOUNDARY: the design row of the t interval with normal
# differences, '|' replaced by tabs.
design() {
	grep "^| t | normal | $1 | $2 | [0-9]* |" "$out" \
		| sed 's/^| //; s/ |$//; s/ | /\t/g'
}
for d in "every 5:obrien-fleming" "every 5:pocock" "every 10:obrien-fleming" \
	"every 10:pocock" "40 only:-"; do
	IFS=$'\t' read -r _ _ _ _ n share _ elsewhere <<<"$(design "${d%%:*}" "${d#*:}")"
	is "$n" 400 "normal, $d: 400 studies at +-T"
	is "$elsewhere" "0 of 800" "normal, $d: no wrong verdict away from +-T"
	ok "normal, $d: wrong share at +-T ${share%% *} within 0.006 to 0.094" \
		awk -v s="${share%% *}" 'BEGIN { exit !(s >= 0.006 && s <= 0.094) }'
done

# Decisions: with the effect at 2T and T = 1 SD, 40 blocks decide nearly
# always (the fixed design's power is above 0.999).
row=$(grep '^| t | normal | 40 only | - | 1.0 | harm 2T |' "$out")
ok "harm 2T, T = 1, 40 only: decided in every study ($row)" \
	grep -q '| 1\.000 | 40\.0 |$' <<<"$row"

small="--studies 10 --methods t --differences t3 --look-every 10 --resamples 100"
# shellcheck disable=SC2086
"$bench" $small --jobs 1 >"$tap_tmp/a.md" 2>/dev/null
# shellcheck disable=SC2086
"$bench" $small --jobs 2 2>/dev/null | cmp -s - "$tap_tmp/a.md"
is "$?" 0 "the same options give the same bytes, whatever --jobs"
# shellcheck disable=SC2086
"$bench" $small --seed 2 2>/dev/null | cmp -s - "$tap_tmp/a.md"
rc=$?
ok "another seed gives other studies" test "$rc" -eq 1

"$bench" --methods nosuch >/dev/null 2>&1
is "$?" 64 "an unknown method is a usage error"
done_testing
