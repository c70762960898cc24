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
 * so the smallest m with an assurance of 0.8 is 25.  The simulation draws
 * its studies from a pilot of 4000 normal values standardized to exactly
 * that mean and SD; with 400 simulated studies per size its standard error
 * is at most 0.025, and the checks allow 3 of them. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/planning.h"
#include "tests/lib/tap.h"

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
		pb_status st = planning_assurance(x, PILOT, want[i].m, &student,
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
		pb_status st = planning_assurance(x, PILOT, want[i].m, &student,
						  &a, NULL);
		tap_ok(st == PB_OK && fabs(a - want[i].power) < TOLERANCE,
		       "equivalence, m = %zu: simulated %.3f, closed form "
		       "%.4f", want[i].m, a, want[i].power);
	}
	/* 0.8 is reached at 25 in closed form; within the simulation's
	 * error (+-0.075 around 0.8 spans 22 to 28 there). */
	pb_status st = planning_search(x, PILOT, 1.0, &target, 1, &student,
				       &need);
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

	tap_ok(planning_search(few, 4, 1.0, &target, 1, &student, &need)
	       == PB_OK && need.reason == PLANNING_TOO_FEW_PAIRS,
	       "a pilot of 4 pairs says nothing");
	tap_ok(planning_search(same, 6, 1.0, &target, 1, &student, &need)
	       == PB_OK && need.reason == PLANNING_NO_SPREAD,
	       "a pilot without spread says nothing");
	/* An effect exactly at T: neither harm nor equivalence ever gets
	 * likely, at 30 blocks least of all. */
	x = normal_pilot(1.5, 2.0, 3);
	small.max_blocks = 30;
	pb_status st = planning_search(x, PILOT, 1.0, &target, 1, &small,
				       &need);
	tap_ok(st == PB_OK && need.reason == PLANNING_NOT_REACHABLE
	       && need.assurance < 0.8,
	       "an effect at T: not reachable with 30 blocks (%.3f)",
	       need.assurance);
	free(x);
	/* sqrt(9 / chi2_{0.025, 9}) and sqrt(19 / chi2_{0.025, 19}), scipy. */
	tap_near(planning_spread_upper(10, 0.95), 1.82561018251957, 1e-9,
		 "upper spread factor, 10 pairs");
	tap_near(planning_spread_upper(20, 0.95), 1.46057163611922, 1e-9,
		 "upper spread factor, 20 pairs");
}

/* The search of planning.h done the slow way: every size it probes
 * simulated in full with planning_assurance, doubling from the minimum of
 * pairs, then bisecting below the first size that reaches TARGET. */
static pb_status reference_search(const double *d, size_t n0, double target,
				  const planning_settings *set,
				  planning_need *out)
{
	size_t lo = VERDICT_MIN_PAIRS - 1, hi = VERDICT_MIN_PAIRS;
	size_t counts[VERDICT_COUNT] = { 0 }, most = 0;
	double a = 0.0, am = 0.0;
	pb_status st;

	for (;;) {
		st = planning_assurance(d, n0, hi, set, &a, NULL);
		if (st != PB_OK || a >= target || hi == set->max_blocks)
			break;
		lo = hi;
		hi = 2 * hi < set->max_blocks ? 2 * hi : set->max_blocks;
	}
	while (st == PB_OK && a >= target && hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		st = planning_assurance(d, n0, mid, set, &am, NULL);
		if (st == PB_OK && am >= target)
			hi = mid;
		else
			lo = mid;
	}
	out->assurance = 0.0;
	if (st == PB_OK)
		st = planning_assurance(d, n0, hi, set, &out->assurance,
					counts);
	out->reason = out->assurance >= target ? PLANNING_FOUND
					       : PLANNING_NOT_REACHABLE;
	out->blocks_needed = out->reason == PLANNING_FOUND ? hi : 0;
	out->likely = VERDICT_NO_INTERVAL;
	for (int v = 0; v < VERDICT_COUNT; v++) {
		bool decisive = v == VERDICT_HARM || v == VERDICT_BENEFIT
				|| v == VERDICT_EQUIVALENT;
		if (decisive && counts[v] > most) {
			most = counts[v];
			out->likely = (verdict)v;
		}
	}
	return st;
}

/* planning_search simulates a size only as far as its search needs it,
 * and in full only the size it reports: it must give exactly what
 * simulating every probed size in full gives.  The pilots hold values
 * whose mean and deviations are exact, so the search's copy of a pilot
 * at spread 1 is the pilot itself; the thresholds put sizes near each
 * target's boundary and beyond the maximum. */
