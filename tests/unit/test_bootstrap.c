/* test_bootstrap.c: the paired bootstrap: exact distributions enumerated by
 * hand, the endpoint rule, every interval method against an independent
 * computation, pairing, seed stability and seed sensitivity. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_statistics_double.h>

#include "analyze/bootstrap.h"
#include "analyze/coverage.h"
#include "common/quantile.h"
#include "common/runstat.h"
#include "tests/lib/tap.h"

#define TOL 1e-12

static int cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* Exact equality without -Wfloat-equal's complaint; false for NaN. */
static bool eq(double a, double b)
{
	return a <= b && b <= a;
}

static bool same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static void test_exact_counts(void)
{
	/* C(2n-1, n): 1, 3, 10, ..., C(19,10) = 92378, C(23,12) = 1352078. */
	tap_ok(boot_exact_count(1) == 1 && boot_exact_count(2) == 3
	       && boot_exact_count(3) == 10 && boot_exact_count(10) == 92378
	       && boot_exact_count(12) == 1352078,
	       "exact resample counts C(2n-1, n)");
	tap_ok(boot_exact_count(0) == 0 && boot_exact_count(13) == 0,
	       "exact enumeration refused for n = 0 and n > 12");
}

/* n = 2, d = {1, 3}.  Multisets of indices, probability n!/(k1! k2!)/n^n:
 *   {1,1} mean 1  1/4
 *   {1,3} mean 2  2/4
 *   {3,3} mean 3  1/4 */
static void test_exact_n2(void)
{
	const double d[2] = { 1.0, 3.0 };
	double *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ci;

	tap_ok(boot_exact(d, 2, &v, &w, &count) == PB_OK && count == 3
	       && eq(v[0], 1.0) && eq(v[1], 2.0) && eq(v[2], 3.0)
	       && eq(w[0], 0.25) && eq(w[1], 0.5) && eq(w[2], 0.25),
	       "exact n=2: values 1,2,3 with weights 1/4,1/2,1/4");
	dist.values = v;
	dist.weights = w;
	dist.count = count;
	/* 95%: levels 0.025 (cum 1/4 reaches it at 1) and 0.975 (only the
	 * last value reaches it: 3). */
	boot_interval_compute(INTERVAL_PERCENTILE, d, 2, 0.95, &dist, &ci);
	tap_ok(ci.defined && eq(ci.lo, 1.0) && eq(ci.hi, 3.0) && ci.exact,
	       "exact n=2, 95%%: [1, 3] (got [%g, %g])", ci.lo, ci.hi);
	/* 50%: level 0.25 is exactly the cumulative weight at 1, so the rule
	 * averages 1 and 2: 1.5; level 0.75 is exactly the cumulative weight
	 * at 2, so 2.5. */
	boot_interval_compute(INTERVAL_PERCENTILE, d, 2, 0.5, &dist, &ci);
	tap_ok(ci.defined && fabs(ci.lo - 1.5) <= TOL
	       && fabs(ci.hi - 2.5) <= TOL,
	       "exact n=2, 50%%: levels on a jump average: [1.5, 2.5] "
	       "(got [%g, %g])", ci.lo, ci.hi);
	free(v);
	free(w);
}

/* n = 3, d = {0, 3, 9}: the 10 multisets (copies of 0, 3, 9), mean,
 * probability 3!/(k1! k2! k3!) / 27:
 *   (3,0,0) 0 1/27   (2,1,0) 1 3/27   (1,2,0) 2 3/27   (0,3,0) 3 1/27
 *   (2,0,1) 3 3/27   (1,1,1) 4 6/27   (0,2,1) 5 3/27   (1,0,2) 6 3/27
 *   (0,1,2) 7 3/27   (0,0,3) 9 1/27
 * By value, in 27ths: 0:1 1:3 2:3 3:4 4:6 5:3 6:3 7:3 9:1;
 * cumulative: 1 4 7 11 17 20 23 26 27. */
static void test_exact_n3(void)
{
	const double d[3] = { 0.0, 3.0, 9.0 };
	const double want_v[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 9 };
	const double want_w[9] = { 1, 3, 3, 4, 6, 3, 3, 3, 1 };
	double got_w[9] = { 0 };
	double *v, *w;
	size_t count, k = 0;
	bool ok = true;
	boot_dist dist;
	boot_interval ci;

	if (boot_exact(d, 3, &v, &w, &count) != PB_OK || count != 10) {
		tap_ok(false, "exact n=3: 10 multisets");
		return;
	}
	/* Sum the weights of equal values (two multisets have mean 3). */
	for (size_t i = 0; i < count; i++) {
		if (i > 0 && v[i] < v[i - 1])
			ok = false;
		while (k < 9 && want_v[k] < v[i])
			k++;
		if (k == 9 || want_v[k] > v[i])
			ok = false;
		else
			got_w[k] += w[i];
	}
	for (k = 0; k < 9; k++)
		ok &= fabs(got_w[k] - want_w[k] / 27.0) <= TOL;
	tap_ok(ok, "exact n=3: the hand-enumerated distribution");

	dist.values = v;
	dist.weights = w;
	dist.count = count;
	/* 95%: 0.025 <= 1/27 -> 0; 0.975 > 26/27 -> 9. */
	boot_interval_compute(INTERVAL_PERCENTILE, d, 3, 0.95, &dist, &ci);
	tap_ok(eq(ci.lo, 0.0) && eq(ci.hi, 9.0), "exact n=3, 95%%: [0, 9] "
	       "(got [%g, %g])", ci.lo, ci.hi);
	/* 80%: 0.1 -> first cum >= 2.7/27 is 4/27 at 1;
	 *      0.9 -> first cum >= 24.3/27 is 26/27 at 7. */
	boot_interval_compute(INTERVAL_PERCENTILE, d, 3, 0.8, &dist, &ci);
	tap_ok(eq(ci.lo, 1.0) && eq(ci.hi, 7.0), "exact n=3, 80%%: [1, 7] "
	       "(got [%g, %g])", ci.lo, ci.hi);
	/* 50%: 0.25 -> 6.75/27: 7/27 at 2; 0.75 -> 20.25/27: 23/27 at 6. */
	boot_interval_compute(INTERVAL_PERCENTILE, d, 3, 0.5, &dist, &ci);
	tap_ok(eq(ci.lo, 2.0) && eq(ci.hi, 6.0), "exact n=3, 50%%: [2, 6] "
	       "(got [%g, %g])", ci.lo, ci.hi);
	free(v);
	free(w);
}

/* n = 10: 92378 multisets.  Independent checks of the weights: they sum
 * to 1, the distribution's mean is mean(d), and its variance is the
 * plug-in variance over n, (1/n) sum (d - mean)^2 / n. */
static void test_exact_n10(void)
{
	const double d[10] = { 0.3, -1.2, 2.5, 0.8, 1.9, -0.4, 3.1, 0.0,
			       1.1, 0.6 };
	/* mean = 8.7 / 10 = 0.87; sum (d - 0.87)^2 = 15.801;
	 * variance of the resample mean = 15.801 / 100 = 0.15801. */
	double *v, *w, sw = 0.0, m = 0.0, var = 0.0;
	size_t count;
	bool sorted = true;

	if (boot_exact(d, 10, &v, &w, &count) != PB_OK) {
		tap_ok(false, "exact n=10");
		return;
	}
	for (size_t i = 0; i < count; i++) {
		sw += w[i];
		m += w[i] * v[i];
		if (i > 0 && v[i] < v[i - 1])
			sorted = false;
	}
	for (size_t i = 0; i < count; i++)
		var += w[i] * (v[i] - m) * (v[i] - m);
	tap_ok(count == 92378 && sorted, "exact n=10: 92378 resamples, sorted");
	tap_near(sw, 1.0, 1e-12, "exact n=10: weights sum to 1");
	tap_near(m, 0.87, 1e-12, "exact n=10: mean of the distribution");
	tap_near(var, 0.15801, 1e-12, "exact n=10: variance is s2/n");
	free(v);
	free(w);
	tap_ok(boot_exact(d, 13, &v, &w, &count) == PB_DATAERR && !v && !w
	       && count == 0, "exact n=13 refused");
}

