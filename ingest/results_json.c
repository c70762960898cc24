/* results_json.c: rebuilds a study from a results.json (see the header for
 * what is rebuilt and what is made up). */
#include "ingest/results_json.h"

#include "common/fileread.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ingest/study.h"
#include "ingest/plantext.h"
#include "ingest/study_read.h"
#include "common/strutil.h"

typedef results_json_src rd;

/* ---------------------------------------------------------------------
 * Opening a results.json, and typed getters. */

/* Checks the schema name and version of ROOT. */
static pb_status check_schema(const char *path, json_t *root, diag *d,
			      int *version)
{
	json_t *schema = json_object_get(root, RS_KEY(RS_SCHEMA));
	json_t *v = json_object_get(root, RS_KEY(RS_SCHEMA_VERSION));

	if (!json_is_string(schema)
	    || strcmp(json_string_value(schema), RESULTS_SCHEMA_NAME) != 0) {
		diag_error(d, path, 0, 0, "not a pairboot results.json "
			   "(no \"schema\": \"" RESULTS_SCHEMA_NAME "\")");
		return PB_DATAERR;
	}
	if (!json_is_integer(v)
	    || json_integer_value(v) < RESULTS_SCHEMA_OLDEST
	    || json_integer_value(v) > RESULTS_SCHEMA_VERSION) {
		diag_error(d, path, 0, 0, "results.json schema version %lld "
			   "is not supported (this pairboot reads %d to %d)",
			   json_is_integer(v)
			   ? (long long)json_integer_value(v) : -1LL,
			   RESULTS_SCHEMA_OLDEST, RESULTS_SCHEMA_VERSION);
		return PB_DATAERR;
	}
	*version = (int)json_integer_value(v);
	return PB_OK;
}

static pb_status doc_open(const char *path, json_t *root,
			  const json_error_t *err, diag *d, json_t **out,
			  int *version)
{
	pb_status st;

	*out = NULL;
	if (!root) {
		diag_error(d, path, err->line > 0 ? (size_t)err->line : 0,
			   err->column > 0 ? (size_t)err->column : 0, "%s",
			   err->text);
		return PB_DATAERR;
	}
	st = check_schema(path, root, d, version);
	if (st != PB_OK) {
		json_decref(root);
		return st;
	}
	*out = root;
	return PB_OK;
}

/* The values TEXT holds at most, counted without parsing it: every '{'
 * and '[' and every ',' outside strings, and one more.  A JSON parser
 * spends some 250 bytes on each, so a file of nothing but "{}," (3 bytes
 * a value) would cost it 80 times its size. */
static size_t values_at_most(const char *text, size_t len)
{
	size_t n = 1;
	bool in_string = false;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{' || c == '[' || c == ',') {
			n++;
		}
	}
	return n;
}

pb_status results_json_parse(const char *path, const char *text, size_t len,
			     diag *d, json_t **root, int *version)
{
	json_error_t err;
	json_t *doc;

	*root = NULL;
	if (values_at_most(text, len) > RESULTS_JSON_MAX_VALUES) {
		diag_error(d, path, 0, 0, "more than %d JSON values, more than "
			   "any results.json pairboot writes: not read",
			   RESULTS_JSON_MAX_VALUES);
		return PB_DATAERR;
	}
	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	return doc_open(path, doc, &err, d, root, version);
}

pb_status results_json_load(const char *path, diag *d, json_t **root,
			    int *version)
{
	char *text;
	size_t len;
	pb_status st;

	*root = NULL;
	st = fileread_document(path, d, &text, &len);
	if (st != PB_OK)
		return st;
	st = results_json_parse(path, text, len, d, root, version);
	free(text);
	return st;
}

bool results_json_bad(results_json_src *r, const char *where, const char *key,
		      const char *want)
{
	diag_error(r->d, r->path, 0, 0, "%s: '%s' is not %s", where, key,
		   want);
	return false;
}

bool results_json_get_str(results_json_src *r, json_t *o, const char *where,
			  const char *key, const char **out)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_string(v))
		return results_json_bad(r, where, key, "a string");
	*out = json_string_value(v);
	return true;
}

bool results_json_get_num(results_json_src *r, json_t *o, const char *where,
			  const char *key, bool nullable, bool *present,
			  double *out)
{
	json_t *v = json_object_get(o, key);
	if (nullable && json_is_null(v)) {
		*present = false;
		return true;
	}
	if (!json_is_number(v))
		return results_json_bad(r, where, key, "a number");
	if (present)
		*present = true;
	*out = json_number_value(v);
	return true;
}

bool results_json_get_int(results_json_src *r, json_t *o, const char *where,
			  const char *key, json_int_t lo, json_int_t hi,
			  json_int_t *out)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_integer(v) || json_integer_value(v) < lo
	    || json_integer_value(v) > hi)
		return results_json_bad(r, where, key, "an integer in range");
	*out = json_integer_value(v);
	return true;
}

bool results_json_get_count(results_json_src *r, json_t *o, const char *where,
			    const char *key, size_t *out)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return results_json_bad(r, where, key, "a count");
	*out = (size_t)json_integer_value(v);
	return true;
}

