/* capframex.h: reading one boot's CapFrameX capture file.
 *
 * CapFrameX saves a capture as JSON (its files are named CX_*.json): an
 * object with `Info` (ProcessName, GameName, CreationDate, Processor,
 * GPU, ...) and `Runs`, an array of runs, each an object whose
 * `CaptureData` holds one array per frame metric, all of the same length:
 * `TimeInSeconds`, `MsBetweenPresents`, `MsBetweenDisplayChange`,
 * `MsUntilDisplayed`, `Dropped`, ...  Some versions add `SensorData` or
 * `SensorData2` to a run; they, `Info` and every other key are ignored.
 *
 * A study with `capture = capframex` reads its column (study.ini `column`,
 * e.g. MsBetweenPresents) from every run's CaptureData, in run order, and
 * concatenates them: the runs of one file are the captures of one boot,
 * and their frames are that boot's periods.  The reader is strict; each of
 * these is an error at FILE:LINE:COL:
 *
 *   - a JSON syntax error (at jansson's position: the line and column, in
 *     characters, where it stopped; UTF-8 BOM skipped and counted as in
 *     a CSV);
 *   - a root that is no object, no `Runs`, `Runs` not an array, or empty
 *     (at the root's or the array's first byte);
 *   - a run that is no object or has no `CaptureData` object (at the run);
 *   - a CaptureData without `TimeInSeconds` or without the column (at the
 *     CaptureData's `{`), either not an array, or the column's array of
 *     another length than TimeInSeconds' (at the array's `[`);
 *   - a run without frames (at its TimeInSeconds `[`);
 *   - an element of the column that is null, text, true/false or any
 *     other non-number, or a number below 0 unless ALLOW_NEGATIVE (at the
 *     element's first byte).
 *
 * The positions of the last three kinds are found by a small scan of the
 * text after jansson has accepted it (jansson keeps no positions of
 * values): the line and the column in bytes of the value's first byte,
 * with keys matched by their bytes as written.  A key written with a
 * backslash escape is not matched by that scan, and the message then
 * points at the object that holds it. */
#ifndef PAIRBOOT_CAPFRAMEX_H
#define PAIRBOOT_CAPFRAMEX_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/digest.h"
#include "common/status.h"

/* The largest capture file read (256 MiB): an hour at 1000 frames per
 * second with a dozen metrics is far less. */
#define CAPFRAMEX_MAX_BYTES ((size_t)256 << 20)

/* The most JSON values (numbers, texts, arrays, ...) a capture read may
 * hold, counted before parsing, so that the parsed tree stays below about
 * 600 MB: 10 million values are some 800 000 frames of a dozen metrics,
 * 45 minutes at 300 frames per second. */
#define CAPFRAMEX_MAX_VALUES 10000000

/* Reads the capture at PATH (DISPLAY in messages), hashing its bytes into
 * DS (NULL: no hashing), and returns in *VALUES the N values of COLUMN of
 * all runs in file order, as written, and in *RUNS the number of runs
 * read.  On PB_OK *VALUES holds N >= 1 values and belongs to the caller
 * (free()).  Else *VALUES is NULL, *N and *RUNS 0, and every problem went
 * to D: PB_DATAERR for bad data (above, or a file larger than
 * CAPFRAMEX_MAX_BYTES or of more than CAPFRAMEX_MAX_VALUES values, or not
 * a regular file), PB_NOINPUT when it cannot
 * be opened, PB_IOERR, PB_NOMEM. */
pb_status capframex_read_file(const char *path, const char *display,
			      const char *column, bool allow_negative,
			      diag *d, double **values, size_t *n,
			      size_t *runs, digest_stream *ds);

/* As capframex_read_file over LEN bytes at BUF. */
pb_status capframex_read_buffer(const char *buf, size_t len,
				const char *display, const char *column,
				bool allow_negative, diag *d,
				double **values, size_t *n, size_t *runs);

/* Whether the file at PATH starts, after blanks and a UTF-8 BOM, with
 * '{', as JSON does and no CSV header would: true with its *LINE and
 * *COL (1-based, bytes).  False when it does not, or cannot be read (the
 * reader that follows says why). */
bool capframex_looks_like_json(const char *path, size_t *line, size_t *col);

#endif
