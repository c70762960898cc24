#!/bin/bash
# test_output_fail.sh: report folders that cannot be written.
#
# A full disk (a small tmpfs), a folder the user may not write to and
# output paths that are symbolic links that do not lead to a folder: each
# gives a clear message, status 73 or 74, and leaves nothing half-written:
# no new folder, no staging folder, an earlier report byte-identical.
# (tests/cli/test_report.sh covers a link to a folder, a parent that is a file
# and a folder holding other files.)  The tmpfs needs root and a mount
# namespace that allows it; the not-writable case runs as the user nobody
# when the test runs as root, since root writes anywhere.  Either is
# skipped, with the reason, when it cannot be set up.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
small=$top_srcdir/tests/data/tiny

# staging_in DIR: the number of staging folders in DIR.
staging_in() {
	find "$1" -maxdepth 1 -name '.*.new-*' | wc -l
}

## A full disk -----------------------------------------------------------
disk=$tap_tmp/disk
mkdir -p "$disk"
if [ "$(id -u)" -eq 0 ] &&
	mount -t tmpfs -o size=64k,mode=755 pairboot-test "$disk" 2>/dev/null
then
	trap 'umount "$disk" 2>/dev/null; rm -rf "$tap_tmp"' EXIT
	# No report fits in 64 KiB.
	run_pb report "$study" -o "$disk/full"
	is "$pb_status" 74 "a full disk gives 74"
	ok "the message names the file and the reason" grep -q \
		"^pairboot: $disk/.*: write failed: No space left on device\$" \
		"$pb_err_file"
	ok "no report folder is made" test ! -e "$disk/full"
	is "$(staging_in "$disk")" 0 "no staging folder is left"
	umount "$disk"
	# A disk that holds the small study's report and 256 KiB more:
	# replacing that report with the example's must fail without
	# touching it.
	"$PAIRBOOT" -q report "$small" -o "$tap_tmp/size" </dev/null
	kb=$(($(du -sk "$tap_tmp/size" | cut -f1) + 256))
	mount -t tmpfs -o "size=${kb}k,mode=755" pairboot-test "$disk"
	run_pb -q report "$small" -o "$disk/r"
	is "$pb_status" 0 "a small report fits on the small disk"
	cp -a "$disk/r" "$tap_tmp/before"
	run_pb report "$study" -o "$disk/r"
	is "$pb_status" 74 "replacing it with one that does not fit gives 74"
	ok "the earlier report is byte-identical" diff -r "$tap_tmp/before" \
		"$disk/r"
	is "$(staging_in "$disk")" 0 "and no staging folder is left"
	umount "$disk"
	trap 'rm -rf "$tap_tmp"' EXIT
else
	for name in "a full disk gives 74" "the message names the file and the reason" \
		"no report folder is made" "no staging folder is left" \
		"a small report fits on the small disk" \
		"replacing it with one that does not fit gives 74" \
		"the earlier report is byte-identical" "and no staging folder is left"; do
		skip "$name" "cannot mount a tmpfs here (needs root)"
	done
fi

## A folder that may not be written -------------------------------------
# As root, run as nobody with a copy of the program and the study that
# nobody can read.
as_user=()
if [ "$(id -u)" -eq 0 ]; then
	if command -v setpriv >/dev/null &&
		setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null
	then
		as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	fi
fi
ro=$tap_tmp/ro
if [ "$(id -u)" -ne 0 ] || [ ${#as_user[@]} -gt 0 ]; then
	chmod 755 "$tap_tmp"
	mkdir -p "$ro/locked"
	cp "$PAIRBOOT" "$ro/pairboot"
	cp -R "$small" "$ro/study"
	"$PAIRBOOT" -q report "$ro/study" -o "$ro/locked/r" </dev/null
	cp -a "$ro/locked/r" "$ro/before"
	chmod -R a+rX "$ro"
	chmod 555 "$ro/locked"
	"${as_user[@]}" "$ro/pairboot" report "$ro/study" -o "$ro/locked/new" \
		</dev/null >/dev/null 2>"$tap_tmp/ro.err"
	is "$?" 73 "a folder that may not be written gives 73"
	ok "the message says why" grep -q \
		"^pairboot: $ro/locked/new: cannot create the report folder: Permission denied\$" \
		"$tap_tmp/ro.err"
	"${as_user[@]}" "$ro/pairboot" report "$ro/study" -o "$ro/locked/r" \
		</dev/null >/dev/null 2>"$tap_tmp/ro.err"
	is "$?" 73 "replacing a report in such a folder gives 73"
	ok "and the report stays as it was" diff -r "$ro/before" "$ro/locked/r"
	is "$(staging_in "$ro/locked")" 0 "nothing is left in the folder"
	chmod 755 "$ro/locked"
else
	for name in "a folder that may not be written gives 73" \
		"the message says why" \
		"replacing a report in such a folder gives 73" \
		"and the report stays as it was" "nothing is left in the folder"; do
		skip "$name" "root writes anywhere and setpriv cannot drop to nobody"
	done
fi

## Output paths that are symbolic links ----------------------------------
links=$tap_tmp/links
mkdir -p "$links"
ln -s "$links/nowhere" "$links/dangling"
run_pb report "$small" -o "$links/dangling"
is "$pb_status" 73 "a dangling symbolic link as output gives 73"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $links/dangling: output folder is a symbolic link; give the real folder" \
	"the refusal names the link"
ok "nothing is made where it points" test ! -e "$links/nowhere"
echo keep >"$links/file"
ln -s "$links/file" "$links/to-file"
run_pb report "$small" -o "$links/to-file"
is "$pb_status" 73 "a link to a file as output gives 73"
is "$(cat "$links/file")" keep "and the file is untouched"
is "$(staging_in "$links")" 0 "no staging folder is left beside the links"

done_testing
