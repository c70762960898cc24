/* spreadtest.h: whether two samples differ in spread, by a test that keeps
 * its level on skewed data.
 *
 * The Brown-Forsythe test (Brown and Forsythe 1974, "Robust tests for the
 * equality of variances", JASA 69(346):364-367): Levene's test with each
 * value replaced by its absolute deviation from its own sample's median,
 *
 *     z_ij = |x_ij - median_i|,
 *
 * then the one-way analysis of variance of the z on the two groups:
 *
 *     F = (N - 2) * sum_i n_i (zbar_i - zbar)^2
 *                 / sum_i sum_j (z_ij - zbar_i)^2,     N = n_1 + n_2,
 *
 * referred to the F distribution with (1, N - 2) degrees of freedom; the
 * p-value is P(F' >= F).  It is what R computes as
 * anova(lm(abs(x - ave(x, g, FUN = median)) ~ g)) and scipy as
 * scipy.stats.levene(a, b, center = 'median').  The median is the type 7
 * quantile at 0.5 (common/quantile.h), the usual median.
 *
 * Assumption: the values are independent, and the two distributions have
 * the same shape apart from location and scale.  Normality is not
 * assumed: on skewed data the test holds its level where the F test of
 * the variance ratio does not (docs/statistics.md, bench/spreadlevel). */
#ifndef PAIRBOOT_SPREADTEST_H
#define PAIRBOOT_SPREADTEST_H

#include <stdbool.h>
#include <stddef.h>

#include "common/status.h"

typedef struct spreadtest_result {
	bool defined;        /* both samples have 2 or more values and the
				deviations vary within the samples */
	double statistic;    /* F; NAN when not defined */
	double df_within;    /* N - 2 (the numerator has 1) */
	double p_value;      /* P(F' >= F); NAN when not defined */
} spreadtest_result;

/* The Brown-Forsythe test of the NA values A against the NB values B
 * (both only read; any order; no NaN).  Returns PB_OK with *OUT filled,
 * defined false when there are fewer than 2 values in a sample or every
 * deviation equals its sample's mean deviation (the denominator is 0),
 * or PB_NOMEM. */
pb_status spreadtest_brown_forsythe(const double *a, size_t na,
				    const double *b, size_t nb,
				    spreadtest_result *out);

#endif
