/* builddiff.h: what changed between two analysed studies of the same design,
 * an OLD build and a NEW one.
 *
 * Compared, and nothing else:
 *  - the value-handling map: per written value of the boundary series, the
 *    API value, the service state, the registration and the outcome class,
 *    and the values tested in only one study;
 *  - the mechanism: per state of the mechanism series, registrations k/n,
 *    service states and priority transitions;
 *  - the baseline: the mean of the reference state's per-run statistic,
 *    new minus old, with an unpaired bootstrap interval (runs of different
 *    builds are not paired: the runs of each study are resampled on their
 *    own);
 *  - each state's effect against the reference: new effect minus old
 *    effect, with a bootstrap interval that resamples the blocks (pairs) of
 *    each study independently;
 *  - a verdict on each of these differences against the threshold T:
 *
 *      no-interval                 a side has fewer than 2 pairs (runs)
 *      changed                     the whole CI lies beyond T on one side:
 *                                  lo > T or hi < -T
 *      unchanged-within-threshold  the whole CI lies inside (-T, +T)
 *      changed-size-open           the CI excludes 0 (lo > 0 or hi < 0)
 *                                  and none of the above: it reaches +T
 *                                  or -T, so a change is found but
 *                                  whether it is as large as T is open
 *      no-change-established       otherwise: the CI holds 0 and reaches
 *                                  T or -T
 *
 *    All comparisons are strict, as in verdict.h, whose detected-size-open
 *    is the same rule on one study's effect.  A CI that excludes 0 wholly
 *    inside (-T, +T) stays unchanged-within-threshold: any change is
 *    smaller than T.
 *
 * Series: when the two studies have the same set of latency series ids,
 * series are matched by id; otherwise each new series is compared with
 * each old one.  Never pooled.  Across those series pairs, a state's
 * verdict is, the first rule that holds winning:
 *
 *      no-interval        some pair has none;
 *      the common verdict all pairs have it (for `changed` and
 *                         `changed-size-open`, also in the direction of
 *                         the change);
 *      changed-size-open  every pair's verdict is changed,
 *                         changed-size-open or unchanged-within-threshold,
 *                         and every CI excludes 0 on the same side;
 *      no-change-established  otherwise.
 *
 * A `changed` or `changed-size-open` verdict also says which way the
 * change goes: better when the difference lies on the plan's better side
 * (below zero when lower is better), worse otherwise.  For an effect,
 * better means the state now compares better with the reference than it
 * did.
 *
 * Studies whose plans differ in the latency column or its scale, the unit,
 * the better side, the statistic or the reference state measure something
 * else and are not compared (PLAN_DIFF_INCOMPARABLE).  The other settings
 * (threshold, confidence, resamples, interval method) are the OLD study's:
 * its plan was registered before the new build was measured.  Plans that
 * differ in threshold, confidence, interval method or states are flagged
 * in plan_diff.
 *
 * Seeds: a comparison seed is boot_stream_seed(old seed, "compare", new
 * seed in decimal); each interval draws from mt19937 seeded with
 * boot_stream_seed(that, KEY, state label), KEY being "effect OLDID NEWID"
 * or "baseline OLDID NEWID", so no interval depends on another.
 *
 * The result refers to the studies' series, states and summary rows by
 * index; the studies and analyses must outlive it.  Nothing here formats
 * text for people. */
#ifndef PAIRBOOT_BUILDDIFF_H
#define PAIRBOOT_BUILDDIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/analysis.h"
#include "analyze/welch.h"
#include "common/status.h"
#include "ingest/study.h"

/* An index that points nowhere: the item is absent on that side. */
#define BUILDDIFF_NONE ((size_t)-1)

/* Resamples used when the old plan asks for `exact`: two independent
 * samples have no small enumeration, so Monte Carlo stands in. */
#define BUILDDIFF_EXACT_FALLBACK_RESAMPLES 10000UL

typedef enum change_verdict {
	CHANGE_CHANGED,
	CHANGE_UNCHANGED,          /* unchanged within threshold */
	CHANGE_NOT_ESTABLISHED,    /* no change established */
	CHANGE_NO_INTERVAL,
	CHANGE_SIZE_OPEN           /* changed, whether by T or more open */
} change_verdict;

#define CHANGE_VERDICT_COUNT 5

