#!/bin/bash
# test_inject_plan.sh: `pairboot plan STUDY` and `pairboot plan new` when an
# allocation fails, every allocation of a small run in turn.
#
# As in test_inject.sh (which does the same for `report`, and says how
# tests/lib/inject.so works), each run must end in one of two ways: exit 71
# with "pairboot: out of memory" as its last message and nothing written,
# or exit 0 with the same output as an undisturbed run.  GLib's abort() for
# the locks it creates lazily (exit 134, with its own message) is the known
# limitation test_inject.sh describes: allowed, counted and logged, but not
# once the output is written (at exit, pairboot asks GLib for nothing
# unless it drew text).
#
# The plan is made for tests/data/tiny with at most 5 blocks and `plan new`
# writes a study of 3 states and 3 blocks.  Every allocation up to
# PAIRBOOT_INJECT_FIRST (1000 in `make check-expensive`: all of `plan
# new`, and all that `plan` makes before it draws its figure; 30 in `make
# check`) is tried, then PAIRBOOT_INJECT_SAMPLES (500, or 25 in `make
# check`) more spread evenly over the rest (the figure's text and paths,
# some 4,000 more); PAIRBOOT_INJECT_ALL=1 tries every one.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

skip_without_inject

counts=$tap_tmp/counts
# plan -o draws its curves with cairo and Pango: as in test_inject.sh, the
# allocations of the font libraries are not failed (they do not check
# them; docs/robustness.md), PAIRBOOT_INJECT_SKIP overrides.
skip=${PAIRBOOT_INJECT_SKIP-libfontconfig,libcairo,libharfbuzz,libpangoft2}
plan_args=(plan "$top_srcdir/tests/data/tiny" --max-blocks 5)
new_args=(--title T --build 1 --column latency_us --scale 0.001 --unit ms
	--better lower --statistic p99 --reference 20 --threshold 1.5
	--seed 7 --states '0;10;20' --series 1 --blocks 3)

# inject N OUT ARG...: runs pairboot ARG... with the Nth allocation failed
# (0: none), writing into OUT, leaving status, stdout and stderr.
inject() {
	local n=$1 out=$2
	shift 2
	rm -rf "$out" "$counts"
	env LD_PRELOAD="$PAIRBOOT_INJECT" PAIRBOOT_FAIL_ALLOC="$n" \
		PAIRBOOT_INJECT_COUNT="$counts" PAIRBOOT_INJECT_SKIP="$skip" \
		timeout 120 "$PAIRBOOT" -j 1 -q "$@" </dev/null \
		>"$tap_tmp/stdout" 2>"$tap_tmp/stderr"
	status=$?
}

# sweep WHAT GOOD OUT ARG...: every allocation of pairboot ARG... in turn,
# each run judged against the undisturbed output GOOD (a folder, and its
# stdout in GOOD.stdout); says how the runs ended.
sweep() {
	local what=$1 good=$2 out=$3 n_alloc n
	shift 3
	inject 0 "$out" "$@"
	is "$status" 0 "$what: a run with the shim but no failure succeeds"
	n_alloc=$(sed -n 's/^alloc //p' "$counts")
	ok "$what: the shim counted its allocations (${n_alloc:-none})" \
		test "${n_alloc:-0}" -gt 50
	bad=() same=0 oom=0 glib_abort=()
	local first=${PAIRBOOT_INJECT_FIRST:-$(sweep_size 30 1000)} step ns=()
	local samples=${PAIRBOOT_INJECT_SAMPLES:-$(sweep_size 25 500)}
	diag "$what: sweep $(sweep_tier) (first $first, then $samples samples)"
	for ((n = 1; n <= ${n_alloc:-0} && n <= first; n++)); do ns+=("$n"); done
	step=$(((${n_alloc:-0} - first) / samples))
	[ "$step" -lt 1 ] && step=1
	[ "${PAIRBOOT_INJECT_ALL:-0}" = 1 ] && step=1
	for ((n = first + 1; n <= ${n_alloc:-0}; n += step)); do ns+=("$n"); done
	for n in "${ns[@]}"; do
		inject "$n" "$out" "$@"
		case $status in
		0)
			if diff -r "$good" "$out" >/dev/null 2>&1 &&
				cmp -s "$good.stdout" "$tap_tmp/stdout"
			then
				same=$((same + 1))
			else
				bad+=("$what $n: exit 0 but other output")
			fi ;;
		71)
			if [ "$(tail -n 1 "$tap_tmp/stderr")" != \
				"pairboot: out of memory" ]
			then
				bad+=("$what $n: exit 71 without 'out of memory'")
			elif [ -e "$out" ]; then
				bad+=("$what $n: exit 71 but $out was written")
			else
				oom=$((oom + 1))
			fi ;;
		134)
			# Allowed only while nothing is written: a run that
			# wrote its output and then stopped reports a failure
			# that did not happen.
			if [ -e "$out" ]; then
				bad+=("$what $n: exit 134 after writing $out")
			elif grep -q "^GLib (.*): Unexpected error from C library during 'malloc'" \
				"$tap_tmp/stderr"
			then
				glib_abort+=("$n")
			else
				bad+=("$what $n: exit 134: $(head -n 1 "$tap_tmp/stderr")")
			fi ;;
		*)
			bad+=("$what $n: exit $status: $(head -n 1 "$tap_tmp/stderr")") ;;
		esac
	done
	diag "$what: ${#ns[@]} of ${n_alloc:-0} allocations failed in turn: $oom exit" \
		"71, $same recovered with the same output, ${#glib_abort[@]}" \
		"stopped by GLib's abort() (N = ${glib_abort[*]:-none})"
	is "${#bad[@]}" 0 "$what: every failed allocation ends in exit 71 with 'out of memory' and nothing written, or in the same output"
	[ ${#bad[@]} -gt 0 ] && diag "${bad[@]}" | head -n 20
	ok "$what: most failed allocations were reported as such ($oom)" \
		test "$oom" -gt "$((${#ns[@]} / 2))"
}

## plan STUDY -o DIR --------------------------------------------------------
"$PAIRBOOT" -j 1 -q "${plan_args[@]}" -o "$tap_tmp/good-plan" \
	>"$tap_tmp/good-plan.stdout" </dev/null
sweep "plan" "$tap_tmp/good-plan" "$tap_tmp/plan" "${plan_args[@]}" \
	-o "$tap_tmp/plan"

## plan new DIR ---------------------------------------------------------------
"$PAIRBOOT" -j 1 -q plan new "$tap_tmp/good-new" "${new_args[@]}" \
	>"$tap_tmp/good-new.stdout" </dev/null
sweep "plan new" "$tap_tmp/good-new" "$tap_tmp/new" plan new \
	"$tap_tmp/new" "${new_args[@]}"

done_testing
