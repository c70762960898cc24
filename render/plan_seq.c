/* plan_seq.c: the plan of a sequential study, as a table and in
 * plan.json (see plan_seq.h).  This file is one of the translated
 * sources. */
#include "render/plan_seq.h"

#include <math.h>
#include <stdio.h>

#include "render/jsonput.h"

/* The largest maximum tried: the designs' last. */
static size_t largest(const planning_result *r)
{
	return r->designs.n * r->designs.every;
}

/* A boundary by its name, as its authors are known in every language. */
static const char *boundary_text(plan_words *w, look_boundary b)
{
	switch (b) {
	case BOUNDARY_POCOCK:
		return trc(w, "boundary", "Pocock");
	case BOUNDARY_BONFERRONI:
		return trc(w, "boundary", "Bonferroni");
	default:
		return trc(w, "boundary", "O'Brien-Fleming");
	}
}

/* Whether answer N was simulated at a maximum (found, or not reachable
 * and estimated at the largest). */
static bool simulated(const seqplan_need *n)
{
	return n->reason == PLANNING_FOUND
	       || n->reason == PLANNING_NOT_REACHABLE;
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
		/* TRANSLATORS: a column of the plan of a sequential study:
		   the most blocks to register for the decision chance %s. */
		cells[4 + i] = g_strdup_printf(
			trc(w, "plan table", "maximum for %s"),
			plan_words_num(w, r->targets[i], 2, t, sizeof t));
	/* TRANSLATORS: a column: the chance of a correct decisive verdict
	   by the maximum of the first target. */
	cells[4 + nt] = g_strdup(trc(w, "plan table", "decision chance there"));
	/* TRANSLATORS: a column: the mean blocks at which the sequential
	   rule stops, with that maximum. */
	cells[5 + nt] = g_strdup(trc(w, "plan table", "blocks expected there"));
	cells[6 + nt] = g_strdup(trc(w, "plan table", "likely verdict"));
}

static void row_cells(plan_words *w, const study *s, const analysis *a,
		      const planning_result *r, const planning_row *row,
		      char **cell)
{
	const study_plan *p = &s->plan;
	const comparison *c = &a->cmp[row->comparison];
	const seqplan_need *first = &row->seq[0];
	size_t nt = r->n_targets;
	char st[PB_STATE_BUFSIZE], buf[32];

	cell[0] = g_strdup(p->states[c->state].missing
			   ? trc(w, "state", "missing")
			   : plan_words_state(p, c->state, st, sizeof st));
	cell[1] = g_strdup(p->series[c->series].id);
	cell[2] = g_strdup_printf("%zu", c->n_pairs);
	cell[3] = g_strdup(plan_words_verdict(w, c->verdict));
	for (size_t t = 0; t < nt; t++) {
		const seqplan_need *n = &row->seq[t];
		cell[4 + t] = plan_words_answer(w, n->reason, n->max_blocks,
						n->monotone, n->first_reached,
						r->targets[t], largest(r));
	}
	cell[4 + nt] = g_strdup(simulated(first)
				? plan_words_num(w, first->decision, 3, buf,
						 sizeof buf) : "-");
	cell[5 + nt] = g_strdup(simulated(first)
				? plan_words_num(w, first->expected_blocks, 1,
						 buf, sizeof buf) : "-");
	cell[6 + nt] = g_strdup(first->reason == PLANNING_FOUND
				? plan_words_verdict(w, first->likely) : "-");
}

/* What the design holds and what the pilot estimates, as
 * bench/planbench measured them (analyze/planvalid.h). */
