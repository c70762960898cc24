#!/bin/bash
# test_format2.sh: what study format 2 adds, end to end: a study without
# mechanism logs and without a `mechanism` column, a signed metric
# (allow_negative) whose statistics fall below 0, and the study's own text
# in the page's language, with the fallback to the plain key.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

tiny=$top_srcdir/tests/data/tiny

# copy_tiny DIR: a writable copy of the tiny study in DIR, as format 2.
copy_tiny() {
	cp -R "$tiny" "$1" && chmod -R u+w "$1" &&
		sed -i 's/^format = 1$/format = 2/' "$1/study.ini"
}

## A study without mechanism logs and without a mechanism column ---------
nomech=$tap_tmp/nomech
copy_tiny "$nomech"
# Only [study] and [series 1] stay (the mechanism series start at line 29),
# only the runs of series 1, and runs.csv loses its 9th column, mechanism
# (none of the rows kept has a quoted comma).
sed -i '29,$d' "$nomech/study.ini"
rm -r "$nomech/mech"
awk -F, 'NR == 1 || $2 == "1" {
	line = $1
	for (i = 2; i <= NF; i++)
		if (i != 9)
			line = line "," $i
	print line
}' "$tiny/runs.csv" >"$nomech/runs.csv"
is "$(head -n 1 "$nomech/runs.csv")" \
	"run,series,block,position,state,accepted,note,latency,started" \
	"the copy's runs.csv has no mechanism column"
run_pb check "$nomech"
is "$pb_status" 0 "check accepts a study without a mechanism column"
is "$(grep -c '^series ' "$pb_out_file")" 1 "check lists the one series"
run_pb --quiet report "$nomech" -o "$tap_tmp/nomech-report" --format md,json
is "$pb_status" 0 "report writes it"
ok "no mechanism section on the page" \
	bash -c "! grep -q 'Mechanism' '$tap_tmp/nomech-report/en.md'"
ok "the runs are accounted for" grep -qxe \
	'- Series 1: of 10 runs, 9 were accepted; excluded: pilot (infrastructure pilot).' \
	"$tap_tmp/nomech-report/en.md"
for f in results.json en.md de.md; do
	run_pb verify "$nomech" --against "$tap_tmp/nomech-report/$f"
	is "$pb_status" 0 "verify: $f follows from the data"
done
# The same study in format 1 needs the column, as format 1 always did.
sed -i 's/^format = 2$/format = 1/' "$nomech/study.ini"
run_pb check "$nomech"
is "$pb_status:$(head -n 1 "$pb_err_file")" \
	"65:pairboot: $nomech/runs.csv:1:1: header has no column 'mechanism'" \
	"format 1 still requires the mechanism column"

## A signed metric: statistics below 0 -----------------------------------
# A clock offset in µs, statistic mean, interval t (no resampling, so the
# interval is worked by hand).  Five blocks; block b holds the reference
# state 0 with a mean of r_b and state 1 with a mean of s_b, each file
# two periods x - 1 and x + 1 around its mean x:
#   r = 1.0, 0.5, 1.5, 0.0, -0.5    s = -2.0, -2.0, -2.0, -3.0, -2.5
# The paired differences s - r are -3, -2.5, -3.5, -3, -2: mean -2.8;
# deviations -0.2, 0.3, -0.7, -0.2, 0.8, squares summing to 1.30, so
# sd = sqrt(1.30 / 4) = 0.570088 and se = sd / sqrt(5) = 0.254951.  With
# t(0.975, 4) = 2.776445 the half width is 0.707857 and the interval
# [-3.507857, -2.092143]: wholly below -1 (the threshold), so with lower
# better the verdict is a practically significant benefit.  The reference
# runs r have mean 0.5 and sd sqrt(2.5 / 4) = 0.79 (shown as 0.8).
signed=$tap_tmp/signed
mkdir -p "$signed/lat"
cat >"$signed/study.ini" <<'EOF'
[study]
format = 2
title = Clock offset after resume
build = 1
column = offset_us
scale = 1
unit = µs
better = lower
statistic = mean
reference = 0
threshold = 1.0
confidence = 0.95
resamples = 2000
seed = 5
interval = t
states = 0;1
allow_negative = yes

[series 1]
kind = latency
EOF
ref=(1.0 0.5 1.5 0.0 -0.5)
cmp=(-2.0 -2.0 -2.0 -3.0 -2.5)
echo "run,series,block,state,accepted,note,latency" >"$signed/runs.csv"
for b in 1 2 3 4 5; do
	for st in 0 1; do
		if [ "$st" = 0 ]; then x=${ref[b - 1]}; else x=${cmp[b - 1]}; fi
		# The boot column, which pairboot ignores, keeps the boots
		# of one value apart.
		awk -v x="$x" -v id="b$b-$st" 'BEGIN { printf "period,offset_us,boot\n1,%.1f,%s\n2,%.1f,%s\n", x - 1, id, x + 1, id }' \
			>"$signed/lat/b$b-$st.csv"
		echo "b$b-$st,1,$b,$st,yes,,lat/b$b-$st.csv" >>"$signed/runs.csv"
	done
