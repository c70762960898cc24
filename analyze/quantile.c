/* quantile.c: Hyndman-Fan type 7 quantiles, from sorted data or by
 * selection.  The definition and its reference are in quantile.h. */
#include "analyze/quantile.h"

#include <math.h>
#include <stdlib.h>

/* Above this many rounds of partitioning the data is adversarial for the
 * pivot rule; the rest is sorted instead, which bounds the worst case at
 * O(n log n).  Ordinary data needs about log2(n) rounds. */
#define SELECT_MAX_ROUNDS 96

/* From this size on the pivot is a ninther (median of three medians of
 * three), which resists the patterns that defeat a plain median of three. */
#define SELECT_NINTHER_MIN 64

/* The index j = floor((n - 1) p) of the lower order statistic, and the
 * fraction h - j in *FRAC.  A p at or below 0 (or NaN) gives the minimum and
 * one at or above 1 the maximum, so a caller's slip cannot index outside
 * the array. */
static size_t quantile_index(size_t n, double p, double *frac)
{
	double h = (double)(n - 1) * p;
	double j;

	*frac = 0.0;
	if (!(h > 0.0))
		return 0;
	j = floor(h);
	if (j >= (double)(n - 1))
		return n - 1;
	*frac = h - j;
	return (size_t)j;
}

/* The one expression both functions use, so they agree bit for bit. */
static double quantile_interp(double a, double b, double frac)
{
	return frac > 0.0 ? a + frac * (b - a) : a;
}

double quantile_sorted(const double *x, size_t n, double p)
{
	double frac;
	size_t j = quantile_index(n, p, &frac);

	if (frac > 0.0)
		return quantile_interp(x[j], x[j + 1], frac);
	return x[j];
}

static int double_cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

static void double_swap(double *x, size_t i, size_t j)
{
	double t = x[i];

	x[i] = x[j];
	x[j] = t;
}

static double median3(double a, double b, double c)
{
	if (a < b) {
		if (b < c)
			return b;
		return a < c ? c : a;
	}
	if (a < c)
		return a;
	return b < c ? c : b;
}

/* The pivot value for x[left..right]: deterministic, so a given input is
 * always partitioned the same way. */
static double select_pivot(const double *x, size_t left, size_t right)
{
	size_t len = right - left + 1;
	size_t mid = left + len / 2;

	if (len >= SELECT_NINTHER_MIN) {
		size_t s = len / 8;

		return median3(median3(x[left], x[left + s], x[left + 2 * s]),
			       median3(x[mid - s], x[mid], x[mid + s]),
			       median3(x[right - 2 * s], x[right - s],
				       x[right]));
	}
	return median3(x[left], x[mid], x[right]);
}

/* Moves the (k+1)-th smallest value to x[k], with no larger value before it
 * and no smaller value after it.  Three-way partitioning keeps runs of equal
 * values (frequent in latency data, recorded at a fixed resolution) from
 * degrading the running time. */
static void select_kth(double *x, size_t n, size_t k)
{
	size_t left = 0, right = n - 1;
	unsigned rounds = 0;

	while (left < right) {
		double pivot;
		size_t lt, i, gt;

		if (++rounds > SELECT_MAX_ROUNDS) {
			qsort(x + left, right - left + 1, sizeof *x, double_cmp);
			return;
		}
		pivot = select_pivot(x, left, right);
		/* Afterwards x[left..lt) < pivot, x[lt..gt) == pivot and
		 * x[gt..right] > pivot; the middle part is not empty because
		 * the pivot is one of the values. */
		lt = left;
		i = left;
		gt = right + 1;
		while (i < gt) {
			if (x[i] < pivot) {
				double_swap(x, lt++, i++);
			} else if (x[i] > pivot) {
				double_swap(x, i, --gt);
			} else {
				i++;
			}
		}
		if (k < lt)
			right = lt - 1;
		else if (k >= gt)
			left = gt;
		else
			return;
	}
}

double quantile_select(double *x, size_t n, double p)
{
	double frac, next;
	size_t j = quantile_index(n, p, &frac);

	select_kth(x, n, j);
	if (!(frac > 0.0))
		return x[j];
	/* Everything after x[j] is >= x[j], so the next order statistic is
	 * the smallest of them. */
	next = x[j + 1];
	for (size_t i = j + 2; i < n; i++)
		if (x[i] < next)
			next = x[i];
	return quantile_interp(x[j], next, frac);
}
