/* test_heterogeneity.c: the comparisons between series.  The
 * Brown-Forsythe test against values worked by hand and computed by R and
 * scipy; then the example study with its runs changed in memory, so that
 * a comparison cannot be judged or every series agrees, and what its
 * pages (in every language) and results.json say then. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "analyze/spreadtest.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/markdown.h"
#include "render/results_json.h"
#include "tests/lib/tap.h"

/* ---- the test itself ------------------------------------------------ */

#define N_MAX 10

/* Reference values from R 4.2,
 *     x <- c(a, b); g <- factor(rep(1:2, c(length(a), length(b))))
 *     anova(lm(abs(x - ave(x, g, FUN = median)) ~ g))
 * and scipy 1.10, scipy.stats.levene(a, b, center = 'median'); the two
 * agree to 14 digits. */
static const struct {
	double a[N_MAX], b[N_MAX];
	size_t na, nb;
	double f, p;
} published[] = {
	/* Worked by hand: medians 2.5 and 1, deviations {1.5, 0.5, 0.5,
	 * 1.5} (mean 1) and {0, 0, 0, 1} (mean 1/4), grand mean 5/8;
	 * between 8 (3/8)^2 = 9/8, within 1 + 3/4 = 7/4, so
	 * F = 6 (9/8) / (7/4) = 27/7 on (1, 6). */
	{ { 1, 2, 3, 4 }, { 1, 1, 1, 2 }, 4, 4, 27.0 / 7.0,
	  0.097160178832268726 },
	/* Unequal sizes, an even and an odd one. */
	{ { 3.1, 4.7, 2.2, 9.8, 5.5, 4.1 }, { 4.0, 4.4, 3.9, 4.6, 4.2 }, 6, 5,
	  3.18399379522942683, 0.10802713217629893 },
	/* Latency-like: one series with a long right tail. */
	{ { 12.5, 13.1, 12.9, 15.8, 13.4, 12.7, 19.2, 13.0, 12.8, 14.1 },
	  { 12.9, 13.0, 13.2, 12.8, 13.1, 13.3, 12.7, 13.0, 13.4, 12.9 },
	  10, 10, 2.67881060809000759, 0.11905563327255841 },
};

static void check_brown_forsythe(void)
{
	for (size_t i = 0; i < sizeof published / sizeof *published; i++) {
		spreadtest_result r;
		pb_status st = spreadtest_brown_forsythe(
			published[i].a, published[i].na, published[i].b,
			published[i].nb, &r);
		tap_ok(st == PB_OK && r.defined, "case %zu: the test is defined",
		       i + 1);
		tap_near(r.statistic, published[i].f, 1e-12 * published[i].f,
			 "case statistic as in R and scipy");
		tap_near(r.p_value, published[i].p, 1e-12,
			 "case p-value as in R and scipy");
		tap_near(r.df_within,
			 (double)(published[i].na + published[i].nb - 2), 0,
			 "N - 2 degrees of freedom");
	}

	/* The same deviations in both groups: F = 0, p = 1. */
	{
		const double a[] = { 1, 2, 3 }, b[] = { 11, 12, 13 };
		spreadtest_result r;
		spreadtest_brown_forsythe(a, 3, b, 3, &r);
		/* Exact values: no rounding can make them otherwise. */
		tap_ok(r.defined && !(r.statistic > 0 || r.statistic < 0)
		       && !(r.p_value > 1 || r.p_value < 1),
		       "a shifted copy: F = 0, p = 1");
	}
	/* Too few values, or deviations that never vary within a group
	 * (two values each; {1, 1, 3, 3} around its median 2): no test. */
	{
		const double a[] = { 1, 1, 3, 3 }, b[] = { 5, 5, 9, 9 };
		const double c[] = { 1, 2 }, d[] = { 4, 8 };
		spreadtest_result r;
		spreadtest_brown_forsythe(a, 1, b, 4, &r);
		tap_ok(!r.defined && isnan(r.p_value), "one value: undefined");
		spreadtest_brown_forsythe(c, 2, d, 2, &r);
		tap_ok(!r.defined && isnan(r.statistic),
		       "two values each: undefined");
		spreadtest_brown_forsythe(a, 4, b, 4, &r);
		tap_ok(!r.defined, "constant deviations in both: undefined");
	}
}

