/* builddiff.c: the differences between an old and a new analysed study.
 *
 * The rules (what is compared, the verdicts, the series matching, the
 * seeds) are stated in builddiff.h and docs/statistics.md, "Comparing
 * builds". */
#include "analyze/builddiff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



/* Doubles compared for identity without tripping -Wfloat-equal: plan
 * settings are parsed from the same kind of text, so equal settings give
 * bit-identical doubles. */
static bool same_double(double a, double b)
{
	return !(a < b) && !(a > b);
}

static bool same_str(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* True when every state of A is in B. */
static bool states_within(const study_plan *a, const study_plan *b)
{
	for (size_t i = 0; i < a->n_states; i++)
		if (study_state_index(b, a->states[i]) == STUDY_NO_STATE)
			return false;
	return true;
}

/* Whether plans O and N use the same rows of their latency files. */
static bool same_filter(const study_plan *o, const study_plan *n)
{
	if (o->n_filter != n->n_filter)
		return false;
	for (size_t i = 0; i < o->n_filter; i++)
		if (o->filter[i].equal != n->filter[i].equal
		    || !same_str(o->filter[i].column, n->filter[i].column)
		    || !same_str(o->filter[i].value, n->filter[i].value))
			return false;
	return true;
}

static bool same_missing(const study_plan *o, const study_plan *n)
{
	if (o->n_missing != n->n_missing
	    || o->missing_limit != n->missing_limit)
		return false;
	for (size_t i = 0; i < o->n_missing; i++)
		if (!same_str(o->missing[i], n->missing[i]))
			return false;
	return true;
}

unsigned builddiff_plan_diff(const study_plan *o, const study_plan *n)
{
	unsigned d = 0;

	/* Numbers and names never match, so the states and the reference
	 * would differ too: the state type says why, alone. */
	if (o->state_type != n->state_type)
		return PLAN_DIFF_STATE_TYPE;

	if (!same_str(o->column, n->column))
		d |= PLAN_DIFF_COLUMN;
	if (!same_double(o->scale, n->scale))
		d |= PLAN_DIFF_SCALE;
	if (o->statistic.kind != n->statistic.kind
	    || !same_double(o->statistic.prob, n->statistic.prob))
		d |= PLAN_DIFF_STATISTIC;
	if (!same_double(o->threshold, n->threshold))
		d |= PLAN_DIFF_THRESHOLD;
	if (!same_str(o->unit, n->unit))
		d |= PLAN_DIFF_UNIT;
	if (!same_double(o->confidence, n->confidence))
		d |= PLAN_DIFF_CONFIDENCE;
	if (!states_within(o, n) || !states_within(n, o))
		d |= PLAN_DIFF_STATES;
	if (!pb_state_equal(o->reference, n->reference))
		d |= PLAN_DIFF_REFERENCE;
	if (o->better != n->better)
		d |= PLAN_DIFF_BETTER;
	if (o->interval != n->interval)
		d |= PLAN_DIFF_INTERVAL;
	if (o->n_looks != n->n_looks
	    || memcmp(o->looks, n->looks, o->n_looks * sizeof *o->looks) != 0
	    || (o->n_looks > 0 && o->boundary != n->boundary))
		d |= PLAN_DIFF_LOOKS;
	if (!same_filter(o, n))
		d |= PLAN_DIFF_FILTER;
	if (!same_missing(o, n))
		d |= PLAN_DIFF_MISSING;
	return d;
}

change_verdict change_verdict_of(bool defined, double lo, double hi,
				 double threshold)
{
	if (!defined)
		return CHANGE_NO_INTERVAL;
	if (lo > threshold || hi < -threshold)
		return CHANGE_CHANGED;
	if (-threshold < lo && hi < threshold)
		return CHANGE_UNCHANGED;
	/* Not inside (-T, +T), so the CI reaches T or -T: apart from 0 it
	 * finds a change whose size is open. */
	if (lo > 0 || hi < 0)
		return CHANGE_SIZE_OPEN;
	return CHANGE_NOT_ESTABLISHED;
}

bool change_verdict_found(change_verdict v)
{
	return v == CHANGE_CHANGED || v == CHANGE_SIZE_OPEN;
}

static const char *const change_codes[CHANGE_VERDICT_COUNT] = {
	[CHANGE_CHANGED] = "changed",
	[CHANGE_UNCHANGED] = "unchanged-within-threshold",
	[CHANGE_NOT_ESTABLISHED] = "no-change-established",
	[CHANGE_NO_INTERVAL] = "no-interval",
	[CHANGE_SIZE_OPEN] = "changed-size-open",
};

const char *change_verdict_code(change_verdict v)
{
	if ((unsigned)v >= CHANGE_VERDICT_COUNT)
		return "unknown";
	return change_codes[v];
}

bool change_verdict_from_code(const char *s, change_verdict *out)
{
	for (int i = 0; s && i < CHANGE_VERDICT_COUNT; i++) {
		if (strcmp(s, change_codes[i]) == 0) {
			*out = (change_verdict)i;
			return true;
		}
	}
	return false;
}

/* The change verdict as a fragility judge: crossing T or -T may change
 * it, and so may crossing 0 (changed-size-open against
 * no-change-established). */
static int change_judge_verdict(const boot_judge *judge, double lo, double hi)
{
	return (int)change_verdict_of(true, lo, hi, judge->threshold);
}

change_direction change_direction_of(change_verdict v, double lo,
				     better_side better)
{
	bool higher = lo > 0;

	if (!change_verdict_found(v))
		return CHANGE_NO_DIRECTION;
	return higher == (better == BETTER_HIGHER) ? CHANGE_BETTER
						   : CHANGE_WORSE;
}

const char *change_direction_code(change_direction d)
{
	switch (d) {
	case CHANGE_BETTER:
		return "better";
	case CHANGE_WORSE:
		return "worse";
	case CHANGE_NO_DIRECTION:
		break;
	}
	return NULL;
}

static double plain_mean(const double *x, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return n ? sum / (double)n : NAN;
}

/* The settings every interval of one comparison shares. */
typedef struct change_settings {
	unsigned long resamples;
	double confidence;
	double threshold;
	better_side better;
	size_t min_pairs;        /* fewer on either side: no change claimed */
} change_settings;

/* The percentile interval of mean(X_NEW) - mean(X_OLD), each sample
 * resampled on its own: replicate b draws N_NEW values from X_NEW, then
 * N_OLD from X_OLD, from one mt19937 stream seeded with SEED.  ESTIMATE
 * (computed by the caller, so it is the published figure) is stored as
 * given. */
static pb_status unpaired_change(const double *x_old, size_t n_old,
				 const double *x_new, size_t n_new,
				 double estimate, const change_settings *set,
				 uint32_t seed, change_interval *out)
{
	double alpha = 1 - set->confidence;
	unsigned long b = set->resamples;
	const boot_judge judge = { set->threshold, BETTER_LOWER,
				   change_judge_verdict };
	boot_range lower, upper;
	double *rep;
	pb_status st;

	memset(out, 0, sizeof *out);
	out->estimate = estimate;
	out->stream_seed = seed;
	out->lo = out->hi = NAN;
	out->defined = n_old >= 2 && n_new >= 2;
	out->verdict = CHANGE_NO_INTERVAL;
	welch_of(x_old, n_old, x_new, n_new, &out->welch);
	if (!out->defined)
		return PB_OK;
	st = boot_unpaired_percentile(x_old, n_old, x_new, n_new, b, seed,
				      alpha, &out->lo, &out->hi, &rep);
	if (st != PB_OK)
		return st;
	out->excludes_zero = out->lo > 0 || out->hi < 0;
	out->verdict = change_verdict_of(true, out->lo, out->hi,
					 set->threshold);
	/* Below the pairs a study needs for a claim, a change is not
	 * claimed either: the interval is shown, the verdict claims
	 * nothing, and no seed can change that. */
	if (n_old < set->min_pairs || n_new < set->min_pairs) {
		out->verdict = CHANGE_NOT_ESTABLISHED;
		out->direction = CHANGE_NO_DIRECTION;
		free(rep);
		return PB_OK;
	}
	out->judged = true;
	out->direction = change_direction_of(out->verdict, out->lo,
					     set->better);
	if (boot_endpoint_mc_range(rep, b, alpha / 2, &lower) == PB_OK
	    && boot_endpoint_mc_range(rep, b, 1 - alpha / 2, &upper) == PB_OK)
		out->fragile = boot_fragile(&lower, &upper, &judge,
					    &out->fragile_endpoint,
					    &out->fragile_boundary,
					    &out->fragile_distance);
	free(rep);
	return PB_OK;
}

/* Whether every interval of CI[0..N-1] finds or rules out a change
 * (changed, changed-size-open, unchanged-within-threshold) and excludes 0
 * on the side of the first: together they find a change, of open size. */
static bool exclude_zero_alike(const change_interval *const *ci, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		change_verdict v = ci[i]->verdict;
		if (!(change_verdict_found(v) || v == CHANGE_UNCHANGED)
		    || !ci[i]->excludes_zero
		    || (ci[i]->lo > 0) != (ci[0]->lo > 0))
			return false;
	}
	return n > 0;
}

