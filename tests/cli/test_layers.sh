#!/bin/bash
# test_layers.sh: the layering check (build-aux/check-layers) passes on the
# source tree and fails, naming the file, the line and the forbidden
# folder, on an include that goes up or sideways, and on an include cycle.
# The link check (build-aux/check-links) passes on the built libraries and
# fails on a library that uses a symbol of a layer above it, and on object
# files that call each other (a call cycle).
#
# The faulty trees are written into a scratch folder: copies of real
# folders with one include added, or a few small files, each judged by the
# project's own table (build-aux/layers.txt).
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

table=$top_srcdir/build-aux/layers.txt
checker=$top_srcdir/build-aux/check-layers

# check TREE: runs the checker on TREE with the project's table; leaves the
# exit status in status and the report in the file $tap_tmp/out.
check() {
	sh "$checker" "$table" "$1" >"$tap_tmp/out" 2>&1
	status=$?
}

# put FILE LINE...: writes the LINEs into FILE below the tree $tree.
put() {
	local file=$tree/$1
	shift
	mkdir -p "${file%/*}"
	printf '%s\n' "$@" >"$file"
}

# --- the source tree itself
check "$top_srcdir"
is "$status" 0 "the source tree keeps to build-aux/layers.txt"
[ "$status" -eq 0 ] || diag "$(cat "$tap_tmp/out")"

# --- a real folder with one upward include added at its end
tree=$tap_tmp/up
mkdir -p "$tree"
cp -R "$top_srcdir/common" "$top_srcdir/ingest" "$tree/"
chmod -R u+w "$tree"    # the source tree may be read-only (distcheck)
echo '#include "render/markdown.h"' >>"$tree/ingest/state.c"
line=$(wc -l <"$tree/ingest/state.c")
check "$tree"
is "$status" 1 "ingest/ including render/ fails"
is "$(cat "$tap_tmp/out")" \
"ingest/state.c:$line: ingest may not include render (\"render/markdown.h\")
check-layers: 1 fault(s); the allowed includes are in $table" \
   "the report names the file, the line and the forbidden folder"

# --- sideways and upward includes in a header, spaced as C allows; a
# --- folder's own headers, those of lower layers and system headers pass
tree=$tap_tmp/side
put common/note.h '/* note.h */' '#  include "analyze/verdict.h"' \
	'#include <stdio.h>' '#include "common/diag.h"'
put common/diag.h '/* diag.h */'
put analyze/verdict.h '/* verdict.h */' '#include "render/markdown.h"'
put render/i18n.h '/* i18n.h */' '#include "analyze/verdict.h"' \
	'#include "ingest/study.h"' '#include "common/diag.h"' \
	'#include "config.h"'
put ingest/study.h '#include "common/diag.h"'
put src/main.c '#include "render/i18n.h"' '#include "tests/lib/tap.h"'
put tests/lib/tap.h '/* tap.h */'
check "$tree"
is "$status" 1 "includes that go up or sideways fail"
ok "a header's include is seen, spaces and all" \
	grep -qx 'common/note.h:2: common may not include analyze ("analyze/verdict.h")' \
	"$tap_tmp/out"
ok "analyze/ including render/ is named" \
	grep -qx 'analyze/verdict.h:2: analyze may not include render ("render/markdown.h")' \
	"$tap_tmp/out"
ok "the program including a test header is named" \
	grep -qx 'src/main.c:2: src may not include tests ("tests/lib/tap.h")' \
	"$tap_tmp/out"
is "$(grep -c 'may not include' "$tap_tmp/out")" 3 \
   "allowed includes are not reported"

# --- include cycles: two modules of one folder, and three across folders
tree=$tap_tmp/cycle
put ingest/plan.c '#include "ingest/plan.h"' '#include "ingest/study.h"'
put ingest/plan.h '/* plan.h */'
put ingest/study.h '/* study.h */' '#include "ingest/plan.h"'
check "$tree"
is "$status" 1 "two modules that include each other fail"
is "$(cat "$tap_tmp/out")" \
"include cycle between modules:
  ingest/plan.c:2: ingest/plan includes ingest/study.h
  ingest/study.h:2: ingest/study includes ingest/plan.h
check-layers: 1 fault(s); the allowed includes are in $table" \
   "the cycle is reported with the includes that close it"

tree=$tap_tmp/loop
put common/a.c '#include "common/b.h"'
put common/b.c '#include "common/c.h"'
put common/c.h '#include "common/a.h"'
put common/a.h '/* a.h */'
put common/d.c '#include "common/a.h"'
check "$tree"
is "$status" 1 "a loop around three modules fails"
is "$(grep -c 'includes common/' "$tap_tmp/out")" 3 \
   "the loop's three includes are listed, not the one into it"

# --- usage
sh "$checker" "$tap_tmp/none.txt" "$top_srcdir" \
	>/dev/null 2>&1
is "$?" 2 "a missing table is a usage error"

# --- the libraries: a header of one folder whose functions another
# --- folder defines is a dependency on that folder, as the linker sees it
links=$top_srcdir/build-aux/check-links
libs=
for f in common ingest analyze render; do
	libs="$libs $top_builddir/$f/lib$f.a"
