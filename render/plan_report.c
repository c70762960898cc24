/* plan_report.c: the plan table of fixed sizes, in each language, and
 * plan.json (see plan_report.h); the table of a sequential study's maxima
 * is render/plan_seq.c's.  This file is one of the translated sources. */
#include "render/plan_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analyze/planvalid.h"
#include "render/jsonput.h"
#include "render/jsonw.h"
#include "render/plan_seq.h"
#include "render/plan_words.h"

/* An estimate at the size found, or "-" when none was simulated. */
static char *value_text(const plan_words *w, const planning_need *n,
			double v)
{
	char buf[32];

	return n->reason == PLANNING_FOUND || n->reason == PLANNING_NOT_REACHABLE
	       ? g_strdup(plan_words_num(w, v, 3, buf, sizeof buf)) : g_strdup("-");
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
		cells[4 + i] = g_strdup_printf(
			trc(w, "plan table", "blocks for %s"),
			plan_words_num(w, r->targets[i], 2, t, sizeof t));
	cells[4 + nt] = g_strdup(trc(w, "plan table", "assurance there"));
	cells[5 + nt] = g_strdup(trc(w, "plan table",
				     "power if the estimate were true"));
	cells[6 + nt] = g_strdup(trc(w, "plan table", "likely verdict"));
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
			   : plan_words_state(p, c->state, st, sizeof st));
	cell[1] = g_strdup(p->series[c->series].id);
	cell[2] = g_strdup_printf("%zu", c->n_pairs);
	cell[3] = g_strdup(plan_words_verdict(w, c->verdict));
	for (size_t t = 0; t < nt; t++) {
		const planning_need *n = &row->need[t];
		cell[4 + t] = plan_words_answer(w, n->reason, n->blocks_needed,
						n->monotone, n->first_reached,
						r->targets[t], r->max_blocks);
	}
	cell[4 + nt] = value_text(w, first, first->assurance);
	cell[5 + nt] = value_text(w, first, first->power);
	cell[6 + nt] = g_strdup(first->reason == PLANNING_FOUND
				? plan_words_verdict(w, first->likely) : "-");
}

/* The method, in words, after the table. */
static void put_method(plan_words *w, const study_plan *p,
		       const planning_result *r, GString *out)
{
	plan_words_line(out, plan_words_count(w, PLAN_COUNT_ASSURANCE,
				 PLANNING_SIMULATIONS),
		 (unsigned long)PLANNING_SIMULATIONS, r->max_blocks);
	plan_words_method_line(w, p->interval, out);
}

/* The caution under the table of sizes: how often sizes like these
 * reached their target's true power in bench/planbench, for a pilot of
 * the comparisons' fewest pairs (analyze/planvalid.h). */
static void put_caveat(plan_words *w, const analysis *a,
		       const study_plan *p, GString *out)
{
	planvalid_row v;
	bool measured, smaller;
	size_t n0;
	char *lo, *hi;

	if (!plan_words_validation(a, p->interval, &v, &measured, &smaller,
				   &n0))
		return;
	lo = plan_words_percent(w, v.size_lo, false);
	hi = plan_words_percent(w, v.size_hi, false);
	/* TRANSLATORS: under the table of sizes; %1$zu is the blocks of
	   the pilots measured (10 or 15), %2$s and %3$s percentages
	   standing alone. */
	plan_words_line(out, tr(w, "caution: a size planned from a pilot alone "
				"is no promise, since no pilot can bound what "
				"it did not sample: from pilots of %1$zu "
				"blocks, sizes like these reached their "
				"target's true power in %2$s to %3$s of "
				"simulated pilots (normal, skewed and "
				"heavy-tailed differences, docs/statistics.md); "
				"a sequential design (--look-every K) holds "
				"the chance of a wrong verdict by itself"),
			v.pilot_blocks, lo, hi);
	g_free(lo);
	g_free(hi);
	plan_words_caveat_notes(w, p->interval, &v, measured, smaller, n0,
				out);
}

/* The table of fixed sizes and its method, into OUT. */
static void fixed_text(plan_words *w, const study *s, const analysis *a,
		       const planning_result *r, GString *out)
{
	size_t ncols = 7 + r->n_targets;
	size_t n = r->n_rows + 1;
	char **cells = g_new0(char *, n * ncols);

	plan_words_line(out, plan_words_count(w, PLAN_COUNT_HEAD,
					      r->max_blocks),
			s->name, r->max_blocks);
	head_cells(w, r, cells);
	for (size_t i = 0; i < r->n_rows; i++)
		row_cells(w, s, a, r, &r->rows[i], cells + (i + 1) * ncols);
	plan_words_columns(out, cells, n, ncols);
	for (size_t i = 0; i < n * ncols; i++)
		g_free(cells[i]);
	g_free(cells);
	put_caveat(w, a, &s->plan, out);
	put_method(w, &s->plan, r, out);
}