/* The rules of builddiff.h's "Series": no-interval when a pair has none,
 * the common verdict (for a change, also its sign), a change of open size
 * when every interval excludes 0 on the same side, otherwise no change
 * established. */
static change_verdict common_verdict(const change_interval *const *ci,
				     size_t n)
{
	bool same = true;

	if (n == 0)
		return CHANGE_NO_INTERVAL;
	for (size_t i = 0; i < n; i++)
		if (ci[i]->verdict == CHANGE_NO_INTERVAL)
			return CHANGE_NO_INTERVAL;
	for (size_t i = 1; i < n && same; i++)
		same = ci[i]->verdict == ci[0]->verdict
		       && (!change_verdict_found(ci[0]->verdict)
			   || (ci[i]->lo > 0) == (ci[0]->lo > 0));
	if (same)
		return ci[0]->verdict;
	if (exclude_zero_alike(ci, n))
		return CHANGE_SIZE_OPEN;
	return CHANGE_NOT_ESTABLISHED;
}

/* The verdict across series pairs (see builddiff.h), and in *DIR the
 * direction they share when it finds a change, by the better side
 * BETTER. */
static change_verdict change_across(const change_interval *const *ci,
				    size_t n, better_side better,
				    change_direction *dir)
{
	change_verdict v = common_verdict(ci, n);

	*dir = change_direction_of(v, n ? ci[0]->lo : 0, better);
	return v;
}

