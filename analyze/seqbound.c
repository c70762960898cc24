/* seqbound.c: the level of each look of a sequential design (see
 * seqbound.h). */
#include "analyze/seqbound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#define GRID SEQBOUND_GRID

/* Simpson's weight of point I of GRID points spaced H. */
static double simpson(size_t i, double h)
{
	if (i == 0 || i == GRID - 1)
		return h / 3.0;
	return (i % 2 ? 4.0 : 2.0) * h / 3.0;
}

static double normal_pdf(double x)
{
	return exp(-0.5 * x * x) / sqrt(2.0 * M_PI);
}

/* The chance of staying inside (-B, B) at the next look, from the score
 * density F on the grid X (weights W) and the increment's SD SIGMA; and
 * the density there, into NEXT on the grid NX, when NEXT is not NULL. */
static double carry(const double *x, const double *w, const double *f,
		    double sigma, double b, const double *nx, double *next)
{
	double stay = 0.0;

	for (size_t j = 0; j < GRID; j++) {
		double in = gsl_cdf_ugaussian_P((b - x[j]) / sigma)
			    - gsl_cdf_ugaussian_P((-b - x[j]) / sigma);
		stay += w[j] * f[j] * in;
	}
	if (next) {
		for (size_t i = 0; i < GRID; i++) {
			double sum = 0.0;
			for (size_t j = 0; j < GRID; j++)
				sum += w[j] * f[j]
				       * normal_pdf((nx[i] - x[j]) / sigma);
			next[i] = sum / sigma;
		}
	}
	return stay;
}

/* The grid of (-B, B) and its Simpson weights. */
static void grid(double b, double *x, double *w)
{
	double h = 2.0 * b / (GRID - 1);

	for (size_t i = 0; i < GRID; i++) {
		x[i] = -b + h * (double)i;
		w[i] = simpson(i, h);
	}
}

double seqbound_crossing(const unsigned long *looks, size_t n,
			 const double *crit)
{
	double *buf = malloc(5 * GRID * sizeof *buf);
	double *x = buf, *w = buf + GRID, *f = buf + 2 * GRID;
	double *nx = buf + 3 * GRID, *nf = buf + 4 * GRID;
	double stay;

	if (!buf || n == 0)
		return free(buf), NAN;
	/* The first look: S_1 ~ N(0, n_1). */
	double sd = sqrt((double)looks[0]);
	grid(crit[0] * sd, x, w);
	for (size_t i = 0; i < GRID; i++)
		f[i] = normal_pdf(x[i] / sd) / sd;
	stay = 1.0 - 2.0 * gsl_cdf_ugaussian_Q(crit[0]);
	for (size_t k = 1; k < n; k++) {
		double sigma = sqrt((double)(looks[k] - looks[k - 1]));
		double b = crit[k] * sqrt((double)looks[k]);
		double wn[GRID];

		grid(b, nx, wn);
		stay = carry(x, w, f, sigma, b, k + 1 < n ? nx : NULL,
			     k + 1 < n ? nf : NULL);
		memcpy(x, nx, GRID * sizeof *x);
		memcpy(w, wn, GRID * sizeof *w);
		memcpy(f, nf, GRID * sizeof *f);
	}
	free(buf);
	return 1.0 - stay;
}

/* The critical values of boundary B with constant C. */
static void shape(look_boundary b, const unsigned long *looks, size_t n,
		  double c, double *crit)
{
	for (size_t k = 0; k < n; k++)
		crit[k] = b == BOUNDARY_OBRIEN_FLEMING
			  ? c * sqrt((double)looks[n - 1] / (double)looks[k])
			  : c;
}

pb_status seqbound_levels(look_boundary b, const unsigned long *looks,
			  size_t n, double confidence, double *levels,
			  double *crit)
{
	double c_at[PLAN_MAX_LOOKS];
	double alpha = 1.0 - confidence;

	if (n == 0 || n > PLAN_MAX_LOOKS || !(confidence > 0.0)
	    || !(confidence < 1.0) || looks[0] < 1)
		return PB_DATAERR;
	for (size_t k = 1; k < n; k++)
		if (looks[k] <= looks[k - 1])
			return PB_DATAERR;
	/* The single look's value and Bonferroni's bracket C: the first
	 * crosses at least alpha (its last look alone does), the second at
	 * most alpha. */
	double lo = gsl_cdf_ugaussian_Qinv(alpha / 2.0);
	double hi = gsl_cdf_ugaussian_Qinv(alpha / (2.0 * (double)n));

	if (b == BOUNDARY_BONFERRONI || n == 1) {
		shape(BOUNDARY_POCOCK, looks, n, b == BOUNDARY_BONFERRONI ? hi
								       : lo,
		      c_at);
	} else {
		while (hi - lo > 1e-9) {
			double mid = 0.5 * (lo + hi);
			shape(b, looks, n, mid, c_at);
			if (seqbound_crossing(looks, n, c_at) > alpha)
				lo = mid;
			else
				hi = mid;
		}
		shape(b, looks, n, 0.5 * (lo + hi), c_at);
	}
	for (size_t k = 0; k < n; k++) {
		levels[k] = 1.0 - 2.0 * gsl_cdf_ugaussian_Q(c_at[k]);
		if (crit)
			crit[k] = c_at[k];
	}
	return PB_OK;
}