bool results_json_get_phases(results_json_src *r, json_t *o, const char *key,
			     long v[PRIO_PHASES])
{
	json_t *arr = json_object_get(o, key);

	/* Either column's fault is told as the entry's: "priority". */
	if (!json_is_array(arr) || json_array_size(arr) != PRIO_PHASES)
		return results_json_bad(r, "mechanism", RM_KEY(RM_PRIORITY),
					"three priorities");
	for (size_t i = 0; i < PRIO_PHASES; i++) {
		json_t *x = json_array_get(arr, i);
		if (!json_is_integer(x))
			return results_json_bad(r, "mechanism",
						RM_KEY(RM_PRIORITY),
						"three priorities");
		v[i] = (long)json_integer_value(x);
	}
	return true;
}

bool results_json_state_value(results_json_src *r, json_t *v, const char *where,
			      const char *key, pb_state *out)
{
	const char *s = json_is_string(v) ? json_string_value(v) : NULL;
	state_lookup found;

	if (!s)
		found = STATE_BAD_NUMBER;
	else if (!r->plan)
		found = pb_state_parse(s, strlen(s), out) ? STATE_UNLISTED
							   : STATE_BAD_NUMBER;
	else
		found = study_state_lookup(r->plan, s, strlen(s), out, NULL);
	if (found != STATE_LISTED && found != STATE_UNLISTED)
		return results_json_bad(r, where, key, "a state");
	return true;
}

bool results_json_get_state(results_json_src *r, json_t *o, const char *where,
			    const char *key, pb_state *out)
{
	return results_json_state_value(r, json_object_get(o, key), where, key,
					out);
}

static bool has_type(json_t *v, results_type type)
{
	switch (type) {
	case RESULTS_STRING: return json_is_string(v);
	case RESULTS_INTEGER: return json_is_integer(v);
	case RESULTS_NUMBER: return json_is_number(v);
	case RESULTS_BOOLEAN: return json_is_boolean(v);
	case RESULTS_OBJECT: return json_is_object(v);
	case RESULTS_ARRAY: return json_is_array(v);
	case RESULTS_ANY: return v != NULL;
	}
	return false;
}

json_t *results_json_section(results_json_src *r, json_t *root,
			     results_section s)
{
	const results_field *f = results_schema_section_field(s);
	json_t *v = json_object_get(root, f->key);

	if (has_type(v, f->type) || (f->nullable && json_is_null(v)))
		return v;
	results_json_bad(r, "results.json", f->key, f->want);
	return NULL;
}

/* A copy of S (NULL for NULL), remembering a failed allocation. */
static char *dup_str(rd *r, const char *s)
{
	char *p = strutil_dup(s);

	if (s && !p)
		r->nomem = true;
	return p;
}

/* A string (or, with NULLABLE, null: *OUT NULL) copied into *OUT. */
static bool take_str(rd *r, json_t *o, const char *where, const char *key,
		     bool nullable, char **out)
{
	json_t *v = json_object_get(o, key);

	*out = NULL;
	if (nullable && (!v || json_is_null(v)))
		return true;
	if (!json_is_string(v))
		return results_json_bad(r, where, key, nullable ? "a string or null"
					: "a string");
	*out = dup_str(r, json_string_value(v));
	return *out != NULL;
}

/* plan.looks and plan.boundary: both or neither (a plan without looks),
 * the looks as study.ini takes them. */
static bool read_looks(rd *r, json_t *pl, study_plan *p)
{
	json_t *looks = json_object_get(pl, RP_KEY(RP_LOOKS));
	json_t *b = json_object_get(pl, RP_KEY(RP_BOUNDARY));
	size_t i;
	json_t *v;

	p->n_looks = 0;
	if (!looks && !b)
		return true;
	if (!json_is_array(looks) || json_array_size(looks) == 0
	    || json_array_size(looks) > PLAN_MAX_LOOKS)
		return results_json_bad(r, "plan", RP_KEY(RP_LOOKS),
					"a list of 1 to 20 ascending block "
					"counts");
	json_array_foreach(looks, i, v) {
		json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
		if (n < (json_int_t)PLAN_MIN_LOOK || n > (json_int_t)PLAN_MAX_LOOK
		    || (i > 0 && (unsigned long)n <= p->looks[i - 1]))
			return results_json_bad(r, "plan", RP_KEY(RP_LOOKS),
						"a list of 1 to 20 ascending "
						"block counts");
		p->looks[i] = (unsigned long)n;
	}
	p->n_looks = json_array_size(looks);
	if (!json_is_string(b)
	    || !look_boundary_parse(json_string_value(b), &p->boundary))
		return results_json_bad(r, "plan", RP_KEY(RP_BOUNDARY),
					"obrien-fleming, pocock or bonferroni");
	return true;
}

/* plan.filter, plan.missing and plan.missing_limit: absent for a plan
 * that uses every row; the limit with the tokens. */
