/* verdict.h: what a confidence interval says against the pre-registered
 * threshold T, per series and across series.
 *
 * Per series, from the CI [lo, hi] of (state - reference), T > 0, and the
 * side that is better (the first rule that holds wins):
 *
 *   no-interval     the CI is undefined (fewer than 2 pairs)
 *   harm            the whole CI lies beyond T on the worse side:
 *                   lower is better: lo > T;  higher is better: hi < -T
 *   benefit         the whole CI lies beyond T on the better side:
 *                   lower is better: hi < -T; higher is better: lo > T
 *   equivalent      the whole CI lies inside (-T, +T): -T < lo and hi < T.
 *                   A 95% CI inside the margin is the two one-sided tests
 *                   procedure (TOST, Schuirmann 1987) at 2.5% per side.
 *   detected-size-open  the CI excludes 0 (lo > 0 or hi < 0), none of the
 *                   above.  Such a CI failed equivalence, so it reaches +T
 *                   or -T: a difference is detected, and whether it reaches
 *                   the threshold is open.
 *   indeterminate   the CI contains 0 and reaches T or beyond
 *
 * All comparisons are strict, so an endpoint exactly at T does not make
 * harm, benefit or equivalence, and one exactly at 0 does not exclude 0.
 * The six cases cover every interval.
 *
 * Then the claim gate (verdict_gate), from the data behind the CI:
 *
 *   no-spread       every pair has the same difference: the bootstrap
 *                   distribution is one point and the CI has zero width,
 *                   whatever the true spread between boots
 *   too-few-pairs   fewer than VERDICT_MIN_PAIRS pairs: the CI covers far
 *                   less often than its level (docs/statistics.md)
 *
 * Across series (per-series verdicts and point estimates, never a pooled
 * figure; the first rule that holds wins):
 *
 *   no-interval                      some series has no interval: a series
 *                                    that cannot be judged could disagree
 *   too-few-pairs                    some series has too few pairs
 *   no-spread                        some series has no spread
 *   opposite-directions              two series each find a difference
 *                                    (harm, benefit, detected-size-open)
 *                                    and their point estimates have
 *                                    opposite signs
 *   (the common verdict)             all series have the same verdict
 *   series-disagree                  otherwise
 *
 * So opposite directions never give a verdict that has a direction.  Two
 * equivalent series keep "equivalent" whatever their signs: equivalence
 * says the effect is small either way, not which way it goes.  Nor do
 * indeterminate series disagree when their estimates differ in sign:
 * each interval holds 0, so no sign is established, and the verdict is
 * "indeterminate" (verdict_signs_open says when the page notes it).
 *
 * The codes are stable strings, written to results.json; reports turn them
 * into sentences. */
#ifndef PAIRBOOT_VERDICT_H
#define PAIRBOOT_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "ingest/study.h"

typedef enum verdict {
	VERDICT_HARM,
	VERDICT_BENEFIT,
	VERDICT_EQUIVALENT,
	VERDICT_DETECTED,
	VERDICT_INDETERMINATE,
	VERDICT_NO_INTERVAL,
	VERDICT_SERIES_DISAGREE,     /* across series only */
	VERDICT_TOO_FEW_PAIRS,
	VERDICT_NO_SPREAD,
	VERDICT_OPPOSITE_DIRECTIONS  /* across series only */
} verdict;

#define VERDICT_COUNT 10

/* The fewest pairs that may carry a verdict other than no-interval,
 * too-few-pairs or no-spread: below it a nominal 95% percentile interval
 * covered at most 0.80 even for nearly symmetric differences
 * (docs/statistics.md, section 7). */
#define VERDICT_MIN_PAIRS 5

/* The verdict of one series: DEFINED false gives no-interval, else the
 * rules above for [LO, HI] (LO <= HI) and THRESHOLD > 0. */
verdict verdict_series(bool defined, double lo, double hi, double threshold,
		       better_side better);

/* The claim gate, applied to V = verdict_series(...) of a comparison with
 * N_PAIRS pairs; NO_SPREAD: all its differences are equal.  no-interval
 * stays; otherwise no-spread, then too-few-pairs (N_PAIRS <
 * VERDICT_MIN_PAIRS) replace V; else V. */
verdict verdict_gate(verdict v, size_t n_pairs, bool no_spread);

/* True when the N differences D = STATE - REF are all equal up to the
 * rounding of their subtraction (no spread: the claim gate's no-spread).
 * False for N = 0.  Arrays are only read. */
bool verdict_no_spread(const double *d, const double *state,
		       const double *ref, size_t n);

/* True for harm, benefit, equivalent and detected-size-open: a verdict
 * that makes a claim about the effect. */
bool verdict_decisive(verdict v);

/* The verdict across N series from their verdicts PER_SERIES (only the
 * per-series codes) and point estimates ESTIMATES.  N = 0 gives
 * no-interval.  Arrays are only read. */
verdict verdict_across(const verdict *per_series, const double *estimates,
		       size_t n);

/* True when every one of the N series is indeterminate and their point
 * estimates differ in sign (one > 0, another < 0): the verdict across them
 * is indeterminate, and no interval establishes either sign, which the
 * page notes.  Arrays are only read. */
bool verdict_signs_open(const verdict *per_series, const double *estimates,
			size_t n);

/* The stable code of V ("harm", "detected-size-open", ...); "unknown" for a
 * value outside the enum. */
const char *verdict_code(verdict v);

/* Parses a code back: true and *OUT set when S is one of the codes. */
bool verdict_from_code(const char *s, verdict *out);

#endif
