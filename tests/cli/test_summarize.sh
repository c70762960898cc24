#!/bin/bash
# test_summarize.sh: `pairboot summarize` and reports made from summaries.
#
# A study folder that holds pairboot-summary.csv in place of its latency
# CSVs gives the report of the raw data's numbers, and says so: the page in
# each language, results.json and check count the runs taken from the
# summary, and the summary is an input, so the study digest is not the raw
# data's.  Where a run's CSV is there, the CSV is read and its summary row
# must agree with it (SHA-256, size, periods, value), or the study is
# refused at the row.  Also: shares of the runs summarized apart and
# merged, the map step run with GNU parallel on this machine, and the ways
# a summary can be wrong.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
name=mmcss-26200.9168

# summarized_copy DIR SUMMARY: a copy of the study in DIR/NAME without its
# latency CSVs, reading SUMMARY instead.  The folder name is the study's,
# since the report names the study by its folder.
# numbers_of JSON: results.json less what tells a report made from a
# summary from one of the raw data (the study digest, the count of runs
# taken from the summary and the summary as an input).
numbers_of() {
	jq 'del(.study.digest, .study.runs_from_summary)
		| .inputs |= map(select(.path != "pairboot-summary.csv"))' "$1"
}

summarized_copy() {
	local dest=$1/$name
	mkdir -p "$dest" &&
		cp -r "$study/study.ini" "$study/runs.csv" "$study/mechanism" \
			"$study/boundary" "$study/control" "$dest/" &&
		cp "$2" "$dest/pairboot-summary.csv"
}

## summarize writes one row per run with a latency file -----------------
run_pb summarize "$study" -o "$tap_tmp/sum.csv"
is "$pb_status" 0 "summarize exits 0"
is "$pb_out" "summary of 100 runs written to $tap_tmp/sum.csv
" "summarize says how many rows it wrote, and where"
is "$(head -n 1 "$tap_tmp/sum.csv")" \
	"run,latency,sha256,bytes,periods,column,scale,statistic,value" \
	"the header names every column"
is "$(wc -l <"$tap_tmp/sum.csv" | tr -d ' ')" 101 "header and 100 rows"
row=$(grep '^s1-b01-20,' "$tap_tmp/sum.csv")
raw=$study/latency/s1-b01-20.csv
sha=$(sha256sum "$raw" | cut -d' ' -f1)
bytes=$(wc -c <"$raw" | tr -d ' ')
is "$(echo "$row" | cut -d, -f2-8)" \
	"latency/s1-b01-20.csv,$sha,$bytes,2500,latency_us,0.001,p99" \
	"a row gives the raw file's path, SHA-256 (as sha256sum), size, periods and the plan"
# The p99 of the file by hand: sort the values, h = (2500 - 1) * 0.99 =
# 2474.01, so x[2474] + 0.01 (x[2475] - x[2474]) (0-based), times 0.001.
want=$(tail -n +2 "$raw" | cut -d, -f2 | sort -g | awk '
	{ v[NR - 1] = $1 }
	END { printf "%.6f", (v[2474] + 0.01 * (v[2475] - v[2474])) * 0.001 }')
got=$(echo "$row" | awk -F, '{ printf "%.6f", $9 }')
is "$got" "$want" "its value is the run's p99 in ms"
run_pb -q summarize "$study" -o "$tap_tmp/sum2.csv"
is "$pb_out" "" "--quiet prints nothing"
ok "summarize twice gives the same bytes" \
	cmp "$tap_tmp/sum.csv" "$tap_tmp/sum2.csv"
ok "no temporary file is left beside the summary" \
	test -z "$(find "$tap_tmp" -maxdepth 1 -name 'sum*.csv.tmp-*')"

## A report from the summary says so, and names the summary ------------
run_pb -q report "$study" -o "$tap_tmp/raw-report"
summarized_copy "$tap_tmp/s" "$tap_tmp/sum.csv"
ok "the summarized copy holds no latency CSV" \
	test ! -e "$tap_tmp/s/$name/latency"
run_pb -q report "$tap_tmp/s/$name" -o "$tap_tmp/sum-report"
is "$pb_status" 0 "report on the summarized study exits 0"
raw_json=$tap_tmp/raw-report/results.json
sum_json=$tap_tmp/sum-report/results.json
is "$(jq -r '.study.runs_from_summary' "$sum_json")" 100 \
	"results.json counts the 100 runs taken from the summary"
is "$(jq -r '.study | has("runs_from_summary")' "$raw_json")" false \
	"a report of the raw data has no such count"
sum_sha=$(sha256sum "$tap_tmp/sum.csv" | cut -d' ' -f1)
sum_bytes=$(wc -c <"$tap_tmp/sum.csv" | tr -d ' ')
is "$(jq -c '[.inputs[] | select(.path == "pairboot-summary.csv")
	| .sha256, .bytes]' "$sum_json")" "[\"$sum_sha\",$sum_bytes]" \
	"results.json lists the summary among the inputs, with its SHA-256 and size"
