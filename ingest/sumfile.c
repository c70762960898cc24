/* sumfile.c: reading run summaries (see sumfile.h); render/sumfile.c
 * writes them. */
#include "ingest/sumfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "common/digest.h"
#include "common/numparse.h"
#include "ingest/csvread.h"

enum {
	SC_RUN, SC_LATENCY, SC_SHA256, SC_BYTES, SC_PERIODS, SC_COLUMN,
	SC_SCALE, SC_STATISTIC, SC_VALUE, SC_COUNT
};

static const char *const sc_name[SC_COUNT] = {
	"run", "latency", "sha256", "bytes", "periods", "column", "scale",
	"statistic", "value"
};

struct sumfile {
	sum_row *rows;          /* file order */
	size_t n, cap;
	GHashTable *by_run;     /* run id -> row index + 1 (keys in rows) */
	char sha256[65];        /* of the summary file itself */
	uint64_t bytes;
};

typedef struct sum_ctx {
	const char *display;
	const study_plan *plan;
	sumfile *f;
	size_t col[SC_COUNT];   /* header positions */
	pb_status fail;         /* PB_NOMEM */
} sum_ctx;

static char *dup_field(const csv_field *fl)
{
	char *p = malloc(fl->len + 1);

	if (p) {
		memcpy(p, fl->text, fl->len);
		p[fl->len] = '\0';
	}
	return p;
}

static bool sum_header(sum_ctx *c, const csv_row *row, diag *d)
{
	bool ok = true;

	for (int k = 0; k < SC_COUNT; k++) {
		c->col[k] = (size_t)-1;
		for (size_t i = 0; i < row->n; i++)
			if (strlen(sc_name[k]) == row->fields[i].len
			    && memcmp(row->fields[i].text, sc_name[k],
				      row->fields[i].len) == 0)
				c->col[k] = i;
		if (c->col[k] == (size_t)-1) {
			diag_error(d, c->display, row->line, row->fields[0].col,
				   "summary header has no column '%s'",
				   sc_name[k]);
			ok = false;
		}
	}
	return ok;
}

static bool is_sha256(const csv_field *f)
{
	if (f->len != 64)
		return false;
	for (size_t i = 0; i < 64; i++) {
		char ch = f->text[i];

		if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')))
			return false;
	}
	return true;
}

/* Checks that field K of ROW says what the plan says (WANT, as text). */
static bool plan_field(sum_ctx *c, const csv_row *row, int k,
		       const char *want, diag *d)
{
	const csv_field *f = &row->fields[c->col[k]];

	if (f->len == strlen(want) && memcmp(f->text, want, f->len) == 0)
		return true;
	diag_error(d, c->display, f->line, f->col,
		   "summary was made for %s '%s', study.ini says '%s' "
		   "(summarize the study again)", sc_name[k],
		   diag_quote(f->text, f->len), diag_quote(want, strlen(want)));
	return false;
}

static bool sum_grow(sumfile *f)
{
	size_t cap;
	sum_row *r;

	if (f->n < f->cap)
		return true;
	cap = f->cap ? 2 * f->cap : 64;
	r = realloc(f->rows, cap * sizeof *r);
	if (!r)
		return false;
	f->rows = r;
	f->cap = cap;
	return true;
}

/* The numbers of a row of the summary file. */
typedef struct sum_numbers {
	unsigned long bytes, periods;
	double value;
} sum_numbers;

/* Checks each field of ROW, reporting every one that is wrong, and reads
 * its numbers into *N. */
