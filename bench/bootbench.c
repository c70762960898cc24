/* bootbench.c: times the bootstrap against the targets of
 * docs/performance.md: 100,000 Monte Carlo resamples of 500 pairs, and the
 * exact bootstrap at n = 10 (92,378 resamples), and the random draws alone
 * (the floor of the Monte Carlo case).
 *
 *     bench/bootbench [REPEATS]
 *
 * Each case runs REPEATS times (default 5) and the best CPU time is
 * printed, one line per case, as "bootbench: NAME: best S s, median S s":
 * the best of several runs is the one least disturbed by other work on
 * the machine.  The differences are synthetic (a fixed mt19937 stream), so
 * the work is the same on every run.  Exit status 0, or 71 when out of
 * memory, 70 when the bootstrap refuses its input.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#include "analyze/bootstrap.h"
#include "analyze/mt19937.h"
#include "common/status.h"

#define MAX_REPEATS 50

/* CPU time, not wall time: on a machine shared with other work the wall
 * time of a single thread grows with the load, its CPU time much less. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Per-run statistics of N pairs: a shared block effect plus a state
 * effect, so the pairs are correlated as in a real study. */
static void make_pairs(size_t n, double *state, double *ref)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(r, 20260901);
	for (size_t i = 0; i < n; i++) {
		double block = 19.0 + 2.0 * gsl_rng_uniform(r);

		ref[i] = block + 0.5 * gsl_rng_uniform(r);
		state[i] = block + 1.0 + 0.8 * gsl_rng_uniform(r);
	}
	gsl_rng_free(r);
}

typedef pb_status (*bench_fn)(size_t n, const double *state,
			      const double *ref);

/* boot_compare as the analysis calls it: Monte Carlo, percentile. */
static pb_status run_mc(size_t n, const double *state, const double *ref)
{
	boot_settings set = {
		.method = INTERVAL_PERCENTILE, .confidence = 0.95,
		.exact = false, .resamples = 100000,
		.stream_seed = boot_stream_seed(20260901, "1", "10"),
		.threshold = 1.784,
	};
	boot_comparison out;

	return boot_compare(state, ref, n, &set, &out);
}

/* The exact distribution alone: enumeration and ordering. */
static pb_status run_exact(size_t n, const double *state, const double *ref)
{
	double d[BOOT_EXACT_MAX_N], *v, *w;
	size_t count;
	pb_status st;

	for (size_t i = 0; i < n; i++)
		d[i] = state[i] - ref[i];
	st = boot_exact(d, n, &v, &w, &count);
	free(v);
	free(w);
	return st;
}

/* The floor of any Monte Carlo bootstrap of this size: the 50 million
 * indices 100,000 resamples of 500 pairs draw, summed so that none is
 * optimised away, and nothing else. */
static pb_status run_draws(size_t n, const double *state, const double *ref)
{
	mt19937 m;
	mt19937_range range = mt19937_range_of((uint32_t)n);
	uint64_t sum = 0;

	(void)state;
	(void)ref;
	mt19937_seed(&m, boot_stream_seed(20260901, "1", "10"));
	for (unsigned long k = 0; k < 100000UL * n; k++)
		sum += mt19937_pick(&m, &range);
	return sum > 0 ? PB_OK : PB_SOFTWARE;
}

/* boot_compare with resamples = exact: distribution and all intervals. */
static pb_status run_exact_compare(size_t n, const double *state,
				   const double *ref)
{
	boot_settings set = {
		.method = INTERVAL_PERCENTILE, .confidence = 0.95,
		.exact = true, .threshold = 1.784,
	};
	boot_comparison out;

	return boot_compare(state, ref, n, &set, &out);
}

static int bench(const char *name, bench_fn fn, size_t n, int repeats)
{
	double *state = malloc(n * sizeof *state);
	double *ref = malloc(n * sizeof *ref);
	double times[MAX_REPEATS];

	if (!state || !ref) {
		free(state);
		free(ref);
		fprintf(stderr, "bootbench: out of memory\n");
		return PB_NOMEM;
	}
	make_pairs(n, state, ref);
	for (int k = 0; k < repeats; k++) {
		double t0 = now();
		pb_status st = fn(n, state, ref);

		times[k] = now() - t0;
		if (st != PB_OK) {
			fprintf(stderr, "bootbench: %s: status %d\n", name, st);
			free(state);
			free(ref);
			return st;
		}
	}
	qsort(times, (size_t)repeats, sizeof *times, cmp_double);
	printf("bootbench: %s: best %.4f s, median %.4f s\n", name, times[0],
	       times[repeats / 2]);
	free(state);
	free(ref);
	return PB_OK;
}

int main(int argc, char **argv)
{
	int repeats = 5;
	int st;

	gsl_set_error_handler_off();
	if (argc > 1) {
		repeats = atoi(argv[1]);
		if (repeats < 1 || repeats > MAX_REPEATS) {
			fprintf(stderr, "bootbench: REPEATS must be 1 to %d\n",
				MAX_REPEATS);
			return PB_USAGE;
		}
	}
	st = bench("monte-carlo 100000 resamples of 500 pairs", run_mc, 500,
		   repeats);
	if (st == PB_OK)
		st = bench("draws alone: 50000000 indices below 500",
			   run_draws, 500, repeats);
	if (st == PB_OK)
		st = bench("exact distribution n=10", run_exact, 10, repeats);
	if (st == PB_OK)
		st = bench("exact comparison n=10", run_exact_compare, 10,
			   repeats);
	if (fflush(stdout) != 0)
		return PB_IOERR;
	return st;
}
