/* seqplan.c: the maximum of a sequential design and its expected blocks,
 * by simulation (see seqplan.h). */
#include "analyze/seqplan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/seqbound.h"
#include "analyze/sequential.h"

/* What a run of simulations estimates: each has streams of its own, apart
 * from planning.c's (purposes 1 to 5). */
enum purpose {
	PURPOSE_SEQ_CURVE = 11,   /* every candidate */
	PURPOSE_SEQ_FRESH = 12,   /* the maximum chosen, afresh */
	PURPOSE_SEQ_POWER = 13    /* one design in a fixed world */
};

pb_status seqplan_designs_make(size_t every, look_boundary b, double conf,
			       size_t max_blocks, seqplan_designs *out)
{
	unsigned long looks[PLAN_MAX_LOOKS];
	pb_status st = PB_OK;

	memset(out, 0, sizeof *out);
	if (every < PLAN_MIN_LOOK || every > max_blocks
	    || !(conf > 0.0 && conf < 1.0))
		return PB_DATAERR;
	out->every = every;
	out->boundary = b;
	out->confidence = conf;
	out->n = max_blocks / every;
	if (out->n > PLAN_MAX_LOOKS)
		out->n = PLAN_MAX_LOOKS;
	for (size_t j = 0; j < out->n; j++)
		looks[j] = (unsigned long)((j + 1) * every);
	for (size_t j = 0; j < out->n && st == PB_OK; j++)
		st = seqbound_levels(b, looks, j + 1, conf, out->level[j],
				     out->crit[j]);
	if (st != PB_OK)
		out->n = 0;
	out->tried = out->n;
	return st;
}

pb_status seqplan_designs_fit(seqplan_designs *dz, const study_plan *p,
			      interval_method method)
{
	/* The plan as it would be registered: P's resamples, these looks;
	 * its messages are not wanted, only whether there are any. */
	diag *quiet = diag_new(NULL, 1);
	study_plan q = *p;
	size_t fit = 0;

	if (!quiet)
		return PB_NOMEM;
	q.interval = method;
	q.boundary = dz->boundary;
	q.confidence = dz->confidence;
	for (size_t j = 1; j <= dz->n; j++) {
		seq_design d = { .n = j };

		q.n_looks = j;
		for (size_t i = 0; i < j; i++) {
			d.looks[i] = q.looks[i] = (unsigned long)((i + 1)
								  * dz->every);
			d.level[i] = dz->level[j - 1][i];
			d.crit[i] = dz->crit[j - 1][i];
		}
		if (sequential_check_plan(&q, &d, "study.ini", quiet) != PB_OK)
			break;
		fit = j;
	}
	diag_free(quiet);
	dz->n = fit;
	return PB_OK;
}

/* Whether V ends a study: harm, benefit and equivalence do; a difference
 * of open size does not (sequential.h). */
static bool decides(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_EQUIVALENT;
}

/* What the simulations counted for one candidate. */
typedef struct tally {
	size_t success;           /* correct decisive verdicts */
	size_t wrong;             /* wrong ones */
	size_t blocks;            /* summed blocks to the stop */
	size_t counts[VERDICT_COUNT];
} tally;

/* One simulated study judged by the candidates FIRST..LAST (looks, 1 to
 * DZ->n) on the draws in B of its world of effect MU, into T[j - FIRST]:
 * look by look, the inner bootstrap drawn once and read at each running
 * candidate's level. */
