#!/bin/bash
# test_summarize.sh: `pairboot summarize` and reports made from summaries.
#
# A study folder that holds pairboot-summary.csv in place of its latency
# CSVs must give the very same report as the raw data: results.json and
# every page byte for byte (the digests in it are the raw files',
# recorded in the summary).  Also: shares of the runs summarized apart
# and merged, the map step run with GNU parallel on this machine, and the
# ways a summary can be wrong.
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

## A report from the summary is the report of the raw data --------------
run_pb -q report "$study" -o "$tap_tmp/raw-report"
summarized_copy "$tap_tmp/s" "$tap_tmp/sum.csv"
ok "the summarized copy holds no latency CSV" \
	test ! -e "$tap_tmp/s/$name/latency"
run_pb -q report "$tap_tmp/s/$name" -o "$tap_tmp/sum-report"
is "$pb_status" 0 "report on the summarized study exits 0"
ok "results.json is byte-identical to the raw-data report" \
	cmp "$tap_tmp/raw-report/results.json" \
	"$tap_tmp/sum-report/results.json"
ok "and so is every page of the report" \
	diff -r "$tap_tmp/raw-report" "$tap_tmp/sum-report"
ok "results.json names the raw file's SHA-256" \
	grep -q "\"latency_sha256\": \"$sha\"" "$tap_tmp/sum-report/results.json"
run_pb check "$tap_tmp/s/$name"
is "$(sed -n 's/^periods read: //p' "$pb_out_file")" 250000 \
	"check of the summarized study counts the summarized periods"
run_pb -q summarize "$tap_tmp/s/$name" -o "$tap_tmp/sum3.csv"
ok "a summarized study summarizes to the same rows" \
	cmp "$tap_tmp/sum.csv" "$tap_tmp/sum3.csv"

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
ok "netthrottle (mean, Mbit/s): the same results.json from its summary" \
	cmp "$tap_tmp/net-raw/results.json" "$tap_tmp/net-sum/results.json"

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
ok "rows in another order (merged shares) give the same results.json" \
	cmp "$tap_tmp/raw-report/results.json" \
	"$tap_tmp/merged-report/results.json"

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
	ok "report on the merged map output is the raw-data report" \
		cmp "$tap_tmp/raw-report/results.json" \
		"$tap_tmp/map-report/results.json"
else
	skip "parallel --sshlogin : runs the four summarize shares" \
		"GNU parallel is not installed (Debian package parallel)"
	skip "report on the merged map output is the raw-data report" \
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

done_testing
