/* planning.h: how many blocks a new study would need for a correct
 * decisive verdict, estimated from an existing study (a pilot) by
 * simulation.
 *
 * For one comparison (a state against the reference in one series),
 * each simulated study lives in a world of its own drawn from what the
 * pilot's differences say of the truth, and is judged as pairboot judges
 * a study (analyze/planworld.h).  It succeeds when its verdict is
 * decisive and correct in its world.  The *assurance* at m blocks is the
 * share of PLANNING_SIMULATIONS such studies that succeed.  The
 * *conditional power* at m is the same share with the world held fixed
 * at the pilot (its mean, its rescaled differences): the power if the
 * pilot's estimate were the truth.
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
 * No size from a pilot alone is right for every pilot (a pilot cannot
 * bound what it did not sample: Bahadur and Savage 1956); how often such
 * sizes reached their target's true power in bench/planbench is said
 * beside them (analyze/planvalid.h).  A sequential design
 * (analyze/seqplan.h) holds a wrong verdict's chance by itself.
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
#include "analyze/seqplan.h"
#include "analyze/verdict.h"
#include "common/status.h"
#include "ingest/study.h"

/* The most sizes a curve holds: the grid and the sizes bisection adds. */
#define PLANNING_MAX_POINTS 96

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

/* Stable codes for JSON: "found", "too-few-pairs", "no-spread",
 * "not-reachable". */
const char *planning_reason_code(planning_reason r);

/* The most assurance targets one plan reports. */
#define PLANNING_MAX_TARGETS 2

/* The plan of one comparison of a study: fixed sizes, or the maxima of a
 * sequential design (analyze/seqplan.h). */
typedef struct planning_row {
	size_t comparison;        /* index into analysis.cmp */
	planning_need need[PLANNING_MAX_TARGETS];  /* fixed sizes */
	planning_curve curve;     /* the assurance curve */
	seqplan_need seq[PLANNING_MAX_TARGETS];    /* sequential maxima */
	seqplan_curve seq_curve;  /* the decision chance of each maximum */
} planning_row;

/* What a plan is asked. */
typedef struct planning_request {
	double targets[PLANNING_MAX_TARGETS];  /* in (0, 1) */
	size_t n_targets;         /* 1 or 2 */
	size_t max_blocks;        /* >= VERDICT_MIN_PAIRS */
	bool sequential;          /* the maxima of DESIGNS, not sizes */
	seqplan_designs designs;  /* when sequential */
	interval_method method;   /* when sequential: the interval its looks
				     are judged by (t or studentized) */
} planning_request;

typedef struct planning_result {
	planning_row *rows;       /* analysis.cmp order */
	size_t n_rows;
	double targets[PLANNING_MAX_TARGETS];
	size_t n_targets;
	size_t max_blocks;
	bool sequential;          /* rows hold seq and seq_curve, not need
				     and curve */
	seqplan_designs designs;  /* when sequential */
	interval_method method;   /* the interval the plan judges by: the
				     study's, or a sequential plan's own */
} planning_result;

/* Plans every comparison of analysis A of study S as REQ asks, on up to
 * JOBS threads (the result does not depend on them), with a progress
 * line on a terminal.  Returns PB_OK and a new *OUT (free with
 * planning_free), or PB_NOMEM. */
pb_status planning_run(const study *s, const analysis *a,
		       const planning_request *req, unsigned jobs,
		       planning_result **out);

void planning_free(planning_result *r);

#endif
