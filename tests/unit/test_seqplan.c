/* test_seqplan.c: unit tests of analyze/seqplan: the maximum a
 * sequential design should register and its expected blocks, by
 * simulation, in worlds whose answer is known.
 *
 * Two looks of O'Brien and Fleming at 95% have the critical values
 * C sqrt(2) and C with C = 1.977 (Jennison & Turnbull 2000, Table 2.3).
 * In a normal world of mean delta = 0.625 and SD 1 against T = 0.5,
 * judged at 200 and 400 blocks (a look every 200), the interval's lower
 * bound clears T at look k when Z_k > c_k - (delta - T) sqrt(n_k), the
 * Z_k standard normal with correlation sqrt(200 / 400): a correct harm
 * verdict by 400 blocks has the chance 1 - P(Z_1 <= 1.0280, Z_2 <=
 * -0.5228) = 0.7020, the study stops at look 1 with the chance
 * 1 - Phi(1.0280) = 0.1519, and it expects 400 - 200 x 0.1519 = 369.61
 * blocks (a bivariate normal integral by Simpson's rule in Python's math
 * module, apart from pairboot).  Judged at the fixed 95% level at both
 * looks it would be 0.7339, 0.4238 and 315.2 blocks instead.  The
 * Student t interval at 199 and 399 degrees of freedom is the normal one
 * within about 0.01 there; 400 simulated studies have a standard error
 * of 0.023 in the chance and 3.6 blocks in the expectation, and the
 * checks allow 3 of them. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/seqplan.h"
#include "tests/lib/tap.h"

#define PILOT 4000

/* A pilot of PILOT normal values of mean DELTA and SD SIGMA exactly. */
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

static planning_settings settings(interval_method m, double threshold)
{
	planning_settings s = { m, 0.95, threshold, BETTER_LOWER, 200, 777 };

	return s;
}

/* The candidates are each a design of their own, with seqbound's
 * levels: the two-look O'Brien-Fleming design's last look is at
 * 2 Phi(1.977) - 1 (the table's three decimals), its first at
 * 2 Phi(1.977 sqrt 2) - 1. */
static void check_designs(void)
{
	seqplan_designs dz;
	pb_status st = seqplan_designs_make(10, BOUNDARY_OBRIEN_FLEMING, 0.95,
					    1000, &dz);

	tap_ok(st == PB_OK && dz.n == PLAN_MAX_LOOKS && dz.every == 10,
	       "a look every 10 up to 1000: %zu candidates (the most looks "
	       "study.ini takes)", dz.n);
	tap_near(dz.level[1][1], 2 * gsl_cdf_ugaussian_P(1.977) - 1, 1e-4,
		 "two looks: the last at C = 1.977");
	tap_near(dz.level[1][0], 2 * gsl_cdf_ugaussian_P(1.977 * sqrt(2)) - 1,
		 1e-4, "and the first at C sqrt 2");
	tap_near(dz.level[0][0], 0.95, 1e-15, "one look: the fixed level");
	st = seqplan_designs_make(7, BOUNDARY_POCOCK, 0.95, 30, &dz);
	tap_ok(st == PB_OK && dz.n == 4,
	       "a look every 7 up to 30: maxima 7 to 28 (%zu)", dz.n);
	tap_ok(seqplan_designs_make(4, BOUNDARY_POCOCK, 0.95, 30, &dz)
	       == PB_DATAERR, "a look every 4 blocks is refused (fewer than "
	       "the 5 pairs of a verdict)");
	tap_ok(seqplan_designs_make(40, BOUNDARY_POCOCK, 0.95, 30, &dz)
	       == PB_DATAERR, "a first look beyond the maximum is refused");
}

/* The designs a study could register (sequential_check_plan): under
 * O'Brien-Fleming at 95% the first look of a design of K looks has the
 * critical value C_B(K) sqrt(K), C_B from Jennison & Turnbull's Table
 * 2.3: K = 6, 2.053 sqrt 6 = 5.029 (1 - level 4.9e-7, above the 1e-7 a
 * look may have); K = 7, 2.063 sqrt 7 = 5.458 (4.8e-8: refused).  The
 * bootstrap-t of 10000 resamples needs 10 beyond each end, 1 - level of
 * 0.002 at least: K = 2, 1.977 sqrt 2 = 2.796 (0.0052); K = 3, 2.004
 * sqrt 3 = 3.471 (0.00052: refused).  Pocock's levels are all 0.98 or
 * more wide of 1 for 20 looks; exact resamples stop at 12 blocks. */