/* ---- the example study, changed ------------------------------------- */

static study *load(void)
{
	const char *top = getenv("top_srcdir");
	gchar *dir = g_build_filename(top ? top : ".",
				      "fixtures/mmcss-26200.9168", NULL);
	diag *d = diag_new(stderr, 20);
	study *s = NULL;
	pb_status st = study_read(dir, d, &s);

	tap_ok(st == PB_OK, "the example study is read (status %d)", (int)st);
	diag_free(d);
	g_free(dir);
	if (s)
		s->plan.resamples = 2000;   /* enough here, and faster */
	return s;
}

static analysis *analyse(const study *s)
{
	diag *d = diag_new(stderr, 20);
	analysis *a = NULL;

	if (analysis_run(s, d, &a) != PB_OK)
		a = NULL;
	diag_free(d);
	return a;
}

static gchar *page(const study *s, const analysis *a, const char *lang)
{
	GString *g = g_string_new(NULL);

	if (markdown_render(s, a, lang, g) != PB_OK) {
		g_string_free(g, TRUE);
		return NULL;
	}
	return g_string_free(g, FALSE);
}

/* The words that must and must not be on the page of each language. */
typedef struct words {
	const char *lang;
	const char *unjudged;        /* part of each "cannot be judged" */
	const char *forbidden[3];    /* agreement and "no clear difference" */
} words;

static const words languages[] = {
	{ "en", "cannot be judged",
	  { "verdicts are the same and the interval", "No clear difference",
	    "no clear difference" } },
	{ "de", "nicht beurteilen",
	  { "Urteile der Serien gleich", "wurde kein deutlicher Unterschied",
	    "kein deutlicher Unterschied in der Streuung" } },
	{ "cs", "nelze posoudit",
	  { "verdikty sérií stejné", "nebyl zjištěn zřetelný rozdíl",
	    "zřetelný rozdíl v rozptylu není" } },
	{ "ko", "판단할 수 없",
	  { "판정이 같고", "뚜렷한 차이가 발견되지 않았",
	    "산포에 뚜렷한 차이가 없습니다" } },
};

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* Every page of S says "cannot be judged" WANT times in its heterogeneity
 * section and never claims agreement or "no clear difference". */
static void check_unjudged_pages(const study *s, const analysis *a,
				 size_t want, const char *what)
{
	for (size_t i = 0; i < sizeof languages / sizeof *languages; i++) {
		const words *w = &languages[i];
		gchar *md = page(s, a, w->lang);
		bool clean = md != NULL;
		for (int k = 0; md && k < 3; k++)
			if (strstr(md, w->forbidden[k])) {
				tap_diag("%s: '%s' on the page", w->lang,
					 w->forbidden[k]);
				clean = false;
			}
		tap_ok(md && count(md, w->unjudged) == want,
		       "%s, %s: 'cannot be judged' %zu times (found %zu)",
		       what, w->lang, want, md ? count(md, w->unjudged) : 0);
		tap_ok(clean, "%s, %s: no agreement claimed", what, w->lang);
		g_free(md);
	}
}

static json_t *heterogeneity(const study *s, const analysis *a)
{
	json_t *doc = NULL;

	if (results_json_build(s, a, &doc) != PB_OK)
		return NULL;
	json_t *h = json_incref(json_object_get(doc, "heterogeneity"));
	json_decref(doc);
	return h;
}

static bool is_code(json_t *o, const char *key, const char *code)
{
	const char *v = json_string_value(json_object_get(o, key));
	return v && strcmp(v, code) == 0;
}

/* The first spread test of results.json's heterogeneity H cannot be
 * judged, and says so with nulls rather than false. */
static bool spread_unjudged(json_t *h)
{
	json_t *t = json_array_get(json_object_get(h, "spread_tests"), 0);

	return is_code(t, "finding", "cannot-be-judged")
	       && json_is_null(json_object_get(t, "differs"))
	       && json_is_null(json_object_get(t, "p_value"))
	       && json_is_null(json_object_get(t, "statistic"));
}

