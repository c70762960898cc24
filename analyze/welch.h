/* welch.h: the Welch interval of a difference of two means from samples
 * that are not paired (two builds), and the p-values dual to it.
 *
 * For samples X (old, n_x values) and Y (new, n_y), with sample variances
 * s_x^2 and s_y^2 (divisor n - 1):
 *
 *   estimate  mean(Y) - mean(X)
 *   se        sqrt(s_x^2 / n_x + s_y^2 / n_y)
 *   df        se^4 / ((s_x^2 / n_x)^2 / (n_x - 1) + (s_y^2 / n_y)^2
 *             / (n_y - 1))          (Welch-Satterthwaite)
 *   interval  estimate -/+ t_{1 - alpha/2, df} se, at confidence 1 - alpha
 *
 * (Welch 1947, Biometrika 34:28; R's t.test(y, x, var.equal = FALSE)).
 * The compare gate uses it in place of the unpaired percentile bootstrap,
 * which lacks the factors sqrt(n / (n - 1)) and t / z and so under-covers
 * at the 10 blocks a study usually has (docs/statistics.md, "The compare
 * gate").
 *
 * The p-value of a claim is the smallest alpha at which the two-sided
 * interval at confidence 1 - alpha lies wholly beyond a boundary B, every
 * comparison strict as in builddiff.h: beyond B above, p = 2 P(T_df >
 * (estimate - B) / se), at most 1.  So "p < alpha" and "the interval at
 * 1 - alpha lies wholly above B" are one test.  A zero se (both samples
 * constant) gives the interval [estimate, estimate] and p 0 or 1. */
#ifndef PAIRBOOT_WELCH_H
#define PAIRBOOT_WELCH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct welch_change {
	bool defined;              /* both samples have at least 2 values */
	size_t n_old, n_new;       /* the sample sizes */
	double estimate;           /* mean(new) - mean(old); NAN undefined */
	double se;                 /* its standard error; NAN undefined */
	double df;                 /* Welch-Satterthwaite degrees of
				      freedom; n_old + n_new - 2 when se
				      is 0 */
} welch_change;

/* The Welch summary of X_NEW minus X_OLD (only read) into *OUT, whose
 * every byte is written (padding zeroed), so that summaries of the same
 * samples compare equal with memcmp. */
void welch_of(const double *x_old, size_t n_old, const double *x_new,
	      size_t n_new, welch_change *out);

/* The two-sided interval at confidence 1 - ALPHA into *LO, *HI (NAN for
 * an undefined W). */
void welch_interval(const welch_change *w, double alpha, double *lo,
		    double *hi);

/* The smallest alpha at which that interval lies wholly above B
 * (welch_p_above) or wholly below B (welch_p_below), as above; NAN for
 * an undefined W. */
double welch_p_above(const welch_change *w, double b);
double welch_p_below(const welch_change *w, double b);

#endif