static bool read_rows(rd *r, json_t *pl, study_plan *p)
{
	json_t *filter = json_object_get(pl, RP_KEY(RP_FILTER));
	json_t *missing = json_object_get(pl, RP_KEY(RP_MISSING));
	json_t *limit = json_object_get(pl, RP_KEY(RP_MISSING_LIMIT));
	size_t i;
	json_t *v;

	if (filter) {
		if (!json_is_array(filter) || json_array_size(filter) == 0)
			return results_json_bad(r, "plan", RP_KEY(RP_FILTER),
						"a list of conditions");
		p->filter = calloc(json_array_size(filter), sizeof *p->filter);
		if (!p->filter) {
			r->nomem = true;
			return false;
		}
		json_array_foreach(filter, i, v) {
			plan_condition *c = &p->filter[i];
			const char *op = json_string_value(json_object_get(v,
							"op"));

			p->n_filter = i + 1;
			if (!op || (strcmp(op, "==") != 0
				    && strcmp(op, "!=") != 0))
				return results_json_bad(r, "plan",
					RP_KEY(RP_FILTER),
					"a list of conditions");
			c->equal = op[0] == '=';
			if (!take_str(r, v, "plan.filter", "column", false,
				      &c->column)
			    || !take_str(r, v, "plan.filter", "value", false,
					 &c->value))
				return false;
		}
	}
	if (!missing && !limit)
		return true;
	if (!json_is_array(missing) || json_array_size(missing) == 0)
		return results_json_bad(r, "plan", RP_KEY(RP_MISSING),
					"a list of strings");
	p->missing = calloc(json_array_size(missing), sizeof *p->missing);
	if (!p->missing) {
		r->nomem = true;
		return false;
	}
	json_array_foreach(missing, i, v) {
		if (!json_is_string(v))
			return results_json_bad(r, "plan", RP_KEY(RP_MISSING),
						"a list of strings");
		p->missing[i] = dup_str(r, json_string_value(v));
		if (!p->missing[i])
			return false;
		p->n_missing = i + 1;
	}
	if (!json_is_number(limit) || !(json_number_value(limit) >= 0)
	    || json_number_value(limit) > 1)
		return results_json_bad(r, "plan", RP_KEY(RP_MISSING_LIMIT),
					"a number from 0 to 1");
	/* Written as a whole number of millionths (ingest/rowfilter.h). */
	p->missing_limit = (uint32_t)floor(json_number_value(limit) * 1e6
					   + 0.5);
	return true;
}

/* plan.state_type: absent before format 2, where states are numbers. */
static bool read_state_type(rd *r, json_t *pl, study_plan *p)
{
	json_t *v = json_object_get(pl, RP_KEY(RP_STATE_TYPE));
	const char *s = json_is_string(v) ? json_string_value(v) : NULL;

	if (!v && p->format < 2)
		p->state_type = PB_STATE_NUMBER;
	else if (s && strcmp(s, "number") == 0)
		p->state_type = PB_STATE_NUMBER;
	else if (s && strcmp(s, "name") == 0)
		p->state_type = PB_STATE_NAME;
	else
		return results_json_bad(r, "plan", RP_KEY(RP_STATE_TYPE),
					"number or name");
	return true;
}

/* plan.states: the list, each with the spelling written there. */
static bool read_plan_states(rd *r, json_t *pl, study_plan *p)
{
	json_t *states = json_object_get(pl, RP_KEY(RP_STATES)), *v;
	const char **text;
	size_t i, at;

	if (!json_is_array(states) || json_array_size(states) == 0)
		return results_json_bad(r, "plan", RP_KEY(RP_STATES),
					"a list of states");
	p->states = calloc(json_array_size(states), sizeof *p->states);
	text = calloc(json_array_size(states), sizeof *text);
	if (!p->states || !text) {
		free(text);
		r->nomem = true;
		return false;
	}
	json_array_foreach(states, i, v) {
		const char *s = json_is_string(v) ? json_string_value(v) : "";
		size_t n = strlen(s);
		bool ok = p->state_type == PB_STATE_NAME
			  ? pb_state_name_check(s, n, &at) == PB_NAME_OK
			  : pb_state_parse(s, n, &p->states[i]);
		if (!ok || study_state_index(p, p->state_type == PB_STATE_NAME
					     ? pb_state_name(s) : p->states[i])
			   != STUDY_NO_STATE) {
			free(text);
			return results_json_bad(r, "plan", RP_KEY(RP_STATES),
						"a list of states");
		}
		if (p->state_type == PB_STATE_NAME)
			p->states[i] = pb_state_name(s);
		text[i] = s;
		p->n_states++;
	}
	if (study_plan_set_state_text(p, text) != PB_OK)
		r->nomem = true;
	free(text);
	r->plan = p;
	return !r->nomem;
}

/* The texts per language under KEY (an object from language code to
 * string) into *OUT; a file older than the key has none. */
static bool take_l10n(rd *r, json_t *o, const char *where, const char *key,
		      plan_l10n *out)
{
	json_t *v = json_object_get(o, key);

	if (!v)
		return true;
	if (!json_is_object(v))
		return results_json_bad(r, where, key, "an object of texts by language");
	for (int l = 0; l < PLAN_TEXT_LANGS; l++)
		if (json_object_get(v, plan_text_langs[l])
		    && !take_str(r, v, key, plan_text_langs[l], false,
				 &out->in[l]))
			return false;
	return true;
}

