/* test_quantile.c: the type 7 quantile (sorted and by selection) and the
 * per-run statistics, against values worked out by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#include "common/quantile.h"
#include "common/runstat.h"
#include "tests/lib/tap.h"

#define TOL 1e-12

static int cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

static void test_hand_values(void)
{
	const double one[] = { 5.0 };
	const double two[] = { 1.0, 3.0 };
	const double four[] = { 1.0, 2.0, 3.0, 4.0 };
	const double ties[] = { 2.0, 2.0, 2.0, 5.0 };

	/* n = 1: h = 0 whatever p, so every quantile is the value. */
	tap_near(quantile_sorted(one, 1, 0.0), 5.0, 0.0, "n=1 p=0");
	tap_near(quantile_sorted(one, 1, 0.5), 5.0, 0.0, "n=1 p=0.5");
	tap_near(quantile_sorted(one, 1, 1.0), 5.0, 0.0, "n=1 p=1");
	/* n = 2: h = p; {1, 3} at 0.25 is 1 + 0.25 * 2 = 1.5. */
	tap_near(quantile_sorted(two, 2, 0.25), 1.5, TOL, "n=2 p=0.25");
	tap_near(quantile_sorted(two, 2, 0.5), 2.0, TOL, "n=2 p=0.5");
	tap_near(quantile_sorted(two, 2, 1.0), 3.0, 0.0, "n=2 p=1");
	/* {1,2,3,4}: p=0 min, p=1 max, p=0.5 h=1.5 -> 2.5,
	 * p=0.99 h=2.97 -> 3 + 0.97 * 1 = 3.97. */
	tap_near(quantile_sorted(four, 4, 0.0), 1.0, 0.0, "p=0 is the minimum");
	tap_near(quantile_sorted(four, 4, 1.0), 4.0, 0.0, "p=1 is the maximum");
	tap_near(quantile_sorted(four, 4, 0.5), 2.5, TOL, "median of 1..4");
	tap_near(quantile_sorted(four, 4, 0.99), 3.97, TOL, "p99 of 1..4");
	/* Ties {2,2,2,5}: p=0.5 h=1.5 between two 2s -> 2;
	 * p=0.9 h=2.7 -> 2 + 0.7 * 3 = 4.1. */
	tap_near(quantile_sorted(ties, 4, 0.5), 2.0, 0.0, "ties: median");
	tap_near(quantile_sorted(ties, 4, 0.9), 4.1, TOL, "ties: p90");
}

/* The first n of {3,1,4,1,5,9,2,6,5,3,5}, sorted, at p = k/10.  Worked out in
 * exact rational arithmetic: h = (n-1) k / 10, j = floor(h),
 * Q = x[j] + (h - j)(x[j+1] - x[j]).  E.g. n = 4 (1,1,3,4), p = 0.7:
 * h = 2.1, Q = 3 + 0.1 * 1 = 3.1. */
static const double sweep[11][11] = {
	{ 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 },
	{ 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8, 3 },
	{ 1, 1.4, 1.8, 2.2, 2.6, 3, 3.2, 3.4, 3.6, 3.8, 4 },
	{ 1, 1, 1, 1, 1.4, 2, 2.6, 3.1, 3.4, 3.7, 4 },
	{ 1, 1, 1, 1.4, 2.2, 3, 3.4, 3.8, 4.2, 4.6, 5 },
	{ 1, 1, 1, 2, 3, 3.5, 4, 4.5, 5, 7, 9 },
	{ 1, 1, 1.2, 1.8, 2.4, 3, 3.6, 4.2, 4.8, 6.6, 9 },
	{ 1, 1, 1.4, 2.1, 2.8, 3.5, 4.2, 4.9, 5.6, 6.9, 9 },
	{ 1, 1, 1.6, 2.4, 3.2, 4, 4.8, 5, 5.4, 6.6, 9 },
	{ 1, 1, 1.8, 2.7, 3, 3.5, 4.4, 5, 5.2, 6.3, 9 },
	{ 1, 1, 2, 3, 3, 4, 5, 5, 5, 6, 9 },
};

