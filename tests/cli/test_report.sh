#!/bin/bash
# test_report.sh: `pairboot report` as a user meets it: the report folder,
# its reproducibility, and the statuses of the ways writing it can fail.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
out=$tap_tmp/out

## A report is written, and the same study gives the same bytes --------
run_pb report "$study" -o "$out/a"
is "$pb_status" 0 "report exits 0"
is "$pb_out" "state missing: harm (series 1: harm; series 2: harm)
state 0: indeterminate (series 1: indeterminate; series 2: indeterminate)
state 10: indeterminate (series 1: indeterminate; series 2: indeterminate)
state 100: harm (series 1: harm; series 2: harm)
report written to $out/a/
" "report prints each state's verdicts, then says where it wrote"
ok "results.json is written" test -s "$out/a/results.json"
run_pb --quiet report "$study" -o "$out/b"
is "$pb_out" "" "--quiet prints nothing"
ok "a second run gives byte-identical results.json" \
	cmp "$out/a/results.json" "$out/b/results.json"
run_pb report -o "$out/c" "$study"
ok "options may come before the study" cmp "$out/a/results.json" \
	"$out/c/results.json"

## The verdicts on the terminal are results.json's ------------------------
# One line a state, in the order of the verdicts: the verdict across
# series, each series' in parentheses when there are several, and for a
# difference detected which way it goes, as compare words it.  The lines
# are made here from results.json with jq.
want_lines() {
	jq -r --arg better "$2" '
		def word($v; $est):
			$v + (if $v == "detected-size-open" then
				", " + (if ($est > 0) == ($better == "higher")
					then "better" else "worse" end)
				+ " (" + $better + " is better)"
			      else "" end);
		. as $r
		| .verdicts[]
		| .state as $s
		| [.series[] | .series as $k | . + {estimate: ($r.comparisons[]
			| select(.state == $s and .series == $k) | .estimate)}] as $per
		| "state \($s): " + word(.verdict; $per[0].estimate)
		  + (if ($per | length) > 1 then
			" (" + ([$per[] | "series \(.series): " + word(.verdict; .estimate)]
				| join("; ")) + ")"
		     else "" end)' "$1"
}
power=$top_srcdir/fixtures/powerplan
run_pb report "$power" -o "$out/pp" --format json
is "$pb_out" "$(want_lines "$out/pp/results.json" lower)
report written to $out/pp/
" "powerplan: the verdict lines are results.json's"
ok "powerplan: a difference detected says which way" \
	grep -qxF 'state High performance: series-disagree (series 1: detected-size-open, better (lower is better); series 2: equivalent)' \
	"$pb_out_file"
net=$top_srcdir/fixtures/netthrottle
run_pb report "$net" -o "$out/net" --format json
is "$pb_out" "state 20: benefit
state 0xFFFFFFFF: benefit
report written to $out/net/
" "one series: the verdict alone, a state as study.ini spells it"
is "$(want_lines "$out/net/results.json" higher)" "state 20: benefit
state 0xFFFFFFFF: benefit" "(and jq makes the same lines)"
run_pb -q report "$power" -o "$out/ppq" --format json
is "$pb_status:$pb_out" "0:" "-q: no verdict lines"
run_pb --quiet report "$net" -o "$out/netq" --format md
is "$pb_status:$pb_out" "0:" "--quiet: none either"

## The numbers a reader checks first -----------------------------------
ok "results.json names the schema" \
	grep -q '"schema": "pairboot-results"' "$out/a/results.json"
ok "results.json records the seed and generator" \
	grep -q '"rng": "mt19937"' "$out/a/results.json"
ok "every input file is listed with its SHA-256" \
	test "$(grep -c '"sha256": "[0-9a-f]\{64\}"' "$out/a/results.json")" \
	-eq "$(find "$study" -type f | wc -l)"

## Every interval method is in the sensitivity table -------------------
n_cmp=$(grep -c '"sensitivity": {' "$out/a/results.json")
for m in percentile bca t expanded studentized; do
	is "$(grep -c "^ *\"$m\": {" "$out/a/results.json")" "$n_cmp" \
		"the sensitivity table of every comparison has $m"
