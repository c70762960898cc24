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
for s in 0 1 64 65 66 70 71 73 74; do
	ok "the page documents exit status $s" \
		awk -v s="$s" 'prev == ".TP" && $0 == s { found = 1 }
			{ prev = $0 } END { exit !found }' "$page"
done

done_testing