static void check_sum_row(sum_ctx *c, const csv_row *row, diag *d,
			  sum_numbers *n)
{
	const csv_field *fl = row->fields;
	char scale[32];
	double sc = 0.0;

	/* The plan the statistic was computed under must be this study's,
	 * or the numbers mean something else. */
	snprintf(scale, sizeof scale, "%.17g", c->plan->scale);
	plan_field(c, row, SC_COLUMN, c->plan->column, d);
	plan_field(c, row, SC_STATISTIC, c->plan->statistic.name, d);
	if (numparse_double(fl[c->col[SC_SCALE]].text, fl[c->col[SC_SCALE]].len,
			    &sc) != NUMPARSE_OK
	    || sc < c->plan->scale || sc > c->plan->scale)
		plan_field(c, row, SC_SCALE, scale, d);
	if (fl[c->col[SC_RUN]].len == 0)
		diag_error(d, c->display, fl[c->col[SC_RUN]].line,
			   fl[c->col[SC_RUN]].col, "run id is empty");
	if (!is_sha256(&fl[c->col[SC_SHA256]]))
		diag_error(d, c->display, fl[c->col[SC_SHA256]].line,
			   fl[c->col[SC_SHA256]].col,
			   "sha256 is not 64 lower-case hex digits ('%s')",
			   diag_quote(fl[c->col[SC_SHA256]].text,
				      fl[c->col[SC_SHA256]].len));
	if (numparse_ulong(fl[c->col[SC_BYTES]].text, fl[c->col[SC_BYTES]].len,
			   &n->bytes) != NUMPARSE_OK)
		diag_error(d, c->display, fl[c->col[SC_BYTES]].line,
			   fl[c->col[SC_BYTES]].col,
			   "bytes is not a whole number ('%s')",
			   diag_quote(fl[c->col[SC_BYTES]].text,
				      fl[c->col[SC_BYTES]].len));
	if (numparse_ulong(fl[c->col[SC_PERIODS]].text,
			   fl[c->col[SC_PERIODS]].len, &n->periods)
		!= NUMPARSE_OK
	    || n->periods == 0)
		diag_error(d, c->display, fl[c->col[SC_PERIODS]].line,
			   fl[c->col[SC_PERIODS]].col,
			   "periods is not a whole number >= 1 ('%s')",
			   diag_quote(fl[c->col[SC_PERIODS]].text,
				      fl[c->col[SC_PERIODS]].len));
	/* A statistic of values >= 0 scaled by a scale > 0 is >= 0; with
	 * allow_negative it may be anything finite. */
	if (numparse_double(fl[c->col[SC_VALUE]].text, fl[c->col[SC_VALUE]].len,
			    &n->value) != NUMPARSE_OK
	    || (n->value < 0.0 && !c->plan->allow_negative))
		diag_error(d, c->display, fl[c->col[SC_VALUE]].line,
			   fl[c->col[SC_VALUE]].col,
			   c->plan->allow_negative
				   ? "value is not a finite number ('%s')"
				   : "value is not a finite number >= 0 ('%s')",
			   diag_quote(fl[c->col[SC_VALUE]].text,
				      fl[c->col[SC_VALUE]].len));
}

static sum_cell cell_at(const csv_field *f)
{
	sum_cell at = { f->line, f->col };

	return at;
}

/* Keeps ROW, whose fields are right, with its numbers N; a run summarized
 * twice is reported instead. */
static bool keep_sum_row(sum_ctx *c, const csv_row *row, diag *d,
			 const sum_numbers *n)
{
	const csv_field *fl = row->fields;
	sum_row *r;
	gpointer prev;

	if (!sum_grow(c->f)) {
		c->fail = PB_NOMEM;
		return false;
	}
	r = &c->f->rows[c->f->n];
	memset(r, 0, sizeof *r);
	r->run = dup_field(&fl[c->col[SC_RUN]]);
	r->latency = dup_field(&fl[c->col[SC_LATENCY]]);
	if (!r->run || !r->latency) {
		free(r->run);
		free(r->latency);
		c->fail = PB_NOMEM;
		return false;
	}
	memcpy(r->sha256, fl[c->col[SC_SHA256]].text, 64);
	r->sha256[64] = '\0';
	r->bytes = n->bytes;
	r->periods = n->periods;
	r->value = n->value;
	r->line = row->line;
	r->sha256_at = cell_at(&fl[c->col[SC_SHA256]]);
	r->bytes_at = cell_at(&fl[c->col[SC_BYTES]]);
	r->periods_at = cell_at(&fl[c->col[SC_PERIODS]]);
	r->value_at = cell_at(&fl[c->col[SC_VALUE]]);
	prev = g_hash_table_lookup(c->f->by_run, r->run);
	if (prev) {
		diag_error(d, c->display, fl[c->col[SC_RUN]].line,
			   fl[c->col[SC_RUN]].col,
			   "run '%s' is summarized twice (first at line %zu)",
			   diag_quote(r->run, strlen(r->run)),
			   c->f->rows[GPOINTER_TO_SIZE(prev) - 1].line);
		free(r->run);
		free(r->latency);
		return true;
	}
	c->f->n++;
	g_hash_table_insert(c->f->by_run, r->run, GSIZE_TO_POINTER(c->f->n));
	return true;
}

static bool sum_data(sum_ctx *c, const csv_row *row, diag *d)
{
	size_t errors = diag_errors(d);
	sum_numbers n = { 0, 0, 0.0 };

	check_sum_row(c, row, d, &n);
	if (diag_errors(d) > errors)
		return true;
	return keep_sum_row(c, row, d, &n);
}

static bool sum_row_fn(void *ctx, const csv_row *row, diag *d)
{
	sum_ctx *c = ctx;

	if (row->index == 0)
		return sum_header(c, row, d);
	return sum_data(c, row, d);
}

void sumfile_free(sumfile *f)
{
	if (!f)
		return;
	if (f->by_run)
		g_hash_table_destroy(f->by_run);
	for (size_t i = 0; i < f->n; i++) {
		free(f->rows[i].run);
		free(f->rows[i].latency);
	}
	free(f->rows);
	free(f);
}

