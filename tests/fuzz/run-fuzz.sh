#!/bin/sh
# run-fuzz.sh: runs one libFuzzer target of pairboot for a set time, or up
# to a total number of executions, and prints one summary line with the
# executions reached.
#
#   run-fuzz.sh TARGET SECONDS SEEDS [LIBFUZZER-FLAG]...
#
# Run from the build folder.  New inputs go to fuzz-corpus/TARGET (kept
# between runs), the committed seeds in SEEDS/TARGET are only read, and a
# crash, leak or undefined behaviour leaves its input in
# fuzz-artifacts/TARGET-* and makes the script exit non-zero.  The full
# libFuzzer log is in fuzz-logs/TARGET.log.
#
# Every run appends one line to the run log FUZZ_LOG (default
# fuzz-runs.txt): date, target, executions, seconds, executions per
# second, corpus size, outcome and the source revision.  With FUZZ_RUNS=N
# the run stops once the executions of TARGET in that log reach N in total
# (libFuzzer's -runs), so a long campaign can be made of several runs;
# SECONDS still bounds the run (0: no bound).  Nothing is run when the log
# already holds N.  A run stopped with ^C is logged as interrupted, and
# its executions count.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

target=$1
seconds=$2
seeds=$3
shift 3
runlog=${FUZZ_LOG:-fuzz-runs.txt}
wanted=${FUZZ_RUNS:-}

mkdir -p fuzz-corpus/"$target" fuzz-artifacts fuzz-logs || exit 1
log=fuzz-logs/$target.log

# Executions of TARGET recorded in the run log so far (field 3).
done_so_far() {
	[ -f "$runlog" ] || { echo 0; return; }
	awk -v t="$target" '$1 !~ /^#/ && $2 == t { n += $3 } END { print n + 0 }' \
		"$runlog"
}

runs_flag=
if [ -n "$wanted" ]; then
	left=$(( wanted - $(done_so_far) ))
	if [ "$left" -le 0 ]; then
		echo "fuzz: $target: $(done_so_far) executions in $runlog," \
			"already $wanted or more"
		exit 0
	fi
	runs_flag=-runs=$left
fi

# Halt on the first UBSan report too, and symbolise traces.
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export UBSAN_OPTIONS
start=$(date +%s)
./tests/fuzz/"$target" -max_total_time="$seconds" -print_final_stats=1 \
	-artifact_prefix=fuzz-artifacts/"$target"- $runs_flag "$@" \
	fuzz-corpus/"$target" "$seeds/$target" >"$log" 2>&1
status=$?
elapsed=$(( $(date +%s) - start ))
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
corpus=$(ls fuzz-corpus/"$target" | wc -l)
# The commit fuzzed, with a + when its C sources or build files were
# changed (the run log itself does not count).
revision=$(git -C "$seeds" log -1 --format=%h 2>/dev/null) || revision=-
[ "$revision" = - ] || git -C "$seeds" diff --quiet HEAD -- \
	':(top,glob)**/*.[ch]' ':(top,glob)**/*.am' ':(top,glob)**/*.inc' \
	':(top)configure.ac' || revision=$revision+
# libFuzzer leaves with 72 when interrupted (^C): its executions count.
case $status in
0) outcome=ok ;;
72) outcome=interrupted ;;
*) outcome=failed-$status ;;
esac
[ -f "$runlog" ] || echo "# date target executions seconds per-second" \
	"corpus outcome revision" >"$runlog"
echo "$(date -u +%Y-%m-%dT%H:%MZ) $target ${execs:-0} $elapsed ${rate:-0}" \
	"$corpus $outcome $revision" >>"$runlog"
if [ "$status" -eq 0 ] || [ "$status" -eq 72 ]; then
	echo "fuzz: $target: ${execs:-?} executions in ${elapsed}s" \
		"(${rate:-?}/s), no crash; corpus $corpus inputs;" \
		"$(done_so_far) in total in $runlog"
else
	echo "fuzz: $target: FAILED (status $status) after ${execs:-?}" \
		"executions; see $log and fuzz-artifacts/" >&2
	grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5 >&2
fi
exit "$status"
