/* welch.c: the Welch interval and its p-values (rules in welch.h). */
#include "analyze/welch.h"

#include <math.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

/* The mean of X[0..N-1] into *MEAN and its sample variance (divisor
 * N - 1, two passes for accuracy) into *VAR; N >= 2. */
static void mean_var(const double *x, size_t n, double *mean, double *var)
{
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		sum += x[i];
	*mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - *mean) * (x[i] - *mean);
	*var = ss / (double)(n - 1);
}

void welch_of(const double *x_old, size_t n_old, const double *x_new,
	      size_t n_new, welch_change *out)
{
	welch_change *w = out;
	double m_old, v_old, m_new, v_new, a, b;

	memset(w, 0, sizeof *w);
	w->n_old = n_old;
	w->n_new = n_new;
	w->estimate = w->se = w->df = NAN;
	if (n_old < 2 || n_new < 2)
		return;
	mean_var(x_old, n_old, &m_old, &v_old);
	mean_var(x_new, n_new, &m_new, &v_new);
	a = v_old / (double)n_old;
	b = v_new / (double)n_new;
	w->defined = true;
	w->estimate = m_new - m_old;
	w->se = sqrt(a + b);
	/* Both samples constant: no spread to weigh, and the df no longer
	 * matters (the interval has width 0 whatever t is). */
	w->df = a + b > 0 ? (a + b) * (a + b)
			   / (a * a / (double)(n_old - 1)
			      + b * b / (double)(n_new - 1))
			  : (double)(n_old + n_new - 2);
}

void welch_interval(const welch_change *w, double alpha, double *lo,
		    double *hi)
{
	double half;

	if (!w->defined) {
		*lo = *hi = NAN;
		return;
	}
	half = w->se > 0 ? gsl_cdf_tdist_Qinv(alpha / 2, w->df) * w->se : 0;
	*lo = w->estimate - half;
	*hi = w->estimate + half;
}

/* 2 P(T_df > Z), at most 1: the two-sided level at which an interval
 * whose centre lies Z standard errors beyond a boundary just reaches it. */
static double two_tail(double z, double df)
{
	double p = 2 * gsl_cdf_tdist_Q(z, df);
	return p < 1 ? p : 1;
}

double welch_p_above(const welch_change *w, double b)
{
	if (!w->defined)
		return NAN;
	if (!(w->se > 0))
		return w->estimate > b ? 0 : 1;
	return two_tail((w->estimate - b) / w->se, w->df);
}

double welch_p_below(const welch_change *w, double b)
{
	if (!w->defined)
		return NAN;
	if (!(w->se > 0))
		return w->estimate < b ? 0 : 1;
	return two_tail((b - w->estimate) / w->se, w->df);
}
