/* verdict.c: verdict rules and their stable codes (rules in verdict.h). */
#include "analyze/verdict.h"

#include <string.h>

static const char *const verdict_codes[VERDICT_COUNT] = {
	[VERDICT_HARM] = "harm",
	[VERDICT_BENEFIT] = "benefit",
	[VERDICT_EQUIVALENT] = "equivalent",
	[VERDICT_DETECTED_SMALL] = "detected-small",
	[VERDICT_INDETERMINATE] = "indeterminate",
	[VERDICT_NO_INTERVAL] = "no-interval",
	[VERDICT_DIRECTION_DIFFERS] = "indeterminate-direction-differs",
	[VERDICT_SERIES_DISAGREE] = "series-disagree",
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
		return VERDICT_DETECTED_SMALL;
	return VERDICT_INDETERMINATE;
}

bool verdict_decisive(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_EQUIVALENT || v == VERDICT_DETECTED_SMALL;
}

verdict verdict_across(const verdict *per_series, const double *estimates,
		       size_t n)
{
	bool decisive = false, positive = false, negative = false;
	bool same = true;

	if (n == 0)
		return VERDICT_NO_INTERVAL;
	for (size_t i = 0; i < n; i++) {
		if (per_series[i] == VERDICT_NO_INTERVAL)
			return VERDICT_NO_INTERVAL;
		if (verdict_decisive(per_series[i]))
			decisive = true;
		if (estimates[i] > 0.0)
			positive = true;
		if (estimates[i] < 0.0)
			negative = true;
		if (per_series[i] != per_series[0])
			same = false;
	}
	if (!decisive && positive && negative)
		return VERDICT_DIRECTION_DIFFERS;
	if (same)
		return per_series[0];
	return VERDICT_SERIES_DISAGREE;
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
