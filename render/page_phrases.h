/* page_phrases.h: the phrases the study page and the build-comparison
 * page share: the words of the tables, the sentences on the settings and
 * runs, and the wording of each verdict.  The page writers
 * (render/markdown.c, render/builddiff_md.c) take them from here.
 *
 * The strings are msgids: callers translate them (render/i18n.h).  The
 * too-few-pairs wording has a plural form and one %zu, the minimum number
 * of pairs (VERDICT_MIN_PAIRS); every other verdict wording is plain
 * text. */
#ifndef PAIRBOOT_PAGE_PHRASES_H
#define PAIRBOOT_PAGE_PHRASES_H

#include <stdbool.h>

#include "analyze/verdict.h"

/* A phrase of the pages: its msgid, with its gettext context or NULL,
 * and its plural msgid (translated with the count) or NULL. */
typedef struct page_phrase {
	const char *ctx;
	const char *msgid;
	const char *plural;
} page_phrase;

typedef enum page_phrase_id {
	/* The heads and cells of the comparison, mechanism and
	 * value-handling tables. */
	PH_CMP_HEAD,
	PH_CMP_SERIES_HEAD,
	PH_CMP_CONCLUSION_HEAD,
	PH_SERIES_LABEL,
	PH_NO_PAIRS,
	PH_NO_INTERVAL,
	PH_HEAD_STATE,
	PH_HEAD_REGISTRATION,
	PH_HEAD_NAMED_SERVICE,
	PH_HEAD_SERVICE,
	PH_HEAD_WIN32,
	PH_HEAD_ETW,
	PH_SERVICE_RUNNING,
	PH_SERVICE_STOPPED,
	PH_NOT_REPORTED,
	PH_HEAD_WRITTEN,
	PH_HEAD_OBSERVED,
	PH_HEAD_RESULT,
	PH_OBS_API,
	PH_OBS_API_FAILED,
	PH_OBS_NAMED_RUNNING,
	PH_OBS_NAMED_STOPPED,
	PH_OBS_NAMED_NOT_RUNNING,
	PH_OBS_RUNNING,
	PH_OBS_STOPPED,
	PH_OBS_NOT_RUNNING,
	PH_OBS_NOT_REGISTERED,
	PH_OBS_REGISTERED,
	PH_OUTCOME_VALUE_USED,
	PH_OUTCOME_ROUNDED_DOWN,
	PH_OUTCOME_NORMALIZED,      /* "normalized to %s", the value */
	PH_OUTCOME_NORMALIZED_036,  /* the same, for a value whose last digit
				       is 0, 3 or 6 (render/outcome_words.c) */
	PH_OUTCOME_DISABLED,
	PH_OUTCOME_OBSERVATION_ONLY,
	PH_OUTCOME_CONTRADICTS,
	PH_MISSING,
	PH_MISSING_NAMED,
	PH_SET_STATISTIC,
	PH_SET_EXACT_BOOTSTRAP,
	PH_SET_BOOTSTRAP,
	PH_SET_T_RESAMPLES,
	PH_SET_T_EXACT,
	PH_SET_THRESHOLD_LOWER,
	PH_SET_THRESHOLD_HIGHER,
	PH_SET_THRESHOLD_LOWER_DECLARED,
	PH_SET_THRESHOLD_HIGHER_DECLARED,
	PH_SET_MEASURED,
	PH_SET_DIRECTION_LOWER,
	PH_SET_DIRECTION_HIGHER,
	PH_SET_CELL,
	PH_SET_CELL_SEQUENTIAL,
	PH_SET_SMALL_SAMPLE,
	PH_SET_PLAN_REGISTERED,
	PH_SET_PLAN_UNREGISTERED,
	PH_SCOPE_EVERY,
	PH_SCOPE_LIST,
	PH_RUNS_NONE,
	PH_RUNS_ONE,
	PH_RUNS_TWO,
	PH_RUNS_ALL,
	PH_RUNS_SOME,
	PH_RUNS_ONE_REFUSED,
	PH_RUNS_NONE_OF,
	PH_RUNS_EXCLUDED,
	PH_RUNS_NO_LOSS,
	PH_RUNS_LOST,
	PH_COUNT
} page_phrase_id;

/* The phrase ID (static). */
const page_phrase *page_phrase_get(page_phrase_id id);

/* The msgid of verdict V as a conclusion; SYNTHETIC: the metric is a
 * synthetic proxy (harm and benefit say so).  *PLURAL is set to the
 * plural msgid when the wording counts pairs, else to NULL.  "?" for a
 * value outside the enum. */
const char *verdict_msgid(verdict v, bool synthetic, const char **plural);

/* The msgid of detected-size-open with its direction, a format whose %s
 * is the statistic's name: HIGHER when the estimate is above 0, BETTER
 * when that side is the better one.  verdict_msgid gives the wording
 * without a direction, for pages that show no statistic. */
const char *verdict_detected_msgid(bool higher, bool better);

/* A verdict in a few words, for the alt texts of the figures, whose full
 * wording is in the table above them: a msgid in the msgctxt
 * page_verdict_short_ctx ("short verdict").  A difference detected says
 * which way (HIGHER) and whether that is BETTER; the other verdicts
 * ignore both. */
extern const char page_verdict_short_ctx[];
const char *verdict_short_msgid(verdict v, bool higher, bool better);

/* The msgid that joins a conclusion and the list of each series' verdict
 * ("%s: %s"), and the one that names a series with its verdict
 * ("%s (%s)"), both in the msgctxt page_verdict_ctx ("conclusion"). */
extern const char page_verdict_ctx[];
extern const char page_verdict_with_series[];
extern const char page_verdict_series_item[];

/* True when the conclusion V across series is shown with each series'
 * verdict: when the series disagree or differ in direction, or when
 * SAME (every series has the same verdict) is false. */
bool page_verdict_list_series(verdict v, bool same);

#endif
