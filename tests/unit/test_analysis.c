/* test_analysis.c: the analysis of the bundled example studies gives the
 * published point estimates and conclusions, and a hand-made study gives
 * the numbers worked out by hand below. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/markdown.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

static const comparison *find(const study *s, const analysis *a,
			      const char *series, const char *state)
{
	for (size_t i = 0; i < a->n_cmp; i++) {
		char label[PB_STATE_BUFSIZE];
		const comparison *c = &a->cmp[i];
		const char *name = pb_state_format(s->plan.states[c->state],
						   label, sizeof label);
		if (strcmp(s->plan.series[c->series].id, series) == 0
		    && strcmp(name, state) == 0)
			return c;
	}
	return NULL;
}

static const state_result *find_state(const study *s, const analysis *a,
				      const char *state)
{
	for (size_t i = 0; i < a->n_states; i++) {
		char label[PB_STATE_BUFSIZE];
		const char *name = pb_state_format(
			s->plan.states[a->states[i].state], label,
			sizeof label);
		if (strcmp(name, state) == 0)
			return &a->states[i];
	}
	return NULL;
}

/* The published table of the SystemResponsiveness study (point estimates
 * in ms, at 3 decimals, and the conclusion across series). */
static const struct {
	const char *state;
	double s1, s2;
	verdict across;
} published[] = {
	{ "10", 0.625, 0.975, VERDICT_INDETERMINATE },
	{ "0", 1.267, -1.902, VERDICT_INDETERMINATE },
	{ "100", 10.812, 12.074, VERDICT_HARM },
	{ "missing", 11.640, 12.494, VERDICT_HARM },
};

static void check_mmcss(void)
{
	study *s = testlib_load("mmcss-26200.9168");
	analysis *a = NULL;
	diag *d = diag_new(stderr, 20);
	if (!s)
		return;
	tap_ok(analysis_run(s, d, &a) == PB_OK, "mmcss is analysed");
	tap_ok(a && a->n_cmp == 8, "8 comparisons: 4 states x 2 series");
	for (size_t i = 0; a && i < sizeof published / sizeof *published;
	     i++) {
		const comparison *c1 = find(s, a, "1", published[i].state);
		const comparison *c2 = find(s, a, "2", published[i].state);
		const state_result *r = find_state(s, a, published[i].state);
		char name[64];
		if (!tap_ok(c1 && c2 && r, "state %s compared in both series",
			    published[i].state))
			continue;
		snprintf(name, sizeof name, "series 1, %s: %+.3f ms",
			 published[i].state, published[i].s1);
		tap_near(c1->boot.estimate, published[i].s1, 5e-4, name);
		snprintf(name, sizeof name, "series 2, %s: %+.3f ms",
			 published[i].state, published[i].s2);
		tap_near(c2->boot.estimate, published[i].s2, 5e-4, name);
		tap_ok(c1->n_pairs == 10 && c2->n_pairs == 10,
		       "state %s: 10 pairs in each series", published[i].state);
		tap_ok(r->verdict == published[i].across,
		       "state %s: conclusion %s (got %s)", published[i].state,
		       verdict_code(published[i].across),
		       verdict_code(r->verdict));
	}
	analysis_free(a);
	diag_free(d);
	study_free(s);
}

static void check_netthrottle(void)
{
	study *s = testlib_load("netthrottle");
	analysis *a = NULL;
	diag *d = diag_new(stderr, 20);
	if (!s)
		return;
	tap_ok(analysis_run(s, d, &a) == PB_OK, "netthrottle is analysed");
	const state_result *r = a ? find_state(s, a, "0xFFFFFFFF") : NULL;
	const comparison *c = a ? find(s, a, "1", "0xFFFFFFFF") : NULL;
	tap_ok(r && r->verdict == VERDICT_BENEFIT,
	       "0xFFFFFFFF: benefit when higher is better (got %s)",
	       r ? verdict_code(r->verdict) : "none");
	tap_ok(c && c->boot.estimate > 700,
	       "0xFFFFFFFF gains about 800 Mbit/s over 10");
	analysis_free(a);
	diag_free(d);
	study_free(s);
}

