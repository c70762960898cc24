#!/bin/bash
# test_site.sh: `pairboot site DIR STUDY...` writes one wiki of many
# settings: each study's report in DIR/<study folder name>/ with its
# figures named after the study, and an index page of each language whose
# links all resolve and whose rows say what the study's own page says;
# the same bytes on a rerun, nothing written when a study fails or two
# studies share a name, never a file of the user's deleted; `pairboot
# verify STUDY... -a INDEX` passes an index as written and fails an
# edited verdict or number; the committed reports/site is a fresh run.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

fx=$top_srcdir/fixtures
studies=(mmcss-26200.9168 netthrottle powerplan)
paths=("${studies[@]/#/$fx/}")
site=$tap_tmp/site

## The layout --------------------------------------------------------------
run_pb --quiet site "$site" "${paths[@]}" --format md,json,svg
is "$pb_status" 0 "site of three studies exits 0"
is "$pb_err" "" "and says nothing with --quiet"
is "$(cd "$site" && ls | tr '\n' ' ')" \
	"index.cs.md index.de.md index.en.md index.ko.md mmcss-26200.9168 netthrottle powerplan " \
	"DIR holds an index page of each language and a folder a study"
for s in "${studies[@]}"; do
	ok "$s/: the study's pages and results.json" \
		test -s "$site/$s/en.md" -a -s "$site/$s/ko.md" \
		-a -s "$site/$s/results.json"
	ok "$s/: every figure is named after the study" \
		test -z "$(cd "$site/$s" && ls -- *.svg | grep -v "^$s-")"
	ok "$s/: its interval figure is $s-interval.en.svg" \
		test -s "$site/$s/$s-interval.en.svg"
	ok "$s/: its page shows the prefixed figure" \
		grep -qF "]($s-interval.en.svg)" "$site/$s/en.md"
done
ok "no figure keeps its plain name" \
	test -z "$(find "$site" -name 'boots.*' -o -name 'interval.*')"

# Every link of every page is a file of the site.
links_resolve() {
	local page target dir bad=0
	while IFS= read -r page; do
		dir=$(dirname "$page")
		while IFS= read -r target; do
			[ -n "$target" ] || continue
			if [ ! -f "$dir/$target" ]; then
				echo "# $page: $target does not resolve"
				bad=1
			fi
		done < <(grep -oE '\]\([^)]*\)' "$page" | sed 's/^](//; s/)$//')
	done < <(find "$1" -name '*.md')
	return $bad
}
ok "every link on every page resolves to a file in the site" \
	links_resolve "$site"
is "$(grep -c '](.*/en.md)' "$site/index.en.md")" 3 \
	"the English index links to each study's English page"
is "$(grep -oE '\]\([^)]*\)' "$site/index.de.md" | tr '\n' ' ')" \
	"](mmcss-26200.9168/de.md) ](netthrottle/de.md) ](powerplan/de.md) " \
	"the German index lists the studies in the order given"

## What the index says is what the pages say ---------------------------------
# The row of a state on the index is its row on the study's page, byte for
# byte, and so is the sentence that reads the table.
row_on_both() {
	local s=$1 lang=$2 key=$3 row
	row=$(grep -F -- "$key" "$site/$s/$lang.md" | grep -F '` `[' |
		head -n 1)
	[ -n "$row" ] && grep -qxF -- "$row" "$site/index.$lang.md"
}
ok "en: powerplan's Ultimate Performance row, verdicts included, is the page's" \
	row_on_both powerplan en '| `Ultimate Performance` |'
ok "de: netthrottle's 0xFFFFFFFF row is the page's" \
	row_on_both netthrottle de '| `0xFFFFFFFF` |'
ok "ko: mmcss's row of 100 is the page's" \
	row_on_both mmcss-26200.9168 ko '| `100` |'
verdict='Series 1 (practically significant benefit in the synthetic proxy)'
ok "en: powerplan's page says '$verdict'" \
	grep -qF "$verdict" "$site/powerplan/en.md"
