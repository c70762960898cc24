/* sequential.c: a comparison judged at the looks of a sequential study
 * (see sequential.h). */
#include "analyze/sequential.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

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

/* Says a problem of the plan at study.ini's KEY. */
static void plan_error(const study_plan *p, const char *file, diag *dg,
		       const char *key, const char *text)
{
	size_t line = 0, col = 0;

	study_plan_key_position(p, key, &line, &col);
	diag_error(dg, file, line, col, "%s", text);
}

pb_status sequential_check_plan(const study_plan *p, const seq_design *d,
				const char *file, diag *dg)
{
	pb_status st = PB_OK;
	char text[400];

	for (size_t k = 0; k < d->n; k++) {
		/* From the critical value: 1 - level loses its digits. */
		double alpha = 2.0 * gsl_cdf_ugaussian_Q(d->crit[k]);
		if (d->level[k] > SEQ_MAX_LEVEL) {
			snprintf(text, sizeof text, "look %zu (%lu blocks) "
				 "would be judged at a level of 1 - %.1g: no "
				 "interval of it could decide anything; drop "
				 "it, or use boundary = pocock", k + 1,
				 d->looks[k], alpha);
			plan_error(p, file, dg, "looks", text);
			st = PB_DATAERR;
			break;
		}
		if (p->interval == INTERVAL_STUDENTIZED && !p->resamples_exact
		    && (double)p->resamples * alpha / 2.0
		       < SEQ_MIN_TAIL_RESAMPLES) {
			snprintf(text, sizeof text, "the bootstrap-t at look "
				 "%zu (level 1 - %.2g) needs at least %.0f "
				 "resamples, %.0f beyond each end of its "
				 "interval; resamples = %lu reads a level "
				 "below the one the page would print",
				 k + 1, alpha,
				 ceil(2.0 * SEQ_MIN_TAIL_RESAMPLES / alpha),
				 SEQ_MIN_TAIL_RESAMPLES, p->resamples);
			plan_error(p, file, dg, "resamples", text);
			st = PB_DATAERR;
			break;
		}
	}
	if (p->resamples_exact && d->n > 0
	    && d->looks[d->n - 1] > BOOT_EXACT_MAX_N) {
		snprintf(text, sizeof text, "resamples = exact takes at most "
			 "%d pairs, and the last look is at %lu blocks",
			 BOOT_EXACT_MAX_N, d->looks[d->n - 1]);
		plan_error(p, file, dg, "resamples", text);
		st = PB_DATAERR;
	}
	return st;
}

pb_status sequential_check_runs(const study *s, diag *dg)
{
	const study_plan *p = &s->plan;
	unsigned long last;
	size_t len = strlen(s->dir) + sizeof "/runs.csv";
	char *file;
	pb_status st = PB_OK;

	if (p->n_looks == 0)
		return PB_OK;
	last = p->looks[p->n_looks - 1];
	file = malloc(len);
	if (!file)
		return PB_NOMEM;
	snprintf(file, len, "%s/runs.csv", s->dir);
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (p->series[r->series].kind != SERIES_LATENCY
		    || r->block <= last)
			continue;
		diag_error(dg, file, r->manifest_line, 1, "run '%s' is in "
			   "block %lu, past the last look the plan registers "
			   "(%lu blocks, study.ini `looks`)", r->id, r->block,
			   last);
		st = PB_DATAERR;
	}
	free(file);
	return st;
}

pb_status sequential_check_study(const study *s, const seq_design *d,
				 diag *dg)
{
	size_t len = strlen(s->dir) + sizeof "/study.ini";
	char *file = malloc(len);
	pb_status st;

	if (!file)
		return PB_NOMEM;
	snprintf(file, len, "%s/study.ini", s->dir);
	st = sequential_check_plan(&s->plan, d, file, dg);
	free(file);
	return pb_status_merge(st, sequential_check_runs(s, dg));
}

int sequential_level_decimals(double level)
{
	int d = 2;

	/* 100 (1 - level) must be at least half a unit of the last decimal
	 * for the rounding not to reach 100. */
	while (d < 12 && 100.0 * (1.0 - level) < 0.5 * pow(10.0, -d))
		d++;
	return d;
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

/* Whether any truth look K's interval [CI->lo, CI->hi] of M pairs leaves
 * plausible would be decided by the last look (sequential.h).  The last
 * look's interval is this one narrowed on each side by F: the Student t
 * quantile of its level and pairs (the pairs growing with the blocks)
 * over this look's, times the square root of the pairs' ratio; for a
 * truth mu it spans mu - BELOW to mu + ABOVE.  It lies beyond +T for a
 * truth at CI->hi when CI->hi - BELOW > T (beyond -T likewise), and
 * inside (-T, T) for some truth in the interval when BELOW + ABOVE < 2T
 * and the truths from -T + BELOW to T - ABOVE meet [CI->lo, CI->hi]. */
static bool could_decide(const seq_design *d, size_t k, size_t m,
			 const boot_comparison *b, const boot_interval *ci,
			 double threshold)
{
	size_t last = d->n - 1;
	double n_last = fmax(2.0, floor((double)m * (double)d->looks[last]
					/ (double)d->looks[k] + 0.5));
	double now = gsl_cdf_tdist_Pinv(0.5 + d->level[k] / 2.0,
					(double)m - 1.0);
	double then = gsl_cdf_tdist_Pinv(0.5 + d->level[last] / 2.0,
					 n_last - 1.0);
	double f = sqrt((double)m / n_last) * then / now;
	double below = (b->estimate - ci->lo) * f;
	double above = (ci->hi - b->estimate) * f;

	if (!(f > 0.0) || !isfinite(f))
		return true;
	if (ci->hi - below > threshold || ci->lo + above < -threshold)
		return true;
	return below + above < 2.0 * threshold
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
		 && !could_decide(d, k, m, &out->boot, ci, set->threshold))
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
