/* results_json.h: results.json, the machine-readable form of a report.
 *
 * Every number the Markdown pages and figures show is in here, with the
 * inputs it came from (SHA-256 of each file) and the settings that made it,
 * so a reviewer can trace and recompute each one.  The schema is described
 * in docs/results-json.md, its keys in common/results_schema.h;
 * RESULTS_SCHEMA_VERSION changes whenever a key changes meaning or goes
 * away. */
#ifndef PAIRBOOT_RESULTS_JSON_H
#define PAIRBOOT_RESULTS_JSON_H

#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "common/results_schema.h"
#include "common/status.h"
#include "ingest/study.h"

/* The endpoint rule, stated in the JSON and the docs. */
extern const char results_endpoint_rule_mc[];
extern const char results_endpoint_rule_exact[];

/* Builds the results document of study S and its analysis A into a new
 * jansson value *OUT (the caller json_decref()s it).  PB_NOMEM when out of
 * memory. */
pb_status results_json_build(const study *s, const analysis *a, json_t **out);

/* Builds and serialises it (render/jsonw.h) into OUT. */
pb_status results_json_write(const study *s, const analysis *a, GString *out);

#endif
