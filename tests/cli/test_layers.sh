#!/bin/bash
# test_layers.sh: the layering check (build-aux/check-layers) passes on the
# source tree and fails, naming the file, the line and the forbidden
# folder, on an include that goes up or sideways, and on an include cycle.
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

done_testing