/* A copy of every run's statistic, to put back with restore(). */
static double *save(const study *s)
{
	double *old = g_new(double, s->n_runs ? s->n_runs : 1);

	for (size_t i = 0; i < s->n_runs; i++)
		old[i] = s->runs[i].statistic;
	return old;
}

/* Puts back the statistics OLD saved, and frees OLD. */
static void restore(study *s, double *old)
{
	for (size_t i = 0; i < s->n_runs; i++)
		s->runs[i].statistic = old[i];
	g_free(old);
}

/* Series 1 keeps only block 1: one pair per state and one reference run,
 * so neither its effects nor its spread can be compared with series 2. */
static void check_one_pair(study *s)
{
	analysis *a;
	json_t *h;
	bool all = true;

	for (size_t i = 0; i < s->n_runs; i++)
		if (s->runs[i].series == 0 && s->runs[i].block != 1)
			s->runs[i].accepted = false;
	a = analyse(s);
	if (!tap_ok(a != NULL, "one pair: analysed"))
		return;
	tap_ok(a->n_spread_tests == 1
	       && a->spread_tests[0].finding == HETERO_UNJUDGED
	       && isnan(a->spread_tests[0].p_value),
	       "one reference run: the spread test is unjudged");
	for (size_t i = 0; i < a->n_between; i++)
		all &= a->between[i].finding == HETERO_UNJUDGED
		       && !a->between[i].disagree;
	tap_ok(a->n_between == 4 && all, "one pair: all 4 effect differences "
	       "are unjudged");
	tap_ok(!a->heterogeneous && a->unjudged,
	       "not heterogeneous, but unjudged");
	/* Two sentences of the section: the spread test and each of the 4
	 * states, and the closing one. */
	check_unjudged_pages(s, a, 6, "one pair");
	h = heterogeneity(s, a);
	tap_ok(h && json_is_null(json_object_get(h, "heterogeneous"))
	       && json_is_true(json_object_get(h, "cannot_be_judged")),
	       "results.json: heterogeneous null, cannot_be_judged true");
	tap_ok(spread_unjudged(h), "results.json: the spread test cannot be "
	       "judged, differs null");
	json_t *b = json_array_get(json_object_get(h, "between_series"), 0);
	tap_ok(is_code(b, "finding", "cannot-be-judged")
	       && json_is_null(json_object_get(b, "disagree"))
	       && json_is_null(json_object_get(b, "lo")),
	       "results.json: the effect difference cannot be judged");
	json_decref(h);
	analysis_free(a);
	for (size_t i = 0; i < s->n_runs; i++)
		if (s->runs[i].series == 0)
			s->runs[i].accepted = true;
}

/* Analyses S with each run's statistic replaced by RULE's, runs CHECK on
 * the analysis, and puts the statistics back. */
static void with_statistics(study *s, const char *what,
			    double (*rule)(const study *, const study_run *),
			    void (*check)(const study *, const analysis *))
{
	double *old = save(s);
	analysis *a;

	for (size_t i = 0; i < s->n_runs; i++)
		s->runs[i].statistic = rule(s, &s->runs[i]);
	a = analyse(s);
	if (tap_ok(a != NULL, "%s: analysed", what))
		check(s, a);
	analysis_free(a);
	restore(s, old);
}

/* Every run of series 2 at the reference gets the same statistic: an SD
 * of 0 leaves no spread to compare, while the effects still compare. */
static double flat_reference(const study *s, const study_run *r)
{
	return r->series == 1 && pb_state_equal(r->state, s->plan.reference)
	       ? 20.0 : r->statistic;
}

static void check_zero_sd(const study *s, const analysis *a)
{
	json_t *h;

	tap_ok(!(a->spread[1].sd > 0)
	       && a->spread_tests[0].finding == HETERO_UNJUDGED,
	       "a reference SD of 0: the spread test is unjudged");
	tap_ok(a->unjudged, "the study is marked unjudged");
	/* The spread sentence alone; the effects do differ here, so the
	 * closing sentence says so. */
	check_unjudged_pages(s, a, 1, "SD 0");
	h = heterogeneity(s, a);
	tap_ok(spread_unjudged(h), "results.json: SD 0 cannot be judged");
	json_decref(h);
}

