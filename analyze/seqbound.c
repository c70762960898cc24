/* seqbound.c: the levels of the looks of a sequential design, by
 * recursive numerical integration (method and sources in seqbound.h). */
#include "analyze/seqbound.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

/* The most points of one look's grid: 6r - 1 base points and the two ends
 * of the region, each interval with its Simpson midpoint. */
#define GRID_MAX (2 * (6 * SEQBOUND_GRID_R_MAX + 1) - 1)

/* The transition density is summed only within KERNEL_REACH standard
 * deviations of each point: phi(9) / phi(0) < 3e-18. */
#define KERNEL_REACH 9.0

/* The root finder stops when two successive values of C differ by at
 * most ROOT_TOL (the crossing probability then moves by less than
 * 1e-10), or the crossing probability lies within a factor 1 +/- 1e-12
 * of alpha; at most ROOT_ITER steps (it takes 4 to 9). */
#define ROOT_TOL 1e-10
#define ROOT_FTOL 1e-12
#define ROOT_ITER 100

/* A look's grid: the points Z[0..N-1] (ascending) over the continuation
 * region of the score, their Simpson weights W, and G = W times the
 * sub-density of the score at Z (the mass each point carries to the next
 * look). */
typedef struct grid {
	size_t n;
	double z[GRID_MAX];
	double w[GRID_MAX];
	double g[GRID_MAX];
} grid;

/* What one integration works in: two grids, the one carried from and the
 * one carried to, and the base points of one (about 125 KiB, from the
 * heap). */
typedef struct workspace {
	grid a, b;
	double x[6 * SEQBOUND_GRID_R_MAX + 1];
} workspace;

/* 1 / sqrt(2 pi) */
#define INV_SQRT_2PI 0.398942280401432677939946059934

static double normal_density(double x)
{
	return INV_SQRT_2PI * exp(-0.5 * x * x);
}

/* The looks are block counts from 1, strictly ascending, at most
 * PLAN_MAX_LOOKS of them. */
static bool looks_valid(const unsigned long *looks, size_t n)
{
	if (!looks || n == 0 || n > PLAN_MAX_LOOKS || looks[0] < 1)
		return false;
	for (size_t k = 1; k < n; k++)
		if (looks[k] <= looks[k - 1])
			return false;
	return true;
}

/* Base point i (1 <= i <= 6r - 1) of J&T's grid for a unit normal: evenly
 * spaced by 3 / (2r) in (-3, 3), then spaced ever wider out to +/-(3 + 4
 * log r), where the normal's tail beyond is below 1e-40. */
static double base_point(int i, int r)
{
	if (i < r)
		return -3 - 4 * log((double)r / i);
	if (i <= 5 * r)
		return -3 + 3 * (double)(i - r) / (2 * r);
	return 3 + 4 * log((double)r / (6 * r - i));
}

/* The grid parameter r of a look where the score has standard deviation
 * SD, the increment into it SDD_IN (INFINITY at the first look) and the
 * increment out of it SDD_OUT: fine enough that the grid's spacing is a
 * fraction of the narrower of the two (see seqbound.h). */
static int grid_r(double sd, double sdd_in, double sdd_out)
{
	double q = SEQBOUND_GRID_RES * sd / fmin(sdd_in, sdd_out);

	if (!(q > SEQBOUND_GRID_R))
		return SEQBOUND_GRID_R;
	if (q >= SEQBOUND_GRID_R_MAX)
		return SEQBOUND_GRID_R_MAX;
	return (int)ceil(q);
}

/* Lays GR's points and Simpson weights over the score's continuation
 * region (-LIM, LIM) at a look where the score has standard deviation
 * SD, with grid parameter R: the base points scaled by SD that fall
 * inside, the region's ends when it is finite, and a midpoint in each
 * interval.  X holds the points before the midpoints. */
