/* fuzz_study.c: libFuzzer target for a whole study: ingest, analysis and
 * the results document.
 *
 * The input is cut at each line "--8<--" into up to seven files of a study
 * folder, in this order:
 *
 *     study.ini  runs.csv  a.csv  b.csv  c.csv  m.log  n.log
 *
 * so runs.csv may name a.csv..c.csv as latency files and m.log, n.log as
 * mechanism logs (other names are missing files).  The folder is written
 * afresh for each input into one temporary folder made at start-up, then
 * read with study_read, analysed and turned into results.json.  Checks: a
 * study that is refused says why; a study that is accepted can be analysed
 * or says why not; an analysis that succeeds has a number for every effect
 * and interval endpoint, and can always be published.  To keep each input fast the number of
 * resamples is capped, since more of them explores no new code. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <glib.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "common/readopt.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/results_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define SEPARATOR "\n--8<--\n"
#define MAX_RESAMPLES 200UL
#define MAX_EXACT_RUNS 16

static const char *const names[] = {
	"study.ini", "runs.csv", "a.csv", "b.csv", "c.csv", "m.log", "n.log"
};
#define N_FILES (sizeof names / sizeof names[0])

static char folder[64];

static void remove_folder(void)
{
	char path[128];

	for (size_t i = 0; i < N_FILES; i++) {
		snprintf(path, sizeof path, "%s/%s", folder, names[i]);
		unlink(path);
	}
	rmdir(folder);
}

/* Where the folder goes: $TMPDIR, else memory (/dev/shm) where there is
 * such a place, since creating seven files on disk for every input took a
 * third of the time, else /tmp. */
static const char *scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	struct stat sb;

	if (tmp && strlen(tmp) < 32)
		return tmp;
	if (stat("/dev/shm", &sb) == 0 && S_ISDIR(sb.st_mode)
	    && access("/dev/shm", W_OK) == 0)
		return "/dev/shm";
	return "/tmp";
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(folder, sizeof folder, "%s/pairboot-fuzz-XXXXXX", scratch());
	if (!mkdtemp(folder))
		abort();
	atexit(remove_folder);
	return 0;
}

/* Writes LEN bytes at P as file NAME of the folder. */
static void put_file(const char *name, const uint8_t *p, size_t len)
{
	char path[128];
	int fd;

	snprintf(path, sizeof path, "%s/%s", folder, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		abort();
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			abort();
		p += n;
		len -= (size_t)n;
	}
	close(fd);
}

/* The first SEPARATOR in P[0..LEN), or NULL (memmem is not C11). */
static const uint8_t *find_separator(const uint8_t *p, size_t len)
{
	const size_t sep = sizeof SEPARATOR - 1;

	for (size_t i = 0; i + sep <= len; i++)
		if (p[i] == '\n' && memcmp(p + i, SEPARATOR, sep) == 0)
			return p + i;
	return NULL;
}

static void lay_out(const uint8_t *data, size_t size)
{
	const size_t sep = sizeof SEPARATOR - 1;
	size_t i = 0;

	for (; i < N_FILES; i++) {
		const uint8_t *end = find_separator(data, size);
		size_t len = end ? (size_t)(end - data) : size;

		put_file(names[i], data, len);
		if (!end) {
			i++;
			break;
		}
		data = end + sep;
		size -= len + sep;
	}
	/* Files the input does not give must not linger from the last one. */
	for (; i < N_FILES; i++) {
		char path[128];
		snprintf(path, sizeof path, "%s/%s", folder, names[i]);
		unlink(path);
	}
}

/* What an accepted analysis promises the report: every effect of a
 * comparison with pairs is a number, and every interval given is a pair of
 * numbers in order.  (results.json would write null for anything else.) */
static void check_numbers(const analysis *a)
{
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		if (c->n_pairs > 0 && !isfinite(c->boot.estimate))
			abort();
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
			const boot_interval *ci = &c->boot.ci[m];
			if (ci->defined && !(isfinite(ci->lo) && isfinite(ci->hi)
					     && ci->lo <= ci->hi))
				abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	diag *d = diag_new(NULL, 0);
	study *s = NULL;
	analysis *a = NULL;
	pb_status st;

	if (!d)
		abort();
	/* Most inputs are read and analysed on one thread, which spares the
	 * start of threads for each; one in eight on two, so that the
	 * threaded reading is fuzzed too. */
	readopt_set_default_jobs(size % 8 == 0 ? 2 : 1);
	lay_out(data, size);
	st = study_read(folder, d, &s);
	if (st != PB_OK && diag_errors(d) == 0)
		abort();  /* refused without a word */
	if (st == PB_OK) {
		if (!s->plan.resamples_exact
		    && s->plan.resamples > MAX_RESAMPLES)
			s->plan.resamples = MAX_RESAMPLES;
		if (s->plan.resamples_exact && s->n_runs > MAX_EXACT_RUNS) {
			s->plan.resamples_exact = false;
			s->plan.resamples = MAX_RESAMPLES;
		}
		st = analysis_run(s, d, &a);
		if (st != PB_OK && diag_errors(d) == 0)
			abort();
		if (st == PB_OK)
			check_numbers(a);
	}
	if (st == PB_OK) {
		GString *json = g_string_new(NULL);
		if (results_json_write(s, a, json) != PB_OK)
			abort();  /* analysed but cannot be published */
		g_string_free(json, TRUE);
	}
	analysis_free(a);
	study_free(s);
	diag_free(d);
	return 0;
}
