#!/bin/bash
# test_man.sh: the pairboot(1) man page is clean troff, belongs to this
# version of the program, and documents every exit status.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# A page generated in a separate build folder is found there; a distributed
# one in the source tree.
page=${top_builddir:-.}/man/pairboot.1
[ -f "$page" ] || page=$top_srcdir/man/pairboot.1

ok "the man page exists" test -s "$page"

# groff with every warning enabled (-ww) and no output (-z) prints nothing for
# a clean page: a stray escape, a bad macro or a broken font change shows up.
if command -v groff >/dev/null 2>&1; then
	lint=$(LC_ALL=C groff -man -ww -z "$page" 2>&1)
	is "$lint" "" "groff -man -ww -z prints no warning"
else
	skip "groff -man -ww -z prints no warning" "groff is not installed"
fi

# The .TH line carries the version help2man read from --version.
run_pb --version
version=$(head -n 1 "$pb_out_file" | sed 's/^pairboot //')
ok "the page is for pairboot $version" \
	grep -q "^\\.TH PAIRBOOT \"1\" \"[^\"]*\" \"pairboot $version\"" "$page"

ok "the page has an EXIT STATUS section" grep -q '^\.SH "EXIT STATUS"' "$page"
ok "the page has a FILES section" grep -q '^\.SH FILES' "$page"
ok "the page has a SEE ALSO section" grep -q '^\.SH "SEE ALSO"' "$page"

# help2man sets each row of the --help table as a tagged paragraph: .TP,
# then the status alone on its line.
for s in 0 1 3 64 65 66 70 71 73 74; do
	ok "the page documents exit status $s" \
		awk -v s="$s" 'prev == ".TP" && $0 == s { found = 1 }
			{ prev = $0 } END { exit !found }' "$page"
done

# The page as man shows it, without bold or underlining, 80 columns wide.
if command -v groff >/dev/null 2>&1; then
	LC_ALL=C groff -man -Tascii -P-cbou -rLL=80n "$page" 2>/dev/null \
		>"$tap_tmp/page.txt"
	# Under "Commands:", help2man makes each command a tagged paragraph:
	# the heading at the paragraph indent (7 blanks), its text below.  A
	# heading that runs over several lines of --help came out as a text
	# line at 14 blanks and the first line of its text as the heading.
	sed -n '/^   Commands:$/,/^   Options/p' "$tap_tmp/page.txt" \
		>"$tap_tmp/commands.txt"
	for cmd in check status report site compare verify summarize plan "plan new"; do
		ok "man: '$cmd' has a heading of its own under Commands" \
			grep -qE "^       $cmd( [A-Z]|$)" "$tap_tmp/commands.txt"
	done
	ok "man: every heading under Commands is a command" \
		test -z "$(grep -E '^       [^ ]' "$tap_tmp/commands.txt" |
			grep -vE '^       (check|status|report|site|compare|verify|summarize|plan|plan new)( [A-Z]|$)')"
else
	for cmd in check status report site compare verify summarize plan "plan new"; do
		skip "man: '$cmd' has a heading of its own under Commands" \
			"groff is not installed"
	done
	skip "man: every heading under Commands is a command" \
		"groff is not installed"
fi

# help_options CMD...: the options `pairboot CMD --help` lists, one a line,
# sorted: the names on the lines that start with an option.
help_options() {
	"$PAIRBOOT" "$@" --help </dev/null |
		sed -n 's/^ \{2,6\}\(-.*\)/\1/p' | sed 's/   .*//' |
		grep -oE '(^|[ ,])--?[a-z][a-z-]*' | tr -d ' ,' | sort -u
}

# man_options CMD...: the options the page's COMMAND OPTIONS section lists
# for CMD: the tags (the line after .TP) of its subsection.
man_options() {
	awk -v cmd="$*" '
		/^\.S[HS] / { inside = index($0, "\"pairboot " cmd " ") == 5 &&
			substr($0, 16 + length(cmd), 1) ~ /[A-Z]/; next }
		inside && prev == ".TP" { print }
		{ prev = $0 }' "$page" |
		sed 's/\\f[BIR]//g; s/\\-/-/g' |
		grep -oE '(^|[ ,])--?[a-z][a-z-]*' | tr -d ' ,' | sort -u
}

ok "the page has a COMMAND OPTIONS section" \
	grep -q '^\.SH "COMMAND OPTIONS"' "$page"
for cmd in check status report site compare verify summarize plan "plan new"; do
	# shellcheck disable=SC2086 # "plan new" is two words
	help_opts=$(help_options $cmd)
	# shellcheck disable=SC2086
	man_opts=$(man_options $cmd)
	is "$man_opts" "$help_opts" \
		"'$cmd --help' and the man page list the same options"
	ok "the man page has a subsection for '$cmd'" \
		grep -qE "^\\.SS \"pairboot $cmd [A-Z]" "$page"
done
# The lists are not empty by mistake: report has its four.
is "$(help_options report | tr '\n' ' ')" "--figure-base --figure-prefix --figures --format --lang --output -o " \
	"report --help: the options are read"

done_testing
