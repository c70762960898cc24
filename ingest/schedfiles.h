/* schedfiles.h: which planned boots of a study already have their
 * latency file in the study folder.
 *
 * While a study is being recorded, the harness writes each boot's latency
 * CSV at the path schedule.csv gives it (its latency column), and runs.csv
 * is brought up to date afterwards, by hand or by `pairboot status
 * --write-runs`.  A boot whose file is there is recorded, whether or not
 * runs.csv lists it yet; this module looks, and reads nothing of the
 * files. */
#ifndef PAIRBOOT_SCHEDFILES_H
#define PAIRBOOT_SCHEDFILES_H

#include <stdbool.h>

#include "common/status.h"
#include "ingest/study.h"

/* For each row i of S->schedule (which must not be NULL), PRESENT[i]
 * (room for as many) says whether its run id and latency path are what
 * runs.csv could take (text without control characters, and a path
 * manifest_path_problem finds nothing wrong with) and a regular file lies
 * there, inside the study folder once links are followed
 * (ingest/studyfile.h).  A row without a latency path is false.  PB_OK;
 * PB_NOMEM; PB_NOINPUT when the study folder can no longer be found. */
pb_status schedfiles_present(const study *s, bool *present);

#endif