/* Which parts of the two analysis plans differ (bit flags), in the order
 * study.ini's keys are listed in ingest/study_ini.h.  The first six, the
 * state type, the filter and the missing values make the studies
 * incomparable: they measure, summarise or judge something else. */
enum {
	PLAN_DIFF_COLUMN = 1u << 0,
	PLAN_DIFF_SCALE = 1u << 1,
	PLAN_DIFF_UNIT = 1u << 2,
	PLAN_DIFF_BETTER = 1u << 3,
	PLAN_DIFF_STATISTIC = 1u << 4,
	PLAN_DIFF_REFERENCE = 1u << 5,
	PLAN_DIFF_THRESHOLD = 1u << 6,
	PLAN_DIFF_CONFIDENCE = 1u << 7,
	PLAN_DIFF_INTERVAL = 1u << 8,
	PLAN_DIFF_STATES = 1u << 9,      /* as sets; order is display only */
	PLAN_DIFF_STATE_TYPE = 1u << 10, /* numbers against names: then the
					    only difference reported */
	PLAN_DIFF_LOOKS = 1u << 11,      /* the looks or their boundary:
					    each study's verdicts are those
					    of its own looks */
	PLAN_DIFF_FILTER = 1u << 12,     /* the rows of the latency files
					    used: other values */
	PLAN_DIFF_MISSING = 1u << 13     /* the missing tokens or their
					    limit: other runs refused */
};

#define PLAN_DIFF_FIELDS 14

/* The differences that forbid a comparison. */
#define PLAN_DIFF_INCOMPARABLE                                              \
	(PLAN_DIFF_COLUMN | PLAN_DIFF_SCALE | PLAN_DIFF_UNIT               \
	 | PLAN_DIFF_BETTER | PLAN_DIFF_STATISTIC | PLAN_DIFF_REFERENCE   \
	 | PLAN_DIFF_STATE_TYPE | PLAN_DIFF_FILTER | PLAN_DIFF_MISSING)

/* Which way a change goes, judged by the old plan's better side. */
typedef enum change_direction {
	CHANGE_NO_DIRECTION,       /* the verdict is neither `changed` nor
				      `changed-size-open` */
	CHANGE_BETTER,             /* towards the better side */
	CHANGE_WORSE               /* away from it */
} change_direction;

/* A difference new minus old and its unpaired percentile interval. */
typedef struct change_interval {
	bool defined;              /* both sides have at least 2 values */
	double estimate;           /* new minus old; NAN when a side is empty */
	double lo, hi;             /* type 7 percentile interval, when defined */
	uint32_t stream_seed;      /* its mt19937 seed */
	bool excludes_zero;        /* lo > 0 or hi < 0 */
	bool judged;               /* the verdict comes from the interval:
				      defined, and both sides have the pairs
				      a claim needs (builddiff_run_min) */
	bool fragile;              /* another seed could move T or -T across
				      an endpoint and so change the verdict
				      (Monte Carlo error, as bootstrap.h's
				      boot_fragile; 0 never changes it) */
	const char *fragile_endpoint;   /* "lower" or "upper" */
	double fragile_boundary;   /* 0, T or -T */
	double fragile_distance;   /* endpoint minus boundary */
	change_verdict verdict;
	change_direction direction;
	welch_change welch;        /* the same difference for the compare
				      gate (analyze/gate.h): the Welch
				      interval, which keeps its coverage
				      at few blocks */
} change_interval;

/* One state's effect in one old series against one new series. */
typedef struct effect_change {
	size_t state;              /* index into builddiff_result.states */
	size_t old_series, new_series;  /* indices into each plan.series */
	size_t old_cmp, new_cmp;   /* indices into each analysis.cmp */
	size_t old_pairs, new_pairs;
	double old_effect, new_effect;  /* mean paired differences */
	change_interval change;
} effect_change;

/* A state compared in both studies (in both plans, reference in neither). */
typedef struct state_change {
	pb_state state;            /* as the old study spells it */
	size_t old_state, new_state;    /* indices into each plan.states */
	verdict old_verdict, new_verdict;   /* each study's own verdict
					       across its series */
	size_t first, count;       /* effects[first .. first+count-1] */
	change_verdict verdict;    /* across series pairs */
	change_direction direction;    /* of a `changed` or
					  `changed-size-open` verdict: the
					  common direction of every pair */
} state_change;

/* The reference state's statistic in one old series against one new one. */
typedef struct baseline_change {
	size_t old_series, new_series;
	size_t old_runs, new_runs;
	double old_mean, new_mean; /* NAN without runs */
	change_interval change;
} baseline_change;