/* Each reference run gets 20 + block / 10 ms, each other run 0.01 * block
 * ms more, in both series alike: the differences vary from block to block
 * (so a claim can be made) but stay far inside the threshold, so each
 * series finds every state equivalent; the effects of the two series are
 * computed from the same numbers, so their differences are exactly 0; and
 * the reference spreads are equal (F = 0). */
static double by_block(const study *s, const study_run *r)
{
	double base = 20.0 + (double)r->block / 10;

	return pb_state_equal(r->state, s->plan.reference)
	       ? base : base + 0.01 * (double)r->block;
}

static void check_agreement(const study *s, const analysis *a)
{
	bool agree = a->n_states == 4;
	gchar *md;

	for (size_t i = 0; i < a->n_states; i++)
		agree &= analysis_state_agrees(a, i)
			 && a->states[i].verdict == VERDICT_EQUIVALENT;
	tap_ok(agree, "every state agrees and is equivalent");
	tap_ok(!a->heterogeneous && !a->unjudged && !a->conclusions_differ,
	       "no flag raised");
	tap_near(a->spread_tests[0].statistic, 0, 0, "equal spreads: F = 0");
	md = page(s, a, "en");
	tap_ok(md && strstr(md, "- For every state, the series' verdicts are "
			    "the same and the interval of the difference of "
			    "their effects holds 0.\n")
	       && strstr(md, "- No clear difference between the series was "
			 "found; they are still reported separately.\n"),
	       "the page says the series agree");
	g_free(md);
}

/* The example study as it is, and with the one clear effect difference
 * (state 0) taken away and its first series' verdict made a difference
 * detected: the table then gives no common conclusion for 0, so the page
 * must not say the series agree.  As recorded, state 0 is indeterminate
 * in both series (estimates of both signs), which is one conclusion. */
static void check_conclusions(study *s)
{
	analysis *a = analyse(s);
	state_result *r0 = NULL;

	if (!tap_ok(a != NULL, "example: analysed"))
		return;
	tap_ok(a->heterogeneous && !a->conclusions_differ && !a->unjudged,
	       "example: heterogeneous (state 0), one conclusion per state");
	for (size_t i = 0; i < a->n_between; i++)
		if (a->between[i].finding == HETERO_DIFFERS) {
			a->between[i].finding = HETERO_SAME;
			a->between[i].disagree = false;
			r0 = &a->states[0];
			for (size_t k = 0; k < a->n_states; k++)
				if (a->states[k].state == a->between[i].state)
					r0 = &a->states[k];
		}
	a->heterogeneous = false;
	if (!tap_ok(r0 != NULL, "example: one clear effect difference")) {
		analysis_free(a);
		return;
	}
	a->cmp[r0->comparisons[0]].verdict = VERDICT_DETECTED;
	r0->verdict = VERDICT_SERIES_DISAGREE;
	a->conclusions_differ = true;
	for (size_t i = 0; i < sizeof languages / sizeof *languages; i++) {
		gchar *md = page(s, a, languages[i].lang);
		tap_ok(md && !strstr(md, languages[i].forbidden[0])
		       && !strstr(md, languages[i].forbidden[1]),
		       "%s: no agreement claimed while the table says the "
		       "direction differs", languages[i].lang);
		if (i == 0)
			tap_ok(md && strstr(md, "- `0`: the series' verdicts "
					    "differ, but a difference of their "
					    "effects is not established (its "
					    "interval holds 0).\n")
			       && strstr(md, "- The series' verdicts differ on "
					 "some state, so the series are "
					 "reported separately and never "
					 "pooled.\n"),
			       "en: the state and the closing sentence say "
			       "the conclusions differ");
		g_free(md);
	}
	analysis_free(a);
}

int main(void)
{
	study *s;

	check_brown_forsythe();
	s = load();
	if (s) {
		check_conclusions(s);
		check_one_pair(s);
		with_statistics(s, "SD 0", flat_reference, check_zero_sd);
		with_statistics(s, "agreement", by_block, check_agreement);
	}
	study_free(s);
	return tap_done();
}
