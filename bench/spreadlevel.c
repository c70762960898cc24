/* spreadlevel.c: how often each test of equal spread between two series
 * says "the spread differs" when it does not, by simulation.
 *
 * Each synthetic pair of series draws n reference runs per series from
 * one and the same distribution, so every rejection is a false positive.
 * For each pair both tests are applied at 5%: the two-sided F test of the
 * variance ratio (what pairboot used before) and the Brown-Forsythe test
 * of analyze/spreadtest.h (what it uses now).  The distributions are the
 * normal, Student's t with 5 degrees of freedom (heavy tails) and the
 * lognormal with sigma 0.5 and 1 (skewness 1.75 and 6.2, the shape of a
 * latency percentile), each at 10 + 10 and 20 + 20 runs.  With 100000
 * pairs per cell the simulation standard error of a rate near 0.05 is
 * about 0.0007; the run takes a few seconds.
 *
 * Usage: spreadlevel [PAIRS [SEED]]   (defaults 100000 1)
 * Output is a Markdown table; the numbers are the same on every run with
 * the same arguments. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_statistics_double.h>

#include "analyze/spreadtest.h"
#include "bench/benchargs.h"

#define ALPHA 0.05
#define MAX_RUNS 20

typedef enum shape { NORMAL, T5, LOGNORMAL } shape;

static const struct {
	const char *name;
	shape shape;
	double sigma;
} dists[] = {
	{ "normal", NORMAL, 0 },
	{ "t, 5 df", T5, 0 },
	{ "lognormal, sigma 0.5", LOGNORMAL, 0.5 },
	{ "lognormal, sigma 1", LOGNORMAL, 1.0 },
};
#define N_DISTS (sizeof dists / sizeof dists[0])

static const size_t run_counts[] = { 10, 20 };
#define N_COUNTS (sizeof run_counts / sizeof run_counts[0])

static double draw(gsl_rng *gen, size_t d)
{
	switch (dists[d].shape) {
	case NORMAL:
		return gsl_ran_gaussian(gen, 1.0);
	case T5:
		return gsl_ran_tdist(gen, 5.0);
	case LOGNORMAL:
		return gsl_ran_lognormal(gen, 0.0, dists[d].sigma);
	}
	return NAN;
}

/* The two-sided F test of the variance ratio, as pairboot computed it
 * before: p = 2 min(P(F' <= F), P(F' >= F)), capped at 1. */
static double f_test_p(const double *a, const double *b, size_t n)
{
	double f = gsl_stats_variance(b, 1, n) / gsl_stats_variance(a, 1, n);
	double df = (double)n - 1;
	double tail = f >= 1 ? gsl_cdf_fdist_Q(f, df, df)
			     : gsl_cdf_fdist_P(f, df, df);

	return fmin(1.0, 2 * tail);
}

int main(int argc, char **argv)
{
	unsigned long pairs = 100000, seed = 1;
	unsigned long f_rej[N_DISTS][N_COUNTS] = { { 0 } };
	unsigned long bf_rej[N_DISTS][N_COUNTS] = { { 0 } };
	double a[MAX_RUNS], b[MAX_RUNS];
	gsl_rng *gen;

	gsl_set_error_handler_off();
	if ((argc > 1 && !benchargs_count(argv[1], &pairs))
	    || (argc > 2 && !benchargs_count(argv[2], &seed))
	    || argc > 3 || seed > 0xFFFFFFFFUL) {
		fprintf(stderr, "usage: spreadlevel [PAIRS [SEED]]\n");
		return 64;
	}
	gen = gsl_rng_alloc(gsl_rng_mt19937);
	if (!gen) {
		fprintf(stderr, "spreadlevel: out of memory\n");
		return 71;
	}
	gsl_rng_set(gen, seed);
	for (size_t d = 0; d < N_DISTS; d++) {
		for (size_t k = 0; k < N_COUNTS; k++) {
			size_t n = run_counts[k];
			for (unsigned long s = 0; s < pairs; s++) {
				spreadtest_result r;
				for (size_t i = 0; i < n; i++) {
					a[i] = draw(gen, d);
					b[i] = draw(gen, d);
				}
				if (f_test_p(a, b, n) < ALPHA)
					f_rej[d][k]++;
				if (spreadtest_brown_forsythe(a, n, b, n, &r)
				    != PB_OK) {
					fprintf(stderr, "spreadlevel: out of "
						"memory\n");
					return 71;
				}
				if (r.defined && r.p_value < ALPHA)
					bf_rej[d][k]++;
			}
		}
	}
	gsl_rng_free(gen);

	printf("False-positive rate at a nominal %.2f: %lu pairs of series "
	       "per cell, seed %lu,\nboth series from the same "
	       "distribution\n\n", ALPHA, pairs, seed);
	printf("| distribution | runs | F test | Brown-Forsythe |\n"
	       "|---|---:|---:|---:|\n");
	for (size_t d = 0; d < N_DISTS; d++)
		for (size_t k = 0; k < N_COUNTS; k++)
			printf("| %s | %zu + %zu | %.3f | %.3f |\n",
			       dists[d].name, run_counts[k], run_counts[k],
			       (double)f_rej[d][k] / (double)pairs,
			       (double)bf_rej[d][k] / (double)pairs);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "spreadlevel: write error\n");
		return 74;
	}
	return 0;
}
