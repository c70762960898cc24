#!/bin/bash
# test_owned.sh: pairboot removes only what it made, and one run at a time
# writes an output.
#
# A study may come from a tarball that plants entries beside its report
# folder: a link named like a staging folder (".NAME.new-XXXXXX") that
# points at the user's files, or a real folder of that name.  The clean-up
# after a report, a comparison, a plan and a new study must leave all of
# them, and what they point at, as they were; a staging folder that a
# killed run really left is still removed.  The runs are made as an
# ordinary user where the test runs as root (the kernel's protected-links
# rule would hide a link in /tmp itself, so the work folder is a folder of
# its own, not sticky).  Then two runs into one output, in both orders:
# the second waits for the first, or, with --no-wait, fails at once with
# 75; neither ever empties a published report.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

as_user=()
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
chmod 755 "$tap_tmp"
# LeakSanitizer reads its suppressions only when it finds a leak, as the
# user the run is made as: a build folder that only root may enter (as
# CI's is) would turn fontconfig's known leak into a failure.  The user
# is given a copy it can read.
if [ ${#as_user[@]} -gt 0 ] && [ -n "${LSAN_OPTIONS:-}" ]; then
	cp "$top_srcdir/tests/lib/lsan.supp" "$tap_tmp/lsan.supp"
	chmod 644 "$tap_tmp/lsan.supp"
	LSAN_OPTIONS=$(sed "s|suppressions=[^:]*|suppressions=$tap_tmp/lsan.supp|" \
		<<<"$LSAN_OPTIONS")
	export LSAN_OPTIONS
fi
h=$tap_tmp/h
mkdir -p "$h"
cp "$PAIRBOOT" "$tap_tmp/pairboot"
cp -R "$top_srcdir/fixtures/powerplan" "$h/powerplan"
cp -R "$top_srcdir/fixtures/mmcss-26200.9168" "$h/old"
cp -R "$top_srcdir/fixtures/mmcss-newbuild" "$h/new"
[ ${#as_user[@]} -gt 0 ] && chown -R 65534:65534 "$h"
diag "runs as: ${as_user[*]:-the current user}"

# pb ARG...: pairboot as the user, in folder $h; status in pb_status.
pb() {
	(cd "$h" && "${as_user[@]}" "$tap_tmp/pairboot" "$@" </dev/null \
		>"$tap_tmp/out" 2>"$tap_tmp/err")
	pb_status=$?
}

# plant NAME TARGET: a link NAME (below $h) to TARGET, made by the user.
plant() {
	mkdir -p "$h/$(dirname "$1")"
	ln -sfn "$2" "$h/$1"
	[ ${#as_user[@]} -gt 0 ] && chown -h 65534:65534 "$h/$1" \
		"$h/$(dirname "$1")"
	return 0
}

# intact LABEL: the user's files are all there (and put back for the
# next case, so that each case is judged on its own).
intact() {
	ok "$1: the user's file beside the study is kept" \
		test -f "$h/thesis.tex"
	ok "$1: the study is kept" test -f "$h/powerplan/study.ini"
	echo 'the user s thesis' >"$h/thesis.tex"
	cp -R "$top_srcdir/fixtures/powerplan/." "$h/powerplan"
}

echo 'the user s thesis' >"$h/thesis.tex"

## Links named like staging folders -------------------------------------
# The default output is reports/NAME; the links point at the folder
# holding it, and at the one above.
plant reports/.powerplan.new-0 ..
plant reports/.powerplan.new-AbCd12 ..
plant reports/.powerplan.new-XyZ789 ../..
pb -q report powerplan --lang en --format md
is "$pb_status" 0 "report into reports/NAME beside planted links exits 0"
intact "report"
ok "report: the report is written" test -f "$h/reports/powerplan/en.md"
ok "report: the planted links stay" test -L "$h/reports/.powerplan.new-AbCd12"

plant cmp/.c.new-QwErTy ../..
pb -q compare old new -o cmp/c
is "$pb_status" 0 "compare beside a planted link exits 0"
intact "compare"

plant plans/.p.new-AsDfGh ../..
pb -q plan powerplan --max-blocks 20 -o plans/p
is "$pb_status" 0 "plan -o beside a planted link exits 0"
intact "plan -o"

plant studies/.s.new-ZxCvBn ../..
pb -q plan new studies/s --title "Timer resolution" --build 22631 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference 0 --threshold 1.5 --seed 1 \
	--states '0;10' --series 1 --blocks 6
is "$pb_status" 0 "plan new beside a planted link exits 0"
intact "plan new"

## Real folders named like staging folders -----------------------------
# The user's own ".rep.new-mine", a six-letter one without pairboot's
# mark, and one with a mark that names another folder are kept with what
# they hold; a killed run's staging folder, which carries its own mark,
# goes.
for dir in .rep.new-mine .rep.new-ABCDEF .rep.new-ABCDEG; do
	mkdir -p "$h/$dir"
	echo mine >"$h/$dir/notes.txt"
done
touch "$h/.rep.new-ABCDEG/.pairboot-staging-12345"
mkdir "$h/.rep.new-KiLLed"
ino=$(stat -c %i "$h/.rep.new-KiLLed")
touch "$h/.rep.new-KiLLed/.pairboot-staging-$ino"
echo partial >"$h/.rep.new-KiLLed/results.json"
[ ${#as_user[@]} -gt 0 ] && chown -R 65534:65534 "$h"
pb -q report powerplan --lang en --format json -o rep
is "$pb_status" 0 "report beside folders named like staging folders"
for dir in .rep.new-mine .rep.new-ABCDEF .rep.new-ABCDEG; do
	ok "the folder $dir keeps the user's file" test -f "$h/$dir/notes.txt"
done
ok "a killed run's staging folder, with its mark, is removed" \
	test ! -e "$h/.rep.new-KiLLed"
ok "no lock file is left" test ! -e "$h/.rep.lock"

## The lock file ----------------------------------------------------------
ln -s thesis.tex "$h/.rep.lock"
pb report powerplan --lang en --format json -o rep
is "$pb_status" 73 "a lock file that is a link is refused with 73"
ok "the refusal names it" grep -q "lock '.rep.lock'.*symbolic link" \
	"$tap_tmp/err"
is "$(cat "$h/thesis.tex")" "the user s thesis" "and the link's file is kept"
rm "$h/.rep.lock"

## Two runs into one output ---------------------------------------------
# Held by another process (flock(1) on the lock file), the output makes
# a run wait, or fail at once with --no-wait.
if command -v flock >/dev/null; then
	touch "$h/.rep.lock"
	[ ${#as_user[@]} -gt 0 ] && chown 65534:65534 "$h/.rep.lock"
	cp -a "$h/rep" "$tap_tmp/rep-before"
	flock "$h/.rep.lock" sleep 3 &
	holder=$!
	sleep 0.5
	pb --no-wait report powerplan --lang en --format json -o rep
	is "$pb_status" 75 "--no-wait while another run writes gives 75"
	ok "the message says who holds it" grep -q \
		"another pairboot is writing this output now" "$tap_tmp/err"
	ok "and the report is left as it was" diff -r "$tap_tmp/rep-before" \
		"$h/rep"
	start=$(date +%s%N)
	pb report powerplan --lang en --format json -o rep
	waited=$((($(date +%s%N) - start) / 1000000))
	is "$pb_status" 0 "without --no-wait, the run waits and succeeds"
	ok "it says it waits" grep -q "waiting for it to finish" "$tap_tmp/err"
	ok "it waited for the holder (${waited} ms)" test "$waited" -ge 1500
	wait "$holder"
	ok "a lock file that was there before is left" test -f "$h/.rep.lock"
	rm -f "$h/.rep.lock"
else
	for name in "--no-wait while another run writes gives 75" \
		"the message says who holds it" \
		"and the report is left as it was" \
		"without --no-wait, the run waits and succeeds" \
		"it says it waits" "it waited for the holder" \
		"a lock file that was there before is left"; do
		skip "$name" "flock(1) is not installed"
	done
fi

# Two real runs at once, in both orders: a full report and a quick JSON
# one.  Both succeed, and the output is whole: one of the two reports,
# byte for byte.
pb -q report powerplan -o full-ref
pb -q report powerplan --format json -o json-ref
for order in full-first json-first; do
	rm -rf "${h:?}/both"
	pb -q report powerplan -o both
	if [ "$order" = full-first ]; then
		first=(report powerplan -o both)
		second=(report powerplan --format json -o both)
	else
		first=(report powerplan --format json -o both)
		second=(report powerplan -o both)
	fi
	(cd "$h" && "${as_user[@]}" "$tap_tmp/pairboot" -q "${first[@]}" \
		</dev/null >/dev/null 2>"$tap_tmp/err1") &
	p1=$!
	sleep 0.05
	(cd "$h" && "${as_user[@]}" "$tap_tmp/pairboot" -q "${second[@]}" \
		</dev/null >/dev/null 2>"$tap_tmp/err2") &
	p2=$!
	wait "$p1"
	s1=$?
	wait "$p2"
	s2=$?
	is "$s1 $s2" "0 0" "$order: both runs succeed"
	ok "$order: the output is one whole report" \
		bash -c "diff -r '$h/full-ref' '$h/both' >/dev/null ||
			diff -r '$h/json-ref' '$h/both' >/dev/null"
	is "$(find "$h" -maxdepth 1 -name '.both.*' | wc -l)" 0 \
		"$order: no staging folder or lock is left"
done

done_testing