/* ---------------------------------------------------------------------
 * Plan and series. */

static bool read_plan(rd *r, json_t *root, study_plan *p)
{
	json_t *st = results_json_section(r, root, RS_STUDY);
	json_t *pl = st ? results_json_section(r, root, RS_PLAN) : NULL;
	json_t *v;
	json_int_t x;
	const char *s;
	size_t i;

	if (!pl)
		return false;
	if (!results_json_get_int(r, st, "study", RT_KEY(RT_FORMAT), 1, 2, &x))
		return false;
	p->format = (int)x;
	if (!take_str(r, st, "study", RT_KEY(RT_TITLE), false, &p->title)
	    || !take_str(r, st, "study", RT_KEY(RT_BUILD), false, &p->build)
	    || !take_str(r, st, "study", RT_KEY(RT_PLATFORM), true, &p->platform)
	    || !take_l10n(r, st, "study", RT_KEY(RT_TITLE_LOCALIZED),
			  &p->title_l10n)
	    || !take_l10n(r, st, "study",
			  RT_KEY(RT_PLATFORM_LOCALIZED),
			  &p->platform_l10n)
	    || !take_str(r, st, "study", RT_KEY(RT_METRIC), true, &p->metric)
	    || !take_l10n(r, st, "study", RT_KEY(RT_METRIC_LOCALIZED),
			  &p->metric_l10n)
	    || !take_str(r, pl, "plan", RP_KEY(RP_COLUMN), false, &p->column)
	    || !take_str(r, pl, "plan", RP_KEY(RP_UNIT), false, &p->unit)
	    || !take_str(r, pl, "plan", RP_KEY(RP_SERVICE), true, &p->service)
	    || !results_json_get_num(r, pl, "plan", RP_KEY(RP_SCALE), false, NULL,
				     &p->scale)
	    || !results_json_get_num(r, pl, "plan", RP_KEY(RP_THRESHOLD), false,
				     NULL, &p->threshold)
	    || !results_json_get_num(r, pl, "plan", RP_KEY(RP_CONFIDENCE), false,
				     NULL, &p->confidence)
	    || !results_json_get_int(r, pl, "plan", RP_KEY(RP_THRESHOLD_DECIMALS), 0,
				     15, &x))
		return false;
	p->threshold_decimals = (int)x;
	if (!(p->threshold > 0) || !(p->confidence > 0 && p->confidence < 1))
		return results_json_bad(r, "plan", "threshold' or 'confidence",
					"in range");
	v = json_object_get(pl, RP_KEY(RP_BETTER));
	s = json_is_string(v) ? json_string_value(v) : "";
	if (strcmp(s, "lower") == 0)
		p->better = BETTER_LOWER;
	else if (strcmp(s, "higher") == 0)
		p->better = BETTER_HIGHER;
	else
		return results_json_bad(r, "plan", RP_KEY(RP_BETTER),
					"lower or higher");
	v = json_object_get(pl, RP_KEY(RP_STATISTIC));
	if (!json_is_string(v)
	    || !stat_spec_parse(json_string_value(v), &p->statistic))
		return results_json_bad(r, "plan", RP_KEY(RP_STATISTIC),
					"a statistic");
	v = json_object_get(pl, RP_KEY(RP_RESAMPLES));
	if (json_is_string(v) && strcmp(json_string_value(v), "exact") == 0)
		p->resamples_exact = true;
	else if (json_is_integer(v) && json_integer_value(v) >= 1
		 && json_integer_value(v) <= (json_int_t)PLAN_MAX_RESAMPLES)
		p->resamples = (unsigned long)json_integer_value(v);
	else
		return results_json_bad(r, "plan", RP_KEY(RP_RESAMPLES),
					"a count up to 1000000 or 'exact'");
	if (!results_json_get_int(r, pl, "plan", RP_KEY(RP_SEED), 0, UINT32_MAX, &x))
		return false;
	p->seed = (uint32_t)x;
	v = json_object_get(pl, RP_KEY(RP_INTERVAL));
	s = json_is_string(v) ? json_string_value(v) : "";
	for (i = 0; i < INTERVAL_METHOD_COUNT; i++)
		if (strcmp(s, interval_method_name((interval_method)i)) == 0)
			break;
	if (i == INTERVAL_METHOD_COUNT)
		return results_json_bad(r, "plan", RP_KEY(RP_INTERVAL),
					"an interval method");
	p->interval = (interval_method)i;
	v = json_object_get(pl, RP_KEY(RP_SYNTHETIC));
	p->synthetic = json_is_true(v);
	p->allow_negative =
		json_is_true(json_object_get(pl, RP_KEY(RP_ALLOW_NEGATIVE)));
	v = json_object_get(pl, RP_KEY(RP_CAPTURE));
	if (v && !json_is_string(v))
		return results_json_bad(r, "plan", RP_KEY(RP_CAPTURE),
					"csv or capframex");
	s = v ? json_string_value(v) : "csv";
	if (strcmp(s, "capframex") == 0)
		p->capture = CAPTURE_CAPFRAMEX;
	else if (strcmp(s, "csv") != 0)
		return results_json_bad(r, "plan", RP_KEY(RP_CAPTURE),
					"csv or capframex");
	if (!read_state_type(r, pl, p) || !read_plan_states(r, pl, p)
	    || !read_looks(r, pl, p) || !read_rows(r, pl, p))
		return false;
	return results_json_get_state(r, pl, "plan", RP_KEY(RP_REFERENCE),
				      &p->reference)
	       && (study_state_index(p, p->reference) != STUDY_NO_STATE
		   || results_json_bad(r, "plan", RP_KEY(RP_REFERENCE),
				       "one of the states"));
}

