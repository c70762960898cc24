/* markdown.c: renders a study's wiki page in one language.
 *
 * Every word a reader sees goes through tr(), trc() or trn() (extracted by
 * xgettext with --keyword=tr:2 --keyword=trc:2c,3 --keyword=trn:2,3, see
 * Makefile.am, "Translations"), and every piece of study text through
 * esc() or code().  Translated strings that take arguments are printf
 * formats checked by `msgfmt --check`; numbers reach them as strings (%s)
 * or as %zu, never as system-dependent formats. */
#include "render/markdown.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/coverage.h"
#include "ingest/rowfilter.h"
#include "ingest/schedule.h"
#include "ingest/sumfile.h"
#include "render/endpoint_words.h"
#include "render/fig_paired.h"
#include "render/figkind.h"
#include "render/i18n.h"
#include "render/mdpage.h"
#include "render/outcome_words.h"
#include "render/page_phrases.h"
#include "render/pagedoc.h"
#include "render/studytext.h"

typedef struct page {
	mdpage md;              /* words, pool, output, first failure */
	const study *s;
	const study_plan *p;
	const analysis *a;
	const study_summary *sum;
	const markdown_links *links;   /* NULL: no figures on the page */
} page;

/* ---- words and text pieces (render/mdpage.h) ------------------------ */

#include "render/mdpage_names.h"

/* Study text or a value as a code span. */
static const char *code(page *pg, const char *text, bool in_table)
{
	return mdpage_code(&pg->md, text, in_table);
}

/* A state as the article shows it: its value in a code span, or the
 * language's word for a missing value, plain in a table cell (state_cell,
 * where a '|' of a state name must not end the cell) and quoted as a name
 * in a sentence (state_text). */
static const char *state_text(page *pg, pb_state st)
{
	return mdpage_state_named(&pg->md, st, false);
}

static const char *state_cell(page *pg, pb_state st)
{
	return mdpage_state(&pg->md, st, true);
}

static const char *num_dec(page *pg, double x, int decimals, bool sign)
{
	return mdpage_fixed(&pg->md, x, decimals, sign);
}

/* X with the plan's decimals. */
static const char *num(page *pg, double x, bool sign)
{
	return num_dec(pg, x, pg->p->threshold_decimals, sign);
}

/* An estimate or an interval endpoint on its true side of 0 (and, with
 * BESIDE_T, of +T and -T). */
static const char *num_beside(page *pg, double x, bool beside_t, bool sign)
{
	return mdpage_beside(&pg->md, x, pg->p->threshold_decimals,
			     pg->p->threshold, beside_t, sign);
}

static const char *percent(page *pg, double f, int decimals)
{
	return mdpage_percent(&pg->md, f, decimals);
}

static const char *percent_alone(page *pg, double f, int decimals)
{
	return mdpage_percent_alone(&pg->md, f, decimals);
}

/* The plan's confidence level, "95%", qualifying a noun. */
static const char *confidence(page *pg)
{
	return percent(pg, pg->p->confidence, 2);
}

/* The plan's confidence level on its own ("confidence 95%"). */
static const char *confidence_alone(page *pg)
{
	return percent_alone(pg, pg->p->confidence, 2);
}

/* A quantity with its unit in plain text, "1.784 ms". */
static const char *qty(page *pg, double x, bool sign)
{
	return mdpage_qty(&pg->md, num(pg, x, sign), esc(pg, pg->p->unit));
}

/* An estimate as a code span, "`+0.625 ms`"; one that is not zero never
 * reads `+0.000 ms`. */
static const char *qty_code(page *pg, double x, bool sign, bool in_table)
{
	return code(pg, mdpage_qty(&pg->md, num_beside(pg, x, false, sign),
				   pg->p->unit), in_table);
}

/* An interval as a code span, "`[-1.111; +2.474]`", each endpoint on its
 * true side of 0, +T and -T. */
static const char *ci_code(page *pg, double lo, double hi)
{
	return fmt(pg, "`[%s; %s]`", num_beside(pg, lo, true, true),
		   num_beside(pg, hi, true, true));
}

/* A series' name in the page's language (render/studytext.h). */
static const char *series_name(page *pg, size_t k)
{
	return mdpage_series_name(&pg->md, pg->p, k);
}

/* Series K's name after a preposition ("oproti sérii 1"). */
static const char *series_after(page *pg, size_t k)
{
	return mdpage_series_name_after(&pg->md, pg->p, k);
}

/* Series K's name inside a sentence ("bez spojeného závěru: série 1"),
 * where it does not open the sentence, item or cell. */
static const char *series_inside(page *pg, size_t k)
{
	return mdpage_series_name_inside(&pg->md, pg->p, k);
}

/* ---- 1. value handling ---------------------------------------------- */

/* The outcome classes of the boundary check, as the articles word them. */
static const char *outcome_text(page *pg, const boundary_row *b)
{
	return outcome_words_pooled(pg->md.lang, b, pg->md.pool, &pg->md.st);
}

static void value_table(page *pg, size_t series)
{
	const study_summary *sum = pg->sum;
	GPtrArray *row = row_new();

	add(row, phrase(pg, PH_HEAD_WRITTEN));
	add(row, phrase(pg, PH_HEAD_OBSERVED));
	add(row, phrase(pg, PH_HEAD_RESULT));
	table_header(pg, row);
	for (size_t g = 0; g < sum->n_groups; g++) {
		const boundary_group *bg = &sum->groups[g];
		const boundary_row *first = &sum->boundary[bg->first];
		GPtrArray *vals = g_ptr_array_new();

		if (pg->s->runs[first->run].series != series) {
			g_ptr_array_free(vals, TRUE);
			continue;
		}
		for (size_t i = 0; i < bg->count; i++)
			g_ptr_array_add(vals, (gpointer)state_cell(
				pg, sum->boundary[bg->first + i].written));
		g_ptr_array_set_size(row, 0);
		add(row, join(pg, vals, ", "));
		add(row, outcome_observed(&pg->md, pg->p, &pg->s->runs[first->run],
					     first, true));
		add(row, outcome_text(pg, first));
		table_row(pg, row);
		g_ptr_array_free(vals, TRUE);
	}
	g_ptr_array_free(row, TRUE);
	if (!pg->p->series[series].rule.declared)
		para(pg, tr(pg, "The study declares no rule for the "
				"values written in this series, so the "
				"table shows only what was observed."));
}

/* Starts section ID of the page under HEADING. */
static void section(page *pg, page_section id, const char *heading)
{
	pagedoc_begin(pg->md.doc, id);
	head(pg, 2, heading);
}

/* Runs F for each series of KIND, with a "###" heading naming the series
 * when there is more than one.  Returns how many there were. */
static size_t each_series(page *pg, series_kind kind,
			  void (*f)(page *, size_t))
{
	size_t n = 0;

	for (size_t k = 0; k < pg->p->n_series; k++)
		n += pg->p->series[k].kind == kind;
	for (size_t k = 0; k < pg->p->n_series; k++) {
		if (pg->p->series[k].kind != kind)
			continue;
		if (n > 1)
			head(pg, 3, series_name(pg, k));
		f(pg, k);
	}
	return n;
}

static bool has_series(const study_plan *p, series_kind kind)
{
	for (size_t k = 0; k < p->n_series; k++)
		if (p->series[k].kind == kind)
			return true;
	return false;
}

static void section_values(page *pg)
{
	if (!has_series(pg->p, SERIES_BOUNDARY))
		return;
	section(pg, PAGE_VALUES, tr(pg, "Value handling"));
	each_series(pg, SERIES_BOUNDARY, value_table);
}

/* ---- 2. comparisons ------------------------------------------------- */

/* A verdict in the page's words (the article's where it has them); a
 * difference detected says which way, from the sign of ESTIMATE. */
static const char *verdict_text(page *pg, verdict v, double estimate)
{
	const char *plural;
	const char *msgid = verdict_msgid(v, pg->p->synthetic, &plural);

	if (v == VERDICT_DETECTED) {
		bool higher = estimate > 0.0;
		bool better = higher == (pg->p->better == BETTER_HIGHER);
		return fmt(pg, tr(pg, verdict_detected_msgid(higher, better)),
			   code(pg, pg->p->statistic.name, true));
	}
	if (plural)
		return fmt(pg, trn(pg, msgid, plural, VERDICT_MIN_PAIRS),
			   (size_t)VERDICT_MIN_PAIRS);
	return tr(pg, msgid);
}

/* "Series 1 (...); Series 2 (...)": each series' verdict on state R. */
static const char *series_verdicts(page *pg, const state_result *r)
{
	GPtrArray *items = g_ptr_array_new();
	const char *list;

	for (size_t i = 0; i < r->n_comparisons; i++) {
		const comparison *c = &pg->a->cmp[r->comparisons[i]];
		g_ptr_array_add(items, (gpointer)fmt(pg,
			trc(pg, page_verdict_ctx, page_verdict_series_item),
			series_inside(pg, c->series),
			verdict_text(pg, c->verdict, c->boot.estimate)));
	}
	list = join(pg, items, "; ");
	g_ptr_array_free(items, TRUE);
	return list;
}

/* The conclusion across series of state result R: the verdict, followed
 * by each series' verdict when they differ, so that a disagreement or a
 * reason for no claim is never only in results.json. */
static const char *conclusion_text(page *pg, const state_result *r)
{
	/* A common detected-size-open has one sign in every series
	 * (verdict_across), so the first series' says which way. */
	const char *lead = verdict_text(pg, r->verdict, r->n_comparisons
		? pg->a->cmp[r->comparisons[0]].boot.estimate : 0.0);
	bool same = true;

	for (size_t i = 1; i < r->n_comparisons; i++)
		same &= pg->a->cmp[r->comparisons[i]].verdict
			== pg->a->cmp[r->comparisons[0]].verdict;
	if (!page_verdict_list_series(r->verdict, same))
		return lead;
	return fmt(pg, trc(pg, page_verdict_ctx, page_verdict_with_series),
		   lead, series_verdicts(pg, r));
}

/* The comparison of state result R in latency series K, or NULL. */
static const comparison *find_cmp(page *pg, const state_result *r, size_t k)
{
	for (size_t i = 0; i < r->n_comparisons; i++) {
		const comparison *c = &pg->a->cmp[r->comparisons[i]];
		if (c->series == k)
			return c;
	}
	return NULL;
}

