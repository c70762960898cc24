#!/bin/bash
# test_progress.sh: the progress line of long phases appears on a terminal
# only, never with --quiet, never in a pipe or a file, and never garbles a
# message.  script(1) (util-linux, Debian package bsdutils) runs pairboot
# on a pseudo-terminal.  PAIRBOOT_PROGRESS_DELAY=0 shows the line from the
# start, since the example study is read faster than the usual delay, and
# PAIRBOOT_PROGRESS_REDRAW=0 redraws it at every update, so that how often
# it moves does not depend on the machine's speed.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
# What report prints of the study before saying where it wrote.
verdicts='state missing: harm (series 1: harm; series 2: harm)
state 0: indeterminate (series 1: indeterminate; series 2: indeterminate)
state 10: indeterminate (series 1: indeterminate; series 2: indeterminate)
state 100: harm (series 1: harm; series 2: harm)'

if ! command -v script >/dev/null 2>&1; then
	echo "1..0 # SKIP script(1) is not installed (Debian package bsdutils)"
	exit 0
fi

# on_tty FILE ARG...: runs pairboot with ARGs on a terminal; what the
# terminal showed (stdout and stderr) goes to FILE.
on_tty() {
	local file=$1 cmd
	shift
	printf -v cmd '%q ' "$PAIRBOOT" "$@"
	script -qec "$cmd" /dev/null </dev/null >"$file" 2>&1
}

PAIRBOOT_PROGRESS_DELAY=0 on_tty "$tap_tmp/tty" report "$study" \
	-o "$tap_tmp/r1"
is "$?" 0 "report on a terminal exits 0"
ok "a terminal shows the reading line" \
	grep -aq 'reading *[0-9]*/132 runs \[' "$tap_tmp/tty"
ok "and the bootstrap line" \
	grep -aq 'bootstrap *[0-9]*/8 comparisons \[' "$tap_tmp/tty"
ok "with a rate and the time left" grep -aq '/s, [0-9]*:[0-9][0-9] left' \
	"$tap_tmp/tty"
ok "the line is erased before the report's own output" \
	grep -aq $'\033\\[Kstate missing: harm' "$tap_tmp/tty"

PAIRBOOT_PROGRESS_DELAY=0 on_tty "$tap_tmp/tty-q" -q report "$study" \
	-o "$tap_tmp/r2"
is "$(cat "$tap_tmp/tty-q")" "" "--quiet shows nothing on a terminal"

PAIRBOOT_PROGRESS_DELAY=100 on_tty "$tap_tmp/tty-slow" report "$study" \
	-o "$tap_tmp/r3"
ok "a phase shorter than the delay shows no line" \
	test "$(cat "$tap_tmp/tty-slow")" = \
	"$(printf '%s\n' "$verdicts" "report written to $tap_tmp/r3/" |
	   sed 's/$/\r/')"

PAIRBOOT_PROGRESS_DELAY=0 run_pb report "$study" -o "$tap_tmp/r4"
is "$pb_err" "" "stderr not a terminal: no line"
PAIRBOOT_PROGRESS_DELAY=0 "$PAIRBOOT" report "$study" -o "$tap_tmp/r5" \
	2>&1 | cat >"$tap_tmp/pipe"
is "$(cat "$tap_tmp/pipe")" "$verdicts
report written to $tap_tmp/r5/" \
	"stderr into a pipe: no line"
ok "the report is the same with and without the line" \
	cmp "$tap_tmp/r1/results.json" "$tap_tmp/r4/results.json"

# plan: the line moves while the studies are simulated, not only as
# comparisons end.  On one thread it used to show "8/8 comparisons" once,
# after the last.  Counted: the distinct updates short of the total that
# the terminal showed before the table's first line.
PAIRBOOT_PROGRESS_DELAY=0 PAIRBOOT_PROGRESS_REDRAW=0 on_tty "$tap_tmp/tty-plan" \
	-j 1 plan "$study" --max-blocks 8
is "$?" 0 "plan on a terminal exits 0"
ok "the table follows the line" grep -aq $'\033\\[Kplan for mmcss-26200.9168' \
	"$tap_tmp/tty-plan"
partial=$(sed '/plan for mmcss/q' "$tap_tmp/tty-plan" | tr '\r' '\n' |
	grep -ao 'planning *[0-9]*/[0-9]* simulations' |
	awk '{ split($2, f, "/"); if (f[1] + 0 < f[2] + 0) print f[1] }' |
	sort -u | wc -l)
ok "plan shows more than one update before the table" \
	test "$partial" -gt 1
PAIRBOOT_PROGRESS_DELAY=0 PAIRBOOT_PROGRESS_REDRAW=0 on_tty "$tap_tmp/tty-plan-q" \
	-q -j 1 plan "$study" --max-blocks 8
ok "plan --quiet shows no line on a terminal" \
	sh -c "! grep -aq planning '$tap_tmp/tty-plan-q'"
PAIRBOOT_PROGRESS_DELAY=0 PAIRBOOT_PROGRESS_REDRAW=0 run_pb -j 1 plan "$study" \
	--max-blocks 8
is "$pb_err" "" "plan, stderr not a terminal: no line"

# Messages printed while the line is shown start on a clean line.
broken=$tap_tmp/broken
cp -r "$study" "$broken"
sed -i '5s/,[0-9.]*$/,abc/' "$broken/latency/s2-b03-10.csv"
PAIRBOOT_PROGRESS_DELAY=0 on_tty "$tap_tmp/tty-err" check "$broken"
is "$(grep -a 'is not a number' "$tap_tmp/tty-err" | sed 's/.*\x1b\[K//')" \
	"pairboot: $broken/latency/s2-b03-10.csv:5:3: latency_us is not a number ('abc')"$'\r' \
	"a message is printed after erasing the line, whole"

done_testing
