#!/bin/bash
# test_verify.sh: `pairboot verify` as a reviewer runs it: a results.json
# compared key by key, its own pages read back in every language, a page
# edited in each of the ways its numbers may and may not be written, the
# bounds within a tolerance, the published article, --registered,
# --strict, --quiet, runs taken from a summary, and the exit statuses.
# tests/cli/test_verify_corpus.sh holds the table of forged and honestly
# re-typed pages and results.json files.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
power=$top_srcdir/fixtures/powerplan
out=$tap_tmp/out
"$PAIRBOOT" --quiet report "$study" -o "$out/mmcss" --format md,json </dev/null
"$PAIRBOOT" --quiet report "$power" -o "$out/power" --format md,json </dev/null
results=$out/mmcss/results.json

# count PATTERN: the lines of the last run's stdout matching PATTERN.
count() {
	grep -c -- "$1" "$pb_out_file"
}

# edit FROM TO IN OUT: OUT is IN with the first FROM (a fixed string)
# replaced by TO; fails when IN does not hold FROM.
edit() {
	awk -v from="$1" -v to="$2" '
		!done && (i = index($0, from)) {
			$0 = substr($0, 1, i - 1) to substr($0, i + length(from))
			done = 1
		}
		{ print }
		END { exit !done }' "$3" >"$4"
}

clean='every published item follows from the data'

## Its own results.json: every key matches -----------------------------
run_pb verify "$study" --against "$results"
is "$pb_status" 0 "own results.json: exit 0"
is "$(sed -n 1p "$pb_out_file")" "verify $study against $results (results.json)" \
	"the first line names study and file"
is "$(sed -n 2p "$pb_out_file")" \
	"CI bounds: exactly (give --tolerance to allow for another seed)" \
	"bounds compared exactly"
is "$(count '^\(MISMATCH\|OMITTED\|not in data\)')" 0 \
	"nothing differs, is omitted or added"
is "$(count '^match          inputs\[[^]]*\]\.sha256: ')" \
	"$(find "$study" -type f | wc -l)" "every input file's digest is a key checked"
leaves=$(jq '[paths(type != "object" and type != "array")] | length' "$results" 2>/dev/null)
if [ -n "$leaves" ]; then
	# An empty object or array counts as one match.
	empties=$(jq '[paths(objects, arrays) as $p | getpath($p) | select(length == 0)] | length' "$results")
	is "$(count '^match ')" "$((leaves + empties))" \
		"one match per value of the file: every key is compared"
else
	skip "one match per value" "jq is not installed"
fi
ok "the summary says everything follows" \
	grep -q "^summary: [0-9]* checked, 0 MISMATCH, 0 not in data, 0 OMITTED; $clean\$" \
	"$pb_out_file"

## One period of one CSV changed: the digests and the numbers it moves --
cp -r "$study" "$tap_tmp/changed"
sed -i '2s/^1,.*/1,999999/' "$tap_tmp/changed/latency/s1-b01-10.csv"
run_pb verify "$tap_tmp/changed" --against "$results"
is "$pb_status" 1 "a changed period: exit 1"
ok "the changed file's digest differs" \
	grep -q '^MISMATCH *inputs\[latency/s1-b01-10.csv\]\.sha256: ' "$pb_out_file"
is "$(count '^MISMATCH *inputs\[')" 1 "and no other file's"
ok "the run's statistic moved" \
	grep -q '^MISMATCH *runs\[s1-b01-10\]\.statistic: ' "$pb_out_file"
is "$(count '^MISMATCH *runs\[.*\]\.statistic')" 1 "no other run moved"
ok "and with it the difference of 10 in series 1" \
	grep -q '^MISMATCH *comparisons\[series 1, state 10\]\.difference: ' \
	"$pb_out_file"
ok "the difference of 10 in series 2 still matches" \
	grep -q '^match *comparisons\[series 2, state 10\]\.difference: ' \
	"$pb_out_file"
ok "what does not follow is listed before what does" \
	test "$(grep -n '^MISMATCH' "$pb_out_file" | tail -n 1 | cut -d: -f1)" \
	-lt "$(grep -n '^match' "$pb_out_file" | head -n 1 | cut -d: -f1)"
rm "$tap_tmp/changed/control/control-1.log"
sed -i '/control-1\.log/d' "$tap_tmp/changed/runs.csv"
run_pb verify "$tap_tmp/changed" --against "$results"
ok "a file no longer in the study is in the published file only" \
	grep -q '^not in data *inputs\[control/control-1.log\]: published {' \
	"$pb_out_file"

## Bounds in results.json: within --tolerance, and nothing else ---------
lo=$(jq '.comparisons[1].interval.lo' "$results")
diff=$(jq '.comparisons[1].difference' "$results")
jq ".comparisons[1].interval.lo += 0.001" "$results" >"$tap_tmp/lo.json"
run_pb verify "$study" --against "$tap_tmp/lo.json"
is "$pb_status:$(count '^MISMATCH')" "1:1" "a bound 0.001 off: one MISMATCH"
ok "named by its path" grep -q "^MISMATCH *comparisons\[.*\]\.interval\.lo: published [-0-9.e]*, recomputed $lo\$" "$pb_out_file"
run_pb verify "$study" --against "$tap_tmp/lo.json" --tolerance 0.01
is "$pb_status" 0 "within --tolerance 0.01 it matches"
ok "and the header says how bounds were compared" \
	grep -q '^CI bounds: within 0.01 ms of the recomputed ones' "$pb_out_file"
