#!/bin/bash
# test_hostile.sh: enormous and overlong input: bounded memory and time, and
# either a correct result or a clear error at the right place.
#
# Small versions of what docs/robustness.md records at full size (a 2 GB
# CSV, 10^6 runs): a 50 MB latency file, a field of exactly the largest
# size allowed and one byte more, a header of a million columns, 10^5 runs,
# a log line of 50 MB, a study.ini over its limit, numbers whose statistic
# or mean overflows a double.  Each case starts from a
# copy of tests/data/tiny; each run has a time limit, so a hang fails the
# test instead of stopping the suite.  Peak memory is measured with GNU
# time when it is installed (Debian package time), else those checks are
# skipped, as they are in a build with sanitizers, whose memory overhead
# would be measured instead.  (Paths, links, FIFOs and devices are tests/cli/test_bad_input.sh's.)
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

tiny=$top_srcdir/tests/data/tiny
limit=120
gnu_time=/usr/bin/time
[ -x "$gnu_time" ] && "$gnu_time" -f %M true >/dev/null 2>&1 || gnu_time=

# fresh: a writable copy of the tiny study in $study.
fresh() {
	study=$tap_tmp/study
	rm -rf "$study"
	cp -R "$tiny" "$study" && chmod -R u+w "$study"
}

# measure ARGS...: runs pairboot check with a time limit; leaves status,
# stderr in $tap_tmp/err, stdout in $tap_tmp/out and peak memory in
# rss_kb (empty without GNU time).
measure() {
	rss_kb=
	if [ -n "$gnu_time" ]; then
		timeout "$limit" "$gnu_time" -f %M -o "$tap_tmp/rss" \
			"$PAIRBOOT" "$@" </dev/null >"$tap_tmp/out" \
			2>"$tap_tmp/err"
		status=$?
		rss_kb=$(tail -n 1 "$tap_tmp/rss")
	else
		timeout "$limit" "$PAIRBOOT" "$@" </dev/null >"$tap_tmp/out" \
			2>"$tap_tmp/err"
		status=$?
	fi
}

# rss_below NAME MB: checks the last peak memory against MB megabytes.
rss_below() {
	if [ -z "$rss_kb" ]; then
		skip "$1" "GNU time is not installed"
		return
	fi
	if [ -n "${PAIRBOOT_SANITIZED:-}" ]; then
		skip "$1" "AddressSanitizer's shadow memory and quarantine"
		return
	fi
	diag "peak memory: $((rss_kb / 1024)) MB"
	ok "$1 (under $2 MB)" test "$rss_kb" -lt $(($2 * 1024))
}

# bytes N CHAR: N copies of CHAR, without a newline.
bytes() {
	head -c "$1" /dev/zero | tr '\0' "$2"
}

## A 50 MB latency file: read in full, memory of 8 bytes a value ---------
fresh
rows=4000000
awk -v n=$rows 'BEGIN {
	print "period,latency_us"
	for (i = 1; i <= n; i++) printf "%d,%d.%03d\n", i, 9000 + i % 4000, i % 1000
}' >"$study/lat/r1.csv"
base_periods=$("$PAIRBOOT" check "$tiny" | sed -n 's/^periods read: //p')
r1_periods=$(($(wc -l <"$tiny/lat/r1.csv") - 1))
measure check "$study"
is "$status" 0 "a 50 MB latency file is read"
is "$(sed -n 's/^periods read: //p' "$tap_tmp/out")" \
	"$((base_periods - r1_periods + rows))" "every one of its rows is counted"
rss_below "memory stays near 8 bytes a period" 120

## The largest field allowed, and one byte more -------------------------
fresh
{ printf 'p2,1,9,,20,no,'; bytes 1048576 n; printf ',,,\n'; } >>"$study/runs.csv"
measure -q check "$study"
is "$status" 0 "a note of exactly 1 MiB is accepted"
line=$(wc -l <"$study/runs.csv")
{ printf 'p3,1,9,,20,no,'; bytes 1048577 n; printf ',,,\n'; } >>"$study/runs.csv"
measure check "$study"
is "$status" 65 "a field one byte longer is refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study/runs.csv:$((line + 1)):15: field is longer than 1048576 bytes" \
	"the message gives the field's line and column and the limit"

## A header of a million columns -----------------------------------------
fresh
awk 'BEGIN { printf "latency_us"; for (i = 1; i < 1000000; i++) printf ",c%d", i
	print ""; print "1" }' >"$study/lat/r1.csv"
measure check "$study"
is "$status" 65 "a million columns are refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study/lat/r1.csv:1:23475: row has more than 4096 fields" \
	"at the first field past the limit of 4096"
rss_below "without holding the row" 40

## 10^5 runs ----------------------------------------------------------------
fresh
awk 'BEGIN { for (i = 1; i <= 100000; i++)
	printf "x%d,1,%d,,20,no,pilot,,,\n", i, i + 10 }' >>"$study/runs.csv"
t0=$(date +%s)
measure check "$study"
t=$(($(date +%s) - t0))
is "$status" 0 "a runs.csv of 10^5 more runs is read"
# The summary once compared blocks pair by pair: 29 s here at 10^5 runs.
ok "in well under 20 s (took $t s)" test "$t" -lt 20
is "$(sed -n 's/^runs: //p' "$tap_tmp/out")" \
	"100015, 14 accepted, 100001 excluded" "and every run is counted"
rss_below "memory grows by well under 2 KB a run" 200

## A log line of 50 MB --------------------------------------------------------
fresh
{ cat "$tiny/mech/m2.log"; printf 'event=etw note='; bytes 50000000 a
	printf '\nevent=bogus\n'; } >"$study/mech/m2.log"
n=$(($(wc -l <"$tiny/mech/m2.log") + 1))
measure check "$study"
is "$status" 65 "a 50 MB log line is refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study/mech/m2.log:$n:65537: line longer than 65536 bytes" \
	"at the first byte past the limit"
rss_below "the line is never held" 40

## A study.ini over its limit ---------------------------------------------------
fresh
{ cat "$tiny/study.ini"; printf '# '; bytes 1100000 x; echo; } \
	>"$study/study.ini"
measure check "$study"
is "$status" 65 "a study.ini over 1 MiB is refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study/study.ini: file too large (more than 1048576 bytes)" \
	"the message gives the limit"

## Numbers too large to compute with ------------------------------------
# Each value is finite, but the statistic times the scale, or a sum over
# pairs, is not: an error, not a report with nulls judged "indeterminate".
fresh
sed 's/^scale = .*/scale = 1e10/' "$tiny/study.ini" >"$study/study.ini"
printf 'period,latency_us\n1,1e308\n2,1e300\n' >"$study/lat/r1.csv"
measure report "$study" -o "$tap_tmp/report"
is "$status" 65 "a statistic that overflows is refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study/lat/r1.csv: the p99 of the values times the scale is too large for a number (overflow)" \
	"the message names the file"
fresh
sed 's/^scale = .*/scale = 1/' "$tiny/study.ini" >"$study/study.ini"
for r in r1 r6 r8; do
	printf 'period,latency_us\n1,1.7e308\n2,1.%se307\n' "${r#r}" \
		>"$study/lat/$r.csv"
done
measure report "$study" -o "$tap_tmp/report"
is "$status" 65 "a difference whose mean overflows is refused (65)"
is "$(head -n 1 "$tap_tmp/err")" \
	"pairboot: $study: series '1', state 10: the difference is too large for a number (overflow)" \
	"the message names the comparison"
ok "and no report is written" test ! -e "$tap_tmp/report"

done_testing
