/* sequential.h: a comparison judged at the registered looks of a
 * sequential study (study.ini `looks`, `boundary`).
 *
 * At look k the comparison uses the pairs of blocks 1..looks[k] and the
 * plan's interval method at the level analyze/seqbound.h gives that look,
 * so that the K intervals all cover the true mean difference with
 * probability at least `confidence`, however many looks are taken.  A
 * wrong decisive verdict (harm, benefit or equivalence where it is false)
 * needs an interval that misses the truth, so the chance of any wrong
 * decisive verdict over all looks is at most 1 - confidence: exactly so
 * for intervals whose coverage is exact, approximately where the method's
 * own coverage is (the bootstrap at few pairs; docs/statistics.md).
 *
 * The first look, in order, whose verdict (analyze/verdict.h, the claim
 * gate included) is harm, benefit or equivalent decides the comparison:
 * LOOK_STOP, and later pairs are not used.  Detected-size-open does not
 * stop: the size is still open.  An undecided look before the last is
 * LOOK_FUTILE when no truth its interval leaves plausible would be
 * decided by the last look: the last look's interval, this one narrowed
 * on each side by the ratio of the Student t quantiles of the two looks'
 * levels and pairs times the square root of the ratio of their pairs,
 * would neither lie beyond +T or -T for a truth at an end of this
 * interval nor inside (-T, T) for a truth within it (too few blocks
 * planned for the spread seen); else LOOK_CONTINUE.  Futility never
 * decides anything, and stopping for it cannot make a wrong verdict
 * likelier.  Undecided at the last look is LOOK_ENDED.
 *
 * A series reaches look k when its block looks[k] holds a run (accepted
 * or not) of every state, or it holds a run in a later block. */
#ifndef PAIRBOOT_SEQUENTIAL_H
#define PAIRBOOT_SEQUENTIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/bootstrap.h"
#include "analyze/verdict.h"
#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Where a comparison of a sequential study stands. */
typedef enum look_status {
	LOOK_NONE,           /* not a sequential study */
	LOOK_NOT_REACHED,    /* its series reached no look yet: no interval */
	LOOK_STOP,           /* decided at `look`: harm, benefit or
				equivalent */
	LOOK_CONTINUE,       /* undecided at `look`; a later look may decide */
	LOOK_FUTILE,         /* undecided, and no truth its interval leaves
				plausible would be decided by the last look */
	LOOK_ENDED           /* undecided at the last look */
} look_status;

/* The stable code of S ("stop", "continue", ...), for results.json. */
const char *look_status_code(look_status s);

/* The looks of plan P and each one's level and critical value. */
typedef struct seq_design {
	size_t n;                          /* plan.n_looks */
	unsigned long looks[PLAN_MAX_LOOKS];
	double level[PLAN_MAX_LOOKS];      /* the confidence of look k */
	double crit[PLAN_MAX_LOOKS];       /* its two-sided normal critical
					      value */
} seq_design;

/* The design of P (P->n_looks > 0).  Errors: PB_DATAERR (bad looks),
 * PB_NOMEM. */
pb_status sequential_design(const study_plan *p, seq_design *out);

/* The most resamples a look's tail must hold for the bootstrap-t: its
 * interval reads the t* replicates at alpha_k / 2 and 1 - alpha_k / 2,
 * and with fewer than this beyond an end the end is merely the most
 * extreme replicate, at a level below the one printed. */
#define SEQ_MIN_TAIL_RESAMPLES 10.0

/* The least level a look may have that the pages can still tell from 1,
 * and no interval method refuses: an earlier O'Brien-Fleming look of a
 * long design (looks = 5;100) would be taken at 1 - 1e-18, wider than any
 * data could cross. */
#define SEQ_MAX_LEVEL (1.0 - 1e-7)

/* Checks design D of plan P, read from FILE, against what its intervals
 * can do, each problem to DG at study.ini's `looks` (or `resamples`): a
 * look whose level is above SEQ_MAX_LEVEL (it can decide nothing; drop
 * it or choose Pocock); the bootstrap-t with fewer resamples than
 * SEQ_MIN_TAIL_RESAMPLES / (alpha_k / 2) at some look; `resamples =
 * exact` with a last look above BOOT_EXACT_MAX_N blocks.  Returns PB_OK
 * or PB_DATAERR. */
pb_status sequential_check_plan(const study_plan *p, const seq_design *d,
				const char *file, diag *dg);

/* Each run of a latency series of S past the last look is an error at
 * its row of runs.csv.  Returns PB_OK or PB_DATAERR. */
pb_status sequential_check_runs(const study *s, diag *dg);

/* Both checks above for study S and its design D (study.ini named as
 * S's folder gives it).  Returns PB_OK, PB_DATAERR or PB_NOMEM. */
pb_status sequential_check_study(const study *s, const seq_design *d,
				 diag *dg);

/* The decimals a percentage of LEVEL needs (2 or more) not to read as
 * 100%: 99.48% but 99.9995%. */
int sequential_level_decimals(double level);

/* The looks the latency series SERIES of S has reached (0..n_looks). */
size_t sequential_looks_reached(const study *s, size_t series);

/* One comparison judged over its looks. */
typedef struct seq_outcome {
	look_status status;
	size_t look;             /* 1-based look reported; 0 when none */
	size_t pairs;            /* pairs used at that look */
	double level;            /* its confidence */
	verdict verdict;         /* gated, from the plan's method */
	boot_comparison boot;    /* that look's bootstrap */
} seq_outcome;

/* Judges the N pairs (STATE[i], REF[i]) of blocks BLOCKS[i] (ascending)
 * at the first LOOKS_REACHED looks of DESIGN, as described above, each
 * bootstrapped with SET (its confidence replaced by each look's level).
 * NO_SPREAD(i) is not needed: pairs whose differences are all equal are
 * found here.  Arrays are only read.  Errors as boot_compare. */
pb_status sequential_judge(const double *state, const double *ref,
			   const unsigned long *blocks, size_t n,
			   const seq_design *design, size_t looks_reached,
			   const boot_settings *set, seq_outcome *out);

#endif
