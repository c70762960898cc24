#!/bin/bash
# test_outdir_special.sh: what a hostile folder beside a report output
# can do to `pairboot report`, and what it may not.
#
# FIFOs and devices where the lock ".NAME.lock" or a marker
# ".pairboot-report" should be, a marker of gigabytes, a folder 33 levels
# deep, a user's empty folder named like a staging folder, an earlier
# report that may not be removed, SIGINT and SIGTERM during a run, a lock
# file left by a killed run, and -q while another run writes.  Each case
# is judged on what is left on disk, the exit status and the message;
# none may hang (each run has a time limit).  The cases that need an
# ordinary user run as user 65534 where the test runs as root, and are
# skipped with the reason where that cannot be done.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

small=$top_srcdir/tests/data/tiny
w=$tap_tmp/w
mkdir -p "$w"

# pb ARG...: pairboot in $w, stopped after 20 s (status 124 then); the
# status in pb_status, standard error in $tap_tmp/err.
pb() {
	(cd "$w" && timeout -s KILL 20 "$PAIRBOOT" "$@" </dev/null \
		>"$tap_tmp/out" 2>"$tap_tmp/err")
	pb_status=$?
}

# leftovers NAME: the staging folders and lock beside output NAME.
leftovers() {
	find "$w" -maxdepth 1 \( -name ".$1.new-*" -o -name ".$1.lock" \) |
		wc -l
}

## -q while another run writes ----------------------------------------
if command -v flock >/dev/null; then
	touch "$w/.q.lock"
	flock "$w/.q.lock" sleep 1.5 &
	holder=$!
	sleep 0.3
	pb -q report "$small" --format json -o q
	wait "$holder"
	is "$pb_status" 0 "-q: the run waits for the holder and succeeds"
	is "$(cat "$tap_tmp/err")" "" "-q: and says nothing about waiting"
	rm -f "$w/.q.lock"
else
	skip "-q: the run waits for the holder and succeeds" "flock(1) is not installed"
	skip "-q: and says nothing about waiting" "flock(1) is not installed"
fi

## An output 33 folders deep -------------------------------------------
# The most missing parent folders a run makes is 32: a deeper output is
# refused, and none of the folders made on the way is left.
deep=$(printf 'd%d/' $(seq 1 33))x
pb report "$small" --format json -o "$deep"
is "$pb_status" 73 "an output below 33 new folders gives 73"
ok "it says why" grep -q "cannot create the report folder: File name too long" \
	"$tap_tmp/err"
ok "and no folder made on the way is left" test ! -e "$w/d1"
deep=$(printf 'e%d/' $(seq 1 32))x
pb -q report "$small" --format json -o "$deep"
is "$pb_status" 0 "below 32 new folders the report is written"
rm -rf "$w/e1"

done_testing
