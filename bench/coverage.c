/* coverage.c: how often each interval method covers a known true
 * difference, by simulation.
 *
 * Each synthetic study has n pairs whose differences are skewed: lognormal
 * minus its mean, plus the true difference delta,
 *     d_i = exp(sigma Z_i) - exp(sigma^2 / 2) + delta,   Z_i ~ N(0, 1),
 * so mean(d) estimates delta without bias but the distribution has a long
 * right tail (skewness 6.2 at sigma = 1), the situation in which bootstrap
 * intervals of a mean cover less often than they claim.  For every study
 * the five methods of analyze/bootstrap.h are computed from the same B
 * Monte Carlo replicates (means and their t*), and the program prints, for
 * every n from 2 to 40 (every n a report quotes), the fraction of studies
 * whose interval contains delta.  A study whose interval is undefined
 * (the studentized interval at n <= 3, see bootstrap.h) does not count;
 * the number of such studies is printed beside the table.  With S studies
 * the standard error of a coverage c is sqrt(c (1 - c) / S).
 *
 * Usage: coverage [-c] [STUDIES [RESAMPLES [SEED [SIGMA]]]]
 * (defaults 2000 2000 1 1.0).  Output is a Markdown table, or with -c the
 * rows of the table in analyze/coverage.c; the numbers are the same on
 * every run with the same arguments.  With the defaults it takes about a
 * minute on one core. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/bootstrap.h"
#include "bench/benchargs.h"

#define TRUE_DIFFERENCE 1.0
#define MIN_PAIRS 2
#define MAX_PAIRS 40
#define N_COUNTS (MAX_PAIRS - MIN_PAIRS + 1)

static const char *const method_names[INTERVAL_METHOD_COUNT] = {
	[INTERVAL_PERCENTILE] = "percentile",
	[INTERVAL_BCA] = "bca",
	[INTERVAL_T] = "t",
	[INTERVAL_EXPANDED] = "expanded",
	[INTERVAL_STUDENTIZED] = "studentized",
};

/* What the simulation counted at one n. */
typedef struct tally {
	unsigned long covered[INTERVAL_METHOD_COUNT];
	unsigned long defined[INTERVAL_METHOD_COUNT];
	unsigned long fallbacks;   /* BCa gave the percentile interval */
} tally;

typedef struct sim {
	unsigned long studies, resamples, seed;
	double sigma;
	gsl_rng *gen;
	double *d, *means, *tstar;
} sim;

/* One synthetic study of N pairs, every method, counted into T.  Returns
 * a process exit status, 0 on success. */
static int one_study(sim *sm, size_t n, unsigned long s, tally *t)
{
	char series[32], label[32];
	boot_dist dist;

	for (size_t i = 0; i < n; i++)
		sm->d[i] = exp(sm->sigma * gsl_ran_gaussian(sm->gen, 1.0))
			   - exp(sm->sigma * sm->sigma / 2.0)
			   + TRUE_DIFFERENCE;
	snprintf(series, sizeof series, "n%zu", n);
	snprintf(label, sizeof label, "%lu", s);
	if (boot_replicates_t(sm->d, n, sm->resamples,
			      boot_stream_seed((uint32_t)sm->seed, series,
					       label),
			      sm->means, sm->tstar) != PB_OK) {
		fprintf(stderr, "coverage: out of memory\n");
		return 71;
	}
	boot_sort(sm->means, sm->resamples);
	boot_sort(sm->tstar, sm->resamples);
	dist = (boot_dist){ sm->means, NULL, sm->resamples, sm->tstar, NULL };
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
		boot_interval ci;

		if (boot_interval_compute((interval_method)m, sm->d, n, 0.95,
					  &dist, &ci) != PB_OK) {
			fprintf(stderr, "coverage: internal error\n");
			return 70;
		}
		t->defined[m] += ci.defined;
		if (ci.defined && ci.lo <= TRUE_DIFFERENCE
		    && TRUE_DIFFERENCE <= ci.hi)
			t->covered[m]++;
		if (m == INTERVAL_BCA && ci.fallback)
			t->fallbacks++;
	}
	return 0;
}