is "$(jq '.inputs | length' "$sum_json")" \
	"$(($(jq '.inputs | length' "$raw_json") + 1))" \
	"and every input of the raw data's report besides"
raw_digest=$(jq -r '.study.digest' "$raw_json")
sum_digest=$(jq -r '.study.digest' "$sum_json")
ok "the study digest is not the raw data's" test "$sum_digest" != "$raw_digest"
is "$(jq -r '.inputs[] | "\(.path)\t\(.sha256)"' "$sum_json" | LC_ALL=C sort |
	sha256sum | cut -d' ' -f1)" "$sum_digest" \
	"it is the digest of the input list, the summary among them"
numbers_of "$sum_json" >"$tap_tmp/sum-rest.json"
numbers_of "$raw_json" >"$tap_tmp/raw-rest.json"
ok "every number of results.json is the raw data's" \
	cmp "$tap_tmp/raw-rest.json" "$tap_tmp/sum-rest.json"
ok "results.json names the raw file's SHA-256, as the summary records it" \
	grep -q "\"latency_sha256\": \"$sha\"" "$sum_json"
is "$(grep -c 'pairboot-summary' "$tap_tmp/raw-report/en.md")" 0 \
	"a page of the raw data does not mention summaries"
ok "the English page says how many runs came from the summary" \
	grep -qF '100 runs were taken from the run summary `pairboot-summary.csv`, their latency files not being in the study folder' \
	"$tap_tmp/sum-report/en.md"
for lang in en de cs ko; do
	# The page less the sentence about the summary, with the raw data's
	# digest, is the raw data's page.
	# The sentence is the last paragraph: the blank line before it goes.
	grep -v 'pairboot-summary\.csv' "$tap_tmp/sum-report/$lang.md" |
		sed -e "s/$sum_digest/$raw_digest/" -e '${/^$/d}' \
		>"$tap_tmp/sum-$lang.md"
	ok "$lang: the page names the summary once and gives its digest" \
		test "$(grep -c 'pairboot-summary\.csv' \
			"$tap_tmp/sum-report/$lang.md")" = 1 -a \
		"$(grep -c "$sum_digest" "$tap_tmp/sum-report/$lang.md")" -ge 1
	ok "$lang: the sentence gives the count, 100" \
		grep -q '100.*pairboot-summary\.csv' "$tap_tmp/sum-report/$lang.md"
	ok "$lang: all else on the page is the raw data's page" \
		cmp "$tap_tmp/raw-report/$lang.md" "$tap_tmp/sum-$lang.md"
done
run_pb check "$tap_tmp/s/$name"
is "$(sed -n 's/^periods read: //p' "$pb_out_file")" 0 \
	"check of the summarized study reads no period"
is "$(grep '^runs taken from' "$pb_out_file")" \
	"runs taken from pairboot-summary.csv (latency files absent): 100, with 250000 periods" \
	"and says how many runs and periods the summary gave"
is "$(sed -n 's/^input files: 133, study digest //p' "$pb_out_file")" \
	"$sum_digest" "check lists the summary as an input, with the report's digest"
run_pb check "$study"
is "$(grep -c '^runs taken from' "$pb_out_file")" 0 \
	"check of the raw data says nothing of summaries"
run_pb -q summarize "$tap_tmp/s/$name" -o "$tap_tmp/sum3.csv"
ok "a summarized study summarizes to the same rows" \
	cmp "$tap_tmp/sum.csv" "$tap_tmp/sum3.csv"
