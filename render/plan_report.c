/* plan_report.c: the plan table, in each language, and plan.json (see
 * plan_report.h).  This file is one of the translated sources. */
#include "render/plan_report.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/numtext.h"
#include "render/i18n.h"
#include "render/jsonput.h"
#include "render/jsonw.h"

/* A message with a plural form, as xgettext extracts it
 * (--keyword=NN_:1,2); the caller translates it. */
#define NN_(s, p) s, p

/* The words of one language: lookups that fail are remembered, and the
 * page is refused rather than printed with English in it. */
typedef struct plan_words {
	const char *lang;
	bool comma;        /* numbers take a decimal comma */
	pb_status st;
} plan_words;

/* The names xgettext extracts (po/Makefile.inc, I18N_KEYWORDS). */
#define tr(w, msgid) words_found((w), (msgid), i18n_text((w)->lang, (msgid)))
#define trc(w, ctx, msgid) \
	words_found((w), (msgid), i18n_ctext((w)->lang, (ctx), (msgid)))
#define trn(w, one, many, n) \
	words_found((w), (n) == 1 ? (one) : (many), \
		    i18n_ntext((w)->lang, (one), (many), (n)))

static const char *words_found(plan_words *w, const char *msgid,
			       const char *found)
{
	if (found)
		return found;
	w->st = PB_SOFTWARE;
	return msgid;
}

/* The messages that carry a count, each with the count it agrees with
 * (plan_report.h); the sentences are built from these very entries. */
static const plan_count_phrase count_phrases[PLAN_COUNT_N] = {
	/* TRANSLATORS: the first line of the plan; %1$s is the study's
	   name, %2$zu the most blocks tried. */
	[PLAN_COUNT_HEAD] = {
		NN_("plan for %1$s: blocks per series for a correct decisive "
		    "verdict (harm, benefit or equivalent) with the assurance "
		    "given, at most %2$zu block",
		    "plan for %1$s: blocks per series for a correct decisive "
		    "verdict (harm, benefit or equivalent) with the assurance "
		    "given, at most %2$zu blocks") },
	/* TRANSLATORS: a cell of the plan table: no size up to the most
	   blocks tried reaches the target. */
	[PLAN_COUNT_NOT_REACHABLE] = {
		NN_("not reachable with %zu block",
		    "not reachable with %zu blocks") },
	/* TRANSLATORS: as "not reachable with %zu blocks"; the curve
	   reached the target (%2$s) at %3$zu blocks and fell below it
	   again. */
	[PLAN_COUNT_NOT_REACHABLE_ONCE] = {
		NN_("not reachable with %1$zu block (not monotone: %2$s at "
		    "%3$zu)",
		    "not reachable with %1$zu blocks (not monotone: %2$s at "
		    "%3$zu)") },
	/* TRANSLATORS: the method of the plan, after the table; %1$lu is
	   the simulated studies per size, %2$zu the most blocks tried. */
	[PLAN_COUNT_ASSURANCE] = {
		NN_("assurance: the probability of a correct decisive "
		    "verdict, averaged over what the pilot leaves unknown: "
		    "each of %1$lu simulated study per size is drawn from a "
		    "world of its own (the shape of a bootstrap sample of the "
		    "comparison's per-block differences, an effect and a "
		    "spread drawn from what they say of them), and counts "
		    "only when its verdict is right in that world; the "
		    "conditional power holds the world at the differences "
		    "(stretched by sqrt(n/(n-1))); the blocks needed are the "
		    "smallest size from which the assurance stays at or above "
		    "the target (sizes 5 to %2$zu, common random numbers); the "
		    "assurance, power and likely verdict there are estimated "
		    "afresh",
		    "assurance: the probability of a correct decisive "
		    "verdict, averaged over what the pilot leaves unknown: "
		    "each of %1$lu simulated studies per size is drawn from a "
		    "world of its own (the shape of a bootstrap sample of the "
		    "comparison's per-block differences, an effect and a "
		    "spread drawn from what they say of them), and counts "
		    "only when its verdict is right in that world; the "
		    "conditional power holds the world at the differences "
		    "(stretched by sqrt(n/(n-1))); the blocks needed are the "
		    "smallest size from which the assurance stays at or above "
		    "the target (sizes 5 to %2$zu, common random numbers); the "
		    "assurance, power and likely verdict there are estimated "
		    "afresh") },
	/* TRANSLATORS: in parentheses after "the plan's interval": the
	   interval method's code and its inner resamples. */
	[PLAN_COUNT_INNER] = {
		NN_("%s, %lu inner resample", "%s, %lu inner resamples") },
	/* TRANSLATORS: in parentheses after "verdict rules": the fewest
	   pairs a verdict is claimed from. */
	[PLAN_COUNT_MIN_PAIRS] = {
		NN_("no claim below %lu pair", "no claim below %lu pairs") },
};

