/* test_spreadpower.c: the spread test's power as the pages read it
 * (analyze/spreadpower.h), against an independent simulation, and what is
 * not read.
 *
 * The independent values come from a Python program written apart from
 * pairboot (the standard library only): for each cell, 400000 pairs of
 * series of n runs, N(0, 1) against N(0, 2^2), drawn with Python's
 * random.Random(20260707).gauss; each pair's Brown-Forsythe F, from
 * statistics.median and the one-way ANOVA of the absolute deviations,
 * rejected when F > t_{1 - alpha/2, 2n-2}^2, the critical value from the
 * t distribution's CDF (incomplete beta by continued fraction, Numerical
 * Recipes' betacf) by bisection; it gives the published t values
 * 2.1788 (12 df), 2.3060 (8 df) and 3.0545 (12 df, alpha 0.01).
 *
 * A value agrees when it lies within 4 standard errors of the two
 * simulations together (the table's 100000 pairs and these 400000) plus
 * the table's rounding to 0.001.  Read between the rows, as the table was
 * before every n had its own, 7 + 7 gave 0.184: the mean of 6 + 6 and
 * 8 + 8, where 7 + 7 finds only 0.114. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "analyze/spreadpower.h"
#include "tests/lib/tap.h"

/* The table's pairs per row (bench/spreadpower's default). */
#define TABLE_PAIRS 100000.0

static const struct {
	size_t n;          /* runs in each series */
	double alpha;
	double power;      /* the independent simulation's rate */
	double se;         /* its standard error, sqrt(p (1 - p) / 400000) */
} simulated[] = {
	{ 5, 0.05, 0.02998, 0.00027 },
	{ 6, 0.2, 0.44671, 0.00079 },
	{ 7, 0.05, 0.11413, 0.00050 },
	{ 8, 0.05, 0.21932, 0.00065 },
	{ 9, 0.05, 0.21626, 0.00065 },
	{ 11, 0.01, 0.08319, 0.00044 },
	{ 13, 0.01, 0.13967, 0.00055 },
	{ 21, 0.05, 0.72689, 0.00070 },
	{ 33, 0.1, 0.96571, 0.00029 },
	{ 45, 0.001, 0.69237, 0.00073 },
};

static void check_simulated(void)
{
	for (size_t i = 0; i < sizeof simulated / sizeof simulated[0]; i++) {
		double want = simulated[i].power, got = -1;
		double se = sqrt(simulated[i].se * simulated[i].se
				 + want * (1 - want) / TABLE_PAIRS);
		bool read = spreadpower_at(simulated[i].n, simulated[i].n,
					   simulated[i].alpha, &got);

		tap_ok(read && fabs(got - want) <= 4 * se + 0.0005,
		       "%zu + %zu runs at p < %g: %.3f, simulated apart "
		       "%.4f +- %.4f", simulated[i].n, simulated[i].n,
		       simulated[i].alpha, got, want, 4 * se + 0.0005);
	}
}

/* Odd sizes find less than the even size below them at the usual level:
 * no size is read off its neighbours. */
static void check_sawtooth(void)
{
	double p6 = NAN, p7 = NAN, p8 = NAN;
	bool read = spreadpower_at(6, 6, 0.05, &p6)
		    && spreadpower_at(7, 7, 0.05, &p7)
		    && spreadpower_at(8, 8, 0.05, &p8);

	tap_ok(read && p7 < p6 && p7 < (p6 + p8) / 2 - 0.05,
	       "7 + 7 (%.3f) finds less than 6 + 6 (%.3f), far below the "
	       "mean of 6 + 6 and 8 + 8", p7, p6);
	for (size_t n = SPREADPOWER_MIN_RUNS; n <= SPREADPOWER_MAX_RUNS; n++) {
		double p;

		if (!spreadpower_at(n, n, 0.05, &p) || !(p >= 0 && p <= 1)) {
			tap_ok(false, "every n + n from %zu to %zu is read: "
			       "not %zu", SPREADPOWER_MIN_RUNS,
			       SPREADPOWER_MAX_RUNS, n);
			return;
		}
	}
	tap_ok(true, "every n + n from %zu to %zu is read",
	       SPREADPOWER_MIN_RUNS, SPREADPOWER_MAX_RUNS);
}

/* Between the levels of one row, linear in log(alpha): by hand from the
 * table's row 10 + 10 (0.310 at 0.05, 0.157 at 0.02). */
static void check_levels(void)
{
	double pw = -1;
	bool read = spreadpower_at(10, 10, 1 - 0.95, &pw);

	tap_ok(read && fabs(pw - 0.310) < 1e-9,
	       "10 + 10 at 1 - 0.95, which is not 0.05 exactly: the row's "
	       "0.310 (got %g)", pw);
	/* 0.03 lies ln(0.6) / ln(0.4) = 0.5575 of the way from 0.05 to 0.02
	 * in log(alpha): 0.310 + 0.5575 (0.157 - 0.310) = 0.2247. */
	read = spreadpower_at(10, 10, 0.03, &pw);
	tap_ok(read && fabs(pw - (0.310 + log(0.6) / log(0.4)
				  * (0.157 - 0.310))) < 1e-12
	       && fabs(pw - 0.2247) < 1e-4,
	       "a level between the columns, in log(alpha) (got %g)", pw);
}

static void check_outside(void)
{
	double pw = -1;

	tap_ok(!spreadpower_at(12, 8, 0.05, &pw)
	       && !spreadpower_at(10, 9, 0.05, &pw) && pw < 0,
	       "series of unequal sizes, never simulated, are not read");
	tap_ok(!spreadpower_at(51, 51, 0.05, &pw)
	       && !spreadpower_at(2, 2, 0.05, &pw)
	       && !spreadpower_at(0, 0, 0.05, &pw) && pw < 0,
	       "nor sizes outside 3 + 3 to 50 + 50");
	tap_ok(!spreadpower_at(10, 10, 0.3, &pw)
	       && !spreadpower_at(10, 10, 0.0001, &pw)
	       && !spreadpower_at(10, 10, 0, &pw)
	       && !spreadpower_at(10, 10, NAN, &pw) && pw < 0,
	       "nor levels outside 0.001 to 0.2");
}

int main(void)
{
	check_simulated();
	check_sawtooth();
	check_levels();
	check_outside();
	return tap_done();
}