/* ---------------------------------------------------------------------
 * Series pairs. */

typedef struct series_pair {
	size_t old_series, new_series;
} series_pair;

/* The latency series pairs, in old series order: matched by id when both
 * studies have the same set of latency series ids, else every new series
 * against every old one. */
static pb_status latency_pairs(const study_plan *o, const study_plan *n,
			       series_pair **out, size_t *n_out,
			       bool *matched)
{
	size_t lo = 0, ln = 0, k = 0;
	series_pair *p;

	for (size_t i = 0; i < o->n_series; i++)
		lo += o->series[i].kind == SERIES_LATENCY;
	for (size_t i = 0; i < n->n_series; i++)
		ln += n->series[i].kind == SERIES_LATENCY;
	*matched = lo == ln;
	for (size_t i = 0; *matched && i < o->n_series; i++) {
		size_t j;
		if (o->series[i].kind != SERIES_LATENCY)
			continue;
		j = study_series_index(n, o->series[i].id);
		*matched = j != (size_t)-1 && n->series[j].kind
						  == SERIES_LATENCY;
	}
	p = malloc((lo * ln + 1) * sizeof *p);
	if (!p)
		return PB_NOMEM;
	for (size_t i = 0; i < o->n_series; i++) {
		if (o->series[i].kind != SERIES_LATENCY)
			continue;
		for (size_t j = 0; j < n->n_series; j++) {
			if (n->series[j].kind != SERIES_LATENCY)
				continue;
			if (*matched && strcmp(o->series[i].id,
					       n->series[j].id) != 0)
				continue;
			p[k].old_series = i;
			p[k].new_series = j;
			k++;
		}
	}
	*out = p;
	*n_out = k;
	return PB_OK;
}

