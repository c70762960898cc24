/* test_shapetest.c: the D'Agostino-Pearson test against scipy 1.10
 * (scipy.stats.skew, kurtosis(fisher=False), skewtest, kurtosistest,
 * normaltest), and its level on normal samples.
 *
 * scipy's skewtest replaces a skewness of exactly 0 by 1 before the
 * transformation; the formula gives Zs = 0 there, as the symmetric case
 * below checks by hand. */
#include <math.h>
#include <stdio.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/shapetest.h"
#include "tests/lib/tap.h"

typedef struct reference {
	const char *name;
	double x[20];
	size_t n;
	double skewness, kurtosis, z_skewness, z_kurtosis, p;
} reference;

static const reference cases[] = {
	{ "a long right tail, 10 values",
	  { 0.1, 0.3, 0.2, 0.5, 4.0, 0.25, 0.15, 0.35, 0.4, 0.3 }, 10,
	  2.617250821016093, 7.956975030826588, 3.9221916932870475,
	  3.5254552647710926, 9.132910239971918e-07 },
	{ "near normal, 15 values",
	  { 2.1, 1.9, 2.4, 1.7, 2.2, 2.0, 1.8, 2.6, 2.3, 1.5, 2.05, 1.95,
	    2.15, 1.85, 2.5 }, 15,
	  0.05032025454061738, 2.379583403609377, 0.10226202132412437,
	  -0.14257788977068953, 0.9847248786613084 },
	{ "one outlier in 20",
	  { 2.1, 1.9, 2.4, 1.7, 2.2, 2.0, 1.8, 2.6, 2.3, 1.5, 2.05, 1.95,
	    2.15, 1.85, 2.5, 2.0, 9.0, 2.2, 1.9, 2.1 }, 20,
	  3.9362581955179388, 17.053952359731394, 5.311120700139419,
	  4.608814471093095, 1.8291457648950116e-11 },
};

static void check_references(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const reference *c = &cases[i];
		shapetest_result r = shapetest_run(c->x, c->n);
		char name[128];

		tap_ok(r.defined, "%s: defined", c->name);
		snprintf(name, sizeof name, "%s: skewness", c->name);
		tap_near(r.skewness, c->skewness, 1e-12, name);
		snprintf(name, sizeof name, "%s: kurtosis", c->name);
		tap_near(r.kurtosis, c->kurtosis, 1e-12, name);
		snprintf(name, sizeof name, "%s: Zs", c->name);
		tap_near(r.z_skewness, c->z_skewness, 1e-10, name);
		snprintf(name, sizeof name, "%s: Zk", c->name);
		tap_near(r.z_kurtosis, c->z_kurtosis, 1e-10, name);
		snprintf(name, sizeof name, "%s: p", c->name);
		tap_near(r.p_value / c->p, 1.0, 1e-8, name);
	}
}

/* 1..8: no skewness, so Zs = 0 and p = exp(-Zk^2 / 2) with scipy's Zk
 * (kurtosistest does not touch the skewness). */
static void check_symmetric(void)
{
	const double x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	shapetest_result r = shapetest_run(x, 8);
	double zk = -0.8238198962461388;

	tap_near(r.skewness, 0.0, 1e-15, "1..8: skewness 0");
	tap_near(r.kurtosis, 1.7619047619047619, 1e-12,
		 "1..8: kurtosis 37/21");
	tap_near(r.z_skewness, 0.0, 1e-12, "1..8: Zs 0");
	tap_near(r.z_kurtosis, zk, 1e-10, "1..8: Zk as scipy's");
	tap_near(r.p_value, exp(-0.5 * zk * zk), 1e-12,
		 "1..8: p from Zk alone");
}

static void check_undefined(void)
{
	const double x[8] = { 3, 3, 3, 3, 3, 3, 3, 3 };

	tap_ok(!shapetest_run(x, 7).defined, "7 values: not defined");
	tap_ok(!shapetest_run(x, 8).defined, "equal values: not defined");
	tap_ok(isnan(shapetest_run(x, 8).p_value), "and no p-value");
}

/* On normal samples of 15 the test rejects at 0.10 in about a tenth of
 * them: 4000 samples, so the share has a standard error of 0.005. */
static void check_level(void)
{
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	double x[15];
	size_t rejected = 0, samples = 4000;

	gsl_rng_set(rng, 11);
	for (size_t s = 0; s < samples; s++) {
		for (size_t i = 0; i < 15; i++)
			x[i] = gsl_ran_gaussian(rng, 1.0);
		rejected += shapetest_run(x, 15).p_value < 0.10;
	}
	gsl_rng_free(rng);
	tap_ok(fabs((double)rejected / (double)samples - 0.10) < 0.02,
	       "normal samples of 15: %zu of %zu rejected at 0.10", rejected,
	       samples);
}

int main(void)
{
	check_references();
	check_symmetric();
	check_undefined();
	check_level();
	return tap_done();
}
