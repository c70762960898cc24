/* outcome_words.h: the result of a written value of a boundary series, in
 * the words of both Markdown pages (the study page and the build
 * comparison), so that they say it alike. */
#ifndef PAIRBOOT_OUTCOME_WORDS_H
#define PAIRBOOT_OUTCOME_WORDS_H

#include <glib.h>

#include "analyze/summary.h"
#include "common/status.h"

/* The result of boundary row B in language LANG: "value is used",
 * "rounded down", "normalized to 20" (the value the series' rule
 * normalizes to), "documented disabling", ...  On success *OUT is a new
 * string (g_free), not yet escaped for Markdown (it holds no study text).
 * Errors: PB_SOFTWARE when LANG's catalog lacks the words, PB_NOMEM; *OUT
 * is then NULL. */
pb_status outcome_words(const char *lang, const boundary_row *b, gchar **out);

/* As outcome_words, for a page that keeps its strings in POOL (freed with
 * g_free) and its first failure in *ST: returns the words, or "?" after
 * merging the failure into *ST. */
const char *outcome_words_pooled(const char *lang, const boundary_row *b,
				 GPtrArray *pool, pb_status *st);

#endif
