/* builddiff_md.c: renders the comparison of two builds in one language.
 *
 * Every word a reader sees goes through tr(), trc() or trn(), the keywords
 * xgettext extracts (Makefile.am, "Translations"); phrases the study page
 * also uses (render/markdown.c) are the same msgids, so they have one
 * translation.  Study text goes through esc() or code(). */
#include "render/builddiff_md.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/endpoint_words.h"
#include "render/i18n.h"
#include "render/mdpage.h"
#include "render/outcome_words.h"
#include "render/page_phrases.h"
#include "render/studytext.h"

typedef struct page {
	mdpage md;                /* words, pool, output, first failure */
	const study *os, *ns;
	const analysis *oa, *na;
	const builddiff_result *c;
	int decimals;             /* the old plan's threshold decimals */
	const char *figure_base;  /* before the figure's name; NULL: no
				     figure on the page */
} page;

/* ---- words and text pieces (render/mdpage.h) -------------------------- */

#include "render/mdpage_names.h"

/* Every code span of this page may stand in a table cell. */
static const char *code(page *pg, const char *text)
{
	return mdpage_code(&pg->md, text, true);
}

static const char *state_text(page *pg, pb_state st)
{
	return mdpage_state(&pg->md, st, true);
}

/* The same in a sentence, a title or an alt text: a missing value's word
 * quoted as the state's name. */
static const char *state_name(page *pg, pb_state st)
{
	return mdpage_state_named(&pg->md, st, true);
}

static const char *num(page *pg, double x, bool sign)
{
	return mdpage_fixed(&pg->md, x, pg->decimals, sign);
}

/* An estimate (BESIDE_T false) or an interval endpoint, with more decimals
 * where the old plan's would hide on which side of 0, or of +T and -T, it
 * lies (numtext_beside); always signed. */
static const char *num_beside(page *pg, double x, bool beside_t)
{
	return mdpage_beside(&pg->md, x, pg->decimals, pg->c->threshold,
			     beside_t, true);
}

/* The fraction F as a percentage with at most MAX_DECIMALS decimals:
 * with the sign written close when it qualifies a noun ("a 95% interval"),
 * else ALONE, spaced as the language writes a percentage on its own. */
static const char *percent_places(page *pg, double f, int max_decimals,
				  bool alone)
{
	return alone ? mdpage_percent_alone(&pg->md, f, max_decimals)
		     : mdpage_percent(&pg->md, f, max_decimals);
}

static const char *percent(page *pg, double f)
{
	return percent_places(pg, f, 2, false);
}

static const char *unit(page *pg)
{
	return pg->os->plan.unit ? pg->os->plan.unit : "";
}

/* "`+0.625 ms`" */
static const char *qty_code(page *pg, double x, bool sign)
{
	return code(pg, mdpage_qty(&pg->md, num(pg, x, sign), unit(pg)));
}

/* An estimate, "`+0.0004 ms`" rather than "`+0.000 ms`". */
static const char *estimate_code(page *pg, double x)
{
	return code(pg, mdpage_qty(&pg->md, num_beside(pg, x, false),
				   unit(pg)));
}

/* "1.784 ms" */
static const char *qty(page *pg, double x, bool sign)
{
	return mdpage_qty(&pg->md, num(pg, x, sign), esc(pg, unit(pg)));
}

/* A series' name as the study page writes it (render/studytext.h). */
static const char *series_name(page *pg, const study_plan *p, size_t k)
{
	return mdpage_series_name(&pg->md, p, k);
}

/* The same inside a sentence: "Výchozí úroveň, série 2". */
static const char *series_inside(page *pg, const study_plan *p, size_t k)
{
	return mdpage_series_name_inside(&pg->md, p, k);
}

/* The name of a series pair: the series when matched by id, else both;
 * INSIDE when it stands inside a sentence rather than opening a cell. */
static const char *pair_name(page *pg, size_t old_series, size_t new_series,
			     bool inside)
{
	const char *name = inside
		? series_inside(pg, &pg->ns->plan, new_series)
		: series_name(pg, &pg->ns->plan, new_series);

	if (pg->c->series_matched)
		return name;
	/* TRANSLATORS: a new series compared with an old one, "Series a
	   (new) against Series 1 (old)"; the second name is the one after
	   a preposition (context "series label after a preposition"), so
	   Czech reads "Série a (nová) proti sérii 1 (staré)". */
	return fmt(pg, tr(pg, "%s (new) against %s (old)"), name,
		   mdpage_series_name_after(&pg->md, &pg->os->plan,
					    old_series));
}

/* A changed verdict with its direction, by the old plan's better side. */
static const char *changed_text(page *pg, change_direction dir)
{
	bool lower = pg->c->better == BETTER_LOWER;

	/* TRANSLATORS: the verdicts of a comparison of two builds; a change
	   is better or worse by the side the study declared better. */
	if (dir == CHANGE_BETTER)
		return lower ? trc(pg, "change verdict",
				   "changed, better (lower is better)")
			     : trc(pg, "change verdict",
				   "changed, better (higher is better)");
	return lower ? trc(pg, "change verdict",
			   "changed, worse (lower is better)")
		     : trc(pg, "change verdict",
			   "changed, worse (higher is better)");
}

