/* sumfile.c: writing run summaries (see sumfile.h); ingest/sumfile.c
 * reads them. */
#include "render/sumfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>

#include "common/csvtext.h"
#include "common/ownfs.h"
#include "common/safefile.h"
#include "ingest/sumfile.h"

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
	GString *header = g_string_new(NULL);

	sumfile_header(header);
	fputs(header->str, out);
	g_string_free(header, TRUE);
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
	char line[256];
	struct stat now;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	GString *want;
	bool same;

	if (fd < 0)
		return false;
	if (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode)
	    || now.st_dev != st->st_dev || now.st_ino != st->st_ino) {
		close(fd);
		return false;
	}
	want = g_string_new(NULL);
	sumfile_header(want);
	do
		got = pread(fd, line, want->len < sizeof line ? want->len
							       : sizeof line, 0);
	while (got < 0 && errno == EINTR);
	close(fd);
	same = got == (ssize_t)want->len && memcmp(line, want->str,
						   want->len) == 0;
	g_string_free(want, TRUE);
	return same;
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
			   "refusing to replace it", ownfs_kind(st.st_mode));
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