static void put_caveats(plan_words *w, const analysis *a,
			const study_plan *p, interval_method m, GString *out)
{
	planvalid_row v;
	bool measured, smaller;
	size_t n0;
	char *alpha = plan_words_percent(w, 1 - p->confidence, false);
	char wrong[32];

	if (!plan_words_validation(a, m, &v, &measured, &smaller, &n0)) {
		/* TRANSLATORS: under the table of a sequential plan; %s is
		   1 - confidence as a percentage standing alone (5%). */
		plan_words_line(out, tr(w, "design: the chance of a wrong "
					"decisive verdict is held at %s "
					"(1 - confidence) over all looks by "
					"the design itself, whatever a pilot "
					"says, as far as the interval covers "
					"at each look's level"), alpha);
		g_free(alpha);
		return;
	}
	plan_words_num(w, v.wrong_max, 2, wrong, sizeof wrong);
	/* TRANSLATORS: under the table of a sequential plan; %1$s is
	   1 - confidence as a percentage standing alone (5%), %2$s the
	   largest chance of a wrong verdict measured (0.17). */
	plan_words_line(out, tr(w, "design: the chance of a wrong decisive "
				"verdict is held at %1$s (1 - confidence) over "
				"all looks by the design itself, whatever the "
				"pilot says, as far as the interval covers at "
				"each look's level: with strongly skewed "
				"differences it was measured up to %2$s "
				"(docs/statistics.md)"), alpha, wrong);
	g_free(alpha);
	char *lo = plan_words_percent(w, v.max_lo, false);
	char *hi = plan_words_percent(w, v.max_hi, false);
	char *blo = plan_words_percent(w, v.blocks, true);
	char *bhi = isnan(v.blocks_at_t) ? NULL
		    : plan_words_percent(w, v.blocks_at_t, true);
	if (bhi)
		/* TRANSLATORS: %1$zu is the blocks of the pilots measured (10
		   or 15), %2$s and %3$s percentages standing alone, %4$s and
		   %5$s signed ones (+19%: 19% more blocks than the
		   truth's). */
		plan_words_line(out, tr(w, "estimates: the decision chance and "
					"the blocks expected rest on the pilot "
					"alone: from pilots of %1$zu blocks, "
					"maxima like these reached their "
					"target's true decision chance in %2$s "
					"to %3$s of simulated pilots, and the "
					"blocks expected were %4$s off the true "
					"ones on average where a correct "
					"decision was possible, %5$s where the "
					"effect lay at the threshold "
					"(docs/statistics.md)"),
				v.pilot_blocks, lo, hi, blo, bhi);
	else
		/* TRANSLATORS: as the line above, where no pilot with the
		   effect at the threshold was given a maximum. */
		plan_words_line(out, tr(w, "estimates: the decision chance and "
					"the blocks expected rest on the pilot "
					"alone: from pilots of %1$zu blocks, "
					"maxima like these reached their "
					"target's true decision chance in %2$s "
					"to %3$s of simulated pilots, and the "
					"blocks expected were %4$s off the true "
					"ones on average (docs/statistics.md)"),
				v.pilot_blocks, lo, hi, blo);
	g_free(lo);
	g_free(hi);
	g_free(blo);
	g_free(bhi);
	plan_words_caveat_notes(w, m, &v, measured, smaller, n0, out);
}

/* What the design rules changed: the interval when the study's cannot
 * judge looks, and the maxima that study.ini would refuse. */
static void put_limits(plan_words *w, const study *s,
		       const planning_result *r, GString *out)
{
	if (r->method != s->plan.interval)
		/* TRANSLATORS: %1$s is the interval method's code of the
		   sequential plan (t), %2$s the study's own (percentile, bca
		   or expanded). */
		plan_words_line(out, tr(w, "judged with the %1$s interval: a "
					"sequential study's looks need the t "
					"or studentized interval, not %2$s"),
				interval_method_name(r->method),
				interval_method_name(s->plan.interval));
	if (r->designs.n < r->designs.tried)
		/* TRANSLATORS: %zu is the largest maximum tried (a number of
		   blocks). */
		plan_words_line(out, tr(w, "no larger maximum than %zu is "
					"tried: a design of more looks would "
					"judge its first look at a level too "
					"near 1 or with too few resamples, and "
					"study.ini refuses it (--boundary "
					"pocock spends the error more "
					"evenly)"), largest(r));
}