static void test_sweep(void)
{
	const double digits[11] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5 };

	for (size_t n = 1; n <= 11; n++) {
		double sorted[11], scratch[11];
		bool ok_sorted = true, ok_select = true;

		memcpy(sorted, digits, n * sizeof *sorted);
		qsort(sorted, n, sizeof *sorted, cmp);
		for (int k = 0; k <= 10; k++) {
			double p = k / 10.0, want = sweep[n - 1][k];
			double got = quantile_sorted(sorted, n, p);

			if (fabs(got - want) > TOL) {
				ok_sorted = false;
				tap_diag("n=%zu p=%.1f: sorted %.17g, want %g",
					 n, p, got, want);
			}
			memcpy(scratch, digits, n * sizeof *scratch);
			got = quantile_select(scratch, n, p);
			if (fabs(got - want) > TOL) {
				ok_select = false;
				tap_diag("n=%zu p=%.1f: select %.17g, want %g",
					 n, p, got, want);
			}
		}
		tap_ok(ok_sorted, "sweep n=%zu, p=0..1 by 0.1: quantile_sorted", n);
		tap_ok(ok_select, "sweep n=%zu, p=0..1 by 0.1: quantile_select", n);
	}
}

/* quantile_select must equal quantile_sorted bit for bit and keep the
 * values.  Returns false (with a diagnostic) on the first mismatch. */
static bool select_matches(const double *data, size_t n, double p)
{
	double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	double qs, qx;
	bool ok;

	if (!a || !b) {
		free(a);
		free(b);
		return false;
	}
	memcpy(a, data, n * sizeof *a);
	memcpy(b, data, n * sizeof *b);
	qsort(a, n, sizeof *a, cmp);
	qs = quantile_sorted(a, n, p);
	qx = quantile_select(b, n, p);
	ok = memcmp(&qs, &qx, sizeof qs) == 0;
	if (!ok)
		tap_diag("n=%zu p=%.17g: sorted %.17g select %.17g", n, p, qs,
			 qx);
	qsort(b, n, sizeof *b, cmp);
	if (memcmp(a, b, n * sizeof *a) != 0) {
		tap_diag("n=%zu: select lost or changed values", n);
		ok = false;
	}
	free(a);
	free(b);
	return ok;
}

static void test_select_random(void)
{
	static const double probs[] = { 0.0, 0.01, 0.1, 0.25, 0.5, 0.75,
					0.9, 0.95, 0.99, 0.999, 1.0 };
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double *x = malloc(2500 * sizeof *x);
	bool ok_cont = true, ok_dup = true, ok_big = true, ok_shape = true;

	if (!r || !x) {
		tap_ok(false, "allocation");
		return;
	}
	gsl_rng_set(r, 20260825);
	for (int trial = 0; trial < 300; trial++) {
		size_t n = 1 + gsl_rng_uniform_int(r, 300);
		double p = trial % 2 ? gsl_rng_uniform(r)
				     : probs[trial / 2 % 11];

		for (size_t i = 0; i < n; i++)
			x[i] = gsl_rng_uniform(r) * 1000.0;
		ok_cont &= select_matches(x, n, p);
		/* A coarse grid: many duplicates, as latency data at a fixed
		 * resolution has. */
		for (size_t i = 0; i < n; i++)
			x[i] = (double)gsl_rng_uniform_int(r, 7) * 0.5;
		ok_dup &= select_matches(x, n, p);
	}
	tap_ok(ok_cont, "select == sorted bit for bit: 300 random arrays");
	tap_ok(ok_dup, "select == sorted bit for bit: 300 arrays of duplicates");

	/* 2500 periods, p99, as in the example studies: skewed values. */
	for (int trial = 0; trial < 20; trial++) {
		for (size_t i = 0; i < 2500; i++)
			x[i] = 1000.0 / (0.05 + gsl_rng_uniform(r));
		ok_big &= select_matches(x, 2500, 0.99);
	}
	tap_ok(ok_big, "select == sorted bit for bit: n=2500 at p=0.99");

	/* Shapes that trouble simple pivot rules. */
	for (size_t i = 0; i < 2500; i++)
		x[i] = (double)i;
	ok_shape &= select_matches(x, 2500, 0.99);
	for (size_t i = 0; i < 2500; i++)
		x[i] = (double)(2500 - i);
	ok_shape &= select_matches(x, 2500, 0.37);
	for (size_t i = 0; i < 2500; i++)
		x[i] = 7.0;
	ok_shape &= select_matches(x, 2500, 0.5);
	for (size_t i = 0; i < 2500; i++)
		x[i] = (double)(i < 1250 ? i : 2500 - i);
	ok_shape &= select_matches(x, 2500, 0.99);
	for (size_t i = 0; i < 2500; i++)
		x[i] = (double)(i % 2);
	ok_shape &= select_matches(x, 2500, 0.5);
	tap_ok(ok_shape, "select == sorted: sorted, reversed, constant, "
	       "organ pipe, alternating");
	free(x);
	gsl_rng_free(r);
}