static size_t find_cmp(const analysis *a, size_t series, size_t state)
{
	for (size_t i = 0; i < a->n_cmp; i++)
		if (a->cmp[i].series == series && a->cmp[i].state == state)
			return i;
	return BUILDDIFF_NONE;
}

/* The seed of one interval's stream, keyed "KIND OLDID NEWID" and the
 * state's canonical label, into *OUT.  PB_NOMEM. */
static pb_status pair_seed(const builddiff_result *c, const char *kind,
			   const char *old_id, const char *new_id,
			   pb_state state, uint32_t *out)
{
	char label[PB_STATE_BUFSIZE];
	char *key;
	size_t len = strlen(kind) + strlen(old_id) + strlen(new_id) + 3;

	key = malloc(len);
	if (!key)
		return PB_NOMEM;
	snprintf(key, len, "%s %s %s", kind, old_id, new_id);
	*out = boot_stream_seed(c->seed, key,
				pb_state_canonical(state, label, sizeof label));
	free(key);
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * States and effects. */

static pb_status build_states(const study *os, const study *ns,
			      builddiff_result *c)
{
	const study_plan *o = &os->plan, *n = &ns->plan;

	c->states = calloc(o->n_states + 1, sizeof *c->states);
	c->only_old = calloc(o->n_states + 1, sizeof *c->only_old);
	c->only_new = calloc(n->n_states + 1, sizeof *c->only_new);
	if (!c->states || !c->only_old || !c->only_new)
		return PB_NOMEM;
	for (size_t i = 0; i < o->n_states; i++) {
		pb_state st = o->states[i];
		size_t j = study_state_index(n, st);
		if (pb_state_equal(st, o->reference)
		    || pb_state_equal(st, n->reference))
			continue;
		if (j == STUDY_NO_STATE) {
			c->only_old[c->n_only_old++] = st;
			continue;
		}
		state_change *sc = &c->states[c->n_states++];
		sc->state = st;
		sc->old_state = i;
		sc->new_state = j;
	}
	for (size_t j = 0; j < n->n_states; j++) {
		pb_state st = n->states[j];
		if (pb_state_equal(st, o->reference)
		    || pb_state_equal(st, n->reference))
			continue;
		if (study_state_index(o, st) == STUDY_NO_STATE)
			c->only_new[c->n_only_new++] = st;
	}
	return PB_OK;
}

/* Each study's own verdict across series on plan state index J. */
static verdict study_verdict(const analysis *a, size_t j)
{
	for (size_t i = 0; i < a->n_states; i++)
		if (a->states[i].state == j)
			return a->states[i].verdict;
	return VERDICT_NO_INTERVAL;
}

static pb_status build_effects(const study *os, const analysis *oa,
			       const study *ns, const analysis *na,
			       const series_pair *pairs, size_t n_pairs,
			       const change_settings *set, builddiff_result *c)
{
	const change_interval **ci;

	c->effects = calloc(c->n_states * n_pairs + 1, sizeof *c->effects);
	ci = malloc((n_pairs + 1) * sizeof *ci);
	if (!c->effects || !ci) {
		free(ci);
		return PB_NOMEM;
	}
	for (size_t s = 0; s < c->n_states; s++) {
		state_change *sc = &c->states[s];
		size_t k = 0;

		sc->first = c->n_effects;
		sc->old_verdict = study_verdict(oa, sc->old_state);
		sc->new_verdict = study_verdict(na, sc->new_state);
		for (size_t p = 0; p < n_pairs; p++) {
			size_t io = find_cmp(oa, pairs[p].old_series,
					     sc->old_state);
			size_t in = find_cmp(na, pairs[p].new_series,
					     sc->new_state);
			if (io == BUILDDIFF_NONE || in == BUILDDIFF_NONE)
				continue;
			const comparison *co = &oa->cmp[io], *cn = &na->cmp[in];
			effect_change *e = &c->effects[c->n_effects++];
			e->state = s;
			e->old_series = pairs[p].old_series;
			e->new_series = pairs[p].new_series;
			e->old_cmp = io;
			e->new_cmp = in;
			e->old_pairs = co->n_pairs;
			e->new_pairs = cn->n_pairs;
			e->old_effect = co->boot.estimate;
			e->new_effect = cn->boot.estimate;
			uint32_t seed = 0;
			pb_status st = pair_seed(
				c, "effect", os->plan.series[e->old_series].id,
				ns->plan.series[e->new_series].id, sc->state,
				&seed);
			if (st == PB_OK)
				st = unpaired_change(
					co->diffs, co->n_pairs, cn->diffs,
					cn->n_pairs, co->n_pairs && cn->n_pairs
					? e->new_effect - e->old_effect : NAN,
					set, seed, &e->change);
			if (st != PB_OK) {
				free(ci);
				return st;
			}
			ci[k++] = &e->change;
		}
		sc->count = c->n_effects - sc->first;
		sc->verdict = change_across(ci, k, set->better,
					    &sc->direction);
	}
	free(ci);
	return PB_OK;
}

/* The statistics of the accepted reference runs of SERIES, in a new array
 * (*N of them). */
static pb_status reference_values(const study *s, size_t series,
				  double **out, size_t *n)
{
	double *x = malloc((s->n_runs + 1) * sizeof *x);
	size_t k = 0;

	if (!x)
		return PB_NOMEM;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->series == series && r->accepted && r->has_statistic
		    && pb_state_equal(r->state, s->plan.reference))
			x[k++] = r->statistic;
	}
	*out = x;
	*n = k;
	return PB_OK;
}

