/* study_read.c: reads a whole study folder.
 *
 * Order of work: study.ini (the plan, needed to judge everything else),
 * runs.csv (checked against the plan), the run summary if the folder has
 * one (sumfile.h), then each run's files (a run's summary row standing in
 * for its latency file only where that file is absent).  Every file read
 * is hashed in the same pass that parses it, so the report can name the
 * exact data it came from.  A problem in one run's file does not stop the
 * others from being read: `check` reports them all.
 *
 * The run files are read on several threads (study_read.h).  Each run is one
 * job: a worker resolves, reads, hashes and summarises its files into the
 * run's own slot of the study and collects its messages in a diag buffer;
 * the main thread takes the finished jobs in runs.csv order, prints their
 * messages, appends their inputs and draws the progress line.  So the
 * study, the messages and their order are the same whatever the number of
 * threads, and memory holds only the runs being read at the moment. */
#include "ingest/study_read.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "common/digest.h"
#include "common/fileread.h"
#include "common/progress.h"
#include "common/readopt.h"
#include "common/runstat.h"
#include "common/timing.h"
#include "ingest/capframex.h"
#include "ingest/latency.h"
#include "ingest/manifest.h"
#include "ingest/mechlog.h"
#include "ingest/study_ini.h"
#include "ingest/schedule.h"
#include "ingest/studyfile.h"
#include "ingest/sumfile.h"
#include "common/strutil.h"

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

/* The study folder as given, without trailing slashes ("/" stays "/"). */
static char *clean_dir(const char *dir)
{
	char *d = strutil_dup(dir);
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
	grown[s->n_inputs].path = strutil_dup(rel);
	if (!grown[s->n_inputs].path)
		return PB_NOMEM;
	memcpy(grown[s->n_inputs].sha256, hex, 65);
	grown[s->n_inputs].bytes = bytes;
	s->n_inputs++;
	return PB_OK;
}

/* Checks that REL (already checked for `..` and absolute form by the
 * manifest reader) is a study file (ingest/studyfile.h) of the study whose
 * folder's real path is ROOT: a regular file that, after following
 * symlinks, is still inside the folder.  On success stores its real path
 * in *FULL (caller frees); else says why at the run's line of runs.csv. */
static pb_status resolve_run_file(const study *s, const char *root,
				  const char *rel, const char *what,
				  const study_run *run, size_t col, diag *d,
				  char **full)
{
	char *path = path_join(s->dir, rel);
	char display[PATH_MAX + 16], why[160];
	studyfile_fault f;
	int err = 0;

	snprintf(display, sizeof display, "%s/runs.csv", s->dir);
	*full = NULL;
	if (!path)
		return PB_NOMEM;
	f = studyfile_check(path, root, 0, full, NULL, &err);
	free(path);
	if (f == STUDYFILE_OK || f == STUDYFILE_NOMEM)
		return studyfile_fault_status(f);
	diag_error(d, display, run->manifest_line, col,
		   "%s file '%s' of run '%s' %s", what,
		   diag_quote(rel, strlen(rel)), run->id,
		   studyfile_fault_text(f, err, 0, why, sizeof why));
	return studyfile_fault_status(f);
}

/* One run's files, read by a worker thread.  The worker writes only the
 * run's own slot of the study and the fields below; the main thread reads
 * them once the job is done. */
typedef struct run_job {
	diag *msgs;              /* the run's messages, held back */
	pb_status st;            /* the merged status of its files */
	bool skip;               /* outside the shard: nothing to read */
	sum_row *row;            /* its summary row, or NULL */
	bool add_latency;        /* list the latency file as an input */
	uint64_t latency_bytes;
	bool add_mechanism;
	uint64_t mechanism_bytes;
	bool read_latency;       /* its latency file was opened */
	latency_header hdr;      /* a header without the study's column */
	bool done;
} run_job;

typedef struct run_pool {
	study *s;
	const char *root;        /* real path of the study folder */
	diag *d;                 /* the caller's collector, only read */
	const sumfile *summary;  /* or NULL */
	char *summary_display;
	run_job *jobs;           /* one per run */
	size_t next;             /* the next job to take */
	bool stop;               /* out of memory: take no more jobs */
	pthread_mutex_t lock;
	pthread_cond_t done;     /* signalled when a job is done */
	size_t latency_files;    /* latency files read */
	size_t column_missing;   /* of them, without the study's column */
	size_t filter_missing;   /* of them, without a column the filter
				    tests */
} run_pool;