run_pb verify "$tap_tmp/s/$name" --against "$sum_json"
is "$pb_status" 0 "verify of the summarized study against its report: exit 0"
for lang in en de cs ko; do
	run_pb verify "$tap_tmp/s/$name" --against "$tap_tmp/sum-report/$lang.md"
	is "$pb_status" 0 "verify reads the $lang page, the sentence on the summary with it"
done
run_pb verify "$study" --against "$sum_json"
is "$pb_status" 1 "verify of the raw data against it: exit 1, an input is not in the data"
ok "the summary is that input" \
	grep -q '^not in data *inputs\[pairboot-summary.csv\]: ' \
	"$pb_out_file"
ok "and every number follows from the raw data" \
	sh -c "! grep -q '^MISMATCH *\\(comparisons\\|verdicts\\|runs\\[[^]]*\\]\\.statistic\\)' '$pb_out_file'"

## Some CSVs there, some not: only the absent ones come from the summary --
dir=$tap_tmp/part/$name
mkdir -p "$tap_tmp/part" && cp -r "$study" "$dir" &&
	cp "$tap_tmp/sum.csv" "$dir/pairboot-summary.csv" &&
	rm "$dir"/latency/s1-b0[1-4]-*.csv
gone=$(grep -c '^s1-b0[1-4]-' "$tap_tmp/sum.csv")
run_pb -q report "$dir" -o "$tap_tmp/part-report" --format json
is "$pb_status" 0 "report with $gone of the 100 CSVs removed: exit 0"
is "$(jq -r '.study.runs_from_summary' "$tap_tmp/part-report/results.json")" \
	"$gone" "results.json counts only the runs whose CSV is absent"
run_pb check "$dir"
is "$(sed -n 's/^periods read: //p' "$pb_out_file")" \
	"$(((100 - gone) * 2500))" "check reads the periods of the CSVs that are there"
# With every CSV there, the summary only confirms: the report is the raw
# data's, byte for byte.
dir=$tap_tmp/full/$name
mkdir -p "$tap_tmp/full" && cp -r "$study" "$dir" &&
	cp "$tap_tmp/sum.csv" "$dir/pairboot-summary.csv"
run_pb -q report "$dir" -o "$tap_tmp/full-report"
ok "with every CSV there and agreeing, the report is the raw data's" \
	diff -r "$tap_tmp/raw-report" "$tap_tmp/full-report"

## A summary that disagrees with a CSV that is there: refused at the row --
# with_csvs NAME: a copy of the study, CSVs and all, with the summary.
with_csvs() {
	local dest=$tap_tmp/$1/$name
	mkdir -p "$tap_tmp/$1" && cp -r "$study" "$dest" &&
		cp "$tap_tmp/sum.csv" "$dest/pairboot-summary.csv"
}
# cell_col LINE FIELD FILE: the 1-based byte column of FIELD on LINE.
cell_col() {
	awk -F, -v l="$1" -v f="$2" 'NR == l {
		c = 1; for (i = 1; i < f; i++) c += length($i) + 1; print c }' "$3"
}
# The doctored summary: 0.6 ms added to every value of state 100 in series 1.
with_csvs doctored
doc=$tap_tmp/doctored/$name
awk -F, -v OFS=, '$1 ~ /^s1-b[0-9]+-100$/ { $9 = sprintf("%.17g", $9 + 0.6) }
	{ print }' "$tap_tmp/sum.csv" >"$doc/pairboot-summary.csv"
line=$(grep -n '^s1-b01-100,' "$doc/pairboot-summary.csv" | cut -d: -f1)
col=$(cell_col "$line" 9 "$doc/pairboot-summary.csv")
old_value=$(sed -n "${line}p" "$tap_tmp/sum.csv" | cut -d, -f9)
new_value=$(sed -n "${line}p" "$doc/pairboot-summary.csv" | cut -d, -f9)
for cmd in report check verify; do
	case $cmd in
	report) run_pb -q report "$doc" -o "$tap_tmp/doc-out" ;;
	check) run_pb check "$doc" ;;
	verify) run_pb verify "$doc" --against "$raw_json" ;;
	esac
	is "$pb_status" 65 "$cmd: a doctored value with its CSV there: exit 65"
	ok "$cmd: the message names the row's value cell" grep -qF -- \
		"$doc/pairboot-summary.csv:$line:$col: run 's1-b01-100': the p99 of latency file 'latency/s1-b01-100.csv' is $old_value, the summary says $new_value" \
		"$pb_err_file" || diag "$(head -n 3 "$pb_err_file")"
