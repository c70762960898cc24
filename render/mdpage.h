/* mdpage.h: the pieces every Markdown page writer builds its page from.
 *
 * A page writer (render/markdown.c, render/builddiff_md.c) walks a whole page
 * in one language, adding its blocks to a page document (render/pagedoc.h).  The words go through the
 * catalog (render/i18n.h); a missing translation is remembered and the
 * English text used, so the whole page is still walked and the writer fails
 * at the end.  Strings made on the way (formatted numbers, escaped study
 * text, joined cells) belong to the page's pool and live until
 * mdpage_finish.  Study text goes through render/mdtext.h; numbers through
 * common/numtext.h, a number that cannot be formatted reads "?" and is
 * remembered as a failure too.
 *
 * The writers use these functions under the short names xgettext extracts
 * (tr, trc, trn): see render/mdpage_names.h. */
#ifndef PAIRBOOT_MDPAGE_H
#define PAIRBOOT_MDPAGE_H

#include <stdbool.h>

#include <glib.h>

#include "common/status.h"
#include "ingest/state.h"
#include "ingest/study.h"
#include "render/pagedoc.h"
#include "render/page_phrases.h"

typedef struct mdpage {
	const char *lang;       /* "en", "de", "cs" or "ko" */
	pagedoc *doc;           /* the page's blocks are added here */
	GPtrArray *pool;        /* strings made for this page */
	pb_status st;           /* the first failure, PB_OK while none */
	char decimal_mark;      /* '.' or ',': what the numbers are written
				   with (mdpage_number_marks) */
	const char *group_sep;  /* between the digit groups of a count,
				   "" for none (common/numtext.h) */
	bool marked;            /* each estimate, bound and percentage
				   carries its number mark (below) */
} mdpage;

/* The number marks of a marked page (`pairboot verify` renders one to
 * learn what each number of a page is): every number mdpage_fixed,
 * mdpage_beside and the percentages write reads
 *
 *     MDPAGE_MARK_OPEN RULE SIDES VALUE MDPAGE_MARK_TEXT TEXT MDPAGE_MARK_CLOSE
 *
 * RULE 'b' for an interval bound (mdpage_beside with BESIDE_T), else 'r'
 * (a rounded value: an estimate, a setting with decimals, a percentage);
 * SIDES '2' when TEXT keeps the value's side of 0, +T and -T, '1' of 0
 * only, '0' of none; VALUE the exact value, "%.17g" ('.' whatever the
 * page's mark; a percentage in percent), followed, where SIDES is '2',
 * by ';' and T, "%.17g"; TEXT the number as the page writes it.  The marks are private-use characters, which Markdown and
 * its readers leave alone; without them the page is byte for byte the
 * unmarked one. */
#define MDPAGE_MARK_OPEN  "\xee\x80\x80"    /* U+E000 */
#define MDPAGE_MARK_TEXT  "\xee\x80\x81"    /* U+E001 */
#define MDPAGE_MARK_CLOSE "\xee\x80\x82"    /* U+E002 */

/* Starts a page in LANG added to DOC (which the caller keeps), without
 * number marks. */
void mdpage_init(mdpage *md, const char *lang, pagedoc *doc);

/* Writes the numbers of the page with the decimal mark of its language
 * (the catalog's "decimal mark") and its counts from 1000 up grouped as
 * the language groups them (the catalog's "digit groups", "10 000"), or
 * with a point and no grouping where P says `decimal = point`, as a C
 * program prints them.  Until called, a page writes the point and no
 * grouping. */
void mdpage_number_marks(mdpage *md, const study_plan *p);

/* Frees the pool; when a failure was remembered, cuts DOC back to its
 * length START (so a failed page leaves nothing) and returns it. */
pb_status mdpage_finish(mdpage *md, gsize start);

/* Remembers the failure ST (PB_OK is ignored). */
void mdpage_fail(mdpage *md, pb_status st);

/* ---- words ------------------------------------------------------------ */

const char *mdpage_tr(mdpage *md, const char *msgid);
const char *mdpage_trc(mdpage *md, const char *ctx, const char *msgid);
/* The plural form of SINGULAR/PLURAL for N. */
const char *mdpage_trn(mdpage *md, const char *singular, const char *plural,
		       unsigned long n);

