#!/bin/bash
# test_observe.sh: mechanism logs of generic observations and boundary
# series under a declared value rule, end to end (check, report in every
# language, verify).
#
# Each study starts from a copy of tests/data/tiny turned into format 2:
#  - "observe": its mechanism logs hold only event=observe lines and its
#    boundary logs only event=query lines, its boundary series declares no
#    rule, and it has no control series.  No MMCSS, Win32, ETW or
#    registration event is recorded, so no page may name one;
#  - "rule": its boundary series declares a rule, and each written value
#    has an outcome worked out by hand below.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

tiny=$top_srcdir/tests/data/tiny
langs="en de cs ko"

# format2_copy DIR: tiny in DIR as a format 2 study without its control
# series (the [series c] section ends study.ini; c1 is its only run).
# verify_own STUDY REPORT WHAT: verify STUDY against each page and the
# results.json of its report in REPORT.
verify_own() {
	for f in en.md de.md cs.md ko.md results.json; do
		run_pb -q verify "$1" --against "$2/$f"
		is "$pb_status" 0 "$3: verify against its own $f"
		[ "$pb_status" -eq 0 ] || diag "$pb_out$pb_err"
	done
}

# check_and_report STUDY REPORT WHAT: check passes, and the report in
# every language (pages and results.json) is written to REPORT.
check_and_report() {
	run_pb check "$1"
	is "$pb_status" 0 "$3: check passes"
	[ "$pb_status" -eq 0 ] || diag "$pb_err"
	run_pb -q report "$1" -o "$2" --format md,json
	is "$pb_status" 0 "$3: report in every language"
}

format2_copy() {
	cp -R "$tiny" "$1" && chmod -R u+w "$1" &&
		sed -i 's/^format = 1$/format = 2/' "$1/study.ini" &&
		sed -i '/^\[series c\]$/,$d' "$1/study.ini" &&
		sed -i '/^c1,/d' "$1/runs.csv" &&
		rm "$1/mech/c1.log"
}

## Generic observations only ------------------------------------------------
obs=$tap_tmp/observe
format2_copy "$obs"
# State 20: two boots (m1, m3), state 100: one (m2).
printf '%s\n' 'm3,m,2,,20,yes,,,mech/m3.log,' >>"$obs/runs.csv"
cat >"$obs/mech/m1.log" <<'EOF'
# generic observations only
event=observe name="hardware scheduling" value=enabled
event=observe name=vbs value="off, by policy"
EOF
cat >"$obs/mech/m3.log" <<'EOF'
event=observe value=disabled name="hardware scheduling"
EOF
# A query alone names no registration, service or priority either.
cat >"$obs/mech/m2.log" <<'EOF'
event=query value=20
event=observe name="hardware scheduling" value=enabled
event=observe name=vbs value=on
EOF
printf 'event=query value=20\n' >"$obs/mech/b1.log"
printf 'event=query\n' >"$obs/mech/b2.log"

check_and_report "$obs" "$tap_tmp/obs-report" observe

# The words of the MMCSS events, in each language's catalog.
declare -A words=(
	[en]='MMCSS|Win32|ETW|[Rr]egistration|[Pp]riority|trace'
	[de]='MMCSS|Win32|ETW|Registrierung|[Pp]riorit|Trace'
	[cs]='MMCSS|Win32|ETW|[Rr]egistrace|[Pp]riorit|trace'
	[ko]='MMCSS|Win32|ETW|등록 수행|\| 등록 \||우선순위|priority|trace'
)
for l in $langs; do
	page=$tap_tmp/obs-report/$l.md
	ok "observe: $l page written" test -s "$page"
	is "$(grep -cE "${words[$l]}" "$page")" 0 \
		"observe: the $l page names no MMCSS, Win32, ETW or registration event"
	ok "observe: the $l page has the observation table" \
		grep -qF '| `20` | hardware scheduling | `enabled` (1/2), `disabled` (1/2) |' \
		"$page"
done
# Worked by hand: at 20, vbs was observed by m1 only (1 of 2 boots); at
# 100 by m2 (1 of 1).  The blank and the comma stay inside the value.
page=$tap_tmp/obs-report/en.md
ok "observe: vbs at 20 observed once, not reported once" \
	grep -qF '| `20` | vbs | `off, by policy` (1/2), not reported (1/2) |' "$page"
ok "observe: vbs at 100" grep -qF '| `100` | vbs | `on` (1/1) |' "$page"
ok "observe: the observation table has its header" \
	grep -qF '| State | Observed | Values (boots) |' "$page"
# The boundary series declares no rule: every value is an observation,
# and the page says why.
ok "observe: a boundary value without a rule is an observation" \
	grep -qF '| `9` | API returned 20 | separate observation for this build |' "$page"
ok "observe: the page says no rule was declared" \
	grep -qF 'The study declares no rule for the values written in this series, so the table shows only what was observed.' "$page"
json=$tap_tmp/obs-report/results.json
ok "observe: results.json has no rule for the boundary series" \
	grep -q '"rule": null' "$json"
ok "observe: results.json counts no registration" \
	grep -q '"registration_reported": 0' "$json"
