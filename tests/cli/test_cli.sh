#!/bin/bash
# test_cli.sh: the command line of pairboot as a user meets it: help,
# version, exit statuses, `check` on the bundled example studies, global
# options after the command, a failing write to standard output, and
# output that does not depend on the locale.  The usage errors are
# test_usage.sh's.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

studies=(mmcss-26200.9168 netthrottle powerplan)
statuses=(0 1 64 65 66 70 71 73 74)

## --help and --version -------------------------------------------------
for opt in --help -h; do
	run_pb "$opt"
	is "$pb_status" 0 "$opt: exit status 0"
	is "$(head -n 1 "$pb_out_file")" \
		"Usage: pairboot [OPTION]... COMMAND [ARG]..." \
		"$opt: starts with the usage line"
	is "$pb_err" "" "$opt: nothing on stderr"
done
run_pb --help
ok "--help names the check command" grep -q '^  check STUDY ' "$pb_out_file"
ok "--help names the report command" grep -q '^  report STUDY ' "$pb_out_file"
ok "--help has an exit status section" grep -q '^Exit status:$' "$pb_out_file"
# Each status as a row of the table "  NN  description".
for s in "${statuses[@]}"; do
	ok "--help documents exit status $s" \
		grep -qE "^  $s +[a-z]" "$pb_out_file"
done

for opt in --version -V; do
	run_pb "$opt"
	is "$pb_status" 0 "$opt: exit status 0"
	ok "$opt: first line is 'pairboot VERSION'" \
		grep -qE '^pairboot [0-9]+\.[0-9]+\.[0-9]+$' <(head -n 1 "$pb_out_file")
	is "$pb_err" "" "$opt: nothing on stderr"
done
run_pb --version
ok "--version states the licence" grep -q 'GPLv3+' "$pb_out_file"

## usage errors -----------------------------------------------------------
# Every usage error, compared exactly, is a case of tests/cli/usage/cases
# (test_usage.sh).

## missing input ----------------------------------------------------------
run_pb check "$tap_tmp/no-such-study"
is "$pb_status" 66 "check of a missing folder: exit status 66"
ok "check of a missing folder: the message names it" \
	grep -q "^pairboot: .*no-such-study" "$pb_err_file"

mkdir "$tap_tmp/empty-study"
run_pb check "$tap_tmp/empty-study"
is "$pb_status" 66 "check of a folder without study.ini: exit status 66"
ok "check of a folder without study.ini: the message names study.ini" \
	grep -q "^pairboot: .*study\.ini" "$pb_err_file"

## the bundled example studies --------------------------------------------
for st in "${studies[@]}"; do
	run_pb check "$top_srcdir/fixtures/$st"
	is "$pb_status" 0 "check of fixtures/$st: exit status 0"
	[ "$pb_status" -eq 0 ] || diag "$pb_err"
	ok "check of fixtures/$st: prints a summary" test -s "$pb_out_file"
done

## incomplete blocks are named -------------------------------------------
# tests/data/tiny has three complete blocks of 10, 20 and 100.  Without r1
# (block 1, state 10) and r5 (block 2, state 100), two of them are not:
# the check names each, with the states it lacks, under its series.
inc=$tap_tmp/incomplete
cp -r "$top_srcdir/tests/data/tiny" "$inc"
sed -i '/^r1,/d; /^r5,/d' "$inc/runs.csv"
run_pb check "$inc"
is "$pb_status" 0 "check of a study with incomplete blocks: exit status 0"
is "$(sed -n '/^series 1 /,/^series m /p' "$pb_out_file")" \
"series 1 (latency, Series 1): 3 blocks, 8 runs: 7 accepted, 1 excluded
  block 1 lacks 10
  block 2 lacks 100
  2 of 3 blocks are incomplete
series m (mechanism, Mechanism check): 1 block, 2 runs: 2 accepted, 0 excluded" \
	"check names each incomplete block and the states it lacks"
# Block 3 with every run excluded: named too, lacking every state.
sed -i '/^r[789],/s/,yes,,/,no,rebooted by the harness,/' "$inc/runs.csv"
run_pb check "$inc"
ok "a block whose runs were all excluded is named" \
	grep -qx "  block 3 lacks 10, 20, 100" "$pb_out_file"
ok "and counted" grep -qx "  3 of 3 blocks are incomplete" "$pb_out_file"
run_pb check "$top_srcdir/tests/data/tiny"
ok "a study of complete blocks has no such line" \
	sh -c "! grep -q incomplete '$pb_out_file'"

## global options after the command --------------------------------------
run_pb check "$top_srcdir/tests/data/tiny" -j 1
is "$pb_status" 0 "check STUDY -j 1: a global option after the command"
ok "check STUDY -j 1: prints the summary" grep -q '^series 1 ' "$pb_out_file"
run_pb check "$top_srcdir/tests/data/tiny" -q
is "$pb_status$pb_out" 0 "check STUDY -q: quiet after the command"
run_pb report "$top_srcdir/tests/data/tiny" -o "$tap_tmp/opt-after" \
	--format json -q --jobs=2
is "$pb_status$pb_out" 0 "report STUDY -o DIR --format json -q --jobs=2"
ok "and the report is written" test -s "$tap_tmp/opt-after/results.json"
run_pb check --help
is "$pb_status" 0 "check --help prints the help"
ok "check --help: the usage line" grep -q '^Usage: pairboot' "$pb_out_file"

