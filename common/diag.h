/* diag.h: collects diagnostics about bad input.
 *
 * Every problem found in a study is reported as one line
 *     pairboot: FILE:LINE:COL: what is wrong (what was found)
 * (LINE and COL are left out when unknown).  A diag prints each message as it
 * arrives, up to a limit, and keeps counting past it so the summary can say
 * how many there were.  The first messages are also kept in memory so tests
 * and `check` can inspect them. */
#ifndef PAIRBOOT_DIAG_H
#define PAIRBOOT_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "common/status.h"

typedef struct diag diag;

/* A new collector that prints to STREAM (NULL: print nothing) at most LIMIT
 * messages (0: no limit).  Returns NULL when out of memory. */
diag *diag_new(FILE *stream, size_t limit);
void diag_free(diag *d);

/* Records an error at FILE:LINE:COL.  LINE 0 leaves out line and column,
 * COL 0 leaves out the column.  The message is printf-formatted. */
void diag_error(diag *d, const char *file, size_t line, size_t col,
		const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Records a warning (printed with "warning: ", not counted as an error). */
void diag_warning(diag *d, const char *file, size_t line, size_t col,
		  const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* Marks that the collector saw an I/O, memory or other non-data failure;
 * diag_status then returns it in preference to PB_DATAERR. */
void diag_fail(diag *d, pb_status status);

size_t diag_errors(const diag *d);
size_t diag_warnings(const diag *d);

/* PB_OK when nothing went wrong, the recorded failure status when one was
 * set by diag_fail, else PB_DATAERR when errors were recorded. */
pb_status diag_status(const diag *d);

/* The Ith kept message (0-based), without the "pairboot: " prefix, or NULL. */
const char *diag_message(const diag *d, size_t i);
size_t diag_kept(const diag *d);

/* Escapes VALUE (LEN bytes) for quoting in a message: control bytes, NUL,
 * quotes and bytes that are not valid UTF-8 become \xHH, and what is longer
 * than about 80 bytes is cut with "...".  Returns a pointer into a static
 * rotating buffer good for the next 4 calls. */
const char *diag_quote(const char *value, size_t len);

#endif
