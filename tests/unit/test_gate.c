/* test_gate.c: the compare gate's statistics against values worked out
 * by hand: Holm's adjusted p-values, the Welch interval, its degrees of
 * freedom and p-value; then its behaviour with no change, by simulation
 * with fixed seeds: the share of intervals and of whole families that a
 * nominal 5% test rejects. */
#include <math.h>
#include <stdio.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/gate.h"
#include "analyze/welch.h"
#include "tests/lib/tap.h"

/* Holm at alpha 0.05 over p = 0.01, 0.04, 0.03: sorted 0.01, 0.03, 0.04
 * are multiplied by 3, 2, 1 (0.03, 0.06, 0.04), and the running maximum
 * gives 0.03, 0.06, 0.06; only the first is below 0.05. */
static void holm_by_hand(void)
{
	const double p[3] = { 0.01, 0.04, 0.03 };
	double adj[3];

	tap_ok(gate_holm(p, 3, adj) == PB_OK, "holm: runs");
	tap_near(adj[0], 0.03, 1e-15, "holm: 0.01 of 3 adjusts to 0.03");
	tap_near(adj[1], 0.06, 1e-15, "holm: 0.04 adjusts to 0.06 (the "
		 "running maximum)");
	tap_near(adj[2], 0.06, 1e-15, "holm: 0.03 adjusts to 0.06");
	tap_ok(adj[0] < 0.05 && !(adj[1] < 0.05) && !(adj[2] < 0.05),
	       "holm: only 0.01 is rejected at 0.05");

	/* Capped at 1, ties in input order, one value left alone. */
	const double q[4] = { 0.5, 0.2, 0.2, 0.001 };
	double qa[4];
	gate_holm(q, 4, qa);
	tap_near(qa[3], 0.004, 1e-15, "holm: the smallest of 4 times 4");
	tap_near(qa[1], 0.6, 1e-15, "holm: tied 0.2, second smallest, "
		 "times 3");
	tap_near(qa[2], 0.6, 1e-15, "holm: its tie keeps the running "
		 "maximum (0.2 x 2 = 0.4 < 0.6)");
	tap_near(qa[0], 0.6, 1e-15, "holm: 0.5 x 1 is below the maximum");
	const double one = 0.7;
	double oa;
	gate_holm(&one, 1, &oa);
	tap_near(oa, 0.7, 0, "holm: a family of one is not adjusted");
	const double big[2] = { 0.6, 0.9 };
	double ba[2];
	gate_holm(big, 2, ba);
	tap_near(ba[0], 1, 0, "holm: 0.6 x 2 is capped at 1");
}

/* Old 1..5, new 3..7: mean 3 and 5, variances 2.5 each, se =
 * sqrt(0.5 + 0.5) = 1, df = 1 / (0.25 / 4 + 0.25 / 4) = 8.  With
 * t_{0.975, 8} = 2.306004 (tables), the 95% interval is 2 -/+ 2.306004.
 * For even df, P(T <= t) = 1/2 + t / (2 sqrt(df + t^2)) sum_{k < df/2}
 * C(2k, k) / 4^k (df / (df + t^2))^k; at t = 2, df = 8 the sum is
 * 1 + 1/2 (2/3) + 3/8 (4/9) + 5/16 (8/27) = 1.5925926, so P(T > 2) =
 * 0.5 - 0.57735 x 1.5925926 / 2 = 0.040258 and the two-sided p of
 * "above 0" is 0.080516. */
static void welch_by_hand(void)
{
	const double x_old[5] = { 1, 2, 3, 4, 5 };
	const double x_new[5] = { 3, 4, 5, 6, 7 };
	welch_change w;
	double lo, hi;

	welch_of(x_old, 5, x_new, 5, &w);

	tap_ok(w.defined, "welch: defined at 5 and 5");
	tap_near(w.estimate, 2, 1e-15, "welch: estimate 5 - 3");
	tap_near(w.se, 1, 1e-15, "welch: se 1");
	tap_near(w.df, 8, 1e-12, "welch: df 8");
	welch_interval(&w, 0.05, &lo, &hi);
	tap_near(lo, 2 - 2.306004135, 1e-8, "welch: 95% lower end");
	tap_near(hi, 2 + 2.306004135, 1e-8, "welch: 95% upper end");
	tap_near(welch_p_above(&w, 0), 0.080516, 2e-6,
		 "welch: p of 'above 0' is 2 P(T_8 > 2)");
	tap_near(welch_p_below(&w, 4), 0.080516, 2e-6,
		 "welch: p of 'below 4' is the same by symmetry");
	tap_near(welch_p_above(&w, 2), 1, 1e-15,
		 "welch: the estimate on the boundary gives p 1");
	tap_near(welch_p_below(&w, 0), 1, 1e-15,
		 "welch: the far side is capped at 1");

	/* Unequal: old {1, 3} (variance 2, 2/2 = 1), new {0, 2, 4, 6, 8}
	 * (variance 10, 10/5 = 2): se = sqrt(3), df = 9 / (1/1 + 4/4) =
	 * 4.5. */
	const double u_old[2] = { 1, 3 };
	const double u_new[5] = { 0, 2, 4, 6, 8 };
	welch_of(u_old, 2, u_new, 5, &w);
	tap_near(w.se, sqrt(3), 1e-15, "welch: unequal variances, se "
		 "sqrt(3)");
	tap_near(w.df, 4.5, 1e-12, "welch: Welch-Satterthwaite df 4.5");

	/* Constant samples: width 0, p 0 or 1 by strict comparison. */
	const double c_old[3] = { 2, 2, 2 }, c_new[3] = { 3, 3, 3 };
	welch_of(c_old, 3, c_new, 3, &w);
	welch_interval(&w, 0.05, &lo, &hi);
	tap_ok(fabs(lo - 1) < 1e-15 && fabs(hi - 1) < 1e-15,
	       "welch: constant samples give [1, 1]");
	tap_ok(welch_p_above(&w, 0.5) < 0.5 && welch_p_above(&w, 1) > 0.5,
	       "welch: then above 0.5 is sure (p 0), above 1 is not (p 1, "
	       "strict)");
	welch_of(c_old, 1, c_new, 3, &w);
	tap_ok(!w.defined && isnan(welch_p_above(&w, 0)),
	       "welch: one value on a side gives no interval");
}

