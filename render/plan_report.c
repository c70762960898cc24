/* plan_report.c: the plan table and plan.json (see plan_report.h). */
#include "render/plan_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/jsonput.h"
#include "render/jsonw.h"

/* "23", or why no size was found, for the table; a curve that reached
 * the target before and fell below it again says so. */
static const char *need_text(const planning_need *n, double target,
			     size_t max, char *buf, size_t size)
{
	switch (n->reason) {
	case PLANNING_FOUND:
		if (n->monotone)
			snprintf(buf, size, "%zu", n->blocks_needed);
		else
			snprintf(buf, size, "%zu (not monotone: %.2f first "
				 "at %zu)", n->blocks_needed, target,
				 n->first_reached);
		break;
	case PLANNING_TOO_FEW_PAIRS:
		snprintf(buf, size, "too few pairs to say");
		break;
	case PLANNING_NO_SPREAD:
		snprintf(buf, size, "no spread to resample");
		break;
	case PLANNING_NOT_REACHABLE:
		if (n->first_reached)
			snprintf(buf, size, "not reachable with %zu blocks "
				 "(not monotone: %.2f at %zu)", max, target,
				 n->first_reached);
		else
			snprintf(buf, size, "not reachable with %zu blocks",
				 max);
		break;
	case PLANNING_UNDECIDABLE:
		snprintf(buf, size, "effect too near the threshold");
		break;
	case PLANNING_SHAPE_UNTESTED:
		snprintf(buf, size, "fewer than %d pairs: shape not "
			 "testable", PLANNING_GUARANTEE_MIN_PILOT);
		break;
	case PLANNING_NOT_NORMAL:
		snprintf(buf, size, "shape unlike normal (p = %.3f)",
			 n->shape_p);
		break;
	}
	return buf;
}

static const char *state_text(const study_plan *p, size_t state, char *buf,
			      size_t size)
{
	return pb_state_format(p->states[state], buf, size);
}

/* An estimate at the size found, or "-" when none was simulated. */
static char *value_text(const planning_need *n, double v)
{
	return n->reason == PLANNING_FOUND || n->reason == PLANNING_NOT_REACHABLE
	       ? g_strdup_printf("%.3f", v) : g_strdup("-");
}

/* The table's columns: the comparison, then per target the blocks
 * needed, the assurance and the conditional power at the first target's
 * size, the likely verdict, and the guaranteed size when asked. */
#define PLAN_COLS (4 + PLANNING_MAX_TARGETS + 4)

/* Appends the cells of ROWS (N rows of NCOLS cells) as columns padded to
 * their widest cell (counted in UTF-8 characters). */
static void put_columns(GString *out, char *const *cells, size_t n,
			size_t ncols)
{
	size_t width[PLAN_COLS] = { 0 };

	for (size_t i = 0; i < n * ncols; i++) {
		size_t w = (size_t)g_utf8_strlen(cells[i], -1);
		if (w > width[i % ncols])
			width[i % ncols] = w;
	}
	for (size_t r = 0; r < n; r++) {
		for (size_t c = 0; c < ncols; c++) {
			const char *t = cells[r * ncols + c];
			g_string_append(out, t);
			if (c + 1 < ncols)
				for (size_t k = (size_t)g_utf8_strlen(t, -1);
				     k < width[c] + 2; k++)
					g_string_append_c(out, ' ');
		}
		g_string_append_c(out, '\n');
	}
}

/* The heading cells of the table into CELLS. */
static void head_cells(const planning_result *r, char **cells)
{
	size_t nt = r->n_targets;

	cells[0] = g_strdup("state");
	cells[1] = g_strdup("series");
	cells[2] = g_strdup("pairs now");
	cells[3] = g_strdup("verdict now");
	for (size_t t = 0; t < nt; t++)
		cells[4 + t] = g_strdup_printf("blocks for %.2f",
					       r->targets[t]);
	cells[4 + nt] = g_strdup("assurance there");
	cells[5 + nt] = g_strdup("power if the estimate were true");
	cells[6 + nt] = g_strdup("likely verdict");
	if (r->guarantee)
		cells[7 + nt] = g_strdup_printf(
			"guaranteed blocks for %.2f", r->targets[0]);
}