pb_status sumfile_read(const char *path, const char *display,
		       const study_plan *plan, diag *d, sumfile **out)
{
	sum_ctx c = { .display = display, .plan = plan };
	size_t errors = diag_errors(d);
	digest_stream *ds = digest_stream_new();
	pb_status st;

	*out = NULL;
	c.f = calloc(1, sizeof *c.f);
	if (!c.f || !ds) {
		free(c.f);
		digest_stream_free(ds);
		return PB_NOMEM;
	}
	c.f->by_run = g_hash_table_new(g_str_hash, g_str_equal);
	/* Hashed in the pass that parses it: the digest a report lists is
	 * that of the very bytes its numbers came from. */
	st = csvread_file_hashed(path, display, sum_row_fn, &c, d, ds);
	if (st == PB_OK || st == PB_DATAERR)
		st = pb_status_merge(st, digest_stream_finish(ds, c.f->sha256,
							      &c.f->bytes));
	digest_stream_free(ds);
	if (c.fail != PB_OK) {
		diag_fail(d, c.fail);
		st = pb_status_merge(c.fail, st);
	}
	if (st == PB_OK && diag_errors(d) > errors)
		st = PB_DATAERR;
	if (st != PB_OK) {
		sumfile_free(c.f);
		return st;
	}
	*out = c.f;
	return PB_OK;
}

sum_row *sumfile_find(const sumfile *f, const char *run)
{
	gpointer i = g_hash_table_lookup(f->by_run, run);

	return i ? &f->rows[GPOINTER_TO_SIZE(i) - 1] : NULL;
}

const char *sumfile_sha256(const sumfile *f)
{
	return f->sha256;
}

uint64_t sumfile_bytes(const sumfile *f)
{
	return f->bytes;
}

pb_status sumfile_check_run(const sum_row *row, const char *display,
			    const char *sha256, uint64_t bytes,
			    size_t periods, double value,
			    const char *statistic, diag *d)
{
	const char *run = diag_quote(row->run, strlen(row->run));
	const char *file = diag_quote(row->latency, strlen(row->latency));
	pb_status st = PB_OK;

	if (strcmp(row->sha256, sha256) != 0) {
		diag_error(d, display, row->sha256_at.line, row->sha256_at.col,
			   "run '%s': latency file '%s' has SHA-256 %s, not "
			   "the one summarized (the file or the summary "
			   "changed since: summarize the study again)", run,
			   file, sha256);
		return PB_DATAERR;
	}
	if (row->bytes != bytes) {
		diag_error(d, display, row->bytes_at.line, row->bytes_at.col,
			   "run '%s': latency file '%s' has %llu bytes, the "
			   "summary says %llu", run, file,
			   (unsigned long long)bytes,
			   (unsigned long long)row->bytes);
		st = PB_DATAERR;
	}
	if (row->periods != periods) {
		diag_error(d, display, row->periods_at.line,
			   row->periods_at.col, "run '%s': latency file '%s' "
			   "has %zu periods, the summary says %zu", run, file,
			   periods, row->periods);
		st = PB_DATAERR;
	}
	/* The summary writes 17 significant digits, which read back to the
	 * very double computed: any difference at all is an edit. */
	if (row->value < value || row->value > value) {
		diag_error(d, display, row->value_at.line, row->value_at.col,
			   "run '%s': the %s of latency file '%s' is %.17g, "
			   "the summary says %.17g", run, statistic, file,
			   value, row->value);
		st = PB_DATAERR;
	}
	return st;
}

size_t sumfile_count(const sumfile *f)
{
	return f->n;
}

sum_row *sumfile_row(const sumfile *f, size_t i)
{
	return i < f->n ? &f->rows[i] : NULL;
}

void sumfile_header(GString *out)
{
	for (int k = 0; k < SC_COUNT; k++)
		g_string_append_printf(out, "%s%s", k ? "," : "", sc_name[k]);
	g_string_append_c(out, '\n');
}

pb_status sumfile_plan_refuses(const study_plan *plan, const char *ini,
			       const char *summary, diag *d)
{
	const char *key = plan->n_filter ? "filter" : "missing";
	size_t line = 0, col = 0;

	if (plan->n_filter == 0 && plan->n_missing == 0)
		return PB_OK;
	if (summary) {
		diag_error(d, summary, 0, 0, "a run summary cannot stand in "
			   "for the latency files of a study with `%s`: it "
			   "does not hold the rows the plan's filter removed "
			   "or counted as missing; remove the summary and read "
			   "the files", key);
		return PB_DATAERR;
	}
	study_plan_key_position(plan, key, &line, &col);
	diag_error(d, ini, line, col, "summarize does not summarize a study "
		   "with `%s`: a summary does not hold the rows the filter "
		   "removed or counted as missing, which its report states; "
		   "report it from its latency files", key);
	return PB_DATAERR;
}
