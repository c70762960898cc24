/* gatebench.c: how often `pairboot compare --fail-on MODE`, the CI gate,
 * fails a build that did not change, and how often it fails one that
 * did, by simulation with the pairboot binary itself.
 *
 * For each study shape (below) the program plans one study with
 * `pairboot plan new` twice, as build "old" and build "new" (the same
 * plan and schedule, threshold T = 0.5 ms, p99, lower is better, the
 * confidence, resamples and interval plan new chooses), and for each pair
 * index fills a copy of each with `genstudy fill` (the model of
 * fixtures/README.md): OLD and NEW with the same effects and two seeds,
 * an unchanged build; on the shapes marked "power", NEW again with the
 * same seed and every period of state 100 raised by T and by 2T
 * (`--shift 100=1`, `100=2`), a build on which state 100 regressed.  Each
 * NEW is compared with OLD once per mode,
 *
 *     pairboot -q -j 1 compare OLD NEW -o TMP --fail-on MODE
 *
 * for MODE worse, worse-detected and change, and the exit status counted:
 * 0 pass, 1 fail, 3 inconclusive, anything else an error (64, 65, 66,
 * 73, a signal).  A mode refused with 64 on every pair is reported as not
 * supported by the build, not as errors.  The comparison folder is
 * removed after each run.
 *
 * Shapes (T = 0.5 ms; per-boot p99 of 100 periods):
 *   a  2 series x 10 blocks x 5 states (0;10;20;30;100 against 20), power
 *   b  1 series x 20 blocks x 3 states (0;20;100 against 20), power
 *   c  as a, with skewed boot levels and period noise (--noise skewed)
 *   d  2 series x 20 blocks x 5 states, as a, power
 *
 * Output (standard output, the same bytes for the same options whatever
 * --jobs): per shape and mode the share of unchanged pairs that fail,
 * with its 95% Wilson interval for the Monte Carlo error, whether that
 * interval reaches down to 1 - confidence (the rate the gate is meant to
 * keep), the share inconclusive and the errors; then per power shape,
 * regression and mode the share that fails.  Progress and the run time go
 * to standard error.  Every pair's seeds come from --seed, the shape and
 * the pair index alone.
 *
 * Usage: gatebench [--pairs N] [--seed S] [--jobs J] [--pairboot PATH]
 *                  [--genstudy PATH] [--keep DIR] [--shapes LIST]
 * (defaults 200 pairs, seed 1, one job per online CPU, ./pairboot,
 * ./fixtures/genstudy, a temporary folder, shapes a,b,c), from the build
 * folder; `make gatebench GATEBENCH_FLAGS='...'` runs it.  With the
 * defaults it takes about 26 minutes of CPU time, some 13 minutes on 2
 * idle cores: compare draws its figures in four languages each time, and
 * at 10 blocks it checks every interval against the exact bootstrap.  Exit status 0, 1 when a
 * comparison or a generation failed (the first message of each kind is
 * shown), 64 for a bad command line, 70 when the bench itself failed.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench/benchargs.h"

extern char **environ;

#define PROG "gatebench"
#define PATH_LEN 4096
/* The longest work folder taken: what the pairs' paths add stays far
 * below PATH_LEN. */
#define MAX_DIR 1024
#define THRESHOLD "0.5"
#define REGRESSED "100"
/* What a run that could not be started, or died of a signal, counts as;
 * and a compare not run because its studies could not be generated. */
#define ST_DIED 256
#define ST_NOSTUDY 257
#define N_STATUS 258

typedef struct shape {
	const char *name, *what;
	const char *states, *reference;
	unsigned series, blocks;
	const char *noise;         /* genstudy fill --noise */
	bool power;                /* also NEW regressed by T and 2T */
} shape;

static const shape shapes[] = {
	{ "a", "2 series x 10 blocks x 5 states", "0;10;20;30;100", "20",
	  2, 10, "normal", true },
	{ "b", "1 series x 20 blocks x 3 states", "0;20;100", "20",
	  1, 20, "normal", true },
	{ "c", "2 series x 10 blocks x 5 states", "0;10;20;30;100", "20",
	  2, 10, "skewed", false },
	{ "d", "2 series x 20 blocks x 5 states", "0;10;20;30;100", "20",
	  2, 20, "normal", true },
};
#define N_SHAPES (sizeof shapes / sizeof shapes[0])

