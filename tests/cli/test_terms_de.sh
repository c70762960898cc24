#!/bin/bash
# test_terms_de.sh: one concept, one word in every German message (pages,
# figures, plan, compare), and the German and Czech number typography the
# catalogs give, read from po/de.po and po/cs.po themselves.
#
# The words chosen (docs/translations.md, "Editorial read: numbers,
# typography, German"):
#   - "praktisch bedeutsame Schwelle", never "praktische Schwelle";
#   - "Konfidenzniveau" for the level, never "Konfidenz" alone;
#   - "95-%-Konfidenzintervall" in sentences and "95-%-KI" in table heads
#     and figures: the number before a noun is "95-%" ("percentage before
#     a noun"), so a message writes "%s-Konfidenzintervall" or "%s-KI",
#     never "%s CI", "%s%%-KI" or "%s-Intervall" of the level;
#   - "Bereich von ... bis ..." for min to max, never "Spannweite" (which
#     is max - min); Czech "rozsah od ... do ...", never "rozpětí";
#   - "Erfolgswahrscheinlichkeit" for the plan's assurance, never
#     "Sicherheit";
#   - "Korrektur" for an adjustment ("ohne Korrektur für multiples
#     Testen", "nach der Holm-Korrektur"), "das die Null ausschließt",
#     "um den Faktor sqrt(n/(n-1))", and no colon right after a
#     preposition ("unterscheiden sich in:").
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

