#!/bin/sh
# test_capture.sh: a study whose latency files are PresentMon captures
# (fixtures/presentmon), read with study.ini's `filter`, `missing` and
# `missing_limit`.
#
# The rows each file holds, the rows the filter removes and the kept rows
# whose time is NA are counted here with awk from the captures themselves,
# and set against the page's sentences (English and German) and each run's
# counts in results.json.  Then the limit (a run just above it refused,
# just at it accepted), a capture with no game.exe row, one with only NA
# times, a filter column the captures lack (one column, or each capture
# one of two) and a filter that does not
# parse are each refused at their place; the plan digest is sha256sum's
# of the canonical text written out here, with the keys and without; the
# fixture is reported in the four languages and verify passes every page
# and results.json, and fails a page or results.json whose count is
# edited.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "$top_srcdir/tests/lib/lib.sh"

pm=$top_srcdir/fixtures/presentmon
out=$tap_tmp/report

# "FILE ROWS REMOVED MISSING": each capture's data rows, those not of
# game.exe, and those of game.exe whose MsBetweenPresents is NA
counts() {
	for f in "$1"/latency/*.csv; do
		awk -F, -v f="latency/${f##*/}" '
			NR == 1 { next }
			{ rows++ }
			$1 != "game.exe" { removed++; next }
			$11 == "NA" { na++ }
			END { printf "%s %d %d %d\n", f, rows, removed, na }' "$f"
	done
}
counts "$pm" >"$tap_tmp/counts"

# SERIES: "ROWS KEPT MISSING" summed over its captures (all with "")
sums() {
	awk -v s="$1" '
		s == "" || index($1, "latency/s" s "-") == 1 {
			rows += $2; kept += $2 - $3; na += $4 }
		END { print rows, kept, na }' "$tap_tmp/counts"
}
set -- $(sums 1); rows1=$1 kept1=$2 na1=$3
set -- $(sums 2); rows2=$1 kept2=$2 na2=$3
set -- $(sums ""); rows=$1 kept=$2 na=$3
runs_na=$(awk '$4 > 0' "$tap_tmp/counts" | wc -l | tr -d ' ')
# the largest share of a run's kept rows missing, as the page rounds it
worst=$(awk '{ s = $4 / ($2 - $3); if (s > w) w = s }
	END { t = sprintf("%.2f", 100 * w); sub(/0+$/, "", t);
	      sub(/\.$/, "", t); print t }' "$tap_tmp/counts")
ok "the captures hold rows of other processes and NA times" \
	test "$rows" -gt "$kept" -a "$na" -gt 0

run_pb check "$pm"
ok "check counts the rows read, removed, missing and used" grep -qxF \
	"rows of the latency files: $rows, $((rows - kept)) removed by the filter, $na missing, $((kept - na)) used" \
	"$pb_out_file"
run_pb -q report "$pm" -o "$out"
is "$pb_status" 0 "report reads the captures"

ok "en: series 1's rows kept and missing" grep -qxF -e \
	"- Series 1: all 18 runs were accepted; the filter kept $kept1 of $rows1 rows; \`NA\` in $na1 kept rows." \
	"$out/en.md"
ok "en: series 2's" grep -qxF -e \
	"- Series 2: all 18 runs were accepted; the filter kept $kept2 of $rows2 rows; \`NA\` in $na2 kept rows." \
	"$out/en.md"
ok "en: the filter and the rows it kept in all" grep -qxF -e \
	"- Filter \`Application == game.exe\`: $kept of $rows rows of the latency files kept." \
	"$out/en.md"
ok "en: the missing values, their runs, the worst run and the limit" \
	grep -qxF -e \
	"- Missing values \`NA\`: $na kept rows in $runs_na runs, at most $worst% of a run; limit 5%." \
	"$out/en.md"
# German groups digits with a no-break space and writes a decimal comma.
group() {
	printf '%s' "$1" | sed -e ':a' \
		-e 's/\([0-9]\)\([0-9]\{3\}\)\($\| \)/\1\xc2\xa0\2\3/; ta'
}
ok "de: the filter's sentence, digits grouped" grep -qxF -e \
	"- Filter \`Application == game.exe\`: $(group "$kept") von $(group "$rows") Zeilen der Latenzdateien behalten." \
	"$out/de.md"
ok "de: the missing values" grep -qF -e \
	"- Fehlende Werte \`NA\`: $na behaltene Zeilen in $runs_na Durchläufen, höchstens $(printf '%s' "$worst" | tr . ,)${nb}%" \
	"$out/de.md"

# results.json: each run's rows, removed and missing, and the plan's keys
awk -F'[:,]' '
	/"rows":/ { r = $2 + 0 } /"filtered":/ { f = $2 + 0 }
	/"missing": [0-9]/ { m = $2 + 0 }
	/"latency": "/ { split($0, q, "\""); print q[4], r, f, m }' \
	"$out/results.json" | sort >"$tap_tmp/json-counts"
