/* forkpool.h: independent tasks run side by side in child processes.
 *
 * For work whose libraries are not known to be safe on threads: Pango and
 * fontconfig were seen to abort when the figures of several languages were
 * drawn on threads at once, so each language's figures are drawn in a
 * process of its own instead (src/cmd_report.c).  As with
 * common/taskpool.h, the outcome is that of running the tasks one after
 * the other in index order: the messages of task I come out after those
 * of tasks 0..I-1, the status is that of the first task that failed, and
 * the messages of the tasks after it are dropped, since one after the
 * other they would not have run.
 *
 * A child reports to a buffer (common/diag.h), which the parent replays;
 * what else a task gives its caller goes through a file the child writes
 * and the parent reads (TAKE).  A child that dies gives PB_NOMEM when it
 * ended with 71 (out of memory, said once by main: a child's GLib
 * handler says nothing, common/oom.h), PB_IOERR when it could not write
 * its results, and PB_SOFTWARE otherwise, with a message naming the task
 * by NAMES[I].  The parent must have no other thread
 * running when it calls forkpool_run: a child has only the calling
 * thread, and a lock another thread held would never be released.  On
 * Linux a child is killed when the thread that started it ends, so that a
 * parent killed outright takes its children with it: call it from a
 * thread that outlives the pool (main's). */
#ifndef PAIRBOOT_FORKPOOL_H
#define PAIRBOOT_FORKPOOL_H

#include <stddef.h>
#include <stdio.h>

#include "common/diag.h"
#include "common/status.h"

/* Task I of the pool over ARG, reporting to D.  OUT is where a child
 * writes what TAKE reads in the parent; NULL when the task runs in the
 * calling process, which then keeps its results itself. */
typedef pb_status (*forkpool_fn)(void *arg, size_t i, diag *d, FILE *out);

/* In the parent, once task I succeeded in a child: reads IN, which holds
 * what the task wrote to its OUT, from the start. */
typedef pb_status (*forkpool_take_fn)(void *arg, size_t i, FILE *in,
				      diag *d);

/* Runs FN(ARG, I) for I = 0 .. N-1 in up to JOBS child processes at a
 * time.  JOBS <= 1 or N <= 1 runs them in turn in this process, stopping
 * at the first failure, and so do tasks when the temporary files cannot
 * be made.  A task for which no process can be started runs here once the
 * tasks before it have ended, and so do all after it (the libraries it
 * used may have started threads).  Returns PB_OK or the status of the
 * first task that failed (PB_NOMEM when the pool itself cannot get
 * memory). */
pb_status forkpool_run(size_t n, unsigned jobs, const char *const *names,
		       forkpool_fn fn, forkpool_take_fn take, void *arg,
		       diag *d);

/* Kills the children of the pool that is running, if any, and waits for
 * them to end: for a handler of a signal that ends the parent, so that
 * no child writes into a folder the handler removes.  Makes only
 * async-signal-safe calls. */
void forkpool_stop(void);

#endif
