#!/bin/bash
# test_terms_en.sh: the English page's notes agree with their count: one
# unpaired run is "an unpaired run ... its block", several "their
# blocks"; a page that judges one interval says it is judged without an
# adjustment for multiple testing, not that none is made "for their
# number".  Each page still verifies.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# The power plan study with two runs of series 1 and one of series 2
# excluded, each leaving its block's other state unpaired.
excl=$tap_tmp/excl
powerplan_excluded "$excl"
run_pb -q report "$excl" -o "$tap_tmp/excl-r" --lang en --format md
is "$pb_status" 0 "report of the power plan study with excluded runs"
page=$tap_tmp/excl-r/en.md
ok "two unpaired runs: their blocks" grep -qxF -e \
	"- Series 1, \`High performance\`: unpaired runs, left out because their blocks lack the other state: s1-b01-balanced, s1-b02-balanced." \
	"$page"
ok "one unpaired run: its block" grep -qxF -e \
	"- Series 2, \`High performance\`: unpaired run, left out because its block lacks the other state: s2-b03-high-performance." \
	"$page"
ok "no plural note stands before one run" bash -c \
	'! grep -qE "unpaired runs, [^:]*: [^,]*\.\$" "$1"' _ "$page"
run_pb verify "$excl" --against "$page"
is "$pb_status" 0 "verify: the page with both notes"

# The WPA study judges one interval: the singular line.
wpa=$top_srcdir/reports/site/wpa/en.md
ok "one interval: no adjustment for multiple testing" grep -qxF -e \
	"- Multiplicity: 1 interval or test is judged on this page (comparisons with the reference: 1, effect differences across series: 0, spread tests: 0), at the full 95% level, with no adjustment for multiple testing." \
	"$wpa"
ok "no page speaks of 'their number' for one interval" bash -c \
	'! grep -rh "Multiplicity: 1 interval" "$1" --include="*.md" | grep -q "their number"' _ "$top_srcdir/reports"
done_testing
