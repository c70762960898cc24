/* runstat.h: the per-run statistic, one number per boot.
 *
 * A boot's periods are summarised into the study's statistic (p99, mean,
 * median, max) of column x scale.  The boot is the unit of the analysis:
 * its periods are never treated as repetitions.
 *
 * Scaling rule: the statistic is computed on the raw values and multiplied
 * by the scale once, at the end.  For a scale > 0 every supported statistic
 * commutes with scaling (Q_p(s x) = s Q_p(x), max(s x) = s max(x),
 * mean(s x) = s mean(x)), so this equals the statistic of the scaled values
 * up to one rounding, and it is the same rule for every statistic. */
#ifndef PAIRBOOT_RUNSTAT_H
#define PAIRBOOT_RUNSTAT_H

#include <stddef.h>

#include "common/status.h"

/* The statistic a plan asks for (study.ini's `statistic`).  It is defined
 * here, not with the plan (ingest/study.h), because ingest computes it on
 * its reading threads: the per-run statistic needs nothing above common/. */
typedef enum stat_kind {
	STAT_QUANTILE,     /* pNN / pNN.N: Hyndman-Fan type 7 */
	STAT_MEAN,
	STAT_MEDIAN,       /* the type 7 quantile at 0.5 */
	STAT_MAX
} stat_kind;

typedef struct stat_spec {
	stat_kind kind;
	double prob;       /* STAT_QUANTILE: 0..1; STAT_MEDIAN: 0.5 */
	char name[16];     /* as the plan writes it: "p99", "mean" */
} stat_spec;

/* The statistic SPEC of VALUES[0..N-1] x SCALE, stored in *OUT.
 * STAT_QUANTILE uses SPEC->prob, STAT_MEDIAN the probability 0.5 (whatever
 * SPEC->prob holds), both Hyndman-Fan type 7; STAT_MEAN a compensated sum;
 * STAT_MAX the largest value.  VALUES is reordered (values kept); the caller
 * keeps ownership.
 * Errors: PB_DATAERR when N is 0, SCALE is not finite and > 0, or a quantile
 * probability lies outside [0, 1]; *OUT is then left unchanged. */
pb_status runstat_compute(const stat_spec *spec, double *values, size_t n,
			  double scale, double *out);

/* The sum of X[0..N-1] with Neumaier's compensated summation (Neumaier 1974,
 * ZAMM 54:39-51): the rounding error does not grow with N, which matters
 * for means of thousands of periods.  0 for N = 0. */
double runstat_sum(const double *x, size_t n);

#endif
