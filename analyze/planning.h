/* planning.h: how many blocks a new study would need for its verdict to be
 * decisive, estimated from an existing study (a pilot) by simulation.
 *
 * For one comparison (a state against the reference in one series) with
 * pilot differences d_1..d_n0, a future study of m blocks is simulated by
 * drawing m differences with replacement from the pilot's (the empirical
 * distribution: its skew and tails are kept, nothing is fitted), and judged
 * as pairboot judges a study: the plan's interval method at the plan's
 * confidence, from an inner bootstrap of PLANNING_INNER_RESAMPLES replicates
 * (fewer than a study's own, which only moves the endpoints by their Monte
 * Carlo error), then the verdict rules of analyze/verdict.h.  The
 * *assurance* at m is the fraction of PLANNING_SIMULATIONS simulated
 * studies whose verdict is decisive (harm, benefit or equivalent); the
 * blocks needed are the smallest m from VERDICT_MIN_PAIRS (no study below
 * it makes a claim) to the maximum whose assurance
 * reaches the target, found on a doubling grid and then by bisection, which
 * assumes that the assurance grows with m.
 *
 * The caveat: a pilot of few blocks knows its own spread only roughly.  So
 * the search is repeated with the pilot's differences spread about their
 * mean by the factor sqrt((n0 - 1) / chi2_{alpha/2, n0-1}), the upper end
 * of the two-sided confidence interval of the standard deviation at the
 * plan's confidence: the blocks needed if the spread were that large.
 *
 * Every simulation is seeded from the study's seed, the series and the
 * state (boot_stream_seed of the seed with its bits inverted, so the
 * streams differ from the study's own), and the size m: the estimates are
 * the same on every run. */
#ifndef PAIRBOOT_PLANNING_H
#define PAIRBOOT_PLANNING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/analysis.h"
#include "analyze/verdict.h"
#include "common/status.h"
#include "ingest/study.h"

/* Simulated studies per size: the assurance then has a standard error of
 * at most 0.025, about 0.02 near 0.8. */
#define PLANNING_SIMULATIONS 400

/* Bootstrap replicates of each simulated study's interval. */
#define PLANNING_INNER_RESAMPLES 1000UL

/* A pilot needs as many pairs as a study needs for a claim to say
 * anything about a future study. */
#define PLANNING_MIN_PILOT VERDICT_MIN_PAIRS

/* How one comparison is planned. */
typedef struct planning_settings {
	interval_method method;
	double confidence;        /* in (0, 1) */
	double threshold;         /* T > 0 */
	better_side better;
	size_t max_blocks;        /* >= VERDICT_MIN_PAIRS */
	uint32_t stream_seed;     /* the comparison's own */
} planning_settings;

/* Why a size was not found. */
typedef enum planning_reason {
	PLANNING_FOUND,           /* blocks_needed holds it */
	PLANNING_TOO_FEW_PAIRS,   /* the pilot has fewer than the minimum */
	PLANNING_NO_SPREAD,       /* all pilot differences are equal */
	PLANNING_NOT_REACHABLE    /* not with max_blocks blocks */
} planning_reason;

/* The search for one assurance target. */
typedef struct planning_need {
	planning_reason reason;
	size_t blocks_needed;     /* when PLANNING_FOUND */
	double assurance;         /* estimated at blocks_needed, or at
				     max_blocks when not reachable */
	verdict likely;           /* the decisive verdict most often reached
				     at that size (VERDICT_NO_INTERVAL when
				     none was) */
} planning_need;

/* The assurance of a future study of M blocks drawn from the N0 pilot
 * differences D, with the counts of each verdict in COUNTS[VERDICT_COUNT]
 * (may be NULL).  Errors: PB_DATAERR for M < 2 or N0 = 0, PB_NOMEM. */
pb_status planning_assurance(const double *d, size_t n0, size_t m,
			     const planning_settings *set, double *assurance,
			     size_t *counts);

/* For each of the N_TARGETS assurance targets TARGETS[t] (in (0, 1)), the
 * smallest size whose assurance reaches it, for the pilot D of N0
 * differences spread about their mean by SPREAD (1: as observed), into
 * OUT[t].  Each size is simulated at most once for all targets, and only
 * as far as the search needs it (planning.c); the result is that of
 * simulating every size it probes in full.  Errors: PB_DATAERR for
 * SET->max_blocks below VERDICT_MIN_PAIRS or above 0xffffffff, or N0
 * above it; PB_NOMEM (OUT then says nothing). */
pb_status planning_search(const double *d, size_t n0, double spread,
			  const double *targets, size_t n_targets,
			  const planning_settings *set, planning_need *out);

/* The factor sqrt((n0 - 1) / chi2_{alpha/2, n0-1}) by which the upper end
 * of the CONFIDENCE interval of a standard deviation from N0 >= 2 values
 * exceeds the estimate. */
double planning_spread_upper(size_t n0, double confidence);

/* Stable codes for JSON: "found", "too-few-pairs", "no-spread",
 * "not-reachable". */
const char *planning_reason_code(planning_reason r);

/* The most assurance targets one plan reports. */
#define PLANNING_MAX_TARGETS 2

/* The plan of one comparison of a study. */
typedef struct planning_row {
	size_t comparison;        /* index into analysis.cmp */
	planning_need need[PLANNING_MAX_TARGETS];   /* spread as observed */
	planning_need upper[PLANNING_MAX_TARGETS];  /* at its upper limit */
	double spread_upper;      /* planning_spread_upper() of the pilot */
} planning_row;

typedef struct planning_result {
	planning_row *rows;       /* analysis.cmp order */
	size_t n_rows;
	double targets[PLANNING_MAX_TARGETS];
	size_t n_targets;
	size_t max_blocks;
} planning_result;

/* Plans every comparison of analysis A of study S for the N_TARGETS
 * (1 or 2) assurance TARGETS, up to MAX_BLOCKS blocks, on up to JOBS
 * threads (the result does not depend on them), with a progress line on a
 * terminal.  Returns PB_OK and a new *OUT (free with planning_free), or
 * PB_NOMEM. */
pb_status planning_run(const study *s, const analysis *a,
		       const double *targets, size_t n_targets,
		       size_t max_blocks, unsigned jobs,
		       planning_result **out);

void planning_free(planning_result *r);

#endif
