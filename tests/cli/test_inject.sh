#!/bin/bash
# test_inject.sh: `pairboot report` when an allocation or a write fails.
#
# tests/lib/inject.so (an LD_PRELOAD shim, see tests/lib/inject.c) makes the Nth
# allocation (malloc, calloc, realloc) or the Nth write/fsync of a run fail.
# The report of the example study is run once for each chosen N, over a
# folder that holds an earlier report of another study, and each run must
# end in one of two ways:
#   - exit 71 ("pairboot: out of memory") or 73/74 with a message naming
#     what failed, the earlier report byte-identical and no staging folder
#     left behind; or
#   - exit 0 with the correct report, byte-identical to an undisturbed run
#     (a failure that libc or pairboot can go around, such as stdio falling
#     back to an unbuffered stream).
# Anything else (a crash, a hang, another status, a silent failure, a
# changed or half-written report) fails the test and names N.
#
# The report is made in English only (--lang en: all formats, a quarter of
# the work of four languages), on one thread (-j 1, so that N names the
# same call every time), so that many runs fit in a few minutes.
# Allocations made under fontconfig, cairo, HarfBuzz and libpangoft2 are not
# failed (see below and docs/robustness.md); PAIRBOOT_INJECT_SKIP overrides
# the list.
# Every write N is tried.  Allocations: every N up to PAIRBOOT_INJECT_FIRST,
# then PAIRBOOT_INJECT_SAMPLES more spread evenly over the run (a run makes
# about 48,000); by default 30 and 25 in `make check`, 150 and 250 in `make
# check-expensive` (tests/lib/lib.sh, sweep_size); PAIRBOOT_INJECT_ALL=1
# tries every N.
# docs/robustness.md gives the results of larger runs.  GLib's allocation failures become exit
# 71 through common/oom.c, but for the few locks GLib creates lazily it
# calls abort() (134, "Unexpected error from C library during 'malloc'"):
# a known limitation, allowed here, counted and named in the log, and
# still checked to leave the earlier report whole, and without a staging
# folder: an abort() at twenty allocations, made by the shim, checks that.
# A run killed at each write, and a parent killed while its children draw,
# must leave nothing that the next run does not remove.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

skip_without_inject

study=$top_srcdir/fixtures/mmcss-26200.9168
other=$top_srcdir/fixtures/netthrottle
work=$tap_tmp/work
out=$work/report
counts=$tap_tmp/counts
mkdir -p "$work"

# The reports an undisturbed run gives, to compare with.
args=(--lang en)
# Allocations made under fontconfig or cairo are left alone, since no
# caller can make them safe: fontconfig dereferences a failed allocation
# (SIGSEGV in FcConfigSubstituteWithPat) or asserts (FcFontSetMatch);
# cairo 1.16 asserts (_cairo_array_index_const) or goes around the failure
# and reports success with different bytes (a PDF font subset, a PNG);
# HarfBuzz, by design, hands out an inert empty object instead (a sub-font
# in hb_font_create_sub_font), and the text is shaped differently; Pango's
# fontconfig backend (libpangoft2) calls malloc itself and dereferences a
# NULL (SIGSEGV under pango_layout_get_size).
# docs/robustness.md has the details.
skip=${PAIRBOOT_INJECT_SKIP-libfontconfig,libcairo,libharfbuzz,libpangoft2}
"$PAIRBOOT" -j 1 -q report "${args[@]}" "$study" -o "$tap_tmp/good" </dev/null
"$PAIRBOOT" -j 1 -q report "${args[@]}" "$other" -o "$tap_tmp/old" </dev/null

# restore: puts the earlier report (of the other study) back in place.
restore() {
	"$PAIRBOOT" -j 1 -q report "${args[@]}" "$other" -o "$out" </dev/null &&
		diff -r "$tap_tmp/old" "$out" >/dev/null
}
restore || { echo "Bail out! cannot write the earlier report"; exit 1; }

