/* results_json.c: builds results.json from a study and its analysis. */
#include "config.h"

#include "render/results_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_version.h>

#include "analyze/coverage.h"
#include "ingest/schedule.h"
#include "ingest/rowfilter.h"
#include "render/jsonput.h"
#include "render/jsonw.h"

const char results_endpoint_rule_mc[] =
	"Monte Carlo: the Hyndman-Fan type 7 quantile of the sorted "
	"replicates at levels alpha/2 and 1-alpha/2 (BCa: at its adjusted "
	"levels)";
const char results_endpoint_rule_exact[] =
	"exact: the inverse of the weighted distribution function, averaging "
	"the two neighbouring values where the cumulative weight equals the "
	"level";

/* The names this file calls the helpers of render/jsonput.h by. */
#define put(obj, key, value, ok) jsonput_set((obj), (key), (value), (ok))
#define push(arr, value, ok) jsonput_push((arr), (value), (ok))
#define num(x) jsonput_num(x)
#define str_or_null(s) jsonput_str_or_null(s)
#define state_json(st) jsonput_state(st)
#define triplet(v, ok) jsonput_longs((v), PRIO_PHASES, (ok))

/* The texts study.ini gives in other languages, by language code: an
 * object that holds only the languages given (often none). */
static json_t *l10n_json(const plan_l10n *t, bool *ok)
{
	json_t *o = json_object();

	for (int l = 0; o && l < PLAN_TEXT_LANGS; l++)
		if (t->in[l])
			put(o, plan_text_langs[l], json_string(t->in[l]), ok);
	return o;
}

static json_t *study_json(const study *s, bool *ok)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	put(o, RT_KEY(RT_NAME), json_string(s->name), ok);
	put(o, RT_KEY(RT_TITLE), json_string(s->plan.title), ok);
	put(o, RT_KEY(RT_BUILD), json_string(s->plan.build), ok);
	put(o, RT_KEY(RT_PLATFORM), str_or_null(s->plan.platform), ok);
	put(o, RT_KEY(RT_TITLE_LOCALIZED), l10n_json(&s->plan.title_l10n, ok),
	    ok);
	put(o, RT_KEY(RT_PLATFORM_LOCALIZED),
	    l10n_json(&s->plan.platform_l10n, ok), ok);
	put(o, RT_KEY(RT_METRIC), str_or_null(s->plan.metric), ok);
	put(o, RT_KEY(RT_METRIC_LOCALIZED), l10n_json(&s->plan.metric_l10n, ok),
	    ok);
	put(o, RT_KEY(RT_FORMAT), json_integer(s->plan.format), ok);
	put(o, RT_KEY(RT_DIGEST), json_string(s->digest), ok);
	/* Absent for a study read from its raw files alone, so such a
	 * report is what it was before summaries were counted. */
	if (s->runs_from_summary)
		put(o, RT_KEY(RT_RUNS_FROM_SUMMARY),
		    json_integer((json_int_t)s->runs_from_summary), ok);
	return o;
}

