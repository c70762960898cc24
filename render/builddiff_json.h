/* builddiff_json.h: compare.json, the machine-readable form of a comparison
 * of two builds (`pairboot compare OLD NEW`).
 *
 * It names both studies (with their input and plan digests), the settings
 * the intervals were drawn with, any difference between the two analysis
 * plans, and every compared item: the value-handling map, the mechanism, the
 * baseline and each state's effect, with the verdict codes of
 * analyze/builddiff.h.  The schema is described in docs/compare-json.md;
 * BUILDDIFF_SCHEMA_VERSION changes whenever a key changes meaning or goes
 * away.  Same inputs, same bytes (render/jsonw.h). */
#ifndef PAIRBOOT_BUILDDIFF_JSON_H
#define PAIRBOOT_BUILDDIFF_JSON_H

#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "analyze/builddiff.h"
#include "analyze/gate.h"
#include "common/status.h"
#include "ingest/study.h"

#define BUILDDIFF_SCHEMA_VERSION 3

/* The stable names of the PLAN_DIFF_* bits, in bit order, which are also
 * their keys in study.ini: "column", "scale", "unit", "better",
 * "statistic", "reference", "threshold", "confidence", "interval",
 * "states".  NULL for a bit outside them. */
const char *builddiff_plan_field(unsigned bit);

/* Builds the document for the comparison C of OLD (OS, OA) and NEW (NS,
 * NA), judged by the gate G (NULL without --fail-on: "gate" is null),
 * into a new jansson value *OUT (the caller json_decref()s it).
 * Everything given is only read.  PB_NOMEM when out of memory. */
pb_status builddiff_json_build(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const gate_result *g,
			     json_t **out);

/* Builds and serialises it (render/jsonw.h), appending to OUT. */
pb_status builddiff_json_write(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const gate_result *g,
			     GString *out);

#endif
