/* skeleton.c: study.ini and schedule.csv of a planned study. */
#include "render/skeleton.h"

#include <stdio.h>
#include <string.h>

#include "common/csvtext.h"
#include "common/keytext.h"
#include "common/numtext.h"
#include "ingest/plandigest.h"

static void put_text(GString *out, const char *key, const char *v)
{
	g_string_append_printf(out, "%s = ", key);
	keytext_escape(out, v, strlen(v));
	g_string_append_c(out, '\n');
}

static void put_number(GString *out, const char *key, double x)
{
	char buf[32];

	numtext_shortest(x, buf);
	g_string_append_printf(out, "%s = %s\n", key, buf);
}

/* X with DECIMALS decimals, as the study wrote it ("?" for a value that
 * cannot be written, which the plan's checks do not let through). */
static void put_fixed(GString *out, const char *key, double x, int decimals)
{
	char buf[NUMTEXT_BUFSIZE];

	if (numtext_fixed(x, decimals, false, buf, sizeof buf) != PB_OK)
		snprintf(buf, sizeof buf, "?");
	g_string_append_printf(out, "%s = %s\n", key, buf);
}

/* Each state escaped as a text value, so that the reader, which splits
 * on ';' before it unescapes, gets every name back as it is. */
static void put_states(GString *out, const study_plan *p)
{
	char buf[PB_STATE_BUFSIZE];

	g_string_append(out, "states = ");
	for (size_t i = 0; i < p->n_states; i++) {
		const char *s = pb_state_format(p->states[i], buf, sizeof buf);
		if (i)
			g_string_append_c(out, ';');
		keytext_escape(out, s, strlen(s));
	}
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

void skeleton_study_ini(const study_plan *p, const char *interval_why,
			GString *out)
{
	char buf[PB_STATE_BUFSIZE];

	g_string_append(out, "# The analysis plan of this study, fixed before "
			"its first boot.\n# `registered` is the plan's digest: "
			"publish it now; a later change\n# of any key that "
			"decides the numbers makes pairboot refuse the study.\n");
	g_string_append_printf(out, "[study]\nformat = %d\n", p->format);
	/* Written only when it is not the default, as `plan new` was
	 * given it (format 2). */
	if (p->state_type == PB_STATE_NAME)
		g_string_append(out, "state_type = name\n");
	put_text(out, "title", p->title);
	put_text(out, "build", p->build);
	if (p->platform)
		put_text(out, "platform", p->platform);
	put_text(out, "column", p->column);
	put_number(out, "scale", p->scale);
	put_text(out, "unit", p->unit);
	g_string_append_printf(out, "better = %s\n",
			       p->better == BETTER_LOWER ? "lower" : "higher");
	g_string_append_printf(out, "statistic = %s\n", p->statistic.name);
	put_text(out, "reference", pb_state_format(p->reference, buf,
						   sizeof buf));
	put_fixed(out, "threshold", p->threshold, p->threshold_decimals);
	put_number(out, "confidence", p->confidence);
	if (p->resamples_exact)
		g_string_append(out, "resamples = exact\n");
	else
		g_string_append_printf(out, "resamples = %lu\n", p->resamples);
	g_string_append_printf(out, "seed = %lu\n", (unsigned long)p->seed);
	if (interval_why)
		put_comment(out, "interval: ", interval_why);
	g_string_append_printf(out, "interval = %s\n",
			       interval_method_name(p->interval));
	put_states(out, p);
	g_string_append_printf(out, "registered = %s\n", p->digest);
	for (size_t k = 0; k < p->n_series; k++) {
		g_string_append_printf(out, "\n[series %s]\nkind = %s\n",
				       p->series[k].id,
				       series_kind_name(p->series[k].kind));
		put_text(out, "label", p->series[k].label);
	}
}

/* Decimal digits of N. */
static int digits(unsigned long n)
{
	int d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

char *skeleton_run_id(const study_plan *p, size_t series,
		      const design_boot *b, unsigned long blocks, char *buf,
		      size_t size)
{
	char state[PB_STATE_BUFSIZE];

	const char *spelled = state;

	/* A name may hold any character a file name should not (blanks,
	 * '/', ','): a named state is the state's place in `states`. */
	if (p->state_type == PB_STATE_NAME)
		snprintf(state, sizeof state, "state%zu", b->state + 1);
	else
		spelled = pb_state_format(p->states[b->state], state,
					  sizeof state);
	snprintf(buf, size, "s%s-b%0*lu-%s", p->series[series].id,
		 digits(blocks), b->block, spelled);
	return buf;
}

void skeleton_schedule_csv(const study_plan *p, design_boot *const *boots,
			   unsigned long blocks, GString *out)
{
	char state[PB_STATE_BUFSIZE], run[128];
	size_t latency = 0;

	g_string_append(out, "run,series,block,position,state,latency\n");
	for (size_t k = 0; k < p->n_series; k++) {
		if (p->series[k].kind != SERIES_LATENCY)
			continue;
		const design_boot *b = boots[latency++];
		for (size_t i = 0; i < blocks * p->n_states; i++) {
			skeleton_run_id(p, k, &b[i], blocks, run, sizeof run);
			g_string_append_printf(out, "%s,%s,%lu,%zu,", run,
					       p->series[k].id, b[i].block,
					       b[i].position);
			/* A named state may hold ',' or '"'. */
			csvtext_append(out, pb_state_format(p->states[b[i].state],
							    state,
							    sizeof state));
			g_string_append_printf(out, ",latency/%s.csv\n", run);
		}
	}
}
