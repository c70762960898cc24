/* test_jsoncmp.c: a published results.json against the study's, key by
 * key (verify/jsoncmp.h): small trees written out by hand with the items
 * they must give, and the bundled study's own results.json after a trip
 * through the writer and the reader, which must match in every value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "ingest/results_json.h"
#include "ingest/study_read.h"
#include "render/results_json.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"
#include "verify/jsoncmp.h"

static const jsoncmp_options exact = { false, 0 };

/* The report of PUB against FRESH (JSON texts), or NULL (one failed
 * check) when either does not parse or the comparison fails. */
static vreport *compare(const char *pub_text, const char *fresh_text,
			const jsoncmp_options *opt, const char *name)
{
	json_error_t err;
	json_t *pub = json_loads(pub_text, 0, &err);
	json_t *fresh = json_loads(fresh_text, 0, &err);
	vreport *r = vreport_new();
	pb_status st = PB_SOFTWARE;

	if (pub && fresh && r)
		st = jsoncmp_run(pub, fresh, opt, r);
	json_decref(pub);
	json_decref(fresh);
	if (st != PB_OK) {
		tap_ok(false, "%s: compared (status %d)", name, (int)st);
		vreport_free(r);
		return NULL;
	}
	return r;
}

/* The item named WHAT, or NULL. */
static const vreport_item *item(const vreport *r, const char *what)
{
	for (size_t i = 0; r && i < vreport_n_items(r); i++)
		if (strcmp(vreport_item_at(r, i)->what, what) == 0)
			return vreport_item_at(r, i);
	return NULL;
}

static bool same_text(const char *got, const char *want)
{
	if (!got || !want)
		return got == want;
	return strcmp(got, want) == 0;
}

/* Item WHAT of R has the verdict WANT and the texts PUB and FRESH (NULL: none). */
static void expect(const vreport *r, const char *what,
		   vreport_verdict want, const char *pub, const char *fresh)
{
	const vreport_item *it = item(r, what);
	bool ok = it && it->verdict == want && same_text(it->published, pub)
		  && same_text(it->recomputed, fresh);

	if (!tap_ok(ok, "%s: %s (%s / %s)", what,
		    vreport_verdict_word(want), pub ? pub : "-",
		    fresh ? fresh : "-") && it)
		tap_diag("got %s (%s / %s)", vreport_verdict_word(it->verdict),
			 it->published ? it->published : "-",
			 it->recomputed ? it->recomputed : "-");
}

/* R holds exactly N_MATCH matches, N_MIS mismatches, N_OMIT omitted and
 * N_EXTRA "not in data" items. */
static void expect_counts(const vreport *r, size_t n_match, size_t n_mis,
			  size_t n_omit, size_t n_extra, const char *name)
{
	bool ok = r && vreport_count(r, VREPORT_MATCH) == n_match
		  && vreport_count(r, VREPORT_MISMATCH) == n_mis
		  && vreport_count(r, VREPORT_OMITTED) == n_omit
		  && vreport_count(r, VREPORT_NOT_IN_DATA) == n_extra
		  && vreport_n_items(r) == n_match + n_mis + n_omit + n_extra;

	if (!tap_ok(ok, "%s: %zu match, %zu mismatch, %zu omitted, %zu not "
		    "in data", name, n_match, n_mis, n_omit, n_extra) && r)
		for (size_t i = 0; i < vreport_n_items(r); i++)
			tap_diag("  %s: %s",
				 vreport_verdict_word(
					 vreport_item_at(r, i)->verdict),
				 vreport_item_at(r, i)->what);
}

/* The items' names in order, joined by ' '. */
static void expect_order(const vreport *r, const char *want, const char *name)
{
	GString *got = g_string_new(NULL);

	for (size_t i = 0; r && i < vreport_n_items(r); i++)
		g_string_append_printf(got, "%s%s", i ? " " : "",
				       vreport_item_at(r, i)->what);
	tap_streq(got->str, want, name);
	g_string_free(got, TRUE);
}