/* A null sample pair: N_OLD and N_NEW values of one distribution (KIND 0
 * normal sd 1, 1 lognormal sigma 1, 2 normal with sd 1 old and 3 new),
 * shifted by SHIFT on the new side. */
static welch_change null_draw(gsl_rng *r, int kind, size_t n_old,
			      size_t n_new, double shift)
{
	double xo[40], xn[40];

	for (size_t i = 0; i < n_old; i++)
		xo[i] = kind == 1 ? gsl_ran_lognormal(r, 0, 1)
				  : gsl_ran_gaussian(r, 1);
	for (size_t i = 0; i < n_new; i++)
		xn[i] = shift + (kind == 1 ? gsl_ran_lognormal(r, 0, 1)
				 : gsl_ran_gaussian(r, kind == 2 ? 3 : 1));
	welch_change w;
	welch_of(xo, n_old, xn, n_new, &w);
	return w;
}

#define DRAWS 2000
/* 3 Monte Carlo standard errors of a share near 0.05 (0.0049 each) and
 * near 0.025 (0.0035 each). */
#define TOL_05 0.0146
#define TOL_025 0.0105

/* The share of DRAWS intervals that find a change (either way, boundary
 * 0) at alpha 0.05, and of those that find one upwards. */
static void null_share(int kind, size_t n_old, size_t n_new,
		       const char *what, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	size_t either = 0, up = 0;

	gsl_rng_set(r, seed);
	for (int i = 0; i < DRAWS; i++) {
		welch_change w = null_draw(r, kind, n_old, n_new, 0);
		double pa = welch_p_above(&w, 0), pb = welch_p_below(&w, 0);
		up += pa < 0.05;
		either += pa < 0.05 || pb < 0.05;
	}
	gsl_rng_free(r);
	tap_diag("%s: %zu of %d null intervals found a change, %zu upwards",
		 what, either, DRAWS, up);
	if (kind == 1) {
		/* Skewed: the difference of two equally skewed means is
		 * symmetric, but its t ratio is not quite t-distributed;
		 * the test may only be conservative. */
		tap_ok((double)either / DRAWS < 0.05 + TOL_05,
		       "%s: two-sided share %.4f at most 0.05 within 3 MC SE",
		       what, (double)either / DRAWS);
		return;
	}
	tap_ok(fabs((double)either / DRAWS - 0.05) < TOL_05,
	       "%s: two-sided share %.4f within 3 MC SE of 0.05", what,
	       (double)either / DRAWS);
	tap_ok(fabs((double)up / DRAWS - 0.025) < TOL_025,
	       "%s: one side %.4f within 3 MC SE of 0.025", what,
	       (double)up / DRAWS);
}

/* Whole families of 10 intervals (2 series x 5 states, as the issue's
 * study) whose true change is exactly T = 0.5 worse, the edge of the
 * null of `worse`: the share of families where Holm establishes a
 * worsening of T is at most alpha (about alpha / 2 for a two-sided
 * interval: 1 - (1 - 0.0025)^10 = 0.0247 with independent intervals). */
static void null_family(void)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	size_t failed = 0, failed_plain = 0;

	gsl_rng_set(r, 37);
	for (int f = 0; f < DRAWS; f++) {
		double p[10], adj[10];
		bool any = false, any_plain = false;
		for (int k = 0; k < 10; k++) {
			welch_change w = null_draw(r, 0, 10, 10, 0.5);
			p[k] = welch_p_above(&w, 0.5);
			any_plain = any_plain || p[k] < 0.05;
		}
		gate_holm(p, 10, adj);
		for (int k = 0; k < 10; k++)
			any = any || adj[k] < 0.05;
		failed += any;
		failed_plain += any_plain;
	}
	gsl_rng_free(r);
	tap_diag("families of 10 at the edge of the null: %zu of %d fail "
		 "with Holm, %zu without", failed, DRAWS, failed_plain);
	tap_ok(fabs((double)failed / DRAWS - 0.0247) < TOL_025,
	       "family of 10: share failing %.4f within 3 MC SE of 0.0247, "
	       "below alpha", (double)failed / DRAWS);
	tap_ok((double)failed_plain / DRAWS > 0.15,
	       "without Holm the same families fail far more often (%.4f)",
	       (double)failed_plain / DRAWS);
}

int main(void)
{
	holm_by_hand();
	welch_by_hand();
	null_share(0, 10, 10, "normal, 10 and 10", 1);
	null_share(0, 5, 5, "normal, 5 and 5", 2);
	null_share(2, 10, 5, "normal, sd 1 at 10 and sd 3 at 5", 3);
	null_share(1, 10, 10, "lognormal sigma 1, 10 and 10", 4);
	null_family();
	tap_ok(gate_mode_code(GATE_WORSE_DETECTED)[0] == 'w'
	       && gate_decision_code(GATE_INCONCLUSIVE)[0] == 'i',
	       "codes: worse-detected, inconclusive");
	gate_mode m;
	tap_ok(gate_mode_from_code("worse-detected", &m)
	       && m == GATE_WORSE_DETECTED && !gate_mode_from_code("better", &m),
	       "codes: parsed back, others refused");
	return tap_done();
}
