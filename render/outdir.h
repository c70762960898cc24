/* outdir.h: writes a report folder as a whole or not at all.
 *
 * Files are written into a staging folder beside the target, each one
 * flushed and fsynced; outdir_commit() then swaps the staging folder with the
 * target in one rename (renameat2 RENAME_EXCHANGE where the target exists),
 * so a reader sees either the old report or the new one, never a mix, and a
 * run that fails or is killed leaves the previous report untouched.  The
 * staging folder is named ".NAME.new-XXXXXX"; a leftover one from a killed
 * run is removed by the next successful commit.
 *
 * To avoid deleting a folder that is not a report, an existing target is
 * replaced only when it is empty or holds the marker file ".pairboot-report"
 * that every committed report carries, and then only the files that marker
 * lists are removed.  A leftover staging folder is removed only when it
 * proves to be pairboot's (its mark file, or a marker listing its files),
 * opened without following links; every removal goes through
 * common/ownfs.h.
 *
 * A site of reports (`pairboot site`) is one target holding a report
 * folder a study (outdir_sub): each has a marker of its own, the site's
 * lists it as "NAME/", and it is replaced or removed by the same rules,
 * one level deep: a folder inside a report's folder is never its.
 *
 * One run at a time writes a target: from outdir_begin to the commit or
 * abort, a run holds an flock on ".NAME.lock" beside it (a file it removes
 * again when it made it, or took it over from a killed pairboot).  A
 * second run waits for it, or fails at once with PB_TEMPFAIL.  A lock or
 * marker that is not a regular file, or a marker larger than 4 KiB, is
 * refused unread, never waited on.  On SIGINT, SIGTERM or SIGHUP
 * (common/oom.h's oom_trap_signals) and on an out-of-memory exit, the
 * staging folder, the lock file and the parent folders the run made are
 * removed. */
#ifndef PAIRBOOT_OUTDIR_H
#define PAIRBOOT_OUTDIR_H

#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"

typedef struct outdir outdir;

/* What a run does when another one is writing the same target. */
typedef enum outdir_wait {
	OUTDIR_WAIT,      /* waits for it to finish (said once, to D) */
	OUTDIR_WAIT_QUIETLY, /* waits for it without saying so (--quiet) */
	OUTDIR_NO_WAIT    /* fails at once with PB_TEMPFAIL */
} outdir_wait;

/* Sets what every later outdir_begin of the process does (main sets it
 * from --no-wait and --quiet, as it sets the number of jobs); OUTDIR_WAIT
 * unless set. */
void outdir_set_wait(outdir_wait wait);

/* Starts a report for folder TARGET, creating its missing parent folders
 * (removed again by outdir_abort while they are empty).  Problems are
 * reported to D: PB_CANTCREAT when the staging folder cannot be made, the
 * target is a symbolic link or a folder that is not a report, or is named
 * "." or "..", or the lock or the target's marker is no regular file; PB_TEMPFAIL when another run writes it and outdir_set_wait
 * said not to wait. */
pb_status outdir_begin(const char *target, diag *d, outdir **out);

/* As outdir_begin, for a folder that must be new: TARGET may not exist
 * or must be an empty folder (checked again at the commit), and no marker
 * is written, since the folder is not a report (a planned study). */
pb_status outdir_begin_fresh(const char *target, diag *d, outdir **out);

/* Writes NAME (a plain file name) with LEN bytes of DATA into the staging
 * folder.  PB_IOERR when writing or syncing fails (a full disk). */
pb_status outdir_write(outdir *o, const char *name, const void *data,
		       size_t len);

/* A second handle on the staging folder of O, for a child process that
 * writes part of the report (common/forkpool.h): its problems go to D, and
 * it notes the names it wrote for itself (outdir_written), which the
 * parent then records in O with outdir_adopt.  Free it with
 * outdir_release.  NULL when out of memory. */
outdir *outdir_share(const outdir *o, diag *d);
size_t outdir_n_written(const outdir *o);
const char *outdir_written(const outdir *o, size_t i);
pb_status outdir_adopt(outdir *o, const char *name);

/* A report of its own inside the staging folder of O (a site of
 * reports, `pairboot site`): the new folder NAME (a plain name), into
 * which the handle *OUT writes as outdir_write does (and outdir_share
 * shares it).  outdir_sub_close then gives it its own marker, listing its
 * files, and lists it in O's as "NAME/", so that a later run replaces the
 * folder as a whole, by the same rules as a report: never one holding an
 * entry its marker does not list (a folder of a report's is never one).
 * The staging folder's clean-up removes such folders with it.  Errors:
 * PB_CANTCREAT (told to O's diag), PB_NOMEM, PB_SOFTWARE for a NAME that
 * is no plain name or an O of outdir_begin_fresh. */
pb_status outdir_sub(outdir *o, const char *name, outdir **out);

/* Writes the marker of SUB (of outdir_sub of O), lists it in O's and
 * frees SUB.  PB_IOERR, PB_CANTCREAT, PB_NOMEM. */
pb_status outdir_sub_close(outdir *o, outdir *sub);

/* Frees the handle O and leaves its folder as it is. */
void outdir_release(outdir *o);

/* Publishes the staging folder as TARGET and frees O.  On failure the old
 * report stays as it was and the staging folder is removed. */
pb_status outdir_commit(outdir *o);

/* Drops the staging folder (and the parent folders the run made, while
 * empty) and frees O; the target is untouched. */
void outdir_abort(outdir *o);

#endif