static const char *cmp_cell(page *pg, const comparison *c)
{
	const boot_interval *ci;

	if (!c || c->n_pairs == 0 || !isfinite(c->boot.estimate))
		return phrase(pg, PH_NO_PAIRS);
	ci = &c->boot.ci[pg->p->interval];
	if (!ci->defined)
		return fmt(pg, "%s %s", qty_code(pg, c->boot.estimate, true,
						 true),
			   phrase(pg, PH_NO_INTERVAL));
	return fmt(pg, "%s %s", qty_code(pg, c->boot.estimate, true, true),
		   ci_code(pg, ci->lo, ci->hi));
}

/* ---- figures ---------------------------------------------------------- */

/* The figure K of the page's language, where the links say, with ALT. */
static void figure_link(page *pg, fig_kind k, const char *alt)
{
	char *text;

	if (!figkind_has(k, pg->s, pg->a))
		return;
	/* An alt text that opens with the study's metric opens a sentence */
	text = studytext_sentence_start(alt);
	pagedoc_figure(pg->md.doc, text,
		       fmt(pg, "%s%s.%s.%s", pg->links->base, figkind_name(k),
			   pg->md.lang, pg->links->ext));
	g_free(text);
}

/* What was measured (render/studytext.h): study.ini's `metric` in the
 * page's language, or the statistic and the column. */
static const char *metric_text(page *pg)
{
	const char *own = studytext_metric(pg->p, pg->md.lang);

	if (own)
		return esc(pg, own);
	/* TRANSLATORS: what was measured, when the study does not say it
	   in words: the per-boot statistic (`p99`, `mean`) and the column
	   of the measurements it is computed from (`latency_us`). */
	return fmt(pg, trc(pg, "metric", "%s of %s per boot"),
		   code(pg, pg->p->statistic.name, false),
		   code(pg, pg->p->column, false));
}

/* "A, B: F1; C: F2": the states NAMES each with its finding FINDINGS[i],
 * the states of one finding together, in the order of their first
 * state. */
static const char *by_finding(page *pg, GPtrArray *names, GPtrArray *findings)
{
	GPtrArray *parts = g_ptr_array_new();
	GPtrArray *same = g_ptr_array_new();
	bool *done = g_new0(bool, names->len + 1);
	const char *text;

	for (guint i = 0; i < names->len; i++) {
		if (done[i])
			continue;
		g_ptr_array_set_size(same, 0);
		for (guint j = i; j < names->len; j++)
			if (!done[j] && strcmp(findings->pdata[i],
					       findings->pdata[j]) == 0) {
				g_ptr_array_add(same, names->pdata[j]);
				done[j] = true;
			}
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s: %s",
			join(pg, same, ", "), (const char *)findings->pdata[i]));
	}
	text = join(pg, parts, "; ");
	g_free(done);
	g_ptr_array_free(same, TRUE);
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* Verdict V in a few words; a difference detected says which way, from
 * the sign of ESTIMATE. */
static const char *short_verdict_of(page *pg, verdict v, double estimate)
{
	bool higher = estimate > 0.0;
	bool better = higher == (pg->p->better == BETTER_HIGHER);

	return trc(pg, page_verdict_short_ctx,
		   verdict_short_msgid(v, higher, better));
}

/* The verdict across series of state result R in a few words (a
 * difference detected in every series has one sign in all of them,
 * verdict_across, so the first series' says which way). */
static const char *short_verdict(page *pg, const state_result *r)
{
	return short_verdict_of(pg, r->verdict, r->n_comparisons
		? pg->a->cmp[r->comparisons[0]].boot.estimate : 0.0);
}

/* Each state with its verdict in a few words, states of one verdict
 * together: the finding of the comparison figures, whose full verdicts
 * the table above them gives. */
static const char *state_findings(page *pg)
{
	GPtrArray *names = g_ptr_array_new();
	GPtrArray *findings = g_ptr_array_new();
	const char *text;

	for (size_t i = 0; i < pg->a->n_states; i++) {
		const state_result *r = &pg->a->states[i];
		g_ptr_array_add(names, (gpointer)state_text(pg,
			pg->p->states[r->state]));
		g_ptr_array_add(findings, (gpointer)short_verdict(pg, r));
	}
	text = by_finding(pg, names, findings);
	g_ptr_array_free(names, TRUE);
	g_ptr_array_free(findings, TRUE);
	return text;
}

/* The difference figure, its alt text its title and the finding of each
 * state. */
static void figure_interval(page *pg)
{
	if (!pg->links)
		return;
	/* TRANSLATORS: the alt text of the difference figure on a page:
	   the figure's title, then each state's verdict in a few words. */
	figure_link(pg, FIG_INTERVAL, fmt(pg, trc(pg, "figure alt",
		"%s, each state against the practical threshold: %s."),
		fmt(pg, trc(pg, "figure", "%s: difference from state %s"),
		    metric_text(pg), state_text(pg, pg->p->reference)),
		state_findings(pg)));
}

/* The per-boot figure, its alt text its title and the finding of each
 * state. */
static void figure_boots(page *pg)
{
	if (!pg->links)
		return;
	/* TRANSLATORS: the alt text of the per-boot figure on a page: the
	   figure's title, then each state's verdict in a few words. */
	figure_link(pg, FIG_BOOTS, fmt(pg, trc(pg, "figure alt",
		"%s; each line joins the two runs of one block: %s."),
		fmt(pg, trc(pg, "figure", "%s: all accepted runs, paired "
			    "with state %s"),
		    metric_text(pg), state_text(pg, pg->p->reference)),
		state_findings(pg)));
}

/* The state result of plan state STATE, or NULL. */
static const state_result *state_result_of(page *pg, size_t state)
{
	for (size_t i = 0; i < pg->a->n_states; i++)
		if (pg->a->states[i].state == state)
			return &pg->a->states[i];
	return NULL;
}

/* The paired figure of each state the links ask for (`report --figures
 * paired`), its alt text its title, then each series' estimate and
 * interval, verdict and count of pairs. */
static void figures_paired(page *pg)
{
	if (!pg->links)
		return;
	for (size_t i = 0; i < pg->links->n_paired; i++) {
		const size_t state = pg->links->paired[i];
		const state_result *r = state_result_of(pg, state);
		char stem[FIG_PAIRED_STEM_SIZE];
		const char *series = "";

		if (state >= pg->p->n_states)
			continue;
		for (size_t k = 0; r && k < r->n_comparisons; k++) {
			const comparison *c = &pg->a->cmp[r->comparisons[k]];

			/* TRANSLATORS: one series in the alt text of the
			   paired figure: its name, its estimate and
			   interval, its verdict in a few words, and its
			   count of pairs. */
			series = fmt(pg, "%s%s%s", series, k ? " " : "",
				     fmt(pg, trc(pg, "figure alt",
						 "%s: %s, %s, N = %zu."),
					 series_name(pg, c->series),
					 cmp_cell(pg, c),
					 short_verdict_of(pg, c->verdict,
							  c->boot.estimate),
					 c->n_pairs));
		}
		fig_paired_stem(pg->p->states[state], stem, sizeof stem);
		/* TRANSLATORS: the alt text of the paired figure of one state
		   on a page: the figure's title, then each series'
		   findings. */
		pagedoc_figure(pg->md.doc,
			fmt(pg, trc(pg, "figure alt", "%s. %s"),
			    fmt(pg, trc(pg, "figure", "Paired difference in "
					"%s: state %s against state %s"),
				esc(pg, pg->p->statistic.name),
				state_text(pg, pg->p->states[state]),
				state_text(pg, pg->p->reference)),
			    series),
			fmt(pg, "%s%s.%s.%s", pg->links->base, stem,
			    pg->md.lang, pg->links->ext));
	}
}

/* The sentence that reads the comparison table, and the table: on the
 * page and in a site's index alike. */
static void comparison_table(page *pg)
{
	const study_plan *p = pg->p;
	GPtrArray *row;
	const char *ref = state_text(pg, p->reference);

	para(pg, fmt(pg, "%s %s %s",
		     fmt(pg, phrase(pg, PH_SET_MEASURED), metric_text(pg)),
		     fmt(pg, p->better == BETTER_LOWER
			 ? phrase(pg, PH_SET_DIRECTION_LOWER)
			 : phrase(pg, PH_SET_DIRECTION_HIGHER), ref),
		     fmt(pg, phrase(pg, pg->a->sequential
					? PH_SET_CELL_SEQUENTIAL
					: PH_SET_CELL), confidence(pg))));
	row = row_new();
	/* A header cell, like the body's: a '|' of the name must not end
	 * it, or the table would not be one. */
	add(row, fmt(pg, phrase(pg, PH_CMP_HEAD),
		     state_cell(pg, p->reference)));
	for (size_t k = 0; k < p->n_series; k++)
		if (p->series[k].kind == SERIES_LATENCY)
			add(row, fmt(pg, phrase(pg, PH_CMP_SERIES_HEAD),
				     series_name(pg, k), confidence(pg)));
	add(row, phrase(pg, PH_CMP_CONCLUSION_HEAD));
	table_header(pg, row);
	for (size_t i = 0; i < pg->a->n_states; i++) {
		const state_result *r = &pg->a->states[i];
		g_ptr_array_set_size(row, 0);
		add(row, state_cell(pg, p->states[r->state]));
		for (size_t k = 0; k < p->n_series; k++)
			if (p->series[k].kind == SERIES_LATENCY)
				add(row, cmp_cell(pg, find_cmp(pg, r, k)));
		add(row, conclusion_text(pg, r));
		table_row(pg, row);
	}
	g_ptr_array_free(row, TRUE);
}

static void section_comparisons(page *pg)
{
	if (!has_series(pg->p, SERIES_LATENCY) || pg->a->n_states == 0)
		return;
	section(pg, PAGE_COMPARISONS,
		tr(pg, "Comparison with the reference"));
	comparison_table(pg);
	figure_interval(pg);
	figure_boots(pg);
	figures_paired(pg);
}

/* ---- levels ----------------------------------------------------------- */

/* The level SP of a state in a series: "`19.300 ms` (SD 1.200, n = 10)",
 * the mean and the SD with the plan's decimals. */
