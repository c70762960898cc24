/* spreadpower.c: the simulated power of the spread test and its reading
 * (spreadpower.h). */
#include "analyze/spreadpower.h"

#include <math.h>

const size_t spreadpower_runs[SPREADPOWER_SIZES] = {
	3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50
};

const double spreadpower_alpha[SPREADPOWER_LEVELS] = {
	0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.001
};

/* bench/spreadpower 100000 1, as docs/statistics.md prints it. */
static const double power[SPREADPOWER_SIZES][SPREADPOWER_LEVELS] = {
	{ 0.049, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000 },   /* 3 + 3 */
	{ 0.344, 0.207, 0.131, 0.075, 0.050, 0.033, 0.013 },   /* 4 + 4 */
	{ 0.284, 0.104, 0.029, 0.003, 0.000, 0.000, 0.000 },   /* 5 + 5 */
	{ 0.446, 0.263, 0.148, 0.071, 0.042, 0.025, 0.008 },   /* 6 + 6 */
	{ 0.561, 0.365, 0.219, 0.104, 0.059, 0.034, 0.010 },   /* 8 + 8 */
	{ 0.655, 0.468, 0.305, 0.157, 0.090, 0.051, 0.013 },   /* 10 + 10 */
	{ 0.739, 0.569, 0.400, 0.224, 0.134, 0.078, 0.021 },   /* 12 + 12 */
	{ 0.823, 0.678, 0.516, 0.319, 0.206, 0.125, 0.032 },   /* 15 + 15 */
	{ 0.914, 0.824, 0.703, 0.524, 0.392, 0.279, 0.108 },   /* 20 + 20 */
	{ 0.958, 0.903, 0.820, 0.674, 0.551, 0.430, 0.203 },   /* 25 + 25 */
	{ 0.981, 0.949, 0.897, 0.795, 0.695, 0.584, 0.334 },   /* 30 + 30 */
	{ 0.996, 0.987, 0.969, 0.923, 0.870, 0.801, 0.592 },   /* 40 + 40 */
	{ 0.999, 0.997, 0.991, 0.974, 0.950, 0.915, 0.782 },   /* 50 + 50 */
};

/* The index I with X[I] <= V <= X[I + 1] of the N values X (ascending
 * when UP, else descending), and V's place between them in *FRAC; false
 * when V lies outside X. */
static bool bracket(const double *x, size_t n, double v, bool up,
		    size_t *i, double *frac)
{
	for (size_t k = 0; k + 1 < n; k++) {
		double lo = x[k], hi = x[k + 1];
		if (up ? (v >= lo && v <= hi) : (v <= lo && v >= hi)) {
			*i = k;
			*frac = (v - lo) / (hi - lo);
			return true;
		}
	}
	return false;
}

bool spreadpower_at(size_t na, size_t nb, double alpha, double *out)
{
	double runs[SPREADPOWER_SIZES], logs[SPREADPOWER_LEVELS];
	double n, fr, fc, lo, hi;
	size_t r, c;

	if (na == 0 || nb == 0 || !(alpha > 0))
		return false;
	for (size_t k = 0; k < SPREADPOWER_SIZES; k++)
		runs[k] = (double)spreadpower_runs[k];
	for (size_t k = 0; k < SPREADPOWER_LEVELS; k++)
		logs[k] = log(spreadpower_alpha[k]);
	n = 2.0 * (double)na * (double)nb / (double)(na + nb);
	if (!bracket(runs, SPREADPOWER_SIZES, n, true, &r, &fr)
	    || !bracket(logs, SPREADPOWER_LEVELS, log(alpha), false, &c, &fc))
		return false;
	lo = power[r][c] + fc * (power[r][c + 1] - power[r][c]);
	hi = power[r + 1][c] + fc * (power[r + 1][c + 1] - power[r + 1][c]);
	*out = lo + fr * (hi - lo);
	return true;
}
