#!/bin/sh
# run-fuzz.sh: runs one libFuzzer target of pairboot for a set time and
# prints one summary line with the executions reached.
#
#   run-fuzz.sh TARGET SECONDS SEEDS [LIBFUZZER-FLAG]...
#
# Run from the build folder.  New inputs go to fuzz-corpus/TARGET (kept
# between runs), the committed seeds in SEEDS/TARGET are only read, and a
# crash, leak or undefined behaviour leaves its input in
# fuzz-artifacts/TARGET-* and makes the script exit non-zero.  The full
# libFuzzer log is in fuzz-logs/TARGET.log.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

target=$1
seconds=$2
seeds=$3
shift 3

mkdir -p fuzz-corpus/"$target" fuzz-artifacts fuzz-logs || exit 1
log=fuzz-logs/$target.log
# Halt on the first UBSan report too, and symbolise traces.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export UBSAN_OPTIONS
./tests/fuzz/"$target" -max_total_time="$seconds" -print_final_stats=1 \
	-artifact_prefix=fuzz-artifacts/"$target"- "$@" \
	fuzz-corpus/"$target" "$seeds/$target" >"$log" 2>&1
status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
corpus=$(ls fuzz-corpus/"$target" | wc -l)
if [ "$status" -eq 0 ]; then
	echo "fuzz: $target: ${execs:-?} executions in ${seconds}s" \
		"(${rate:-?}/s), no crash; corpus $corpus inputs"
else
	echo "fuzz: $target: FAILED (status $status) after ${execs:-?}" \
		"executions; see $log and fuzz-artifacts/" >&2
	grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5 >&2
fi
exit "$status"