jq ".comparisons[1].difference += 0.001" "$results" >"$tap_tmp/diff.json"
run_pb verify "$study" --against "$tap_tmp/diff.json" --tolerance 0.01
is "$pb_status:$(count '^MISMATCH *comparisons\[.*\]\.difference: ')" "1:1" \
	"an estimate takes no tolerance ($diff)"

## Its own pages, every language: every block pairboot's, all matching --
for md in "$out/mmcss"/*.md "$out/power"/*.md; do
	lang=$(basename "$md" .md)
	s=$study
	case $md in "$out/power"/*) s=$power ;; esac
	run_pb verify "$s" --against "$md"
	is "$pb_status" 0 "${md#"$out"/}: exit 0"
	ok "${md#"$out"/}: read as a page in language $lang" \
		grep -q "(published page, language $lang)\$" "$pb_out_file"
	ok "${md#"$out"/}: no author text, every block and row pairboot's" \
		grep -q '^read: .*; author text: 0 blocks (0 lines)$' "$pb_out_file"
	ok "${md#"$out"/}: the clean closing" \
		grep -q "; $clean\$" "$pb_out_file"
done

## A series named inside a sentence: Czech "série 1", checked as well ---
# The conclusion cell of the power plan study names each series inside
# its sentence, "bez spojeného závěru: série 1 (...); série 2 (...)":
# another series there, or the capital of the name opening a line, fails.
cs=$out/power/cs.md
ok "cs: the conclusion cell names the series in lower case" \
	grep -qF 'bez spojeného závěru: série 1 (prakticky významný prospěch' "$cs"
for e in 'série 1 (prakticky:série 2 (prakticky' \
	 'série 1 (prakticky:Série 1 (prakticky'; do
	edit "${e%%:*}" "${e#*:}" "$cs" "$tap_tmp/series.md"
	run_pb verify "$power" --against "$tap_tmp/series.md"
	is "$pb_status:$(count '^MISMATCH .*Závěr: published .*bez spojeného závěru: ')" \
		"1:1" "cs: '${e#*:}' in the conclusion cell fails"
done

## A page's numbers: at the precision pairboot writes, on their side ----
page=$out/mmcss/en.md
row=$(grep -m 1 '^| `0` |' "$page")
lo0=$(printf '%s\n' "$row" | sed 's/^[^[]*\[\([^;]*\);.*/\1/')
diag "row 0: $row (series 1 CI low $lo0)"
edit "[$lo0;" "[${lo0%?}9;" "$page" "$tap_tmp/lo.md"
run_pb verify "$study" --against "$tap_tmp/lo.md"
is "$pb_status:$(count '^MISMATCH')" "1:1" "a bound one digit off: one MISMATCH"
ok "named by its row, column and end" \
	grep -q "^MISMATCH *line [0-9]*: Comparison with the reference: row 0, Series 1, difference and 95% CI: CI low (another value): published ${lo0%?}9, recomputed $lo0\$" \
	"$pb_out_file"
run_pb verify "$study" --against "$tap_tmp/lo.md" --tolerance 0.05
is "$pb_status" 0 "within --tolerance 0.05 it matches"
edit "[$lo0;" "[${lo0%.*};" "$page" "$tap_tmp/whole.md"
run_pb verify "$study" --against "$tap_tmp/whole.md" --tolerance 1
is "$pb_status:$(count '^MISMATCH.*CI low (rounded to fewer decimals than pairboot writes)')" "1:1" \
	"a bound written without its decimals fails, whatever the tolerance"
edit "[$lo0;" "[+0.001;" "$page" "$tap_tmp/side.md"
run_pb verify "$study" --against "$tap_tmp/side.md" --tolerance 1
is "$pb_status:$(count '^MISMATCH.*CI low (on the other side of 0)')" "1:1" \
	"a bound moved across 0 fails, whatever the tolerance"
edit "[$lo0;" "[${lo0}0;" "$page" "$tap_tmp/more.md"
run_pb verify "$study" --against "$tap_tmp/more.md"
is "$pb_status" 0 "a bound written with one decimal more matches"
sed 's/ ms` `\[/\xc2\xa0ms` `[/; s/`-\([0-9]\)/`\xe2\x88\x92\1/' "$page" >"$tap_tmp/typo.md"
run_pb verify "$study" --against "$tap_tmp/typo.md"
is "$pb_status" 0 "a no-break space before the unit and U+2212 read as pairboot writes them"

