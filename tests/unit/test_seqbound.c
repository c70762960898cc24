/* test_seqbound.c: the levels of the looks of a sequential design
 * (analyze/seqbound.h) against published constants and designs, an
 * independent computation and a Monte Carlo of the joint law.
 *
 * Sources of the values written here:
 *
 *  [JT]  Jennison & Turnbull, "Group Sequential Methods with Applications
 *        to Clinical Trials", Chapman & Hall/CRC 2000: Table 2.1 (Pocock's
 *        C_P(K, alpha)) and Table 2.3 (O'Brien & Fleming's C_B(K,
 *        alpha)), equally spaced looks, two-sided alpha, three decimals.
 *        Every Pocock value and the O'Brien-Fleming values at alpha =
 *        0.05 were checked against public copies of these tables in
 *        program code; the O'Brien-Fleming values at alpha = 0.01 for K =
 *        2 and 3 too; for K = 4..10 at 0.01 no public copy was found, and
 *        they rest on [JT] as read and on [MVN], which gives the same
 *        three decimals.
 *  [MVN] an independent computation: P(max_k |Z_k| / c_k > 1) = 1 - the
 *        multivariate normal probability of the box, by Genz's method
 *        (scipy 1.10.1, scipy.stats.multivariate_normal.cdf with
 *        lower_limit, abseps 1e-8), C by brentq.
 *  [L]   Lakens, "Improving Your Statistical Inferences", chapter
 *        "Sequential Analysis" (github.com/Lakens/statistical_inferences,
 *        10-sequential.qmd, its figures computed by rpact's
 *        getDesignGroupSequential(sided = 2, alpha = 0.05)): O'Brien-
 *        Fleming with 3 looks 3.471, 2.454, 2.004; Pocock with 2 looks
 *        2.178 (nominal level 0.0294 a look) and 3 looks 2.289 (0.0221);
 *        Wang & Tsiatis with Delta = 0.25 and 3 looks 2.741, 2.305, 2.083.
 *  [W]   Wikipedia, "Pocock boundary": the nominal two-sided level of
 *        each look for an overall 0.05, 0.0294, 0.0221, 0.0182, 0.0158
 *        for 2, 3, 4, 5 equally spaced looks.
 *  [GS]  R package gsDesign, tests/testthat/test-base.R: "test.Deming.
 *        OFbound", gsDesign(k = 4, test.type = 2, sfu = "OF") bounds
 *        4.05, 2.86, 2.34, 2.02; and the type I error of k looks each at
 *        qnorm(0.975) (upper side, rounded to 3 decimals): 0.042, 0.063,
 *        0.097, 0.124 for k = 2, 4, 10, 20.
 *  [RP]  R package rpact, tests/testthat/test-f_design_group_sequential.R
 *        (design x8b): getDesignGroupSequential(kMax = 3, alpha = 0.025,
 *        sided = 2, informationRates = c(0.3, 0.8, 1), typeOfDesign =
 *        "WT", deltaWT = 0.24): critical values 3.2029374, 2.4819703,
 *        2.3420706, cumulative alpha spent 0.0013603353, 0.013978861,
 *        0.02499999: a design of unequally spaced looks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/seqbound.h"
#include "tests/lib/tap.h"

/* A table's three decimals: the value is within half a unit of the last
 * one. */
#define TABLE_TOL 0.0005

/* 1..10 as looks: equally spaced. */
static const unsigned long equal[PLAN_MAX_LOOKS] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20
};

/* [JT] Table 2.1, C_P(K, alpha), K = 1..10. */
static const double pocock_05[10] = {
	1.960, 2.178, 2.289, 2.361, 2.413, 2.453, 2.485, 2.512, 2.535, 2.555
};
static const double pocock_01[10] = {
	2.576, 2.772, 2.873, 2.939, 2.986, 3.023, 3.053, 3.078, 3.099, 3.117
};

