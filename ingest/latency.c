/* latency.c: the checks on one per-boot latency CSV, row by row.
 *
 * The file is read through csvread's columns interface: each field of a
 * data row is parsed as libcsv hands it over, and judged when the row has
 * ended (a row with the wrong field count is the reader's error alone, as
 * its values would be).  What a message needs of a field is kept only
 * when the field is wrong: its quoted text now, its place on request. */
#include "ingest/latency.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/numparse.h"
#include "ingest/csvread.h"
#include "ingest/textcheck.h"

#define NO_COLUMN ((size_t)-1)

typedef struct latency_ctx {
	const char *display;
	const char *column;     /* the study's value column */
	bool allow_negative;    /* values below 0 are data */
	size_t value_col;       /* its index in the header */
	size_t period_col;      /* index of `period`, or NO_COLUMN */
	bool have_prev;         /* a period was read before */
	long prev_period;
	size_t header_line;     /* where the header starts */
	size_t header_col;
	size_t data_rows;       /* good rows passed by the reader */
	double *values;         /* the values read so far; owned here */
	size_t n, cap;
	pb_status fail;         /* out of memory */
	latency_header *hdr;    /* the caller's, or NULL */
	/* What the fields of the row being read said: */
	numparse_result value_res;
	double value;           /* when value_res is NUMPARSE_OK */
	char value_text[256];   /* diag_quote of a value refused */
	numparse_result period_res;
	long period;            /* when period_res is NUMPARSE_OK */
	char period_text[256];  /* diag_quote of a period refused */
} latency_ctx;

/* Finds NAME in the header; a second copy is an error, since the file
 * would then not say which one holds the data. */
static size_t header_find(const csv_row *row, const char *name,
			  const char *display, diag *d)
{
	size_t found = NO_COLUMN;
	size_t len = strlen(name);

	for (size_t i = 0; i < row->n; i++) {
		const csv_field *f = &row->fields[i];
		if (f->len != len || memcmp(f->text, name, len) != 0)
			continue;
		if (found == NO_COLUMN) {
			found = i;
			continue;
		}
		diag_error(d, display, f->line, f->col,
			   "column '%s' appears twice in the header "
			   "(columns %zu and %zu)", diag_quote(name, len),
			   found + 1, i + 1);
	}
	return found;
}

/* Says which column is missing and what the header held instead, so that
 * a file without a header (a number where the names should be) is
 * recognisable from the message. */
static void header_found(const csv_row *row, char *found, size_t size)
{
	size_t o = 0;

	found[0] = '\0';
	for (size_t i = 0; i < row->n && i < 4; i++) {
		o += (size_t)snprintf(found + o, size - o, "%s'%s'",
				      i ? ", " : "",
				      diag_quote(row->fields[i].text,
						 row->fields[i].len));
		if (o >= size)
			return;
	}
	if (row->n > 4)
		snprintf(found + o, size - o, ", ...");
}

/* A header without the column: told to D, or kept in the caller's
 * latency_header to be told once for every file. */
static void header_missing(latency_ctx *c, const csv_row *row, diag *d)
{
	char found[sizeof c->hdr->found];

	if (c->hdr) {
		c->hdr->column_missing = true;
		c->hdr->line = row->line;
		c->hdr->col = row->fields[0].col;
		header_found(row, c->hdr->found, sizeof c->hdr->found);
		return;
	}
	header_found(row, found, sizeof found);
	diag_error(d, c->display, row->line, row->fields[0].col,
		   "header has no column '%s' (found %s)",
		   diag_quote(c->column, strlen(c->column)), found);
}

static bool latency_append(latency_ctx *c, double v)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 1024;
		double *p;
		if (cap > SIZE_MAX / sizeof *p)
			return false;
		p = realloc(c->values, cap * sizeof *p);
		if (!p)
			return false;
		c->values = p;
		c->cap = cap;
	}
	c->values[c->n++] = v;
	return true;
}

/* The period of the row that has just ended, against the one before. */
static void judge_period(latency_ctx *c, const csv_cursor *cur, diag *d)
{
	size_t line, col;

	if (c->period_res != NUMPARSE_OK) {
		csv_cursor_place(cur, c->period_col, &line, &col);
		diag_error(d, c->display, line, col,
			   c->period_res == NUMPARSE_RANGE
			   ? "period is out of range ('%s')"
			   : "period is not an integer ('%s')", c->period_text);
		return;
	}
	if (c->have_prev && c->period <= c->prev_period) {
		csv_cursor_place(cur, c->period_col, &line, &col);
		diag_error(d, c->display, line, col,
			   "period %ld does not increase (previous %ld)",
			   c->period, c->prev_period);
	}
	/* Compare the next one with this one, right or wrong: one period out
	 * of place then gives one message, not one per row after it. */
	c->have_prev = true;
	c->prev_period = c->period;
}

/* Says where a header name is not UTF-8 text: its names would otherwise
 * just fail to match (the optional `period` column silently).  A UTF-16
 * file is caught by csvread at its first byte, and NUL bytes too. */
static bool header_text_ok(const latency_ctx *c, const csv_field *f,
			   diag *d)
{
	const unsigned char *u = (const unsigned char *)f->text;
	size_t at;

	if (textcheck_find(f->text, f->len, &at) == TEXT_OK)
		return true;
	diag_error(d, c->display, f->line, f->col + at, "the header is not "
		   "valid UTF-8 (byte 0x%02X); save the file as UTF-8", u[at]);
	return false;
}

