#!/bin/bash
# test_powerplan.sh: the pages of the power plan example study say only
# what it recorded, and show its state names whole.
#
# fixtures/powerplan has named states with blanks ("High performance",
# "Ultimate Performance"), a timer-lateness metric and no mechanism logs.
# Its four pages and PDF reports must not speak of MMCSS, Win32, ETW,
# thread registration, the registry or latency, which belong to the
# SystemResponsiveness study; the same search on that study's pages must
# find those words, so the search itself is known to work.  Two lines are
# left out of the search: the page's title (the study's own words, which
# in Korean call the timer's lateness 지연) and the plan-digest line, whose
# "not registered" is about the plan's pre-registration.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

pp=$top_srcdir/fixtures/powerplan
mmcss=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/pp

# The words per language, as the catalogs and the articles write them.
declare -A words=(
	[en]='MMCSS|Win32|ETW|registration|registry|latenc'
	[de]='MMCSS|Win32|ETW|Registrierung|Registry|Latenz'
	[cs]='MMCSS|Win32|ETW|registrac|Registry|registr[uye]|latenc'
	[ko]='MMCSS|Win32|ETW|Registry|등록|레지스트리|지연|latenc'
)

# forbidden LANG FILE: the lines of FILE, but its first and the one that
# names the plan digest, that hold a word of LANG's list.
forbidden() {
	sed -e 1d -e '/SHA-256/{/docs\/study-format\.md/d}' "$2" |
		grep -iE "${words[$1]}"
}

run_pb check "$pp"
is "$pb_status" 0 "check accepts fixtures/powerplan"
ok "check prints the names as study.ini writes them" \
	grep -qxF 'states: Balanced, High performance, Ultimate Performance; reference Balanced' \
	"$pb_out_file"

run_pb -q report "$pp" -o "$out"
is "$pb_status" 0 "report writes fixtures/powerplan"
run_pb -q report "$mmcss" -o "$tap_tmp/mmcss" --format md
is "$pb_status" 0 "report writes the SystemResponsiveness pages"

for l in en de cs ko; do
	ok "mmcss $l.md: the search finds the MMCSS words" \
		test -n "$(forbidden "$l" "$tap_tmp/mmcss/$l.md")"
	found=$(forbidden "$l" "$out/$l.md")
	is "$found" "" "powerplan $l.md: no MMCSS, Win32, ETW, registration, registry or latency wording"
	# Every state name in the comparison table is a code span of its own.
	# German and Czech write the decimal comma, English and Korean the
	# point (the study does not ask for `decimal = point`); German and
	# Czech join the number and its unit with a no-break space.
	mark='\.' sp=' '
	case $l in de | cs) mark=, sp=$nb ;; esac
	ok "powerplan $l.md: a table row for \`High performance\`" \
		grep -q "^| \`High performance\` | \`-0${mark}240${sp}ms\` \`\[-0${mark}308; -0${mark}167\]\`" "$out/$l.md"
	ok "powerplan $l.md: a table row for \`Ultimate Performance\`" \
		grep -q "^| \`Ultimate Performance\` | \`-0${mark}450${sp}ms\`" "$out/$l.md"
	ok "powerplan $l.md: the reference in the prose is a code span" \
		grep -q '`Balanced`' "$out/$l.md"
	ok "powerplan $l.md: no name outside a code span in the tables" \
		test -z "$(grep '^|' "$out/$l.md" |
			grep -E '(^|[^`])(High performance|Ultimate Performance|Balanced)($|[^`])')"
done

# The PDF's text layer, its lines joined: the names whole in the
# comparison table's cell and the table of levels, the interval figure, both per-boot panels and the heterogeneity
# list, whether a figure set them on one line or wrapped them, and with
# no escape or markup left in them; and none of the words, also in the
# figures.  (The text layer keeps a name whole even where Pango cuts it
# with an ellipsis, so that the figures wrap long names rather than cut
# them is tested on the drawing itself, in tests/unit/test_figures.c.)  The title page and the footers carry
# the study's title, and the title page says the plan was not registered.
if command -v pdftotext >/dev/null 2>&1; then
	for l in en de cs ko; do
		pdftotext -enc UTF-8 "$out/report.$l.pdf" "$tap_tmp/$l.txt"
		joined=$(tr '\n' ' ' <"$tap_tmp/$l.txt")
		n=$(grep -o 'Ultimate Performance' <<<"$joined" | wc -l)
		ok "report.$l.pdf: Ultimate Performance whole, 6 times ($n)" \
			test "$n" -eq 6
		n=$(grep -o 'High performance' <<<"$joined" | wc -l)
		ok "report.$l.pdf: High performance whole, 6 times ($n)" \
			test "$n" -eq 6
		unregistered=$(grep 'docs/study-format\.md' "$out/$l.md" |
			sed 's/.*`, //; s/\.$//')
		is "$(grep -v -e 'Windows' -e '^[0-9a-f]\{64\}' \
			-e "$unregistered" "$tap_tmp/$l.txt" |
			grep -iE "${words[$l]}")" "" \
			"report.$l.pdf: none of the MMCSS words"
	done
else
	skip "the PDF text" "pdftotext is not installed"
fi

done_testing
