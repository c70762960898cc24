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

#include <glib.h>

#include "common/numparse.h"
#include "ingest/csvread.h"
#include "ingest/rowfilter.h"
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
	/* The rules, and what they did: */
	const latency_rules *rules;   /* or NULL */
	size_t *filter_col;     /* each condition's column in the header */
	bool row_out;           /* the row being read fails a condition */
	bool value_missing;     /* its value is a missing token */
	size_t filtered, missing;
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
	for (size_t i = 0; c->rules && i < c->rules->n_filter; i++) {
		const char *name = c->rules->filter[i].column;
		size_t same = i;

		/* A column two conditions test is found (or told missing)
		 * once. */
		for (size_t j = 0; j < i && same == i; j++)
			if (strcmp(c->rules->filter[j].column, name) == 0)
				same = j;
		if (same < i) {
			c->filter_col[i] = c->filter_col[same];
			continue;
		}
		c->filter_col[i] = header_find(row, name, c->display, d);
		if (c->filter_col[i] == NO_COLUMN && c->hdr) {
			if (!c->hdr->filter_missing) {
				c->hdr->filter_missing = true;
				c->hdr->line = row->line;
				c->hdr->col = row->fields[0].col;
				header_found(row, c->hdr->found,
					     sizeof c->hdr->found);
				snprintf(c->hdr->filter_column,
					 sizeof c->hdr->filter_column, "%s",
					 diag_quote(name, strlen(name)));
			}
		} else if (c->filter_col[i] == NO_COLUMN) {
			char found[256];

			header_found(row, found, sizeof found);
			diag_error(d, c->display, row->line, row->fields[0].col,
				   "header has no column '%s', which the "
				   "filter tests (found %s)",
				   diag_quote(name, strlen(name)), found);
		}
	}
	return diag_errors(d) == errors && c->value_col != NO_COLUMN
	       && !(c->hdr && c->hdr->filter_missing);
}

/* Field K of a data row: the value and the period are parsed at once,
 * from libcsv's buffer; a text refused is quoted for the message. */
static void latency_field(void *ctx, size_t k, const char *text, size_t len)
{
	latency_ctx *c = ctx;

	for (size_t i = 0; c->rules && i < c->rules->n_filter; i++) {
		const plan_condition *cond = &c->rules->filter[i];

		if (c->filter_col[i] == k
		    && (strlen(cond->value) == len
			&& memcmp(cond->value, text, len) == 0) != cond->equal)
			c->row_out = true;
	}
	if (k == c->value_col && c->rules
	    && rowfilter_is_token(c->rules->missing, c->rules->n_missing, text,
				  len)) {
		c->value_missing = true;
		return;
	}
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

	bool out = c->row_out, missing = c->value_missing;

	(void)index;
	c->data_rows++;
	c->row_out = false;
	c->value_missing = false;
	if (c->period_col != NO_COLUMN)
		judge_period(c, cur, d);
	/* A row the filter removes is not the study's: its value is not
	 * judged at all. */
	if (out) {
		c->filtered++;
		return true;
	}
	if (missing) {
		c->missing++;
		return true;
	}
	return judge_value(c, cur, d);
}

static const csv_columns latency_columns = {
	latency_header_row, latency_field, latency_row
};

/* The filter and the missing values, over the whole file: told at its
 * header, naming what removed its rows. */
