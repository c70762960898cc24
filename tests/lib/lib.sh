# lib.sh: TAP helpers for the shell tests of pairboot.
#
# A test script sources this file, makes its checks and ends with
# `done_testing`:
#
#     . "$top_srcdir/tests/lib/lib.sh"
#     run_pb --version
#     is "$pb_status" 0 "--version exits 0"
#     ok "--version names the program" grep -q '^pairboot ' "$pb_out_file"
#     done_testing
#
# Each check prints one "ok N - name" or "not ok N - name" line, which
# Automake's tap-driver counts as one result; done_testing prints the plan.
# The environment comes from the Makefile: PAIRBOOT (the program under
# test), top_srcdir and top_builddir (absolute paths).
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later

: "${PAIRBOOT:?PAIRBOOT must name the pairboot program under test}"
: "${top_srcdir:?top_srcdir must name the source tree}"

tap_count=0
# The NO-BREAK SPACE (U+00A0) that German and Czech pages write between a
# number and its unit or its '%' ("0,250 ms", "95 %").
nb=$(printf '\302\240')
tap_failed=0

# A scratch folder for this script, removed when it exits.  Captured output
# lives here, so tests compare bytes rather than shell strings.
tap_tmp=$(mktemp -d "${TMPDIR:-/tmp}/pairboot-test.XXXXXX") || exit 99
trap 'rm -rf "$tap_tmp"' EXIT

# page_line_matched PAGE TEXT: the line of PAGE that first holds TEXT (a
# fixed string) is one the last `pairboot verify` (its output in
# $pb_out_file) reported as a match.
page_line_matched() {
	local n
	n=$(grep -nF -- "$2" "$1" | head -n 1 | cut -d: -f1)
	[ -n "$n" ] && grep -q "^match  *lines\{0,1\} $n[:-]" "$pb_out_file"
}

# diag TEXT...: a comment line, shown in the test's log.
diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# tap_result PASSED NAME: prints the TAP line for one check.
tap_result() {
	tap_count=$((tap_count + 1))
	if [ "$1" -eq 0 ]; then
		printf 'ok %d - %s\n' "$tap_count" "$2"
	else
		tap_failed=$((tap_failed + 1))
		printf 'not ok %d - %s\n' "$tap_count" "$2"
	fi
}

# ok NAME COMMAND [ARG]...: passes when COMMAND exits 0.  The command's own
# output goes to the log as comments.
ok() {
	local name=$1 out status
	shift
	out=$("$@" 2>&1)
	status=$?
	[ -n "$out" ] && [ "$status" -ne 0 ] && diag "$out"
	tap_result "$status" "$name"
	return "$status"
}

# is GOT WANT NAME: passes when the strings GOT and WANT are equal; shows
# both when they are not.
is() {
	if [ "$1" = "$2" ]; then
		tap_result 0 "$3"
		return 0
	fi
	tap_result 1 "$3"
	diag "got:  '$1'" "want: '$2'"
	return 1
}

# sweep_size QUICK FULL: how many cases a sweep (test_inject.sh,
# test_inject_plan.sh, test_crash.sh) tries when its own variable is not
# set: QUICK in `make check`, a sample that finishes in seconds, and FULL
# in `make check-expensive` (RUN_EXPENSIVE_TESTS=yes, as GNU projects name
# it), the whole sweep.  The script says which it ran in its log.
sweep_size() {
	if [ "${RUN_EXPENSIVE_TESTS:-no}" = yes ]; then
		printf '%s\n' "$2"
	else
		printf '%s\n' "$1"
	fi
}

# sweep_tier: "full" or "sampled", for a sweep's log and test names.
sweep_tier() {
	if [ "${RUN_EXPENSIVE_TESTS:-no}" = yes ]; then
		echo full
	else
		echo sampled
	fi
}

# skip NAME REASON: a check that cannot run here, counted as skipped.
skip() {
	tap_count=$((tap_count + 1))
	printf 'ok %d - %s # SKIP %s\n' "$tap_count" "$1" "$2"
}

# run_pb [ARG]...: runs $PAIRBOOT with ARGs, standard input from /dev/null.
# Leaves the exit status in pb_status, standard output and error in the
# files pb_out_file and pb_err_file and, as text, in pb_out and pb_err
# (trailing newlines kept).  Standard output may be redirected by setting
# PB_STDOUT to a file name (such as /dev/full) for one call.
run_pb() {
	pb_out_file=$tap_tmp/stdout
	pb_err_file=$tap_tmp/stderr
	"$PAIRBOOT" "$@" </dev/null >"${PB_STDOUT:-$pb_out_file}" \
		2>"$pb_err_file"
	pb_status=$?
	[ -n "${PB_STDOUT:-}" ] && : >"$pb_out_file"
	pb_out=$(cat "$pb_out_file"; printf x)
	pb_out=${pb_out%x}
	pb_err=$(cat "$pb_err_file"; printf x)
	pb_err=${pb_err%x}
	return 0
}

# line_count TEXT: the number of lines in TEXT (its newline characters).
line_count() {
	printf '%s' "$1" | wc -l | tr -d ' '
}

# read_cases FILE: reads a table of cases, paragraphs of "KEYWORD VALUE"
# lines (lines starting with '#' are comments), as tests/cli/bad/cases and
# tests/cli/usage/cases are written.  The script defines case_end, called
# at the end of each paragraph (and of the file), and case_key KEY VALUE,
# called for each other line after "case NAME" has called case_end and
# set c_name.  Counts the cases in n_cases; a name used twice fails.
read_cases() {
	local line key value names='
'
	n_cases=0
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		'#'*) continue ;;
		'') case_end; continue ;;
		esac
		key=${line%% *}
		value=${line#"$key"}
		value=${value# }
		if [ "$key" = case ]; then
			case_end
			c_name=$value
			n_cases=$((n_cases + 1))
			case $names in
			*"
$value
"*)
				tap_result 1 "$value"
				diag "case name '$value' is used twice" ;;
			esac
			names="$names$value
"
		else
			case_key "$key" "$value"
		fi
	done <"$1"
	case_end
}

# done_testing: prints the plan; the script's exit status says whether every
# check passed, as the C tests' tap_done() does.
# powerplan_excluded DIR: a copy of fixtures/powerplan in DIR with two
# runs of series 1 at `High performance` and one of series 2 at the
# reference excluded, which leaves two runs unpaired in one comparison of
# series 1 and one run in one of series 2.
powerplan_excluded() {
	cp -R "$top_srcdir/fixtures/powerplan" "$1"
	chmod -R u+w "$1"
	awk -F, -v OFS=, '
		NR > 1 && $2 == 1 && $4 == "High performance" && n < 2 {
			$5 = "no"; $6 = "display driver crashed"; n++ }
		NR > 1 && $2 == 2 && $3 == 3 && $4 == "Balanced" {
			$5 = "no"; $6 = "Windows Update ran" }
		{ print }' "$top_srcdir/fixtures/powerplan/runs.csv" >"$1/runs.csv"
}

done_testing() {
	printf '1..%d\n' "$tap_count"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

# skip_without_inject: ends the test as skipped unless tests/lib/inject.so
# can fail pairboot's allocations here (it is built, and ASan's allocator
# is not in its way).
skip_without_inject() {
	if [ -n "${PAIRBOOT_SANITIZED:-}" ]; then
		echo "1..0 # SKIP the shim cannot replace ASan's allocator"
		exit 0
	fi
	if [ ! -f "${PAIRBOOT_INJECT:-}" ]; then
		echo "1..0 # SKIP tests/lib/inject.so was not built"
		exit 0
	fi
}