/* For equally weighted values the exact rule and the Monte Carlo rule
 * (type 7) must pick from the same two neighbouring order statistics. */
static void test_equal_weight_agreement(void)
{
	enum { B = 101 };
	double x[B], w[B];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	boot_dist exact = { x, w, B, NULL, NULL };
	boot_dist mc = { x, NULL, B, NULL, NULL };
	bool ok = true;

	gsl_rng_set(r, 99);
	for (int i = 0; i < B; i++) {
		x[i] = gsl_rng_uniform(r) * 10.0;
		w[i] = 1.0 / B;
	}
	qsort(x, B, sizeof *x, cmp);
	for (int k = 1; k < 200; k++) {
		double q = k / 200.0;
		size_t j = (size_t)floor((B - 1) * q);
		double a = boot_dist_quantile(&exact, q);
		double b = boot_dist_quantile(&mc, q);
		double top = x[j + 1 < B ? j + 1 : j];

		if (a < x[j] || a > top || b < x[j] || b > top) {
			ok = false;
			tap_diag("q=%g: exact %g type7 %g outside [%g, %g]", q,
				 a, b, x[j], top);
		}
	}
	tap_ok(ok, "equal weights: both rules within the same pair of order "
	       "statistics");
	gsl_rng_free(r);
}

/* The replicates follow the documented generator exactly: mt19937 seeded
 * with the stream seed, indices by gsl_rng_uniform_int(r, n). */
static void test_replicates(void)
{
	const double d[5] = { 1.0, 2.0, 4.0, 8.0, 16.0 };
	double reps[3], again[3], other[3], want[3];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(r, 4242);
	for (int b = 0; b < 3; b++) {
		double s = 0.0;

		for (int i = 0; i < 5; i++)
			s += d[gsl_rng_uniform_int(r, 5)];
		want[b] = s / 5.0;
	}
	gsl_rng_free(r);
	boot_replicates(d, 5, 3, 4242, reps);
	boot_replicates(d, 5, 3, 4242, again);
	boot_replicates(d, 5, 3, 4243, other);
	tap_ok(same_bits(reps[0], want[0]) && same_bits(reps[1], want[1])
	       && same_bits(reps[2], want[2]),
	       "replicates: mt19937 + gsl_rng_uniform_int, in order");
	tap_ok(memcmp(reps, again, sizeof reps) == 0
	       && memcmp(reps, other, sizeof reps) != 0,
	       "replicates: same seed same values, other seed other values");
	tap_ok(boot_replicates(d, 0, 3, 1, reps) == PB_DATAERR
	       && boot_replicates(d, 5, 0, 1, reps) == PB_DATAERR,
	       "replicates: n = 0 or B = 0 refused");
}

/* Monte Carlo with B = 200000 estimates the exact interval: each endpoint
 * must lie between the exact quantiles at q -/+ 4 sqrt(q (1-q) / B), the
 * Monte Carlo error of a level estimated from B draws. */
static void test_mc_vs_exact(void)
{
	enum { B = 200000 };
	const double d[6] = { -1.3, 0.4, 2.2, 0.9, 5.1, -0.2 };
	double *reps = malloc(B * sizeof *reps), *v, *w;
	size_t count;
	boot_dist mc, exact;
	boot_interval ci_mc, ci_ex;
	double q = 0.025, dq = 4.0 * sqrt(q * (1.0 - q) / B);

	if (!reps || boot_exact(d, 6, &v, &w, &count) != PB_OK) {
		tap_ok(false, "allocation");
		return;
	}
	boot_replicates(d, 6, B, boot_stream_seed(7, "1", "10"), reps);
	boot_sort(reps, B);
	mc = (boot_dist){ reps, NULL, B, NULL, NULL };
	exact = (boot_dist){ v, w, count, NULL, NULL };
	boot_interval_compute(INTERVAL_PERCENTILE, d, 6, 0.95, &mc, &ci_mc);
	boot_interval_compute(INTERVAL_PERCENTILE, d, 6, 0.95, &exact, &ci_ex);
	tap_ok(ci_mc.lo >= boot_dist_quantile(&exact, q - dq)
	       && ci_mc.lo <= boot_dist_quantile(&exact, q + dq),
	       "MC lower endpoint %.6f within MC error of exact %.6f",
	       ci_mc.lo, ci_ex.lo);
	tap_ok(ci_mc.hi >= boot_dist_quantile(&exact, 1.0 - q - dq)
	       && ci_mc.hi <= boot_dist_quantile(&exact, 1.0 - q + dq),
	       "MC upper endpoint %.6f within MC error of exact %.6f",
	       ci_mc.hi, ci_ex.hi);
	tap_ok(!ci_mc.exact && ci_mc.resamples == B
	       && ci_ex.exact && ci_ex.resamples == 0,
	       "intervals say how they were computed");
	free(reps);
	free(v);
	free(w);
}

/* Strongly correlated pairs: the references spread over 10..82, each state
 * is its reference + 0.5 + noise of at most 0.05.  The paired differences
 * lie in [0.45, 0.55], so the paired interval does too; resampling the
 * two states independently mixes the spread of the references into the
 * difference (interval width about 2 x 1.96 x sqrt(2 x 576 / 10) = 42).
 * The independent version is computed here, not by the library. */
static void test_pairing(void)
{
	enum { N = 10, B = 4000 };
	const double noise[N] = { 0.04, -0.03, 0.02, -0.05, 0.01,
				  0.03, -0.02, 0.05, -0.04, 0.00 };
	double ref[N], state[N], *indep = malloc(B * sizeof *indep);
	boot_settings set = { INTERVAL_PERCENTILE, 0.95, false, B, 0, 1.784,
			      BETTER_LOWER };
	boot_comparison cmpn;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double paired_w, indep_w;

	for (int i = 0; i < N; i++) {
		ref[i] = 10.0 + 8.0 * i;
		state[i] = ref[i] + 0.5 + noise[i];
	}
	set.stream_seed = boot_stream_seed(1, "1", "10");
	boot_compare(state, ref, N, &set, &cmpn);
	gsl_rng_set(r, 5);
	for (int b = 0; b < B; b++) {
		double ss = 0.0, sr = 0.0;

		for (int i = 0; i < N; i++) {
			ss += state[gsl_rng_uniform_int(r, N)];
			sr += ref[gsl_rng_uniform_int(r, N)];
		}
		indep[b] = (ss - sr) / N;
	}
	qsort(indep, B, sizeof *indep, cmp);
	paired_w = cmpn.ci[INTERVAL_PERCENTILE].hi
		   - cmpn.ci[INTERVAL_PERCENTILE].lo;
	indep_w = quantile_sorted(indep, B, 0.975)
		  - quantile_sorted(indep, B, 0.025);
	tap_ok(cmpn.pairs == N && fabs(cmpn.estimate - 0.501) <= TOL,
	       "paired estimate mean(state - ref) = 0.501 (got %.15g)",
	       cmpn.estimate);
	tap_ok(cmpn.ci[INTERVAL_PERCENTILE].lo >= 0.45 - TOL
	       && cmpn.ci[INTERVAL_PERCENTILE].hi <= 0.55 + TOL,
	       "paired interval [%g, %g] within the range of the differences",
	       cmpn.ci[INTERVAL_PERCENTILE].lo,
	       cmpn.ci[INTERVAL_PERCENTILE].hi);
	tap_ok(paired_w * 20.0 < indep_w,
	       "paired width %g is far below the unpaired width %g", paired_w,
	       indep_w);
	free(indep);
	gsl_rng_free(r);
}