/* A study built by hand, small enough to work out every number:
 *   series A: block 1: 20 -> 5.0, 10 -> 6.0; block 2: 20 -> 7.0,
 *             10 -> 7.5; block 3: 20 -> 4.0 only (unpaired).
 *             differences 1.0, 0.5: mean 0.75.  Exact bootstrap of the
 *             mean: 0.5 (1/4), 0.75 (1/2), 1.0 (1/4), so the 95%
 *             percentile interval is [0.5, 1.0]: it excludes 0 but is not
 *             inside (-1, 1), so the interval rule gives
 *             detected-size-open; 2 pairs are fewer than the 5 a claim
 *             needs: too-few-pairs.
 *   series B: 20 -> 5, 6, 7; 10 -> 5.2, 6.4, 6.9: differences 0.2, 0.4,
 *             -0.1, mean 1/6.  The smallest bootstrap mean, -0.1, has
 *             weight 1/27 > 0.025 and the largest, 0.4, also 1/27, so the
 *             interval is [-0.1, 0.4], inside (-1, 1): equivalent by
 *             the interval, too-few-pairs with 3 pairs.
 *   Across series: too-few-pairs.
 *   Reference spread: A {5, 7, 4}: mean 16/3, sd sqrt(7/3) = 1.527525;
 *   B {5, 6, 7}: mean 6, sd 1. */
static void add_run(study *s, const char *id, size_t series,
		    unsigned long block, uint32_t state, double stat)
{
	study_run *r = &s->runs[s->n_runs++];
	memset(r, 0, sizeof *r);
	r->id = (char *)id;
	r->series = series;
	r->block = block;
	r->state.value = state;
	r->accepted = true;
	r->has_statistic = true;
	r->statistic = stat;
}

/* A hand-made study S of N_SERIES latency series and the two STATES (the
 * second the reference), threshold 1, 95%, lower is better, percentile,
 * with no runs yet: they go into RUNS. */
static void hand_plan(study *s, pb_state *states, series_def *series,
		      size_t n_series, study_run *runs)
{
	memset(s, 0, sizeof *s);
	s->plan.states = states;
	s->plan.n_states = 2;
	s->plan.series = series;
	s->plan.n_series = n_series;
	s->plan.reference = states[1];
	s->plan.threshold = 1.0;
	s->plan.confidence = 0.95;
	s->plan.better = BETTER_LOWER;
	s->plan.interval = INTERVAL_PERCENTILE;
	s->runs = runs;
}

/* A small study written out run by run, and every number of its analysis
 * against the values worked out by hand; the runs are listed in full so
 * that the hand calculation can be followed. */