pb_status plan_report_text(const study *s, const analysis *a,
			   const planning_result *r, const char *lang,
			   GString *out)
{
	plan_words w;
	gsize start = out->len;

	if (plan_words_begin(&w, s, lang) != PB_OK)
		return PB_SOFTWARE;
	if (r->sequential)
		plan_seq_text(&w, s, a, r, out);
	else
		fixed_text(&w, s, a, r, out);
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
	json_t *o = json_object(), *targets;
	char st[PB_STATE_BUFSIZE];

	jsonput_set(o, "state", json_string(plan_words_state(&s->plan,
							     c->state, st,
							     sizeof st)), ok);
	jsonput_set(o, "series", json_string(s->plan.series[c->series].id), ok);
	jsonput_set(o, "blocks_now", jsonput_count(c->n_pairs), ok);
	jsonput_set(o, "verdict_now", json_string(verdict_code(c->verdict)),
		    ok);
	if (r->sequential) {
		plan_seq_json_row(r, row, o, ok);
		return o;
	}
	targets = json_array();
	for (size_t t = 0; t < r->n_targets; t++) {
		json_t *keyed = json_object();
		jsonput_set(keyed, "assurance", json_real(r->targets[t]), ok);
		need_keys(keyed, &row->need[t], ok);
		jsonput_push(targets, keyed, ok);
	}
	jsonput_set(o, "targets", targets, ok);
	jsonput_set(o, "curve", curve_json(&row->curve, ok), ok);
	return o;
}

/* [LO, HI]. */
static json_t *range_json(double lo, double hi, bool *ok)
{
	json_t *arr = json_array();

	jsonput_push(arr, jsonput_num(lo), ok);
	jsonput_push(arr, jsonput_num(hi), ok);
	return arr;
}

/* What bench/planbench measured for pilots like the study's judged by
 * the plan R's interval (the caveats of the table), or null when no
 * comparison has a pilot. */
static json_t *validation_json(const analysis *a, const planning_result *r,
			       bool *ok)
{
	planvalid_row v;
	bool measured, smaller;
	size_t n0;
	json_t *o;

	if (!plan_words_validation(a, r->method, &v, &measured, &smaller,
				   &n0))
		return json_null();
	o = json_object();
	jsonput_set(o, "pilot_blocks", jsonput_count(n0), ok);
	jsonput_set(o, "measured_pilot_blocks", jsonput_count(v.pilot_blocks),
		    ok);
	jsonput_set(o, "interval_measured", json_boolean(measured), ok);
	jsonput_set(o, "size_reached", range_json(v.size_lo, v.size_hi, ok),
		    ok);
	jsonput_set(o, "maximum_reached", range_json(v.max_lo, v.max_hi,
							ok), ok);
	jsonput_set(o, "blocks_expected_bias", jsonput_num(v.blocks), ok);
	jsonput_set(o, "blocks_expected_bias_at_threshold",
		    isnan(v.blocks_at_t) ? json_null()
		    : jsonput_num(v.blocks_at_t), ok);
	jsonput_set(o, "wrong_at_most", jsonput_num(v.wrong_max), ok);
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
	jsonput_set(doc, "schema_version", json_integer(3), &ok);
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
	jsonput_set(how, "inner_resamples", r->method == INTERVAL_T
		    ? jsonput_count(0) : jsonput_count(PLANNING_INNER_RESAMPLES),
		    &ok);
	jsonput_set(how, "interval", json_string(interval_method_name(
					     r->method)), &ok);
	jsonput_set(how, "confidence", json_real(p->confidence), &ok);
	jsonput_set(how, "threshold", json_real(p->threshold), &ok);
	jsonput_set(how, "max_blocks", jsonput_count(r->max_blocks), &ok);
	jsonput_set(how, "min_pilot_pairs", jsonput_count(PLANNING_MIN_PILOT),
		    &ok);
	jsonput_set(how, "sequential", r->sequential
		    ? plan_seq_json_design(r, &ok) : json_null(), &ok);
	jsonput_set(doc, "method", how, &ok);
	jsonput_set(doc, "validation", validation_json(a, r, &ok), &ok);
	for (size_t i = 0; i < r->n_rows; i++)
		jsonput_push(rows, row_json(s, a, r, &r->rows[i], &ok), &ok);
	jsonput_set(doc, "comparisons", rows, &ok);
	st = ok ? jsonw_write(doc, out) : PB_NOMEM;
	json_decref(doc);
	return st;
}