/* Opens a run's file PATH (its column COL in runs.csv, WHAT in messages)
 * for reading: *FULL is where it lies, *DISPLAY its name in messages and
 * *DS the digest it is hashed into on the way.  On failure nothing is
 * left to free. */
static pb_status run_file_open(run_pool *pool, study_run *run,
			       const char *path, const char *what, size_t col,
			       diag *d, char **full, char **display,
			       digest_stream **ds)
{
	pb_status st = resolve_run_file(pool->s, pool->root, path, what, run,
					col, d, full);

	if (st != PB_OK)
		return st;
	*display = path_join(pool->s->dir, path);
	*ds = digest_stream_new();
	if (!*display || !*ds) {
		free(*display);
		digest_stream_free(*ds);
		free(*full);
		return PB_NOMEM;
	}
	return PB_OK;
}

/* Feeds the file at FULL (DISPLAY in messages) to DS whole. */
static pb_status hash_whole(const char *full, const char *display,
			    digest_stream *ds, diag *d)
{
	enum { BLOCK = 65536 };
	FILE *f = fileread_open(full);
	char *block = malloc(BLOCK);
	size_t n;
	bool bad;

	if (!f || !block) {
		if (f)
			fclose(f);
		free(block);
		if (f)
			return PB_NOMEM;
		diag_error(d, display, 0, 0, "cannot open: %s",
			   strerror(errno));
		return PB_NOINPUT;
	}
	while ((n = fread(block, 1, BLOCK, f)) > 0)
		digest_stream_update(ds, block, n);
	bad = ferror(f);
	if (bad)
		diag_error(d, display, 0, 0, "read error: %s",
			   strerror(errno));
	fclose(f);
	free(block);
	return bad ? PB_IOERR : PB_OK;
}

/* Reads the values of one run's latency file at FULL (DISPLAY in
 * messages) as the plan's `capture` says; *RUNS the runs of a CapFrameX
 * capture.  A CSV study refuses a file that starts with '{' at that
 * byte, JSON never being a CSV of periods: its form is named, but only
 * `capture` decides how a file is read. */
static pb_status read_latency_values(const study *s, const char *full,
				     const char *display, diag *d,
				     double **values, size_t *n,
				     study_run *run, digest_stream *ds,
				     latency_header *hdr)
{
	size_t line, col;
	latency_rules rules;
	latency_counts counts;
	pb_status st;

	run->capture_runs = 0;
	if (s->plan.capture == CAPTURE_CAPFRAMEX)
		return capframex_read_file(full, display, s->plan.column,
					   s->plan.allow_negative, d, values,
					   n, &run->capture_runs, ds);
	if (capframex_looks_like_json(full, &line, &col)) {
		/* Hashed as it would be read, for the list of inputs. */
		st = hash_whole(full, display, ds, d);

		if (st != PB_OK)
			return st;
		diag_error(d, display, line, col, "this file is JSON, not a "
			   "CSV of periods; a CapFrameX capture is read with "
			   "`capture = capframex` in study.ini");
		return PB_DATAERR;
	}
	rules = latency_rules_of(&s->plan);
	st = latency_read_file_rules(full, display, s->plan.column,
				     s->plan.allow_negative, &rules, d, values,
				     n, ds, hdr, &counts);
	run->rows = counts.rows;
	run->filtered = counts.filtered;
	run->missing = counts.missing;
	return st;
}

/* Reads one run's latency file, hashing it on the way, and computes its
 * statistic. */