done

## A study may pre-register the bootstrap-t -----------------------------
cp -R "$study" "$tap_tmp/stud"
sed -i 's/^interval = percentile$/interval = studentized/' \
	"$tap_tmp/stud/study.ini"
run_pb --quiet report "$tap_tmp/stud" -o "$out/stud" --lang en,de
is "$pb_status" 0 "a studentized study is reported"
ok "its plan says studentized" \
	grep -q '"interval": "studentized"' "$out/stud/results.json"
ok "its page names the bootstrap-t beside the code" \
	grep -q 'method `studentized` (bootstrap-t), confidence 95%' \
	"$out/stud/en.md"
ok "its German page too" \
	grep -q "Methode \`studentized\` (Bootstrap-t), Konfidenzniveau 95${nb}%" \
	"$out/stud/de.md"

## The plan digest and its registration -------------------------------
# The SHA-256 of the example's canonical plan, worked by hand from its
# study.ini (docs/study-format.md, "The plan digest") and sha256sum.
plan_sha=16e7869ffb50493a2f436372f99d6a9273c04ed91f33b8a6dfb5b72828c25878
# The lines of the top-level "plan" object of results.json $1.
plan_of() {
	sed -n '/^  "plan": {$/,/^  },$/p' "$1"
}
is "$(plan_of "$out/a/results.json" | grep -c "^    \"digest\": \"$plan_sha\",\$")" \
	1 "plan.digest is the SHA-256 of the canonical plan"
is "$(plan_of "$out/a/results.json" | grep -c '^    "registered": false$')" \
	1 "plan.registered is false when study.ini registers nothing"
cp -R "$study" "$tap_tmp/reg"
sed -i "/^\[study\]\$/a registered = $plan_sha" "$tap_tmp/reg/study.ini"
run_pb --quiet report "$tap_tmp/reg" -o "$out/reg" --lang en
is "$pb_status" 0 "a registered study is reported"
is "$(plan_of "$out/reg/results.json" | grep -c '^    "registered": true$')" \
	1 "plan.registered is true when study.ini registers the digest"
is "$(plan_of "$out/reg/results.json" | grep -c "^    \"digest\": \"$plan_sha\",\$")" \
	1 "registering the plan leaves its digest as it was"
ok "its page says the plan was registered" \
	grep -q "^- Analysis plan digest (SHA-256 of the canonical plan, docs/study-format.md): \`$plan_sha\`, registered before the data\.$" \
	"$out/reg/en.md"

## The default folder is reports/<study folder name> --------------------
mkdir -p "$tap_tmp/cwd"
(cd "$tap_tmp/cwd" && "$PAIRBOOT" --quiet report "$study") </dev/null
ok "default output goes to reports/<study>" \
	cmp "$tap_tmp/cwd/reports/mmcss-26200.9168/results.json" \
	"$out/a/results.json"

## Replacing a report, and refusing what is not one ---------------------
run_pb --quiet report "$top_srcdir/fixtures/netthrottle" -o "$out/a"
is "$pb_status" 0 "an existing report folder is replaced"
ok "the replaced report holds the new study" \
	grep -q '"name": "netthrottle"' "$out/a/results.json"
# A file and a folder put into a report by hand are the user's: a second
# run refuses to replace the report, names the first of them, keeps both.
echo "my notes" >"$out/a/analysis-notes.md"
mkdir "$out/a/drafts" && echo draft >"$out/a/drafts/d.txt"
run_pb report "$study" -o "$out/a"
is "$pb_status" 73 "a report holding a file of the user's is not replaced (73)"
is "$pb_err" "pairboot: $out/a: output folder holds 'analysis-notes.md', which no earlier report wrote; refusing to replace it (move it elsewhere, or give another folder)
pairboot: $study: no report written (1 problem)
" "the refusal names the first foreign entry"
is "$(cat "$out/a/analysis-notes.md")$(cat "$out/a/drafts/d.txt")" \
	"my notesdraft" "the user's file and folder are kept"
