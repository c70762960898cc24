/* schedule.c: reading schedule.csv (see schedule.h). */
#include "ingest/schedule.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/numparse.h"
#include "ingest/csvread.h"

enum { SCH_RUN, SCH_SERIES, SCH_BLOCK, SCH_POSITION, SCH_STATE, SCH_COUNT };

static const char *const sch_name[SCH_COUNT] = {
	"run", "series", "block", "position", "state"
};

typedef struct sch_ctx {
	const char *display;
	const study_plan *plan;
	schedule *s;
	size_t cap;
	size_t col[SCH_COUNT];
	size_t latency_col;      /* (size_t)-1: no latency column */
	GHashTable *seen;        /* run id -> line */
	pb_status fail;
} sch_ctx;

/* The index of the header field NAME (the last, if given twice), or
 * (size_t)-1. */
static size_t column_named(const csv_row *row, const char *name)
{
	size_t col = (size_t)-1;

	for (size_t i = 0; i < row->n; i++)
		if (row->fields[i].len == strlen(name)
		    && memcmp(row->fields[i].text, name, row->fields[i].len) == 0)
			col = i;
	return col;
}

static bool sch_header(sch_ctx *c, const csv_row *row, diag *d)
{
	bool ok = true;

	c->latency_col = column_named(row, "latency");
	for (int k = 0; k < SCH_COUNT; k++) {
		c->col[k] = column_named(row, sch_name[k]);
		if (c->col[k] == (size_t)-1) {
			diag_error(d, c->display, row->line, row->fields[0].col,
				   "header has no column '%s'", sch_name[k]);
			ok = false;
		}
	}
	return ok;
}

static const csv_field *field(const sch_ctx *c, const csv_row *row, int k)
{
	return &row->fields[c->col[k]];
}

/* A whole number >= 1 in field K, or 0 after reporting it. */
static unsigned long whole(const sch_ctx *c, const csv_row *row, int k,
			   diag *d)
{
	const csv_field *f = field(c, row, k);
	unsigned long v = 0;

	if (numparse_ulong(f->text, f->len, &v) != NUMPARSE_OK || v == 0) {
		diag_error(d, c->display, f->line, f->col, "%s is not a whole "
			   "number >= 1 ('%s')", sch_name[k],
			   diag_quote(f->text, f->len));
		return 0;
	}
	return v;
}

/* The series of field SCH_SERIES, a latency series of the plan, or
 * (size_t)-1 after reporting it. */
static size_t series_of(const sch_ctx *c, const csv_row *row, diag *d)
{
	const csv_field *f = field(c, row, SCH_SERIES);
	char *id = g_strndup(f->text, f->len);
	size_t k = study_series_index(c->plan, id);

	g_free(id);
	if (k == (size_t)-1 || c->plan->series[k].kind != SERIES_LATENCY) {
		diag_error(d, c->display, f->line, f->col, "series '%s' is not "
			   "a latency series of study.ini",
			   diag_quote(f->text, f->len));
		return (size_t)-1;
	}
	return k;
}

static bool state_of(const sch_ctx *c, const csv_row *row, diag *d,
		     pb_state *out)
{
	const csv_field *f = field(c, row, SCH_STATE);
	const char *near;

	if (study_state_lookup(c->plan, f->text, f->len, out, NULL)
	    == STATE_LISTED)
		return true;
	near = c->plan->state_type == PB_STATE_NAME
	       ? study_state_suggest(c->plan, f->text, f->len) : NULL;
	if (near)
		diag_error(d, c->display, f->line, f->col, "state '%s' is not "
			   "one of the states of study.ini; did you mean "
			   "'%s'?", diag_quote(f->text, f->len),
			   diag_quote(near, strlen(near)));
	else
		diag_error(d, c->display, f->line, f->col, "state '%s' is not "
			   "one of the states of study.ini",
			   diag_quote(f->text, f->len));
	return false;
}

static bool sch_add(sch_ctx *c, const schedule_row *r)
{
	if (c->s->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		schedule_row *g = realloc(c->s->rows, cap * sizeof *g);
		if (!g)
			return false;
		c->s->rows = g;
		c->cap = cap;
	}
	c->s->rows[c->s->n++] = *r;
	return true;
}

static bool sch_row(void *ctx, const csv_row *row, diag *d)
{
	sch_ctx *c = ctx;
	size_t errors = diag_errors(d);
	const csv_field *run = NULL;
	schedule_row r = { 0 };

	if (row->index == 0)
		return sch_header(c, row, d);
	run = field(c, row, SCH_RUN);
	r.series = series_of(c, row, d);
	r.block = whole(c, row, SCH_BLOCK, d);
	r.position = whole(c, row, SCH_POSITION, d);
	state_of(c, row, d, &r.state);
	r.line = row->line;
	r.run = g_strndup(run->text, run->len);
	if (c->latency_col != (size_t)-1 && row->fields[c->latency_col].len)
		r.latency = g_strndup(row->fields[c->latency_col].text,
				      row->fields[c->latency_col].len);
	if (run->len == 0)
		diag_error(d, c->display, run->line, run->col, "run id is empty");
	else if (g_hash_table_contains(c->seen, r.run))
		diag_error(d, c->display, run->line, run->col, "run '%s' is "
			   "planned twice (first at line %zu)",
			   diag_quote(run->text, run->len),
			   GPOINTER_TO_SIZE(g_hash_table_lookup(c->seen, r.run)));
	if (diag_errors(d) > errors) {
		g_free(r.run);
		g_free(r.latency);
		return true;
	}
	if (!sch_add(c, &r)) {
		g_free(r.run);
		g_free(r.latency);
		c->fail = PB_NOMEM;
		return false;
	}
	g_hash_table_insert(c->seen, r.run, GSIZE_TO_POINTER(r.line));
	return true;
}

/* Reads the schedule from PATH, or when PATH is NULL from the LEN bytes at
 * BUF (fed CHUNK bytes at a time). */
static pb_status schedule_read(const char *path, const char *buf, size_t len,
			       size_t chunk, const char *display,
			       const study_plan *plan, diag *d,
			       schedule **out)
{
	sch_ctx c = { .display = display, .plan = plan };
	pb_status st;

	*out = NULL;
	c.s = calloc(1, sizeof *c.s);
	if (!c.s)
		return PB_NOMEM;
	/* The keys are the rows' own run ids, freed with the schedule. */
	c.seen = g_hash_table_new(g_str_hash, g_str_equal);
	st = path ? csvread_file(path, display, sch_row, &c, d)
		  : csvread_buffer(buf, len, display, chunk, sch_row, &c, d);
	g_hash_table_destroy(c.seen);
	st = pb_status_merge(st, c.fail);
	if (st == PB_OK && c.s->n == 0) {
		diag_error(d, display, 1, 0, "no planned boots: the file holds "
			   "only a header, or nothing");
		st = PB_DATAERR;
	}
	if (st != PB_OK) {
		schedule_free(c.s);
		return st;
	}
	*out = c.s;
	return PB_OK;
}

pb_status schedule_read_file(const char *path, const char *display,
			     const study_plan *plan, diag *d, schedule **out)
{
	return schedule_read(path, NULL, 0, 0, display, plan, d, out);
}

pb_status schedule_read_buffer(const char *buf, size_t len,
			       const char *display, const study_plan *plan,
			       size_t chunk, diag *d, schedule **out)
{
	return schedule_read(NULL, buf, len, chunk, display, plan, d, out);
}

void schedule_free(schedule *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		g_free(s->rows[i].run);
		g_free(s->rows[i].latency);
	}
	free(s->rows);
	free(s);
}
