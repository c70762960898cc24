/* sumfile.c: reading and writing run summaries (see sumfile.h). */
#include "ingest/sumfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "common/csvtext.h"
#include "common/digest.h"
#include "common/numparse.h"
#include "common/safefile.h"
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

/* Looks up the size of each latency input of S by path. */
static GHashTable *input_sizes(const study *s)
{
	GHashTable *t = g_hash_table_new(g_str_hash, g_str_equal);

	for (size_t i = 0; i < s->n_inputs; i++)
		g_hash_table_insert(t, s->inputs[i].path, &s->inputs[i].bytes);
	return t;
}

static void write_rows(const study *s, FILE *out)
{
	GHashTable *sizes = input_sizes(s);

	for (int k = 0; k < SC_COUNT; k++)
		fprintf(out, "%s%s", k ? "," : "", sc_name[k]);
	putc('\n', out);
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		const uint64_t *bytes;

		if (!r->has_statistic || !r->latency_path)
			continue;
		bytes = g_hash_table_lookup(sizes, r->latency_path);
		csvtext_write(out, r->id);
		putc(',', out);
		csvtext_write(out, r->latency_path);
		fprintf(out, ",%s,%llu,%zu,", r->latency_sha256,
			bytes ? (unsigned long long)*bytes : 0ULL, r->periods);
		csvtext_write(out, s->plan.column);
		/* 17 significant digits read back to the same double. */
		fprintf(out, ",%.17g,", s->plan.scale);
		csvtext_write(out, s->plan.statistic.name);
		fprintf(out, ",%.17g\n", r->statistic);
	}
	g_hash_table_destroy(sizes);
}

/* Whether the file at NAME in S's folder is the one ST describes. */
static bool same_file(const study *s, const char *name, const struct stat *st)
{
	gchar *full = g_build_filename(s->dir, name, NULL);
	struct stat in;
	bool same = stat(full, &in) == 0 && in.st_dev == st->st_dev
		    && in.st_ino == st->st_ino;

	g_free(full);
	return same;
}

/* The input of S that ST is (a path relative to the study), or NULL.
 * Compared by device and inode, so another name of it is caught too. */
static const char *study_input_at(const study *s, const struct stat *st)
{
	for (size_t i = 0; i < s->n_inputs; i++)
		if (same_file(s, s->inputs[i].path, st))
			return s->inputs[i].path;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];

		if (r->latency_path && same_file(s, r->latency_path, st))
			return r->latency_path;
		if (r->mechanism_path && same_file(s, r->mechanism_path, st))
			return r->mechanism_path;
	}
	if (same_file(s, "study.ini", st))
		return "study.ini";
	if (same_file(s, "runs.csv", st))
		return "runs.csv";
	if (same_file(s, "schedule.csv", st))
		return "schedule.csv";
	if (same_file(s, SUMFILE_NAME, st))
		return SUMFILE_NAME;
	return NULL;
}

/* Whether the regular file at PATH, the one ST describes, begins with the
 * header line write_rows writes, which is how a summary pairboot wrote is
 * known.  It is opened without following a link and without waiting (a
 * FIFO put there since the look has no writer), and read only when it is
 * still that regular file. */
static bool starts_as_summary(const char *path, const struct stat *st)
{
	char want[256] = "";
	char line[256];
	size_t used = 0;
	struct stat now;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	bool same;

	if (fd < 0)
		return false;
	if (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode)
	    || now.st_dev != st->st_dev || now.st_ino != st->st_ino) {
		close(fd);
		return false;
	}
	for (int k = 0; k < SC_COUNT; k++)
		used += (size_t)snprintf(want + used, sizeof want - used, "%s%s",
					 k ? "," : "", sc_name[k]);
	snprintf(want + used, sizeof want - used, "\n");
	do
		got = pread(fd, line, used + 1, 0);
	while (got < 0 && errno == EINTR);
	close(fd);
	same = got == (ssize_t)used + 1 && memcmp(line, want, used + 1) == 0;
	return same;
}

/* What a file of mode MODE is, in a message: "a FIFO". */
static const char *file_kind(mode_t mode)
{
	static const struct {
		mode_t type;
		const char *name;
	} kinds[] = {
		{ S_IFLNK, "a symbolic link" }, { S_IFDIR, "a folder" },
		{ S_IFIFO, "a FIFO" }, { S_IFCHR, "a character device" },
		{ S_IFBLK, "a block device" }, { S_IFSOCK, "a socket" },
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((mode & S_IFMT) == kinds[i].type)
			return kinds[i].name;
	return "not a file";
}

pb_status sumfile_check_target(const study *s, const char *path, bool force,
			       diag *d)
{
	struct stat st;
	const char *input;

	if (strcmp(path, SUMFILE_STDOUT) == 0)
		return PB_OK;
	/* lstat, never stat: a link is judged as the link, and nothing is
	 * opened, so a FIFO or a device is told without waiting on it. */
	if (lstat(path, &st) != 0)
		return PB_OK; /* nothing there yet: nothing to lose */
	if (!S_ISREG(st.st_mode)) {
		diag_error(d, path, 0, 0, "not a regular file but %s: "
			   "refusing to replace it", file_kind(st.st_mode));
		return PB_CANTCREAT;
	}
	if (force)
		return PB_OK;
	input = study_input_at(s, &st);
	if (input) {
		diag_error(d, path, 0, 0, "refusing to overwrite the study's "
			   "own %s (--force to overwrite)", input);
		return PB_CANTCREAT;
	}
	if (!starts_as_summary(path, &st)) {
		diag_error(d, path, 0, 0, "refusing to overwrite a file that "
			   "is not a pairboot summary (--force to overwrite)");
		return PB_CANTCREAT;
	}
	return PB_OK;
}

/* Writes the LEN bytes of TEXT to standard output: PB_OK, or PB_IOERR
 * told to D. */
static pb_status write_stdout(const char *text, size_t len, diag *d)
{
	if (fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0)
		return PB_OK;
	diag_error(d, "standard output", 0, 0, "write error: %s",
		   strerror(errno));
	return PB_IOERR;
}

pb_status sumfile_write(const study *s, const char *path, diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	safefile_step step;
	bool made = false;
	int rc, e;

	/* The rows are made in memory, which is all a failure here can
	 * be short of. */
	if (out) {
		write_rows(s, out);
		made = !ferror(out);
		made = fclose(out) == 0 && made;
	}
	if (!made) {
		free(text);
		return PB_NOMEM;
	}
	if (strcmp(path, SUMFILE_STDOUT) == 0) {
		pb_status st = write_stdout(text, len, d);

		free(text);
		return st;
	}
	rc = safefile_replace(AT_FDCWD, path, text, len, 0666, &step);
	e = errno;
	free(text);
	if (rc == 0)
		return PB_OK;
	if (e == ENOMEM)
		return PB_NOMEM;
	diag_error(d, path, 0, 0, "%s: %s", step == SAFEFILE_WRITE
		   ? "write error" : "cannot create", strerror(e));
	return step == SAFEFILE_WRITE ? PB_IOERR : PB_CANTCREAT;
}