/* BCa on the exact distribution of d = {0, 1, 3, 8} (n = 4, 35 multisets),
 * worked out independently in rational arithmetic.  The distribution of
 * the mean, weights and cumulative weights in 256ths:
 *   0:1/1  .25:4/5  .5:6/11  .75:8/19  1:13/32  1.25:12/44  1.5:10/54
 *   1.75:12/66  2:10/76  2.25:16/92  2.5:16/108  2.75:16/124  3:25/149
 *   3.25:12/161  3.5:12/173  3.75:12/185  4:6/191  4.25:16/207  4.5:6/213
 *   4.75:12/225  5:12/237  5.5:6/243  6:4/247  6.25:4/251  6.75:4/255
 *   8:1/256
 * theta = 3: P(< 3) = 124/256, P(= 3) = 25/256, so
 * p = (124 + 12.5) / 256 = 273/512 and z0 = Phi^-1(273/512) =
 * 0.083324210544036273.  Jackknife: theta_(i) = (12 - d_i)/3, their mean
 * is 3, u_i = (d_i - 3)/3 = {-1, -2/3, 0, 5/3}; the factor 1/3 cancels, so
 * a = (-27 - 8 + 125) / (6 * 38^1.5) = 15 / 38^1.5 = 0.064034771498985212.
 * Levels with z = -/+1.959963984540054:
 *   alpha1 = Phi(z0 + (z0 - z)/(1 - a (z0 - z))) = 0.055693202823819277
 *   alpha2 = 0.99253773382566772.
 * Endpoints (first cumulative weight reaching the level):
 *   0.05569 x 256 = 14.26 -> 19/256 at 0.75;
 *   0.99254 x 256 = 254.09 -> 255/256 at 6.75.
 * Percentile: 0.025 x 256 = 6.4 -> 11 at 0.5; 0.975 x 256 = 249.6 -> 251
 * at 6.25. */
static void test_bca(void)
{
	const double d[4] = { 0.0, 1.0, 3.0, 8.0 };
	const double ref[4] = { 0.0, 0.0, 0.0, 0.0 };
	double *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ci;
	boot_settings set = { INTERVAL_BCA, 0.95, true, 0, 0, 1.784,
			      BETTER_LOWER };
	boot_comparison cmpn;

	if (boot_exact(d, 4, &v, &w, &count) != PB_OK) {
		tap_ok(false, "exact n=4");
		return;
	}
	dist = (boot_dist){ v, w, count, NULL, NULL };
	boot_interval_compute(INTERVAL_BCA, d, 4, 0.95, &dist, &ci);
	tap_near(ci.z0, 0.083324210544036273, 1e-10, "BCa z0");
	tap_near(ci.accel, 0.064034771498985212, 1e-12, "BCa acceleration");
	tap_near(ci.level_lo, 0.055693202823819277, 1e-10, "BCa lower level");
	tap_near(ci.level_hi, 0.99253773382566772, 1e-10, "BCa upper level");
	tap_ok(ci.defined && !ci.fallback && ci.used == INTERVAL_BCA
	       && eq(ci.lo, 0.75) && eq(ci.hi, 6.75),
	       "BCa interval [0.75, 6.75] (got [%g, %g])", ci.lo, ci.hi);
	boot_interval_compute(INTERVAL_PERCENTILE, d, 4, 0.95, &dist, &ci);
	tap_ok(eq(ci.lo, 0.5) && eq(ci.hi, 6.25),
	       "percentile interval [0.5, 6.25] (got [%g, %g])", ci.lo, ci.hi);
	/* The same through boot_compare with resamples = exact. */
	boot_compare(d, ref, 4, &set, &cmpn);
	tap_ok(eq(cmpn.ci[INTERVAL_BCA].lo, 0.75)
	       && eq(cmpn.ci[INTERVAL_BCA].hi, 6.75)
	       && eq(cmpn.ci[INTERVAL_PERCENTILE].lo, 0.5)
	       && eq(cmpn.ci[INTERVAL_PERCENTILE].hi, 6.25)
	       && cmpn.ci[INTERVAL_BCA].exact && !cmpn.fragile,
	       "boot_compare, exact: BCa and percentile as by hand");
	free(v);
	free(w);
}

static void test_bca_fallback(void)
{
	const double same[4] = { 2.0, 2.0, 2.0, 2.0 };
	const double d[2] = { 0.0, 1.0 };
	const double above[2] = { 0.6, 0.7 };
	boot_dist dist = { above, NULL, 2, NULL, NULL };
	boot_interval ci;

	boot_interval_compute(INTERVAL_BCA, same, 4, 0.95, NULL, &ci);
	tap_ok(ci.defined && ci.fallback && ci.used == INTERVAL_PERCENTILE
	       && eq(ci.lo, 2.0) && eq(ci.hi, 2.0) && ci.note,
	       "BCa with all differences equal: percentile fallback, [2, 2]");
	boot_interval_compute(INTERVAL_PERCENTILE, same, 4, 0.95, NULL, &ci);
	tap_ok(ci.defined && !ci.fallback && eq(ci.lo, 2.0) && eq(ci.hi, 2.0),
	       "percentile with all differences equal: [2, 2]");
	boot_interval_compute(INTERVAL_T, same, 4, 0.95, NULL, &ci);
	tap_ok(ci.defined && eq(ci.lo, 2.0) && eq(ci.hi, 2.0),
	       "t with all differences equal: [2, 2]");
	/* Every replicate above theta = 0.5: P(theta* < theta) = 0, z0 is
	 * -infinity. */
	boot_interval_compute(INTERVAL_BCA, d, 2, 0.95, &dist, &ci);
	tap_ok(ci.defined && ci.fallback && ci.note
	       && strstr(ci.note, "bias correction"),
	       "BCa with infinite z0 falls back (%s)", ci.note);
	boot_interval_compute(INTERVAL_PERCENTILE, d, 1, 0.95, &dist, &ci);
	tap_ok(!ci.defined && ci.note
	       && strcmp(ci.note, "fewer than 2 pairs") == 0,
	       "one pair: no interval, said plainly");
}

/* d = {1,2,3,4,5}: mean 3, sd = sqrt(10/4) = 1.5811388300841898,
 * se = sd / sqrt 5 = 0.70710678118654752, t_{4,0.975} = 2.7764451051977944
 * (solved from the t distribution function), half-width 1.9632431614775577:
 * [1.0367568385224423, 4.9632431614775577]. */
static void test_t(void)
{
	const double d[5] = { 1.0, 2.0, 3.0, 4.0, 5.0 };
	boot_interval ci;

	boot_interval_compute(INTERVAL_T, d, 5, 0.95, NULL, &ci);
	tap_near(ci.lo, 1.0367568385224423, 1e-9, "t interval lower");
	tap_near(ci.hi, 4.9632431614775577, 1e-9, "t interval upper");
}

/* Expanded percentile at n = 10, 95%: t_{0.025,9} = -2.2621571627982055,
 * times sqrt(10/9) = -2.3845230199022163, Phi of that =
 * 0.008550639024406355: the 95% interval reads the bootstrap distribution
 * at 0.855% and 99.145%. */
