#!/bin/bash
# test_potfiles.sh: po/POTFILES.in, the one list of the sources whose
# words are translated, is complete and names only existing files.
#
# "Uses the translation macros" means: xgettext, with the keywords the
# build extracts with (tr, trc, trn, N_, NC_, NN_, P_, PC_, PN_;
# I18N_KEYWORDS from po/Makefile.inc), finds a message in the file.  A
# source left off the list would have its words silently untranslated.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

: "${XGETTEXT:=xgettext}"
: "${I18N_KEYWORDS:?I18N_KEYWORDS must hold the xgettext keyword options}"

# listed LIST: the file names of LIST (a POTFILES.in), one a line, sorted.
listed() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/[[:space:]]*$//' "$1" |
		LC_ALL=C sort
}

# translated TREE: the .c and .h files below TREE's stages and program in
# which xgettext finds a message, one a line, sorted.
translated() {
	local files
	files=$(cd "$1" && find common ingest analyze render src \
		-name '*.[ch]' ! -name 'i18n_catalog.c' 2>/dev/null | LC_ALL=C sort)
	# shellcheck disable=SC2086  # word splitting is wanted
	(cd "$1" && "$XGETTEXT" --language=C --from-code=UTF-8 \
		$I18N_KEYWORDS --sort-by-file --no-wrap -o - $files) |
		sed -n 's/^#: //p' | tr ' ' '\n' | sed 's/:[0-9]*$//' |
		LC_ALL=C sort -u
}

# missing TREE LIST: the translated files of TREE that LIST leaves out.
missing() {
	LC_ALL=C comm -23 <(translated "$1") <(listed "$2")
}

list=$top_srcdir/po/POTFILES.in

is "$(missing "$top_srcdir" "$list")" "" \
   "every source that uses the translation macros is in po/POTFILES.in"

absent=
while read -r f; do
	[ -f "$top_srcdir/$f" ] || absent="$absent $f"
done < <(listed "$list")
is "$absent" "" "every file po/POTFILES.in names exists"

is "$(listed "$list" | uniq -d)" "" "po/POTFILES.in names each file once"

# The check itself: a tree with one translated file the list leaves out.
tree=$tap_tmp/tree
mkdir -p "$tree/render" "$tree/src"
printf '%s\n' 'static const char *w(void *p) { return tr(p, "Result"); }' \
	>"$tree/render/page.c"
printf '%s\n' 'static const char *v = NC_("verdict", "better");' \
	>"$tree/src/words.c"
printf '%s\n' 'int main(void) { return 0; }' >"$tree/src/main.c"
printf '%s\n' '# a list' 'render/page.c' >"$tap_tmp/list"
is "$(missing "$tree" "$tap_tmp/list")" "src/words.c" \
   "a translated source left off the list is found"

done_testing
