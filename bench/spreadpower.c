/* spreadpower.c: how often the spread test of analyze/spreadtest.h finds a
 * spread that really differs, by simulation: the table of
 * analyze/spreadpower.c, from which the pages say what the test can find
 * at a study's size and level.
 *
 * Each synthetic pair of series draws n runs per series from the normal
 * distribution, the second with twice the SD of the first, so every
 * rejection is a true positive; the rate of rejections is the test's
 * power against an SD ratio of 2.  Every n from SPREADPOWER_MIN_RUNS to
 * SPREADPOWER_MAX_RUNS has its row: the power is not smooth in n (an odd
 * n finds less than the even n below it, its median being one of the
 * runs), so no row may be read off its neighbours.  Each row draws from a
 * stream of its own, seeded from SEED and n, so a row does not change
 * when others are added.  The Brown-Forsythe p-value of each pair is held
 * against each level of the table at once, so all levels of one size
 * share their draws.  With 100000 pairs per size the simulation standard
 * error of a power near 0.5 is about 0.0016, near 0.1 about 0.0009.
 *
 * Usage: spreadpower [PAIRS [SEED]]   (defaults 100000 1)
 * Output is a Markdown table (one row per runs per series, one column per
 * level); the numbers are the same on every run with the same arguments. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/spreadpower.h"
#include "analyze/spreadtest.h"
#include "bench/benchargs.h"

/* The SD of the second series, the first having 1. */
#define SD_RATIO 2.0

/* The seed of row N's stream: SEED and N mixed by the finalizer of
 * MurmurHash3 (a bijection of 32 bits), never 0, which mt19937 reads as
 * 4357. */
static unsigned long row_seed(unsigned long seed, size_t n)
{
	uint32_t h = (uint32_t)seed ^ ((uint32_t)n * 0x9E3779B1u);

	h ^= h >> 16;
	h *= 0x85EBCA6Bu;
	h ^= h >> 13;
	h *= 0xC2B2AE35u;
	h ^= h >> 16;
	return h ? h : 1;
}

int main(int argc, char **argv)
{
	unsigned long pairs = 100000, seed = 1;
	unsigned long rej[SPREADPOWER_SIZES][SPREADPOWER_LEVELS] = { { 0 } };
	double a[SPREADPOWER_MAX_RUNS], b[SPREADPOWER_MAX_RUNS];
	gsl_rng *gen;

	gsl_set_error_handler_off();
	if ((argc > 1 && !benchargs_count(argv[1], &pairs))
	    || (argc > 2 && !benchargs_count(argv[2], &seed))
	    || argc > 3 || seed > 0xFFFFFFFFUL) {
		fprintf(stderr, "usage: spreadpower [PAIRS [SEED]]\n");
		return 64;
	}
	gen = gsl_rng_alloc(gsl_rng_mt19937);
	if (!gen) {
		fprintf(stderr, "spreadpower: out of memory\n");
		return 71;
	}
	for (size_t k = 0; k < SPREADPOWER_SIZES; k++) {
		size_t n = SPREADPOWER_MIN_RUNS + k;

		gsl_rng_set(gen, row_seed(seed, n));
		for (unsigned long s = 0; s < pairs; s++) {
			spreadtest_result r;
			for (size_t i = 0; i < n; i++) {
				a[i] = gsl_ran_gaussian(gen, 1.0);
				b[i] = gsl_ran_gaussian(gen, SD_RATIO);
			}
			if (spreadtest_brown_forsythe(a, n, b, n, &r)
			    != PB_OK) {
				gsl_rng_free(gen);
				fprintf(stderr, "spreadpower: out of memory\n");
				return 71;
			}
			for (size_t l = 0; r.defined && l < SPREADPOWER_LEVELS;
			     l++)
				rej[k][l] += r.p_value < spreadpower_alpha[l];
		}
	}
	gsl_rng_free(gen);

	printf("Power against an SD ratio of %.0f, normal runs: %lu pairs of "
	       "series per row, seed %lu\n\n| runs |", SD_RATIO, pairs, seed);
	for (size_t l = 0; l < SPREADPOWER_LEVELS; l++)
		printf(" p < %g |", spreadpower_alpha[l]);
	printf("\n|---:|");
	for (size_t l = 0; l < SPREADPOWER_LEVELS; l++)
		printf("---:|");
	printf("\n");
	for (size_t k = 0; k < SPREADPOWER_SIZES; k++) {
		printf("| %zu + %zu |", SPREADPOWER_MIN_RUNS + k,
		       SPREADPOWER_MIN_RUNS + k);
		for (size_t l = 0; l < SPREADPOWER_LEVELS; l++)
			printf(" %.3f |", (double)rej[k][l] / (double)pairs);
		printf("\n");
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "spreadpower: write error\n");
		return 74;
	}
	return 0;
}
