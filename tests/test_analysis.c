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

int main(void)
{
	check_mmcss();
	check_netthrottle();
	return tap_done();
}
