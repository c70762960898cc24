#!/bin/bash
# test_sequential.sh: a sequential study from `plan new --look-every` to
# its report and verify: the looks in study.ini and the digest, a report in
# four languages that says which look decided each comparison, a study
# stopped at its first look, one that reached no look (refused, located),
# a run past the last look (refused at its row), and verify of the page
# and results.json, which fails when the deciding look is edited.  The
# per-look levels and the stop, continue and futile rules are checked
# against published tables and worked examples in
# tests/unit/test_sequential.c.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

genstudy=$top_builddir/fixtures/genstudy
study=$tap_tmp/hpet

run_pb -q plan new "$study" --title "HPET on or off" --build 26100.1 \
	--column latency_us --scale 0.001 --unit ms --better lower \
	--statistic p99 --reference off --threshold 0.25 --seed 11 \
	--states "off;on" --state-type name --series 2 --blocks 20 \
	--look-every 10 --boundary pocock --interval t
is "$pb_status" 0 "plan new registers a design of looks every 10 blocks"
is "$(grep -E '^(format|looks|boundary) =' "$study/study.ini" | tr '\n' ' ')" \
	"format = 2 looks = 10;20 boundary = pocock " \
	"study.ini holds the looks and the boundary, format 2"
sed 's/^boundary = pocock/boundary = obrien-fleming/' "$study/study.ini" \
	>"$tap_tmp/moved.ini" && cp "$tap_tmp/moved.ini" "$tap_tmp/keep.ini"
cp "$study/study.ini" "$tap_tmp/keep.ini"
cp "$tap_tmp/moved.ini" "$study/study.ini"
run_pb check "$study"
is "$pb_status" 65 "the boundary is part of the registered plan: moved, refused"
cp "$tap_tmp/keep.ini" "$study/study.ini"

# Boots with a clear harm of `on` (1 ms against a threshold of 0.25).
ok "genstudy fills the planned boots" "$genstudy" fill "$study" --seed 5 \
	--periods 200 --shift on=2.0
run_pb -q report "$study" -o "$tap_tmp/rep"
is "$pb_status" 0 "report on the whole study"
en=$tap_tmp/rep/en.md
ok "the page has a Sequential design section" grep -q '^## Sequential design$' "$en"
ok "which names the looks, the boundary and each look's level" \
	grep -q '^- The analysis plan sets 2 looks, boundary `pocock` (Pocock): each look.s intervals are taken at its own level (10 blocks: 97.06%; 20 blocks: 97.06%)' "$en"
is "$(grep -c 'decided at look 1 of 2 (10 blocks): practically significant harm' "$en")" 2 \
	"both series decide the harm at look 1"
is "$(grep -c ': 10 pairs recorded after that look are not used' "$en")" 2 \
	"and say that the later pairs are not used"
ok "German" grep -q '^## Sequenzielles Design$' "$tap_tmp/rep/de.md"
ok "Czech" grep -q '^## Sekvenční design$' "$tap_tmp/rep/cs.md"
ok "Korean" grep -q '^## 순차 설계$' "$tap_tmp/rep/ko.md"
is "$(grep -c '분석 시점 2개 중 1번째(10블록)에서 결정됨: .*실질적으로 유의미한 악화' "$tap_tmp/rep/ko.md")" 2 \
	"Korean: the look and its blocks, the count written to its number (10블록)"
ok "Korean: each look's level, 10블록 and 20블록" \
	grep -qF '(10블록: 97.06%; 20블록: 97.06%)' "$tap_tmp/rep/ko.md"
look=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps([[c["look"]["status"],c["look"]["look"],c["look"]["blocks"],c["look"]["pairs_after"]] for c in d["comparisons"]],separators=(",",":")))' "$tap_tmp/rep/results.json")
is "$look" '[["stop",1,10,10],["stop",1,10,10]]' \
	"results.json: each comparison stopped at look 1 (10 blocks)"
is "$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1]))["plan"]; print(p["looks"], p["boundary"])' "$tap_tmp/rep/results.json")" \
	"[10, 20] pocock" "results.json's plan holds the looks"

run_pb verify "$study" -a "$en"
is "$pb_status" 0 "verify passes the page"
sed 's/decided at look 1 of 2 (10 blocks)/decided at look 2 of 2 (20 blocks)/' \
	"$en" >"$tap_tmp/forged.md"
run_pb verify "$study" -a "$tap_tmp/forged.md"
is "$pb_status" 1 "verify fails a page that moves the deciding look"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["comparisons"][0]["look"]["status"]="continue"; json.dump(d,open(sys.argv[2],"w"),indent=2)' \
	"$tap_tmp/rep/results.json" "$tap_tmp/forged.json"
run_pb verify "$study" -a "$tap_tmp/forged.json"
is "$pb_status" 1 "verify fails a results.json whose look status is edited"

