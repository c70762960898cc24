/* test_builddiff.c: the comparison of two builds, on two studies built by
 * hand so that every number can be worked out on paper.
 *
 * Both studies have latency series "1" and "2" (two blocks each), states
 * 10, 0, 50, 100 against the reference 20, T = 1, 95%.  The reference runs
 * are {5, 7} in the old study and {6, 9} in the new one, in both series.
 * Per-block differences (state minus reference), old -> new:
 *
 *   10   {1.0, 1.5} -> {6.0, 6.5}   both series
 *   0    {0.0, 0.5} -> {0.1, 0.4}   both series
 *   50   {0.0, 3.0} -> {0.0, 2.0}   both series
 *   100  {3.0, 3.5} -> {0.0, 0.5}   series 1
 *        {0.0, 0.5} -> {3.0, 3.5}   series 2
 *
 * With two values x1 < x2, the bootstrap mean is x1 with probability 1/4,
 * (x1 + x2) / 2 with 1/2 and x2 with 1/4.  A replicate of new minus old is
 * therefore at its smallest value, min(new) - max(old), with probability
 * 1/4 * 1/4 = 1/16, and at its largest, max(new) - min(old), with 1/16.
 * With B = 10000 replicates about 625 (sd 24) sit at each extreme, while
 * the type 7 quantiles at 2.5% and 97.5% read only order statistics 250,
 * 251 and 9750, 9751 (1-based): the 95% interval is [min(new) - max(old),
 * max(new) - min(old)] unless a 15-sd event happens.  Hence:
 *
 *   10   est 6.25 - 1.25 = 5.0, CI [6.0 - 1.5, 6.5 - 1.0] = [4.5, 5.5]:
 *        lo > T: changed (both series, same direction): changed
 *   0    est 0.25 - 0.25 = 0, CI [0.1 - 0.5, 0.4 - 0.0] = [-0.4, 0.4]:
 *        inside (-1, 1): unchanged within threshold
 *   50   est 1.0 - 1.5 = -0.5, CI [0 - 3, 2 - 0] = [-3, 2]: no change
 *        established
 *   100  series 1: est 0.25 - 3.25 = -3, CI [0 - 3.5, 0.5 - 3] = [-3.5,
 *        -2.5]: changed; series 2: est +3, CI [2.5, 3.5]: changed; in
 *        opposite directions, so across series: no change established
 *   baseline: est 7.5 - 6 = 1.5, CI [6 - 7, 9 - 5] = [-1, 4]: no change
 *        established
 *
 * Lower is better, so the change of 10 (+5: its effect grew) is worse,
 * and the change of 100 in series 1 (-3) better, in series 2 (+3) worse;
 * across series 100 has no change, hence no direction.  With higher is
 * better the same intervals read the other way: 10 is better.
 *
 * The studies' own verdicts (exact bootstrap, n = 2) on state 10: old
 * CI [1.0, 1.5] (the extremes have weight 1/4 > 2.5%): lo = T is not
 * beyond T, not inside (-1, 1), excludes 0: detected-size-open by the
 * interval; new [6.0, 6.5]: harm by the interval.  With 2 pairs, fewer
 * than the 5 a claim needs, both studies say too-few-pairs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "analyze/builddiff.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/builddiff_md.h"
#include "render/fig_builddiff.h"
#include "render/sink.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

#define MAX_RUNS 64

/* The hand studies have 2 blocks, so that every interval can be worked
 * out on paper: they are compared without the minimum of pairs a claim
 * needs (VERDICT_MIN_PAIRS), which check_min_pairs tests on its own. */
#define HAND_MIN_PAIRS 2

/* A hand-made study: the plan and runs live in this struct. */
typedef struct hand_study {
	study s;
	pb_state states[5];
	series_def series[4];
	study_run runs[MAX_RUNS];
	mech_log logs[MAX_RUNS];
	char ids[MAX_RUNS][16];
} hand_study;

static pb_state num_state(uint32_t v)
{
	pb_state s = { .value = v };
	return s;
}

static pb_state missing_state(void)
{
	pb_state s = { .missing = true };
	return s;
}

static void hand_init(hand_study *h, const char *id1, const char *id2)
{
	memset(h, 0, sizeof *h);
	h->states[0] = num_state(10);
	h->states[1] = num_state(0);
	h->states[2] = num_state(50);
	h->states[3] = num_state(20);
	h->states[4] = num_state(100);
	h->series[0] = (series_def){ .id = (char *)id1, .kind = SERIES_LATENCY,
				     .label = (char *)"L1" };
	h->series[1] = (series_def){ .id = (char *)id2, .kind = SERIES_LATENCY,
				     .label = (char *)"L2" };
	h->series[2] = (series_def){ .id = (char *)"mech", .kind = SERIES_MECHANISM,
				     .label = (char *)"M" };
	h->series[3] = (series_def){ .id = (char *)"bound", .kind = SERIES_BOUNDARY,
				     .label = (char *)"B" };
	h->s.plan.states = h->states;
	h->s.plan.n_states = 5;
	h->s.plan.series = h->series;
	h->s.plan.n_series = 4;
	/* Format 1: the boundary series follows SystemResponsiveness' rule. */
	h->s.plan.format = 1;
	study_plan_format1_rules(&h->s.plan);
	h->s.plan.reference = num_state(20);
	h->s.plan.threshold = 1.0;
	h->s.plan.confidence = 0.95;
	h->s.plan.resamples_exact = true;
	h->s.plan.better = BETTER_LOWER;
	h->s.plan.interval = INTERVAL_PERCENTILE;
	h->s.plan.unit = (char *)"ms";
	h->s.plan.statistic.kind = STAT_QUANTILE;
	h->s.plan.statistic.prob = 0.99;
	h->s.plan.seed = 7;
	h->s.runs = h->runs;
}

static study_run *add_run(hand_study *h, size_t series, unsigned long block,
			  pb_state state)
{
	size_t i = h->s.n_runs++;
	study_run *r = &h->runs[i];
	snprintf(h->ids[i], sizeof h->ids[i], "r%zu", i);
	r->id = h->ids[i];
	r->series = series;
	r->block = block;
	r->state = state;
	r->accepted = true;
	return r;
}

static void add_latency(hand_study *h, size_t series, unsigned long block,
			uint32_t state, double stat)
{
	study_run *r = add_run(h, series, block, num_state(state));
	r->has_statistic = true;
	r->statistic = stat;
}

/* Both blocks of SERIES: reference REF[b], state V at REF[b] + D[b]. */
static void add_pairs(hand_study *h, size_t series, const double ref[2],
		      uint32_t v, const double d[2])
{
	for (unsigned long b = 0; b < 2; b++)
		add_latency(h, series, b + 1, v, ref[b] + d[b]);
}

/* A mechanism or boundary boot: SERVICE 1 running / 0 stopped, API value
 * (negative: the query failed), registration, Win32 and ETW "after". */
