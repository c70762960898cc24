/* study.c: reads a whole study folder.
 *
 * Order of work: study.ini (the plan, needed to judge everything else),
 * runs.csv (checked against the plan), then each run's files in manifest
 * order.  Every file read is hashed, so the report can name the exact data it
 * came from.  A problem in one run's file does not stop the others from
 * being read: `check` reports them all. */
#include "ingest/study.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>

#include "analyze/runstat.h"
#include "ingest/digest.h"
#include "ingest/latency.h"
#include "ingest/manifest.h"
#include "ingest/mechlog.h"
#include "ingest/plan.h"

/* Joins A and B with one '/' into new memory, or NULL. */
static char *path_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *p = malloc(la + lb + 2);
	if (!p)
		return NULL;
	memcpy(p, a, la);
	p[la] = '/';
	memcpy(p + la + 1, b, lb + 1);
	return p;
}

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

/* The study folder as given, without trailing slashes ("/" stays "/"). */
static char *clean_dir(const char *dir)
{
	char *d = dup_str(dir);
	size_t n;
	if (!d)
		return NULL;
	n = strlen(d);
	while (n > 1 && d[n - 1] == '/')
		d[--n] = '\0';
	return d;
}

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash && slash[1] ? slash + 1 : path;
}

/* Records FILE's digest in the study's input list. */
static pb_status add_input(study *s, const char *rel, const char *hex,
			   uint64_t bytes)
{
	input_file *grown = realloc(s->inputs,
				    (s->n_inputs + 1) * sizeof *grown);
	if (!grown)
		return PB_NOMEM;
	s->inputs = grown;
	grown[s->n_inputs].path = dup_str(rel);
	if (!grown[s->n_inputs].path)
		return PB_NOMEM;
	memcpy(grown[s->n_inputs].sha256, hex, 65);
	grown[s->n_inputs].bytes = bytes;
	s->n_inputs++;
	return PB_OK;
}

/* Checks that REL (already checked for `..` and absolute form by the
 * manifest reader) names a regular file that, after following symlinks, is
 * still inside the study folder whose real path is ROOT.  On success stores
 * the full path in *FULL (caller frees). */
static pb_status resolve_run_file(const study *s, const char *root,
				  const char *rel, const char *what,
				  const study_run *run, size_t col, diag *d,
				  char **full)
{
	char *path = path_join(s->dir, rel);
	char *real;
	struct stat st;
	const char *manifest = "runs.csv";
	char display[PATH_MAX + 16];

	snprintf(display, sizeof display, "%s/%s", s->dir, manifest);
	*full = NULL;
	if (!path)
		return PB_NOMEM;
	if (stat(path, &st) != 0) {
		int e = errno;
		bool absent = e == ENOENT || e == ENOTDIR;
		diag_error(d, display, run->manifest_line, col,
			   "%s file '%s' of run '%s' %s%s", what,
			   diag_quote(rel, strlen(rel)), run->id,
			   absent ? "does not exist" : "cannot be opened: ",
			   absent ? "" : strerror(e));
		free(path);
		return e == ENOMEM ? PB_NOMEM : PB_NOINPUT;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_error(d, display, run->manifest_line, col,
			   "%s file '%s' of run '%s' is not a regular file",
			   what, diag_quote(rel, strlen(rel)), run->id);
		free(path);
		return PB_DATAERR;
	}
	real = realpath(path, NULL);
	if (!real) {
		int e = errno;
		free(path);
		if (e == ENOMEM)
			return PB_NOMEM;
		/* stat just found the file: it changed under us. */
		diag_error(d, display, run->manifest_line, col,
			   "%s file '%s' of run '%s' cannot be opened: %s",
			   what, diag_quote(rel, strlen(rel)), run->id,
			   strerror(e));
		return PB_NOINPUT;
	}
	size_t lr = strlen(root);
	bool inside = strncmp(real, root, lr) == 0
		      && (real[lr] == '/' || (lr == 1 && root[0] == '/'));
	free(real);
	if (!inside) {
		diag_error(d, display, run->manifest_line, col,
			   "%s file '%s' of run '%s' leads outside the study "
			   "folder (through a symbolic link)", what,
			   diag_quote(rel, strlen(rel)), run->id);
		free(path);
		return PB_DATAERR;
	}
	*full = path;
	return PB_OK;
}

