/* plan_report.h: the blocks a new study would need, as `pairboot plan`
 * prints them and as plan.json.
 *
 * The table has one line per comparison: state, series, blocks now,
 * verdict now, then for each assurance target the blocks needed (or why
 * none were found), the assurance and conditional power at the first
 * target's size and the decisive verdict most likely there; under it
 * the caution bench/planbench measured (analyze/planvalid.h) and the
 * method.  A sequential plan's table is render/plan_seq.c's.  plan.json
 * (schema "pairboot-plan", version 3, in docs/plan-json.md) holds the
 * same, one object per comparison. */
#ifndef PAIRBOOT_PLAN_REPORT_H
#define PAIRBOOT_PLAN_REPORT_H

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/planning.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/plan_words.h"

/* Appends the table and its method in language LANG (i18n.h) to OUT,
 * with the numbers in the language's decimal mark unless the study says
 * `decimal = point`.  Errors: PB_SOFTWARE when LANG is unknown or a
 * translation is missing (OUT is then as it was). */
pb_status plan_report_text(const study *s, const analysis *a,
			   const planning_result *r, const char *lang,
			   GString *out);

/* Appends plan.json to OUT.  Errors: PB_NOMEM. */
pb_status plan_report_json(const study *s, const analysis *a,
			   const planning_result *r, GString *out);

#endif
