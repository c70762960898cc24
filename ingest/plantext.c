/* plantext.c: the analysis plan as text (see plantext.h). */
#include "ingest/plantext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/digest.h"
#include "common/keytext.h"
#include "common/numtext.h"
#include "ingest/rowfilter.h"

static const char *const key_names[PLAN_KEY_COUNT] = {
	[PLAN_KEY_STATISTIC] = "statistic",
	[PLAN_KEY_COLUMN] = "column",
	[PLAN_KEY_CAPTURE] = "capture",
	[PLAN_KEY_SCALE] = "scale",
	[PLAN_KEY_UNIT] = "unit",
	[PLAN_KEY_BETTER] = "better",
	[PLAN_KEY_REFERENCE] = "reference",
	[PLAN_KEY_THRESHOLD] = "threshold",
	[PLAN_KEY_CONFIDENCE] = "confidence",
	[PLAN_KEY_RESAMPLES] = "resamples",
	[PLAN_KEY_SEED] = "seed",
	[PLAN_KEY_INTERVAL] = "interval",
	[PLAN_KEY_STATE_TYPE] = "state_type",
	[PLAN_KEY_STATES] = "states",
	[PLAN_KEY_LOOKS] = "looks",
	[PLAN_KEY_BOUNDARY] = "boundary",
	[PLAN_KEY_FILTER] = "filter",
	[PLAN_KEY_MISSING] = "missing",
	[PLAN_KEY_MISSING_LIMIT] = "missing_limit",
	[PLAN_KEY_SERIES] = "series",
};

const char *plantext_key_name(plantext_key key)
{
	return (size_t)key < PLAN_KEY_COUNT ? key_names[key] : "unknown";
}

bool plantext_key_find(const char *name, plantext_key *key)
{
	for (int k = 0; k < PLAN_KEY_COUNT; k++) {
		if (strcmp(name, key_names[k]) == 0) {
			*key = (plantext_key)k;
			return true;
		}
	}
	return false;
}

static void put_number(GString *out, double x)
{
	char buf[32];

	numtext_shortest(x, buf);
	g_string_append(out, buf);
}

/* X with DECIMALS decimals, as the study wrote it ("?" for a value that
 * cannot be written, which the plan's checks do not let through). */
static void put_fixed(GString *out, double x, int decimals)
{
	char buf[NUMTEXT_BUFSIZE];

	if (numtext_fixed(x, decimals, false, buf, sizeof buf) != PB_OK)
		snprintf(buf, sizeof buf, "?");
	g_string_append(out, buf);
}

/* Text as study.ini holds it, or as it is. */
static void put_text(GString *out, const char *v, plantext_form form)
{
	if (form == PLANTEXT_INI)
		keytext_escape(out, v, strlen(v));
	else
		g_string_append(out, v);
}

static void put_statistic(GString *out, const stat_spec *s,
			  plantext_form form)
{
	if (form == PLANTEXT_INI) {
		g_string_append(out, s->name);
		return;
	}
	switch (s->kind) {
	case STAT_QUANTILE:
		g_string_append(out, "quantile ");
		put_number(out, s->prob);
		return;
	case STAT_MEAN:
		g_string_append(out, "mean");
		return;
	case STAT_MEDIAN:
		g_string_append(out, "median");
		return;
	case STAT_MAX:
		g_string_append(out, "max");
		return;
	}
	g_string_append(out, "unknown");
}

/* A state in decimal or "missing" (named states as written), or as
 * `states` spells it, escaped. */
static void put_state(GString *out, pb_state st, plantext_form form)
{
	char buf[PB_STATE_BUFSIZE];

	if (form == PLANTEXT_CANONICAL)
		g_string_append(out, pb_state_canonical(st, buf, sizeof buf));
	else
		put_text(out, pb_state_format(st, buf, sizeof buf), form);
}

static void put_states(GString *out, const study_plan *p, plantext_form form)
{
	for (size_t i = 0; i < p->n_states; i++) {
		if (i)
			g_string_append_c(out, ';');
		put_state(out, p->states[i], form);
	}
}

static void put_series(GString *out, const study_plan *p)
{
	for (size_t i = 0; i < p->n_series; i++)
		g_string_append_printf(out, "%s%s %s", i ? ";" : "",
				       p->series[i].id,
				       series_kind_name(p->series[i].kind));
}

