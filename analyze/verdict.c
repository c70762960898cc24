/* verdict.c: verdict rules and their stable codes (rules in verdict.h). */
#include "analyze/verdict.h"

#include <float.h>
#include <math.h>
#include <string.h>

static const char *const verdict_codes[VERDICT_COUNT] = {
	[VERDICT_HARM] = "harm",
	[VERDICT_BENEFIT] = "benefit",
	[VERDICT_EQUIVALENT] = "equivalent",
	[VERDICT_DETECTED] = "detected-size-open",
	[VERDICT_INDETERMINATE] = "indeterminate",
	[VERDICT_NO_INTERVAL] = "no-interval",
	[VERDICT_SERIES_DISAGREE] = "series-disagree",
	[VERDICT_TOO_FEW_PAIRS] = "too-few-pairs",
	[VERDICT_NO_SPREAD] = "no-spread",
	[VERDICT_OPPOSITE_DIRECTIONS] = "opposite-directions",
};

verdict verdict_series(bool defined, double lo, double hi, double threshold,
		       better_side better)
{
	/* worse_beyond: the CI lies wholly past T on the harmful side. */
	bool above = lo > threshold, below = hi < -threshold;
	bool worse_beyond = better == BETTER_LOWER ? above : below;
	bool better_beyond = better == BETTER_LOWER ? below : above;

	if (!defined)
		return VERDICT_NO_INTERVAL;
	if (worse_beyond)
		return VERDICT_HARM;
	if (better_beyond)
		return VERDICT_BENEFIT;
	if (-threshold < lo && hi < threshold)
		return VERDICT_EQUIVALENT;
	if (lo > 0.0 || hi < 0.0)
		return VERDICT_DETECTED;
	return VERDICT_INDETERMINATE;
}

verdict verdict_gate(verdict v, size_t n_pairs, bool no_spread)
{
	if (v == VERDICT_NO_INTERVAL)
		return v;
	if (no_spread)
		return VERDICT_NO_SPREAD;
	if (n_pairs < VERDICT_MIN_PAIRS)
		return VERDICT_TOO_FEW_PAIRS;
	return v;
}

bool verdict_decisive(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_EQUIVALENT || v == VERDICT_DETECTED;
}

/* A verdict that finds a difference, and so has the direction of its
 * point estimate. */
static bool finds_difference(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_DETECTED;
}

/* The first series without a claim, by precedence: a series that cannot
 * be judged could disagree with the others, so none is pooled over it.
 * VERDICT_COUNT when every series can be judged. */
static verdict unjudged(const verdict *per_series, size_t n)
{
	static const verdict order[] = { VERDICT_NO_INTERVAL,
					 VERDICT_TOO_FEW_PAIRS,
					 VERDICT_NO_SPREAD };

	for (size_t k = 0; k < sizeof order / sizeof *order; k++)
		for (size_t i = 0; i < n; i++)
			if (per_series[i] == order[k])
				return order[k];
	return (verdict)VERDICT_COUNT;
}

verdict verdict_across(const verdict *per_series, const double *estimates,
		       size_t n)
{
	bool found_pos = false, found_neg = false;   /* finding a difference */
	bool same = true;
	verdict none;

	if (n == 0)
		return VERDICT_NO_INTERVAL;
	none = unjudged(per_series, n);
	if (none != (verdict)VERDICT_COUNT)
		return none;
	for (size_t i = 0; i < n; i++) {
		bool finds = finds_difference(per_series[i]);
		found_pos |= finds && estimates[i] > 0.0;
		found_neg |= finds && estimates[i] < 0.0;
		if (per_series[i] != per_series[0])
			same = false;
	}
	if (found_pos && found_neg)
		return VERDICT_OPPOSITE_DIRECTIONS;
	if (same)
		return per_series[0];
	return VERDICT_SERIES_DISAGREE;
}

bool verdict_signs_open(const verdict *per_series, const double *estimates,
			size_t n)
{
	bool positive = false, negative = false;

	for (size_t i = 0; i < n; i++) {
		if (per_series[i] != VERDICT_INDETERMINATE)
			return false;
		positive |= estimates[i] > 0.0;
		negative |= estimates[i] < 0.0;
	}
	return positive && negative;
}

const char *verdict_code(verdict v)
{
	if ((unsigned)v >= VERDICT_COUNT)
		return "unknown";
	return verdict_codes[v];
}

bool verdict_from_code(const char *s, verdict *out)
{
	if (!s)
		return false;
	for (unsigned i = 0; i < VERDICT_COUNT; i++) {
		if (strcmp(s, verdict_codes[i]) == 0) {
			*out = (verdict)i;
			return true;
		}
	}
	return false;
}

/* True when the N >= 1 differences D = STATE - REF are all equal up to
 * the rounding of their subtraction: every resample then has the same
 * mean and the interval (near) zero width, which says nothing about how
 * much boots vary.  Each difference carries a rounding error of up to
 * about eps (|state| + |ref|), so a spread within a few of those is no
 * spread: blocks of 15.1 - 10.0 give 5.1 and 5.099999999999998. */
bool verdict_no_spread(const double *d, const double *state,
		       const double *ref, size_t n)
{
	if (n == 0)
		return false;
	double lo = d[0], hi = d[0], scale = 0.0;

	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, d[i]);
		hi = fmax(hi, d[i]);
		scale = fmax(scale, fabs(state[i]) + fabs(ref[i]));
	}
	return hi - lo <= 8.0 * DBL_EPSILON * scale;
}
