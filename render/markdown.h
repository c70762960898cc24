/* markdown.h: a study's wiki page in Markdown, in one of the published
 * languages (English, German, Czech, Korean).
 *
 * A page holds, as the published article does:
 *  1. the value-handling table ("Written | Observed state after boot |
 *     Result") of each boundary series, consecutive values with the same
 *     outcome grouped (`0`, `1`, `9`);
 *  2. the comparison table: one row per state, one column per latency
 *     series whatever their number, each cell `+0.625 ms` `[-1.111;
 *     +2.474]` (sign always shown, the plan's threshold decimals, or more
 *     where they would hide a number's side of 0, +T or -T: see
 *     numtext_beside; the study's unit and confidence), and the conclusion
 *     across series;
 *  3. the mechanism table of each mechanism series ("State | Registration |
 *     MMCSS state | Win32 priority | ETW priority", `4/4`,
 *     `0 -> 10 -> 0`, each variant with its count when boots differ);
 *  4. short generated sentences: series notes, run accounting, analysis
 *     settings, small-sample and seed-sensitivity notes, series
 *     heterogeneity, design checks and the input digest.
 * A study without a boundary, mechanism or latency series has no such
 * table.  Tables are regular GFM tables (header, delimiter row, one line per
 * row, every row as many cells as the header) so that `pairboot verify`
 * can read them back.  All numbers are the ones results.json holds, printed
 * by common/numtext.h (sign rule there), with the language's decimal mark
 * (render/mdpage.h, mdpage_number_marks); all study text
 * goes through render/mdtext.h.  The words come from render/i18n.h; the page
 * is the same bytes whatever the process locale. */
#ifndef PAIRBOOT_MARKDOWN_H
#define PAIRBOOT_MARKDOWN_H

#include <glib.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/pagedoc.h"

/* Appends the page of study S and its analysis A in language LANG ("en",
 * "de", "cs", "ko": see i18n_known) to OUT.  S and A are only read.
 * Errors: PB_SOFTWARE for an unknown language, a string without a
 * translation (the build's catalog check should make that impossible) or a
 * number that cannot be formatted; PB_NOMEM when the number formatter
 * cannot get memory.  On error OUT is left as it was.  (GLib aborts on out
 * of memory inside GString.) */
pb_status markdown_render(const study *s, const analysis *a,
			  const char *lang, GString *out);

/* The same page as a document (render/pagedoc.h): its blocks added to
 * DOC, each in its section (a page after another is parted from it by a
 * blank line).  Errors as for markdown_render; DOC is then left as it
 * was. */
pb_status markdown_render_doc(const study *s, const analysis *a,
			      const char *lang, pagedoc *doc);

/* Where a page finds its figures: the report's figure files of one
 * format, beside the page or at an address. */
typedef struct markdown_links {
	const char *ext;       /* "svg" or "png" */
	const char *base;      /* "" (beside the page) or an address that
				  ends in '/' */
	const size_t *paired;  /* the plan states whose paired figures the
				  page shows after the per-boot figure
				  (`report --figures paired`), BASE
				  paired-<stem>.<lang>.<EXT>; may be NULL
				  when N_PAIRED is 0 */
	size_t n_paired;
} markdown_links;

/* The page with its figures shown where they belong: the difference
 * figure and the per-boot figure after the comparison table, the
 * mechanism figure after the mechanism tables, each as
 * `![ALT](BASE<figure>.<lang>.<EXT>)` with an alt text in LANG that says
 * what the figure finds (the difference figure: each state's
 * conclusion).  LINKS NULL: no figures, as markdown_render_doc. */
pb_status markdown_render_doc_linked(const study *s, const analysis *a,
				     const char *lang,
				     const markdown_links *links,
				     pagedoc *doc);

/* markdown_render with LINKS (see markdown_render_doc_linked). */
pb_status markdown_render_linked(const study *s, const analysis *a,
				 const char *lang, const markdown_links *links,
				 GString *out);

/* markdown_render_linked with every estimate, bound and percentage in
 * its number mark (render/mdpage.h): the page `pairboot verify` sets a
 * published one beside.  Without the marks it is the same bytes. */
pb_status markdown_render_marked(const study *s, const analysis *a,
				 const char *lang, const markdown_links *links,
				 GString *out);

/* The entry of study S and its analysis A in the index of a site of
 * reports (`pairboot site`, render/site_index.h), in LANG, added to DOC:
 * the page's heading as a level-2 heading linking to HREF (the study's
 * page, a link that needs no escaping), its platform, and its comparison
 * table with the sentence that reads it, each in the page's own words and
 * numbers.  MARKED: with the number marks of markdown_render_marked.
 * Errors as for markdown_render_doc. */
pb_status markdown_render_entry(const study *s, const analysis *a,
				const char *lang, const char *href,
				bool marked, pagedoc *doc);

#endif