/* Page phrase ID (render/page_phrases.h) in the page's language; one that
 * has a plural, for the count N. */
const char *mdpage_phrase(mdpage *md, page_phrase_id id);
const char *mdpage_phrase_n(mdpage *md, page_phrase_id id, unsigned long n);

/* ---- text pieces -------------------------------------------------------- */

/* Takes ownership of S (g_malloc'ed) until the page is done. */
const char *mdpage_keep(mdpage *md, gchar *s);

/* FORMAT and its arguments as printf makes them, each %zu and %lu count
 * grouped as the page groups digits (common/numtext.h). */
__attribute__((format(printf, 2, 3)))
const char *mdpage_fmt(mdpage *md, const char *format, ...);


/* Study text escaped for inline use; NULL reads as empty text. */
const char *mdpage_esc(mdpage *md, const char *text);

/* Study text or a value as a code span (empty for NULL); IN_TABLE: the
 * span stands in a table cell. */
const char *mdpage_code(mdpage *md, const char *text, bool in_table);

/* A state as the articles show it: its value in a code span, or the
 * language's word for a missing value, plain. */
const char *mdpage_state(mdpage *md, pb_state st, bool in_table);

/* The same in a sentence or a title: the missing value's word quoted as
 * a name (page phrase PH_MISSING_NAMED), so that it never reads as a
 * word of the sentence. */
const char *mdpage_state_named(mdpage *md, pb_state st, bool in_table);

/* X with DECIMALS decimals, signed when SIGN (numtext_fixed). */
const char *mdpage_fixed(mdpage *md, double x, int decimals, bool sign);

/* X with DECIMALS decimals, or more where they would hide on which side of
 * 0 (and, with BESIDE_T, of +THRESHOLD and -THRESHOLD) X lies: an estimate
 * or an interval endpoint, whose side decides a verdict (numtext_beside). */
const char *mdpage_beside(mdpage *md, double x, int decimals,
			  double threshold, bool beside_t, bool sign);

/* The fraction F as a percentage with at most DECIMALS decimals, the sign
 * written close, "95%": the form that qualifies a noun ("a 95% interval",
 * "95%-Intervall"). */
const char *mdpage_percent(mdpage *md, double f, int decimals);

/* The same standing on its own, spaced as the language writes it: "79.5%"
 * in English, "79.5 %" in German and Czech (a NO-BREAK SPACE, U+00A0,
 * that keeps the number and its sign on one line). */
const char *mdpage_percent_alone(mdpage *md, double f, int decimals);

/* The number NUMBER (written by the functions above) followed by its
 * UNIT, spaced as the language writes a quantity: "1.784 ms" in English,
 * "1,784 ms" with a NO-BREAK SPACE (U+00A0) in German and Czech, so that
 * no line breaks between a number and its unit. */
const char *mdpage_qty(mdpage *md, const char *number, const char *unit);

/* The name of series K of P in the page's language (render/studytext.h),
 * escaped, as the articles write "Serie 1", "Série 1", "시리즈 1". */
const char *mdpage_series_name(mdpage *md, const study_plan *p, size_t k);

/* The same after a preposition, "v sérii 1" (studytext_series_name_after). */
const char *mdpage_series_name_after(mdpage *md, const study_plan *p,
				     size_t k);

/* The same inside a sentence, "bez spojeného závěru: série 1 (...)"
 * (studytext_series_name_inside). */
const char *mdpage_series_name_inside(mdpage *md, const study_plan *p,
				      size_t k);

/* Joins the strings of ITEMS with SEP. */
const char *mdpage_join(mdpage *md, GPtrArray *items, const char *sep);

/* ---- blocks ------------------------------------------------------------ */

/* A heading of LEVEL, a paragraph, an item of a list, each of inline
 * Markdown TEXT. */
void mdpage_heading(mdpage *md, int level, const char *text);
void mdpage_paragraph(mdpage *md, const char *text);
void mdpage_bullet(mdpage *md, const char *text);

/* A GFM table's header line and delimiter row, one column per cell. */
void mdpage_table_header(mdpage *md, GPtrArray *cells);
void mdpage_table_row(mdpage *md, GPtrArray *cells);

/* A new list of cells for one row; the strings belong to the pool. */
GPtrArray *mdpage_row_new(void);
void mdpage_cell(GPtrArray *row, const char *cell);

#endif