# Another build with another boundary: compare warns, and names both.
other=$tap_tmp/other
cp -r "$study" "$other"
sed -i -e 's/^boundary = pocock/boundary = obrien-fleming/' \
	-e '/^registered = /d' -e 's/^build = .*/build = 26100.2/' \
	"$other/study.ini"
run_pb compare "$study" "$other" -o "$tap_tmp/cmp"
is "$pb_status" 0 "compare of two sequential studies whose boundaries differ"
line=$(grep -n '^looks =' "$other/study.ini" | cut -d: -f1)
ok "warns that the looks differ, with each boundary" grep -qF \
	"$other/study.ini:$line:9: warning: 'looks' differs: old '10;20 (pocock)', new '10;20 (obrien-fleming)'" \
	"$pb_err_file"
ok "and that a sequential study's effects are not fixed samples" grep -qF \
	"$other: warning: is a sequential study: its effects are those of the looks that decided them" \
	"$pb_err_file"
is "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([(x["field"], x["old"], x["new"]) for x in d["plan_differences"]])' "$tap_tmp/cmp/compare.json")" \
	"[('looks', {'looks': [10, 20], 'boundary': 'pocock'}, {'looks': [10, 20], 'boundary': 'obrien-fleming'})]" \
	"compare.json lists the difference"

# Stopped at the first look: the boots of blocks 11 to 20 never made.
stopped=$tap_tmp/stopped
cp -r "$study" "$stopped"
awk -F, 'NR == 1 || $3 <= 10' "$study/runs.csv" >"$stopped/runs.csv"
run_pb check "$stopped"
ok "check names the looks and how far each series came" grep -qx \
	"looks: at 10, 20 blocks per series (boundary pocock); reached: series 1 1 of 2, series 2 1 of 2" \
	"$pb_out_file"
run_pb -q report "$stopped" -o "$tap_tmp/rep10" --format md
is "$pb_status" 0 "a study stopped at its first look is reported"
ok "with no pairs left unused" bash -c "! grep -q 'not used\.' '$tap_tmp/rep10/en.md'"

# Seven blocks: no look reached yet.
awk -F, 'NR == 1 || $3 <= 7' "$study/runs.csv" >"$stopped/runs.csv"
run_pb -q report "$stopped" -o "$tap_tmp/rep7" --format md
is "$pb_status" 65 "a study that reached no look is refused"
line=$(grep -n '^looks =' "$stopped/study.ini" | cut -d: -f1)
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: $stopped/study.ini:$line:9: series '1' has reached no look yet (the first is at 10 blocks): nothing can be reported before it; 'pairboot status' shows how far the study is" \
	"at the looks key, per series"

# A run past the last look.
cp "$study/runs.csv" "$stopped/runs.csv"
printf 's2-b21-extra,2,21,off,no,booted on by mistake,,,,\n' >>"$stopped/runs.csv"
rows=$(wc -l <"$stopped/runs.csv")
run_pb -q check "$stopped"
is "$pb_status" 65 "check refuses a run past the last look, as report does"
run_pb -q report "$stopped" -o "$tap_tmp/rep21" --format md
is "$pb_status" 65 "a run past the last look is refused"
id=$(tail -n 1 "$stopped/runs.csv" | cut -d, -f1)
want="runs.csv:$rows:1: run '$id' is in block 21, past the last look the plan"
want="$want registers (20 blocks, study.ini \`looks\`)"
ok "at its row of runs.csv" grep -qF "$want" "$pb_err_file"

# The bootstrap-t at an O'Brien-Fleming look of 99.99%: too few resamples
# for its ends, refused by check at `resamples`.
boot=$tap_tmp/boot
cp -r "$study" "$boot"
sed -i -e 's/^interval = t$/interval = studentized/' \
	-e 's/^looks = .*/looks = 5;10;15;20/' \
	-e 's/^boundary = .*/boundary = obrien-fleming/' \
	-e '/^registered = /d' "$boot/study.ini"
run_pb -q check "$boot"
is "$pb_status" 65 "check refuses the bootstrap-t with too few resamples"
line=$(grep -n '^resamples =' "$boot/study.ini" | cut -d: -f1)
ok "at resamples, saying how many it needs" grep -qF \
	"$boot/study.ini:$line:13: the bootstrap-t at look 1 (level 1 - 5.2e-05) needs at least 388148 resamples" \
	"$pb_err_file"

# A design whose first look no interval could pass is refused when planned.
run_pb -q plan new "$tap_tmp/long" --title T --build 1 --column latency_us \
	--scale 0.001 --unit ms --better lower --statistic p99 --reference 0 \
	--threshold 0.25 --seed 1 --states "0;1" --series 1 --blocks 100 \
	--looks "5;100"
is "$pb_status" 64 "plan new refuses an O'Brien-Fleming look at 5 of 100 blocks"
is "$(head -n 1 "$pb_err_file")" \
	"pairboot: plan new: --looks: look 1 (5 blocks) would be judged at a level of 1 - 2e-18: no interval of it could decide anything; drop it, or use boundary = pocock" \
	"and says why, at --looks"

done_testing
