/* density.c: a distribution on a fixed grid (see the header). */
#include "analyze/density.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

void density_limits(double ci_lo, double ci_hi, double *lo, double *hi)
{
	double reach = DENSITY_REACH * (ci_hi - ci_lo);

	*lo = ci_lo - reach;
	*hi = ci_hi + reach;
}

double density_step(const density_grid *g)
{
	return (g->hi - g->lo) / DENSITY_POINTS;
}

static void grid_start(density_grid *out, double lo, double hi,
		       density_source source, bool exact)
{
	memset(out, 0, sizeof *out);
	out->source = source;
	out->exact = exact;
	out->lo = lo;
	out->hi = hi;
}

/* The bin of X in G, or -1 below and DENSITY_POINTS above the grid; HI
 * itself falls into the last bin. */
static long bin_of(const density_grid *g, double x)
{
	double pos;

	if (!(x >= g->lo))
		return -1;
	if (x > g->hi)
		return DENSITY_POINTS;
	pos = floor((x - g->lo) / density_step(g));
	return pos >= DENSITY_POINTS ? DENSITY_POINTS - 1 : (long)pos;
}

/* Spreads each bin's MASS over its neighbours into G's densities (see the
 * header): the kernel's weights are renormalised over the bins that lie
 * on the grid, so the grid keeps all its mass. */
static void smooth_into(density_grid *g, const double *mass)
{
	const int reach = DENSITY_SMOOTH_REACH;
	double kernel[2 * DENSITY_SMOOTH_REACH + 1];
	double w = density_step(g);

	for (int k = -reach; k <= reach; k++)
		kernel[k + reach] = exp(-0.5 * (k / DENSITY_SMOOTH)
					* (k / DENSITY_SMOOTH));
	for (int i = 0; i < DENSITY_POINTS; i++) {
		int from = i - reach < 0 ? 0 : i - reach;
		int to = i + reach >= DENSITY_POINTS ? DENSITY_POINTS - 1
						     : i + reach;
		double norm = 0;

		if (!(mass[i] > 0))
			continue;
		for (int j = from; j <= to; j++)
			norm += kernel[j - i + reach];
		for (int j = from; j <= to; j++)
			g->density[j] += mass[i] * kernel[j - i + reach] / norm
					 / w;
	}
	g->bandwidth = DENSITY_SMOOTH * w;
}

void density_from_sample(const double *values, const double *weights,
			 size_t count, double offset, double factor,
			 double lo, double hi, density_source source,
			 bool exact, density_grid *out)
{
	double mass[DENSITY_POINTS] = { 0 };
	double below = 0, above = 0;

	grid_start(out, lo, hi, source, exact);
	for (size_t i = 0; i < count; i++) {
		/* Equal weights are counted and divided once at the end, so
		 * B replicates give exact counts over B. */
		double wt = weights ? weights[i] : 1.0;
		long b = bin_of(out, offset + factor * values[i]);

		if (b < 0)
			below += wt;
		else if (b >= DENSITY_POINTS)
			above += wt;
		else
			mass[b] += wt;
	}
	if (!weights) {
		for (int i = 0; i < DENSITY_POINTS; i++)
			mass[i] /= (double)count;
		below /= (double)count;
		above /= (double)count;
	}
	out->below = below;
	out->above = above;
	smooth_into(out, mass);
}

void density_from_t(double centre, double scale, double df, double lo,
		    double hi, density_grid *out)
{
	double w, p_prev;

	grid_start(out, lo, hi, DENSITY_T, false);
	w = density_step(out);
	/* Upper tails through Q keep their precision far above the centre. */
	out->below = gsl_cdf_tdist_P((lo - centre) / scale, df);
	out->above = gsl_cdf_tdist_Q((hi - centre) / scale, df);
	p_prev = out->below;
	for (int i = 0; i < DENSITY_POINTS; i++) {
		double edge = i + 1 == DENSITY_POINTS ? hi : lo + (i + 1) * w;
		double p = gsl_cdf_tdist_P((edge - centre) / scale, df);

		out->density[i] = (p - p_prev) / w;
		p_prev = p;
	}
}

double density_quantile(const density_grid *g, double q)
{
	double w, cum;

	if (g->source == DENSITY_NONE)
		return NAN;
	if (q <= g->below)
		return g->lo;
	w = density_step(g);
	cum = g->below;
	for (int i = 0; i < DENSITY_POINTS; i++) {
		double m = g->density[i] * w;

		if (m > 0 && cum + m >= q)
			return g->lo + (i + (q - cum) / m) * w;
		cum += m;
	}
	return g->hi;
}

double density_total(const density_grid *g)
{
	double sum = 0;

	for (int i = 0; i < DENSITY_POINTS; i++)
		sum += g->density[i];
	return g->below + sum * density_step(g) + g->above;
}

const char *density_source_code(density_source source)
{
	switch (source) {
	case DENSITY_MEANS:
		return "resampled-means";
	case DENSITY_STUDENTIZED:
		return "studentized";
	case DENSITY_T:
		return "student-t";
	case DENSITY_NONE:
		break;
	}
	return NULL;
}
