/* test_pagedoc.c: a page document's sections, and what a failed page
 * leaves of them. */
#include <string.h>

#include "render/pagedoc.h"
#include "tests/lib/tap.h"

int main(void)
{
	pagedoc *doc = pagedoc_new();
	GString *text = pagedoc_text(doc);

	g_string_append(text, "abc");
	pagedoc_begin(doc, PAGE_VALUES);
	g_string_append(text, "defg");
	pagedoc_begin(doc, PAGE_INPUT);
	g_string_append(text, "hi");
	tap_ok(pagedoc_len(doc) == 9
	       && strcmp(pagedoc_str(doc), "abcdefghi") == 0,
	       "the text is what was written");
	tap_ok(pagedoc_section_at(doc, 0) == PAGE_TOP
	       && pagedoc_section_at(doc, 2) == PAGE_TOP,
	       "before the first section: the top");
	tap_ok(pagedoc_section_at(doc, 3) == PAGE_VALUES
	       && pagedoc_section_at(doc, 6) == PAGE_VALUES,
	       "a section from where it began");
	tap_ok(pagedoc_section_at(doc, 7) == PAGE_INPUT
	       && pagedoc_section_at(doc, 8) == PAGE_INPUT
	       && pagedoc_section_at(doc, 100) == PAGE_INPUT,
	       "the last section runs to the end");

	/* A page that failed after writing "de" and beginning a section. */
	pagedoc_truncate(doc, 5);
	tap_ok(pagedoc_len(doc) == 5 && pagedoc_section_at(doc, 4) == PAGE_VALUES
	       && pagedoc_section_at(doc, 7) == PAGE_VALUES,
	       "cut: the text and the section begun after the cut are gone");
	pagedoc_begin(doc, PAGE_RUNS);
	g_string_append(text, "x");
	tap_ok(pagedoc_section_at(doc, 5) == PAGE_RUNS
	       && pagedoc_section_at(doc, 4) == PAGE_VALUES,
	       "a section begun after the cut starts where the text ends");
	/* A cut right where a section began drops that section too. */
	pagedoc_truncate(doc, 3);
	tap_ok(pagedoc_len(doc) == 3 && pagedoc_section_at(doc, 3) == PAGE_TOP,
	       "cut at a section's start: the section is gone");
	pagedoc_free(doc);
	pagedoc_free(NULL);
	return tap_done();
}