done
is "$(cat "$signed/lat/b5-0.csv")" "period,offset_us,boot
1,-1.5,b5-0
2,0.5,b5-0" "a file of the signed study holds negative values"
run_pb check "$signed"
is "$pb_status" 0 "check accepts negative values with allow_negative = yes"
run_pb --quiet report "$signed" -o "$tap_tmp/signed-report" --format md,json
is "$pb_status" 0 "report writes the signed study"
page=$tap_tmp/signed-report/en.md
json=$tap_tmp/signed-report/results.json
ok "the table: -2.8 [-3.5; -2.1], a benefit" grep -qxF \
	'| `1` | `-2.8 µs` `[-3.5; -2.1]` | practically significant benefit |' \
	"$page"
ok "the reference spread reaches below 0" grep -qF \
	'at `0`, SD 0.8 µs, range -0.5 to 1.5 µs, n = 5.' "$page"
# The same from min to max in German and Czech: a range, not the
# statistician's Spannweite/rozpětí (max - min), with decimal commas and
# a no-break space before the unit.
ok "de: the spread's range, Bereich von -0,5 bis 1,5 µs" grep -qF \
	"bei \`0\` SD 0,8${nb}µs, Bereich von -0,5 bis 1,5${nb}µs, n = 5." \
	"$tap_tmp/signed-report/de.md"
ok "cs: rozsah od -0,5 do 1,5 µs" grep -qF \
	"SD 0,8${nb}µs, rozsah od -0,5 do 1,5${nb}µs, n = 5." \
	"$tap_tmp/signed-report/cs.md"
ok "results.json: the mean difference -2.8" \
	grep -qx '      "difference": -2.8,' "$json"
ok "results.json: lo -3.507857..." \
	grep -q '^        "lo": -3\.507857' "$json"
ok "results.json: hi -2.092143..." \
	grep -q '^        "hi": -2\.09214' "$json"
ok "results.json: the verdict is benefit" \
	grep -qx '      "verdict": "benefit",' "$json"
ok "results.json says allow_negative" \
	grep -qx '    "allow_negative": true,' "$json"
run_pb verify "$signed" --against "$page"
is "$pb_status" 0 "verify: the signed page follows from the data"
sed -i 's/^allow_negative = yes$/allow_negative = no/' "$signed/study.ini"
run_pb check "$signed"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $signed/lat/b1-1.csv:2:3: offset_us is negative ('-3.0')" \
	"allow_negative = no refuses a negative value as before"
is "$pb_status" 65 "and that is bad data"

## The study's text in the page's language -------------------------------
text=$tap_tmp/text
copy_tiny "$text"
# Line 23 ends [study]; line 28 ends [series 1]; line 31 is series m's
# label, dropped so that the series gets its kind's name.
sed -i -e '23s/^$/title[de] = Kleine Teststudie\nplatform[de] = ein Testaufbau, keine Maschine\n/' \
	-e '28s/^$/label[de] = Erste Serie\nnote[ko] = 유일한 지연 시리즈\n/' \
	-e '31d' "$text/study.ini"
run_pb --quiet report "$text" -o "$tap_tmp/text-report" --format md,json
is "$pb_status" 0 "report writes the localized study"
de=$tap_tmp/text-report/de.md
ko=$tap_tmp/text-report/ko.md
en=$tap_tmp/text-report/en.md
is "$(head -n 1 "$de")" "# Kleine Teststudie, Build 1.2.3" "de: the German title"
ok "de: the German platform" grep -qx \
	'Plattform: ein Testaufbau, keine Maschine.' "$de"
ok "de: the German label" grep -q '^- Erste Serie: ' "$de"
ok "de: no German note: the plain one" \
	grep -qxe '- Erste Serie: the only latency series' "$de"
ok "de: the mechanism series has the German name of its kind" \
	grep -q '^- Mechanismusprüfung: ' "$de"
is "$(head -n 1 "$ko")" "# Tiny test study, 빌드 1.2.3" \
	"ko: no Korean title: the plain one"
ok "ko: no Korean label: the default name" \
	grep -qxe '- 시리즈 1: 유일한 지연 시리즈' "$ko"
ok "ko: the mechanism series' Korean name" grep -q '^- 메커니즘 검증: ' "$ko"
is "$(head -n 1 "$en")" "# Tiny test study, build 1.2.3" "en: the plain title"
ok "en: the mechanism series is named by its kind" \
	grep -q '^- Mechanism check: ' "$en"
ok "results.json: the localized title beside the plain one" grep -qx \
	'    "title_localized": {' "$tap_tmp/text-report/results.json"
ok "results.json: the German title" grep -qx \
	'      "de": "Kleine Teststudie"' "$tap_tmp/text-report/results.json"
for f in de.md ko.md en.md; do
	run_pb verify "$text" --against "$tap_tmp/text-report/$f"
	is "$pb_status" 0 "verify: the localized $f follows from the data"
done

done_testing