/* A boundary series' rule as results_json writes it (absent or null: none
 * declared, or format 1's, which study_plan_format1_rules gives). */
static bool read_rule(rd *r, json_t *o, value_rule *rule)
{
	json_t *valid = json_object_get(o, RU_KEY(RU_VALID));
	json_t *dis = json_object_get(o, RU_KEY(RU_DISABLES));
	json_int_t x;

	if (!o || json_is_null(o))
		return true;
	if (!json_is_object(o))
		return results_json_bad(r, "series", RE_KEY(RE_RULE),
					results_schema_series_field(RE_RULE)->want);
	if (!results_json_get_int(r, o, "rule", RU_KEY(RU_MULTIPLE), 1, UINT32_MAX,
				  &x))
		return false;
	rule->multiple = (uint32_t)x;
	if (dis && !json_is_null(dis)) {
		if (!results_json_get_int(r, o, "rule", RU_KEY(RU_DISABLES), 0,
					  UINT32_MAX, &x))
			return false;
		rule->has_disables = true;
		rule->disables = (uint32_t)x;
	}
	if (valid && !json_is_null(valid)) {
		json_t *lo = json_array_get(valid, 0);
		json_t *hi = json_array_get(valid, 1);

		if (json_array_size(valid) != 2 || !json_is_integer(lo)
		    || !json_is_integer(hi)
		    || json_integer_value(lo) < 0
		    || json_integer_value(hi) > UINT32_MAX
		    || json_integer_value(lo) > json_integer_value(hi))
			return results_json_bad(r, "rule", RU_KEY(RU_VALID),
						results_schema_rule_field(RU_VALID)->want);
		if (!results_json_get_int(r, o, "rule", RU_KEY(RU_OUTSIDE), 0,
					  UINT32_MAX, &x))
			return false;
		rule->has_valid = true;
		rule->valid_lo = (uint32_t)json_integer_value(lo);
		rule->valid_hi = (uint32_t)json_integer_value(hi);
		rule->outside = (uint32_t)x;
	}
	rule->declared = true;
	return true;
}

static bool read_series(rd *r, json_t *root, study_plan *p)
{
	json_t *arr = results_json_section(r, root, RS_SERIES), *e;
	size_t i;

	if (!arr || json_array_size(arr) == 0)
		return arr ? results_json_bad(r, "results.json", RS_KEY(RS_SERIES),
					      "a list of series") : false;
	p->series = calloc(json_array_size(arr), sizeof *p->series);
	if (!p->series) {
		r->nomem = true;
		return false;
	}
	json_array_foreach(arr, i, e) {
		series_def *sd = &p->series[i];
		json_t *kind = json_object_get(e, RE_KEY(RE_KIND));
		const char *k = json_is_string(kind) ? json_string_value(kind)
						     : "";
		int m;
		p->n_series++;
		if (!take_str(r, e, "series", RE_KEY(RE_ID), false, &sd->id)
		    || !take_str(r, e, "series", RE_KEY(RE_LABEL), false,
				 &sd->label)
		    || !take_str(r, e, "series", RE_KEY(RE_NOTE), true,
				 &sd->note)
		    || !take_l10n(r, e, "series", RE_KEY(RE_LABEL_LOCALIZED),
				  &sd->label_l10n)
		    || !take_l10n(r, e, "series", RE_KEY(RE_NOTE_LOCALIZED),
				  &sd->note_l10n))
			return false;
		for (m = SERIES_LATENCY; m <= SERIES_CONTROL; m++)
			if (strcmp(k, series_kind_name((series_kind)m)) == 0)
				break;
		if (m > SERIES_CONTROL)
			return results_json_bad(r, "series", RE_KEY(RE_KIND),
						"a series kind");
		sd->kind = (series_kind)m;
		if (!read_rule(r, json_object_get(e, RE_KEY(RE_RULE)),
			       &sd->rule))
			return false;
	}
	study_plan_format1_rules(p);
	return true;
}

/* The plan digest, computed from the plan as rebuilt, and whether it was
 * registered.  A file stating another digest than its own plan gives was
 * edited, and is refused rather than compared under a false digest; an
 * older file without the key gets the computed one. */
