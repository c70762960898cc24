/* planworld.h: the simulated worlds and studies that plan a new study from
 * a pilot, shared by the search for a fixed size (analyze/planning.h) and
 * the search for the maximum of a sequential design (analyze/seqplan.h).
 *
 * A pilot does not know the truth, so each simulated study lives in a
 * world of its own, drawn from what the pilot says of it: the shape of a
 * bootstrap sample b of n0 values from the rescaled pilot p (p_i = dbar +
 * sqrt(n0 / (n0 - 1)) (d_i - dbar), which resampled keeps the pilot's
 * sample variance s^2), standardized; the spread sigma^2 = (n0 - 1) s^2 /
 * chi2_{n0-1} and the true effect mu = dbar + sigma Z / sqrt(n0) (Z
 * standard normal): for normal differences, the posterior of the mean and
 * SD under the prior 1/sigma.  The world's differences are mu + sigma (b_j
 * - mean b) / sd b, with sd b the population SD of b (the pilot's own
 * shape when b is one value repeated).  A world may also be held fixed
 * (the pilot itself, or a known truth).  A study of m blocks draws m
 * differences from its world and is judged as pairboot judges a study:
 * the plan's interval method at a confidence, from an inner bootstrap of
 * PLANNING_INNER_RESAMPLES replicates (none for the Student t interval),
 * then the verdict rules of analyze/verdict.h with the claim gate.  It
 * succeeds when its verdict is decisive and correct in its world
 * (planworld_correct).
 *
 * The inner bootstrap and the interval are two steps, so that the looks
 * of a sequential design, which read the same replicates at several
 * levels, draw them once. */
#ifndef PAIRBOOT_PLANWORLD_H
#define PAIRBOOT_PLANWORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/mt19937.h"
#include "analyze/verdict.h"
#include "common/status.h"
#include "ingest/study.h"

/* Simulated studies per estimate: an estimate then has a standard error
 * of at most 0.025, about 0.02 near 0.8. */
#define PLANNING_SIMULATIONS 400

/* Bootstrap replicates of each simulated study's interval (percentile,
 * BCa, expanded and studentized methods; the Student t interval needs
 * none). */
#define PLANNING_INNER_RESAMPLES 1000UL

/* A pilot needs as many pairs as a study needs for a claim to say
 * anything about a future study. */
#define PLANNING_MIN_PILOT VERDICT_MIN_PAIRS

/* How one comparison is planned. */
typedef struct planning_settings {
	interval_method method;
	double confidence;        /* in (0, 1): a fixed study's level */
	double threshold;         /* T > 0 */
	better_side better;
	size_t max_blocks;        /* >= VERDICT_MIN_PAIRS */
	uint32_t stream_seed;     /* the comparison's own */
} planning_settings;

/* Why a size was not found. */
typedef enum planning_reason {
	PLANNING_FOUND,           /* a size holds it */
	PLANNING_TOO_FEW_PAIRS,   /* the pilot has fewer than the minimum */
	PLANNING_NO_SPREAD,       /* all pilot differences are equal */
	PLANNING_NOT_REACHABLE    /* not with the most blocks allowed */
} planning_reason;

/* How the worlds of a run of simulations are made. */
typedef struct planworld_model {
	const double *p;          /* the rescaled pilot, or the fixed world */
	size_t n0;
	bool bootstrap;           /* true: a world of its own per study;
				     false: P itself, of true effect MU */
	double mu;                /* the effect: of P, or the pilot's mean */
	double sd;                /* the pilot's sample SD (bootstrap) */
} planworld_model;

/* The work buffers of one run of simulations, for studies of up to MAX
 * blocks from worlds of N0 values. */
typedef struct planworld_buffers {
	double *world;            /* n0: this simulation's world */
	double *draws;            /* max: its study's differences */
	double *reps;             /* the inner bootstrap's means, sorted */
	double *tstar;            /* and their t*, sorted */
} planworld_buffers;

/* Allocates B; false (with B freeable) when out of memory. */
bool planworld_buffers_init(planworld_buffers *b, size_t n0, size_t max);
void planworld_buffers_free(planworld_buffers *b);

/* A 32-bit mix of SEED, M and R, never 0: the stream of one simulation
 * (the finalizer of MurmurHash3, a bijection of 32 bits). */
uint32_t planworld_mix(uint32_t seed, uint32_t m, uint32_t r);

/* Whether the N values D are all the same: no spread to resample. */
bool planworld_all_equal(const double *d, size_t n);

double planworld_mean(const double *d, size_t n);

/* The sample standard deviation of the N >= 2 values D. */
double planworld_sd(const double *d, size_t n);

/* The pilot rescaled for resampling: OUT[i] = mean + sqrt(n0/(n0-1))
 * (D[i] - mean), for N0 >= 2 values. */
void planworld_rescale(const double *d, size_t n0, double *out);

/* The worlds of the pilot P (rescaled, N0 values, mean MU, sample SD SD):
 * a world of its own per simulation when BOOTSTRAP, else P itself. */
planworld_model planworld_of(const double *p, size_t n0, bool bootstrap,
			     double mu, double sd);

/* The pilot's N0 >= 2 differences D rescaled into a new array (the
 * caller frees it; NULL when out of memory) and *W its worlds: a world of
 * its own per simulation when BOOTSTRAP (mean and sample SD of D), else
 * the rescaled pilot itself, of D's mean. */
double *planworld_pilot(const double *d, size_t n0, bool bootstrap,
			planworld_model *w);

/* Makes one simulation's world of W from GEN (into B->world when it is a
 * world of its own), then draws its study of M <= the buffers' max
 * blocks into B->draws; returns the world's true effect. */
double planworld_draw(const planworld_model *w, mt19937 *gen, size_t m,
		      planworld_buffers *b);

/* The inner bootstrap of the study of the first M >= 2 values of SAMPLE
 * for METHOD (seeded with SEED), sorted into B; nothing for the t
 * interval.  Errors as boot_replicates_t. */
pb_status planworld_resample(const double *sample, size_t m,
			     interval_method method, uint32_t seed,
			     planworld_buffers *b);

/* The gated verdict of the study of the first M values of SAMPLE by
 * SET's interval at CONFIDENCE, read from the replicates
 * planworld_resample left in B for the same values. */
pb_status planworld_verdict(const double *sample, size_t m,
			    const planning_settings *set, double confidence,
			    const planworld_buffers *b, verdict *out);

/* Whether verdict V is decisive and correct for the true effect MU:
 * harm when MU lies beyond THRESHOLD on the worse side, benefit beyond it
 * on the better side, equivalent when |MU| < THRESHOLD. */
bool planworld_correct(verdict v, double mu, double threshold,
		       better_side better);

/* The decisive verdict reached most often in COUNTS[VERDICT_COUNT] (ties
 * in the order harm, benefit, equivalent), or VERDICT_NO_INTERVAL when
 * none was. */
verdict planworld_most_likely(const size_t *counts);

/* What counts the simulated studies judged on this thread: FN(ARG, K)
 * for each K more, until it is set to NULL (a progress line). */
typedef void (*planworld_counter)(void *arg, size_t studies);
void planworld_set_counter(planworld_counter fn, void *arg);

/* Counts STUDIES simulated studies toward this thread's counter. */
void planworld_count(size_t studies);

#endif