void plantext_value(GString *out, const study_plan *p, plantext_key key,
		    plantext_form form)
{
	switch (key) {
	case PLAN_KEY_STATISTIC: put_statistic(out, &p->statistic, form); break;
	case PLAN_KEY_COLUMN: put_text(out, p->column, form); break;
	case PLAN_KEY_CAPTURE:
		g_string_append(out, p->capture == CAPTURE_CAPFRAMEX
				     ? "capframex" : "csv");
		break;
	case PLAN_KEY_SCALE: put_number(out, p->scale); break;
	case PLAN_KEY_UNIT: put_text(out, p->unit, form); break;
	case PLAN_KEY_BETTER:
		g_string_append(out, p->better == BETTER_LOWER ? "lower"
							       : "higher");
		break;
	case PLAN_KEY_REFERENCE: put_state(out, p->reference, form); break;
	case PLAN_KEY_THRESHOLD:
		/* study.ini keeps the decimals the pages round to. */
		if (form == PLANTEXT_INI)
			put_fixed(out, p->threshold, p->threshold_decimals);
		else
			put_number(out, p->threshold);
		break;
	case PLAN_KEY_CONFIDENCE: put_number(out, p->confidence); break;
	case PLAN_KEY_RESAMPLES:
		if (p->resamples_exact)
			g_string_append(out, "exact");
		else
			g_string_append_printf(out, "%lu", p->resamples);
		break;
	case PLAN_KEY_SEED:
		g_string_append_printf(out, "%lu", (unsigned long)p->seed);
		break;
	case PLAN_KEY_INTERVAL:
		g_string_append(out, interval_method_name(p->interval));
		break;
	case PLAN_KEY_STATE_TYPE:
		g_string_append(out, pb_state_type_name(p->state_type));
		break;
	case PLAN_KEY_STATES: put_states(out, p, form); break;
	case PLAN_KEY_LOOKS:
		for (size_t i = 0; i < p->n_looks; i++)
			g_string_append_printf(out, "%s%lu", i ? ";" : "",
					       p->looks[i]);
		break;
	case PLAN_KEY_BOUNDARY:
		g_string_append(out, look_boundary_name(p->boundary));
		break;
	case PLAN_KEY_FILTER:
		/* Escaped in both forms: unescaped, a value holding ` AND `
		 * would read as two conditions, and digest as them. */
		rowfilter_text(out, p->filter, p->n_filter, true);
		break;
	case PLAN_KEY_MISSING:
		rowfilter_tokens_text(out, p->missing, p->n_missing,
				      form == PLANTEXT_INI);
		break;
	case PLAN_KEY_MISSING_LIMIT:
		rowfilter_limit_text(out, p->missing_limit);
		break;
	case PLAN_KEY_SERIES: put_series(out, p); break;
	case PLAN_KEY_COUNT: g_string_append_c(out, '?'); break;
	}
}

void plantext_ini_line(GString *out, const char *name, const char *value)
{
	g_string_append_printf(out, "%s = ", name);
	keytext_escape(out, value, strlen(value));
	g_string_append_c(out, '\n');
}

pb_status plantext_canonical(const study_plan *p, char **text)
{
	GString *out = g_string_new("pairboot-plan=1\n");

	for (int k = 0; k < PLAN_KEY_COUNT; k++) {
		/* Named states are a format 2 plan; a number plan's text
		 * stays what format 1 digested, so its registered digest
		 * still holds. */
		if (k == PLAN_KEY_STATE_TYPE && p->state_type != PB_STATE_NAME)
			continue;
		/* A plan that reads CSVs, as every plan did before
		 * `capture`, keeps its text and digest. */
		if (k == PLAN_KEY_CAPTURE && p->capture == CAPTURE_CSV)
			continue;
		/* Likewise a plan without looks keeps the text it had. */
		if ((k == PLAN_KEY_LOOKS || k == PLAN_KEY_BOUNDARY)
		    && p->n_looks == 0)
			continue;
		/* And a plan that takes every row of its files. */
		if (k == PLAN_KEY_FILTER && p->n_filter == 0)
			continue;
		if ((k == PLAN_KEY_MISSING || k == PLAN_KEY_MISSING_LIMIT)
		    && p->n_missing == 0)
			continue;
		g_string_append_printf(out, "%s=", key_names[k]);
		plantext_value(out, p, (plantext_key)k, PLANTEXT_CANONICAL);
		g_string_append_c(out, '\n');
	}
	*text = strdup(out->str);
	g_string_free(out, TRUE);
	return *text ? PB_OK : PB_NOMEM;
}

pb_status plantext_digest(const study_plan *p, char hex[65])
{
	char *text;
	pb_status st = plantext_canonical(p, &text);

	if (st != PB_OK)
		return st;
	digest_buffer(text, strlen(text), hex);
	free(text);
	return PB_OK;
}