static void add_log(hand_study *h, size_t series, pb_state state,
		    int service, long api, bool registered, long win32_after,
		    long etw_after)
{
	size_t i = h->s.n_runs;
	study_run *r = add_run(h, series, 1, state);
	mech_log *m = &h->logs[i];
	m->service = service;
	m->query_seen = true;
	m->query_ok = api >= 0;
	m->query_value = api;
	m->register_seen = true;
	m->register_ok = registered;
	for (int p = 0; p < PRIO_PHASES; p++) {
		m->prio_seen[p] = true;
		m->win32[p] = p == PHASE_AFTER ? win32_after : 0;
		m->etw[p] = p == PHASE_AFTER ? etw_after : 8;
	}
	m->tracing_active = -1;
	m->leftover = -1;
	r->mech = m;
}

static void build_old(hand_study *h, const char *id1, const char *id2)
{
	const double ref[2] = { 5.0, 7.0 };
	const double d10[2] = { 1.0, 1.5 }, d0[2] = { 0.0, 0.5 };
	const double d50[2] = { 0.0, 3.0 };
	const double d100a[2] = { 3.0, 3.5 }, d100b[2] = { 0.0, 0.5 };

	hand_init(h, id1, id2);
	for (size_t k = 0; k < 2; k++) {
		for (unsigned long b = 0; b < 2; b++)
			add_latency(h, k, b + 1, 20, ref[b]);
		add_pairs(h, k, ref, 10, d10);
		add_pairs(h, k, ref, 0, d0);
		add_pairs(h, k, ref, 50, d50);
		add_pairs(h, k, ref, 100, k == 0 ? d100a : d100b);
	}
	for (int i = 0; i < 2; i++) {
		add_log(h, 2, num_state(100), 0, -1, false, 0, 8);
		add_log(h, 2, num_state(20), 1, 20, true, 10, 18);
	}
	add_log(h, 3, missing_state(), 0, 100, false, 0, 8);
	add_log(h, 3, num_state(5), 1, 20, true, 10, 18);
	add_log(h, 3, num_state(99), 1, 90, true, 10, 18);
}

static void build_new(hand_study *h, const char *id1, const char *id2)
{
	const double ref[2] = { 6.0, 9.0 };
	const double d10[2] = { 6.0, 6.5 }, d0[2] = { 0.1, 0.4 };
	const double d50[2] = { 0.0, 2.0 };
	const double d100a[2] = { 0.0, 0.5 }, d100b[2] = { 3.0, 3.5 };

	hand_init(h, id1, id2);
	h->s.plan.seed = 8;
	for (size_t k = 0; k < 2; k++) {
		for (unsigned long b = 0; b < 2; b++)
			add_latency(h, k, b + 1, 20, ref[b]);
		add_pairs(h, k, ref, 10, d10);
		add_pairs(h, k, ref, 0, d0);
		add_pairs(h, k, ref, 50, d50);
		add_pairs(h, k, ref, 100, k == 0 ? d100a : d100b);
	}
	for (int i = 0; i < 2; i++) {
		add_log(h, 2, num_state(100), 1, 100, true, 10, 18);
		add_log(h, 2, num_state(20), 1, 20, true, 10, 18);
		add_log(h, 2, num_state(10), 1, 10, true, 10, 18);
	}
	add_log(h, 3, missing_state(), 1, 20, true, 10, 18);
	add_log(h, 3, num_state(7), 1, 20, true, 10, 18);
	add_log(h, 3, num_state(99), 1, 90, true, 10, 18);
}

static const state_change *find_state(const builddiff_result *c, uint32_t v)
{
	for (size_t i = 0; i < c->n_states; i++)
		if (!c->states[i].state.missing
		    && c->states[i].state.value == v)
			return &c->states[i];
	return NULL;
}

/* Checks the interval of every series pair of state V. */
static void check_effects(const builddiff_result *c, uint32_t v, double est1,
			  double lo1, double hi1, double est2, double lo2,
			  double hi2, change_verdict each,
			  change_verdict across)
{
	const state_change *sc = find_state(c, v);
	char name[96];

	if (!tap_ok(sc && sc->count == 2, "state %u: two series pairs", v))
		return;
	const effect_change *e1 = &c->effects[sc->first];
	const effect_change *e2 = &c->effects[sc->first + 1];
	snprintf(name, sizeof name, "state %u, series 1: change %g", v, est1);
	tap_near(e1->change.estimate, est1, 1e-12, name);
	snprintf(name, sizeof name, "state %u, series 1: CI [%g, %g]", v, lo1,
		 hi1);
	tap_ok(fabs(e1->change.lo - lo1) < 1e-12
	       && fabs(e1->change.hi - hi1) < 1e-12, "%s (got [%.17g, %.17g])",
	       name, e1->change.lo, e1->change.hi);
	snprintf(name, sizeof name, "state %u, series 2: change %g", v, est2);
	tap_near(e2->change.estimate, est2, 1e-12, name);
	tap_ok(fabs(e2->change.lo - lo2) < 1e-12
	       && fabs(e2->change.hi - hi2) < 1e-12,
	       "state %u, series 2: CI [%g, %g] (got [%.17g, %.17g])", v, lo2,
	       hi2, e2->change.lo, e2->change.hi);
	tap_ok(e1->change.verdict == each,
	       "state %u, series 1: %s (got %s)", v, change_verdict_code(each),
	       change_verdict_code(e1->change.verdict));
	tap_ok(sc->verdict == across, "state %u across series: %s (got %s)", v,
	       change_verdict_code(across), change_verdict_code(sc->verdict));
}

static bool analyse(hand_study *h, analysis **a)
{
	diag *d = diag_new(stderr, 20);
	pb_status st = analysis_run(&h->s, d, a);
	diag_free(d);
	return st == PB_OK;
}

/* Analyses both hand studies and compares them into *C. */
static bool analyse_and_compare(hand_study *old, hand_study *new,
				analysis **oa, analysis **na,
				builddiff_result **c)
{
	return analyse(old, oa) && analyse(new, na)
	       && builddiff_run_min(&old->s, *oa, &new->s, *na, HAND_MIN_PAIRS,
				  c) == PB_OK;
}

static void free_all(builddiff_result *c, analysis *oa, analysis *na)
{
	builddiff_free(c);
	analysis_free(oa);
	analysis_free(na);
}

/* The comparison page gives each study's conclusion in the study page's
 * words: on state 10 both studies have 2 pairs, too few for a claim, and
 * the cells say so with the minimum, in every language. */