# inject VAR N: runs the report with VAR=N, leaving status, stderr and
# whether the shim injected the failure.
inject() {
	rm -f "$counts"
	env LD_PRELOAD="$PAIRBOOT_INJECT" "$1=$2" \
		PAIRBOOT_INJECT_COUNT="$counts" PAIRBOOT_INJECT_SKIP="$skip" \
		timeout 120 "$PAIRBOOT" -j 1 -q report "${args[@]}" "$study" -o "$out" \
		</dev/null >"$tap_tmp/stdout" 2>"$tap_tmp/stderr"
	status=$?
}

## How many allocations and writes a whole run makes -------------------
inject PAIRBOOT_FAIL_ALLOC 0
is "$status" 0 "a run with the shim but no failure succeeds"
ok "and writes the same report" diff -r "$tap_tmp/good" "$out"
n_alloc=$(sed -n 's/^alloc //p' "$counts")
n_write=$(sed -n 's/^write //p' "$counts")
ok "the shim counted allocations ($n_alloc) and writes ($n_write)" \
	test "${n_alloc:-0}" -gt 100 -a "${n_write:-0}" -ge 2
restore

# check_run WHAT N EXPECTED-STATUSES: judges the run just made.  Appends
# to bad (unexpected outcome), kept (previous report changed or staging
# left) and counts outcomes.
check_run() {
	local what=$1 n=$2 want=$3 first
	first=$(head -n 1 "$tap_tmp/stderr")
	if [ "$status" -eq 0 ]; then
		recovered=$((recovered + 1))
		if ! diff -r "$tap_tmp/good" "$out" >/dev/null 2>&1; then
			bad+=("$what $n: exit 0 but the report differs")
		fi
		restore || bad+=("$what $n: cannot restore the earlier report")
		return
	fi
	case " $want " in
	*" $status "*)
		failed_ok=$((failed_ok + 1))
		if [ -z "$first" ]; then
			bad+=("$what $n: exit $status without a message")
		fi ;;
	*)
		if [ "$what" = alloc ] && [ "$status" -eq 134 ] &&
			grep -q "^GLib (.*): Unexpected error from C library during 'malloc'" \
				"$tap_tmp/stderr"
		then
			glib_abort+=("$n")
		else
			bad+=("$what $n: exit $status: $first")
		fi ;;
	esac
	if grep -q '"name": "mmcss-26200.9168"' "$out/results.json" 2>/dev/null
	then
		# Only a failed sync of the folder after publishing may leave
		# the new report, and it must say so.
		if grep -q 'the report was published' "$tap_tmp/stderr" &&
			diff -r "$tap_tmp/good" "$out" >/dev/null 2>&1
		then
			published=$((published + 1))
			restore
			return
		fi
		changed+=("$what $n: the new report is in place after exit $status")
		restore
		return
	fi
	check_kept "$what $n"
}

# check_kept LABEL: the earlier report must be byte-identical (or LABEL
# goes to changed, and it is put back), and no staging folder may be left.
check_kept() {
	if ! diff -r "$tap_tmp/old" "$out" >/dev/null 2>&1; then
		changed+=("$1: the earlier report changed")
		restore
	fi
	check_unstaged "$1"
}

# check_unstaged LABEL: no staging folder may be left (or LABEL goes to
# staged, and the folder is removed for the next run).
check_unstaged() {
	if [ -n "$(find "$work" -maxdepth 1 -name '.*.new-*')" ]; then
		staged+=("$1")
		find "$work" -maxdepth 1 -name '.*.new-*' -exec rm -rf {} +
	fi
}

