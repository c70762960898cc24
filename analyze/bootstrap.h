/* bootstrap.h: the paired bootstrap of a mean difference, its intervals
 * and how much they depend on the random seed.
 *
 * A comparison of a state with the reference in one series has n pairs:
 * the blocks holding an accepted run of both.  Its effect is the mean of the
 * per-pair differences d_i = stat[state]_i - stat[reference]_i.  Resampling
 * blocks jointly, with replacement, is resampling the d_i, so a bootstrap
 * replicate is the mean of n differences drawn with replacement.  The two
 * states are never resampled on their own: that would throw away the
 * pairing and inflate the interval on correlated data.
 *
 * The bootstrap distribution comes in two forms, with one endpoint rule
 * each (see docs/statistics.md):
 *
 *  - Monte Carlo: B replicates, equally weighted, sorted.  The quantile at
 *    level q is the Hyndman-Fan type 7 quantile of the replicates
 *    (quantile_sorted).
 *  - Exact: every multiset of n indices with its multinomial probability
 *    (boot_exact), the distribution the Monte Carlo replicates sample.  The
 *    quantile at level q is its inverse distribution function: the smallest
 *    value whose cumulative weight reaches q; where the cumulative weight
 *    equals q (within BOOT_LEVEL_TOL) the two neighbouring values are
 *    averaged (Hyndman-Fan definition 2 carried over to weights), so that
 *    the rule is symmetric: the interval of -d is minus the interval of d.
 *    This is the limit of the Monte Carlo rule as B grows.  For B equally
 *    weighted values the two rules pick from the same pair of neighbouring
 *    order statistics x(j), x(j+1) with j = floor((B - 1) q) (0-based), so
 *    they differ by less than one gap between order statistics.
 *
 * Intervals at confidence 1 - alpha (z_p is the standard normal quantile,
 * t_{p,k} Student's t quantile with k degrees of freedom, Q the quantile
 * above):
 *
 *  - percentile: [Q(alpha/2), Q(1 - alpha/2)].
 *  - bca (Efron 1987, "Better bootstrap confidence intervals", JASA 82:171;
 *    Efron and Tibshirani 1993, An Introduction to the Bootstrap, ch. 14):
 *    z0 = Phi^-1(P(theta* < theta) + P(theta* = theta) / 2), where theta is
 *    mean(d); a = sum u_i^3 / (6 (sum u_i^2)^1.5) with u_i = m - theta_(i),
 *    theta_(i) the mean of d without d_i and m the mean of the theta_(i);
 *    levels Phi(z0 + (z0 + z_p) / (1 - a (z0 + z_p))) for p = alpha/2 and
 *    1 - alpha/2; endpoints Q at those levels.  Undefined when all d are
 *    equal, z0 is infinite or 1 - a (z0 + z_p) <= 0: the percentile
 *    interval is given instead, with fallback set and the reason in note.
 *  - t, the classical Student t interval (not a bootstrap interval):
 *    mean(d) -/+ t_{1-alpha/2, n-1} sd(d) / sqrt(n), no resampling.
 *  - expanded (Hesterberg 2015, "What teachers should know about the
 *    bootstrap", The American Statistician 69(4):371-386, section 5): the
 *    percentile interval at levels alpha'/2 and 1 - alpha'/2 with
 *    alpha'/2 = Phi(sqrt(n / (n - 1)) t_{alpha/2, n-1}) (t_{alpha/2, n-1}
 *    is negative), which widens the percentile interval by the factors it
 *    lacks at small n: sqrt(n / (n - 1)) for the spread and t for z.
 *  - studentized, the bootstrap-t interval (Efron and Tibshirani 1993,
 *    ch. 12.5; Davison and Hinkley 1997, Bootstrap Methods and their
 *    Application, 5.2.1; R's boot.ci(type = "stud")): each resample b has
 *    its own standard error se*_b = sd*_b / sqrt(n) (sd with n - 1) and
 *    t*_b = (mean*_b - mean(d)) / se*_b; with se = sd(d) / sqrt(n) the
 *    interval is [mean(d) - Qt(1 - alpha/2) se, mean(d) - Qt(alpha/2) se],
 *    Qt the quantile of the t*_b by the same endpoint rule.  A resample
 *    whose drawn values are all equal has se*_b = 0: its t*_b is +infinity
 *    or -infinity as mean*_b lies above or below mean(d) (the limit of the
 *    ratio, as R's boot computes it), 0 when it equals mean(d) within the
 *    BCa tie tolerance.  These values are kept in the distribution, so they
 *    take their share of the probability; R's boot.ci drops them instead,
 *    which at n = 2 would leave only t* = 0 and a zero-width interval.
 *    When an endpoint falls on them (at n <= 3, or with many tied d) the
 *    interval is unbounded and given as undefined, with the reason in note.
 *
 * Fewer than 2 pairs give no interval; all differences equal give a
 * zero-width interval at their value (BCa: a fallback, as above). */
