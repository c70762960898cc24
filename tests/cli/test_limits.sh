#!/bin/bash
# test_limits.sh: the limits of docs/study-format.md, refused at once.
#
# A study may list at most 128 states and have at most 32 series (64
# sections in study.ini); a page or results.json given to verify may be at
# most 64 MiB.  Each limit is tried at the limit (accepted, or failing
# only for other reasons) and one past it (refused at its line and column
# with exit 65, before the program spends time on the rest), and a device
# that never ends is read no further than the limit.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$tap_tmp/s
cp -R "$top_srcdir/fixtures/powerplan" "$study"
ini=$study/study.ini
cp "$ini" "$tap_tmp/study.ini.orig"

# with_states N: the study lists its three states and N - 3 more.
with_states() {
	awk -v n="$1" '/^states = / {
		$0 = "states = Balanced;High performance;Ultimate Performance"
		for (i = 4; i <= n; i++) $0 = $0 ";extra " i
	} { print }' "$tap_tmp/study.ini.orig" >"$ini"
}

## States -----------------------------------------------------------------
with_states 128
run_pb check "$study"
is "$pb_status" 0 "128 states: check passes (the extra states have no runs)"
with_states 129
run_pb check "$study"
is "$pb_status" 65 "129 states: check exits 65"
col=$(grep -b -o 'extra 129' <<<"$(grep '^states = ' "$ini")" | cut -d: -f1)
line=$(grep -n '^states = ' "$ini" | cut -d: -f1)
ok "the message names the 129th state's line and column" \
	grep -qF "study.ini:$line:$((col + 1)): more than 128 states (states lists 129; a study may have at most 128)" \
	"$pb_err_file"
with_states 20000
start=$(date +%s%N)
run_pb check "$study"
ms=$((($(date +%s%N) - start) / 1000000))
is "$pb_status" 65 "20000 states: check exits 65"
is "$(grep -c 'more than 128 states' "$pb_err_file")" 1 \
	"one message, not one a state"
diag "20000 states refused in $ms ms"

run_pb plan new "$tap_tmp/new" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 1 \
	--threshold 1 --seed 1 --blocks 2 --series 1 \
	--states "$(seq -s ';' 1 129)"
ok "plan new with 129 states is refused" test "$pb_status" -ne 0
ok "and writes nothing" test ! -e "$tap_tmp/new"
ok "it says why" grep -q 'more than 128 states' "$pb_err_file"

## Series -----------------------------------------------------------------
# with_series N: the study's two series and N - 2 more, each a section.
with_series() {
	local i
	cp "$tap_tmp/study.ini.orig" "$ini"
	for ((i = 3; i <= $1; i++)); do
		printf '\n[series x%d]\nkind = latency\n' "$i" >>"$ini"
	done
}
with_series 32
run_pb check "$study"
ok "32 series: not refused for their number" \
	bash -c "! grep -q 'more than' '$pb_err_file'"
with_series 33
run_pb check "$study"
is "$pb_status" 65 "33 series: check exits 65"
line=$(grep -n '^\[series x33\]' "$ini" | cut -d: -f1)
ok "the message names the 33rd series' section" \
	grep -qF "study.ini:$line:1: more than 32 series (a study may have at most 32)" \
	"$pb_err_file"
with_series 30000
run_pb check "$study"
is "$pb_status" 65 "30000 series: check exits 65"
line=$(grep -n '^\[' "$ini" | sed -n 65p | cut -d: -f1)
ok "refused at the 65th section, before the rest is read" \
	grep -qF "study.ini:$line:1: more than 64 sections" "$pb_err_file"
is "$(grep -c 'study.ini:' "$pb_err_file")" 1 "with one message"
cp "$tap_tmp/study.ini.orig" "$ini"

## Designs at the limits are drawn ------------------------------------------
# plan new and check accept 32 states of 32 series, 64 of 16 and 128 of 8:
# report must draw them too, though the interval figure is then taller
# than the 32767 pixels cairo allows an image at its usual scale.
# big STATES SERIES: a filled study of that design, 2 blocks, in $big.
big() {
	big=$tap_tmp/big-$1x$2
	"$PAIRBOOT" -q plan new "$big" --title Big --build 1 \
		--column latency_us --scale 0.001 --unit ms --better lower \
		--statistic p99 --reference 1 --threshold 1 --seed 7 \
		--states "$(seq -s ';' 1 "$1")" --series "$2" --blocks 2 \
		--resamples 1000 --interval percentile >/dev/null </dev/null ||
		return 1
	awk -F, 'NR == 1 { print "run,series,block,position,state,accepted,note,latency,mechanism" }
		NR > 1 { print $1 "," $2 "," $3 "," $4 "," $5 ",yes,," $6 "," }' \
		"$big/schedule.csv" >"$big/runs.csv"
	mkdir -p "$big/latency"
	tail -n +2 "$big/schedule.csv" | cut -d, -f6 |
		awk -v d="$big" '{ f = d "/" $0
			printf "period,latency_us\n1,%d\n2,%d\n", 15000 + NR % 97,
			       15500 + NR > f; close(f) }'
}
# png_height FILE: the height of a PNG, from its header.
png_height() {
	od -An -tu1 -j20 -N4 "$1" |
		awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }'
}
for design in "32 32" "64 16" "128 8"; do
	set -- $design
	if ! big "$1" "$2"; then
		ok "$1 states x $2 series: the study is made" false
		continue
	fi
	run_pb -q report --lang en --format png,svg "$big" -o "$big.rep"
	is "$pb_status" 0 "$1 states x $2 series: report draws it"
	h=$(png_height "$big.rep/interval.en.png" 2>/dev/null)
	ok "its interval figure fits cairo's 32767 pixels (${h:-none})" \
		test "${h:-99999}" -le 32767 -a "${h:-0}" -gt 1000
