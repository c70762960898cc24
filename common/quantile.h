/* quantile.h: the sample quantile every pairboot statistic is built on.
 *
 * Definition (Hyndman and Fan 1996, "Sample quantiles in statistical
 * packages", The American Statistician 50(4):361-365, definition 7; the
 * default of R's quantile(), numpy's percentile and GSL's
 * gsl_stats_quantile_from_sorted_data): for x[0] <= ... <= x[n-1] and p in
 * [0, 1], let h = (n - 1) p and j = floor(h); then
 *
 *     Q(p) = x[j] + (h - j) (x[j+1] - x[j])      (Q(p) = x[j] when h = j)
 *
 * so Q(0) is the minimum, Q(1) the maximum and Q(0.5) the usual median.
 * Example: {1, 2, 3, 4} at p = 0.99 gives h = 2.97, Q = 3 + 0.97 * 1 = 3.97.
 *
 * Both functions evaluate exactly the same expression on the same two order
 * statistics, so their results are identical bit for bit.
 *
 * Preconditions, checked by the callers (not here): n >= 1, 0 <= p <= 1,
 * no NaN among the values. */
#ifndef PAIRBOOT_QUANTILE_H
#define PAIRBOOT_QUANTILE_H

#include <stddef.h>

/* The type 7 quantile at P of the N values X, which must be sorted in
 * ascending order.  X is only read. */
double quantile_sorted(const double *x, size_t n, double p);

/* The same quantile of N values in any order, in O(n) expected time.  X is
 * reordered (a heap of the values beyond the quantile when it lies in
 * the outer eighth, else quickselect); its values are kept.  The
 * result equals quantile_sorted() on the sorted values bit for bit. */
double quantile_select(double *x, size_t n, double p);

#endif