static void check_hand_study(void)
{
	pb_state states[2] = { { .value = 10 }, { .value = 20 } };
	series_def series[2] = {
		{ .id = (char *)"A", .kind = SERIES_LATENCY, .label = (char *)"Series A" },
		{ .id = (char *)"B", .kind = SERIES_LATENCY, .label = (char *)"Series B" },
	};
	study_run runs[16];
	study s;
	analysis *a = NULL;
	diag *d = diag_new(stderr, 20);

	hand_plan(&s, states, series, 2, runs);
	s.plan.resamples_exact = true;
	add_run(&s, "a1-20", 0, 1, 20, 5.0);
	add_run(&s, "a1-10", 0, 1, 10, 6.0);
	add_run(&s, "a2-10", 0, 2, 10, 7.5);
	add_run(&s, "a2-20", 0, 2, 20, 7.0);
	add_run(&s, "a3-20", 0, 3, 20, 4.0);
	add_run(&s, "b1-20", 1, 1, 20, 5.0);
	add_run(&s, "b1-10", 1, 1, 10, 5.2);
	add_run(&s, "b2-20", 1, 2, 20, 6.0);
	add_run(&s, "b2-10", 1, 2, 10, 6.4);
	add_run(&s, "b3-20", 1, 3, 20, 7.0);
	add_run(&s, "b3-10", 1, 3, 10, 6.9);
	add_run(&s, "b4-10", 1, 4, 10, 9.9);
	s.runs[s.n_runs - 1].accepted = false;   /* excluded: never paired */

	if (!tap_ok(analysis_run(&s, d, &a) == PB_OK && a->n_cmp == 2,
		    "hand study: two comparisons")) {
		diag_free(d);
		return;
	}
	const comparison *ca = &a->cmp[0], *cb = &a->cmp[1];
	tap_ok(ca->n_pairs == 2 && ca->blocks[0] == 1 && ca->blocks[1] == 2,
	       "A: blocks 1 and 2 are the pairs");
	tap_near(ca->diffs[0], 1.0, 1e-12, "A: block 1 difference 1.0");
	tap_near(ca->diffs[1], 0.5, 1e-12, "A: block 2 difference 0.5");
	tap_near(ca->boot.estimate, 0.75, 1e-12, "A: mean difference 0.75");
	tap_ok(ca->n_unpaired == 1 && ca->unpaired[0] == 4,
	       "A: the block 3 reference run is listed as unpaired");
	const boot_interval *ia = &ca->boot.ci[INTERVAL_PERCENTILE];
	tap_ok(ia->defined && ia->exact, "A: exact percentile interval");
	tap_near(ia->lo, 0.5, 1e-12, "A: interval low 0.5");
	tap_near(ia->hi, 1.0, 1e-12, "A: interval high 1.0");
	tap_ok(ca->verdict == VERDICT_TOO_FEW_PAIRS, "A: too-few-pairs");
	tap_ok(cb->n_pairs == 3 && cb->n_unpaired == 0,
	       "B: 3 pairs; the excluded run is neither paired nor listed");
	tap_near(cb->boot.estimate, 1.0 / 6.0, 1e-12, "B: mean 1/6");
	tap_near(cb->boot.ci[INTERVAL_PERCENTILE].lo, -0.1, 1e-12,
		 "B: interval low -0.1");
	tap_near(cb->boot.ci[INTERVAL_PERCENTILE].hi, 0.4, 1e-12,
		 "B: interval high 0.4");
	tap_ok(cb->verdict == VERDICT_TOO_FEW_PAIRS, "B: too-few-pairs");
	/* 3 pairs: the simulation's row of 3 pairs, where a nominal 95%
	 * percentile interval covered 63.7 percent (analyze/coverage.c,
	 * docs/statistics.md), not a row of another number of pairs. */
	tap_ok(cb->coverage_known && cb->coverage_pairs == 3
	       && cb->small_sample && !cb->coverage_beyond,
	       "B: small-sample note at 3 pairs, from the row of 3 pairs");
	tap_near(cb->coverage, 0.637, 1e-12, "B: simulated coverage 0.637");
	tap_ok(a->n_states == 1 && a->states[0].verdict
	       == VERDICT_TOO_FEW_PAIRS, "across series: too-few-pairs");
	tap_near(a->spread[0].mean, 16.0 / 3.0, 1e-12, "A: reference mean");
	tap_near(a->spread[0].sd, sqrt(7.0 / 3.0), 1e-12, "A: reference sd");
	tap_near(a->spread[0].min, 4.0, 0, "A: reference minimum 4");
	tap_near(a->spread[0].max, 7.0, 0, "A: reference maximum 7");
	tap_near(a->spread[1].sd, 1.0, 1e-12, "B: reference sd 1");
	/* Brown-Forsythe on the reference runs A {5, 7, 4}, B {5, 6, 7}:
	 * medians 5 and 6, absolute deviations A {0, 2, 1} (mean 1) and
	 * B {1, 0, 1} (mean 2/3), grand mean 5/6.  Between groups
	 * 3 (1/6)^2 + 3 (1/6)^2 = 1/6; within 2 + 2/3 = 8/3; so
	 * F = 4 (1/6) / (8/3) = 1/4 on (1, 4) degrees of freedom.  F(1, 4) is
	 * the square of Student's t with 4, whose distribution function is
	 * 1/2 + (3/8) u (1 - t^2 / (12 (1 + t^2/4))), u = t / sqrt(1 + t^2/4):
	 * at t = 1/2, u = 2 / sqrt(17) and the bracket is 50/51, so
	 * p = P(|T| >= 1/2) = 1 - 25 / (17 sqrt(17)) = 0.643330.  R's
	 * anova(lm(abs(x - ave(x, g, FUN = median)) ~ g)) gives F 0.25 and
	 * p 0.64333. */
	tap_ok(a->n_spread_tests == 1, "one pair of series tested for spread");
	tap_near(a->spread_tests[0].ratio, sqrt(3.0 / 7.0), 1e-12,
		 "SD ratio B over A");
	tap_near(a->spread_tests[0].statistic, 0.25, 1e-12,
		 "Brown-Forsythe F = 1/4");
	tap_near(a->spread_tests[0].df_within, 4, 0, "on (1, 4) df");
	tap_near(a->spread_tests[0].p_value, 1 - 25 / (17 * sqrt(17.0)), 1e-9,
		 "Brown-Forsythe p = 0.643");
	tap_ok(!a->spread_tests[0].differs
	       && a->spread_tests[0].finding == HETERO_SAME,
	       "the spreads do not differ");
	/* The effect of 10 in B minus A: 1/6 - 3/4 = -7/12; with at most 3
	 * pairs a series, fewer than the 5 a claim needs in each, it is
	 * given without an interval, and cannot be judged. */
	tap_ok(a->n_between == 1 && !a->between[0].defined
	       && a->between[0].finding == HETERO_UNJUDGED,
	       "one between-series difference, too few pairs to judge it");
	tap_near(a->between[0].difference, -7.0 / 12.0, 1e-12,
		 "between-series difference -7/12");
	analysis_free(a);

	/* Only the 95% level was simulated: at 90% no figure is quoted. */
	s.plan.confidence = 0.90;
	tap_ok(analysis_run(&s, d, &a) == PB_OK && !a->cmp[1].coverage_known
	       && !a->cmp[1].small_sample, "no coverage note at a 90 percent level");
	analysis_free(a);
	diag_free(d);
}

