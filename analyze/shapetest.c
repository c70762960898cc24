/* shapetest.c: the D'Agostino-Pearson omnibus test (see shapetest.h). */
#include "analyze/shapetest.h"

#include <math.h>

/* D'Agostino's deviate for the skewness B1 of N values. */
static double skewness_deviate(double b1, double n)
{
	double y = b1 * sqrt((n + 1.0) * (n + 3.0) / (6.0 * (n - 2.0)));
	double beta2 = 3.0 * (n * n + 27.0 * n - 70.0) * (n + 1.0) * (n + 3.0)
		/ ((n - 2.0) * (n + 5.0) * (n + 7.0) * (n + 9.0));
	double w2 = -1.0 + sqrt(2.0 * (beta2 - 1.0));
	double delta = 1.0 / sqrt(0.5 * log(w2));
	double alpha = sqrt(2.0 / (w2 - 1.0));
	double ya = y / alpha;

	return delta * log(ya + sqrt(ya * ya + 1.0));
}

/* Anscombe and Glynn's deviate for the kurtosis B2 of N values. */
static double kurtosis_deviate(double b2, double n)
{
	double mean = 3.0 * (n - 1.0) / (n + 1.0);
	double var = 24.0 * n * (n - 2.0) * (n - 3.0)
		/ ((n + 1.0) * (n + 1.0) * (n + 3.0) * (n + 5.0));
	double x = (b2 - mean) / sqrt(var);
	/* The skewness of b2's own null distribution. */
	double root_beta1 = 6.0 * (n * n - 5.0 * n + 2.0)
		/ ((n + 7.0) * (n + 9.0))
		* sqrt(6.0 * (n + 3.0) * (n + 5.0)
		       / (n * (n - 2.0) * (n - 3.0)));
	double a = 6.0 + 8.0 / root_beta1
		* (2.0 / root_beta1 + sqrt(1.0 + 4.0 / (root_beta1 * root_beta1)));
	double denom = 1.0 + x * sqrt(2.0 / (a - 4.0));
	double cube = cbrt((1.0 - 2.0 / a) / denom);

	return (1.0 - 2.0 / (9.0 * a) - cube) / sqrt(2.0 / (9.0 * a));
}

shapetest_result shapetest_run(const double *x, size_t n)
{
	shapetest_result r = { false, NAN, NAN, NAN, NAN, NAN };
	double mean = 0.0, m2 = 0.0, m3 = 0.0, m4 = 0.0;

	if (n < SHAPETEST_MIN_VALUES)
		return r;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++) {
		double e = x[i] - mean, e2 = e * e;

		m2 += e2;
		m3 += e2 * e;
		m4 += e2 * e2;
	}
	m2 /= (double)n;
	m3 /= (double)n;
	m4 /= (double)n;
	if (!(m2 > 0.0))
		return r;
	r.defined = true;
	r.skewness = m3 / pow(m2, 1.5);
	r.kurtosis = m4 / (m2 * m2);
	r.z_skewness = skewness_deviate(r.skewness, (double)n);
	r.z_kurtosis = kurtosis_deviate(r.kurtosis, (double)n);
	r.p_value = exp(-0.5 * (r.z_skewness * r.z_skewness
				+ r.z_kurtosis * r.z_kurtosis));
	return r;
}