/* A change found whose size the interval leaves open, in the words the
 * study page gives the same situation on one study (verdict_detected_msgid:
 * "higher than at the reference, which is worse here; whether ..."): which
 * way the value went, whether that is better or worse here, and that the
 * size is open.  DIR is better or worse by the old plan's better side. */
static const char *size_open_text(page *pg, change_direction dir)
{
	bool better = dir == CHANGE_BETTER;
	bool higher = better == (pg->c->better == BETTER_HIGHER);

	/* TRANSLATORS: the verdict of a comparison of two builds whose
	   interval excludes zero but reaches the practical threshold, worded
	   as the study page's "higher %s than at the reference, which is
	   worse here; whether the difference reaches the practical threshold
	   is not established". */
	if (higher)
		return better ? trc(pg, "change verdict", "higher than in the "
				    "old build, which is better here; whether "
				    "the change reaches the practical "
				    "threshold is not established")
			      : trc(pg, "change verdict", "higher than in the "
				    "old build, which is worse here; whether "
				    "the change reaches the practical "
				    "threshold is not established");
	return better ? trc(pg, "change verdict", "lower than in the old "
			    "build, which is better here; whether the change "
			    "reaches the practical threshold is not "
			    "established")
		      : trc(pg, "change verdict", "lower than in the old "
			    "build, which is worse here; whether the change "
			    "reaches the practical threshold is not "
			    "established");
}

static const char *verdict_text(page *pg, change_verdict v,
				change_direction dir)
{
	const char *plural;

	switch (v) {
	case CHANGE_CHANGED:
		return changed_text(pg, dir);
	case CHANGE_SIZE_OPEN:
		return size_open_text(pg, dir);
	case CHANGE_UNCHANGED:
		return trc(pg, "change verdict",
			   "unchanged within the threshold");
	case CHANGE_NOT_ESTABLISHED:
		return trc(pg, "change verdict", "no change established");
	case CHANGE_NO_INTERVAL:
		/* The study page's words for the same lack of pairs. */
		return tr(pg, verdict_msgid(VERDICT_NO_INTERVAL, false,
					    &plural));
	}
	return "?";
}

/* "old: A / new: B", a cell holding both builds' values. */
static const char *old_and_new(page *pg, const char *a, const char *b)
{
	/* TRANSLATORS: a table cell with the old build's value, then the
	   new build's. */
	return fmt(pg, tr(pg, "old: %s / new: %s"), a, b);
}

/* The estimate that says which way a detected difference of plan state
 * PLAN_STATE goes in analysis A: its first series' (a common
 * detected-size-open has one sign in every series), as the study page
 * reads it; 0 when there is none. */
static double detected_estimate(const analysis *a, size_t plan_state)
{
	for (size_t i = 0; i < a->n_states; i++) {
		const state_result *r = &a->states[i];
		if (r->state == plan_state && r->n_comparisons)
			return a->cmp[r->comparisons[0]].boot.estimate;
	}
	return 0.0;
}

/* A study's own conclusion on a state, in the study page's words: a
 * difference detected says which way and whether that is worse, from the
 * sign of ESTIMATE, as the study page of that build says it. */
static const char *conclusion_text(page *pg, verdict v, bool syn,
				   double estimate)
{
	const char *plural;
	const char *msgid = verdict_msgid(v, syn, &plural);

	if (v == VERDICT_DETECTED) {
		bool higher = estimate > 0.0;
		bool better = higher == (pg->c->better == BETTER_HIGHER);
		return fmt(pg, tr(pg, verdict_detected_msgid(higher, better)),
			   code(pg, pg->os->plan.statistic.name));
	}
	if (plural)
		return fmt(pg, trn(pg, msgid, plural, VERDICT_MIN_PAIRS),
			   (size_t)VERDICT_MIN_PAIRS);
	return tr(pg, msgid);
}

/* "`-0.200 ms` `[-1.202; +0.763]`" of interval CI, its estimate printed
 * as EST, or the no-interval words. */
static const char *change_cell_at(page *pg, const change_interval *ci,
				  double est)
{
	if (!isfinite(est))
		return phrase(pg, PH_NO_PAIRS);
	if (!ci->defined)
		return fmt(pg, "%s %s", estimate_code(pg, est),
			   phrase(pg, PH_NO_INTERVAL));
	return fmt(pg, "%s `[%s; %s]`", estimate_code(pg, est),
		   num_beside(pg, ci->lo, true), num_beside(pg, ci->hi, true));
}

static const char *change_cell(page *pg, const change_interval *ci)
{
	return change_cell_at(pg, ci, ci->estimate);
}

