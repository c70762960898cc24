#!/bin/bash
# test_formats.sh: the example studies of other tools' files
# (fixtures/capframex, onenumber, wpa) are what
# fixtures/genformats writes, report in all four languages, verify against
# their own pages and results.json, and give the numbers an independent
# computation from the files gives; study.ini's `capture` decides how a
# file is read; and every excerpt docs/recording.md shows is taken from
# those fixtures.
#
# The independent numbers are computed in Python from the fixture files:
# each boot's p99 is the type 7 quantile of Hyndman and Fan (as
# common/quantile.h defines it) of all its values (for a CapFrameX
# capture, MsBetweenPresents of every run joined in run order); the
# one-number study's difference is the mean of the paired differences.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

fx=$top_srcdir/fixtures
gen=$top_builddir/fixtures/genformats
# genformats writes these; fixtures/presentmon is genstudy's
# (tests/cli/test_fixtures.sh), reported and verified here as well.
generated="capframex onenumber wpa"
studies="$generated presentmon"

# ---- the fixtures are what the generator writes -----------------------

# regen STUDY: writes STUDY afresh and compares it with the committed one
regen() {
	"$gen" "$1" "$tap_tmp/gen-$1" && diff -r "$fx/$1" "$tap_tmp/gen-$1"
}

# marked STUDY: synthetic, format 2, named states
marked() {
	grep -qx "synthetic = yes" "$fx/$1/study.ini" &&
		grep -qx "format = 2" "$fx/$1/study.ini" &&
		grep -qx "state_type = name" "$fx/$1/study.ini"
}

for s in $generated; do
	ok "$s regenerates byte-identical" regen "$s"
	ok "$s: marked synthetic, format 2, named states" marked "$s"
done
"$gen" nosuchstudy "$tap_tmp/x" 2>/dev/null
is "$?" 64 "genformats: an unknown study is a usage error"

# ---- report, in four languages, and verify ----------------------------

for s in $studies; do
	run_pb check "$fx/$s"
	is "$pb_status" 0 "check accepts fixtures/$s"
	run_pb -q report "$fx/$s" -o "$tap_tmp/rep-$s"
	is "$pb_status" 0 "report writes fixtures/$s"
	for f in en.md de.md cs.md ko.md results.json; do
		run_pb verify "$fx/$s" -a "$tap_tmp/rep-$s/$f"
		is "$pb_status" 0 "$s: verify passes $f"
	done
done

# check counts the runs of the captures: those the files hold.
run_pb check "$fx/capframex"
nruns=$(cat "$fx"/capframex/captures/CX_*.json | grep -c '^{"Hash": "run-')
is "$(sed -n 's/^CapFrameX captures read: //p' "$pb_out_file")" \
	"$nruns runs in 12 files, each file's runs joined as one boot's periods" \
	"check: the captures' runs counted, $nruns in 12 files"
run_pb check "$fx/presentmon"
is "$(grep -c CapFrameX "$pb_out_file")" 0 "a study of CSVs does not speak of them"

# An edited number fails verify: the first run's statistic in results.json.
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d["runs"][0]["statistic"] += 0.5
json.dump(d, open(sys.argv[2], "w"), indent=2)' \
	"$tap_tmp/rep-capframex/results.json" "$tap_tmp/edited.json"
run_pb verify "$fx/capframex" -a "$tap_tmp/edited.json"
is "$pb_status" 1 "capframex: verify fails a results.json with a run's p99 moved"

# ---- the numbers, computed independently ------------------------------

# p99 (type 7) of each run's file, beside results.json's; prints one line
# per run that differs by more than 1e-9, and the number of runs checked.
p99_check() {
	python3 - "$1" "$2" "$3" <<'EOF'
import csv, json, math, sys
study, results, form = sys.argv[1:4]

def p99(x):
    x = sorted(x)
    h = (len(x) - 1) * 0.99
    lo = math.floor(h)
    hi = min(lo + 1, len(x) - 1)
    return x[lo] + (h - lo) * (x[hi] - x[lo])

res = json.load(open(results))
col = res["plan"]["column"]
bad, n = [], 0
for r in res["runs"]:
    path = study + "/" + r["latency"]
    if form == "capframex":
        cx = json.load(open(path, encoding="utf-8"))
        vals = [v for run in cx["Runs"]
                for v in run["CaptureData"][col]]
        if r["capture_runs"] != len(cx["Runs"]):
            bad.append("%s: capture_runs %s, want %d"
                       % (r["run"], r["capture_runs"], len(cx["Runs"])))
    else:
        # The plan's filter and missing tokens, as study.ini declares
        # them (results.json's plan.filter and plan.missing).
        conds = res["plan"].get("filter", [])
        missing = set(res["plan"].get("missing", []))
        with open(path, newline="", encoding="utf-8") as f:
            vals = [float(row[col]) for row in csv.DictReader(f)
                    if all((row[c["column"]] == c["value"])
                           == (c["op"] == "==") for c in conds)
                    and row[col] not in missing]
    want = p99(vals)
    if abs(r["statistic"] - want) > 1e-9 or r["periods"] != len(vals):
        bad.append("%s: %r (%d periods), want %r (%d)"
                   % (r["run"], r["statistic"], r["periods"], want,
                      len(vals)))
    n += 1
print("\n".join(bad + ["%d runs" % n]))
EOF
}