# show LIST...: the first problems of a list, for the log.
show() {
	[ $# -gt 0 ] && diag "$@" | head -n 20
	return 0
}

## Allocation failures ---------------------------------------------------
ns=()
first=${PAIRBOOT_INJECT_FIRST:-$(sweep_size 30 150)}
samples=${PAIRBOOT_INJECT_SAMPLES:-$(sweep_size 25 250)}
diag "sweep: $(sweep_tier) (first $first, then $samples samples)"
for ((n = 1; n <= n_alloc && n <= first; n++)); do ns+=("$n"); done
if [ "${PAIRBOOT_INJECT_ALL:-0}" = 1 ]; then
	step=1
else
	step=$(((n_alloc - first) / samples))
	[ "$step" -lt 1 ] && step=1
fi
for ((n = first + 1; n <= n_alloc; n += step)); do ns+=("$n"); done
ns+=("$n_alloc")

bad=() changed=() staged=()
recovered=0 failed_ok=0 published=0 glib_abort=() injected=0
for n in "${ns[@]}"; do
	inject PAIRBOOT_FAIL_ALLOC "$n"
	if [ "$status" -eq 71 ] || grep -qx 'failed 1' "$counts" 2>/dev/null
	then
		injected=$((injected + 1))
	fi
	check_run alloc "$n" 71
	if [ "$status" -eq 71 ] &&
		[ "$(tail -n 1 "$tap_tmp/stderr")" != "pairboot: out of memory" ]
	then
		bad+=("alloc $n: exit 71 without 'out of memory' at the end")
	fi
done
diag "allocations tried: ${#ns[@]} of $n_alloc (step $step past $first):" \
	"$failed_ok exit 71, $recovered recovered with the correct report," \
	"${#glib_abort[@]} stopped by GLib's abort() (N = ${glib_abort[*]:-none})"
ok "every allocation tried was made to fail ($injected of ${#ns[@]})" \
	test "$injected" -eq "${#ns[@]}" -o \
	"$((injected + recovered + ${#glib_abort[@]}))" -ge "${#ns[@]}"
is "${#bad[@]}" 0 "each failed allocation ends in exit 71 with 'out of memory' or a correct report"
show "${bad[@]}"
is "${#changed[@]}" 0 "the earlier report is byte-identical after every failed allocation"
show "${changed[@]}"
is "${#staged[@]}" 0 "no staging folder is left after a failed allocation"
show "${staged[@]}"
ok "most failures are reported, not gone around" \
	test "$failed_ok" -gt "$recovered"
ok "GLib's abort() stays the exception (${#glib_abort[@]} of ${#ns[@]})" \
	test "$((${#glib_abort[@]} * 20))" -le "${#ns[@]}"

## Aborts ----------------------------------------------------------------
# A library that cannot go on calls abort(): GLib where it cannot allocate a
# lock or key it makes lazily, cairo or fontconfig on a failed assertion.
# The run still stops with SIGABRT (134), but the earlier report stays
# whole and the staging folder goes with it (common/oom.c).  Twenty
# allocations spread over the run, so most fall after the staging folder
# is made.
aborted=0 writing=0 changed=() staged=()
for ((k = 1; k <= 20; k++)); do
	n=$((k * n_alloc / 21))
	inject PAIRBOOT_ABORT_ALLOC "$n"
	[ "$status" -eq 134 ] && aborted=$((aborted + 1))
	# Every write of a report goes into its staging folder: one made
	# before the abort shows that the folder was there to be left.
	w=$(sed -n 's/^write //p' "$counts" 2>/dev/null)
	[ "${w:-0}" -gt 0 ] && writing=$((writing + 1))
	check_kept "abort $n (exit $status)"
done
is "$aborted" 20 "an abort() at any of 20 allocations stops the run with SIGABRT"
ok "half of them or more came while the report was being written ($writing)" \
	test "$writing" -ge 10
is "${#changed[@]}" 0 "the earlier report is byte-identical after every abort()"
show "${changed[@]}"
is "${#staged[@]}" 0 "no staging folder is left after an abort()"
show "${staged[@]}"

## Kills at each write ----------------------------------------------------
# A run killed outright (SIGKILL) cleans nothing up: the folder must still
# hold one whole report, and the next run must remove what the killed one
# left.  Killed between creating the report's marker and writing it, a
# run used to leave an empty marker in its staging folder, which then
# looked like an older pairboot's report set aside and stayed for good
# (render/outdir.c now renames the marker into place).  Each write and
# fsync in turn.
broken=() staged=() killed=0
for ((n = 1; n <= n_write; n++)); do
	inject PAIRBOOT_KILL_WRITE "$n"
	[ "$status" -eq 137 ] && killed=$((killed + 1))
	if ! diff -r "$tap_tmp/old" "$out" >/dev/null 2>&1 &&
		! diff -r "$tap_tmp/good" "$out" >/dev/null 2>&1; then
		broken+=("kill at write $n: the folder holds neither report")
	fi
	restore || broken+=("kill at write $n: the next run failed")
	check_unstaged "kill at write $n"
done
is "$killed" "$n_write" "a kill at each of the $n_write writes ends the run"
is "${#broken[@]}" 0 "after each kill the folder holds one whole report, and the next run succeeds"
show "${broken[@]}"
is "${#staged[@]}" 0 "the next run removes what each killed run left"
show "${staged[@]}"

## A parent killed while its children draw ---------------------------------
# With -j 2 the figures of each language are drawn in a child process.  A
# parent killed outright cannot stop them, so they must die with it
# (common/forkpool.c) rather than go on writing into a staging folder that
# the next run removes.  The shim holds each child at its first write
# (PAIRBOOT_STALL_CHILD, 60 s), so that it is still at work when the
# parent goes.

# children_of PID: the processes whose parent is PID (from /proc: procps
# may not be installed).
children_of() {
	local parent=$1 f fields
	for f in /proc/[0-9]*/stat; do
		fields=$(cat "$f" 2>/dev/null) || continue
		fields=${fields##*) }
		read -r _ ppid _ <<<"$fields"
		if [ "$ppid" = "$parent" ]; then
			f=${f#/proc/}
			echo "${f%/stat}"
		fi
	done
}
# running PID: whether PID is a process that has not ended (a zombie has).
running() {
	local fields
	fields=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	fields=${fields##*) }
	[ "${fields%% *}" != Z ]
}
env LD_PRELOAD="$PAIRBOOT_INJECT" PAIRBOOT_STALL_CHILD=1 \
	"$PAIRBOOT" -j 2 -q report --lang en,de "$study" -o "$out" \
	</dev/null >/dev/null 2>&1 &
parent=$!
children=()
for ((i = 0; i < 400 && ${#children[@]} < 2; i++)); do
	mapfile -t children < <(children_of "$parent")
	[ "${#children[@]}" -ge 2 ] || sleep 0.05
done
sleep 0.3
kill -KILL "$parent"
wait "$parent" 2>/dev/null
# Held for 60 s, a child that outlives its parent is still there after 5.
for ((i = 0; i < 100; i++)); do
	left=()
	for c in "${children[@]}"; do
		running "$c" && left+=("$c")
	done
	[ "${#left[@]}" -eq 0 ] && break
	sleep 0.05
done
[ "${#left[@]}" -gt 0 ] && kill -KILL "${left[@]}"
is "${#children[@]}" 2 "two children draw the two languages"
is "${#left[@]}" 0 "a parent killed outright takes its children with it"
restore
ok "and the next run leaves no staging folder" \
	test -z "$(find "$work" -maxdepth 1 -name '.*.new-*')"

## Write and fsync failures ---------------------------------------------
bad=() changed=() staged=()
recovered=0 failed_ok=0 published=0 glib_abort=()
for ((n = 1; n <= n_write; n++)); do
	inject PAIRBOOT_FAIL_WRITE "$n"
	check_run write "$n" "73 74"
	if [ "$status" -ne 0 ] && ! grep -q 'No space left on device' \
		"$tap_tmp/stderr"; then
		bad+=("write $n: the message does not give the reason")
	fi
done
diag "writes tried: $n_write: $failed_ok exit 73/74 ($published after" \
	"publishing), $recovered exit 0"
is "${#bad[@]}" 0 "each failed write or fsync ends in exit 73 or 74 with the reason"
show "${bad[@]}"
is "$recovered" 0 "no run with a failed write reports success"
is "${#changed[@]}" 0 "the earlier report is byte-identical after every failed write (or the new one is whole and the message says so)"
show "${changed[@]}"
is "${#staged[@]}" 0 "no staging folder is left after a failed write"
show "${staged[@]}"
inject PAIRBOOT_FAIL_WRITE "$((n_write + 1))"
is "$status" 0 "a failure past the last write changes nothing"

done_testing
