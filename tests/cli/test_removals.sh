#!/bin/bash
# test_removals.sh: every removal of the program goes through
# common/ownfs.c.
#
# A removal elsewhere could take a path through a link planted beside an
# output (docs/robustness.md, "What is beside an output").  The program's
# sources (common, ingest, analyze, render, src) may call unlink, unlinkat,
# rmdir and remove only in common/ownfs.c; a line that does, anywhere
# else, is named with its file and line.  The tests, benchmarks and the
# fixture generator are not the program and may tidy up as they like.
#
# Copyright (C) 2026 the pairboot authors
# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck source=tests/lib/lib.sh
. "$top_srcdir/tests/lib/lib.sh"

cd "$top_srcdir" || exit 99
pattern='(^|[^_[:alnum:]])(unlink|unlinkat|rmdir|remove)[[:space:]]*\('
found=$(grep -nE "$pattern" common/*.c ingest/*.c analyze/*.c render/*.c \
	src/*.c | grep -v '^common/ownfs\.c:' |
	grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/?\*|//)')
is "$found" "" "no source file but common/ownfs.c removes a file or folder"
ok "common/ownfs.c itself removes with unlinkat" \
	grep -q 'unlinkat(' common/ownfs.c

# The check finds what it looks for: a removal written into a copy of a
# source file is named.
sample=$tap_tmp/sample.c
printf 'static void f(void)\n{\n\tunlink(path);\n}\n' >"$sample"
ok "the pattern finds a call of unlink" grep -qE "$pattern" "$sample"
done_testing