const plan_count_phrase *plan_report_count_phrase(plan_count_id id)
{
	return &count_phrases[id < PLAN_COUNT_N ? id : 0];
}

static const char *count_text(plan_words *w, plan_count_id id,
			      unsigned long n)
{
	const plan_count_phrase *c = &count_phrases[id];

	return trn(w, c->one, c->many, n);
}

/* V with DECIMALS decimals and the language's decimal mark, into BUF
 * ("?" for a value that cannot be written). */
static char *num_text(const plan_words *w, double v, int decimals,
		      char *buf, size_t size)
{
	if (numtext_fixed(v, decimals, false, buf, size) != PB_OK)
		snprintf(buf, size, "?");
	numtext_decimal_mark(buf, w->comma ? ',' : '.');
	return buf;
}

/* "23", or why no size was found, for the table; a curve that reached
 * the target before and fell below it again says so (a new string). */
static char *need_text(plan_words *w, const planning_need *n, double target,
		       size_t max)
{
	char t[32];

	num_text(w, target, 2, t, sizeof t);
	switch (n->reason) {
	case PLANNING_FOUND:
		if (n->monotone)
			return g_strdup_printf("%zu", n->blocks_needed);
		/* TRANSLATORS: a cell of the plan table: the blocks needed
		   (%1$zu), though the curve reached the target %2$s first at
		   %3$zu blocks and fell below it again. */
		return g_strdup_printf(tr(w, "%1$zu (not monotone: %2$s first at "
				          "%3$zu)"), n->blocks_needed, t,
				       n->first_reached);
	case PLANNING_TOO_FEW_PAIRS:
		return g_strdup(trc(w, "plan table", "too few pairs to say"));
	case PLANNING_NO_SPREAD:
		return g_strdup(trc(w, "plan table", "no spread to resample"));
	case PLANNING_NOT_REACHABLE:
		if (n->first_reached)
			return g_strdup_printf(count_text(
					     w, PLAN_COUNT_NOT_REACHABLE_ONCE, max),
					       max, t, n->first_reached);
		return g_strdup_printf(count_text(w, PLAN_COUNT_NOT_REACHABLE, max),
				       max);
	case PLANNING_UNDECIDABLE:
		return g_strdup(trc(w, "plan table",
				    "effect too near the threshold"));
	case PLANNING_SHAPE_UNTESTED:
		return g_strdup_printf(trc(w, "plan table", "fewer than %lu pairs: "
				           "shape not testable"),
				       (unsigned long)PLANNING_GUARANTEE_MIN_PILOT);
	case PLANNING_NOT_NORMAL: {
		char pv[32];
		num_text(w, n->shape_p, 3, pv, sizeof pv);
		/* TRANSLATORS: %s is the p-value of the pilot's normality
		   test. */
		return g_strdup_printf(trc(w, "plan table", "shape unlike normal "
				           "(p = %s)"), pv);
	}
	}
	return g_strdup("?");
}

static const char *state_text(const study_plan *p, size_t state, char *buf,
			      size_t size)
{
	return pb_state_format(p->states[state], buf, size);
}

/* The verdict V in the table's words, short as the codes of plan.json
 * are, but words in every language: a code such as detected-size-open is
 * for programs, not for the people who read the table. */
static const char *verdict_text(plan_words *w, verdict v)
{
	switch (v) {
	case VERDICT_HARM:
		return trc(w, "plan verdict", "harm");
	case VERDICT_BENEFIT:
		return trc(w, "plan verdict", "benefit");
	case VERDICT_EQUIVALENT:
		return trc(w, "plan verdict", "equivalent");
	case VERDICT_DETECTED:
		return trc(w, "plan verdict", "difference, size open");
	case VERDICT_INDETERMINATE:
		return trc(w, "plan verdict", "indeterminate");
	case VERDICT_NO_INTERVAL:
		return trc(w, "plan verdict", "no interval");
	case VERDICT_SERIES_DISAGREE:
		return trc(w, "plan verdict", "series disagree");
	case VERDICT_TOO_FEW_PAIRS:
		return trc(w, "plan verdict", "too few pairs");
	case VERDICT_NO_SPREAD:
		return trc(w, "plan verdict", "no spread");
	case VERDICT_OPPOSITE_DIRECTIONS:
		return trc(w, "plan verdict", "opposite directions");
	default:
		return verdict_code(v);
	}
}

