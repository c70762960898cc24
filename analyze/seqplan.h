/* seqplan.h: the maximum a sequential study should register, and the
 * blocks it can expect to take, estimated from a pilot by simulation.
 *
 * A sequential design (analyze/sequential.h) judges a comparison at looks
 * K, 2K, ..., N blocks, each at the level analyze/seqbound.h gives it, and
 * stops at the first look whose verdict is harm, benefit or equivalent.
 * The design itself holds the chance of a wrong decisive verdict at 1 -
 * confidence at most, whatever the truth (as far as the interval's own
 * coverage is exact): that needs no pilot.  What a pilot can estimate is
 * how likely the rule is to reach a correct decision by its maximum N and
 * how many blocks it takes on average, and that only roughly
 * (docs/statistics.md, "Planning a sequential study").
 *
 * The candidates are the maxima N = jK, j = 1..n (n at most
 * PLAN_MAX_LOOKS, the looks study.ini takes, and jK at most the largest
 * maximum asked), each its own design of j looks with its own levels:
 * the O'Brien-Fleming levels of a design of 4 looks are not those of the
 * first 4 looks of a design of 8.  Each simulated study lives in a world
 * drawn from the pilot (analyze/planworld.h) and draws nK differences;
 * at look i the inner bootstrap of its first iK values is drawn once and
 * read at the level look i has in every candidate still running, so the
 * candidates share their worlds, their draws and their bootstraps (common
 * random numbers: the differences between candidates are not Monte Carlo
 * noise).  For each candidate the study *decides* at its first look with
 * a decisive verdict, and succeeds when that verdict is correct in its
 * world (planworld_correct); it stops there, or runs to its maximum.
 * Futility (sequential.h) is not simulated: it is advice, so the blocks
 * expected are those of a study that runs on until it decides.
 *
 * The *decision chance* at N is the share of PLANNING_SIMULATIONS
 * studies that succeed; the *expected blocks* the mean blocks at which
 * they stop (N for those that never decide).  The maximum for a target is
 * the smallest candidate from which the decision chance stays at or above
 * it, as planning.h's sizes are chosen; the decision chance, the chance
 * of a wrong decisive verdict, the expected blocks and the likeliest
 * verdict there are then estimated afresh, from simulations of their own,
 * so that choosing the maximum by the curve does not bias them.  Every
 * simulation has a stream of its own, from the comparison's seed, what it
 * estimates and its number: the same on every run and on any number of
 * threads. */
#ifndef PAIRBOOT_SEQPLAN_H
#define PAIRBOOT_SEQPLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/planworld.h"
#include "common/status.h"
#include "ingest/study.h"

/* The candidate designs: a look every EVERY blocks, the design of j + 1
 * looks (maximum (j + 1) EVERY) at levels level[j][0..j]. */
typedef struct seqplan_designs {
	size_t every;             /* K >= PLAN_MIN_LOOK */
	look_boundary boundary;
	double confidence;        /* over all looks of a design */
	size_t n;                 /* candidates, 1..PLAN_MAX_LOOKS (0 after
				     seqplan_designs_fit: none fits) */
	size_t tried;             /* the candidates before the fit */
	double level[PLAN_MAX_LOOKS][PLAN_MAX_LOOKS];
	double crit[PLAN_MAX_LOOKS][PLAN_MAX_LOOKS];  /* their critical
							values */
} seqplan_designs;

/* The designs of a look every EVERY blocks under boundary B at overall
 * confidence CONF, up to MAX_BLOCKS blocks and PLAN_MAX_LOOKS looks, into
 * OUT.  Errors: PB_DATAERR when EVERY is below PLAN_MIN_LOOK or above
 * MAX_BLOCKS, or CONF not in (0, 1); PB_NOMEM. */
pb_status seqplan_designs_make(size_t every, look_boundary b, double conf,
			       size_t max_blocks, seqplan_designs *out);

/* Keeps of DZ the candidates a study of plan P judged by METHOD could
 * register (sequential_check_plan: no look's level above SEQ_MAX_LEVEL,
 * enough resamples for the bootstrap-t at every look, exact resamples
 * only up to BOOT_EXACT_MAX_N blocks): the candidates of 1, 2, ... looks
 * up to the first that would be refused.  Under O'Brien-Fleming the first
 * look of a longer design is judged nearer 1, so a longer design is
 * refused sooner (a look every 10 blocks at 95%: 6 looks with the t
 * interval, 2 with the bootstrap-t of 10000 resamples).  Errors:
 * PB_NOMEM. */
pb_status seqplan_designs_fit(seqplan_designs *dz, const study_plan *p,
			      interval_method method);

/* The candidates' estimates, in ascending maxima. */
typedef struct seqplan_curve {
	size_t n;                           /* 0 when the pilot says nothing */
	size_t max_blocks[PLAN_MAX_LOOKS];
	double decision[PLAN_MAX_LOOKS];    /* chance of a correct decisive
					       verdict by the maximum */
	double expected[PLAN_MAX_LOOKS];    /* expected blocks to the stop */
} seqplan_curve;

/* The answer for one target. */
typedef struct seqplan_need {
	planning_reason reason;   /* FOUND, TOO_FEW_PAIRS, NO_SPREAD or
				     NOT_REACHABLE */
	size_t max_blocks;        /* FOUND: the maximum to register */
	size_t looks;             /* its looks (max_blocks / every) */
	size_t first_reached;     /* the smallest maximum of the curve at or
				     above the target (0: none) */
	bool monotone;            /* false: reached at first_reached, and
				     below the target again after it */
	double decision;          /* fresh, at max_blocks (at the largest
				     candidate when not reachable) */
	double wrong;             /* fresh: the share deciding wrongly */
	double expected_blocks;   /* fresh: mean blocks to the stop */
	verdict likely;           /* the decisive verdict most often reached
				     there (VERDICT_NO_INTERVAL: none) */
} seqplan_need;

/* The estimates of one design in one fixed world. */
typedef struct seqplan_estimate {
	double decision;          /* correct decisive verdicts */
	double wrong;             /* wrong decisive verdicts */
	double expected_blocks;   /* mean blocks to the stop */
	size_t counts[VERDICT_COUNT];  /* the verdicts that stopped a study,
					  VERDICT_NO_INTERVAL for none */
} seqplan_estimate;

/* The curve of the pilot D of N0 differences over the candidates of
 * DESIGNS (SET gives the method, threshold, side and seed; its confidence
 * and max_blocks are not read), and for each of the N_TARGETS TARGETS[t]
 * (in (0, 1)) the answer in OUT[t]; CURVE may be NULL.  Errors:
 * PB_DATAERR for N0 above 0xffffffff; PB_NOMEM (OUT then says nothing). */
pb_status seqplan_search(const double *d, size_t n0, const double *targets,
			 size_t n_targets, const planning_settings *set,
			 const seqplan_designs *designs, seqplan_need *out,
			 seqplan_curve *curve);

/* The estimates of every candidate of DESIGNS, OUT[j - 1] for the design
 * of j looks, if the N0 values D (rescaled as planworld_rescale does)
 * were the truth: what planning_power is to a fixed size, with common
 * random numbers across the candidates.  Errors: PB_DATAERR for N0 < 2
 * or above 0xffffffff; PB_NOMEM. */
pb_status seqplan_power(const double *d, size_t n0,
			const planning_settings *set,
			const seqplan_designs *designs, seqplan_estimate *out);

#endif
