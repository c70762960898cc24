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

/* Appends the table to OUT. */
void plan_report_text(const study *s, const analysis *a,
		      const planning_result *r, GString *out);

/* Appends plan.json to OUT.  Errors: PB_NOMEM. */
pb_status plan_report_json(const study *s, const analysis *a,
			   const planning_result *r, GString *out);

#endif
