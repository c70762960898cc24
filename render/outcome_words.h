/* outcome_words.h: the result of a written value of a boundary series, in
 * the words of both Markdown pages (the study page and the build
 * comparison), so that they say it alike. */
#ifndef PAIRBOOT_OUTCOME_WORDS_H
#define PAIRBOOT_OUTCOME_WORDS_H

#include <glib.h>

#include <stdbool.h>

#include "analyze/summary.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/mdpage.h"

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

/* What a boot reported of a service (a Markdown phrase of MD's pool):
 * "MMCSS running" for the service P names, else "service running". */
typedef enum service_word {
	SERVICE_RUNNING, SERVICE_STOPPED, SERVICE_NOT_RUNNING
} service_word;
const char *outcome_service(mdpage *md, const study_plan *p, service_word w);

/* What boot R of boundary row B showed after it, in the article's order:
 * for a running service the API value first ("API returned 20, MMCSS
 * running"), for a stopped one the service and the registration first
 * ("MMCSS stopped, registration not performed, API returned 100"); "not
 * reported" when it showed nothing.  With DROP_ECHO the API value of a
 * documented disabling that merely echoes the written value is left out,
 * as the article does. */
const char *outcome_observed(mdpage *md, const study_plan *p,
			     const study_run *r, const boundary_row *b,
			     bool drop_echo);

#endif
