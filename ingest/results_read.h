/* results_read.h: a study rebuilt from the results.json of its report, so
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
#ifndef PAIRBOOT_RESULTS_READ_H
#define PAIRBOOT_RESULTS_READ_H

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Reads the results.json at PATH into a new *OUT (free with study_free).
 * Problems go to D, as "PATH: what is wrong" (with the line and column of
 * a JSON syntax error).  Errors: PB_NOINPUT when PATH cannot be opened,
 * PB_DATAERR for a file that is not a results.json of schema version 1 or
 * does not hold what a study needs, PB_NOMEM.  *OUT is NULL on error. */
pb_status results_read(const char *path, diag *d, study **out);

#endif
