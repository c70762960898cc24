/* test_planning.c: unit tests of analyze/planning: the blocks a study
 * needs for a decisive verdict, by simulation, against closed-form power.
 *
 * For normally distributed differences (mean delta, SD sigma) judged with
 * the Student t interval at 95%, the probability of a decisive verdict has
 * a closed form.  Computed with scipy 1.10 (written into the test, which
 * does not need scipy):
 *   harm, P(lower bound > T) = nct.sf(t_{0.975,m-1}, m-1,
 *   (delta - T) sqrt(m) / sigma), for delta = 2.5, sigma = 2, T = 1.5:
 *       m = 8: 0.2314   m = 12: 0.3526   m = 20: 0.5645
 *   equivalence (the two one-sided tests at 2.5% each), the probability
 *   that the whole interval lies inside (-T, T), integrated over the
 *   chi-square distribution of the sample SD, for delta = 0.3, sigma = 2,
 *   T = 1.5:
 *       m = 20: 0.6892   m = 24: 0.7917   m = 25: 0.8114   m = 30: 0.8854
 * so the smallest m with an assurance of 0.8 is 25 (a pilot this large
 * leaves almost nothing unknown: its assurance is that power).  The simulation draws
 * its studies from a pilot of 4000 normal values standardized to exactly
 * that mean and SD; with 400 simulated studies per size its standard error
 * is at most 0.025, and the checks allow 3 of them. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/planning.h"
#include "tests/lib/tap.h"

/* A count against the value wanted. */
static void is_count(size_t got, size_t want, const char *name)
{
	tap_ok(got == want, "%s (%zu, want %zu)", name, got, want);
}

#define PILOT 4000
#define TOLERANCE 0.075