/* The baseline's change, new mean minus old mean, as the page prints it:
 * 0 when it is within the rounding error of the two means.  Each mean of
 * N nonnegative statistics is off by at most about N units in the last
 * place of its size, so the same runs summed in another order (a study
 * compared with a copy of itself) leave a difference of a unit or two,
 * "+0.000000000000004 ms", which estimate_code would spell out to keep it
 * on its side of 0.  That difference is an artefact of the arithmetic,
 * not of the data; a difference any larger is printed as it is. */
static double baseline_estimate(const baseline_change *b)
{
	double est = b->change.estimate;
	double size = fmax(fabs(b->old_mean), fabs(b->new_mean));
	double rounding = (double)(b->old_runs + b->new_runs) * DBL_EPSILON
			  * size;

	return isfinite(est) && fabs(est) <= rounding ? 0.0 : est;
}

/* ---- introduction ---------------------------------------------------- */

static const char *plan_field(page *pg, unsigned bit)
{
	switch (bit) {
	/* TRANSLATORS: the parts of an analysis plan that may differ between
	   two studies. */
	case PLAN_DIFF_STATISTIC: return trc(pg, "plan field", "statistic");
	case PLAN_DIFF_THRESHOLD: return trc(pg, "plan field", "threshold");
	case PLAN_DIFF_UNIT: return trc(pg, "plan field", "unit");
	case PLAN_DIFF_CONFIDENCE: return trc(pg, "plan field", "confidence");
	case PLAN_DIFF_STATES: return trc(pg, "plan field", "states");
	case PLAN_DIFF_REFERENCE:
		return trc(pg, "plan field", "reference state");
	case PLAN_DIFF_BETTER: return trc(pg, "plan field", "better side");
	case PLAN_DIFF_INTERVAL:
		return trc(pg, "plan field", "interval method");
	case PLAN_DIFF_LOOKS:
		return trc(pg, "plan field", "looks of a sequential design");
	default: return "?";
	}
}

static const char *state_list(page *pg, const pb_state *st, size_t n)
{
	GPtrArray *items = g_ptr_array_new();
	const char *text;

	for (size_t i = 0; i < n; i++)
		g_ptr_array_add(items, (gpointer)state_name(pg, st[i]));
	text = join(pg, items, ", ");
	g_ptr_array_free(items, TRUE);
	return text;
}

/* How many intervals this page judges: those of the effects and of the
 * baseline whose verdict comes from the interval itself. */
static size_t judged_intervals(const builddiff_result *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->n_effects; i++)
		n += c->effects[i].change.judged;
	for (size_t i = 0; i < c->n_baseline; i++)
		n += c->baseline[i].change.judged;
	return n;
}

/* That every verdict uses the full confidence, however many intervals are
 * judged, and how many are: a reader weighs one change among many. */
static void multiplicity_item(page *pg)
{
	const builddiff_result *c = pg->c;
	size_t n = judged_intervals(c);

	if (c->n_effects + c->n_baseline == 0)
		return;
	/* TRANSLATORS: %s is the confidence level as a percentage standing
	   alone ("95%"), %zu the number of intervals on the page. */
	item(pg, fmt(pg, trn(pg, "Each state and the baseline is judged at "
		"the full confidence level of %s, with no adjustment for the "
		"number of comparisons; %zu interval was judged.",
		"Each state and the baseline is judged at the full confidence "
		"level of %s, with no adjustment for the number of "
		"comparisons; %zu intervals were judged, so the chance that "
		"at least one of them shows a change by chance alone is "
		"larger than for any single interval.", n),
		percent_places(pg, c->confidence, 2, true), n));
}

/* The rule of the CI gate (`compare --fail-on`, analyze/gate.h) and the
 * false-alarm rate it keeps, whether or not this run used it: a reader of
 * the page learns what a red CI job built on it would mean. */
static void gate_rule_item(page *pg)
{
	const builddiff_result *c = pg->c;

	if (c->n_effects + c->n_baseline == 0)
		return;
	/* TRANSLATORS: %s is the false-alarm rate as a percentage standing
	   alone ("5%"). */
	item(pg, fmt(pg, tr(pg, "As a CI gate (`--fail-on worse`), this "
		"comparison fails when a worsening of at least the threshold "
		"is established for some state or series, judged by Welch "
		"intervals after Holm's adjustment over all of them (not by "
		"the intervals of the tables), or when a state or series of "
		"the old build is missing from the new one; on builds that "
		"did not change, it fails in at most %s of comparisons.  When "
		"such a worsening can be neither shown nor ruled out, it "
		"answers inconclusive (exit status 3)."),
		percent_places(pg, 1 - c->confidence, 2, true)));
}