static const char small[] =
	"{\"schema\": \"pairboot-results\","
	" \"plan\": {\"unit\": \"ms\", \"seed\": 42, \"scale\": 0.5,"
	"  \"synthetic\": false, \"service\": null,"
	"  \"states\": [\"10\", \"20\"]},"
	" \"runs\": [{\"run\": \"a\", \"accepted\": true},"
	"  {\"run\": \"b\", \"accepted\": false}]}";

static void test_identical(void)
{
	vreport *r = compare(small, small, &exact, "identical");

	expect_counts(r, 12, 0, 0, 0, "identical trees");
	expect_order(r, "schema plan.unit plan.seed plan.scale plan.synthetic "
		     "plan.service plan.states[0] plan.states[1] runs[a].run "
		     "runs[a].accepted runs[b].run runs[b].accepted",
		     "identical trees: every leaf, in the key order");
	expect(r, "plan.scale", VREPORT_MATCH, "0.5", "0.5");
	expect(r, "plan.service", VREPORT_MATCH, "null", "null");
	vreport_free(r);
}

static void test_changed_leaves(void)
{
	vreport *r = compare(
		"{\"schema\": \"pairboot-results\","
		" \"plan\": {\"unit\": \"us\", \"seed\": 43, \"scale\": 0.5,"
		"  \"synthetic\": true, \"service\": null,"
		"  \"states\": [\"10\", \"20\"]},"
		" \"runs\": [{\"run\": \"a\", \"accepted\": true},"
		"  {\"run\": \"b\", \"accepted\": false}]}",
		small, &exact, "changed");

	expect_counts(r, 9, 3, 0, 0, "a string, a number, a boolean changed");
	expect(r, "plan.unit", VREPORT_MISMATCH, "\"us\"", "\"ms\"");
	expect(r, "plan.seed", VREPORT_MISMATCH, "43", "42");
	expect(r, "plan.synthetic", VREPORT_MISMATCH, "true", "false");
	vreport_free(r);

	r = compare("{\"n\": 3.0, \"x\": 0.1, \"big\": 1e300}",
		    "{\"n\": 3, \"x\": 0.1, \"big\": 1e300}", &exact,
		    "3 vs 3.0");
	expect_counts(r, 3, 0, 0, 0, "3.0 equals 3");
	expect(r, "n", VREPORT_MATCH, "3", "3");
	expect(r, "x", VREPORT_MATCH, "0.1",
	       "0.1");
	vreport_free(r);

	r = compare("{\"x\": 0.30000000000000004}", "{\"x\": 0.3}", &exact,
		    "one ulp");
	expect(r, "x", VREPORT_MISMATCH, "0.30000000000000004",
	       "0.3");
	vreport_free(r);
}

static void test_types(void)
{
	vreport *r = compare(
		"{\"seed\": \"42\", \"lo\": null, \"states\": {\"a\": 1},"
		" \"plan\": [1], \"flag\": 0, \"s\": \"x\"}",
		"{\"seed\": 42, \"lo\": 1.5, \"states\": [\"a\"],"
		" \"plan\": {\"a\": 1}, \"flag\": false, \"s\": \"x\"}",
		&exact, "types");

	expect_counts(r, 1, 5, 0, 0, "a type difference is one mismatch");
	expect(r, "seed", VREPORT_MISMATCH, "\"42\"", "42");
	expect(r, "lo", VREPORT_MISMATCH, "null", "1.5");
	expect(r, "states", VREPORT_MISMATCH, "{\"a\":1}", "[\"a\"]");
	expect(r, "plan", VREPORT_MISMATCH, "[1]", "{\"a\":1}");
	expect(r, "flag", VREPORT_MISMATCH, "0", "false");
	vreport_free(r);
}