static void check_search_as_full(void)
{
	static const double pilot_a[8] = { -1, 0.5, 2, 3.5, 1, -0.5, 4, 2.5 };
	static const double pilot_b[8] = { 0.25, -0.5, 0.75, 0, 0.5, -0.25,
					   0.25, 0 };
	static const struct {
		const double *d;
		interval_method method;
		double threshold;
		double target;
	} cases[] = {
		{ pilot_a, INTERVAL_PERCENTILE, 0.25, 0.8 },
		{ pilot_a, INTERVAL_PERCENTILE, 0.25, 0.9 },
		{ pilot_a, INTERVAL_T, 0.5, 0.5 },
		{ pilot_a, INTERVAL_PERCENTILE, 1.5, 0.8 },
		{ pilot_b, INTERVAL_PERCENTILE, 1.0, 0.8 },
		{ pilot_b, INTERVAL_STUDENTIZED, 0.75, 0.9 },
		{ pilot_b, INTERVAL_PERCENTILE, 0.125, 0.8 },
	};
	size_t found = 0, unreachable = 0;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		planning_settings set = { cases[i].method, 0.95,
					  cases[i].threshold, BETTER_LOWER, 40,
					  777 + (uint32_t)i };
		planning_need fast, full;
		pb_status st = planning_search(cases[i].d, 8, 1.0,
					       &cases[i].target, 1, &set,
					       &fast);
		pb_status st_full = reference_search(cases[i].d, 8,
						     cases[i].target, &set,
						     &full);

		found += full.reason == PLANNING_FOUND;
		unreachable += full.reason == PLANNING_NOT_REACHABLE;
		tap_ok(st == PB_OK && st_full == PB_OK
		       && fast.reason == full.reason
		       && fast.blocks_needed == full.blocks_needed
		       && !(fast.assurance < full.assurance
			    || fast.assurance > full.assurance)
		       && fast.likely == full.likely,
		       "case %zu: the search gives what every probed size "
		       "simulated in full gives (%zu blocks, assurance %.4f; "
		       "in full %zu, %.4f)", i, fast.blocks_needed,
		       fast.assurance, full.blocks_needed, full.assurance);
	}
	/* Both outcomes are among the cases, or the check proves little. */
	tap_ok(found >= 2 && unreachable >= 2,
	       "the cases hold sizes found (%zu) and not reachable (%zu)",
	       found, unreachable);
}

/* Two targets in one search share the sizes simulated for the first: the
 * second must still get what a search for it alone gets, in either order.
 * The pilot and threshold of case 0 above put 0.8 and 0.9 at different
 * sizes, so the second search starts from tallies the first left partly
 * done. */
static void check_two_targets(void)
{
	static const double pilot[8] = { -1, 0.5, 2, 3.5, 1, -0.5, 4, 2.5 };
	static const double orders[2][2] = { { 0.8, 0.9 }, { 0.9, 0.8 } };
	planning_settings set = { INTERVAL_PERCENTILE, 0.95, 0.25,
				  BETTER_LOWER, 40, 4242 };
	planning_need spare;

	for (int o = 0; o < 2; o++) {
		planning_need both[2], alone[2];
		bool same = planning_search(pilot, 8, 1.0, orders[o], 2, &set,
					    both) == PB_OK;

		for (int t = 0; t < 2 && same; t++) {
			same = reference_search(pilot, 8, orders[o][t], &set,
						&alone[t]) == PB_OK
			       && both[t].reason == alone[t].reason
			       && both[t].blocks_needed == alone[t].blocks_needed
			       && !(both[t].assurance < alone[t].assurance
				    || both[t].assurance > alone[t].assurance)
			       && both[t].likely == alone[t].likely;
		}
		tap_ok(same && both[0].blocks_needed != both[1].blocks_needed,
		       "targets %.1f then %.1f in one search: %zu and %zu "
		       "blocks, as each searched alone in full", orders[o][0],
		       orders[o][1], both[0].blocks_needed,
		       both[1].blocks_needed);
	}
	set.max_blocks = VERDICT_MIN_PAIRS - 1;
	tap_ok(planning_search(pilot, 8, 1.0, orders[0], 1, &set, &spare)
	       == PB_DATAERR, "a maximum below the minimum of pairs is "
	       "refused");
}

static void check_repeatable(void)
{
	double *x = normal_pilot(0.3, 2.0, 4), a1, a2;

	planning_assurance(x, PILOT, 15, &student, &a1, NULL);
	planning_assurance(x, PILOT, 15, &student, &a2, NULL);
	tap_ok(!(a1 < a2 || a1 > a2), "the same seed, the same assurance");
	free(x);
}

int main(void)
{
	check_harm_power();
	check_equivalence_power();
	check_limits();
	check_search_as_full();
	check_two_targets();
	check_repeatable();
	return tap_done();
}
