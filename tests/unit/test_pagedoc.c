/* test_pagedoc.c: a page document's blocks, the Markdown it writes of
 * them, their sections, and what a failed page leaves. */
#include <string.h>

#include "render/pagedoc.h"
#include "tests/lib/tap.h"

/* Block I of DOC is of KIND in SECTION, with TEXT (NULL: a table). */
static bool block_is(const pagedoc *doc, size_t i, page_block_kind kind,
		     page_section section, const char *text)
{
	const page_block *b;

	if (i >= pagedoc_n_blocks(doc))
		return false;
	b = pagedoc_block(doc, i);
	if (b->kind != kind || b->section != section)
		return false;
	return text ? b->text && strcmp(b->text, text) == 0 : !b->text;
}

static void test_markdown_of_blocks(pagedoc *doc)
{
	static const char *const head[] = { "A", "B `\\|`" };
	static const char *const short_row[] = { "1" };
	static const char *const long_row[] = { "x", "y", "z" };
	static const char want[] =
		"# Title\n"
		"\n"
		"One paragraph.\n"
		"\n"
		"## Values\n"
		"\n"
		"- one\n"
		"- two\n"
		"\n"
		"| A | B `\\|` |\n"
		"|---|---|\n"
		"| 1 |  |\n"
		"| x | y |\n"
		"\n"
		"### Series 2\n";

	pagedoc_heading(doc, 1, "Title");
	pagedoc_paragraph(doc, "One paragraph.");
	pagedoc_begin(doc, PAGE_VALUES);
	pagedoc_heading(doc, 2, "Values");
	pagedoc_bullet(doc, "one");
	pagedoc_bullet(doc, "two");
	pagedoc_table(doc, head, 2);
	pagedoc_row(doc, short_row, 1);
	pagedoc_row(doc, long_row, 3);
	pagedoc_heading(doc, 3, "Series 2");
	tap_streq(pagedoc_str(doc), want,
		  "blank lines between blocks, none inside a list or table");
	tap_ok(pagedoc_len(doc) == strlen(want), "the length is the text's");
	tap_ok(pagedoc_n_blocks(doc) == 7, "seven blocks (%zu)",
	       pagedoc_n_blocks(doc));
	tap_ok(block_is(doc, 0, PAGE_HEADING, PAGE_TOP, "Title")
	       && pagedoc_block(doc, 0)->level == 1
	       && block_is(doc, 1, PAGE_PARAGRAPH, PAGE_TOP, "One paragraph."),
	       "before the first section: the top");
	tap_ok(block_is(doc, 2, PAGE_HEADING, PAGE_VALUES, "Values")
	       && block_is(doc, 3, PAGE_BULLET, PAGE_VALUES, "one")
	       && block_is(doc, 4, PAGE_BULLET, PAGE_VALUES, "two")
	       && block_is(doc, 6, PAGE_HEADING, PAGE_VALUES, "Series 2")
	       && pagedoc_block(doc, 6)->level == 3,
	       "blocks belong to the section last begun");
	if (block_is(doc, 5, PAGE_TABLE, PAGE_VALUES, NULL)) {
		const page_block *t = pagedoc_block(doc, 5);
		tap_ok(t->n_cols == 2 && t->n_rows == 3,
		       "a table of 2 columns and 3 rows");
		tap_ok(strcmp(t->cells[1], "B `\\|`") == 0
		       && strcmp(t->cells[2], "1") == 0
		       && strcmp(t->cells[3], "") == 0
		       && strcmp(t->cells[5], "y") == 0,
		       "cells as Markdown; a short row padded, a long one cut");
	} else {
		tap_ok(false, "block 5 is a table");
	}
}

static void test_truncate(pagedoc *doc)
{
	size_t len = pagedoc_len(doc);

	/* A page that failed after adding a section and two blocks. */
	pagedoc_begin(doc, PAGE_RUNS);
	pagedoc_heading(doc, 2, "Runs");
	pagedoc_bullet(doc, "lost");
	pagedoc_truncate(doc, len);
	tap_ok(pagedoc_len(doc) == len && pagedoc_n_blocks(doc) == 7,
	       "cut: the text and blocks written after it are gone");
	pagedoc_paragraph(doc, "after");
	tap_ok(block_is(doc, 7, PAGE_PARAGRAPH, PAGE_VALUES, "after")
	       && strcmp(pagedoc_str(doc) + len, "\nafter\n") == 0,
	       "a block after the cut follows the last one kept");
	pagedoc_truncate(doc, 0);
	tap_ok(pagedoc_len(doc) == 0 && pagedoc_n_blocks(doc) == 0,
	       "cut to nothing");
	pagedoc_bullet(doc, "first");
	tap_ok(block_is(doc, 0, PAGE_BULLET, PAGE_TOP, "first")
	       && strcmp(pagedoc_str(doc), "- first\n") == 0,
	       "the first block has no blank line before it");
}

int main(void)
{
	pagedoc *doc = pagedoc_new();

	tap_ok(pagedoc_n_blocks(doc) == 0 && pagedoc_len(doc) == 0
	       && strcmp(pagedoc_str(doc), "") == 0, "a new document is empty");
	test_markdown_of_blocks(doc);
	test_truncate(doc);
	pagedoc_free(doc);
	pagedoc_free(NULL);
	return tap_done();
}
