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
 * decided by the last look: the last look's interval, about as wide as
 * this one narrowed on each side by sqrt(looks[k] / looks[K]) crit[K] /
 * crit[k], would neither lie beyond +T or -T for a truth at an end of this
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