/* The header: where the value column and the period are. */
static bool latency_header_row(void *ctx, const csv_row *row, diag *d)
{
	latency_ctx *c = ctx;
	size_t errors = diag_errors(d);

	c->header_line = row->line;
	c->header_col = row->fields[0].col;
	for (size_t i = 0; i < row->n; i++)
		if (!header_text_ok(c, &row->fields[i], d))
			return false;
	c->value_col = header_find(row, c->column, c->display, d);
	c->period_col = header_find(row, "period", c->display, d);
	if (c->value_col == NO_COLUMN)
		header_missing(c, row, d);
	return diag_errors(d) == errors && c->value_col != NO_COLUMN;
}

/* Field K of a data row: the value and the period are parsed at once,
 * from libcsv's buffer; a text refused is quoted for the message. */
static void latency_field(void *ctx, size_t k, const char *text, size_t len)
{
	latency_ctx *c = ctx;

	if (k == c->value_col) {
		c->value_res = numparse_double_quick(text, len, &c->value);
		/* Only a '-' can make a number negative: testing it first
		 * leaves the branch free of the division's result. */
		if (c->value_res != NUMPARSE_OK
		    || (text[0] == '-' && c->value < 0))
			snprintf(c->value_text, sizeof c->value_text, "%s",
				 diag_quote(text, len));
	}
	if (k == c->period_col) {
		c->period_res = numparse_long_quick(text, len, &c->period);
		if (c->period_res != NUMPARSE_OK)
			snprintf(c->period_text, sizeof c->period_text, "%s",
				 diag_quote(text, len));
	}
}

/* The value of the row that has just ended: kept, or refused with a
 * message.  Returns false to stop (out of memory). */
static bool judge_value(latency_ctx *c, const csv_cursor *cur, diag *d)
{
	const char *why;
	size_t line, col;

	switch (c->value_res) {
	case NUMPARSE_OK:
		if (!(c->value < 0) || c->allow_negative) {
			if (latency_append(c, c->value))
				return true;
			c->fail = PB_NOMEM;
			return false;
		}
		why = "%s is negative ('%s')";
		break;
	case NUMPARSE_NOT_FINITE:
		why = "%s is not finite ('%s')";
		break;
	case NUMPARSE_NOMEM:
		c->fail = PB_NOMEM;
		return false;
	case NUMPARSE_SYNTAX:
	case NUMPARSE_NAN:
	case NUMPARSE_NEGATIVE:
	case NUMPARSE_RANGE:
	default:
		why = "%s is not a number ('%s')";
		break;
	}
	csv_cursor_place(cur, c->value_col, &line, &col);
	diag_error(d, c->display, line, col, why, c->column, c->value_text);
	return true;
}

/* A data row has ended, with every field: judge what they said. */
static bool latency_row(void *ctx, size_t index, const csv_cursor *cur,
			diag *d)
{
	latency_ctx *c = ctx;

	(void)index;
	c->data_rows++;
	if (c->period_col != NO_COLUMN)
		judge_period(c, cur, d);
	return judge_value(c, cur, d);
}

static const csv_columns latency_columns = {
	latency_header_row, latency_field, latency_row
};

/* Shared end of both readers: turns the reader's status and what the
 * callback saw into the result. */
static pb_status latency_finish(latency_ctx *c, pb_status st, diag *d,
				double **values, size_t *n)
{
	if (c->fail != PB_OK) {
		diag_fail(d, c->fail);
		st = pb_status_merge(c->fail, st);
	}
	if (c->hdr && c->hdr->column_missing)
		st = pb_status_merge(st, PB_DATAERR);
	if (st == PB_OK && c->data_rows == 0) {
		diag_error(d, c->display, c->header_line, c->header_col,
			   "no periods: the file holds only a header");
		st = PB_DATAERR;
	}
	if (st != PB_OK) {
		free(c->values);
		*values = NULL;
		*n = 0;
		return st;
	}
	*values = c->values;
	*n = c->n;
	return PB_OK;
}

static void latency_init(latency_ctx *c, const char *display,
			 const char *column)
{
	memset(c, 0, sizeof *c);
	c->display = display;
	c->column = column;
	c->value_col = NO_COLUMN;
	c->period_col = NO_COLUMN;
}

pb_status latency_read_file(const char *path, const char *display,
			    const char *column, diag *d, double **values,
			    size_t *n)
{
	return latency_read_file_hashed(path, display, column, false, d,
					values, n, NULL, NULL);
}

pb_status latency_read_file_hashed(const char *path, const char *display,
				   const char *column, bool allow_negative,
				   diag *d, double **values, size_t *n,
				   digest_stream *ds, latency_header *hdr)
{
	latency_ctx c;
	pb_status st;

	latency_init(&c, display, column);
	c.allow_negative = allow_negative;
	c.hdr = hdr;
	if (hdr)
		memset(hdr, 0, sizeof *hdr);
	st = csvread_file_columns(path, display, &latency_columns, &c, d, ds);
	return latency_finish(&c, st, d, values, n);
}

pb_status latency_read_buffer(const char *buf, size_t len,
			      const char *display, const char *column,
			      bool allow_negative, size_t chunk, diag *d,
			      double **values, size_t *n)
{
	latency_ctx c;
	pb_status st;

	latency_init(&c, display, column);
	c.allow_negative = allow_negative;
	st = csvread_buffer_columns(buf, len, display, chunk,
				    &latency_columns, &c, d);
	return latency_finish(&c, st, d, values, n);
}
