/* status_looks.h: the part of `pairboot status` that a sequential study
 * (study.ini's `looks`) adds: per series, the looks reached, where each
 * comparison stands at its latest look, and whether to go on booting. */
#ifndef PAIRBOOT_STATUS_LOOKS_H
#define PAIRBOOT_STATUS_LOOKS_H

#include <stdbool.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Prints the looks of study S on standard output, when its plan has
 * looks (nothing otherwise; nothing either when QUIET).  CLEAN says
 * whether S was read without a problem: only then is it analysed
 * (analysis_run, problems to D), quiet or not.  Returns PB_OK, or the
 * analysis's failure (PB_DATAERR, PB_NOMEM). */
pb_status status_looks_print(const study *s, bool clean, bool quiet,
			     diag *d);

#endif