static bool read_plan_digest(rd *r, json_t *root, study_plan *p)
{
	json_t *pl = json_object_get(root, RS_KEY(RS_PLAN));
	json_t *v = json_object_get(pl, RP_KEY(RP_DIGEST));

	if (plantext_digest(p, p->digest) != PB_OK) {
		r->nomem = true;
		return false;
	}
	if (v && (!json_is_string(v)
		  || strcmp(json_string_value(v), p->digest) != 0))
		return results_json_bad(r, "plan", RP_KEY(RP_DIGEST),
					"the SHA-256 of the plan it "
					"gives");
	p->registered = json_is_true(json_object_get(pl,
		RP_KEY(RP_REGISTERED)));
	return true;
}

/* ---------------------------------------------------------------------
 * Runs and inputs. */

static bool read_runs(rd *r, json_t *root, study *s)
{
	json_t *arr = results_json_section(r, root, RS_RUNS), *e;
	size_t i;

	if (!arr)
		return false;
	s->runs = calloc(json_array_size(arr) + 1, sizeof *s->runs);
	if (!s->runs) {
		r->nomem = true;
		return false;
	}
	json_array_foreach(arr, i, e) {
		study_run *run = &s->runs[i];
		json_t *acc = json_object_get(e, RR_KEY(RR_ACCEPTED));
		json_t *stat = json_object_get(e, RR_KEY(RR_STATISTIC));
		json_t *pos, *periods, *v;
		char *series = NULL;
		json_int_t x;
		const char *sha;

		s->n_runs++;
		if (!take_str(r, e, "runs", RR_KEY(RR_RUN), false, &run->id)
		    || !take_str(r, e, "runs", RR_KEY(RR_SERIES), false,
				 &series))
			return false;
		run->series = study_series_index(&s->plan, series);
		free(series);
		if (run->series == (size_t)-1)
			return results_json_bad(r, "runs", RR_KEY(RR_SERIES),
						"a series of the study");
		if (!results_json_get_int(r, e, "runs", RR_KEY(RR_BLOCK), 1,
					  INT64_MAX, &x))
			return false;
		run->block = (unsigned long)x;
		if (!results_json_get_state(r, e, "runs", RR_KEY(RR_STATE),
					    &run->state))
			return false;
		if (!json_is_boolean(acc))
			return results_json_bad(r, "runs", RR_KEY(RR_ACCEPTED),
						"true or false");
		run->accepted = json_is_true(acc);
		if (!take_str(r, e, "runs", RR_KEY(RR_NOTE), true, &run->note)
		    || !take_str(r, e, "runs", RR_KEY(RR_STARTED), true,
				 &run->started)
		    || !take_str(r, e, "runs", RR_KEY(RR_LATENCY), true,
				 &run->latency_path)
		    || !take_str(r, e, "runs", RR_KEY(RR_MECHANISM), true,
				 &run->mechanism_path))
			return false;
		pos = json_object_get(e, RR_KEY(RR_POSITION));
		periods = json_object_get(e, RR_KEY(RR_PERIODS));
		if (json_is_integer(pos))
			run->position = (unsigned long)json_integer_value(pos);
		if (json_is_integer(periods))
			run->periods = (size_t)json_integer_value(periods);
		v = json_object_get(e, RR_KEY(RR_CAPTURE_RUNS));
		if (json_is_integer(v) && json_integer_value(v) > 0)
			run->capture_runs = (size_t)json_integer_value(v);
		/* The rows a plan's filter and missing values took, when it
		 * has them. */
		for (int k = RR_ROWS; k <= RR_MISSING; k++) {
			json_t *count = json_object_get(e,
						RR_KEY((results_run_key)k));
			size_t *to = k == RR_ROWS ? &run->rows
				     : k == RR_FILTERED ? &run->filtered
				     : &run->missing;

			if (count && (!json_is_integer(count)
				      || json_integer_value(count) < 0))
				return results_json_bad(r, "runs",
					RR_KEY((results_run_key)k), "a count");
			if (count)
				*to = (size_t)json_integer_value(count);
		}
		if (json_is_number(stat)) {
			run->has_statistic = true;
			run->statistic = json_number_value(stat);
		} else if (!json_is_null(stat)) {
			return results_json_bad(r, "runs", RR_KEY(RR_STATISTIC),
						"a number or null");
		}
		sha = json_string_value(json_object_get(e,
							RR_KEY(RR_LATENCY_SHA256)));
		if (sha && strlen(sha) == 64)
			memcpy(run->latency_sha256, sha, 65);
		sha = json_string_value(json_object_get(e,
							RR_KEY(RR_MECHANISM_SHA256)));
		if (sha && strlen(sha) == 64)
			memcpy(run->mechanism_sha256, sha, 65);
	}
	return true;
}

