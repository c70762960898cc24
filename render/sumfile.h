/* sumfile.h: the writer of run summaries, pairboot-summary.csv
 * (`pairboot summarize`); ingest/sumfile.h reads them and describes the
 * format. */
#ifndef PAIRBOOT_RENDER_SUMFILE_H
#define PAIRBOOT_RENDER_SUMFILE_H

#include <stdbool.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* The output name that means standard output. */
#define SUMFILE_STDOUT "-"

/* Checks the output PATH before a summary of S is written there: nothing
 * there yet, or a regular file (judged by lstat, so a symbolic link is a
 * link, and a FIFO or a device is never opened to be judged).  Anything
 * else (a link, a FIFO, a device, a folder, a socket) is refused even
 * with FORCE: a rename over it would turn it into a plain file.  Without
 * FORCE, a regular file is refused when it is an input of S or does not
 * begin as a summary pairboot wrote (read without following a link or
 * waiting, and only when it is still the file the look found).  Refusals
 * are PB_CANTCREAT, with a message to D.  SUMFILE_STDOUT is always
 * accepted. */
pb_status sumfile_check_target(const study *s, const char *path, bool force,
			       diag *d);

/* Writes the summary of S (a row for every run whose statistic was
 * computed, in runs.csv order) to the file PATH, atomically: a temporary
 * file in the same folder is written, flushed to disk and renamed, so PATH
 * holds the old content or the whole new one (common/safefile.h; a signal
 * that ends the run removes the temporary file).  PATH SUMFILE_STDOUT
 * writes it to standard output instead.  Problems go to D (named by
 * PATH): PB_CANTCREAT when the file cannot be created, PB_IOERR when
 * writing fails, PB_NOMEM. */
pb_status sumfile_write(const study *s, const char *path, diag *d);

#endif