/* N blocks of one series, state 10 minus reference 20 differing by 0.1 i
 * in block i, analysed with METHOD; the first comparison of *A. */
static const comparison *pairs_study(size_t n, interval_method method,
				     analysis **a)
{
	static pb_state states[2] = { { .value = 10 },
				      { .value = 20 } };
	static series_def series[1] = {
		{ .id = (char *)"A", .kind = SERIES_LATENCY, .label = (char *)"Series A" },
	};
	static study_run runs[2 * 41];
	static study s;
	diag *d = diag_new(stderr, 20);
	pb_status st;

	hand_plan(&s, states, series, 1, runs);
	s.plan.resamples = 1000;
	s.plan.seed = 3;
	s.plan.interval = method;
	for (size_t i = 0; i < n; i++) {
		add_run(&s, "ref", 0, i + 1, 20, 5.0);
		add_run(&s, "state", 0, i + 1, 10, 5.0 + 0.1 * (double)i);
	}
	st = analysis_run(&s, d, a);
	diag_free(d);
	return st == PB_OK && (*a)->n_cmp == 1 ? &(*a)->cmp[0] : NULL;
}

/* The simulated coverage quoted is the row of the comparison's own number
 * of pairs, up to 40; beyond the table the report is told so. */
static void check_coverage_rows(void)
{
	analysis *a = NULL;
	const comparison *c = pairs_study(40, INTERVAL_PERCENTILE, &a);

	/* docs/statistics.md: percentile at 40 pairs, 0.888. */
	tap_ok(c && c->coverage_known && c->coverage_pairs == 40
	       && !c->coverage_beyond && c->small_sample,
	       "40 pairs: the row of 40 pairs is quoted");
	tap_near(c ? c->coverage : NAN, 0.888, 1e-12,
		 "40 pairs: simulated coverage 0.888");
	analysis_free(a);
	c = pairs_study(41, INTERVAL_PERCENTILE, &a);
	tap_ok(c && !c->coverage_known && !c->small_sample
	       && c->coverage_beyond,
	       "41 pairs: beyond the simulated table, nothing quoted");
	analysis_free(a);
	c = pairs_study(3, INTERVAL_STUDENTIZED, &a);
	tap_ok(c && !c->boot.ci[INTERVAL_STUDENTIZED].defined
	       && !c->coverage_known && !c->small_sample && !c->coverage_beyond
	       && c->verdict == VERDICT_NO_INTERVAL,
	       "studentized at 3 pairs: no interval, no coverage figure");
	analysis_free(a);
	c = pairs_study(4, INTERVAL_STUDENTIZED, &a);
	tap_ok(c && c->boot.ci[INTERVAL_STUDENTIZED].defined
	       && c->coverage_known && c->coverage_pairs == 4,
	       "studentized at 4 pairs: an interval and its row");
	tap_near(c ? c->coverage : NAN, 0.903, 1e-12,
		 "studentized at 4 pairs: simulated coverage 0.903");
	analysis_free(a);
}