#ifndef PAIRBOOT_BOOTSTRAP_H
#define PAIRBOOT_BOOTSTRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/density.h"
#include "common/status.h"
#include "ingest/study.h"

/* Largest n for which boot_exact enumerates: C(23, 12) = 1,352,078
 * resamples, about 54 MB at the peak (24 bytes an entry while sorting, 16
 * for the returned arrays), about 75 MB with boot_exact_t's t* beside the
 * means; each further pair would multiply that by 4. */
#define BOOT_EXACT_MAX_N 12

/* The normal quantile for the plausible range of a Monte Carlo endpoint
 * across seeds: 2.576 = z_0.995, a two-sided 99% range. */
#define BOOT_MC_Z 2.576

/* Cumulative weights this close to a level count as equal to it: far above
 * the rounding of a compensated sum of weights (about 1e-16), below the
 * smallest exact weight (1 / 12^12, about 1.1e-13). */
#define BOOT_LEVEL_TOL 1e-14

/* The mt19937 seed of one comparison: a hash of (STUDY_SEED, SERIES_ID,
 * STATE_LABEL), so the comparison's interval does not change when other
 * comparisons are added, removed or reordered.  The hash is FNV-1a 64 over
 * the seed's 4 bytes (little-endian), the series id, a 0 byte, the state
 * label and a 0 byte (the separators keep ("1", "10") apart from ("11",
 * "0")), then a 64-bit finalizer, folded to 32 bits.  It never returns 0
 * (GSL seeds mt19937 with 4357 for 0): 0 becomes 1.  The result depends
 * only on the three inputs, on every platform.  STATE_LABEL should be the
 * state's canonical spelling (decimal or "missing"), so that writing 10 or
 * 0x0A does not change the seed.  Both strings must be non-NULL. */
uint32_t boot_stream_seed(uint32_t study_seed, const char *series_id,
			  const char *state_label);

/* B Monte Carlo replicates of mean(d): replicate b is the mean of n values
 * D[gsl_rng_uniform_int(r, n)] drawn in turn from GSL's mt19937 seeded with
 * STREAM_SEED, stored in OUT[b] (caller-owned, B doubles) in generation
 * order.  Errors: PB_DATAERR when N or B is 0; PB_NOMEM. */
pb_status boot_replicates(const double *d, size_t n, unsigned long b,
			  uint32_t stream_seed, double *out);

/* The same B replicates as boot_replicates, in MEANS[b], and with
 * TSTAR non-NULL their studentized values t*_b (see "studentized" above),
 * in the same order, in TSTAR[b].  Errors: PB_DATAERR when N or B is 0, or
 * N is 1 with TSTAR given; PB_NOMEM. */
pb_status boot_replicates_t(const double *d, size_t n, unsigned long b,
			    uint32_t stream_seed, double *means,
			    double *tstar);

/* B replicates of mean(Y) - mean(X) for two samples that are not paired
 * (two series, or two builds): replicate b draws NY values from Y, then NX
 * from X, with replacement, from one mt19937 stream seeded with
 * STREAM_SEED (the draws are GSL's, as for boot_replicates).  OUT (B
 * values, in generation order) is written; X and Y are only read.
 * Errors: PB_DATAERR for an empty sample or B = 0, PB_NOMEM. */
pb_status boot_unpaired_replicates(const double *x, size_t nx,
				   const double *y, size_t ny,
				   unsigned long b, uint32_t stream_seed,
				   double *out);

/* The percentile interval at confidence 1 - ALPHA (type 7 endpoints) of
 * the B replicates boot_unpaired_replicates draws, into *LO and *HI.
 * With SORTED non-NULL the sorted replicates are handed over in *SORTED
 * (free them); else they are freed.  Errors as for
 * boot_unpaired_replicates; then nothing is written. */
pb_status boot_unpaired_percentile(const double *x, size_t nx,
				   const double *y, size_t ny,
				   unsigned long b, uint32_t stream_seed,
				   double alpha, double *lo, double *hi,
				   double **sorted);

/* The number of distinct resamples of n pairs, C(2n - 1, n), or 0 when N
 * is 0 or above BOOT_EXACT_MAX_N. */
