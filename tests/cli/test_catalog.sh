#!/bin/bash
# test_catalog.sh: the build-time check of the translation catalogs
# (po/check-catalog, which the rule for render/i18n_catalog.c runs on every
# po/LANG.po).  The shipped catalogs pass; a copy with one translation
# removed, one marked fuzzy, one with a wrong printf directive or one
# message deleted fails, so a missing translation stops the build instead
# of putting English on a German page.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

check=$top_srcdir/po/check-catalog
pot=${top_builddir:?}/po/check.pot
work=$tap_tmp/po
mkdir -p "$work"

for tool in msgfmt msgcmp msgattrib; do
	if ! command -v "$tool" >/dev/null; then
		skip "the catalog check" "$tool is not installed (Debian package gettext)"
		done_testing
	fi
done

ok "the build extracted a template from the sources" test -s "$pot"
for l in de cs ko; do
	ok "po/$l.po passes the check" \
		sh "$check" "$top_srcdir/po/$l.po" "$pot" "$work/$l.mo"
	ok "and compiles to po/$l.mo" test -s "$work/$l.mo"
done
ok "po/pairboot.pot holds every message of the sources (else: make update-po)" \
	msgcmp --use-untranslated "$top_srcdir/po/pairboot.pot" "$pot"

# check_fails NAME FILE PATTERN: the check of FILE fails, says PATTERN and
# leaves no .mo behind.
check_fails() {
	sh "$check" "$2" "$pot" "$work/broken.mo" >"$work/out" 2>&1
	status=$?
	is "$status" 1 "$1: the check fails"
	ok "$1: the message says so" grep -q -- "$3" "$work/out"
	ok "$1: no catalog is written" test ! -e "$work/broken.mo"
}

# The copy itself passes: the failures below come from the one change.
cp "$top_srcdir/po/de.po" "$work/de.po"
ok "an unchanged copy of po/de.po passes" \
	sh "$check" "$work/de.po" "$pot" "$work/copy.mo"

# One msgstr emptied.
sed '/^msgid "rounded down"$/{n;s/^msgstr .*/msgstr ""/}' \
	"$work/de.po" >"$work/empty.po"
emptied() {
	grep -A1 -x 'msgid "rounded down"' "$work/empty.po" | grep -qx 'msgstr ""'
}
ok "the edit took" emptied
check_fails "one msgstr removed" "$work/empty.po" "untranslated"

# One translation marked fuzzy (as msgmerge does when a msgid changes).
sed 's/^msgid "rounded down"$/#, fuzzy\n&/' "$work/de.po" >"$work/fuzzy.po"
check_fails "one translation fuzzy" "$work/fuzzy.po" "fuzzy"

# A printf directive that differs from the msgid's.
sed 's/^msgstr "API gab %s zurück"$/msgstr "API gab %d zurück"/' \
	"$work/de.po" >"$work/format.po"
ok "the format edit took" grep -q 'API gab %d' "$work/format.po"
check_fails "a wrong format directive" "$work/format.po" "msgfmt --check"

# A message deleted altogether (a new string nobody translated yet).
awk 'BEGIN { RS = ""; ORS = "\n\n" } !/\nmsgid "Result"\n/' \
	"$work/de.po" >"$work/deleted.po"
ok "the deletion took" test "$(grep -c '^msgid "Result"$' "$work/deleted.po")" -eq 0
check_fails "one message deleted" "$work/deleted.po" "no translation"

done_testing