static pb_status read_latency(run_pool *pool, study_run *run, run_job *job)
{
	study *s = pool->s;
	diag *d = job->msgs;
	char *full;
	char *display;
	double *values = NULL;
	size_t n = 0;
	digest_stream *ds;
	pb_status st;

	st = run_file_open(pool, run, run->latency_path, "latency",
			   run->latency_col, d, &full, &display, &ds);
	if (st != PB_OK)
		return st;
	job->read_latency = true;
	st = read_latency_values(s, full, display, d, &values, &n, run, ds,
				 &job->hdr);
	if (st == PB_OK) {
		double cpu0 = timing_enabled() ? timing_thread_cpu() : 0.0;

		st = runstat_compute(&s->plan.statistic, values, n,
				     s->plan.scale, &run->statistic);
		/* Finite values can still give an infinite statistic (a sum
		 * or the scale overflowing); the analysis would publish it as
		 * null and judge it "indeterminate". */
		if (st == PB_OK && !isfinite(run->statistic)) {
			diag_error(d, display, 0, 0, "the %s of the values "
				   "times the scale is too large for a number "
				   "(overflow)", s->plan.statistic.name);
			st = PB_DATAERR;
		}
		run->has_statistic = st == PB_OK;
		run->periods = n;
		if (timing_enabled())
			timing_add_cpu(TIMING_STATISTICS,
				       timing_thread_cpu() - cpu0);
	}
	free(values);
	if (st == PB_OK || st == PB_DATAERR) {
		pb_status ds_st = digest_stream_finish(ds, run->latency_sha256,
						       &job->latency_bytes);

		job->add_latency = ds_st == PB_OK;
		st = pb_status_merge(st, ds_st);
		timing_count(1, job->latency_bytes, n);
	}
	digest_stream_free(ds);
	free(display);
	free(full);
	return st;
}

/* Whether nothing at all lies at a run's latency PATH (relative to the
 * study): only then is its summary row taken in place of the file.  A file
 * that is there but cannot be read, or a dangling symbolic link, is read
 * as usual, and fails as it would without a summary. */
static bool latency_absent(const run_pool *pool, const char *path,
			   pb_status *st)
{
	char *full = path_join(pool->s->dir, path);
	struct stat st_file;
	bool absent;

	*st = PB_OK;
	if (!full) {
		*st = PB_NOMEM;
		return false;
	}
	absent = lstat(full, &st_file) != 0
		 && (errno == ENOENT || errno == ENOTDIR);
	free(full);
	return absent;
}

/* Takes a run's statistic from its summary row, its file being absent. */
static void latency_from_summary(study_run *run, run_job *job)
{
	const sum_row *row = job->row;

	run->statistic = row->value;
	run->has_statistic = true;
	run->periods = row->periods;
	run->from_summary = true;
	memcpy(run->latency_sha256, row->sha256, 65);
	job->add_latency = true;
	job->latency_bytes = row->bytes;
}

/* Reads the latency file of a run the summary lists: from the file when
 * it is there, checked against the row (a summary may save reading a
 * file, never change what reading it gives), else from the row. */
static pb_status latency_with_summary(run_pool *pool, study_run *run,
				      run_job *job)
{
	const sum_row *row = job->row;
	pb_status st;

	if (strcmp(row->latency, run->latency_path) != 0) {
		diag_error(job->msgs, pool->summary_display, row->line, 0,
			   "run '%s' is summarized from latency file '%s', "
			   "runs.csv names '%s'", diag_quote(run->id,
							     strlen(run->id)),
			   diag_quote(row->latency, strlen(row->latency)),
			   diag_quote(run->latency_path,
				      strlen(run->latency_path)));
		return PB_DATAERR;
	}
	if (latency_absent(pool, run->latency_path, &st)) {
		latency_from_summary(run, job);
		return PB_OK;
	}
	if (st != PB_OK)
		return st;
	st = read_latency(pool, run, job);
	if (st == PB_OK && job->add_latency)
		st = sumfile_check_run(row, pool->summary_display,
				       run->latency_sha256, job->latency_bytes,
				       run->periods, run->statistic,
				       pool->s->plan.statistic.name,
				       job->msgs);
	return st;
}

static pb_status read_mechanism(run_pool *pool, study_run *run, run_job *job)
{
	study *s = pool->s;
	diag *d = job->msgs;
	char *full;
	char *display;
	digest_stream *ds;
	pb_status st;

	st = run_file_open(pool, run, run->mechanism_path, "mechanism",
			   run->mechanism_col, d, &full, &display, &ds);
	if (st != PB_OK)
		return st;
	st = mechlog_read_file_hashed(full, display, d, &run->mech, ds);
	if (st == PB_OK && run->mech && run->mech->registry_seen) {
		/* The value found is printed as the plan spells it, beside the
		 * run's own state. */
		size_t k = study_state_index(&s->plan, run->mech->registry);
		if (k != STUDY_NO_STATE)
			run->mech->registry = s->plan.states[k];
	}
	if (st == PB_OK || st == PB_DATAERR) {
		pb_status ds_st = digest_stream_finish(ds, run->mechanism_sha256,
						       &job->mechanism_bytes);

		job->add_mechanism = ds_st == PB_OK;
		st = pb_status_merge(st, ds_st);
	}
	digest_stream_free(ds);
	free(display);
	free(full);
	return st;
}