static pb_status judge_study(const planning_settings *set,
			     const seqplan_designs *dz, size_t first,
			     size_t last, double mu, uint32_t stream,
			     planworld_buffers *b, tally *t)
{
	bool stopped[PLAN_MAX_LOOKS] = { false };
	pb_status st = PB_OK;

	for (size_t i = 0; i < last && st == PB_OK; i++) {
		size_t m = (i + 1) * dz->every, from = first > i ? first : i + 1;
		bool running = false;

		/* Look i + 1 belongs to the candidates of more than i looks;
		 * once each of them has stopped, no bootstrap is needed. */
		for (size_t j = from; j <= last; j++)
			running = running || !stopped[j - 1];
		if (!running)
			break;
		st = planworld_resample(b->draws, m, set->method,
					planworld_mix(stream, 0, 1), b);
		for (size_t j = from; j <= last && st == PB_OK; j++) {
			tally *tj = &t[j - first];
			verdict v;

			/* A level that rounds to 1 (an early look of many
			 * under O'Brien-Fleming: 1 - 2e-20) is the whole
			 * line: no verdict. */
			if (stopped[j - 1] || !(dz->level[j - 1][i] < 1.0))
				continue;
			st = planworld_verdict(b->draws, m, set,
					       dz->level[j - 1][i], b, &v);
			if (st != PB_OK || !decides(v))
				continue;
			stopped[j - 1] = true;
			tj->blocks += m;
			tj->counts[v]++;
			if (planworld_correct(v, mu, set->threshold,
					      set->better))
				tj->success++;
			else
				tj->wrong++;
		}
	}
	for (size_t j = first; j <= last; j++) {
		if (stopped[j - 1])
			continue;
		t[j - first].blocks += j * dz->every;
		t[j - first].counts[VERDICT_NO_INTERVAL]++;
	}
	return st;
}

/* Runs PLANNING_SIMULATIONS studies of W, each judged by the candidates
 * FIRST..LAST, into T[0..LAST - FIRST]. */
static pb_status simulate(const planworld_model *w,
			  const planning_settings *set,
			  const seqplan_designs *dz, enum purpose purpose,
			  size_t first, size_t last, tally *t)
{
	planworld_buffers b;
	pb_status st = PB_OK;

	memset(t, 0, (last - first + 1) * sizeof *t);
	if (!planworld_buffers_init(&b, w->n0, last * dz->every)) {
		planworld_buffers_free(&b);
		return PB_NOMEM;
	}
	for (uint32_t r = 0; r < PLANNING_SIMULATIONS && st == PB_OK; r++) {
		uint32_t stream = planworld_mix(set->stream_seed,
						(uint32_t)purpose, r + 1);
		mt19937 gen;
		double mu;

		mt19937_seed(&gen, stream);
		mu = planworld_draw(w, &gen, last * dz->every, &b);
		st = judge_study(set, dz, first, last, mu, stream, &b, t);
		planworld_count(last - first + 1);
	}
	planworld_buffers_free(&b);
	return st;
}

static double share_of(size_t k)
{
	return (double)k / PLANNING_SIMULATIONS;
}

static void estimate_of(const tally *t, seqplan_estimate *out)
{
	out->decision = share_of(t->success);
	out->wrong = share_of(t->wrong);
	out->expected_blocks = (double)t->blocks / PLANNING_SIMULATIONS;
	memcpy(out->counts, t->counts, sizeof out->counts);
}

/* The smallest candidate (looks) of C from which the decision chance
 * stays at or above TARGET, or 0. */
static size_t stays_from(const seqplan_curve *c, double target)
{
	size_t from = 0;

	for (size_t k = c->n; k-- > 0; ) {
		if (c->decision[k] < target)
			break;
		from = k + 1;
	}
	return from;
}

