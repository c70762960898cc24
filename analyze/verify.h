/* verify.h: the matching engine of `pairboot verify`: each number,
 * verdict, setting and count a published file states (ingest/published.h)
 * set beside the one recomputed from the study.
 *
 * The engine prints nothing: it returns one item per thing checked, in the
 * order the command prints them, with what was checked, what the file
 * states, what the study gives and the verdict.  The descriptions are the
 * fixed English words of verify's own report (not translated: they name
 * parts of the file, such as "comparison 26, series 1: CI low").
 *
 * Precision: a number of a page matches when the recomputed value, rounded
 * to the published decimals, equals it; a results.json number is exact.
 * Interval bounds drawn with the same seed, resamples, method and
 * confidence as a results.json records must match exactly; otherwise they
 * match within the tolerance when one is given, else at the published
 * precision (a page) or exactly (results.json).
 *
 * Settings and counts: every setting the file states, each series' runs,
 * accepted, excluded and lost events, and the pairs of the comparisons are
 * compared with the study's.  What the file does not state is not checked;
 * the result says which settings were stated. */
#ifndef PAIRBOOT_VERIFY_H
#define PAIRBOOT_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/published.h"
#include "ingest/study.h"

typedef enum verify_verdict {
	VERIFY_MATCH,          /* the file states what the study gives */
	VERIFY_MISMATCH,       /* it states something else */
	VERIFY_OMITTED,        /* recomputed, but the file does not show it */
	VERIFY_NOT_IN_DATA,    /* published, but the study has no such item */
	VERIFY_VERDICTS
} verify_verdict;

/* One thing checked.  Strings owned by the result. */
typedef struct verify_item {
	verify_verdict verdict;
	char *what;            /* "comparison 26, series 1: difference" */
	char *published;       /* as the file states it; NULL: not stated */
	char *recomputed;      /* as the study gives it; NULL: not in data */
	size_t line;           /* a page: the line it was read from (a
				  line's own check: that line); 0: none */
	size_t col;            /* a number of a page's table: the column it
				  was read at (within its cell); else 0 */
} verify_item;

/* The name of series K of PLAN on a page in LANG, in GLib memory
 * (g_free), or NULL: a localized label or the language's default name
 * (render/studytext.h gives it; the engine formats no text itself). */
typedef char *(*verify_series_name_fn)(const study_plan *plan, size_t k,
				       const char *lang);

typedef struct verify_options {
	bool tolerance_given;
	double tolerance;      /* for interval bounds, in the study's unit */
	verify_series_name_fn series_name;   /* NULL: labels as results.json
						writes them only */
} verify_options;

typedef struct verify_result {
	verify_item *items;
	size_t n_items;
	size_t counts[VERIFY_VERDICTS];   /* items of each verdict */
	bool exact_ci;         /* a results.json drawn with the study's seed,
				  resamples, method and confidence: its
				  bounds were compared exactly */
	/* Input paths (results.json only), borrowed from the published file
	 * and the study: */
	const char **inputs_differ;       /* hashes differ */
	size_t n_inputs_differ;
	const char **inputs_missing;      /* published, not in the study */
	size_t n_inputs_missing;
	const char **inputs_added;        /* in the study, not published */
	size_t n_inputs_added;
	bool stated[PUB_SET_KINDS];       /* settings the file states */
	size_t accounts_checked;          /* series whose runs were checked */
	size_t pairs_checked;             /* comparisons whose pairs were */
	/* A page whose lines were checked (analyze/verify_page.h): */
	bool lines_compared;
	size_t lines_checked;             /* its lines set beside pairboot's */
	size_t *unchecked;                /* the first and last line of each
					     paragraph not checked */
	size_t n_unchecked;               /* paragraphs (2 entries each) */
	size_t unchecked_lines;           /* lines in them */
} verify_result;

/* Checks the published file P against the study S and its analysis A
 * (all borrowed; the result borrows P's and S's input paths).  Returns
 * PB_OK and a new *OUT (free with verify_result_free), or PB_NOMEM with
 * *OUT NULL. */
pb_status verify_run(const study *s, const analysis *a, const published *p,
		     const verify_options *opt, verify_result **out);

/* Whether the published result follows from the data: no item is a
 * mismatch or not in data, and, unless ALLOW_OMITTED, none is omitted. */
bool verify_result_follows(const verify_result *r, bool allow_omitted);

void verify_result_free(verify_result *r);

#endif