is "$(p99_check "$fx/capframex" "$tap_tmp/rep-capframex/results.json" \
	capframex)" "12 runs" \
	"capframex: each boot's p99 and capture_runs, from the captures"
is "$(p99_check "$fx/presentmon" "$tap_tmp/rep-presentmon/results.json" \
	csv)" "36 runs" \
	"presentmon: each boot's p99, from the CSVs' game.exe rows without NA"
is "$(p99_check "$fx/wpa" "$tap_tmp/rep-wpa/results.json" csv)" \
	"12 runs" "wpa: each boot's p99, from the exports"

# One boot of the CapFrameX study by hand: s1-b01-hags-on holds two runs
# of 120 frames, so p99 of its 240 frames lies at h = 239 x 0.99 = 236.61
# (0-based): 0.39 of the 237th value and 0.61 of the 238th, sorted.
hand=$(python3 - "$fx/capframex/captures/CX_s1-b01-hags-on.json" <<'EOF'
import json, sys
cx = json.load(open(sys.argv[1]))
v = sorted(cx["Runs"][0]["CaptureData"]["MsBetweenPresents"]
           + cx["Runs"][1]["CaptureData"]["MsBetweenPresents"])
print(len(cx["Runs"]), len(v), "%.6f" % (0.39 * v[236] + 0.61 * v[237]))
EOF
)
got=$(python3 -c 'import json, sys
r = [r for r in json.load(open(sys.argv[1]))["runs"]
     if r["run"] == "s1-b01-hags-on"][0]
print(r["capture_runs"], r["periods"], "%.6f" % r["statistic"])' \
	"$tap_tmp/rep-capframex/results.json")
is "$got" "$hand" "capframex: s1-b01-hags-on, two runs joined, p99 by hand"
is "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["plan"]["capture"])' \
	"$tap_tmp/rep-capframex/results.json")" capframex \
	"capframex: results.json says plan.capture"
is "$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print("capture" in d["plan"], any("capture_runs" in r for r in d["runs"]))' \
	"$tap_tmp/rep-presentmon/results.json")" "False False" \
	"a study of CSVs has neither plan.capture nor capture_runs"

# The one-number study: each boot's mean is its one value, and the
# difference is the mean of on - off over the six blocks.
one=$(python3 - "$fx/onenumber" "$tap_tmp/rep-onenumber/results.json" <<'EOF'
import csv, json, sys
study, results = sys.argv[1:3]
res = json.load(open(results))
val, ok = {}, True
for r in res["runs"]:
    rows = list(csv.DictReader(open(study + "/" + r["latency"])))
    ok = ok and len(rows) == 1 and r["periods"] == 1 \
        and abs(r["statistic"] - float(rows[0]["avg_fps"])) < 1e-12
    val[(r["block"], r["state"])] = float(rows[0]["avg_fps"])
d = [val[(b, "Memory integrity on")] - val[(b, "Memory integrity off")]
     for b in range(1, 7)]
c = res["comparisons"][0]
print(ok, "%.6f" % (sum(d) / len(d)), "%.6f" % c["difference"])
EOF
)
read -r one_ok one_want one_got <<<"$one"
is "$one_ok" True "onenumber: each boot's statistic is its one value"
is "$one_got" "$one_want" "onenumber: the difference is the mean of the paired differences"

# ---- summarize ----------------------------------------------------------

cp -R "$fx/capframex" "$tap_tmp/sum" && chmod -R u+w "$tap_tmp/sum"
run_pb summarize "$tap_tmp/sum" -o "$tap_tmp/sum/pairboot-summary.csv"
is "$pb_status" 0 "summarize reads a CapFrameX study"
row=$(awk -F, '$1 == "s1-b01-hags-on" { print $3, $5, $6, $8 }' \
	"$tap_tmp/sum/pairboot-summary.csv")
is "$row" "$(sha256sum <"$fx/capframex/captures/CX_s1-b01-hags-on.json" |
	cut -d' ' -f1) 240 MsBetweenPresents p99" \
	"its row holds the capture's SHA-256, the frames and the statistic"
rm "$tap_tmp/sum/captures/CX_s1-b01-"*.json
run_pb -q report "$tap_tmp/sum" -o "$tap_tmp/rep-sum"
is "$pb_status" 0 "report reads the summary for the captures removed"
is "$(python3 -c 'import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
print([r["statistic"] for r in a["runs"]] == [r["statistic"] for r in b["runs"]],
      [r["capture_runs"] for r in b["runs"][:3]])' \
	"$tap_tmp/rep-capframex/results.json" "$tap_tmp/rep-sum/results.json")" \
	"True [None, None, 1]" \
	"the same statistics; capture_runs null where the summary stood in"