static void test_expanded(void)
{
	const double d[10] = { 0.3, -1.2, 2.5, 0.8, 1.9, -0.4, 3.1, 0.0,
			       1.1, 0.6 };
	double *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ex, pc;

	if (boot_exact(d, 10, &v, &w, &count) != PB_OK) {
		tap_ok(false, "exact n=10");
		return;
	}
	dist = (boot_dist){ v, w, count, NULL, NULL };
	boot_interval_compute(INTERVAL_EXPANDED, d, 10, 0.95, &dist, &ex);
	boot_interval_compute(INTERVAL_PERCENTILE, d, 10, 0.95, &dist, &pc);
	tap_near(ex.level_lo, 0.008550639024406355, 1e-12,
		 "expanded: adjusted lower level at n=10");
	tap_near(ex.level_hi, 1.0 - 0.008550639024406355, 1e-12,
		 "expanded: adjusted upper level at n=10");
	tap_ok(ex.lo < pc.lo && ex.hi > pc.hi,
	       "expanded [%g, %g] is wider than percentile [%g, %g]", ex.lo,
	       ex.hi, pc.lo, pc.hi);
	free(v);
	free(w);
}

static bool same_interval(const boot_interval *a, const boot_interval *b)
{
	return a->defined == b->defined && same_bits(a->lo, b->lo)
	       && same_bits(a->hi, b->hi);
}

/* The interval of a comparison depends only on (seed, series, state) and
 * its data, not on which comparisons come before it. */
/* n = 2, d = {0, 2}, mean 1.  The resamples {0,0} and {2,2} (1/4 each)
 * have se* = 0 and t* = -inf and +inf; {0,2} (1/2) has mean 1, t* = 0.
 * Their infinities take a quarter of the probability on each side, so a
 * 95% interval would need t* beyond them: unbounded, given as undefined. */
static void test_studentized_n2(void)
{
	const double d[2] = { 0.0, 2.0 };
	double *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ci;

	if (boot_exact_t(d, 2, &v, &w, &count) != PB_OK) {
		tap_ok(false, "exact t* at n = 2");
		return;
	}
	tap_ok(count == 3 && isinf(v[0]) && v[0] < 0.0 && eq(v[1], 0.0)
	       && isinf(v[2]) && v[2] > 0.0 && eq(w[0], 0.25)
	       && eq(w[1], 0.5) && eq(w[2], 0.25),
	       "n = 2: t* is -inf, 0, +inf with weights 1/4, 1/2, 1/4");
	dist = (boot_dist){ v, w, count, v, w };
	boot_interval_compute(INTERVAL_STUDENTIZED, d, 2, 0.95, &dist, &ci);
	tap_ok(!ci.defined && isnan(ci.lo) && ci.note
	       && strstr(ci.note, "unbounded") != NULL,
	       "n = 2: the studentized interval is unbounded, so undefined");
	free(v);
	free(w);
}

/* n = 3, d = {0, 1, 2}: mean 1, sd 1, se = 1/sqrt(3).  The 10 multisets
 * (weights out of 27), with mean*, se* and t* = (mean* - 1) / se*:
 *   {0,0,0} 1   se* 0: -inf        {2,2,2} 1   se* 0: +inf
 *   {1,1,1} 1   se* 0 at the mean: 0
 *   {0,0,1} 3   1/3, 1/3: -2       {1,2,2} 3   5/3, 1/3: +2
 *   {0,1,1} 3   2/3, 1/3: -1       {1,1,2} 3   4/3, 1/3: +1
 *   {0,0,2} 3   2/3, 2/3: -1/2     {0,2,2} 3   4/3, 2/3: +1/2
 *   {0,1,2} 6   1, 1/sqrt(3): 0
 * Cumulative weights in t* order: 1, 4, 7, 10, 17, 20, 23, 26, 27 (/27).
 * At 80%: Qt(0.9) = 2 (23/27 < 0.9 <= 26/27), Qt(0.1) = -2 (1/27 < 0.1
 * <= 4/27), so the interval is 1 -/+ 2 / sqrt(3) = [-0.1547005383792515,
 * 2.1547005383792515].  At 95% Qt(0.975) is +inf (26/27 < 0.975). */
static void test_studentized_n3(void)
{
	const double d[3] = { 0.0, 1.0, 2.0 };
	const double want[10] = { -INFINITY, -2.0, -1.0, -0.5, 0.0, 0.0, 0.5,
				  1.0, 2.0, INFINITY };
	const double want_w27[10] = { 1, 3, 3, 3, 0, 0, 3, 3, 3, 1 };
	double *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ci;
	bool ok = true;

	if (boot_exact_t(d, 3, &v, &w, &count) != PB_OK || count != 10) {
		tap_ok(false, "exact t* at n = 3");
		return;
	}
	for (size_t i = 0; i < 10; i++) {
		ok &= isinf(want[i]) ? eq(v[i], want[i])
				     : fabs(v[i] - want[i]) < TOL;
		if (!(want_w27[i] > 0.0))
			continue;   /* the two t* = 0 entries, below */
		ok &= fabs(w[i] - want_w27[i] / 27.0) < TOL;
	}
	ok &= fabs(w[4] + w[5] - 7.0 / 27.0) < TOL;
	tap_ok(ok, "n = 3: t* and weights as enumerated by hand; {1,1,1} at "
	       "the mean gives 0, not an infinity");
	dist = (boot_dist){ v, w, count, v, w };
	boot_interval_compute(INTERVAL_STUDENTIZED, d, 3, 0.80, &dist, &ci);
	tap_ok(ci.defined && fabs(ci.lo - -0.1547005383792515) < TOL
	       && fabs(ci.hi - 2.1547005383792515) < TOL
	       && eq(ci.level_lo, 0.9) && fabs(ci.level_hi - 0.1) < TOL,
	       "n = 3, 80%%: 1 -/+ 2 se (%.15g, %.15g)", ci.lo, ci.hi);
	boot_interval_compute(INTERVAL_STUDENTIZED, d, 3, 0.95, &dist, &ci);
	tap_ok(!ci.defined, "n = 3, 95%%: unbounded, undefined");
	dist.t_values = NULL;
	tap_ok(boot_interval_compute(INTERVAL_STUDENTIZED, d, 3, 0.80, &dist,
				     &ci) == PB_SOFTWARE,
	       "a distribution without t* is a caller bug");
	free(v);
	free(w);
}

/* Reference values from R 4.2 for d below (mean 1.3, se 0.71213963317797):
 * - the exact bootstrap-t, enumerated in R independently of this code
 *   (all 6435 multisets, t* = (mean* - mean) / (sd* / sqrt(8)), the
 *   inverse distribution function of the weighted t*):
 *   95% [-0.20162513590459308, 3.3947482919476828],
 *   90% [0.086505832982616049, 2.9050080508182949];
 * - boot::boot.ci(type = "stud") on boot(d, function(x, i) c(mean(x[i]),
 *   var(x[i]) / 8), R = 400000), seeds 1, 2, 3: lower -0.196520,
 *   -0.200498, -0.201625; upper 3.390749, 3.390749, 3.394748. */
static const double stud_d[8] = { 1.2, -0.4, 3.1, 0.7, 2.2, -1.5, 0.3, 4.8 };
static const double stud_ref[8] = { 0 };