sort "$tap_tmp/counts" >"$tap_tmp/file-counts"
ok "results.json: every run's rows, filtered and missing as counted" \
	cmp "$tap_tmp/json-counts" "$tap_tmp/file-counts"
is "$(wc -l <"$tap_tmp/json-counts" | tr -d ' ')" 36 "for all 36 runs"
ok "results.json: the plan's filter, tokens and limit" \
	grep -qzE '"filter": \[[[:space:]]*\{[[:space:]]*"column": "Application",[[:space:]]*"op": "==",[[:space:]]*"value": "game.exe"[[:space:]]*\}[[:space:]]*\],[[:space:]]*"missing": \[[[:space:]]*"NA"[[:space:]]*\],[[:space:]]*"missing_limit": 0.05,' \
	"$out/results.json"

for lang in en de cs ko; do
	run_pb -q verify "$pm" -a "$out/$lang.md"
	is "$pb_status" 0 "verify passes the $lang page"
done
run_pb -q verify "$pm" -a "$out/results.json"
is "$pb_status" 0 "verify passes results.json"
if command -v pdftotext >/dev/null 2>&1; then
	ok "the PDF report says the same" grep -qxF \
		"• Filter Application == game.exe: $kept of $rows rows of the latency files kept." \
		"$(pdftotext "$out/report.en.pdf" "$tap_tmp/report.txt" &&
		   echo "$tap_tmp/report.txt")"
else
	skip "the PDF report says the same" "no pdftotext"
fi

sed "s/the filter kept $kept1 of/the filter kept $((kept1 - 1)) of/" \
	"$out/en.md" >"$tap_tmp/edited.md"
ok "the edit took" test -n "$(cmp "$out/en.md" "$tap_tmp/edited.md")"
run_pb verify "$pm" -a "$tap_tmp/edited.md"
is "$pb_status" 1 "verify fails a page whose rows kept are edited"
sed "s/Missing values \`NA\`: $na kept/Missing values \`NA\`: $((na + 1)) kept/" \
	"$out/en.md" >"$tap_tmp/edited.md"
run_pb verify "$pm" -a "$tap_tmp/edited.md"
is "$pb_status" 1 "and a page whose missing rows are edited"
sed '0,/"filtered": \([0-9]*\)/s//"filtered": 1\1/' "$out/results.json" \
	>"$tap_tmp/edited.json"
run_pb verify "$pm" -a "$tap_tmp/edited.json"
is "$pb_status" 1 "and a results.json whose rows filtered are edited"

# ---- the plan digest ----------------------------------------------------
canonical='pairboot-plan=1
statistic=quantile 0.99
column=MsBetweenPresents
scale=1
unit=ms
better=lower
reference=default
threshold=1
confidence=0.95
resamples=10000
seed=20261203
interval=percentile
state_type=name
states=default;HPET off;HPET on'
series='series=1 latency;2 latency'
with=$(printf '%s\nfilter=Application == game.exe\nmissing=NA\nmissing_limit=0.05\n%s\n' \
	"$canonical" "$series" | sha256sum | cut -d' ' -f1)
without=$(printf '%s\n%s\n' "$canonical" "$series" | sha256sum | cut -d' ' -f1)
ok "the plan digest holds the filter, the token and the limit" \
	grep -qF "\"digest\": \"$with\"" "$out/results.json"