static void row_cells(const study *s, const analysis *a,
		      const planning_result *r, const planning_row *row,
		      char **cell)
{
	const study_plan *p = &s->plan;
	const comparison *c = &a->cmp[row->comparison];
	const planning_need *first = &row->need[0];
	size_t nt = r->n_targets;
	char st[PB_STATE_BUFSIZE], buf[96];

	cell[0] = g_strdup(state_text(p, c->state, st, sizeof st));
	cell[1] = g_strdup(p->series[c->series].id);
	cell[2] = g_strdup_printf("%zu", c->n_pairs);
	cell[3] = g_strdup(verdict_code(c->verdict));
	for (size_t t = 0; t < nt; t++)
		cell[4 + t] = g_strdup(need_text(&row->need[t], r->targets[t],
						 r->max_blocks, buf,
						 sizeof buf));
	cell[4 + nt] = value_text(first, first->assurance);
	cell[5 + nt] = value_text(first, first->power);
	cell[6 + nt] = g_strdup(first->reason == PLANNING_FOUND
				? verdict_code(first->likely) : "-");
	if (r->guarantee)
		cell[7 + nt] = g_strdup(need_text(&row->guarantee,
						  r->targets[0],
						  r->max_blocks, buf,
						  sizeof buf));
}

/* The method, in words, after the table. */
static void put_method(const study_plan *p, const planning_result *r,
		       GString *out)
{
	g_string_append_printf(out, "assurance: the probability of a correct "
			       "decisive verdict, averaged over what the pilot "
			       "leaves unknown: each of %d simulated studies "
			       "per size is drawn from a world of its own "
			       "(the shape of a bootstrap sample of the "
			       "comparison's per-block differences, an effect "
			       "and a spread drawn from what they say of "
			       "them), and counts only when its verdict is "
			       "right in that world; the conditional power "
			       "holds the world at the differences (stretched "
			       "by sqrt(n/(n-1))); the blocks needed are the "
			       "smallest "
			       "size from which the assurance stays at or "
			       "above the target (sizes 5 to %zu, common "
			       "random numbers); the assurance, power and "
			       "likely verdict there are estimated afresh\n",
			       PLANNING_SIMULATIONS, r->max_blocks);
	if (p->interval == INTERVAL_T)
		g_string_append_printf(out, "method: judged with the plan's "
				       "interval (t, computed from each "
				       "simulated study alone, no inner "
				       "resamples) and verdict rules (no "
				       "claim below %d pairs)\n",
				       VERDICT_MIN_PAIRS);
	else
		g_string_append_printf(out, "method: judged with the plan's "
				       "interval (%s, %lu inner resamples) "
				       "and verdict rules (no claim below %d "
				       "pairs)\n",
				       interval_method_name(p->interval),
				       PLANNING_INNER_RESAMPLES,
				       VERDICT_MIN_PAIRS);
	if (r->guarantee)
		g_string_append_printf(out, "guaranteed: the blocks whose "
				       "power reaches %.2f in a world at the "
				       "one-sided %.3f limits of the effect "
				       "(toward the threshold) and of the "
				       "spread, so that it holds for at least "
				       "%.2f of pilots; given only for a pilot "
				       "of %d or more pairs whose shape test "
				       "(D'Agostino-Pearson) has p >= %.2f, "
				       "since those limits assume normal "
				       "differences\n", r->targets[0],
				       sqrt(r->targets[0]), r->targets[0],
				       PLANNING_GUARANTEE_MIN_PILOT,
				       PLANNING_SHAPE_LEVEL);
}

void plan_report_text(const study *s, const analysis *a,
		      const planning_result *r, GString *out)
{
	size_t ncols = 7 + r->n_targets + (r->guarantee ? 1 : 0);
	size_t n = r->n_rows + 1;
	char **cells = g_new0(char *, n * ncols);

	g_string_append_printf(out, "plan for %s: blocks per series for a "
			       "correct decisive verdict (harm, benefit or "
			       "equivalent) with the assurance given, at "
			       "most %zu blocks\n", s->name, r->max_blocks);
	head_cells(r, cells);
	for (size_t i = 0; i < r->n_rows; i++)
		row_cells(s, a, r, &r->rows[i], cells + (i + 1) * ncols);
	put_columns(out, cells, n, ncols);
	for (size_t i = 0; i < n * ncols; i++)
		g_free(cells[i]);
	g_free(cells);
	put_method(&s->plan, r, out);
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