static pb_status build_baseline(const study *os, const study *ns,
				const series_pair *pairs, size_t n_pairs,
				const change_settings *set, builddiff_result *c)
{
	const change_interval **ci;
	pb_status st = PB_OK;

	c->baseline = calloc(n_pairs + 1, sizeof *c->baseline);
	ci = malloc((n_pairs + 1) * sizeof *ci);
	if (!c->baseline || !ci) {
		free(ci);
		return PB_NOMEM;
	}
	for (size_t p = 0; p < n_pairs && st == PB_OK; p++) {
		baseline_change *b = &c->baseline[c->n_baseline++];
		double *xo = NULL, *xn = NULL;

		b->old_series = pairs[p].old_series;
		b->new_series = pairs[p].new_series;
		st = reference_values(os, b->old_series, &xo, &b->old_runs);
		if (st == PB_OK)
			st = reference_values(ns, b->new_series, &xn,
					      &b->new_runs);
		uint32_t seed = 0;
		if (st == PB_OK)
			st = pair_seed(c, "baseline",
				       os->plan.series[b->old_series].id,
				       ns->plan.series[b->new_series].id,
				       os->plan.reference, &seed);
		if (st == PB_OK) {
			b->old_mean = plain_mean(xo, b->old_runs);
			b->new_mean = plain_mean(xn, b->new_runs);
			st = unpaired_change(xo, b->old_runs, xn, b->new_runs,
					     b->new_mean - b->old_mean, set,
					     seed, &b->change);
			ci[p] = &b->change;
		}
		free(xo);
		free(xn);
	}
	if (st == PB_OK)
		c->baseline_verdict = change_across(ci, c->n_baseline,
						    set->better,
						    &c->baseline_direction);
	free(ci);
	return st;
}

/* ---------------------------------------------------------------------
 * Value handling and mechanism. */

/* Missing first, then ascending: the order of the boundary table. */
static int written_cmp(pb_state a, pb_state b)
{
	if (a.missing || b.missing)
		return (int)b.missing - (int)a.missing;
	return (a.value > b.value) - (a.value < b.value);
}

/* The first boundary row of SUM for WRITTEN, or BUILDDIFF_NONE. */
static size_t boundary_find(const study_summary *sum, pb_state written)
{
	for (size_t i = 0; i < sum->n_boundary; i++)
		if (pb_state_equal(sum->boundary[i].written, written))
			return i;
	return BUILDDIFF_NONE;
}

