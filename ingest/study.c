/* study.c: the study's data and what every stage asks of it: the names of
 * its kinds and methods, the lookups of states and series, its text in a
 * language, and the release of a plan.  study.ini is read by
 * ingest/study_ini.c, a results.json by ingest/results_json.c; both fill
 * the same study_plan. */
#include "ingest/study.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/strutil.h"
#include "ingest/suggest.h"

static bool ascii_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* The place of TEXT among the N NAMES, or N. */
static size_t name_index(const char *const *names, size_t n,
			 const char *text)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(text, names[i]) == 0)
			return i;
	return n;
}

static const char *const interval_names[INTERVAL_METHOD_COUNT] = {
	[INTERVAL_PERCENTILE] = "percentile",
	[INTERVAL_BCA] = "bca",
	[INTERVAL_T] = "t",
	[INTERVAL_EXPANDED] = "expanded",
	[INTERVAL_STUDENTIZED] = "studentized",
};

static const char *const kind_names[] = {
	[SERIES_LATENCY] = "latency",
	[SERIES_MECHANISM] = "mechanism",
	[SERIES_BOUNDARY] = "boundary",
	[SERIES_CONTROL] = "control",
};

#define N_KINDS (sizeof kind_names / sizeof kind_names[0])

const char *series_kind_name(series_kind kind)
{
	if ((size_t)kind < N_KINDS)
		return kind_names[kind];
	return "unknown";
}

bool series_kind_parse(const char *text, series_kind *out)
{
	size_t i = name_index(kind_names, N_KINDS, text);

	if (i == N_KINDS)
		return false;
	*out = (series_kind)i;
	return true;
}

const char *interval_method_name(interval_method m)
{
	if ((size_t)m < INTERVAL_METHOD_COUNT)
		return interval_names[m];
	return "unknown";
}

bool interval_method_parse(const char *text, interval_method *out)
{
	size_t i = name_index(interval_names, INTERVAL_METHOD_COUNT, text);

	if (i == INTERVAL_METHOD_COUNT)
		return false;
	*out = (interval_method)i;
	return true;
}

static const char *const boundary_names[LOOK_BOUNDARY_COUNT] = {
	[BOUNDARY_OBRIEN_FLEMING] = "obrien-fleming",
	[BOUNDARY_POCOCK] = "pocock",
	[BOUNDARY_BONFERRONI] = "bonferroni",
};

const char *look_boundary_name(look_boundary b)
{
	if ((size_t)b < LOOK_BOUNDARY_COUNT)
		return boundary_names[b];
	return "unknown";
}

bool look_boundary_parse(const char *text, look_boundary *out)
{
	size_t i = name_index(boundary_names, LOOK_BOUNDARY_COUNT, text);

	if (i == LOOK_BOUNDARY_COUNT)
		return false;
	*out = (look_boundary)i;
	return true;
}

/* Format 1 knew one rule, SystemResponsiveness' documented one, and
 * applied it to every boundary series; format 1 studies still read so. */
void study_plan_format1_rules(study_plan *p)
{
	static const value_rule builtin = {
		.declared = true, .has_disables = true, .disables = 100,
		.has_valid = true, .valid_lo = 10, .valid_hi = 100,
		.outside = 20, .multiple = 10,
	};

	if (p->format != 1)
		return;
	for (size_t i = 0; i < p->n_series; i++)
		if (p->series[i].kind == SERIES_BOUNDARY)
			p->series[i].rule = builtin;
}

const char *const plan_text_langs[PLAN_TEXT_LANGS] = { "de", "cs", "ko" };

static void l10n_free(plan_l10n *t)
{
	for (int l = 0; l < PLAN_TEXT_LANGS; l++)
		free(t->in[l]);
	memset(t, 0, sizeof *t);
}

void study_plan_free(study_plan *p)
{
	if (!p)
		return;
	free(p->title);
	free(p->build);
	free(p->platform);
	l10n_free(&p->title_l10n);
	l10n_free(&p->platform_l10n);
	free(p->metric);
	l10n_free(&p->metric_l10n);
	free(p->service);
	free(p->column);
	free(p->unit);
	free(p->states);
	for (size_t i = 0; p->state_text && i < p->n_states; i++)
		free(p->state_text[i]);
	free(p->state_text);
	for (size_t i = 0; i < p->n_series; i++) {
		free(p->series[i].id);
		free(p->series[i].label);
		free(p->series[i].note);
		l10n_free(&p->series[i].label_l10n);
		l10n_free(&p->series[i].note_l10n);
	}
	free(p->series);
	for (size_t i = 0; i < p->n_filter; i++) {
		free(p->filter[i].column);
		free(p->filter[i].value);
	}
	free(p->filter);
	for (size_t i = 0; i < p->n_missing; i++)
		free(p->missing[i]);
	free(p->missing);
	for (size_t i = 0; i < p->n_texts; i++)
		free(p->texts[i].text);
	free(p->texts);
	free(p->texts_file);
	memset(p, 0, sizeof *p);
}