static json_t *plan_json(const study_plan *p, bool *ok)
{
	json_t *o = json_object();
	json_t *states = json_array();
	if (!o || !states) {
		json_decref(o);
		json_decref(states);
		return NULL;
	}
	put(o, RP_KEY(RP_COLUMN), json_string(p->column), ok);
	put(o, RP_KEY(RP_SCALE), num(p->scale), ok);
	put(o, RP_KEY(RP_UNIT), json_string(p->unit), ok);
	put(o, RP_KEY(RP_BETTER), json_string(p->better == BETTER_LOWER
					      ? "lower" : "higher"), ok);
	put(o, RP_KEY(RP_STATISTIC), json_string(p->statistic.name), ok);
	put(o, RP_KEY(RP_REFERENCE), state_json(p->reference), ok);
	put(o, RP_KEY(RP_THRESHOLD), num(p->threshold), ok);
	put(o, RP_KEY(RP_THRESHOLD_DECIMALS),
	    json_integer(p->threshold_decimals), ok);
	put(o, RP_KEY(RP_CONFIDENCE), num(p->confidence), ok);
	put(o, RP_KEY(RP_RESAMPLES), p->resamples_exact
				     ? json_string("exact")
				     : json_integer((json_int_t)p->resamples), ok);
	put(o, RP_KEY(RP_SEED), json_integer(p->seed), ok);
	put(o, RP_KEY(RP_INTERVAL),
	    json_string(interval_method_name(p->interval)), ok);
	put(o, RP_KEY(RP_GENERATOR), json_string("mt19937"), ok);
	put(o, RP_KEY(RP_ENDPOINT_RULE),
	    json_string(p->resamples_exact ? results_endpoint_rule_exact
					   : results_endpoint_rule_mc), ok);
	put(o, RP_KEY(RP_SERVICE), str_or_null(p->service), ok);
	put(o, RP_KEY(RP_SYNTHETIC), json_boolean(p->synthetic), ok);
	put(o, RP_KEY(RP_ALLOW_NEGATIVE), json_boolean(p->allow_negative), ok);
	/* A plan that reads CSVs stays as it was. */
	if (p->capture == CAPTURE_CAPFRAMEX)
		put(o, RP_KEY(RP_CAPTURE), json_string("capframex"), ok);
	put(o, RP_KEY(RP_UNIT_OF_REPLICATION), json_string("boot"), ok);
	put(o, RP_KEY(RP_PAIRING), json_string("block"), ok);
	/* Format 1 knows only numbers, and its results.json stays as it
	 * was. */
	if (p->format >= 2)
		put(o, RP_KEY(RP_STATE_TYPE),
		    json_string(pb_state_type_name(p->state_type)), ok);
	for (size_t i = 0; i < p->n_states; i++)
		push(states, state_json(p->states[i]), ok);
	put(o, RP_KEY(RP_STATES), states, ok);
	/* A plan without looks stays as it was. */
	if (p->n_looks > 0) {
		json_t *looks = json_array();
		for (size_t i = 0; i < p->n_looks; i++)
			push(looks, json_integer((json_int_t)p->looks[i]), ok);
		put(o, RP_KEY(RP_LOOKS), looks, ok);
		put(o, RP_KEY(RP_BOUNDARY),
		    json_string(look_boundary_name(p->boundary)), ok);
	}
	/* A plan that uses every row stays as it was. */
	if (p->n_filter > 0) {
		json_t *filter = json_array();

		for (size_t i = 0; i < p->n_filter; i++) {
			json_t *c = json_object();

			put(c, "column", json_string(p->filter[i].column), ok);
			put(c, "op", json_string(p->filter[i].equal ? "=="
								    : "!="),
			    ok);
			put(c, "value", json_string(p->filter[i].value), ok);
			push(filter, c, ok);
		}
		put(o, RP_KEY(RP_FILTER), filter, ok);
	}
	if (p->n_missing > 0) {
		json_t *tokens = json_array();

		for (size_t i = 0; i < p->n_missing; i++)
			push(tokens, json_string(p->missing[i]), ok);
		put(o, RP_KEY(RP_MISSING), tokens, ok);
		put(o, RP_KEY(RP_MISSING_LIMIT),
		    num(p->missing_limit / 1e6), ok);
	}
	put(o, RP_KEY(RP_DIGEST), json_string(p->digest), ok);
	put(o, RP_KEY(RP_REGISTERED), json_boolean(p->registered), ok);
	return o;
}

/* A boundary series' value rule; null when it declares none. */
static json_t *rule_json(const value_rule *rule, bool *ok)
{
	json_t *o, *valid;

	if (!rule->declared)
		return json_null();
	o = json_object();
	valid = rule->has_valid ? json_array() : json_null();
	if (rule->has_valid) {
		push(valid, json_integer(rule->valid_lo), ok);
		push(valid, json_integer(rule->valid_hi), ok);
	}
	put(o, RU_KEY(RU_DISABLES), rule->has_disables
				    ? json_integer(rule->disables)
				    : json_null(), ok);
	put(o, RU_KEY(RU_VALID), valid, ok);
	put(o, RU_KEY(RU_OUTSIDE), rule->has_valid ? json_integer(rule->outside)
					  : json_null(), ok);
	put(o, RU_KEY(RU_MULTIPLE), json_integer(rule->multiple), ok);
	return o;
}

