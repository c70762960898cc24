/* test_plan_verdicts.c: the plan table names every verdict in words, in
 * every language, never by the code plan.json uses (detected-size-open,
 * too-few-pairs, ...).  The example study's comparisons are given each
 * verdict in turn, as the verdict now and as the likely verdict, and the
 * table of each language, of fixed sizes and of a sequential design's
 * maxima, is searched for the codes; the English words are written out by
 * hand below. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/planning.h"
#include "analyze/verdict.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "render/plan_report.h"
#include "tests/lib/tap.h"

static const char *const langs[4] = { "en", "de", "cs", "ko" };

/* The English words of each verdict in the table. */
static const char *const english[VERDICT_COUNT] = {
	[VERDICT_HARM] = "harm",
	[VERDICT_BENEFIT] = "benefit",
	[VERDICT_EQUIVALENT] = "equivalent",
	[VERDICT_DETECTED] = "difference, size open",
	[VERDICT_INDETERMINATE] = "indeterminate",
	[VERDICT_NO_INTERVAL] = "no interval",
	[VERDICT_SERIES_DISAGREE] = "series disagree",
	[VERDICT_TOO_FEW_PAIRS] = "too few pairs",
	[VERDICT_NO_SPREAD] = "no spread",
	[VERDICT_OPPOSITE_DIRECTIONS] = "opposite directions",
};

static study *load(void)
{
	const char *top = getenv("top_srcdir");
	gchar *dir = g_build_filename(top ? top : ".",
				      "fixtures/mmcss-26200.9168", NULL);
	diag *d = diag_new(stderr, 20);
	study *s = NULL;

	if (study_read(dir, d, &s) != PB_OK)
		s = NULL;
	diag_free(d);
	g_free(dir);
	if (s)
		s->plan.resamples = 2000;   /* enough here, and faster */
	return s;
}

/* Whether WORD stands in TEXT as a word of its own (no letter, digit or
 * '-' on either side). */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		unsigned char before = p > text ? (unsigned char)p[-1] : ' ';
		unsigned char after = (unsigned char)p[n];
		if (!isalnum(before) && before != '-' && !isalnum(after)
		    && after != '-')
			return true;
	}
	return false;
}

/* A plan in which every comparison was found to need 12 blocks (or, in
 * a sequential plan, a maximum of 20), with V as its likely verdict
 * there. */
static void fill_rows(planning_result *r, verdict v)
{
	for (size_t i = 0; i < r->n_rows; i++) {
		planning_row *row = &r->rows[i];

		row->comparison = i;
		for (size_t t = 0; t < r->n_targets; t++) {
			row->need[t] = (planning_need){
				PLANNING_FOUND, 12, 12, true, 0.85, 0.9, v };
			row->seq[t] = (seqplan_need){
				PLANNING_FOUND, 20, 2, 20, true, 0.85, 0.01,
				14.5, v };
		}
	}
}

/* The tables of every language with every comparison's verdict now and
 * likely verdict V: no code in any, and English in its words. */
static void check_verdict(const study *s, analysis *a, planning_result *r,
			  verdict v)
{
	for (size_t i = 0; i < a->n_cmp; i++)
		a->cmp[i].verdict = v;
	fill_rows(r, v);
	for (size_t l = 0; l < 4; l++) {
		GString *text = g_string_new(NULL);
		pb_status st = plan_report_text(s, a, r, langs[l], text);
		const char *found = NULL;

		/* The codes that are English words (harm) are the words of
		 * the English table; in every other language no code may
		 * stand, and a hyphenated one nowhere. */
		for (size_t k = 0; k < VERDICT_COUNT && !found; k++) {
			const char *code = verdict_code((verdict)k);
			bool word = strcmp(code, english[k]) == 0;
			if ((strcmp(langs[l], "en") != 0 || !word)
			    && has_word(text->str, code))
				found = code;
		}
		tap_ok(st == PB_OK && !found, "%s%s, %s: no verdict code in "
		       "the table (%s)", verdict_code(v),
		       r->sequential ? ", sequential" : "", langs[l],
		       found ? found : "none");
		if (strcmp(langs[l], "en") == 0) {
			gchar *cell = g_strdup_printf("  %s  ", english[v]);
			tap_ok(strstr(text->str, cell) != NULL,
			       "%s%s, en: the cell reads '%s'", verdict_code(v),
			       r->sequential ? ", sequential" : "",
			       english[v]);
			g_free(cell);
		}
		g_string_free(text, TRUE);
	}
}

int main(void)
{
	study *s = load();
	analysis *a = NULL;
	planning_result r = { 0 };
	diag *d = diag_new(stderr, 20);

	tap_ok(s && analysis_run(s, d, &a) == PB_OK && a->n_cmp > 0,
	       "the example study is read and analysed");
	diag_free(d);
	if (a) {
		r.rows = calloc(a->n_cmp, sizeof *r.rows);
		r.n_rows = a->n_cmp;
		r.targets[0] = 0.8;
		r.targets[1] = 0.9;
		r.n_targets = 2;
		r.max_blocks = 200;
		for (int v = 0; r.rows && v < VERDICT_COUNT; v++)
			check_verdict(s, a, &r, (verdict)v);
		/* The table of a sequential plan, a look every 10 blocks. */
		r.sequential = seqplan_designs_make(10, BOUNDARY_POCOCK, 0.95,
						    200, &r.designs) == PB_OK;
		tap_ok(r.sequential, "a sequential plan's designs are made");
		for (int v = 0; r.rows && r.sequential && v < VERDICT_COUNT;
		     v++)
			check_verdict(s, a, &r, (verdict)v);
		free(r.rows);
	}
	analysis_free(a);
	study_free(s);
	return tap_done();
}