static void check_page_conclusions(hand_study *old, const analysis *oa,
			     hand_study *new, const analysis *na,
			     const builddiff_result *c)
{
	static const char *const want[][2] = {
		{ "en", "too few pairs for a claim, which needs at least 5 "
		  "pairs" },
		{ "de", "zu wenige Paare für eine Aussage, die mindestens 5 "
		  "Paare erfordert" },
		{ "cs", "příliš málo párů pro závěr, který vyžaduje alespoň 5 "
		  "párů" },
		{ "ko", "쌍이 너무 적어 결론을 내릴 수 없음(최소 5쌍 필요)" },
	};

	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		GString *g = g_string_new(NULL);
		char *cells = g_strdup_printf("| %s | %s |\n", want[i][1],
					      want[i][1]);
		bool ok = builddiff_md_render(&old->s, oa, &new->s, na, c,
					    want[i][0], g) == PB_OK;
		/* The effects row of state 10 (the mechanism table has one
		 * too). */
		const char *row = ok ? strstr(g->str, "\n| `10` | `+5")
				     : NULL;
		const char *end = row ? strchr(row + 1, '\n') : NULL;

		tap_ok(row && end && strncmp(end - strlen(cells) + 1, cells,
					     strlen(cells)) == 0,
		       "%s compare page: state 10, too few pairs in both",
		       want[i][0]);
		g_free(cells);
		g_string_free(g, TRUE);
	}
}

/* Every number of the comparison of two hand-made studies against the
 * values worked out by hand; long because each number is checked on its
 * own, after the one result they all come from. */
static void check_hand(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	if (!tap_ok(analyse(&old, &oa) && analyse(&new, &na),
		    "both hand studies are analysed"))
		return;
	if (!tap_ok(builddiff_run_min(&old.s, oa, &new.s, na, HAND_MIN_PAIRS,
				    &c) == PB_OK,
		    "builddiff_run succeeds"))
		return;
	tap_ok(c->plan_diff == 0, "equal plans: no warning");
	tap_ok(c->series_matched, "same series ids: matched by id");
	tap_ok(c->resamples == 10000, "exact plan: 10000 Monte Carlo resamples");
	tap_ok(c->n_states == 4 && c->n_effects == 8,
	       "4 states x 2 matched series = 8 effect changes");
	tap_ok(c->n_states == 4 && c->states[0].state.value == 10
	       && c->states[1].state.value == 0
	       && c->states[2].state.value == 50
	       && c->states[3].state.value == 100,
	       "states in the old plan's order, reference left out");
	tap_ok(c->effects[0].old_series == 0 && c->effects[0].new_series == 0
	       && c->effects[1].old_series == 1
	       && c->effects[1].new_series == 1,
	       "series 1 is matched with 1, 2 with 2");

	check_effects(c, 10, 5.0, 4.5, 5.5, 5.0, 4.5, 5.5, CHANGE_CHANGED,
		      CHANGE_CHANGED);
	check_effects(c, 0, 0.0, -0.4, 0.4, 0.0, -0.4, 0.4, CHANGE_UNCHANGED,
		      CHANGE_UNCHANGED);
	check_effects(c, 50, -0.5, -3.0, 2.0, -0.5, -3.0, 2.0,
		      CHANGE_NOT_ESTABLISHED, CHANGE_NOT_ESTABLISHED);
	check_effects(c, 100, -3.0, -3.5, -2.5, 3.0, 2.5, 3.5, CHANGE_CHANGED,
		      CHANGE_NOT_ESTABLISHED);

	const state_change *s10 = find_state(c, 10);
	tap_ok(s10 && s10->old_verdict == VERDICT_TOO_FEW_PAIRS
	       && s10->new_verdict == VERDICT_TOO_FEW_PAIRS,
	       "state 10: too few pairs in both studies");
	check_page_conclusions(&old, oa, &new, na, c);
	tap_ok(s10 && c->effects[s10->first].change.excludes_zero,
	       "state 10: the change excludes 0");
	tap_ok(s10 && s10->direction == CHANGE_WORSE
	       && c->effects[s10->first].change.direction == CHANGE_WORSE
	       && c->effects[s10->first + 1].change.direction == CHANGE_WORSE,
	       "state 10: +5 with lower better is worse, in both series");
	const state_change *s100 = find_state(c, 100);
	tap_ok(s100 && c->effects[s100->first].change.direction == CHANGE_BETTER
	       && c->effects[s100->first + 1].change.direction == CHANGE_WORSE
	       && s100->direction == CHANGE_NO_DIRECTION,
	       "state 100: better in series 1, worse in 2, no direction "
	       "across");
	const state_change *s0 = find_state(c, 0);
	tap_ok(s0 && s0->direction == CHANGE_NO_DIRECTION
	       && c->effects[s0->first].change.direction
		  == CHANGE_NO_DIRECTION,
	       "state 0: unchanged, no direction");
	tap_ok(c->effects[find_state(c, 0)->first].change.stream_seed
	       != c->effects[s10->first].change.stream_seed,
	       "each state has its own stream");

	tap_ok(c->n_baseline == 2, "baseline: one per series pair");
	tap_near(c->baseline[0].old_mean, 6.0, 1e-12, "baseline: old mean 6");
	tap_near(c->baseline[0].new_mean, 7.5, 1e-12,
		 "baseline: new mean 7.5");
	tap_near(c->baseline[0].change.estimate, 1.5, 1e-12,
		 "baseline: change 1.5");
	tap_ok(fabs(c->baseline[0].change.lo + 1.0) < 1e-12
	       && fabs(c->baseline[0].change.hi - 4.0) < 1e-12,
	       "baseline: CI [-1, 4] (got [%g, %g])", c->baseline[0].change.lo,
	       c->baseline[0].change.hi);
	tap_ok(c->baseline_verdict == CHANGE_NOT_ESTABLISHED
	       && c->baseline_direction == CHANGE_NO_DIRECTION,
	       "baseline: no change established, no direction");

	/* Value handling: missing, 5, 7, 99 in that order. */
	tap_ok(c->n_values == 4 && c->values[0].written.missing
	       && c->values[1].written.value == 5
	       && c->values[2].written.value == 7
	       && c->values[3].written.value == 99,
	       "written values of both studies, missing first, ascending");
	if (c->n_values == 4) {
		const value_change *m = &c->values[0];
		tap_ok(m->changed && m->api_changed && m->service_changed
		       && m->registered_changed && !m->outcome_changed,
		       "missing: API value, service and registration changed, "
		       "outcome class (observation only) not");
		tap_ok(c->values[1].changed
		       && c->values[1].new_row == BUILDDIFF_NONE
		       && c->values[1].old_row != BUILDDIFF_NONE,
		       "5: tested in the old study only");
		tap_ok(c->values[2].changed
		       && c->values[2].old_row == BUILDDIFF_NONE,
		       "7: tested in the new study only");
		tap_ok(!c->values[3].changed, "99: unchanged");
	}

	/* Mechanism, in the old plan's order (20 before 100), then the
	 * states of the new study only (10). */
	tap_ok(c->n_mech == 3, "mechanism: 20, 100, and 10 (new only)");
	if (c->n_mech == 3) {
		tap_ok(c->mech[0].state.value == 20 && !c->mech[0].changed,
		       "20: unchanged");
		tap_ok(c->mech[1].state.value == 100 && c->mech[1].changed
		       && c->mech[1].registration_changed
		       && c->mech[1].service_changed
		       && c->mech[1].priority_changed,
		       "100: registration, service and priority changed");
		tap_ok(c->mech[2].state.value == 10 && c->mech[2].changed
		       && c->mech[2].old_idx == BUILDDIFF_NONE,
		       "10: in the new study only");
	}

	/* The same inputs give the same intervals. */
	builddiff_result *again = NULL;
	tap_ok(builddiff_run_min(&old.s, oa, &new.s, na, HAND_MIN_PAIRS, &again)
	       == PB_OK
	       && memcmp(&again->effects[3].change, &c->effects[3].change,
			 sizeof c->effects[3].change) == 0,
	       "a second run gives bit-identical intervals");
	builddiff_free(again);
	builddiff_free(c);
	analysis_free(oa);
	analysis_free(na);
}

