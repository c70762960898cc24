/* gate.h: the compare gate (`pairboot compare --fail-on MODE`), a test
 * over the whole comparison of two builds whose family-wise false-alarm
 * rate is at most alpha = 1 - confidence (the old plan's).
 *
 * The family: every interval of the change, new minus old, of each
 * state's effect and of the baseline, in every series pair the comparison
 * makes, whose sides both have the pairs (runs) a claim needs
 * (builddiff.h's `judged`): m intervals.  Each is the Welch interval of
 * welch.h, at confidence 1 - alpha; W below is the change turned so that
 * positive is worse (W = new - old when lower is better, old - new when
 * higher is better), and T the old plan's threshold.
 *
 * Each interval gets the p-value of the claim the mode makes (welch.h:
 * the smallest alpha at which the two-sided interval lies wholly beyond
 * the boundary):
 *
 *   worse           a worsening of at least T:   W > T
 *   worse-detected  a worsening of any size:     W > 0
 *   change          a change of at least T:      W > T or W < -T
 *                   (the smaller of the two p-values)
 *
 * Holm's step-down (Holm 1979, Scand. J. Statist. 6:65) over the m
 * p-values: sorted ascending, p_(j) gets the adjusted value
 * max_{i <= j} min(1, (m - i + 1) p_(i)), and the claim is established
 * for an interval whose adjusted p-value is below alpha (strict, as every
 * interval rule).  The chance that any claim is established where none
 * holds is at most alpha, whatever the dependence between intervals.
 * Since the interval is two-sided, a one-sided mode (worse,
 * worse-detected) keeps its rate at alpha / 2 in fact.
 *
 * The decision, the first rule that holds winning:
 *
 *   fail          a state or a latency series of OLD is missing from NEW
 *                 (a state in the old plan only, a series id OLD has and
 *                 NEW has not, or a series pair where OLD has pairs of a
 *                 state and NEW none), or some claim is established;
 *   inconclusive  some interval of the family cannot rule out what the
 *                 mode guards against: its interval at 1 - alpha (no
 *                 adjustment) reaches T on the worse side (hi >= T in W;
 *                 for change also lo <= -T), or some series pair has too
 *                 few pairs to be judged;
 *   pass          otherwise: every interval lies below T on the worse
 *                 side, so no worsening of T is left open (an
 *                 intersection-union test: each at alpha, the whole at
 *                 alpha, no adjustment needed).
 *
 * Blocks that would decide an inconclusive interval: with n the smaller
 * side's pairs, h its interval's half-width and d the distance from its
 * estimate to the boundary it reaches, n' = the least whole number with
 * n' > n (h / d)^2.  It assumes both builds measured with n' blocks per
 * series, the spread per block as measured, the change at its estimate,
 * and the unadjusted level (a fail needs Holm's).  No estimate when the
 * estimate lies on the boundary. */
#ifndef PAIRBOOT_GATE_H
#define PAIRBOOT_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/builddiff.h"
#include "common/status.h"
#include "ingest/study.h"

typedef enum gate_mode {
	GATE_WORSE,
	GATE_WORSE_DETECTED,
	GATE_CHANGE
} gate_mode;

typedef enum gate_decision {
	GATE_PASS,
	GATE_FAIL,
	GATE_INCONCLUSIVE
} gate_decision;

/* One interval of the comparison, as the gate sees it. */
typedef struct gate_item {
	bool baseline;             /* the reference state's statistic; else
				      a state's effect */
	size_t index;              /* into builddiff_result.effects or
				      .baseline */
	pb_state state;            /* the state (the old reference for the
				      baseline) */
	size_t old_series, new_series;  /* indices into each plan.series */
	size_t old_pairs, new_pairs;    /* pairs, or runs for the baseline */
	bool judged;               /* in the family of m */
	bool dropped;              /* OLD has pairs (runs) here, NEW none */
	double estimate, lo, hi;   /* Welch, new minus old, at 1 - alpha;
				      NAN without an interval */
	double p, p_adjusted;      /* of the mode's claim; NAN unjudged */
	bool established;          /* the claim holds after Holm */
	bool open;                 /* not established, and what the mode
				      guards against is not ruled out (or
				      not judged) */
	size_t blocks_needed;      /* for an open item: blocks per series
				      that would decide it; 0 unknown */
} gate_item;

typedef struct gate_result {
	gate_mode mode;
	double level;              /* alpha = 1 - confidence */
	double threshold;          /* T */
	gate_decision decision;
	gate_item *items;          /* effects in builddiff order, then the
				      baseline */
	size_t n_items;
	size_t m;                  /* judged items: Holm's family */
	size_t n_established, n_open, n_unjudged, n_dropped;
	const char **series_dropped;    /* ids of old latency series that
					   NEW lacks (borrowed from the old
					   plan) */
	size_t n_series_dropped;
	size_t n_states_dropped;   /* builddiff_result.only_old */
	size_t blocks_needed;      /* the largest of the open items'; 0 when
				      none can be told */
} gate_result;

/* Judges the comparison C of OLD (OS) and NEW (NS) by MODE, as above.
 * Returns PB_OK and a new *OUT (free with gate_free), or PB_NOMEM.  OS,
 * NS and C are only read and must outlive *OUT. */
pb_status gate_run(const study *os, const study *ns,
		   const builddiff_result *c, gate_mode mode,
		   gate_result **out);
void gate_free(gate_result *g);

/* Holm's adjusted p-values of P[0..M-1] into ADJUSTED (M doubles; may not
 * alias P).  PB_NOMEM. */
pb_status gate_holm(const double *p, size_t m, double *adjusted);

/* The stable codes: "worse", "worse-detected", "change"; "pass", "fail",
 * "inconclusive".  "unknown" outside the enums. */
const char *gate_mode_code(gate_mode mode);
const char *gate_decision_code(gate_decision d);

/* Parses a mode code: true and *OUT set when S is one. */
bool gate_mode_from_code(const char *s, gate_mode *out);

#endif