static bool read_inputs(rd *r, json_t *root, study *s)
{
	json_t *arr = json_object_get(root, RS_KEY(RS_INPUTS)), *e;
	json_t *st = json_object_get(root, RS_KEY(RS_STUDY));
	const char *digest = json_string_value(json_object_get(st,
						     RT_KEY(RT_DIGEST)));
	size_t i;

	if (!digest || strlen(digest) != 64)
		return results_json_bad(r, "study", RT_KEY(RT_DIGEST),
					results_schema_study_field(RT_DIGEST)->want);
	memcpy(s->digest, digest, 65);
	if (!take_str(r, st, "study", RT_KEY(RT_NAME), false, &s->name))
		return false;
	if (!json_is_array(arr))
		return results_json_bad(r, "results.json", RS_KEY(RS_INPUTS),
					"a list of files");
	s->inputs = calloc(json_array_size(arr) + 1, sizeof *s->inputs);
	if (!s->inputs) {
		r->nomem = true;
		return false;
	}
	json_array_foreach(arr, i, e) {
		input_file *f = &s->inputs[i];
		const char *sha = json_string_value(
			json_object_get(e, RN_KEY(RN_SHA256)));
		json_int_t bytes;
		s->n_inputs++;
		if (!take_str(r, e, "inputs", RN_KEY(RN_PATH), false, &f->path)
		    || !results_json_get_int(r, e, "inputs", RN_KEY(RN_BYTES), 0,
					     INT64_MAX, &bytes))
			return false;
		if (!sha || strlen(sha) != 64)
			return results_json_bad(r, "inputs", RN_KEY(RN_SHA256),
						results_schema_input_field(RN_SHA256)->want);
		memcpy(f->sha256, sha, 65);
		f->bytes = (uint64_t)bytes;
	}
	return true;
}

/* ---------------------------------------------------------------------
 * Logs that give the published summaries. */

static mech_log *new_log(rd *r)
{
	mech_log *m = calloc(1, sizeof *m);
	if (!m) {
		r->nomem = true;
		return NULL;
	}
	m->service = -1;
	m->tracing_active = -1;
	m->leftover = -1;
	return m;
}

static study_run *find_run(study *s, const char *id)
{
	for (size_t i = 0; i < s->n_runs; i++)
		if (strcmp(s->runs[i].id, id) == 0)
			return &s->runs[i];
	return NULL;
}

/* The counts a mechanism state of results.json gives, which deal_logs
 * deals out over its boots. */
typedef struct mech_counts {
	size_t series;
	pb_state state;
	json_int_t boots, registered, running, stopped, lost_events,
		   lost_buffers;
} mech_counts;

static bool read_mech_counts(rd *r, const study *s, json_t *e,
			     mech_counts *c)
{
	const char *series = json_string_value(json_object_get(e,
						RM_KEY(RM_SERIES)));

	c->series = series ? study_series_index(&s->plan, series)
			   : (size_t)-1;
	if (c->series == (size_t)-1)
		return results_json_bad(r, "mechanism", RM_KEY(RM_SERIES),
					"a series of the study");
	return results_json_get_state(r, e, "mechanism", RM_KEY(RM_STATE),
				      &c->state)
	       && results_json_get_int(r, e, "mechanism", RM_KEY(RM_BOOTS), 0,
				       INT64_MAX, &c->boots)
	       && results_json_get_int(r, e, "mechanism", RM_KEY(RM_REGISTERED), 0,
				       c->boots, &c->registered)
	       && results_json_get_int(r, e, "mechanism",
				       RM_KEY(RM_SERVICE_RUNNING), 0, c->boots,
				       &c->running)
	       && results_json_get_int(r, e, "mechanism",
				       RM_KEY(RM_SERVICE_STOPPED), 0,
				       c->boots - c->running, &c->stopped)
	       && results_json_get_int(r, e, "mechanism", RM_KEY(RM_LOST_EVENTS), 0,
				       INT64_MAX, &c->lost_events)
	       && results_json_get_int(r, e, "mechanism", RM_KEY(RM_LOST_BUFFERS),
				       0, INT64_MAX, &c->lost_buffers);
}

/* Gives each of the N boots in RUNS a mechanism log with its share of C,
 * each count dealt from the first boot on, on its own: the first
 * C->registered boots are registered; the first C->running boots have the
 * service running, the next C->stopped have it stopped, the rest unknown;
 * the lost events and buffers all go to the first boot. */
static bool deal_logs(rd *r, study_run **runs, size_t n, const mech_counts *c)
{
	for (size_t i = 0; i < n; i++) {
		json_int_t k = (json_int_t)i;
		mech_log *m = new_log(r);
		if (!m)
			return false;
		runs[i]->mech = m;
		m->register_seen = true;
		m->register_ok = k < c->registered;
		m->service = k < c->running ? 1
			     : k < c->running + c->stopped ? 0 : -1;
		m->etw_seen = i == 0;
		if (i == 0) {
			m->lost_events = (uint64_t)c->lost_events;
			m->lost_buffers = (uint64_t)c->lost_buffers;
		}
	}
	return true;
}

/* Deals the priority entries VARS out over the N boots in RUNS, in
 * order. */