# STUDY: a copy of the fixture to change
copy() {
	rm -rf "$tap_tmp/$1"
	cp -R "$pm" "$tap_tmp/$1"
	chmod -R u+w "$tap_tmp/$1"
}
copy bare
grep -v '^filter = \|^missing = ' "$pm/study.ini" >"$tap_tmp/bare/study.ini"
for f in "$tap_tmp"/bare/latency/*.csv; do
	awk -F, 'NR == 1 || ($1 == "game.exe" && $11 != "NA")' "$f" >"$f.t"
	mv "$f.t" "$f"
done
run_pb check "$tap_tmp/bare"
is "$pb_status" 0 "the captures cut down to the study's rows need no keys"
ok "and digest as a plan that never had them" \
	grep -qF "analysis plan digest $without" "$pb_out_file"
run_pb -q report "$tap_tmp/bare" -o "$tap_tmp/bare-report"
ok "their page says nothing of filters or missing values" \
	test -z "$(grep -e 'Filter' -e 'Missing values' -e 'kept' \
		"$tap_tmp/bare-report/en.md")"
ok "their results.json has no such keys" \
	test -z "$(grep -e '"filter' -e '"missing": [0-9]' -e '"rows": [0-9]' \
		"$tap_tmp/bare-report/results.json")"

run_pb compare "$tap_tmp/bare" "$pm" -o "$tap_tmp/cmp"
is "$pb_status" 65 "compare refuses a study with a filter beside one without"
ok "at the filter key" grep -qF \
	"pairboot: $pm/study.ini:$(grep -n '^filter = ' "$pm/study.ini" | cut -d: -f1):10: 'filter' differs: old '', new 'Application == game.exe'; studies that measure different things are not compared" \
	"$pb_err_file"
run_pb -q compare "$pm" "$out/results.json" -o "$tap_tmp/cmp"
is "$pb_status" 0 "and compares it with its own results.json, whose filter reads back"

# missing without a filter: the captures without dwm.exe's rows
copy naonly
grep -v '^filter = ' "$pm/study.ini" >"$tap_tmp/naonly/study.ini"
for f in "$tap_tmp"/naonly/latency/*.csv; do
	awk -F, 'NR == 1 || $1 == "game.exe"' "$f" >"$f.t"
	mv "$f.t" "$f"
done
run_pb -q report "$tap_tmp/naonly" -o "$tap_tmp/naonly-report" --lang en
is "$pb_status" 0 "missing without a filter"
ok "the page counts the missing rows, not kept ones" grep -qxF -e \
	"- Series 1: all 18 runs were accepted; \`NA\` in $na1 rows." \
	"$tap_tmp/naonly-report/en.md"
ok "and says nothing of a filter" test -z "$(grep -e 'Filter' -e 'kept' \
	"$tap_tmp/naonly-report/en.md")"
ok "the missing values in all" grep -qxF -e \
	"- Missing values \`NA\`: $na rows in $runs_na runs, at most $worst% of a run; limit 5%." \
	"$tap_tmp/naonly-report/en.md"

# ---- refusals -----------------------------------------------------------
ini_line() {
	grep -n "^$2" "$tap_tmp/$1/study.ini" | cut -d: -f1
}

# The run with the largest share of missing rows: the limit at its share
# (rounded up to a millionth) accepts it, a millionth less refuses it.
set -- $(awk '{ k = $2 - $3; if ($4 * 1000000 / k > w) { w = $4 * 1000000 / k; f = $1; m = $4; kk = k } }
	END { print f, m, kk, int((m * 1000000 + kk - 1) / kk) }' \
	"$tap_tmp/counts")
worst_file=$1 worst_na=$2 worst_kept=$3 ppm=$4
copy limit
printf 'missing_limit = 0.%06d\n' "$ppm" >"$tap_tmp/limit.line"
sed "/^missing = NA/r $tap_tmp/limit.line" "$pm/study.ini" \
	>"$tap_tmp/limit/study.ini"
run_pb check "$tap_tmp/limit"
is "$pb_status" 0 "a limit at the worst run's share accepts it"
printf 'missing_limit = 0.%06d\n' "$((ppm - 1))" >"$tap_tmp/limit.line"
sed "/^missing = NA/r $tap_tmp/limit.line" "$pm/study.ini" \
	>"$tap_tmp/limit/study.ini"
run_pb check "$tap_tmp/limit"
is "$pb_status" 65 "a millionth less refuses it (exit 65)"
ok "at its header, with its counts and the limit" grep -qF \
	"$tap_tmp/limit/$worst_file:1:1: $worst_na of $worst_kept kept rows $([ "$worst_na" -eq 1 ] && echo 'is a missing value' || echo 'are missing values') in column 'MsBetweenPresents'" \
	"$pb_err_file"
ok "naming missing_limit" grep -q 'more than missing_limit allows (0\.' \
	"$pb_err_file"

copy nogame
f=$tap_tmp/nogame/latency/s2-b03-default.csv
sed 's/^game\.exe,/game2.exe,/' "$f" >"$f.t" && mv "$f.t" "$f"
n=$(($(wc -l <"$f") - 1))
run_pb check "$tap_tmp/nogame"
is "$pb_status" 65 "a capture without the game's rows is refused"
ok "at its header, naming the filter and its rows" grep -qF \
	"$f:1:1: the filter 'Application == game.exe' removes all $n rows: none is left to measure" \
	"$pb_err_file"

copy allna
f=$tap_tmp/allna/latency/s1-b02-hpet-on.csv
awk -F, -v OFS=, 'NR > 1 && $1 == "game.exe" { $11 = "NA" } { print }' \
	"$f" >"$f.t" && mv "$f.t" "$f"
n=$(awk -F, '$1 == "game.exe"' "$f" | wc -l | tr -d ' ')
run_pb check "$tap_tmp/allna"
is "$pb_status" 65 "a capture whose kept rows are all NA is refused"
ok "at its header" grep -qF \
	"$f:1:1: all $n rows the filter keeps are missing values in column 'MsBetweenPresents' (missing = NA): none is left to measure" \
	"$pb_err_file"

copy nocol
sed 's/^filter = .*/filter = Process == game.exe/' "$pm/study.ini" \
	>"$tap_tmp/nocol/study.ini"
