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

## FIFOs where a lock or a marker should be ------------------------------
# Opening a FIFO waits for a writer: each would hang the run, even with
# --no-wait.  Each is refused at once, or (in a leftover folder) left
# alone, and never waited on.
mkfifo "$w/.f1.lock"
pb report "$small" --format json -o f1
is "$pb_status" 73 "a FIFO as the lock gives 73 (no hang)"
ok "it says what the lock is" grep -q \
	"the lock '.f1.lock' beside the output folder is a FIFO, not a regular file; remove it" \
	"$tap_tmp/err"
pb --no-wait report "$small" --format json -o f1
is "$pb_status" 73 "with --no-wait as well"
ok "the FIFO is left, nothing made" test -p "$w/.f1.lock" -a ! -e "$w/f1"

mkdir "$w/f2"
mkfifo "$w/f2/.pairboot-report"
pb report "$small" --format json -o f2
is "$pb_status" 73 "a FIFO as the output folder's marker gives 73 (no hang)"
ok "it says what the marker is" grep -q \
	"f2: output folder cannot be replaced: its marker '.pairboot-report' is a FIFO, not a regular file" \
	"$tap_tmp/err"
is "$(leftovers f2)" 0 "no staging folder or lock is left"

mkdir "$w/.f3.new-AbCd12"
mkfifo "$w/.f3.new-AbCd12/.pairboot-report"
pb -q report "$small" --format json -o f3
is "$pb_status" 0 "a FIFO as the marker of a leftover staging folder: the report is written (no hang)"
ok "the report is there" test -f "$w/f3/results.json"
ok "the leftover folder and its FIFO stay" test -p "$w/.f3.new-AbCd12/.pairboot-report"
ok "the lock is not left held" test ! -e "$w/.f3.lock"
pb -q --no-wait report "$small" --format json -o f3
is "$pb_status" 0 "and the next run is not kept waiting"

## Markers that are no marker: huge, a device --------------------------
# A marker is read only when it is a regular file of at most 4 KiB:
# a sparse 4 GiB one was read whole, a device until memory ran out.
mkdir "$w/.f4.new-AbCd12"
truncate -s 4G "$w/.f4.new-AbCd12/.pairboot-report"
start=$(date +%s%N)
pb -q report "$small" --format json -o f4
ms=$((($(date +%s%N) - start) / 1000000))
is "$pb_status" 0 "a sparse 4 GiB marker in a leftover folder: exit 0"
ok "it is not read (the run took $ms ms)" test "$ms" -lt 5000
ok "that folder stays" test -f "$w/.f4.new-AbCd12/.pairboot-report"
truncate -s 4G "$w/f4/.pairboot-report"
pb report "$small" --format json -o f4
is "$pb_status" 73 "a 4 GiB marker in the output folder gives 73"
ok "it says why" grep -q \
	"its marker '.pairboot-report' is larger than 4096 bytes, more than any marker holds" \
	"$tap_tmp/err"
rm -rf "$w/f4" "$w/.f4.new-AbCd12"
mkdir "$w/f5"
if mknod "$w/f5/.pairboot-report" c 1 5 2>/dev/null; then
	pb report "$small" --format json -o f5
	is "$pb_status" 73 "/dev/zero's device as the marker gives 73"
	ok "it says what the marker is" grep -q \
		"its marker '.pairboot-report' is a character device, not a regular file" \
		"$tap_tmp/err"
	rm -f "$w/f5/.pairboot-report"
	rm -f "$w/.f5.lock"
	mknod "$w/.f5.lock" c 1 5
	pb report "$small" --format json -o f5
	is "$pb_status" 73 "a device as the lock gives 73"
	rm -f "$w/.f5.lock"
else
	for name in "/dev/zero's device as the marker gives 73" \
		"it says what the marker is" "a device as the lock gives 73"; do
		skip "$name" "mknod needs root"
	done
fi

## A user's empty folder named like a staging folder ---------------------
# Only a folder that carries pairboot's mark (or a marker listing its
# files) is pairboot's own.
mkdir -p "$w/.rep.new-backup"
pb -q report "$small" --format json -o rep
is "$pb_status" 0 "report beside an empty .rep.new-backup exits 0"
ok "the empty folder .rep.new-backup is kept" test -d "$w/.rep.new-backup"

