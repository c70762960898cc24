/* test_verdict.c: the verdict rules on the published table, their mirror
 * for higher-is-better metrics, every boundary, the claim gate, direction
 * across series, and the stable codes. */
#include <stdio.h>
#include <string.h>

#include "analyze/verdict.h"
#include "tests/lib/tap.h"

#define T 1.784   /* the published threshold, ms */

static void expect(verdict got, const char *want, const char *name)
{
	tap_streq(verdict_code(got), want, name);
}

static verdict lower(double lo, double hi)
{
	return verdict_series(true, lo, hi, T, BETTER_LOWER);
}

static verdict higher(double lo, double hi)
{
	return verdict_series(true, lo, hi, T, BETTER_HIGHER);
}

/* Two series with intervals [LO, HI] and estimates EST, lower is better:
 * each series' verdict and the verdict across them. */
typedef struct two_series {
	const char *name;
	double lo[2], hi[2], est[2];
	const char *each[2], *across;
} two_series;

static void check_two(const two_series *c, double t)
{
	verdict v[2];
	char name[80];

	for (int k = 0; k < 2; k++) {
		v[k] = verdict_series(true, c->lo[k], c->hi[k], t,
				      BETTER_LOWER);
		snprintf(name, sizeof name, "%s, series %d", c->name, k + 1);
		expect(v[k], c->each[k], name);
	}
	snprintf(name, sizeof name, "%s, across", c->name);
	expect(verdict_across(v, c->est, 2), c->across, name);
}

/* The published table: p99 difference against 20, lower is better. */
static void test_published(void)
{
	static const two_series rows[] = {
		/* 10: both CIs contain 0 and reach past T -> indeterminate
		 * twice, estimates of the same sign -> indeterminate. */
		{ "state 10", { -1.111, -3.579 }, { 2.474, 5.613 },
		  { 0.625, 0.975 }, { "indeterminate", "indeterminate" },
		  "indeterminate" },
		/* 0: series 1 [-0.014, 2.564] contains 0 (barely) and reaches
		 * past T; series 2 [-4.681, 0.718] reaches past -T; both
		 * indeterminate and the estimates +1.267 / -1.902 differ in
		 * sign, which neither interval establishes: indeterminate. */
		{ "state 0", { -0.014, -4.681 }, { 2.564, 0.718 },
		  { 1.267, -1.902 }, { "indeterminate", "indeterminate" },
		  "indeterminate" },
		/* 100: lo = 8.787 and 9.669 > T -> harm, harm. */
		{ "state 100", { 8.787, 9.669 }, { 12.915, 14.127 },
		  { 10.812, 12.074 }, { "harm", "harm" }, "harm" },
		/* missing: lo = 9.690 and 9.303 > T -> harm, harm. */
		{ "state missing", { 9.690, 9.303 }, { 13.480, 16.208 },
		  { 11.640, 12.494 }, { "harm", "harm" }, "harm" },
	};

	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		check_two(&rows[i], T);
}

static void test_rules(void)
{
	/* Lower is better. */
	expect(lower(-5.0, -2.0), "benefit", "lower: hi < -T is benefit");
	expect(lower(-1.0, 1.0), "equivalent", "lower: inside (-T,T)");
	expect(lower(0.5, 1.5), "equivalent",
	       "lower: inside (-T,T) and excluding 0 is equivalent");
	expect(lower(0.5, 3.0), "detected-size-open",
	       "lower: excludes 0, reaches past T");
	expect(lower(-3.0, -0.5), "detected-size-open",
	       "lower: excludes 0 on the negative side");
	expect(lower(-3.0, 3.0), "indeterminate", "lower: wide around 0");
	expect(lower(2.0, 5.0), "harm", "lower: lo > T is harm");
	/* Higher is better: the same intervals, sides swapped. */
	expect(higher(-5.0, -2.0), "harm", "higher: hi < -T is harm");
	expect(higher(2.0, 5.0), "benefit", "higher: lo > T is benefit");
	expect(higher(-1.0, 1.0), "equivalent", "higher: inside (-T,T)");
	expect(higher(0.5, 3.0), "detected-size-open", "higher: excludes 0");
	expect(higher(-3.0, 3.0), "indeterminate", "higher: wide around 0");
	expect(verdict_series(false, 0.0, 0.0, T, BETTER_LOWER), "no-interval",
	       "undefined CI");
}

