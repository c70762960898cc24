/* plandigest.c: the canonical analysis plan and its digest. */
#include "ingest/plandigest.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/digest.h"
#include "common/numtext.h"

static void put_number(GString *out, const char *key, double x)
{
	char buf[32];

	numtext_shortest(x, buf);
	g_string_append_printf(out, "%s=%s\n", key, buf);
}

static void put_statistic(GString *out, const stat_spec *s)
{
	char buf[32];

	switch (s->kind) {
	case STAT_QUANTILE:
		numtext_shortest(s->prob, buf);
		g_string_append_printf(out, "statistic=quantile %s\n", buf);
		return;
	case STAT_MEAN:
		g_string_append(out, "statistic=mean\n");
		return;
	case STAT_MEDIAN:
		g_string_append(out, "statistic=median\n");
		return;
	case STAT_MAX:
		g_string_append(out, "statistic=max\n");
		return;
	}
	g_string_append(out, "statistic=unknown\n");
}

void plan_append_states(GString *out, const study_plan *p, bool canonical)
{
	char buf[PB_STATE_BUFSIZE];

	for (size_t i = 0; i < p->n_states; i++)
		g_string_append_printf(out, "%s%s", i ? ";" : "",
				       canonical
				       ? pb_state_canonical(p->states[i], buf,
							    sizeof buf)
				       : pb_state_format(p->states[i], buf,
							 sizeof buf));
}

static void put_states(GString *out, const study_plan *p)
{
	/* Named states are a format 2 plan; a number plan's text stays what
	 * format 1 digested, so its registered digest still holds. */
	if (p->state_type == PB_STATE_NAME)
		g_string_append(out, "state_type=name\n");
	g_string_append(out, "states=");
	plan_append_states(out, p, true);
	g_string_append_c(out, '\n');
}

static void put_series(GString *out, const study_plan *p)
{
	g_string_append(out, "series=");
	for (size_t i = 0; i < p->n_series; i++)
		g_string_append_printf(out, "%s%s %s", i ? ";" : "",
				       p->series[i].id,
				       series_kind_name(p->series[i].kind));
	g_string_append_c(out, '\n');
}

pb_status plan_canonical(const study_plan *p, char **text)
{
	char buf[PB_STATE_BUFSIZE];
	GString *out = g_string_new("pairboot-plan=1\n");

	put_statistic(out, &p->statistic);
	g_string_append_printf(out, "column=%s\n", p->column);
	put_number(out, "scale", p->scale);
	g_string_append_printf(out, "unit=%s\n", p->unit);
	g_string_append_printf(out, "better=%s\n",
			       p->better == BETTER_LOWER ? "lower" : "higher");
	g_string_append_printf(out, "reference=%s\n",
			       pb_state_canonical(p->reference, buf,
						  sizeof buf));
	put_number(out, "threshold", p->threshold);
	put_number(out, "confidence", p->confidence);
	if (p->resamples_exact)
		g_string_append(out, "resamples=exact\n");
	else
		g_string_append_printf(out, "resamples=%lu\n", p->resamples);
	g_string_append_printf(out, "seed=%lu\n", (unsigned long)p->seed);
	g_string_append_printf(out, "interval=%s\n",
			       interval_method_name(p->interval));
	put_states(out, p);
	put_series(out, p);
	*text = strdup(out->str);
	g_string_free(out, TRUE);
	return *text ? PB_OK : PB_NOMEM;
}

pb_status plan_digest(const study_plan *p, char hex[65])
{
	char *text;
	pb_status st = plan_canonical(p, &text);

	if (st != PB_OK)
		return st;
	digest_buffer(text, strlen(text), hex);
	free(text);
	return PB_OK;
}