static json_t *series_json(const study_plan *p, bool *ok)
{
	json_t *arr = json_array();
	for (size_t k = 0; arr && k < p->n_series; k++) {
		json_t *o = json_object();
		if (!o) {
			*ok = false;
			break;
		}
		put(o, RE_KEY(RE_ID), json_string(p->series[k].id), ok);
		put(o, RE_KEY(RE_KIND),
		    json_string(series_kind_name(p->series[k].kind)), ok);
		put(o, RE_KEY(RE_LABEL), json_string(p->series[k].label), ok);
		put(o, RE_KEY(RE_NOTE), str_or_null(p->series[k].note), ok);
		if (p->series[k].kind == SERIES_BOUNDARY)
			put(o, RE_KEY(RE_RULE),
			    rule_json(&p->series[k].rule, ok), ok);
		put(o, RE_KEY(RE_LABEL_LOCALIZED),
		    l10n_json(&p->series[k].label_l10n, ok), ok);
		put(o, RE_KEY(RE_NOTE_LOCALIZED),
		    l10n_json(&p->series[k].note_l10n, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *inputs_json(const study *s, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < s->n_inputs; i++) {
		json_t *o = json_object();
		if (!o) {
			*ok = false;
			break;
		}
		put(o, RN_KEY(RN_PATH), json_string(s->inputs[i].path), ok);
		put(o, RN_KEY(RN_SHA256), json_string(s->inputs[i].sha256), ok);
		put(o, RN_KEY(RN_BYTES),
		    json_integer((json_int_t)s->inputs[i].bytes), ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *runs_json(const study *s, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		json_t *o = json_object();
		if (!o) {
			*ok = false;
			break;
		}
		put(o, RR_KEY(RR_RUN), json_string(r->id), ok);
		put(o, RR_KEY(RR_SERIES), json_string(s->plan.series[r->series].id), ok);
		put(o, RR_KEY(RR_BLOCK), json_integer((json_int_t)r->block), ok);
		put(o, RR_KEY(RR_STATE), state_json(r->state), ok);
		put(o, RR_KEY(RR_ACCEPTED), json_boolean(r->accepted), ok);
		put(o, RR_KEY(RR_NOTE), str_or_null(r->note), ok);
		put(o, RR_KEY(RR_POSITION), r->position
				   ? json_integer((json_int_t)r->position)
				   : json_null(), ok);
		put(o, RR_KEY(RR_STARTED), str_or_null(r->started), ok);
		put(o, RR_KEY(RR_PERIODS), json_integer((json_int_t)r->periods), ok);
		/* The runs of the boot's CapFrameX capture; null when the
		 * statistic came from a run summary. */
		if (s->plan.capture == CAPTURE_CAPFRAMEX)
			put(o, RR_KEY(RR_CAPTURE_RUNS), r->capture_runs
				   ? json_integer((json_int_t)r->capture_runs)
				   : json_null(), ok);
		if (s->plan.n_filter > 0 || s->plan.n_missing > 0) {
			put(o, RR_KEY(RR_ROWS),
			    json_integer((json_int_t)r->rows), ok);
			put(o, RR_KEY(RR_FILTERED),
			    json_integer((json_int_t)r->filtered), ok);
			put(o, RR_KEY(RR_MISSING),
			    json_integer((json_int_t)r->missing), ok);
		}
		put(o, RR_KEY(RR_STATISTIC), r->has_statistic ? num(r->statistic)
						     : json_null(), ok);
		put(o, RR_KEY(RR_LATENCY), str_or_null(r->latency_path), ok);
		put(o, RR_KEY(RR_LATENCY_SHA256), r->latency_sha256[0]
				   ? json_string(r->latency_sha256)
				   : json_null(), ok);
		put(o, RR_KEY(RR_MECHANISM), str_or_null(r->mechanism_path), ok);
		put(o, RR_KEY(RR_MECHANISM_SHA256), r->mechanism_sha256[0]
				   ? json_string(r->mechanism_sha256)
				   : json_null(), ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *interval_json(const boot_interval *ci, bool *ok)
{
	json_t *o = json_object();
	if (!o)
		return NULL;
	put(o, RI_KEY(RI_METHOD), json_string(interval_method_name(ci->method)), ok);
	put(o, RI_KEY(RI_DEFINED), json_boolean(ci->defined), ok);
	put(o, RI_KEY(RI_LO), ci->defined ? num(ci->lo) : json_null(), ok);
	put(o, RI_KEY(RI_HI), ci->defined ? num(ci->hi) : json_null(), ok);
	put(o, RI_KEY(RI_USED), json_string(interval_method_name(ci->used)), ok);
	put(o, RI_KEY(RI_FALLBACK), json_boolean(ci->fallback), ok);
	put(o, RI_KEY(RI_LEVEL_LO), num(ci->level_lo), ok);
	put(o, RI_KEY(RI_LEVEL_HI), num(ci->level_hi), ok);
	put(o, RI_KEY(RI_Z0), num(ci->z0), ok);
	put(o, RI_KEY(RI_ACCELERATION), num(ci->accel), ok);
	put(o, RI_KEY(RI_EXACT), json_boolean(ci->exact), ok);
	put(o, RI_KEY(RI_RESAMPLES), json_integer((json_int_t)ci->resamples), ok);
	put(o, RI_KEY(RI_NOTE), str_or_null(ci->note), ok);
	return o;
}

static json_t *run_ids(const study *s, const size_t *idx, size_t n, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++)
		push(arr, json_string(s->runs[idx[i]].id), ok);
	return arr;
}

/* The notes a reader must see beside a comparison's numbers. */
static json_t *comparison_notes(const study *s, const comparison *c, bool *ok)
{
	const study_plan *p = &s->plan;
	const boot_interval *ci = &c->boot.ci[p->interval];
	json_t *arr = json_array();
	json_t *o;

	if (!arr)
		return NULL;
	if (!ci->defined) {
		o = json_object();
		put(o, "code", json_string("no-interval"), ok);
		put(o, "reason", str_or_null(ci->note), ok);
		push(arr, o, ok);
	}
	if (ci->fallback) {
		o = json_object();
		put(o, "code", json_string("fallback"), ok);
		put(o, "used", json_string(interval_method_name(ci->used)), ok);
		put(o, "reason", str_or_null(ci->note), ok);
		push(arr, o, ok);
	}
	if (c->boot.fragile) {
		o = json_object();
		put(o, "code", json_string("fragile"), ok);
		put(o, "endpoint", json_string(c->boot.fragile_endpoint), ok);
		put(o, "boundary", num(c->boot.fragile_boundary), ok);
		put(o, "distance", num(c->boot.fragile_distance), ok);
		put(o, "basis", json_string(c->boot.fragile_basis), ok);
		push(arr, o, ok);
	}
	if (c->small_sample) {
		o = json_object();
		put(o, "code", json_string("small-sample"), ok);
		put(o, "pairs", json_integer((json_int_t)c->n_pairs), ok);
		put(o, "nominal", num(p->confidence), ok);
		put(o, "simulated_coverage", num(c->coverage), ok);
		put(o, "simulated_pairs",
		    json_integer((json_int_t)c->coverage_pairs), ok);
		put(o, "scenario", json_string(coverage_scenario()), ok);
		push(arr, o, ok);
	}
	if (c->coverage_beyond) {
		o = json_object();
		put(o, "code", json_string("coverage-beyond-table"), ok);
		put(o, "pairs", json_integer((json_int_t)c->n_pairs), ok);
		put(o, "table_max_pairs",
		    json_integer(COVERAGE_MAX_PAIRS), ok);
		push(arr, o, ok);
	}
	if (c->n_unpaired) {
		o = json_object();
		put(o, "code", json_string("unpaired-runs"), ok);
		put(o, "runs", run_ids(s, c->unpaired, c->n_unpaired, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

/* The density behind the interval (analyze/density.h), or null. */
static json_t *density_json(const density_grid *g, bool *ok)
{
	json_t *o, *arr;

	if (g->source == DENSITY_NONE)
		return json_null();
	o = json_object();
	arr = json_array();
	if (!o || !arr) {
		json_decref(o);
		json_decref(arr);
		return NULL;
	}
	put(o, RF_KEY(RF_SOURCE), json_string(density_source_code(g->source)),
	    ok);
	put(o, RF_KEY(RF_EXACT), json_boolean(g->exact), ok);
	put(o, RF_KEY(RF_LO), num(g->lo), ok);
	put(o, RF_KEY(RF_HI), num(g->hi), ok);
	put(o, RF_KEY(RF_BELOW), num(g->below), ok);
	put(o, RF_KEY(RF_ABOVE), num(g->above), ok);
	put(o, RF_KEY(RF_BANDWIDTH), num(g->bandwidth), ok);
	for (int i = 0; i < DENSITY_POINTS; i++)
		push(arr, num(g->density[i]), ok);
	put(o, RF_KEY(RF_DENSITY), arr, ok);
	return o;
}

/* Where a comparison of a sequential study stands: its look, the blocks
 * and level of that look, and the pairs recorded after it. */
static json_t *look_json(const study_plan *p, const comparison *c, bool *ok)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	put(o, "status", json_string(look_status_code(c->look_status)), ok);
	put(o, "look", c->look ? json_integer((json_int_t)c->look)
			       : json_null(), ok);
	put(o, "blocks", c->look ? json_integer((json_int_t)p->looks[c->look
								     - 1])
				 : json_null(), ok);
	put(o, "level", c->look ? num(c->look_level) : json_null(), ok);
	put(o, "looks_reached", json_integer((json_int_t)c->looks_reached), ok);
	put(o, "pairs_after", json_integer((json_int_t)c->pairs_after), ok);
	return o;
}

static json_t *comparison_json(const study *s, const comparison *c, bool *ok)
{
	const study_plan *p = &s->plan;
	json_t *o = json_object();
	json_t *blocks = json_array();
	json_t *diffs = json_array();
	json_t *sens = json_object();

	if (!o || !blocks || !diffs || !sens) {
		json_decref(o);
		json_decref(blocks);
		json_decref(diffs);
		json_decref(sens);
		return NULL;
	}
	put(o, RC_KEY(RC_SERIES), json_string(p->series[c->series].id), ok);
	put(o, RC_KEY(RC_STATE), state_json(p->states[c->state]), ok);
	put(o, RC_KEY(RC_REFERENCE), state_json(p->reference), ok);
	put(o, RC_KEY(RC_PAIRS), json_integer((json_int_t)c->n_pairs), ok);
	for (size_t i = 0; i < c->n_pairs; i++) {
		push(blocks, json_integer((json_int_t)c->blocks[i]), ok);
		push(diffs, num(c->diffs[i]), ok);
	}
	put(o, RC_KEY(RC_BLOCKS), blocks, ok);
	put(o, RC_KEY(RC_DIFFERENCES), diffs, ok);
	put(o, RC_KEY(RC_DIFFERENCE), num(c->boot.estimate), ok);
	put(o, RC_KEY(RC_INTERVAL), interval_json(&c->boot.ci[p->interval], ok), ok);
	put(o, RC_KEY(RC_RESAMPLES), p->resamples_exact
			    ? json_string("exact")
			    : json_integer((json_int_t)p->resamples), ok);
	put(o, RC_KEY(RC_SEED), json_integer(p->seed), ok);
	put(o, RC_KEY(RC_STREAM_SEED), json_integer(c->stream_seed), ok);
	put(o, RC_KEY(RC_VERDICT), json_string(verdict_code(c->verdict)), ok);
	if (p->n_looks > 0)
		put(o, RC_KEY(RC_LOOK), look_json(p, c, ok), ok);
	for (int m = 0; m < INTERVAL_METHOD_COUNT; m++)
		put(sens, interval_method_name((interval_method)m),
		    interval_json(&c->boot.ci[m], ok), ok);
	put(o, RC_KEY(RC_SENSITIVITY), sens, ok);
	if (c->boot.exact_checked)
		put(o, RC_KEY(RC_EXACT_CHECK), interval_json(&c->boot.exact_ci, ok), ok);
	put(o, RC_KEY(RC_DENSITY), density_json(&c->boot.density, ok), ok);
	put(o, RC_KEY(RC_NOTES), comparison_notes(s, c, ok), ok);
	return o;
}

static json_t *verdicts_json(const study *s, const analysis *a, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < a->n_states; i++) {
		const state_result *r = &a->states[i];
		json_t *o = json_object();
		json_t *per = json_array();
		if (!o || !per) {
			json_decref(o);
			json_decref(per);
			*ok = false;
			break;
		}
		put(o, RD_KEY(RD_STATE), state_json(s->plan.states[r->state]),
		    ok);
		put(o, RD_KEY(RD_VERDICT),
		    json_string(verdict_code(r->verdict)), ok);
		for (size_t k = 0; k < r->n_comparisons; k++) {
			const comparison *c = &a->cmp[r->comparisons[k]];
			json_t *e = json_object();
			put(e, RY_KEY(RY_SERIES), json_string(
				    s->plan.series[c->series].id), ok);
			put(e, RY_KEY(RY_VERDICT),
			    json_string(verdict_code(c->verdict)), ok);
			push(per, e, ok);
		}
		put(o, RD_KEY(RD_SERIES), per, ok);
		push(arr, o, ok);
	}
	return arr;
}

/* The stable code of a finding between series. */
static const char *finding_code(hetero_finding f)
{
	switch (f) {
	case HETERO_SAME:
		return "no-clear-difference";
	case HETERO_DIFFERS:
		return "differs";
	case HETERO_UNJUDGED:
		return "cannot-be-judged";
	}
	return "unknown";
}

/* A yes/no finding as JSON: null when it cannot be judged, so that an
 * absent test never reads as "no difference". */
static json_t *finding_flag(hetero_finding f)
{
	return f == HETERO_UNJUDGED ? json_null()
				    : json_boolean(f == HETERO_DIFFERS);
}

static json_t *spread_test_json(const study_plan *p, const spread_test *t,
				bool *ok)
{
	json_t *e = json_object();

	put(e, "series_a", json_string(p->series[t->series_a].id), ok);
	put(e, "series_b", json_string(p->series[t->series_b].id), ok);
	put(e, "sd_ratio", num(t->ratio), ok);
	put(e, "test", json_string("Brown-Forsythe (absolute deviations from "
				   "the median)"), ok);
	put(e, "statistic", num(t->statistic), ok);
	put(e, "df", t->finding == HETERO_UNJUDGED ? json_null()
		     : json_pack("[i, I]", 1, (json_int_t)t->df_within), ok);
	put(e, "p_value", num(t->p_value), ok);
	put(e, "differs", finding_flag(t->finding), ok);
	put(e, "finding", json_string(finding_code(t->finding)), ok);
	return e;
}

static json_t *difference_json(const study_plan *p, const series_difference *d,
			       bool *ok)
{
	json_t *e = json_object();

	put(e, "state", state_json(p->states[d->state]), ok);
	put(e, "series_a", json_string(p->series[d->series_a].id), ok);
	put(e, "series_b", json_string(p->series[d->series_b].id), ok);
	put(e, "difference", num(d->difference), ok);
	put(e, "lo", d->defined ? num(d->lo) : json_null(), ok);
	put(e, "hi", d->defined ? num(d->hi) : json_null(), ok);
	put(e, "method", json_string("unpaired percentile bootstrap"), ok);
	put(e, "disagree", finding_flag(d->finding), ok);
	put(e, "finding", json_string(finding_code(d->finding)), ok);
	return e;
}

/* The per-run statistic of state and series SP over its accepted runs:
 * the state's level, also the reference's spread. */
static json_t *spread_json(const study_plan *p, const series_spread *sp,
			   bool *ok)
{
	json_t *e = json_object();

	put(e, "series", json_string(p->series[sp->series].id), ok);
	put(e, "state", state_json(p->states[sp->state]), ok);
	put(e, "runs", json_integer((json_int_t)sp->runs), ok);
	put(e, "mean", num(sp->mean), ok);
	put(e, "sd", num(sp->sd), ok);
	put(e, "min", num(sp->min), ok);
	put(e, "max", num(sp->max), ok);
	return e;
}

static json_t *levels_json(const study *s, const analysis *a, bool *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < a->n_levels; i++)
		push(arr, spread_json(&s->plan, &a->levels[i], ok), ok);
	return arr;
}

static json_t *heterogeneity_json(const study *s, const analysis *a, bool *ok)
{
	const study_plan *p = &s->plan;
	json_t *o = json_object();
	json_t *spread = json_array(), *between = json_array();
	json_t *tests = json_array();

	if (!o || !spread || !between || !tests) {
		json_decref(o);
		json_decref(spread);
		json_decref(between);
		json_decref(tests);
		return NULL;
	}
	for (size_t i = 0; i < a->n_spread; i++)
		push(spread, spread_json(p, &a->spread[i], ok), ok);
	for (size_t i = 0; i < a->n_spread_tests; i++)
		push(tests, spread_test_json(p, &a->spread_tests[i], ok), ok);
	for (size_t i = 0; i < a->n_between; i++)
		push(between, difference_json(p, &a->between[i], ok), ok);
	put(o, "reference_spread", spread, ok);
	put(o, "spread_tests", tests, ok);
	put(o, "between_series", between, ok);
	/* Without a clear difference, "not heterogeneous" is only claimed
	 * when every comparison could be judged. */
	put(o, "heterogeneous", a->heterogeneous ? json_true()
				: a->unjudged ? json_null() : json_false(), ok);
	put(o, "cannot_be_judged", json_boolean(a->unjudged), ok);
	put(o, "conclusions_differ", json_boolean(a->conclusions_differ), ok);
	return o;
}

/* Puts the count N under KEY. */
static void put_count(json_t *o, const char *key, size_t n, bool *ok)
{
	put(o, key, jsonput_count(n), ok);
}

/* Per observed name: the values with their boots, and the boots that
 * did not report the name. */
static json_t *observed_json(const mech_state_summary *m, bool *ok)
{
	json_t *arr = json_array();

	for (size_t k = 0; arr && k < m->n_observed; k++) {
		const observed_name *on = &m->observed[k];
		json_t *o = json_object(), *vals = json_array();
		for (size_t v = 0; vals && v < on->n_values; v++) {
			json_t *e = json_object();
			put(e, "value", json_string(on->values[v].value), ok);
			put_count(e, "boots", on->values[v].boots, ok);
			push(vals, e, ok);
		}
		put(o, "name", json_string(on->name), ok);
		put(o, "values", vals, ok);
		put_count(o, "unreported", on->unreported, ok);
		push(arr, o, ok);
	}
	return arr;
}

/* The priority entries of M: each distinct Win32 and ETW triplet with its
 * boots. */
static json_t *priorities_json(const mech_state_summary *m, bool *ok)
{
	json_t *vars = json_array();

	for (size_t v = 0; vars && v < m->n_variants; v++) {
		json_t *e = json_object();
		put(e, RV_KEY(RV_WIN32), triplet(m->variants[v].win32, ok), ok);
		put(e, RV_KEY(RV_ETW), triplet(m->variants[v].etw, ok), ok);
		put(e, RV_KEY(RV_BOOTS),
		    json_integer((json_int_t)m->variants[v].boots), ok);
		push(vars, e, ok);
	}
	return vars;
}

static json_t *mechanism_json(const study *s, const study_summary *sum,
			      bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		json_t *o = json_object();
		put(o, RM_KEY(RM_SERIES),
		    json_string(s->plan.series[m->series].id), ok);
		put(o, RM_KEY(RM_STATE), state_json(m->state), ok);
		put_count(o, RM_KEY(RM_BOOTS), m->boots, ok);
		put_count(o, RM_KEY(RM_REGISTERED), m->registered, ok);
		put_count(o, RM_KEY(RM_SERVICE_RUNNING), m->service_running,
			  ok);
		put_count(o, RM_KEY(RM_SERVICE_STOPPED), m->service_stopped,
			  ok);
		put_count(o, RM_KEY(RM_SERVICE_UNKNOWN), m->service_unknown,
			  ok);
		put(o, RM_KEY(RM_PRIORITY), priorities_json(m, ok), ok);
		put(o, RM_KEY(RM_PRIORITY_INCOMPLETE),
		    json_integer((json_int_t)m->prio_missing), ok);
		put(o, RM_KEY(RM_CLASS_CHANGED), json_boolean(m->class_changed),
		    ok);
		put(o, RM_KEY(RM_LOST_EVENTS),
		    json_integer((json_int_t)m->lost_events), ok);
		put(o, RM_KEY(RM_LOST_BUFFERS),
		    json_integer((json_int_t)m->lost_buffers), ok);
		put_count(o, RM_KEY(RM_REGISTRATION_REPORTED),
			  m->register_reported, ok);
		put_count(o, RM_KEY(RM_PRIORITY_REPORTED), m->prio_reported,
			  ok);
		put_count(o, RM_KEY(RM_CLASS_REPORTED), m->class_reported, ok);
		put(o, RM_KEY(RM_OBSERVED), observed_json(m, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *tristate(int v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

/* One row of "boundary": what was written on a boot of a boundary series,
 * what the system reported, and the outcome. */
static json_t *bound_row_json(const study *s, const boundary_row *b, bool *ok)
{
	json_t *e = json_object();
	bool documented = b->expected_known && b->outcome != OUTCOME_DISABLED;

	put(e, RW_KEY(RW_RUN), json_string(s->runs[b->run].id), ok);
	put(e, RW_KEY(RW_WRITTEN), state_json(b->written), ok);
	put(e, RW_KEY(RW_SERVICE), b->service < 0 ? json_null()
		: json_string(b->service ? "running" : "stopped"), ok);
	put(e, RW_KEY(RW_API_VALUE), b->api_ok ? json_integer(b->api_value)
					       : json_null(), ok);
	put(e, RW_KEY(RW_REGISTERED), tristate(b->registered), ok);
	put(e, RW_KEY(RW_DOCUMENTED_VALUE),
	    documented ? json_integer(b->expected_value) : json_null(), ok);
	put(e, RW_KEY(RW_OUTCOME),
	    json_string(boundary_outcome_code(b->outcome)), ok);
	return e;
}

static json_t *boundary_json(const study *s, const study_summary *sum,
			     bool *ok)
{
	json_t *o = json_object(), *rows = json_array(), *groups = json_array();
	for (size_t i = 0; rows && i < sum->n_boundary; i++)
		push(rows, bound_row_json(s, &sum->boundary[i], ok), ok);
	for (size_t g = 0; groups && g < sum->n_groups; g++) {
		const boundary_group *bg = &sum->groups[g];
		json_t *e = json_object(), *members = json_array();
		for (size_t i = 0; members && i < bg->count; i++)
			push(members, state_json(
				     sum->boundary[bg->first + i].written), ok);
		put(e, RG_KEY(RG_WRITTEN), members, ok);
		put(e, RG_KEY(RG_OUTCOME), json_string(boundary_outcome_code(
				     sum->boundary[bg->first].outcome)), ok);
		push(groups, e, ok);
	}
	put(o, RB_KEY(RB_ROWS), rows, ok);
	put(o, RB_KEY(RB_GROUPS), groups, ok);
	return o;
}

/* The excluded runs of ACC, with the reason each was excluded for. */
static json_t *excluded_json(const study *s, const series_accounting *acc,
			     bool *ok)
{
	json_t *ex = json_array();

	for (size_t k = 0; ex && k < acc->excluded; k++) {
		const study_run *r = &s->runs[acc->excluded_runs[k]];
		json_t *e = json_object();
		put(e, RX_KEY(RX_RUN), json_string(r->id), ok);
		put(e, RX_KEY(RX_REASON), str_or_null(r->note), ok);
		push(ex, e, ok);
	}
	return ex;
}

static json_t *accounting_json(const study *s, const study_summary *sum,
			       bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < sum->n_accounting; i++) {
		const series_accounting *acc = &sum->accounting[i];
		json_t *o = json_object();
		put(o, RA_KEY(RA_SERIES),
		    json_string(s->plan.series[acc->series].id), ok);
		put(o, RA_KEY(RA_RUNS), json_integer((json_int_t)acc->runs), ok);
		put(o, RA_KEY(RA_ACCEPTED),
		    json_integer((json_int_t)acc->accepted), ok);
		put(o, RA_KEY(RA_EXCLUDED),
		    json_integer((json_int_t)acc->excluded), ok);
		put(o, RA_KEY(RA_EXCLUDED_RUNS), excluded_json(s, acc, ok), ok);
		put(o, RA_KEY(RA_LOST_EVENTS),
		    json_integer((json_int_t)acc->lost_events), ok);
		put(o, RA_KEY(RA_LOST_BUFFERS),
		    json_integer((json_int_t)acc->lost_buffers), ok);
		push(arr, o, ok);
	}
	return arr;
}

/* The run ids of list IDX (N entries): of schedule.csv's rows when
 * PLANNED, else of runs.csv. */
static json_t *run_ids_json(const study *s, const size_t *idx, size_t n,
			    bool planned, bool *ok)
{
	json_t *arr = json_array();

	for (size_t i = 0; arr && i < n; i++)
		push(arr, json_string(planned ? s->schedule->rows[idx[i]].run
					      : s->runs[idx[i]].id), ok);
	return arr;
}

/* The recorded runs against schedule.csv (analyze/design.h). */
static json_t *schedule_json(const study *s, const schedule_check *c,
			     bool *ok)
{
	json_t *o = json_object();

	put_count(o, "planned", c->planned, ok);
	put_count(o, "as_planned", c->as_planned, ok);
	put(o, "missing", run_ids_json(s, c->missing, c->n_missing, true, ok),
	    ok);
	put(o, "not_planned", run_ids_json(s, c->unplanned, c->n_unplanned,
					   false, ok), ok);
	put(o, "differs", run_ids_json(s, c->differs, c->n_differs, false,
				       ok), ok);
	put(o, "out_of_order", run_ids_json(s, c->out_of_order,
					    c->n_out_of_order, false, ok), ok);
	return o;
}

static json_t *design_json(const study *s, const study_summary *sum,
			   bool *ok)
{
	const study_plan *p = &s->plan;
	json_t *o = json_object(), *bal = json_array(), *ctl = json_array();
	for (size_t i = 0; bal && i < sum->n_balance; i++) {
		const balance_check *b = &sum->balance[i];
		json_t *e = json_object(), *rows = json_array();
		put(e, "series", json_string(p->series[b->series].id), ok);
		put(e, "positions", json_integer((json_int_t)b->n_positions),
		    ok);
		for (size_t j = 0; rows && j < p->n_states; j++) {
			json_t *r = json_object(), *counts = json_array();
			for (size_t q = 0; counts && q < b->n_positions; q++)
				push(counts, json_integer((json_int_t)
					b->counts[j * b->n_positions + q]), ok);
			put(r, "state", state_json(p->states[j]), ok);
			put(r, "counts", counts, ok);
			push(rows, r, ok);
		}
		put(e, "by_state", rows, ok);
		put(e, "flagged", json_boolean(b->flagged), ok);
		put(e, "flagged_state", b->flagged
			? state_json(p->states[b->flagged_state])
			: json_null(), ok);
		put(e, "flagged_position", b->flagged
			? json_integer((json_int_t)b->flagged_position)
			: json_null(), ok);
		push(bal, e, ok);
	}
	for (size_t i = 0; ctl && i < sum->n_controls; i++) {
		const control_check *c = &sum->controls[i];
		json_t *e = json_object();
		put(e, "run", json_string(s->runs[c->run].id), ok);
		put(e, "value_ok", json_boolean(c->value_ok), ok);
		put(e, "service_ok", json_boolean(c->service_ok), ok);
		put(e, "tracing_ok", json_boolean(c->tracing_ok), ok);
		put(e, "processes_ok", json_boolean(c->processes_ok), ok);
		put(e, "restored", json_boolean(c->restored), ok);
		push(ctl, e, ok);
	}
	put(o, "balance", bal, ok);
	put(o, "control", ctl, ok);
	put(o, "schedule", sum->has_schedule ? schedule_json(s, &sum->schedule,
							     ok)
					     : json_null(), ok);
	return o;
}

pb_status results_json_build(const study *s, const analysis *a, json_t **out)
{
	json_t *root = json_object(), *gen = json_object();
	json_t *cmps = json_array();
	bool ok = root && gen && cmps;

	*out = NULL;
	if (!ok) {
		json_decref(root);
		json_decref(gen);
		json_decref(cmps);
		return PB_NOMEM;
	}
	put(root, RS_KEY(RS_SCHEMA), json_string(RESULTS_SCHEMA_NAME), &ok);
	put(root, RS_KEY(RS_SCHEMA_VERSION),
		json_integer(RESULTS_SCHEMA_VERSION), &ok);
	put(gen, "name", json_string(PACKAGE_NAME), &ok);
	put(gen, "version", json_string(PACKAGE_VERSION), &ok);
	put(gen, "gsl", json_string(GSL_VERSION), &ok);
	put(gen, "rng", json_string("mt19937"), &ok);
	put(root, RS_KEY(RS_GENERATOR), gen, &ok);
	put(root, RS_KEY(RS_STUDY), study_json(s, &ok), &ok);
	put(root, RS_KEY(RS_PLAN), plan_json(&s->plan, &ok), &ok);
	put(root, RS_KEY(RS_SERIES), series_json(&s->plan, &ok), &ok);
	put(root, RS_KEY(RS_INPUTS), inputs_json(s, &ok), &ok);
	put(root, RS_KEY(RS_RUNS), runs_json(s, &ok), &ok);
	for (size_t i = 0; i < a->n_cmp; i++)
		push(cmps, comparison_json(s, &a->cmp[i], &ok), &ok);
	put(root, RS_KEY(RS_COMPARISONS), cmps, &ok);
	put(root, RS_KEY(RS_LEVELS), levels_json(s, a, &ok), &ok);
	put(root, RS_KEY(RS_VERDICTS), verdicts_json(s, a, &ok), &ok);
	put(root, RS_KEY(RS_HETEROGENEITY), heterogeneity_json(s, a, &ok), &ok);
	put(root, RS_KEY(RS_MECHANISM), mechanism_json(s, a->summary, &ok),
		&ok);
	put(root, RS_KEY(RS_BOUNDARY), boundary_json(s, a->summary, &ok), &ok);
	put(root, RS_KEY(RS_ACCOUNTING), accounting_json(s, a->summary, &ok),
		&ok);
	put(root, RS_KEY(RS_DESIGN), design_json(s, a->summary, &ok), &ok);
	if (!ok) {
		json_decref(root);
		return PB_NOMEM;
	}
	*out = root;
	return PB_OK;
}

pb_status results_json_write(const study *s, const analysis *a, GString *out)
{
	json_t *root;
	pb_status st = results_json_build(s, a, &root);
	if (st != PB_OK)
		return st;
	st = jsonw_write(root, out);
	json_decref(root);
	return st;
}
