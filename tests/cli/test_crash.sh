#!/bin/bash
# test_crash.sh: `pairboot report` killed at random moments loses nothing.
#
# A report of one study is replaced by the report of another, and the run
# is killed with SIGKILL after a random delay spread over the whole run
# (its length is measured first).  After each kill the report folder must
# hold, byte for byte, either the earlier report or the complete new one,
# never a mix or a part; and once the next run succeeds no staging folder
# may be left.  The reports are made in English only (--lang en, all
# formats), so 200 kills take a minute or two; the other languages only add
# more files of the same kind.  PAIRBOOT_CRASH_RUNS sets the number of
# kills (20 in `make check`, 200 in `make check-expensive`),
# PAIRBOOT_CRASH_SEED the seed of the delays (default 7), so a failure can
# be replayed.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
other=$top_srcdir/fixtures/netthrottle
runs=${PAIRBOOT_CRASH_RUNS:-$(sweep_size 20 200)}
diag "sweep: $(sweep_tier) ($runs kills)"
RANDOM=${PAIRBOOT_CRASH_SEED:-7}
work=$tap_tmp/work
out=$work/report
mkdir -p "$work"

args=(--lang en)
"$PAIRBOOT" -q report "${args[@]}" "$study" -o "$tap_tmp/new" </dev/null
"$PAIRBOOT" -q report "${args[@]}" "$other" -o "$tap_tmp/old" </dev/null
ok "the two reference reports differ" \
	test "$(cat "$tap_tmp/old/results.json")" != \
	"$(cat "$tap_tmp/new/results.json")"

restore() {
	"$PAIRBOOT" -q report "${args[@]}" "$other" -o "$out" </dev/null
}
staging() {
	find "$work" -maxdepth 1 -name '.*.new-*' | wc -l
}
now_us() {
	local t
	t=$(date +%s%N)
	echo $((t / 1000))
}

# The length of one undisturbed run over an earlier report, in
# microseconds: the best of three, so a slow start does not stretch it.
restore
best=0
for i in 1 2 3; do
	t0=$(now_us)
	"$PAIRBOOT" -q report "${args[@]}" "$study" -o "$out" </dev/null
	t=$(($(now_us) - t0))
	{ [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; } && best=$t
	restore
done
diag "an undisturbed run takes $((best / 1000)) ms; $runs kills, seed ${PAIRBOOT_CRASH_SEED:-7}"

old_kept=0 new_whole=0 broken=() left=() staged_after_kill=0
for ((i = 1; i <= runs; i++)); do
	# Up to 110% of a run, so some kills come after it has ended.
	delay=$(((RANDOM * 32768 + RANDOM) % (best * 11 / 10 + 1)))
	"$PAIRBOOT" -q report "${args[@]}" "$study" -o "$out" </dev/null \
		>/dev/null 2>&1 &
	pid=$!
	sleep "$(printf '%d.%06d' $((delay / 1000000)) $((delay % 1000000)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if diff -r "$tap_tmp/old" "$out" >/dev/null 2>&1; then
		old_kept=$((old_kept + 1))
	elif diff -r "$tap_tmp/new" "$out" >/dev/null 2>&1; then
		new_whole=$((new_whole + 1))
	else
		broken+=("kill $i after ${delay} us: the report folder is neither report")
	fi
	if [ "$(staging)" -gt 0 ]; then
		staged_after_kill=$((staged_after_kill + 1))
		# The next successful run must clear what the killed one left.
		restore
		[ "$(staging)" -eq 0 ] ||
			left+=("kill $i after ${delay} us: staging left after the next run")
	elif ! diff -r "$tap_tmp/old" "$out" >/dev/null 2>&1; then
		restore
	fi
done
diag "after the kills: earlier report kept $old_kept times, new report" \
	"complete $new_whole times; a staging folder was left $staged_after_kill times"

is "${#broken[@]}" 0 "after every kill the folder holds one whole report, byte for byte"
[ ${#broken[@]} -gt 0 ] && diag "${broken[@]}" | head -n 20
is "${#left[@]}" 0 "no staging folder is left once the next run succeeds"
[ ${#left[@]} -gt 0 ] && diag "${left[@]}" | head -n 20
ok "the kills hit the run before it published (the earlier report kept)" \
	test "$old_kept" -gt 0
ok "some kills came while the staging folder existed" \
	test "$staged_after_kill" -gt 0
restore
is "$(staging)" 0 "a final run leaves no staging folder"
ok "and the earlier report is back, whole" diff -r "$tap_tmp/old" "$out"

done_testing
