/* plan_words.c: the words and the layout the plan tables share (see
 * plan_words.h).  This file is one of the translated sources. */
#include "render/plan_words.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "common/numtext.h"
#include "render/cs_prep.h"

/* A message with a plural form, as xgettext extracts it
 * (--keyword=NN_:1,2); the caller translates it. */
#define NN_(s, p) s, p

pb_status plan_words_begin(plan_words *w, const study *s, const char *lang)
{
	/* TRANSLATORS: the decimal mark of numbers on a page, "." or ","
	   (1.784 or 1,784).  A study may ask for "." in every language. */
	const char *mark = i18n_ctext(lang, "decimal mark", ".");

	w->lang = lang;
	w->comma = mark && mark[0] == ',' && !s->plan.decimal_point;
	w->st = i18n_known(lang) ? PB_OK : PB_SOFTWARE;
	return w->st;
}

const char *plan_words_found(plan_words *w, const char *msgid,
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
	/* TRANSLATORS: the first line of the plan of a sequential study;
	   %1$s is the study's name, %2$zu the blocks between looks (5 or
	   more), %3$s the boundary's name (O'Brien-Fleming, Pocock or
	   Bonferroni), %4$zu the most blocks tried. */
	[PLAN_COUNT_SEQ_HEAD] = {
		NN_("plan for %1$s: the most blocks per series to register "
		    "for a sequential study with a look every %2$zu blocks "
		    "(%3$s), for a correct decisive verdict (harm, benefit or "
		    "equivalent) by then with the chance given, at most %4$zu "
		    "block",
		    "plan for %1$s: the most blocks per series to register "
		    "for a sequential study with a look every %2$zu blocks "
		    "(%3$s), for a correct decisive verdict (harm, benefit or "
		    "equivalent) by then with the chance given, at most %4$zu "
		    "blocks") },
	/* TRANSLATORS: the method of the plan of a sequential study, after
	   the table; %1$lu is the simulated studies per maximum, %2$zu and
	   %3$zu the smallest and largest maximum tried, %4$zu the blocks
	   between looks. */
	[PLAN_COUNT_SEQ_METHOD] = {
		NN_("decision chance: the probability that the rule (stop at "
		    "the first look whose verdict is harm, benefit or "
		    "equivalent) reaches a correct decisive verdict by the "
		    "maximum, averaged over what the pilot leaves unknown: "
		    "each of %1$lu simulated study per maximum is drawn from a "
		    "world of its own, as the assurance's are; each maximum "
		    "from %2$zu to %3$zu, a multiple of %4$zu, is a design with "
		    "levels of its own, on common random numbers; blocks "
		    "expected: the mean number of blocks at which the rule "
		    "stops, the maximum when it never decides (stopping for "
		    "futility not counted); both estimated afresh at the "
		    "maximum chosen",
		    "decision chance: the probability that the rule (stop at "
		    "the first look whose verdict is harm, benefit or "
		    "equivalent) reaches a correct decisive verdict by the "
		    "maximum, averaged over what the pilot leaves unknown: "
		    "each of %1$lu simulated studies per maximum is drawn from "
		    "a world of its own, as the assurance's are; each maximum "
		    "from %2$zu to %3$zu, a multiple of %4$zu, is a design with "
		    "levels of its own, on common random numbers; blocks "
		    "expected: the mean number of blocks at which the rule "
		    "stops, the maximum when it never decides (stopping for "
		    "futility not counted); both estimated afresh at the "
		    "maximum chosen") },
};

const plan_count_phrase *plan_report_count_phrase(plan_count_id id)
{
	return &count_phrases[id < PLAN_COUNT_N ? id : 0];
}

const char *plan_words_count(plan_words *w, plan_count_id id,
			     unsigned long n)
{
	const plan_count_phrase *c = &count_phrases[id];

	return trn(w, c->one, c->many, n);
}

char *plan_words_num(const plan_words *w, double v, int decimals, char *buf,
		     size_t size)
{
	if (numtext_fixed(v, decimals, false, buf, size) != PB_OK)
		snprintf(buf, size, "?");
	numtext_decimal_mark(buf, w->comma ? ',' : '.');
	return buf;
}

char *plan_words_percent(plan_words *w, double f, bool sign)
{
	char num[32], with[40];
	double v = round(100 * f);

	plan_words_num(w, fabs(v), 0, num, sizeof num);
	/* A sign is written only where it says something: +18%, -10%, 0%. */
	snprintf(with, sizeof with, "%s%s", !sign || !(fabs(v) > 0) ? ""
		 : v > 0 ? "+" : "-", num);
	return g_strdup_printf(trc(w, "percentage", "%s%%"), with);
}