/* An interval does not depend on the other states: dropping state 0 from
 * both plans leaves the interval of 10 exactly as it was. */
static void check_seed_independence(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL, *c2 = NULL;
	change_interval before;

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	if (!analyse_and_compare(&old, &new, &oa, &na, &c))
		return;
	before = c->effects[find_state(c, 10)->first].change;
	free_all(c, oa, na);
	/* Plans without state 0 (index 1): shift the rest down. */
	old.states[1] = old.states[4];
	new.states[1] = new.states[4];
	old.s.plan.n_states = new.s.plan.n_states = 4;
	for (size_t i = 0; i < old.s.n_runs; i++)
		if (!old.runs[i].state.missing && old.runs[i].state.value == 0
		    && old.runs[i].series < 2)
			old.runs[i].accepted = false;
	for (size_t i = 0; i < new.s.n_runs; i++)
		if (!new.runs[i].state.missing && new.runs[i].state.value == 0
		    && new.runs[i].series < 2)
			new.runs[i].accepted = false;
	if (!tap_ok(analyse_and_compare(&old, &new, &oa, &na, &c2),
		    "compared without state 0"))
		return;
	const state_change *s10 = find_state(c2, 10);
	tap_ok(c2->n_states == 3 && s10
	       && c2->effects[s10->first].change.stream_seed
		  == before.stream_seed
	       && memcmp(&c2->effects[s10->first].change.lo, &before.lo,
			 sizeof before.lo) == 0
	       && memcmp(&c2->effects[s10->first].change.hi, &before.hi,
			 sizeof before.hi) == 0,
	       "state 10's interval does not move when state 0 is dropped");
	free_all(c2, oa, na);
}

static bool compare_page_has(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const char *lang,
			     const char *want);

/* Different series ids: each new series against each old one; a
 * different threshold and states: flagged, the old plan's used. */
static void check_unmatched(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;

	build_old(&old, "1", "2");
	build_new(&new, "a", "b");
	new.s.plan.threshold = 2.0;
	new.s.plan.n_states = 4;           /* drops 100 (the last state) */
	if (!tap_ok(analyse_and_compare(&old, &new, &oa, &na, &c),
		    "studies with other series ids are compared"))
		return;
	tap_ok(!c->series_matched, "other ids: not matched by id");
	tap_ok(c->plan_diff == (PLAN_DIFF_THRESHOLD | PLAN_DIFF_STATES),
	       "threshold and states are flagged (got %#x)", c->plan_diff);
	tap_ok(c->n_only_old == 1 && c->only_old[0].value == 100
	       && c->n_only_new == 0, "100 is in the old plan only");
	tap_near(c->threshold, 1.0, 0, "the old plan's threshold is used");
	const state_change *s10 = find_state(c, 10);
	tap_ok(s10 && s10->count == 4, "state 10: 2 x 2 series pairs");
	tap_ok(s10 && c->effects[s10->first].old_series == 0
	       && c->effects[s10->first].new_series == 0
	       && c->effects[s10->first + 1].old_series == 0
	       && c->effects[s10->first + 1].new_series == 1
	       && c->effects[s10->first + 2].old_series == 1
	       && c->effects[s10->first + 2].new_series == 0,
	       "pairs in old series order, then new series order");
	tap_ok(c->n_baseline == 4, "baseline: 4 series pairs");
	/* The old series stands after the preposition: Czech declines
	   it ("sérii L1" for the study's label L1), and its adjective
	   agrees with the declined word. */
	tap_ok(compare_page_has(&old.s, oa, &new.s, na, c, "cs",
				"| L2 (nov\xc3\xa1) proti s\xc3\xa9rii L1 "
				"(star\xc3\xa9) |"),
	       "compare page, cs: L2 (nová) proti sérii L1 (staré)");
	tap_ok(compare_page_has(&old.s, oa, &new.s, na, c, "de",
				"| L2 (neu) gegen\xc3\xbc" "ber L1 (alt) |"),
	       "compare page, de: L2 (neu) gegenüber L1 (alt)");
	tap_ok(compare_page_has(&old.s, oa, &new.s, na, c, "en",
				"| L2 (new) against L1 (old) |"),
	       "compare page, en: L2 (new) against L1 (old)");
	free_all(c, oa, na);
}

/* Changes the setting WHICH of plan P to something else. */
static void change_setting(study_plan *p, unsigned which)
{
	switch (which) {
	case PLAN_DIFF_COLUMN: p->column = (char *)"rx_mbps"; break;
	case PLAN_DIFF_SCALE: p->scale = 1.0; break;
	case PLAN_DIFF_UNIT: p->unit = (char *)"Mbit/s"; break;
	case PLAN_DIFF_BETTER: p->better = BETTER_HIGHER; break;
	case PLAN_DIFF_STATISTIC: p->statistic.prob = 0.95; break;
	case PLAN_DIFF_REFERENCE: p->reference = num_state(10); break;
	case PLAN_DIFF_THRESHOLD: p->threshold = 2.0; break;
	case PLAN_DIFF_CONFIDENCE: p->confidence = 0.9; break;
	case PLAN_DIFF_INTERVAL: p->interval = INTERVAL_BCA; break;
	case PLAN_DIFF_STATES: p->n_states = 4; break;
	case PLAN_DIFF_STATE_TYPE: p->state_type = PB_STATE_NAME; break;
	case PLAN_DIFF_LOOKS:
		p->looks[0] = 5;
		p->looks[1] = 10;
		p->n_looks = 2;
		break;
	case PLAN_DIFF_FILTER: {
		static plan_condition game = { (char *)"Application",
					       (char *)"game.exe", true };
		p->filter = &game;
		p->n_filter = 1;
		break;
	}
	case PLAN_DIFF_MISSING: {
		static char *na[] = { (char *)"NA" };
		p->missing = na;
		p->n_missing = 1;
		p->missing_limit = 50000;
		break;
	}
	default: break;
	}
}

/* Each setting changed alone is flagged alone; the six that say what is
 * measured (column, scale, unit, better, statistic, reference), the
 * state type (numbers are not names) and the rows used (the filter, the
 * missing values) stop the comparison, the other five (the looks among
 * them) do not.  Plans are compared, not analysed, so
 * a plan changed after its analysis is fine here. */
