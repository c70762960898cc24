/* seqbound.h: the level of each look of a sequential design, so that the
 * intervals of all looks together cover the truth with the study's
 * confidence (repeated confidence intervals: Jennison and Turnbull 1989,
 * "Interim analyses: the repeated confidence interval approach", JRSS B
 * 51:305-361; Jennison and Turnbull 2000, "Group Sequential Methods with
 * Applications to Clinical Trials", chapters 2 and 9).
 *
 * With looks after n_1 < ... < n_K blocks, the standardized errors Z_k of
 * the mean difference at each look are, for normal differences of known
 * spread, jointly normal with Cov(Z_j, Z_k) = sqrt(n_j / n_k) for j <= k
 * (the canonical joint distribution).  Look k's interval is taken at the
 * two-sided critical value c_k, its level 2 Phi(c_k) - 1, and the c_k are
 * such that P(|Z_k| > c_k for some k) = 1 - confidence:
 *
 *   pocock          c_k = C for every look
 *   obrien-fleming  c_k = C sqrt(n_K / n_k): wide early, near the fixed
 *                   level at the last look
 *   bonferroni      c_k = Phi^-1(1 - alpha / 2K), no search: its
 *                   crossing chance is below alpha
 *
 * The crossing chance is computed by recursive numerical integration of
 * the score S_k = Z_k sqrt(n_k) over the continuation regions (Armitage,
 * McPherson and Rowe 1969; Jennison and Turnbull 2000, chapter 19), with
 * Simpson's rule on SEQBOUND_GRID points per look, and C is found by
 * bisection to 1e-9.  The constants match the published tables to their
 * three decimals (tests/unit/test_seqbound.c). */
#ifndef PAIRBOOT_SEQBOUND_H
#define PAIRBOOT_SEQBOUND_H

#include <stddef.h>

#include "common/status.h"
#include "ingest/study.h"

/* Simpson points per look (odd). */
#define SEQBOUND_GRID 201

/* For the N looks LOOKS (ascending, >= 1, N from 1 to PLAN_MAX_LOOKS) and
 * boundary B at overall CONFIDENCE in (0, 1): LEVELS[k] = 2 Phi(c_k) - 1
 * and, when CRIT is not NULL, CRIT[k] = c_k.  One look gives the fixed
 * level.  Errors: PB_DATAERR for bad arguments. */
pb_status seqbound_levels(look_boundary b, const unsigned long *looks,
			  size_t n, double confidence, double *levels,
			  double *crit);

/* P(|Z_k| > CRIT[k] for some k) under the canonical joint distribution at
 * the N looks LOOKS (as above). */
double seqbound_crossing(const unsigned long *looks, size_t n,
			 const double *crit);

#endif
