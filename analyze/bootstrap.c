/* bootstrap.c: paired bootstrap distributions (Monte Carlo and exact), the
 * five interval methods, and the seed-sensitivity checks.  Definitions and
 * sources are in bootstrap.h and docs/statistics.md. */
#include "analyze/bootstrap.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "analyze/mt19937.h"
#include "analyze/verdict.h"
#include "common/quantile.h"
#include "common/runstat.h"

/* Stream seeds ------------------------------------------------------------ */

#define FNV64_OFFSET 0xcbf29ce484222325ULL
#define FNV64_PRIME 0x100000001b3ULL

static uint64_t fnv1a_bytes(uint64_t h, const unsigned char *p, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= FNV64_PRIME;
	}
	return h;
}

uint32_t boot_stream_seed(uint32_t study_seed, const char *series_id,
			  const char *state_label)
{
	unsigned char seed_bytes[4];
	const unsigned char zero = 0;
	uint64_t h = FNV64_OFFSET;
	uint32_t folded;

	/* Spelled out byte by byte so the hash is the same on every
	 * platform, whatever its byte order. */
	for (int i = 0; i < 4; i++)
		seed_bytes[i] = (unsigned char)(study_seed >> (8 * i));
	h = fnv1a_bytes(h, seed_bytes, 4);
	h = fnv1a_bytes(h, (const unsigned char *)series_id,
			strlen(series_id));
	h = fnv1a_bytes(h, &zero, 1);
	h = fnv1a_bytes(h, (const unsigned char *)state_label,
			strlen(state_label));
	h = fnv1a_bytes(h, &zero, 1);
	/* FNV-1a mixes the last bytes poorly into the high bits; a 64-bit
	 * finalizer (the constants of MurmurHash3's fmix64) spreads every
	 * input bit over the whole word before folding. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	folded = (uint32_t)(h ^ (h >> 32));
	return folded ? folded : 1;
}

/* Adds X to the compensated sum (*SUM, *COMP) (Neumaier), so cumulative
 * weights over a million entries stay within about 1e-16 of exact. */
static void sum_add(double *sum, double *comp, double x)
{
	double t = *sum + x;

	if (fabs(*sum) >= fabs(x))
		*comp += (*sum - t) + x;
	else
		*comp += (x - t) + *sum;
	*sum = t;
}

/* Resample means this close to mean(D) count as equal to it: rounding in
 * the summation order can move a mean that is mathematically equal to the
 * estimate (the resample holding each pair once, for one) by a few units
 * in the last place of the largest |d|. */
static double tie_tol(const double *d, size_t n)
{
	double maxabs = 0.0;

	for (size_t i = 0; i < n; i++)
		if (fabs(d[i]) > maxabs)
			maxabs = fabs(d[i]);
	return 64.0 * (double)n * DBL_EPSILON * maxabs;
}

/* The standard error from the compensated sum of squares (SS, SS_C) of N
 * values about their mean. */
static double std_error_of(double ss, double ss_c, size_t n)
{
	return sqrt((ss + ss_c) / (double)(n - 1)) / sqrt((double)n);
}

/* The standard error sd / sqrt(n) (sd with n - 1) of the N >= 2 values X
 * whose mean is M. */
static double std_error(const double *x, size_t n, double m)
{
	double ss = 0.0, ss_c = 0.0;

	for (size_t i = 0; i < n; i++)
		sum_add(&ss, &ss_c, (x[i] - m) * (x[i] - m));
	return std_error_of(ss, ss_c, n);
}

/* Whether the N values X are all equal. */
static bool all_same(const double *x, size_t n)
{
	bool same = true;

	for (size_t i = 1; i < n && same; i++)
		same = !(x[i] < x[0] || x[i] > x[0]);
	return same;
}

/* t* of a resample whose values are all X0: see studentize. */
static double studentize_same(double x0, double theta, double tol)
{
	if (fabs(x0 - theta) <= tol)
		return 0.0;
	return x0 > theta ? INFINITY : -INFINITY;
}

/* The studentized value t* of one resample: its N >= 2 drawn values X with
 * mean M, against the estimate THETA.  All values equal give se* = 0: the
 * limit of the ratio, an infinity of the sign of M - THETA, or 0 when the
 * resample sits at the estimate (within TOL), where it argues for neither
 * side (bootstrap.h). */
static double studentize(const double *x, size_t n, double m, double theta,
			 double tol)
{
	if (all_same(x, n))
		return studentize_same(x[0], theta, tol);
	return (m - theta) / std_error(x, n, m);
}

/* Monte Carlo ----------------------------------------------------------- */

pb_status boot_replicates(const double *d, size_t n, unsigned long b,
			  uint32_t stream_seed, double *out)
{
	return boot_replicates_t(d, n, b, stream_seed, out, NULL);
}

/* The means and t* of B resamples of the N >= 2 values D, drawn from R;
 * X holds 2 N values.  The standard error of one resample is summed while
 * the next is drawn: the two are independent chains of additions, which
 * the processor then overlaps, and each is the same arithmetic in the
 * same order as drawing and studentizing one after the other. */
static void replicates_t(mt19937 *r, const mt19937_range *range,
			 const double *d, size_t n, unsigned long b,
			 double theta, double tol, double *x, double *means,
			 double *tstar)
{
	double *cur = x, *prev = x + n;
	bool pending = false;   /* tstar[k - 1] waits for its sum */

	for (unsigned long k = 0; k < b; k++) {
		double sum = 0.0, ss = 0.0, ss_c = 0.0;

		if (pending) {
			double m = means[k - 1];
			for (size_t i = 0; i < n; i++) {
				double v = d[mt19937_pick(r, range)];
				sum += v;
				cur[i] = v;
				sum_add(&ss, &ss_c,
					(prev[i] - m) * (prev[i] - m));
			}
			tstar[k - 1] = (m - theta) / std_error_of(ss, ss_c, n);
		} else {
			for (size_t i = 0; i < n; i++) {
				double v = d[mt19937_pick(r, range)];
				sum += v;
				cur[i] = v;
			}
		}
		means[k] = sum / (double)n;
		pending = !all_same(cur, n);
		if (!pending)
			tstar[k] = studentize_same(cur[0], theta, tol);
		double *t = prev;
		prev = cur;
		cur = t;
	}
	if (pending)
		tstar[b - 1] = (means[b - 1] - theta)
			       / std_error(prev, n, means[b - 1]);
}

pb_status boot_replicates_t(const double *d, size_t n, unsigned long b,
			    uint32_t stream_seed, double *means,
			    double *tstar)
{
	mt19937 *r;
	double *x = NULL, theta = 0.0, tol = 0.0;
	mt19937_range range;

	if (n == 0 || b == 0 || n > 0xFFFFFFFFUL || (tstar && n < 2))
		return PB_DATAERR;
	/* The same stream and the same picks as GSL's mt19937 and
	 * gsl_rng_uniform_int (mt19937.h), inlined. */
	r = malloc(sizeof *r);
	if (tstar) {
		/* Two resamples at a time (replicates_t). */
		x = n <= SIZE_MAX / 2 / sizeof *x ? malloc(2 * n * sizeof *x)
						  : NULL;
		theta = runstat_sum(d, n) / (double)n;
		tol = tie_tol(d, n);
	}
	if (!r || (tstar && !x)) {
		free(r);
		free(x);
		return PB_NOMEM;
	}
	mt19937_seed(r, stream_seed);
	range = mt19937_range_of((uint32_t)n);
	if (tstar) {
		replicates_t(r, &range, d, n, b, theta, tol, x, means, tstar);
	} else {
		for (unsigned long k = 0; k < b; k++) {
			double sum = 0.0;

			for (size_t i = 0; i < n; i++)
				sum += d[mt19937_pick(r, &range)];
			means[k] = sum / (double)n;
		}
	}
	free(r);
	free(x);
	return PB_OK;
}

/* Mean of N draws with replacement from X, picked as
 * gsl_rng_uniform_int(r, N) would. */
static double draw_mean(mt19937 *r, const double *x, size_t n)
{
	mt19937_range range = mt19937_range_of((uint32_t)n);
	double sum = 0.0;

	for (size_t i = 0; i < n; i++)
		sum += x[mt19937_pick(r, &range)];
	return sum / (double)n;
}

pb_status boot_unpaired_replicates(const double *x, size_t nx,
				   const double *y, size_t ny,
				   unsigned long b, uint32_t stream_seed,
				   double *out)
{
	mt19937 *r;

	if (nx == 0 || ny == 0 || b == 0 || nx > 0xFFFFFFFFUL
	    || ny > 0xFFFFFFFFUL)
		return PB_DATAERR;
	r = malloc(sizeof *r);
	if (!r)
		return PB_NOMEM;
	mt19937_seed(r, stream_seed);
	for (unsigned long k = 0; k < b; k++) {
		double my = draw_mean(r, y, ny);
		out[k] = my - draw_mean(r, x, nx);
	}
	free(r);
	return PB_OK;
}

pb_status boot_unpaired_percentile(const double *x, size_t nx,
				   const double *y, size_t ny,
				   unsigned long b, uint32_t stream_seed,
				   double alpha, double *lo, double *hi,
				   double **sorted)
{
	double *rep = b ? malloc(b * sizeof *rep) : NULL;
	pb_status st;

	if (b && !rep)
		return PB_NOMEM;
	st = boot_unpaired_replicates(x, nx, y, ny, b, stream_seed, rep);
	if (st != PB_OK) {
		free(rep);
		return st;
	}
	boot_sort(rep, b);
	*lo = quantile_sorted(rep, b, alpha / 2);
	*hi = quantile_sorted(rep, b, 1 - alpha / 2);
	if (sorted)
		*sorted = rep;
	else
		free(rep);
	return PB_OK;
}

static int double_cmp(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* Exact enumeration ------------------------------------------------------- */

size_t boot_exact_count(size_t n)
{
	uint64_t c = 1;

	if (n == 0 || n > BOOT_EXACT_MAX_N)
		return 0;
	/* C(2n-1, n) = prod_{i=1..n} (n - 1 + i) / i, exact at every step. */
	for (size_t i = 1; i <= n; i++)
		c = c * (n - 1 + i) / i;
	return (size_t)c;
}

typedef struct exact_walk {
	const double *d;
	size_t n;
	unsigned k[BOOT_EXACT_MAX_N];          /* copies of each index */
	uint64_t fact[BOOT_EXACT_MAX_N + 1];   /* 0! .. n!, exact */
	double n_pow_n;                        /* n^n, exact below 2^53 */
	bool studentized;                      /* value is t*, not the mean */
	double theta, tol;                     /* mean(d), tie_tol(d) */
	double *value, *weight;                /* in enumeration order */
	size_t next;
} exact_walk;

static void exact_emit(exact_walk *w)
{
	double sum = 0.0;
	uint64_t denom = 1;

	for (size_t j = 0; j < w->n; j++) {
		sum += (double)w->k[j] * w->d[j];
		denom *= w->fact[w->k[j]];
	}
	w->value[w->next] = sum / (double)w->n;
	if (w->studentized) {
		/* Zeroed only so that the compiler need not prove that the
		 * copies fill N places. */
		double x[BOOT_EXACT_MAX_N] = { 0 };
		size_t m = 0;

		/* The resample written out, k_j copies of d_j. */
		for (size_t j = 0; j < w->n; j++)
			for (unsigned c = 0; c < w->k[j]; c++)
				x[m++] = w->d[j];
		w->value[w->next] = studentize(x, w->n, w->value[w->next],
					       w->theta, w->tol);
	}
	/* The multinomial coefficient is an integer <= 12!, so the weight is
	 * one correctly rounded division. */
	w->weight[w->next] = (double)(w->fact[w->n] / denom) / w->n_pow_n;
	w->next++;
}

/* Every way of giving indices J..n-1 LEFT copies in all, depth first. */
static void exact_walk_from(exact_walk *w, size_t j, unsigned left)
{
	if (j + 1 == w->n) {
		w->k[j] = left;
		exact_emit(w);
		return;
	}
	for (unsigned c = left + 1; c-- > 0;) {
		w->k[j] = c;
		exact_walk_from(w, j + 1, left - c);
	}
}

/* A 64-bit key whose unsigned order is the numeric order of V: the sign
 * bit flipped for positive numbers, every bit for negative ones.  -0 is
 * taken as +0, since the two compare equal. */
static uint64_t order_key(double v)
{
	uint64_t u;

	if (!(v < 0.0) && !(v > 0.0))
		v = 0.0;
	memcpy(&u, &v, sizeof u);
	return u >> 63 ? ~u : u | ((uint64_t)1 << 63);
}

/* Puts in IDX[0..COUNT) the indices of VALUE in ascending order of value,
 * equal values in ascending index (enumeration) order: a least significant
 * digit radix sort on order_key, 8 bits a pass, which is stable, so ties
 * keep the order they were enumerated in.  This gives exactly the order a
 * comparison sort on (value, index) gives, at a fraction of its cost: the
 * exact bootstrap at n = 10 sorts 92,378 resamples.  TMP is scratch room
 * for COUNT indices. */
static void exact_order(const double *value, size_t count, uint32_t *idx,
			uint32_t *tmp)
{
	size_t hist[8][256];
	uint32_t *src = idx, *dst = tmp;

	memset(hist, 0, sizeof hist);
	for (size_t i = 0; i < count; i++) {
		uint64_t key = order_key(value[i]);

		idx[i] = (uint32_t)i;
		for (int b = 0; b < 8; b++)
			hist[b][(key >> (8 * b)) & 255]++;
	}
	for (int b = 0; b < 8; b++) {
		size_t pos = 0;
		uint32_t *t;

		/* A digit every key shares leaves the order as it is. */
		if (hist[b][(order_key(value[0]) >> (8 * b)) & 255] == count)
			continue;
		for (int k = 0; k < 256; k++) {
			size_t c = hist[b][k];

			hist[b][k] = pos;
			pos += c;
		}
		for (size_t i = 0; i < count; i++) {
			uint64_t key = order_key(value[src[i]]);

			dst[hist[b][(key >> (8 * b)) & 255]++] = src[i];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != idx)
		memcpy(idx, src, count * sizeof *idx);
}

/* The order is that of a stable comparison sort by value (glibc's qsort,
 * a merge sort while it can allocate its buffer, which this replaces; a
 * qsort that is not stable leaves the order of -0 and +0 open, which here
 * is fixed): exact_order's radix sort is stable
 * and orders as the comparison does, and the values are moved whole, so
 * -0 and +0, which compare equal, keep their input order and their bits.
 * A NaN compares equal to everything and so has no such order: with one,
 * or without room for the indices, qsort decides, as it always did. */
void boot_sort(double *values, size_t count)
{
	uint32_t *idx = NULL, *tmp = NULL;
	double *copy = NULL;
	bool nan = false;

	for (size_t i = 0; i < count && !nan; i++)
		nan = isnan(values[i]);
	if (!nan && count > 1 && count <= UINT32_MAX) {
		idx = malloc(count * sizeof *idx);
		tmp = malloc(count * sizeof *tmp);
		copy = malloc(count * sizeof *copy);
	}
	if (idx && tmp && copy) {
		memcpy(copy, values, count * sizeof *copy);
		exact_order(copy, count, idx, tmp);
		for (size_t i = 0; i < count; i++)
			values[i] = copy[idx[i]];
	} else {
		qsort(values, count, sizeof *values, double_cmp);
	}
	free(idx);
	free(tmp);
	free(copy);
}

/* boot_exact, or with STUDENTIZED boot_exact_t. */
static pb_status exact_dist(const double *d, size_t n, bool studentized,
			    double **values, double **weights, size_t *count)
{
	exact_walk w;
	size_t total = boot_exact_count(n);
	double *v, *wt;
	uint32_t *idx, *tmp;

	*values = NULL;
	*weights = NULL;
	*count = 0;
	if (total == 0 || (studentized && n < 2))
		return PB_DATAERR;
	memset(&w, 0, sizeof w);
	w.d = d;
	w.n = n;
	w.studentized = studentized;
	if (studentized) {
		w.theta = runstat_sum(d, n) / (double)n;
		w.tol = tie_tol(d, n);
	}
	w.fact[0] = 1;
	for (size_t i = 1; i <= n; i++)
		w.fact[i] = w.fact[i - 1] * i;
	w.n_pow_n = 1.0;
	for (size_t i = 0; i < n; i++)
		w.n_pow_n *= (double)n;
	w.value = malloc(total * sizeof *w.value);
	w.weight = malloc(total * sizeof *w.weight);
	idx = malloc(total * sizeof *idx);
	tmp = malloc(total * sizeof *tmp);
	v = malloc(total * sizeof *v);
	wt = malloc(total * sizeof *wt);
	if (!w.value || !w.weight || !idx || !tmp || !v || !wt) {
		free(w.value);
		free(w.weight);
		free(idx);
		free(tmp);
		free(v);
		free(wt);
		return PB_NOMEM;
	}
	exact_walk_from(&w, 0, (unsigned)n);
	exact_order(w.value, total, idx, tmp);
	for (size_t i = 0; i < total; i++) {
		v[i] = w.value[idx[i]];
		wt[i] = w.weight[idx[i]];
	}
	free(w.value);
	free(w.weight);
	free(idx);
	free(tmp);
	*values = v;
	*weights = wt;
	*count = total;
	return PB_OK;
}

pb_status boot_exact(const double *d, size_t n, double **values,
		     double **weights, size_t *count)
{
	return exact_dist(d, n, false, values, weights, count);
}

pb_status boot_exact_t(const double *d, size_t n, double **tvalues,
		       double **weights, size_t *count)
{
	return exact_dist(d, n, true, tvalues, weights, count);
}

/* Quantiles of a distribution ------------------------------------------- */

double boot_dist_quantile(const boot_dist *dist, double q)
{
	double sum = 0.0, comp = 0.0;
	size_t last = dist->count - 1;

	if (!(q > 0.0))
		q = 0.0;
	if (q > 1.0)
		q = 1.0;
	if (!dist->weights)
		return quantile_sorted(dist->values, dist->count, q);
	if (!(q > 0.0))
		return dist->values[0];
	for (size_t i = 0; i < dist->count; i++) {
		double cum;

		sum_add(&sum, &comp, dist->weights[i]);
		cum = sum + comp;
		if (cum >= q - BOOT_LEVEL_TOL) {
			/* The level falls on the jump after value i: average
			 * the two sides, as definition 2 does. */
			if (cum <= q + BOOT_LEVEL_TOL && i < last)
				return dist->values[i]
				       + (dist->values[i + 1] - dist->values[i])
				       / 2.0;
			return dist->values[i];
		}
	}
	return dist->values[last];
}

/* Intervals --------------------------------------------------------------- */

static const char NOTE_FEW_PAIRS[] = "fewer than 2 pairs";
static const char NOTE_ALL_EQUAL[] = "all differences equal";
static const char NOTE_BCA_EQUAL[] =
	"all differences equal: BCa undefined, percentile interval given";
static const char NOTE_BCA_Z0[] =
	"BCa bias correction infinite (the estimate lies outside the bootstrap "
	"distribution): percentile interval given";
static const char NOTE_BCA_ACCEL[] =
	"BCa acceleration too large for its formula: percentile interval given";
static const char NOTE_STUD_UNBOUNDED[] =
	"studentized interval unbounded: too many resamples with all values "
	"equal (standard error 0)";

static void interval_init(boot_interval *out, interval_method m,
			  const boot_dist *dist)
{
	memset(out, 0, sizeof *out);
	out->defined = false;
	out->lo = out->hi = NAN;
	out->method = out->used = m;
	out->level_lo = out->level_hi = NAN;
	out->z0 = out->accel = NAN;
	if (dist && m != INTERVAL_T) {
		/* A studentized interval reads the t* of the same resamples:
		 * it is exact or Monte Carlo as the means are. */
		out->exact = dist->weights != NULL;
		if (!out->exact)
			out->resamples = (unsigned long)dist->count;
	}
}

static void interval_percentile(const boot_dist *dist, double level_lo,
				boot_interval *out)
{
	out->level_lo = level_lo;
	out->level_hi = 1.0 - level_lo;
	out->lo = boot_dist_quantile(dist, out->level_lo);
	out->hi = boot_dist_quantile(dist, out->level_hi);
	out->defined = true;
}

/* P(theta* < theta) + P(theta* = theta) / 2 over DIST.  Values within TOL
 * of theta count as equal: resample means that are mathematically equal
 * to theta (the resample holding each pair once, for one) may differ from
 * it in the last bits because they were summed in another order. */
static double dist_below(const boot_dist *dist, double theta, double tol)
{
	double below = 0.0, below_c = 0.0, tie = 0.0, tie_c = 0.0;

	for (size_t i = 0; i < dist->count; i++) {
		double w = dist->weights ? dist->weights[i] : 1.0;

		if (dist->values[i] < theta - tol)
			sum_add(&below, &below_c, w);
		else if (dist->values[i] <= theta + tol)
			sum_add(&tie, &tie_c, w);
	}
	below += below_c;
	tie += tie_c;
	if (!dist->weights) {
		below /= (double)dist->count;
		tie /= (double)dist->count;
	}
	return below + tie / 2.0;
}

/* The jackknife acceleration of the mean of D (n >= 2). */
static double jackknife_accel(const double *d, size_t n)
{
	double total = runstat_sum(d, n);
	double *theta_i = malloc(n * sizeof *theta_i);
	double m, num = 0.0, den = 0.0;

	if (!theta_i) {
		/* Without memory the leave-one-out means are computed twice,
		 * never stored, and summed as runstat_sum sums them (the same
		 * compensated sum, in the same order): the same bits, a little
		 * slower. */
		double sum = 0.0, comp = 0.0;

		for (size_t i = 0; i < n; i++) {
			double x = (total - d[i]) / (double)(n - 1);
			double t = sum + x;

			if (fabs(sum) >= fabs(x))
				comp += (sum - t) + x;
			else
				comp += (x - t) + sum;
			sum = t;
		}
		m = (sum + comp) / (double)n;
		for (size_t i = 0; i < n; i++) {
			double u = m - (total - d[i]) / (double)(n - 1);

			num += u * u * u;
			den += u * u;
		}
	} else {
		for (size_t i = 0; i < n; i++)
			theta_i[i] = (total - d[i]) / (double)(n - 1);
		m = runstat_sum(theta_i, n) / (double)n;
		for (size_t i = 0; i < n; i++) {
			double u = m - theta_i[i];

			num += u * u * u;
			den += u * u;
		}
		free(theta_i);
	}
	if (!(den > 0.0))
		return NAN;
	return num / (6.0 * pow(den, 1.5));
}

/* The BCa interval; returns the reason when it is undefined (the caller
 * then gives the percentile interval), NULL on success. */
static const char *interval_bca(const double *d, size_t n, double alpha,
				const boot_dist *dist, boot_interval *out)
{
	double theta = runstat_sum(d, n) / (double)n;
	double p, z[2], level[2];

	p = dist_below(dist, theta, tie_tol(d, n));
	out->accel = jackknife_accel(d, n);
	if (!(p > 0.0 && p < 1.0)) {
		out->z0 = p > 0.0 ? INFINITY : -INFINITY;
		return NOTE_BCA_Z0;
	}
	out->z0 = gsl_cdf_ugaussian_Pinv(p);
	if (!isfinite(out->z0))
		return NOTE_BCA_Z0;
	if (!isfinite(out->accel))
		return NOTE_BCA_EQUAL;
	z[0] = gsl_cdf_ugaussian_Pinv(alpha / 2.0);
	z[1] = -z[0];
	for (int k = 0; k < 2; k++) {
		double w = out->z0 + z[k];
		double den = 1.0 - out->accel * w;

		if (!(den > 0.0))
			return NOTE_BCA_ACCEL;
		level[k] = gsl_cdf_ugaussian_P(out->z0 + w / den);
		if (!isfinite(level[k]))
			return NOTE_BCA_ACCEL;
	}
	out->level_lo = level[0];
	out->level_hi = level[1];
	out->lo = boot_dist_quantile(dist, level[0]);
	out->hi = boot_dist_quantile(dist, level[1]);
	out->defined = true;
	return NULL;
}

/* The t* distribution of DIST, as a distribution of its own. */
static boot_dist t_dist(const boot_dist *dist)
{
	return (boot_dist){ dist->t_values, dist->t_weights, dist->count,
			    NULL, NULL };
}

/* The bootstrap-t interval: the t* quantiles turned around the estimate,
 * the upper one giving the lower endpoint. */
static void interval_studentized(const double *d, size_t n, double alpha,
				 const boot_dist *dist, boot_interval *out)
{
	boot_dist t = t_dist(dist);
	double theta = runstat_sum(d, n) / (double)n;
	double se = std_error(d, n, theta);

	out->level_lo = 1.0 - alpha / 2.0;
	out->level_hi = alpha / 2.0;
	out->lo = theta - boot_dist_quantile(&t, out->level_lo) * se;
	out->hi = theta - boot_dist_quantile(&t, out->level_hi) * se;
	if (isfinite(out->lo) && isfinite(out->hi)) {
		out->defined = true;
		return;
	}
	out->lo = out->hi = NAN;
	out->note = NOTE_STUD_UNBOUNDED;
}

static bool all_equal(const double *d, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (d[i] < d[0] || d[i] > d[0])
			return false;
	return true;
}

pb_status boot_interval_compute(interval_method method, const double *d,
				size_t n, double confidence,
				const boot_dist *dist, boot_interval *out)
{
	double alpha = 1.0 - confidence;
	const char *why;

	interval_init(out, method, dist);
	if (!(confidence > 0.0 && confidence < 1.0))
		return PB_SOFTWARE;
	if ((unsigned)method >= INTERVAL_METHOD_COUNT)
		return PB_SOFTWARE;
	if (n < 2) {
		out->note = NOTE_FEW_PAIRS;
		return PB_OK;
	}
	if (all_equal(d, n)) {
		/* Every resample has the same mean and the spread is 0: the
		 * interval is the value itself, whatever the method; BCa's
		 * acceleration is 0/0. */
		out->lo = out->hi = d[0];
		out->level_lo = alpha / 2.0;
		out->level_hi = 1.0 - alpha / 2.0;
		out->defined = true;
		out->note = NOTE_ALL_EQUAL;
		if (method == INTERVAL_BCA) {
			out->fallback = true;
			out->used = INTERVAL_PERCENTILE;
			out->note = NOTE_BCA_EQUAL;
		}
		return PB_OK;
	}
	if (method != INTERVAL_T && (!dist || dist->count == 0))
		return PB_SOFTWARE;
	if (method == INTERVAL_STUDENTIZED && !dist->t_values)
		return PB_SOFTWARE;

	switch (method) {
	case INTERVAL_PERCENTILE:
		interval_percentile(dist, alpha / 2.0, out);
		break;
	case INTERVAL_BCA:
		why = interval_bca(d, n, alpha, dist, out);
		if (why) {
			interval_percentile(dist, alpha / 2.0, out);
			out->fallback = true;
			out->used = INTERVAL_PERCENTILE;
			out->note = why;
		}
		break;
	case INTERVAL_T: {
		double mean = runstat_sum(d, n) / (double)n;
		double half;

		/* The upper quantile through Qinv keeps full precision for
		 * small alpha. */
		half = gsl_cdf_tdist_Qinv(alpha / 2.0, (double)(n - 1))
		       * std_error(d, n, mean);
		out->lo = mean - half;
		out->hi = mean + half;
		out->level_lo = alpha / 2.0;
		out->level_hi = 1.0 - alpha / 2.0;
		out->defined = true;
		break;
	}
	case INTERVAL_EXPANDED: {
		/* Hesterberg (2015), section 5; also ExpandProbs in his R
		 * package resample: the level whose normal quantile, shrunk by
		 * sqrt((n-1)/n), equals the t quantile. */
		double t_lo = gsl_cdf_tdist_Pinv(alpha / 2.0, (double)(n - 1));
		double level = gsl_cdf_ugaussian_P(
			sqrt((double)n / (double)(n - 1)) * t_lo);

		interval_percentile(dist, level, out);
		break;
	}
	case INTERVAL_STUDENTIZED:
		interval_studentized(d, n, alpha, dist, out);
		break;
	}
	return PB_OK;
}

/* Seed sensitivity ---------------------------------------------------------- */

/* The type 7 interpolation at fractional 0-based rank R of SORTED[0..B-1]. */
static double value_at_rank(const double *sorted, size_t b, double r)
{
	double j;
	size_t k;

	if (!(r > 0.0))
		return sorted[0];
	if (r >= (double)(b - 1))
		return sorted[b - 1];
	j = floor(r);
	k = (size_t)j;
	return sorted[k] + (r - j) * (sorted[k + 1] - sorted[k]);
}

pb_status boot_endpoint_mc_range(const double *sorted, size_t b, double q,
				 boot_range *out)
{
	double h, delta;

	if (b == 0)
		return PB_DATAERR;
	if (!(q > 0.0))
		q = 0.0;
	if (q > 1.0)
		q = 1.0;
	out->value = quantile_sorted(sorted, b, q);
	h = (double)(b - 1) * q;
	delta = BOOT_MC_Z * sqrt((double)b * q * (1.0 - q));
	out->lo = value_at_rank(sorted, b, h - delta);
	out->hi = value_at_rank(sorted, b, h + delta);
	return PB_OK;
}

/* Keeps the closest candidate seen so far. */
typedef struct fragile_pick {
	bool found;
	const char *which;
	double boundary, distance;
} fragile_pick;

static void fragile_consider(fragile_pick *pick, const char *which,
			     double boundary, double distance)
{
	if (!pick->found || fabs(distance) < fabs(pick->distance)) {
		pick->found = true;
		pick->which = which;
		pick->boundary = boundary;
		pick->distance = distance;
	}
}

static bool fragile_report(const fragile_pick *pick, const char **which,
			   double *boundary, double *distance)
{
	if (!pick->found)
		return false;
	if (which)
		*which = pick->which;
	if (boundary)
		*boundary = pick->boundary;
	if (distance)
		*distance = pick->distance;
	return true;
}

int boot_series_verdict(const boot_judge *judge, double lo, double hi)
{
	return (int)verdict_series(true, lo, hi, judge->threshold,
				   judge->better);
}

/* Whether JUDGE's verdict of [LO, HI] changes as the LOWER (else the upper)
 * endpoint goes from just below boundary B to just above it.  Every rule
 * compares strictly, so an endpoint exactly on B gets the verdict of one
 * of the two sides, and these two cover it.  The other endpoint stays,
 * except where it must move to keep the interval ordered. */
static bool crossing_matters(const boot_judge *judge, double lo, double hi,
			     bool lower, double b)
{
	double below = nextafter(b, -INFINITY), above = nextafter(b, INFINITY);
	int v_below, v_above;

	if (lower) {
		v_below = judge->verdict(judge, below, fmax(hi, below));
		v_above = judge->verdict(judge, above, fmax(hi, above));
	} else {
		v_below = judge->verdict(judge, fmin(lo, below), below);
		v_above = judge->verdict(judge, fmin(lo, above), above);
	}
	return v_below != v_above;
}

bool boot_fragile(const boot_range *lower, const boot_range *upper,
		  const boot_judge *judge, const char **which_endpoint,
		  double *boundary, double *distance)
{
	const double bounds[3] = { 0.0, judge->threshold, -judge->threshold };
	const boot_range *ends[2] = { lower, upper };
	static const char *const names[2] = { "lower", "upper" };
	fragile_pick pick = { false, NULL, 0.0, 0.0 };

	for (int e = 0; e < 2; e++)
		for (int k = 0; k < 3; k++)
			if (ends[e]->lo <= bounds[k] && bounds[k] <= ends[e]->hi
			    && crossing_matters(judge, lower->value,
						upper->value, e == 0,
						bounds[k]))
				fragile_consider(&pick, names[e], bounds[k],
						 ends[e]->value - bounds[k]);
	return fragile_report(&pick, which_endpoint, boundary, distance);
}

/* -1, 0 or 1 as X is below, at or above B. */
static int side_of(double x, double b)
{
	return (x > b) - (x < b);
}

bool boot_fragile_exact(const boot_interval *mc, const boot_interval *exact,
			const boot_judge *judge, const char **which_endpoint,
			double *boundary, double *distance)
{
	const double bounds[3] = { 0.0, judge->threshold, -judge->threshold };
	fragile_pick pick = { false, NULL, 0.0, 0.0 };

	if (!mc->defined || !exact->defined)
		return false;
	for (int k = 0; k < 3; k++) {
		double b = bounds[k];

		if (side_of(mc->lo, b) != side_of(exact->lo, b)
		    && crossing_matters(judge, mc->lo, mc->hi, true, b))
			fragile_consider(&pick, "lower", b, mc->lo - b);
		if (side_of(mc->hi, b) != side_of(exact->hi, b)
		    && crossing_matters(judge, mc->lo, mc->hi, false, b))
			fragile_consider(&pick, "upper", b, mc->hi - b);
	}
	return fragile_report(&pick, which_endpoint, boundary, distance);
}

/* One comparison ------------------------------------------------------------ */

static const char BASIS_MC[] = "monte-carlo error";
static const char BASIS_EXACT[] = "exact bootstrap";

/* The Monte Carlo ranges of the two endpoints of CI, read from the sorted
 * replicates of DIST (B of them).  A studentized endpoint is
 * mean(d) - Qt se: its range is the range of Qt turned around. */
static bool mc_ranges(const double *d, size_t n, const boot_dist *dist,
		      const boot_interval *ci, boot_range *lower,
		      boot_range *upper)
{
	bool stud = ci->method == INTERVAL_STUDENTIZED;
	const double *sorted = stud ? dist->t_values : dist->values;
	size_t b = dist->count;

	if (boot_endpoint_mc_range(sorted, b, ci->level_lo, lower) != PB_OK
	    || boot_endpoint_mc_range(sorted, b, ci->level_hi, upper) != PB_OK)
		return false;
	if (stud) {
		double theta = runstat_sum(d, n) / (double)n;
		double se = std_error(d, n, theta);
		boot_range *r[2] = { lower, upper };

		for (int k = 0; k < 2; k++) {
			double lo = theta - r[k]->hi * se;

			r[k]->hi = theta - r[k]->lo * se;
			r[k]->lo = lo;
			/* A range reaching the infinite t* of resamples with
			 * se* = 0 (interpolated into NaN) is unbounded. */
			if (isnan(r[k]->lo))
				r[k]->lo = -INFINITY;
			if (isnan(r[k]->hi))
				r[k]->hi = INFINITY;
		}
	}
	/* The range is around the type 7 value at the level, which is the
	 * endpoint itself except for a zero-spread interval. */
	lower->value = ci->lo;
	upper->value = ci->hi;
	return true;
}

/* The exact interval of the pre-registered method for the N differences
 * D, in OUT->exact_ci. */
static pb_status exact_check(const double *d, size_t n,
			     const boot_settings *set, boot_comparison *out)
{
	double *ev = NULL, *ew = NULL, *tv = NULL, *tw = NULL;
	boot_dist exact = { NULL, NULL, 0, NULL, NULL };
	pb_status st = boot_exact(d, n, &ev, &ew, &exact.count);

	if (st == PB_OK && set->method == INTERVAL_STUDENTIZED)
		st = boot_exact_t(d, n, &tv, &tw, &exact.count);
	exact.values = ev;
	exact.weights = ew;
	exact.t_values = tv;
	exact.t_weights = tw;
	if (st == PB_OK)
		st = boot_interval_compute(set->method, d, n, set->confidence,
					   &exact, &out->exact_ci);
	if (st == PB_OK)
		out->exact_checked = true;
	free(ev);
	free(ew);
	free(tv);
	free(tw);
	return st;
}

/* The seed sensitivity of the pre-registered interval, from the Monte
 * Carlo distribution DIST. */
static pb_status compare_fragility(const double *d, size_t n,
				   const boot_settings *set,
				   const boot_dist *dist, boot_comparison *out)
{
	const boot_interval *ci = &out->ci[set->method];
	const boot_judge judge = { set->threshold, set->better,
				   boot_series_verdict };
	boot_range lower, upper;
	pb_status st;

	if (!ci->defined || set->method == INTERVAL_T)
		return PB_OK;
	if (mc_ranges(d, n, dist, ci, &lower, &upper)
	    && boot_fragile(&lower, &upper, &judge,
			    &out->fragile_endpoint, &out->fragile_boundary,
			    &out->fragile_distance)) {
		out->fragile = true;
		out->fragile_basis = BASIS_MC;
	}
	if (n > BOOT_EXACT_MAX_N)
		return PB_OK;
	st = exact_check(d, n, set, out);
	if (st == PB_OK
	    && boot_fragile_exact(ci, &out->exact_ci, &judge,
				  &out->fragile_endpoint,
				  &out->fragile_boundary,
				  &out->fragile_distance)) {
		out->fragile = true;
		out->fragile_basis = BASIS_EXACT;
	}
	return st;
}

/* The bootstrap distribution of the N >= 2 differences D, means and t*,
 * as SET asks; the arrays become the caller's (free each of *OWNED). */
static pb_status compare_dist(const double *d, size_t n,
			      const boot_settings *set, boot_dist *dist,
			      double *owned[4])
{
	pb_status st;

	if (set->exact) {
		st = boot_exact(d, n, &owned[0], &owned[1], &dist->count);
		if (st == PB_OK)
			st = boot_exact_t(d, n, &owned[2], &owned[3],
					  &dist->count);
	} else {
		size_t b = (size_t)set->resamples;

		owned[0] = malloc(b * sizeof *owned[0]);
		owned[2] = malloc(b * sizeof *owned[2]);
		st = owned[0] && owned[2]
		     ? boot_replicates_t(d, n, set->resamples,
					 set->stream_seed, owned[0], owned[2])
		     : PB_NOMEM;
		if (st == PB_OK) {
			/* Means and t* are sorted apart: each interval reads
			 * the quantiles of its own statistic. */
			boot_sort(owned[0], b);
			boot_sort(owned[2], b);
			dist->count = b;
		}
	}
	if (st != PB_OK) {
		dist->count = 0;
		return st;
	}
	dist->values = owned[0];
	dist->weights = owned[1];
	dist->t_values = owned[2];
	dist->t_weights = owned[3];
	return PB_OK;
}

/* The density of the distribution the pre-registered interval is read
 * from (bootstrap.h, boot_comparison.density), binned from DIST, the
 * resamples the interval came from; none without an interval of positive
 * width. */
static void compare_density(const double *d, size_t n,
			    const boot_settings *set, const boot_dist *dist,
			    boot_comparison *out)
{
	const boot_interval *ci = &out->ci[set->method];
	double theta, se, lo, hi;

	out->density.source = DENSITY_NONE;
	if (!dist->count || !ci->defined || !isfinite(ci->lo)
	    || !isfinite(ci->hi) || !(ci->lo < ci->hi))
		return;
	density_limits(ci->lo, ci->hi, &lo, &hi);
	theta = runstat_sum(d, n) / (double)n;
	se = std_error(d, n, theta);
	switch (ci->used) {
	case INTERVAL_T:
		density_from_t(theta, se, (double)(n - 1), lo, hi,
			       &out->density);
		break;
	case INTERVAL_STUDENTIZED:
		density_from_sample(dist->t_values, dist->t_weights,
				    dist->count, theta, -se, lo, hi,
				    DENSITY_STUDENTIZED, set->exact,
				    &out->density);
		break;
	case INTERVAL_PERCENTILE:
	case INTERVAL_BCA:
	case INTERVAL_EXPANDED:
		density_from_sample(dist->values, dist->weights, dist->count,
				    0.0, 1.0, lo, hi, DENSITY_MEANS,
				    set->exact, &out->density);
		break;
	}
}

pb_status boot_compare(const double *state, const double *ref, size_t n,
		       const boot_settings *set, boot_comparison *out)
{
	double *d = NULL, *owned[4] = { NULL, NULL, NULL, NULL };
	boot_dist dist = { NULL, NULL, 0, NULL, NULL };
	pb_status st = PB_OK;

	memset(out, 0, sizeof *out);
	out->pairs = n;
	out->estimate = NAN;
	out->fragile_boundary = out->fragile_distance = NAN;
	interval_init(&out->exact_ci, set->method, NULL);
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
		interval_init(&out->ci[m], (interval_method)m, NULL);
	if (!(set->confidence > 0.0 && set->confidence < 1.0))
		return PB_SOFTWARE;
	if ((!set->exact && set->resamples == 0)
	    || (set->exact && n > BOOT_EXACT_MAX_N))
		return PB_DATAERR;
	if (!set->exact && set->resamples > SIZE_MAX / sizeof(double))
		return PB_NOMEM;
	if (n == 0)
		goto intervals;

	d = malloc(n * sizeof *d);
	if (!d)
		return PB_NOMEM;
	for (size_t i = 0; i < n; i++)
		d[i] = state[i] - ref[i];
	out->estimate = runstat_sum(d, n) / (double)n;
	if (n < 2 || all_equal(d, n))
		goto intervals;   /* the distribution is not needed */
	st = compare_dist(d, n, set, &dist, owned);
	if (st != PB_OK)
		goto done;

intervals:
	for (int m = 0; m < INTERVAL_METHOD_COUNT && st == PB_OK; m++)
		st = boot_interval_compute((interval_method)m, d, n,
					   set->confidence,
					   dist.count ? &dist : NULL,
					   &out->ci[m]);
	if (st == PB_OK && !set->exact) {
		/* The resampling settings belong in every interval even when
		 * the distribution was not needed (n < 2, zero spread). */
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
			if (m != INTERVAL_T)
				out->ci[m].resamples = set->resamples;
		/* With zero spread every seed gives the same interval: not
		 * fragile. */
		if (dist.count)
			st = compare_fragility(d, n, set, &dist, out);
	} else if (st == PB_OK) {
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
			if (m != INTERVAL_T)
				out->ci[m].exact = true;
	}
	if (st == PB_OK)
		compare_density(d, n, set, &dist, out);
done:
	free(d);
	for (int k = 0; k < 4; k++)
		free(owned[k]);
	return st;
}
