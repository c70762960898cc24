/* test_results_doc.c: the shared opening of a results.json and its typed
 * getters (ingest/results_json.h), with the exact message of each fault,
 * and the schema table (common/results_schema.h) against the writer's
 * keys of the plan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/results_json.h"
#include "tests/lib/tap.h"

/* Parses TEXT as "r.json"; returns the status, and the first message in
 * MSG (or ""). */
static pb_status parse(const char *text, char *msg, size_t size,
		       int *version)
{
	diag *d = diag_new(NULL, 0);
	json_t *root = NULL;
	pb_status st;

	if (!d)
		abort();
	*version = 0;
	st = results_json_parse("r.json", text, strlen(text), d, &root,
				version);
	snprintf(msg, size, "%s", diag_message(d, 0) ? diag_message(d, 0)
						     : "");
	if ((st == PB_OK) != (root != NULL))
		tap_diag("the root does not follow the status");
	json_decref(root);
	diag_free(d);
	return st;
}

static void check_open(void)
{
	char msg[256];
	int version;
	pb_status st;

	st = parse("{\"schema\": \"pairboot-results\", \"schema_version\": 1}",
		   msg, sizeof msg, &version);
	tap_ok(st == PB_OK && version == 1, "version 1 is read");
	st = parse("{\"schema\": \"pairboot-results\", \"schema_version\": 2}",
		   msg, sizeof msg, &version);
	tap_ok(st == PB_OK && version == 2, "version 2 is read");
	st = parse("{\"schema\": \"pairboot-results\", \"schema_version\": 3}",
		   msg, sizeof msg, &version);
	tap_ok(st == PB_DATAERR && strcmp(msg, "r.json: results.json schema "
					  "version 3 is not supported (this "
					  "pairboot reads 1 to 2)") == 0,
	       "version 3 is refused (%s)", msg);
	st = parse("{\"schema\": \"other\", \"schema_version\": 2}", msg,
		   sizeof msg, &version);
	tap_ok(st == PB_DATAERR && strcmp(msg, "r.json: not a pairboot "
					  "results.json (no \"schema\": "
					  "\"pairboot-results\")") == 0,
	       "another schema is refused (%s)", msg);
	st = parse("{\"schema\": \"pairboot-results\",\n \"schema_version\": }",
		   msg, sizeof msg, &version);
	tap_ok(st == PB_DATAERR && strncmp(msg, "r.json:2:", 9) == 0,
	       "a syntax error has its line and column (%s)", msg);
	st = parse("{\"schema\": \"pairboot-results\", \"schema\": \"x\"}", msg,
		   sizeof msg, &version);
	tap_ok(st == PB_DATAERR && strncmp(msg, "r.json:1:", 9) == 0,
	       "a duplicate key is refused (%s)", msg);
}

/* Whether message I of D is WANT; says what it is otherwise. */
static bool message_is(diag *d, size_t i, const char *want)
{
	const char *m = diag_message(d, i);

	if (m && strcmp(m, want) == 0)
		return true;
	tap_diag("message %zu: %s", i, m ? m : "(none)");
	return false;
}

static void check_getters(void)
{
	diag *d = diag_new(NULL, 0);
	results_json_src r = { "r.json", d, false, NULL };
	json_error_t err;
	json_t *root = json_loads("{\"runs\": {}, \"plan\": {\"seed\": -1, "
				  "\"reference\": \"0x1G\", \"unit\": 5, "
				  "\"scale\": null}}", 0, &err);
	json_t *plan = json_object_get(root, "plan");
	json_int_t x;
	pb_state s;
	const char *str;
	double num = 0;
	bool present = true, ok;

	if (!d || !root)
		abort();
	ok = !results_json_section(&r, root, RS_RUNS);
	tap_ok(ok && message_is(d, 0, "r.json: results.json: 'runs' is not a "
				"list of runs"),
	       "a section of the wrong type names the section");
	ok = !results_json_get_int(&r, plan, "plan", "seed", 0, 10, &x);
	tap_ok(ok && message_is(d, 1, "r.json: plan: 'seed' is not an "
				"integer in range"),
	       "an integer out of range");
	ok = !results_json_get_state(&r, plan, "plan", "reference", &s);
	tap_ok(ok && message_is(d, 2, "r.json: plan: 'reference' is not a "
				"state"),
	       "a state that does not parse");
	ok = !results_json_get_str(&r, plan, "plan", "unit", &str);
	tap_ok(ok && message_is(d, 3, "r.json: plan: 'unit' is not a string"),
	       "a number where a string belongs");
	ok = results_json_get_num(&r, plan, "plan", "scale", true, &present, &num);
	tap_ok(ok && !present,
	       "null is a number not given where null is allowed");
	ok = !results_json_get_num(&r, plan, "plan", "scale", false, NULL, &num);
	tap_ok(ok && message_is(d, 4, "r.json: plan: 'scale' is not a number"),
	       "and an error where it is not");
	json_decref(root);
	diag_free(d);
}

