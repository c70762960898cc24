#!/bin/bash
# test_reports.sh: the committed reports/ are exactly what pairboot writes
# now (the project's reproducibility guarantee: after a deliberate change,
# `make reports` rewrites them), the Markdown pages do not depend on the
# locale, and --lang chooses the pages.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

study=$top_srcdir/fixtures/mmcss-26200.9168
mkdir -p "$tap_tmp/fresh" "$tap_tmp/loc"

## The committed reports are a fresh run, byte for byte ------------------
for s in mmcss-26200.9168 netthrottle powerplan; do
	run_pb --quiet report "$top_srcdir/fixtures/$s" -o "$tap_tmp/fresh/$s"
	is "$pb_status" 0 "$s: report exits 0"
	ok "$s: reports/$s is byte-identical to a fresh run (make reports)" \
		diff -r "$top_srcdir/reports/$s" "$tap_tmp/fresh/$s"
done
# The plan table of the example study: plan.json and the printed table.
run_pb --quiet plan "$study" -o "$tap_tmp/fresh/plan"
is "$pb_status" 0 "plan of mmcss-26200.9168 exits 0"
ok "reports/plan-mmcss-26200.9168 is byte-identical to a fresh run" \
	diff -r "$top_srcdir/reports/plan-mmcss-26200.9168" "$tap_tmp/fresh/plan"
run_pb plan "$study"
ok "reports/plan-mmcss-26200.9168.txt is the table plan prints" \
	cmp -s "$top_srcdir/reports/plan-mmcss-26200.9168.txt" "$pb_out_file"
# pages DIR: the Markdown pages in folder DIR, on one line.
pages() {
	(cd "$1" && ls -- *.md 2>/dev/null | tr '\n' ' ')
}
is "$(pages "$tap_tmp/fresh/mmcss-26200.9168")" "cs.md de.md en.md ko.md " \
	"by default the pages are written in all four languages"

## The same bytes whatever the locale ------------------------------------
# pairboot never calls setlocale and carries its catalogs: the plain C
# locale (where gettext would answer in English), C.UTF-8, a LANG that is
# not installed and gettext's LANGUAGE must all give the same pages.
report_under() {
	local name=$1
	shift
	env "$@" "$PAIRBOOT" --quiet report "$study" -o "$tap_tmp/loc/$name" \
		</dev/null
}
report_under c LC_ALL=C
report_under cutf8 LC_ALL=C.UTF-8
report_under xx -u LC_ALL LANG=xx_YY.UTF-8
report_under language -u LC_ALL LANG=C LANGUAGE=de:ko
same_pages() {
	local l
	for l in en de cs ko; do
		cmp "$tap_tmp/loc/c/$l.md" "$tap_tmp/loc/$1/$l.md" || return 1
	done
}
ok "LC_ALL=C gives the committed pages" \
	diff -r "$top_srcdir/reports/mmcss-26200.9168" "$tap_tmp/loc/c"
ok "LC_ALL=C.UTF-8 gives the same pages" same_pages cutf8
ok "LANG=xx_YY.UTF-8 (not installed) gives the same pages" same_pages xx
ok "LANGUAGE=de:ko gives the same pages" same_pages language
for l in de_DE.UTF-8 cs_CZ.UTF-8; do
	key=$(printf '%s' "$l" | tr '[:upper:]' '[:lower:]' | tr -d -- '-')
	if locale -a 2>/dev/null | tr '[:upper:]' '[:lower:]' | tr -d -- '-' |
		grep -qxF -- "$key"; then
		report_under "$l" -u LC_ALL LANG="$l" LC_NUMERIC="$l"
		ok "LANG=$l (decimal comma) gives the same pages" \
			same_pages "$l"
	else
		skip "LANG=$l gives the same pages" "locale not installed"
	fi
done
# A Korean desktop: fontconfig then names NanumGothic by its Korean name,
# which must not make the fonts look missing.  The locale is built into a
# private LOCPATH when the system lacks it; FC_LANG=ko alone does the same
# to fontconfig.  Every file of the report (figures, PDFs) is compared.
ko_locpath=$tap_tmp/locales
if ! locale -a 2>/dev/null | grep -qix 'ko_KR.utf-\{0,1\}8'; then
	mkdir -p "$ko_locpath"
	localedef -i ko_KR -f UTF-8 "$ko_locpath/ko_KR.UTF-8" >/dev/null 2>&1
fi
report_under ko LOCPATH="$ko_locpath" LC_ALL=ko_KR.UTF-8 LANG=ko_KR.UTF-8
is "$?" 0 "LC_ALL=ko_KR.UTF-8: the report is written"
ok "LC_ALL=ko_KR.UTF-8 gives the same files, figures and PDFs included" \
	diff -r "$tap_tmp/loc/c" "$tap_tmp/loc/ko"
report_under fcko LC_ALL=C FC_LANG=ko
is "$?" 0 "FC_LANG=ko: the report is written"
ok "FC_LANG=ko gives the same files, figures and PDFs included" \
	diff -r "$tap_tmp/loc/c" "$tap_tmp/loc/fcko"
ok "no number on any page is written with a decimal comma" \
	test -z "$(grep -E '[0-9],[0-9]' "$tap_tmp"/loc/*/*.md)"

## --lang ------------------------------------------------------------------
run_pb --quiet report "$study" -o "$tap_tmp/lang" --lang ko,en
is "$pb_status" 0 "--lang ko,en exits 0"
is "$(pages "$tap_tmp/lang")" "en.md ko.md " \
	"--lang ko,en writes just those two pages"
ok "beside results.json" test -s "$tap_tmp/lang/results.json"
ok "and they are the pages of a full run" \
	cmp "$tap_tmp/lang/ko.md" "$tap_tmp/loc/c/ko.md"
run_pb --quiet report "$study" -o "$tap_tmp/lang" --lang=de
is "$(pages "$tap_tmp/lang")" "de.md " \
	"--lang=de replaces the folder as a whole: en.md and ko.md are gone"
run_pb report "$study" -o "$tap_tmp/bad" --lang fr
is "$pb_status" 64 "an unknown language is a usage error (64)"
is "$pb_err" "pairboot: report: unknown language 'fr' in --lang (known: en, de, cs, ko)
Try 'pairboot --help' for more information.
" "and the message names the languages"
ok "and nothing is written" test ! -e "$tap_tmp/bad"
run_pb report "$study" -o "$tap_tmp/bad" --lang de,de
is "$pb_status" 64 "a language given twice is a usage error"
run_pb report "$study" -o "$tap_tmp/bad" --lang ''
is "$pb_status" 64 "an empty list is a usage error"
run_pb report "$study" -o "$tap_tmp/bad" --lang en,
is "$pb_status" 64 "an empty name in the list is a usage error"
run_pb report "$study" --lang
is "$pb_status" 64 "--lang without a value is a usage error"

done_testing
