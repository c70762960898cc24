/* mechlog.h: reads a mechanism-check log, one per boot, into a mech_log.
 *
 * The log is logfmt: each line holds key=value pairs separated by blanks
 * (spaces or tabs).  A value is either a run of non-blank bytes (possibly
 * empty) or "double quoted" with \" and \\ as the only escapes.  Lines
 * starting with '#' (after blanks) are comments, blank lines are ignored,
 * CRLF line ends are accepted.  Every line needs an event= key; unknown
 * events and unknown keys are ignored.  The known events:
 *
 *   event=service   status=running|stopped                     (required)
 *   event=query     [value=0..4294967295]      no value: the query failed
 *   event=priority  phase=before|after|cleanup win32=<int> etw=<int>
 *                   [class=<name>]
 *   event=register  ok=true|false [task=<name>] [error=<code>]
 *   event=etw       lost_events=<n> lost_buffers=<n>
 *   event=registry  value=<state>|missing    (a state as in study.ini)
 *   event=tracing   active=<n>
 *   event=processes leftover=<n>
 *   event=observe   name=<text> value=<text>   (both non-empty; a name
 *                   once per log): anything else a logger watched, such
 *                   as name="hardware scheduling" value=enabled
 *
 * <int> is decimal with an optional '-', <n> decimal without; overflow is
 * an error.  Each event but priority may occur once per log; each priority
 * phase once.  A key may occur once per line.  A line may hold at most
 * MECHLOG_LINE_MAX bytes (without its newline), so memory stays bounded
 * whatever the input.  The log must be UTF-8 without NUL bytes. */
#ifndef PAIRBOOT_MECHLOG_H
#define PAIRBOOT_MECHLOG_H

#include <stddef.h>

#include "common/diag.h"
#include "common/digest.h"
#include "common/status.h"
#include "ingest/study.h"

#define MECHLOG_LINE_MAX 65536

/* Reads the log at PATH (named DISPLAY in messages).  Returns PB_OK and a
 * new mech_log in *OUT (the caller owns it: mechlog_free); otherwise *OUT
 * is NULL, every problem is reported to D as FILE:LINE:COL (COL: the byte
 * column of the offending character or token), and the status is
 * PB_NOINPUT (cannot open), PB_IOERR (read error), PB_DATAERR or
 * PB_NOMEM. */
pb_status mechlog_read_file(const char *path, const char *display, diag *d,
			    mech_log **out);

/* As mechlog_read_file, and feeds every byte of the file to DS (NULL: no
 * hashing) as it is read, the whole file whenever the status is PB_OK or
 * PB_DATAERR, so it need not be read again to be hashed. */
pb_status mechlog_read_file_hashed(const char *path, const char *display,
				   diag *d, mech_log **out,
				   digest_stream *ds);

/* As mechlog_read_file, from the LEN bytes at BUF (not NUL-terminated; the
 * caller keeps BUF). */
pb_status mechlog_read_buffer(const char *buf, size_t len,
			      const char *display, diag *d, mech_log **out);

/* Frees M and the strings it holds.  NULL is allowed. */
void mechlog_free(mech_log *m);

#endif
