/* gate.c: the compare gate: Welch p-values, Holm's step-down and the
 * three decisions (rules in gate.h and docs/statistics.md, "The compare
 * gate"). */
#include "analyze/gate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const mode_codes[] = {
	[GATE_WORSE] = "worse",
	[GATE_WORSE_DETECTED] = "worse-detected",
	[GATE_CHANGE] = "change",
};

static const char *const decision_codes[] = {
	[GATE_PASS] = "pass",
	[GATE_FAIL] = "fail",
	[GATE_INCONCLUSIVE] = "inconclusive",
};

const char *gate_mode_code(gate_mode mode)
{
	if ((unsigned)mode >= sizeof mode_codes / sizeof mode_codes[0])
		return "unknown";
	return mode_codes[mode];
}

const char *gate_decision_code(gate_decision d)
{
	if ((unsigned)d >= sizeof decision_codes / sizeof decision_codes[0])
		return "unknown";
	return decision_codes[d];
}

bool gate_mode_from_code(const char *s, gate_mode *out)
{
	for (size_t i = 0; s && i < sizeof mode_codes / sizeof mode_codes[0];
	     i++) {
		if (strcmp(s, mode_codes[i]) == 0) {
			*out = (gate_mode)i;
			return true;
		}
	}
	return false;
}

/* ---------------------------------------------------------------------
 * Holm. */

/* A p-value and where it came from, sorted without any shared state. */
typedef struct ranked_p {
	double p;
	size_t index;
} ranked_p;

/* Ascending p, ties by index, so the order does not depend on qsort. */
static int by_p(const void *a, const void *b)
{
	const ranked_p *x = a, *y = b;

	if (x->p < y->p)
		return -1;
	if (x->p > y->p)
		return 1;
	return (x->index > y->index) - (x->index < y->index);
}

