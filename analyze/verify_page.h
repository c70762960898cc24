/* verify_page.h: the second half of `pairboot verify` against a page:
 * every line pairboot writes, looked for in the published page.
 *
 * The first half (analyze/verify.h) reads what a page states through its
 * tables and known sentences and checks each number, verdict, setting and
 * count.  What it does not read (a series' verdict inside a conclusion, a
 * unit, a coverage figure, the heterogeneity and design sentences, the
 * digests, the title) and what a page leaves out would pass unseen.  So
 * the caller renders the page again from the study, in the page's language
 * (render/markdown.h), and this module sets the two side by side, line by
 * line:
 *
 *  - Both texts are cut into lines; blank lines and table delimiter rows
 *    are dropped.  A line is compared in a normal form: Markdown heading
 *    and list marks, code-span backticks, backslash escapes and the empty
 *    comment after an '@' are taken away, runs of white space are one
 *    space, and a table row (Markdown, or cells parted by tabs as a
 *    plain-text copy of a wiki page has them) is its list of trimmed cells.
 *  - A published line equal to a recomputed one is checked: `match`.
 *  - The remaining lines are paired: rows of the same first cell and
 *    width, then lines that are equal but for their numbers, then lines
 *    that share most of their words.  A pair that differs is a MISMATCH,
 *    except where it differs only in numbers and those numbers are checked
 *    by the first half: a table row with items of the first half on its
 *    line is judged by them (their tolerance and precision rules apply), a
 *    sentence whose every number is the recomputed one rounded to the
 *    published decimals matches.
 *  - A recomputed line left without a partner is OMITTED: a result the
 *    page does not show.
 *  - A published line left without a partner is not pairboot's text (an
 *    author's paragraph): it is not checked, and listed as such, by runs
 *    of adjacent lines ("paragraphs").
 *
 * The items the first half found omitted are dropped, as the omitted
 * lines name them (a row, a sentence) more precisely.  The lines are
 * compared in pages of up to FILEREAD_MAX_DOCUMENT bytes; the pairing by
 * shared words is skipped when both sides have so many unpaired lines that
 * it would take long (their lines then stay omitted and not checked). */
#ifndef PAIRBOOT_VERIFY_PAGE_H
#define PAIRBOOT_VERIFY_PAGE_H

#include <stddef.h>

#include "analyze/verify.h"
#include "common/status.h"
#include "ingest/pubpage.h"

/* Adds the line checks of the published page P (its text; R is what
 * verify_run made of it) against EXPECTED (EXPECTED_LEN bytes, the page
 * as pairboot writes it from the study) to R: its items, counts,
 * lines_checked and the paragraphs not checked.  A header row of a table
 * that P's reader recognised cell by cell matches in any wording its
 * vocabulary knows.  Returns PB_OK. */
pb_status verify_page_lines(verify_result *r, const published *p,
			    const char *expected, size_t expected_len);

#endif