/* The table's plan keys are those the writer puts, in its order (a
 * results.json written by this pairboot; docs/results-json.md). */
static void check_table(void)
{
	static const char *const written[RP_KEYS] = {
		"column", "scale", "unit", "better", "statistic", "reference",
		"threshold", "threshold_decimals", "confidence", "resamples",
		"seed", "interval", "generator", "endpoint_rule", "service",
		"synthetic", "allow_negative", "capture", "unit_of_replication",
		"pairing", "state_type", "states", "looks", "boundary",
		"filter", "missing", "missing_limit", "digest", "registered"
	};
	bool same = true;

	for (int k = 0; k < RP_KEYS; k++)
		same &= strcmp(RP_KEY((results_plan_key)k), written[k]) == 0;
	tap_ok(same, "the plan's %d keys, in order", RP_KEYS);
	tap_ok(strcmp(RS_KEY(RS_SCHEMA_VERSION), "schema_version") == 0
	       && results_schema_section_field(RS_RUNS)->type == RESULTS_ARRAY
	       && results_schema_section_field(RS_PLAN)->type == RESULTS_OBJECT,
	       "sections have their names and types");
}

/* Whether the keys of object O are those of TABLE (N keys, described by
 * FIELD), in the table's order, all of them but the OPTIONAL ones (a
 * mask of 1 << index), and each value of the type the table gives. */
static bool keys_follow(json_t *o, int n,
			const results_field *(*field)(int k), unsigned optional)
{
	const char *key;
	json_t *v;
	int next = 0;

	if (!json_is_object(o))
		return false;
	json_object_foreach(o, key, v) {
		while (next < n && strcmp(field(next)->key, key) != 0) {
			if (!(optional & 1u << next))
				return false;
			next++;
		}
		if (next == n)
			return false;
		const results_field *f = field(next++);
		bool typed = (json_is_null(v) && f->nullable)
			     || f->type == RESULTS_ANY
			     || (f->type == RESULTS_STRING && json_is_string(v))
			     || (f->type == RESULTS_INTEGER
				 && json_is_integer(v))
			     || (f->type == RESULTS_NUMBER && json_is_number(v))
			     || (f->type == RESULTS_BOOLEAN
				 && json_is_boolean(v))
			     || (f->type == RESULTS_OBJECT && json_is_object(v))
			     || (f->type == RESULTS_ARRAY && json_is_array(v));
		if (!typed) {
			tap_diag("'%s' is not %s", key, f->want);
			return false;
		}
	}
	/* Optional keys may also end the object. */
	while (next < n && (optional & 1u << next))
		next++;
	return next == n;
}

static const results_field *run_field(int k)
{
	return results_schema_run_field((results_run_key)k);
}

static const results_field *cmp_field(int k)
{
	return results_schema_cmp_field((results_cmp_key)k);
}

static const results_field *interval_field(int k)
{
	return results_schema_interval_field((results_interval_key)k);
}

static const results_field *density_field(int k)
{
	return results_schema_density_field((results_density_key)k);
}

static const results_field *mech_field(int k)
{
	return results_schema_mech_field((results_mech_key)k);
}

static const results_field *priority_field(int k)
{
	return results_schema_priority_field((results_priority_key)k);
}

static const results_field *boundary_field(int k)
{
	return results_schema_boundary_field((results_boundary_key)k);
}

static const results_field *bound_row_field(int k)
{
	return results_schema_bound_row_field((results_bound_row_key)k);
}

static const results_field *bound_group_field(int k)
{
	return results_schema_bound_group_field((results_bound_group_key)k);
}

static const results_field *account_field(int k)
{
	return results_schema_account_field((results_account_key)k);
}

static const results_field *excluded_field(int k)
{
	return results_schema_excluded_field((results_excluded_key)k);
}

static const results_field *study_field(int k)
{
	return results_schema_study_field((results_study_key)k);
}

static const results_field *series_field(int k)
{
	return results_schema_series_field((results_series_key)k);
}

static const results_field *rule_field(int k)
{
	return results_schema_rule_field((results_rule_key)k);
}