/* Does job I: reads the files of run I. */
static void job_run(run_pool *pool, size_t i)
{
	study_run *run = &pool->s->runs[i];
	run_job *job = &pool->jobs[i];
	pb_status rs = PB_OK;

	if (job->skip)
		return;
	job->msgs = diag_new_buffer(pool->d);
	if (!job->msgs) {
		job->st = PB_NOMEM;
		return;
	}
	if (run->latency_path && run->latency_path[0]) {
		if (pool->summary)
			job->row = sumfile_find(pool->summary, run->id);
		rs = job->row ? latency_with_summary(pool, run, job)
			      : read_latency(pool, run, job);
	}
	if (rs != PB_NOMEM && run->mechanism_path && run->mechanism_path[0])
		rs = pb_status_merge(rs, read_mechanism(pool, run, job));
	job->st = rs;
}

/* Takes jobs in turn until none is left; the body of a reading thread. */
static void *pool_work(void *arg)
{
	run_pool *pool = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&pool->lock);
		if (pool->stop || pool->next == pool->s->n_runs) {
			pthread_mutex_unlock(&pool->lock);
			return NULL;
		}
		i = pool->next++;
		pthread_mutex_unlock(&pool->lock);
		job_run(pool, i);
		pthread_mutex_lock(&pool->lock);
		pool->jobs[i].done = true;
		if (pool->jobs[i].st == PB_NOMEM)
			pool->stop = true;
		pthread_cond_broadcast(&pool->done);
		pthread_mutex_unlock(&pool->lock);
	}
}

/* Waits for job I (doing it here when no thread runs), then prints its
 * messages and lists its inputs, as if it had been read on this thread. */
static pb_status job_finish(run_pool *pool, size_t i, bool threaded,
			    progress *bar)
{
	study *s = pool->s;
	study_run *run = &s->runs[i];
	run_job *job = &pool->jobs[i];
	pb_status st;

	if (!threaded) {
		pool->next = i + 1;
		job_run(pool, i);
		job->done = true;
	} else {
		pthread_mutex_lock(&pool->lock);
		while (!job->done)
			pthread_cond_wait(&pool->done, &pool->lock);
		pthread_mutex_unlock(&pool->lock);
	}
	st = job->st;
	if (job->msgs) {
		if (diag_errors(job->msgs) || diag_warnings(job->msgs))
			progress_clear(bar);
		diag_replay(pool->d, job->msgs);
		diag_free(job->msgs);
		job->msgs = NULL;
	}
	if (st == PB_NOMEM)
		return st;
	pool->latency_files += job->read_latency;
	pool->column_missing += job->hdr.column_missing;
	pool->filter_missing += job->hdr.filter_missing;
	if (job->row)
		job->row->used = true;
	s->runs_from_summary += run->from_summary;
	if (job->add_latency)
		st = pb_status_merge(st, add_input(s, run->latency_path,
						   run->latency_sha256,
						   job->latency_bytes));
	if (st != PB_NOMEM && job->add_mechanism)
		st = pb_status_merge(st, add_input(s, run->mechanism_path,
						   run->mechanism_sha256,
						   job->mechanism_bytes));
	return st;
}

/* A column missing from every latency file is one mistake in study.ini
 * (or in the harness), however many files show it: it is told once, at
 * the `column` key, with what the first file holds instead.  Missing from
 * only some files, it is those files' mistake, told at each of them. */
static pb_status report_missing_column(run_pool *pool)
{
	const study *s = pool->s;
	const study_plan *p = &s->plan;
	bool everywhere = pool->column_missing == pool->latency_files
			  && pool->latency_files > 1;
	const char *col = diag_quote(p->column, strlen(p->column));
	size_t key_line, key_col;

	study_plan_key_position(p, "column", &key_line, &key_col);

	for (size_t i = 0; i < s->n_runs && pool->column_missing; i++) {
		const latency_header *h = &pool->jobs[i].hdr;
		char *file, *ini;

		if (!h->column_missing)
			continue;
		file = path_join(s->dir, s->runs[i].latency_path);
		ini = path_join(s->dir, "study.ini");
		if (!file || !ini) {
			free(file);
			free(ini);
			return PB_NOMEM;
		}
		if (everywhere)
			diag_error(pool->d, ini, key_line, key_col,
				   "column '%s' is missing from the header of "
				   "all %zu latency files (the first, %s:%zu, "
				   "holds %s)", col, pool->latency_files, file,
				   h->line, h->found);
		else
			diag_error(pool->d, file, h->line, h->col, "header has no "
				   "column '%s' (found %s)", col, h->found);
		free(file);
		free(ini);
		if (everywhere)
			break;
	}
	return pool->column_missing ? PB_DATAERR : PB_OK;
}

