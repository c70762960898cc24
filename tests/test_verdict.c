/* test_verdict.c: the verdict rules on the published table, their mirror
 * for higher-is-better metrics, every boundary, and the stable codes. */
#include "analyze/verdict.h"
#include "tests/tap.h"

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

/* The published table: p99 difference against 20, lower is better. */
static void test_published(void)
{
	verdict v[2];
	double est[2];

	/* 10: both CIs contain 0 and reach past T -> indeterminate twice,
	 * estimates of the same sign -> indeterminate. */
	v[0] = lower(-1.111, 2.474);
	v[1] = lower(-3.579, 5.613);
	est[0] = 0.625;
	est[1] = 0.975;
	expect(v[0], "indeterminate", "state 10, series 1");
	expect(v[1], "indeterminate", "state 10, series 2");
	expect(verdict_across(v, est, 2), "indeterminate", "state 10, across");

	/* 0: series 1 [-0.014, 2.564] contains 0 (barely) and reaches past
	 * T; series 2 [-4.681, 0.718] reaches past -T; no series decisive and
	 * the estimates +1.267 / -1.902 differ in sign. */
	v[0] = lower(-0.014, 2.564);
	v[1] = lower(-4.681, 0.718);
	est[0] = 1.267;
	est[1] = -1.902;
	expect(v[0], "indeterminate", "state 0, series 1");
	expect(v[1], "indeterminate", "state 0, series 2");
	expect(verdict_across(v, est, 2), "indeterminate-direction-differs",
	       "state 0, across");

	/* 100: lo = 8.787 and 9.669 > T -> harm, harm. */
	v[0] = lower(8.787, 12.915);
	v[1] = lower(9.669, 14.127);
	est[0] = 10.812;
	est[1] = 12.074;
	expect(v[0], "harm", "state 100, series 1");
	expect(v[1], "harm", "state 100, series 2");
	expect(verdict_across(v, est, 2), "harm", "state 100, across");

	/* missing: lo = 9.690 and 9.303 > T -> harm, harm. */
	v[0] = lower(9.690, 13.480);
	v[1] = lower(9.303, 16.208);
	est[0] = 11.640;
	est[1] = 12.494;
	expect(v[0], "harm", "state missing, series 1");
	expect(v[1], "harm", "state missing, series 2");
	expect(verdict_across(v, est, 2), "harm", "state missing, across");
}

static void test_rules(void)
{
	/* Lower is better. */
	expect(lower(-5.0, -2.0), "benefit", "lower: hi < -T is benefit");
	expect(lower(-1.0, 1.0), "equivalent", "lower: inside (-T,T)");
	expect(lower(0.5, 1.5), "equivalent",
	       "lower: inside (-T,T) and excluding 0 is equivalent");
	expect(lower(0.5, 3.0), "detected-small",
	       "lower: excludes 0, reaches past T");
	expect(lower(-3.0, -0.5), "detected-small",
	       "lower: excludes 0 on the negative side");
	expect(lower(-3.0, 3.0), "indeterminate", "lower: wide around 0");
	expect(lower(2.0, 5.0), "harm", "lower: lo > T is harm");
	/* Higher is better: the same intervals, sides swapped. */
	expect(higher(-5.0, -2.0), "harm", "higher: hi < -T is harm");
	expect(higher(2.0, 5.0), "benefit", "higher: lo > T is benefit");
	expect(higher(-1.0, 1.0), "equivalent", "higher: inside (-T,T)");
	expect(higher(0.5, 3.0), "detected-small", "higher: excludes 0");
	expect(higher(-3.0, 3.0), "indeterminate", "higher: wide around 0");
	expect(verdict_series(false, 0.0, 0.0, T, BETTER_LOWER), "no-interval",
	       "undefined CI");
}

/* Endpoints exactly on a boundary: the comparisons are strict. */
static void test_boundaries(void)
{
	expect(lower(T, 5.0), "detected-small",
	       "lower: lo exactly T is not harm (excludes 0)");
	expect(lower(-5.0, -T), "detected-small",
	       "lower: hi exactly -T is not benefit");
	expect(higher(-5.0, -T), "detected-small",
	       "higher: hi exactly -T is not harm");
	expect(higher(T, 5.0), "detected-small",
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
	expect(lower(T, T), "detected-small", "zero-width interval at T");
	expect(lower(1.7841, 1.7841), "harm", "just above T is harm");
}

static void test_across(void)
{
	verdict v[3];
	double est[3] = { 1.0, 2.0, -1.0 };

	v[0] = VERDICT_HARM;
	v[1] = VERDICT_DETECTED_SMALL;
	expect(verdict_across(v, est, 2), "series-disagree",
	       "harm vs detected-small disagree");
	v[0] = VERDICT_HARM;
	v[1] = VERDICT_NO_INTERVAL;
	expect(verdict_across(v, est, 2), "no-interval",
	       "a series without interval gives no-interval");
	v[0] = VERDICT_INDETERMINATE;
	v[1] = VERDICT_INDETERMINATE;
	v[2] = VERDICT_INDETERMINATE;
	expect(verdict_across(v, est, 3), "indeterminate-direction-differs",
	       "three indeterminate series, signs + + -");
	v[2] = VERDICT_DETECTED_SMALL;
	expect(verdict_across(v, est, 3), "series-disagree",
	       "one decisive series: opposite signs are a disagreement");
	est[2] = 0.0;
	v[2] = VERDICT_INDETERMINATE;
	expect(verdict_across(v, est, 3), "indeterminate",
	       "an estimate of exactly 0 has no sign");
	v[0] = VERDICT_EQUIVALENT;
	expect(verdict_across(v, est, 1), "equivalent", "one series");
	expect(verdict_across(v, est, 0), "no-interval", "no series");
	tap_ok(verdict_decisive(VERDICT_DETECTED_SMALL)
	       && !verdict_decisive(VERDICT_INDETERMINATE)
	       && !verdict_decisive(VERDICT_NO_INTERVAL),
	       "decisive verdicts");
}

static void test_codes(void)
{
	static const char *const codes[VERDICT_COUNT] = {
		"harm", "benefit", "equivalent", "detected-small",
		"indeterminate", "no-interval",
		"indeterminate-direction-differs", "series-disagree",
	};
	bool ok = true;
	verdict v;

	for (int i = 0; i < VERDICT_COUNT; i++) {
		ok &= strcmp(verdict_code((verdict)i), codes[i]) == 0;
		ok &= verdict_from_code(codes[i], &v) && v == (verdict)i;
	}
	tap_ok(ok, "every code is stable and parses back");
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
	test_codes();
	return tap_done();
}
