#!/bin/sh
# test_fixtures.sh: the bundled example studies are what their generator
# writes, and are shaped as the study format and the published study say.
#
# Each study is regenerated into a scratch folder with fixtures/genstudy and
# compared byte for byte with the committed one.  The other checks read the
# committed files with standard tools, independently of the generator:
# row counts of the latency CSVs, the balance of the run order, and the
# published point estimates as printed by `genstudy --check`.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$top_srcdir/tests/lib/lib.sh"

genstudy=$top_builddir/fixtures/genstudy
fx=$top_srcdir/fixtures

# regenerates KEYWORD into the scratch folder and compares it with FOLDER
same_as_committed() {
	"$genstudy" "$1" "$tap_tmp/$1" && diff -r "$fx/$2" "$tap_tmp/$1"
}

ok "mmcss regenerates byte-identical" same_as_committed mmcss mmcss-26200.9168
ok "newbuild regenerates byte-identical" same_as_committed newbuild mmcss-newbuild
ok "netthrottle regenerates byte-identical" \
	same_as_committed netthrottle netthrottle
ok "powerplan regenerates byte-identical" \
	same_as_committed powerplan powerplan
ok "presentmon regenerates byte-identical" \
	same_as_committed presentmon presentmon

# every latency CSV of FOLDER has HEADER and ROWS data rows, period 1..ROWS
# in order, one decimal, no CR
rows_are() {
	folder=$fx/$1
	n=0
	for f in "$folder"/latency/*.csv; do
		n=$((n + 1))
		awk -v rows="$3" -v header="$2" '
			NR == 1 { if ($0 != header) bad = 1; next }
			$0 !~ /^[0-9]+,[0-9]+\.[0-9]$/ { bad = 1 }
			{ split($0, f, ","); if (f[1] != NR - 1) bad = 1 }
			END { exit bad || NR - 1 != rows }' "$f" || {
			echo "$f: not $3 well-formed rows"
			return 1
		}
	done
	[ "$n" -eq "$4" ] || { echo "$n latency files, want $4"; return 1; }
}

ok "mmcss: 100 latency CSVs of 2500 rows" \
	rows_are mmcss-26200.9168 period,latency_us 2500 100
ok "newbuild: 100 latency CSVs of 2500 rows" \
	rows_are mmcss-newbuild period,latency_us 2500 100
ok "netthrottle: 24 CSVs of 120 rows" rows_are netthrottle second,rx_mbps 120 24
ok "powerplan: 48 CSVs of 3000 rows" \
	rows_are powerplan period,lateness_us 3000 48

# In each latency series of the mmcss study every state holds every
# position of the run order exactly twice (10 blocks of 5 states), and no
# accepted state repeats within a block.
balanced() {
	awk -F, 'NR > 1 && $5 == "yes" && ($2 == "1" || $2 == "2") {
			pos[$2 " " $4 " " $9]++; blk[$2 " " $3 " " $4]++; n++ }
		END {
			for (k in pos) { if (pos[k] != 2) exit 1; p++ }
			for (k in blk) if (blk[k] != 1) exit 1
			exit !(n == 100 && p == 50)
		}' "$fx/mmcss-26200.9168/runs.csv"
}
ok "mmcss: run order balanced, no state twice in a block" balanced

# The published point estimates, series 1 then 2 (ms): the state and its
# mean difference rounded to 3 decimals, from `genstudy --check`.
want='missing +11.640
0 +1.267
10 +0.625
100 +10.812
missing +12.494
0 -1.902
10 +0.975
100 +12.074'
got=$("$genstudy" --check "$fx/mmcss-26200.9168" |
	awk '$2 == "pairs" && $3 == 10 { printf "%s %+.3f\n", $1, $5 }')
is "$got" "$want" "mmcss: mean paired differences are the published ones"

# Two infrastructure pilots, not accepted, each with a reason.
pilots=$(awk -F, '$1 ~ /^pilot-/ && $5 == "no" && $6 != "" && $7 == ""' \
	"$fx/mmcss-26200.9168/runs.csv" | wc -l | tr -d ' ')
is "$pilots" 2 "mmcss: two excluded pilots with a note"

# powerplan: named states with blanks, format 2, no mechanism logs, so
# runs.csv has no mechanism column; it says it is made up.
pp=$fx/powerplan
ok "powerplan: format 2 with named states" \
	grep -qx 'state_type = name' "$pp/study.ini"
ok "powerplan: the three plans, Balanced first" \
	grep -qxF 'states = Balanced;High performance;Ultimate Performance' \
	"$pp/study.ini"
ok "powerplan: marked synthetic" grep -qx 'synthetic = yes' "$pp/study.ini"
ok "powerplan: its header says the values are made up" \
	grep -q '^# .*every value is made up' "$pp/study.ini"
is "$(head -n 1 "$pp/runs.csv")" \
	"run,series,block,state,accepted,note,latency,position,started" \
	"powerplan: runs.csv has no mechanism column"
ok "powerplan: no file name holds a blank" \
	test -z "$(find "$pp" -name '* *')"
# 8 blocks of 3 states per series: every block holds each state once,
# and each state takes each position 2 or 3 times (8 = 2 x 3 + 2).
pp_balanced() {
	awk -F, 'NR > 1 && $5 == "yes" {
			pos[$2 " " $4 " " $8]++; blk[$2 " " $3 " " $4]++; n++ }
		END {
			for (k in pos) { if (pos[k] < 2 || pos[k] > 3) exit 1; p++ }
			for (k in blk) if (blk[k] != 1) exit 1
			exit !(n == 48 && p == 18 && length(blk) == 48)
		}' "$pp/runs.csv"
}
ok "powerplan: run order balanced, no state twice in a block" pp_balanced
# The planned mean differences against Balanced (ms), series 1 then 2.
want='High performance -0.240
Ultimate Performance -0.450
High performance -0.020
Ultimate Performance -0.100'
got=$("$genstudy" --check "$pp" |
	sed -n 's/^  \(.*[a-z]\) *pairs 8  mean \([-+][0-9.]*\) .*/\1 \2/p' |
	awk '{ v = $NF; $NF = ""; printf "%s%+.3f\n", $0, v }')
