/* latency.c: the checks on one per-boot latency CSV, row by row. */
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

static void check_period(latency_ctx *c, const csv_field *f, diag *d)
{
	long p;

	switch (numparse_long(f->text, f->len, &p)) {
	case NUMPARSE_OK:
		break;
	case NUMPARSE_RANGE:
		diag_error(d, c->display, f->line, f->col,
			   "period is out of range ('%s')",
			   diag_quote(f->text, f->len));
		return;
	default:
		diag_error(d, c->display, f->line, f->col,
			   "period is not an integer ('%s')",
			   diag_quote(f->text, f->len));
		return;
	}
	if (c->have_prev && p <= c->prev_period)
		diag_error(d, c->display, f->line, f->col,
			   "period %ld does not increase (previous %ld)", p,
			   c->prev_period);
	/* Compare the next one with this one, right or wrong: one period out
	 * of place then gives one message, not one per row after it. */
	c->have_prev = true;
	c->prev_period = p;
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

static bool latency_row(void *ctx, const csv_row *row, diag *d)
{
	latency_ctx *c = ctx;
	const csv_field *f;
	double v;

	if (row->index == 0) {
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
	c->data_rows++;
	if (c->period_col != NO_COLUMN)
		check_period(c, &row->fields[c->period_col], d);
	f = &row->fields[c->value_col];
	switch (numparse_double(f->text, f->len, &v)) {
	case NUMPARSE_OK:
		if (v < 0 && !c->allow_negative) {
			diag_error(d, c->display, f->line, f->col,
				   "%s is negative ('%s')", c->column,
				   diag_quote(f->text, f->len));
			return true;
		}
		if (!latency_append(c, v)) {
			c->fail = PB_NOMEM;
			return false;
		}
		return true;
	case NUMPARSE_NOT_FINITE:
		diag_error(d, c->display, f->line, f->col,
			   "%s is not finite ('%s')", c->column,
			   diag_quote(f->text, f->len));
		return true;
	case NUMPARSE_NOMEM:
		c->fail = PB_NOMEM;
		return false;
	case NUMPARSE_SYNTAX:
	case NUMPARSE_NAN:
	case NUMPARSE_NEGATIVE:
	case NUMPARSE_RANGE:
		break;
	}
	diag_error(d, c->display, f->line, f->col, "%s is not a number ('%s')",
		   c->column, diag_quote(f->text, f->len));
	return true;
}

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
	st = csvread_file_hashed(path, display, latency_row, &c, d, ds);
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
	st = csvread_buffer(buf, len, display, chunk, latency_row, &c, d);
	return latency_finish(&c, st, d, values, n);
}