/* [JT] Table 2.3, C_B(K, alpha), K = 1..10: c_k = C_B sqrt(K / k). */
static const double obf_05[10] = {
	1.960, 1.977, 2.004, 2.024, 2.040, 2.053, 2.063, 2.072, 2.080, 2.087
};
static const double obf_01[10] = {
	2.576, 2.580, 2.595, 2.609, 2.621, 2.631, 2.640, 2.648, 2.654, 2.660
};

/* The constant C of boundary B for K equally spaced looks at confidence
 * CONF: the last look's critical value (C itself for both). */
static double constant_of(look_boundary b, size_t k, double conf)
{
	double levels[PLAN_MAX_LOOKS], crit[PLAN_MAX_LOOKS];

	if (seqbound_levels(b, equal, k, conf, levels, crit) != PB_OK)
		return NAN;
	return crit[k - 1];
}

/* Each of a table's ten constants, as one check. */
static void check_table(look_boundary b, double conf, const double *want,
			const char *name)
{
	tap_cases cases = { 0, 0 };

	for (size_t k = 1; k <= 10; k++) {
		double got = constant_of(b, k, conf);
		char w[32], g[32];

		snprintf(w, sizeof w, "%.3f", want[k - 1]);
		snprintf(g, sizeof g, "%.6f", got);
		tap_case(&cases, fabs(got - want[k - 1]) <= TABLE_TOL, w, g,
			 "K = %zu", k);
	}
	tap_cases_done(&cases, "%s, K = 1..10: C within %.4f of [JT]", name,
		       TABLE_TOL);
}

static void test_tables(void)
{
	check_table(BOUNDARY_POCOCK, 0.95, pocock_05,
		    "Pocock, alpha 0.05 (Table 2.1)");
	check_table(BOUNDARY_POCOCK, 0.99, pocock_01,
		    "Pocock, alpha 0.01 (Table 2.1)");
	check_table(BOUNDARY_OBRIEN_FLEMING, 0.95, obf_05,
		    "O'Brien-Fleming, alpha 0.05 (Table 2.3)");
	check_table(BOUNDARY_OBRIEN_FLEMING, 0.99, obf_01,
		    "O'Brien-Fleming, alpha 0.01 (Table 2.3)");
}

/* [L], [W] and [GS]: the critical values and levels of whole designs. */
static void test_published_designs(void)
{
	static const double obf3[3] = { 3.471, 2.454, 2.004 };
	static const double obf4[4] = { 4.05, 2.86, 2.34, 2.02 };
	static const double pocock_p[4] = { 0.0294, 0.0221, 0.0182, 0.0158 };
	double levels[PLAN_MAX_LOOKS], crit[PLAN_MAX_LOOKS];

	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, equal, 3, 0.95, levels, crit);
	for (size_t k = 0; k < 3; k++)
		tap_near(crit[k], obf3[k], TABLE_TOL,
			 "O'Brien-Fleming, 3 looks at 0.05: a critical value "
			 "as rpact's [L]");
	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, equal, 4, 0.95, levels, crit);
	for (size_t k = 0; k < 4; k++)
		tap_near(crit[k], obf4[k], 0.005,
			 "O'Brien-Fleming, 4 looks at 0.05: a critical value "
			 "as gsDesign's to 2 decimals [GS]");
	for (size_t n = 2; n <= 5; n++) {
		seqbound_levels(BOUNDARY_POCOCK, equal, n, 0.95, levels, crit);
		tap_near(1 - levels[n - 1], pocock_p[n - 2], 0.00005,
			 "Pocock at 0.05: the nominal level of a look to the "
			 "4 decimals of [W] and [L]");
	}
}

/* seqbound_crossing against designs computed elsewhere: [RP]'s unequally
 * spaced Wang-Tsiatis design, [L]'s equally spaced one, and repeated
 * tests at the fixed level [GS]. */
