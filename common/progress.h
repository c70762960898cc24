/* progress.h: a progress line on stderr while a long phase runs.
 *
 * Reading a large study or bootstrapping many comparisons can take a while;
 * on a terminal the user sees what is done, how fast and how long is left:
 *
 *     reading   4213/10000 files [=========>            ] 142 MB/s, 0:04 left
 *
 * The line appears only when main has allowed it (stderr is a terminal and
 * --quiet was not given) and only once the phase has run for a moment
 * (PROGRESS_DELAY seconds, or PAIRBOOT_PROGRESS_DELAY from the
 * environment), so short runs print nothing.  It is redrawn in place with a
 * carriage return at most once every PROGRESS_REDRAW seconds (or
 * PAIRBOOT_PROGRESS_REDRAW: the tests set 0 to see every update however
 * fast the machine) and erased when the phase ends or before any other
 * message goes to stderr (progress_clear).  Everything here runs on the
 * main thread. */
#ifndef PAIRBOOT_PROGRESS_H
#define PAIRBOOT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROGRESS_DELAY 0.5
#define PROGRESS_REDRAW 0.1

typedef struct progress progress;

/* Allows or forbids progress lines for the rest of the process (main:
 * isatty(2) && !quiet), and reads PAIRBOOT_PROGRESS_DELAY and
 * PAIRBOOT_PROGRESS_REDRAW. */
void progress_allow(bool allowed);

/* Starts a phase of TOTAL steps named WHAT ("reading"), counted in UNIT
 * ("files").  Returns NULL when progress lines are not allowed or out of
 * memory: every function below accepts NULL and then does nothing. */
progress *progress_begin(const char *what, size_t total, const char *unit);

/* DONE of the steps are finished, BYTES read so far (0: no byte rate). */
void progress_update(progress *p, size_t done, uint64_t bytes);

/* Erases the line, if shown, so another message can be printed; the next
 * update draws it again. */
void progress_clear(progress *p);

/* Erases the line and frees P. */
void progress_end(progress *p);

#endif