/* A pilot of PILOT values of mean DELTA and SD SIGMA exactly. */
static double *normal_pilot(double delta, double sigma, unsigned long seed)
{
	double *x = malloc(PILOT * sizeof *x), mean = 0, ss = 0;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(r, seed);
	for (size_t i = 0; i < PILOT; i++) {
		x[i] = gsl_ran_gaussian(r, 1.0);
		mean += x[i];
	}
	mean /= PILOT;
	for (size_t i = 0; i < PILOT; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	for (size_t i = 0; i < PILOT; i++)
		x[i] = delta + sigma * (x[i] - mean) / sqrt(ss / (PILOT - 1));
	gsl_rng_free(r);
	return x;
}

static const planning_settings student = {
	INTERVAL_T, 0.95, 1.5, BETTER_LOWER, 200, 12345
};

static void check_harm_power(void)
{
	static const struct { size_t m; double power; } want[] = {
		{ 8, 0.2314 }, { 12, 0.3526 }, { 20, 0.5645 },
	};
	double *x = normal_pilot(2.5, 2.0, 1);

	for (size_t i = 0; i < 3; i++) {
		double a;
		size_t counts[VERDICT_COUNT];
		pb_status st = planning_power(x, PILOT, want[i].m, &student,
						  &a, counts);
		tap_ok(st == PB_OK && fabs(a - want[i].power) < TOLERANCE
		       && counts[VERDICT_HARM] + counts[VERDICT_EQUIVALENT]
			  + counts[VERDICT_BENEFIT]
			  == (size_t)lround(a * PLANNING_SIMULATIONS),
		       "harm, m = %zu: simulated %.3f, closed form %.4f",
		       want[i].m, a, want[i].power);
	}
	free(x);
}

static void check_equivalence_power(void)
{
	static const struct { size_t m; double power; } want[] = {
		{ 20, 0.6892 }, { 30, 0.8854 },
	};
	double *x = normal_pilot(0.3, 2.0, 2);
	double target = 0.8;
	planning_need need;

	for (size_t i = 0; i < 2; i++) {
		double a;
		pb_status st = planning_power(x, PILOT, want[i].m, &student,
						  &a, NULL);
		tap_ok(st == PB_OK && fabs(a - want[i].power) < TOLERANCE,
		       "equivalence, m = %zu: simulated %.3f, closed form "
		       "%.4f", want[i].m, a, want[i].power);
	}
	/* 0.8 is reached at 25 in closed form; within the simulation's
	 * error (+-0.075 around 0.8 spans 22 to 28 there).  A pilot of 4000
	 * knows its truth: its assurance is the power. */
	pb_status st = planning_search(x, PILOT, &target, 1, &student,
				       &need, NULL);
	tap_ok(st == PB_OK && need.reason == PLANNING_FOUND
	       && need.blocks_needed >= 22 && need.blocks_needed <= 28
	       && need.likely == VERDICT_EQUIVALENT,
	       "equivalence at 0.8: %zu blocks (closed form 25), most likely "
	       "equivalent", need.blocks_needed);
	free(x);
}

static void check_limits(void)
{
	const double few[4] = { 1, 2, 3, 4 }, same[6] = { 2, 2, 2, 2, 2, 2 };
	double target = 0.8, *x;
	planning_settings small = student;
	planning_need need;

	tap_ok(planning_search(few, 4, &target, 1, &student, &need, NULL)
	       == PB_OK && need.reason == PLANNING_TOO_FEW_PAIRS,
	       "a pilot of 4 pairs says nothing");
	tap_ok(planning_search(same, 6, &target, 1, &student, &need, NULL)
	       == PB_OK && need.reason == PLANNING_NO_SPREAD,
	       "a pilot without spread says nothing");
	/* An effect exactly at T: neither harm nor equivalence ever gets
	 * likely, at 30 blocks least of all. */
	x = normal_pilot(1.5, 2.0, 3);
	small.max_blocks = 30;
	pb_status st = planning_search(x, PILOT, &target, 1, &small, &need,
				       NULL);
	tap_ok(st == PB_OK && need.reason == PLANNING_NOT_REACHABLE
	       && need.assurance < 0.8,
	       "an effect at T: not reachable with 30 blocks (%.3f)",
	       need.assurance);
	free(x);
	small.max_blocks = VERDICT_MIN_PAIRS - 1;
	tap_ok(planning_search(few, 4, &target, 1, &small, &need, NULL)
	       == PB_DATAERR, "a maximum below the minimum of pairs is "
	       "refused");
}

/* Resampling n values keeps their sample variance only once their
 * deviations are stretched by sqrt(n / (n - 1)): 1..5 has mean 3 and
 * sample variance 2.5, so 3 -+ 2 sqrt(1.25) at the ends and a population
 * variance of 2.5. */
static void check_rescale(void)
{
	const double d[5] = { 1, 2, 3, 4, 5 };
	double out[5], mean = 0, var = 0;

	planworld_rescale(d, 5, out);
	for (int i = 0; i < 5; i++)
		mean += out[i] / 5;
	for (int i = 0; i < 5; i++)
		var += (out[i] - mean) * (out[i] - mean) / 5;
	tap_near(out[0], 3 - 2 * sqrt(1.25), 1e-12, "rescaled: the lowest");
	tap_near(out[2], 3, 1e-12, "rescaled: the mean stays");
	tap_near(var, 2.5, 1e-12, "rescaled: resampling variance 2.5, not 2");
}

/* A verdict counts only when it is right about the true effect. */
static void check_correct(void)
{
	static const struct {
		verdict v;
		double mu;
		better_side better;
		bool want;
	} cases[] = {
		{ VERDICT_HARM, 1.5, BETTER_LOWER, true },
		{ VERDICT_HARM, 0.9, BETTER_LOWER, false },
		{ VERDICT_HARM, 1.0, BETTER_LOWER, false },
		{ VERDICT_HARM, -1.5, BETTER_HIGHER, true },
		{ VERDICT_BENEFIT, -1.5, BETTER_LOWER, true },
		{ VERDICT_BENEFIT, 1.5, BETTER_LOWER, false },
		{ VERDICT_BENEFIT, 1.5, BETTER_HIGHER, true },
		{ VERDICT_EQUIVALENT, 0.99, BETTER_LOWER, true },
		{ VERDICT_EQUIVALENT, -0.99, BETTER_HIGHER, true },
		{ VERDICT_EQUIVALENT, 1.01, BETTER_LOWER, false },
		{ VERDICT_INDETERMINATE, 0.0, BETTER_LOWER, false },
		{ VERDICT_DETECTED, 3.0, BETTER_LOWER, false },
	};
	size_t right = 0, n = sizeof cases / sizeof cases[0];

	for (size_t i = 0; i < n; i++)
		right += planworld_correct(cases[i].v, cases[i].mu, 1.0,
					  cases[i].better) == cases[i].want;
	is_count(right, n, "verdicts right or wrong about the true effect");
}

/* The answer is the smallest size from which the curve stays at or
 * above the target; the grid holds every size to 12, then steps of a
 * quarter, and the maximum. */
static void check_curve_rules(void)
{
	planning_curve c = { 5, { 5, 10, 20, 40, 80 },
			     { 0.81, 0.68, 0.70, 0.85, 0.90 } };
	size_t sizes[PLANNING_MAX_POINTS], n;

	is_count(planning_stays_from(&c, 0.8), 40,
		 "0.81 at 5, 0.68 at 10: the answer is 40, not 5");
	is_count(planning_stays_from(&c, 0.6), 5, "all above: the first");
	is_count(planning_stays_from(&c, 0.95), 0, "the last below: none");
	n = planning_grid(200, sizes);
	tap_ok(n == 22 && sizes[0] == 5 && sizes[7] == 12 && sizes[8] == 15
	       && sizes[9] == 18 && sizes[n - 2] == 188
	       && sizes[n - 1] == 200, "the grid to 200: %zu sizes", n);
	n = planning_grid(5, sizes);
	tap_ok(n == 1 && sizes[0] == 5, "the grid to 5: one size");
	n = planning_grid(10000, sizes);
	tap_ok(n < PLANNING_MAX_POINTS - 30 && sizes[n - 1] == 10000,
	       "the grid to 10000 leaves room for bisection (%zu sizes)", n);
}

/* A pilot of 25: 24 differences near +1.8 ms and one far below.  Studies
 * of 5 blocks mostly miss the outlier and say harm; larger ones mostly
 * catch it and are indeterminate.  With the outlier at -8 the effect
 * (1.41) is beyond T = 1 and harm is right; at -20 (0.93) it is not. */
static double *outlier_pilot(double outlier)
{
	double *x = malloc(25 * sizeof *x);

	for (int i = 0; i < 24; i++)
		x[i] = 1.8 + 0.05 * (i % 5 - 2);
	x[24] = outlier;
	return x;
}

static void check_outlier(void)
{
	planning_settings set = { INTERVAL_T, 0.95, 1.0, BETTER_LOWER, 60,
				  2025 };
	double *x = outlier_pilot(-8), targets[2] = { 0.8, 0.39 }, power;
	size_t counts[VERDICT_COUNT];
	planning_need both[2], need;
	planning_curve curve;
	pb_status st = planning_search(x, 25, targets, 2, &set, both, &curve);
	bool ordered = curve.n > 10;

	for (size_t k = 1; k < curve.n; k++)
		ordered = ordered && curve.blocks[k - 1] < curve.blocks[k];
	need = both[0];
	tap_ok(st == PB_OK && need.blocks_needed != 5,
	       "an outlier in the pilot: not 5 blocks for 0.8 (%zu, %s)",
	       need.blocks_needed, planning_reason_code(need.reason));
	need = both[1];
	tap_ok(need.first_reached == 5 && !need.monotone
	       && need.blocks_needed != 5,
	       "0.39 reached at 5, then lost: said so (first at %zu, answer "
	       "%zu, monotone %d)", need.first_reached, need.blocks_needed,
	       need.monotone);
	tap_ok(ordered && curve.blocks[0] == 5
	       && curve.blocks[curve.n - 1] == 60,
	       "the curve runs from 5 to 60 in %zu ascending sizes", curve.n);
	free(x);
	/* With the effect short of T, harm at 5 blocks is wrong: it makes
	 * most of the verdicts and counts for none of the power. */
	x = outlier_pilot(-20);
	st = planning_power(x, 25, 5, &set, &power, counts);
	tap_ok(st == PB_OK && counts[VERDICT_HARM] > PLANNING_SIMULATIONS / 2
	       && (size_t)lround(power * PLANNING_SIMULATIONS)
		  == counts[VERDICT_EQUIVALENT],
	       "wrong harm verdicts are no success (%zu harm, power %.3f)",
	       counts[VERDICT_HARM], power);
	free(x);
}

static void check_repeatable(void)
{
	double *x = normal_pilot(0.3, 2.0, 4), a1, a2;

	planning_power(x, PILOT, 15, &student, &a1, NULL);
	planning_power(x, PILOT, 15, &student, &a2, NULL);
	tap_ok(!(a1 < a2 || a1 > a2), "the same seed, the same power");
	free(x);
}

int main(void)
{
	check_harm_power();
	check_equivalence_power();
	check_limits();
	check_rescale();
	check_correct();
	check_curve_rules();
	check_outlier();
	check_repeatable();
	return tap_done();
}