static void section_intro(page *pg)
{
	const study_plan *o = &pg->os->plan, *n = &pg->ns->plan;
	const builddiff_result *c = pg->c;

	head(pg, 1, fmt(pg, trc(pg, "compare heading",
		"%s: build %s against build %s"),
		esc(pg, studytext_title(o, pg->md.lang)), esc(pg, n->build),
		esc(pg, o->build)));
	item(pg, fmt(pg, tr(pg, "Old build: study %s, "
		"build %s.  New build: study %s, build %s."),
		code(pg, pg->os->name), esc(pg, o->build),
		code(pg, pg->ns->name), esc(pg, n->build)));
	item(pg, fmt(pg, tr(pg, "Intervals: unpaired "
		"bootstrap of the new value minus the old one, each build's "
		"runs resampled on their own, %s resamples (generator "
		"mt19937, seed %s), percentile method, confidence %s."),
		fmt(pg, "%lu", c->resamples), fmt(pg, "%" PRIu32, c->seed),
		percent_places(pg, c->confidence, 2, true)));
	item(pg, fmt(pg, tr(pg, "Practical threshold: %s, "
		"from the old build's plan.  A change is established when its "
		"whole interval lies beyond the threshold, and a change as "
		"large as the threshold is ruled out (unchanged within the "
		"threshold) when the interval lies wholly inside it.  An interval that excludes zero and reaches the "
		"threshold without lying wholly beyond it shows a change whose "
		"size is open; otherwise no change is established."),
		qty(pg, c->threshold, false)));
	multiplicity_item(pg);
	item(pg, c->series_matched
		? tr(pg, "Measurement series are matched by id and compared one "
		     "by one, never pooled.")
		: tr(pg, "The studies have different measurement series, so "
		     "each new series is compared with each old one, never "
		     "pooled."));
	if (c->plan_diff) {
		GPtrArray *f = g_ptr_array_new();
		for (unsigned i = 0; i < PLAN_DIFF_FIELDS; i++)
			if (c->plan_diff & (1u << i))
				g_ptr_array_add(f, (gpointer)plan_field(
						pg, 1u << i));
		item(pg, fmt(pg, "**%s**", fmt(pg, tr(pg, "Warning: the "
			"analysis plans differ (%s).  The old plan's "
			"settings are used."), join(pg, f, ", "))));
		g_ptr_array_free(f, TRUE);
	}
	if (c->n_only_old)
		item(pg, fmt(pg, tr(pg, "States in the old "
			"plan only: %s."), state_list(pg, c->only_old,
						      c->n_only_old)));
	if (c->n_only_new)
		item(pg, fmt(pg, tr(pg, "States in the new "
			"plan only: %s."), state_list(pg, c->only_new,
						      c->n_only_new)));
	gate_rule_item(pg);
}

/* ---- value handling -------------------------------------------------- */

static const char *outcome_text(page *pg, const boundary_row *b)
{
	return outcome_words_pooled(pg->md.lang, b, pg->md.pool, &pg->md.st);
}

/* What one build observed for one written value, in the study page's
 * order and words, and its outcome: "API returned 20, MMCSS running;
 * normalized to 20". */
static const char *observed_text(page *pg, const study *s,
				 const study_summary *sum, size_t row)
{
	const boundary_row *b;

	if (row == BUILDDIFF_NONE)
		return tr(pg, "not tested");
	b = &sum->boundary[row];
	return fmt(pg, "%s; %s",
		   outcome_observed(&pg->md, &s->plan, &s->runs[b->run], b,
				    false),
		   outcome_text(pg, b));
}

static const char *value_changes(page *pg, const value_change *v)
{
	GPtrArray *what;
	const char *text;

	if (v->old_row == BUILDDIFF_NONE || v->new_row == BUILDDIFF_NONE)
		return tr(pg, "tested in one build only");
	what = g_ptr_array_new();
	/* TRANSLATORS: what changed in the handling of a written value. */
	if (v->api_changed)
		g_ptr_array_add(what, (gpointer)trc(pg, "changed aspect",
						    "API value"));
	if (v->service_changed)
		g_ptr_array_add(what, (gpointer)trc(pg, "changed aspect",
						    "service state"));
	if (v->registered_changed)
		g_ptr_array_add(what, (gpointer)trc(pg, "changed aspect",
						    "registration"));
	if (v->outcome_changed)
		g_ptr_array_add(what, (gpointer)trc(pg, "changed aspect",
						    "result"));
	text = join(pg, what, ", ");
	g_ptr_array_free(what, TRUE);
	return text;
}

static void section_values(page *pg)
{
	const builddiff_result *c = pg->c;
	GPtrArray *row, *same;
	size_t changed = 0;

	if (c->n_values == 0)
		return;
	head(pg, 2, tr(pg, "Value handling"));
	for (size_t i = 0; i < c->n_values; i++)
		changed += c->values[i].changed;
	if (!changed) {
		para(pg, tr(pg, "No written value is handled "
				"differently."));
		return;
	}
	row = g_ptr_array_new();
	add(row, phrase(pg, PH_HEAD_WRITTEN));
	add(row, tr(pg, "Old build"));
	add(row, tr(pg, "New build"));
	add(row, trc(pg, "table header", "Changed"));
	table_header(pg, row);
	same = g_ptr_array_new();
	for (size_t i = 0; i < c->n_values; i++) {
		const value_change *v = &c->values[i];
		if (!v->changed) {
			g_ptr_array_add(same, (gpointer)state_text(pg,
								   v->written));
			continue;
		}
		g_ptr_array_set_size(row, 0);
		add(row, state_text(pg, v->written));
		add(row, observed_text(pg, pg->os, pg->oa->summary,
				       v->old_row));
		add(row, observed_text(pg, pg->ns, pg->na->summary,
				       v->new_row));
		add(row, value_changes(pg, v));
		table_row(pg, row);
	}
	if (same->len)
		para(pg, fmt(pg, tr(pg, "Handled as before: %s."),
			     join(pg, same, ", ")));
	g_ptr_array_free(same, TRUE);
	g_ptr_array_free(row, TRUE);
}