done
is "$(grep -c 'the summary says' "$pb_err_file")" \
	"$(grep -c '^s1-b[0-9]*-100,' "$tap_tmp/sum.csv")" \
	"every doctored row is told"
ok "no report was written from it" test ! -e "$tap_tmp/doc-out"
# A CSV changed after it was summarized.
with_csvs changed
dir=$tap_tmp/changed/$name
echo "2501,1.0" >>"$dir/latency/s1-b01-20.csv"
line=$(grep -n '^s1-b01-20,' "$dir/pairboot-summary.csv" | cut -d: -f1)
col=$(cell_col "$line" 3 "$dir/pairboot-summary.csv")
new_sha=$(sha256sum "$dir/latency/s1-b01-20.csv" | cut -d' ' -f1)
run_pb -q report "$dir" -o "$tap_tmp/changed-out"
is "$pb_status" 65 "a CSV changed since it was summarized: exit 65"
ok "the message names the row's sha256 cell and the file's digest" grep -qF -- \
	"$dir/pairboot-summary.csv:$line:$col: run 's1-b01-20': latency file 'latency/s1-b01-20.csv' has SHA-256 $new_sha, not the one summarized" \
	"$pb_err_file" || diag "$(head -n 3 "$pb_err_file")"
# A summary row whose digest was edited, the CSV as it was.
with_csvs resha
dir=$tap_tmp/resha/$name
sed -i "${line}s/,$sha,/,$(printf '0%.0s' $(seq 64)),/" "$dir/pairboot-summary.csv"
run_pb check "$dir"
is "$pb_status" 65 "a row's digest edited: exit 65"
ok "check names its sha256 cell" grep -qF -- \
	"$dir/pairboot-summary.csv:$line:$col: run 's1-b01-20': latency file 'latency/s1-b01-20.csv' has SHA-256 $sha, not the one summarized" \
	"$pb_err_file" || diag "$(head -n 3 "$pb_err_file")"
# Size and periods edited, the digest left alone.
with_csvs recount
dir=$tap_tmp/recount/$name
sed -i "${line}s/,$sha,$bytes,2500,/,$sha,$((bytes + 1)),2499,/" \
	"$dir/pairboot-summary.csv"
run_pb check "$dir"
is "$pb_status" 65 "a row's size and periods edited: exit 65"
ok "the size is told at its cell" grep -qF -- \
	"$dir/pairboot-summary.csv:$line:$(cell_col "$line" 4 "$dir/pairboot-summary.csv"): run 's1-b01-20': latency file 'latency/s1-b01-20.csv' has $bytes bytes, the summary says $((bytes + 1))" \
	"$pb_err_file"
ok "and the periods at theirs" grep -qF -- \
	"$dir/pairboot-summary.csv:$line:$(cell_col "$line" 5 "$dir/pairboot-summary.csv"): run 's1-b01-20': latency file 'latency/s1-b01-20.csv' has 2500 periods, the summary says 2499" \
	"$pb_err_file"
# The doctored summary without the CSVs is taken, and says so: verify of
# the raw data then finds the numbers it changed.
summarized_copy "$tap_tmp/forged" "$doc/pairboot-summary.csv"
run_pb -q report "$tap_tmp/forged/$name" -o "$tap_tmp/forged-report"
is "$pb_status" 0 "the doctored summary without its CSVs makes a report"
is "$(jq -r '.study.runs_from_summary' "$tap_tmp/forged-report/results.json")" \
	100 "that counts its 100 runs as taken from the summary"
ok "under another study digest than the raw data's" test \
	"$(jq -r .study.digest "$tap_tmp/forged-report/results.json")" != \
	"$raw_digest"
run_pb verify "$study" --against "$tap_tmp/forged-report/results.json"
is "$pb_status" 1 "verify of the raw data against that report: exit 1"
ok "a doctored run's value is a MISMATCH" grep -q '^MISMATCH.*s1-b01-100' \
	"$pb_out_file"