static pb_status build_values(const study_summary *os,
			      const study_summary *ns, builddiff_result *c)
{
	size_t cap = os->n_boundary + ns->n_boundary + 1;

	c->values = calloc(cap, sizeof *c->values);
	if (!c->values)
		return PB_NOMEM;
	/* The distinct written values of both, by insertion in order. */
	for (int side = 0; side < 2; side++) {
		const study_summary *sum = side ? ns : os;
		for (size_t i = 0; i < sum->n_boundary; i++) {
			pb_state w = sum->boundary[i].written;
			size_t j;
			bool seen = false;
			for (j = 0; j < c->n_values && !seen; j++)
				seen = pb_state_equal(c->values[j].written, w);
			if (seen)
				continue;
			for (j = c->n_values;
			     j > 0 && written_cmp(c->values[j - 1].written, w) > 0;
			     j--)
				c->values[j] = c->values[j - 1];
			memset(&c->values[j], 0, sizeof c->values[j]);
			c->values[j].written = w;
			c->n_values++;
		}
	}
	for (size_t i = 0; i < c->n_values; i++) {
		value_change *v = &c->values[i];
		v->old_row = boundary_find(os, v->written);
		v->new_row = boundary_find(ns, v->written);
		if (v->old_row == BUILDDIFF_NONE || v->new_row == BUILDDIFF_NONE) {
			v->changed = true;
			continue;
		}
		const boundary_row *a = &os->boundary[v->old_row];
		const boundary_row *b = &ns->boundary[v->new_row];
		v->written = a->written;
		v->api_changed = a->api_ok != b->api_ok
				 || (a->api_ok && a->api_value != b->api_value);
		v->service_changed = a->service != b->service;
		v->registered_changed = a->registered != b->registered;
		v->outcome_changed = a->outcome != b->outcome;
		v->changed = v->api_changed || v->service_changed
			     || v->registered_changed || v->outcome_changed;
	}
	return PB_OK;
}

/* K of N against K2 of N2 as shares, without division. */
static bool share_differs(size_t k, size_t n, size_t k2, size_t n2)
{
	return k * n2 != k2 * n;
}

static bool variant_in(const prio_variant *v, const mech_state_summary *m)
{
	for (size_t i = 0; i < m->n_variants; i++)
		if (memcmp(v->win32, m->variants[i].win32, sizeof v->win32) == 0
		    && memcmp(v->etw, m->variants[i].etw, sizeof v->etw) == 0)
			return true;
	return false;
}

static bool priority_differs(const mech_state_summary *a,
			     const mech_state_summary *b)
{
	for (size_t i = 0; i < a->n_variants; i++)
		if (!variant_in(&a->variants[i], b))
			return true;
	for (size_t i = 0; i < b->n_variants; i++)
		if (!variant_in(&b->variants[i], a))
			return true;
	return false;
}

/* Whether mechanism entries are matched within series of the same id:
 * only when the studies have a mechanism series id in common. */
static bool mech_ids_shared(const study *os, const study *ns)
{
	for (size_t i = 0; i < os->plan.n_series; i++) {
		size_t j;
		if (os->plan.series[i].kind != SERIES_MECHANISM)
			continue;
		j = study_series_index(&ns->plan, os->plan.series[i].id);
		if (j != (size_t)-1
		    && ns->plan.series[j].kind == SERIES_MECHANISM)
			return true;
	}
	return false;
}

static bool mech_match(const study *os, const mech_state_summary *a,
		       const study *ns, const mech_state_summary *b,
		       bool by_id)
{
	if (!pb_state_equal(a->state, b->state))
		return false;
	return !by_id || strcmp(os->plan.series[a->series].id,
				ns->plan.series[b->series].id) == 0;
}