static void grid_lay(grid *gr, double *x, double sd, double lim, int r)
{
	size_t m = 0;

	if (isfinite(lim))
		x[m++] = -lim;
	for (int i = 1; i <= 6 * r - 1; i++) {
		double p = base_point(i, r) * sd;
		if (p > -lim && p < lim)
			x[m++] = p;
	}
	if (isfinite(lim))
		x[m++] = lim;
	if (m < 2) {   /* not reached: a region always holds two points */
		gr->n = 0;
		return;
	}
	gr->n = 2 * m - 1;
	for (size_t j = 0; j < gr->n; j++)
		gr->w[j] = 0;
	for (size_t j = 0; j + 1 < m; j++) {
		double h = x[j + 1] - x[j];
		gr->z[2 * j] = x[j];
		gr->z[2 * j + 1] = 0.5 * (x[j] + x[j + 1]);
		gr->w[2 * j] += h / 6;
		gr->w[2 * j + 1] += 4 * h / 6;
		gr->w[2 * j + 2] += h / 6;
	}
	gr->z[gr->n - 1] = x[m - 1];
	/* The region and the base points are symmetric about 0; make the
	 * grid so to the last bit, so that carry may compute half of it. */
	for (size_t j = 0; j < gr->n / 2; j++) {
		gr->z[gr->n - 1 - j] = -gr->z[j];
		gr->w[gr->n - 1 - j] = gr->w[j];
	}
	gr->z[gr->n / 2] = 0;
}

/* The probability that the score, carried by PREV's mass over an
 * increment of standard deviation SDD, leaves (-LIM, LIM): summed from
 * both normal tails, so that a small probability keeps its digits. */
static double exit_mass(const grid *prev, double sdd, double lim)
{
	double p = 0;

	if (!isfinite(lim))
		return 0;
	for (size_t i = 0; i < prev->n; i++)
		p += prev->g[i]
		     * (gsl_cdf_ugaussian_Q((lim - prev->z[i]) / sdd)
			+ gsl_cdf_ugaussian_Q((lim + prev->z[i]) / sdd));
	return p;
}

/* NEXT's mass from PREV's through the normal transition density of
 * standard deviation SDD: g_j = w_j sum_i g_i phi((z_j - z_i) / sdd) /
 * sdd, the sum over the z_i within KERNEL_REACH sdd of z_j (both grids
 * ascend, so that window slides).  Both grids and PREV's mass are
 * symmetric about 0, and so is NEXT's: its upper half is the lower one
 * mirrored. */
static void carry(const grid *prev, grid *next, double sdd)
{
	double reach = KERNEL_REACH * sdd;
	size_t lo = 0, hi = 0;

	for (size_t j = 0; j <= next->n / 2; j++) {
		double zj = next->z[j], f = 0;

		while (lo < prev->n && prev->z[lo] < zj - reach)
			lo++;
		if (hi < lo)
			hi = lo;
		while (hi < prev->n && prev->z[hi] <= zj + reach)
			hi++;
		for (size_t i = lo; i < hi; i++)
			f += prev->g[i]
			     * normal_density((zj - prev->z[i]) / sdd);
		next->g[j] = next->g[next->n - 1 - j] = next->w[j] * f / sdd;
	}
}

/* The standard deviation of the score's increment into look K (0-based,
 * K >= 1), the information scaled to I_N = 1; INFINITY past the last. */
static double increment_sd(const unsigned long *looks, size_t n, size_t k)
{
	double last = (double)looks[n - 1];

	if (k >= n)
		return INFINITY;
	return sqrt(((double)looks[k] - (double)looks[k - 1]) / last);
}

/* seqbound_crossing on input already checked, in WS.  The information is
 * scaled to I_N = 1; only the ratios matter. */
static double crossing(workspace *ws, const unsigned long *looks, size_t n,
		       const double *crit)
{
	grid *prev = &ws->a, *next = &ws->b, *t;
	double last = (double)looks[n - 1];
	double sd = sqrt((double)looks[0] / last);
	double p = 2 * gsl_cdf_ugaussian_Q(crit[0]);

	if (n == 1)
		return p;
	grid_lay(prev, ws->x, sd, crit[0] * sd,
		 grid_r(sd, INFINITY, increment_sd(looks, n, 1)));
	for (size_t j = 0; j < prev->n; j++)
		prev->g[j] = prev->w[j] * normal_density(prev->z[j] / sd) / sd;
	for (size_t k = 1; k < n; k++) {
		double sdd = increment_sd(looks, n, k);
		double sd_k = sqrt((double)looks[k] / last);
		double lim = crit[k] * sd_k;

		p += exit_mass(prev, sdd, lim);
		if (k + 1 == n)
			break;
		grid_lay(next, ws->x, sd_k, lim,
			 grid_r(sd_k, sdd, increment_sd(looks, n, k + 1)));
		carry(prev, next, sdd);
		t = prev;
		prev = next;
		next = t;
	}
	return p < 0 ? 0 : p > 1 ? 1 : p;
}