static void test_crossing_published(void)
{
	static const unsigned long rp_looks[3] = { 3, 8, 10 };
	static const double rp_crit[3] = { 3.2029374, 2.4819703, 2.3420706 };
	static const double wt_crit[3] = { 2.741, 2.305, 2.083 };
	static const size_t reps[4] = { 2, 4, 10, 20 };
	static const double reps_upper[4] = { 0.042, 0.063, 0.097, 0.124 };
	double z975 = gsl_cdf_ugaussian_Qinv(0.025), crit[PLAN_MAX_LOOKS];

	tap_near(seqbound_crossing(rp_looks, 1, rp_crit), 0.0013603353, 1e-9,
		 "[RP] Wang-Tsiatis at 3;8;10: the first look's alpha");
	tap_near(seqbound_crossing(rp_looks, 2, rp_crit), 0.013978861, 1e-6,
		 "[RP] Wang-Tsiatis at 3;8;10: alpha spent by look 2");
	tap_near(seqbound_crossing(rp_looks, 3, rp_crit), 0.02499999, 1e-6,
		 "[RP] Wang-Tsiatis at 3;8;10: alpha spent by look 3");
	/* Three critical values rounded to 3 decimals move the probability
	 * by at most 3 x 0.0005 x 2 phi(2.08) ~ 1e-4. */
	tap_near(seqbound_crossing(equal, 3, wt_crit), 0.05, 1e-4,
		 "[L] Wang-Tsiatis, Delta 0.25, 3 looks: alpha 0.05");
	/* By symmetry the two-sided probability is twice gsDesign's upper
	 * one, which is rounded to 3 decimals. */
	for (size_t i = 0; i < 4; i++) {
		for (size_t k = 0; k < reps[i]; k++)
			crit[k] = z975;
		tap_near(seqbound_crossing(equal, reps[i], crit) / 2,
			 reps_upper[i], 0.0005,
			 "[GS] repeated tests at 1.96: half the chance of a "
			 "miss, to 3 decimals");
	}
}

/* Unequally spaced looks 5;10;20;40: C against [MVN] (given to 5
 * decimals; Genz's error at abseps 1e-8 moves C by about 1e-7), and the
 * crossing probability at the computed critical values against a Monte
 * Carlo of the joint law. */
static void test_unequal(void)
{
	static const unsigned long looks[4] = { 5, 10, 20, 40 };
	enum { PATHS = 1000000 };
	double lv[4], cp[4], co[4];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	size_t miss_p = 0, miss_o = 0;
	/* The binomial standard error of a share near 0.05 in PATHS paths;
	 * a fixed seed, and 4 standard errors (one false failure in about
	 * 16000 seeds). */
	double se = sqrt(0.05 * 0.95 / PATHS), tol = 4 * se;

	seqbound_levels(BOUNDARY_POCOCK, looks, 4, 0.95, lv, cp);
	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, looks, 4, 0.95, lv, co);
	tap_near(cp[0], 2.40850, 2e-5, "Pocock at 5;10;20;40: C as [MVN]");
	tap_near(co[3], 1.97761, 2e-5,
		 "O'Brien-Fleming at 5;10;20;40: C as [MVN]");
	gsl_rng_set(r, 20240601);
	for (long i = 0; i < PATHS; i++) {
		double s = 0, t = 0;
		bool p = false, o = false;

		for (size_t k = 0; k < 4; k++) {
			double z;

			s += gsl_ran_gaussian_ziggurat(r, sqrt(looks[k] - t));
			t = looks[k];
			z = fabs(s) / sqrt(t);
			p = p || z > cp[k];
			o = o || z > co[k];
		}
		miss_p += p;
		miss_o += o;
	}
	gsl_rng_free(r);
	tap_near((double)miss_p / PATHS, 0.05, tol,
		 "Pocock at 5;10;20;40: a Monte Carlo of 1e6 paths misses "
		 "at 0.05 within 4 standard errors");
	tap_near((double)miss_o / PATHS, 0.05, tol,
		 "O'Brien-Fleming at 5;10;20;40: a Monte Carlo of 1e6 paths "
		 "misses at 0.05 within 4 standard errors");
}

