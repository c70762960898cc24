#!/bin/bash
# test_text_fonts.sh: a study text the report's fonts cannot draw is
# refused where the study is written and checked, not after the boots.
#
# The figures and the PDF draw every text of study.ini in DejaVu Sans or
# NanumGothic.  U+1F680 (a rocket) is in neither, so a state name or a
# title holding it must fail `plan new` (64, naming the option), `check`,
# `report` and `compare` (65 at study.ini's line and column, naming the
# character), and report and compare must write nothing; so must the
# reason a run was excluded (at runs.csv's line and column).  A Korean title (NanumGothic) and a
# Czech one with carons (DejaVu Sans) must still pass.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

named=$top_srcdir/tests/data/named
rocket=$(printf '\360\237\232\200')

# study NAME SED-SCRIPT: a copy of the named-state study, edited.
study() {
	cp -R "$named" "$tap_tmp/$1"
	chmod -R u+w "$tap_tmp/$1"
	sed -i "$2" "$tap_tmp/$1/study.ini" "$tap_tmp/$1/runs.csv"
}

study state "s/Power saver/$rocket/g"
study title "s/^title = .*/title = Frame $rocket time/"
study korean 's/^title = .*/title = 전원 계획과 프레임 시간/'
study czech 's/^title = .*/title = Plán napájení: čas snímku, řešení, žádné/'

# The line and column study.ini writes each text at.
state_at=$(awk -v r="$rocket" 'index($0, r) { print NR ":" index($0, r); exit }' \
	"$tap_tmp/state/study.ini")
title_line=$(grep -n '^title = ' "$tap_tmp/title/study.ini" | cut -d: -f1)

for which in state title; do
	dir=$tap_tmp/$which
	if [ "$which" = state ]; then
		at=$state_at
	else
		at=$title_line:9
	fi
	run_pb check "$dir"
	is "$pb_status" 65 "check: a $which no font draws is a data error"
	ok "check names $which's file:line:col and the character" \
		grep -qF "$dir/study.ini:$at: the fonts DejaVu Sans and NanumGothic have no glyph for U+1F680" \
		"$pb_err_file"
	run_pb report "$dir" -o "$tap_tmp/out-$which"
	is "$pb_status" 65 "report: a $which no font draws is a data error"
	ok "report names $which's file:line:col" \
		grep -qF "$dir/study.ini:$at: " "$pb_err_file"
	ok "report wrote nothing for the $which" \
		test ! -e "$tap_tmp/out-$which"
done

# A series ID names the series where it has no label.
cp -R "$named" "$tap_tmp/series"
chmod -R u+w "$tap_tmp/series"
sed -i "s/^\[series 1\]/[series $rocket]/" "$tap_tmp/series/study.ini"
sed -i "s/,1,\([0-9]\)/,$rocket,\1/" "$tap_tmp/series/runs.csv"
series_line=$(grep -n '^\[series ' "$tap_tmp/series/study.ini" | cut -d: -f1)
run_pb check "$tap_tmp/series"
is "$pb_status" 65 "check: a series ID no font draws is a data error"
ok "check names the series ID's line and column" \
	grep -qF "$tap_tmp/series/study.ini:$series_line:9: the fonts" \
	"$pb_err_file"

# compare draws both studies' text too.
run_pb compare "$named" "$tap_tmp/title" -o "$tap_tmp/out-compare"
is "$pb_status" 65 "compare: a title no font draws is a data error"
ok "compare names the title's file:line:col" \
	grep -qF "$tap_tmp/title/study.ini:$title_line:9: " "$pb_err_file"
ok "compare wrote nothing" test ! -e "$tap_tmp/out-compare"