void plan_seq_text(plan_words *w, const study *s, const analysis *a,
		   const planning_result *r, GString *out)
{
	size_t ncols = 7 + r->n_targets, n = r->n_rows + 1;
	char **cells = g_new0(char *, n * ncols);

	plan_words_line(out, plan_words_count(w, PLAN_COUNT_SEQ_HEAD,
					      largest(r)),
			s->name, r->designs.every,
			boundary_text(w, r->designs.boundary), largest(r));
	head_cells(w, r, cells);
	for (size_t i = 0; i < r->n_rows; i++)
		row_cells(w, s, a, r, &r->rows[i], cells + (i + 1) * ncols);
	plan_words_columns(out, cells, n, ncols);
	for (size_t i = 0; i < n * ncols; i++)
		g_free(cells[i]);
	g_free(cells);
	put_caveats(w, a, &s->plan, r->method, out);
	put_limits(w, s, r, out);
	plan_words_line(out, plan_words_count(w, PLAN_COUNT_SEQ_METHOD,
					      PLANNING_SIMULATIONS),
			(unsigned long)PLANNING_SIMULATIONS, r->designs.every,
			largest(r), r->designs.every);
	plan_words_method_line(w, r->method, out);
}

json_t *plan_seq_json_design(const planning_result *r, bool *ok)
{
	json_t *o = json_object();

	jsonput_set(o, "look_every", jsonput_count(r->designs.every), ok);
	jsonput_set(o, "boundary", json_string(look_boundary_name(
					   r->designs.boundary)), ok);
	jsonput_set(o, "confidence", json_real(r->designs.confidence), ok);
	jsonput_set(o, "largest_maximum", jsonput_count(largest(r)), ok);
	jsonput_set(o, "longer_refused", json_boolean(r->designs.n
						      < r->designs.tried), ok);
	jsonput_set(o, "success", json_string("a correct decisive verdict "
					      "by the maximum, in its world"),
		    ok);
	jsonput_set(o, "futility", json_string("not simulated"), ok);
	return o;
}

/* The keys of answer N in object O. */
static void need_keys(json_t *o, const seqplan_need *n, bool *ok)
{
	bool sim = simulated(n), found = n->reason == PLANNING_FOUND;

	jsonput_set(o, "max_blocks", found ? jsonput_count(n->max_blocks)
					   : json_null(), ok);
	jsonput_set(o, "looks", found ? jsonput_count(n->looks) : json_null(),
		    ok);
	jsonput_set(o, "reason", json_string(planning_reason_code(n->reason)),
		    ok);
	jsonput_set(o, "monotone", json_boolean(n->monotone), ok);
	jsonput_set(o, "first_reached", n->first_reached
		    ? jsonput_count(n->first_reached) : json_null(), ok);
	jsonput_set(o, "decision_chance", sim ? jsonput_num(n->decision)
					      : json_null(), ok);
	jsonput_set(o, "wrong_chance", sim ? jsonput_num(n->wrong)
					   : json_null(), ok);
	jsonput_set(o, "expected_blocks", sim
		    ? jsonput_num(n->expected_blocks) : json_null(), ok);
	jsonput_set(o, "likely_verdict", found
		    ? json_string(verdict_code(n->likely)) : json_null(), ok);
}

void plan_seq_json_row(const planning_result *r, const planning_row *row,
		       json_t *o, bool *ok)
{
	json_t *targets = json_array(), *curve = json_array();
	const seqplan_curve *c = &row->seq_curve;

	for (size_t t = 0; t < r->n_targets; t++) {
		json_t *keyed = json_object();
		jsonput_set(keyed, "decision_target", json_real(r->targets[t]),
			    ok);
		need_keys(keyed, &row->seq[t], ok);
		jsonput_push(targets, keyed, ok);
	}
	jsonput_set(o, "targets", targets, ok);
	for (size_t k = 0; k < c->n; k++) {
		json_t *pt = json_object();
		jsonput_set(pt, "max_blocks", jsonput_count(c->max_blocks[k]),
			    ok);
		jsonput_set(pt, "decision_chance", jsonput_num(c->decision[k]),
			    ok);
		jsonput_set(pt, "expected_blocks", jsonput_num(c->expected[k]),
			    ok);
		jsonput_push(curve, pt, ok);
	}
	jsonput_set(o, "curve", curve, ok);
}