/* The shape of the levels: O'Brien-Fleming's rise to the last look,
 * Pocock's are one, Bonferroni's are 1 - alpha / K exactly, and none is
 * below the overall confidence. */
static void test_shapes(void)
{
	double lo[PLAN_MAX_LOOKS], lp[PLAN_MAX_LOOKS], lb[PLAN_MAX_LOOKS];
	double cb[PLAN_MAX_LOOKS];
	size_t n = PLAN_MAX_LOOKS;
	double c20 = gsl_cdf_ugaussian_Qinv(0.05 / 40);
	bool rise = true, flat = true, bonf = true, above = true;

	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, equal, n, 0.95, lo, NULL);
	seqbound_levels(BOUNDARY_POCOCK, equal, n, 0.95, lp, NULL);
	seqbound_levels(BOUNDARY_BONFERRONI, equal, n, 0.95, lb, cb);
	for (size_t k = 0; k < n; k++) {
		if (k > 0)
			rise = rise && lo[k] < lo[k - 1];
		flat = flat && !(lp[k] < lp[0] || lp[k] > lp[0]);
		bonf = bonf && !(lb[k] < 1 - 0.05 / 20 || lb[k] > 1 - 0.05 / 20)
		       && fabs(cb[k] - c20) < 1e-15;
		above = above && lo[k] >= 0.95 && lp[k] >= 0.95
			&& lb[k] >= 0.95;
	}
	tap_ok(rise, "O'Brien-Fleming, 20 looks: the level falls from "
	       "look to look toward the overall confidence (%.9f .. %.6f)",
	       lo[0], lo[n - 1]);
	tap_ok(flat, "Pocock, 20 looks: one level at every look (%.6f)",
	       lp[0]);
	tap_ok(bonf, "Bonferroni, 20 looks: 1 - 0.05 / 20 at every look, "
	       "critical value Phi^-1(1 - 0.05 / 40)");
	tap_ok(above, "no look's level is below the overall confidence");
	tap_ok(seqbound_crossing(equal, n, cb) < 0.05
	       && seqbound_crossing(equal, n, cb) > 0.05 / 20,
	       "Bonferroni is conservative: the chance of a miss %.5f lies "
	       "between one look's 0.0025 and 0.05",
	       seqbound_crossing(equal, n, cb));
}

/* One look is the fixed interval, whatever the boundary. */
static void test_one_look(void)
{
	static const look_boundary bs[3] = {
		BOUNDARY_OBRIEN_FLEMING, BOUNDARY_POCOCK, BOUNDARY_BONFERRONI
	};
	static const unsigned long one[1] = { 12 };

	for (size_t i = 0; i < 3; i++) {
		double lv = 0, c = 0;

		tap_ok(seqbound_levels(bs[i], one, 1, 0.95, &lv, &c) == PB_OK
		       && !(lv < 0.95 || lv > 0.95)
		       && fabs(c - 1.959963984540054) < 1e-12,
		       "%s, one look: the level is the confidence 0.95, "
		       "c = qnorm(0.975)", look_boundary_name(bs[i]));
	}
	tap_near(seqbound_crossing(one, 1, (const double[]){ 2.5 }),
		 2 * gsl_cdf_ugaussian_Q(2.5), 1e-17,
		 "crossing, one look: 2 Q(c)");
}

/* What the integration gives where the answer is known exactly: within
 * its error (1e-7) where the score is carried over looks, to the last bit
 * of GSL's tail where it is not. */
static void test_crossing_limits(void)
{
	static const unsigned long looks[3] = { 4, 9, 30 };
	const double inf = INFINITY;

	tap_ok(seqbound_crossing(looks, 3, (const double[]){ inf, inf, inf })
	       < 1e-300, "no look can miss: probability 0");
	tap_near(seqbound_crossing(looks, 3, (const double[]){ inf, inf, 2 }),
		 2 * gsl_cdf_ugaussian_Q(2), 1e-7,
		 "only the last look can miss: its own 2 Q(c)");
	tap_near(seqbound_crossing(looks, 3, (const double[]){ 2, inf, inf }),
		 2 * gsl_cdf_ugaussian_Q(2), 1e-15,
		 "only the first look can miss: its own 2 Q(c)");
}

