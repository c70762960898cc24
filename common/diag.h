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

#include <stdbool.h>
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
 * quotes, bytes that are not valid UTF-8 and those of a bidi control or
 * invisible format character become \xHH, and what is longer
 * than about 80 bytes is cut with "...".  Returns a pointer into a rotating
 * buffer of the calling thread, good for its next 4 calls (each thread has
 * its own, so threads reading files at once may all quote). */
const char *diag_quote(const char *value, size_t len);

/* A copy of TEXT (malloc'd, the caller frees it; NULL when out of memory)
 * fit to be written to a terminal: each control character, a C0 byte
 * (ESC, BEL, BS, CR, LF and tab included), DEL, or the two bytes of a C1
 * control U+0080..U+009F, or of a bidi control or invisible format
 * character (common/unichar.h), becomes \xHH as diag_quote writes it; all else
 * is kept.  Every message a diag prints passes through it, so that a file
 * name or value holding ESC cannot send commands to the terminal. */
char *diag_escape(const char *text);

/* Buffers, for reading files on several threads while the messages still
 * come out in one fixed order.  A buffer is a collector for one piece of
 * work (one run's files); it prints nothing, and diag_replay later passes
 * its messages to PARENT as if they had been reported there.  A buffer
 * keeps every message PARENT could still print or keep and counts the rest,
 * so its memory stays bounded when PARENT has a print limit.  One buffer is
 * used by one thread at a time; PARENT is only read here.  Returns NULL
 * when out of memory.  Free with diag_free. */
diag *diag_new_buffer(const diag *parent);

/* Reports every message of the buffer SRC to DST, in the order they were
 * recorded (printing, counting and keeping them as DST does), and merges
 * SRC's failure status into DST's.  SRC is left as it was. */
void diag_replay(diag *dst, const diag *src);

/* Writes the buffer SRC to F, for diag_load in another process (a child
 * of common/forkpool.h).  False when writing fails. */
bool diag_save(const diag *src, FILE *f);

/* Reads what diag_save wrote to F into a new buffer for PARENT, *OUT.
 * PB_NOMEM, or PB_IOERR when F does not hold a whole buffer. */
pb_status diag_load(const diag *parent, FILE *f, diag **out);

#endif
