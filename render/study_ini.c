/* study_ini.c: the study.ini of a planned study (see study_ini.h). */
#include "render/study_ini.h"

#include <stdio.h>
#include <string.h>

#include "ingest/plantext.h"

/* The study.ini line of key K of P. */
static void put_key(GString *out, const study_plan *p, plantext_key k)
{
	g_string_append_printf(out, "%s = ", plantext_key_name(k));
	plantext_value(out, p, k, PLANTEXT_INI);
	g_string_append_c(out, '\n');
}

/* Appends LEAD and TEXT as comment lines of at most 72 bytes, broken at
 * blanks (a word longer than a line stands alone on its line). */
static void put_comment(GString *out, const char *lead, const char *text)
{
	GString *line = g_string_new(lead);
	const char *p = text;

	while (*p) {
		const char *end = strchr(p, ' ');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (line->len > 0 && line->len + 1 + len > 70) {
			g_string_append_printf(out, "# %s\n", line->str);
			g_string_truncate(line, 0);
		}
		if (line->len > 0 && line->str[line->len - 1] != ' ')
			g_string_append_c(line, ' ');
		g_string_append_len(line, p, (gssize)len);
		p += len;
		while (*p == ' ')
			p++;
	}
	if (line->len)
		g_string_append_printf(out, "# %s\n", line->str);
	g_string_free(line, TRUE);
}

void study_ini_write(const study_plan *p, const char *interval_why,
		     GString *out)
{
	g_string_append(out, "# The analysis plan of this study, fixed before "
			"its first boot.\n# `registered` is the plan's digest: "
			"publish it now; a later change\n# of any key that "
			"decides the numbers makes pairboot refuse the study.\n");
	g_string_append_printf(out, "[study]\nformat = %d\n", p->format);
	/* Written only when it is not the default, as `plan new` was
	 * given it (format 2). */
	if (p->state_type == PB_STATE_NAME)
		put_key(out, p, PLAN_KEY_STATE_TYPE);
	plantext_ini_line(out, "title", p->title);
	plantext_ini_line(out, "build", p->build);
	if (p->platform)
		plantext_ini_line(out, "platform", p->platform);
	if (p->metric)
		plantext_ini_line(out, "metric", p->metric);
	for (plantext_key k = PLAN_KEY_COLUMN; k <= PLAN_KEY_BETTER; k++)
		if (k != PLAN_KEY_CAPTURE || p->capture != CAPTURE_CSV)
			put_key(out, p, k);
	put_key(out, p, PLAN_KEY_STATISTIC);
	for (plantext_key k = PLAN_KEY_REFERENCE; k <= PLAN_KEY_SEED; k++)
		put_key(out, p, k);
	if (interval_why)
		put_comment(out, "interval: ", interval_why);
	put_key(out, p, PLAN_KEY_INTERVAL);
	put_key(out, p, PLAN_KEY_STATES);
	if (p->n_looks > 0) {
		put_comment(out, "", "looks: the blocks per series at which "
			    "the data may be judged, the last the most to "
			    "record; each look's interval is at the level "
			    "the boundary gives it, so that all looks "
			    "together err at most 1 - confidence.");
		put_key(out, p, PLAN_KEY_LOOKS);
		put_key(out, p, PLAN_KEY_BOUNDARY);
	}
	if (p->n_filter > 0)
		put_key(out, p, PLAN_KEY_FILTER);
	if (p->n_missing > 0) {
		put_key(out, p, PLAN_KEY_MISSING);
		put_key(out, p, PLAN_KEY_MISSING_LIMIT);
	}
	g_string_append_printf(out, "registered = %s\n", p->digest);
	for (size_t k = 0; k < p->n_series; k++) {
		g_string_append_printf(out, "\n[series %s]\nkind = %s\n",
				       p->series[k].id,
				       series_kind_name(p->series[k].kind));
		plantext_ini_line(out, "label", p->series[k].label);
	}
}