static void test_studentized_vs_r(void)
{
	double *v, *w, *tv, *tw;
	size_t count, tcount;
	boot_dist dist;
	boot_interval ci;
	boot_settings set = { INTERVAL_STUDENTIZED, 0.95, false, 100000, 0,
			      10.0, BETTER_LOWER };
	boot_comparison c;

	if (boot_exact(stud_d, 8, &v, &w, &count) != PB_OK
	    || boot_exact_t(stud_d, 8, &tv, &tw, &tcount) != PB_OK
	    || count != tcount) {
		tap_ok(false, "exact distributions at n = 8");
		return;
	}
	dist = (boot_dist){ v, w, count, tv, tw };
	boot_interval_compute(INTERVAL_STUDENTIZED, stud_d, 8, 0.95, &dist,
			      &ci);
	tap_near(ci.lo, -0.20162513590459308, 1e-9,
		 "exact bootstrap-t 95% lower = R enumeration");
	tap_near(ci.hi, 3.3947482919476828, 1e-9,
		 "exact bootstrap-t 95% upper = R enumeration");
	boot_interval_compute(INTERVAL_STUDENTIZED, stud_d, 8, 0.90, &dist,
			      &ci);
	tap_near(ci.lo, 0.086505832982616049, 1e-9,
		 "exact bootstrap-t 90% lower = R enumeration");
	tap_near(ci.hi, 2.9050080508182949, 1e-9,
		 "exact bootstrap-t 90% upper = R enumeration");
	free(v);
	free(w);
	free(tv);
	free(tw);

	/* Monte Carlo from the same replicates as the other methods; the
	 * t* distribution has atoms about 0.004 apart in endpoint terms
	 * here, and R's three runs spread over 0.005. */
	set.stream_seed = boot_stream_seed(2026, "1", "10");
	boot_compare(stud_d, stud_ref, 8, &set, &c);
	tap_ok(c.ci[INTERVAL_STUDENTIZED].defined
	       && fabs(c.ci[INTERVAL_STUDENTIZED].lo - -0.19955) < 0.01
	       && fabs(c.ci[INTERVAL_STUDENTIZED].hi - 3.39208) < 0.01,
	       "Monte Carlo bootstrap-t (%.4f, %.4f) within 0.01 of R boot.ci "
	       "type stud", c.ci[INTERVAL_STUDENTIZED].lo,
	       c.ci[INTERVAL_STUDENTIZED].hi);
	tap_ok(c.exact_checked
	       && fabs(c.exact_ci.lo - -0.20162513590459308) < 1e-9
	       && fabs(c.exact_ci.hi - 3.3947482919476828) < 1e-9
	       && c.exact_ci.method == INTERVAL_STUDENTIZED && c.exact_ci.exact,
	       "the seed check of a studentized plan uses the exact t*");
	tap_ok(!c.fragile, "endpoints far from 0 and +-T: not fragile");
	{
		/* t* does not change when every d moves by the same amount,
		 * so moving d by minus the lower endpoint puts that endpoint
		 * at 0 (up to rounding): another seed could move it across. */
		double shifted[8];
		double lo = c.ci[INTERVAL_STUDENTIZED].lo;

		for (int i = 0; i < 8; i++)
			shifted[i] = stud_d[i] - lo;
		/* With T = 2 the upper endpoint (about 3.6) lies beyond T,
		 * so the verdict turns on the lower one: above 0 a difference
		 * is detected, below 0 nothing is; with T = 10 it would be
		 * equivalent either way, and not fragile. */
		set.threshold = 2.0;
		boot_compare(shifted, stud_ref, 8, &set, &c);
		set.threshold = 10.0;
		tap_ok(fabs(c.ci[INTERVAL_STUDENTIZED].lo) < 1e-9 && c.fragile
		       && strcmp(c.fragile_endpoint, "lower") == 0
		       && eq(c.fragile_boundary, 0.0)
		       && strcmp(c.fragile_basis, "monte-carlo error") == 0,
		       "a studentized endpoint at 0 is fragile (%s, %s)",
		       c.fragile ? c.fragile_endpoint : "-",
		       c.fragile ? c.fragile_basis : "-");
	}
	set.exact = true;
	boot_compare(stud_d, stud_ref, 8, &set, &c);
	tap_ok(c.ci[INTERVAL_STUDENTIZED].exact
	       && fabs(c.ci[INTERVAL_STUDENTIZED].lo - -0.20162513590459308)
		  < 1e-9
	       && fabs(c.ci[INTERVAL_STUDENTIZED].hi - 3.3947482919476828)
		  < 1e-9, "resamples = exact: the exact bootstrap-t");
}

/* boot_replicates_t draws what boot_replicates draws: the same means, bit
 * for bit, so every method reads one set of resamples. */
static void test_studentized_same_draws(void)
{
	enum { B = 500 };
	double m1[B], m2[B], t[B];
	bool same = true, finite = true;

	boot_replicates(stud_d, 8, B, 4242, m1);
	boot_replicates_t(stud_d, 8, B, 4242, m2, t);
	for (int b = 0; b < B; b++) {
		same &= same_bits(m1[b], m2[b]);
		/* t* has the sign of mean* - mean. */
		finite &= isfinite(t[b]) && (t[b] > 0.0) == (m2[b] > 1.3);
	}
	tap_ok(same, "replicate means with t* equal those without");
	tap_ok(finite, "t* finite and of the sign of mean* - mean at n = 8");
	tap_ok(boot_replicates_t(stud_d, 1, B, 1, m2, t) == PB_DATAERR,
	       "t* needs 2 pairs");
}

/* t* as drawing and then studentizing each resample in turn gives it:
 * the sum of the draws in their order, the mean of D and the sum of the
 * squared deviations by runstat_sum (Neumaier's sum, as the bootstrap's).
 * SQ holds N values.  NAN for a resample whose values are all equal. */
static double tstar_in_turn(const double *x, size_t n, const double *d,
			    double *sq)
{
	double sum = 0.0, m, theta;
	bool same = true;

	for (size_t i = 0; i < n; i++) {
		sum += x[i];
		same &= eq(x[i], x[0]);
	}
	if (same)
		return NAN;
	m = sum / (double)n;
	theta = runstat_sum(d, n) / (double)n;
	for (size_t i = 0; i < n; i++)
		sq[i] = (x[i] - m) * (x[i] - m);
	return (m - theta)
	       / (sqrt(runstat_sum(sq, n) / (double)(n - 1)) / sqrt((double)n));
}

/* t* of every resample against a computation of its own: the indices
 * drawn by GSL's gsl_rng_uniform_int from its mt19937, as the header
 * states, the mean and sd of each resample by GSL's statistics (to 1e-9),
 * the all-equal resamples by the rule of the header, and the bits of
 * studentizing each resample in turn.  At n = 2 every other resample or
 * so has both values equal, so resamples with and without a standard
 * error follow each other in every order. */
static bool tstar_as_gsl(const double *d, size_t n, unsigned long b,
			 uint32_t seed)
{
	double *m = malloc(b * sizeof *m), *t = malloc(b * sizeof *t);
	double *x = malloc(n * sizeof *x), *sq = malloc(n * sizeof *sq);
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	double theta = 0.0;
	bool ok = m && t && x && sq && r
		  && boot_replicates_t(d, n, b, seed, m, t) == PB_OK;

	for (size_t i = 0; i < n; i++)
		theta += d[i] / (double)n;
	if (r)
		gsl_rng_set(r, seed);
	for (unsigned long k = 0; ok && k < b; k++) {
		double want;
		bool same = true;
		for (size_t i = 0; i < n; i++) {
			x[i] = d[gsl_rng_uniform_int(r, n)];
			same &= eq(x[i], x[0]);
		}
		if (same && fabs(x[0] - theta) < 1e-12)
			want = 0.0;
		else if (same)
			want = x[0] > theta ? INFINITY : -INFINITY;
		else
			want = (gsl_stats_mean(x, 1, n) - theta)
			       / (gsl_stats_sd(x, 1, n) / sqrt((double)n));
		if (same)
			ok = eq(t[k], want);
		else    /* absolute near 0: a resample at the estimate
			 * rounds to either side of it */
			ok = fabs(t[k] - want) <= 1e-9 * fmax(1.0, fabs(want))
			     && same_bits(t[k], tstar_in_turn(x, n, d, sq));
		if (!ok)
			tap_diag("n = %zu, resample %lu: t* %.17g, want %.17g", n,
				 k, t[k], want);
	}
	gsl_rng_free(r);
	free(m);
	free(t);
	free(x);
	free(sq);
	return ok;
}

