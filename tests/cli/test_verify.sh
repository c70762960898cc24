#!/bin/bash
# test_verify.sh: `pairboot verify` against a results.json, against a
# changed copy of the data, against published pages in the wiki's table
# layouts (tab-separated and Markdown, four languages), against the pages
# `pairboot report` writes, and its errors.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
pages=$top_srcdir/tests/data/published
out=$tap_tmp/out

# count PATTERN: the lines of the last run's stdout matching PATTERN.
count() {
	grep -c -- "$1" "$pb_out_file"
}

## Against its own results.json: everything matches ---------------------
results=$top_srcdir/reports/mmcss-26200.9168/results.json
if [ ! -f "$results" ]; then
	"$PAIRBOOT" --quiet report "$study" -o "$out/fresh" </dev/null
	results=$out/fresh/results.json
fi
run_pb verify "$study" --against "$results"
is "$pb_status" 0 "own results.json: exit 0"
is "$(sed -n 1p "$pb_out_file")" "verify $study against $results (results.json)" \
	"the first line names study and file"
is "$(sed -n 2p "$pb_out_file")" "CI bounds: compared exactly (same seed, resamples, method and confidence as the file)" \
	"same settings: bounds compared exactly"
is "$(count '^MISMATCH')" 0 "own results.json: no MISMATCH"
is "$(count '^\(OMITTED\|not \)')" 0 "own results.json: nothing omitted or missing"
is "$(count '^match          input ')" "$(find "$study" -type f | wc -l)" \
	"every input file's digest is checked"
is "$(count '^match          comparison .*: CI low')" 8 \
	"all 8 lower bounds match exactly"
ok "the summary says everything follows" \
	grep -q '^summary: [0-9]* checked, 0 MISMATCH, 0 not in data, 0 OMITTED; every published item follows from the data$' \
	"$pb_out_file"

## One period of one CSV changed: the digest and the numbers it moves -----
cp -r "$study" "$tap_tmp/changed"
sed -i '2s/^1,.*/1,999999/' "$tap_tmp/changed/latency/s1-b01-10.csv"
run_pb verify "$tap_tmp/changed" --against "$results"
is "$pb_status" 1 "a changed period: exit 1"
is "$(grep '^MISMATCH *input' "$pb_out_file" | sed 's/ sha256.*//')" \
	"MISMATCH       input latency/s1-b01-10.csv" \
	"exactly the changed file's digest differs"
is "$(grep '^inputs ' "$pb_out_file")" \
	"inputs that differ: latency/s1-b01-10.csv" "the changed file is named"
ok "the run's statistic moved" grep -q '^MISMATCH *run s1-b01-10 statistic' \
	"$pb_out_file"
ok "and with it the difference of 10 in series 1" \
	grep -q '^MISMATCH *comparison 10, series 1: difference' "$pb_out_file"
ok "the difference of 10 in series 2 still matches" \
	grep -q '^match *comparison 10, series 2: difference' "$pb_out_file"
is "$(count '^MISMATCH *run ')" 1 "no other run moved"
rm "$tap_tmp/changed/control/control-1.log"
sed -i '/control-1\.log/d' "$tap_tmp/changed/runs.csv"
run_pb verify "$tap_tmp/changed" --against "$results"
ok "a file no longer in the study is named as missing" \
	grep -q '^inputs missing from the study: control/control-1.log$' \
	"$pb_out_file"
ok "and listed as not in data" \
	grep -q '^not in data *input control/control-1.log sha256' \
	"$pb_out_file"