done
# shellcheck disable=SC2086  # the paths hold no blanks
sh "$links" "$table" $libs "$top_builddir"/src/*.o >"$tap_tmp/out" 2>&1
is "$?" 0 "the built libraries and the program's objects use only the layers build-aux/layers.txt allows"
[ -s "$tap_tmp/out" ] && diag "$(cat "$tap_tmp/out")"

# lib FOLDER NAME C-TEXT: builds FOLDER/libFOLDER.a below $tap_tmp/libs from
# one file NAME.c.
lib() {
	local dir=$tap_tmp/libs/$1
	mkdir -p "$dir"
	printf '%s\n' "$3" >"$dir/$2.c"
	(cd "$dir" && ${CC:-cc} -c "$2.c" -o "$2.o" && ${AR:-ar} cr "lib$1.a" "$2.o")
}
if lib render markdown 'int markdown_cell(void) { return 1; }' \
   && lib common note 'int markdown_cell(void);
int note_cell(void) { return markdown_cell(); }' \
   && lib analyze verdict 'int note_cell(void);
int verdict_cell(void) { return note_cell(); }'; then
	l=$tap_tmp/libs
	sh "$links" "$table" "$l/common/libcommon.a" "$l/analyze/libanalyze.a" \
		"$l/render/librender.a" >"$tap_tmp/out" 2>&1
	is "$?" 1 "common/ calling a function that render/ defines fails"
	is "$(cat "$tap_tmp/out")" \
"$l/common/libcommon.a(note.o): common may not use markdown_cell of render ($l/render/librender.a(markdown.o))
check-links: 1 fault(s); the allowed dependencies are in $table" \
	   "the report names the member, the symbol and both folders"
	sh "$links" "$table" "$l/analyze/libanalyze.a" "$l/common/libcommon.a" \
		>/dev/null 2>&1
	is "$?" 0 "analyze/ calling into common/ passes"
	mkdir -p "$l/src"
	printf '%s\n' 'int cli_said(void) { return 2; }' >"$l/src/cli.c"
	printf '%s\n' 'int cli_said(void);' \
		'int figure_said(void) { return cli_said(); }' >"$l/render/figure.c"
	(cd "$l" && ${CC:-cc} -c src/cli.c -o src/cli.o \
	 && ${CC:-cc} -c render/figure.c -o render/figure.o \
	 && ${AR:-ar} cr render/librender.a render/figure.o)
	sh "$links" "$table" "$l/render/librender.a" "$l/src/cli.o" \
		>"$tap_tmp/out" 2>&1
	is "$?:$(head -n 1 "$tap_tmp/out")" \
"1:$l/render/librender.a(figure.o): render may not use cli_said of src ($l/src/cli.o(cli.o))" \
	   "a library calling back into the program's objects fails"
	# Two objects of one folder that call each other (through headers of
	# a third module, so the include check sees no cycle), and a loop
	# around three, with a fourth object calling into it from outside.
	c=$l/cycle
	mkdir -p "$c/ingest"
	printf '%s\n' 'int digest_of(void); int plan_kind(void) { return 1; }' \
		'int plan_read(void) { return digest_of(); }' >"$c/ingest/plan.c"
	printf '%s\n' 'int plan_kind(void);' \
		'int digest_of(void) { return plan_kind(); }' >"$c/ingest/digest.c"
	printf '%s\n' 'int b_f(void); int a_f(void) { return b_f(); }' >"$c/ingest/a.c"
	printf '%s\n' 'int c_f(void); int b_f(void) { return c_f(); }' >"$c/ingest/b.c"
	printf '%s\n' 'int a_f(void); int c_f(void) { return a_f(); }' >"$c/ingest/c.c"
	printf '%s\n' 'int a_f(void); int d_f(void) { return a_f(); }' >"$c/ingest/d.c"
	if (cd "$c/ingest" && for m in plan digest a b c d; do
		${CC:-cc} -c "$m.c" -o "$m.o" || exit 1; done &&
		${AR:-ar} cr libingest.a plan.o digest.o a.o b.o c.o d.o); then
		sh "$links" "$table" "$c/ingest/libingest.a" >"$tap_tmp/out" 2>&1
		is "$?" 1 "objects that call each other fail, even in one folder"
		a=$c/ingest/libingest.a
		is "$(cat "$tap_tmp/out")" \
"call cycle between object files:
  $a(a.o) uses b_f of $a(b.o)
  $a(b.o) uses c_f of $a(c.o)
  $a(c.o) uses a_f of $a(a.o)
call cycle between object files:
  $a(digest.o) uses plan_kind of $a(plan.o)
  $a(plan.o) uses digest_of of $a(digest.o)
check-links: 2 fault(s); the allowed dependencies are in $table" \
		   "each cycle is listed with the calls that close it, not the call into it"
	else
		skip "check-links: a call cycle fails" "the test objects did not build"
		skip "check-links: the cycle is named" "the test objects did not build"
	fi
else
	for what in "a call up fails" "it is named" "a call down passes" \
		"a call into src fails" "a call cycle fails" \
		"the cycle is named"; do
		skip "check-links: $what" "no C compiler to build test libraries"
	done
fi
sh "$links" "$table" "$tap_tmp/libs/none/libnone.a" >/dev/null 2>&1
is "$?" 2 "a missing library is a usage error"
mkdir -p "$tap_tmp/junk/common"
echo 'not an archive' >"$tap_tmp/junk/common/libcommon.a"
sh "$links" "$table" "$tap_tmp/junk/common/libcommon.a" >"$tap_tmp/out" 2>&1
is "$?:$(head -n 1 "$tap_tmp/out")" \
   "2:check-links: ${NM:-nm} cannot read $tap_tmp/junk/common/libcommon.a:" \
   "a library nm cannot read is an error, not a pass"

done_testing