double seqbound_crossing(const unsigned long *looks, size_t n,
			 const double *crit)
{
	workspace *ws;
	double p;

	if (!looks_valid(looks, n) || !crit)
		return NAN;
	for (size_t k = 0; k < n; k++)
		if (!(crit[k] > 0))
			return NAN;
	ws = malloc(sizeof *ws);
	if (!ws)
		return NAN;
	p = crossing(ws, looks, n, crit);
	free(ws);
	return p;
}

/* The critical values of boundary B with constant C at the N looks. */
static void crit_of(look_boundary b, const unsigned long *looks, size_t n,
		    double c, double *crit)
{
	for (size_t k = 0; k < n; k++)
		crit[k] = b == BOUNDARY_POCOCK
			  ? c
			  : c * sqrt((double)looks[n - 1] / (double)looks[k]);
}

typedef struct solve_data {
	workspace *ws;
	look_boundary b;
	const unsigned long *looks;
	size_t n;
	double alpha;
} solve_data;

/* log(crossing probability at constant C / alpha): falls with C, and
 * nearly linearly (a normal tail is about exp(-C^2 / 2)), which the
 * secant steps below like. */
static double excess(double c, const solve_data *d)
{
	double crit[PLAN_MAX_LOOKS];

	crit_of(d->b, d->looks, d->n, c, crit);
	return log(crossing(d->ws, d->looks, d->n, crit) / d->alpha);
}

/* The constant C of D's boundary, between LO (the fixed level's critical
 * value: the last look alone already misses with probability alpha
 * there, so the excess is >= 0) and HI (Bonferroni's: the looks' misses
 * add up to at most alpha, so it is <= 0), by the Illinois method
 * (regula falsi that halves the value kept at an end that stays, so that
 * both ends close in; Dowell & Jarratt 1971, BIT 11:168) on u = C^2,
 * against which the log excess is nearly a line: a few steps, each a
 * whole integration.  Where the integration's own error leaves no sign
 * change, the end it stands at is the answer (the looks then are as one,
 * or as independent). */
static double solve(const solve_data *d, double lo, double hi)
{
	double f_lo = excess(lo, d), f_hi = excess(hi, d);
	double u_lo = lo * lo, u_hi = hi * hi, c = lo, last = hi;
	int side = 0;

	if (f_lo <= 0)
		return lo;
	if (f_hi >= 0)
		return hi;
	for (int i = 0; i < ROOT_ITER && fabs(c - last) > ROOT_TOL; i++) {
		double u = (u_lo * f_hi - u_hi * f_lo) / (f_hi - f_lo), f_c;

		last = c;
		c = sqrt(u);
		f_c = excess(c, d);
		if (fabs(f_c) <= ROOT_FTOL)
			break;
		if (f_c > 0) {
			u_lo = u;
			f_lo = f_c;
			if (side > 0)
				f_hi /= 2;
			side = 1;
		} else {
			u_hi = u;
			f_hi = f_c;
			if (side < 0)
				f_lo /= 2;
			side = -1;
		}
	}
	return c;
}

pb_status seqbound_levels(look_boundary b, const unsigned long *looks,
			  size_t n, double conf, double *levels, double *crit)
{
	double alpha = 1 - conf, c_k[PLAN_MAX_LOOKS], lo, hi, c;
	solve_data d = { NULL, b, looks, n, alpha };

	if (!levels || !looks)
		return PB_SOFTWARE;
	if (!looks_valid(looks, n) || !(conf > 0 && conf < 1))
		return PB_DATAERR;
	if (b != BOUNDARY_POCOCK && b != BOUNDARY_OBRIEN_FLEMING
	    && b != BOUNDARY_BONFERRONI)
		return PB_DATAERR;
	lo = gsl_cdf_ugaussian_Qinv(alpha / 2);
	hi = gsl_cdf_ugaussian_Qinv(alpha / (2 * (double)n));
	if (n == 1 || b == BOUNDARY_BONFERRONI) {
		for (size_t k = 0; k < n; k++) {
			levels[k] = n == 1 ? conf : 1 - alpha / (double)n;
			if (crit)
				crit[k] = hi;
		}
		return PB_OK;
	}
	d.ws = malloc(sizeof *d.ws);
	if (!d.ws)
		return PB_NOMEM;
	c = solve(&d, lo, hi);
	free(d.ws);
	crit_of(b, looks, n, c, c_k);
	for (size_t k = 0; k < n; k++) {
		levels[k] = 1 - 2 * gsl_cdf_ugaussian_Q(c_k[k]);
		if (crit)
			crit[k] = c_k[k];
	}
	return PB_OK;
}
