#!/bin/bash
# test_compare_cli.sh: `pairboot compare OLD NEW` as a user meets it: the
# summary it prints for the bundled pair of builds, the folder it writes
# (compare.json and a page per language), reproducibility, the committed
# comparison, the warning when the plans differ, and its errors.  The
# numbers themselves are tested in tests/unit/test_builddiff.c.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

old=$top_srcdir/fixtures/mmcss-26200.9168
new=$top_srcdir/fixtures/mmcss-newbuild
out=$tap_tmp/out
name=compare-mmcss-26200.9168-mmcss-newbuild

## The bundled pair: exactly the missing value changed -------------------
run_pb compare "$old" "$new" -o "$out/a"
is "$pb_status" 0 "compare exits 0"
is "$pb_out" "value handling: 1 of 13 changed: missing
mechanism: 1 of 4 changed: missing
baseline: unchanged-within-threshold
effects changed, better (lower is better): missing
effects no-change-established: 0, 10, 100
comparison written to $out/a/
" "the summary names exactly the changes of the new build, and which way they go"
is "$pb_err" "" "nothing on stderr: the plans are the same"
files=
for l in cs de en; do
	files="${files}compare.$l.md compare.$l.pdf compare.$l.png compare.$l.svg "
done
files="${files}compare.json compare.ko.md compare.ko.pdf compare.ko.png compare.ko.svg "
is "$(cd "$out/a" && ls | tr '\n' ' ')" "$files" \
	"compare.json, and a page and the figure (PDF, PNG, SVG) in each language"
ok "the PDF is a PDF" grep -q '^%PDF-' "$out/a/compare.en.pdf"
ok "the PNG is a PNG" test "$(head -c 8 "$out/a/compare.de.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a
ok "the SVG is an SVG" grep -q '<svg' "$out/a/compare.ko.svg"
ok "each language has its own figure (its own words)" \
	test -n "$(cmp "$out/a/compare.en.png" "$out/a/compare.cs.png")"
ok "compare.json names its schema" \
	grep -q '"schema": "pairboot-compare"' "$out/a/compare.json"
is "$(sed -n '/"values_changed"/,/]/p' "$out/a/compare.json" | tr -d ' \n')" \
	'"values_changed":["missing"],' \
	"compare.json lists missing as the only changed value"
is "$(sed -n '/"effects_changed"/,/"effects_worse"/p' "$out/a/compare.json" | tr -d ' \n')" \
	'"effects_changed":["missing"],"effects_better":["missing"],"effects_worse":[],' \
	"and missing as the only state whose effect changed, for the better"
is "$(sed -n '/"effects_size_open"/,/^  },$/p' "$out/a/compare.json" | tr -d ' \n')" \
	'"effects_size_open":[],"effects_size_open_better":[],"effects_size_open_worse":[]},' \
	"and none whose change is of open size"
# 4 states and the baseline, each in 2 series pairs, every side with at
# least 5 pairs (runs): 10 intervals judged.
ok "the English page: full confidence, no adjustment, 10 intervals" \
	grep -qxF -e '- Each state and the baseline is judged at the full confidence level of 95%, with no adjustment for the number of comparisons; 10 intervals were judged, so the chance that at least one of them shows a change by chance alone is larger than for any single interval.' \
	"$out/a/compare.en.md"
ok "the German page: the same" \
	grep -qF 'beurteilt, ohne Korrektur für multiples Testen; beurteilt wurden 10 Intervalle,' \
	"$out/a/compare.de.md"
ok "the English page has the value-handling change" \
	grep -qF '| missing | MMCSS stopped, registration not performed, API returned 100; separate observation for this build | API returned 20, MMCSS running; separate observation for this build | API value, service state, registration |' \
	"$out/a/compare.en.md"
ok "and the mechanism change, old and new named, one arrow kind only" \
	grep -qF '| missing | old: 0/4 / new: 4/4 | old: stopped / new: running | old: `0 -> 0 -> 0` / new: `0 -> 10 -> 0` | old: `8 -> 8 -> 8` / new: `8 -> 18 -> 8` |' \
	"$out/a/compare.en.md"
ok "no page has the arrow U+2192 any more" \
	test -z "$(grep -l '→' "$out"/a/compare.*.md)"
# The verdict of the missing value, and its effects old / new, in each
# language's words (po/LANG.po).
ok "English: the missing value's change is better, lower being better" \
	grep -qF '(old: `+11.640` / new: `+0.200`) | `-12.144 ms` `[-15.325; -9.194]` (old: `+12.494` / new: `+0.350`) | changed, better (lower is better) | ' \
	"$out/a/compare.en.md"
