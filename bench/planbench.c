/* planbench.c: whether `pairboot plan` keeps its two promises, measured
 * with known truths and many simulated pilots.
 *
 * For each truth (normal or lognormal differences of known mean delta and
 * SD sigma; a harm case, delta = 2 and sigma = 2 against T = 1, and an
 * equivalence case, delta = 0.2 and sigma = 1) the program draws PILOTS
 * pilots of N0 blocks, plans each with analyze/planning (the Student t
 * interval at 95%, up to 200 blocks, target 0.8), and measures the true
 * power of a study of the size each answer gives: the share of correct
 * decisive verdicts among 1600 studies drawn from a pool of 20000 values
 * of the truth (its mean and SD set exactly; standard error at most
 * 0.0125).  Two promises are checked:
 *
 *   assurance   the mean true power at the blocks recommended is the mean
 *               assurance claimed there: over the pilots for which a size
 *               was found ("there"), and over every pilot, at the maximum
 *               for those told that no size reaches the target ("every
 *               pilot": the pilots found are those that happened to
 *               overestimate the effect more often);
 *   guarantee   the share of pilots whose guaranteed size has a true
 *               power of at least 0.8, or that were told no size
 *               (which promises nothing false), is at least 0.8: the
 *               column "kept"; "of those" is the share among the pilots
 *               that were given a size.
 *
 * The true need (the smallest size from which the true power stays at or
 * above 0.8, on every size to 200) is printed beside them.  The Student t
 * interval keeps the run short (no inner bootstrap); the planning itself
 * is the same for every method.
 *
 * Usage: planbench [PILOTS [N0 [SEED [TRUTH]]]] (defaults 400 10 1; TRUTH,
 * 1 to 4 in the order of the table, runs only that one).  Output is a
 * Markdown table, the same on every run with the same arguments; with the
 * defaults it takes a few minutes on one core. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/planning.h"
#include "bench/benchargs.h"

#define THRESHOLD 1.0
#define TARGET 0.8
#define MAX_BLOCKS 200
#define POOL 20000
#define POWER_SEEDS 4

typedef struct truth {
	const char *name;
	bool lognormal;
	double delta, sigma;
} truth;

static const truth truths[] = {
	{ "normal, harm", false, 2.0, 2.0 },
	{ "lognormal, harm", true, 2.0, 2.0 },
	{ "normal, equivalence", false, 0.2, 1.0 },
	{ "lognormal, equivalence", true, 0.2, 1.0 },
};

/* One difference of truth T: normal, or a lognormal (sigma 1 on the log
 * scale, skewness 6.2) shifted and scaled to mean delta and SD sigma. */
static double draw(const truth *t, gsl_rng *r)
{
	static const double ln_mean = 1.6487212707001282; /* e^(1/2) */
	static const double ln_sd = 2.1611974158950877;   /* sqrt((e-1)e) */

	if (!t->lognormal)
		return t->delta + gsl_ran_gaussian(r, t->sigma);
	return t->delta
	       + t->sigma * (exp(gsl_ran_gaussian(r, 1.0)) - ln_mean) / ln_sd;
}

/* The pool of truth T: POOL values with mean delta and SD sigma exactly. */
static void make_pool(const truth *t, gsl_rng *r, double *pool)
{
	double mean = 0, ss = 0;

	for (size_t i = 0; i < POOL; i++) {
		pool[i] = draw(t, r);
		mean += pool[i] / POOL;
	}
	for (size_t i = 0; i < POOL; i++)
		ss += (pool[i] - mean) * (pool[i] - mean);
	for (size_t i = 0; i < POOL; i++)
		pool[i] = t->delta
			  + t->sigma * (pool[i] - mean) / sqrt(ss / (POOL - 1));
}

static planning_settings settings(uint32_t seed)
{
	planning_settings s = { INTERVAL_T, 0.95, THRESHOLD, BETTER_LOWER,
				MAX_BLOCKS, seed };
	return s;
}