size_t boot_exact_count(size_t n);

/* The exact bootstrap distribution of mean(d): one entry per multiset of n
 * indices (k_1 + ... + k_n = n copies), value sum k_j d_j / n, weight
 * n! / (k_1! ... k_n!) / n^n, sorted by value (equal values in enumeration
 * order).  On success *VALUES and *WEIGHTS are new arrays of *COUNT =
 * boot_exact_count(n) entries that the caller frees with free().
 * Errors: PB_DATAERR when N is 0 or above BOOT_EXACT_MAX_N; PB_NOMEM.  On
 * error the outputs are set to NULL and 0. */
pb_status boot_exact(const double *d, size_t n, double **values,
		     double **weights, size_t *count);

/* The exact bootstrap distribution of the studentized mean: the same
 * multisets as boot_exact, each with its own t* (see "studentized" above)
 * and its multinomial weight, sorted by t* (equal values in enumeration
 * order).  Outputs and errors as for boot_exact; N must be at least 2. */
pb_status boot_exact_t(const double *d, size_t n, double **tvalues,
		       double **weights, size_t *count);

/* A bootstrap distribution, sorted by value.  Borrowed arrays: the struct
 * owns nothing. */
typedef struct boot_dist {
	const double *values;   /* ascending */
	const double *weights;  /* NULL: equally weighted Monte Carlo
				   replicates; else exact weights, sum 1 */
	size_t count;           /* >= 1 */
	const double *t_values; /* the same resamples' t*, ascending, or NULL
				   (then no studentized interval) */
	const double *t_weights; /* their exact weights in t* order; NULL
				    for Monte Carlo */
} boot_dist;

/* Sorts COUNT Monte Carlo replicates in place, ready for a boot_dist. */
void boot_sort(double *values, size_t count);

/* The quantile of DIST at level Q by the endpoint rule above (type 7 for
 * Monte Carlo, the inverse distribution function for exact).  Q outside
 * [0, 1] is clamped. */
double boot_dist_quantile(const boot_dist *dist, double q);

/* One confidence interval and how it was obtained. */
typedef struct boot_interval {
	bool defined;              /* false: no interval; note says why */
	double lo, hi;             /* the interval, when defined */
	interval_method method;    /* the method asked for */
	interval_method used;      /* the method that gave lo, hi: percentile
				      after a BCa fallback, else method */
	bool fallback;             /* BCa was undefined; note says why */
	double level_lo, level_hi; /* levels of the bootstrap distribution read
				      for lo and hi; for t the t levels
				      alpha/2 and 1 - alpha/2; for
				      studentized the t* levels
				      1 - alpha/2 (gives lo) and alpha/2 */
	double z0, accel;          /* BCa bias correction and acceleration
				      (NAN when not computed) */
	bool exact;                /* from the exact distribution */
	unsigned long resamples;   /* Monte Carlo B; 0 for exact and t */
	const char *note;          /* static text, or NULL: why undefined, why
				      the fallback, or "all differences
				      equal" */
} boot_interval;

/* The METHOD interval at CONFIDENCE (in (0, 1)) for the N differences D,
 * from the bootstrap distribution DIST of their mean (built from the same
 * D; it may be NULL for INTERVAL_T, and is not read when N < 2 or all D
 * are equal; INTERVAL_STUDENTIZED needs its t_values).  Fills *OUT; D and
 * DIST are only read.
 * Errors: PB_SOFTWARE for a confidence outside (0, 1), an unknown method or
 * a missing distribution (caller bugs); *OUT then has defined = false. */
pb_status boot_interval_compute(interval_method method, const double *d,
				size_t n, double confidence,
				const boot_dist *dist, boot_interval *out);

/* A Monte Carlo endpoint and its plausible range across seeds. */
typedef struct boot_range {
	double value;   /* the endpoint: type 7 quantile at level q */
	double lo, hi;  /* the values at ranks h -/+ BOOT_MC_Z sqrt(B q (1-q)),
			   h = (B - 1) q, clamped to the replicates */
} boot_range;

/* The range another seed could plausibly give the endpoint at level Q of
 * B sorted Monte Carlo replicates SORTED: the rank of the q-quantile of B
 * draws has standard deviation about sqrt(B q (1 - q)) (binomial count of
 * replicates below it), so the endpoint moves within the order statistics
 * that many ranks around it.  For BCa the level itself also depends on the
 * seed (through z0); the range covers the rank error only.
 * Errors: PB_DATAERR when B is 0. */
pb_status boot_endpoint_mc_range(const double *sorted, size_t b, double q,
				 boot_range *out);