static void check_incomparable(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	static const char *const names[PLAN_DIFF_FIELDS] = {
		"column", "scale", "unit", "better", "statistic", "reference",
		"threshold", "confidence", "interval", "states", "state_type",
		"looks", "filter", "missing"
	};

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	old.s.plan.column = new.s.plan.column = (char *)"latency_us";
	old.s.plan.scale = new.s.plan.scale = 0.001;
	if (!tap_ok(analyse(&old, &oa) && analyse(&new, &na),
		    "hand studies analysed (incomparable plans)"))
		return;
	for (unsigned i = 0; i < PLAN_DIFF_FIELDS; i++) {
		unsigned bit = 1u << i;
		study_plan saved = new.s.plan;
		builddiff_result *c = NULL;
		bool fatal = i < 6 || bit == PLAN_DIFF_STATE_TYPE
			     || bit == PLAN_DIFF_FILTER
			     || bit == PLAN_DIFF_MISSING;
		pb_status st;

		change_setting(&new.s.plan, bit);
		tap_ok(builddiff_plan_diff(&old.s.plan, &new.s.plan) == bit,
		       "%s alone differs: flagged alone", names[i]);
		st = builddiff_run_min(&old.s, oa, &new.s, na, HAND_MIN_PAIRS, &c);
		tap_ok(fatal ? st == PB_DATAERR && c == NULL
			     : st == PB_OK && c && c->plan_diff == bit,
		       "%s: %s", names[i], fatal ? "not compared (65)"
					   : "compared, flagged");
		builddiff_free(c);
		new.s.plan = saved;
	}
	tap_ok(builddiff_plan_diff(&old.s.plan, &new.s.plan) == 0,
	       "restored: no difference");
	analysis_free(oa);
	analysis_free(na);
}

/* Higher is better in both plans: the same intervals, read the other
 * way (see the top of this file). */
static void check_higher_better(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	old.s.plan.better = new.s.plan.better = BETTER_HIGHER;
	if (!tap_ok(analyse_and_compare(&old, &new, &oa, &na, &c),
		    "higher is better: compared"))
		return;
	const state_change *s10 = find_state(c, 10);
	const state_change *s100 = find_state(c, 100);
	tap_ok(s10 && s10->verdict == CHANGE_CHANGED
	       && s10->direction == CHANGE_BETTER,
	       "state 10: +5 with higher better is better");
	tap_ok(s100 && c->effects[s100->first].change.direction == CHANGE_WORSE
	       && c->effects[s100->first + 1].change.direction
		  == CHANGE_BETTER,
	       "state 100: -3 worse in series 1, +3 better in series 2");
	free_all(c, oa, na);
}

/* With the minimum a claim needs (builddiff_run's default), the 2-pair hand
 * studies claim no change: state 10's interval is still [4.5, 5.5] (see
 * the top), far beyond T, but neither study makes a claim from 2 pairs,
 * so the comparison does not either, and gives no direction. */
static void check_min_pairs(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	if (!tap_ok(analyse(&old, &oa) && analyse(&new, &na)
		    && builddiff_run(&old.s, oa, &new.s, na, &c) == PB_OK,
		    "2 pairs, the default minimum: compared"))
		return;
	const state_change *s10 = find_state(c, 10);
	const effect_change *e = s10 ? &c->effects[s10->first] : NULL;
	tap_ok(e && e->change.defined && fabs(e->change.lo - 4.5) < 1e-9
	       && fabs(e->change.hi - 5.5) < 1e-9
	       && e->change.verdict == CHANGE_NOT_ESTABLISHED
	       && e->change.direction == CHANGE_NO_DIRECTION
	       && !e->change.fragile,
	       "state 10 from 2 pairs: the interval, and no change claimed");
	tap_ok(s10 && s10->verdict == CHANGE_NOT_ESTABLISHED
	       && s10->direction == CHANGE_NO_DIRECTION,
	       "and none across series");
	free_all(c, oa, na);
}

static void check_verdict_rule(void)
{
	const double t = 1.784;
	tap_ok(change_verdict_of(true, 1.785, 3, t) == CHANGE_CHANGED,
	       "lo just beyond T: changed");
	tap_ok(change_verdict_of(true, -3, -1.785, t) == CHANGE_CHANGED,
	       "hi just beyond -T: changed");
	tap_ok(change_verdict_of(true, 1.784, 3, t) == CHANGE_SIZE_OPEN,
	       "lo exactly at T: not beyond it, a change of open size");
	tap_ok(change_verdict_of(true, -1.783, 1.783, t) == CHANGE_UNCHANGED,
	       "inside (-T, T): unchanged within threshold");
	tap_ok(change_verdict_of(true, -1.784, 0.5, t)
	       == CHANGE_NOT_ESTABLISHED,
	       "lo exactly at -T: not inside, no change established");
	tap_ok(change_verdict_of(true, 0.5, 2.5, t) == CHANGE_SIZE_OPEN,
	       "excludes 0 but reaches past T: a change of open size");
	tap_ok(change_verdict_of(true, -2.5, -0.001, t) == CHANGE_SIZE_OPEN,
	       "below 0, reaching past -T: a change of open size");
	tap_ok(change_verdict_of(true, 0, 2.5, t) == CHANGE_NOT_ESTABLISHED
	       && change_verdict_of(true, -2.5, 0, t)
		  == CHANGE_NOT_ESTABLISHED,
	       "an endpoint exactly at 0 does not exclude it: no change "
	       "established");
	tap_ok(change_verdict_of(true, 0.5, 1.5, t) == CHANGE_UNCHANGED,
	       "excludes 0 wholly inside (-T, T): unchanged within threshold");
	tap_ok(change_verdict_found(CHANGE_CHANGED)
	       && change_verdict_found(CHANGE_SIZE_OPEN)
	       && !change_verdict_found(CHANGE_UNCHANGED)
	       && !change_verdict_found(CHANGE_NOT_ESTABLISHED)
	       && !change_verdict_found(CHANGE_NO_INTERVAL),
	       "changed and changed-size-open find a change, no other");
	tap_ok(change_verdict_of(false, 0, 0, t) == CHANGE_NO_INTERVAL,
	       "undefined: no-interval");
	change_verdict v;
	tap_ok(change_verdict_from_code("unchanged-within-threshold", &v)
	       && v == CHANGE_UNCHANGED
	       && strcmp(change_verdict_code(CHANGE_NOT_ESTABLISHED),
			 "no-change-established") == 0
	       && !change_verdict_from_code("harm", &v),
	       "codes round-trip");
	tap_ok(change_verdict_from_code("changed-size-open", &v)
	       && v == CHANGE_SIZE_OPEN
	       && strcmp(change_verdict_code(CHANGE_SIZE_OPEN),
			 "changed-size-open") == 0,
	       "changed-size-open round-trips");
	tap_ok(change_direction_of(CHANGE_CHANGED, 1.785, BETTER_LOWER)
	       == CHANGE_WORSE, "changed upwards, lower better: worse");
	tap_ok(change_direction_of(CHANGE_CHANGED, -3, BETTER_LOWER)
	       == CHANGE_BETTER, "changed downwards, lower better: better");
	tap_ok(change_direction_of(CHANGE_CHANGED, 1.785, BETTER_HIGHER)
	       == CHANGE_BETTER, "changed upwards, higher better: better");
	tap_ok(change_direction_of(CHANGE_CHANGED, -3, BETTER_HIGHER)
	       == CHANGE_WORSE, "changed downwards, higher better: worse");
	tap_ok(change_direction_of(CHANGE_SIZE_OPEN, 0.5, BETTER_LOWER)
	       == CHANGE_WORSE
	       && change_direction_of(CHANGE_SIZE_OPEN, -2.5, BETTER_LOWER)
	       == CHANGE_BETTER
	       && change_direction_of(CHANGE_SIZE_OPEN, 0.5, BETTER_HIGHER)
	       == CHANGE_BETTER
	       && change_direction_of(CHANGE_SIZE_OPEN, -2.5, BETTER_HIGHER)
	       == CHANGE_WORSE,
	       "a change of open size has a direction, by the better side");
	tap_ok(change_direction_of(CHANGE_NOT_ESTABLISHED, 0.5, BETTER_LOWER)
	       == CHANGE_NO_DIRECTION
	       && change_direction_of(CHANGE_UNCHANGED, 0.5, BETTER_LOWER)
	       == CHANGE_NO_DIRECTION,
	       "no change: no direction, whatever the interval");
	tap_ok(strcmp(change_direction_code(CHANGE_BETTER), "better") == 0
	       && strcmp(change_direction_code(CHANGE_WORSE), "worse") == 0
	       && change_direction_code(CHANGE_NO_DIRECTION) == NULL,
	       "direction codes: better, worse, none");
}

