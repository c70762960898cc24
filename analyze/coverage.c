/* coverage.c: the coverage table measured by bench/coverage, as data. */
#include "analyze/coverage.h"

#include <math.h>

/* Produced by `bench/coverage -c` with its defaults (2000 studies at
 * every n, B = 2000, seed 1, sigma = 1), run from the build directory; the
 * same table is in docs/statistics.md.  Row n is n pairs; the columns are
 * in interval_method order: percentile, bca, t, expanded, studentized.
 * NAN: no interval at that n (the studentized interval at 2 and 3 pairs
 * is unbounded in every simulated study).  Each value has a simulation
 * standard error of sqrt(c (1 - c) / 2000), 0.005 to 0.011. */
static const double table[COVERAGE_MAX_PAIRS + 1][INTERVAL_METHOD_COUNT] = {
	[2] = { 0.426, 0.426, 0.897, 0.426, NAN },
	[3] = { 0.637, 0.621, 0.841, 0.637, NAN },
	[4] = { 0.675, 0.691, 0.817, 0.751, 0.903 },
	[5] = { 0.718, 0.740, 0.815, 0.809, 0.889 },
	[6] = { 0.736, 0.763, 0.821, 0.819, 0.881 },
	[7] = { 0.756, 0.779, 0.820, 0.822, 0.878 },
	[8] = { 0.785, 0.803, 0.819, 0.832, 0.892 },
	[9] = { 0.801, 0.826, 0.847, 0.858, 0.910 },
	[10] = { 0.795, 0.809, 0.829, 0.841, 0.897 },
	[11] = { 0.817, 0.844, 0.847, 0.861, 0.910 },
	[12] = { 0.817, 0.836, 0.847, 0.859, 0.905 },
	[13] = { 0.822, 0.844, 0.851, 0.860, 0.910 },
	[14] = { 0.818, 0.848, 0.844, 0.853, 0.907 },
	[15] = { 0.851, 0.860, 0.868, 0.874, 0.911 },
	[16] = { 0.861, 0.877, 0.875, 0.885, 0.920 },
	[17] = { 0.838, 0.864, 0.854, 0.866, 0.909 },
	[18] = { 0.837, 0.857, 0.850, 0.859, 0.901 },
	[19] = { 0.846, 0.861, 0.859, 0.869, 0.915 },
	[20] = { 0.863, 0.876, 0.874, 0.889, 0.929 },
	[21] = { 0.850, 0.871, 0.860, 0.875, 0.922 },
	[22] = { 0.867, 0.886, 0.877, 0.885, 0.927 },
	[23] = { 0.870, 0.880, 0.879, 0.887, 0.929 },
	[24] = { 0.858, 0.876, 0.869, 0.875, 0.916 },
	[25] = { 0.874, 0.894, 0.885, 0.894, 0.931 },
	[26] = { 0.878, 0.890, 0.884, 0.891, 0.925 },
	[27] = { 0.867, 0.889, 0.872, 0.886, 0.930 },
	[28] = { 0.876, 0.884, 0.886, 0.895, 0.927 },
	[29] = { 0.875, 0.887, 0.885, 0.892, 0.916 },
	[30] = { 0.883, 0.901, 0.892, 0.901, 0.927 },
	[31] = { 0.878, 0.887, 0.880, 0.889, 0.920 },
	[32] = { 0.880, 0.892, 0.887, 0.898, 0.924 },
	[33] = { 0.880, 0.889, 0.881, 0.890, 0.922 },
	[34] = { 0.880, 0.899, 0.884, 0.896, 0.926 },
	[35] = { 0.894, 0.908, 0.896, 0.908, 0.932 },
	[36] = { 0.887, 0.896, 0.893, 0.898, 0.924 },
	[37] = { 0.879, 0.898, 0.885, 0.893, 0.924 },
	[38] = { 0.880, 0.897, 0.884, 0.892, 0.922 },
	[39] = { 0.889, 0.903, 0.897, 0.898, 0.932 },
	[40] = { 0.888, 0.902, 0.888, 0.899, 0.932 },
};

/* The columns above are written in this order. */
_Static_assert(INTERVAL_PERCENTILE == 0 && INTERVAL_BCA == 1
	       && INTERVAL_T == 2 && INTERVAL_EXPANDED == 3
	       && INTERVAL_STUDENTIZED == 4 && INTERVAL_METHOD_COUNT == 5,
	       "coverage table columns follow interval_method");

double coverage_simulated(interval_method m, size_t n)
{
	if (n < COVERAGE_MIN_PAIRS || n > COVERAGE_MAX_PAIRS
	    || (unsigned)m >= INTERVAL_METHOD_COUNT)
		return NAN;
	return table[n][m];
}

interval_method coverage_nearest_nominal(size_t n, double *covered)
{
	size_t row = n < COVERAGE_MIN_PAIRS ? COVERAGE_MIN_PAIRS
		     : n > COVERAGE_MAX_PAIRS ? COVERAGE_MAX_PAIRS : n;
	interval_method best = INTERVAL_PERCENTILE;

	for (size_t m = 1; m < INTERVAL_METHOD_COUNT; m++) {
		double c = table[row][m];

		/* NAN (no interval at so few pairs) never wins. */
		if (fabs(c - COVERAGE_NOMINAL)
		    < fabs(table[row][best] - COVERAGE_NOMINAL))
			best = (interval_method)m;
	}
	*covered = table[row][best];
	return best;
}

const char *coverage_scenario(void)
{
	return "simulated: strongly skewed (lognormal, sigma 1) per-pair "
	       "differences, 2000 studies at each number of pairs, B = 2000";
}