static const char *const modes[] = { "worse", "worse-detected", "change" };
#define N_MODES (sizeof modes / sizeof modes[0])

/* What NEW is: unchanged, or state 100 regressed by T or 2T. */
enum { CASE_SAME, CASE_T, CASE_2T, N_CASES };
static const char *const case_shift[N_CASES] = { NULL, "1", "2" };
static const char *const case_dir[N_CASES] = { "new", "new+T", "new+2T" };

typedef struct options {
	unsigned long pairs, seed, jobs;
	const char *pairboot, *genstudy, *keep;
	bool shape_on[N_SHAPES];
} options;

/* One compare's exit status, sent from a worker to the parent whole (a
 * pipe write of at most PIPE_BUF bytes is not interleaved); MODE
 * N_MODES marks a pair done. */
typedef struct record {
	unsigned char shape, kase, mode;
	int status;
} record;

/* The exit statuses counted, per shape, case and mode. */
static unsigned long tally[N_SHAPES][N_CASES][N_MODES][N_STATUS];

/* ------------------------------------------------------------------ */
/* Files and programs                                                   */

/* PATH and every file and folder under it removed; 0, or -1 with errno. */
static int remove_tree(const char *path)
{
	struct stat sb;
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (lstat(path, &sb) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(sb.st_mode))
		return unlink(path);
	d = opendir(path);
	if (!d)
		return -1;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		char child[PATH_LEN];

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (snprintf(child, sizeof child, "%s/%s", path, e->d_name)
		    >= (int)sizeof child) {
			errno = ENAMETOOLONG;
			rc = -1;
		} else {
			rc = remove_tree(child);
		}
	}
	closedir(d);
	return rc == 0 ? rmdir(path) : rc;
}

/* Creates the folder PATH unless it exists. */
static bool make_dir(const char *path)
{
	if (mkdir(path, 0777) == 0 || errno == EEXIST)
		return true;
	fprintf(stderr, PROG ": cannot create %s: %s\n", path,
		strerror(errno));
	return false;
}

/* Copies the file FROM to TO. */
static bool copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[8192];
	size_t n;
	bool ok = in && out;

	while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
		ok = fwrite(buf, 1, n, out) == n;
	ok = ok && !ferror(in);
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = false;
	if (!ok)
		fprintf(stderr, PROG ": cannot copy %s to %s\n", from, to);
	return ok;
}

/* Runs ARGV (ARGV[0] looked up in PATH when it has no '/'), its standard
 * output to /dev/null and its standard error to ERR; returns its exit
 * status, or ST_DIED when it could not be run or died of a signal. */
static int run(char *const argv[], const char *err)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status, rc;

	if (posix_spawn_file_actions_init(&fa) != 0)
		return ST_DIED;
	rc = posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY,
					      0);
	if (rc == 0)
		rc = posix_spawn_file_actions_addopen(&fa, 2, err,
						      O_WRONLY | O_CREAT
						      | O_TRUNC, 0666);
	if (rc == 0)
		rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		fprintf(stderr, PROG ": cannot run %s: %s\n", argv[0],
			strerror(rc));
		return ST_DIED;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return ST_DIED;
	return WIFEXITED(status) ? WEXITSTATUS(status) : ST_DIED;
}

/* The first line of the file PATH, into BUF ("" when there is none). */
static const char *first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (f) {
		if (fgets(buf, (int)size, f))
			buf[strcspn(buf, "\n")] = '\0';
		fclose(f);
	}
	return buf;
}

/* Formats a path of at most PATH_LEN - 1 bytes into BUF (PATH_LEN
 * bytes); exits with 70 when it does not fit, which main's limit on the
 * work folder's length rules out. */
static char *path_fmt(char *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static char *path_fmt(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, PATH_LEN, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= PATH_LEN) {
		fprintf(stderr, PROG ": path too long: %s...\n", buf);
		exit(70);
	}
	return buf;
}

/* ------------------------------------------------------------------ */
/* Seeds                                                                */

/* SplitMix64's finalizer: a well-mixed 64-bit value of X. */
static uint64_t mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* The seed of one generation: of --seed SEED, shape K, pair I and SIDE
 * (0 OLD, 1 NEW, 2 the plan), and of nothing else. */
