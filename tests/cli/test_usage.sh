#!/bin/bash
# test_usage.sh: the command line's usage errors, worded the same way in
# every command.
#
# First the cases of tests/cli/usage/cases (its format is described at the
# top of that file): each runs pairboot and compares the exit status,
# stderr and stdout with what the case expects, exactly.  Then, for every
# option that some command's --help lists, the refusals that follow from
# its table alone: a value-taking option given last lacks its value, and
# one that takes none is refused a value, in the same words for every
# command; so an option added to a table is held to them unasked.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

cases_file=$top_srcdir/tests/cli/usage/cases
study=$top_srcdir/tests/data/tiny
hint="Try 'pairboot --help' for more information."
# hint_of COMMAND: the hint of a command that points at its own help.
hint_of() {
	printf "Try 'pairboot %s --help' for more information." "$1"
}
# Nothing here reads input or waits: a case that hangs is a failure.
limit=60

# sub TEXT: TEXT with @STUDY@ and @TMP@ replaced.
sub() {
	local t=${1//@STUDY@/$study}
	printf '%s' "${t//@TMP@/$tap_tmp/work}"
}

# check_run NAME STATUS STDERR STDOUT ARG...: runs pairboot with the ARGs
# in a scratch folder (an option's value may name a file) and compares.
check_run() {
	local name=$1 want_status=$2 want_err=$3 want_out=$4 got_status
	shift 4
	rm -rf "$tap_tmp/work" && mkdir "$tap_tmp/work"
	(cd "$tap_tmp/work" && timeout "$limit" "$PAIRBOOT" "$@" </dev/null \
		>"$tap_tmp/out" 2>"$tap_tmp/err")
	got_status=$?
	if [ "$got_status" = "$want_status" ] &&
		[ "$(cat "$tap_tmp/err")" = "$want_err" ] &&
		[ "$(cat "$tap_tmp/out")" = "$want_out" ]; then
		tap_result 0 "$name"
		return
	fi
	tap_result 1 "$name"
	diag "got status:  $got_status" "want status: $want_status" \
		"got stderr:" "$(cat "$tap_tmp/err")" "want stderr:" "$want_err"
	[ "$(cat "$tap_tmp/out")" = "$want_out" ] ||
		diag "got stdout:" "$(head -n 5 "$tap_tmp/out")" \
			"want stdout:" "$want_out"
}

## the case table -------------------------------------------------------

# case_end: runs the case collected in the c_* variables, if any.
case_end() {
	local args=()
	[ -n "$c_name" ] || return 0
	if [ -z "$c_status" ] || [ "$c_has_stderr" = no ]; then
		tap_result 1 "$c_name"
		diag "case '$c_name' lacks 'status' or 'stderr'"
	else
		# Split at blanks, as the cases file says.
		read -r -a args <<<"$(sub "$c_args")"
		check_run "$c_name" "$c_status" "$c_err" "$c_out" "${args[@]}"
	fi
	c_name='' c_args='' c_status='' c_err='' c_out='' c_has_stderr=no
}

# add TEXT LINE: TEXT with the line LINE added.
add() {
	if [ -z "$1" ]; then printf '%s' "$2"; else printf '%s\n%s' "$1" "$2"; fi
}

# case_key KEY VALUE: one line of the case being read.
case_key() {
	case $1 in
	args) c_args=$2 ;;
	status) c_status=$2 ;;
	stderr)
		c_has_stderr=yes
		case $2 in
		none) ;;
		hint) c_err=$(add "$c_err" "$hint") ;;
		hint\ *) c_err=$(add "$c_err" "$(hint_of "${2#hint }")") ;;
		*) c_err=$(add "$c_err" "$(sub "$2")") ;;
		esac ;;
	stdout) c_out=$(add "$c_out" "$(sub "$2")") ;;
	*)
		tap_result 1 "${c_name:-cases file}"
		diag "unknown line in $cases_file: '$1 $2'" ;;
	esac
}

c_name='' c_args='' c_status='' c_err='' c_out='' c_has_stderr=no
read_cases "$cases_file"
ok "the case table holds at least 40 cases ($n_cases)" test "$n_cases" -ge 40

## every option of every command ------------------------------------------

# The commands, as `pairboot --help` lists them.
mapfile -t commands < <("$PAIRBOOT" --help | sed -n '/^Commands:$/,/^$/{
	s/^  \([a-z][a-z ]*[a-z]\) [A-Z].*/\1/p
	s/^  \([a-z][a-z]*\)$/\1/p
}')
is "${commands[*]}" "check status report site compare verify summarize plan plan new" \
	"pairboot --help lists the commands"

# The option heads of a command's --help, one a line: "-o, --output=DIR",
# "--lang=LIST", "--guarantee".
option_heads() {
	# shellcheck disable=SC2086 # "plan new" is two words
	"$PAIRBOOT" $1 --help | sed -n '/^Options:$/,/^$/{
		s/^  \(-., --[^ ]*\).*/\1/p
		s/^      \(--[^ ]*\).*/\1/p
	}'
}

# A command whose options `pairboot --help` leaves to its own help (it
# says "see 'pairboot plan new --help'") points its usage errors there.
help_text=$("$PAIRBOOT" --help)
n_options=0
for cmd in "${commands[@]}"; do
	hint=$(printf "Try 'pairboot --help' for more information.")
	case $help_text in
	*"(see 'pairboot $cmd --help')"*) hint=$(hint_of "$cmd") ;;
	esac
	while IFS= read -r head; do
		[ -n "$head" ] || continue
		n_options=$((n_options + 1))
		long=${head##* }
		name=${long%%=*}
		# shellcheck disable=SC2086
		if [ "$long" != "$name" ]; then
			check_run "$cmd $name: given last, it lacks its value" 64 \
				"pairboot: $cmd: option '$name' requires an argument
$hint" "" $cmd "$name"
			case $head in
			-?,*)
				check_run "$cmd ${head%%,*}: given last, it lacks its value" \
					64 "pairboot: $cmd: option '${head%%,*}' requires an argument
$hint" "" $cmd "${head%%,*}" ;;
			esac
		else
			check_run "$cmd $name: a value is refused" 64 \
				"pairboot: $cmd: option '$name' doesn't allow an argument
$hint" "" $cmd "$name=x"
		fi
	done < <(option_heads "$cmd")
done
ok "the commands' --help list at least 30 options ($n_options)" \
	test "$n_options" -ge 30

done_testing