static const char *level_cell(page *pg, const series_spread *sp)
{
	const char *mean;

	if (sp->runs == 0 || !isfinite(sp->mean))
		return trc(pg, "level", "no runs");
	mean = code(pg, mdpage_qty(&pg->md, num(pg, sp->mean, false),
				   pg->p->unit), true);
	if (sp->runs < 2 || !isfinite(sp->sd))
		/* TRANSLATORS: the mean of a state's only run, "`19.300
		   ms` (n = 1)". */
		return fmt(pg, trc(pg, "level", "%s (n = %zu)"), mean,
			   sp->runs);
	/* TRANSLATORS: the mean of a state's runs, their standard
	   deviation and their number, "`19.300 ms` (SD 1.200, n = 10)". */
	return fmt(pg, trc(pg, "level", "%s (SD %s, n = %zu)"), mean,
		   num(pg, sp->sd, false), sp->runs);
}

/* The level of state J in latency series K, or NULL. */
static const series_spread *find_level(page *pg, size_t k, size_t j)
{
	for (size_t i = 0; i < pg->a->n_levels; i++)
		if (pg->a->levels[i].series == k && pg->a->levels[i].state == j)
			return &pg->a->levels[i];
	return NULL;
}

/* Each state's level in each latency series, the reference's too: the
 * values the differences above are taken between. */
static void section_levels(page *pg)
{
	const study_plan *p = pg->p;
	size_t ref = study_state_index(p, p->reference);
	GPtrArray *row;

	if (!has_series(p, SERIES_LATENCY) || pg->a->n_levels == 0)
		return;
	section(pg, PAGE_LEVELS, tr(pg, "Level of each state"));
	para(pg, tr(pg, "Each cell holds the mean of the per-boot value "
		    "over the state's accepted runs, with their standard "
		    "deviation (SD) and their number n: the level of each "
		    "state, where the table above gives the differences of "
		    "paired runs."));
	row = row_new();
	/* TRANSLATORS: the head of the column of states in the table of
	   levels, whose other columns are the series. */
	add(row, trc(pg, "level", "Level of state"));
	for (size_t k = 0; k < p->n_series; k++)
		if (p->series[k].kind == SERIES_LATENCY)
			add(row, series_name(pg, k));
	table_header(pg, row);
	for (size_t j = 0; j < p->n_states; j++) {
		g_ptr_array_set_size(row, 0);
		/* TRANSLATORS: the reference state in the table of levels,
		   "`20` (reference)". */
		add(row, j == ref ? fmt(pg, trc(pg, "level", "%s (reference)"),
					state_cell(pg, p->states[j]))
				  : state_cell(pg, p->states[j]));
		for (size_t k = 0; k < p->n_series; k++) {
			const series_spread *sp;
			if (p->series[k].kind != SERIES_LATENCY)
				continue;
			sp = find_level(pg, k, j);
			add(row, sp ? level_cell(pg, sp)
				    : trc(pg, "level", "no runs"));
		}
		table_row(pg, row);
	}
	g_ptr_array_free(row, TRUE);
}

/* ---- 3. mechanism --------------------------------------------------- */

/* "`0 -> 10 -> 0`" */
static const char *transition(page *pg, const long v[PRIO_PHASES])
{
	return fmt(pg, "`%ld -> %ld -> %ld`", v[0], v[1], v[2]);
}

/* Adds "WHAT (K/N)" to PARTS. */
static void add_count(page *pg, GPtrArray *parts, const char *what, size_t k,
		      size_t n)
{
	g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)", what, k, n));
}

/* The distinct transitions of one column (Win32 when WIN32, else ETW)
 * with their boots, most boots first (ties in the summary's order); the
 * count is shown as k/n only when the boots differ. */
static const char *prio_cell(page *pg, const mech_state_summary *m,
			     bool win32)
{
	size_t n = m->n_variants, used = 0;
	const long **keys = g_new0(const long *, n ? n : 1);
	size_t *boots = g_new0(size_t, n ? n : 1);
	GPtrArray *parts = g_ptr_array_new();
	const char *text;

	for (size_t v = 0; v < n; v++) {
		const long *t = win32 ? m->variants[v].win32
				      : m->variants[v].etw;
		size_t j = 0;
		while (j < used && memcmp(keys[j], t,
					  sizeof(long) * PRIO_PHASES) != 0)
			j++;
		if (j == used)
			keys[used++] = t;
		boots[j] += m->variants[v].boots;
	}
	/* A stable selection sort by boots, descending: there are a handful
	 * of variants at most. */
	for (size_t i = 0; i < used; i++) {
		size_t best = i;
		for (size_t j = i + 1; j < used; j++)
			if (boots[j] > boots[best])
				best = j;
		if (best != i) {
			const long *tk = keys[best];
			size_t tb = boots[best];
			memmove(&keys[i + 1], &keys[i], (best - i) * sizeof *keys);
			memmove(&boots[i + 1], &boots[i],
				(best - i) * sizeof *boots);
			keys[i] = tk;
			boots[i] = tb;
		}
	}
	for (size_t i = 0; i < used; i++) {
		if (used == 1 && m->prio_missing == 0)
			g_ptr_array_add(parts, (gpointer)transition(pg,
								    keys[i]));
		else
			g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
				transition(pg, keys[i]), boots[i], m->boots));
	}
	if (m->prio_missing)
		add_count(pg, parts, phrase(pg, PH_NOT_REPORTED), m->prio_missing,
			  m->boots);
	text = parts->len ? join(pg, parts, ", ") : phrase(pg, PH_NOT_REPORTED);
	g_ptr_array_free(parts, TRUE);
	g_free(keys);
	g_free(boots);
	return text;
}

