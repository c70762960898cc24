/* plan_words.h: the words and the layout the plan tables share
 * (render/plan_report.c, the fixed sizes; render/plan_seq.c, the
 * maxima of a sequential design): messages looked up in one language
 * with every miss remembered, numbers with the language's decimal mark,
 * the verdicts in words, the messages that carry a count, and columns
 * padded to their widest cell. */
#ifndef PAIRBOOT_PLAN_WORDS_H
#define PAIRBOOT_PLAN_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/planvalid.h"
#include "analyze/planworld.h"
#include "analyze/verdict.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/i18n.h"

/* The words of one language: lookups that fail are remembered, and the
 * page is refused rather than printed with English in it. */
typedef struct plan_words {
	const char *lang;
	bool comma;        /* numbers take a decimal comma */
	pb_status st;      /* PB_SOFTWARE once a lookup failed */
} plan_words;

/* The words of LANG for study S (its `decimal = point` kept):
 * PB_SOFTWARE when LANG is unknown. */
pb_status plan_words_begin(plan_words *w, const study *s, const char *lang);

/* FOUND, or MSGID after remembering that it was not found. */
const char *plan_words_found(plan_words *w, const char *msgid,
			     const char *found);

/* The names xgettext extracts (po/Makefile.inc, I18N_KEYWORDS). */
#define tr(w, msgid) \
	plan_words_found((w), (msgid), i18n_text((w)->lang, (msgid)))
#define trc(w, ctx, msgid) \
	plan_words_found((w), (msgid), i18n_ctext((w)->lang, (ctx), (msgid)))
#define trn(w, one, many, n) \
	plan_words_found((w), (n) == 1 ? (one) : (many), \
			 i18n_ntext((w)->lang, (one), (many), (n)))

/* The messages of the tables that carry a count: its msgid and plural
 * msgid, translated with the count (i18n_ntext). */
typedef enum plan_count_id {
	PLAN_COUNT_HEAD,              /* %1$s study, %2$zu most blocks */
	PLAN_COUNT_NOT_REACHABLE,     /* %zu most blocks */
	PLAN_COUNT_NOT_REACHABLE_ONCE,/* %1$zu most, %2$s target, %3$zu */
	PLAN_COUNT_ASSURANCE,         /* %1$lu simulations, %2$zu most */
	PLAN_COUNT_INNER,             /* %s method, %lu inner resamples */
	PLAN_COUNT_MIN_PAIRS,         /* %lu fewest pairs of a verdict */
	PLAN_COUNT_SEQ_HEAD,          /* %1$s study, %2$zu a look, %3$s
					 boundary, %4$zu most blocks */
	PLAN_COUNT_SEQ_METHOD,        /* %1$lu simulations, %2$zu to %3$zu
					 blocks, %4$zu a look */
	PLAN_COUNT_N
} plan_count_id;

typedef struct plan_count_phrase {
	const char *one;
	const char *many;
} plan_count_phrase;

/* The count message ID (static). */
const plan_count_phrase *plan_report_count_phrase(plan_count_id id);

/* Message ID translated for the count N. */
const char *plan_words_count(plan_words *w, plan_count_id id,
			     unsigned long n);

/* V with DECIMALS decimals and the language's decimal mark, into BUF
 * ("?" for a value that cannot be written). */
char *plan_words_num(const plan_words *w, double v, int decimals, char *buf,
		     size_t size);

/* The fraction F as a whole percentage standing alone, as the language
 * writes one ("41%", "41 %"), with its sign when SIGNED ("+18%"); a new
 * string. */
char *plan_words_percent(plan_words *w, double f, bool sign);

/* The cell of an answer: "23" (VALUE, when REASON is PLANNING_FOUND), or
 * why none was found up to MAX blocks; a curve that reached TARGET first
 * at FIRST_REACHED and fell below it again (not MONOTONE) says so.  A
 * new string. */
char *plan_words_answer(plan_words *w, planning_reason reason, size_t value,
			bool monotone, size_t first_reached, double target,
			size_t max);

/* The verdict V in the table's words: short, as plan.json's codes are,
 * but words in every language. */
const char *plan_words_verdict(plan_words *w, verdict v);

/* The label of state STATE of plan P, into BUF. */
const char *plan_words_state(const study_plan *p, size_t state, char *buf,
			     size_t size);

/* Appends the cells CELLS (N rows of NCOLS cells, NCOLS at most
 * PLAN_WORDS_MAX_COLS) as columns padded to their widest cell, in the
 * columns a terminal shows. */
#define PLAN_WORDS_MAX_COLS 16
void plan_words_columns(GString *out, char *const *cells, size_t n,
			size_t ncols);

/* What bench/planbench measured for a pilot of the fewest pairs N0 of
 * the comparisons of A that have enough to plan from, judged by interval
 * M (analyze/planvalid.h, planvalid_find); false when no comparison has
 * enough pairs. */
bool plan_words_validation(const analysis *a, interval_method m,
			   planvalid_row *out, bool *measured, bool *smaller,
			   size_t *n0);

/* The notes under a caveat of row V for interval M: that M was not
 * itself MEASURED, that the pilot is SMALLER (N0 pairs) than those
 * measured. */
void plan_words_caveat_notes(plan_words *w, interval_method m,
			     const planvalid_row *v, bool measured,
			     bool smaller, size_t n0, GString *out);

/* The line that names interval M and the verdict rules, into OUT. */
void plan_words_method_line(plan_words *w, interval_method m, GString *out);

/* Appends the message FORMAT with its arguments and a line end. */
void plan_words_line(GString *out, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

#endif
