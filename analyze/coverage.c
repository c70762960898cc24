/* coverage.c: the coverage table measured by bench/coverage, as data. */
#include "analyze/coverage.h"

#include <math.h>

static const size_t table_n[4] = { 5, 10, 20, 40 };

/* Produced by `bench/coverage` with its defaults (2000 studies per n,
 * B = 2000, seed 1, sigma = 1), run from the build directory; the same
 * table is in docs/statistics.md.  Rows: 5, 10, 20, 40 pairs; columns in
 * interval_method order: percentile, bca, t, expanded.  Each value has a
 * simulation standard error of about 0.005 to 0.01. */
static const double table[4][INTERVAL_METHOD_COUNT] = {
	[0] = { [INTERVAL_PERCENTILE] = 0.730, [INTERVAL_BCA] = 0.746,
		[INTERVAL_T] = 0.823, [INTERVAL_EXPANDED] = 0.809 },
	[1] = { [INTERVAL_PERCENTILE] = 0.799, [INTERVAL_BCA] = 0.823,
		[INTERVAL_T] = 0.834, [INTERVAL_EXPANDED] = 0.850 },
	[2] = { [INTERVAL_PERCENTILE] = 0.850, [INTERVAL_BCA] = 0.869,
		[INTERVAL_T] = 0.857, [INTERVAL_EXPANDED] = 0.873 },
	[3] = { [INTERVAL_PERCENTILE] = 0.891, [INTERVAL_BCA] = 0.898,
		[INTERVAL_T] = 0.891, [INTERVAL_EXPANDED] = 0.904 },
};

/* Index of the nearest tabulated n; ties go to the smaller n. */
static size_t nearest_row(size_t n)
{
	size_t best = 0;

	for (size_t k = 1; k < 4; k++) {
		size_t gap = n > table_n[k] ? n - table_n[k] : table_n[k] - n;
		size_t best_gap = n > table_n[best] ? n - table_n[best]
						    : table_n[best] - n;

		if (gap < best_gap)
			best = k;
	}
	return best;
}

size_t coverage_nearest_n(size_t n)
{
	return n < 2 ? 0 : table_n[nearest_row(n)];
}

double coverage_simulated(interval_method m, size_t n)
{
	if (n < 2 || (unsigned)m >= INTERVAL_METHOD_COUNT)
		return NAN;
	return table[nearest_row(n)][m];
}

const char *coverage_scenario(void)
{
	return "simulated: strongly skewed (lognormal, sigma 1) per-pair "
	       "differences, 2000 studies, B = 2000";
}