static bool deal_priorities(rd *r, study_run **runs, size_t n, json_t *vars)
{
	json_t *v;
	size_t i, k = 0;

	json_array_foreach(vars, i, v) {
		long w[PRIO_PHASES], t[PRIO_PHASES];
		json_int_t b;
		if (!results_json_get_phases(r, v, RV_KEY(RV_WIN32), w)
		    || !results_json_get_phases(r, v, RV_KEY(RV_ETW), t)
		    || !results_json_get_int(r, v, "priority", RV_KEY(RV_BOOTS), 1,
					     (json_int_t)n, &b))
			return false;
		for (json_int_t j = 0; j < b; j++, k++) {
			if (k >= n)
				return results_json_bad(r, "mechanism",
							RM_KEY(RM_PRIORITY),
							"within the boots");
			for (int ph = 0; ph < PRIO_PHASES; ph++) {
				runs[k]->mech->prio_seen[ph] = true;
				runs[k]->mech->win32[ph] = w[ph];
				runs[k]->mech->etw[ph] = t[ph];
			}
		}
	}
	return true;
}

/* Deals the published summary of one mechanism state out over the
 * accepted boots of that state and series, in runs.csv order. */
static bool deal_mechanism(rd *r, study *s, json_t *e)
{
	json_t *vars = json_object_get(e, RM_KEY(RM_PRIORITY));
	mech_counts c;
	study_run **runs;
	size_t n = 0;
	bool ok;

	if (!read_mech_counts(r, s, e, &c))
		return false;
	if (!json_is_array(vars))
		return results_json_bad(r, "mechanism", RM_KEY(RM_PRIORITY),
					results_schema_mech_field(RM_PRIORITY)->want);
	runs = calloc(s->n_runs + 1, sizeof *runs);
	if (!runs) {
		r->nomem = true;
		return false;
	}
	for (size_t i = 0; i < s->n_runs; i++)
		if (s->runs[i].series == c.series && s->runs[i].accepted
		    && pb_state_equal(s->runs[i].state, c.state))
			runs[n++] = &s->runs[i];
	if ((json_int_t)n != c.boots)
		ok = results_json_bad(r, "mechanism", RM_KEY(RM_BOOTS),
				      "the number of its runs");
	else
		ok = deal_logs(r, runs, n, &c)
		     && deal_priorities(r, runs, n, vars);
	free(runs);
	return ok;
}

static bool read_boundary_row(rd *r, study *s, json_t *e)
{
	const char *id = json_string_value(json_object_get(e, RW_KEY(RW_RUN)));
	json_t *api = json_object_get(e, RW_KEY(RW_API_VALUE));
	json_t *svc = json_object_get(e, RW_KEY(RW_SERVICE));
	json_t *reg = json_object_get(e, RW_KEY(RW_REGISTERED));
	study_run *run = id ? find_run(s, id) : NULL;
	mech_log *m;

	if (!run)
		return results_json_bad(r, "boundary", RW_KEY(RW_RUN),
					results_schema_bound_row_field(RW_RUN)->want);
	m = new_log(r);
	if (!m)
		return false;
	run->mech = m;
	if (json_is_integer(api)) {
		m->query_seen = true;
		m->query_ok = true;
		m->query_value = json_integer_value(api);
	}
	if (json_is_string(svc))
		m->service = strcmp(json_string_value(svc), "running") == 0;
	if (json_is_boolean(reg)) {
		m->register_seen = true;
		m->register_ok = json_is_true(reg);
	}
	return true;
}

static bool read_logs(rd *r, json_t *root, study *s)
{
	json_t *mech = json_object_get(root, RS_KEY(RS_MECHANISM));
	json_t *b = json_object_get(root, RS_KEY(RS_BOUNDARY));
	json_t *rows = json_is_object(b) ? json_object_get(b, RB_KEY(RB_ROWS)) : NULL;
	json_t *e;
	size_t i;

	if (!json_is_array(mech))
		return results_json_bad(r, "results.json", "mechanism", "a list");
	if (!json_is_array(rows))
		return results_json_bad(r, "boundary", RB_KEY(RB_ROWS),
					results_schema_boundary_field(RB_ROWS)->want);
	json_array_foreach(mech, i, e)
		if (!deal_mechanism(r, s, e))
			return false;
	json_array_foreach(rows, i, e)
		if (!read_boundary_row(r, s, e))
			return false;
	return true;
}

/* ---------------------------------------------------------------------
 * Entry point. */

pb_status results_json_read(const char *path, diag *d, study **out)
{
	json_t *root;
	rd r = { path, d, false, NULL };
	study *s;
	int version;
	bool ok;
	/* Version 2 renamed verdict codes, which are not read here, so both
	 * versions give the same study. */
	pb_status st = results_json_load(path, d, &root, &version);

	*out = NULL;
	if (st != PB_OK)
		return st;
	s = calloc(1, sizeof *s);
	if (!s || !(s->dir = dup_str(&r, path))) {
		free(s);
		json_decref(root);
		return PB_NOMEM;
	}
	ok = read_plan(&r, root, &s->plan) && read_series(&r, root, &s->plan)
	     && read_plan_digest(&r, root, &s->plan)
	     && read_runs(&r, root, s) && read_inputs(&r, root, s)
	     && read_logs(&r, root, s);
	json_decref(root);
	if (!ok || r.nomem) {
		study_free(s);
		return r.nomem ? PB_NOMEM : PB_DATAERR;
	}
	*out = s;
	return PB_OK;
}