ok "and the earlier report is left as it was" \
	grep -q '"name": "netthrottle"' "$out/a/results.json"
rm "$out/a/analysis-notes.md"
run_pb report "$study" -o "$out/a"
is "$pb_status" 73 "a report holding a subfolder of the user's is not replaced"
ok "the refusal names the subfolder" grep -q "holds 'drafts'" "$pb_err_file"
rm -r "$out/a/drafts"
run_pb --quiet report "$study" -o "$out/a"
is "$pb_status" 0 "once they are moved away, the report is replaced"
ok "its marker lists what it wrote" grep -qx 'results.json' "$out/a/.pairboot-report"
mkdir -p "$out/notes" && echo keep >"$out/notes/mine.txt"
run_pb report "$study" -o "$out/notes"
is "$pb_status" 73 "a folder holding other files is refused (73)"
is "$(cat "$out/notes/mine.txt")" keep "and its files are untouched"
ln -s "$out/b" "$out/link"
run_pb report "$study" -o "$out/link"
is "$pb_status" 73 "an output path that is a symbolic link is refused (73)"
is "$pb_err" "pairboot: $out/link: output folder is a symbolic link; give the real folder
pairboot: $study: no report written (1 problem)
" "the refusal names the path"
run_pb report "$study" -o "$out/a/results.json/x"
is "$pb_status" 73 "a parent that is a file gives 73"
if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$out/ro" && chmod 555 "$out/ro"
	run_pb report "$study" -o "$out/ro/x"
	is "$pb_status" 73 "a folder that is not writable gives 73"
	chmod 755 "$out/ro"
else
	skip "a folder that is not writable gives 73" "root writes anyway"
fi

## Bad input writes nothing ---------------------------------------------
run_pb report "$tap_tmp/no-such-study" -o "$out/d"
is "$pb_status" 66 "a missing study gives 66"
ok "and no report folder" test ! -e "$out/d"
cp -r "$study" "$tap_tmp/broken"
printf 'oops\n' >>"$tap_tmp/broken/runs.csv"
before=$(cat "$out/b/results.json")
run_pb report "$tap_tmp/broken" -o "$out/b"
is "$pb_status" 65 "a broken study gives 65"
is "$(cat "$out/b/results.json")" "$before" \
	"and the previous report is left as it was"
ok "no staging folder is left behind" \
	test -z "$(find "$out" -maxdepth 1 -name '.*.new-*')"

## Usage errors ---------------------------------------------------------
run_pb report
is "$pb_status" 64 "report without a study is a usage error"
run_pb report "$study" -o
is "$pb_status" 64 "-o without a folder is a usage error"
run_pb report "$study" "$study"
is "$pb_status" 64 "two studies are a usage error"

## A Student t plan is not called a bootstrap ------------------------------
# The t interval resamples nothing: the page says so, and names the
# resamples and seed only as those of the sensitivity analysis; verify
# finds the sentence in every language.
tstudy=$tap_tmp/t-study
cp -r "$top_srcdir/tests/data/tiny" "$tstudy"
sed -i 's/^interval = percentile$/interval = t/' "$tstudy/study.ini"
run_pb --quiet report "$tstudy" -o "$tap_tmp/t-report" --format md,json
is "$pb_status" 0 "a Student t study reports"
ok "its interval line says no resampling" grep -q \
	'^- Interval: Student t interval of the paired differences, no resampling, method `t` (Student t), confidence 95%; the bootstrap methods of the sensitivity analysis use 1000 resamples (generator mt19937, seed 7)\.$' \
	"$tap_tmp/t-report/en.md"
ok "and never calls it a paired bootstrap" \
	sh -c "! grep -q 'paired bootstrap with' '$tap_tmp/t-report/en.md'"
for l in en de cs ko; do
	run_pb verify "$tstudy" --against "$tap_tmp/t-report/$l.md"
	is "$pb_status" 0 "$l: verify passes the Student t page"
	ok "$l: its interval line matches" page_line_matched \
		"$tap_tmp/t-report/$l.md" "$(sed -n '/`t`/{p;q}' \
		"$tap_tmp/t-report/$l.md")"
done

done_testing
