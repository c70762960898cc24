/* published.h: what a published result claims, read back for `pairboot
 * verify`.
 *
 * Two kinds of file are read:
 *
 *  - a results.json written by `pairboot report` (recognised by its
 *    "schema": "pairboot-results"): every run's statistic, every
 *    comparison with its pairs, the verdicts, the mechanism and boundary
 *    summaries, the plan's settings, the accounting of each series' runs
 *    and the SHA-256 of every input file, all at full precision;
 *  - a published page: the Markdown page `pairboot report` writes, or a
 *    plain-text copy of the wiki article with tab-separated tables, in any
 *    language.  Three tables are found in it, each by its header row: the
 *    comparison table ("Comparison with `20` | Series 1, difference and 95%
 *    CI | ... | Conclusion"), the mechanism table ("State | Registration |
 *    MMCSS state | Win32 priority of one thread | ETW priority of one
 *    thread") and the value-handling table ("Written | Observed state after
 *    boot | Result").  Outside the tables, the sentences the renderer
 *    writes about the analysis settings and each series' runs are read
 *    too (ingest/published_text.h).  Everything else in the page is
 *    ignored.
 *
 * The words of a page are not built in: the caller passes a vocabulary of
 * phrases (pub_phrase) in every language it knows, taken from the same
 * translation catalogs the pages are rendered from, so a new language needs
 * no change here.  A phrase is a template: "%s" stands for any text (which
 * is captured), and so does "%zu" (a count), "%%" for '%'; every other
 * byte must match.  A conclusion cell is a conclusion phrase, or a
 * PUB_CONCLUSION_WITH_SERIES template whose first piece is one (the list
 * of each series' verdict that follows is not read).
 *
 * Reading is strict once a table has begun: a header row whose first cell
 * is recognised must have recognised cells throughout, and every row up to
 * the end of the table (a line that is not a table row) must have as many
 * cells as the header and cells that parse.  Each problem is reported as
 * FILE:LINE:COL (COL the 1-based byte column of the cell) and makes the
 * read fail with PB_DATAERR.  Backticks (code spans) are optional around
 * any cell content; Markdown backslash escapes are undone.
 *
 * Numbers are kept with the number of decimals they were published with,
 * so they can be compared at the published precision. */
#ifndef PAIRBOOT_PUBLISHED_H
#define PAIRBOOT_PUBLISHED_H

#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/pubmatch.h"
#include "ingest/pubpage.h"

/* Reads PATH, a results.json or a published page, with the vocabulary
 * VOCAB (N_VOCAB phrases, borrowed until published_free).  PLAN, when not
 * NULL, is the plan of the study the file is held against: its states are
 * then found in its list by the spelling it gives them (a named state
 * only so), and carry that spelling; it must outlive *OUT.  Problems go to
 * D with FILE:LINE:COL.  Returns PB_OK and a new *OUT (free with
 * published_free); PB_NOINPUT when PATH cannot be opened, PB_DATAERR for a
 * malformed file or a page without any of the three tables, PB_IOERR,
 * PB_NOMEM.  *OUT is NULL on error. */
pb_status published_read(const char *path, const study_plan *plan,
			 const pub_phrase *vocab, size_t n_vocab, diag *d,
			 published **out);

/* The same from LEN bytes of TEXT (NUL bytes are an error), named PATH in
 * messages. */
pb_status published_parse(const char *path, const char *text, size_t len,
			  const study_plan *plan, const pub_phrase *vocab,
			  size_t n_vocab, diag *d, published **out);

void published_free(published *p);

#endif