ok "and so does the index" grep -qF "$verdict" "$site/index.en.md"
ok "cs: the sentence that reads powerplan's table is the page's" \
	grep -qxF -- "$(sed -n '/^## /,$p' "$site/powerplan/cs.md" |
		grep -m1 '^[^#|!]')" "$site/index.cs.md"
ok "en: each study's title and build head its entry" \
	grep -qxF '## [Windows power plans and the lateness of a 1 ms timer (synthetic), build 26100.4061](powerplan/en.md)' \
	"$site/index.en.md"
ok "en: and its platform follows" \
	grep -qxF 'Platform: Laptop, 12 logical processors, 16 GB RAM, on AC power.' \
	"$site/index.en.md"

## verify ------------------------------------------------------------------
for l in en de cs ko; do
	run_pb --quiet verify "${paths[@]}" -a "$site/index.$l.md"
	is "$pb_status" 0 "verify passes the $l index of its studies"
done
run_pb verify "${paths[@]}" -a "$site/index.de.md"
ok "and says it read an index page" \
	grep -q 'against .*index.de.md (index page, language de)' "$pb_out_file"
sed '/`0xFFFFFFFF`/s/practically significant benefit/practically significant harm/' \
	"$site/index.en.md" >"$tap_tmp/verdict.md"
differ() {
	! cmp -s "$1" "$2"
}
ok "(the verdict was edited)" differ "$site/index.en.md" "$tap_tmp/verdict.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/verdict.md"
is "$pb_status" 1 "verify fails an index with an edited verdict (exit 1)"
ok "naming the row" grep -q 'MISMATCH .*row 0xFFFFFFFF, Conclusion' \
	"$pb_out_file"
sed 's/`\[-0.501; -0.387\]`/`[-0.492; -0.387]`/' "$site/index.en.md" \
	>"$tap_tmp/number.md"
ok "(a bound was edited)" differ "$site/index.en.md" "$tap_tmp/number.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/number.md"
is "$pb_status" 1 "verify fails an index with an edited number (exit 1)"
ok "naming the number" grep -q 'published -0.492, recomputed -0.501' \
	"$pb_out_file"
# Each bound is judged against its own study's threshold: within a wide
# tolerance, netthrottle's +116 moved to +45 crosses its T of 50 (it would
# keep its side of powerplan's 0.250, or of mmcss's).
sed 's/`\[+116; +121\]`/`[+45; +121]`/' "$site/index.en.md" >"$tap_tmp/side.md"
ok "(a bound was moved)" differ "$site/index.en.md" "$tap_tmp/side.md"
run_pb --quiet verify "${paths[@]}" --tolerance 100 -a "$tap_tmp/side.md"
is "$pb_status" 1 "a bound across its own study's threshold fails, whatever the tolerance"
ok "saying so" grep -q 'CI low (on the other side of the threshold): published +45' \
	"$pb_out_file"
run_pb --quiet verify "${paths[@]}" --tolerance 100 -a "$site/index.en.md"
is "$pb_status" 0 "(the index as written passes with that tolerance)"
# Each title links to its own study's page: two titles' links swapped
# fail; the index under a wiki's address of its pages passes, read from
# the page as a figure's address is, and so does its HTML form.
sed -e 's|](netthrottle/en.md)$|](TMPLINK)|' \
	-e 's|](powerplan/en.md)$|](netthrottle/en.md)|' \
	-e 's|](TMPLINK)$|](powerplan/en.md)|' \
	"$site/index.en.md" >"$tap_tmp/swapped.md"
ok "(two titles' links were swapped)" differ "$site/index.en.md" \
	"$tap_tmp/swapped.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/swapped.md"
is "$pb_status" 1 "verify fails an index whose titles link to each other's pages"
ok "naming where the title links" grep -q \
	'MISMATCH .*published links to netthrottle/en.md, recomputed links to powerplan/en.md' \
	"$pb_out_file"