/* The lines of the page's "Small samples" section, from its heading to
 * the next one, in a new string (g_free), or NULL. */
static gchar *small_samples_section(const GString *page)
{
	const char *start = strstr(page->str, "## Small samples\n");
	const char *end;

	if (!start)
		return NULL;
	end = strstr(start + 3, "\n## ");
	return g_strndup(start, end ? (size_t)(end - start) : strlen(start));
}

/* The page's small-sample caveats, with coverages set by hand: in the old
 * build only series 1 is flagged, at 2 pairs (simulated at 2), 50%; in
 * the new build every comparison, simulated at 3 pairs, 60%.  So the old
 * build's bullet names the four effects of series 1 ("L1", the label),
 * the new build's applies to every effect. */
static void check_page_small_samples(void)
{
	static hand_study old, new;
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;
	GString *page = g_string_new(NULL);
	gchar *got;

	build_old(&old, "1", "2");
	build_new(&new, "1", "2");
	old.s.name = (char *)"old";
	new.s.name = (char *)"new";
	if (!tap_ok(analyse_and_compare(&old, &new, &oa, &na, &c),
		    "hand studies compared (page)"))
		goto out;
	for (size_t i = 0; i < oa->n_cmp; i++) {
		oa->cmp[i].small_sample = oa->cmp[i].series == 0;
		oa->cmp[i].coverage = 0.5;
		oa->cmp[i].coverage_pairs = 2;
	}
	for (size_t i = 0; i < na->n_cmp; i++) {
		na->cmp[i].small_sample = true;
		na->cmp[i].coverage = 0.6;
		na->cmp[i].coverage_pairs = 3;
	}
	if (!tap_ok(builddiff_md_render(&old.s, oa, &new.s, na, c, "en", page)
		    == PB_OK, "the English page renders"))
		goto out;
	got = small_samples_section(page);
	tap_streq(got, "## Small samples\n\n"
		  "- Old build: with 2 pairs, a nominal 95% interval of method "
		  "`percentile` covered the true difference in only 50% of "
		  "simulated studies with strongly skewed differences "
		  "(docs/statistics.md); a change computed from such an effect "
		  "may be less certain than its confidence suggests. This "
		  "applies to L1 `10`, L1 `0`, L1 `50`, L1 `100`.\n"
		  "- New build: with 2 pairs (simulated at 3), a nominal 95% "
		  "interval of method `percentile` covered the true difference "
		  "in only 60% of simulated studies with strongly skewed "
		  "differences (docs/statistics.md); a change computed from "
		  "such an effect may be less certain than its confidence "
		  "suggests. This applies to every effect compared.\n",
		  "small samples: series 1 of the old build, every effect of "
		  "the new");
	g_free(got);
	for (size_t i = 0; i < na->n_cmp; i++)
		na->cmp[i].small_sample = oa->cmp[i].small_sample = false;
	g_string_truncate(page, 0);
	tap_ok(builddiff_md_render(&old.s, oa, &new.s, na, c, "en", page)
	       == PB_OK && !strstr(page->str, "Small samples"),
	       "no small sample: no section");
	tap_ok(strstr(page->str, "| `10` | ") && strstr(page->str,
		"| changed, worse (lower is better) |"),
	       "state 10's change is worse on the page");
out:
	g_string_free(page, TRUE);
	free_all(c, oa, na);
}

/* The figure of the bundled pair, drawn on a recording surface: one
 * marker per state, series pair and slot (4 x 2 x 3): the old build's
 * effect above the new one's, and below both the change the verdict is
 * about, each at the position the axis gives it, inside the plot area.
 * Without the change drawn, its markers are missing. */