static void test_keys(void)
{
	vreport *r = compare(
		"{\"schema\": \"pairboot-results\","
		" \"plan\": {\"unit\": \"ms\", \"extra\": [1, 2],"
		"  \"scale\": 0.5, \"synthetic\": false, \"service\": null,"
		"  \"states\": [\"10\", \"20\"]},"
		" \"runs\": [{\"run\": \"a\", \"accepted\": true},"
		"  {\"run\": \"b\", \"accepted\": false}], \"a.b\": 1}",
		small, &exact, "keys");

	expect_counts(r, 11, 0, 1, 2, "a key missing, two added");
	expect(r, "plan.seed", VREPORT_OMITTED, NULL, "42");
	expect(r, "plan.extra", VREPORT_NOT_IN_DATA, "[1,2]", NULL);
	expect(r, "\"a.b\"", VREPORT_NOT_IN_DATA, "1", NULL);
	expect_order(r, "schema plan.unit plan.seed plan.scale plan.synthetic "
		     "plan.service plan.states[0] plan.states[1] plan.extra "
		     "runs[a].run runs[a].accepted runs[b].run "
		     "runs[b].accepted \"a.b\"",
		     "published-only keys after the fresh keys of their object");
	vreport_free(r);

	r = compare("{\"x\": {}, \"y\": {\"de\": \"z\"}, \"z\": []}",
		    "{\"x\": {}, \"y\": {}, \"z\": []}", &exact, "empty");
	expect_counts(r, 2, 0, 0, 1, "empty objects and arrays");
	expect(r, "x", VREPORT_MATCH, "{}", "{}");
	expect(r, "y.de", VREPORT_NOT_IN_DATA, "\"z\"", NULL);
	vreport_free(r);
}

static const char four_runs[] =
	"{\"runs\": [{\"run\": \"a\", \"block\": 1},"
	" {\"run\": \"b\", \"block\": 1}, {\"run\": \"c\", \"block\": 2},"
	" {\"run\": \"d\", \"block\": 2}]}";

static void test_identity(void)
{
	vreport *r = compare(
		"{\"runs\": [{\"run\": \"a\", \"block\": 1},"
		" {\"run\": \"b\", \"block\": 1}, {\"run\": \"d\", \"block\": 2}]}",
		four_runs, &exact, "run removed");

	expect_counts(r, 6, 0, 1, 0, "a run removed from the middle");
	expect(r, "runs[c]", VREPORT_OMITTED, NULL,
	       "{\"run\":\"c\",\"block\":2}");
	expect(r, "runs[d].block", VREPORT_MATCH, "2", "2");
	vreport_free(r);

	r = compare("{\"runs\": [{\"run\": \"d\", \"block\": 2},"
		    " {\"run\": \"a\", \"block\": 1}, {\"run\": \"b\", \"block\": 1},"
		    " {\"run\": \"b\", \"block\": 9}, {\"run\": \"c\", \"block\": 2},"
		    " {\"block\": 3}, 7]}",
		    four_runs, &exact, "duplicate");
	expect_counts(r, 8, 0, 0, 3, "a duplicate run, two without an id");
	expect_order(r, "runs[a].run runs[a].block runs[b].run runs[b].block "
		     "runs[c].run runs[c].block runs[d].run runs[d].block "
		     "runs[b] runs[#5] runs[#6]",
		     "fresh order, then the published elements left over");
	expect(r, "runs[b]", VREPORT_NOT_IN_DATA, "{\"run\":\"b\",\"block\":9}",
	       NULL);
	vreport_free(r);

	r = compare("{\"comparisons\": [{\"series\": \"1\", \"state\": \"20\","
		    " \"pairs\": 5}]}",
		    "{\"comparisons\": [{\"series\": \"1\", \"state\": \"10\","
		    " \"pairs\": 4}, {\"series\": \"1\", \"state\": \"20\","
		    " \"pairs\": 5}]}", &exact, "comparisons");
	expect_counts(r, 3, 0, 1, 0, "comparisons by series and state");
	expect(r, "comparisons[series 1, state 10]", VREPORT_OMITTED, NULL,
	       "{\"series\":\"1\",\"state\":\"10\",\"pairs\":4}");
	expect(r, "comparisons[series 1, state 20].pairs", VREPORT_MATCH, "5",
	       "5");
	vreport_free(r);
}