static void check_fit(void)
{
	study_plan p = { 0 };
	seqplan_designs dz;
	size_t kept[4];

	p.resamples = 10000;
	p.confidence = 0.95;
	seqplan_designs_make(10, BOUNDARY_OBRIEN_FLEMING, 0.95, 200, &dz);
	seqplan_designs_fit(&dz, &p, INTERVAL_T);
	kept[0] = dz.n;
	seqplan_designs_make(10, BOUNDARY_OBRIEN_FLEMING, 0.95, 200, &dz);
	seqplan_designs_fit(&dz, &p, INTERVAL_STUDENTIZED);
	kept[1] = dz.n;
	seqplan_designs_make(10, BOUNDARY_POCOCK, 0.95, 200, &dz);
	seqplan_designs_fit(&dz, &p, INTERVAL_STUDENTIZED);
	kept[2] = dz.n;
	p.resamples_exact = true;
	seqplan_designs_make(10, BOUNDARY_POCOCK, 0.95, 200, &dz);
	seqplan_designs_fit(&dz, &p, INTERVAL_T);
	kept[3] = dz.n;
	tap_ok(kept[0] == 6 && kept[1] == 2 && kept[2] == 20 && kept[3] == 1
	       && dz.tried == 20,
	       "the designs study.ini takes: O'Brien-Fleming 6 looks with t, "
	       "2 with the bootstrap-t; Pocock 20; exact resamples 1 (%zu, "
	       "%zu, %zu, %zu of %zu)", kept[0], kept[1], kept[2], kept[3],
	       dz.tried);
}

/* The closed form of the head comment, with the pilot as the truth. */
static void check_two_looks(void)
{
	planning_settings set = settings(INTERVAL_T, 0.5);
	double *x = normal_pilot(0.625, 1.0, 11);
	seqplan_designs dz;
	seqplan_estimate both[2], e;
	pb_status st;

	seqplan_designs_make(200, BOUNDARY_OBRIEN_FLEMING, 0.95, 400, &dz);
	st = seqplan_power(x, PILOT, &set, &dz, both);
	e = both[1];
	tap_ok(st == PB_OK && dz.n == 2,
	       "two looks of 200 in a known world: estimated");
	tap_ok(fabs(e.decision - 0.7020) <= 0.069, "a correct harm verdict "
	       "by 400 blocks: %.3f, closed form 0.7020", e.decision);
	tap_ok(fabs(e.expected_blocks - 369.61) <= 10.8, "blocks expected: "
	       "%.1f, closed form 369.6 (315.2 at the fixed level)",
	       e.expected_blocks);
	tap_ok(e.wrong < 0.01, "no wrong verdict with the effect 0.125 SD "
	       "beyond T (%.3f)", e.wrong);
	tap_ok(e.counts[VERDICT_HARM] + e.counts[VERDICT_NO_INTERVAL]
	       + e.counts[VERDICT_EQUIVALENT] + e.counts[VERDICT_BENEFIT]
	       == PLANNING_SIMULATIONS, "every study stops once or runs out");
	free(x);
}

/* A huge effect: every study decides harm at its first look, so the
 * maximum for any target is one look and the blocks expected are K. */
static void check_huge_effect(interval_method m)
{
	planning_settings set = settings(m, 1.0);
	double *x = normal_pilot(10.0, 1.0, 12), targets[2] = { 0.8, 0.9 };
	seqplan_designs dz;
	seqplan_need need[2];
	seqplan_curve c;
	pb_status st;

	seqplan_designs_make(10, BOUNDARY_OBRIEN_FLEMING, 0.95, 200, &dz);
	/* 15 values of the large pilot: a pilot of 15. */
	st = seqplan_search(x, 15, targets, 2, &set, &dz, need, &c);
	tap_ok(st == PB_OK && need[0].reason == PLANNING_FOUND
	       && need[0].max_blocks == 10 && need[0].looks == 1
	       && need[1].max_blocks == 10,
	       "%s, a huge effect: one look of 10 for 0.8 and 0.9 (%zu, %zu)",
	       interval_method_name(m), need[0].max_blocks,
	       need[1].max_blocks);
	tap_ok(need[0].decision > 0.99 && !(need[0].wrong > 0.0)
	       && need[0].likely == VERDICT_HARM,
	       "decided harm at once (%.3f)", need[0].decision);
	tap_near(need[0].expected_blocks, 10.0, 1e-12, "after 10 blocks");
	tap_ok(c.n == 20 && c.max_blocks[19] == 200 && c.decision[0] > 0.99,
	       "the curve of 20 maxima, from 10 to 200");
	free(x);
}

/* An effect exactly at T: no decisive verdict is correct, and the
 * design keeps the wrong ones at 1 - confidence (0.05, with 3 standard
 * errors of 400 studies).  The pilot is 1 + k/16, k = -40..40: its mean
 * is 1 exactly in binary, so no rounding moves the effect off T. */