/* The same for a column the filter tests: told once at the `filter` key
 * when no latency file has it, else at the header of each file without
 * it (files that each lack another of its columns are each told). */
static pb_status report_missing_filter(run_pool *pool)
{
	const study *s = pool->s;
	bool everywhere = pool->filter_missing == pool->latency_files
			  && pool->latency_files > 1;
	const char *first = NULL;
	size_t key_line, key_col;

	for (size_t i = 0; everywhere && i < s->n_runs; i++) {
		const latency_header *h = &pool->jobs[i].hdr;

		if (!h->filter_missing)
			continue;
		if (!first)
			first = h->filter_column;
		else if (strcmp(first, h->filter_column) != 0)
			everywhere = false;
	}
	study_plan_key_position(&s->plan, "filter", &key_line, &key_col);
	for (size_t i = 0; i < s->n_runs && pool->filter_missing; i++) {
		const latency_header *h = &pool->jobs[i].hdr;
		char *file, *ini;

		if (!h->filter_missing)
			continue;
		file = path_join(s->dir, s->runs[i].latency_path);
		ini = path_join(s->dir, "study.ini");
		if (!file || !ini) {
			free(file);
			free(ini);
			return PB_NOMEM;
		}
		if (everywhere)
			diag_error(pool->d, ini, key_line, key_col,
				   "the filter tests column '%s', which is "
				   "missing from the header of all %zu latency "
				   "files (the first, %s:%zu, holds %s)",
				   h->filter_column, pool->latency_files, file,
				   h->line, h->found);
		else
			diag_error(pool->d, file, h->line, h->col, "header has "
				   "no column '%s', which the filter tests "
				   "(found %s)", h->filter_column, h->found);
		free(file);
		free(ini);
		if (everywhere)
			break;
	}
	return pool->filter_missing ? PB_DATAERR : PB_OK;
}

/* Reads every run's files on up to JOBS threads; returns the merged
 * status, stopping at the first run out of memory as a single thread
 * would. */
static pb_status read_runs(run_pool *pool, unsigned jobs)
{
	study *s = pool->s;
	pthread_t threads[READOPT_MAX_JOBS];
	unsigned started = 0;
	uint64_t bytes = 0;
	size_t total = 0;
	progress *bar;
	pb_status st = PB_OK;
	size_t i;

	for (i = 0; i < s->n_runs; i++)
		total += !pool->jobs[i].skip;
	if (jobs > s->n_runs)
		jobs = (unsigned)s->n_runs;
	/* One thread is the caller itself: no thread at all is started for
	 * -j 1, and a thread that cannot be started leaves the work to the
	 * others (or to this one) rather than failing the run. */
	if (jobs > 1)
		for (; started < jobs; started++)
			if (pthread_create(&threads[started], NULL, pool_work,
					   pool) != 0)
				break;
	bar = progress_begin("reading", total, "runs");
	for (i = 0; i < s->n_runs && st != PB_NOMEM; i++) {
		st = pb_status_merge(st, job_finish(pool, i, started > 0, bar));
		bytes += pool->jobs[i].latency_bytes
			 + pool->jobs[i].mechanism_bytes;
		progress_update(bar, i + 1, bytes);
	}
	progress_end(bar);
	pthread_mutex_lock(&pool->lock);
	pool->stop = true;
	pthread_mutex_unlock(&pool->lock);
	for (unsigned k = 0; k < started; k++)
		pthread_join(threads[k], NULL);
	for (i = 0; i < s->n_runs; i++)
		diag_free(pool->jobs[i].msgs);
	if (st != PB_NOMEM)
		st = pb_status_merge(st, report_missing_column(pool));
	if (st != PB_NOMEM)
		st = pb_status_merge(st, report_missing_filter(pool));
	return st;
}