/* ---- mechanism ------------------------------------------------------- */

static const char *mech_registration(page *pg, const mech_state_summary *m)
{
	if (!m)
		return tr(pg, "not tested");
	return fmt(pg, "%zu/%zu", m->registered, m->boots);
}

static const char *mech_service(page *pg, const mech_state_summary *m)
{
	GPtrArray *parts;
	const char *text;

	if (!m)
		return tr(pg, "not tested");
	if (m->boots && m->service_running == m->boots)
		return phrase(pg, PH_SERVICE_RUNNING);
	if (m->boots && m->service_stopped == m->boots)
		return phrase(pg, PH_SERVICE_STOPPED);
	parts = g_ptr_array_new();
	if (m->service_running)
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
			phrase(pg, PH_SERVICE_RUNNING),
			m->service_running, m->boots));
	if (m->service_stopped)
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
			phrase(pg, PH_SERVICE_STOPPED),
			m->service_stopped, m->boots));
	if (m->service_unknown)
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
			phrase(pg, PH_NOT_REPORTED), m->service_unknown,
				m->boots));
	text = join(pg, parts, ", ");
	g_ptr_array_free(parts, TRUE);
	return text;
}

/* The distinct transitions of one column, "`0 -> 10 -> 0`", each with
 * its boots when they differ. */
static const char *mech_prio(page *pg, const mech_state_summary *m,
			     bool win32)
{
	GPtrArray *parts;
	const char *text;

	if (!m)
		return tr(pg, "not tested");
	parts = g_ptr_array_new();
	for (size_t i = 0; i < m->n_variants; i++) {
		const long *v = win32 ? m->variants[i].win32
				      : m->variants[i].etw;
		size_t boots = 0;
		bool seen = false;
		/* Variants differ in both columns together: one column's
		 * transition may appear in several; count it once, with all
		 * its boots. */
		for (size_t j = 0; j < m->n_variants; j++) {
			const long *w = win32 ? m->variants[j].win32
					      : m->variants[j].etw;
			if (memcmp(v, w, sizeof(long) * PRIO_PHASES) != 0)
				continue;
			seen |= j < i;
			boots += m->variants[j].boots;
		}
		if (seen)
			continue;
		const char *t = code(pg, fmt(pg, "%ld -> %ld -> %ld", v[0],
					     v[1], v[2]));
		if (boots == m->boots)
			g_ptr_array_add(parts, (gpointer)t);
		else
			g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
				t, boots, m->boots));
	}
	if (m->prio_missing)
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s (%zu/%zu)",
			phrase(pg, PH_NOT_REPORTED), m->prio_missing,
				m->boots));
	text = parts->len ? join(pg, parts, ", ") : phrase(pg, PH_NOT_REPORTED);
	g_ptr_array_free(parts, TRUE);
	return text;
}

static const char *old_new(page *pg, const char *a, const char *b)
{
	if (strcmp(a, b) == 0)
		return a;
	return old_and_new(pg, a, b);
}

static void section_mechanism(page *pg)
{
	const builddiff_result *c = pg->c;
	const study_plan *p = &pg->os->plan;
	GPtrArray *row, *same;
	const char *lead;
	size_t changed = 0;

	if (c->n_mech == 0)
		return;
	head(pg, 2, tr(pg, "Mechanism check"));
	for (size_t i = 0; i < c->n_mech; i++)
		changed += c->mech[i].changed;
	if (!changed) {
		para(pg, tr(pg, "No mechanism state changed."));
		return;
	}
	row = g_ptr_array_new();
	add(row, phrase(pg, PH_HEAD_STATE));
	add(row, phrase(pg, PH_HEAD_REGISTRATION));
	add(row, p->service ? fmt(pg, phrase(pg, PH_HEAD_NAMED_SERVICE), esc(pg,
		p->service))
			    : phrase(pg, PH_HEAD_SERVICE));
	add(row, phrase(pg, PH_HEAD_WIN32));
	add(row, phrase(pg, PH_HEAD_ETW));
	table_header(pg, row);
	same = g_ptr_array_new();
	for (size_t i = 0; i < c->n_mech; i++) {
		const mech_change *m = &c->mech[i];
		const mech_state_summary *a = m->old_idx == BUILDDIFF_NONE ? NULL
			: &pg->oa->summary->mech[m->old_idx];
		const mech_state_summary *b = m->new_idx == BUILDDIFF_NONE ? NULL
			: &pg->na->summary->mech[m->new_idx];
		if (!m->changed) {
			g_ptr_array_add(same, (gpointer)state_text(pg,
								   m->state));
			continue;
		}
		g_ptr_array_set_size(row, 0);
		add(row, state_text(pg, m->state));
		add(row, old_new(pg, mech_registration(pg, a),
				 mech_registration(pg, b)));
		add(row, old_new(pg, mech_service(pg, a), mech_service(pg, b)));
		add(row, old_new(pg, mech_prio(pg, a, true),
				 mech_prio(pg, b, true)));
		add(row, old_new(pg, mech_prio(pg, a, false),
				 mech_prio(pg, b, false)));
		table_row(pg, row);
	}
	lead = tr(pg, "Each cell shows the old build, then the new one where "
		  "it differs.");
	para(pg, same->len ? fmt(pg, "%s %s", lead, fmt(pg, tr(pg, "Unchanged: "
				 "%s."), join(pg, same, ", ")))
			   : lead);
	g_ptr_array_free(same, TRUE);
	g_ptr_array_free(row, TRUE);
}