/* An estimate at the size found, or "-" when none was simulated. */
static char *value_text(const plan_words *w, const planning_need *n,
			double v)
{
	char buf[32];

	return n->reason == PLANNING_FOUND || n->reason == PLANNING_NOT_REACHABLE
	       ? g_strdup(num_text(w, v, 3, buf, sizeof buf)) : g_strdup("-");
}

/* The table's columns: the comparison, then per target the blocks
 * needed, the assurance and the conditional power at the first target's
 * size, the likely verdict, and the guaranteed size when asked. */
#define PLAN_COLS (4 + PLANNING_MAX_TARGETS + 4)

/* The columns TEXT takes in a terminal: two for a wide character (a
 * Korean syllable), one for any other. */
static size_t text_width(const char *text)
{
	size_t w = 0;

	for (const char *c = text; *c; c = g_utf8_next_char(c))
		w += g_unichar_iswide(g_utf8_get_char(c)) ? 2 : 1;
	return w;
}

/* Appends the cells of ROWS (N rows of NCOLS cells) as columns padded to
 * their widest cell (text_width). */
static void put_columns(GString *out, char *const *cells, size_t n,
			size_t ncols)
{
	size_t width[PLAN_COLS] = { 0 };

	for (size_t i = 0; i < n * ncols; i++) {
		size_t w = text_width(cells[i]);
		if (w > width[i % ncols])
			width[i % ncols] = w;
	}
	for (size_t r = 0; r < n; r++) {
		for (size_t c = 0; c < ncols; c++) {
			const char *t = cells[r * ncols + c];
			g_string_append(out, t);
			if (c + 1 < ncols)
				for (size_t k = text_width(t);
				     k < width[c] + 2; k++)
					g_string_append_c(out, ' ');
		}
		g_string_append_c(out, '\n');
	}
}

/* The heading cells of the table into CELLS. */
static void head_cells(plan_words *w, const planning_result *r, char **cells)
{
	size_t nt = r->n_targets;
	char t[32];

	cells[0] = g_strdup(trc(w, "plan table", "state"));
	cells[1] = g_strdup(trc(w, "plan table", "series"));
	cells[2] = g_strdup(trc(w, "plan table", "pairs now"));
	cells[3] = g_strdup(trc(w, "plan table", "verdict now"));
	for (size_t i = 0; i < nt; i++)
		/* TRANSLATORS: a column of the plan table: the blocks needed
		   for the assurance %s. */
		cells[4 + i] = g_strdup_printf(trc(w, "plan table",
					           "blocks for %s"),
					       num_text(w, r->targets[i], 2, t,
						        sizeof t));
	cells[4 + nt] = g_strdup(trc(w, "plan table", "assurance there"));
	cells[5 + nt] = g_strdup(trc(w, "plan table",
				     "power if the estimate were true"));
	cells[6 + nt] = g_strdup(trc(w, "plan table", "likely verdict"));
	if (r->guarantee)
		cells[7 + nt] = g_strdup_printf(trc(w, "plan table",
					            "guaranteed blocks for %s"),
					        num_text(w, r->targets[0], 2, t,
						         sizeof t));
}

static void row_cells(plan_words *w, const study *s, const analysis *a,
		      const planning_result *r, const planning_row *row,
		      char **cell)
{
	const study_plan *p = &s->plan;
	const comparison *c = &a->cmp[row->comparison];
	const planning_need *first = &row->need[0];
	size_t nt = r->n_targets;
	char st[PB_STATE_BUFSIZE];

	cell[0] = g_strdup(p->states[c->state].missing
			   ? trc(w, "state", "missing")
			   : state_text(p, c->state, st, sizeof st));
	cell[1] = g_strdup(p->series[c->series].id);
	cell[2] = g_strdup_printf("%zu", c->n_pairs);
	cell[3] = g_strdup(verdict_text(w, c->verdict));
	for (size_t t = 0; t < nt; t++)
		cell[4 + t] = need_text(w, &row->need[t], r->targets[t],
					r->max_blocks);
	cell[4 + nt] = value_text(w, first, first->assurance);
	cell[5 + nt] = value_text(w, first, first->power);
	cell[6 + nt] = g_strdup(first->reason == PLANNING_FOUND
				? verdict_text(w, first->likely) : "-");
	if (r->guarantee)
		cell[7 + nt] = need_text(w, &row->guarantee, r->targets[0],
					 r->max_blocks);
}