# ---- capture decides ---------------------------------------------------

cp -R "$fx/capframex" "$tap_tmp/nokey" && chmod -R u+w "$tap_tmp/nokey"
sed -i '/^capture = capframex$/d' "$tap_tmp/nokey/study.ini"
run_pb check "$tap_tmp/nokey"
is "$pb_status" 65 "without capture, the captures are refused"
ok "at the '{' of each, naming capture = capframex" \
	grep -qF "$tap_tmp/nokey/captures/CX_s1-b01-hags-off.json:1:1: this file is JSON, not a CSV of periods; a CapFrameX capture is read with \`capture = capframex\` in study.ini" \
	"$pb_err_file"
is "$(grep -c 'this file is JSON' "$pb_err_file")" 12 "one message per capture"

cp -R "$fx/capframex" "$tap_tmp/v1" && chmod -R u+w "$tap_tmp/v1"
sed -i -e 's/^format = 2$/format = 1/' -e '/^state_type/d' \
	-e 's/^states = .*/states = 0;1/' -e 's/^reference = .*/reference = 0/' \
	"$tap_tmp/v1/study.ini"
run_pb check "$tap_tmp/v1"
ok "format 1 refuses capture at its line" \
	grep -qF "study.ini:11:1: \`capture\` needs format = 2" "$pb_err_file"

cp -R "$fx/capframex" "$tap_tmp/xml" && chmod -R u+w "$tap_tmp/xml"
sed -i 's/^capture = capframex$/capture = xml/' "$tap_tmp/xml/study.ini"
run_pb check "$tap_tmp/xml"
is "$pb_status" 65 "capture = xml is refused"
ok "it names the two readers" grep -q "study.ini:12:.*csv.*capframex" \
	"$pb_err_file"

# capture = csv, written or not, is the same plan: the same digest.
digest() { sed -n 's/^analysis plan digest \([0-9a-f]*\).*/\1/p' "$pb_out_file"; }
cp -R "$fx/presentmon" "$tap_tmp/csvkey" && chmod -R u+w "$tap_tmp/csvkey"
sed -i 's/^column = /capture = csv\ncolumn = /' "$tap_tmp/csvkey/study.ini"
run_pb check "$fx/presentmon"
d1=$(digest)
run_pb check "$tap_tmp/csvkey"
is "$(digest)" "$d1" "capture = csv leaves the plan digest as it was"
ok "and that digest is not empty" test -n "$d1"
run_pb check "$fx/capframex"
d2=$(digest)
sed -i 's/^capture = capframex$/capture = csv/' "$tap_tmp/xml/study.ini"
run_pb check "$tap_tmp/xml"
ok "capture = capframex is part of the plan digest" \
	test -n "$d2" -a "$(digest)" != "$d2"

# A bad value in a capture, at its line and column.
cp -R "$fx/capframex" "$tap_tmp/null" && chmod -R u+w "$tap_tmp/null"
f=$tap_tmp/null/captures/CX_s1-b02-hags-off.json
sed -i '0,/^"MsBetweenPresents": \[[0-9.]*, [0-9.]*, /s//"MsBetweenPresents": [8.5, null, /' "$f"
run_pb check "$tap_tmp/null"
is "$pb_status" 65 "a null frame time is a data error"
ok "at the null: frame 2 of run 1" \
	grep -qF "$f:7:28: frame 2 of run 1: 'MsBetweenPresents' is null, not a number" \
	"$pb_err_file"

# ---- docs/recording.md shows the fixtures -------------------------------

# Every fenced block with fixture=PATH is an excerpt of fixtures/PATH: each
# of its lines, less a trailing " ...", begins a line of the file, in
# order (lines of the file may be left out between them).
excerpts=$(python3 - "$top_srcdir/docs/recording.md" "$fx" <<'EOF'
import re, sys
doc, fx = sys.argv[1:3]
out, block, path = [], None, None
for line in open(doc, encoding="utf-8").read().split("\n"):
    m = re.match(r"^```\S* fixture=(\S+)$", line)
    if block is None and m:
        block, path = [], m.group(1)
    elif block is not None and line == "```":
        text = open(fx + "/" + path, encoding="utf-8").read().split("\n")
        i = 0
        for b in block:
            b = b[:-4] if b.endswith(" ...") else b
            while i < len(text) and not text[i].startswith(b):
                i += 1
            if i == len(text):
                out.append("%s: not found in order: %s" % (path, b))
                break
            i += 1
        out.append("ok " + path)
        block = None
    elif block is not None:
        block.append(line)
print("\n".join(out))
EOF
)
is "$(printf '%s\n' "$excerpts" | grep -vc '^ok ')" 0 \
	"docs/recording.md: every excerpt is in its fixture" || diag "$excerpts"
for s in $studies; do
	ok "docs/recording.md shows fixtures/$s" \
		grep -q "^ok $s/" <<<"$excerpts"
done

done_testing