/* ---- baseline and effects -------------------------------------------- */

static void section_baseline(page *pg)
{
	const builddiff_result *c = pg->c;
	GPtrArray *row;

	if (c->n_baseline == 0)
		return;
	head(pg, 2, tr(pg, "Baseline"));
	para(pg, fmt(pg, tr(pg, "The reference state %s: "
		"the mean of its per-boot statistic, new build minus old "
		"build."), state_name(pg, pg->os->plan.reference)));
	row = g_ptr_array_new();
	add(row, trc(pg, "table header", "Series"));
	add(row, tr(pg, "Old build"));
	add(row, tr(pg, "New build"));
	add(row, fmt(pg, tr(pg, "Change and %s CI"),
		     percent(pg, c->confidence)));
	add(row, tr(pg, "Verdict"));
	table_header(pg, row);
	for (size_t i = 0; i < c->n_baseline; i++) {
		const baseline_change *b = &c->baseline[i];
		g_ptr_array_set_size(row, 0);
		add(row, pair_name(pg, b->old_series, b->new_series, false));
		add(row, isfinite(b->old_mean) ? qty_code(pg, b->old_mean,
							  false)
					       : tr(pg, "not tested"));
		add(row, isfinite(b->new_mean) ? qty_code(pg, b->new_mean,
							  false)
					       : tr(pg, "not tested"));
		add(row, change_cell_at(pg, &b->change,
					baseline_estimate(b)));
		add(row, verdict_text(pg, b->change.verdict,
				      b->change.direction));
		table_row(pg, row);
	}
	g_ptr_array_free(row, TRUE);
}

static void section_effects(page *pg)
{
	const builddiff_result *c = pg->c;
	size_t pairs = c->n_states ? c->states[0].count : 0;
	GPtrArray *row;

	if (c->n_states == 0)
		return;
	head(pg, 2, tr(pg, "Effects against the reference"));
	para(pg, fmt(pg, tr(pg, "Each state's effect is its "
		"mean paired difference from %s; the table shows the new "
		"effect minus the old one, with the old and the new effect in "
		"parentheses."), state_name(pg, pg->os->plan.reference)));
	row = g_ptr_array_new();
	add(row, phrase(pg, PH_HEAD_STATE));
	for (size_t k = 0; k < pairs; k++) {
		const effect_change *e = &c->effects[c->states[0].first + k];
		/* TRANSLATORS: a series and the confidence level, "Series 1,
		   change and 95% CI". */
		add(row, fmt(pg, tr(pg, "%s, change and %s CI"),
			     pair_name(pg, e->old_series, e->new_series,
				       false),
			     percent(pg, c->confidence)));
	}
	add(row, tr(pg, "Verdict"));
	add(row, tr(pg, "Conclusion, old build"));
	add(row, tr(pg, "Conclusion, new build"));
	table_header(pg, row);
	for (size_t s = 0; s < c->n_states; s++) {
		const state_change *sc = &c->states[s];
		g_ptr_array_set_size(row, 0);
		add(row, state_text(pg, sc->state));
		for (size_t k = 0; k < pairs; k++) {
			const effect_change *e;
			if (k >= sc->count) {
				add(row, phrase(pg, PH_NO_PAIRS));
				continue;
			}
			e = &c->effects[sc->first + k];
			if (!isfinite(e->change.estimate)) {
				add(row, change_cell(pg, &e->change));
				continue;
			}
			add(row, fmt(pg, "%s (%s)",
				     change_cell(pg, &e->change),
				     old_and_new(pg,
					code(pg, num_beside(pg, e->old_effect,
							    false)),
					code(pg, num_beside(pg, e->new_effect,
							    false)))));
		}
		add(row, verdict_text(pg, sc->verdict, sc->direction));
		add(row, conclusion_text(pg, sc->old_verdict,
					 pg->os->plan.synthetic,
					 detected_estimate(pg->oa,
							   sc->old_state)));
		add(row, conclusion_text(pg, sc->new_verdict,
					 pg->ns->plan.synthetic,
					 detected_estimate(pg->na,
							   sc->new_state)));
		table_row(pg, row);
	}
	g_ptr_array_free(row, TRUE);
}