static void test_studentized_each(void)
{
	static const double two[2] = { 1.0, 2.0 };
	static const double tied[3] = { 0.5, 0.5, 2.0 };
	static const double equal[3] = { 5.0, 5.0, 5.0 };

	tap_ok(tstar_as_gsl(stud_d, 8, 2000, 4242),
	       "t* of each of 2000 resamples at n = 8 as computed apart");
	tap_ok(tstar_as_gsl(two, 2, 2000, 17),
	       "t* at n = 2: finite and infinite in every order");
	tap_ok(tstar_as_gsl(tied, 3, 2000, 99), "t* at n = 3 with a tie");
	tap_ok(tstar_as_gsl(equal, 3, 50, 5), "t* = 0 when every d is equal");
	tap_ok(tstar_as_gsl(stud_d, 8, 1, 7), "t* of a single resample");
}

static void test_seed_stability(void)
{
	static const char *const series[3] = { "1", "1", "2" };
	static const char *const states[3] = { "10", "0", "10" };
	const double ref[8] = { 19.1, 18.7, 19.4, 20.2, 18.9, 19.0, 19.8, 19.3 };
	double state[3][8];
	boot_comparison first[3], second[3];
	boot_settings set = { INTERVAL_BCA, 0.95, false, 2000, 0, 1.784,
			      BETTER_LOWER };
	static const int order[3] = { 2, 0, 1 };
	bool ok = true;

	for (int c = 0; c < 3; c++)
		for (int i = 0; i < 8; i++)
			state[c][i] = ref[i] + 0.3 * c + 0.1 * ((i * 7 + c) % 5)
				      + 0.0137 * i * i;
	for (int c = 0; c < 3; c++) {
		set.stream_seed = boot_stream_seed(2026, series[c], states[c]);
		boot_compare(state[c], ref, 8, &set, &first[c]);
	}
	for (int k = 0; k < 3; k++) {
		int c = order[k];

		set.stream_seed = boot_stream_seed(2026, series[c], states[c]);
		boot_compare(state[c], ref, 8, &set, &second[c]);
	}
	for (int c = 0; c < 3; c++)
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
			ok &= same_interval(&first[c].ci[m], &second[c].ci[m]);
	tap_ok(ok, "comparisons in another order give identical intervals");

	tap_ok(boot_stream_seed(2026, "1", "10")
	       == boot_stream_seed(2026, "1", "10"),
	       "stream seed is a function of its inputs");
	tap_ok(boot_stream_seed(2026, "1", "10")
	       != boot_stream_seed(2026, "11", "0"),
	       "series and state are separated in the hash");
	tap_ok(boot_stream_seed(2026, "1", "10")
	       != boot_stream_seed(2027, "1", "10")
	       && boot_stream_seed(2026, "1", "10")
	       != boot_stream_seed(2026, "2", "10")
	       && boot_stream_seed(2026, "1", "10")
	       != boot_stream_seed(2026, "1", "20"),
	       "seed, series and state each change the stream");
	set.stream_seed = boot_stream_seed(2027, series[0], states[0]);
	boot_compare(state[0], ref, 8, &set, &second[0]);
	tap_ok(!same_interval(&first[0].ci[INTERVAL_PERCENTILE],
			      &second[0].ci[INTERVAL_PERCENTILE]),
	       "another study seed gives another Monte Carlo interval");
}

static void test_mc_range(void)
{
	double sorted[1000];
	boot_range r;

	/* Values equal to their ranks 0..999.  q = 0.025: h = 999 x 0.025 =
	 * 24.975; sqrt(1000 x 0.025 x 0.975) = 4.9371044...; x 2.576 =
	 * 12.718; ranks 12.257019028163315 .. 37.692980971836685. */
	for (int i = 0; i < 1000; i++)
		sorted[i] = i;
	boot_endpoint_mc_range(sorted, 1000, 0.025, &r);
	tap_near(r.value, 24.975, 1e-9, "MC range: endpoint");
	tap_near(r.lo, 12.257019028163315, 1e-9, "MC range: low end");
	tap_near(r.hi, 37.692980971836685, 1e-9, "MC range: high end");
	/* q = 0: the range cannot leave the replicates. */
	boot_endpoint_mc_range(sorted, 1000, 0.0, &r);
	tap_ok(eq(r.lo, 0.0) && eq(r.hi, 0.0), "MC range at q = 0 is the minimum");
}

/* boot_fragile finds WANT_WHICH fragile at boundary WANT_B, at distance
 * WANT_D. */
static void fragile_is(const boot_range *lo, const boot_range *hi,
		       const boot_judge *judge, const char *want_which,
		       double want_b, double want_d, const char *name)
{
	const char *which = NULL;
	double boundary = NAN, distance = NAN;

	bool fragile = boot_fragile(lo, hi, judge, &which, &boundary,
				    &distance);

	tap_ok(fragile && strcmp(which, want_which) == 0
	       && eq(boundary, want_b) && fabs(distance - want_d) <= TOL,
	       "%s (got %s, %g, %g)", name, which ? which : "-", boundary,
	       distance);
}

/* Fragility by the study page's rule (verdict.h, lower is better).  Each
 * case names the verdict with the endpoint as it is and just across the
 * boundary in its range; only a change of verdict makes it fragile. */
static void test_fragile(void)
{
	const boot_judge t1 = { 1.784, BETTER_LOWER, boot_series_verdict };
	const boot_judge t5 = { 5.0, BETTER_LOWER, boot_series_verdict };
	const char *which = NULL;
	double boundary = 99.0, distance = 99.0;
	boot_range lo = { 0.1, -0.2, 0.3 }, hi = { 1.6, 1.5, 1.7 };
	boot_range hi_wide = { 2.5, 2.4, 2.6 };
	boot_range lo_far = { 0.5, 0.4, 0.6 }, hi_near_t = { 1.8, 1.7, 1.9 };
	boot_range eq_lo = { 0.002, -0.01, 0.015 }, eq_hi = { 1.135, 1.1, 1.2 };
	boot_range harm_lo = { 5.02, 4.97, 5.06 }, harm_hi = { 7.5, 7.4, 7.6 };

	/* [0.002; 1.135], T = 5: equivalent; lower endpoint at -0.0001 still
	 * inside (-5, 5): equivalent.  0 is in its range, yet no verdict
	 * changes. */
	tap_ok(!boot_fragile(&eq_lo, &eq_hi, &t5, &which, &boundary,
			     &distance) && eq(boundary, 99.0),
	       "equivalent [0.002; 1.135], T = 5: not fragile at 0");
	/* [0.1; 1.6], T = 1.784: equivalent on both sides of 0 too. */
	tap_ok(!boot_fragile(&lo, &hi, &t1, NULL, NULL, NULL),
	       "equivalent with 0 in the lower range: not fragile");
	/* [5.02; 7.5], T = 5: harm (lo > T); lower endpoint just below 5:
	 * 0 < lo, hi >= T: detected-small.  The MC range 4.97..5.06 holds
	 * T, so another seed could turn harm into detected-small. */
	fragile_is(&harm_lo, &harm_hi, &t5, "lower", 5.0, 0.02,
		   "harm with T within the Monte Carlo error: fragile, lower, "
		   "T, +0.02");
	/* [0.1; 2.5], T = 1.784: detected-small (excludes 0, reaches T);
	 * lower endpoint below 0: indeterminate. */
	fragile_is(&lo, &hi_wide, &t1, "lower", 0.0, 0.1,
		   "detected-small with 0 in the lower range: fragile, lower, "
		   "0, +0.1");
	tap_ok(!boot_fragile(&lo_far, &hi, &t1, NULL, NULL, NULL),
	       "no boundary inside either range: not fragile");
	/* [0.5; 1.8]: detected-small; upper endpoint below T: equivalent. */
	fragile_is(&lo_far, &hi_near_t, &t1, "upper", 1.784, 1.8 - 1.784,
		   "T inside the upper range: fragile, upper, T, +0.016");
	/* [0.1; 1.8]: lower across 0 gives indeterminate, upper across T
	 * equivalent; both change the verdict, and 0.016 < 0.1 is closer. */
	fragile_is(&lo, &hi_near_t, &t1, "upper", 1.784, 1.8 - 1.784,
		   "two candidates: the closest is named");
	/* [-1.8; 1.6]: indeterminate (contains 0, reaches -T); lower endpoint
	 * above -T: equivalent. */
	lo_far = (boot_range){ -1.8, -1.9, -1.7 };
	fragile_is(&lo_far, &hi, &t1, "lower", -1.784, -1.8 + 1.784,
		   "-T inside a range where it decides equivalence: fragile");
}