/* Appends the message FORMAT with its arguments and a line end. */
static void put_line(GString *out, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static void put_line(GString *out, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	g_string_append_vprintf(out, format, ap);
	va_end(ap);
	g_string_append_c(out, '\n');
}

/* The method, in words, after the table. */
static void put_method(plan_words *w, const study_plan *p,
		       const planning_result *r, GString *out)
{
	char *interval, *rules;

	put_line(out, count_text(w, PLAN_COUNT_ASSURANCE,
				 PLANNING_SIMULATIONS),
		 (unsigned long)PLANNING_SIMULATIONS, r->max_blocks);
	if (p->interval == INTERVAL_T)
		interval = g_strdup(tr(w, "t, computed from each simulated "
				       "study alone, no inner resamples"));
	else
		interval = g_strdup_printf(count_text(w, PLAN_COUNT_INNER,
						      PLANNING_INNER_RESAMPLES),
				           interval_method_name(p->interval),
				           (unsigned long)PLANNING_INNER_RESAMPLES);
	rules = g_strdup_printf(count_text(w, PLAN_COUNT_MIN_PAIRS,
				           VERDICT_MIN_PAIRS),
			        (unsigned long)VERDICT_MIN_PAIRS);
	/* TRANSLATORS: %1$s is the interval method in words, %2$s the
	   rule on the fewest pairs ("no claim below 5 pairs"). */
	put_line(out, tr(w, "method: judged with the plan's interval (%1$s) "
			 "and verdict rules (%2$s)"), interval, rules);
	g_free(interval);
	g_free(rules);
	if (r->guarantee) {
		char t[32], lim[32];
		num_text(w, r->targets[0], 2, t, sizeof t);
		num_text(w, sqrt(r->targets[0]), 3, lim, sizeof lim);
		/* TRANSLATORS: %1$s is the target assurance, %2$s the
		   one-sided level of the limits. */
		put_line(out, tr(w, "guaranteed: the blocks whose power "
				 "reaches %1$s in a world at the one-sided "
				 "%2$s limits of the effect (toward the "
				 "threshold) and of the spread, so that it "
				 "holds for at least %1$s of pilots"), t, lim);
		num_text(w, PLANNING_SHAPE_LEVEL, 2, lim, sizeof lim);
		/* TRANSLATORS: %1$lu is the fewest pairs, %2$s the level of
		   the normality test. */
		put_line(out, tr(w, "given only for a pilot of %1$lu or more "
				 "pairs whose shape test (D'Agostino-Pearson) "
				 "has p >= %2$s, since those limits assume "
				 "normal differences"),
			 (unsigned long)PLANNING_GUARANTEE_MIN_PILOT, lim);
	}
}

pb_status plan_report_text(const study *s, const analysis *a,
			   const planning_result *r, const char *lang,
			   GString *out)
{
	size_t ncols = 7 + r->n_targets + (r->guarantee ? 1 : 0);
	size_t n = r->n_rows + 1;
	char **cells;
	/* TRANSLATORS: the decimal mark of numbers on a page, "." or ","
	   (1.784 or 1,784).  A study may ask for "." in every language. */
	const char *mark = i18n_ctext(lang, "decimal mark", ".");
	plan_words w = { lang, mark && mark[0] == ','
			       && !s->plan.decimal_point, PB_OK };
	gsize start = out->len;

	if (!i18n_known(lang))
		return PB_SOFTWARE;
	cells = g_new0(char *, n * ncols);
	put_line(out, count_text(&w, PLAN_COUNT_HEAD, r->max_blocks), s->name,
		 r->max_blocks);
	head_cells(&w, r, cells);
	for (size_t i = 0; i < r->n_rows; i++)
		row_cells(&w, s, a, r, &r->rows[i], cells + (i + 1) * ncols);
	put_columns(out, cells, n, ncols);
	for (size_t i = 0; i < n * ncols; i++)
		g_free(cells[i]);
	g_free(cells);
	put_method(&w, &s->plan, r, out);
	if (w.st != PB_OK)
		g_string_truncate(out, start);
	return w.st;
}

/* Sets the keys of answer N in object O. */
static void need_keys(json_t *o, const planning_need *n, bool *ok)
{
	bool simulated = n->reason == PLANNING_FOUND
			 || n->reason == PLANNING_NOT_REACHABLE;

	jsonput_set(o, "blocks_needed", n->reason == PLANNING_FOUND
		    ? jsonput_count(n->blocks_needed) : json_null(), ok);
	jsonput_set(o, "reason", json_string(planning_reason_code(n->reason)),
		    ok);
	jsonput_set(o, "monotone", json_boolean(n->monotone), ok);
	jsonput_set(o, "first_reached", n->first_reached
		    ? jsonput_count(n->first_reached) : json_null(), ok);
	jsonput_set(o, "assurance_estimate", simulated
		    ? jsonput_num(n->assurance) : json_null(), ok);
	jsonput_set(o, "conditional_power", simulated
		    ? jsonput_num(n->power) : json_null(), ok);
	jsonput_set(o, "likely_verdict", n->reason == PLANNING_FOUND
		    ? json_string(verdict_code(n->likely)) : json_null(), ok);
}

static json_t *need_json(const planning_need *n, bool *ok)
{
	json_t *o = json_object();

	need_keys(o, n, ok);
	if (!isnan(n->shape_p))
		jsonput_set(o, "shape_p", jsonput_num(n->shape_p), ok);
	return o;
}

static json_t *curve_json(const planning_curve *c, bool *ok)
{
	json_t *arr = json_array();

	for (size_t k = 0; k < c->n; k++) {
		json_t *pt = json_object();
		jsonput_set(pt, "blocks", jsonput_count(c->blocks[k]), ok);
		jsonput_set(pt, "assurance", jsonput_num(c->value[k]), ok);
		jsonput_push(arr, pt, ok);
	}
	return arr;
}

static json_t *row_json(const study *s, const analysis *a,
			const planning_result *r, const planning_row *row,
			bool *ok)
{
	const comparison *c = &a->cmp[row->comparison];
	json_t *o = json_object(), *targets = json_array();
	char st[PB_STATE_BUFSIZE];

	jsonput_set(o, "state", json_string(state_text(&s->plan, c->state, st,
						       sizeof st)), ok);
	jsonput_set(o, "series", json_string(s->plan.series[c->series].id), ok);
	jsonput_set(o, "blocks_now", jsonput_count(c->n_pairs), ok);
	jsonput_set(o, "verdict_now", json_string(verdict_code(c->verdict)),
		    ok);
	for (size_t t = 0; t < r->n_targets; t++) {
		json_t *keyed = json_object();
		jsonput_set(keyed, "assurance", json_real(r->targets[t]), ok);
		need_keys(keyed, &row->need[t], ok);
		if (t == 0 && r->guarantee)
			jsonput_set(keyed, "guaranteed",
				    need_json(&row->guarantee, ok), ok);
		jsonput_push(targets, keyed, ok);
	}
	jsonput_set(o, "targets", targets, ok);
	jsonput_set(o, "curve", curve_json(&row->curve, ok), ok);
	return o;
}

pb_status plan_report_json(const study *s, const analysis *a,
			   const planning_result *r, GString *out)
{
	const study_plan *p = &s->plan;
	json_t *doc = json_object(), *rows = json_array(), *how = json_object();
	bool ok = true;
	pb_status st;

	jsonput_set(doc, "schema", json_string("pairboot-plan"), &ok);
	jsonput_set(doc, "schema_version", json_integer(2), &ok);
	jsonput_set(doc, "study", json_string(s->name), &ok);
	jsonput_set(doc, "study_digest", json_string(s->digest), &ok);
	jsonput_set(doc, "plan_digest", json_string(p->digest), &ok);
	jsonput_set(how, "model", json_string("worlds of a bootstrap shape, "
					      "an effect and a spread drawn "
					      "from the per-block "
					      "differences"), &ok);
	jsonput_set(how, "success", json_string("a decisive verdict correct "
						"in its world"), &ok);
	jsonput_set(how, "simulations_per_size",
		    jsonput_count(PLANNING_SIMULATIONS), &ok);
	jsonput_set(how, "inner_resamples", p->interval == INTERVAL_T
		    ? jsonput_count(0) : jsonput_count(PLANNING_INNER_RESAMPLES),
		    &ok);
	jsonput_set(how, "interval", json_string(interval_method_name(
					     p->interval)), &ok);
	jsonput_set(how, "confidence", json_real(p->confidence), &ok);
	jsonput_set(how, "threshold", json_real(p->threshold), &ok);
	jsonput_set(how, "max_blocks", jsonput_count(r->max_blocks), &ok);
	jsonput_set(how, "min_pilot_pairs", jsonput_count(PLANNING_MIN_PILOT),
		    &ok);
	jsonput_set(how, "guarantee", json_boolean(r->guarantee), &ok);
	jsonput_set(doc, "method", how, &ok);
	for (size_t i = 0; i < r->n_rows; i++)
		jsonput_push(rows, row_json(s, a, r, &r->rows[i], &ok), &ok);
	jsonput_set(doc, "comparisons", rows, &ok);
	st = ok ? jsonw_write(doc, out) : PB_NOMEM;
	json_decref(doc);
	return st;
}