/* ---- figure ---------------------------------------------------------- */

/* The figure of the comparison, compare.LANG.svg, its alt text the
 * figure's title and each state's verdict as the effects table words it;
 * without compared effects, the message the figure shows. */
static void section_figure(page *pg)
{
	const builddiff_result *c = pg->c;
	const study_plan *op = &pg->os->plan;
	const char *title, *alt;
	GPtrArray *parts;

	if (!pg->figure_base)
		return;
	/* The figure's own title (render/fig_builddiff.c), the statistic
	   and the state as the page writes them. */
	title = fmt(pg, trc(pg, "figure", "Change between the builds and "
			    "the effects on each: difference in %s from "
			    "state %s"),
		    code(pg, op->statistic.name), state_name(pg, op->reference));
	parts = g_ptr_array_new();
	for (size_t s = 0; s < c->n_states; s++)
		g_ptr_array_add(parts, (gpointer)fmt(pg, "%s: %s",
			state_name(pg, c->states[s].state),
			verdict_text(pg, c->states[s].verdict,
				     c->states[s].direction)));
	if (c->n_states == 0 || c->n_effects == 0)
		alt = fmt(pg, "%s. %s", title, trc(pg, "figure", "There is "
			  "nothing to compare: the studies share no state "
			  "besides the reference."));
	else
		/* TRANSLATORS: the alt text of the figure on the page of a
		   comparison of two builds: the figure's title, then each
		   state's verdict, as the table of effects says it. */
		alt = fmt(pg, trc(pg, "figure alt", "%s; the effect of each "
			  "state between the builds: %s."), title,
			  join(pg, parts, "; "));
	g_ptr_array_free(parts, TRUE);
	pagedoc_figure(pg->md.doc, alt, fmt(pg, "%scompare.%s.svg",
					    pg->figure_base, pg->md.lang));
}

/* ---- notes ----------------------------------------------------------- */

static void fragile_note(page *pg, const char *who, const change_interval *ci,
			 bool *started)
{
	const char *where;

	if (!ci->fragile)
		return;
	if (!*started)
		head(pg, 2, tr(pg, "Comparison notes"));
	*started = true;
	where = endpoint_words_where(&pg->md, ci->fragile_endpoint,
				     ci->fragile_boundary,
				     ci->fragile_distance, pg->decimals,
				     esc(pg, unit(pg)));
	item(pg, fmt(pg, trc(pg, "fragile note", "%s: %s (%s); %s"), who, where,
		     tr(pg, "judged by the Monte Carlo error"),
		     tr(pg, "another seed could change the conclusion.")));
}

static void section_notes(page *pg)
{
	const builddiff_result *c = pg->c;
	bool started = false;

	for (size_t i = 0; i < c->n_baseline; i++) {
		const baseline_change *b = &c->baseline[i];
		/* TRANSLATORS: %s is a series ("Baseline, Series 2"). */
		fragile_note(pg, fmt(pg, tr(pg, "Baseline, %s"),
				     pair_name(pg, b->old_series,
					       b->new_series, true)),
			     &b->change, &started);
	}
	for (size_t i = 0; i < c->n_effects; i++) {
		const effect_change *e = &c->effects[i];
		fragile_note(pg, fmt(pg, "%s, %s", state_name(pg,
				c->states[e->state].state),
				pair_name(pg, e->old_series, e->new_series,
					  true)),
			     &e->change, &started);
	}
}

/* ---- small samples --------------------------------------------------- */

/* The comparisons of one build that some effect change uses: NEW picks
 * the new build's.  A flag per entry of that build's analysis.cmp, in a
 * new array (g_free). */
static bool *used_comparisons(const page *pg, bool new)
{
	const analysis *a = new ? pg->na : pg->oa;
	bool *used = g_new0(bool, a->n_cmp ? a->n_cmp : 1);

	for (size_t i = 0; i < pg->c->n_effects; i++) {
		const effect_change *e = &pg->c->effects[i];
		used[new ? e->new_cmp : e->old_cmp] = true;
	}
	return used;
}

static bool same_coverage(const comparison *a, const comparison *b)
{
	return a->n_pairs == b->n_pairs && a->coverage_pairs == b->coverage_pairs
	       && !(a->coverage < b->coverage || a->coverage > b->coverage);
}

/* The caveat on comparisons like C of one build (WHO, S): its simulated
 * coverage at this number of pairs. */
