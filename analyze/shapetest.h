/* shapetest.h: whether a sample's shape is unlike a normal one, by the
 * omnibus test of D'Agostino and Pearson.
 *
 * The sample skewness b1 = m3 / m2^1.5 and kurtosis b2 = m4 / m2^2 (m_k
 * the k-th central moment, divided by n) are each turned into an
 * approximately standard normal deviate, the skewness by D'Agostino's
 * transformation (D'Agostino 1970, "Transformation to normality of the
 * null distribution of g1", Biometrika 57:679-681) and the kurtosis by
 * Anscombe and Glynn's (1983, "Distribution of the kurtosis statistic b2
 * for normal samples", Biometrika 70:227-234), and K^2 = Zs^2 + Zk^2 is
 * referred to the chi-square distribution with 2 degrees of freedom: p =
 * exp(-K^2 / 2).  D'Agostino, Belanger and D'Agostino (1990, "A suggestion
 * for using powerful and informative tests of normality", The American
 * Statistician 44:316-321) give the formulas; scipy.stats.normaltest
 * computes the same.  Both transformations need 8 or more values.
 *
 * plan --guarantee rests on normal-theory limits of the pilot's mean and
 * spread; this test is how it declines a pilot whose shape says they
 * would not hold (docs/statistics.md). */
#ifndef PAIRBOOT_SHAPETEST_H
#define PAIRBOOT_SHAPETEST_H

#include <stdbool.h>
#include <stddef.h>

/* The fewest values the test is defined for. */
#define SHAPETEST_MIN_VALUES 8

typedef struct shapetest_result {
	bool defined;       /* n >= SHAPETEST_MIN_VALUES and the values vary */
	double skewness;    /* b1; NAN when not defined */
	double kurtosis;    /* b2 (3 for a normal distribution) */
	double z_skewness;  /* Zs */
	double z_kurtosis;  /* Zk */
	double p_value;     /* exp(-(Zs^2 + Zk^2) / 2) */
} shapetest_result;

/* The test of the N values X. */
shapetest_result shapetest_run(const double *x, size_t n);

#endif