/* The rule a fragility check judges by: the boundaries 0, +T and -T, and
 * the verdict an interval would get.  A boundary in an endpoint's range
 * matters only where the verdict differs with the endpoint just below it
 * and just above it (the other endpoint as it is): an equivalent
 * [0.002; 1.135] with T = 5 stays equivalent whichever side of 0 its lower
 * endpoint falls. */
typedef struct boot_judge boot_judge;
struct boot_judge {
	double threshold;      /* T > 0 */
	better_side better;    /* for rules that need it */
	/* The verdict of [LO, HI] (LO <= HI) as a code the check only
	 * compares for equality. */
	int (*verdict)(const boot_judge *judge, double lo, double hi);
};

/* The per-series verdict (verdict.h's verdict_series, defined) of [LO, HI]
 * under JUDGE's threshold and better side: the rule of the study page. */
int boot_series_verdict(const boot_judge *judge, double lo, double hi);

/* Whether a seed could move a verdict: true when 0, +T or -T lies in the
 * range (inclusive) of the LOWER or UPPER endpoint and the verdict of
 * JUDGE changes as that endpoint crosses it.  Then *WHICH_ENDPOINT is
 * "lower" or "upper", *BOUNDARY the boundary and *DISTANCE the endpoint
 * minus the boundary, for the closest such case.  Outputs may be NULL;
 * they are left unchanged when false is returned. */
bool boot_fragile(const boot_range *lower, const boot_range *upper,
		  const boot_judge *judge, const char **which_endpoint,
		  double *boundary, double *distance);

/* The same judgement from the exact bootstrap: true when an endpoint of the
 * Monte Carlo interval MC and the same endpoint of the EXACT interval lie on
 * different sides of (or one of them on) 0, +T or -T, and the verdict of
 * JUDGE changes as MC's endpoint crosses it.  The outputs are as for
 * boot_fragile, the distance measured from MC's endpoint.  False when
 * either interval is undefined. */
bool boot_fragile_exact(const boot_interval *mc, const boot_interval *exact,
			const boot_judge *judge, const char **which_endpoint,
			double *boundary, double *distance);

/* How one comparison is bootstrapped. */
typedef struct boot_settings {
	interval_method method;   /* the pre-registered method */
	double confidence;        /* in (0, 1) */
	bool exact;               /* resamples = exact */
	unsigned long resamples;  /* B, when not exact */
	uint32_t stream_seed;     /* boot_stream_seed(), when not exact */
	double threshold;         /* T > 0, for the fragility check */
	better_side better;       /* the plan's, for the same */
} boot_settings;

/* Everything the report needs about one comparison. */
typedef struct boot_comparison {
	size_t pairs;
	double estimate;          /* mean(d); NAN when there are no pairs */
	boot_interval ci[INTERVAL_METHOD_COUNT]; /* every method, indexed by
						    interval_method, all from
						    the same replicates */
	bool fragile;             /* another seed could move the verdict */
	const char *fragile_endpoint; /* "lower" or "upper" */
	double fragile_boundary;  /* 0, T or -T */
	double fragile_distance;  /* endpoint minus boundary */
	const char *fragile_basis; /* "monte-carlo error" or "exact bootstrap" */
	bool exact_checked;       /* the exact bootstrap was computed to check
				     a Monte Carlo result (n <= 12) */
	boot_interval exact_ci;   /* its interval (method as set), when
				     exact_checked */
	density_grid density;     /* the distribution the pre-registered
				     interval is read from (analyze/density.h):
				     the resampled means for percentile, bca
				     and expanded, mean(d) - se t* for
				     studentized, the t density for t; source
				     DENSITY_NONE without an interval of
				     positive width */
} boot_comparison;

/* Bootstraps the N pairs (STATE[i], REF[i]), matched by block by the caller:
 * d_i = STATE[i] - REF[i], the estimate, every method's interval and, for
 * the pre-registered method, the seed sensitivity (Monte Carlo only: the
 * endpoint ranges, and where n <= BOOT_EXACT_MAX_N the exact interval) and
 * the density of the distribution its interval is read from, binned from
 * the same resamples.
 * N may be 0 or 1 (no interval).  Arrays are only read.
 * Errors: PB_DATAERR for a bad setting (resamples 0 when not exact, exact
 * with n > BOOT_EXACT_MAX_N), PB_SOFTWARE for a confidence outside (0, 1),
 * PB_NOMEM. */
pb_status boot_compare(const double *state, const double *ref, size_t n,
		       const boot_settings *set, boot_comparison *out);

#endif