static const char *service_cell(page *pg, const mech_state_summary *m)
{
	GPtrArray *parts;
	const char *text;

	if (m->service_running == m->boots && m->boots)
		return phrase(pg, PH_SERVICE_RUNNING);
	if (m->service_stopped == m->boots && m->boots)
		return phrase(pg, PH_SERVICE_STOPPED);
	if (m->service_unknown == m->boots)
		return phrase(pg, PH_NOT_REPORTED);
	parts = g_ptr_array_new();
	if (m->service_running)
		add_count(pg, parts, phrase(pg, PH_SERVICE_RUNNING),
			  m->service_running, m->boots);
	if (m->service_stopped)
		add_count(pg, parts, phrase(pg, PH_SERVICE_STOPPED),
			  m->service_stopped, m->boots);
	if (m->service_unknown)
		add_count(pg, parts, phrase(pg, PH_NOT_REPORTED),
			  m->service_unknown, m->boots);
	text = join(pg, parts, ", ");
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* Which columns and sentences of a mechanism series' table have data: a
 * column appears only when some boot of the series recorded its event. */
typedef struct mech_columns {
	bool registration, service, priority, priority_class;
} mech_columns;

static mech_columns mech_columns_of(const study_summary *sum, size_t series)
{
	mech_columns c = { false, false, false, false };

	for (size_t i = 0; i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		if (m->series != series)
			continue;
		c.registration |= m->register_reported > 0;
		c.service |= m->service_unknown < m->boots;
		c.priority |= m->prio_reported > 0;
		c.priority_class |= m->class_reported > 0;
	}
	return c;
}

static void mechanism_head(page *pg, mech_columns c)
{
	GPtrArray *row = row_new();

	add(row, phrase(pg, PH_HEAD_STATE));
	if (c.registration)
		add(row, phrase(pg, PH_HEAD_REGISTRATION));
	if (c.service)
		add(row, pg->p->service
			 ? fmt(pg, phrase(pg, PH_HEAD_NAMED_SERVICE), esc(pg, pg->p->service))
			 : phrase(pg, PH_HEAD_SERVICE));
	if (c.priority) {
		add(row, phrase(pg, PH_HEAD_WIN32));
		add(row, phrase(pg, PH_HEAD_ETW));
	}
	table_header(pg, row);
	g_ptr_array_free(row, TRUE);
}

/* The sentences below the table, each about a column shown, as one
 * paragraph. */
static void mechanism_notes(page *pg, mech_columns c, GPtrArray *changed)
{
	GPtrArray *sentences = g_ptr_array_new();

	if (c.priority)
		g_ptr_array_add(sentences, (gpointer)tr(pg, "The priority "
			"columns show the thread's priority before "
			"registration, after the registration attempt and "
			"after cleanup."));
	if (c.priority_class && changed->len)
		g_ptr_array_add(sentences, (gpointer)fmt(pg, tr(pg, "The "
			"process priority class changed in some boots of "
			"these states: %s."), join(pg, changed, ", ")));
	else if (c.priority_class)
		g_ptr_array_add(sentences, (gpointer)tr(pg, "The process "
			"priority class did not change."));
	if (sentences->len)
		para(pg, join(pg, sentences, " "));
	g_ptr_array_free(sentences, TRUE);
}

/* The MMCSS table: registration, service and priorities per state, with
 * only the columns whose events were recorded, and none at all when no
 * boot of the series recorded any of them. */
static void mechanism_table(page *pg, size_t series)
{
	const study_summary *sum = pg->sum;
	mech_columns c = mech_columns_of(sum, series);
	GPtrArray *row, *changed;

	if (!c.registration && !c.service && !c.priority && !c.priority_class)
		return;
	row = row_new();
	changed = g_ptr_array_new();
	if (c.registration || c.service || c.priority)
		mechanism_head(pg, c);
	for (size_t i = 0; i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		if (m->series != series)
			continue;
		if (m->class_changed)
			g_ptr_array_add(changed, (gpointer)state_text(pg,
								      m->state));
		if (!c.registration && !c.service && !c.priority)
			continue;
		g_ptr_array_set_size(row, 0);
		add(row, state_cell(pg, m->state));
		if (c.registration)
			add(row, fmt(pg, "%zu/%zu", m->registered, m->boots));
		if (c.service)
			add(row, service_cell(pg, m));
		if (c.priority) {
			add(row, prio_cell(pg, m, true));
			add(row, prio_cell(pg, m, false));
		}
		table_row(pg, row);
	}
	mechanism_notes(pg, c, changed);
	g_ptr_array_free(changed, TRUE);
	g_ptr_array_free(row, TRUE);
}

/* "enabled (3/4), disabled (1/4)": the values one state observed for one
 * name, most boots first, and the boots that did not report it. */
static const char *observed_cell(page *pg, const mech_state_summary *m,
				 const observed_name *on)
{
	GPtrArray *parts = g_ptr_array_new();
	const char *text;

	for (size_t v = 0; v < on->n_values; v++)
		add_count(pg, parts, code(pg, on->values[v].value, true),
			  on->values[v].boots, m->boots);
	if (on->unreported)
		add_count(pg, parts, phrase(pg, PH_NOT_REPORTED), on->unreported,
			  m->boots);
	text = join(pg, parts, ", ");
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* The event=observe table: one row per state and observed name. */
static void observation_table(page *pg, size_t series)
{
	const study_summary *sum = pg->sum;
	GPtrArray *row = row_new();
	bool any = false;

	for (size_t i = 0; i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		if (m->series != series)
			continue;
		for (size_t k = 0; k < m->n_observed; k++) {
			const observed_name *on = &m->observed[k];
			if (!any) {
				add(row, phrase(pg, PH_HEAD_STATE));
				add(row, tr(pg, "Observed"));
				add(row, tr(pg, "Values (boots)"));
				table_header(pg, row);
				any = true;
			}
			g_ptr_array_set_size(row, 0);
			add(row, state_cell(pg, m->state));
			add(row, esc(pg, on->name));
			add(row, observed_cell(pg, m, on));
			table_row(pg, row);
		}
	}
	g_ptr_array_free(row, TRUE);
}

static void mechanism_series(page *pg, size_t series)
{
	mechanism_table(pg, series);
	observation_table(pg, series);
}

/* The service's state at M as the figure says it, "MMCSS stopped", or
 * the table's cell when the boots differ. */
static const char *service_alt(page *pg, const mech_state_summary *m)
{
	const char *name = pg->p->service;
	bool running = m->boots && m->service_running == m->boots;

	if (!m->boots || (!running && m->service_stopped != m->boots))
		return service_cell(pg, m);
	if (!name)
		return running ? tr(pg, "service running")
			       : tr(pg, "service stopped");
	return fmt(pg, running ? tr(pg, "%s running") : tr(pg, "%s stopped"),
		   esc(pg, name));
}

/* What the mechanism figure shows of state M, in a few words: each
 * column of its series' table that has data ("registered 0/4, MMCSS stopped,
 * Win32 `0 -> 0 -> 0`, ETW `8 -> 8 -> 8`", the service's state as the
 * figure says it); NULL when there is none. */
static const char *mechanism_state_alt(page *pg,
				       const mech_state_summary *m)
{
	mech_columns c = mech_columns_of(pg->sum, m->series);
	GPtrArray *parts = g_ptr_array_new();
	const char *text = NULL;

	if (c.registration)
		g_ptr_array_add(parts, (gpointer)fmt(pg, trc(pg, "figure",
			"registered %zu/%zu"), m->registered, m->boots));
	if (c.service)
		g_ptr_array_add(parts, (gpointer)service_alt(pg, m));
	if (c.priority) {
		g_ptr_array_add(parts, (gpointer)fmt(pg, "Win32 %s",
			prio_cell(pg, m, true)));
		g_ptr_array_add(parts, (gpointer)fmt(pg, "ETW %s",
			prio_cell(pg, m, false)));
	}
	if (parts->len)
		text = join(pg, parts, ", ");
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* The mechanism figure, its alt text what each state's boots recorded,
 * in a few words, states that recorded the same together. */
static void figure_mechanism(page *pg)
{
	const study_summary *sum = pg->sum;
	const char *title;
	GPtrArray *names, *findings;
	size_t n_series = 0;

	if (!pg->links)
		return;
	for (size_t k = 0; k < pg->p->n_series; k++)
		n_series += pg->p->series[k].kind == SERIES_MECHANISM;
	title = trc(pg, "figure", "Priority of the test thread before "
		    "registration, after it and after cleanup");
	names = g_ptr_array_new();
	findings = g_ptr_array_new();
	for (size_t i = 0; i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		const char *t = mechanism_state_alt(pg, m);
		const char *state = state_text(pg, m->state);
		if (!t)
			continue;
		if (n_series > 1)
			state = fmt(pg, "%s, %s", series_inside(pg, m->series),
				    state);
		g_ptr_array_add(names, (gpointer)state);
		g_ptr_array_add(findings, (gpointer)t);
	}
	if (names->len)
		/* TRANSLATORS: the alt text of the mechanism figure on a
		   page: the figure's title, then what each state's boots
		   recorded, in a few words. */
		figure_link(pg, FIG_MECHANISM, fmt(pg, trc(pg, "figure alt",
			"%s, per state: %s."), title,
			by_finding(pg, names, findings)));
	else
		/* TRANSLATORS: the alt text of the mechanism figure on a
		   page whose mechanism boots recorded no priority,
		   registration or service state. */
		figure_link(pg, FIG_MECHANISM, fmt(pg, trc(pg, "figure alt",
			"%s, per state and boot, as the table above counts "
			"them."), title));
	g_ptr_array_free(names, TRUE);
	g_ptr_array_free(findings, TRUE);
}

static void section_mechanism(page *pg)
{
	if (!has_series(pg->p, SERIES_MECHANISM))
		return;
	section(pg, PAGE_MECHANISM, tr(pg, "Mechanism check"));
	each_series(pg, SERIES_MECHANISM, mechanism_series);
	figure_mechanism(pg);
}

/* ---- 4. sentences --------------------------------------------------- */

static void section_start(page *pg, page_section id, const char *heading,
			  bool *started)
{
	if (!*started)
		section(pg, id, heading);
	*started = true;
}

static void section_series_notes(page *pg)
{
	bool started = false;

	for (size_t k = 0; k < pg->p->n_series; k++) {
		const char *note = studytext_note(&pg->p->series[k],
						  pg->md.lang);
		if (!note || !note[0])
			continue;
		section_start(pg, PAGE_SERIES_NOTES, tr(pg, "Series notes"),
			      &started);
		item(pg, fmt(pg, "%s: %s", series_name(pg, k),
			     esc(pg, note)));
	}
}

/* What the plan's filter and missing values took from the latency files
 * of series K's runs, or of every series' for K NO_SERIES. */
#define NO_SERIES ((size_t)-1)

typedef struct row_tally {
	size_t files;            /* latency files read */
	size_t rows, kept;       /* their rows, and those the filter kept */
	size_t missing;          /* of the kept, the missing */
	size_t runs_missing;     /* files with a missing row */
	double worst;            /* the largest share of a file's kept rows
				    missing */
} row_tally;

static row_tally tally_rows(const study *s, size_t k)
{
	row_tally t = { 0, 0, 0, 0, 0, 0.0 };

	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		size_t kept = r->rows - r->filtered;

		if ((k != NO_SERIES && r->series != k) || r->rows == 0)
			continue;
		t.files++;
		t.rows += r->rows;
		t.kept += kept;
		t.missing += r->missing;
		t.runs_missing += r->missing > 0;
		if (kept > 0 && (double)r->missing / (double)kept > t.worst)
			t.worst = (double)r->missing / (double)kept;
	}
	return t;
}

/* The plan's missing tokens, "`NA`, `N/A`". */
static const char *missing_tokens(page *pg)
{
	GPtrArray *parts = g_ptr_array_new();
	const char *text;

	for (size_t i = 0; i < pg->p->n_missing; i++)
		g_ptr_array_add(parts, (gpointer)code(pg, pg->p->missing[i],
						      false));
	text = join(pg, parts, ", ");
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* "37 kept rows" (or "37 rows", with no filter). */
static const char *missing_rows(page *pg, size_t n)
{
	if (pg->p->n_filter > 0)
		return fmt(pg, trn(pg, "%zu kept row", "%zu kept rows", n), n);
	return fmt(pg, trn(pg, "%zu row", "%zu rows", n), n);
}

/* The parts of series K's item in Runs that say what the filter and the
 * missing values took from its files. */
static void runs_row_parts(page *pg, size_t k, GPtrArray *parts)
{
	row_tally t = tally_rows(pg->s, k);

	if (t.files == 0)
		return;
	if (pg->p->n_filter > 0)
		/* TRANSLATORS: the rows of the series' latency files that
		   the study's filter kept, of all their rows. */
		g_ptr_array_add(parts, (gpointer)fmt(pg, trn(pg,
			"the filter kept %zu of %zu row",
			"the filter kept %zu of %zu rows", t.rows),
			t.kept, t.rows));
	if (pg->p->n_missing > 0)
		/* TRANSLATORS: %s are the missing-value tokens ("`NA`"), the
		   second %s "37 kept rows". */
		g_ptr_array_add(parts, (gpointer)fmt(pg, trc(pg,
			"missing rows", "%s in %s"), missing_tokens(pg),
			missing_rows(pg, t.missing)));
}

/* The study's filter and missing values, and what they took from all
 * its latency files. */
static void runs_row_items(page *pg)
{
	const study_plan *p = pg->p;
	row_tally t = tally_rows(pg->s, NO_SERIES);
	const char *limit;

	if (p->n_filter > 0) {
		GString *text = g_string_new(NULL);

		rowfilter_text(text, p->filter, p->n_filter, false);
		/* TRANSLATORS: %s is the filter as study.ini gives it, the
		   counts the rows of all latency files it kept and read. */
		item(pg, fmt(pg, trn(pg, "Filter %s: %zu of %zu row of the "
				     "latency files kept.",
				     "Filter %s: %zu of %zu rows of the "
				     "latency files kept.", t.rows),
			     code(pg, text->str, false), t.kept, t.rows));
		g_string_free(text, TRUE);
	}
	if (p->n_missing == 0)
		return;
	limit = percent_alone(pg, p->missing_limit / 1e6, 4);
	if (t.missing == 0)
		/* TRANSLATORS: %s are the tokens ("`NA`"), then the limit
		   ("5%"). */
		item(pg, fmt(pg, tr(pg, "Missing values %s: none; limit %s of "
				    "a run."), missing_tokens(pg), limit));
	else
		/* TRANSLATORS: %s are the tokens ("`NA`"), "37 kept rows",
		   "in 5 runs", the largest share of a run's rows missing
		   ("0.4%") and the limit ("5%"). */
		item(pg, fmt(pg, tr(pg, "Missing values %s: %s %s, at most "
				    "%s of a run; limit %s."),
			     missing_tokens(pg), missing_rows(pg, t.missing),
			     fmt(pg, trn(pg, "in %zu run", "in %zu runs",
					 t.runs_missing), t.runs_missing),
			     percent_alone(pg, t.worst, t.worst < 0.00005 ? 4
							       : 2), limit));
}

static void section_runs(page *pg)
{
	const study_summary *sum = pg->sum;
	bool started = false;

	for (size_t i = 0; i < sum->n_accounting; i++) {
		const series_accounting *acc = &sum->accounting[i];
		GPtrArray *parts = g_ptr_array_new();

		section_start(pg, PAGE_RUNS, tr(pg, "Runs"), &started);
		if (acc->runs == 0)
			g_ptr_array_add(parts, (gpointer)phrase(pg,
				PH_RUNS_NONE));
		else if (acc->excluded == 0 && acc->runs == 1)
			/* Said apart from the plural: "the 1 run", "1회의 실행이
			   모두" do not read as a language says one. */
			g_ptr_array_add(parts, (gpointer)phrase(pg,
				PH_RUNS_ONE));
		else if (acc->excluded == 0 && acc->runs == 2)
			g_ptr_array_add(parts, (gpointer)phrase(pg,
				PH_RUNS_TWO));
		else if (acc->excluded == 0)
			g_ptr_array_add(parts, (gpointer)fmt(pg, phrase_n(pg,
				PH_RUNS_ALL, acc->runs),
				acc->runs));
		else if (acc->accepted == 0 && acc->runs == 1)
			g_ptr_array_add(parts, (gpointer)phrase(pg,
				PH_RUNS_ONE_REFUSED));
		else if (acc->accepted == 0)
			g_ptr_array_add(parts, (gpointer)fmt(pg, phrase(pg,
				PH_RUNS_NONE_OF), acc->runs));
		else
			/* The verb agrees with the runs accepted. */
			g_ptr_array_add(parts, (gpointer)fmt(pg, phrase_n(pg,
				PH_RUNS_SOME, acc->accepted),
				acc->runs, acc->accepted));
		if (acc->logs_with_etw) {
			if (acc->lost_events == 0 && acc->lost_buffers == 0)
				g_ptr_array_add(parts, (gpointer)phrase(pg,
					PH_RUNS_NO_LOSS));
			else
				g_ptr_array_add(parts, (gpointer)fmt(pg,
					phrase(pg, PH_RUNS_LOST),
					fmt(pg, "%" PRIu64, acc->lost_events),
					fmt(pg, "%" PRIu64,
					    acc->lost_buffers)));
		}
		if (acc->excluded) {
			GPtrArray *ex = g_ptr_array_new();
			for (size_t k = 0; k < acc->excluded; k++) {
				const study_run *r =
					&pg->s->runs[acc->excluded_runs[k]];
				const char *note = plan_text_for(r->note,
					&r->note_l10n, pg->md.lang);
				g_ptr_array_add(ex, (gpointer)(note
					? fmt(pg, "%s (%s)", esc(pg, r->id),
					      esc(pg, note))
					: esc(pg, r->id)));
			}
			g_ptr_array_add(parts, (gpointer)fmt(pg,
				phrase(pg, PH_RUNS_EXCLUDED), join(pg, ex,
					", ")));
			g_ptr_array_free(ex, TRUE);
		}
		runs_row_parts(pg, acc->series, parts);
		item(pg, fmt(pg, "%s: %s.", series_name(pg, acc->series),
			     join(pg, parts, "; ")));
		g_ptr_array_free(parts, TRUE);
	}
	if (started)
		runs_row_items(pg);
}

/* An interval method as the page names it: its study.ini code, which
 * verify reads back, then what the method is, "`t` (Student t)", so the
 * classical t interval is not taken for a bootstrap one. */
static const char *method_label(page *pg, interval_method m)
{
	const char *name =
		m == INTERVAL_PERCENTILE ? trc(pg, "method",
					       "percentile bootstrap")
		: m == INTERVAL_BCA ? trc(pg, "method", "BCa bootstrap")
		: m == INTERVAL_T ? trc(pg, "method", "Student t")
		: m == INTERVAL_EXPANDED ? trc(pg, "method",
					       "expanded percentile bootstrap")
		: trc(pg, "method", "bootstrap-t");

	return fmt(pg, "%s (%s)", code(pg, interval_method_name(m), false),
		   name);
}

/* The plan digest, and whether study.ini registered it, so a reader can
 * hold the page against a plan published before the first boot
 * (`verify` reads this sentence back). */
static const char *plan_digest_text(page *pg)
{
	const study_plan *p = pg->p;

	return fmt(pg, p->registered
		   ? phrase(pg, PH_SET_PLAN_REGISTERED)
		   : phrase(pg, PH_SET_PLAN_UNREGISTERED),
		   code(pg, p->digest, false));
}

/* The threshold's sentence: "set in advance" only when a `registered`
 * digest matched the plan (ingest/study_ini.c refuses one that does not), for
 * nothing else shows that the threshold was chosen before the data. */
static page_phrase_id threshold_phrase(const study_plan *p)
{
	if (p->registered)
		return p->better == BETTER_LOWER ? PH_SET_THRESHOLD_LOWER
						 : PH_SET_THRESHOLD_HIGHER;
	return p->better == BETTER_LOWER ? PH_SET_THRESHOLD_LOWER_DECLARED
					 : PH_SET_THRESHOLD_HIGHER_DECLARED;
}

/* Whether verdict V is a judgement of an interval: the reasons for no
 * claim judge nothing. */
static bool judges(verdict v)
{
	return v != VERDICT_NO_INTERVAL && v != VERDICT_TOO_FEW_PAIRS
	       && v != VERDICT_NO_SPREAD;
}

/* The page judges each interval and test at the plan's full level, with
 * no adjustment for how many there are: the reader is told how many, so
 * that a single finding among many is weighed accordingly. */
static void multiplicity_item(page *pg)
{
	const analysis *a = pg->a;
	size_t cmp = 0, between = 0, spread = 0, total;

	for (size_t i = 0; i < a->n_cmp; i++)
		cmp += judges(a->cmp[i].verdict);
	for (size_t i = 0; i < a->n_between; i++)
		between += a->between[i].finding != HETERO_UNJUDGED;
	for (size_t i = 0; i < a->n_spread_tests; i++)
		spread += a->spread_tests[i].finding != HETERO_UNJUDGED;
	total = cmp + between + spread;
	if (total == 0)
		return;
	/* TRANSLATORS: the first %zu is the sum of the next three; %s is
	   the confidence level, "95%". */
	item(pg, fmt(pg, trn(pg, "Multiplicity: %zu interval or test is "
			     "judged on this page (comparisons with the "
			     "reference: %zu, effect differences across "
			     "series: %zu, spread tests: %zu), at the full %s "
			     "level, with no adjustment for multiple "
			     "testing.",
			     "Multiplicity: %zu intervals and tests are "
			     "judged on this page (comparisons with the "
			     "reference: %zu, effect differences across "
			     "series: %zu, spread tests: %zu), each at the full %s "
			     "level; no adjustment is made for their number, "
			     "so the more there are, the likelier it is that "
			     "one of them errs by chance.", total),
		     total, cmp, between, spread, confidence_alone(pg)));
}

static void section_settings(page *pg)
{
	const study_plan *p = pg->p;
	const char *method = method_label(pg, p->interval);

	section(pg, PAGE_SETTINGS, tr(pg, "Analysis settings"));
	item(pg, fmt(pg, phrase(pg, PH_SET_STATISTIC),
		     code(pg, p->statistic.name, false),
		     code(pg, p->column, false)));
	item(pg, tr(pg, "Pairing: by block; a comparison uses the blocks "
		    "that hold an accepted run of both states."));
	if (p->interval == INTERVAL_T && !p->resamples_exact)
		/* Student t resamples nothing: the resamples and seed are
		 * those of the bootstrap methods of the sensitivity
		 * analysis only. */
		item(pg, fmt(pg, phrase(pg, PH_SET_T_RESAMPLES),
			     method, confidence_alone(pg),
			     fmt(pg, "%lu", p->resamples),
			     fmt(pg, "%" PRIu32, p->seed)));
	else if (p->interval == INTERVAL_T)
		item(pg, fmt(pg, phrase(pg, PH_SET_T_EXACT),
			     method, confidence_alone(pg)));
	else if (p->resamples_exact)
		item(pg, fmt(pg, phrase(pg, PH_SET_EXACT_BOOTSTRAP),
			     method, confidence_alone(pg)));
	else
		item(pg, fmt(pg, phrase(pg, PH_SET_BOOTSTRAP),
			     fmt(pg, "%lu", p->resamples),
			     fmt(pg, "%" PRIu32, p->seed), method,
			     confidence_alone(pg)));
	item(pg, fmt(pg, phrase(pg, threshold_phrase(p)),
		     qty(pg, p->threshold, false)));
	item(pg, tr(pg, "Conclusions: harm or benefit when the whole "
		    "interval lies beyond the threshold, equivalence when it "
		    "lies wholly inside it; each series is judged on its own "
		    "and never pooled.  The other interval methods are in "
		    "results.json as a sensitivity analysis."));
	multiplicity_item(pg);
	/* TRANSLATORS: %zu is the fewest pairs a claim needs. */
	item(pg, fmt(pg, trn(pg, "No claim is made from fewer than %zu pair, "
			     "nor when every block shows the same "
			     "difference.",
			     "No claim is made from fewer than %zu pairs, "
			     "nor when every block shows the same "
			     "difference.", VERDICT_MIN_PAIRS),
		     (size_t)VERDICT_MIN_PAIRS));
	item(pg, plan_digest_text(pg));
}

/* The comparisons "Series 1 `10`, ..." of the list IDX. */
static const char *cmp_names(page *pg, const size_t *idx, size_t n)
{
	GPtrArray *names = g_ptr_array_new();
	const char *text;

	for (size_t i = 0; i < n; i++) {
		const comparison *c = &pg->a->cmp[idx[i]];
		g_ptr_array_add(names, (gpointer)fmt(pg, "%s %s",
			series_inside(pg, c->series),
			state_text(pg, pg->p->states[c->state])));
	}
	text = join(pg, names, ", ");
	g_ptr_array_free(names, TRUE);
	return text;
}

static void section_small_samples(page *pg)
{
	const analysis *a = pg->a;
	bool *done = g_new0(bool, a->n_cmp ? a->n_cmp : 1);
	size_t *idx = g_new0(size_t, a->n_cmp ? a->n_cmp : 1);
	size_t with_interval = 0;
	bool started = false;

	for (size_t i = 0; i < a->n_cmp; i++)
		with_interval += a->cmp[i].boot.ci[pg->p->interval].defined;
	/* One sentence per (pairs, coverage), naming the comparisons it
	 * applies to; the coverage quoted is the table's row of that very
	 * number of pairs. */
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		size_t n = 0;
		const char *f;

		if (done[i] || !c->small_sample)
			continue;
		for (size_t j = i; j < a->n_cmp; j++) {
			const comparison *o = &a->cmp[j];
			if (!done[j] && o->small_sample
			    && o->n_pairs == c->n_pairs
			    && !(o->coverage < c->coverage
				 || o->coverage > c->coverage)) {
				done[j] = true;
				idx[n++] = j;
			}
		}
		section_start(pg, PAGE_SMALL_SAMPLES, tr(pg, "Small samples"),
			      &started);
		f = fmt(pg, phrase_n(pg, PH_SET_SMALL_SAMPLE, c->n_pairs),
			c->n_pairs, confidence(pg),
			method_label(pg, pg->p->interval),
			percent_alone(pg, c->coverage, 1));
		if (n == with_interval)
			item(pg, fmt(pg, "%s %s", f, phrase(pg,
				PH_SCOPE_EVERY)));
		else
			item(pg, fmt(pg, "%s %s", f, fmt(pg, phrase_n(pg,
				PH_SCOPE_LIST, n), cmp_names(pg, idx, n))));
	}
	g_free(done);
	g_free(idx);
}

/* ---- a sequential study ------------------------------------------------ */

/* The boundary's name in the page's words. */
static const char *boundary_label(page *pg, look_boundary b)
{
	const char *name =
		b == BOUNDARY_POCOCK ? trc(pg, "boundary", "Pocock")
		: b == BOUNDARY_BONFERRONI ? trc(pg, "boundary",
						 "Bonferroni over the looks")
		: trc(pg, "boundary", "O'Brien-Fleming");

	return fmt(pg, "%s (%s)", code(pg, look_boundary_name(b), false),
		   name);
}

/* "10 blocks 99.99%, 20 blocks 99.5%, ...": each look and its level. */
static const char *look_levels(page *pg)
{
	const seq_design *d = &pg->a->design;
	GPtrArray *items = g_ptr_array_new();
	const char *text;

	for (size_t k = 0; k < d->n; k++)
		/* TRANSLATORS: a look of a sequential study: %lu blocks per
		   series, %s the level of its intervals, "99.52%". */
		g_ptr_array_add(items, (gpointer)fmt(pg,
			trn(pg, "%lu block: %s", "%lu blocks: %s",
			    d->looks[k]),
			d->looks[k],
			percent_alone(pg, d->level[k],
				      sequential_level_decimals(d->level[k]))));
	text = join(pg, items, "; ");
	g_ptr_array_free(items, TRUE);
	return text;
}

/* Where comparison C stands, in a sentence. */
static const char *look_item(page *pg, const comparison *c)
{
	const study_plan *p = pg->p;
	const char *who = fmt(pg, "%s %s", series_name(pg, c->series),
			      state_text(pg, p->states[c->state]));
	unsigned long blocks = c->look ? p->looks[c->look - 1] : 0;
	const char *said = verdict_text(pg, c->verdict, c->boot.estimate);

	switch (c->look_status) {
	case LOOK_STOP:
		/* TRANSLATORS: %1$s names the comparison ("Series 1 `10`"),
		   %2$zu and %3$zu the look and the looks, %4$lu its blocks
		   per series, %5$s the verdict. */
		return fmt(pg, tr(pg, "%1$s: decided at look %2$zu of %3$zu "
				  "(%4$lu blocks): %5$s."), who, c->look,
			   p->n_looks, blocks, said);
	case LOOK_CONTINUE:
		return fmt(pg, tr(pg, "%1$s: undecided at look %2$zu of %3$zu "
				  "(%4$lu blocks): %5$s; a later look may "
				  "decide."), who, c->look, p->n_looks, blocks,
			   said);
	case LOOK_FUTILE:
		/* TRANSLATORS: %6$lu is the most blocks the design records. */
		return fmt(pg, tr(pg, "%1$s: undecided at look %2$zu of %3$zu "
				  "(%4$lu blocks): %5$s; no difference this "
				  "interval leaves plausible would be decided "
				  "by the last look (%6$lu blocks): too few "
				  "blocks are planned for this spread."), who,
			   c->look, p->n_looks, blocks, said,
			   p->looks[p->n_looks - 1]);
	case LOOK_ENDED:
		return fmt(pg, tr(pg, "%1$s: undecided at the last look "
				  "(%2$lu blocks): %3$s."), who, blocks,
			   said);
	case LOOK_NONE:
	case LOOK_NOT_REACHED:
		break;
	}
	return fmt(pg, tr(pg, "%s: no look reached yet."), who);
}

/* The design of a sequential study and where each comparison stands: the
 * intervals of the comparison table are those of these looks. */
static void section_sequential(page *pg)
{
	const analysis *a = pg->a;
	const study_plan *p = pg->p;

	if (!a->sequential)
		return;
	section(pg, PAGE_SEQUENTIAL, tr(pg, "Sequential design"));
	/* TRANSLATORS: %1$zu looks, %2$s the boundary, %3$s the levels of
	   the looks, %4$s 1 - the confidence level, "5%". */
	item(pg, fmt(pg, trn(pg, "The analysis plan sets %1$zu look, boundary "
			     "%2$s: its intervals are taken at the level "
			     "%3$s, so that the chance that any of them "
			     "misses the true difference is at most %4$s.",
			     "The analysis plan sets %1$zu looks, boundary "
			     "%2$s: each look's intervals are taken at its own "
			     "level (%3$s), so that the chance that any "
			     "interval of any look misses the true difference "
			     "is at most %4$s.", p->n_looks),
		     p->n_looks, boundary_label(pg, p->boundary),
		     look_levels(pg),
		     percent_alone(pg, 1.0 - p->confidence, 2)));
	item(pg, tr(pg, "A comparison is decided at the first look whose "
		    "interval shows harm, benefit or equivalence; the table "
		    "above gives that look's interval, and later blocks are "
		    "not used for it.  A wrong conclusion needs an interval "
		    "that misses the truth, so its chance over all looks is "
		    "bounded the same way: exactly for an interval whose "
		    "coverage is exact, approximately for the t interval and "
		    "the bootstrap-t, whose coverage can fall short of their "
		    "level; for strongly skewed differences the chance of a "
		    "wrong conclusion was found several times higher "
		    "(docs/statistics.md)."));
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		item(pg, look_item(pg, c));
		if (c->pairs_after > 0)
			item(pg, fmt(pg, trn(pg, "%1$s %2$s: %3$zu pair "
					     "recorded after that look is not "
					     "used.", "%1$s %2$s: %3$zu pairs "
					     "recorded after that look are not "
					     "used.", c->pairs_after),
				     series_name(pg, c->series),
				     state_text(pg, p->states[c->state]),
				     c->pairs_after));
	}
}

/* Starts the comparison notes unless *STARTED. */
static void notes_start(page *pg, bool *started)
{
	section_start(pg, PAGE_COMPARISON_NOTES, tr(pg, "Comparison notes"),
		      started);
}

/* Where the fragile endpoint WHICH ("lower" or "upper") lies, DISTANCE
 * from BOUNDARY (render/endpoint_words.h). */
static const char *fragile_where(page *pg, const char *which,
				 double boundary, double distance)
{
	return endpoint_words_where(&pg->md, which, boundary, distance,
				    pg->p->threshold_decimals,
				    esc(pg, pg->p->unit));
}

/* A note for each state whose series are all indeterminate with
 * estimates of both signs: the verdict is indeterminate, and the page
 * says that the opposite signs are no finding. */
static void signs_notes(page *pg, bool *started)
{
	for (size_t i = 0; i < pg->a->n_states; i++) {
		const state_result *r = &pg->a->states[i];
		if (!r->signs_open)
			continue;
		notes_start(pg, started);
		item(pg, fmt(pg, tr(pg, "%s: the estimates of the series "
				    "differ in sign, but each interval holds "
				    "0, so the sign of neither effect is "
				    "established."),
			     state_text(pg, pg->p->states[r->state])));
	}
}

static void section_comparison_notes(page *pg)
{
	const analysis *a = pg->a;
	bool started = false;

	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		const boot_interval *ci = &c->boot.ci[pg->p->interval];
		const char *who = fmt(pg, "%s, %s", series_name(pg, c->series),
				      state_text(pg, pg->p->states[c->state]));

		if (c->boot.fragile) {
			const char *where = fragile_where(pg,
				c->boot.fragile_endpoint,
				c->boot.fragile_boundary,
				c->boot.fragile_distance);
			const char *basis = strcmp(c->boot.fragile_basis,
						   "exact bootstrap") == 0
				? tr(pg, "judged against the exact bootstrap")
				: tr(pg, "judged by the Monte Carlo error");
			notes_start(pg, &started);
			/* TRANSLATORS: a seed-sensitivity note: who, where
			   the estimate lies, on what it was judged, and the
			   sentence that another seed could change it. */
			item(pg, fmt(pg, trc(pg, "fragile note",
					     "%s: %s (%s); %s"), who, where,
				     basis,
				     tr(pg, "another seed could change the "
					"conclusion.")));
		}
		if (ci->fallback) {
			notes_start(pg, &started);
			item(pg, fmt(pg, "%s: %s", who,
				     fmt(pg, tr(pg, "the %s interval is "
						"undefined here; the %s "
						"interval is shown "
						"instead."),
					 code(pg, interval_method_name(
						 ci->method), false),
					 code(pg, interval_method_name(
						 ci->used), false))));
		}
		if (c->coverage_beyond) {
			notes_start(pg, &started);
			item(pg, fmt(pg, "%s: %s", who, fmt(pg, trn(pg,
				"with %zu pair, beyond the simulated coverage "
				"table (%d to %d pairs, docs/statistics.md): no "
				"simulated coverage is quoted for it.",
				"with %zu pairs, beyond the simulated coverage "
				"table (%d to %d pairs, docs/statistics.md): no "
				"simulated coverage is quoted for it.",
				c->n_pairs), c->n_pairs, COVERAGE_MIN_PAIRS,
				COVERAGE_MAX_PAIRS)));
		}
		if (c->n_unpaired) {
			GPtrArray *ids = g_ptr_array_new();
			for (size_t k = 0; k < c->n_unpaired; k++)
				g_ptr_array_add(ids, (gpointer)esc(pg,
					pg->s->runs[c->unpaired[k]].id));
			notes_start(pg, &started);
			item(pg, fmt(pg, "%s: %s", who, fmt(pg,
				trn(pg, "unpaired run, left out because its "
				    "block lacks the other state: %s.",
				    "unpaired runs, left out because their "
				    "blocks lack the other state: %s.",
				    c->n_unpaired),
				join(pg, ids, ", "))));
			g_ptr_array_free(ids, TRUE);
		}
	}
	signs_notes(pg, &started);
}

