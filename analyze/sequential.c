/* sequential.c: a comparison judged at the looks of a sequential study
 * (see sequential.h). */
#include "analyze/sequential.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/seqbound.h"

static const char *const status_codes[] = {
	[LOOK_NONE] = "none",
	[LOOK_NOT_REACHED] = "not-reached",
	[LOOK_STOP] = "stop",
	[LOOK_CONTINUE] = "continue",
	[LOOK_FUTILE] = "futile",
	[LOOK_ENDED] = "ended",
};

const char *look_status_code(look_status s)
{
	if ((size_t)s < sizeof status_codes / sizeof status_codes[0])
		return status_codes[s];
	return "unknown";
}

pb_status sequential_design(const study_plan *p, seq_design *out)
{
	memset(out, 0, sizeof *out);
	out->n = p->n_looks;
	memcpy(out->looks, p->looks, p->n_looks * sizeof *p->looks);
	return seqbound_levels(p->boundary, p->looks, p->n_looks,
			       p->confidence, out->level, out->crit);
}

/* Whether block BLOCK of series SERIES holds a run of every state. */
static bool block_complete(const study *s, size_t series, unsigned long block)
{
	size_t held = 0;

	for (size_t j = 0; j < s->plan.n_states; j++) {
		for (size_t i = 0; i < s->n_runs; i++) {
			const study_run *r = &s->runs[i];
			if (r->series == series && r->block == block
			    && study_state_index(&s->plan, r->state) == j) {
				held++;
				break;
			}
		}
	}
	return held == s->plan.n_states;
}

size_t sequential_looks_reached(const study *s, size_t series)
{
	unsigned long last = 0;
	size_t k = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		if (s->runs[i].series == series && s->runs[i].block > last)
			last = s->runs[i].block;
	while (k < s->plan.n_looks
	       && (last > s->plan.looks[k]
		   || (last == s->plan.looks[k]
		       && block_complete(s, series, last))))
		k++;
	return k;
}

/* Harm, benefit and equivalence end a comparison; detected-size-open
 * leaves the size open, so booting on can still answer it. */
static bool decides(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_EQUIVALENT;
}

/* Whether any truth look K's interval [CI->lo, CI->hi] leaves plausible
 * would be decided by the last look (sequential.h): the interval there,
 * about as wide as this one narrowed by F = sqrt(looks[k] / looks[K])
 * crit[K] / crit[k] on each side, is beyond +T or -T for a truth at an
 * end of this interval, or inside (-T, T) for a truth within it. */
static bool could_decide(const seq_design *d, size_t k,
			 const boot_comparison *b, const boot_interval *ci,
			 double threshold)
{
	size_t last = d->n - 1;
	double f = sqrt((double)d->looks[k] / (double)d->looks[last])
		   * d->crit[last] / d->crit[k];
	double below = (b->estimate - ci->lo) * f;   /* the last interval's */
	double above = (ci->hi - b->estimate) * f;   /* two sides */

	if (ci->hi - below > threshold || ci->lo + above < -threshold)
		return true;
	return below < threshold && above < threshold
	       && ci->hi > -threshold + below && ci->lo < threshold - above;
}

/* The pairs of blocks up to LOOK among the N of BLOCKS (ascending). */
static size_t pairs_to(const unsigned long *blocks, size_t n,
		       unsigned long look)
{
	size_t m = 0;

	while (m < n && blocks[m] <= look)
		m++;
	return m;
}

/* Look K (0-based) of the comparison into OUT. */
static pb_status judge_look(const double *state, const double *ref,
			    const double *diffs, size_t m,
			    const seq_design *d, size_t k,
			    const boot_settings *set, seq_outcome *out)
{
	boot_settings at = *set;
	pb_status st;

	at.confidence = d->level[k];
	st = boot_compare(state, ref, m, &at, &out->boot);
	if (st != PB_OK)
		return st;
	const boot_interval *ci = &out->boot.ci[set->method];
	out->look = k + 1;
	out->pairs = m;
	out->level = d->level[k];
	out->verdict = verdict_gate(verdict_series(ci->defined, ci->lo, ci->hi,
						   set->threshold,
						   set->better),
				    m, verdict_no_spread(diffs, state, ref,
							 m));
	if (decides(out->verdict))
		out->status = LOOK_STOP;
	else if (k + 1 == d->n)
		out->status = LOOK_ENDED;
	else if (ci->defined && out->verdict != VERDICT_TOO_FEW_PAIRS
		 && out->verdict != VERDICT_NO_SPREAD
		 && !could_decide(d, k, &out->boot, ci, set->threshold))
		out->status = LOOK_FUTILE;
	else
		out->status = LOOK_CONTINUE;
	return PB_OK;
}

pb_status sequential_judge(const double *state, const double *ref,
			   const unsigned long *blocks, size_t n,
			   const seq_design *design, size_t looks_reached,
			   const boot_settings *set, seq_outcome *out)
{
	double *diffs = malloc((n ? n : 1) * sizeof *diffs);
	pb_status st = PB_OK;

	memset(out, 0, sizeof *out);
	out->status = LOOK_NOT_REACHED;
	out->verdict = VERDICT_NO_INTERVAL;
	out->boot.estimate = NAN;
	if (!diffs)
		return PB_NOMEM;
	for (size_t i = 0; i < n; i++)
		diffs[i] = state[i] - ref[i];
	for (size_t k = 0; k < looks_reached && k < design->n; k++) {
		size_t m = pairs_to(blocks, n, design->looks[k]);
		st = judge_look(state, ref, diffs, m, design, k, set, out);
		if (st != PB_OK || out->status == LOOK_STOP)
			break;
	}
	free(diffs);
	return st;
}