/* The answer for TARGET from curve C of W, its estimates afresh. */
static pb_status answer(const planworld_model *w,
			const planning_settings *set,
			const seqplan_designs *dz, double target,
			const seqplan_curve *c, seqplan_need *out)
{
	size_t j = stays_from(c, target), first = 0, at;
	seqplan_estimate e;
	tally t;
	pb_status st;

	for (size_t k = 0; k < c->n && !first; k++)
		if (c->decision[k] >= target)
			first = k + 1;
	out->reason = j ? PLANNING_FOUND : PLANNING_NOT_REACHABLE;
	out->looks = j;
	out->max_blocks = j * dz->every;
	out->first_reached = first * dz->every;
	out->monotone = first == j;
	at = j ? j : dz->n;
	st = simulate(w, set, dz, PURPOSE_SEQ_FRESH, at, at, &t);
	if (st != PB_OK)
		return st;
	estimate_of(&t, &e);
	out->decision = e.decision;
	out->wrong = e.wrong;
	out->expected_blocks = e.expected_blocks;
	out->likely = planworld_most_likely(e.counts);
	return PB_OK;
}

/* Says in every OUT[t] why the pilot D of N0 says nothing (*SAYS false),
 * or that it may (*SAYS true). */
static pb_status check_pilot(const double *d, size_t n0,
			     const seqplan_designs *dz, seqplan_need *out,
			     size_t n_out, bool *says)
{
	*says = false;
	for (size_t t = 0; t < n_out; t++)
		out[t] = (seqplan_need){ PLANNING_NOT_REACHABLE, 0, 0, 0, true,
					 0.0, 0.0, 0.0, VERDICT_NO_INTERVAL };
	/* Pilot indices are drawn as 32-bit numbers. */
	if (n0 > 0xFFFFFFFFUL || dz->n == 0 || dz->n > PLAN_MAX_LOOKS)
		return PB_DATAERR;
	if (n0 < PLANNING_MIN_PILOT || planworld_all_equal(d, n0)) {
		for (size_t t = 0; t < n_out; t++)
			out[t].reason = n0 < PLANNING_MIN_PILOT
					? PLANNING_TOO_FEW_PAIRS
					: PLANNING_NO_SPREAD;
		return PB_OK;
	}
	*says = true;
	return PB_OK;
}

pb_status seqplan_search(const double *d, size_t n0, const double *targets,
			 size_t n_targets, const planning_settings *set,
			 const seqplan_designs *designs, seqplan_need *out,
			 seqplan_curve *curve)
{
	seqplan_curve c = { 0 };
	tally t[PLAN_MAX_LOOKS];
	double *p;
	bool says;
	pb_status st = check_pilot(d, n0, designs, out, n_targets, &says);

	if (curve)
		curve->n = 0;
	if (st != PB_OK || !says)
		return st;
	planworld_model worlds;
	p = planworld_pilot(d, n0, true, &worlds);
	if (!p)
		return PB_NOMEM;
	st = simulate(&worlds, set, designs, PURPOSE_SEQ_CURVE, 1, designs->n,
		      t);
	c.n = designs->n;
	for (size_t k = 0; k < c.n; k++) {
		c.max_blocks[k] = (k + 1) * designs->every;
		c.decision[k] = share_of(t[k].success);
		c.expected[k] = (double)t[k].blocks / PLANNING_SIMULATIONS;
	}
	for (size_t i = 0; i < n_targets && st == PB_OK; i++)
		st = answer(&worlds, set, designs, targets[i], &c, &out[i]);
	free(p);
	if (st == PB_OK && curve)
		*curve = c;
	return st;
}

pb_status seqplan_power(const double *d, size_t n0,
			const planning_settings *set,
			const seqplan_designs *designs, seqplan_estimate *out)
{
	tally t[PLAN_MAX_LOOKS];
	double *p;
	pb_status st;

	if (n0 < 2 || n0 > 0xFFFFFFFFUL || designs->n == 0
	    || designs->n > PLAN_MAX_LOOKS)
		return PB_DATAERR;
	planworld_model w;
	p = planworld_pilot(d, n0, false, &w);
	if (!p)
		return PB_NOMEM;
	st = simulate(&w, set, designs, PURPOSE_SEQ_POWER, 1, designs->n, t);
	free(p);
	for (size_t j = 0; st == PB_OK && j < designs->n; j++)
		estimate_of(&t[j], &out[j]);
	return st;
}
