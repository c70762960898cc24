#!/bin/bash
# test_alt_text.sh: the figures' alt texts on the committed pages say what
# each figure shows and its finding in a few words, not every verdict in
# full (the table above each figure holds those): none of them, in any of
# the four languages, is longer than 400 characters.  The measure itself
# is checked on a text of 401 characters.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

limit=400

# alt_lengths FILE...: "CHARACTERS FILE:LINE" for each figure line
# (![ALT](TARGET)) of the pages, the alt text's length in characters.
alt_lengths() {
	perl -CSD -ne '
		if (/^!\[(.*)\]\([^()]*\)$/) {
			printf "%d %s:%d\n", length($1), $ARGV, $.;
		}
		close ARGV if eof;
	' "$@"
}

printf '![%s](x.svg)\n' "$(printf 'é%.0s' $(seq 401))" >"$tap_tmp/long.md"
is "$(alt_lengths "$tap_tmp/long.md" | cut -d' ' -f1)" 401 \
	"the measure counts characters, not bytes (401 two-byte letters)"

for l in en de cs ko; do
	pages=()
	for f in "$top_srcdir"/reports/*/"$l".md \
		 "$top_srcdir"/reports/*/compare."$l".md; do
		[ -f "$f" ] && pages+=("$f")
	done
	n=$(alt_lengths "${pages[@]}" | wc -l)
	ok "$l: the committed pages show figures ($n alt texts)" test "$n" -ge 7
	long=$(alt_lengths "${pages[@]}" | awk -v max="$limit" '$1 > max')
	is "$long" "" "$l: no alt text is longer than $limit characters"
	diag "$l: the longest alt text: $(alt_lengths "${pages[@]}" | sort -n | tail -1)"
done

done_testing
