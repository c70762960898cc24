#!/bin/bash
# test_escapes.sh: text that must come back as it was given.
#
# State names given to `plan new` hold every printable ASCII character a
# name may hold (a backslash among them, and ',', '"', '=', '#') and UTF-8;
# the planned study is filled in with made-up boots and its results.json
# lists exactly the names given, and the same names as schedule.csv.  A
# name the study cannot hold is refused by `plan new` with status 64.
# A title, note and reason holding URLs and e-mail addresses is shown on
# every page as written, and cmark-gfm (when installed) makes no link of
# it.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# Fills in the planned study DIR: a runs.csv row and a latency file for
# each boot of schedule.csv, whose state field is copied as it stands
# (quoted as CSV needs).
fill() {
	local dir=$1
	{
		echo "run,series,block,position,state,accepted,note,latency,mechanism"
		tail -n +2 "$dir/schedule.csv" |
			sed 's|,\(latency/[^,]*\)$|,yes,,\1,|'
	} >"$dir/runs.csv"
	mkdir -p "$dir/latency"
	local k=0
	tail -n +2 "$dir/schedule.csv" | sed 's|.*,||' | while read -r f; do
		k=$((k + 1))
		printf 'period,latency_us\n1,15000\n2,15500\n3,%d\n' \
			$((16100 + k)) >"$dir/$f"
	done
}

plan=(--state-type name --build 1 --column latency_us --scale 0.001
	--unit ms --better lower --statistic p99 --threshold 1.5 --seed 7
	--series 1 --blocks 2)

## State names: plan new, then report, gives back the names -----------
# Every byte 0x21..0x7e but ';' (the separator) in names of a few bytes,
# with inner spaces, then the names of the report.
ascii=$(printf '%b' "$(printf '\\x%x' $(seq 33 126))" | tr -d ';')
names=('c\d' 'a\\b\' '\s\n\t' 'x"y' 'p,q' 'k = v' '# not a comment'
	'mid  dle' "${ascii:0:46}" "${ascii:46}" 'Energiesparen ü' '전원 관리')
list=$(IFS=';'; printf '%s' "${names[*]}")
dir=$tap_tmp/names
run_pb -q plan new "$dir" "${plan[@]}" --title T --reference 'c\d' \
	--states "$list"
is "$pb_status" 0 "plan new takes names with backslashes, quotes and UTF-8"
fill "$dir"
run_pb -q report "$dir" -o "$tap_tmp/names-report" --format json
is "$pb_status" 0 "the planned study, filled in, is reported"
want=$(printf '%s\n' "${names[@]}")
is "$(jq -r '.plan.states[]' "$tap_tmp/names-report/results.json")" "$want" \
	"results.json lists exactly the names given"
is "$(jq -r '.plan.reference' "$tap_tmp/names-report/results.json")" 'c\d' \
	"and the reference as given"
is "$(jq -r '[.runs[].state] | unique | length' \
	"$tap_tmp/names-report/results.json")" "${#names[@]}" \
	"every boot's state is one of them"

# Blanks around a name in the list are not part of it, as in study.ini.
dir=$tap_tmp/blanks
run_pb -q plan new "$dir" "${plan[@]}" --title T --reference 'a b' \
	--states ' a b ;	c\d	'
is "$pb_status" 0 "plan new: blanks around the names of the list"
fill "$dir"
run_pb -q report "$dir" -o "$tap_tmp/blanks-report" --format json
is "$(jq -r '.plan.states | join(";")' "$tap_tmp/blanks-report/results.json")" \
	'a b;c\d' "are left out, and the names kept"

# What no study can hold is refused before anything is written.
for bad in $'a;b\nc' 'a;;b' $'a;b\x01' $'a;\xff'; do
	run_pb plan new "$tap_tmp/bad" "${plan[@]}" --title T --reference a \
		--states "$bad"
	is "$pb_status" 64 "plan new refuses the states '$(printf %q "$bad")'"
done
run_pb plan new "$tap_tmp/bad" "${plan[@]}" --title T --reference 'a ' \
	--states 'a;b'
is "$pb_status" 64 "plan new refuses a reference that ends with a blank"
ok "and writes nothing" test ! -e "$tap_tmp/bad"

## Addresses in study text stay text under GitHub's autolinking --------
# A title, a series label and note, a run id and an exclusion reason hold
# a bare www. address, URLs and e-mail addresses.  Each page, read as GitHub reads Markdown
# (cmark-gfm with its autolink extension), holds no link made of them, and
# shows them as written.
title='Login at www.example.org/login, https://example.org/a?b=1 or user@example.org'
note='Ask admin@example.org, see http://www.example.org/notes or ftp://example.org/x'
reason='pilot boot: mail first.last@example.org, WWW.EXAMPLE.ORG'
dir=$tap_tmp/links
run_pb -q plan new "$dir" --build 1 --column latency_us --scale 0.001 \
	--unit ms --better lower --statistic p99 --threshold 1.5 --seed 7 \
	--series 1 --blocks 2 --reference 10 --states '10;20' --title "$title"
label='Boots of ops@example.org'
sed -i "s|^label = Series 1\$|label = $label\nnote = $note|" "$dir/study.ini"
fill "$dir"
echo "pilot@example.org,1,1,,10,no,\"$reason\",," >>"$dir/runs.csv"
run_pb -q report "$dir" -o "$tap_tmp/links-report" --format md
is "$pb_status" 0 "a study with addresses in its text is reported"
# verify reads the pages back: the series name and the excluded run hold
# an '@'.
for lang in en de cs ko; do
	run_pb verify "$dir" --against "$tap_tmp/links-report/$lang.md"
	is "$pb_status" 0 "verify reads the $lang page with its addresses"
done
if ! command -v cmark-gfm >/dev/null 2>&1; then
	skip "pages read as GitHub reads them" "cmark-gfm is not installed"
else
	for lang in en de cs ko; do
		html=$tap_tmp/links-$lang.html
		cmark-gfm -e autolink -e table -e strikethrough \
			"$tap_tmp/links-report/$lang.md" >"$html"
		is "$(grep -o '<a [^>]*>[^<]*' "$html" | grep -ci 'example')" 0 \
			"$lang page: no link made of study text"
		shown=$(sed 's/<[^>]*>//g' "$html")
		for text in "$title" "$note" "$reason" "$label" \
			pilot@example.org; do
			case $shown in
			*"$text"*) ok "$lang page shows '$text'" true ;;
			*) ok "$lang page shows '$text'" false ;;
			esac
		done
	done
fi

done_testing