static const char *coverage_sentence(page *pg, const char *who,
				     const study *s, const comparison *c)
{
	const char *conf = percent(pg, s->plan.confidence);
	const char *method = code(pg, interval_method_name(s->plan.interval));
	const char *cov = percent_places(pg, c->coverage, 1, true);

	if (c->coverage_pairs == c->n_pairs)
		/* TRANSLATORS: the first %s is "Old build" or "New build". */
		return fmt(pg, trn(pg,
			"%s: with %zu pair, a nominal %s interval of method %s "
			"covered the true difference in only %s of simulated "
			"studies with strongly skewed differences "
			"(docs/statistics.md); a change computed from such an "
			"effect may be less certain than its confidence "
			"suggests.",
			"%s: with %zu pairs, a nominal %s interval of method %s "
			"covered the true difference in only %s of simulated "
			"studies with strongly skewed differences "
			"(docs/statistics.md); a change computed from such an "
			"effect may be less certain than its confidence "
			"suggests.", c->n_pairs),
			who, c->n_pairs, conf, method, cov);
	return fmt(pg, trn(pg,
		"%s: with %zu pair (simulated at %zu), a nominal %s interval "
		"of method %s covered the true difference in only %s of "
		"simulated studies with strongly skewed differences "
		"(docs/statistics.md); a change computed from such an effect "
		"may be less certain than its confidence suggests.",
		"%s: with %zu pairs (simulated at %zu), a nominal %s interval "
		"of method %s covered the true difference in only %s of "
		"simulated studies with strongly skewed differences "
		"(docs/statistics.md); a change computed from such an effect "
		"may be less certain than its confidence suggests.",
		c->n_pairs),
		who, c->n_pairs, c->coverage_pairs, conf, method, cov);
}

/* One bullet per group of the build's compared effects that share a
 * small-sample coverage, naming the effects it applies to. */
static void small_samples_of(page *pg, bool new, bool *started)
{
	const study *s = new ? pg->ns : pg->os;
	const analysis *a = new ? pg->na : pg->oa;
	const char *who = new ? tr(pg, "New build") : tr(pg, "Old build");
	bool *todo = used_comparisons(pg, new);
	size_t n_used = 0;

	for (size_t i = 0; i < a->n_cmp; i++)
		n_used += todo[i];
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		GPtrArray *names;
		const char *applies;

		if (!todo[i] || !c->small_sample)
			continue;
		names = g_ptr_array_new();
		for (size_t j = i; j < a->n_cmp; j++) {
			const comparison *o = &a->cmp[j];
			if (!todo[j] || !o->small_sample || !same_coverage(c, o))
				continue;
			todo[j] = false;
			g_ptr_array_add(names, (gpointer)fmt(pg, "%s %s",
				series_inside(pg, &s->plan, o->series),
				state_name(pg, s->plan.states[o->state])));
		}
		if (!*started)
			head(pg, 2, tr(pg, "Small samples"));
		*started = true;
		applies = names->len == n_used
			? tr(pg, "This applies to every effect compared.")
			: fmt(pg, phrase_n(pg, PH_SCOPE_LIST, names->len),
			      join(pg, names, ", "));
		item(pg, fmt(pg, "%s %s", coverage_sentence(pg, who, s, c),
			     applies));
		g_ptr_array_free(names, TRUE);
	}
	g_free(todo);
}

static void section_small_samples(page *pg)
{
	bool started = false;

	small_samples_of(pg, false, &started);
	small_samples_of(pg, true, &started);
}

static void section_input(page *pg)
{
	head(pg, 2, tr(pg, "Input data"));
	para(pg, fmt(pg, tr(pg, "Input digests (SHA-256 over "
		"every input file): old build %s, new build %s."),
		code(pg, pg->os->digest), code(pg, pg->ns->digest)));
	para(pg, fmt(pg, tr(pg, "Analysis plan digests "
		"(SHA-256 of the canonical plan, docs/study-format.md): old "
		"build %s, new build %s."), code(pg, pg->os->plan.digest),
		code(pg, pg->ns->plan.digest)));
}

pb_status builddiff_md_render(const study *os, const analysis *oa,
			    const study *ns, const analysis *na,
			    const builddiff_result *c, const char *lang,
			    GString *out)
{
	return builddiff_md_render_linked(os, oa, ns, na, c, lang, NULL, out);
}

pb_status builddiff_md_render_linked(const study *os, const analysis *oa,
				     const study *ns, const analysis *na,
				     const builddiff_result *c,
				     const char *lang,
				     const char *figure_base, GString *out)
{
	page pg = { 0 };
	pb_status st;

	if (!i18n_known(lang))
		return PB_SOFTWARE;
	mdpage_init(&pg.md, lang, pagedoc_new());
	/* Both builds' studies are of one design; the old one's says. */
	mdpage_number_marks(&pg.md, &os->plan);
	pg.os = os;
	pg.ns = ns;
	pg.oa = oa;
	pg.na = na;
	pg.c = c;
	pg.decimals = os->plan.threshold_decimals;
	pg.figure_base = figure_base;

	section_intro(&pg);
	section_values(&pg);
	section_mechanism(&pg);
	section_baseline(&pg);
	section_effects(&pg);
	section_figure(&pg);
	section_small_samples(&pg);
	section_notes(&pg);
	section_input(&pg);

	st = mdpage_finish(&pg.md, 0);
	g_string_append_len(out, pagedoc_str(pg.md.doc),
			    (gssize)pagedoc_len(pg.md.doc));
	pagedoc_free(pg.md.doc);
	return st;
}