/* ---- small studies, end to end ---------------------------------------
 * Each has state 10 against the reference 20, lower is better, an exact
 * bootstrap and the percentile interval.  Every block holds a reference
 * run with statistic 10 and a state run with 10 + d, so the per-block
 * differences are the d given.  The page's numbers have the decimals of
 * the threshold. */

typedef struct small_study {
	study s;
	pb_state states[2];
	series_def series[2];
	study_run runs[32];
	char ids[32][40];
} small_study;

static void small_init(small_study *m, size_t n_series, double threshold,
		       int decimals)
{
	memset(m, 0, sizeof *m);
	m->states[0] = (pb_state){ .value = 10 };
	m->states[1] = (pb_state){ .value = 20 };
	m->series[0] = (series_def){ .id = (char *)"1", .kind = SERIES_LATENCY,
				     .label = (char *)"Series 1" };
	m->series[1] = (series_def){ .id = (char *)"2", .kind = SERIES_LATENCY,
				     .label = (char *)"Series 2" };
	m->s.dir = (char *)"small";
	m->s.name = (char *)"small";
	m->s.plan.format = 1;
	m->s.plan.title = (char *)"Small study";
	m->s.plan.build = (char *)"1";
	m->s.plan.column = (char *)"latency_us";
	m->s.plan.scale = 0.001;
	m->s.plan.unit = (char *)"ms";
	m->s.plan.better = BETTER_LOWER;
	m->s.plan.statistic = (stat_spec){ STAT_MEAN, 0.0, "mean" };
	m->s.plan.reference = m->states[1];
	m->s.plan.threshold = threshold;
	m->s.plan.threshold_decimals = decimals;
	m->s.plan.confidence = 0.95;
	m->s.plan.resamples_exact = true;
	m->s.plan.interval = INTERVAL_PERCENTILE;
	m->s.plan.states = m->states;
	m->s.plan.n_states = 2;
	m->s.plan.series = m->series;
	m->s.plan.n_series = n_series;
	m->s.runs = m->runs;
}