/* Endpoints exactly on a boundary: the comparisons are strict. */
static void test_boundaries(void)
{
	expect(lower(T, 5.0), "detected-size-open",
	       "lower: lo exactly T is not harm (excludes 0)");
	expect(lower(-5.0, -T), "detected-size-open",
	       "lower: hi exactly -T is not benefit");
	expect(higher(-5.0, -T), "detected-size-open",
	       "higher: hi exactly -T is not harm");
	expect(higher(T, 5.0), "detected-size-open",
	       "higher: lo exactly T is not benefit");
	expect(lower(-1.0, T), "indeterminate",
	       "hi exactly T is not equivalence");
	expect(lower(-T, 1.0), "indeterminate",
	       "lo exactly -T is not equivalence");
	expect(lower(0.0, 3.0), "indeterminate",
	       "lo exactly 0 does not exclude 0");
	expect(lower(-3.0, 0.0), "indeterminate",
	       "hi exactly 0 does not exclude 0");
	expect(lower(0.0, 1.0), "equivalent", "lo exactly 0, inside (-T,T)");
	expect(lower(0.0, 0.0), "equivalent", "zero-width interval at 0");
	expect(lower(T, T), "detected-size-open", "zero-width interval at T");
	expect(lower(1.7841, 1.7841), "harm", "just above T is harm");
}

static void test_across(void)
{
	verdict v[3];
	double est[3] = { 1.0, 2.0, -1.0 };

	v[0] = VERDICT_HARM;
	v[1] = VERDICT_DETECTED;
	expect(verdict_across(v, est, 2), "series-disagree",
	       "harm vs detected-size-open, same sign: disagree");
	v[0] = VERDICT_HARM;
	v[1] = VERDICT_NO_INTERVAL;
	expect(verdict_across(v, est, 2), "no-interval",
	       "a series without interval gives no-interval");
	v[0] = VERDICT_INDETERMINATE;
	v[1] = VERDICT_INDETERMINATE;
	v[2] = VERDICT_INDETERMINATE;
	expect(verdict_across(v, est, 3), "indeterminate",
	       "three indeterminate series, signs + + -: indeterminate");
	tap_ok(verdict_signs_open(v, est, 3),
	       "and their signs are noted as not established");
	v[0] = VERDICT_DETECTED;
	tap_ok(!verdict_signs_open(v, est, 3),
	       "no such note when a series finds a difference");
	v[0] = VERDICT_INDETERMINATE;
	v[2] = VERDICT_EQUIVALENT;
	expect(verdict_across(v, est, 3), "series-disagree",
	       "an equivalent series: opposite signs are a disagreement");
	est[2] = 0.0;
	v[2] = VERDICT_INDETERMINATE;
	expect(verdict_across(v, est, 3), "indeterminate",
	       "an estimate of exactly 0 has no sign");
	v[0] = VERDICT_EQUIVALENT;
	expect(verdict_across(v, est, 1), "equivalent", "one series");
	expect(verdict_across(v, est, 0), "no-interval", "no series");
	tap_ok(verdict_decisive(VERDICT_DETECTED)
	       && verdict_decisive(VERDICT_EQUIVALENT)
	       && !verdict_decisive(VERDICT_INDETERMINATE)
	       && !verdict_decisive(VERDICT_NO_INTERVAL)
	       && !verdict_decisive(VERDICT_TOO_FEW_PAIRS)
	       && !verdict_decisive(VERDICT_NO_SPREAD)
	       && !verdict_decisive(VERDICT_OPPOSITE_DIRECTIONS),
	       "decisive verdicts: the four claims");
}

/* A CI that excludes 0 but fails equivalence reaches +-T: the data show a
 * difference and leave open whether it reaches T. */
static void test_detected_size_open(void)
{
	const double t = 1.25;

	/* +0.90 [+0.30; +1.51]: lo 0.30 <= T (not harm), lo > -T (not
	 * benefit), hi 1.51 >= T (not equivalent), lo 0.30 > 0: a difference
	 * is detected, and hi 1.51 lies past T, so its size is open. */
	expect(verdict_series(true, 0.30, 1.51, t, BETTER_LOWER),
	       "detected-size-open", "+0.90 [+0.30; +1.51], T 1.25");
	expect(verdict_series(true, 0.30, 1.51, t, BETTER_HIGHER),
	       "detected-size-open", "the same when higher is better");
	/* [+0.30; +1.20]: inside (-1.25, 1.25) and excluding 0: equivalent,
	 * not a finding about the size. */
	expect(verdict_series(true, 0.30, 1.20, t, BETTER_LOWER), "equivalent",
	       "inside (-T, T) and excluding 0 stays equivalent");
	/* [-1.51; -0.30]: the mirror image. */
	expect(verdict_series(true, -1.51, -0.30, t, BETTER_LOWER),
	       "detected-size-open", "-0.90 [-1.51; -0.30], T 1.25");
}

/* The claim gate: fewer than VERDICT_MIN_PAIRS pairs, or differences all
 * equal, give no claim; no-interval stays. */
