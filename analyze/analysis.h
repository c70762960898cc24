/* analysis.h: every number a report publishes, computed from a study.
 *
 * For each latency series (kept separate, never pooled) and each state other
 * than the reference: the blocks holding an accepted run of both are the
 * pairs; the effect is the mean over pairs of statistic[state] minus
 * statistic[reference]; its paired bootstrap interval (every method, the
 * pre-registered one reported) and its verdict against the threshold.  Then
 * a verdict per state across series, the heterogeneity between series, and
 * the summaries of the mechanism, boundary and control series.  Nothing here
 * formats text for people: render/ does that from these numbers. */
#ifndef PAIRBOOT_ANALYSIS_H
#define PAIRBOOT_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/bootstrap.h"
#include "analyze/sequential.h"
#include "analyze/summary.h"
#include "analyze/verdict.h"
#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* One state against the reference in one latency series. */
typedef struct comparison {
	size_t series;            /* index into plan.series */
	size_t state;             /* index into plan.states */
	size_t n_pairs;
	unsigned long *blocks;    /* the paired blocks, ascending */
	size_t *state_runs;       /* per pair: index into study.runs */
	size_t *ref_runs;
	double *diffs;            /* per pair: state minus reference */
	size_t *unpaired;         /* accepted runs of either state whose block
				     lacks the other, runs.csv order */
	size_t n_unpaired;
	uint32_t stream_seed;     /* the generator seed of this comparison */
	boot_comparison boot;     /* estimate, intervals, seed sensitivity */
	verdict verdict;          /* from the pre-registered interval */
	bool coverage_known;      /* a simulated coverage exists for this n */
	double coverage;          /* simulated coverage of a nominal interval
				     of the plan's method at this n */
	size_t coverage_pairs;    /* the tabulated n that figure is for: n_pairs
				     itself (every n from 2 to 40 is
				     tabulated) */
	bool small_sample;        /* coverage clearly below nominal */
	bool coverage_beyond;     /* nominal 95%, but n_pairs is above the
				     simulated table (COVERAGE_MAX_PAIRS) */
	/* Sequential studies only (else LOOK_NONE and zeros): the pairs,
	 * interval and verdict above are those of look `look`. */
	look_status look_status;
	size_t look;              /* 1-based look reported (0: none) */
	size_t looks_reached;     /* looks the series has reached */
	double look_level;        /* the confidence of that look's interval */
	size_t pairs_after;       /* pairs in blocks after that look: not
				     used by this comparison */
} comparison;

/* All series' verdicts on one state. */
typedef struct state_result {
	size_t state;             /* index into plan.states */
	verdict verdict;          /* across series */
	bool signs_open;          /* indeterminate in every series, with
				     estimates of both signs
				     (verdict_signs_open) */
	size_t *comparisons;      /* indices into analysis.cmp, series order */
	size_t n_comparisons;
} state_result;

/* Spread of the per-run statistic at one state in one series, over its
 * accepted runs with a statistic (all of them, in a sequential study
 * too): the state's level. */
typedef struct series_spread {
	size_t series;
	size_t state;                /* index into plan.states */
	size_t runs;
	double mean, sd, min, max;   /* mean, min and max NAN without runs,
					sd NAN with fewer than 2 */
} series_spread;

/* What one comparison between two series found.  A comparison that cannot
 * be computed is its own finding, never "no clear difference". */
typedef enum hetero_finding {
	HETERO_SAME,              /* computed; no clear difference */
	HETERO_DIFFERS,           /* computed; a clear difference */
	HETERO_UNJUDGED           /* cannot be computed from these data */
} hetero_finding;

/* The effect of one state in series B minus its effect in series A, with an
 * unpaired bootstrap interval (blocks resampled within each series). */
typedef struct series_difference {
	size_t state;             /* index into plan.states */
	size_t series_a, series_b;
	double difference;        /* effect_b - effect_a; NAN if undefined */
	bool defined;             /* both series have 2 or more pairs */
	double lo, hi;            /* percentile interval at plan.confidence */
	bool disagree;            /* the interval excludes 0 */
	hetero_finding finding;   /* DIFFERS when disagree, UNJUDGED when
				     not defined */
} series_difference;

/* Whether two series' reference spreads differ clearly: the
 * Brown-Forsythe test (analyze/spreadtest.h) at the study's level,
 * alpha = 1 - confidence, like every interval of the study. */
typedef struct spread_test {
	size_t series_a, series_b;
	double ratio;             /* sd_b / sd_a, descriptive only */
	double statistic;         /* Brown-Forsythe F; NAN when unjudged */
	double df_within;         /* its denominator degrees of freedom */
	double p_value;           /* NAN when unjudged */
	bool differs;             /* p < 1 - plan.confidence */
	double power;             /* the share of studies of this size in
				     which the test at this level finds an
				     SD twice as large, for normal runs
				     (analyze/spreadpower.h); NAN outside
				     its table (unequal runs among them)
				     or when unjudged */
	hetero_finding finding;   /* UNJUDGED when a series has fewer than 2
				     reference runs or an SD of 0, or the
				     test is undefined */
} spread_test;

typedef struct analysis {
	comparison *cmp;          /* series-major, plan.states order */
	size_t n_cmp;
	state_result *states;     /* plan.states order, reference left out */
	size_t n_states;
	series_spread *spread;    /* one per latency series, at the
				     reference */
	size_t n_spread;
	series_spread *levels;    /* one per latency series and state,
				     series-major, plan.states order (the
				     reference's is the series' spread) */
	size_t n_levels;
	series_difference *between;   /* every pair of latency series x state */
	size_t n_between;
	spread_test *spread_tests;
	size_t n_spread_tests;
	bool heterogeneous;       /* some series disagree or spread differs */
	bool unjudged;            /* some comparison between series or some
				     spread test cannot be judged */
	bool conclusions_differ;  /* on some state not every series' verdict
				     is the verdict across series */
	study_summary *summary;
	bool sequential;          /* the plan registers looks */
	seq_design design;        /* its looks and their levels */
} analysis;

/* Analyses study S.  Problems with the plan that only show here (exact
 * resampling asked for with too many pairs) go to D.  Returns PB_OK and a
 * new *OUT (free with analysis_free), or PB_DATAERR, PB_NOMEM. */
pb_status analysis_run(const study *s, diag *d, analysis **out);
void analysis_free(analysis *a);

/* Whether the series agree on A->states[I]: every series' verdict is the
 * verdict across series, and every between-series difference of the state
 * was computed without a clear difference.  The test compares the series
 * with each other, so it needs no list of verdict codes. */
bool analysis_state_agrees(const analysis *a, size_t i);

#endif
