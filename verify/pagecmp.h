/* pagecmp.h: a published page set beside the page pairboot writes from
 * the study, both as a reader sees them (ingest/pageview.h).
 *
 * The fresh rendering is marked (render/mdpage.h): its numbers carry
 * their exact values and rules (verify/marks.h).  Each unit of the
 * published page (a heading, paragraph, list item, table row or image)
 * is judged once:
 *
 *  1. a unit equal to one of the rendering is a match (the same unit
 *     again, a copy, matches too: it says the same);
 *  2. a table of the page is the rendering's table most of whose rows it
 *     shares; a row of it is set beside the row with its first cell, cell
 *     by cell: where the cell's words are the rendering's, its numbers are
 *     judged by their rules; else the cell is a MISMATCH.  A row the table
 *     does not have, or a second row for one it has, is "not in data";
 *  3. a unit that has the shape of one of the rendering (the same words,
 *     numbers left open) is set beside it likewise; a second unit of a
 *     shape already matched is "not in data";
 *  4. a unit that shares most of its words with a unit of the rendering
 *     left without a partner is that unit, differently worded, and an
 *     image is the rendering's image of its file: MISMATCH;
 *  5. a unit that fits a sentence pairboot can write in the page's
 *     language (verify/templates.h) but is none of the above is "not in
 *     data";
 *  6. what is left is an author's text: not checked.
 *
 * A unit of the rendering left without a partner is OMITTED.  Work is
 * linear in the page's size but for steps 4 and 5, which stop after a
 * fixed budget (PAGECMP_PAIR_BUDGET word-set comparisons,
 * PAGECMP_TEMPLATE_BUDGET bytes matched against the templates): the units
 * past it are left unjudged, and the result says so. */
#ifndef PAIRBOOT_PAGECMP_H
#define PAIRBOOT_PAGECMP_H

#include <stdbool.h>
#include <stddef.h>

#include "common/status.h"
#include "ingest/pageview.h"
#include "verify/marks.h"
#include "verify/templates.h"
#include "verify/vreport.h"

#define PAGECMP_PAIR_BUDGET ((size_t)4 << 20)
#define PAGECMP_TEMPLATE_BUDGET ((size_t)2 << 20)

/* A rendering, read and ready to be compared with; it remembers which of
 * its units the last page compared with it showed (pagecmp_hidden). */
typedef struct pagecmp_expected pagecmp_expected;

/* Reads the marked rendering MARKED (LEN bytes).  PB_OK; PB_SOFTWARE when
 * its marks are malformed; PB_NOMEM. */
pb_status pagecmp_expect(const char *marked, size_t len,
			 pagecmp_expected **out);
void pagecmp_expected_free(pagecmp_expected *e);

/* How many units of PAGE are units of E as they stand: how well E's
 * language fits the page. */
size_t pagecmp_score(const pagecmp_expected *e, const pageview *page);

/* What was read and how it was judged. */
typedef struct pagecmp_stats {
	size_t tables, rows, texts;   /* the page's tables, rows, other units */
	size_t tables_paired;         /* tables set beside the rendering's */
	size_t recognised;            /* units judged as pairboot's */
	size_t author;                /* units of author text */
	size_t author_lines;          /* lines they take */
	size_t unjudged;              /* units left past a budget */
} pagecmp_stats;

/* Compares PAGE with E under RULES, adding one item per unit (and per
 * number that does not follow) to R, author text as "not checked" items
 * (one per unit), and E's units left over as OMITTED; T: the templates of
 * the page's language.  PB_OK or PB_NOMEM. */
pb_status pagecmp_run(pagecmp_expected *e, const pageview *page,
		      const templates *t, const marks_rules *rules,
		      vreport *r, pagecmp_stats *stats);

/* The units of HIDDEN (text a reader of the page does not see, read on
 * its own; its line 1 is the page's line FIRST_LINE) that are units of E,
 * or have their shape, which the page compared last (pagecmp_run) does
 * not show as they follow from the data: pairboot's results kept out of
 * sight.  Each is added to R as a MISMATCH; returns how many, or
 * (size_t)-1 when out of memory. */
size_t pagecmp_hidden(const pagecmp_expected *e, const pageview *hidden,
		      size_t first_line, vreport *r);

#endif