static void test_gate(void)
{
	tap_ok(VERDICT_MIN_PAIRS == 5, "a claim needs 5 pairs");
	/* 2 pairs, [+1.90; +2.10] with T 1.784: harm by the interval rule. */
	expect(verdict_gate(lower(1.90, 2.10), 2, false), "too-few-pairs",
	       "2 pairs: harm by the interval, too few pairs for a claim");
	expect(verdict_gate(VERDICT_EQUIVALENT, 4, false), "too-few-pairs",
	       "4 pairs: too few");
	expect(verdict_gate(VERDICT_INDETERMINATE, 3, false), "too-few-pairs",
	       "3 pairs: no verdict of any kind");
	expect(verdict_gate(VERDICT_HARM, 5, false), "harm",
	       "5 pairs: the interval's verdict");
	expect(verdict_gate(VERDICT_DETECTED, 40, false), "detected-size-open",
	       "40 pairs: the interval's verdict");
	/* 3 identical differences +3.00: [+3.00; +3.00] is harm by the rule;
	 * 6 identical differences +0.50: [+0.50; +0.50] is equivalent. */
	expect(verdict_gate(lower(3.0, 3.0), 3, true), "no-spread",
	       "3 equal differences: no spread");
	expect(verdict_gate(lower(0.5, 0.5), 6, true), "no-spread",
	       "6 equal differences: no spread, whatever the pairs");
	expect(verdict_gate(VERDICT_NO_INTERVAL, 1, true), "no-interval",
	       "one pair: still no interval");
}

/* Opposite directions never give a verdict that has one direction. */
static void test_direction(void)
{
	const double t = 1.25;
	static const two_series both[] = {
		/* +0.93 [+0.3; +1.6] and -0.93 [-1.6; -0.3]: each excludes 0
		 * and reaches past T, so detected-size-open twice; the
		 * estimates have opposite signs, so the series differ in
		 * direction. */
		{ "detected both ways", { 0.3, -1.6 }, { 1.6, -0.3 },
		  { 0.93, -0.93 },
		  { "detected-size-open", "detected-size-open" },
		  "opposite-directions" },
		/* With +0.8 [+0.2; +1.4] instead: the same way. */
		{ "detected the same way", { 0.3, 0.2 }, { 1.6, 1.4 },
		  { 0.93, 0.8 },
		  { "detected-size-open", "detected-size-open" },
		  "detected-size-open" },
		/* Harm [+2; +4] and benefit [-4; -2]. */
		{ "harm and benefit", { 2.0, -4.0 }, { 4.0, -2.0 },
		  { 3.0, -3.0 }, { "harm", "benefit" },
		  "opposite-directions" },
	};
	/* Pairs of series verdicts with their estimates. */
	static const struct {
		verdict v[2];
		double est[2];
		const char *want, *name;
	} pairs[] = {
		{ { VERDICT_HARM, VERDICT_DETECTED }, { 3.0, -3.0 },
		  "opposite-directions",
		  "harm and a negative detected difference" },
		/* An indeterminate series finds no direction. */
		{ { VERDICT_HARM, VERDICT_INDETERMINATE }, { 3.0, -3.0 },
		  "series-disagree",
		  "harm and a negative indeterminate estimate disagree" },
		/* Equivalence is small either way. */
		{ { VERDICT_EQUIVALENT, VERDICT_EQUIVALENT }, { 0.2, -0.2 },
		  "equivalent", "equivalent both ways is equivalent" },
		/* A series without a claim is not pooled over. */
		{ { VERDICT_HARM, VERDICT_TOO_FEW_PAIRS }, { 3.0, 3.0 },
		  "too-few-pairs", "harm and too few pairs: too few pairs" },
		{ { VERDICT_HARM, VERDICT_NO_SPREAD }, { 3.0, 3.0 },
		  "no-spread", "harm and no spread: no spread" },
		{ { VERDICT_TOO_FEW_PAIRS, VERDICT_NO_SPREAD }, { 3.0, 3.0 },
		  "too-few-pairs", "too few pairs comes before no spread" },
		{ { VERDICT_NO_INTERVAL, VERDICT_NO_SPREAD }, { 3.0, 3.0 },
		  "no-interval", "no interval comes first" },
	};

	for (size_t i = 0; i < sizeof both / sizeof *both; i++)
		check_two(&both[i], t);
	for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
		expect(verdict_across(pairs[i].v, pairs[i].est, 2),
		       pairs[i].want, pairs[i].name);
}

static void test_codes(void)
{
	static const char *const codes[VERDICT_COUNT] = {
		"harm", "benefit", "equivalent", "detected-size-open",
		"indeterminate", "no-interval", "series-disagree",
		"too-few-pairs", "no-spread", "opposite-directions",
	};
	bool ok = true;
	verdict v;

	for (int i = 0; i < VERDICT_COUNT; i++) {
		ok &= strcmp(verdict_code((verdict)i), codes[i]) == 0;
		ok &= verdict_from_code(codes[i], &v) && v == (verdict)i;
	}
	tap_ok(ok, "every code is stable and parses back");
	tap_ok(!verdict_from_code("detected-small", &v), "the old code of "
	       "detected-size-open is gone");
	tap_ok(!verdict_from_code("Harm", &v) && !verdict_from_code("", &v)
	       && !verdict_from_code(NULL, &v),
	       "unknown codes are refused");
	tap_streq(verdict_code((verdict)99), "unknown", "code out of range");
}

int main(void)
{
	test_published();
	test_rules();
	test_boundaries();
	test_across();
	test_detected_size_open();
	test_gate();
	test_direction();
	test_codes();
	return tap_done();
}
