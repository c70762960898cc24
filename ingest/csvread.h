/* csvread.h: a strict, positioned CSV reader over libcsv.
 *
 * libcsv splits fields and undoes quoting but knows nothing about lines and
 * columns, and its strict mode checks only quote placement.  This reader
 * adds what pairboot needs to report bad input as FILE:LINE:COL:
 *
 *   - every field carries the 1-based line and byte column where it starts
 *     (its opening quote when quoted); a row carries the line of its first
 *     field, so a row whose quoted field spans lines is reported where it
 *     starts;
 *   - RFC 4180 whitespace: spaces and tabs are data, never trimmed;
 *   - a UTF-8 byte order mark at the start of the file is skipped (columns
 *     still count its three bytes, since they are byte columns);
 *   - rows may end in LF or CRLF (a lone CR ends a row too, as in libcsv);
 *   - blank lines (nothing between two line ends) are skipped and produce no
 *     row; a line holding only spaces is a row with one field;
 *   - errors: a quote in the wrong place (at the offending byte), a quoted
 *     field still open at the end of the file (at the field's start), a NUL
 *     byte in a field (at the byte), a row whose field count differs from the
 *     header's (at the row's start), an empty file, and a field longer than
 *     CSVREAD_MAX_FIELD bytes or a row of more than CSVREAD_MAX_FIELDS fields
 *     (both stop the file);
 *   - not checked here: UTF-8 validity (callers check their text fields).
 *
 * After a quoting error the rest of that line is skipped and reading resumes
 * with the next line as a new row, so one file can report several problems;
 * an error in the header stops the file.  Reading stops after
 * CSVREAD_MAX_ERRORS errors in one file.  Memory does not depend on the
 * size of the file: it is read in fixed blocks and only the current row is
 * kept. */
#ifndef PAIRBOOT_CSVREAD_H
#define PAIRBOOT_CSVREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/digest.h"
#include "common/status.h"

#define CSVREAD_MAX_FIELD ((size_t)1 << 20)  /* bytes of a field, as written */
#define CSVREAD_MAX_FIELDS 4096              /* fields in one row */
#define CSVREAD_MAX_ERRORS 20                /* errors before giving up */

typedef struct csv_field {
	const char *text;  /* the field, unquoted, NUL-terminated, NUL-free */
	size_t len;        /* bytes in text */
	size_t line;       /* 1-based line where the field starts */
	size_t col;        /* 1-based byte column where it starts */
} csv_field;

typedef struct csv_row {
	size_t index;             /* 0 for the header, then 1, 2, ... for
				   * each row that reached its end (rows
				   * dropped at a quoting error are not
				   * counted) */
	size_t line;              /* line where the row starts */
	size_t n;                 /* fields; data rows have the header's n */
	const csv_field *fields;  /* valid only during the callback */
} csv_row;

/* Called once per good row, the header first.  Rows with errors are reported
 * by the reader and not passed on.  The callback may report problems of its
 * own to D; they count towards the error limit of the file.  Return false to
 * stop reading (the reader then returns as if the file had ended, without
 * the end-of-file checks). */
typedef bool (*csv_row_fn)(void *ctx, const csv_row *row, diag *d);

/* Reads the CSV file at PATH, naming it DISPLAY in messages (for example
 * "study/runs.csv").  Returns PB_OK when no error was reported while reading
 * it (by the reader or by FN), PB_DATAERR when some was, PB_NOINPUT when
 * the file cannot be opened ("DISPLAY: cannot open: reason"), PB_IOERR on a
 * read error and PB_NOMEM when out of memory; the last three are also
 * recorded in D with diag_fail. */
pb_status csvread_file(const char *path, const char *display, csv_row_fn fn,
		       void *ctx, diag *d);

/* As csvread_file, and feeds every byte of the file to DS (when not NULL)
 * as it is read, so the file is hashed in the same pass.  The whole file
 * is fed even when parsing stops early (an error limit, FN returning
 * false), so the digest is the file's whenever the status is PB_OK or
 * PB_DATAERR; after other statuses it is incomplete. */
pb_status csvread_file_hashed(const char *path, const char *display,
			      csv_row_fn fn, void *ctx, diag *d,
			      digest_stream *ds);

/* As csvread_file, over LEN bytes at BUF (which may hold NULs).  CHUNK > 0
 * feeds the input to the parser in pieces of at most CHUNK bytes, so tests
 * can check that results do not depend on where reads split the input;
 * 0 feeds it whole. */
pb_status csvread_buffer(const char *buf, size_t len, const char *display,
			 size_t chunk, csv_row_fn fn, void *ctx, diag *d);

/* Rows by the million: the columns interface.
 *
 * A latency file is millions of short rows of two numbers; building each
 * row (a copy of every field, its line and column) costs more than libcsv's
 * own parse.  This interface hands each field of a data row over as libcsv
 * gives it, from libcsv's buffer, and works out where a field starts only
 * when asked, for a message.  The header still comes whole, as a csv_row.
 * The rules, the checks and every message of the reader are the same as
 * with csvread_file; only what the caller gets differs. */

/* The row being read, for csv_cursor_place: valid during FIELD and ROW. */
typedef struct csv_cursor csv_cursor;

typedef struct csv_columns {
	/* The header (row index 0), whole, as for csvread_file: return false
	 * to stop. */
	csv_row_fn header;
	/* Field K < the header's field count of the data row being read:
	 * TEXT is unquoted, NUL-terminated, LEN bytes, and valid only during
	 * the call.  Whether the row is good is not known yet: keep what
	 * the field says, and judge it in ROW.  A row with an error never
	 * reaches ROW, and the next row gives every field afresh. */
	void (*field)(void *ctx, size_t k, const char *text, size_t len);
	/* The data row whose fields FIELD was last given has ended, with the
	 * header's field count and no error of the reader.  INDEX counts rows
	 * as csv_row.index does.  Return false to stop. */
	bool (*row)(void *ctx, size_t index, const csv_cursor *cur, diag *d);
} csv_columns;

/* Where field K of CUR's row starts, as csv_field's line and col would
 * say.  Worked out on request: call it for messages, not for every row. */
void csv_cursor_place(const csv_cursor *cur, size_t k, size_t *line,
		      size_t *col);

/* csvread_file_hashed and csvread_buffer, through COLS. */
pb_status csvread_file_columns(const char *path, const char *display,
			       const csv_columns *cols, void *ctx, diag *d,
			       digest_stream *ds);
pb_status csvread_buffer_columns(const char *buf, size_t len,
				 const char *display, size_t chunk,
				 const csv_columns *cols, void *ctx, diag *d);

#endif
