/* planning.h: how many blocks a new study would need for a correct
 * decisive verdict, estimated from an existing study (a pilot) by
 * simulation.
 *
 * For one comparison (a state against the reference in one series) with
 * pilot differences d_1..d_n0, mean dbar and deviations e_i = d_i - dbar,
 * the pilot is first rescaled: p_i = dbar + c e_i with c = sqrt(n0 /
 * (n0 - 1)), so that drawing from it with replacement has the pilot's
 * sample variance s^2 and not (n0 - 1)/n0 of it.
 *
 * A pilot does not know the truth, so each simulated study lives in a
 * world of its own, drawn from what the pilot says of it: the shape of a
 * bootstrap sample b of n0 values from p (standardized), the spread
 * sigma^2 = (n0 - 1) s^2 / chi2_{n0-1} and the true effect
 * mu = dbar + sigma Z / sqrt(n0) (Z standard normal): for normal
 * differences, the posterior of the mean and SD under the prior 1/sigma.
 * The world's differences are mu + sigma (b_j - mean b) / sd b, with sd b
 * the population SD of b (the pilot's own shape when b is one value
 * repeated).  A future study of m blocks
 * draws m differences from its world and is judged as pairboot judges a
 * study: the plan's interval method at the plan's confidence, from an
 * inner bootstrap of PLANNING_INNER_RESAMPLES replicates (none for the
 * Student t interval), then the verdict rules of analyze/verdict.h.  It
 * succeeds when its verdict is decisive and correct in its world (harm
 * when mu lies beyond T on the worse side, benefit beyond T on the better
 * side, equivalent when |mu| < T).  The *assurance* at m is the share of
 * PLANNING_SIMULATIONS such studies that succeed.  The *conditional
 * power* at m is the same share with the world held fixed at the pilot
 * (mu = dbar, differences p): the power if the pilot's estimate were the
 * truth.
 *
 * The assurance curve is computed on a grid of sizes from
 * VERDICT_MIN_PAIRS to the maximum (planning_grid) with common random
 * numbers: simulation r uses the same world and the same first m draws
 * at every size, so the curve's shape is not Monte Carlo noise.  The
 * blocks needed for a target are the smallest size from which the
 * assurance stays at or above the target, up to the maximum, refined by
 * bisection between the grid's sizes; a curve that reached the target at
 * a smaller size first and fell below it again is said to be not
 * monotone.  The assurance, conditional power and likeliest verdict at
 * the size chosen are then estimated afresh, from simulations of their
 * own, so that choosing the size by the curve does not bias them upward.
 *
 * The guarantee (planning_guarantee): a size whose true power reaches the
 * target in at least the target share of pilots.  The world is fixed at
 * a pessimistic one: the effect moved from dbar toward the nearer of -T
 * and T by t_{g, n0-1} s / sqrt(n0), and the spread multiplied by
 * sqrt((n0 - 1) / chi2_{1-g, n0-1}), with g = sqrt(target) so that both
 * limits hold at once in a share target of normal pilots (the sample mean
 * and SD are independent).  An effect moved onto or beyond the boundary
 * gives no size: the pilot cannot tell which verdict would be right.
 * Nor does a pilot of fewer than PLANNING_GUARANTEE_MIN_PILOT pairs, or one
 * whose shape is unlike a normal one (analyze/shapetest.h): the limits are
 * normal-theory ones, and a pilot cannot bound a tail it has not sampled.
 *
 * Every simulation is seeded from the study's seed, the series and the
 * state (boot_stream_seed of the seed with its bits inverted, so the
 * streams differ from the study's own), what it estimates and its number:
 * the estimates are the same on every run and with any number of
 * threads. */
#ifndef PAIRBOOT_PLANNING_H
#define PAIRBOOT_PLANNING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/analysis.h"
#include "analyze/planworld.h"
#include "analyze/verdict.h"
#include "common/status.h"
#include "ingest/study.h"

/* The most sizes a curve holds: the grid and the sizes bisection adds. */
#define PLANNING_MAX_POINTS 96

/* The guarantee declines a pilot whose shape test (analyze/shapetest.h)
 * has a p-value below this, and a pilot of fewer pairs than
 * PLANNING_GUARANTEE_MIN_PILOT: below it the test misses too many skewed
 * pilots for the guarantee to hold (bench/planbench, docs/statistics.md). */
#define PLANNING_SHAPE_LEVEL 0.10
#define PLANNING_GUARANTEE_MIN_PILOT 15