/* Every summary row must belong to a run of runs.csv with a latency
 * file: a row left over is a summary of another study, or of an older
 * runs.csv. */
static void check_summary_used(const run_pool *pool)
{
	for (size_t i = 0; i < sumfile_count(pool->summary); i++) {
		const sum_row *row = sumfile_row(pool->summary, i);

		if (!row->used)
			diag_error(pool->d, pool->summary_display, row->line, 0,
				   "run '%s' is summarized, but runs.csv names "
				   "no latency file for it",
				   diag_quote(row->run, strlen(row->run)));
	}
}

/* Reads the run summary of the study, when the folder holds one. */
static pb_status read_summary(run_pool *pool)
{
	sumfile *f = NULL;
	char *real = NULL, why[160];
	studyfile_fault fault;
	int err = 0;
	pb_status st;

	pool->summary_display = path_join(pool->s->dir, SUMFILE_NAME);
	if (!pool->summary_display)
		return PB_NOMEM;
	fault = studyfile_check(pool->summary_display, pool->root,
				FILEREAD_MAX_DOCUMENT, &real, NULL, &err);
	if (fault == STUDYFILE_MISSING && err == ENOENT)
		return PB_OK;
	if (fault != STUDYFILE_OK) {
		if (fault != STUDYFILE_NOMEM)
			diag_error(pool->d, pool->summary_display, 0, 0, "%s",
				   studyfile_fault_text(fault, err,
							FILEREAD_MAX_DOCUMENT,
							why, sizeof why));
		return studyfile_fault_status(fault);
	}
	st = sumfile_plan_refuses(&pool->s->plan, NULL, pool->summary_display,
				  pool->d);
	if (st == PB_OK)
		st = sumfile_read(real, pool->summary_display, &pool->s->plan,
				  pool->d, &f);
	free(real);
	pool->summary = f;
	return st;
}

/* Says that field COL of run R names WHAT of run E, the first to use it. */
static void say_same(diag *d, const char *display, const study_run *r,
		     size_t col, const char *kind, const char *path,
		     const char *what, const study_run *e)
{
	diag_error(d, display, r->manifest_line, col, "%s file '%s' of run "
		   "'%s' %s run '%s' (line %zu): one boot published as two "
		   "(`shared_files = yes` in study.ini if intended)", kind,
		   diag_quote(path, strlen(path)), r->id, what, e->id,
		   e->manifest_line);
}

/* The run KEY was first seen in (in SEEN, by its index + 1), or NULL
 * after recording run I for it. */
static const study_run *first_with(const study *s, GHashTable *seen,
				   const char *key, size_t i)
{
	gpointer at = g_hash_table_lookup(seen, key);

	if (at)
		return &s->runs[GPOINTER_TO_SIZE(at) - 1];
	g_hash_table_insert(seen, (gpointer)key, GSIZE_TO_POINTER(i + 1));
	return NULL;
}

/* One boot's file published as several: two runs that name the same file,
 * or latency files of the same bytes (a copy, a link), are an error at the
 * later run's field, unless study.ini says `shared_files = yes`.  Two
 * mechanism logs may hold the same bytes (a setting reported alike after
 * each boot); one named twice is still a slip. */
static void check_same_files(const study *s, diag *d)
{
	char display[PATH_MAX + 16];
	GHashTable *paths, *shas;

	if (s->plan.shared_files)
		return;
	snprintf(display, sizeof display, "%s/runs.csv", s->dir);
	paths = g_hash_table_new(g_str_hash, g_str_equal);
	shas = g_hash_table_new(g_str_hash, g_str_equal);
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i], *e = NULL;

		if (r->latency_path
		    && (e = first_with(s, paths, r->latency_path, i)))
			say_same(d, display, r, r->latency_col, "latency",
				 r->latency_path, "is also the file of", e);
		else if (r->latency_path && r->latency_sha256[0]
			 && (e = first_with(s, shas, r->latency_sha256, i)))
			say_same(d, display, r, r->latency_col, "latency",
				 r->latency_path,
				 "holds the same bytes as the file of", e);
		if (r->mechanism_path
		    && (e = first_with(s, paths, r->mechanism_path, i))
		    && e == r)
			diag_error(d, display, r->manifest_line,
				   r->mechanism_col, "mechanism file '%s' of "
				   "run '%s' is its latency file too",
				   diag_quote(r->mechanism_path,
					      strlen(r->mechanism_path)),
				   r->id);
		else if (r->mechanism_path && e)
			say_same(d, display, r, r->mechanism_col, "mechanism",
				 r->mechanism_path, "is also the file of", e);
	}
	g_hash_table_destroy(paths);
	g_hash_table_destroy(shas);
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