/* The true power at M blocks, from the pool, cached in CACHE. */
static double true_power(const double *pool, size_t m, double *cache)
{
	if (cache[m] < 0) {
		double sum = 0, p;
		for (uint32_t k = 0; k < POWER_SEEDS; k++) {
			planning_settings s = settings(0xC0FFEE + k);
			if (planning_power(pool, POOL, m, &s, &p, NULL) != PB_OK)
				return NAN;
			sum += p;
		}
		cache[m] = sum / POWER_SEEDS;
	}
	return cache[m];
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* What the pilots of one truth gave. */
typedef struct tally {
	size_t found, sure_found, sure_met;
	size_t declined;                           /* guarantee: shape */
	double power_sum, power_ss, claim_sum;
	double all_power, all_power_ss, all_claim; /* every pilot, at the size
						      found or the maximum */
	size_t *sizes, *sure_sizes;
} tally;

static void run_truth(const truth *t, unsigned long pilots, size_t n0,
		      unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double *pool = malloc(POOL * sizeof *pool);
	double *cache = malloc((MAX_BLOCKS + 1) * sizeof *cache);
	double *pilot = malloc(n0 * sizeof *pilot), target = TARGET;
	tally y = { 0 };
	size_t need = 0;

	y.sizes = malloc(pilots * sizeof *y.sizes);
	y.sure_sizes = malloc(pilots * sizeof *y.sure_sizes);
	if (!r || !pool || !cache || !pilot || !y.sizes || !y.sure_sizes) {
		fputs("planbench: out of memory\n", stderr);
		exit(1);
	}
	gsl_rng_set(r, seed);
	make_pool(t, r, pool);
	for (size_t m = 0; m <= MAX_BLOCKS; m++)
		cache[m] = -1;
	for (size_t m = MAX_BLOCKS; m >= VERDICT_MIN_PAIRS; m--) {
		if (true_power(pool, m, cache) < TARGET)
			break;
		need = m;
	}
	for (unsigned long p = 0; p < pilots; p++) {
		planning_settings s = settings((uint32_t)(seed * 7919 + p + 1));
		planning_need a, g;

		for (size_t i = 0; i < n0; i++)
			pilot[i] = draw(t, r);
		if (planning_search(pilot, n0, &target, 1, &s, &a, NULL)
		    != PB_OK
		    || planning_guarantee(pilot, n0, TARGET, &s, &g) != PB_OK) {
			fputs("planbench: planning failed\n", stderr);
			exit(1);
		}
		if (a.reason == PLANNING_FOUND
		    || a.reason == PLANNING_NOT_REACHABLE) {
			double tp = true_power(pool, a.reason == PLANNING_FOUND
					       ? a.blocks_needed : MAX_BLOCKS,
					       cache);
			y.all_power += tp;
			y.all_power_ss += tp * tp;
			y.all_claim += a.assurance;
		}
		if (a.reason == PLANNING_FOUND) {
			double tp = true_power(pool, a.blocks_needed, cache);
			y.sizes[y.found++] = a.blocks_needed;
			y.power_sum += tp;
			y.power_ss += tp * tp;
			y.claim_sum += a.assurance;
		}
		y.declined += g.reason == PLANNING_NOT_NORMAL
			      || g.reason == PLANNING_SHAPE_UNTESTED;
		if (g.reason == PLANNING_FOUND) {
			y.sure_sizes[y.sure_found++] = g.blocks_needed;
			y.sure_met += true_power(pool, g.blocks_needed, cache)
				      >= TARGET;
		}
	}
	qsort(y.sizes, y.found, sizeof *y.sizes, cmp_size);
	qsort(y.sure_sizes, y.sure_found, sizeof *y.sure_sizes, cmp_size);
	{
		double n = (double)y.found, mean = y.found ? y.power_sum / n : NAN;
		double sd = y.found > 1 ? sqrt((y.power_ss - n * mean * mean)
					       / (n - 1)) : NAN;
		double share = y.sure_found ? (double)y.sure_met
					      / (double)y.sure_found : NAN;
		/* A pilot whose guarantee was not found promises nothing
		 * false: it counts as kept. */
		double kept = (double)(y.sure_met + pilots - y.sure_found)
			      / (double)pilots;
		double np = (double)pilots, all = y.all_power / np;
		char sure_size[32] = "-", sure_share[32] = "-";

		/* No guaranteed size: no median, no share among them. */
		if (y.sure_found) {
			snprintf(sure_size, sizeof sure_size, "%zu (median)",
				 y.sure_sizes[y.sure_found / 2]);
			snprintf(sure_share, sizeof sure_share,
				 "%.3f +- %.3f", share,
				 2 * sqrt(share * (1 - share)
					  / (double)y.sure_found));
		}
		double all_sd = sqrt((y.all_power_ss - np * all * all)
				     / (np - 1));

		printf("| %s | %zu | %zu of %lu | %zu..%zu (median %zu) | "
		       "%.3f | %.3f +- %.3f | %.3f | %.3f +- %.3f | "
		       "%zu of %lu | %zu of %lu | %s | %s | %.3f |\n", t->name, need, y.found,
		       pilots, y.found ? y.sizes[0] : 0,
		       y.found ? y.sizes[y.found - 1] : 0,
		       y.found ? y.sizes[y.found / 2] : 0,
		       y.found ? y.claim_sum / n : NAN, mean,
		       y.found ? 2 * sd / sqrt(n) : NAN, y.all_claim / np, all,
		       2 * all_sd / sqrt(np), y.declined, pilots,
		       y.sure_found, pilots, sure_size, sure_share, kept);
	}
	free(y.sizes);
	free(y.sure_sizes);
	free(pilot);
	free(cache);
	free(pool);
	gsl_rng_free(r);
}

int main(int argc, char **argv)
{
	unsigned long pilots = 400, n0 = 10, seed = 1, only = 0;
	const size_t n_truths = sizeof truths / sizeof truths[0];

	gsl_set_error_handler_off();
	if ((argc > 1 && !benchargs_count(argv[1], &pilots))
	    || (argc > 2 && (!benchargs_count(argv[2], &n0)
			     || n0 < PLANNING_MIN_PILOT))
	    || (argc > 3 && !benchargs_count(argv[3], &seed))
	    || (argc > 4 && (!benchargs_count(argv[4], &only) || only < 1
			     || only > n_truths)) || argc > 5) {
		fputs("usage: planbench [PILOTS [N0 [SEED [TRUTH]]]]\n",
		      stderr);
		return 2;
	}
	printf("pilots of %lu blocks, T = %g, target %.2f, t interval, at "
	       "most %d blocks\n\n", n0, THRESHOLD, TARGET, MAX_BLOCKS);
	printf("| truth | true need | found | blocks recommended | assurance "
	       "claimed | true power there | claimed, every pilot | true "
	       "power, every pilot | guarantee declined for the shape | "
	       "guarantee found | guaranteed blocks | "
	       "of those, true power >= 0.80 | kept |\n");
	printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	       "---:|\n");
	for (size_t i = 0; i < n_truths; i++)
		if (!only || i + 1 == only)
			run_truth(&truths[i], pilots, (size_t)n0, seed + i);
	return 0;
}