/* boot_fragile_exact by the same rule: MC and exact endpoints on two
 * sides of a boundary count only where the verdict differs across it. */
static void test_fragile_exact(void)
{
	const boot_judge t1 = { 1.784, BETTER_LOWER, boot_series_verdict };
	const boot_judge t5 = { 5.0, BETTER_LOWER, boot_series_verdict };
	const char *which = NULL;
	double boundary = 99.0, distance = 99.0;
	boot_interval mc, ex;

	memset(&mc, 0, sizeof mc);
	mc.defined = true;
	ex = mc;
	mc.lo = 0.002;
	mc.hi = 1.135;
	ex.lo = -0.001;
	ex.hi = 1.135;
	tap_ok(!boot_fragile_exact(&mc, &ex, &t5, NULL, NULL, NULL),
	       "equivalent, T = 5, exact lower endpoint below 0: not fragile");
	/* [0.01; 2.5], T = 1.784: detected-small; across 0: indeterminate. */
	mc.lo = 0.01;
	mc.hi = ex.hi = 2.5;
	ex.lo = -0.01;
	tap_ok(boot_fragile_exact(&mc, &ex, &t1, &which, &boundary,
				  &distance)
	       && strcmp(which, "lower") == 0 && eq(boundary, 0.0)
	       && fabs(distance - 0.01) <= TOL,
	       "detected-small, exact lower endpoint below 0: fragile");
	ex.lo = 0.02;
	tap_ok(!boot_fragile_exact(&mc, &ex, &t1, NULL, NULL, NULL),
	       "exact and MC on the same sides: not fragile");
	/* Exact upper endpoint exactly on T, MC's above: [0.01; 1.784) would
	 * be equivalent, [0.01; 2.5] is detected-small. */
	ex.hi = 1.784;
	tap_ok(boot_fragile_exact(&mc, &ex, &t1, &which, &boundary, NULL)
	       && strcmp(which, "upper") == 0 && eq(boundary, 1.784),
	       "an endpoint exactly on T against one above: fragile");
	ex.defined = false;
	tap_ok(!boot_fragile_exact(&mc, &ex, &t1, NULL, NULL, NULL),
	       "no exact interval: not fragile");
}

/* boot_compare judges the seed sensitivity of the pre-registered method:
 * data shifted so that the exact lower endpoint sits on 0, with an upper
 * endpoint near 1.1 beyond T = 0.5, is fragile (detected-small on one side
 * of 0, indeterminate on the other); the same data shifted well away is
 * not. */
static void test_compare_fragile(void)
{
	const double base[8] = { 0.3, 1.1, -0.4, 2.0, 0.9, 1.5, 0.2, 1.3 };
	const double zero[8] = { 0 };
	double state[8], *v, *w;
	size_t count;
	boot_dist dist;
	boot_interval ci;
	boot_comparison c;
	boot_settings set = { INTERVAL_PERCENTILE, 0.95, false, 2000, 0, 0.5,
			      BETTER_LOWER };

	boot_exact(base, 8, &v, &w, &count);
	dist = (boot_dist){ v, w, count, NULL, NULL };
	boot_interval_compute(INTERVAL_PERCENTILE, base, 8, 0.95, &dist, &ci);
	free(v);
	free(w);
	for (int i = 0; i < 8; i++)
		state[i] = base[i] - ci.lo;
	set.stream_seed = boot_stream_seed(3, "1", "0");
	boot_compare(state, zero, 8, &set, &c);
	tap_ok(c.fragile && strcmp(c.fragile_endpoint, "lower") == 0
	       && eq(c.fragile_boundary, 0.0) && c.exact_checked,
	       "lower endpoint on 0: fragile (%s, distance %g, %s)",
	       c.fragile_endpoint ? c.fragile_endpoint : "-",
	       c.fragile_distance, c.fragile_basis ? c.fragile_basis : "-");
	for (int i = 0; i < 8; i++)
		state[i] = base[i] + 20.0;
	boot_compare(state, zero, 8, &set, &c);
	tap_ok(!c.fragile, "endpoints far from 0 and +-T: not fragile");
}

static void test_compare_edges(void)
{
	const double ref[3] = { 2.0, 3.0, 4.0 };
	const double state[3] = { 2.5, 3.5, 4.5 };
	const double spread[3] = { 2.5, 3.1, 4.9 };
	boot_settings set = { INTERVAL_PERCENTILE, 0.95, false, 1000, 77, 1.0,
			      BETTER_LOWER };
	boot_comparison c;
	bool ok = true;

	boot_compare(spread, ref, 3, &set, &c);
	tap_ok(c.ci[INTERVAL_PERCENTILE].resamples == 1000
	       && c.ci[INTERVAL_T].resamples == 0,
	       "bootstrap intervals carry B, the t interval none");
	/* All differences 0.5 (exact in binary): every method [0.5, 0.5]. */
	boot_compare(state, ref, 3, &set, &c);
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
		ok &= c.ci[m].defined && eq(c.ci[m].lo, 0.5) && eq(c.ci[m].hi, 0.5);
	tap_ok(ok && c.ci[INTERVAL_BCA].fallback && !c.fragile,
	       "all differences equal: zero-width intervals at 0.5");
	boot_compare(state, ref, 1, &set, &c);
	tap_ok(c.pairs == 1 && eq(c.estimate, 0.5) && !c.ci[INTERVAL_T].defined
	       && !c.ci[INTERVAL_PERCENTILE].defined
	       && strcmp(c.ci[INTERVAL_PERCENTILE].note,
			 "fewer than 2 pairs") == 0,
	       "one pair: estimate, no interval");
	boot_compare(state, ref, 0, &set, &c);
	tap_ok(c.pairs == 0 && isnan(c.estimate)
	       && !c.ci[INTERVAL_BCA].defined, "no pairs: nothing");
	set.resamples = 0;
	tap_ok(boot_compare(state, ref, 3, &set, &c) == PB_DATAERR,
	       "resamples 0 refused");
}

/* The coverage table is looked up at the nearest simulated n: 7 pairs
 * read the 5-pair row (gap 2 < 3), 15 is halfway between 10 and 20 and
 * reads the smaller, 100 reads 40.  The values are those of the table in
 * docs/statistics.md (percentile at 10 pairs: 0.799). */