sed 's|^\(## \[.*\]\)(\(.*\))$|\1(https://wiki.example/studies/\2)|' \
	"$site/index.en.md" >"$tap_tmp/based.md"
ok "(the titles link under a wiki's address)" \
	grep -qF '(https://wiki.example/studies/powerplan/en.md)' "$tap_tmp/based.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/based.md"
is "$pb_status" 0 "verify passes the index with its pages under one address"
sed 's|(https://wiki.example/studies/netthrottle/en.md)|(https://wiki.example/studies/powerplan/en.md)|' \
	"$tap_tmp/based.md" >"$tap_tmp/based-wrong.md"
ok "(one of them was relinked)" differ "$tap_tmp/based.md" "$tap_tmp/based-wrong.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/based-wrong.md"
is "$pb_status" 1 "and fails it with one title linked to another study's page"
sed 's|^## \[\(.*\)\](\(.*\))$|<h2><a href="\2">\1</a></h2>|' \
	"$site/index.en.md" >"$tap_tmp/html.md"
ok "(the headings written as HTML)" grep -qF '<h2><a href="powerplan/en.md">' \
	"$tap_tmp/html.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/html.md"
is "$pb_status" 0 "verify reads a heading's <a href> as its link"
sed 's|<a href="powerplan/en.md">|<a href="wpa/en.md">|' "$tap_tmp/html.md" \
	>"$tap_tmp/html-wrong.md"
ok "(one HTML link was changed)" differ "$tap_tmp/html.md" "$tap_tmp/html-wrong.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/html-wrong.md"
is "$pb_status" 1 "and fails it when the link leads to another study's page"
# An address that would end the rendering's link and open a comment in
# it (newlines and "<!--" as character references) is not taken: the
# page, which shows none of the studies' tables, fails.
{
	sed -n '1,3p' "$site/index.en.md"
	printf '## \\[SystemResponsiveness and MMCSS, build 26200.9168\\](\n\n'
	printf '## <a href="&#10;&#10;&lt;!--&#10;/mmcss-26200.9168/en.md">Our verdict</a>\n\n'
	printf 'Every setting cuts the latency by half.\n'
} >"$tap_tmp/comment-base.md"
run_pb --quiet verify "${paths[@]}" -a "$tap_tmp/comment-base.md"
is "$pb_status" 1 "an index address that would hide the rendering fails verify"
# A figure address that would end the rendering's image and open a
# comment is not taken either: the page fails.
awk 'done == 0 && /^!\[/ {
	sub(/\]\(/, "](x\\&#10;\\&lt;!--\\&#10;"); done = 1 } { print }' \
	"$site/powerplan/en.md" >"$tap_tmp/comment-fig.md"
ok "(the first figure's address holds a comment)" \
	grep -qF '](x&#10;&lt;!--&#10;' "$tap_tmp/comment-fig.md"
run_pb --quiet verify "$fx/powerplan" -a "$tap_tmp/comment-fig.md"
is "$pb_status" 1 "a figure address that would hide the rendering fails verify"
# A paragraph that links a figure's file is no figure: the page without
# its figures is read as one, whatever the paragraph links.
grep -v '^!\[' "$site/powerplan/en.md" >"$tap_tmp/no-figures.md"
run_pb --quiet verify "$fx/powerplan" -a "$tap_tmp/no-figures.md"
no_figures=$pb_status
{
	cat "$tap_tmp/no-figures.md"
	printf '\nSee [the figure](elsewhere/powerplan-interval.en.svg).\n'
} >"$tap_tmp/para-link.md"
run_pb --quiet verify "$fx/powerplan" -a "$tap_tmp/para-link.md"
is "$pb_status" "$no_figures" \
	"a paragraph linking a figure's file does not make the page one with figures"