static void check_at_threshold(void)
{
	planning_settings set = settings(INTERVAL_T, 1.0);
	double x[81], target = 0.8;
	seqplan_designs dz;
	seqplan_estimate e[PLAN_MAX_LOOKS];
	seqplan_need need;
	bool never, held = true;
	pb_status st;

	for (int k = -40; k <= 40; k++)
		x[k + 40] = 1.0 + k / 16.0;
	seqplan_designs_make(10, BOUNDARY_POCOCK, 0.95, 100, &dz);
	never = seqplan_power(x, 81, &set, &dz, e) == PB_OK;
	for (size_t j = 0; j < dz.n; j++) {
		never = never && !(e[j].decision > 0.0);
		held = held && e[j].wrong <= 0.05 + 0.033;
	}
	tap_ok(never, "an effect at T: never decided correctly, by any "
	       "maximum");
	tap_ok(held, "and wrongly at most about 1 - confidence");
	st = seqplan_search(x, 81, &target, 1, &set, &dz, &need, NULL);
	tap_ok(st == PB_OK && need.reason == PLANNING_NOT_REACHABLE
	       && need.decision < 0.5,
	       "a pilot at T: not reachable with 100 blocks (%.3f)",
	       need.decision);
}

static void check_limits(void)
{
	const double few[4] = { 1, 2, 3, 4 }, same[6] = { 2, 2, 2, 2, 2, 2 };
	planning_settings set = settings(INTERVAL_T, 1.0);
	double target = 0.8;
	seqplan_designs dz;
	seqplan_need need;
	seqplan_curve c;
	pb_status st;

	seqplan_designs_make(10, BOUNDARY_OBRIEN_FLEMING, 0.95, 50, &dz);
	st = seqplan_search(few, 4, &target, 1, &set, &dz, &need, &c);
	tap_ok(st == PB_OK && need.reason == PLANNING_TOO_FEW_PAIRS && c.n == 0,
	       "a pilot of 4 pairs says nothing");
	tap_ok(seqplan_search(same, 6, &target, 1, &set, &dz, &need, NULL)
	       == PB_OK && need.reason == PLANNING_NO_SPREAD,
	       "a pilot without spread says nothing");
}

/* The same search on two threads at once and on this one. */
typedef struct job {
	const double *x;
	seqplan_need need[2];
	seqplan_curve curve;
} job;

static void *search_job(void *arg)
{
	job *j = arg;
	planning_settings set = settings(INTERVAL_PERCENTILE, 0.6);
	double targets[2] = { 0.8, 0.9 };
	seqplan_designs dz;

	seqplan_designs_make(5, BOUNDARY_OBRIEN_FLEMING, 0.95, 60, &dz);
	seqplan_search(j->x, 12, targets, 2, &set, &dz, j->need, &j->curve);
	return NULL;
}

/* Whether two answers are the same, field by field (no padding
 * compared). */
static bool same_need(const seqplan_need *a, const seqplan_need *b)
{
	return a->reason == b->reason && a->max_blocks == b->max_blocks
	       && a->looks == b->looks && a->first_reached == b->first_reached
	       && a->monotone == b->monotone
	       && !(a->decision < b->decision || a->decision > b->decision)
	       && !(a->wrong < b->wrong || a->wrong > b->wrong)
	       && !(a->expected_blocks < b->expected_blocks
		    || a->expected_blocks > b->expected_blocks)
	       && a->likely == b->likely;
}

static bool same_job(const job *a, const job *b)
{
	bool same = same_need(&a->need[0], &b->need[0])
		    && same_need(&a->need[1], &b->need[1])
		    && a->curve.n == b->curve.n;

	for (size_t k = 0; same && k < a->curve.n; k++)
		same = a->curve.max_blocks[k] == b->curve.max_blocks[k]
		       && !(a->curve.decision[k] < b->curve.decision[k]
			    || a->curve.decision[k] > b->curve.decision[k])
		       && !(a->curve.expected[k] < b->curve.expected[k]
			    || a->curve.expected[k] > b->curve.expected[k]);
	return same;
}

static void check_repeatable(void)
{
	double *x = normal_pilot(0.9, 1.0, 14);
	job a = { x, { { 0 } }, { 0 } }, b = a, c = a;
	pthread_t ta, tb;

	pthread_create(&ta, NULL, search_job, &a);
	pthread_create(&tb, NULL, search_job, &b);
	search_job(&c);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	tap_ok(same_job(&a, &c) && same_job(&b, &c),
	       "two threads at once and one alone: the same answer (%zu "
	       "blocks, %.3f)", c.need[0].max_blocks, c.need[0].decision);
	tap_ok(c.curve.n == 12 && c.need[0].expected_blocks > 0
	       && c.need[0].expected_blocks
		  <= (double)(c.need[0].reason == PLANNING_FOUND
			      ? c.need[0].max_blocks : 60),
	       "the expected blocks lie within the maximum (%.1f)",
	       c.need[0].expected_blocks);
	free(x);
}

int main(void)
{
	check_designs();
	check_fit();
	check_two_looks();
	check_huge_effect(INTERVAL_T);
	check_huge_effect(INTERVAL_STUDENTIZED);
	check_at_threshold();
	check_limits();
	check_repeatable();
	return tap_done();
}