/* Reads one run's latency file and computes its statistic. */
static pb_status read_latency(study *s, const char *root, study_run *run,
			      diag *d)
{
	char *full;
	char *display;
	double *values = NULL;
	size_t n = 0;
	uint64_t bytes;
	pb_status st;

	st = resolve_run_file(s, root, run->latency_path, "latency", run,
			      run->latency_col, d, &full);
	if (st != PB_OK)
		return st;
	display = path_join(s->dir, run->latency_path);
	if (!display) {
		free(full);
		return PB_NOMEM;
	}
	st = latency_read_file(full, display, s->plan.column, d, &values, &n);
	if (st == PB_OK) {
		st = runstat_compute(&s->plan.statistic, values, n,
				     s->plan.scale, &run->statistic);
		run->has_statistic = st == PB_OK;
		run->periods = n;
	}
	free(values);
	if (st == PB_OK || st == PB_DATAERR) {
		pb_status ds = digest_file(full, run->latency_sha256, &bytes);
		if (ds == PB_OK)
			ds = add_input(s, run->latency_path,
				       run->latency_sha256, bytes);
		st = pb_status_merge(st, ds);
	}
	free(display);
	free(full);
	return st;
}

static pb_status read_mechanism(study *s, const char *root, study_run *run,
				diag *d)
{
	char *full;
	char *display;
	uint64_t bytes;
	pb_status st;

	st = resolve_run_file(s, root, run->mechanism_path, "mechanism", run,
			      run->mechanism_col, d, &full);
	if (st != PB_OK)
		return st;
	display = path_join(s->dir, run->mechanism_path);
	if (!display) {
		free(full);
		return PB_NOMEM;
	}
	st = mechlog_read_file(full, display, d, &run->mech);
	if (st == PB_OK || st == PB_DATAERR) {
		pb_status ds = digest_file(full, run->mechanism_sha256, &bytes);
		if (ds == PB_OK)
			ds = add_input(s, run->mechanism_path,
				       run->mechanism_sha256, bytes);
		st = pb_status_merge(st, ds);
	}
	free(display);
	free(full);
	return st;
}

/* Cross-checks that need all runs: the reference state must have an
 * accepted run in every latency series, or no comparison is possible. */
static void check_reference(const study *s, diag *d)
{
	char display[PATH_MAX + 16];
	char name[PB_STATE_BUFSIZE];

	snprintf(display, sizeof display, "%s/runs.csv", s->dir);
	for (size_t k = 0; k < s->plan.n_series; k++) {
		bool found = false;
		if (s->plan.series[k].kind != SERIES_LATENCY)
			continue;
		for (size_t i = 0; i < s->n_runs && !found; i++) {
			const study_run *r = &s->runs[i];
			found = r->series == k && r->accepted
				&& pb_state_equal(r->state, s->plan.reference);
		}
		if (!found)
			diag_error(d, display, 0, 0,
				   "series '%s' has no accepted run of the "
				   "reference state %s", s->plan.series[k].id,
				   pb_state_format(s->plan.reference, name,
						   sizeof name));
	}
}

static int cmp_input(const void *a, const void *b)
{
	const input_file *x = a, *y = b;
	return strcmp(x->path, y->path);
}

/* The study digest: SHA-256 over "path\tsha256\n" lines of every input,
 * sorted by path, so it does not depend on the order files were read. */
static pb_status compute_study_digest(study *s)
{
	input_file *sorted = malloc((s->n_inputs ? s->n_inputs : 1)
				    * sizeof *sorted);
	GString *text;
	if (!sorted)
		return PB_NOMEM;
	memcpy(sorted, s->inputs, s->n_inputs * sizeof *sorted);
	qsort(sorted, s->n_inputs, sizeof *sorted, cmp_input);
	text = g_string_new(NULL);
	for (size_t i = 0; i < s->n_inputs; i++)
		g_string_append_printf(text, "%s\t%s\n", sorted[i].path,
				       sorted[i].sha256);
	digest_buffer(text->str, text->len, s->digest);
	g_string_free(text, TRUE);
	free(sorted);
	return PB_OK;
}