ok "(no OMITTED figure is reported)" bash -c '! grep -q "OMITTED.*figure" "$1"' _ "$pb_out_file"
run_pb --quiet verify "$fx/powerplan" "$fx/netthrottle" -a "$site/index.en.md"
is "$pb_status" 1 "an index set beside other studies fails"
run_pb --quiet verify --index "$fx/powerplan" -a "$site/index.en.md"
is "$pb_status" 1 "--index with one study reads FILE as an index (and fails here)"
run_pb --quiet verify "$fx/powerplan" -a "$site/powerplan/en.md"
is "$pb_status" 0 "a study's page in the site, its figures prefixed, passes verify"
run_pb verify "${paths[@]}" -a "$site/powerplan/results.json"
is "$pb_status" 64 "an index is a page: a results.json with several studies is refused"

# A study whose title, build and platform are full of Markdown: its entry
# is still one heading linking to its page, and verify still passes.
run_pb --quiet site "$tap_tmp/inject" "$top_srcdir/tests/data/md-inject" \
	"$fx/powerplan" --format md --lang en
is "$pb_status" 0 "a site of a study with Markdown in its text exits 0"
ok "whose entry is one heading that links to its page" \
	grep -qE '^## \[Pipes .*\\\\\]\(md-inject/en\.md\)$' "$tap_tmp/inject/index.en.md"
run_pb --quiet verify "$top_srcdir/tests/data/md-inject" "$fx/powerplan" \
	-a "$tap_tmp/inject/index.en.md"
is "$pb_status" 0 "and verify passes that index"

## The same bytes again; the committed site ------------------------------------
cp -a "$site" "$tap_tmp/site.first"
run_pb --quiet site "$site" "${paths[@]}" --format md,json,svg
is "$pb_status" 0 "a second run over the site exits 0"
ok "and writes the same bytes" diff -r "$tap_tmp/site.first" "$site"
ok "leaving nothing beside it but the site" \
	test "$(cd "$tap_tmp" && ls -A | grep -c '^\.site')" = 0
read -r -a listed <<<"${SITE_STUDIES:-$(sed -n 's/^SITE_STUDIES = //p' \
	"$fx/Makefile.inc")}"