pb_status gate_holm(const double *p, size_t m, double *adjusted)
{
	ranked_p *order = malloc((m + 1) * sizeof *order);
	double running = 0;

	if (!order)
		return PB_NOMEM;
	for (size_t i = 0; i < m; i++) {
		order[i].p = p[i];
		order[i].index = i;
	}
	qsort(order, m, sizeof *order, by_p);
	/* The j-th smallest (from 0) is multiplied by m - j, and the
	 * adjusted values never decrease along the order: a hypothesis is
	 * rejected only when every smaller one is. */
	for (size_t j = 0; j < m; j++) {
		double a = (double)(m - j) * order[j].p;
		if (a > 1)
			a = 1;
		if (a > running)
			running = a;
		adjusted[order[j].index] = running;
	}
	free(order);
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * One interval. */

/* The p-value of MODE's claim for W, the better side BETTER and
 * threshold T (gate.h's table, turned into new-minus-old terms). */
static double claim_p(const welch_change *w, gate_mode mode,
		      better_side better, double t)
{
	bool lower = better == BETTER_LOWER;
	double above, below;

	switch (mode) {
	case GATE_WORSE:
		return lower ? welch_p_above(w, t) : welch_p_below(w, -t);
	case GATE_WORSE_DETECTED:
		return lower ? welch_p_above(w, 0) : welch_p_below(w, 0);
	case GATE_CHANGE:
		above = welch_p_above(w, t);
		below = welch_p_below(w, -t);
		return above < below ? above : below;
	}
	return NAN;
}

/* The least whole n' > N (H / D)^2, at least N + 1; 0 when D is 0. */
static size_t blocks_for(size_t n, double h, double d)
{
	double need;

	if (!(d > 0))
		return 0;
	need = floor((double)n * (h / d) * (h / d)) + 1;
	if (need < (double)n + 1)
		need = (double)n + 1;
	return need < 1e9 ? (size_t)need : 0;
}

/* Whether item G's interval leaves open what MODE guards against, and in
 * G->blocks_needed the blocks that would decide the side it reaches. */
static bool interval_open(gate_item *g, gate_mode mode, better_side better,
			  double t)
{
	double half = (g->hi - g->lo) / 2;
	/* In new-minus-old terms the worse side is above when lower is
	 * better. */
	bool up = better == BETTER_LOWER || mode == GATE_CHANGE;
	bool down = better == BETTER_HIGHER || mode == GATE_CHANGE;
	bool open = false;
	size_t n = g->old_pairs < g->new_pairs ? g->old_pairs : g->new_pairs;

	if (up && g->hi >= t) {
		open = true;
		g->blocks_needed = blocks_for(n, half, fabs(g->estimate - t));
	}
	if (down && g->lo <= -t) {
		size_t k = blocks_for(n, half, fabs(g->estimate + t));
		open = true;
		if (g->blocks_needed == 0 || k > g->blocks_needed)
			g->blocks_needed = k;
	}
	return open;
}

static void item_fill(gate_item *g, const change_interval *ci,
		      const builddiff_result *c, gate_mode mode)
{
	double alpha = 1 - c->confidence;

	g->judged = ci->judged && ci->welch.defined;
	g->dropped = g->old_pairs > 0 && g->new_pairs == 0;
	g->estimate = ci->welch.estimate;
	welch_interval(&ci->welch, alpha, &g->lo, &g->hi);
	g->p = g->p_adjusted = NAN;
	if (g->judged)
		g->p = claim_p(&ci->welch, mode, c->better, c->threshold);
}

/* ---------------------------------------------------------------------
 * The whole comparison. */

static pb_status items_build(const builddiff_result *c, gate_mode mode,
			     gate_result *g)
{
	g->items = calloc(c->n_effects + c->n_baseline + 1, sizeof *g->items);
	if (!g->items)
		return PB_NOMEM;
	for (size_t i = 0; i < c->n_effects; i++) {
		const effect_change *e = &c->effects[i];
		gate_item *it = &g->items[g->n_items++];
		it->index = i;
		it->state = c->states[e->state].state;
		it->old_series = e->old_series;
		it->new_series = e->new_series;
		it->old_pairs = e->old_pairs;
		it->new_pairs = e->new_pairs;
		item_fill(it, &e->change, c, mode);
	}
	for (size_t i = 0; i < c->n_baseline; i++) {
		const baseline_change *b = &c->baseline[i];
		gate_item *it = &g->items[g->n_items++];
		it->baseline = true;
		it->index = i;
		it->old_series = b->old_series;
		it->new_series = b->new_series;
		it->old_pairs = b->old_runs;
		it->new_pairs = b->new_runs;
		item_fill(it, &b->change, c, mode);
	}
	return PB_OK;
}

/* Holm over the judged items; marks the established ones. */
static pb_status items_adjust(gate_result *g)
{
	double *p = malloc((g->n_items + 1) * sizeof *p);
	double *adj = malloc((g->n_items + 1) * sizeof *adj);
	pb_status st = p && adj ? PB_OK : PB_NOMEM;
	size_t k = 0;

	for (size_t i = 0; st == PB_OK && i < g->n_items; i++)
		if (g->items[i].judged)
			p[k++] = g->items[i].p;
	g->m = k;
	if (st == PB_OK)
		st = gate_holm(p, k, adj);
	k = 0;
	for (size_t i = 0; st == PB_OK && i < g->n_items; i++) {
		gate_item *it = &g->items[i];
		if (!it->judged)
			continue;
		it->p_adjusted = adj[k++];
		it->established = it->p_adjusted < g->level;
	}
	free(p);
	free(adj);
	return st;
}

/* The ids of OLD's latency series that NEW has no latency series of. */
static pb_status series_holes(const study_plan *o, const study_plan *n,
			      gate_result *g)
{
	g->series_dropped = calloc(o->n_series + 1, sizeof *g->series_dropped);
	if (!g->series_dropped)
		return PB_NOMEM;
	for (size_t i = 0; i < o->n_series; i++) {
		size_t j;
		if (o->series[i].kind != SERIES_LATENCY)
			continue;
		j = study_series_index(n, o->series[i].id);
		if (j == (size_t)-1 || n->series[j].kind != SERIES_LATENCY)
			g->series_dropped[g->n_series_dropped++] =
				o->series[i].id;
	}
	return PB_OK;
}

static void decide(const builddiff_result *c, gate_result *g)
{
	for (size_t i = 0; i < g->n_items; i++) {
		gate_item *it = &g->items[i];
		g->n_dropped += it->dropped;
		g->n_established += it->established;
		if (it->established)
			continue;
		it->open = !it->judged
			   || interval_open(it, g->mode, c->better,
					    c->threshold);
		if (!it->judged && !it->dropped)
			it->blocks_needed = VERDICT_MIN_PAIRS;
		g->n_unjudged += !it->judged;
		g->n_open += it->open;
		if (it->open && it->blocks_needed > g->blocks_needed)
			g->blocks_needed = it->blocks_needed;
	}
	g->n_states_dropped = c->n_only_old;
	if (g->n_established || g->n_dropped || g->n_series_dropped
	    || g->n_states_dropped)
		g->decision = GATE_FAIL;
	else if (g->n_open)
		g->decision = GATE_INCONCLUSIVE;
	else
		g->decision = GATE_PASS;
}

pb_status gate_run(const study *os, const study *ns,
		   const builddiff_result *c, gate_mode mode,
		   gate_result **out)
{
	gate_result *g = calloc(1, sizeof *g);
	pb_status st;

	*out = NULL;
	if (!g)
		return PB_NOMEM;
	g->mode = mode;
	/* 1 - 0.95 is 0.05000000000000004 in doubles; alpha is what the
	 * plan means, to 12 places. */
	g->level = round((1 - c->confidence) * 1e12) / 1e12;
	g->threshold = c->threshold;
	st = items_build(c, mode, g);
	if (st == PB_OK)
		st = items_adjust(g);
	if (st == PB_OK)
		st = series_holes(&os->plan, &ns->plan, g);
	if (st != PB_OK) {
		gate_free(g);
		return st;
	}
	for (size_t i = 0; i < g->n_items; i++)
		if (g->items[i].baseline)
			g->items[i].state = os->plan.reference;
	decide(c, g);
	*out = g;
	return PB_OK;
}

void gate_free(gate_result *g)
{
	if (!g)
		return;
	free(g->items);
	free(g->series_dropped);
	free(g);
}
