/* test_verify_engine.c: the matching engine of `pairboot verify`
 * (analyze/verify.c) on a study, an analysis and a published page made by
 * hand in memory, so that each verdict is seen without reading files.
 *
 * The study has one latency series "1" and the states 26, 38 and the
 * reference 20.  Its analysis says, for state 26: difference 1.234, 95%
 * percentile interval [0.496, 2.004]; for state 38: difference -0.4, no
 * interval.  The page states, at 2 decimals, for state 26: 1.23, CI
 * [0.50, 2.01], and a comparison of state 42, which the study lacks.
 *
 * Worked by hand: 1.234 rounds to 1.23 (match); 0.496 rounds to 0.50
 * (match); 2.004 rounds to 2.00, not 2.01 (MISMATCH, the last digit);
 * state 42 is not in data; state 38 is not published.  Within a tolerance
 * of 0.01, |2.004 - 2.01| = 0.006 matches, and |0.496 - 0.50| = 0.004
 * too. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/verify.h"
#include "tests/lib/tap.h"

typedef struct fixture {
	pb_state states[3];
	series_def series[1];
	study s;
	comparison cmp[2];
	study_summary summary;
	analysis a;
	pub_cmp pcmp[2];
	published p;
} fixture;

static pub_num page_num(double value)
{
	pub_num n = { true, value, 2, 10, 5 };
	return n;
}

static void fixture_init(fixture *f)
{
	memset(f, 0, sizeof *f);
	f->states[0].value = 26;
	f->states[1].value = 38;
	f->states[2].value = 20;
	f->series[0] = (series_def){ .id = (char *)"1",
				     .kind = SERIES_LATENCY,
				     .label = (char *)"Series 1" };
	f->s.plan.states = f->states;
	f->s.plan.n_states = 3;
	f->s.plan.series = f->series;
	f->s.plan.n_series = 1;
	f->s.plan.reference = f->states[2];
	f->s.plan.confidence = 0.95;
	f->s.plan.interval = INTERVAL_PERCENTILE;
	f->s.plan.unit = (char *)"ms";

	f->cmp[0].state = 0;
	f->cmp[0].n_pairs = 5;
	f->cmp[0].boot.estimate = 1.234;
	f->cmp[0].boot.ci[INTERVAL_PERCENTILE] =
		(boot_interval){ .defined = true, .lo = 0.496, .hi = 2.004 };
	f->cmp[1].state = 1;
	f->cmp[1].n_pairs = 1;
	f->cmp[1].boot.estimate = -0.4;
	f->a.cmp = f->cmp;
	f->a.n_cmp = 2;
	f->a.summary = &f->summary;

	f->pcmp[0].state = f->states[0];
	f->pcmp[0].series_label = (char *)"Series 1";
	f->pcmp[0].estimate = page_num(1.23);
	f->pcmp[0].lo = page_num(0.50);
	f->pcmp[0].hi = page_num(2.01);
	f->pcmp[1].state.value = 42;
	f->pcmp[1].series_label = (char *)"Series 1";
	f->pcmp[1].estimate = page_num(0.10);
	f->p.source = PUB_PAGE;
	f->p.cmp = f->pcmp;
	f->p.n_cmp = 2;
}

static const verify_item *find_item(const verify_result *r, const char *what)
{
	for (size_t i = 0; i < r->n_items; i++)
		if (strcmp(r->items[i].what, what) == 0)
			return &r->items[i];
	return NULL;
}

static bool item_is(const verify_result *r, const char *what,
		    verify_verdict v, const char *pub, const char *rec)
{
	const verify_item *it = find_item(r, what);

	if (!it) {
		tap_diag("no item '%s'", what);
		return false;
	}
	if (it->verdict != v || (pub == NULL) != (it->published == NULL)
	    || (rec == NULL) != (it->recomputed == NULL)
	    || (pub && strcmp(pub, it->published) != 0)
	    || (rec && strcmp(rec, it->recomputed) != 0)) {
		tap_diag("'%s': verdict %d, published %s, recomputed %s", what,
			 (int)it->verdict, it->published ? it->published
			 : "(none)", it->recomputed ? it->recomputed
			 : "(none)");
		return false;
	}
	return true;
}

static verify_result *run(const fixture *f, bool tolerance_given,
			  double tolerance)
{
	verify_options opt = { tolerance_given, tolerance, NULL };
	verify_result *r = NULL;

	if (verify_run(&f->s, &f->a, &f->p, &opt, &r) != PB_OK || !r)
		abort();
	return r;
}

static void check_page_precision(void)
{
	fixture f;
	verify_result *r;

	fixture_init(&f);
	r = run(&f, false, 0);
	tap_ok(!r->exact_ci, "a page's bounds are not compared exactly");
	tap_ok(item_is(r, "comparison 26, series 1: difference", VERIFY_MATCH,
		       "+1.23", "+1.23"),
	       "1.234 published as 1.23 matches at 2 decimals");
	tap_ok(item_is(r, "comparison 26, series 1: CI low", VERIFY_MATCH,
		       "+0.50", "+0.50"),
	       "0.496 published as 0.50 matches");
	tap_ok(item_is(r, "comparison 26, series 1: CI high", VERIFY_MISMATCH,
		       "+2.01", "+2.00"),
	       "2.004 published as 2.01 differs in the last digit");
	tap_ok(item_is(r, "comparison 42, series 1: difference",
		       VERIFY_NOT_IN_DATA, "+0.10", NULL),
	       "a state the study lacks is not in data");
	tap_ok(item_is(r, "comparison 38, series 1", VERIFY_OMITTED,
		       NULL, "-0.4"),
	       "a comparison the page lacks is not published, exactly");
	tap_ok(r->n_items == 5 && r->counts[VERIFY_MATCH] == 2
	       && r->counts[VERIFY_MISMATCH] == 1
	       && r->counts[VERIFY_NOT_IN_DATA] == 1
	       && r->counts[VERIFY_OMITTED] == 1,
	       "5 items: 2 match, 1 mismatch, 1 not in data, 1 not "
	       "published (%zu items)", r->n_items);
	tap_ok(!verify_result_follows(r, false),
	       "a mismatch means the page does not follow");
	verify_result_free(r);
}

static void check_tolerance(void)
{
	fixture f;
	verify_result *r;

	fixture_init(&f);
	f.p.n_cmp = 1;
	r = run(&f, true, 0.01);
	tap_ok(item_is(r, "comparison 26, series 1: CI high", VERIFY_MATCH,
		       "+2.01", "+2.00"),
	       "within 0.01, 2.004 matches a published 2.01");
	tap_ok(item_is(r, "comparison 26, series 1: difference", VERIFY_MATCH,
		       "+1.23", "+1.23"),
	       "the tolerance leaves the difference at its precision");
	tap_ok(r->counts[VERIFY_MISMATCH] == 0
	       && r->counts[VERIFY_NOT_IN_DATA] == 0
	       && r->counts[VERIFY_OMITTED] == 1
	       && verify_result_follows(r, true),
	       "without state 42, what the page states follows from the data");
	tap_ok(!verify_result_follows(r, false),
	       "but it omits comparison 38: no pass unless that is allowed");
	verify_result_free(r);

	r = run(&f, true, 0.005);
	tap_ok(item_is(r, "comparison 26, series 1: CI high", VERIFY_MISMATCH,
		       "+2.01", "+2.00"),
	       "within 0.005, 2.004 does not match 2.01 (0.006 apart)");
	verify_result_free(r);
}

int main(void)
{
	check_page_precision();
	check_tolerance();
	return tap_done();
}