static void test_runstat(void)
{
	/* Latencies in microseconds, scale 0.001 -> milliseconds.
	 * Sorted: 1000 2000 4000 9000.
	 * mean   = 16000 / 4 = 4000 us = 4 ms
	 * median = h 1.5: 2000 + 0.5 * 2000 = 3000 us = 3 ms
	 * max    = 9 ms
	 * p99    = h 2.97: 4000 + 0.97 * 5000 = 8850 us = 8.85 ms
	 * p25    = h 0.75: 1000 + 0.75 * 1000 = 1750 us = 1.75 ms */
	const double data[4] = { 4000.0, 1000.0, 9000.0, 2000.0 };
	stat_spec mean = { STAT_MEAN, 0.0, "mean" };
	stat_spec median = { STAT_MEDIAN, 0.5, "median" };
	stat_spec max = { STAT_MAX, 0.0, "max" };
	stat_spec p99 = { STAT_QUANTILE, 0.99, "p99" };
	stat_spec p25 = { STAT_QUANTILE, 0.25, "p25" };
	stat_spec bad = { STAT_QUANTILE, 1.5, "p150" };
	double v[4], out = -1.0;
	const double cancel[4] = { 1.0, 1e100, 1.0, -1e100 };

	memcpy(v, data, sizeof v);
	tap_ok(runstat_compute(&mean, v, 4, 0.001, &out) == PB_OK
	       && fabs(out - 4.0) <= TOL, "runstat mean x 0.001 = 4 (%g)", out);
	memcpy(v, data, sizeof v);
	tap_ok(runstat_compute(&median, v, 4, 0.001, &out) == PB_OK
	       && fabs(out - 3.0) <= TOL, "runstat median x 0.001 = 3 (%g)",
	       out);
	memcpy(v, data, sizeof v);
	tap_ok(runstat_compute(&max, v, 4, 0.001, &out) == PB_OK
	       && fabs(out - 9.0) <= TOL, "runstat max x 0.001 = 9 (%g)", out);
	memcpy(v, data, sizeof v);
	tap_ok(runstat_compute(&p99, v, 4, 0.001, &out) == PB_OK
	       && fabs(out - 8.85) <= TOL, "runstat p99 x 0.001 = 8.85 (%g)",
	       out);
	memcpy(v, data, sizeof v);
	tap_ok(runstat_compute(&p25, v, 4, 0.001, &out) == PB_OK
	       && fabs(out - 1.75) <= TOL, "runstat p25 x 0.001 = 1.75 (%g)",
	       out);
	out = -1.0;
	tap_ok(runstat_compute(&mean, v, 0, 0.001, &out) == PB_DATAERR
	       && out < 0.0, "runstat: no values is a data error");
	tap_ok(runstat_compute(&mean, v, 4, 0.0, &out) == PB_DATAERR,
	       "runstat: scale 0 is a data error");
	tap_ok(runstat_compute(&bad, v, 4, 1.0, &out) == PB_DATAERR,
	       "runstat: probability 1.5 is a data error");
	/* 1 + 1e100 + 1 - 1e100: a plain sum loses both ones and gives 0;
	 * the compensated sum keeps them: 2. */
	tap_near(runstat_sum(cancel, 4), 2.0, 0.0,
		 "runstat_sum compensates cancellation");
}

int main(void)
{
	gsl_set_error_handler_off();
	test_hand_values();
	test_sweep();
	test_select_random();
	test_runstat();
	return tap_done();
}