is "$got" "$want" "powerplan: mean paired differences as planned"

pm=$fx/presentmon
ok "presentmon: the filter and the missing token of a PresentMon capture" \
	grep -qx 'filter = Application == game.exe' "$pm/study.ini"
ok "presentmon: NA is missing" grep -qx 'missing = NA' "$pm/study.ini"
# every capture: PresentMon's header; 200 game.exe frames with a time,
# 1 to 3 without (NA), and one dwm.exe frame after every third of them
pm_shape() {
	n=0
	for f in "$pm"/latency/*.csv; do
		n=$((n + 1))
		awk -F, 'NR == 1 {
				if ($0 != "Application,ProcessID,SwapChainAddress," \
				    "Runtime,SyncInterval,PresentFlags," \
				    "AllowsTearing,PresentMode,Dropped," \
				    "TimeInSeconds,MsBetweenPresents," \
				    "MsBetweenDisplayChange,MsInPresentAPI," \
				    "MsUntilRenderComplete,MsUntilDisplayed")
					bad = 1
				next }
			NF != 15 { bad = 1 }
			$1 == "game.exe" && $11 == "NA" { na++; next }
			$1 == "game.exe" && $11 ~ /^[0-9]+\.[0-9]$/ { game++; next }
			$1 == "dwm.exe" && $11 == "16.667" { dwm++; next }
			{ bad = 1 }
			END { exit bad || game != 200 || na < 1 || na > 3 ||
				dwm != 66 }' "$f" || {
			echo "$f: not shaped as planned"
			return 1
		}
	done
	[ "$n" -eq 36 ] || { echo "$n captures, want 36"; return 1; }
}
ok "presentmon: 36 captures of 200 frames, NA and dwm.exe frames" pm_shape

"$genstudy" nosuchstudy "$tap_tmp/x" 2>/dev/null
is "$?" 64 "an unknown study is a usage error"

done_testing
