/* plan_report.h: the blocks a new study would need, as `pairboot plan`
 * prints them and as plan.json.
 *
 * The table has one line per comparison: state, series, blocks now,
 * verdict now, then for each assurance target the blocks needed (or why
 * none were found) and the decisive verdict most likely at that size, and
 * the blocks needed if the pilot's spread were at the upper end of its
 * confidence interval.  plan.json (schema "pairboot-plan", version 1, in
 * docs/plan-json.md) holds the same, one object per comparison. */
#ifndef PAIRBOOT_PLAN_REPORT_H
#define PAIRBOOT_PLAN_REPORT_H

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/planning.h"
#include "common/status.h"
#include "ingest/study.h"

/* Appends the table and its method in language LANG (i18n.h) to OUT,
 * with the numbers in the language's decimal mark unless the study says
 * `decimal = point`.  Errors: PB_SOFTWARE when LANG is unknown or a
 * translation is missing (OUT is then as it was). */
pb_status plan_report_text(const study *s, const analysis *a,
			   const planning_result *r, const char *lang,
			   GString *out);

/* The messages of the table that carry a count: its msgid and plural
 * msgid, translated with the count (i18n_ntext). */
typedef enum plan_count_id {
	PLAN_COUNT_HEAD,              /* %1$s study, %2$zu most blocks */
	PLAN_COUNT_NOT_REACHABLE,     /* %zu most blocks */
	PLAN_COUNT_NOT_REACHABLE_ONCE,/* %1$zu most, %2$s target, %3$zu */
	PLAN_COUNT_ASSURANCE,         /* %1$lu simulations, %2$zu most */
	PLAN_COUNT_INNER,             /* %s method, %lu inner resamples */
	PLAN_COUNT_MIN_PAIRS,         /* %lu fewest pairs of a verdict */
	PLAN_COUNT_N
} plan_count_id;

typedef struct plan_count_phrase {
	const char *one;
	const char *many;
} plan_count_phrase;

/* The count message ID (static). */
const plan_count_phrase *plan_report_count_phrase(plan_count_id id);

/* Appends plan.json to OUT.  Errors: PB_NOMEM. */
pb_status plan_report_json(const study *s, const analysis *a,
			   const planning_result *r, GString *out);

#endif