## An earlier report that may not be removed ----------------------------
# A report folder made read-only by its owner: the new report is
# published, and the warning says why the earlier one stays.  As an
# ordinary user (root removes anything).
as_user=()
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
if [ "$(id -u)" -ne 0 ] || [ ${#as_user[@]} -gt 0 ]; then
	u=$tap_tmp/u
	mkdir -p "$u"
	chmod 755 "$tap_tmp"
	cp "$PAIRBOOT" "$u/pairboot"
	cp -R "$small" "$u/study"
	chmod -R a+rX "$u"
	[ ${#as_user[@]} -gt 0 ] && chown -R 65534:65534 "$u"
	(cd "$u" && "${as_user[@]}" ./pairboot -q report study --format json \
		-o ro && "${as_user[@]}" chmod 555 ro &&
		"${as_user[@]}" ./pairboot report study --format json -o ro \
		</dev/null >/dev/null 2>"$tap_tmp/err")
	is "$?" 0 "a read-only earlier report: the new one is published"
	ok "the warning says why the earlier one stays" grep -q \
		"warning: the report was published, but the earlier one was not removed (cannot remove '[^']*': Permission denied); its folder is kept as ./.ro.new-" \
		"$tap_tmp/err"
	chmod -R u+w "$u"
else
	for name in "a read-only earlier report: the new one is published" \
		"the warning says why the earlier one stays"; do
		skip "$name" "root removes anything and setpriv cannot drop to nobody"
	done
fi

## SIGINT and SIGTERM during a report -----------------------------------
# The run removes its staging folder, its lock and the folders it made,
# then ends by the signal (130, 143).  SIGINT is ignored by a background
# job of a script: env gives it back its default.  The kill comes once
# the staging folder exists; a run that ended first is said, not failed.
big=$top_srcdir/fixtures/mmcss-26200.9168
"$PAIRBOOT" -q report "$big" -o "$w/sig" </dev/null
cp -a "$w/sig" "$tap_tmp/sig-before"
for sig in INT TERM; do
	for out in sig "made/for/$sig"; do
		(cd "$w" && exec env --default-signal=INT "$PAIRBOOT" -q -j 2 \
			report "$big" -o "$out" </dev/null >/dev/null 2>&1) &
		pid=$!
		base=${out##*/}
		for _ in $(seq 500); do
			find "$w" -name ".$base.new-*" 2>/dev/null | grep -q . &&
				break
			sleep 0.01
		done
		kill -"$sig" "$pid"
		wait "$pid"
		st=$?
		want=$((128 + $(kill -l "$sig")))
		if [ "$st" -eq 0 ]; then
			skip "SIG$sig into $out ends the run by the signal" "the run ended first"
		else
			is "$st" "$want" "SIG$sig into $out ends the run by the signal"
		fi
		is "$(find "$w" -name ".$base.new-*" -o -name ".$base.lock" |
			wc -l)" 0 \
			"SIG$sig into $out: no staging folder or lock is left"
	done
	ok "SIG$sig: the earlier report is whole" diff -r "$tap_tmp/sig-before" "$w/sig"
	ok "SIG$sig: the folders the run made are gone" test ! -e "$w/made"
done

## A lock left by a killed run -------------------------------------------
# SIGKILL cannot be caught: the lock file stays, and the next run takes
# it over without waiting, and removes it.
(cd "$w" && exec "$PAIRBOOT" -q report "$big" -o sig </dev/null \
	>/dev/null 2>&1) &
pid=$!
# Killed only once the lock holds its words: a run killed between making
# the file and writing them leaves an empty lock, which no later run may
# take for pairboot's (render/outdir.c, take_lock).
for _ in $(seq 500); do
	[ -s "$w/.sig.lock" ] && break
	sleep 0.01
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
ok "a run killed with SIGKILL leaves its lock file" test -f "$w/.sig.lock"
pb -q --no-wait report "$small" --format json -o sig
is "$pb_status" 0 "the next run takes it over at once (--no-wait)"
ok "and removes it" test ! -e "$w/.sig.lock"
# A kill between making the staging folder and marking it leaves that
# folder empty and unmarked, not known to be ours: it stays (documented).
is "$(find "$w" -maxdepth 1 -name '.sig.new-*' ! -empty | wc -l)" 0 \
	"and the killed run's staging folder, unless the kill left it empty"

done_testing