char *plan_words_answer(plan_words *w, planning_reason reason, size_t value,
			bool monotone, size_t first_reached, double target,
			size_t max)
{
	char t[32];

	plan_words_num(w, target, 2, t, sizeof t);
	switch (reason) {
	case PLANNING_FOUND:
		if (monotone)
			return g_strdup_printf("%zu", value);
		/* TRANSLATORS: a cell of the plan table: the blocks needed
		   (%1$zu), though the curve reached the target %2$s first at
		   %3$zu blocks and fell below it again. */
		return g_strdup_printf(tr(w, "%1$zu (not monotone: %2$s first "
					  "at %3$zu)"), value, t,
				       first_reached);
	case PLANNING_TOO_FEW_PAIRS:
		return g_strdup(trc(w, "plan table", "too few pairs to say"));
	case PLANNING_NO_SPREAD:
		return g_strdup(trc(w, "plan table", "no spread to resample"));
	case PLANNING_NOT_REACHABLE:
		if (first_reached)
			return g_strdup_printf(plan_words_count(
					w, PLAN_COUNT_NOT_REACHABLE_ONCE, max),
					max, t, first_reached);
		return g_strdup_printf(plan_words_count(
					w, PLAN_COUNT_NOT_REACHABLE, max), max);
	default:
		return g_strdup("?");
	}
}

const char *plan_words_state(const study_plan *p, size_t state, char *buf,
			     size_t size)
{
	return pb_state_format(p->states[state], buf, size);
}

/* A code such as detected-size-open is for programs, not for the people
 * who read the table. */
const char *plan_words_verdict(plan_words *w, verdict v)
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

/* The columns TEXT takes in a terminal: two for a wide character (a
 * Korean syllable), one for any other. */
static size_t text_width(const char *text)
{
	size_t w = 0;

	for (const char *c = text; *c; c = g_utf8_next_char(c))
		w += g_unichar_iswide(g_utf8_get_char(c)) ? 2 : 1;
	return w;
}

void plan_words_columns(GString *out, char *const *cells, size_t n,
			size_t ncols)
{
	size_t width[PLAN_WORDS_MAX_COLS] = { 0 };

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

void plan_words_line(GString *out, const char *format, ...)
{
	va_list ap;
	gchar *s;

	va_start(ap, format);
	s = cs_prep_vprintf("", format, ap);
	va_end(ap);
	g_string_append(out, s);
	g_free(s);
	g_string_append_c(out, '\n');
}

bool plan_words_validation(const analysis *a, interval_method m,
			   planvalid_row *out, bool *measured, bool *smaller,
			   size_t *n0)
{
	size_t fewest = 0;

	for (size_t i = 0; i < a->n_cmp; i++) {
		size_t n = a->cmp[i].n_pairs;
		if (n >= PLANNING_MIN_PILOT && (!fewest || n < fewest))
			fewest = n;
	}
	if (!fewest)
		return false;
	*n0 = fewest;
	planvalid_find(fewest, m, out, measured, smaller);
	return true;
}

void plan_words_caveat_notes(plan_words *w, interval_method m,
			     const planvalid_row *v, bool measured,
			     bool smaller, size_t n0, GString *out)
{
	if (!measured)
		/* TRANSLATORS: %s is the interval method's code (percentile,
		   bca or expanded). */
		plan_words_line(out, tr(w, "the %s interval was not measured: "
					"these are the lowest and highest "
					"values measured for the t and "
					"studentized intervals"),
				interval_method_name(m));
	if (smaller)
		/* TRANSLATORS: %1$zu is the pilot's pairs, %2$zu the blocks
		   of the smallest pilots measured (10). */
		plan_words_line(out, tr(w, "this pilot has %1$zu pairs, fewer "
					"than the %2$zu measured: expect "
					"worse"), n0, v->pilot_blocks);
}

void plan_words_method_line(plan_words *w, interval_method m, GString *out)
{
	char *interval, *rules;

	if (m == INTERVAL_T)
		interval = g_strdup(tr(w, "t, computed from each simulated "
				       "study alone, no inner resamples"));
	else
		interval = g_strdup_printf(
			plan_words_count(w, PLAN_COUNT_INNER,
					 PLANNING_INNER_RESAMPLES),
			interval_method_name(m),
			(unsigned long)PLANNING_INNER_RESAMPLES);
	rules = g_strdup_printf(plan_words_count(w, PLAN_COUNT_MIN_PAIRS,
						 VERDICT_MIN_PAIRS),
				(unsigned long)VERDICT_MIN_PAIRS);
	/* TRANSLATORS: %1$s is the interval method in words, %2$s the
	   rule on the fewest pairs ("no claim below 5 pairs"). */
	plan_words_line(out, tr(w, "method: judged with the plan's interval "
				"(%1$s) and verdict rules (%2$s)"),
			interval, rules);
	g_free(interval);
	g_free(rules);
}
