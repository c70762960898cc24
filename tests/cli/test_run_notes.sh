#!/bin/bash
# test_run_notes.sh: the reason a run was excluded in each page's language
# (runs.csv columns note[de], note[cs], note[ko] beside note), falling
# back to `note`; a column of another language refused at its place.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
"$PAIRBOOT" -q report "$study" -o "$tap_tmp/out" --format md </dev/null
declare -A want=(
	[en]='pilot-1 (infrastructure pilot: trace collector not yet started)'
	[de]='pilot-1 (Infrastruktur-Pilotlauf: Trace-Sammler noch nicht gestartet)'
	[cs]='pilot-1 (pilotní běh infrastruktury: sběr trasovacích dat ještě nebyl spuštěn)'
	[ko]='pilot-1 (인프라 파일럿: 추적 수집기가 아직 시작되지 않음)')
for l in en de cs ko; do
	ok "$l: the reason in the page's language" \
		grep -qF "${want[$l]}" "$tap_tmp/out/$l.md"
done
ok "de: no English reason left" \
	test "$(grep -c 'infrastructure pilot' "$tap_tmp/out/de.md")" = 0

# A row without its German note: the German page falls back to `note`.
cp -R "$study" "$tap_tmp/fallback"
sed -i '/^pilot-2,/s/,Infrastruktur-Pilotlauf: Testumgebung vor dem Lastlauf neu gestartet,/,,/' \
	"$tap_tmp/fallback/runs.csv"
"$PAIRBOOT" -q report "$tap_tmp/fallback" -o "$tap_tmp/fb" --format md --lang de </dev/null
ok "a row without note[de]: the German page gives its note" \
	grep -qF 'pilot-2 (infrastructure pilot: harness restarted before the workload ran)' \
	"$tap_tmp/fb/de.md"

# A note in a language pairboot writes no page in.
cp -R "$study" "$tap_tmp/fr"
sed -i '1s/,note\[ko\]$/,note[fr]/' "$tap_tmp/fr/runs.csv"
run_pb check "$tap_tmp/fr"
col=$(head -1 "$tap_tmp/fr/runs.csv" | tr ',' '\n' | grep -n -x 'note\[fr\]' | cut -d: -f1)
byte=$(head -1 "$tap_tmp/fr/runs.csv" | awk -F, -v c="$col" '{ n = 1; for (i = 1; i < c; i++) n += length($i) + 1; print n }')
is "$pb_status" 65 "note[fr] is bad data"
ok "the message names the header's line and column" \
	grep -q "runs.csv:1:$byte: column 'note\[fr\]': a note may be given in de, cs or ko" "$pb_err_file"

# verify checks the translated reason like every line.
sed 's/Trace-Sammler noch nicht gestartet/Trace-Sammler lief schon/' "$tap_tmp/out/de.md" >"$tap_tmp/edited.md"
run_pb verify "$study" --against "$tap_tmp/edited.md"
is "$pb_status:$(grep -c '^MISMATCH' "$pb_out_file")" "1:1" \
	"verify: a changed German reason is a MISMATCH"

done_testing