static const results_field *input_field(int k)
{
	return results_schema_input_field((results_input_key)k);
}

static const results_field *verdict_field(int k)
{
	return results_schema_verdict_field((results_verdict_key)k);
}

static const results_field *series_verdict_field(int k)
{
	return results_schema_series_verdict_field((results_series_verdict_key)k);
}

/* KEYS_FOLLOW for every element of the array ARR; *COUNT gets their
 * number. */
static bool all_follow(json_t *arr, int n, const results_field *(*field)(int),
		       size_t *count)
{
	json_t *e;
	size_t i;
	bool ok = json_is_array(arr);

	json_array_foreach(arr, i, e)
		ok = ok && keys_follow(e, n, field, 0);
	*count = json_array_size(arr);
	return ok;
}

/* The tables of "boundary" and "accounting" against the example's: its
 * boundary series of 13 boots and the two pilot runs excluded from
 * series 1, with their reasons. */
static void check_written_boundary(json_t *root)
{
	json_t *b = json_object_get(root, RS_KEY(RS_BOUNDARY));
	json_t *acc = json_object_get(root, RS_KEY(RS_ACCOUNTING)), *e;
	size_t rows = 0, groups = 0, series = 0, excluded = 0, n, i;
	bool ok;

	ok = keys_follow(b, RB_KEYS, boundary_field, 0)
	     && all_follow(json_object_get(b, RB_KEY(RB_ROWS)), RW_KEYS,
			   bound_row_field, &rows)
	     && all_follow(json_object_get(b, RB_KEY(RB_GROUPS)), RG_KEYS,
			   bound_group_field, &groups);
	tap_ok(ok && rows == 13 && groups >= 1 && groups < rows,
	       "'boundary', its %zu rows and %zu groups have the keys in order",
	       rows, groups);
	ok = all_follow(acc, RA_KEYS, account_field, &series);
	json_array_foreach(acc, i, e) {
		ok = ok && all_follow(json_object_get(e,
					RA_KEY(RA_EXCLUDED_RUNS)), RX_KEYS,
				      excluded_field, &n);
		excluded += n;
	}
	e = json_array_get(json_object_get(json_array_get(acc, 0),
					   RA_KEY(RA_EXCLUDED_RUNS)), 1);
	tap_ok(ok && series >= 2 && excluded == 2
	       && strcmp(json_string_value(json_object_get(e, RX_KEY(RX_RUN))),
			 "pilot-2") == 0,
	       "the accounting of %zu series and %zu excluded runs have the "
	       "keys in order", series, excluded);
}

/* The tables of the study, its series and rule, its inputs and its
 * verdicts against the example's: five series of which only the boundary
 * one has a rule (disables 100, valid 10 to 100), 132 input files with
 * study.ini first, and four states judged in the two latency series. */
static void check_written_study(json_t *root)
{
	json_t *series = json_object_get(root, RS_KEY(RS_SERIES)), *e, *rule;
	json_t *verdicts = json_object_get(root, RS_KEY(RS_VERDICTS));
	size_t i, n = 0, rules = 0, inputs = 0, states = 0, per = 0;
	bool ok;

	tap_ok(keys_follow(json_object_get(root, RS_KEY(RS_STUDY)), RT_KEYS,
			   study_field, 1u << RT_RUNS_FROM_SUMMARY),
	       "'study' has the keys in order");
	ok = json_is_array(series);
	json_array_foreach(series, i, e) {
		ok = ok && keys_follow(e, RE_KEYS, series_field,
				       1u << RE_RULE);
		rule = json_object_get(e, RE_KEY(RE_RULE));
		if (rule && !json_is_null(rule)) {
			ok = ok && keys_follow(rule, RU_KEYS, rule_field, 0)
			     && json_integer_value(json_object_get(rule,
					RU_KEY(RU_DISABLES))) == 100
			     && json_integer_value(json_array_get(
					json_object_get(rule,
						RU_KEY(RU_VALID)), 1)) == 100;
			rules++;
		}
		n++;
	}
	tap_ok(ok && n == 5 && rules == 1,
	       "the %zu series and %zu rule have the keys in order", n, rules);
	ok = all_follow(json_object_get(root, RS_KEY(RS_INPUTS)), RN_KEYS,
			input_field, &inputs);
	e = json_array_get(json_object_get(root, RS_KEY(RS_INPUTS)), 0);
	tap_ok(ok && inputs == 132
	       && json_is_string(json_object_get(e, RN_KEY(RN_PATH)))
	       && strcmp(json_string_value(json_object_get(e,
				RN_KEY(RN_PATH))), "study.ini") == 0,
	       "the %zu inputs have the keys in order", inputs);
	ok = all_follow(verdicts, RD_KEYS, verdict_field, &states);
	json_array_foreach(verdicts, i, e) {
		size_t k;
		ok = ok && all_follow(json_object_get(e, RD_KEY(RD_SERIES)),
				      RY_KEYS, series_verdict_field, &k);
		per += k;
	}
	tap_ok(ok && states == 4 && per == 8,
	       "the %zu verdicts and %zu series' verdicts have the keys in "
	       "order", states, per);
}

