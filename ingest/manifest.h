/* manifest.h: reading runs.csv, the list of boots of a study.
 *
 * runs.csv is RFC 4180 CSV (see csvread.h) with a header; column order is
 * free and unknown columns are ignored.  Required columns: run, series,
 * block, state, accepted, note, latency, mechanism (in format 2, latency
 * and mechanism only when a series needs them: a latency series the
 * first, a mechanism, boundary or control series the second); optional:
 * position, started.  Each row becomes a study_run (study.h), checked against the
 * plan read from study.ini:
 *
 *   run        non-empty, unique
 *   series     the ID of a [series ID] section
 *   block      an integer >= 1
 *   state      missing, 0..4294967295 or 0x + 1..8 hex digits; in latency
 *              and mechanism series one of the plan's states
 *   accepted   yes or no; no needs a note (the reason)
 *   latency    path of the latency CSV; needed by accepted runs of latency
 *              series
 *   mechanism  path of the mechanism log; needed by accepted runs of
 *              mechanism, boundary and control series
 *   position   empty, or the run's 1-based place in its block's order
 *   started    empty, or YYYY-MM-DDTHH:MM:SS with an optional Z or +HH:MM
 *              (or -HH:MM)
 *
 * Paths are relative to the study folder, separated by '/': absolute paths
 * and ".." components (which may leave the folder), backslashes and empty
 * components are errors.  Text fields must be valid UTF-8 without control
 * characters (note may hold tabs).  Two accepted runs of one state in one
 * block of a latency series are an error; a block missing a state is not.
 * Every problem of the file is reported (up to csvread's limit), each at
 * the line and column of the field concerned. */
#ifndef PAIRBOOT_MANIFEST_H
#define PAIRBOOT_MANIFEST_H

#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Why path P (LEN > 0 bytes, valid text) is not a clean relative path
 * inside the study folder as the rules above say, or NULL when it is.
 * Symbolic links are not looked at: that needs the folder. */
const char *manifest_path_problem(const char *p, size_t len);

/* Reads runs.csv at PATH (named DISPLAY in messages) against PLAN.
 *
 * PB_OK: *RUNS holds the *N runs of the file in file order (N >= 1).
 * PB_DATAERR: the problems went to D, and *RUNS holds only the rows that
 * drew no error (possibly none, then NULL), so a caller may go on to check
 * their files.  Other statuses (PB_NOINPUT, PB_IOERR, PB_NOMEM): *RUNS is
 * NULL and *N is 0.
 *
 * Filled per run: id, series, block, state, accepted, note (NULL when
 * empty), position (0 when absent or empty), started, latency_path and
 * mechanism_path (NULL when empty), manifest_line, latency_col and
 * mechanism_col.  The fields taken from the run's files are left zero;
 * mech is NULL.  Free the array with manifest_runs_free. */
pb_status manifest_read_file(const char *path, const char *display,
			     const study_plan *plan, diag *d,
			     study_run **runs, size_t *n);

/* As manifest_read_file over LEN bytes at BUF, fed to the CSV parser in
 * pieces of CHUNK bytes (0: whole: how study_read parses the bytes it
 * read and hashed; other sizes test the parser's resumption). */
pb_status manifest_read_buffer(const char *buf, size_t len,
			       const char *display, const study_plan *plan,
			       size_t chunk, diag *d, study_run **runs,
			       size_t *n);

/* The columns of runs.csv the reader knows by name; MANIFEST_COL_OTHER
 * stands for any other (a note[LANG], a column of the harness's own). */
typedef enum manifest_col {
	MANIFEST_COL_RUN, MANIFEST_COL_SERIES, MANIFEST_COL_BLOCK,
	MANIFEST_COL_STATE, MANIFEST_COL_ACCEPTED, MANIFEST_COL_NOTE,
	MANIFEST_COL_LATENCY, MANIFEST_COL_MECHANISM, MANIFEST_COL_POSITION,
	MANIFEST_COL_STARTED,
	MANIFEST_COL_OTHER
} manifest_col;

/* The header name of column C ("run"); "" for MANIFEST_COL_OTHER. */
const char *manifest_col_name(manifest_col c);

/* The columns the header of the runs.csv in LEN bytes at BUF names, in
 * file order, into a new array *COLS (the caller frees it) of *N: what a
 * writer that appends rows to the file must follow.  Only the header is
 * parsed; a file whose header cannot be read (named DISPLAY in the
 * messages to D) is PB_DATAERR, and then *COLS is NULL.  PB_NOMEM. */
pb_status manifest_read_columns(const char *buf, size_t len,
				const char *display, diag *d,
				manifest_col **cols, size_t *n);

/* Frees the strings manifest_read_* allocated in the N RUNS and the array
 * (NULL is fine).  It does not touch run.mech: whoever sets mech frees it
 * first. */
void manifest_runs_free(study_run *runs, size_t n);

#endif
