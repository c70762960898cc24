/* manifest.h: the writer of runs.csv rows for planned boots (`pairboot
 * status --write-runs`); ingest/manifest.h is the reader and describes
 * the format.
 *
 * A row is written for a boot of schedule.csv whose latency file the
 * harness wrote: its run id, series, block, position and state as
 * planned, accepted = yes, an empty note, and its latency path; every
 * other column (mechanism, started, note[LANG], a column of the
 * harness's own) is left empty.  Rows are only ever added: a new runs.csv
 * gets the header first; an existing one keeps every byte it holds, its
 * columns in its own order and its line ends (CRLF when its header ends
 * so), and a last line without a line end gets one before the first new
 * row. */
#ifndef PAIRBOOT_RENDER_MANIFEST_H
#define PAIRBOOT_RENDER_MANIFEST_H

#include <stddef.h>
#include <sys/types.h>

#include <glib.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/manifest.h"
#include "ingest/schedule.h"
#include "ingest/study.h"

/* The most columns a new runs.csv has. */
#define MANIFEST_NEW_COLUMNS 9

/* The columns of a new runs.csv for plan P into COLS (room for
 * MANIFEST_NEW_COLUMNS): run, series, block, position, state, accepted,
 * note, latency, then mechanism when the reader needs it (a format 1
 * study, or a series other than a latency series).  Returns how many. */
size_t manifest_new_columns(const study_plan *p, manifest_col *cols);

/* The line end of the runs.csv whose OLD_LEN bytes are OLD: "\r\n" when
 * its first line ends so, else "\n" (also for an empty or absent file). */
const char *manifest_eol(const char *old, size_t old_len);

/* Appends the header of the N columns COLS, ended by EOL, to OUT. */
void manifest_write_header(const manifest_col *cols, size_t n,
			   const char *eol, GString *out);

/* Appends the row of planned boot R of plan P, in the N columns COLS,
 * ended by EOL, to OUT. */
void manifest_write_boot(const study_plan *p, const schedule_row *r,
			 const manifest_col *cols, size_t n, const char *eol,
			 GString *out);

/* Writes PATH whole: the OLD_LEN bytes OLD (none for a new file), EOL
 * when they do not end a line, then ROWS, atomically (common/safefile.h:
 * a temporary file beside PATH, synced and renamed over it), a file of
 * MODE less the umask.  Problems go to D, named DISPLAY: PB_CANTCREAT
 * when the file cannot be created or put in place, PB_IOERR when writing
 * fails, PB_NOMEM. */
pb_status manifest_save(const char *path, const char *display,
			const char *old, size_t old_len, const char *eol,
			const GString *rows, mode_t mode, diag *d);

#endif