static uint32_t seed_of(unsigned long seed, size_t k, unsigned long i,
			unsigned side)
{
	return (uint32_t)(mix(mix(mix(seed) ^ k) ^ i) ^ side) & 0x7FFFFFFFU;
}

/* ------------------------------------------------------------------ */
/* The work                                                             */

/* The plan of shape K as build BUILD ("old" or "new") in DIR/plan-K-BUILD,
 * written by pairboot plan new. */
static bool plan_shape(const options *o, const char *dir, size_t k,
		       const char *build)
{
	const shape *s = &shapes[k];
	char path[PATH_LEN], err[PATH_LEN], seed[16], series[16], blocks[16];
	char title[64], msg[256];
	char *argv[] = {
		(char *)o->pairboot, "-q", "plan", "new", path,
		"--title", title, "--build", (char *)build,
		"--column", "latency_us", "--scale", "0.001", "--unit", "ms",
		"--better", "lower", "--statistic", "p99",
		"--reference", (char *)s->reference,
		"--threshold", THRESHOLD, "--seed", seed,
		"--states", (char *)s->states,
		"--series", series, "--blocks", blocks, NULL
	};
	int st;

	path_fmt(path, "%s/plan-%s-%s", dir, s->name, build);
	path_fmt(err, "%s.err", path);
	snprintf(title, sizeof title, "gatebench shape %s", s->name);
	snprintf(seed, sizeof seed, "%lu",
		 (unsigned long)seed_of(o->seed, k, 0, 2));
	snprintf(series, sizeof series, "%u", s->series);
	snprintf(blocks, sizeof blocks, "%u", s->blocks);
	st = run(argv, err);
	if (st != 0) {
		fprintf(stderr, PROG ": plan new of shape %s exited %d: %s\n",
			s->name, st, first_line(err, msg, sizeof msg));
		return false;
	}
	return remove(err) == 0;
}

/* The value of KEY in the study.ini of DIR/plan-K-old, into BUF. */
static const char *plan_key(const char *dir, size_t k, const char *key,
			    char *buf, size_t size)
{
	char path[PATH_LEN], line[256];
	size_t len = strlen(key);
	FILE *f;

	path_fmt(path, "%s/plan-%s-old/study.ini", dir, shapes[k].name);
	snprintf(buf, size, "?");
	f = fopen(path, "r");
	if (!f)
		return buf;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, key, len) == 0
		    && strncmp(line + len, " = ", 3) == 0) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, size, "%s", line + len + 3);
			break;
		}
	fclose(f);
	return buf;
}

/* The study STUDY of shape K, from the plan of BUILD, filled with SEED
 * and SHIFT (NULL: none).  The exit status of genstudy. */
static int make_study(const options *o, const char *dir, size_t k,
		      const char *build, const char *study, uint32_t seed,
		      const char *shift)
{
	char from[PATH_LEN], to[PATH_LEN], err[PATH_LEN], seedtext[16];
	char shifttext[32], msg[256];
	char *argv[] = {
		(char *)o->genstudy, "fill", (char *)study, "--seed", seedtext,
		"--noise", (char *)shapes[k].noise, shift ? "--shift" : NULL,
		shifttext, NULL
	};
	static const char *const files[] = { "study.ini", "schedule.csv" };
	int st;

	if (!make_dir(study))
		return ST_NOSTUDY;
	for (size_t i = 0; i < 2; i++) {
		path_fmt(from, "%s/plan-%s-%s/%s", dir, shapes[k].name,
			 build, files[i]);
		path_fmt(to, "%s/%s", study, files[i]);
		if (!copy_file(from, to))
			return ST_NOSTUDY;
	}
	snprintf(seedtext, sizeof seedtext, "%lu", (unsigned long)seed);
	snprintf(shifttext, sizeof shifttext, REGRESSED "=%s",
		 shift ? shift : "0");
	path_fmt(err, "%s.err", study);
	st = run(argv, err);
	if (st != 0)
		fprintf(stderr, PROG ": genstudy fill %s exited %d: %s\n",
			study, st, first_line(err, msg, sizeof msg));
	remove(err);
	return st;
}

/* Sends R to the parent. */
static void send_record(int fd, record r)
{
	if (write(fd, &r, sizeof r) != (ssize_t)sizeof r) {
		perror(PROG ": write");
		_exit(70);
	}
}

