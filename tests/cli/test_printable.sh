#!/bin/bash
# test_printable.sh: what `check` accepts, every command can print, and
# nothing the program prints sends a control character to the terminal.
#
# A threshold with more significant digits or decimals than the pages can
# print as written (0.2500000000000000, 25e-17, the subnormal 1e-320) and a
# confidence level whose percentage the figures cannot show are refused at
# their line and column by check, report, compare and plan new; the
# largest ones allowed print as written.  A title holding ESC, BEL, BS or
# CR is refused at its column, and a folder name holding ESC is shown as
# \x1B in every message and in check's summary, as is an output folder
# or an operand given on the command line.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

tiny=$top_srcdir/tests/data/tiny
esc=$(printf '\033')

# fresh DIR: a writable copy of the tiny study in DIR.
fresh() {
	rm -rf "$1"
	cp -R "$tiny" "$1" && chmod -R u+w "$1"
}

# set_key DIR KEY VALUE: sets KEY of [study] in DIR/study.ini.
set_key() {
	sed -i "s/^$2 = .*/$2 = $3/" "$1/study.ini"
}

# no_raw_control FILE: passes when FILE holds no C0 byte but LF, no DEL
# and no C1 control.
no_raw_control() {
	! LC_ALL=C grep -qP '[\x00-\x09\x0B-\x1F\x7F]|\xC2[\x80-\x9F]' "$1"
}

study=$tap_tmp/study
other=$tap_tmp/other

## Numbers the pages print as written -------------------------------------
# threshold is line 15, its value at column 13; confidence line 16, col 14.
for bad in 0.2500000000000000 25e-17 1e-320 1e15 1234567890.1234567; do
	fresh "$study"
	set_key "$study" threshold "$bad"
	run_pb check "$study"
	is "$pb_status" 65 "check refuses threshold $bad (exit 65)"
	ok "check names threshold $bad at 15:13" grep -qF \
		"study.ini:15:13: threshold has more digits than the pages can print as written (at most 15 significant digits and 15 decimals) ('$bad')" \
		"$pb_err_file"
	run_pb report "$study" -o "$tap_tmp/out" --lang en --format md
	is "$pb_status" 65 "report refuses threshold $bad before analysing"
	ok "report says where" grep -qF "study.ini:15:13:" "$pb_err_file"
	fresh "$other"
	run_pb compare "$study" "$other" -o "$tap_tmp/cmp"
	is "$pb_status" 65 "compare refuses threshold $bad (not 70)"
	ok "compare says where" grep -qF "study.ini:15:13:" "$pb_err_file"
done

# The largest that print as written: 15 decimals, 15 significant digits.
for good in 0.250000000000000 1e-15 15e-14 999999999999999 \
	    12345.6789012345; do
	fresh "$study"
	set_key "$study" threshold "$good"
	run_pb check "$study"
	is "$pb_status" 0 "check accepts threshold $good"
	rm -rf "$tap_tmp/out"
	run_pb report "$study" -o "$tap_tmp/out" --lang en --format md,json
	is "$pb_status" 0 "report prints threshold $good"
	fresh "$other"
	rm -rf "$tap_tmp/cmp"
	run_pb compare "$study" "$other" -o "$tap_tmp/cmp"
	is "$pb_status" 0 "compare takes threshold $good"
done
fresh "$study"
set_key "$study" threshold 0.250000000000000
rm -rf "$tap_tmp/out"
run_pb report "$study" -o "$tap_tmp/out" --lang en --format md
ok "the page prints 0.250000000000000 as written" \
	grep -qF "0.250000000000000" "$tap_tmp/out/en.md"

# confidence: its percentage has one decimal at most.
fresh "$study"
set_key "$study" confidence 0.9995
run_pb check "$study"
is "$pb_status" 65 "check refuses confidence 0.9995 (shown as 100%)"
ok "at 16:14" grep -qF "study.ini:16:14: confidence has more than 3 decimals" \
	"$pb_err_file"
fresh "$study"
set_key "$study" confidence 0.999
run_pb check "$study"
is "$pb_status" 0 "check accepts confidence 0.999 (99.9%)"