/* The same design gives the same bits. */
static void test_repeat(void)
{
	static const unsigned long looks[5] = { 6, 7, 15, 16, 40 };
	double a[5], b[5], ca[5], cb[5];

	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, looks, 5, 0.9, a, ca);
	seqbound_levels(BOUNDARY_OBRIEN_FLEMING, looks, 5, 0.9, b, cb);
	tap_ok(memcmp(a, b, sizeof a) == 0 && memcmp(ca, cb, sizeof ca) == 0,
	       "the same design twice: the same levels, bit for bit");
	tap_near(seqbound_crossing(looks, 5, ca), 0.1, 1e-9,
		 "its critical values miss with probability 1 - confidence");
}

/* Bad input is refused and nothing is written. */
static void test_bad_input(void)
{
	static const unsigned long twenty_one[21] = {
		1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
		18, 19, 20, 21
	};
	static const unsigned long same[2] = { 10, 10 }, down[2] = { 10, 5 };
	static const unsigned long zero[2] = { 0, 5 }, ok2[2] = { 5, 10 };
	static const double confs[6] = { 0, 1, -0.5, 1.5, NAN, INFINITY };
	double lv[PLAN_MAX_LOOKS + 1] = { 7 }, c[PLAN_MAX_LOOKS + 1] = { 7 };
	bool refused = true, untouched;

	refused &= seqbound_levels(BOUNDARY_POCOCK, ok2, 0, 0.95, lv, c)
		   == PB_DATAERR;
	refused &= seqbound_levels(BOUNDARY_POCOCK, twenty_one, 21, 0.95, lv,
				   c) == PB_DATAERR;
	refused &= seqbound_levels(BOUNDARY_POCOCK, same, 2, 0.95, lv, c)
		   == PB_DATAERR;
	refused &= seqbound_levels(BOUNDARY_POCOCK, down, 2, 0.95, lv, c)
		   == PB_DATAERR;
	refused &= seqbound_levels(BOUNDARY_POCOCK, zero, 2, 0.95, lv, c)
		   == PB_DATAERR;
	refused &= seqbound_levels((look_boundary)LOOK_BOUNDARY_COUNT, ok2, 2,
				   0.95, lv, c) == PB_DATAERR;
	for (size_t i = 0; i < 6; i++)
		refused &= seqbound_levels(BOUNDARY_OBRIEN_FLEMING, ok2, 2,
					   confs[i], lv, c) == PB_DATAERR;
	refused &= seqbound_levels(BOUNDARY_POCOCK, ok2, 2, 0.95, NULL, c)
		   == PB_SOFTWARE;
	refused &= seqbound_levels(BOUNDARY_POCOCK, NULL, 2, 0.95, lv, c)
		   == PB_SOFTWARE;
	untouched = !(lv[0] < 7 || lv[0] > 7) && !(c[0] < 7 || c[0] > 7);
	tap_ok(refused && untouched,
	       "no looks, 21 looks, looks not ascending or from 0, no "
	       "boundary, a confidence outside (0, 1): refused, nothing "
	       "written");
	tap_ok(isnan(seqbound_crossing(ok2, 0, c))
	       && isnan(seqbound_crossing(down, 2, c))
	       && isnan(seqbound_crossing(ok2, 2, NULL))
	       && isnan(seqbound_crossing(ok2, 2, (const double[]){ 2, 0 }))
	       && isnan(seqbound_crossing(ok2, 2, (const double[]){ NAN, 2 })),
	       "crossing: NAN for bad looks or a critical value not > 0");
}

int main(void)
{
	gsl_set_error_handler_off();
	test_tables();
	test_published_designs();
	test_crossing_published();
	test_unequal();
	test_shapes();
	test_one_look();
	test_crossing_limits();
	test_repeat();
	test_bad_input();
	return tap_done();
}