static const char *p_value(page *pg, double p)
{
	if (p < 0.001)
		return "< 0.001";
	return fmt(pg, "= %s", num_dec(pg, p, 3, false));
}

static void spread_bullets(page *pg)
{
	const analysis *a = pg->a;
	const study_plan *p = pg->p;

	for (size_t i = 0; i < a->n_spread; i++) {
		const series_spread *sp = &a->spread[i];
		if (sp->runs == 0)
			item(pg, fmt(pg, tr(pg, "%s: no runs at %s."),
				     series_name(pg, sp->series),
				     state_text(pg, p->reference)));
		else if (!isfinite(sp->sd))
			item(pg, fmt(pg, tr(pg, "%s: at %s, SD not defined, "
					    "range %s to %s, n = %zu."),
				     series_name(pg, sp->series),
				     state_text(pg, p->reference),
				     num(pg, sp->min, false),
				     qty(pg, sp->max, false), sp->runs));
		else
			item(pg, fmt(pg, tr(pg, "%s: at %s, SD %s, range %s "
					    "to %s, n = %zu."),
				     series_name(pg, sp->series),
				     state_text(pg, p->reference),
				     qty(pg, sp->sd, false),
				     num(pg, sp->min, false),
				     qty(pg, sp->max, false), sp->runs));
	}
}