bool study_plan_key_position(const study_plan *p, const char *key,
			     size_t *line, size_t *col)
{
	for (size_t i = 0; i < PLAN_STUDY_KEYS && p->key_at[i].key; i++) {
		if (strcmp(p->key_at[i].key, key) == 0) {
			*line = p->key_at[i].line;
			*col = p->key_at[i].col;
			return true;
		}
	}
	*line = *col = 0;
	return false;
}

bool stat_spec_parse(const char *text, stat_spec *out)
{
	stat_spec s;
	unsigned tenths = 0;
	const char *p = text;
	size_t n = strlen(text);

	memset(&s, 0, sizeof s);
	if (n >= sizeof s.name)
		return false;
	memcpy(s.name, text, n + 1);
	if (strcmp(text, "mean") == 0) {
		s.kind = STAT_MEAN;
	} else if (strcmp(text, "median") == 0) {
		s.kind = STAT_MEDIAN;
		s.prob = 0.5;
	} else if (strcmp(text, "max") == 0) {
		s.kind = STAT_MAX;
		s.prob = 1.0;
	} else if (*p++ == 'p') {
		size_t digits = 0;
		unsigned whole = 0;
		/* One to three digits, no leading zero but for p0. */
		if (p[0] == '0' && ascii_digit(p[1]))
			return false;
		for (; ascii_digit(*p) && digits < 4; p++, digits++)
			whole = whole * 10 + (unsigned)(*p - '0');
		if (digits == 0 || digits > 3)
			return false;
		tenths = whole * 10;
		if (*p == '.') {
			p++;
			if (!ascii_digit(p[0]) || p[1] != '\0')
				return false;
			tenths += (unsigned)(p[0] - '0');
			p++;
		}
		if (*p != '\0' || tenths > 1000)
			return false;
		s.kind = STAT_QUANTILE;
		/* In thousandths, so p99.9 is 999/1000 rather than 99.9/100,
		 * which is not the same double. */
		s.prob = tenths / 1000.0;
	} else {
		return false;
	}
	*out = s;
	return true;
}

const char *plan_text_for(const char *plain, const plan_l10n *localized,
			  const char *lang)
{
	for (int l = 0; lang && l < PLAN_TEXT_LANGS; l++)
		if (strcmp(lang, plan_text_langs[l]) == 0 && localized->in[l])
			return localized->in[l];
	return plain;
}

size_t study_series_index(const study_plan *plan, const char *id)
{
	for (size_t i = 0; i < plan->n_series; i++)
		if (strcmp(plan->series[i].id, id) == 0)
			return i;
	return (size_t)-1;
}

size_t study_state_index(const study_plan *plan, pb_state state)
{
	for (size_t i = 0; i < plan->n_states; i++)
		if (pb_state_equal(plan->states[i], state))
			return i;
	return STUDY_NO_STATE;
}

state_lookup study_state_lookup(const study_plan *plan, const char *text,
				size_t len, pb_state *out, size_t *at)
{
	size_t where = 0;
	pb_state st;

	if (plan->state_type == PB_STATE_NUMBER) {
		if (!pb_state_parse(text, len, &st))
			return STATE_BAD_NUMBER;
		for (size_t i = 0; i < plan->n_states; i++) {
			if (pb_state_equal(plan->states[i], st)) {
				*out = plan->states[i];
				return STATE_LISTED;
			}
		}
		*out = st;
		return STATE_UNLISTED;
	}
	if (pb_state_name_check(text, len, &where) != PB_NAME_OK) {
		if (at)
			*at = where;
		return STATE_BAD_NAME;
	}
	for (size_t i = 0; i < plan->n_states; i++) {
		const char *name = plan->states[i].text;
		if (strlen(name) == len && memcmp(name, text, len) == 0) {
			*out = plan->states[i];
			return STATE_LISTED;
		}
	}
	return STATE_UNKNOWN;
}

const char *study_state_suggest(const study_plan *plan, const char *text,
				size_t len)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX;

	for (size_t i = 0; plan->state_text && i < plan->n_states; i++) {
		const char *name = plan->state_text[i];
		size_t n = strlen(name);
		size_t d = suggest_distance(text, len, name, n);
		/* The same words in other case are one slip, however long. */
		if (n == len && g_ascii_strncasecmp(name, text, n) == 0)
			d = 1;
		else if (d > 3 || 3 * d > n)
			continue;
		if (d < best_d) {
			best = name;
			best_d = d;
		}
	}
	return best;
}

pb_status study_plan_set_state_text(study_plan *plan,
				    const char *const *text)
{
	char **copy = calloc(plan->n_states ? plan->n_states : 1,
			     sizeof *copy);

	if (!copy)
		return PB_NOMEM;
	for (size_t i = 0; i < plan->n_states; i++) {
		copy[i] = strutil_dup(text[i]);
		if (!copy[i]) {
			for (size_t j = 0; j < i; j++)
				free(copy[j]);
			free(copy);
			return PB_NOMEM;
		}
	}
	for (size_t i = 0; plan->state_text && i < plan->n_states; i++)
		free(plan->state_text[i]);
	free(plan->state_text);
	plan->state_text = copy;
	for (size_t i = 0; i < plan->n_states; i++)
		plan->states[i].text = copy[i];
	return PB_OK;
}