static pb_status judge_rules(latency_ctx *c, diag *d)
{
	const latency_rules *r = c->rules;
	size_t kept = c->data_rows - c->filtered;
	GString *what = g_string_new(NULL);
	pb_status st = PB_DATAERR;

	if (kept == 0) {
		rowfilter_text(what, r->filter, r->n_filter, false);
		diag_error(d, c->display, c->header_line, c->header_col,
			   "the filter '%s' removes %s %zu row%s: none is "
			   "left to measure", diag_quote(what->str, what->len),
			   c->data_rows == 1 ? "its" : "all", c->data_rows,
			   c->data_rows == 1 ? "" : "s");
	} else if (c->missing == kept) {
		rowfilter_tokens_text(what, r->missing, r->n_missing, false);
		diag_error(d, c->display, c->header_line, c->header_col,
			   "%s %zu row%s %s%s in column '%s' (missing = %s): "
			   "none is left to measure",
			   kept == 1 ? "the" : "all", kept, kept == 1 ? "" : "s",
			   r->n_filter ? "the filter keeps " : "",
			   kept == 1 ? "is a missing value"
				     : "are missing values",
			   diag_quote(c->column, strlen(c->column)),
			   diag_quote(what->str, what->len));
	} else if (!rowfilter_within(c->missing, kept, r->missing_limit)) {
		GString *limit = g_string_new(NULL);

		rowfilter_limit_text(limit, r->missing_limit);
		diag_error(d, c->display, c->header_line, c->header_col,
			   "%zu of %zu %srows %s in column '%s' (%.2f%%), "
			   "more than missing_limit allows (%s, %g%%)",
			   c->missing, kept, r->n_filter ? "kept " : "",
			   c->missing == 1 ? "is a missing value"
					   : "are missing values",
			   diag_quote(c->column, strlen(c->column)),
			   100.0 * (double)c->missing / (double)kept,
			   limit->str, r->missing_limit / 10000.0);
		g_string_free(limit, TRUE);
	} else {
		st = PB_OK;
	}
	g_string_free(what, TRUE);
	return st;
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
	if (c->hdr && (c->hdr->column_missing || c->hdr->filter_missing))
		st = pb_status_merge(st, PB_DATAERR);
	if (st == PB_OK && c->data_rows == 0) {
		diag_error(d, c->display, c->header_line, c->header_col,
			   "no periods: the file holds only a header");
		st = PB_DATAERR;
	}
	if (st == PB_OK && c->rules)
		st = judge_rules(c, d);
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

static pb_status latency_init(latency_ctx *c, const char *display,
			      const char *column, const latency_rules *rules)
{
	memset(c, 0, sizeof *c);
	c->display = display;
	c->column = column;
	c->value_col = NO_COLUMN;
	c->period_col = NO_COLUMN;
	if (!rules || (rules->n_filter == 0 && rules->n_missing == 0))
		return PB_OK;
	c->rules = rules;
	c->filter_col = malloc((rules->n_filter + 1) * sizeof *c->filter_col);
	for (size_t i = 0; c->filter_col && i < rules->n_filter; i++)
		c->filter_col[i] = NO_COLUMN;
	return c->filter_col ? PB_OK : PB_NOMEM;
}

/* What the rules did to the rows, into *COUNTS (may be NULL), and the
 * context's memory freed. */
static void latency_done(latency_ctx *c, latency_counts *counts)
{
	if (counts)
		*counts = (latency_counts){ c->data_rows, c->filtered,
					    c->missing };
	free(c->filter_col);
	c->filter_col = NULL;
}

latency_rules latency_rules_of(const study_plan *p)
{
	return (latency_rules){ p->filter, p->n_filter, p->missing,
				p->n_missing, p->missing_limit };
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
	return latency_read_file_rules(path, display, column, allow_negative,
				       NULL, d, values, n, ds, hdr, NULL);
}

pb_status latency_read_file_rules(const char *path, const char *display,
				  const char *column, bool allow_negative,
				  const latency_rules *rules, diag *d,
				  double **values, size_t *n,
				  digest_stream *ds, latency_header *hdr,
				  latency_counts *counts)
{
	latency_ctx c;
	pb_status st;

	if (counts)
		*counts = (latency_counts){ 0, 0, 0 };
	if (hdr)
		memset(hdr, 0, sizeof *hdr);
	*values = NULL;
	*n = 0;
	st = latency_init(&c, display, column, rules);
	if (st != PB_OK) {
		diag_fail(d, st);
		return st;
	}
	c.allow_negative = allow_negative;
	c.hdr = hdr;
	st = csvread_file_columns(path, display, &latency_columns, &c, d, ds);
	st = latency_finish(&c, st, d, values, n);
	latency_done(&c, counts);
	return st;
}

pb_status latency_read_buffer_rules(const char *buf, size_t len,
				    const char *display, const char *column,
				    const latency_rules *rules, diag *d,
				    double **values, size_t *n,
				    latency_counts *counts)
{
	latency_ctx c;
	pb_status st;

	*values = NULL;
	*n = 0;
	st = latency_init(&c, display, column, rules);
	if (st != PB_OK) {
		diag_fail(d, st);
		return st;
	}
	st = csvread_buffer_columns(buf, len, display, 0, &latency_columns,
				    &c, d);
	st = latency_finish(&c, st, d, values, n);
	latency_done(&c, counts);
	return st;
}

pb_status latency_read_buffer(const char *buf, size_t len,
			      const char *display, const char *column,
			      bool allow_negative, size_t chunk, diag *d,
			      double **values, size_t *n)
{
	latency_ctx c;
	pb_status st;

	latency_init(&c, display, column, NULL);
	c.allow_negative = allow_negative;
	st = csvread_buffer_columns(buf, len, display, chunk,
				    &latency_columns, &c, d);
	return latency_finish(&c, st, d, values, n);
}