# plan new reads its options as study.ini does.
plan_args=(--title t --build 1 --column latency_us --scale 0.001 --unit ms
	--better lower --statistic p99 --reference 20 --seed 7
	--states '10;20;100' --series 1 --blocks 3)
run_pb plan new "$tap_tmp/plan1" "${plan_args[@]}" --threshold 0.2500000000000000
is "$pb_status" 64 "plan new refuses --threshold 0.2500000000000000"
ok "and says why" grep -qF "threshold has more digits than the pages can print" \
	"$pb_err_file"
ok "and writes no study" test ! -e "$tap_tmp/plan1"
run_pb plan new "$tap_tmp/plan2" "${plan_args[@]}" --threshold 0.250000000000000
is "$pb_status" 0 "plan new takes --threshold 0.250000000000000"

## Control characters ------------------------------------------------------
# title is line 6, its value at column 9.
fresh "$study"
sed -i "s/^title = .*/title = S${esc}]0;pwned$(printf '\a\b\r') X/" \
	"$study/study.ini"
run_pb check "$study"
is "$pb_status" 65 "a title holding ESC, BEL, BS and CR is refused"
ok "at the ESC, 6:10" grep -qF \
	"study.ini:6:10: title contains a control character ('S\\x1B]0;pwned\\x07\\x08\\x0D X')" \
	"$pb_err_file"
ok "no raw control byte reaches stderr" no_raw_control "$pb_err_file"
ok "nor stdout" no_raw_control "$pb_out_file"

fresh "$study"
sed -i 's/^label = Series 1$/label = Series\\n1/' "$study/study.ini"
run_pb check "$study"
is "$pb_status" 65 "a label with the escape \\n is refused"
ok "at the backslash" grep -qF "study.ini:26:15: label contains a control character" \
	"$pb_err_file"

fresh "$study"
sed -i "s/^note = after the study$/note = after$(printf '\302\233')31m/" \
	"$study/study.ini"
run_pb check "$study"
is "$pb_status" 65 "a note holding the C1 control CSI is refused"
ok "no raw C1 byte reaches stderr" no_raw_control "$pb_err_file"

# A folder name holding ESC, in a message and in the summary.
dir=$tap_tmp/e${esc}[2Jsc
fresh "$dir"
set_key "$dir" threshold abc
run_pb check "$dir"
is "$pb_status" 65 "a study in a folder named with ESC is read"
ok "its messages show \\x1B" grep -qF "e\\x1B[2Jsc/study.ini:15:13:" \
	"$pb_err_file"
ok "and the count line too" grep -qF "e\\x1B[2Jsc: 1 problem found" \
	"$pb_err_file"
ok "no raw ESC reaches stderr" no_raw_control "$pb_err_file"
set_key "$dir" threshold 1.5
run_pb check "$dir"
is "$pb_status" 0 "the study reads once its threshold is mended"
ok "the summary shows \\x1B" grep -qF "study $tap_tmp/e\\x1B[2Jsc:" \
	"$pb_out_file"
ok "no raw ESC reaches stdout" no_raw_control "$pb_out_file"
run_pb check "$tap_tmp/no${esc}]0;x$(printf '\a')such"
is "$pb_status" 66 "a missing folder named with ESC and BEL"
ok "is named escaped" grep -qF "no\\x1B]0;x\\x07such" "$pb_err_file"
ok "without a raw byte" no_raw_control "$pb_err_file"
od -c "$pb_err_file" | sed 's/^/# /'

# A file name given on the command line: an output folder, an operand.
fresh "$study"
run_pb report "$study" -o "$tap_tmp/out${esc}[2J" --lang en --format md
is "$pb_status" 0 "a report into a folder named with ESC"
ok "says where it is, escaped" grep -qF "report written to $tap_tmp/out\\x1B[2J/" \
	"$pb_out_file"
ok "no raw ESC reaches stdout" no_raw_control "$pb_out_file"
run_pb check "$study" "x${esc}]0;t$(printf '\a')"
is "$pb_status" 64 "an extra operand holding ESC and BEL"
ok "is named escaped" grep -qF "extra operand 'x\\x1B]0;t\\x07'" "$pb_err_file"
ok "without a raw byte" no_raw_control "$pb_err_file"

done_testing