/* Reads study.ini and runs.csv and hashes both. */
static pb_status read_plan_and_manifest(study *s, diag *d)
{
	char *path, *display;
	char hex[65];
	uint64_t bytes;
	pb_status st;
	static const char *const names[2] = { "study.ini", "runs.csv" };

	for (int i = 0; i < 2; i++) {
		path = path_join(s->dir, names[i]);
		if (!path)
			return PB_NOMEM;
		display = path;
		if (i == 0)
			st = plan_read_file(path, display, d, &s->plan);
		else
			st = manifest_read_file(path, display, &s->plan, d,
						&s->runs, &s->n_runs);
		if (st == PB_OK || st == PB_DATAERR) {
			pb_status ds = digest_file(path, hex, &bytes);
			if (ds == PB_OK)
				ds = add_input(s, names[i], hex, bytes);
			st = pb_status_merge(st, ds);
		}
		free(path);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

pb_status study_read(const char *dir, diag *d, study **out)
{
	study *s;
	struct stat st_dir;
	char *root;
	pb_status st;

	*out = NULL;
	/* errno means something only when stat failed: a file given as the
	 * study is "not a folder", whatever errno was left from before. */
	if (stat(dir, &st_dir) != 0) {
		int e = errno;
		if (e == ENOENT || e == ENOTDIR)
			diag_error(d, dir, 0, 0, "no such study folder");
		else
			diag_error(d, dir, 0, 0, "cannot open the study "
				   "folder: %s", strerror(e));
		diag_fail(d, PB_NOINPUT);
		return PB_NOINPUT;
	}
	if (!S_ISDIR(st_dir.st_mode)) {
		diag_error(d, dir, 0, 0, "not a study folder (a study is a "
			   "folder holding study.ini and runs.csv)");
		diag_fail(d, PB_NOINPUT);
		return PB_NOINPUT;
	}
	s = calloc(1, sizeof *s);
	if (!s)
		return PB_NOMEM;
	s->dir = clean_dir(dir);
	if (!s->dir) {
		study_free(s);
		return PB_NOMEM;
	}
	s->name = dup_str(last_component(s->dir));
	if (!s->name) {
		study_free(s);
		return PB_NOMEM;
	}
	root = realpath(s->dir, NULL);
	if (!root) {
		int e = errno;
		study_free(s);
		if (e == ENOMEM)
			return PB_NOMEM;
		diag_error(d, dir, 0, 0, "cannot open the study folder: %s",
			   strerror(e));
		diag_fail(d, PB_NOINPUT);
		return PB_NOINPUT;
	}

	st = read_plan_and_manifest(s, d);
	for (size_t i = 0; st != PB_NOMEM && s->runs && i < s->n_runs; i++) {
		study_run *run = &s->runs[i];
		pb_status rs = PB_OK;
		if (run->latency_path && run->latency_path[0])
			rs = read_latency(s, root, run, d);
		if (rs != PB_NOMEM && run->mechanism_path
		    && run->mechanism_path[0])
			rs = pb_status_merge(rs, read_mechanism(s, root, run,
								d));
		st = pb_status_merge(st, rs);
	}
	free(root);
	if (st == PB_OK)
		check_reference(s, d);
	if (st == PB_OK)
		st = compute_study_digest(s);
	if (st == PB_OK)
		st = diag_status(d);
	if (st != PB_OK) {
		study_free(s);
		return st;
	}
	*out = s;
	return PB_OK;
}

void study_free(study *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_runs; i++)
		mechlog_free(s->runs[i].mech);
	manifest_runs_free(s->runs, s->n_runs);
	plan_free(&s->plan);
	for (size_t i = 0; i < s->n_inputs; i++)
		free(s->inputs[i].path);
	free(s->inputs);
	free(s->name);
	free(s->dir);
	free(s);
}