done

## Pages and results.json --------------------------------------------------
run_pb verify "$study" --against /dev/zero
is "$pb_status" 2 "verify --against /dev/zero exits 2 (not read as a whole)"
ok "it says the limit" grep -qF \
	'/dev/zero: larger than 64 MiB, the most pairboot reads of a page or results.json' \
	"$pb_err_file"
head -c $((64 * 1024 * 1024 + 1)) /dev/zero >"$tap_tmp/big.json"
run_pb verify "$study" --against "$tap_tmp/big.json"
is "$pb_status" 2 "a results.json of 64 MiB + 1 byte is refused (exit 2)"
ok "for its size" grep -q 'larger than 64 MiB' "$pb_err_file"
head -c $((64 * 1024 * 1024)) /dev/zero >"$tap_tmp/big.json"
run_pb verify "$study" --against "$tap_tmp/big.json"
ok "one of 64 MiB is read (and refused for what it holds)" \
	bash -c "test $pb_status -ne 0 && ! grep -q 'larger than' '$pb_err_file'"
rm -f "$tap_tmp/big.json"

# 64 MiB of empty objects: 22 million values, which a JSON parser would
# need over 5 GB for.  Refused unparsed, within a gigabyte of memory.
awk 'BEGIN { printf "{\"schema\":["; for (i = 0; i < 22369610; i++)
	printf "{},"; printf "{}]}" }' >"$tap_tmp/many.json"
for cmd in verify compare; do
	if [ "$cmd" = verify ]; then
		set -- verify "$study" --against "$tap_tmp/many.json"
	else
		set -- compare "$tap_tmp/many.json" "$study" -o "$tap_tmp/cmp"
	fi
	# ASan reserves terabytes of address space for its shadow: under
	# the sanitizers the bound on memory cannot be set, only the status
	# and the message checked.
	limit=1048576
	[ -n "${PAIRBOOT_SANITIZED:-}" ] && limit=unlimited
	(ulimit -v "$limit" && "$PAIRBOOT" -q "$@") </dev/null \
		>"$tap_tmp/out" 2>"$tap_tmp/err"
	status=$?
	want=65
	# verify's own status for a file it cannot read as a whole.
	[ "$cmd" = verify ] && want=2
	is "$status" "$want" "$cmd of 64 MiB of empty objects exits $want (within 1 GB of address space unless sanitized)"
	ok "$cmd says why" grep -qF "many.json: more than 3000000 JSON values, more than any results.json pairboot writes: not read" "$tap_tmp/err"
done
rm -f "$tap_tmp/many.json"

# A hostile page of 64 MiB, two million paragraphs of one letter: the page
# reader's budget holds, the rest is read in parts, and verify says it
# could not read the page whole (docs/robustness.md: under 1 GB measured).
# Unsanitized only: AddressSanitizer's shadow memory leaves no bound to
# check, and the page takes minutes under it.
if [ -z "${PAIRBOOT_SANITIZED:-}" ]; then
	awk 'BEGIN { for (i = 0; i < 22369621; i++) printf "a\n\n" }' >"$tap_tmp/paras.md"
	(ulimit -v 1572864 && "$PAIRBOOT" -q verify "$study" --against "$tap_tmp/paras.md") \
		</dev/null >"$tap_tmp/out" 2>"$tap_tmp/err"
	is "$?" 2 "verify of a 64 MiB page of paragraphs exits 2 within 1.5 GB of address space"
	ok "and still ends its report" grep -q '^summary: .*the file could not be read as a whole' "$tap_tmp/out"
	rm -f "$tap_tmp/paras.md"
else
	skip "verify of a 64 MiB page within 1.5 GB" "AddressSanitizer's shadow memory"
	skip "and still ends its report" "AddressSanitizer's shadow memory"
fi

done_testing