/* Generates pair I of shape K in DIR/K/I and compares each NEW with OLD
 * in every mode, sending each exit status to FD.  SEEN marks the errors
 * already shown, per mode and status. */
static void run_pair(const options *o, const char *dir, size_t k,
		     unsigned long i, int fd, bool seen[N_MODES][N_STATUS])
{
	const shape *s = &shapes[k];
	size_t cases = s->power ? N_CASES : 1;
	char pair[PATH_LEN], old[PATH_LEN], cmp[PATH_LEN], err[PATH_LEN];
	bool have_old;

	path_fmt(pair, "%s/%s/%lu", dir, s->name, i);
	path_fmt(old, "%s/old", pair);
	path_fmt(cmp, "%s/compare", pair);
	path_fmt(err, "%s/compare.err", pair);
	have_old = make_dir(pair)
		   && make_study(o, dir, k, "old", old,
				 seed_of(o->seed, k, i, 0), NULL) == 0;
	for (size_t c = 0; c < cases; c++) {
		char new[PATH_LEN];
		bool have_new;

		path_fmt(new, "%s/%s", pair, case_dir[c]);
		have_new = have_old
			   && make_study(o, dir, k, "new", new,
					 seed_of(o->seed, k, i, 1),
					 case_shift[c]) == 0;
		for (size_t m = 0; m < N_MODES; m++) {
			char *argv[] = {
				(char *)o->pairboot, "-q", "-j", "1",
				"compare", old, new, "-o", cmp, "--fail-on",
				(char *)modes[m], NULL
			};
			record r = { (unsigned char)k, (unsigned char)c,
				     (unsigned char)m, ST_NOSTUDY };
			char msg[256];

			if (have_new) {
				r.status = run(argv, err);
				if (remove_tree(cmp) != 0)
					fprintf(stderr, PROG ": cannot remove "
						"%s: %s\n", cmp,
						strerror(errno));
			}
			if (r.status != 0 && r.status != 1 && r.status != 3
			    && r.status != ST_NOSTUDY && !seen[m][r.status]) {
				seen[m][r.status] = true;
				fprintf(stderr, PROG ": shape %s, pair %lu, "
					"%s, --fail-on %s: pairboot exited "
					"%d: %s\n", s->name, i, case_dir[c],
					modes[m], r.status,
					first_line(err, msg, sizeof msg));
			}
			send_record(fd, r);
		}
	}
	remove(err);
	if (!o->keep)
		remove_tree(pair);
	send_record(fd, (record){ (unsigned char)k, 0, N_MODES, 0 });
}

/* Worker W of J: every pair whose place in the list of work is W modulo
 * J, in order. */
static void worker(const options *o, const char *dir, unsigned long w,
		   int fd)
{
	static bool seen[N_MODES][N_STATUS];
	unsigned long t = 0;

	for (size_t k = 0; k < N_SHAPES; k++) {
		if (!o->shape_on[k])
			continue;
		for (unsigned long i = 0; i < o->pairs; i++, t++)
			if (t % o->jobs == w)
				run_pair(o, dir, k, i, fd, seen);
	}
}

/* Runs every pair on O->jobs workers and counts what they send.  False
 * when a worker failed. */