/* The reference runs of series K (its entry of a->spread). */
static size_t reference_runs(const analysis *a, size_t k)
{
	for (size_t i = 0; i < a->n_spread; i++)
		if (a->spread[i].series == k)
			return a->spread[i].runs;
	return 0;
}

/* ALPHA with as few decimals as it has (0.05, 0.025), up to 6. */
static const char *level_text(page *pg, double alpha)
{
	int d = 1;

	while (d < 6 && fabs(round(alpha * pow(10, d)) / pow(10, d) - alpha)
			> 1e-9)
		d++;
	return num_dec(pg, alpha, d, false);
}

/* What each spread test could find at its size and level, so that "no
 * clear difference" is read for what it is worth. */
static void power_bullets(page *pg)
{
	const analysis *a = pg->a;

	for (size_t i = 0; i < a->n_spread_tests; i++) {
		const spread_test *t = &a->spread_tests[i];
		if (t->finding == HETERO_UNJUDGED || !isfinite(t->power))
			continue;
		/* TRANSLATORS: the series compared (as in the sentence of
		   the test above), the runs of each at the reference, the
		   level (0.05), and the share of studies, "31%". */
		item(pg, fmt(pg, tr(pg, "%s against %s: with %zu + %zu runs "
				    "at p < %s, the spread test detects an "
				    "SD twice as large about %s of the time "
				    "(normal runs, simulated; "
				    "docs/statistics.md), so finding no "
				    "difference does not rule one out."),
			     series_name(pg, t->series_b),
			     series_after(pg, t->series_a),
			     reference_runs(a, t->series_b),
			     reference_runs(a, t->series_a),
			     level_text(pg, 1.0 - pg->p->confidence),
			     percent_alone(pg, t->power, 0)));
	}
}

