/* results_json.h: the reader of results.json (render/results_json.h is its
 * writer), shared by `pairboot verify` (ingest/published.h) and `pairboot
 * compare`: opening a file (JSON syntax,
 * schema and version, common/results_schema.h), typed getters that say
 * "FILE: OBJECT: 'KEY' is not WHAT", and a study rebuilt from the file, so
 * that `pairboot compare` can take a published results.json where it would
 * take a study folder.
 *
 * What comes back is a study as study_read() leaves it, with these
 * differences, all because results.json holds summaries rather than files:
 *  - every run has the statistic the file publishes (exact: results.json
 *    writes each double in a form that reads back to the same bits), its
 *    block, state, acceptance and note, but no latency file is read;
 *  - the mechanism and boundary runs get logs made up to give exactly the
 *    published summary: per state of a mechanism series, the first k of
 *    its accepted boots registered, the service states and the priority
 *    transitions dealt out in the published counts; per boundary run, its
 *    published service, API value and registration.  Control boots get no
 *    log.  Analysing the rebuilt study therefore reproduces the published
 *    comparisons (same seeds, same statistics) and summaries;
 *  - the inputs and the study digest are the published ones; dir is the
 *    file's path.
 * The plan's `service` and `synthetic` keys are read when present.  The
 * plan digest is computed from the rebuilt plan; a `plan.digest` that
 * differs from it is an error, and `plan.registered` is taken as given
 * (false when absent). */
#ifndef PAIRBOOT_INGEST_RESULTS_JSON_H
#define PAIRBOOT_INGEST_RESULTS_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "common/diag.h"
#include "common/results_schema.h"
#include "common/status.h"
#include "ingest/state.h"
#include "ingest/study.h"

/* A results.json being read: where messages go, whether memory ran out,
 * and the plan whose states the file names (NULL: states are numbers). */
typedef struct results_json_src {
	const char *path;
	diag *d;
	bool nomem;
	const study_plan *plan;   /* once its states are read: states are
				     then found in its list, with its
				     spelling */
} results_json_src;

/* The most values (objects, arrays, numbers, strings) a results.json may
 * hold.  One value of a results.json takes some 30 bytes of its text (the
 * bundled ones: 5103 values in 149548 bytes), so a file at the 64 MiB
 * limit of common/fileread.h holds about 2.3 million; a file of empty
 * objects would hold 22 million and cost the parser over 5 GB. */
#define RESULTS_JSON_MAX_VALUES 3000000

/* Parses LEN bytes of TEXT as the results.json named PATH: JSON without
 * duplicate keys (a syntax error is reported as PATH:LINE:COL), whose
 * "schema" is RESULTS_SCHEMA_NAME and whose version this pairboot reads.
 * Returns PB_OK with the document in *ROOT (the caller json_decref()s it)
 * and its version in *VERSION, else PB_DATAERR with *ROOT NULL: also for
 * a text of more than RESULTS_JSON_MAX_VALUES values, refused unparsed. */
pb_status results_json_parse(const char *path, const char *text, size_t len,
			     diag *d, json_t **root, int *version);

/* The same from the file PATH; PB_NOINPUT when it cannot be opened. */
pb_status results_json_load(const char *path, diag *d, json_t **root,
			    int *version);

/* Reports "WHERE: 'KEY' is not WANT"; returns false. */
bool results_json_bad(results_json_src *r, const char *where, const char *key,
		      const char *want);

/* The getters below read KEY of the object O (WHERE names O in messages)
 * and return false, with a message, when it is missing or of another
 * type. */
bool results_json_get_str(results_json_src *r, json_t *o, const char *where,
			  const char *key, const char **out);
/* A number; with NULLABLE, null too (*PRESENT false; PRESENT may be NULL
 * without NULLABLE). */
bool results_json_get_num(results_json_src *r, json_t *o, const char *where,
			  const char *key, bool nullable, bool *present,
			  double *out);
/* An integer in LO..HI. */
bool results_json_get_int(results_json_src *r, json_t *o, const char *where,
			  const char *key, json_int_t lo, json_int_t hi,
			  json_int_t *out);
/* An integer >= 0. */
bool results_json_get_count(results_json_src *r, json_t *o, const char *where,
			    const char *key, size_t *out);
/* A state of R's plan (with the plan's spelling), or a number state the
 * list does not hold (a boundary value); any number state without a
 * plan. */
bool results_json_get_state(results_json_src *r, json_t *o, const char *where,
			    const char *key, pb_state *out);
/* The value V (an element of KEY) as a state, as results_json_get_state. */
bool results_json_state_value(results_json_src *r, json_t *v, const char *where,
			      const char *key, pb_state *out);

/* The priorities of the three phases that KEY of the priority entry O of
 * a mechanism state holds, into V. */
bool results_json_get_phases(results_json_src *r, json_t *o, const char *key,
			     long v[PRIO_PHASES]);

/* Section S of ROOT, or NULL (reported) when it is missing or not of the
 * type common/results_schema.h gives it. */
json_t *results_json_section(results_json_src *r, json_t *root,
			     results_section s);

/* Reads the results.json at PATH into a new *OUT (free with study_free).
 * Problems go to D, as "PATH: what is wrong" (with the line and column of
 * a JSON syntax error).  Errors: PB_NOINPUT when PATH cannot be opened,
 * PB_DATAERR for a file that is not a results.json this pairboot reads
 * or does not hold what a study needs, PB_NOMEM.  *OUT is NULL on error. */
pb_status results_json_read(const char *path, diag *d, study **out);

#endif