# msgstrs PO: each msgstr of PO on one line ("CTX|MSGID|MSGSTR"), its
# continuation lines joined.
msgstrs() {
	LC_ALL=C awk '
	function flush() {
		if (which == "str" && id != "") print ctx "|" id "|" str
		ctx = ""; id = ""; str = ""; which = ""
	}
	function text(line) {
		sub(/^[^"]*"/, "", line); sub(/"$/, "", line); return line
	}
	/^#/ { next }
	/^$/ { flush(); next }
	/^msgctxt / { which = "ctx"; ctx = text($0); next }
	/^msgid / { which = "id"; id = text($0); next }
	/^msgid_plural / { which = "plural"; next }
	/^msgstr/ {
		if (which == "str") print ctx "|" id "|" str
		which = "str"; str = text($0); next
	}
	/^"/ {
		if (which == "ctx") ctx = ctx text($0)
		else if (which == "id") id = id text($0)
		else if (which == "str") str = str text($0)
	}
	END { flush() }' "$1"
}

msgstrs "$top_srcdir/po/de.po" >"$tap_tmp/de"
msgstrs "$top_srcdir/po/cs.po" >"$tap_tmp/cs"
ok "the German catalog is read" test "$(($(wc -l <"$tap_tmp/de")))" -gt 400
ok "and the Czech one" test "$(($(wc -l <"$tap_tmp/cs")))" -gt 400

# msg FILE CTX MSGID: the msgstr of MSGID in the context CTX.
msg() { LC_ALL=C grep -F -e "$2|$3|" "$1" | head -n 1 | cut -d'|' -f3-; }

# absent NAME FILE PATTERN: no msgstr of FILE matches the extended regular
# expression PATTERN (the messages that do are shown).
absent() {
	local found
	found=$(cut -d'|' -f3- "$2" | LC_ALL=C grep -E -e "$3")
	[ -n "$found" ] && diag "$found"
	ok "$1" test -z "$found"
}

# The patterns can match: each finds its word in the English it stands for
# or in a line made up here.
ok "a pattern finds what it looks for" sh -c \
	"printf '%s\n' 'x|y|die praktische Schwelle' | cut -d'|' -f3- | grep -q -E 'praktischen? Schwelle'"

absent "de: praktisch bedeutsame Schwelle, never praktische Schwelle" \
	"$tap_tmp/de" 'praktischen? Schwelle'
absent "de: Konfidenzniveau, never Konfidenz alone" \
	"$tap_tmp/de" 'Konfidenz([^ni]|$)'
absent "de: no CI for the interval (CI-Prüfung is continuous integration)" \
	"$tap_tmp/de" '(^|[^A-Za-z])CI([^-A-Za-z]|$)'
absent "de: the level before a noun comes as 95-%, not written close" \
	"$tap_tmp/de" '%s%%-(KI|Konfidenz)|%s-Intervall'
absent "de: no Spannweite for min to max" "$tap_tmp/de" 'Spannweite'
absent "cs: no rozpětí for min to max" "$tap_tmp/cs" 'rozpětí'
absent "de: Erfolgswahrscheinlichkeit, never Sicherheit" \
	"$tap_tmp/de" 'Sicherheit'
absent "de: Korrektur for an adjustment (multiple testing, Holm), never Anpassung" \
	"$tap_tmp/de" 'Anpassung'
absent "de: die Null, not null, as the number excluded" \
	"$tap_tmp/de" ' null aus'
absent "de: the factor named" "$tap_tmp/de" '[^r] sqrt\('
absent "de: no colon right after a preposition" \
	"$tap_tmp/de" ' (in|an|auf|mit|von|bei|für|aus|nach|zu): '
absent "de: a capital after a colon before a whole sentence (the ones read)" \
	"$tap_tmp/de" ': (die|der|das|eine?|bei|je|dies) [^:;|]*(liegt|war|ist|sind|hält|brauchen|beurteilte|findet|erreichten|werden|wird) '

# Pages whose sentences take names and counts that change their German
# (docs/translations.md, "2026-12-06, German, every page kind"): the
# power plan study with excluded runs (one unpaired run in a comparison,
# and two), and with series named by words rather than numbers.
excl=$tap_tmp/excl
powerplan_excluded "$excl"
run_pb -q report "$excl" -o "$tap_tmp/excl-r" --lang de --format md
is "$pb_status" 0 "report of the power plan study with excluded runs"
ok "de: two unpaired runs, named in the plural" grep -qxF -e \
	"- Serie 1, \`High performance\`: ungepaarte Durchläufe, weggelassen, weil ihren Blöcken der andere Zustand fehlt: s1-b01-balanced, s1-b02-balanced." \
	"$tap_tmp/excl-r/de.md"
ok "de: one unpaired run, in the singular" grep -qxF -e \
	"- Serie 2, \`High performance\`: ungepaarter Durchlauf, weggelassen, weil seinem Block der andere Zustand fehlt: s2-b03-high-performance." \
	"$tap_tmp/excl-r/de.md"
ok "de: Bei 6 Paaren, nominales" grep -qF -e \
	"- Bei 6 Paaren deckte ein nominales 95-%-Konfidenzintervall" \
	"$tap_tmp/excl-r/de.md"
run_pb verify "$excl" --against "$tap_tmp/excl-r/de.md"
is "$pb_status" 0 "verify: the German page with the unpaired notes"

named=$tap_tmp/named
cp -R "$top_srcdir/fixtures/powerplan" "$named"
chmod -R u+w "$named"
sed -i 's/^label\[de\] = Serie 1$/label[de] = Ohne Zweitmonitor/;
	s/^label\[de\] = Serie 2$/label[de] = Mit Zweitmonitor/' \
	"$named/study.ini"
run_pb -q report "$named" -o "$tap_tmp/named-r" --lang de --format md
is "$pb_status" 0 "report of the power plan study with named series"
ok "de: the effects' difference reads with a named series" grep -qxF -e \
	"- \`High performance\`: Die Differenz der Effekte (Mit Zweitmonitor minus Ohne Zweitmonitor) beträgt \`+0,220${nb}ms\` \`[+0,108; +0,328]\`; das Intervall schließt die Null aus, die Effekte der Serien unterscheiden sich also." \
	"$tap_tmp/named-r/de.md"
ok "de: and with numbered ones" grep -qF \
	"Die Differenz der Effekte (Serie 2 minus Serie 1) beträgt \`+0,220${nb}ms\`" \
	"$top_srcdir/reports/powerplan/de.md"
# One interval judged: no "ihre Anzahl" without a plural to point at.
ok "de: one interval judged, the multiplicity line in the singular" grep -qxF -e \
	"- Multiplizität: Auf dieser Seite wird 1 Intervall oder Test beurteilt (Vergleiche mit dem Referenzzustand: 1, Effektdifferenzen zwischen Serien: 0, Streuungstests: 0), auf dem vollen Konfidenzniveau von 95${nb}% und ohne Korrektur für multiples Testen." \
	"$top_srcdir/reports/site/wpa/de.md"
absent "de: no 'Der Effekt in %s minus', which a named series cannot follow" \
	"$tap_tmp/de" 'Effekt in %s minus'

# A state where one series has fewer than 5 pairs (four of series 2's
# runs of `High performance` excluded): the effects cannot be judged,
# said so that a named series reads as well as a numbered one; the
# small-sample note then lists one comparison ("folgenden Vergleich")
# or several ("folgende Vergleiche").
few=$tap_tmp/few
cp -R "$named" "$few"
awk -F, -v OFS=, '
	NR > 1 && $2 == 2 && $4 == "High performance" && n < 4 {
		$5 = "no"; $6 = "crashed"; n++ }
	{ print }' "$top_srcdir/fixtures/powerplan/runs.csv" >"$few/runs.csv"
run_pb -q report "$few" -o "$tap_tmp/few-r" --lang de --format md
is "$pb_status" 0 "report of the named study with too few pairs in one state"
ok "de: effects not judgeable, with named series" grep -qxF -e \
	"- \`High performance\`: Ob sich die Effekte der beiden Serien (Mit Zweitmonitor und Ohne Zweitmonitor) unterscheiden, lässt sich nicht beurteilen; eine davon hat weniger als 5 Paare." \
	"$tap_tmp/few-r/de.md"
ok "de: a small-sample note for one comparison says folgenden Vergleich" grep -qF -e \
	"die Intervalle sind möglicherweise zu schmal. Das gilt für folgenden Vergleich: Mit Zweitmonitor \`High performance\`." \
	"$tap_tmp/few-r/de.md"
ok "de: and for three, folgende Vergleiche" grep -qF -e \
	"Das gilt für folgende Vergleiche: Ohne Zweitmonitor \`High performance\`, Ohne Zweitmonitor \`Ultimate Performance\`, Mit Zweitmonitor \`Ultimate Performance\`." \
	"$tap_tmp/few-r/de.md"
run_pb verify "$few" --against "$tap_tmp/few-r/de.md"
is "$pb_status" 0 "verify: the German page with too few pairs in one state"
absent "de: no 'Ob sich die Effekte in %s', which a named series cannot follow" \
	"$tap_tmp/de" 'Effekte in %s und'
absent "de: a figure's panel is a Teildiagramm, not a Tafel" "$tap_tmp/de" 'Tafel'
absent "de: the metric names the column ('der Spalte'), not 'von'" \
	"$tap_tmp/de" '^%s von %s je Start'
absent "de: a difference of the statistic is 'Differenz des %s-Werts'" \
	"$tap_tmp/de" 'Differenz von %s'
absent "de: a planned size is a Blockzahl, not a Größe" \
	"$tap_tmp/de" '(geplante|solche|Je|kleinste) Größen?[ ,]|\(Größen'
absent "de: no calques read in the final read" "$tap_tmp/de" \
	'für die das t-Intervall steht|die Wahrheit|was auch immer|beurteilte seine|auf gemeinsamen Zufallszahlen|keine Durchläufe bei|was diese über sie|des neuen Werts minus|mit %zu Paaren? außerhalb|beurteilt am exakten|sind nicht gezeigt|bei gleich großen Rändern|nach Blöcken je Serie|auf gemeinsamen|nicht gezählt\)'
is "$(msg "$tap_tmp/de" "missing rows" "%s in %s")" "%2\$s mit %1\$s" \
	"de: rows with a missing value, '46 behaltene Zeilen mit \`NA\`'"
absent "de: a plan table's line opens with a capital, as Vorsicht: and Design: do" \
	"$tap_tmp/de" '^(beurteilt mit dem Intervall|kein größeres Maximum|das Intervall %s wurde|diese Pilotstudie)'
absent "de: an interval is computed auf dem Niveau, not zum Niveau" \
	"$tap_tmp/de" 'zu(m| deren) (eigenen? )?Niveau'
absent "de: nominales Konfidenzintervall (the statistical term), not nominelles" \
	"$tap_tmp/de" 'nominelle'
absent "de: Puffer, not Buffer" "$tap_tmp/de" 'Buffer'
absent "de: no Messserien beside Serien" "$tap_tmp/de" 'Messserie'

# The typography of numbers: a NO-BREAK SPACE between a number and its
# unit or '%' in German and Czech; "95-%" before a noun in German.
for l in de cs; do
	is "$(msg "$tap_tmp/$l" "number and unit" "%s %s")" "%s${nb}%s" \
		"$l: a number and its unit joined by a no-break space"
	is "$(msg "$tap_tmp/$l" "percentage" "%s%%")" "%s${nb}%%" \
		"$l: a percentage alone with a no-break space"
done
is "$(msg "$tap_tmp/de" "percentage before a noun" "%s%%")" "%s-%%" \
	"de: a percentage before a noun, 95-%"
is "$(msg "$tap_tmp/cs" "percentage before a noun" "%s%%")" "%s%%" \
	"cs: a percentage before a noun written close, the adjective 95%"

done_testing
