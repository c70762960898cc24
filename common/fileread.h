/* fileread.h: a small file read whole into memory (study.ini, a published
 * page), in a buffer that grows with what the file holds rather than one
 * of the largest size allowed. */
#ifndef PAIRBOOT_FILEREAD_H
#define PAIRBOOT_FILEREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#include "common/diag.h"
#include "common/status.h"

/* Opens PATH for reading (close-on-exec, and FLAGS such as O_NOFOLLOW)
 * without waiting on a FIFO, which an ordinary open would do for ever:
 * the descriptor, its status in *ST, when it is a regular file; else -1
 * with errno set, EISDIR for a folder and EINVAL for anything else that
 * is not a regular file (a FIFO, a device, a socket). */
int fileread_open_regular(const char *path, int flags, struct stat *st);

/* As fileread_open_regular with no FLAGS, as a stream; NULL with errno
 * set on failure. */
FILE *fileread_open(const char *path);

/* Tells D why fileread_open (or fileread_open_regular) failed on the file
 * named DISPLAY, from errno, and returns the status that says it:
 * PB_DATAERR for something that is not a regular file (EINVAL), PB_NOMEM
 * when the stream's buffer could not be had, else PB_NOINPUT.  Also marks
 * D failed with that status when MARK is true. */
pb_status fileread_open_failed(diag *d, const char *display, bool mark);

/* Reads F to its end, but no more than MAX + 1 bytes (so that a caller
 * can tell a file of more than MAX bytes from one of MAX), into a new
 * *BUF (free with free(); a NUL follows its *LEN bytes).  Returns PB_OK,
 * PB_NOMEM, or PB_IOERR on a read error (errno as the read left it); on
 * an error *BUF is NULL and *LEN 0. */
pb_status fileread_all(FILE *f, size_t max, char **buf, size_t *len);

/* The largest published page or results.json pairboot reads (64 MiB): a
 * study at the limits of docs/study-format.md writes far less, and a
 * device or a runaway file must not be read until memory runs out. */
#define FILEREAD_MAX_DOCUMENT ((size_t)64 << 20)

/* Reads the published page or results.json at PATH whole into a new *BUF
 * (as fileread_all), telling D what went wrong as "PATH: ...": PB_NOINPUT
 * when it cannot be opened, PB_IOERR, PB_NOMEM, or PB_DATAERR when it is
 * larger than FILEREAD_MAX_DOCUMENT. */
pb_status fileread_document(const char *path, diag *d, char **buf,
			    size_t *len);

#endif