ok "German: verändert, besser (niedriger ist besser)" \
	grep -q '^| fehlt | .* (alt: `+12.494` / neu: `+0.350`) | verändert, besser (niedriger ist besser) | ' "$out/a/compare.de.md"
ok "Czech: změněno, lepší (nižší je lepší)" \
	grep -q '^| chybí | .* (starý: `+12.494` / nový: `+0.350`) | změněno, lepší (nižší je lepší) | ' "$out/a/compare.cs.md"
ok "Korean: 변화 확인됨, 더 좋음(낮을수록 좋음)" \
	grep -q '^| 없음 | .* (기존: `+12.494` / 신규: `+0.350`) | 변화 확인됨, 더 좋음(낮을수록 좋음) | ' "$out/a/compare.ko.md"
# Every comparison of both builds has 10 pairs, where the simulated
# coverage of a nominal 95% percentile interval is 79.5% (analyze/coverage.c,
# row 10; the study page says so too).
is "$(sed -n '/^## Small samples/,/^## /p' "$out/a/compare.en.md")" "## Small samples

- Old build: with 10 pairs, a nominal 95% interval of method \`percentile\` covered the true difference in only 79.5% of simulated studies with strongly skewed differences (docs/statistics.md); a change computed from such an effect may be less certain than its confidence suggests. This applies to every effect compared.
- New build: with 10 pairs, a nominal 95% interval of method \`percentile\` covered the true difference in only 79.5% of simulated studies with strongly skewed differences (docs/statistics.md); a change computed from such an effect may be less certain than its confidence suggests. This applies to every effect compared.

## Comparison notes" "the page carries the small-sample caveat of each build"
# German and Czech write the '%' after a NO-BREAK SPACE, Korean close.
nb=$(printf '\302\240')
for l in de cs ko; do
	ok "$l: a small-sample section, one bullet per build" \
		test "$(grep -c "^- .*79[.,]5\\(${nb}\\)\\?%" "$out/a/compare.$l.md")" = 2
done

run_pb --quiet compare "$old" "$new" -o "$out/b"
is "$pb_out" "" "--quiet prints nothing"
ok "a second run gives the same bytes" diff -r "$out/a" "$out/b"
run_pb --quiet compare -o "$out/c" "$old" "$new"
ok "options may come first" diff -r "$out/a" "$out/c"

committed=$top_srcdir/reports/$name
if [ -d "$committed" ]; then
	ok "reports/$name is a fresh run (make reports)" \
		diff -r "$committed" "$out/a"
else
	skip "reports/$name is a fresh run" "not committed yet"
fi

mkdir -p "$tap_tmp/cwd"
(cd "$tap_tmp/cwd" && "$PAIRBOOT" --quiet compare "$old" "$new") </dev/null
ok "the default folder is reports/compare-OLD-NEW" \
	diff -r "$tap_tmp/cwd/reports/$name" "$out/a"

## A results.json instead of a study folder --------------------------------
# results.json holds every run's statistic and the summaries, so the
# comparison it gives is the one the folders give, number for number.
"$PAIRBOOT" --quiet report "$old" -o "$tap_tmp/rep-old" </dev/null
"$PAIRBOOT" --quiet report "$new" -o "$tap_tmp/rep-new" </dev/null
run_pb --quiet compare "$tap_tmp/rep-old/results.json" "$new" -o "$out/j1"
is "$pb_status" 0 "OLD as a results.json: exit 0"
ok "OLD as a results.json: the same compare.json" \
	cmp "$out/j1/compare.json" "$out/a/compare.json"
run_pb --quiet compare "$tap_tmp/rep-old/results.json" \
	"$tap_tmp/rep-new/results.json" -o "$out/j2"
ok "both as results.json: the same compare.json" \
	cmp "$out/j2/compare.json" "$out/a/compare.json"
# The plan digests, each worked by hand from its study.ini (the canonical
# text of docs/study-format.md; the plans differ only in the seed).
old_plan=16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b72828c25878
new_plan=36c0e05cbf83189b32d397fff176a78430d1a1ab61cb62714b3053768bfc1c92
is "$(grep -c "^    \"plan_digest\": \"\($old_plan\|$new_plan\)\",\$" "$out/a/compare.json"):$(grep -c '^    "plan_registered": false$' "$out/a/compare.json")" \
	"2:2" "compare.json states both plan digests, neither registered"
ok "the page states both plan digests" grep -qx "Analysis plan digests (SHA-256 of the canonical plan, docs/study-format.md): old build \`$old_plan\`, new build \`$new_plan\`\\." \
	"$out/a/compare.en.md"
sed "s/^    \"digest\": \"$old_plan\",\$/    \"digest\": \"$new_plan\",/" \
	"$tap_tmp/rep-old/results.json" >"$tap_tmp/otherplan.json"
run_pb compare "$tap_tmp/otherplan.json" "$new" -o "$out/j4"
is "$pb_status:$(head -n 1 "$pb_err_file")" "65:pairboot: $tap_tmp/otherplan.json: plan: 'digest' is not the SHA-256 of the plan it gives" \
	"a results.json whose plan digest is not its plan's: 65"
printf '{"schema": "pairboot-results", "schema_version": 1}\n' \
	>"$tap_tmp/thin.json"
run_pb compare "$tap_tmp/thin.json" "$new" -o "$out/j3"
is "$pb_status" 65 "a results.json without a plan is bad data (65)"
ok "and says what is missing" grep -q "^pairboot: $tap_tmp/thin.json: " \
	"$pb_err_file"

## The other way round the change is for the worse -------------------------
run_pb compare "$new" "$old" -o "$out/rev"
is "$(grep '^effects changed' "$pb_out_file")" \
	"effects changed, worse (lower is better): missing" \
	"new against old: the missing value's change is worse"
is "$(grep -c '"assessment": "worse"' "$out/rev/compare.json")" 3 \
	"compare.json: worse across series and in each of the two series"

## Compared with itself nothing changes -----------------------------------
run_pb compare "$old" "$old" -o "$out/same"
is "$(sed -n 1,3p "$pb_out_file")" "value handling: 0 of 13 changed
mechanism: 0 of 4 changed
baseline: unchanged-within-threshold" "a study against itself: no value or mechanism change"
ok "and no effect changed" test "$(grep -c '^effects changed' "$pb_out_file")" = 0

## A study with a boundary series but no mechanism series -------------------
net=$top_srcdir/fixtures/netthrottle
run_pb compare "$net" "$net" -o "$out/net"
is "$pb_status" 0 "the throughput study against itself: exit 0"
is "$pb_out" "value handling: 0 of 9 changed
baseline: unchanged-within-threshold
effects unchanged-within-threshold: 20, 0xFFFFFFFF
comparison written to $out/net/
" "its 9 written values unchanged, and no mechanism line: nothing to count"

# Without its boundary series (the study.ini section from its header on,
# and the series' rows of runs.csv) there is no value-handling line either.
cp -r "$net" "$tap_tmp/net-bare"
sed -i '/^\[series boundary\]$/,$d' "$tap_tmp/net-bare/study.ini"
sed -i '/^bound-/d' "$tap_tmp/net-bare/runs.csv"
run_pb compare "$tap_tmp/net-bare" "$tap_tmp/net-bare" -o "$out/net-bare"
is "$pb_out" "baseline: unchanged-within-threshold
effects unchanged-within-threshold: 20, 0xFFFFFFFF
comparison written to $out/net-bare/
" "no value-handling or mechanism line when there is nothing to count"
ok "the throughput page does not speak of latency" \
	test -z "$(grep -il 'latency' "$out/net/compare.en.md")"
ok "it says measurement series" \
	grep -qF -- '- Measurement series are matched by id and compared one by one, never pooled.' \
	"$out/net/compare.en.md"

## Plans that differ: a warning per field, the old plan's settings --------
# In study.ini, "threshold = " is line 16 (value at column 13) and
# "confidence = " line 17 (value at column 14).
cp -r "$new" "$tap_tmp/other"
sed -i 's/^threshold = 1.784$/threshold = 2.5/; s/^confidence = 0.95$/confidence = 0.9/' \
	"$tap_tmp/other/study.ini"
run_pb --quiet compare "$old" "$tap_tmp/other" -o "$out/d"
is "$pb_status" 0 "plans that differ in threshold and confidence still compare (exit 0)"
is "$pb_err" "pairboot: $tap_tmp/other/study.ini:16:13: warning: 'threshold' differs: old 1.784, new 2.5; the old plan's value is used
pairboot: $tap_tmp/other/study.ini:17:14: warning: 'confidence' differs: old 0.95, new 0.9; the old plan's value is used
" "one warning per field that differs, at its line"
ok "compare.json records the difference" \
	grep -q '"field": "threshold"' "$out/d/compare.json"
ok "the page carries the warning" \
	grep -q '^- \*\*Warning: the analysis plans differ (threshold, confidence)\.' \
	"$out/d/compare.en.md"

# "interval = " is line 20, its value at column 12.
cp -r "$new" "$tap_tmp/bca"
sed -i 's/^interval = percentile$/interval = bca/' "$tap_tmp/bca/study.ini"
run_pb --quiet compare "$old" "$tap_tmp/bca" -o "$out/bca"
is "$pb_status" 0 "another interval method still compares (exit 0)"
is "$pb_err" "pairboot: $tap_tmp/bca/study.ini:20:12: warning: 'interval' differs: old 'percentile', new 'bca'; each build's own conclusions keep its method, the changes use the old plan's settings
" "the warning says what each method is used for"

## Studies that measure different things are not compared -----------------
# netthrottle's study.ini: column line 13 (value at column 10), scale 14
# (9), unit 15 (8), better 16 (10), statistic 17 (13), reference 18 (13).
run_pb compare "$old" "$net" -o "$out/apples"
is "$pb_status" 65 "latency against throughput: bad data (65)"
is "$pb_out" "" "nothing on stdout"
is "$pb_err" "pairboot: $net/study.ini:13:10: 'column' differs: old 'latency_us', new 'rx_mbps'; studies that measure different things are not compared
pairboot: $net/study.ini:14:9: 'scale' differs: old 0.001, new 1; studies that measure different things are not compared
pairboot: $net/study.ini:15:8: 'unit' differs: old 'ms', new 'Mbit/s'; studies that measure different things are not compared
pairboot: $net/study.ini:16:10: 'better' differs: old 'lower', new 'higher'; studies that measure different things are not compared
pairboot: $net/study.ini:17:13: 'statistic' differs: old 'p99', new 'mean'; studies that measure different things are not compared
pairboot: $net/study.ini:18:13: 'reference' differs: old '20', new '10'; studies that measure different things are not compared
pairboot: compare: no comparison written (6 problems)
" "one error per key, naming both values, at the key in the new study.ini"
ok "and nothing is written" test ! -e "$out/apples"

cp -r "$new" "$tap_tmp/p95"
sed -i 's/^statistic = p99$/statistic = p95/' "$tap_tmp/p95/study.ini"
run_pb compare "$old" "$tap_tmp/p95" -o "$out/p95"
is "$pb_status" 65 "another statistic alone: 65"
is "$pb_err" "pairboot: $tap_tmp/p95/study.ini:14:13: 'statistic' differs: old 'p99', new 'p95'; studies that measure different things are not compared
pairboot: compare: no comparison written (1 problem)
" "exactly one error, and no warning"

"$PAIRBOOT" --quiet report "$net" -o "$tap_tmp/rep-net" </dev/null
run_pb compare "$old" "$tap_tmp/rep-net/results.json" -o "$out/apples-json"
is "$pb_status" 65 "a throughput results.json against latency: 65"
is "$(sed -n '3p' "$pb_err_file")" "pairboot: $tap_tmp/rep-net/results.json: 'unit' differs: old 'ms', new 'Mbit/s'; studies that measure different things are not compared" \
	"a results.json has no study.ini lines: the message names the file"

## The gate ----------------------------------------------------------------
# The bundled pair: on the new build `missing` is normalized to 20, so its
# effect changes for the better in both series pairs by about 11 to 12 ms
# (T = 1.784 ms); 0, 10 and 100 do not change, but at 10 blocks their
# intervals of the change reach past T, so a worsening of T is not ruled
# out.  Swapped, the two intervals of `missing` establish a worsening.
# The gate's own cases are in test_gate.sh.
run_pb compare "$old" "$new" -o "$out/gate"
is "$pb_status" 0 "without --fail-on a change gives 0"
run_pb -q compare "$old" "$new" -o "$out/gate" --fail-on worse
is "$pb_status" 3 "--fail-on worse: a change for the better, others left open, gives 3"
is "$pb_err" "pairboot: compare: --fail-on worse: inconclusive: 6 of 10 intervals cannot rule out a worsening of 1.784 ms (state 0 in series 1, state 0 in series 2, state 10 in series 1, state 10 in series 2, state 100 in series 1, state 100 in series 2); about 144 blocks per series would decide it (assuming both builds measured with that many, the spread per block as measured, the change at its estimate, and no adjustment for the other intervals)
" "and says which intervals leave it open, and roughly how many blocks would decide it"
run_pb -q compare "$old" "$new" -o "$out/gate" --fail-on change
is "$pb_status" 1 "--fail-on change: a change of more than T for the better gives 1"
is "$pb_err" "pairboot: compare: --fail-on change: fail: 2 of 10 intervals establish a change of at least 1.784 ms either way (Holm, family-wise rate 5%) (state missing in series 1, state missing in series 2)
" "it says what changed"
ok "the comparison is written all the same" test -f "$out/gate/compare.json"
run_pb -q compare "$new" "$old" -o "$out/gate-rev" --fail-on worse
is "$pb_status" 1 "--fail-on worse: old and new swapped give 1"
is "$pb_err" "pairboot: compare: --fail-on worse: fail: 2 of 10 intervals establish a worsening of at least 1.784 ms (Holm, family-wise rate 5%) (state missing in series 1, state missing in series 2)
" "it says which intervals got worse"
ok "and writes the comparison" test -f "$out/gate-rev/compare.json"
ok "whose effects of missing are worse" grep -q '"assessment": "worse"' \
	"$out/gate-rev/compare.json"
for gate in worse worse-detected change; do
	run_pb -q compare "$old" "$old" -o "$out/gate-self" --fail-on "$gate"
	is "$pb_status" 65 "--fail-on $gate: a study against itself is refused (65)"
done
is "$(head -n 1 "$pb_err_file")" "pairboot: $old: has the same input digest as $old (1f0f85c51464...): both sides are the same data, which --fail-on cannot judge" \
	"saying both sides are the same data"
ok "and nothing is written" test ! -e "$out/gate-self"
run_pb compare "$old" "$new" -o "$out/gate" --fail-on better
is "$pb_status" 64 "--fail-on better is a usage error"
is "$(head -n 1 "$pb_err_file")" "pairboot: compare: --fail-on must be worse, worse-detected or change ('better')" \
	"naming the three it takes"
run_pb compare "$old" "$new" -o "$out/gate" --fail-on
is "$pb_status" 64 "--fail-on without a value is a usage error"
run_pb compare "$old" "$new" -o "$out/gate" --fail-on worse --inconclusive maybe
is "$pb_status" 64 "--inconclusive maybe is a usage error"
is "$(head -n 1 "$pb_err_file")" "pairboot: compare: --inconclusive must be pass or fail ('maybe')" \
	"naming the two it takes"

## Comparisons that compare nothing ----------------------------------------
run_pb -q compare "$old" "$old" -o "$out/self"
is "$pb_status" 0 "a study against itself: 0"
ok "with a warning that it is the same data twice" grep -qF \
	"pairboot: $old: warning: has the same input digest as $old (" \
	"$pb_err_file"
cp -R "$old" "$tap_tmp/retitled"
sed -i 's/^title = .*/title = Another setting altogether/' \
	"$tap_tmp/retitled/study.ini"
run_pb -q compare "$old" "$tap_tmp/retitled" -o "$out/retitled"
is "$pb_status" 0 "one build, another title: 0"
ok "with a warning that the build is the same but the title is not" \
	grep -qF "pairboot: $tap_tmp/retitled: warning: is of the same build (26200.9168) as $old, but its title differs" \
	"$pb_err_file"
ok "and no same-data warning (one byte differs)" \
	bash -c "! grep -q 'same input digest' '$pb_err_file'"
run_pb -q compare "$old" "$new" -o "$out/quiet"
is "$pb_err" "" "two builds of one study: no warning"

## Errors ------------------------------------------------------------------
run_pb compare "$old"
is "$pb_status" 64 "one study is a usage error"
run_pb compare "$old" "$new" "$new"
is "$pb_status" 64 "three studies are a usage error"
run_pb compare "$old" "$new" -o
is "$pb_status" 64 "-o without a folder is a usage error"
run_pb compare "$old" "$tap_tmp/no-such-study" -o "$out/e"
is "$pb_status" 66 "a missing study gives 66"
ok "and nothing is written" test ! -e "$out/e"
cp -r "$new" "$tap_tmp/broken"
printf 'oops\n' >>"$tap_tmp/broken/runs.csv"
run_pb compare "$old" "$tap_tmp/broken" -o "$out/a"
is "$pb_status" 65 "a broken study gives 65"
ok "and the previous comparison is left as it was" diff -r "$out/a" "$out/b"

done_testing
