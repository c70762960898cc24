/* quantile.c: Hyndman-Fan type 7 quantiles, from sorted data or by
 * selection.  The definition and its reference are in quantile.h. */
#include "common/quantile.h"

#include <math.h>
#include <stdbool.h>
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

/* A quantile near an end (p99, p1, max) needs only the few values beyond
 * it: at most 1/SELECT_TAIL_DIV of them are kept in a heap while the rest
 * pass by with one comparison each, instead of being partitioned. */
#define SELECT_TAIL_DIV 8

/* Restores the heap property below slot I of the heap H[0..M): a min-heap
 * when MIN, else a max-heap. */
static void heap_sift(double *h, size_t m, size_t i, bool min)
{
	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= m)
			return;
		if (c + 1 < m && (min ? h[c + 1] < h[c] : h[c + 1] > h[c]))
			c++;
		if (!(min ? h[c] < h[i] : h[c] > h[i]))
			return;
		double_swap(h, i, c);
		i = c;
	}
}

/* Gathers in X[0..M) the M largest values of X[0..N) (MIN: a min-heap,
 * its root the smallest of them) or the M smallest (a max-heap, its root
 * the largest of them); 1 <= M <= N.  Values are moved, never lost. */
static void heap_select(double *x, size_t n, size_t m, bool min)
{
	for (size_t i = m / 2; i-- > 0;)
		heap_sift(x, m, i, min);
	for (size_t i = m; i < n; i++) {
		if (min ? x[i] > x[0] : x[i] < x[0]) {
			double_swap(x, 0, i);
			heap_sift(x, m, 0, min);
		}
	}
}

/* The root's best child in a heap of M >= 2: the next order statistic
 * after the root. */
static double heap_second(const double *h, size_t m, bool min)
{
	if (m == 2)
		return h[1];
	return min ? (h[2] < h[1] ? h[2] : h[1]) : (h[2] > h[1] ? h[2] : h[1]);
}

double quantile_select(double *x, size_t n, double p)
{
	double frac, next;
	size_t j = quantile_index(n, p, &frac);
	size_t need = frac > 0.0 ? 2 : 1;   /* order statistics j (and j+1) */

	/* x(j) is the smallest of the n - j largest values, x(j+1) the
	 * next; or x(j+1) (x(j)) is the largest of the j + need smallest. */
	if (n - j <= n / SELECT_TAIL_DIV && n - j >= need) {
		heap_select(x, n, n - j, true);
		return need == 1 ? x[0]
				 : quantile_interp(x[0], heap_second(x, n - j,
								     true),
						   frac);
	}
	if (j + need <= n / SELECT_TAIL_DIV) {
		heap_select(x, n, j + need, false);
		return need == 1 ? x[0]
				 : quantile_interp(heap_second(x, j + need,
							       false),
						   x[0], frac);
	}
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
