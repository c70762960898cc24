/* spreadtest.c: the Brown-Forsythe test of equal spread (formula in
 * spreadtest.h). */
#include "analyze/spreadtest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>

#include "common/quantile.h"

/* Writes |x - median(x)| of the N values X into Z and returns their mean.
 * Z must hold N doubles; X is only read. */
static double deviations(const double *x, size_t n, double *z)
{
	double med, sum = 0;

	memcpy(z, x, n * sizeof *z);
	gsl_sort(z, 1, n);
	med = quantile_sorted(z, n, 0.5);
	for (size_t i = 0; i < n; i++) {
		z[i] = fabs(x[i] - med);
		sum += z[i];
	}
	return sum / (double)n;
}

static double sum_squares(const double *z, size_t n, double mean)
{
	double ss = 0;

	for (size_t i = 0; i < n; i++)
		ss += (z[i] - mean) * (z[i] - mean);
	return ss;
}

pb_status spreadtest_brown_forsythe(const double *a, size_t na,
				    const double *b, size_t nb,
				    spreadtest_result *out)
{
	double *z;
	double za, zb, zall, between, within, scale = 0;
	double n = (double)(na + nb);

	*out = (spreadtest_result){ false, NAN, n - 2, NAN };
	if (na < 2 || nb < 2)
		return PB_OK;
	z = malloc((na + nb) * sizeof *z);
	if (!z)
		return PB_NOMEM;
	za = deviations(a, na, z);
	zb = deviations(b, nb, z + na);
	zall = (za * (double)na + zb * (double)nb) / n;
	between = (double)na * (za - zall) * (za - zall)
		  + (double)nb * (zb - zall) * (zb - zall);
	within = sum_squares(z, na, za) + sum_squares(z + na, nb, zb);
	for (size_t i = 0; i < na + nb; i++)
		scale += z[i] * z[i];
	free(z);
	/* Deviations that are equal within each sample leave a denominator
	 * of 0, or of rounding noise far below the deviations' own size:
	 * no test then. */
	if (!(within > 1e-20 * scale))
		return PB_OK;
	out->defined = true;
	out->statistic = (n - 2) * between / within;
	out->p_value = gsl_cdf_fdist_Q(out->statistic, 1, n - 2);
	return PB_OK;
}