static void spread_test_bullets(page *pg)
{
	const analysis *a = pg->a;

	for (size_t i = 0; i < a->n_spread_tests; i++) {
		const spread_test *t = &a->spread_tests[i];
		const char *b = series_name(pg, t->series_b);
		const char *sa = series_after(pg, t->series_a);
		if (t->finding == HETERO_UNJUDGED) {
			item(pg, fmt(pg, tr(pg, "%s against %s: whether the "
					    "spread differs cannot be "
					    "judged; a series has fewer "
					    "than two runs at %s, or they "
					    "do not vary."),
				     b, sa, state_text(pg, pg->p->reference)));
			continue;
		}
		item(pg, fmt(pg, t->finding == HETERO_DIFFERS
			     ? tr(pg, "%s against %s: SD ratio %s, "
				  "Brown-Forsythe test p %s; the spread "
				  "differs clearly.")
			     : tr(pg, "%s against %s: SD ratio %s, "
				  "Brown-Forsythe test p %s; no clear "
				  "difference in spread."),
			     b, sa, num_dec(pg, t->ratio, 2, false),
			     p_value(pg, t->p_value)));
	}
	power_bullets(pg);
	if (a->n_spread_tests)
		item(pg, tr(pg, "The spread test compares the absolute "
			    "deviations of the runs from the median of "
			    "their series; it assumes independent runs "
			    "whose distributions have the same shape in "
			    "both series, apart from location and spread."));
}

/* The worst finding of the between-series differences of state STATE:
 * a clear difference over one that cannot be judged over none. */
static hetero_finding state_effects(const analysis *a, size_t state)
{
	hetero_finding f = HETERO_SAME;

	for (size_t i = 0; i < a->n_between; i++) {
		const series_difference *d = &a->between[i];
		if (d->state != state || d->finding == HETERO_SAME)
			continue;
		if (d->finding == HETERO_DIFFERS)
			return HETERO_DIFFERS;
		f = HETERO_UNJUDGED;
	}
	return f;
}

static void difference_bullet(page *pg, const series_difference *d)
{
	const char *state = state_text(pg, pg->p->states[d->state]);
	const char *b = series_after(pg, d->series_b);
	const char *sa = series_after(pg, d->series_a);

	if (d->finding == HETERO_UNJUDGED)
		item(pg, fmt(pg, tr(pg, "%s: whether the effects in %s and "
				    "%s differ cannot be judged; a series "
				    "has fewer than %d pairs."),
			     state, b, sa, VERDICT_MIN_PAIRS));
	else if (d->finding == HETERO_DIFFERS)
		/* The effects differ; the verdicts may still be the same
		 * (harm in both, one larger), so the sentence speaks of the
		 * effects only. */
		item(pg, fmt(pg, tr(pg, "%s: the effect in %s minus the "
				    "effect in %s is %s %s; the interval "
				    "excludes 0, so the effects of the "
				    "series differ."),
			     state, b, sa,
			     qty_code(pg, d->difference, true, false),
			     ci_code(pg, d->lo, d->hi)));
}

/* The effect differences worth a sentence, and a sentence for each state
 * whose effects do not differ clearly although the series' conclusions
 * do; the sentence of agreement only when it holds for every state. */
static void between_bullets(page *pg)
{
	const analysis *a = pg->a;
	bool all_agree = true;

	for (size_t i = 0; i < a->n_between; i++)
		difference_bullet(pg, &a->between[i]);
	for (size_t i = 0; i < a->n_states; i++) {
		const state_result *r = &a->states[i];
		if (analysis_state_agrees(a, i))
			continue;
		all_agree = false;
		if (a->n_between && state_effects(a, r->state) == HETERO_SAME)
			/* The headline says the verdicts differ; this
			 * says the effects do not, without contradicting
			 * it. */
			item(pg, fmt(pg, tr(pg, "%s: the series' verdicts "
					    "differ, but a difference of their "
					    "effects is not established (its "
					    "interval holds 0)."),
				     state_text(pg, pg->p->states[
					     r->state])));
	}
	if (a->n_between && all_agree)
		item(pg, tr(pg, "For every state, the series' verdicts are "
			    "the same and the interval of the difference of "
			    "their effects holds 0."));
}

static void section_heterogeneity(page *pg)
{
	const analysis *a = pg->a;

	if (a->n_spread == 0)
		return;
	section(pg, PAGE_HETEROGENEITY, tr(pg, "Series heterogeneity"));
	spread_bullets(pg);
	spread_test_bullets(pg);
	between_bullets(pg);
	if (a->heterogeneous)
		item(pg, tr(pg, "The series differ in effect or spread, so "
			    "they are reported separately and never "
			    "pooled."));
	else if (a->unjudged)
		item(pg, tr(pg, "Some differences between the series cannot "
			    "be judged, so the series are reported "
			    "separately and never pooled."));
	else if (a->conclusions_differ)
		item(pg, tr(pg, "The series' verdicts differ on some "
			    "state, so the series are reported separately "
			    "and never pooled."));
	else if (a->n_spread > 1)
		item(pg, tr(pg, "No clear difference between the series was "
			    "found; they are still reported separately."));
}

