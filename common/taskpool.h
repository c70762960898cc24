/* taskpool.h: independent tasks run side by side on a few threads.
 *
 * The bootstrap of one comparison shares nothing with another's: each has
 * its own seed, its own generator and its own slot for the results.  Such
 * tasks can run on every core, and the outcome is still that of running
 * them one after the other, provided that each task writes only its own
 * results and the caller reads them in index order afterwards.  This pool
 * keeps that promise for the status too: the status returned is that of
 * the first task, in index order, that failed, as a loop that stops at
 * the first failure would return; and completion is told to the caller
 * (for a progress line) in index order, on the calling thread. */
#ifndef PAIRBOOT_TASKPOOL_H
#define PAIRBOOT_TASKPOOL_H

#include <stddef.h>

#include "common/status.h"

/* Most threads a pool starts, whatever is asked. */
#define TASKPOOL_MAX_THREADS 256

/* Task I of a pool over ARG; must touch nothing another task touches. */
typedef pb_status (*taskpool_fn)(void *arg, size_t i);

/* Called on the calling thread each time tasks 0..DONE-1 have all
 * finished, DONE counting up by one. */
typedef void (*taskpool_done_fn)(void *arg, size_t done);

/* Runs FN(ARG, I) for I = 0 .. N-1 on up to JOBS threads.  JOBS <= 1 (or
 * N <= 1) runs them in turn on the calling thread and starts no thread; a
 * thread that cannot be started leaves its share to those that could (or
 * to the calling thread).  DONE (may be NULL) gets DONE_ARG.  Once task F
 * has failed, tasks after F that have not begun are skipped (those before
 * it still run, since one of them may fail first).  Returns PB_OK, the
 * status of the first failed task in index order, or PB_NOMEM when the
 * pool itself cannot be set up. */
pb_status taskpool_run(size_t n, unsigned jobs, taskpool_fn fn, void *arg,
		       taskpool_done_fn done, void *done_arg);

#endif