/* A curve: estimates at ascending sizes. */
typedef struct planning_curve {
	size_t n;
	size_t blocks[PLANNING_MAX_POINTS];
	double value[PLANNING_MAX_POINTS];  /* assurance, or power */
} planning_curve;

/* The answer for one target. */
typedef struct planning_need {
	planning_reason reason;
	size_t blocks_needed;     /* when PLANNING_FOUND */
	size_t first_reached;     /* the smallest size of the curve at or
				     above the target (0: none) */
	bool monotone;            /* false: the curve reached the target at
				     first_reached and fell below it again */
	double assurance;         /* fresh, at blocks_needed (at max_blocks
				     when not reachable) */
	double power;             /* the conditional power there, fresh */
	verdict likely;           /* the decisive verdict most often reached
				     there (VERDICT_NO_INTERVAL: none) */
	double shape_p;           /* guarantee: the pilot's shape test p
				     (NAN: not tested) */
} planning_need;

/* The sizes of the grid up to MAX (>= VERDICT_MIN_PAIRS): every size to
 * 16, then steps of about an eighth, and MAX; into SIZES (room for
 * PLANNING_MAX_POINTS), their number returned. */
size_t planning_grid(size_t max, size_t *sizes);

/* The smallest size of CURVE from which every value is at or above
 * TARGET, or 0 when the last is below it. */
size_t planning_stays_from(const planning_curve *c, double target);

/* The conditional power of a future study of M blocks if the N0 pilot
 * differences D (rescaled as above) were the truth, with the counts of
 * each verdict in COUNTS[VERDICT_COUNT] (may be NULL).  Errors:
 * PB_DATAERR for M < 2, N0 < 2, or either above 0xffffffff; PB_NOMEM. */
pb_status planning_power(const double *d, size_t n0, size_t m,
			 const planning_settings *set, double *power,
			 size_t *counts);

/* The assurance curve of the pilot D of N0 differences on the grid up to
 * SET->max_blocks, and for each of the N_TARGETS TARGETS[t] (in (0, 1))
 * the answer, in OUT[t], and CURVE (may be NULL) with the sizes
 * bisection added.  Errors: PB_DATAERR for SET->max_blocks below
 * VERDICT_MIN_PAIRS or above 0xffffffff, or N0 above it; PB_NOMEM (OUT
 * then says nothing). */
pb_status planning_search(const double *d, size_t n0, const double *targets,
			  size_t n_targets, const planning_settings *set,
			  planning_need *out, planning_curve *curve);

/* The guarantee for TARGET (see above) into OUT (its assurance is the
 * fresh power in the pessimistic world, its power the conditional power
 * at the pilot).  Errors as planning_search. */
pb_status planning_guarantee(const double *d, size_t n0, double target,
			     const planning_settings *set, planning_need *out);

/* The factor sqrt((n0 - 1) / chi2_{1-level, n0-1}): the one-sided upper
 * LEVEL confidence limit of a standard deviation from N0 >= 2 values
 * over the estimate. */
double planning_spread_limit(size_t n0, double level);

/* Stable codes for JSON: "found", "too-few-pairs", "no-spread",
 * "not-reachable", "undecidable". */
const char *planning_reason_code(planning_reason r);

/* The most assurance targets one plan reports. */
#define PLANNING_MAX_TARGETS 2

/* The plan of one comparison of a study. */
typedef struct planning_row {
	size_t comparison;        /* index into analysis.cmp */
	planning_need need[PLANNING_MAX_TARGETS];
	planning_curve curve;     /* the assurance curve */
	planning_need guarantee;  /* for the first target, when asked */
} planning_row;

typedef struct planning_result {
	planning_row *rows;       /* analysis.cmp order */
	size_t n_rows;
	double targets[PLANNING_MAX_TARGETS];
	size_t n_targets;
	size_t max_blocks;
	bool guarantee;           /* rows hold a guarantee */
} planning_result;

/* Plans every comparison of analysis A of study S for the N_TARGETS
 * (1 or 2) assurance TARGETS, up to MAX_BLOCKS blocks, with the guarantee
 * for the first when GUARANTEE, on up to JOBS threads (the result does
 * not depend on them), with a progress line on a terminal.  Returns PB_OK
 * and a new *OUT (free with planning_free), or PB_NOMEM. */
pb_status planning_run(const study *s, const analysis *a,
		       const double *targets, size_t n_targets,
		       size_t max_blocks, bool guarantee, unsigned jobs,
		       planning_result **out);

void planning_free(planning_result *r);

#endif