/* Adds one block of SERIES whose difference is D. */
static void small_block(small_study *m, size_t series, unsigned long block,
			double d)
{
	for (int k = 0; k < 2; k++) {
		size_t i = m->s.n_runs;
		snprintf(m->ids[i], sizeof m->ids[i], "s%zu-b%lu-%d",
			 series + 1, block, k);
		add_run(&m->s, m->ids[i], series, block, k ? 20 : 10,
			k ? 10.0 : 10.0 + d);
	}
}

/* Whether the English page of M's analysis A holds TEXT, saying nothing
 * either way. */
static bool small_page_has_quiet(const small_study *m, const analysis *a,
				 const char *text)
{
	GString *g = g_string_new(NULL);
	bool found = markdown_render(&m->s, a, "en", g) == PB_OK
		     && strstr(g->str, text);

	g_string_free(g, TRUE);
	return found;
}

/* The English page of M's analysis A holds WANT. */
static bool small_page_has(const small_study *m, const analysis *a,
			   const char *want)
{
	GString *g = g_string_new(NULL);
	bool ok = markdown_render(&m->s, a, "en", g) == PB_OK
		  && strstr(g->str, want);

	if (!ok)
		tap_diag("not on the page: %s", want);
	g_string_free(g, TRUE);
	return ok;
}

static analysis *small_run(small_study *m, const char *what)
{
	analysis *a = NULL;
	diag *d = diag_new(stderr, 20);

	if (!tap_ok(analysis_run(&m->s, d, &a) == PB_OK && a->n_states == 1,
		    "%s: analysed", what))
		a = NULL;
	diag_free(d);
	return a;
}

/* 2 pairs, d = 1.9 and 2.1, T = 1.784: the exact bootstrap means are
 * 1.9 (1/4), 2.0 (1/2), 2.1 (1/4), so the 95% percentile interval is
 * [1.9, 2.1] = [min, max], wholly past T: harm by the interval rule, but
 * 2 pairs are below the 5 a claim needs. */
static void check_two_pairs(void)
{
	small_study m;
	analysis *a;

	small_init(&m, 1, 1.784, 3);
	small_block(&m, 0, 1, 1.9);
	small_block(&m, 0, 2, 2.1);
	if (!(a = small_run(&m, "2 pairs")))
		return;
	const boot_interval *ci = &a->cmp[0].boot.ci[INTERVAL_PERCENTILE];
	tap_ok(ci->defined && fabs(ci->lo - 1.9) < 1e-12
	       && fabs(ci->hi - 2.1) < 1e-12, "2 pairs: interval [1.9, 2.1]");
	tap_ok(verdict_series(true, ci->lo, ci->hi, 1.784, BETTER_LOWER)
	       == VERDICT_HARM, "2 pairs: harm by the interval alone");
	tap_ok(a->cmp[0].verdict == VERDICT_TOO_FEW_PAIRS
	       && a->states[0].verdict == VERDICT_TOO_FEW_PAIRS,
	       "2 pairs: too-few-pairs, in the series and across");
	tap_ok(small_page_has(&m, a, "| `10` | `+2.000 ms` `[+1.900; +2.100]` "
			      "| too few pairs for a claim, which needs at "
			      "least 5 pairs |"),
	       "2 pairs: the page says too few pairs and the minimum");
	analysis_free(a);
}

/* 3 identical differences: every resample mean is the same, so the
 * interval is [d, d].  d = 3.00 with T = 1.25 would be harm, d = 0.50
 * equivalent; both give no-spread.  So do 6 identical differences,
 * enough pairs for a claim. */