static void test_arrays(void)
{
	vreport *r = compare("{\"differences\": [1, 2]}",
			     "{\"differences\": [1, 2, 3]}", &exact, "shorter");

	expect_counts(r, 2, 0, 1, 0, "a published array one shorter");
	expect(r, "differences[2]", VREPORT_OMITTED, NULL, "3");
	vreport_free(r);

	r = compare("{\"differences\": [1, 2, 3, 4, 5]}",
		    "{\"differences\": [1, 2, 3]}", &exact, "longer");
	expect_counts(r, 3, 0, 0, 2, "a published array two longer");
	expect(r, "differences[3]", VREPORT_NOT_IN_DATA, "4", NULL);
	expect(r, "differences[4]", VREPORT_NOT_IN_DATA, "5", NULL);
	vreport_free(r);
}

static const char bounds_fresh[] =
	"{\"comparisons\": [{\"series\": \"1\", \"state\": \"10\","
	" \"difference\": 1.0,"
	" \"interval\": {\"lo\": 1.0, \"hi\": 2.0},"
	" \"sensitivity\": {\"bca\": {\"lo\": 1.0, \"hi\": 2.0}},"
	" \"exact_check\": {\"lo\": 1.0, \"hi\": 2.0},"
	" \"density\": {\"lo\": 1.0, \"hi\": 2.0}}],"
	" \"heterogeneity\": {\"between_series\": [{\"state\": \"10\","
	"  \"series_a\": \"1\", \"series_b\": \"2\", \"lo\": 1.0,"
	"  \"hi\": 2.0}]}}";

static const char bounds_published[] =
	"{\"comparisons\": [{\"series\": \"1\", \"state\": \"10\","
	" \"difference\": 1.05,"
	" \"interval\": {\"lo\": 1.05, \"hi\": 2},"
	" \"sensitivity\": {\"bca\": {\"lo\": 1.05, \"hi\": 1.95}},"
	" \"exact_check\": {\"lo\": 1.05, \"hi\": \"2\"},"
	" \"density\": {\"lo\": 1.05, \"hi\": 2.0}}],"
	" \"heterogeneity\": {\"between_series\": [{\"state\": \"10\","
	"  \"series_a\": \"1\", \"series_b\": \"2\", \"lo\": 1.05,"
	"  \"hi\": 2.0}]}}";

static void test_bounds(void)
{
	static const char *const bounds[] = {
		"comparisons[series 1, state 10].interval.lo",
		"comparisons[series 1, state 10].sensitivity.bca.lo",
		"comparisons[series 1, state 10].sensitivity.bca.hi",
		"comparisons[series 1, state 10].exact_check.lo",
		"heterogeneity.between_series[state 10, series_a 1, "
		"series_b 2].lo",
	};
	jsoncmp_options wide = { true, 0.1 }, narrow = { true, 0.01 };
	vreport *r = compare(bounds_published, bounds_fresh, &wide, "wide");

	for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++)
		expect(r, bounds[i], VREPORT_MATCH,
		       i == 2 ? "1.95" : "1.05", i == 2 ? "2" : "1");
	expect(r, "comparisons[series 1, state 10].difference",
	       VREPORT_MISMATCH, "1.05", "1");
	expect(r, "comparisons[series 1, state 10].density.lo",
	       VREPORT_MISMATCH, "1.05", "1");
	expect(r, "comparisons[series 1, state 10].exact_check.hi",
	       VREPORT_MISMATCH, "\"2\"", "2");
	expect(r, "comparisons[series 1, state 10].interval.hi", VREPORT_MATCH,
	       "2", "2");
	expect_counts(r, 13, 3, 0, 0, "within the tolerance: bounds only");
	vreport_free(r);

	r = compare(bounds_published, bounds_fresh, &narrow, "narrow");
	expect(r, bounds[0], VREPORT_MISMATCH, "1.05", "1");
	expect_counts(r, 8, 8, 0, 0, "outside the tolerance");
	vreport_free(r);

	r = compare(bounds_published, bounds_fresh, &exact, "exact");
	expect(r, bounds[4], VREPORT_MISMATCH, "1.05", "1");
	expect_counts(r, 8, 8, 0, 0, "no tolerance given: exact");
	vreport_free(r);
}