ok "SITE_STUDIES names the committed site's studies" test ${#listed[@]} -gt 0
run_pb --quiet site "$tap_tmp/committed" "${listed[@]/#/$fx/}" --format md,json
is "$pb_status" 0 "the committed site's command exits 0"
ok "reports/site is byte-identical to a fresh run (make reports)" \
	diff -r "$top_srcdir/reports/site" "$tap_tmp/committed"

## Nothing written when a study fails ---------------------------------------
cp -R "$fx/powerplan" "$tap_tmp/broken"
sed -i 's/^threshold = .*/threshold = abc/' "$tap_tmp/broken/study.ini"
run_pb --quiet site "$tap_tmp/none" "$fx/netthrottle" "$tap_tmp/broken"
is "$pb_status" 65 "a study that fails check fails the site with report's status (65)"
ok "with its error at file:line:col" \
	grep -qE '^pairboot: .*broken/study.ini:[0-9]+:[0-9]+: threshold' "$pb_err_file"
ok "and no DIR is made" test ! -e "$tap_tmp/none"
run_pb --quiet site "$site" "$fx/netthrottle" "$tap_tmp/broken"
is "$pb_status" 65 "over an existing site too"
ok "which is left as it was" diff -r "$tap_tmp/site.first" "$site"

## Names ----------------------------------------------------------------------
mkdir -p "$tap_tmp/other"
cp -R "$fx/powerplan" "$tap_tmp/other/powerplan"
run_pb --quiet site "$tap_tmp/dup" "$fx/powerplan" "$tap_tmp/other/powerplan"
is "$pb_status" 64 "two studies of one folder name are a usage error (64)"
ok "saying so" grep -qF "have the same folder name 'powerplan'; each study needs a folder of its own" \
	"$pb_err_file"
ok "and nothing is written" test ! -e "$tap_tmp/dup"
cp -R "$fx/powerplan" "$tap_tmp/other/Powerplan"
run_pb --quiet site "$tap_tmp/case" "$fx/powerplan" "$tap_tmp/other/Powerplan"
is "$pb_status" 64 "two folder names that differ only in case are a usage error (64)"
ok "saying why" grep -q "differ only in case" "$pb_err_file"
ok "and nothing is written" test ! -e "$tap_tmp/case"
cp -R "$fx/powerplan" "$tap_tmp/other/power plan"
run_pb --quiet site "$tap_tmp/dup" "$tap_tmp/other/power plan"
is "$pb_status" 64 "a folder name that cannot stand in a link is refused"
run_pb --quiet site "$tap_tmp/dup"
is "$pb_status" 64 "a site needs a study"
cp -R "$fx/powerplan" "$tap_tmp/other/index.de.md"
run_pb --quiet site "$tap_tmp/dup" "$tap_tmp/other/index.de.md" --lang en
is "$pb_status" 64 "a study folder named as an index page is a usage error (64)"
ok "saying so" grep -qF "the folder name 'index.de.md' of study $tap_tmp/other/index.de.md is the name of the site's de index page" \
	"$pb_err_file"
ok "and nothing is written" test ! -e "$tap_tmp/dup"

## The user's files -----------------------------------------------------------
echo mine >"$site/powerplan/notes.txt"
run_pb --quiet site "$site" "${paths[@]}" --format md,json,svg
is "$pb_status" 73 "a file of the user's in a study's folder: the site is not replaced (73)"
ok "naming it" grep -qF "'powerplan/notes.txt'" "$pb_err_file"
ok "and keeping it" test "$(cat "$site/powerplan/notes.txt")" = mine
rm "$site/powerplan/notes.txt"
mkdir "$site/drafts"
run_pb --quiet site "$site" "${paths[@]}" --format md
is "$pb_status" 73 "a folder of the user's in DIR: not replaced either"
rmdir "$site/drafts"
run_pb --quiet site "$site" "$fx/netthrottle" --format md --lang en
is "$pb_status" 0 "a smaller site replaces the whole of an earlier one"
is "$(cd "$site" && ls -A | tr '\n' ' ')" ".pairboot-report index.en.md netthrottle " \
	"whose other studies' folders are gone"
is "$(cd "$site/netthrottle" && ls -A | tr '\n' ' ')" ".pairboot-report en.md " \
	"and whose study folder holds the new files only"

# Entries named like the site's staging folder that pairboot did not
# make: a link to the user's files and a folder of the user's holding a
# folder of files (no mark of a staging folder); both stay, with all they
# hold, through a run that clears its leftovers.
mkdir -p "$tap_tmp/plant/mine/deep" "$tap_tmp/plant/.site.new-USERab/deep"
echo keep >"$tap_tmp/plant/mine/deep/file"
echo keep >"$tap_tmp/plant/.site.new-USERab/deep/file"
ln -s "$tap_tmp/plant/mine" "$tap_tmp/plant/.site.new-LINKab"
run_pb --quiet site "$tap_tmp/plant/site" "$fx/netthrottle" --format md
is "$pb_status" 0 "a site beside planted staging-like entries is written"
ok "the link and what it points at stay" \
	test -L "$tap_tmp/plant/.site.new-LINKab" -a \
	"$(cat "$tap_tmp/plant/mine/deep/file")" = keep
ok "the user's folder stays with its folder and file" \
	test "$(cat "$tap_tmp/plant/.site.new-USERab/deep/file")" = keep

## One writer at a time ---------------------------------------------------------
if command -v flock >/dev/null 2>&1; then
	: >"$tap_tmp/.site.lock"
	flock "$tap_tmp/.site.lock" "$PAIRBOOT" --quiet --no-wait site "$site" \
		"$fx/powerplan" --format md </dev/null >/dev/null \
		2>"$tap_tmp/lock.err"
	is "$?" 75 "another writer holds the site: --no-wait fails with 75"
	ok "saying so" grep -q 'another pairboot is writing this output' \
		"$tap_tmp/lock.err"
	rm -f "$tap_tmp/.site.lock"
else
	skip "another writer holds the site: --no-wait fails with 75" "no flock"
	skip "saying so" "no flock"
fi

## Killed at any moment ------------------------------------------------------------
# A site of two studies replaced by a site of three, killed with SIGKILL
# at random moments: the folder holds one site or the other, whole; the
# next run clears what the killed one left.  Killed with SIGTERM, a run
# removes its staging folder, its reports inside it and the lock itself.
kill_site=(site --lang en --format md,json,svg)
"$PAIRBOOT" -q "${kill_site[@]}" "$tap_tmp/k.old" "$fx/netthrottle" \
	"$fx/powerplan" </dev/null
"$PAIRBOOT" -q "${kill_site[@]}" "$tap_tmp/k.new" "${paths[@]}" </dev/null
mkdir -p "$tap_tmp/kill"
kills=$(sweep_size 12 60)
RANDOM=11
whole=0
for ((i = 0; i < kills; i++)); do
	cp -a "$tap_tmp/k.old" "$tap_tmp/kill/site"
	"$PAIRBOOT" -q "${kill_site[@]}" "$tap_tmp/kill/site" "${paths[@]}" \
		</dev/null >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(printf '%03d' $((RANDOM % 200)))"
	kill -KILL "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if diff -r "$tap_tmp/k.old" "$tap_tmp/kill/site" >/dev/null 2>&1 ||
		diff -r "$tap_tmp/k.new" "$tap_tmp/kill/site" >/dev/null 2>&1; then
		whole=$((whole + 1))
	fi
	"$PAIRBOOT" -q "${kill_site[@]}" "$tap_tmp/kill/site" "${paths[@]}" \
		</dev/null
	rm -rf "$tap_tmp/kill/site"
done
is "$whole" "$kills" "SIGKILL at $kills random moments: the old site or the new one, whole"
is "$(ls -A "$tap_tmp/kill" 2>&1 | tr '\n' ' ')" "" \
	"and the next run left no staging folder behind"
left=0
stopped=0
for ((i = 0; i < kills; i++)); do
	"$PAIRBOOT" -q "${kill_site[@]}" "$tap_tmp/kill/site" "${paths[@]}" \
		</dev/null >/dev/null 2>&1 &
	pid=$!
	sleep "0.$(printf '%03d' $((RANDOM % 160)))"
	kill -TERM "$pid" 2>/dev/null && stopped=$((stopped + 1))
	wait "$pid" 2>/dev/null
	if [ ! -d "$tap_tmp/kill" ]; then
		left=$((left + 1))
		echo "# SIGTERM $i: the folder holding the site is gone"
		mkdir -p "$tap_tmp/kill"
	elif [ -n "$(ls -A "$tap_tmp/kill" | grep -v '^site$')" ]; then
		left=$((left + 1))
		echo "# SIGTERM $i: left $(ls -A "$tap_tmp/kill" | tr '\n' ' ')"
	fi
	rm -rf "$tap_tmp/kill/site"
done
is "$left" 0 "SIGTERM: the run removes its staging folder and lock, reports inside it too"
diag "SIGTERM reached $stopped of $kills runs before they ended"

## Each write failing in turn ------------------------------------------------------
# With tests/lib/inject.so making the Nth write or fsync fail, for every
# N: exit 73 or 74 with the reason and the earlier site byte-identical, or
# (the sync of the folder after publishing) the new site whole and said
# so; never a staging folder left.
if [ -n "${PAIRBOOT_INJECT:-}" ] && [ -f "$PAIRBOOT_INJECT" ] &&
	[ -z "${PAIRBOOT_SANITIZED:-}" ]; then
	w_site=(site --lang en --format md,json,svg)
	w_new=("$fx/netthrottle" "$fx/powerplan")
	"$PAIRBOOT" -j 1 -q "${w_site[@]}" "$tap_tmp/w.old" "$fx/powerplan" </dev/null
	"$PAIRBOOT" -j 1 -q "${w_site[@]}" "$tap_tmp/w.new" "${w_new[@]}" </dev/null
	mkdir -p "$tap_tmp/w"
	w_run() {
		rm -f "$tap_tmp/w.counts"
		env LD_PRELOAD="$PAIRBOOT_INJECT" PAIRBOOT_FAIL_WRITE="$1" \
			PAIRBOOT_INJECT_COUNT="$tap_tmp/w.counts" \
			timeout 120 "$PAIRBOOT" -j 1 -q "${w_site[@]}" \
			"$tap_tmp/w/site" "${w_new[@]}" </dev/null \
			>/dev/null 2>"$tap_tmp/w.err"
		w_status=$?
	}
	rm -rf "$tap_tmp/w/site"
	cp -a "$tap_tmp/w.old" "$tap_tmp/w/site"
	w_run 0
	n_write=$(sed -n 's/^write //p' "$tap_tmp/w.counts")
	ok "the shim counted the site's writes (${n_write:-0})" \
		test "${n_write:-0}" -ge 10
	w_bad=()
	for ((n = 1; n <= ${n_write:-0}; n++)); do
		rm -rf "$tap_tmp/w/site"
		cp -a "$tap_tmp/w.old" "$tap_tmp/w/site"
		w_run "$n"
		case $w_status in
		73 | 74)
			grep -q 'No space left on device' "$tap_tmp/w.err" ||
				w_bad+=("write $n: no reason given")
			if diff -r "$tap_tmp/w.old" "$tap_tmp/w/site" >/dev/null 2>&1
			then :
			elif grep -q 'was published' "$tap_tmp/w.err" &&
				diff -r "$tap_tmp/w.new" "$tap_tmp/w/site" >/dev/null 2>&1
			then :
			else w_bad+=("write $n: exit $w_status, the site changed")
			fi ;;
		*) w_bad+=("write $n: exit $w_status") ;;
		esac
		[ -z "$(ls -A "$tap_tmp/w" | grep -v '^site$')" ] ||
			w_bad+=("write $n: a staging folder or lock is left")
		rm -rf "$tap_tmp/w/.site"*
	done
	is "${#w_bad[@]}" 0 "each of the site's ${n_write:-0} writes failing: the earlier site whole, nothing left"
	[ ${#w_bad[@]} -gt 0 ] && diag "${w_bad[@]}"
else
	skip "each of the site's writes failing: the earlier site whole, nothing left" \
		"no fault-injection shim (or a sanitized build)"
fi

## report --figure-prefix ----------------------------------------------------------
run_pb --quiet report "$fx/powerplan" -o "$tap_tmp/pre" --lang en \
	--format md,png,pdf --figure-prefix pp_1.
is "$pb_status" 0 "report --figure-prefix exits 0"
is "$(cd "$tap_tmp/pre" && ls -- *.png *.pdf | tr '\n' ' ')" \
	"pp_1.boots.en.png pp_1.interval.en.png pp_1.report.en.pdf " \
	"and names the figures and the PDF after it"
ok "which the page shows" grep -qF '](pp_1.interval.en.png)' "$tap_tmp/pre/en.md"
run_pb --quiet verify "$fx/powerplan" -a "$tap_tmp/pre/en.md"
is "$pb_status" 0 "and verify passes"
run_pb report "$fx/powerplan" -o "$tap_tmp/pre" --figure-prefix a/b
is "$pb_status" 64 "a prefix with a '/' is a usage error"
run_pb report "$fx/powerplan" -o "$tap_tmp/pre" --figure-prefix .x
is "$pb_status" 64 "so is one starting with '.'"

done_testing