# A statistic other than a quantile: the mean of the throughput study.
net=$top_srcdir/fixtures/netthrottle
run_pb -q summarize "$net" -o "$tap_tmp/net.csv"
mkdir -p "$tap_tmp/n/netthrottle"
cp "$net/study.ini" "$net/runs.csv" "$tap_tmp/n/netthrottle/"
# Mechanism logs are always read: the boundary series' logs go along.
cp -r "$net/boundary" "$tap_tmp/n/netthrottle/"
cp "$tap_tmp/net.csv" "$tap_tmp/n/netthrottle/pairboot-summary.csv"
run_pb -q report "$net" -o "$tap_tmp/net-raw"
run_pb -q report "$tap_tmp/n/netthrottle" -o "$tap_tmp/net-sum"
numbers_of "$tap_tmp/net-raw/results.json" >"$tap_tmp/net-raw.json"
numbers_of "$tap_tmp/net-sum/results.json" >"$tap_tmp/net-sum.json"
ok "netthrottle (mean, Mbit/s): the same numbers from its summary" \
	cmp "$tap_tmp/net-raw.json" "$tap_tmp/net-sum.json"

## Shares of the runs, summarized apart and merged ----------------------
for k in 1 2 3; do
	run_pb -q summarize --shard "$k/3" "$study" -o "$tap_tmp/share-$k.csv"
done
is "$(cat "$tap_tmp"/share-*.csv | grep -vc '^run,')" 100 \
	"three shares hold the 100 rows between them"
{ head -n 1 "$tap_tmp/share-1.csv"; tail -q -n +2 "$tap_tmp"/share-*.csv; } \
	>"$tap_tmp/merged.csv"
summarized_copy "$tap_tmp/m" "$tap_tmp/merged.csv"
run_pb -q report "$tap_tmp/m/$name" -o "$tap_tmp/merged-report"
numbers_of "$tap_tmp/merged-report/results.json" >"$tap_tmp/merged.json"
ok "rows in another order (merged shares) give the same numbers" \
	cmp "$tap_tmp/raw-rest.json" "$tap_tmp/merged.json"

## The map step with GNU parallel, on this machine ----------------------
if command -v parallel >/dev/null 2>&1; then
	# --sshlogin ':' is this machine without ssh; a list such as
	# "4/host1,4/host2" spreads the shares over machines that see the
	# study at the same path (docs/study-format.md).
	parallel --will-cite --sshlogin : \
		"$PAIRBOOT" -q summarize "$study" --shard '{}/4' \
		-o "$tap_tmp/map-{}.csv" ::: 1 2 3 4 </dev/null
	is "$?" 0 "parallel --sshlogin : runs the four summarize shares"
	{ head -n 1 "$tap_tmp/map-1.csv"; tail -q -n +2 "$tap_tmp"/map-*.csv; } \
		>"$tap_tmp/map.csv"
	summarized_copy "$tap_tmp/p" "$tap_tmp/map.csv"
	run_pb -q report "$tap_tmp/p/$name" -o "$tap_tmp/map-report"
	numbers_of "$tap_tmp/map-report/results.json" >"$tap_tmp/map.json"
	ok "report on the merged map output has the raw data's numbers" \
		cmp "$tap_tmp/raw-rest.json" "$tap_tmp/map.json"
else
	skip "parallel --sshlogin : runs the four summarize shares" \
		"GNU parallel is not installed (Debian package parallel)"
	skip "report on the merged map output has the raw data's numbers" \
		"GNU parallel is not installed"
fi

## What a wrong summary gives -------------------------------------------
# bad_summary NAME SED-SCRIPT EXPECTED-MESSAGE: the summarized copy with the
# summary edited by SED-SCRIPT must fail with exit 65 and the message.
bad_summary() {
	local dir=$tap_tmp/bad-$1
	summarized_copy "$dir" "$tap_tmp/sum.csv"
	sed -i "$2" "$dir/$name/pairboot-summary.csv"
	run_pb -q report "$dir/$name" -o "$dir/out"
	is "$pb_status" 65 "$1: exit 65"
	ok "$1: says so" grep -qF -- "$3" "$pb_err_file" ||
		diag "$(cat "$pb_err_file")"
}
bad_summary "a row given twice" '3p' "is summarized twice (first at line 3)"
bad_summary "another statistic" '2s/,p99,/,p95,/' \
	"summary was made for statistic 'p95', study.ini says 'p99'"