ok "observe: results.json lists the observed names" \
	grep -q '"name": "hardware scheduling"' "$json"
# The boundary series holds two runs (b1, b2), both accepted: said as a
# pair, not "all 2 runs"; verify_own below reads the sentence back.
declare -A both=(
	[en]='- Boundary values: both runs were accepted.'
	[de]='- Grenzprüfung: Beide Durchläufe wurden akzeptiert.'
	[cs]='- Kontrola hranic: oba běhy byly přijaty.'
	[ko]='- 경계 검증: 실행 2회가 모두 채택됨.'
)
for l in $langs; do
	ok "observe: the $l page says both runs were accepted" \
		grep -qxF -e "${both[$l]}" "$tap_tmp/obs-report/$l.md"
done
verify_own "$obs" "$tap_tmp/obs-report" observe

## A boundary series under a declared rule ---------------------------------
rule=$tap_tmp/rule
format2_copy "$rule"
cat >>"$rule/study.ini" <<'EOF'
disables = 0xFFFFFFFF
valid = 1..70
outside = 10
multiple = 5
EOF
# [series b] is now the last section, so the rule keys belong to it.
for v in 0 70 71; do
	printf '%s\n' "b$v,b,1,,$v,yes,,,mech/b$v.log," >>"$rule/runs.csv"
done
# Expected, by the rule (disables, then the range, then the multiple):
#   9          in 1..70, 9 % 5 = 4: rounded down to 5; the log says 5
#   0          outside 1..70: normalized to 10; the log says 3: contradicts
#   70         in 1..70, 70 % 5 = 0: used; the log says 70
#   71         outside 1..70: normalized to 10; the log says 10
#   0xFFFFFFFF the disabling value; the query failed: disabled
printf 'event=service status=running\nevent=query value=5\n' >"$rule/mech/b1.log"
printf 'event=service status=running\nevent=query value=3\n' >"$rule/mech/b0.log"
printf 'event=service status=running\nevent=query value=70\n' >"$rule/mech/b70.log"
printf 'event=service status=running\nevent=query value=10\n' >"$rule/mech/b71.log"
printf 'event=query\n' >"$rule/mech/b2.log"
check_and_report "$rule" "$tap_tmp/rule-report" rule
is "$(sed -n '/^| Written |/,/^$/p' "$tap_tmp/rule-report/en.md")" \
"| Written | Observed state after boot | Result |
|---|---|---|
| \`0\` | API returned 3, MMCSS running | contradicts the documentation |
| \`9\` | API returned 5, MMCSS running | rounded down |
| \`70\` | API returned 70, MMCSS running | value is used |
| \`71\` | API returned 10, MMCSS running | normalized to 10 |
| \`0xFFFFFFFF\` | API query failed | documented disabling |" \
	"rule: each written value has the outcome worked out by hand"
ok "rule: no sentence about a missing rule" \
	test "$(grep -c 'declares no rule' "$tap_tmp/rule-report/en.md")" = 0
ok "rule: German names the value normalized to" \
	grep -qF '| `71` | API gab 10 zurück, MMCSS läuft | auf 10 normalisiert |' \
	"$tap_tmp/rule-report/de.md"
ok "rule: Korean joins 으로 to 10" \
	grep -qF '10으로 정규화됨' "$tap_tmp/rule-report/ko.md"
json=$tap_tmp/rule-report/results.json
ok "rule: results.json gives the rule" \
	grep -qF '"rule": {"disables": 4294967295, "valid": [1, 70], "outside": 10, "multiple": 5}' \
	<(tr -s ' \n' ' ' <"$json" | sed 's/{ /{/g; s/ }/}/g; s/\[ /[/g; s/ \]/]/g')
ok "rule: results.json gives the documented values" \
	grep -q '"documented_value": 5' "$json"
verify_own "$rule" "$tap_tmp/rule-report" rule

## Priorities recorded, registration and service not --------------------------
# The mechanism figure is drawn (priorities were recorded), and says
# nothing of registrations or of the service, which no log holds.
prio=$tap_tmp/prio
format2_copy "$prio"
for m in m1 m2; do
	printf '%s\n' 'event=priority phase=before win32=0 etw=8 class=normal' \
		'event=priority phase=after win32=10 etw=18 class=normal' \
		'event=priority phase=cleanup win32=0 etw=8 class=normal' \
		>"$prio/mech/$m.log"
done
run_pb -q report "$prio" -o "$tap_tmp/prio-report" --format pdf
is "$pb_status" 0 "prio: the PDF report is written"
pdftotext -enc UTF-8 "$tap_tmp/prio-report/report.en.pdf" "$tap_tmp/prio.txt"
ok "prio: the mechanism figure shows the priorities" \
	grep -qF 'Win32: 0' "$tap_tmp/prio.txt"
# ("not registered" on the title page is about the plan digest.)
is "$(grep -ciE 'registered [0-9]+/|service (running|stopped)|running in [0-9]' \
	"$tap_tmp/prio.txt")" 0 \
	"prio: no registration or service state that no log recorded"

done_testing