run_pb check "$tap_tmp/nocol"
is "$pb_status" 65 "a filter column the captures lack is refused"
ok "once, at the filter key, when no capture has it" grep -qxF \
	"pairboot: $tap_tmp/nocol/study.ini:$(ini_line nocol 'filter = '):10: the filter tests column 'Process', which is missing from the header of all 36 latency files (the first, $tap_tmp/nocol/latency/s1-b01-hpet-off.csv:1, holds 'Application', 'ProcessID', 'SwapChainAddress', 'Runtime', ...)" \
	"$pb_err_file"
is "$(grep -c 'Process' "$pb_err_file")" 1 "and only there"
copy onecol
f=$tap_tmp/onecol/latency/s2-b04-hpet-on.csv
sed '1s/^Application,/Process,/' "$f" >"$f.t" && mv "$f.t" "$f"
run_pb check "$tap_tmp/onecol"
is "$pb_status" 65 "a capture without the filter's column is refused"
ok "at its header" grep -qxF \
	"pairboot: $f:1:1: header has no column 'Application', which the filter tests (found 'Process', 'ProcessID', 'SwapChainAddress', 'Runtime', ...)" \
	"$pb_err_file"
copy twocols
sed 's/^filter = .*/filter = Application == game.exe AND PresentMode != x/' \
	"$pm/study.ini" >"$tap_tmp/twocols/study.ini"
for f in "$tap_tmp"/twocols/latency/s1-*.csv; do
	sed '1s/^Application,/Process,/' "$f" >"$f.t" && mv "$f.t" "$f"
done
for f in "$tap_tmp"/twocols/latency/s2-*.csv; do
	sed '1s/,PresentMode,/,Mode,/' "$f" >"$f.t" && mv "$f.t" "$f"
done
run_pb check "$tap_tmp/twocols"
is "$pb_status" 65 "every capture lacking one of two filter columns is refused"
is "$(grep -c "header has no column 'Application', which the filter tests" "$pb_err_file") $(grep -c "header has no column 'PresentMode', which the filter tests" "$pb_err_file")" \
	"18 18" "at each header, naming the column it lacks"
is "$(grep -c "missing from the header of all" "$pb_err_file")" 0 \
	"and not as one column missing from all files"

copy syntax
sed 's/^filter = .*/filter = Application == game.exe AND PresentMode = Composed: Flip/' \
	"$pm/study.ini" >"$tap_tmp/syntax/study.ini"
line=$(ini_line syntax 'filter = ')
run_pb check "$tap_tmp/syntax"
is "$pb_status" 65 "a filter that does not parse is refused"
ok "at study.ini's line and the column of its condition" grep -qF \
	"$tap_tmp/syntax/study.ini:$line:38: filter: condition 'PresentMode = Composed: Flip' has no == or != (COLUMN == VALUE or COLUMN != VALUE)" \
	"$pb_err_file"

copy nomissing
grep -v '^missing = ' "$pm/study.ini" >"$tap_tmp/nomissing/study.ini"
run_pb check "$tap_tmp/nomissing"
is "$pb_status" 65 "without missing, an NA is an error as before"
ok "at its cell" grep -q \
	"latency/s1-b01-default.csv:2:[0-9]*: MsBetweenPresents is not a number ('NA')" \
	"$pb_err_file"

run_pb summarize "$pm" -o "$tap_tmp/summary.csv"
is "$pb_status" 65 "summarize refuses a study with a filter"
ok "at the filter key" grep -q \
	"study.ini:$(ini_line nomissing 'filter = '):10: summarize does not summarize a study with \`filter\`" \
	"$pb_err_file"
ok "and writes nothing" test ! -e "$tap_tmp/summary.csv"

done_testing