## Published pages in the wiki's layouts: numbers, conclusions, mechanism
## and value handling match; the intervals of synthetic data do not ------
for page in "$pages"/*.txt "$pages"/*.md; do
	name=${page#"$top_srcdir"/}
	run_pb verify "$study" --against "$page"
	is "$pb_status" 1 "$name: exit 1 (the intervals differ)"
	lang=$(basename "${page%.*}")
	ok "$name: read as a page in language $lang" \
		grep -q "(published page, language $lang)\$" "$pb_out_file"
	is "$(count '^match *comparison .*: difference')" 8 \
		"$name: the 8 point estimates match"
	is "$(count '^MISMATCH')" 16 "$name: 16 MISMATCHes"
	is "$(count '^MISMATCH *comparison .*: CI \(low\|high\)')" 16 \
		"$name: all of them interval bounds"
	is "$(count '^match *conclusion ')" 4 "$name: the 4 conclusions match"
	is "$(count '^match *mechanism ')" 16 \
		"$name: the mechanism rows match (4 states x 4 columns)"
	is "$(count '^match *value ')" 40 \
		"$name: the value-handling rows match (13 results, 13 services, 12 API values, 2 registrations)"
	is "$(count '^not in data')" 0 "$name: nothing that the data lack"
	# The page holds the three tables only: the other 43 lines of the
	# page pairboot writes are omitted.
	is "$(count '^OMITTED *section ')" 43 \
		"$name: the 43 lines outside the tables are omitted"
	ok "$name: its own first line is listed as not checked" \
		grep -q '^not checked: [0-9]* paragraphs\? ([0-9]* lines\?): lines\? 1\($\|,\)' \
		"$pb_out_file"
done

run_pb verify "$study" --against "$pages/en.txt" --tolerance 1 --allow-omitted
# The article calls state 0 "indeterminate and differs in direction",
# which the data do not support (no interval has a direction): the one
# MISMATCH left.
is "$pb_status:$(count '^MISMATCH'):$(count '^MISMATCH *comparison .*: CI')" "1:1:0" \
	"within a tolerance of 1 ms the bounds match (what is omitted allowed)"
ok "the one MISMATCH is state 0's conclusion" \
	grep -q '^MISMATCH *page line [0-9]* (section Comparison with the reference): published `0`.*result indeterminate and differs in direction' \
	"$pb_out_file"
is "$(sed -n 2p "$pb_out_file")" "CI bounds: compared within a tolerance of 1 ms" \
	"the output states the tolerance"
run_pb verify "$study" --against "$pages/en.txt" --tolerance 0.5
is "$pb_status" 1 "within 0.5 ms some bounds still differ"

run_pb --quiet verify "$study" --against "$pages/cs.md" --allow-omitted
is "$(line_count "$pb_out")" 19 "--quiet --allow-omitted: only the 16 MISMATCHes, the lines not checked and the two summary lines"
run_pb --quiet verify "$study" --against "$pages/cs.md"
is "$(count '^OMITTED')" 43 "--quiet without --allow-omitted: the omitted lines too"

## The published article itself, where the shared wiki is next to the
## clone (CI has it; a tarball does not) ----------------------------------
wiki=$top_srcdir/../shared/wiki
for lang in en de cs ko; do
	if [ -f "$wiki/$lang.txt" ]; then
		run_pb verify "$study" --against "$wiki/$lang.txt"
		# Beside the bounds, the article words its platform line
		# differently ("VMware VM: 4 vCPU, ..."): a MISMATCH too.  (Its
		# conclusion for state 0, "indeterminate and differs in
		# direction", is on a row whose bounds already MISMATCH, so it
		# is not counted again.)
		ok "wiki $lang.txt: estimates, conclusions, mechanism and values match, only bounds and the platform line differ" \
			test "$pb_status" = 1 \
			-a "$(count '^MISMATCH')" = 17 \
			-a "$(count '^MISMATCH *comparison .*: CI \(low\|high\)')" = 16 \
			-a "$(count '^MISMATCH *page line .*VMware VM')" = 1 \
			-a "$(count '^not in data')" = 0
	else
		skip "wiki $lang.txt" "no ../shared/wiki next to the source tree"
	fi
done

## The pages pairboot writes read back, in every language ---------------
"$PAIRBOOT" --quiet report "$study" -o "$out/pages" </dev/null
for md in "$out/pages"/*.md; do
	run_pb verify "$study" --against "$md"
	is "$pb_status" 0 "report page $(basename "$md"): everything matches"
done

## A setting or count edited on a page: a MISMATCH, exit 1 ---------------
# edited FILE NAME SCRIPT ITEM N: FILE changed by the sed SCRIPT verifies
# with exit 1 and exactly N MISMATCHes, each one an ITEM.
edited() {
	local file=$1 name=$2 script=$3 item=$4 n=$5 copy
	copy=$tap_tmp/edited.${file##*.}
	sed "$script" "$file" >"$copy"
	if cmp -s "$file" "$copy"; then
		ok "$name: the edit changes the file" false
		return
	fi
	run_pb verify "$study" --against "$copy"
	is "$pb_status:$(count '^MISMATCH'):$(count "^MISMATCH *$item")" \
		"1:$n:$n" "$name: $n MISMATCH, exit 1"
}

# The words for better values in the threshold sentence, by language.
declare -A lower=([en]='lower values are better' [de]='niedrigere Werte sind besser'
	[cs]='nižší hodnoty jsou lepší' [ko]='낮은 값이 더 좋습니다')
declare -A higher=([en]='higher values are better' [de]='höhere Werte sind besser'
	[cs]='vyšší hodnoty jsou lepší' [ko]='높은 값이 더 좋습니다')
# The sentence on lost trace events, none and some, by language.
declare -A nolost=([en]='no lost trace events or buffers'
	[de]='keine verlorenen Trace-Events oder Buffer'
	[cs]='žádné ztracené trace events ani buffers'
	[ko]='손실된 추적 이벤트나 버퍼 없음')
declare -A lost=([en]='lost trace events: 3, lost buffers: 0'
	[de]='verlorene Trace-Events: 3, verlorene Buffer: 0'
	[cs]='ztracené trace events: 3, ztracené buffers: 0'
	[ko]='손실된 추적 이벤트: 3, 손실된 버퍼: 0')
# The plan digest sentence's last words, unregistered and registered.
# The names of the mechanism and boundary series: the example study gives
# them per language (label[de] = ...).
declare -A mech=([en]='Mechanism check' [de]='Mechanismusprüfung'
	[cs]='Kontrola mechanismu' [ko]='메커니즘 검증')
declare -A bound=([en]='Boundary values' [de]='Grenzprüfung'
	[cs]='Kontrola hranic' [ko]='경계 검증')
declare -A unreg=([en]='not registered' [de]='nicht registriert'
	[cs]='neregistrován' [ko]='등록되지 않음')
declare -A reg=([en]='registered before the data'
	[de]='vor der Datenerhebung registriert'
	[cs]='registrován před sběrem dat' [ko]='데이터 수집 전에 등록됨')
# The example's plan digest (test_report.sh works it out by hand) and
# the same with its last digit changed.
plan_sha=16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b72828c25878
other_sha=16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b72828c25879
for lang in en de cs ko; do
	md=$out/pages/$lang.md
	edited "$md" "$lang.md threshold 2.000" 's/: 1\.784 ms,/: 2.000 ms,/' \
		'setting threshold (line' 1
	edited "$md" "$lang.md threshold 1.78, the study's rounded" \
		's/: 1\.784 ms,/: 1.78 ms,/' 'setting threshold (line' 1
	edited "$md" "$lang.md unit s" 's/: 1\.784 ms,/: 1.784 s,/' \
		'setting unit (line' 1
	edited "$md" "$lang.md higher is better" "s/${lower[$lang]}/${higher[$lang]}/" \
		'setting better (line' 1
	edited "$md" "$lang.md statistic p50" '/^- /s/`p99`/`p50`/' \
		'setting statistic (line' 1
	edited "$md" "$lang.md confidence 90%" '/mt19937/s/95\( \?\)%/90\1%/' \
		'setting confidence (line' 1
	edited "$md" "$lang.md confidence 90% in the table header" \
		'/^| /s/95%/90%/g' 'setting confidence (line' 2
	edited "$md" "$lang.md confidence 90% above the table" \
		'/^[^-|].*95%/s/95%/90%/' 'setting confidence (line' 1
	edited "$md" "$lang.md confidence 90% in the small-sample note" \
		'/79\.5 \?%/s/95%/90%/' 'setting confidence (line' 1
	edited "$md" "$lang.md method bca" '/mt19937/s/`percentile`/`bca`/' \
		'setting method (line' 1
	edited "$md" "$lang.md resamples 2000" '/mt19937/s/10000/2000/' \
		'setting resamples (line' 1
	edited "$md" "$lang.md seed 20260826" '/mt19937/s/20260825/20260826/' \
		'setting seed (line' 1
	edited "$md" "$lang.md generator ranlux" 's/mt19937/ranlux/' \
		'setting generator (line' 1
	edited "$md" "$lang.md 49 runs of series 1 accepted" '/pilot-1/s/50/49/' \
		'runs of series 1: accepted (line' 1
	edited "$md" "$lang.md 53 runs in series 1" '/pilot-1/s/52/53/' \
		'runs of series 1: total (line' 1
	edited "$md" "$lang.md another run excluded" 's/pilot-2 (/pilot-9 (/' \
		'runs of series 1: excluded runs (line' 1
	edited "$md" "$lang.md 51 runs in series 2" '/^- [^:]* 2: /s/50/51/' \
		'runs of series 2: \(total\|accepted\) (line' 2
	edited "$md" "$lang.md 15 mechanism runs" "/^- ${mech[$lang]}: /s/16/15/" \
		'runs of series mechanism: \(total\|accepted\) (line' 2
	edited "$md" "$lang.md 12 boundary runs" "/^- ${bound[$lang]}: /s/13/12/" \
		'runs of series boundary: \(total\|accepted\) (line' 2
	edited "$md" "$lang.md 9 pairs in the small-sample note" \
		'/79\.5 \?%/s/10/9/' 'comparison .*: pairs (line' 8
	edited "$md" "$lang.md 3 lost trace events" \
		"/^- ${mech[$lang]}: /s/${nolost[$lang]}/${lost[$lang]}/" \
		'runs of series mechanism: lost trace events and buffers (line' 1
	edited "$md" "$lang.md another plan digest" "s/$plan_sha/$other_sha/" \
		'setting plan digest (line' 1
	edited "$md" "$lang.md the plan said to be registered" \
		"/$plan_sha/s/${unreg[$lang]}\\.\$/${reg[$lang]}./" \
		'setting registered (line' 1
done
# A registered copy of the study: its page says so and matches it, and
# does not match the study that registered nothing.
cp -R "$study" "$tap_tmp/reg"
sed -i "/^\[study\]\$/a registered = $plan_sha" "$tap_tmp/reg/study.ini"
"$PAIRBOOT" --quiet report "$tap_tmp/reg" -o "$out/reg" --lang cs </dev/null
run_pb verify "$tap_tmp/reg" --against "$out/reg/cs.md"
is "$pb_status:$(count '^match *setting registered (line')" "0:1" \
	"a registered study's page: the registration matches"
run_pb verify "$study" --against "$out/reg/cs.md"
is "$pb_status:$(count '^MISMATCH'):$(count '^MISMATCH *setting registered (line')" \
	"1:3:1" "the same page against the unregistered study: the registration MISMATCHes, and the threshold 'set in advance'"
ok "and so does the input digest, as study.ini differs" \
	grep -q '^MISMATCH *page line [0-9]* (section Vstupní data): ' "$pb_out_file"
# The plan digest sentence removed: the digest is not stated, and
# nothing else changes.
sed "/$plan_sha/d" "$out/pages/de.md" >"$tap_tmp/noplan.md"
run_pb verify "$study" --against "$tap_tmp/noplan.md"
is "$pb_status:$(grep '^settings checked: ' "$pb_out_file")" \
	"1:settings checked: statistic, threshold, unit, better, confidence, method, resamples, seed, generator; not stated: plan digest, registered; runs checked for 5 series, pairs for 8 comparisons" \
	"a page without the plan digest: it is not stated, exit 1"
is "$(count '^OMITTED')" 1 "the digest's sentence is the one line omitted"
run_pb verify "$study" --against "$tap_tmp/noplan.md" --allow-omitted
is "$pb_status" 0 "with --allow-omitted, exit 0"
# A note naming its comparisons: the pairs of those, and a name the
# study does not have.
sed '/79\.5%/s/ This applies to every comparison above\./ This applies to: Series 1 `10`, Series 2 `0`./' \
	"$out/pages/en.md" >"$tap_tmp/named.md"
run_pb verify "$study" --against "$tap_tmp/named.md"
is "$pb_status:$(count '^match *comparison .*: pairs (line')" "1:2" \
	"a note naming two comparisons: their pairs are checked"
is "$(count '^MISMATCH *page line [0-9]* (section Small samples): published .*This applies to: Series 1')" 1 \
	"but the study's note applies to every comparison: the line is a MISMATCH"
edited "$tap_tmp/named.md" "a note naming a comparison of no series" \
	's/Series 2 `0`/Series 3 `0`/' 'nothing' 0
is "$(count '^not in data *comparison 0, series Series 3: pairs (line')" 1 \
	"and that comparison is not in data"
run_pb verify "$study" --against "$out/pages/de.md"
is "$(grep '^settings checked: ' "$pb_out_file")" \
	"settings checked: statistic, threshold, unit, better, confidence, method, resamples, seed, generator, plan digest, registered; not stated: none; runs checked for 5 series, pairs for 8 comparisons" \
	"the summary says which settings a page states"
run_pb verify "$study" --against "$pages/en.txt"
is "$(grep '^settings checked: ' "$pb_out_file")" \
	"settings checked: confidence; not stated: statistic, threshold, unit, better, method, resamples, seed, generator, plan digest, registered; runs checked for 0 series, pairs for 0 comparisons" \
	"a page stating only the confidence: nothing else is checked"
sed 's/: 1\.784 ms,/: 2.000 ms,/' "$out/pages/en.md" >"$tap_tmp/threshold.md"
run_pb verify "$study" --against "$tap_tmp/threshold.md"
is "$(grep '^MISMATCH' "$pb_out_file")" \
	"MISMATCH       setting threshold (line $(grep -n '1\.784 ms,' "$out/pages/en.md" | cut -d: -f1), column 24): published 2.000, recomputed 1.784" \
	"the MISMATCH says where the page states the threshold"

## The same in a results.json -------------------------------------------
json=$out/pages/results.json
edited "$json" "results.json threshold 2.0" 's/^    "threshold": 1\.784,/    "threshold": 2.0,/' \
	'setting threshold (plan.threshold)' 1
edited "$json" "results.json unit s" 's/^    "unit": "ms",/    "unit": "s",/' \
	'setting unit (plan.unit)' 1
edited "$json" "results.json better higher" 's/^    "better": "lower",/    "better": "higher",/' \
	'setting better (plan.better)' 1
edited "$json" "results.json statistic p50" 's/^    "statistic": "p99",/    "statistic": "p50",/' \
	'setting statistic (plan.statistic)' 1
edited "$json" "results.json confidence 0.9" 's/^    "confidence": 0\.95,/    "confidence": 0.9,/' \
	'setting confidence (plan.confidence)' 1
edited "$json" "results.json method bca" 's/^    "interval": "percentile",/    "interval": "bca",/' \
	'setting method (plan.interval)' 1
edited "$json" "results.json resamples 2000" 's/^    "resamples": 10000,/    "resamples": 2000,/' \
	'setting resamples (plan.resamples)' 1
edited "$json" "results.json seed 1" 's/^    "seed": 20260825,/    "seed": 1,/' \
	'setting seed (plan.seed)' 1
edited "$json" "results.json generator ranlux" 's/^    "generator": "mt19937",/    "generator": "ranlux",/' \
	'setting generator (plan.generator)' 1
edited "$json" "results.json 49 accepted" '/^  "accounting"/,$s/^      "accepted": 50,/      "accepted": 49,/' \
	'runs of series [12]: accepted (accounting)' 2
edited "$json" "results.json 3 excluded" '/^  "accounting"/,$s/^      "excluded": 2,/      "excluded": 3,/' \
	'runs of series 1: excluded (accounting)' 1
edited "$json" "results.json another run excluded" '/^  "accounting"/,$s/"run": "pilot-2"/"run": "pilot-9"/' \
	'runs of series 1: excluded runs (accounting)' 1
edited "$json" "results.json 9 pairs" '0,/^      "pairs": 10,/s//      "pairs": 9,/' \
	'comparison missing, series 1: pairs (comparisons)' 1
edited "$json" "results.json 3 lost buffers" '/^  "accounting"/,$s/^      "lost_buffers": 0$/      "lost_buffers": 3/' \
	'runs of series [0-9a-z]*: lost trace events and buffers (accounting)' 5
edited "$json" "results.json another plan digest" \
	"s/^    \"digest\": \"$plan_sha\",\$/    \"digest\": \"$other_sha\",/" \
	'setting plan digest (plan.digest)' 1
edited "$json" "results.json plan registered" \
	's/^    "registered": false$/    "registered": true/' \
	'setting registered (plan.registered)' 1
# A results.json from before the plan digest (both keys renamed away, so
# the JSON stays valid): not stated, exit 0.
sed "s/^    \"digest\": \"$plan_sha\",\$/    \"x\": 0,/; s/^    \"registered\": false\$/    \"y\": 0/" \
	"$json" >"$tap_tmp/noplan.json"
run_pb verify "$study" --against "$tap_tmp/noplan.json"
is "$pb_status:$(grep -o 'not stated: [^;]*' "$pb_out_file")" \
	"0:not stated: plan digest, registered" \
	"a results.json without the plan digest: it is not stated, exit 0"
run_pb verify "$study" --against "$json"
is "$pb_status:$(count '^MISMATCH')" "0:0" "the untouched results.json: all match, exit 0"
## A study with too few pairs for a claim: its pages read back too -------
"$PAIRBOOT" --quiet report "$top_srcdir/tests/data/tiny" -o "$out/tiny" \
	</dev/null
for md in "$out/tiny"/*.md; do
	run_pb verify "$top_srcdir/tests/data/tiny" --against "$md"
	ok "tiny page $(basename "$md"): both conclusions too-few-pairs match" \
		test "$pb_status" = 0 \
			-a "$(count '^match  *conclusion .*too-few-pairs')" = 2
done

## Malformed tables: FILE:LINE:COL and status 65 --------------------------
sed '15s/+2.474\]/+2.474/' "$pages/en.txt" >"$tap_tmp/broken.txt"
run_pb verify "$study" --against "$tap_tmp/broken.txt"
is "$pb_status" 65 "an interval without ']' is bad data (65)"
is "$pb_err" "pairboot: $tap_tmp/broken.txt:15:6: expected ']' to end the cell ('+0.625 ms [-1.111; +2.474')
pairboot: verify: nothing verified (1 problem)
" "the error names file, line and column"
sed '5s/\tnormalized to 20$/\tnormalised to twenty/' "$pages/en.txt" \
	>"$tap_tmp/broken2.txt"
run_pb verify "$study" --against "$tap_tmp/broken2.txt"
is "$pb_status" 65 "an unknown result is bad data (65)"
ok "the error points at the cell" \
	grep -q "^pairboot: $tap_tmp/broken2.txt:5:46: not a known result ('normalised to twenty')\$" \
	"$pb_err_file"
sed '18s/|---|---|---|---|/| x | y | z | w |/' "$pages/en.md" >"$tap_tmp/broken.md"
run_pb verify "$study" --against "$tap_tmp/broken.md"
is "$pb_status" 65 "a Markdown table without its delimiter row is bad data"
ok "the error names the line" \
	grep -q "^pairboot: $tap_tmp/broken.md:18:1: expected the delimiter row" \
	"$pb_err_file"
printf 'nothing to see here\n' >"$tap_tmp/empty.txt"
run_pb verify "$study" --against "$tap_tmp/empty.txt"
is "$pb_status" 65 "a page without any of the tables is bad data"
printf '{"schema": "something-else"}\n' >"$tap_tmp/other.json"
run_pb verify "$study" --against "$tap_tmp/other.json"
is "$pb_status" 65 "a JSON file that is not a results.json is bad data"

## Usage and missing input -----------------------------------------------
run_pb verify "$study"
is "$pb_status" 64 "--against is required"
run_pb verify "$study" --against "$pages/en.txt" --tolerance 1,5
is "$pb_status" 64 "a tolerance with a comma is a usage error"
run_pb verify "$study" --against "$pages/en.txt" --tolerance -1
is "$pb_status" 64 "a negative tolerance is a usage error"
run_pb verify --against "$pages/en.txt"
is "$pb_status" 64 "a study is required"
run_pb verify "$study" --against "$tap_tmp/no-such-file"
is "$pb_status" 66 "a missing file gives 66"
run_pb verify "$tap_tmp/no-such-study" --against "$pages/en.txt"
is "$pb_status" 66 "a missing study gives 66"

## The power plan example: named states with blanks, read back ----------
# Its pages and results.json must match in full, and each page must give
# up its four comparisons (2 states x 2 series: pairs, difference and both
# CI bounds each) under the names as written.
pp=$top_srcdir/fixtures/powerplan
"$PAIRBOOT" --quiet report "$pp" -o "$out/powerplan" </dev/null
for f in en.md de.md cs.md ko.md results.json; do
	run_pb verify "$pp" --against "$out/powerplan/$f"
	is "$pb_status" 0 "powerplan $f: everything matches"
	is "$(count '^MISMATCH')" 0 "powerplan $f: no MISMATCH"
done
for lang in en de cs ko; do
	run_pb verify "$pp" --against "$out/powerplan/$lang.md"
	is "$(count '^match *comparison \(High performance\|Ultimate Performance\), series [12]: ')" 16 \
		"powerplan $lang.md: the four comparisons are read, names whole"
	is "$(count '^match *comparison Ultimate Performance, series 2: difference: published -0\.100,')" 1 \
		"powerplan $lang.md: Ultimate Performance in series 2 is -0.100"
done

done_testing