static void test_coverage_table(void)
{
	bool ok = true, in_range = true;

	/* Rows as printed in docs/statistics.md, each read at its own n. */
	tap_ok(eq(coverage_simulated(INTERVAL_PERCENTILE, 3), 0.637)
	       && eq(coverage_simulated(INTERVAL_PERCENTILE, 10), 0.795)
	       && eq(coverage_simulated(INTERVAL_T, 2), 0.897)
	       && eq(coverage_simulated(INTERVAL_STUDENTIZED, 4), 0.903)
	       && eq(coverage_simulated(INTERVAL_EXPANDED, 40), 0.899),
	       "coverage: each n reads its own row");
	tap_ok(isnan(coverage_simulated(INTERVAL_BCA, 1))
	       && isnan(coverage_simulated(INTERVAL_PERCENTILE, 41))
	       && isnan(coverage_simulated(INTERVAL_STUDENTIZED, 2))
	       && isnan(coverage_simulated(INTERVAL_STUDENTIZED, 3))
	       && isnan(coverage_simulated((interval_method)99, 10)),
	       "coverage: none outside 2..40 pairs, none for the unbounded "
	       "studentized interval at 2 and 3 pairs");
	/* The expanded interval reads the same replicates at more extreme
	 * levels, so it contains the percentile interval in every simulated
	 * study and covers at least as often; at 2 and 3 pairs both are the
	 * range of the differences (the 2.5% level lies below the weight
	 * 1/n^n of the smallest resample mean), so they are equal. */
	for (size_t n = COVERAGE_MIN_PAIRS; n <= COVERAGE_MAX_PAIRS; n++) {
		double pc = coverage_simulated(INTERVAL_PERCENTILE, n);
		double ex = coverage_simulated(INTERVAL_EXPANDED, n);

		ok &= n <= 3 ? eq(pc, ex) : pc <= ex;
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
			double c = coverage_simulated((interval_method)m, n);

			in_range &= (m == INTERVAL_STUDENTIZED && n <= 3)
				    ? isnan(c) : c > 0.3 && c < 1.0;
		}
	}
	tap_ok(ok, "coverage: expanded never below percentile, equal at "
	       "n <= 3");
	tap_ok(in_range, "coverage: every entry of the table filled in");
}

/* Two unpaired samples.  X = {0, 1} and Y = {10}: a replicate is 10 minus
 * the mean of two draws from X, so 10 (both 0, probability 1/4), 9.5
 * (one of each, 1/2) or 9 (both 1, 1/4).  With 40000 replicates each
 * share is within 0.01 of its probability (about 5 standard errors). */
static void test_unpaired(void)
{
	const double x[2] = { 0, 1 }, y[1] = { 10 };
	enum { B = 40000 };
	static double rep[B], again[B];
	size_t n10 = 0, n95 = 0, n9 = 0, other = 0;

	tap_ok(boot_unpaired_replicates(x, 2, y, 1, B, 12345, rep) == PB_OK,
	       "unpaired replicates are drawn");
	for (size_t i = 0; i < B; i++) {
		if (fabs(rep[i] - 10) < 1e-12)
			n10++;
		else if (fabs(rep[i] - 9.5) < 1e-12)
			n95++;
		else if (fabs(rep[i] - 9) < 1e-12)
			n9++;
		else
			other++;
	}
	tap_ok(other == 0, "every replicate is 10, 9.5 or 9");
	tap_near((double)n10 / B, 0.25, 0.01, "share of 10 is 1/4");
	tap_near((double)n95 / B, 0.50, 0.01, "share of 9.5 is 1/2");
	tap_near((double)n9 / B, 0.25, 0.01, "share of 9 is 1/4");
	boot_unpaired_replicates(x, 2, y, 1, B, 12345, again);
	tap_ok(memcmp(rep, again, sizeof rep) == 0,
	       "the same seed gives the same replicates");
	tap_ok(boot_unpaired_replicates(x, 0, y, 1, B, 1, rep) == PB_DATAERR,
	       "an empty sample is refused");
}

/* Sorts the N values X ascending by insertion, moving a value only past
 * larger ones: a stable sort, slow and plain, as the reference. */
static void stable_insertion_sort(double *x, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		double v = x[i];
		size_t j = i;

		for (; j > 0 && x[j - 1] > v; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
}

/* N values from a pool where every kind of double occurs often, so ties
 * (among them -0 beside +0) are frequent. */
static void sort_input(gsl_rng *r, double *x, size_t n, bool with_nan)
{
	static const double pool[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, 1e-310, -1e-310, 1e300, -1e300,
		INFINITY, -INFINITY, 3.25, -3.25, 1.0000000000000002,
		0.9999999999999999, 2.5e-8, -7.75,
	};
	size_t k = sizeof pool / sizeof pool[0];

	for (size_t i = 0; i < n; i++)
		x[i] = gsl_rng_uniform(r) < 0.5
		       ? pool[gsl_rng_uniform_int(r, k)]
		       : (gsl_rng_uniform(r) - 0.5) * 1e3;
	if (with_nan && n > 0)
		x[gsl_rng_uniform_int(r, n)] = NAN;
}

/* boot_sort gives, bit for bit, what a stable sort by value gives, -0 and
 * +0 in their input order; with a NaN, what qsort gives. */
static void test_sort(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 255, 256, 257, 1000, 3001 };
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	size_t bad = 0, bad_nan = 0, cases = 0;

	gsl_rng_set(r, 99);
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n = sizes[s];
		double *x = malloc((n + 1) * sizeof *x);
		double *want = malloc((n + 1) * sizeof *want);

		for (int rep = 0; rep < 20; rep++, cases++) {
			sort_input(r, x, n, false);
			memcpy(want, x, n * sizeof *x);
			stable_insertion_sort(want, n);
			boot_sort(x, n);
			for (size_t i = 0; i < n; i++)
				bad += !same_bits(x[i], want[i]);
			sort_input(r, x, n, true);
			memcpy(want, x, n * sizeof *x);
			qsort(want, n, sizeof *want, cmp);
			boot_sort(x, n);
			for (size_t i = 0; i < n; i++)
				bad_nan += !same_bits(x[i], want[i]);
		}
		free(x);
		free(want);
	}
	/* Already in order, in reverse, all equal: the radix passes that
	 * every key shares are skipped. */
	{
		double up[600], down[600], same[600], want[600];

		for (int i = 0; i < 600; i++) {
			up[i] = i - 300.5;
			down[i] = 300.5 - i;
			same[i] = i % 2 ? 0.0 : -0.0;
		}
		memcpy(want, same, sizeof want);
		boot_sort(up, 600);
		boot_sort(down, 600);
		boot_sort(same, 600);
		for (int i = 0; i < 600; i++)
			bad += !same_bits(up[i], i - 300.5)
			       + !same_bits(down[i], i - 298.5)
			       + !same_bits(same[i], want[i]);
	}
	tap_ok(bad == 0, "boot_sort: %zu arrays sorted bit for bit as a stable "
	       "sort sorts them (%zu values differ)", cases + 3, bad);
	tap_ok(bad_nan == 0, "boot_sort with a NaN: as qsort sorts it (%zu "
	       "values differ)", bad_nan);
	gsl_rng_free(r);
}

int main(void)
{
	gsl_set_error_handler_off();
	test_sort();
	test_unpaired();
	test_exact_counts();
	test_exact_n2();
	test_exact_n3();
	test_exact_n10();
	test_equal_weight_agreement();
	test_replicates();
	test_mc_vs_exact();
	test_pairing();
	test_bca();
	test_bca_fallback();
	test_t();
	test_expanded();
	test_studentized_n2();
	test_studentized_n3();
	test_studentized_vs_r();
	test_studentized_same_draws();
	test_studentized_each();
	test_seed_stability();
	test_mc_range();
	test_fragile();
	test_fragile_exact();
	test_compare_fragile();
	test_compare_edges();
	test_coverage_table();
	return tap_done();
}
