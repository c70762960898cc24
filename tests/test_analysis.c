/* test_analysis.c: the analysis of the bundled example studies gives the
 * published point estimates and conclusions, and a hand-made study gives
 * the numbers worked out by hand below. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "ingest/study.h"
#include "tests/tap.h"

static study *load(const char *name)
{
	char dir[1024];
	const char *top = getenv("top_srcdir");
	diag *d = diag_new(stderr, 20);
	study *s = NULL;
	snprintf(dir, sizeof dir, "%s/fixtures/%s", top ? top : ".", name);
	pb_status st = study_read(dir, d, &s);
	tap_ok(st == PB_OK, "%s is read (status %d)", name, (int)st);
	diag_free(d);
	return s;
}

static const comparison *find(const study *s, const analysis *a,
			      const char *series, const char *state)
{
	for (size_t i = 0; i < a->n_cmp; i++) {
		char label[PB_STATE_BUFSIZE];
		const comparison *c = &a->cmp[i];
		pb_state_format(s->plan.states[c->state], label, sizeof label);
		if (strcmp(s->plan.series[c->series].id, series) == 0
		    && strcmp(label, state) == 0)
			return c;
	}
	return NULL;
}

static const state_result *find_state(const study *s, const analysis *a,
				      const char *state)
{
	for (size_t i = 0; i < a->n_states; i++) {
		char label[PB_STATE_BUFSIZE];
		pb_state_format(s->plan.states[a->states[i].state], label,
				sizeof label);
		if (strcmp(label, state) == 0)
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
	{ "0", 1.267, -1.902, VERDICT_DIRECTION_DIFFERS },
	{ "100", 10.812, 12.074, VERDICT_HARM },
	{ "missing", 11.640, 12.494, VERDICT_HARM },
};

static void check_mmcss(void)
{
	study *s = load("mmcss-26200.9168");
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
	study *s = load("netthrottle");
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
 *             inside (-1, 1): detected-small.
 *   series B: 20 -> 5, 6, 7; 10 -> 5.2, 6.4, 6.9: differences 0.2, 0.4,
 *             -0.1, mean 1/6.  The smallest bootstrap mean, -0.1, has
 *             weight 1/27 > 0.025 and the largest, 0.4, also 1/27, so the
 *             interval is [-0.1, 0.4], inside (-1, 1): equivalent.
 *   Across series: two decisive, different verdicts: series-disagree.
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

static void check_hand_study(void)
{
	pb_state states[2] = { { false, false, 10 }, { false, false, 20 } };
	series_def series[2] = {
		{ (char *)"A", SERIES_LATENCY, (char *)"Series A", NULL },
		{ (char *)"B", SERIES_LATENCY, (char *)"Series B", NULL },
	};
	study_run runs[16];
	study s;
	analysis *a = NULL;
	diag *d = diag_new(stderr, 20);

	memset(&s, 0, sizeof s);
	s.plan.states = states;
	s.plan.n_states = 2;
	s.plan.series = series;
	s.plan.n_series = 2;
	s.plan.reference = states[1];
	s.plan.threshold = 1.0;
	s.plan.confidence = 0.95;
	s.plan.resamples_exact = true;
	s.plan.better = BETTER_LOWER;
	s.plan.interval = INTERVAL_PERCENTILE;
	s.runs = runs;
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
	tap_ok(ca->verdict == VERDICT_DETECTED_SMALL, "A: detected-small");
	tap_ok(cb->n_pairs == 3 && cb->n_unpaired == 0,
	       "B: 3 pairs; the excluded run is neither paired nor listed");
	tap_near(cb->boot.estimate, 1.0 / 6.0, 1e-12, "B: mean 1/6");
	tap_near(cb->boot.ci[INTERVAL_PERCENTILE].lo, -0.1, 1e-12,
		 "B: interval low -0.1");
	tap_near(cb->boot.ci[INTERVAL_PERCENTILE].hi, 0.4, 1e-12,
		 "B: interval high 0.4");
	tap_ok(cb->verdict == VERDICT_EQUIVALENT, "B: equivalent");
	/* 3 pairs: the nearest tabulated simulation is at 5 pairs, where a
	 * nominal 95% percentile interval covered 73.0 percent (analyze/coverage.c). */
	tap_ok(cb->coverage_known && cb->coverage_pairs == 5
	       && cb->small_sample, "B: small-sample note at 3 pairs");
	tap_near(cb->coverage, 0.730, 1e-12, "B: simulated coverage 0.730");
	tap_ok(a->n_states == 1 && a->states[0].verdict
	       == VERDICT_SERIES_DISAGREE, "across series: series-disagree");
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
	/* The effect of 10 in B minus A: 1/6 - 3/4 = -7/12. */
	tap_ok(a->n_between == 1 && a->between[0].defined,
	       "one between-series difference, with an interval");
	tap_near(a->between[0].difference, -7.0 / 12.0, 1e-12,
		 "between-series difference -7/12");
	tap_ok(a->between[0].lo <= a->between[0].hi,
	       "its interval is ordered");
	analysis_free(a);

	/* Only the 95% level was simulated: at 90% no figure is quoted. */
	s.plan.confidence = 0.90;
	tap_ok(analysis_run(&s, d, &a) == PB_OK && !a->cmp[1].coverage_known
	       && !a->cmp[1].small_sample, "no coverage note at a 90 percent level");
	analysis_free(a);
	diag_free(d);
}

int main(void)
{
	check_hand_study();
	check_mmcss();
	check_netthrottle();
	return tap_done();
}