# The reason a run was excluded: the pages list it.
cp -R "$named" "$tap_tmp/note"
chmod -R u+w "$tap_tmp/note"
sed -i "3s/,yes,,/,no,reboot hung $rocket,/" "$tap_tmp/note/runs.csv"
note_col=$(sed -n 3p "$tap_tmp/note/runs.csv" | awk '{ print index($0, "reboot") }')
run_pb check "$tap_tmp/note"
is "$pb_status" 65 "check: a run's note no font draws is a data error"
ok "check names the note's runs.csv:line:col" \
	grep -qF "$tap_tmp/note/runs.csv:3:$note_col: the fonts DejaVu Sans and NanumGothic have no glyph for U+1F680" \
	"$pb_err_file"
run_pb report "$tap_tmp/note" -o "$tap_tmp/out-note"
is "$pb_status" 65 "report: a run's note no font draws is a data error"

# A run's id (the pages and the PDF list excluded runs by it) and the
# study folder's name (the report's title in the PDF): check refuses them
# as it does study.ini's text, the folder at the folder (was: check passed
# and report exited 73 at the PDF).
cp -R "$named" "$tap_tmp/runid"
chmod -R u+w "$tap_tmp/runid"
sed -i "2s/^b1-high,\(.*\),yes,,/b1-$rocket,\1,no,reboot hung,/" "$tap_tmp/runid/runs.csv"
run_pb check "$tap_tmp/runid"
is "$pb_status" 65 "check: an excluded run's id no font draws is a data error"
ok "check names the id's runs.csv:line:col" \
	grep -qF "$tap_tmp/runid/runs.csv:2:1: the fonts DejaVu Sans and NanumGothic have no glyph for U+1F680 ('$rocket') in 'b1-$rocket'" \
	"$pb_err_file" || diag "$(cat "$pb_err_file")"
run_pb report "$tap_tmp/runid" -o "$tap_tmp/out-runid"
is "$pb_status" 65 "report: that id is a data error, not a failed PDF"
ok "report wrote nothing" test ! -e "$tap_tmp/out-runid"
folder=$tap_tmp/frame-$rocket
cp -R "$named" "$folder"
chmod -R u+w "$folder"
run_pb check "$folder"
is "$pb_status" 65 "check: a study folder's name no font draws is a data error"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $folder: the fonts DejaVu Sans and NanumGothic have no glyph for U+1F680 ('$rocket') in the study folder's name 'frame-$rocket'" \
	"check names the folder"
run_pb report "$folder" -o "$tap_tmp/out-folder"
is "$pb_status" 65 "report: the folder's name is a data error, not a failed PDF"

for which in korean czech; do
	run_pb check "$tap_tmp/$which"
	is "$pb_status" 0 "check: a $which title is drawn"
	run_pb -q report "$tap_tmp/$which" -o "$tap_tmp/out-$which" \
		--format md,pdf
	is "$pb_status" 0 "report: a $which title is drawn"
done

plan=(--title T --build 1 --column latency_us --scale 0.001 --unit ms
	--better lower --statistic mean --threshold 1 --seed 1
	--state-type name --reference a --series 1 --blocks 2)
run_pb plan new "$tap_tmp/planned" "${plan[@]}" --states "a;$rocket"
is "$pb_status" 64 "plan new: a state no font draws is a usage error"
ok "plan new names --states and the character" \
	grep -qF "pairboot: plan new: --states: the fonts DejaVu Sans and NanumGothic have no glyph for U+1F680" \
	"$pb_err_file"
ok "plan new wrote nothing" test ! -e "$tap_tmp/planned"
run_pb plan new "$tap_tmp/planned2" "${plan[@]}" --states 'a;b' \
	--title "Doba spuštění: $rocket"
is "$pb_status" 64 "plan new: a title no font draws is a usage error"
ok "plan new names --title" grep -qF "pairboot: plan new: --title: " \
	"$pb_err_file"
run_pb plan new "$tap_tmp/planned3" "${plan[@]}" --states 'a;b' \
	--title 'Doba spuštění: řešení'
is "$pb_status" 0 "plan new: a Czech title is drawn"

done_testing