static pb_status build_mech(const study *os, const study_summary *osum,
			    const study *ns, const study_summary *nsum,
			    builddiff_result *c)
{
	bool by_id = mech_ids_shared(os, ns);
	bool *used = calloc(nsum->n_mech + 1, sizeof *used);

	c->mech = calloc(osum->n_mech + nsum->n_mech + 1, sizeof *c->mech);
	if (!used || !c->mech) {
		free(used);
		return PB_NOMEM;
	}
	for (size_t i = 0; i < osum->n_mech; i++) {
		const mech_state_summary *a = &osum->mech[i];
		mech_change *m = &c->mech[c->n_mech++];
		m->state = a->state;
		m->old_idx = i;
		m->new_idx = BUILDDIFF_NONE;
		for (size_t j = 0; j < nsum->n_mech; j++) {
			if (!used[j] && mech_match(os, a, ns, &nsum->mech[j],
						   by_id)) {
				used[j] = true;
				m->new_idx = j;
				break;
			}
		}
		if (m->new_idx == BUILDDIFF_NONE) {
			m->changed = true;
			continue;
		}
		const mech_state_summary *b = &nsum->mech[m->new_idx];
		m->registration_changed = share_differs(
			a->registered, a->boots, b->registered, b->boots);
		m->service_changed =
			share_differs(a->service_running, a->boots,
				      b->service_running, b->boots)
			|| share_differs(a->service_stopped, a->boots,
					 b->service_stopped, b->boots);
		m->priority_changed = priority_differs(a, b);
		m->changed = m->registration_changed || m->service_changed
			     || m->priority_changed;
	}
	for (size_t j = 0; j < nsum->n_mech; j++) {
		if (used[j])
			continue;
		mech_change *m = &c->mech[c->n_mech++];
		m->state = nsum->mech[j].state;
		m->old_idx = BUILDDIFF_NONE;
		m->new_idx = j;
		m->changed = true;
	}
	free(used);
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * The whole comparison. */

pb_status builddiff_run(const study *os, const analysis *oa, const study *ns,
		      const analysis *na, builddiff_result **out)
{
	return builddiff_run_min(os, oa, ns, na, VERDICT_MIN_PAIRS, out);
}

pb_status builddiff_run_min(const study *os, const analysis *oa,
			  const study *ns, const analysis *na,
			  size_t min_pairs, builddiff_result **out)
{
	builddiff_result *c = calloc(1, sizeof *c);
	series_pair *pairs = NULL;
	size_t n_pairs = 0;
	change_settings set;
	char new_seed[16];
	pb_status st;

	*out = NULL;
	if (!c)
		return PB_NOMEM;
	c->plan_diff = builddiff_plan_diff(&os->plan, &ns->plan);
	if (c->plan_diff & PLAN_DIFF_INCOMPARABLE) {
		free(c);
		return PB_DATAERR;
	}
	c->threshold = os->plan.threshold;
	c->confidence = os->plan.confidence;
	c->better = os->plan.better;
	c->resamples = os->plan.resamples_exact
		       ? BUILDDIFF_EXACT_FALLBACK_RESAMPLES : os->plan.resamples;
	snprintf(new_seed, sizeof new_seed, "%lu",
		 (unsigned long)ns->plan.seed);
	c->seed = boot_stream_seed(os->plan.seed, "compare", new_seed);
	set.resamples = c->resamples;
	set.confidence = c->confidence;
	set.threshold = c->threshold;
	set.better = c->better;
	set.min_pairs = min_pairs;

	st = latency_pairs(&os->plan, &ns->plan, &pairs, &n_pairs,
			   &c->series_matched);
	if (st == PB_OK)
		st = build_states(os, ns, c);
	if (st == PB_OK)
		st = build_effects(os, oa, ns, na, pairs, n_pairs, &set, c);
	if (st == PB_OK)
		st = build_baseline(os, ns, pairs, n_pairs, &set, c);
	if (st == PB_OK)
		st = build_values(oa->summary, na->summary, c);
	if (st == PB_OK)
		st = build_mech(os, oa->summary, ns, na->summary, c);
	free(pairs);
	if (st != PB_OK) {
		builddiff_free(c);
		return st;
	}
	*out = c;
	return PB_OK;
}

void builddiff_free(builddiff_result *c)
{
	if (!c)
		return;
	free(c->states);
	free(c->effects);
	free(c->only_old);
	free(c->only_new);
	free(c->baseline);
	free(c->values);
	free(c->mech);
	free(c);
}