/* One written value of the boundary series. */
typedef struct value_change {
	pb_state written;          /* as the study that has it spells it */
	size_t old_row, new_row;   /* indices into each summary.boundary, or
				      BUILDDIFF_NONE: not tested there */
	bool api_changed;          /* returned or not, or another value */
	bool service_changed;
	bool registered_changed;
	bool outcome_changed;
	bool changed;              /* any of the above, or tested on one side
				      only */
} value_change;

/* One state of the mechanism series. */
typedef struct mech_change {
	pb_state state;
	size_t old_idx, new_idx;   /* indices into each summary.mech, or
				      BUILDDIFF_NONE */
	bool registration_changed; /* another share of boots registered */
	bool service_changed;      /* another share running or stopped */
	bool priority_changed;     /* another set of distinct transitions */
	bool changed;              /* any of the above, or on one side only */
} mech_change;

typedef struct builddiff_result {
	unsigned plan_diff;        /* PLAN_DIFF_* bits */
	double threshold;          /* the settings used (old plan's) */
	double confidence;
	better_side better;
	unsigned long resamples;
	uint32_t seed;             /* the comparison seed */
	bool series_matched;       /* latency series matched by id, else each
				      new series against each old one */
	state_change *states;      /* old plan.states order */
	size_t n_states;
	effect_change *effects;    /* by state, then old series, new series */
	size_t n_effects;
	pb_state *only_old, *only_new;  /* non-reference states in one plan */
	size_t n_only_old, n_only_new;
	baseline_change *baseline; /* by old series, then new series */
	size_t n_baseline;
	change_verdict baseline_verdict;   /* across series pairs */
	change_direction baseline_direction;
	value_change *values;      /* every written value of either study,
				      missing first, then ascending */
	size_t n_values;
	mech_change *mech;         /* old order, then states new only */
	size_t n_mech;
} builddiff_result;

/* The PLAN_DIFF_* bits of the parts in which plans O and N differ. */
unsigned builddiff_plan_diff(const study_plan *o, const study_plan *n);

/* Compares OLD (study OS analysed as OA) with NEW (NS, NA).  Returns PB_OK
 * and a new *OUT (free with builddiff_free), PB_DATAERR (nothing in *OUT)
 * when the plans differ in a PLAN_DIFF_INCOMPARABLE part (callers that
 * tell the user why check builddiff_plan_diff first), PB_NOMEM.  Everything
 * given is only read, and must outlive *OUT. */
pb_status builddiff_run(const study *os, const analysis *oa, const study *ns,
		      const analysis *na, builddiff_result **out);

/* As builddiff_run, with the number of pairs (or runs) each side needs
 * before a change is claimed set to MIN_PAIRS; builddiff_run uses
 * VERDICT_MIN_PAIRS, the pairs a study needs for any claim, so that no
 * change is claimed from a study that claims nothing.  Below it the
 * interval is still computed and the verdict is no-change-established
 * (not judged). */
pb_status builddiff_run_min(const study *os, const analysis *oa,
			  const study *ns, const analysis *na,
			  size_t min_pairs, builddiff_result **out);
void builddiff_free(builddiff_result *c);

/* The verdict of one interval as in the rules above (DEFINED false gives
 * no-interval; THRESHOLD > 0). */
change_verdict change_verdict_of(bool defined, double lo, double hi,
				 double threshold);

/* True for `changed` and `changed-size-open`: the verdicts that find a
 * change, and so have a direction. */
bool change_verdict_found(change_verdict v);

/* The stable code ("changed", "unchanged-within-threshold",
 * "no-change-established", "no-interval", "changed-size-open"); "unknown"
 * outside the enum. */
const char *change_verdict_code(change_verdict v);

/* Parses a code back: true and *OUT set when S is one of the codes. */
bool change_verdict_from_code(const char *s, change_verdict *out);

/* The direction of a `changed` or `changed-size-open` interval from LO
 * (the sign of the change: its whole interval lies on one side of 0) and
 * the better side; CHANGE_NO_DIRECTION for the other verdicts. */
change_direction change_direction_of(change_verdict v, double lo,
				     better_side better);

/* The stable code ("better", "worse"), or NULL for CHANGE_NO_DIRECTION
 * and outside the enum. */
const char *change_direction_code(change_direction d);

#endif
