/* plan_report.c: the plan table and plan.json (see plan_report.h). */
#include "render/plan_report.h"

#include <stdio.h>
#include <string.h>

#include "render/jsonput.h"
#include "render/jsonw.h"

/* "23", or why no size was found, for the table. */
static const char *need_text(const planning_need *n, size_t max, char *buf,
			     size_t size)
{
	switch (n->reason) {
	case PLANNING_FOUND:
		snprintf(buf, size, "%zu", n->blocks_needed);
		break;
	case PLANNING_TOO_FEW_PAIRS:
		snprintf(buf, size, "too few pairs to say");
		break;
	case PLANNING_NO_SPREAD:
		snprintf(buf, size, "no spread to resample");
		break;
	case PLANNING_NOT_REACHABLE:
		snprintf(buf, size, "not reachable with %zu blocks", max);
		break;
	}
	return buf;
}

static const char *state_text(const study_plan *p, size_t state, char *buf,
			      size_t size)
{
	return pb_state_format(p->states[state], buf, size);
}

/* The table's columns: the comparison, then per target the blocks
 * needed, and once the likely verdict and the blocks needed if the spread
 * were at the upper end of its interval (for the first target). */
#define PLAN_COLS (4 + PLANNING_MAX_TARGETS + 2)

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

void plan_report_text(const study *s, const analysis *a,
		      const planning_result *r, GString *out)
{
	const study_plan *p = &s->plan;
	size_t ncols = 4 + r->n_targets + 2, n = r->n_rows + 1;
	char **cells = g_new0(char *, n * ncols), buf[64];
	char st[PB_STATE_BUFSIZE];

	g_string_append_printf(out, "plan for %s: blocks per series for a "
			       "decisive verdict (harm, benefit or "
			       "equivalent) with the probability given, at "
			       "most %zu blocks\n", s->name, r->max_blocks);
	cells[0] = g_strdup("state");
	cells[1] = g_strdup("series");
	cells[2] = g_strdup("pairs now");
	cells[3] = g_strdup("verdict now");
	for (size_t t = 0; t < r->n_targets; t++)
		cells[4 + t] = g_strdup_printf("blocks for %.2f",
					       r->targets[t]);
	cells[4 + r->n_targets] = g_strdup("likely verdict");
	cells[5 + r->n_targets] = g_strdup_printf(
		"blocks for %.2f, spread at its upper %g%% limit",
		r->targets[0], 100 * p->confidence);
	for (size_t i = 0; i < r->n_rows; i++) {
		const planning_row *row = &r->rows[i];
		const comparison *c = &a->cmp[row->comparison];
		char **cell = cells + (i + 1) * ncols;

		cell[0] = g_strdup(state_text(p, c->state, st, sizeof st));
		cell[1] = g_strdup(p->series[c->series].id);
		cell[2] = g_strdup_printf("%zu", c->n_pairs);
		cell[3] = g_strdup(verdict_code(c->verdict));
		for (size_t t = 0; t < r->n_targets; t++)
			cell[4 + t] = g_strdup(need_text(&row->need[t],
							 r->max_blocks, buf,
							 sizeof buf));
		cell[4 + r->n_targets] = g_strdup(
			row->need[0].reason == PLANNING_FOUND
			? verdict_code(row->need[0].likely) : "-");
		cell[5 + r->n_targets] = g_strdup(need_text(&row->upper[0],
							    r->max_blocks, buf,
							    sizeof buf));
	}
	put_columns(out, cells, n, ncols);
	for (size_t i = 0; i < n * ncols; i++)
		g_free(cells[i]);
	g_free(cells);
	g_string_append_printf(out, "method: each comparison's future studies "
			       "are simulated by resampling its per-block "
			       "differences, %d per size, and judged with the "
			       "plan's interval (%s, %lu inner resamples) and "
			       "verdict rules (no claim below %d pairs)\n",
			       PLANNING_SIMULATIONS,
			       interval_method_name(p->interval),
			       PLANNING_INNER_RESAMPLES, VERDICT_MIN_PAIRS);
}

static json_t *need_json(const planning_need *n, bool *ok)
{
	json_t *o = json_object();

	jsonput_set(o, "blocks_needed", n->reason == PLANNING_FOUND
		    ? jsonput_count(n->blocks_needed) : json_null(), ok);
	jsonput_set(o, "reason", json_string(planning_reason_code(n->reason)),
		    ok);
	jsonput_set(o, "assurance_estimate", jsonput_num(n->assurance), ok);
	jsonput_set(o, "likely_verdict", n->reason == PLANNING_FOUND
		    ? json_string(verdict_code(n->likely)) : json_null(), ok);
	return o;
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
	jsonput_set(o, "spread_upper_factor", jsonput_num(row->spread_upper),
		    ok);
	for (size_t t = 0; t < r->n_targets; t++) {
		json_t *tj = json_object();
		jsonput_set(tj, "assurance", json_real(r->targets[t]), ok);
		jsonput_set(tj, "observed_spread", need_json(&row->need[t], ok),
			    ok);
		jsonput_set(tj, "upper_spread", need_json(&row->upper[t], ok),
			    ok);
		jsonput_push(targets, tj, ok);
	}
	jsonput_set(o, "targets", targets, ok);
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
	jsonput_set(doc, "schema_version", json_integer(1), &ok);
	jsonput_set(doc, "study", json_string(s->name), &ok);
	jsonput_set(doc, "study_digest", json_string(s->digest), &ok);
	jsonput_set(doc, "plan_digest", json_string(p->digest), &ok);
	jsonput_set(how, "model", json_string("resampled per-block differences"),
		    &ok);
	jsonput_set(how, "simulations_per_size",
		    jsonput_count(PLANNING_SIMULATIONS), &ok);
	jsonput_set(how, "inner_resamples",
		    jsonput_count(PLANNING_INNER_RESAMPLES), &ok);
	jsonput_set(how, "interval", json_string(interval_method_name(
					     p->interval)), &ok);
	jsonput_set(how, "confidence", json_real(p->confidence), &ok);
	jsonput_set(how, "threshold", json_real(p->threshold), &ok);
	jsonput_set(how, "max_blocks", jsonput_count(r->max_blocks), &ok);
	jsonput_set(how, "min_pilot_pairs", jsonput_count(PLANNING_MIN_PILOT),
		    &ok);
	jsonput_set(doc, "method", how, &ok);
	for (size_t i = 0; i < r->n_rows; i++)
		jsonput_push(rows, row_json(s, a, r, &r->rows[i], &ok), &ok);
	jsonput_set(doc, "comparisons", rows, &ok);
	st = ok ? jsonw_write(doc, out) : PB_NOMEM;
	json_decref(doc);
	return st;
}