static bool run_all(const options *o, const char *dir)
{
	int fds[2];
	unsigned long done = 0, total = 0;
	bool ok = true, tty = isatty(2);
	record r;
	pid_t *pids = calloc(o->jobs, sizeof *pids);

	for (size_t k = 0; k < N_SHAPES; k++)
		total += o->shape_on[k] ? o->pairs : 0;
	if (!pids || pipe(fds) != 0) {
		perror(PROG);
		free(pids);
		return false;
	}
	fflush(NULL);
	for (unsigned long w = 0; w < o->jobs; w++) {
		pids[w] = fork();
		if (pids[w] < 0) {
			perror(PROG ": fork");
			ok = false;
			break;
		}
		if (pids[w] == 0) {
			close(fds[0]);
			worker(o, dir, w, fds[1]);
			_exit(0);
		}
	}
	close(fds[1]);
	for (;;) {
		size_t got = 0;
		ssize_t n = 0;

		while (got < sizeof r
		       && ((n = read(fds[0], (char *)&r + got,
				     sizeof r - got)) > 0
			   || (n < 0 && errno == EINTR)))
			got += n > 0 ? (size_t)n : 0;
		if (got < sizeof r)
			break;
		if (r.mode == N_MODES) {
			done++;
			if (tty)
				fprintf(stderr, "\r" PROG ": %lu of %lu pairs",
					done, total);
		} else {
			tally[r.shape][r.kase][r.mode][r.status]++;
		}
	}
	if (tty)
		fputc('\n', stderr);
	close(fds[0]);
	for (unsigned long w = 0; w < o->jobs; w++) {
		int status;

		if (pids[w] <= 0)
			continue;
		while (waitpid(pids[w], &status, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			ok = false;
	}
	free(pids);
	if (ok && done != total) {
		fprintf(stderr, PROG ": %lu of %lu pairs done\n", done, total);
		ok = false;
	}
	return ok;
}

/* ------------------------------------------------------------------ */
/* The tables                                                           */

/* The 95% Wilson interval of K successes in N, into *LO and *HI. */
static void wilson(unsigned long k, unsigned long n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double nn = (double)n, p = (double)k / nn, z2n = z * z / nn;
	double c = (p + z2n / 2.0) / (1.0 + z2n);
	double h = z / (1.0 + z2n)
		   * sqrt(p * (1.0 - p) / nn + z2n / (4.0 * nn));

	*lo = c - h < 0.0 ? 0.0 : c - h;
	*hi = c + h > 1.0 ? 1.0 : c + h;
}

/* What the runs of one shape, case and mode gave. */
typedef struct counts {
	unsigned long runs, pass, fail, inconclusive, errors;
	bool unsupported;          /* every run refused with 64 */
} counts;

static counts count(size_t k, size_t c, size_t m)
{
	const unsigned long *t = tally[k][c][m];
	counts n = { 0 };

	for (size_t s = 0; s < N_STATUS; s++)
		n.runs += t[s];
	n.pass = t[0];
	n.fail = t[1];
	n.inconclusive = t[3];
	n.errors = n.runs - n.pass - n.fail - n.inconclusive;
	n.unsupported = n.runs > 0 && t[64] == n.runs;
	return n;
}

/* A mode is not supported by the build when it refused it with 64 on
 * every pair of every shape. */
static bool mode_unsupported(const options *o, size_t m)
{
	for (size_t k = 0; k < N_SHAPES; k++)
		if (o->shape_on[k] && !count(k, CASE_SAME, m).unsupported)
			return false;
	return true;
}

/* The cells "fail | share [lo, hi]" of N, or the words for none. */
static void share_cells(const counts *n, char *buf, size_t size)
{
	unsigned long answered = n->pass + n->fail + n->inconclusive;
	double lo, hi;

	if (!answered) {
		snprintf(buf, size, "- | -");
		return;
	}
	wilson(n->fail, answered, &lo, &hi);
	snprintf(buf, size, "%lu | %.3f [%.3f, %.3f]", n->fail,
		 (double)n->fail / (double)answered, lo, hi);
}

/* The share inconclusive of N, into BUF ("-" when nothing answered). */
static const char *inconclusive_cell(const counts *n, char *buf,
				     size_t size)
{
	unsigned long answered = n->pass + n->fail + n->inconclusive;

	if (!answered)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.3f",
			 (double)n->inconclusive / (double)answered);
	return buf;
}

/* Prints the tables; returns the number of errors counted. */
static unsigned long print_tables(const options *o, const char *dir)
{
	unsigned long errors = 0;
	char conf[32] = "?", alpha_text[32], interval[32];
	double alpha;
	bool any_power = false;

	for (size_t k = 0; k < N_SHAPES; k++)
		if (o->shape_on[k]) {
			plan_key(dir, k, "confidence", conf, sizeof conf);
			break;
		}
	alpha = 1.0 - strtod(conf, NULL);
	snprintf(alpha_text, sizeof alpha_text, "%.3g", alpha);
	printf("pairboot compare --fail-on MODE: %lu pairs of builds per "
	       "shape, seed %lu; T = " THRESHOLD " ms, p99 of 100 periods, "
	       "confidence %s\n\n", o->pairs, o->seed, conf);
	for (size_t k = 0; k < N_SHAPES; k++)
		if (o->shape_on[k])
			printf("- shape %s: %s (states %s against %s), %s "
			       "noise, interval %s%s\n", shapes[k].name,
			       shapes[k].what, shapes[k].states,
			       shapes[k].reference, shapes[k].noise,
			       plan_key(dir, k, "interval", interval,
					sizeof interval),
			       shapes[k].power ? "; NEW also with state "
			       REGRESSED " regressed by T and 2T" : "");
	printf("\nUnchanged builds: the share that fails should be at most "
	       "%s (1 - confidence)\nwithin its 95%% Monte Carlo interval "
	       "(Wilson).\n\n", alpha_text);
	printf("| shape | mode | pairs | fail | fail share [95%% MC] | "
	       "at most %s | inconclusive | errors |\n", alpha_text);
	printf("|---|---|---:|---:|---|---|---:|---:|\n");
	for (size_t m = 0; m < N_MODES; m++)
		for (size_t k = 0; k < N_SHAPES; k++) {
			counts n;
			char cells[96], incon[16];
			double lo = 0, hi;
			unsigned long answered;

			if (!o->shape_on[k])
				continue;
			n = count(k, CASE_SAME, m);
			if (mode_unsupported(o, m)) {
				printf("| %s | %s | %lu | - | not supported "
				       "by this build | - | - | - |\n",
				       shapes[k].name, modes[m], n.runs);
				continue;
			}
			errors += n.errors;
			answered = n.pass + n.fail + n.inconclusive;
			share_cells(&n, cells, sizeof cells);
			if (answered)
				wilson(n.fail, answered, &lo, &hi);
			printf("| %s | %s | %lu | %s | %s | %s | %lu |\n",
			       shapes[k].name, modes[m], n.runs, cells,
			       !answered ? "-" : lo <= alpha ? "yes" : "no",
			       inconclusive_cell(&n, incon, sizeof incon),
			       n.errors);
		}

	for (size_t k = 0; k < N_SHAPES; k++)
		any_power = any_power || (o->shape_on[k] && shapes[k].power);
	if (!any_power)
		return errors;
	printf("\nPower: NEW with every period of state " REGRESSED " raised "
	       "by T or 2T (the same draws as the\nunchanged NEW), the share "
	       "that fails.\n\n");
	printf("| shape | blocks | regression | mode | pairs | fail | "
	       "fail share [95%% MC] | inconclusive | errors |\n");
	printf("|---|---:|---|---|---:|---:|---|---:|---:|\n");
	for (size_t m = 0; m < N_MODES; m++)
		for (size_t k = 0; k < N_SHAPES; k++)
			for (size_t c = CASE_T; c < N_CASES; c++) {
				counts n;
				char cells[96], incon[16];

				if (!o->shape_on[k] || !shapes[k].power)
					continue;
				n = count(k, c, m);
				if (mode_unsupported(o, m)) {
					printf("| %s | %u | %sT | %s | %lu | - "
					       "| not supported by this build "
					       "| - | - |\n", shapes[k].name,
					       shapes[k].blocks,
					       c == CASE_2T ? "2" : "",
					       modes[m], n.runs);
					continue;
				}
				errors += n.errors;
				share_cells(&n, cells, sizeof cells);
				printf("| %s | %u | %sT | %s | %lu | %s | %s "
				       "| %lu |\n", shapes[k].name,
				       shapes[k].blocks,
				       c == CASE_2T ? "2" : "", modes[m],
				       n.runs, cells,
				       inconclusive_cell(&n, incon,
							 sizeof incon),
				       n.errors);
			}
	return errors;
}

/* ------------------------------------------------------------------ */

static void usage(FILE *f)
{
	fputs("usage: gatebench [--pairs N] [--seed S] [--jobs J] "
	      "[--pairboot PATH]\n"
	      "                 [--genstudy PATH] [--keep DIR] "
	      "[--shapes LIST]\n"
	      "Simulates pairs of builds, unchanged and with a regression, "
	      "and counts how\noften `pairboot compare --fail-on MODE` fails "
	      "them (see bench/gatebench.c).\n"
	      "Defaults: 200 pairs, seed 1, one job per online CPU, "
	      "./pairboot,\n./fixtures/genstudy, a temporary folder, shapes "
	      "a,b,c (of a, b, c, d).\n", f);
}

/* Sets O->shape_on from LIST, shape names separated by ','. */
static bool parse_shapes(const char *list, options *o)
{
	const char *p = list;

	memset(o->shape_on, 0, sizeof o->shape_on);
	while (*p) {
		size_t len = strcspn(p, ","), k = 0;

		while (k < N_SHAPES && (strlen(shapes[k].name) != len
					|| strncmp(p, shapes[k].name, len)))
			k++;
		if (k == N_SHAPES) {
			fprintf(stderr, PROG ": no shape '%.*s' (a, b, c or "
				"d)\n", (int)len, p);
			return false;
		}
		o->shape_on[k] = true;
		p += len + (p[len] == ',');
	}
	for (size_t k = 0; k < N_SHAPES; k++)
		if (o->shape_on[k])
			return true;
	fputs(PROG ": --shapes names no shape\n", stderr);
	return false;
}

static bool parse_options(int argc, char **argv, options *o)
{
	static const struct option longs[] = {
		{ "pairs", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "pairboot", required_argument, NULL, 'p' },
		{ "genstudy", required_argument, NULL, 'g' },
		{ "keep", required_argument, NULL, 'k' },
		{ "shapes", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int c;

	*o = (options){ 200, 1, cpus > 0 ? (unsigned long)cpus : 1,
			"./pairboot", "./fixtures/genstudy", NULL,
			{ true, true, true, false } };
	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (!benchargs_count(optarg, &o->pairs)
			    || o->pairs > 1000000) {
				fputs(PROG ": --pairs must be 1 to 1000000\n",
				      stderr);
				return false;
			}
			break;
		case 's':
			if (!benchargs_count(optarg, &o->seed)) {
				fputs(PROG ": --seed must be a positive "
				      "number\n", stderr);
				return false;
			}
			break;
		case 'j':
			if (!benchargs_count(optarg, &o->jobs)
			    || o->jobs > 256) {
				fputs(PROG ": --jobs must be 1 to 256\n",
				      stderr);
				return false;
			}
			break;
		case 'p':
			o->pairboot = optarg;
			break;
		case 'g':
			o->genstudy = optarg;
			break;
		case 'k':
			o->keep = optarg;
			break;
		case 'S':
			if (!parse_shapes(optarg, o))
				return false;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			return false;
		}
	}
	if (optind < argc) {
		fprintf(stderr, PROG ": unexpected '%s'\n", argv[optind]);
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	options o;
	char tmp[PATH_LEN];
	const char *dir, *base = getenv("TMPDIR");
	struct timespec t0, t1;
	struct rusage ru;
	unsigned long errors;
	bool ok = true;

	if (!parse_options(argc, argv, &o)) {
		usage(stderr);
		return 64;
	}
	if ((o.keep && strlen(o.keep) > MAX_DIR)
	    || (!o.keep && base && strlen(base) > MAX_DIR)) {
		fprintf(stderr, PROG ": the work folder's name is longer than "
			"%d bytes\n", MAX_DIR);
		return 64;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (o.keep) {
		dir = o.keep;
		if (!make_dir(dir))
			return 73;
	} else {
		path_fmt(tmp, "%s/gatebench.XXXXXX",
			 base && *base ? base : "/tmp");
		dir = mkdtemp(tmp);
		if (!dir) {
			fprintf(stderr, PROG ": cannot create %s: %s\n", tmp,
				strerror(errno));
			return 73;
		}
	}
	for (size_t k = 0; ok && k < N_SHAPES; k++) {
		char path[PATH_LEN];

		if (!o.shape_on[k])
			continue;
		path_fmt(path, "%s/%s", dir, shapes[k].name);
		ok = plan_shape(&o, dir, k, "old")
		     && plan_shape(&o, dir, k, "new") && make_dir(path);
	}
	ok = ok && run_all(&o, dir);
	errors = ok ? print_tables(&o, dir) : 0;
	if (!o.keep && remove_tree(dir) != 0)
		fprintf(stderr, PROG ": cannot remove %s: %s\n", dir,
			strerror(errno));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_CHILDREN, &ru);
	fprintf(stderr, PROG ": %.0f s on %lu jobs, %.0f s of CPU time\n",
		(double)(t1.tv_sec - t0.tv_sec)
		+ (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, o.jobs,
		(double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
		+ (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	if (fflush(stdout) != 0 || ferror(stdout))
		return 74;
	if (!ok)
		return 70;
	return errors ? 1 : 0;
}