/* Whether the LEN bytes of S are valid UTF-8. */
static bool valid_utf8(const char *s, size_t len)
{
	return g_utf8_validate(s, (gssize)len, NULL);
}

static void test_long_text(void)
{
	GString *pub = g_string_new("{\"s\": \""), *fresh;
	const vreport_item *it;
	vreport *r;

	for (int i = 0; i < 1000; i++)
		g_string_append(pub, "\xC3\xA9");     /* e acute */
	g_string_append(pub, "\"}");
	fresh = g_string_new("{\"s\": \"short\"}");
	r = compare(pub->str, fresh->str, &exact, "long");
	it = item(r, "s");
	tap_ok(it && it->verdict == VREPORT_MISMATCH && it->published
	       && strlen(it->published) <= JSONCMP_TEXT_MAX + 3
	       && strlen(it->published) > JSONCMP_TEXT_MAX - 4
	       && strcmp(it->published + strlen(it->published) - 3, "...") == 0
	       && valid_utf8(it->published, strlen(it->published)),
	       "a long string is cut at a character, with \"...\"");
	vreport_free(r);
	g_string_free(pub, TRUE);
	g_string_free(fresh, TRUE);
}

/* The tree of the bundled study, and its text through the writer and
 * back through the reader: the same in every value. */
static void test_round_trip(void)
{
	study *s = testlib_load("mmcss-26200.9168");
	diag *d = diag_new(stderr, 20);
	analysis *a = NULL;
	json_t *fresh = NULL, *pub = NULL, *runs;
	GString *text = g_string_new(NULL);
	vreport *r = vreport_new();
	int version = 0;
	char what[128];

	if (!s || !tap_ok(analysis_run(s, d, &a) == PB_OK, "mmcss analysed")
	    || !tap_ok(results_json_build(s, a, &fresh) == PB_OK
		       && results_json_write(s, a, text) == PB_OK
		       && results_json_parse("results.json", text->str,
					     text->len, d, &pub, &version)
		       == PB_OK, "its results.json built, written, read"))
		goto out;
	tap_ok(jsoncmp_run(pub, fresh, &exact, r) == PB_OK, "compared");
	expect_counts(r, vreport_n_items(r), 0, 0, 0,
		      "the round trip matches in every value");
	tap_ok(vreport_n_items(r) > 1000, "%zu values compared",
	       vreport_n_items(r));
	tap_ok(item(r, "plan.seed") && item(r, "runs[s1-b01-10].accepted")
	       && item(r, "comparisons[series 1, state 10].interval.lo")
	       && item(r, "inputs[latency/s1-b01-10.csv].sha256")
	       && item(r, "series[1].label"), "items named by identity");

	/* One run taken out of the middle: one omitted run. */
	runs = json_object_get(pub, "runs");
	snprintf(what, sizeof what, "runs[%s]", json_string_value(
			 json_object_get(json_array_get(runs, 5), "run")));
	json_array_remove(runs, 5);
	vreport_free(r);
	r = vreport_new();
	tap_ok(jsoncmp_run(pub, fresh, &exact, r) == PB_OK
	       && vreport_count(r, VREPORT_OMITTED) == 1
	       && vreport_count(r, VREPORT_MISMATCH) == 0
	       && vreport_count(r, VREPORT_NOT_IN_DATA) == 0
	       && item(r, what) && item(r, what)->verdict == VREPORT_OMITTED,
	       "a run removed from the file: %s omitted, nothing else", what);
out:
	vreport_free(r);
	g_string_free(text, TRUE);
	json_decref(fresh);
	json_decref(pub);
	analysis_free(a);
	study_free(s);
	diag_free(d);
}

int main(void)
{
	test_identical();
	test_changed_leaves();
	test_types();
	test_keys();
	test_identity();
	test_arrays();
	test_bounds();
	test_long_text();
	test_round_trip();
	return tap_done();
}