# Each command's --help is its own: its synopsis and options, on stdout,
# exit 0, not the whole program's help (which lists every command).
for cmd in check status report compare verify summarize plan "plan new"; do
	# shellcheck disable=SC2086 # "plan new" is two words
	run_pb $cmd --help
	is "$pb_status$pb_err" 0 "$cmd --help: exit 0, nothing on stderr"
	ok "$cmd --help: its own usage line" \
		grep -q "^Usage: pairboot $cmd [A-Z]" "$pb_out_file"
	ok "$cmd --help: not the help of every command" \
		test -z "$(grep -E '^Commands:|^  (compare|summarize) ' "$pb_out_file")"
	ok "$cmd --help: fits in 80 columns" \
		test -z "$(awk 'length > 80' "$pb_out_file")"
done
run_pb plan new --help
ok "plan new --help: lists --state-type" grep -q '^      --state-type=name ' \
	"$pb_out_file"
run_pb report "$top_srcdir/fixtures/${studies[0]}" -o "$tap_tmp/nowhere" --help
is "$pb_status" 0 "report STUDY -o DIR --help: exit 0"
ok "report STUDY -o DIR --help: the help of report, nothing written" \
	test ! -e "$tap_tmp/nowhere" -a -n "$(grep '^Usage: pairboot report ' "$pb_out_file")"
run_pb --help report
ok "--help report: the help of every command" grep -q '^Commands:$' "$pb_out_file"

## a write error on stdout ------------------------------------------------
if [ -c /dev/full ] && [ -w /dev/full ]; then
	PB_STDOUT=/dev/full run_pb check "$top_srcdir/fixtures/${studies[0]}"
	is "$pb_status" 74 "check with stdout on /dev/full: exit status 74"
	ok "check with stdout on /dev/full: says so on stderr" \
		grep -q '^pairboot: .*write error' "$pb_err_file"
else
	skip "check with stdout on /dev/full: exit status 74" "no /dev/full"
	skip "check with stdout on /dev/full: says so on stderr" "no /dev/full"
fi

## the output does not depend on the locale -------------------------------
# A study with a bad number, written as a German or Czech user would type
# it, so the failing check has numbers and messages in its output.
bad=$tap_tmp/bad-study
cp -R "$top_srcdir/fixtures/netthrottle" "$bad" 2>/dev/null &&
	chmod -R u+w "$bad" &&
	sed -i 's/^threshold *=.*/threshold = 1,5/' "$bad/study.ini"

# transcript LOCALE: everything pairboot prints for a set of commands, with
# the exit statuses, run under LOCALE (for LC_ALL, LANG and LANGUAGE).
transcript() {
	local loc=$1
	transcript_one "$loc" --help
	transcript_one "$loc"
	transcript_one "$loc" check
	transcript_one "$loc" check "$top_srcdir/fixtures/${studies[0]}"
	transcript_one "$loc" check "$top_srcdir/fixtures/${studies[1]}"
	transcript_one "$loc" check "$bad"
	transcript_one "$loc" check "$tap_tmp/no-such-study"
}

transcript_one() {
	local loc=$1
	shift
	LC_ALL=$loc LANG=$loc LANGUAGE=${loc%%.*} run_pb "$@"
	printf '== pairboot %s\n' "$*"
	cat "$pb_out_file"
	printf -- '-- stderr\n'
	cat "$pb_err_file"
	printf -- '-- status %s\n' "$pb_status"
}

# locale -a spells de_DE.UTF-8 as de_DE.utf8.
installed_locales=$(locale -a 2>/dev/null | tr '[:upper:]' '[:lower:]' | tr -d -- '-')
transcript C >"$tap_tmp/out.C"
run_pb check "$bad"
is "$pb_status" 65 "check of a study with threshold 1,5: exit status 65"
for loc in de_DE.UTF-8 cs_CZ.UTF-8; do
	name="output under LC_ALL=$loc is byte-identical to LC_ALL=C"
	key=$(printf '%s' "$loc" | tr '[:upper:]' '[:lower:]' | tr -d -- '-')
	if ! grep -qxF -- "$key" <<<"$installed_locales"; then
		skip "$name" "locale $loc is not installed (./setup as root)"
		continue
	fi
	transcript "$loc" >"$tap_tmp/out.$loc"
	ok "$name" cmp -s "$tap_tmp/out.C" "$tap_tmp/out.$loc" ||
		diag "$(diff -u "$tap_tmp/out.C" "$tap_tmp/out.$loc" | head -n 40)"
done

# A Korean desktop, the locale built into a private LOCPATH when the system
# lacks it: fontconfig names NanumGothic in Korean there, and the check of
# the studies' Korean text must still find it.
ko_locpath=$tap_tmp/locales
if ! grep -qxF -- ko_kr.utf8 <<<"$installed_locales"; then
	mkdir -p "$ko_locpath"
	localedef -i ko_KR -f UTF-8 "$ko_locpath/ko_KR.UTF-8" >/dev/null 2>&1
fi
LOCPATH=$ko_locpath transcript ko_KR.UTF-8 >"$tap_tmp/out.ko"
ok "output under LC_ALL=ko_KR.UTF-8 is byte-identical to LC_ALL=C" \
	cmp -s "$tap_tmp/out.C" "$tap_tmp/out.ko" ||
	diag "$(diff -u "$tap_tmp/out.C" "$tap_tmp/out.ko" | head -n 40)"
FC_LANG=ko transcript C >"$tap_tmp/out.fcko"
ok "output under FC_LANG=ko is byte-identical to LC_ALL=C" \
	cmp -s "$tap_tmp/out.C" "$tap_tmp/out.fcko" ||
	diag "$(diff -u "$tap_tmp/out.C" "$tap_tmp/out.fcko" | head -n 40)"

done_testing