## Author text, --strict, --quiet ----------------------------------------
{ cat "$page"; printf '\nThe data prove that the setting has no effect.\n'; } >"$tap_tmp/author.md"
line=$(grep -n 'The data prove' "$tap_tmp/author.md" | cut -d: -f1)
run_pb verify "$study" --against "$tap_tmp/author.md"
is "$pb_status" 0 "an author's paragraph: exit 0"
ok "listed as not checked, by its line" \
	grep -q "^not checked    line $line: author text: published The data prove" "$pb_out_file"
ok "and the summary says it was not checked, where" \
	grep -q "; every item in pairboot's words follows from the data, but 1 block of author text was not checked (line $line)\$" \
	"$pb_out_file"
run_pb verify "$study" --against "$tap_tmp/author.md" --strict
is "$pb_status" 1 "--strict: author text fails the page"
run_pb --quiet verify "$study" --against "$tap_tmp/lo.md"
is "$(cut -c1-8 "$pb_out_file" | sort -u | tr '\n' ' ')" "MISMATCH summary: " \
	"--quiet: only what does not follow, and the summary"

## --registered: the plan digest the reviewer saw published -------------
digest=$(jq -r .plan.digest "$results")
run_pb verify "$study" --against "$page" --registered "$digest"
is "$pb_status" 0 "the study's own plan digest: exit 0"
ok "said as a match" grep -q "^match          registered plan digest: given $digest, the study's $digest" "$pb_out_file"
zeros=0000000000000000000000000000000000000000000000000000000000000000
run_pb verify "$study" --against "$page" --registered "$zeros"
is "$pb_status" 1 "another digest: exit 1"
ok "said as a MISMATCH" grep -q "^MISMATCH       registered plan digest: given $zeros" "$pb_out_file"
run_pb verify "$study" --against "$page" --registered 1234
is "$pb_status" 64 "a digest that is not 64 hex digits is a usage error"

## Runs taken from a summary are counted -------------------------------
sumstudy=$tap_tmp/summarized/$(basename "$study")
mkdir -p "$sumstudy"
cp -r "$study/study.ini" "$study/runs.csv" "$study/mechanism" \
	"$study/boundary" "$study/control" "$sumstudy/"
"$PAIRBOOT" --quiet summarize "$study" -o "$sumstudy/pairboot-summary.csv"
"$PAIRBOOT" --quiet report "$sumstudy" -o "$out/sum" --format md </dev/null
run_pb verify "$sumstudy" --against "$out/sum/en.md"
is "$pb_status" 0 "a page of a summarized study verifies"
ok "and verify counts the runs taken from the summary" \
	grep -q '^runs taken from the study.s summary, their raw files absent: 100 of ' \
	"$pb_out_file"

## The published article itself, where the shared wiki is next to the
## clone (CI has it; a tarball does not) ----------------------------------
wiki=$top_srcdir/../shared/wiki
for lang in en de; do
	if [ ! -f "$wiki/$lang.txt" ]; then
		skip "wiki $lang.txt" "no ../shared/wiki next to the source tree"
		continue
	fi
	run_pb verify "$study" --against "$wiki/$lang.txt"
	is "$pb_status" 1 "wiki $lang.txt: exit 1 (the intervals of synthetic data differ)"
	ok "wiki $lang.txt: what was read comes first: its three tables" \
		grep -q '^read: 3 tables (20 rows), .*(3 tables set beside pairboot.s)' \
		"$pb_out_file"
	is "$(sed -n 4p "$pb_out_file" | cut -c1-8)" MISMATCH \
		"wiki $lang.txt: the disagreements follow at once"
	ok "wiki $lang.txt: the older wording of row 0's conclusion is one" \
		grep -q '^MISMATCH *line [0-9]*: [^:]*: row 0, [^:]*: published ' \
		"$pb_out_file"
	is "$(count '^MISMATCH .*: CI \(low\|high\) (another value)')" 16 \
		"wiki $lang.txt: the 16 bounds of synthetic data differ"
	ok "wiki $lang.txt: the estimates match" \
		sh -c "! grep -q '^MISMATCH.*estimate' '$pb_out_file'"
done

## Usage and missing input -----------------------------------------------
run_pb verify "$study"
is "$pb_status" 64 "--against is required"
run_pb verify "$study" --against "$page" --tolerance 1,5
is "$pb_status" 64 "a tolerance with a comma is a usage error"
run_pb verify "$study" --against "$page" --tolerance -1
is "$pb_status" 64 "a negative tolerance is a usage error"
run_pb verify --against "$page"
is "$pb_status" 64 "a study is required"
run_pb verify "$study" --against "$tap_tmp/no-such-file"
is "$pb_status" 66 "a missing file gives 66"
run_pb verify "$tap_tmp/no-such-study" --against "$page"
is "$pb_status" 66 "a missing study gives 66"
printf '{"schema": "pairboot-results",\n  "x": tru }\n' >"$tap_tmp/bad.json"
run_pb verify "$study" --against "$tap_tmp/bad.json"
is "$pb_status" 2 "a results.json that is not JSON: exit 2"
ok "its error names file, line and column" \
	grep -q "bad.json:2:[0-9]*: " "$pb_err_file"
ok "and the report still ends in its summary" \
	grep -q '^summary: nothing checked; the file could not be read as a whole' \
	"$pb_out_file"

done_testing
