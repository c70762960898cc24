/* seqbound.h: the confidence level of each look of a sequential design,
 * so that a study judged at several registered looks (study.ini's
 * `looks` and `boundary`) errs no more often than a study judged once.
 *
 * A sequential study judges each comparison at look k = 1..K from the
 * blocks 1..n_k (n_k = looks[k], ascending, the last the maximum), with a
 * two-sided interval at the nominal level 1 - a_k of that look.  A wrong
 * decisive verdict (harm, benefit or equivalence where the truth is
 * otherwise) needs an interval that misses the true mean difference; so
 * the chance of any wrong decisive verdict at any look is at most the
 * chance that any of the K intervals misses, and the levels are chosen to
 * hold that chance at alpha = 1 - confidence: repeated confidence
 * intervals (Jennison & Turnbull 1989, JRSS B 51:305; Jennison &
 * Turnbull, "Group Sequential Methods with Applications to Clinical
 * Trials", 2000, ch. 9).  The chance is exactly alpha for intervals of
 * exact normal coverage under the joint law below (the z interval of a
 * mean of independent normal blocks of known variance); it is
 * approximate as far as an interval's own coverage is (Student's t and
 * the bootstrap estimate the variance; the bootstrap under-covers at a
 * few blocks, docs/statistics.md "Coverage").
 *
 * The joint law behind it, J&T's canonical joint distribution (2000,
 * ch. 3): with I_k = n_k the
 * information at look k, the standardized errors Z_k = (estimate_k -
 * mean) / se_k are normal with Z_k ~ N(0, 1) and Cov(Z_j, Z_k) =
 * sqrt(I_j / I_k) for j <= k (the score S_k = Z_k sqrt(I_k) is a Brownian
 * motion at times I_k).  Interval k misses when |Z_k| > c_k, the critical
 * value, and 1 - a_k = 2 Phi(c_k) - 1.  The boundaries:
 *
 *   Pocock            c_k = C for all k          (Pocock 1977)
 *   O'Brien-Fleming   c_k = C sqrt(I_K / I_k)    (O'Brien & Fleming 1979)
 *   Bonferroni        c_k = Phi^-1(1 - alpha / (2K)), no joint law used
 *
 * with C solving P(|Z_k| > c_k for some k) = alpha.  Bonferroni's levels
 * 1 - alpha / K hold the chance at or below alpha whatever the
 * dependence; the other two spend exactly alpha under the law above.
 * One look (K = 1) gives the fixed level: c = Phi^-1(1 - alpha / 2).
 *
 * The crossing probability is computed by the recursive numerical
 * integration of Armitage, McPherson & Rowe (1969, JRSS A 132:235) as
 * J&T 2000 ch. 19 lay it out: the sub-density of S_k over the
 * continuation region |S_k| < c_k sqrt(I_k) is carried from look to look
 * on a grid (below) with Simpson's rule, through the normal transition
 * density of variance I_k - I_{k-1}, and the probability of leaving at
 * look k is summed from the normal tails, not taken as one minus the
 * mass that stays, so that a small probability keeps its digits.  C is
 * found by the Illinois method between the fixed level's and
 * Bonferroni's critical values, which bracket it.  The probability is
 * accurate to about 2e-7 (against a grid four times finer: at most
 * 1.6e-7 over designs of 2 to 20 looks, evenly spaced, uneven and a block
 * apart), C to about 1e-6; the published tables of C (J&T 2000 Tables
 * 2.1 and 2.3) are reproduced to their three decimals
 * (tests/unit/test_seqbound.c, docs/statistics.md "Sequential designs:
 * the level of each look").  Deterministic; 20 evenly spaced looks take
 * about 10 ms of CPU, 20 looks a block apart at 1000 blocks (the finest
 * grid) about 70 ms. */
#ifndef PAIRBOOT_SEQBOUND_H
#define PAIRBOOT_SEQBOUND_H

#include <stddef.h>

#include "common/status.h"
#include "ingest/study.h"

/* The grid parameter r of J&T 2000 section 19.2.1: 6r - 1 points per
 * unit normal before the continuation region cuts them (evenly spaced by
 * 1.5 / r within 3 standard deviations, ever wider beyond), and Simpson's
 * midpoints between them (12r + 1 points at most per look).  J&T
 * (p. 350) find r = 16 accurate to about 1e-6 in a crossing probability;
 * gsDesign uses 18, the least here.  Looks close together need more, for
 * the grid must resolve a transition density as narrow as the increment:
 * the grid of look k takes r = SEQBOUND_GRID_RES sqrt(I_k / d), d the
 * smaller of the increments I_k - I_{k-1} and I_{k+1} - I_k, and at most
 * SEQBOUND_GRID_R_MAX, reached when an increment is below 1/1111 of the
 * information at the look (looks of 1111 and 1112 blocks): closer looks
 * than that are integrated on that grid (the probability of the looks
 * 9999 and 10000 at c = 2 is still within 4e-8). */
#define SEQBOUND_GRID_R 18
#define SEQBOUND_GRID_RES 6.0
#define SEQBOUND_GRID_R_MAX 200

/* The levels LEVELS[k] = 1 - a_k of the N looks LOOKS (block counts,
 * LOOKS[0] >= 1, strictly ascending) under boundary B, for the overall
 * confidence CONF in (0, 1).  When CRIT is not NULL, CRIT[k] gets the
 * critical value c_k.  One look gives LEVELS[0] = CONF exactly.
 * PB_DATAERR when N is 0 or above PLAN_MAX_LOOKS, LOOKS is not as said,
 * CONF is not in (0, 1) or B is no boundary; PB_SOFTWARE when LEVELS or
 * LOOKS is NULL; PB_NOMEM when the integration's workspace (125 KiB)
 * cannot be allocated.  On an error nothing is written. */
pb_status seqbound_levels(look_boundary b, const unsigned long *looks,
			  size_t n, double conf, double *levels, double *crit);

/* P(|Z_k| > CRIT[k] for some k = 1..N) under the joint law above at the
 * N looks LOOKS (as for seqbound_levels): the chance that some interval
 * misses, for any critical values (CRIT[k] > 0; +INFINITY for a look that
 * never crosses).  NAN on bad input, or when the workspace cannot be
 * allocated.  Exposed for the tests and the documentation's checks
 * against published designs. */
double seqbound_crossing(const unsigned long *looks, size_t n,
			 const double *crit);

#endif