static void check_no_spread(void)
{
	static const struct { size_t n; double d; const char *row; } cases[] = {
		{ 3, 3.0, "| `10` | `+3.00 ms` `[+3.00; +3.00]` | no spread "
		  "between blocks, so no claim |" },
		{ 3, 0.5, "| `10` | `+0.50 ms` `[+0.50; +0.50]` | no spread "
		  "between blocks, so no claim |" },
		{ 6, 0.5, "| `10` | `+0.50 ms` `[+0.50; +0.50]` | no spread "
		  "between blocks, so no claim |" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		small_study m;
		analysis *a;
		char what[64];

		snprintf(what, sizeof what, "%zu differences of %+.2f",
			 cases[i].n, cases[i].d);
		small_init(&m, 1, 1.25, 2);
		for (size_t b = 0; b < cases[i].n; b++)
			small_block(&m, 0, b + 1, cases[i].d);
		if (!(a = small_run(&m, what)))
			continue;
		tap_ok(a->cmp[0].verdict == VERDICT_NO_SPREAD
		       && a->states[0].verdict == VERDICT_NO_SPREAD,
		       "%s: no-spread (got %s)", what,
		       verdict_code(a->cmp[0].verdict));
		tap_ok(small_page_has(&m, a, cases[i].row),
		       "%s: the page says there is no spread", what);
		analysis_free(a);
	}
}

/* Every block 5.1 ms worse, on a reference that moves from block to block
 * (17.18, 17.55, ... 19.03 ms): in binary the differences come out as
 * 5.100000000000001, 5.099999999999998 and so on, not bit for bit equal,
 * yet there is no spread between the blocks, and no claim may be made
 * from the zero-width interval they give. */
static void check_no_spread_rounded(void)
{
	small_study m;
	analysis *a;
	bool unequal = false;

	small_init(&m, 1, 1.25, 2);
	for (size_t b = 0; b < 6; b++) {
		double ref = 17.18 + 0.37 * (double)b;
		size_t i = m.s.n_runs;
		snprintf(m.ids[i], sizeof m.ids[i], "r%zu", b);
		snprintf(m.ids[i + 1], sizeof m.ids[i + 1], "s%zu", b);
		add_run(&m.s, m.ids[i], 0, b + 1, 20, ref);
		add_run(&m.s, m.ids[i + 1], 0, b + 1, 10, ref + 5.1);
	}
	if (!(a = small_run(&m, "5.1 on a moving reference")))
		return;
	for (size_t k = 1; k < a->cmp[0].n_pairs; k++)
		unequal |= a->cmp[0].diffs[k] < a->cmp[0].diffs[0]
			   || a->cmp[0].diffs[k] > a->cmp[0].diffs[0];
	tap_ok(unequal, "the differences differ in their last bits");
	tap_ok(a->cmp[0].verdict == VERDICT_NO_SPREAD,
	       "yet: no spread, no claim (got %s)",
	       verdict_code(a->cmp[0].verdict));
	analysis_free(a);
}

/* Four pairs, d = 1.0, 2.0, 2.1, 2.2, T = 1.26, Monte Carlo: the lower
 * endpoint lies near T, where another seed could move it; but 4 pairs
 * make no claim, and no seed can change that, so it is not fragile. */
static void check_no_fragile_without_claim(void)
{
	static const double d[4] = { 1.0, 2.0, 2.1, 2.2 };
	small_study m;
	analysis *a;

	small_init(&m, 1, 1.26, 2);
	m.s.plan.resamples_exact = false;
	m.s.plan.resamples = 2000;
	m.s.plan.seed = 11;
	for (size_t b = 0; b < 4; b++)
		small_block(&m, 0, b + 1, d[b]);
	if (!(a = small_run(&m, "4 pairs near T")))
		return;
	tap_ok(a->cmp[0].verdict == VERDICT_TOO_FEW_PAIRS
	       && !a->cmp[0].boot.fragile,
	       "too few pairs: no fragile flag (%s, fragile %d)",
	       verdict_code(a->cmp[0].verdict), a->cmp[0].boot.fragile);
	tap_ok(!small_page_has_quiet(&m, a, "another seed"),
	       "and no seed warning on the page");
	analysis_free(a);
}

/* Five differences (in ms) 0.01, 0.40, 0.68, 1.54, 1.87: mean 4.50 / 5
 * = 0.90.  Of the 5^5 = 3125 equally likely resamples (enumerated
 * independently, in Python, with exact fractions), 61 have a mean below
 * 0.30 and 91 a mean of at most 0.30: the 2.5% point is 0.30 (61/3125 =
 * 0.0195 < 0.025 <= 91/3125 = 0.0291).  3043 have a mean of at most 1.50
 * and 3063 of at most 1.51: the 97.5% point is 1.51 (0.9738 < 0.975 <=
 * 0.9802).  With T = 1.25, [+0.30; +1.51] is not harm (0.30 < T), not
 * equivalent (1.51 >= T) and excludes 0: detected-size-open.  Mirrored
 * (-d) in a second series it is [-1.51; -0.30], detected-size-open the
 * other way, and the two series differ in direction. */
static const double five_d[5] = { 0.01, 0.40, 0.68, 1.54, 1.87 };

static void check_size_open(void)
{
	small_study m;
	analysis *a;

	small_init(&m, 1, 1.25, 2);
	for (size_t b = 0; b < 5; b++)
		small_block(&m, 0, b + 1, five_d[b]);
	if (!(a = small_run(&m, "+0.90 [+0.30; +1.51]")))
		return;
	const boot_interval *ci = &a->cmp[0].boot.ci[INTERVAL_PERCENTILE];
	tap_ok(fabs(a->cmp[0].boot.estimate - 0.90) < 1e-9
	       && fabs(ci->lo - 0.30) < 1e-9 && fabs(ci->hi - 1.51) < 1e-9,
	       "five pairs: +0.90 [+0.30; +1.51]");
	tap_ok(a->cmp[0].verdict == VERDICT_DETECTED
	       && a->states[0].verdict == VERDICT_DETECTED,
	       "+0.90 [+0.30; +1.51], T 1.25: detected-size-open (got %s)",
	       verdict_code(a->cmp[0].verdict));
	tap_ok(small_page_has(&m, a, "| `10` | `+0.90 ms` `[+0.30; +1.51]` | "
			      "higher `mean` than at the reference, which is "
			      "worse here; whether the difference reaches "
			      "the practical threshold is not established |"),
	       "the page leaves open whether the threshold is reached");
	analysis_free(a);
}

static void check_opposite(void)
{
	small_study m;
	analysis *a;

	small_init(&m, 2, 1.25, 2);
	for (size_t b = 0; b < 5; b++) {
		small_block(&m, 0, b + 1, five_d[b]);
		small_block(&m, 1, b + 1, -five_d[b]);
	}
	if (!(a = small_run(&m, "opposite series")))
		return;
	tap_ok(a->cmp[0].verdict == VERDICT_DETECTED
	       && a->cmp[1].verdict == VERDICT_DETECTED,
	       "opposite series: detected-size-open in each");
	tap_ok(a->states[0].verdict == VERDICT_OPPOSITE_DIRECTIONS,
	       "opposite series: opposite-directions across (got %s)",
	       verdict_code(a->states[0].verdict));
	tap_ok(small_page_has(&m, a, "| `10` | `+0.90 ms` `[+0.30; +1.51]` | "
			      "`-0.90 ms` `[-1.51; -0.30]` | series differ in "
			      "direction; no pooled conclusion: Series 1 "
			      "(higher `mean` than at the reference, which is "
			      "worse here; whether the difference reaches the "
			      "practical threshold is not established); "
			      "Series 2 (lower `mean` than at the reference, "
			      "which is better here; whether the difference "
			      "reaches the practical threshold is not "
			      "established) |"),
	       "opposite series: the page names each series' verdict");
	analysis_free(a);
}

int main(void)
{
	check_hand_study();
	check_coverage_rows();
	check_two_pairs();
	check_no_spread();
	check_no_spread_rounded();
	check_no_fragile_without_claim();
	check_size_open();
	check_opposite();
	check_mmcss();
	check_netthrottle();
	return tap_done();
}