static const char *control_text(page *pg, const control_check *c)
{
	const study_run *r = &pg->s->runs[c->run];
	const mech_log *m = r->mech;
	GPtrArray *parts = g_ptr_array_new();
	const char *text;

	if (!m || !m->registry_seen)
		g_ptr_array_add(parts, (gpointer)tr(pg, "value not reported"));
	else if (c->value_ok)
		g_ptr_array_add(parts, (gpointer)fmt(pg, tr(pg, "value %s "
			"found"), state_text(pg, m->registry)));
	else
		g_ptr_array_add(parts, (gpointer)fmt(pg, tr(pg, "value %s "
			"found, %s expected"), state_text(pg, m->registry),
			state_text(pg, r->state)));
	g_ptr_array_add(parts, (gpointer)outcome_service(&pg->md, pg->p,
				c->service_ok ? SERVICE_RUNNING
					      : SERVICE_NOT_RUNNING));
	g_ptr_array_add(parts, (gpointer)(c->tracing_ok
		? tr(pg, "no trace session active")
		: tr(pg, "a trace session still active")));
	g_ptr_array_add(parts, (gpointer)(c->processes_ok
		? tr(pg, "no test process left")
		: tr(pg, "test processes left over")));
	text = fmt(pg, c->restored
		   ? tr(pg, "Control boot %s: the machine was restored (%s).")
		   : tr(pg, "Control boot %s: the machine was not restored "
			"(%s)."),
		   esc(pg, r->id), join(pg, parts, ", "));
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* A schedule.csv list on the page: no more than this many names, then
 * how many more there are (results.json lists them all). */
#define SCHEDULE_NAMES_SHOWN 10

/* "r3, r5, r9": the names NAME(s, idx[i]) of list IDX (N of them), as
 * check prints them. */
static const char *schedule_names(page *pg, const size_t *idx, size_t n,
				  bool planned)
{
	GPtrArray *names = g_ptr_array_new();
	const char *text;

	for (size_t i = 0; i < n && i < SCHEDULE_NAMES_SHOWN; i++)
		g_ptr_array_add(names, (gpointer)esc(pg, planned
			? pg->s->schedule->rows[idx[i]].run
			: pg->s->runs[idx[i]].id));
	text = join(pg, names, ", ");
	g_ptr_array_free(names, TRUE);
	if (n > SCHEDULE_NAMES_SHOWN)
		/* TRANSLATORS: a list of run ids, then how many more there
		   are: "r1, r2, ..., r10 and 3 more". */
		text = fmt(pg, trn(pg, "%s and %zu more", "%s and %zu more",
				   n - SCHEDULE_NAMES_SHOWN),
			   text, n - SCHEDULE_NAMES_SHOWN);
	return text;
}

/* What was recorded against schedule.csv, as `check` lists it: every
 * boot that is missing, unplanned, recorded otherwise or out of order. */
static void schedule_bullets(page *pg)
{
	const schedule_check *c = &pg->sum->schedule;

	/* Counts in a list, not in a sentence, so that no verb has to
	 * agree with them. */
	if (c->as_planned == c->planned && c->n_unplanned == 0) {
		item(pg, fmt(pg, tr(pg, "Schedule (schedule.csv): planned "
				    "boots: %zu, all recorded as planned."),
			     c->planned));
		return;
	}
	item(pg, fmt(pg, tr(pg, "Schedule (schedule.csv): planned boots: "
			    "%zu; recorded as planned: %zu."),
		     c->planned, c->as_planned));
	if (c->n_missing)
		item(pg, fmt(pg, tr(pg, "Planned but not in runs.csv (%zu): "
				    "%s."), c->n_missing,
			     schedule_names(pg, c->missing, c->n_missing,
					    true)));
	if (c->n_unplanned)
		item(pg, fmt(pg, tr(pg, "Recorded but not planned (%zu): "
				    "%s."), c->n_unplanned,
			     schedule_names(pg, c->unplanned, c->n_unplanned,
					    false)));
	if (c->n_differs)
		item(pg, fmt(pg, tr(pg, "Recorded in a series, block, "
				    "position or state other than planned "
				    "(%zu): %s."), c->n_differs,
			     schedule_names(pg, c->differs, c->n_differs,
					    false)));
	if (c->n_out_of_order)
		item(pg, fmt(pg, tr(pg, "Recorded out of the planned order "
				    "(%zu): %s."), c->n_out_of_order,
			     schedule_names(pg, c->out_of_order,
					    c->n_out_of_order, false)));
}

static void section_design(page *pg)
{
	const study_summary *sum = pg->sum;
	bool started = false;

	if (sum->has_schedule) {
		section_start(pg, PAGE_DESIGN, tr(pg, "Design checks"),
			      &started);
		schedule_bullets(pg);
	}

	for (size_t i = 0; i < sum->n_balance; i++) {
		const balance_check *b = &sum->balance[i];
		const char *who = series_name(pg, b->series);
		section_start(pg, PAGE_DESIGN, tr(pg, "Design checks"),
			      &started);
		if (!b->has_positions)
			item(pg, fmt(pg, tr(pg, "Run order of %s: no "
					    "positions recorded, so its "
					    "balance cannot be checked."),
				     who));
		else if (b->flagged)
			item(pg, fmt(pg, tr(pg, "Run order of %s: %s ran at "
					    "position %zu clearly more "
					    "often than the other states."),
				     who, state_text(pg, pg->p->states[
					     b->flagged_state]),
				     b->flagged_position));
		else
			item(pg, fmt(pg, tr(pg, "Run order of %s: balanced; "
					    "no state ran first or last "
					    "clearly more often than the "
					    "others."), who));
	}
	for (size_t i = 0; i < sum->n_controls; i++) {
		section_start(pg, PAGE_DESIGN, tr(pg, "Design checks"),
			      &started);
		item(pg, control_text(pg, &sum->controls[i]));
	}
}

static void section_input(page *pg)
{
	section(pg, PAGE_INPUT, tr(pg, "Input data"));
	para(pg, fmt(pg, tr(pg, "Input digest (SHA-256 over every input "
			    "file; results.json lists the digest of each "
			    "file): %s"), code(pg, pg->s->digest, false)));
	/* Only when it happened: a page of the raw data stays as it was. */
	if (pg->s->runs_from_summary)
		para(pg, fmt(pg, trn(pg, "%zu run was taken from the run "
				     "summary %s, its latency file not being "
				     "in the study folder: its statistic is "
				     "the summary's, not recomputed, and the "
				     "input digest covers the summary.",
				     "%zu runs were taken from the run "
				     "summary %s, their latency files not "
				     "being in the study folder: their "
				     "statistics are the summary's, not "
				     "recomputed, and the input digest covers "
				     "the summary.",
				     pg->s->runs_from_summary),
			     pg->s->runs_from_summary,
			     code(pg, SUMFILE_NAME, false)));
}

static void heading(page *pg)
{
	const study_plan *p = pg->p;
	const char *platform = studytext_platform(p, pg->md.lang);

	head(pg, 1, fmt(pg, trc(pg, "page heading", "%s, build %s"),
			esc(pg, studytext_title(p, pg->md.lang)),
			esc(pg, p->build)));
	if (platform && platform[0])
		para(pg, fmt(pg, tr(pg, "Platform: %s."), esc(pg, platform)));
}

pb_status markdown_render_doc(const study *s, const analysis *a,
			      const char *lang, pagedoc *doc)
{
	return markdown_render_doc_linked(s, a, lang, NULL, doc);
}

/* The page into DOC; MARKED: with its number marks (render/mdpage.h). */
static pb_status render_doc(const study *s, const analysis *a,
			    const char *lang, const markdown_links *links,
			    bool marked, pagedoc *doc)
{
	page pg = { 0 };
	size_t start = pagedoc_len(doc);

	if (!i18n_known(lang))
		return PB_SOFTWARE;
	mdpage_init(&pg.md, lang, doc);
	mdpage_number_marks(&pg.md, &s->plan);
	pg.md.marked = marked;
	pg.s = s;
	pg.p = &s->plan;
	pg.a = a;
	pg.sum = a->summary;
	pg.links = links;

	heading(&pg);
	section_values(&pg);
	section_comparisons(&pg);
	section_levels(&pg);
	section_sequential(&pg);
	/* The coverage of small samples qualifies the verdicts above it, so
	 * it stands next to them. */
	section_small_samples(&pg);
	section_mechanism(&pg);
	section_series_notes(&pg);
	section_runs(&pg);
	section_settings(&pg);
	section_comparison_notes(&pg);
	section_heterogeneity(&pg);
	section_design(&pg);
	section_input(&pg);

	return mdpage_finish(&pg.md, start);
}

pb_status markdown_render_entry(const study *s, const analysis *a,
				const char *lang, const char *href,
				bool marked, pagedoc *doc)
{
	page pg = { 0 };
	size_t start = pagedoc_len(doc);
	const char *platform;

	if (!i18n_known(lang))
		return PB_SOFTWARE;
	mdpage_init(&pg.md, lang, doc);
	mdpage_number_marks(&pg.md, &s->plan);
	pg.md.marked = marked;
	pg.s = s;
	pg.p = &s->plan;
	pg.a = a;
	pg.sum = a->summary;
	platform = studytext_platform(pg.p, lang);
	pagedoc_begin(doc, PAGE_TOP);
	head(&pg, 2, fmt(&pg, "[%s](%s)",
			 fmt(&pg, trc(&pg, "page heading", "%s, build %s"),
			     esc(&pg, studytext_title(pg.p, lang)),
			     esc(&pg, pg.p->build)), href));
	if (platform && platform[0])
		para(&pg, fmt(&pg, tr(&pg, "Platform: %s."),
			      esc(&pg, platform)));
	if (has_series(pg.p, SERIES_LATENCY) && a->n_states > 0) {
		pagedoc_begin(doc, PAGE_COMPARISONS);
		comparison_table(&pg);
	}
	return mdpage_finish(&pg.md, start);
}

pb_status markdown_render_doc_linked(const study *s, const analysis *a,
				     const char *lang,
				     const markdown_links *links,
				     pagedoc *doc)
{
	return render_doc(s, a, lang, links, false, doc);
}

pb_status markdown_render(const study *s, const analysis *a,
			  const char *lang, GString *out)
{
	return markdown_render_linked(s, a, lang, NULL, out);
}

/* The page's Markdown into OUT; MARKED as for render_doc. */
static pb_status render_text(const study *s, const analysis *a,
			     const char *lang, const markdown_links *links,
			     bool marked, GString *out)
{
	pagedoc *doc = pagedoc_new();
	pb_status st = render_doc(s, a, lang, links, marked, doc);

	g_string_append_len(out, pagedoc_str(doc), (gssize)pagedoc_len(doc));
	pagedoc_free(doc);
	return st;
}

pb_status markdown_render_linked(const study *s, const analysis *a,
				 const char *lang, const markdown_links *links,
				 GString *out)
{
	return render_text(s, a, lang, links, false, out);
}

pb_status markdown_render_marked(const study *s, const analysis *a,
				 const char *lang, const markdown_links *links,
				 GString *out)
{
	return render_text(s, a, lang, links, true, out);
}