/* Coverage among the studies with an interval; NAN when none had one. */
static double rate(const tally *t, int m)
{
	return t->defined[m] ? (double)t->covered[m] / (double)t->defined[m]
			     : NAN;
}

static void print_markdown(const sim *sm, const tally *t)
{
	printf("Coverage of nominal 95%% intervals: %lu studies per n, "
	       "B = %lu, seed %lu,\nlognormal differences, sigma = %g; "
	       "standard error %.4f at 0.95, %.4f at 0.80\n\n",
	       sm->studies, sm->resamples, sm->seed, sm->sigma,
	       sqrt(0.95 * 0.05 / (double)sm->studies),
	       sqrt(0.80 * 0.20 / (double)sm->studies));
	printf("| pairs |");
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
		printf(" %s |", method_names[m]);
	printf(" BCa fallbacks | studentized undefined |\n|---:|");
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
		printf("---:|");
	printf("---:|---:|\n");
	for (size_t k = 0; k < N_COUNTS; k++) {
		printf("| %d |", (int)k + MIN_PAIRS);
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
			double c = rate(&t[k], m);

			if (isnan(c))
				printf(" - |");
			else
				printf(" %.3f |", c);
		}
		printf(" %lu | %lu |\n", t[k].fallbacks,
		       sm->studies - t[k].defined[INTERVAL_STUDENTIZED]);
	}
}

/* The rows of analyze/coverage.c's table, columns in interval_method
 * order; NAN where no study had an interval. */
static void print_c(const tally *t)
{
	for (size_t k = 0; k < N_COUNTS; k++) {
		printf("\t[%d] = {", (int)k + MIN_PAIRS);
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
			double c = rate(&t[k], m);

			printf("%s", m ? ", " : " ");
			if (isnan(c))
				printf("NAN");
			else
				printf("%.3f", c);
		}
		printf(" },\n");
	}
}

int main(int argc, char **argv)
{
	sim sm = { 2000, 2000, 1, 1.0, NULL, NULL, NULL, NULL };
	static tally t[N_COUNTS];
	bool as_c = argc > 1 && strcmp(argv[1], "-c") == 0;
	int a = as_c ? 2 : 1, rc = 0;

	gsl_set_error_handler_off();
	if ((argc > a && !benchargs_count(argv[a], &sm.studies))
	    || (argc > a + 1 && !benchargs_count(argv[a + 1], &sm.resamples))
	    || (argc > a + 2 && !benchargs_count(argv[a + 2], &sm.seed))
	    || (argc > a + 3 && !((sm.sigma = strtod(argv[a + 3], NULL))
				  > 0.0))
	    || argc > a + 4 || sm.seed > 0xFFFFFFFFUL) {
		fprintf(stderr, "usage: coverage [-c] [STUDIES [RESAMPLES "
			"[SEED [SIGMA]]]]\n");
		return 64;
	}
	sm.gen = gsl_rng_alloc(gsl_rng_mt19937);
	sm.d = malloc(MAX_PAIRS * sizeof *sm.d);
	sm.means = malloc(sm.resamples * sizeof *sm.means);
	sm.tstar = malloc(sm.resamples * sizeof *sm.tstar);
	if (!sm.gen || !sm.d || !sm.means || !sm.tstar) {
		fprintf(stderr, "coverage: out of memory\n");
		return 71;
	}
	gsl_rng_set(sm.gen, sm.seed);
	for (size_t k = 0; k < N_COUNTS && rc == 0; k++)
		for (unsigned long s = 0; s < sm.studies && rc == 0; s++)
			rc = one_study(&sm, k + MIN_PAIRS, s, &t[k]);
	if (rc == 0) {
		if (as_c)
			print_c(t);
		else
			print_markdown(&sm, t);
	}
	free(sm.d);
	free(sm.means);
	free(sm.tstar);
	gsl_rng_free(sm.gen);
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "coverage: write error\n");
		return 74;
	}
	return rc;
}