/* The tables of a mechanism state and its priority entries against the
 * example's "mechanism": four states of one series with one priority
 * entry each, Win32 reporting 0 and ETW 8 for every phase at "missing". */
static void check_written_mechanism(json_t *root)
{
	json_t *arr = json_object_get(root, RS_KEY(RS_MECHANISM)), *e, *v;
	size_t i, j, states = 0, entries = 0;
	bool ok = true;

	json_array_foreach(arr, i, e) {
		ok = ok && keys_follow(e, RM_KEYS, mech_field, 0);
		json_array_foreach(json_object_get(e, RM_KEY(RM_PRIORITY)), j,
				   v) {
			ok = ok && keys_follow(v, RV_KEYS, priority_field, 0);
			entries++;
		}
		states++;
	}
	tap_ok(ok && states > 0 && entries >= states,
	       "the %zu mechanism states and their %zu priority entries have "
	       "the keys in order", states, entries);
	e = json_array_get(arr, 0);
	v = json_array_get(json_object_get(e, RM_KEY(RM_PRIORITY)), 0);
	tap_ok(json_is_string(json_object_get(e, RM_KEY(RM_STATE)))
	       && strcmp(json_string_value(json_object_get(e,
				RM_KEY(RM_STATE))), "missing") == 0
	       && json_integer_value(json_array_get(json_object_get(v,
				RV_KEY(RV_ETW)), 0)) == 8
	       && json_integer_value(json_array_get(json_object_get(v,
				RV_KEY(RV_WIN32)), 0)) == 0,
	       "the first state is 'missing', its priorities read by the "
	       "table's names");
}

/* The tables of a run, a comparison and an interval against the example
 * report's results.json, as committed: every run, comparison and
 * interval of it has the table's keys in the table's order. */
static void check_written(void)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	json_error_t err;
	json_t *root, *e, *m;
	size_t i, runs = 0, cmps = 0;
	const char *name;
	bool ok = true;

	snprintf(path, sizeof path, "%s/reports/mmcss-26200.9168/results.json",
		 top ? top : ".");
	root = json_load_file(path, 0, &err);
	if (!tap_ok(root != NULL, "the example's results.json is read (%s)",
		    root ? path : err.text))
		return;
	json_array_foreach(json_object_get(root, RS_KEY(RS_RUNS)), i, e) {
		ok = ok && keys_follow(e, RR_KEYS, run_field,
				       1u << RR_CAPTURE_RUNS | 1u << RR_ROWS
				       | 1u << RR_FILTERED | 1u << RR_MISSING);
		runs++;
	}
	tap_ok(ok && runs > 100, "the %zu runs have a run's keys in order",
	       runs);
	ok = true;
	json_array_foreach(json_object_get(root, RS_KEY(RS_COMPARISONS)), i,
			   e) {
		ok = ok && keys_follow(e, RC_KEYS, cmp_field,
				       1u << RC_EXACT_CHECK | 1u << RC_LOOK)
		     && keys_follow(json_object_get(e, RC_KEY(RC_INTERVAL)),
				    RI_KEYS, interval_field, 0);
		json_object_foreach(json_object_get(e,
					RC_KEY(RC_SENSITIVITY)), name, m)
			ok = ok && keys_follow(m, RI_KEYS, interval_field, 0);
		m = json_object_get(e, RC_KEY(RC_DENSITY));
		ok = ok && keys_follow(m, RF_KEYS, density_field, 0)
		     && json_array_size(json_object_get(m,
				RF_KEY(RF_DENSITY))) == 96;
		cmps++;
	}
	tap_ok(ok && cmps == 8, "the %zu comparisons, their intervals and "
	       "densities have the keys in order", cmps);
	check_written_study(root);
	check_written_mechanism(root);
	check_written_boundary(root);
	json_decref(root);
}

int main(void)
{
	check_open();
	check_getters();
	check_table();
	check_written();
	return tap_done();
}