static void check_figure(const study *os, const analysis *oa,
			 const study *ns, const analysis *na,
			 const builddiff_result *c)
{
	fig_builddiff_input in = { os, ns, oa, na, c, "en" };
	cairo_surface_t *rec = cairo_recording_surface_create(
		CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	static fig_result res;
	pb_status st = fig_builddiff_draw(cr, &in, 480, &res);
	bool placed = res.n_marks == 24;

	tap_ok(st == PB_OK && res.has_axis, "the figure is drawn (%s)",
	       res.message);
	tap_ok(res.n_marks == 24, "24 markers: 4 states x 2 series x old, "
	       "new and change (got %zu)", res.n_marks);
	for (size_t i = 0; placed && i < c->n_effects; i++) {
		const effect_change *e = &c->effects[i];
		const fig_mark *mo = &res.marks[3 * i], *mn = &res.marks[3 * i + 1];
		double xo = axis_map(&res.axis, e->old_effect, res.x0, res.x1);
		double xn = axis_map(&res.axis, e->new_effect, res.x0, res.x1);
		placed = fabs(mo->x - xo) < 1e-6 && fabs(mn->x - xn) < 1e-6
			 && mo->y < mn->y && mo->y > res.y0 && mn->y < res.y1;
	}
	tap_ok(placed, "each build's marker sits at its effect, the old one "
	       "above");
	for (size_t i = 0; placed && i < c->n_effects; i++) {
		const effect_change *e = &c->effects[i];
		const fig_mark *mn = &res.marks[3 * i + 1];
		const fig_mark *mc = &res.marks[3 * i + 2];
		double xc = axis_map(&res.axis, e->change.estimate, res.x0,
				     res.x1);

		placed = fabs(mc->x - xc) < 1e-6 && mc->y > mn->y
			 && mc->y < res.y1 && mc->series == e->new_series;
	}
	tap_ok(placed, "the change, new minus old, sits at its estimate below "
	       "both builds");
	tap_ok(res.axis.lo <= -13.278 && res.axis.lo <= -15.325,
	       "the axis shows the changes' intervals (-13.278, -15.325: got "
	       "from %g)", res.axis.lo);
	placed = res.n_shapes == 16;
	for (size_t i = 0; placed && i < c->n_effects; i++) {
		const fig_shape *so = &res.shapes[2 * i];
		const fig_shape *sn = &res.shapes[2 * i + 1];
		const fig_mark *mo = &res.marks[3 * i], *mn = &res.marks[3 * i + 1];

		placed = fabs(so->y_base - mo->y) < 1e-9
			 && fabs(sn->y_base - mn->y) < 1e-9
			 && so->y_top < mo->y - 5 && sn->y_top < mn->y - 5
			 && sn->y_top > mo->y + 1 && so->y_top >= res.y0
			 && so->x0 >= res.x0 - 1e-9 && so->x1 <= res.x1 + 1e-9
			 && sn->x0 >= res.x0 - 1e-9 && sn->x1 <= res.x1 + 1e-9
			 && so->x0 < mo->x && so->x1 > mo->x
			 && sn->x0 < mn->x && sn->x1 > mn->x;
		if (!placed)
			tap_diag("effect %zu: old %.2f..%.2f base %.2f top %.2f "
				 "(marker %.2f), new %.2f..%.2f base %.2f top "
				 "%.2f (marker %.2f)", i, so->x0, so->x1,
				 so->y_base, so->y_top, mo->y, sn->x0, sn->x1,
				 sn->y_base, sn->y_top, mn->y);
	}
	tap_ok(placed, "16 densities (got %zu), each on its build's whisker "
	       "around its effect and rising above it, the new one below the "
	       "old one's whisker, inside the axis; none behind a change",
	       res.n_shapes);
	tap_ok(res.axis.lo <= -c->threshold && res.axis.hi >= 12.494,
	       "the axis shows the threshold band and the largest effect");
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
}

/* Whether the first message D kept holds WANT. */
static bool first_message_has(const diag *d, const char *want)
{
	const char *m = diag_kept(d) ? diag_message(d, 0) : NULL;

	if (!m || !strstr(m, want)) {
		tap_diag("message: %s", m ? m : "(none)");
		return false;
	}
	return true;
}

/* The figure's files: each format twice the same bytes, with its magic
 * number, and a PNG whose writing fails is reported under its file name
 * with the reason, whether nothing or part of it was written. */
static void check_figure_files(const study *os, const analysis *oa,
			       const study *ns, const analysis *na,
			       const builddiff_result *c)
{
	static const struct {
		unsigned format;
		const char *name, *magic;
	} files[3] = { { FIG_SVG, "compare.en.svg", "<?xml" },
		       { FIG_PNG, "compare.en.png", "\x89PNG" },
		       { FIG_PDF, "compare.en.pdf", "%PDF-" } };
	fig_builddiff_input in = { os, ns, oa, na, c, "en" };

	for (size_t f = 0; f < 3; f++) {
		diag *d = diag_new(NULL, 0);
		sink a, b;
		bool made;

		sink_init_buffer(&a);
		sink_init_buffer(&b);
		made = fig_builddiff_send(&in, files[f].format, "1787653200",
					files[f].name, sink_write, &a, d)
		       == PB_OK
		       && fig_builddiff_send(&in, files[f].format, "1787653200",
					   files[f].name, sink_write, &b, d)
		       == PB_OK;
		tap_ok(made && a.len > 1000 && a.len == b.len
		       && memcmp(a.data, b.data, a.len) == 0
		       && memcmp(a.data, files[f].magic,
				 strlen(files[f].magic)) == 0,
		       "%s: rendered twice, the same bytes", files[f].name);
		sink_free(&a);
		sink_free(&b);
		diag_free(d);
	}
	for (size_t limit = 0; limit <= 2000; limit += 2000) {
		diag *d = diag_new(NULL, 0);
		testlib_failing to = { limit, 0 };

		tap_ok(fig_builddiff_send(&in, FIG_PNG, NULL, "compare.en.png",
					testlib_fail_write, &to, d) == PB_IOERR
		       && first_message_has(d, "compare.en.png: cannot "
					    "write the PNG: "),
		       "a PNG write failing after %zu bytes: the message "
		       "names the file and says why", limit);
		diag_free(d);
	}
}

/* The bundled pair: on the new build a missing value is normalized to 20
 * with MMCSS running; nothing else changed.  These are exactly the changes
 * the comparison must report, and no others. */
static bool compare_page_has(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const char *lang,
			     const char *want)
{
	GString *g = g_string_new(NULL);
	bool found = builddiff_md_render(os, oa, ns, na, c, lang, g) == PB_OK
		     && strstr(g->str, want);

	if (!found)
		tap_diag("not on the %s page: %s", lang, want);
	g_string_free(g, TRUE);
	return found;
}

/* The comparison page's fragile note and printed precision, by changing
 * the first effect change (missing, series 1) in memory; T = 1.784, 3
 * decimals.  The upper endpoint -1.800 lies 0.016 beyond -T. */
static void check_page_words(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     builddiff_result *c)
{
	change_interval *ci = &c->effects[0].change;
	change_interval old = *ci;

	ci->fragile = true;
	ci->fragile_endpoint = "upper";
	ci->fragile_boundary = -1.784;
	ci->fragile_distance = -0.016;
	tap_ok(compare_page_has(os, oa, ns, na, c, "en", "the upper endpoint "
				"lies 0.016 ms outside the boundary -1.784 ms "
				"(judged by the Monte Carlo error)"),
	       "compare page: an endpoint beyond -T is outside it");
	tap_ok(compare_page_has(os, oa, ns, na, c, "cs", "horní mez leží "
				"0.016\xc2\xa0ms na vnější straně prahu "
				"-1.784\xc2\xa0ms"),
	       "compare page, cs: the same in Czech");
	/* -1.7838 would print as -1.784 = -T, 0.0004 as +0.000. */
	ci->estimate = 0.0004;
	ci->hi = -1.7838;
	tap_ok(compare_page_has(os, oa, ns, na, c, "en", "`+0.0004 ms`")
	       && compare_page_has(os, oa, ns, na, c, "en", "; -1.7838]`"),
	       "compare page: estimate and endpoint show their side");
	*ci = old;
}

/* The baseline row's change when both builds' reference means are equal
 * up to their rounding (the same runs summed in another order give 19.2
 * and the next double, a difference of 3.6e-15): 0, not
 * "+0.000000000000004 ms"; a real difference of 0.0004 ms is still
 * printed, with the decimals that keep it above 0.  Series 1's row of
 * the bundled pair, changed in memory. */
static void check_baseline_rounding(const study *os, const analysis *oa,
				    const study *ns, const analysis *na,
				    builddiff_result *c)
{
	baseline_change *b = &c->baseline[0];
	baseline_change old = *b;

	b->old_mean = 19.2;
	b->new_mean = nextafter(19.2, 20.0);
	b->change.estimate = b->new_mean - b->old_mean;
	tap_ok(b->change.estimate > 0
	       && compare_page_has(os, oa, ns, na, c, "en", "| Series 1 | "
				   "`19.200 ms` | `19.200 ms` | `0.000 ms` `["),
	       "compare page: a baseline change of one unit in the last "
	       "place of the means is printed as 0.000");
	b->new_mean = 19.2004;
	b->change.estimate = b->new_mean - b->old_mean;
	tap_ok(compare_page_has(os, oa, ns, na, c, "en", "| `19.200 ms` | "
				"`19.200 ms` | `+0.0004 ms` `["),
	       "compare page: a baseline change of 0.0004 ms is printed");
	*b = old;
}

/* The bundled old and new build studies compared, and what the page and
 * JSON say of them; one function for the one comparison all the checks
 * read. */
static void check_fixtures(void)
{
	study *os = testlib_load("mmcss-26200.9168"), *ns = testlib_load("mmcss-newbuild");
	analysis *oa = NULL, *na = NULL;
	builddiff_result *c = NULL;
	diag *d = diag_new(stderr, 20);
	size_t changed = 0;

	if (!os || !ns || analysis_run(os, d, &oa) != PB_OK
	    || analysis_run(ns, d, &na) != PB_OK
	    || !tap_ok(builddiff_run(os, oa, ns, na, &c) == PB_OK,
		       "the bundled studies are compared"))
		goto out;
	tap_ok(c->plan_diff == 0 && c->series_matched,
	       "same plan, series matched by id");

	/* Value handling: 13 written values, only missing changed. */
	tap_ok(c->n_values == 13, "13 written values (got %zu)", c->n_values);
	for (size_t i = 0; i < c->n_values; i++)
		changed += c->values[i].changed;
	tap_ok(changed == 1 && c->values[0].written.missing
	       && c->values[0].changed, "only the missing value changed");
	if (c->n_values && c->values[0].old_row != BUILDDIFF_NONE
	    && c->values[0].new_row != BUILDDIFF_NONE) {
		const boundary_row *a = &oa->summary->boundary[
			c->values[0].old_row];
		const boundary_row *b = &na->summary->boundary[
			c->values[0].new_row];
		tap_ok(a->api_ok && a->api_value == 100 && b->api_ok
		       && b->api_value == 20, "missing: API value 100 -> 20");
		tap_ok(a->service == 0 && b->service == 1,
		       "missing: MMCSS stopped -> running");
		tap_ok(a->outcome == OUTCOME_OBSERVATION_ONLY
		       && b->outcome == OUTCOME_OBSERVATION_ONLY
		       && !c->values[0].outcome_changed,
		       "missing: outcome stays observation-only");
	}
	for (size_t i = 0; i < c->n_values; i++) {
		const value_change *v = &c->values[i];
		if (v->written.missing || v->written.value != 99)
			continue;
		tap_ok(!v->changed && v->old_row != BUILDDIFF_NONE
		       && v->new_row != BUILDDIFF_NONE
		       && oa->summary->boundary[v->old_row].api_value == 90
		       && na->summary->boundary[v->new_row].api_value == 90,
		       "99 is still returned as 90");
	}

	/* Mechanism: 4 states, only missing changed, 0/4 -> 4/4. */
	changed = 0;
	for (size_t i = 0; i < c->n_mech; i++)
		changed += c->mech[i].changed;
	tap_ok(c->n_mech == 4 && changed == 1 && c->mech[0].state.missing
	       && c->mech[0].changed, "mechanism: only missing changed");
	if (c->n_mech && c->mech[0].old_idx != BUILDDIFF_NONE
	    && c->mech[0].new_idx != BUILDDIFF_NONE) {
		const mech_state_summary *a = &oa->summary->mech[
			c->mech[0].old_idx];
		const mech_state_summary *b = &na->summary->mech[
			c->mech[0].new_idx];
		tap_ok(a->registered == 0 && a->boots == 4
		       && b->registered == 4 && b->boots == 4,
		       "missing: registration 0/4 -> 4/4");
		tap_ok(a->n_variants == 1 && a->variants[0].win32[1] == 0
		       && a->variants[0].etw[1] == 8 && b->n_variants == 1
		       && b->variants[0].win32[1] == 10
		       && b->variants[0].etw[1] == 18
		       && c->mech[0].priority_changed,
		       "missing: priority 0 -> 0 -> 0 / 8 -> 8 -> 8 becomes "
		       "0 -> 10 -> 0 / 8 -> 18 -> 8");
	}

	/* Effects: missing changed in both series (its harm of about +11.6
	 * and +12.5 ms is gone), no other state changed. */
	tap_ok(c->n_states == 4, "4 states compared");
	for (size_t i = 0; i < c->n_states; i++) {
		const state_change *sc = &c->states[i];
		char buf[PB_STATE_BUFSIZE];
		/* The state's own text where it has one, else BUF. */
		const char *label = pb_state_format(sc->state, buf,
						    sizeof buf);
		if (sc->state.missing) {
			tap_ok(sc->verdict == CHANGE_CHANGED && sc->count == 2
			       && c->effects[sc->first].change.hi < 0
			       && c->effects[sc->first + 1].change.hi < 0,
			       "missing: the effect changed (lower) in both "
			       "series");
			tap_ok(sc->direction == CHANGE_BETTER,
			       "missing: lower latency is better");
			tap_ok(sc->old_verdict == VERDICT_HARM
			       && sc->new_verdict != VERDICT_HARM,
			       "missing: harm on the old build, not on the new");
		} else {
			tap_ok(sc->verdict != CHANGE_CHANGED,
			       "%s: not changed (%s)", label,
			       change_verdict_code(sc->verdict));
		}
	}
	tap_ok(c->baseline_verdict != CHANGE_CHANGED,
	       "the baseline (20) did not change");
	check_page_words(os, oa, ns, na, c);
	check_baseline_rounding(os, oa, ns, na, c);
	check_figure(os, oa, ns, na, c);
	check_figure_files(os, oa, ns, na, c);
out:
	builddiff_free(c);
	analysis_free(oa);
	analysis_free(na);
	study_free(os);
	study_free(ns);
	diag_free(d);
}

int main(void)
{
	check_fixtures();
	check_verdict_rule();
	check_hand();
	check_seed_independence();
	check_unmatched();
	check_incomparable();
	check_higher_better();
	check_min_pairs();
	check_page_small_samples();
	return tap_done();
}