bad_summary "another scale" '2s/,0.001,/,0.002,/' \
	"summary was made for scale '0.002', study.ini says '0.001'"
bad_summary "a run not in runs.csv" '2{p;s/^s1-b01-10,/s9-b99-10,/}' \
	"run 's9-b99-10' is summarized, but runs.csv names no latency file for it"
bad_summary "another latency path" '2s/,latency\/s1-b01-10.csv,/,latency\/other.csv,/' \
	"run 's1-b01-10' is summarized from latency file 'latency/other.csv', runs.csv names 'latency/s1-b01-10.csv'"
bad_summary "a bad digest" '2s/,[0-9a-f]\{64\},/,XYZ,/' \
	"sha256 is not 64 lower-case hex digits ('XYZ')"
bad_summary "no periods" '2s/,2500,latency_us/,0,latency_us/' \
	"periods is not a whole number >= 1 ('0')"
bad_summary "a bad value" '2s/,[0-9.]*$/,NaN/' \
	"value is not a finite number >= 0 ('NaN')"
bad_summary "a negative value" '2s/,[0-9.]*$/,-1.5/' \
	"value is not a finite number >= 0 ('-1.5')"
bad_summary "a missing column" '1s/,value$/,val/' \
	"summary header has no column 'value'"
# A run the summary does not list is read from its file, which is gone.
dir=$tap_tmp/bad-partial
summarized_copy "$dir" "$tap_tmp/sum.csv"
sed -i '/^s1-b01-10,/d' "$dir/$name/pairboot-summary.csv"
run_pb -q report "$dir/$name" -o "$dir/out"
is "$pb_status" 66 "a run left out of the summary is read from its CSV (missing here: 66)"

## Command line ---------------------------------------------------------
run_pb summarize "$study"
is "$pb_status" 64 "summarize without -o is a usage error"
for bad in 0/3 4/3 x 1/0 3; do
	run_pb summarize --shard "$bad" "$study" -o "$tap_tmp/x.csv"
	is "$pb_status" 64 "--shard $bad is a usage error"
done
run_pb summarize "$study" -o "$tap_tmp/no/such/folder/s.csv"
is "$pb_status" 73 "a summary that cannot be created: exit 73"
ok "and a message naming it" grep -q "no/such/folder/s.csv: cannot create" \
	"$pb_err_file"

## Only a regular file is replaced, never through a link -----------------
# FILE may be a summary pairboot wrote, or with --force any regular file.
# A symbolic link, a FIFO, a device or a folder at FILE is refused with or
# without --force (exit 73): a rename over it would turn it into a plain
# file (as root, `-o /dev/stdout --force` replaced the system's
# /dev/stdout).  The type is judged by lstat, and a file is opened only
# without following a link and without waiting (a FIFO has no writer), so
# nothing hangs.
cp "$tap_tmp/sum.csv" "$tap_tmp/kept.csv"
ln -s "$tap_tmp/kept.csv" "$tap_tmp/link.csv"
mkfifo "$tap_tmp/fifo"
mkdir "$tap_tmp/folder"
# A device node of the test's own where it may make one (as root, where a
# pairboot that replaced devices would replace /dev/null itself).
device=/dev/null
mknod "$tap_tmp/null" c 1 3 2>/dev/null && device=$tap_tmp/null
for force in "" --force; do
	for target in link.csv fifo folder "$device"; do
		case $target in
		link.csv) what="a symbolic link" kind=-L ;;
		fifo) what="a FIFO" kind=-p ;;
		folder) what="a folder" kind=-d ;;
		*) what="a character device" kind=-c ;;
		esac
		case $target in /*) path=$target ;; *) path=$tap_tmp/$target ;; esac
		pb_status=0
		timeout 10 "$PAIRBOOT" summarize "$study" -o "$path" $force \
			</dev/null >"$tap_tmp/stdout" 2>"$tap_tmp/stderr" ||
			pb_status=$?
		target=${target##*/}
		is "$pb_status" 73 "-o $target${force:+ $force}: exit 73"
		is "$(cat "$tap_tmp/stderr")" \
			"pairboot: $path: not a regular file but $what: refusing to replace it
