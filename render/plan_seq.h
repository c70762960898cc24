/* plan_seq.h: the plan of a sequential study (analyze/seqplan.h) as
 * `pairboot plan --look-every K` prints it, and its part of plan.json.
 *
 * The table has one line per comparison: state, series, pairs now,
 * verdict now, then for each target the maximum to register (or why none
 * was found), and at the first target's maximum the chance of a correct
 * decision by then, the blocks expected and the likeliest verdict.
 * Under it stand what the design holds (a wrong decisive verdict at
 * 1 - confidence, with what bench/planbench measured of it) and what the
 * pilot only estimates (with how often such estimates held there). */
#ifndef PAIRBOOT_PLAN_SEQ_H
#define PAIRBOOT_PLAN_SEQ_H

#include <stdbool.h>

#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "analyze/planning.h"
#include "ingest/study.h"
#include "render/plan_words.h"

/* Appends the table of the sequential plan R of study S (analysis A) and
 * its method to OUT in W's language; a missing translation is left in
 * W->st. */
void plan_seq_text(plan_words *w, const study *s, const analysis *a,
		   const planning_result *r, GString *out);

/* The design of R for plan.json's method: look_every, boundary,
 * confidence, the candidate maxima. */
json_t *plan_seq_json_design(const planning_result *r, bool *ok);

/* Sets ROW's targets and curve in the comparison object O. */
void plan_seq_json_row(const planning_result *r, const planning_row *row,
		       json_t *o, bool *ok);

#endif