/* Reads study.ini and runs.csv of S (whose folder's real path is ROOT),
 * each in one read whose bytes are both parsed and hashed.  *PLAN_OK
 * says whether study.ini was read without error.  With RECORDING, a
 * runs.csv that does not exist is no runs and no error. */
static pb_status read_plan_and_manifest(study *s, const char *root,
					bool recording, diag *d,
					bool *plan_ok)
{
	static const char *const names[2] = { "study.ini", "runs.csv" };
	static const uint64_t limits[2] = { PLAN_MAX_BYTES,
					    FILEREAD_MAX_DOCUMENT };
	char hex[65];

	*plan_ok = false;
	for (int i = 0; i < 2; i++) {
		char *path = path_join(s->dir, names[i]), *buf;
		size_t len;
		pb_status st;

		if (!path)
			return PB_NOMEM;
		st = studyfile_read(path, path, root, limits[i],
				    i == 1 && recording, d, &buf, &len, hex);
		if (st == PB_OK && i == 0)
			st = study_ini_read_buffer(buf, len, path, d, &s->plan);
		else if (st == PB_OK && buf)
			st = manifest_read_buffer(buf, len, path, &s->plan, 0, d,
						  &s->runs, &s->n_runs);
		/* A file read is an input, whatever its content; one that
		 * was not read has no digest to list. */
		if (buf && (st == PB_OK || st == PB_DATAERR))
			st = pb_status_merge(st, add_input(s, names[i], hex,
							   len));
		free(buf);
		free(path);
		*plan_ok = *plan_ok || (i == 0 && st == PB_OK);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

/* schedule.csv, when the study folder holds one: read and listed as an
 * input like study.ini. */
static pb_status read_schedule(study *s, const char *root, diag *d)
{
	char *path = path_join(s->dir, "schedule.csv"), *buf;
	char hex[65];
	size_t len;
	pb_status st;

	if (!path)
		return PB_NOMEM;
	/* A link to nothing is no schedule, as no file is. */
	st = studyfile_read(path, path, root, FILEREAD_MAX_DOCUMENT, true, d,
			    &buf, &len, hex);
	if (st == PB_OK && buf) {
		st = schedule_read_buffer(buf, len, path, &s->plan, 0, d,
					  &s->schedule);
		if (st == PB_OK || st == PB_DATAERR)
			st = pb_status_merge(st, add_input(s, "schedule.csv",
							   hex, len));
	}
	free(buf);
	free(path);
	return st;
}

pb_status study_read(const char *dir, diag *d, study **out)
{
	return study_read_opt(dir, NULL, d, out);
}

static pb_status study_read_untimed(const char *dir,
				    const read_options *o, diag *d,
				    study **out);

pb_status study_read_opt(const char *dir, const read_options *o, diag *d,
			 study **out)
{
	pb_status st;

	timing_begin(TIMING_INGEST);
	st = study_read_untimed(dir, o, d, out);
	timing_end(TIMING_INGEST);
	return st;
}

/* PB_OK when DIR is a folder; else says why not and PB_NOINPUT. */
static pb_status check_folder(const char *dir, diag *d)
{
	struct stat st_dir;

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
	return PB_OK;
}

/* A new empty study of the folder DIR, with its cleaned path and name,
 * and in *ROOT the folder's real path (the caller frees it). */
static pb_status study_new(const char *dir, diag *d, study **out,
			   char **root)
{
	study *s = calloc(1, sizeof *s);

	*out = NULL;
	if (!s)
		return PB_NOMEM;
	s->dir = clean_dir(dir);
	s->name = s->dir ? strutil_dup(last_component(s->dir)) : NULL;
	if (!s->name) {
		study_free(s);
		return PB_NOMEM;
	}
	*root = realpath(s->dir, NULL);
	if (!*root) {
		int e = errno;
		study_free(s);
		if (e == ENOMEM)
			return PB_NOMEM;
		diag_error(d, dir, 0, 0, "cannot open the study folder: %s",
			   strerror(e));
		diag_fail(d, PB_NOINPUT);
		return PB_NOINPUT;
	}
	*out = s;
	return PB_OK;
}

/* Reads the files of every run of S (below ROOT) on JOBS threads: only
 * those of shard SHARD of SHARDS when SHARDS is 2 or more. */
static pb_status read_all_runs(study *s, const char *root, diag *d,
			       unsigned jobs, size_t shards, size_t shard)
{
	run_pool pool = { .s = s, .root = root, .d = d };
	pb_status rs = PB_OK;

	pool.jobs = calloc(s->n_runs, sizeof *pool.jobs);
	if (!pool.jobs)
		rs = PB_NOMEM;
	for (size_t i = 0; pool.jobs && i < s->n_runs; i++)
		pool.jobs[i].skip = shards >= 2 && i % shards != shard;
	if (rs == PB_OK)
		rs = read_summary(&pool);
	if (rs == PB_OK && pthread_mutex_init(&pool.lock, NULL) != 0)
		rs = PB_NOMEM;
	if (rs == PB_OK && pthread_cond_init(&pool.done, NULL) != 0) {
		pthread_mutex_destroy(&pool.lock);
		rs = PB_NOMEM;
	}
	if (rs == PB_OK) {
		rs = read_runs(&pool, jobs);
		pthread_cond_destroy(&pool.done);
		pthread_mutex_destroy(&pool.lock);
		if (rs != PB_NOMEM && pool.summary && shards < 2)
			check_summary_used(&pool);
		/* A number taken from the summary is the summary's, not a
		 * file's the report read: the summary is then an input, and
		 * the study digest differs from that of the raw data. */
		if (rs != PB_NOMEM && s->runs_from_summary)
			rs = pb_status_merge(rs, add_input(s, SUMFILE_NAME,
				sumfile_sha256(pool.summary),
				sumfile_bytes(pool.summary)));
	}
	sumfile_free((sumfile *)pool.summary);
	free(pool.summary_display);
	free(pool.jobs);
	return rs;
}

/* The checks across runs, when the runs were read: with RECORDING also
 * after bad data (the status is ST), and then without the one a study
 * still being recorded may fail. */
static void check_across(const study *s, pb_status st, bool recording,
			 diag *d)
{
	if (st == PB_OK || (recording && st != PB_NOMEM))
		check_same_files(s, d);
	if (st == PB_OK && !recording)
		check_reference(s, d);
}

/* Reads the study in DIR (study_read_opt, which times it). */
static pb_status study_read_untimed(const char *dir,
				    const read_options *o, diag *d,
				    study **out)
{
	study *s;
	char *root = NULL;
	pb_status st;
	unsigned jobs = o && o->jobs ? o->jobs : readopt_default_jobs();
	size_t shards = o ? o->shards : 0, shard = o ? o->shard : 0;
	bool recording = o && o->recording, plan_ok;

	if (jobs > READOPT_MAX_JOBS)
		jobs = READOPT_MAX_JOBS;
	*out = NULL;
	st = check_folder(dir, d);
	if (st == PB_OK)
		st = study_new(dir, d, &s, &root);
	if (st != PB_OK)
		return st;

	st = read_plan_and_manifest(s, root, recording, d, &plan_ok);
	if (st != PB_NOMEM && s->runs && s->n_runs)
		st = pb_status_merge(st, read_all_runs(s, root, d, jobs,
							shards, shard));
	/* The plan and the manifest were read (there are runs, or, for a
	 * study being recorded, none yet): the schedule, if any, is checked
	 * against them too. */
	if (st != PB_NOMEM && (s->runs || (recording && plan_ok)))
		st = pb_status_merge(st, read_schedule(s, root, d));
	free(root);
	check_across(s, st, recording, d);
	if (st == PB_OK || (recording && plan_ok && st != PB_NOMEM))
		st = pb_status_merge(st, compute_study_digest(s));
	if (st == PB_OK)
		st = diag_status(d);
	if (st != PB_OK && !(recording && plan_ok && st != PB_NOMEM)) {
		study_free(s);
		return st;
	}
	*out = s;
	return st;
}

void study_free(study *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_runs; i++)
		mechlog_free(s->runs[i].mech);
	manifest_runs_free(s->runs, s->n_runs);
	schedule_free(s->schedule);
	study_plan_free(&s->plan);
	for (size_t i = 0; i < s->n_inputs; i++)
		free(s->inputs[i].path);
	free(s->inputs);
	free(s->name);
	free(s->dir);
	free(s);
}