pairboot: $study: no summary written (1 problem)" \
			"-o $target${force:+ $force}: says it is $what, not a regular file"
		ok "-o $target${force:+ $force}: it is still $what" \
			test "$kind" "$path"
	done
done
ok "the summary the link points to is untouched" \
	cmp "$tap_tmp/sum.csv" "$tap_tmp/kept.csv"
ok "nothing is left beside them" \
	test -z "$(find "$tap_tmp" -maxdepth 1 -name '*.tmp-*')"
run_pb summarize "$study" -o /dev/null
ok "-o /dev/null: not a regular file, and no --force suggested" grep -qx \
	"pairboot: /dev/null: not a regular file but a character device: refusing to replace it" \
	"$pb_err_file"
# /dev/stdout is a link too: into a pipe it is refused at once, unread.
status=$(timeout 10 "$PAIRBOOT" summarize "$study" -o /dev/stdout \
	2>/dev/null </dev/null | cat >/dev/null; echo "${PIPESTATUS[0]}")
is "$status" 73 "-o /dev/stdout into a pipe: exit 73, no wait"
# -o - is standard output; the line saying so goes to standard error.
(cd "$tap_tmp/folder" && run_pb summarize "$study" -o -)
ok "-o - writes the summary to standard output" \
	cmp "$tap_tmp/sum.csv" "$tap_tmp/stdout"
is "$(cat "$tap_tmp/stderr")" "summary of 100 runs written to standard output" \
	"and says so on standard error"
ok "-o - makes no file named '-'" test ! -e "$tap_tmp/folder/-"
PB_STDOUT=/dev/full run_pb summarize "$study" -o -
is "$pb_status" 74 "-o - onto a full device: exit 74"
# A regular file that is not a summary needs --force; one of the study's
# inputs too.
echo "my notes" >"$tap_tmp/notes.txt"
run_pb summarize "$study" -o "$tap_tmp/notes.txt"
is "$pb_status" 73 "a regular file that is not a summary: exit 73"
ok "and the message suggests --force" grep -qF \
	"refusing to overwrite a file that is not a pairboot summary (--force to overwrite)" \
	"$pb_err_file"
run_pb -q summarize "$study" -o "$tap_tmp/notes.txt" --force
is "$pb_status" 0 "with --force it is replaced"
ok "by the summary" cmp "$tap_tmp/sum.csv" "$tap_tmp/notes.txt"

## An interrupted summarize leaves no temporary file ------------------
# The temporary file beside FILE is removed on SIGHUP, SIGINT, SIGQUIT and
# SIGTERM, and the signal then ends the process as it would have.  A file
# size limit (SIGXFSZ) is a write error like a full disk.
(ulimit -f 4 && exec "$PAIRBOOT" summarize "$study" -o "$tap_tmp/big.csv") \
	</dev/null >/dev/null 2>"$tap_tmp/err"
is "$?" 74 "over the file size limit: exit 74"
ok "with a write error" grep -qF "$tap_tmp/big.csv: write error: File too large" \
	"$tap_tmp/err"
ok "and no temporary file" \
	test -z "$(find "$tap_tmp" -maxdepth 1 -name 'big.csv*')"
if [ -f "${PAIRBOOT_INJECT:-}" ] && [ -z "${PAIRBOOT_SANITIZED:-}" ]; then
	# tests/lib/inject.so sends the signal at the first write of the
	# summary, the temporary file made and open.
	for sig in HUP INT QUIT TERM; do
		num=$(kill -l "$sig")
		env LD_PRELOAD="$PAIRBOOT_INJECT" PAIRBOOT_SIGNAL_WRITE=1 \
			PAIRBOOT_SIGNAL="$num" "$PAIRBOOT" -q summarize "$study" \
			-o "$tap_tmp/sig.csv" </dev/null >/dev/null 2>&1
		is "$?" "$((128 + num))" "SIG$sig during the write ends the run by SIG$sig"
		ok "SIG$sig: no temporary file is left" \
			test -z "$(find "$tap_tmp" -maxdepth 1 -name 'sig.csv*')"
	done
else
	skip "a signal during the write leaves no temporary file" \
		"tests/lib/inject.so is not built or cannot run here"
fi

done_testing
