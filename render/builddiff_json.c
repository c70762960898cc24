/* builddiff_json.c: builds compare.json from a comparison of two builds. */
#include "config.h"

#include "render/builddiff_json.h"

#include <math.h>

#include <gsl/gsl_version.h>

#include "ingest/rowfilter.h"
#include "render/jsonput.h"
#include "render/jsonw.h"
#include "render/results_json.h"

/* The names this file calls the helpers of render/jsonput.h by. */
#define put(obj, key, value, ok) jsonput_set((obj), (key), (value), (ok))
#define push(arr, value, ok) jsonput_push((arr), (value), (ok))
#define count(n) jsonput_count(n)
#define num(x) jsonput_num(x)
#define triplet(v, ok) jsonput_longs((v), PRIO_PHASES, (ok))
#define state_json(st) jsonput_state(st)

/* The study.ini key of each PLAN_DIFF_* bit, in bit order. */
static const char *const plan_fields[PLAN_DIFF_FIELDS] = {
	"column", "scale", "unit", "better", "statistic", "reference",
	"threshold", "confidence", "interval", "states", "state_type",
	"looks", "filter", "missing"
};

const char *builddiff_plan_field(unsigned bit)
{
	for (unsigned i = 0; i < PLAN_DIFF_FIELDS; i++)
		if (bit == 1u << i)
			return plan_fields[i];
	return NULL;
}

static json_t *states_json(const pb_state *st, size_t n, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++)
		push(arr, state_json(st[i]), ok);
	return arr;
}

/* A plan's looks and boundary, or null for a plan without looks. */
static json_t *looks_json(const study_plan *p, bool *ok)
{
	json_t *o, *looks;

	if (p->n_looks == 0)
		return json_null();
	o = json_object();
	looks = json_array();
	for (size_t i = 0; looks && i < p->n_looks; i++)
		push(looks, json_integer((json_int_t)p->looks[i]), ok);
	put(o, "looks", looks, ok);
	put(o, "boundary", json_string(look_boundary_name(p->boundary)), ok);
	return o;
}

/* The value of plan field BIT in plan P, as JSON. */
static json_t *plan_value(const study_plan *p, unsigned bit, bool *ok)
{
	switch (bit) {
	case PLAN_DIFF_COLUMN:
		return json_string(p->column ? p->column : "");
	case PLAN_DIFF_SCALE:
		return num(p->scale);
	case PLAN_DIFF_STATISTIC:
		return json_string(p->statistic.name);
	case PLAN_DIFF_THRESHOLD:
		return num(p->threshold);
	case PLAN_DIFF_UNIT:
		return json_string(p->unit ? p->unit : "");
	case PLAN_DIFF_CONFIDENCE:
		return num(p->confidence);
	case PLAN_DIFF_STATES:
		return states_json(p->states, p->n_states, ok);
	case PLAN_DIFF_REFERENCE:
		return state_json(p->reference);
	case PLAN_DIFF_BETTER:
		return json_string(p->better == BETTER_LOWER ? "lower"
							     : "higher");
	case PLAN_DIFF_INTERVAL:
		return json_string(interval_method_name(p->interval));
	case PLAN_DIFF_STATE_TYPE:
		return json_string(pb_state_type_name(p->state_type));
	case PLAN_DIFF_LOOKS:
		return looks_json(p, ok);
	case PLAN_DIFF_FILTER:
	case PLAN_DIFF_MISSING: {
		GString *text = g_string_new(NULL);
		json_t *v;

		if (bit == PLAN_DIFF_FILTER)
			rowfilter_text(text, p->filter, p->n_filter, false);
		else
			rowfilter_tokens_text(text, p->missing, p->n_missing,
					      false);
		v = json_string(text->str);
		g_string_free(text, TRUE);
		return v;
	}
	default:
		return json_null();
	}
}

static json_t *study_json(const study *s, bool *ok)
{
	json_t *o = json_object();
	put(o, "name", json_string(s->name ? s->name : ""), ok);
	put(o, "title", json_string(s->plan.title ? s->plan.title : ""), ok);
	put(o, "build", json_string(s->plan.build ? s->plan.build : ""), ok);
	put(o, "digest", json_string(s->digest), ok);
	put(o, "seed", json_integer(s->plan.seed), ok);
	put(o, "plan_digest", json_string(s->plan.digest), ok);
	put(o, "plan_registered", json_boolean(s->plan.registered), ok);
	return o;
}

static json_t *settings_json(const study *os, const builddiff_result *c,
			     bool *ok)
{
	json_t *o = json_object();
	put(o, "from", json_string("old"), ok);
	put(o, "unit", json_string(os->plan.unit ? os->plan.unit : ""), ok);
	put(o, "better", json_string(c->better == BETTER_LOWER ? "lower"
							       : "higher"), ok);
	put(o, "threshold", num(c->threshold), ok);
	put(o, "threshold_decimals",
	    json_integer(os->plan.threshold_decimals), ok);
	put(o, "confidence", num(c->confidence), ok);
	put(o, "resamples", json_integer((json_int_t)c->resamples), ok);
	put(o, "seed", json_integer(c->seed), ok);
	put(o, "generator", json_string("mt19937"), ok);
	put(o, "method", json_string("unpaired percentile bootstrap"), ok);
	put(o, "endpoint_rule", json_string(results_endpoint_rule_mc), ok);
	put(o, "series_matching", json_string(c->series_matched
					      ? "by-id" : "each-against-each"),
	    ok);
	return o;
}

static json_t *plan_diff_json(const study *os, const study *ns,
			      const builddiff_result *c, bool *ok)
{
	json_t *arr = json_array();
	for (unsigned i = 0; arr && i < PLAN_DIFF_FIELDS; i++) {
		unsigned bit = 1u << i;
		json_t *o;
		if (!(c->plan_diff & bit))
			continue;
		o = json_object();
		put(o, "field", json_string(plan_fields[i]), ok);
		put(o, "old", plan_value(&os->plan, bit, ok), ok);
		put(o, "new", plan_value(&ns->plan, bit, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

/* "better", "worse", or null when no change was found. */
static json_t *direction_json(change_direction d)
{
	const char *code = change_direction_code(d);
	return code ? json_string(code) : json_null();
}

/* The fields every change interval shares. */
static void interval_fields(json_t *o, const change_interval *ci, bool *ok)
{
	const char *dir = NULL;

	put(o, "difference", num(ci->estimate), ok);
	put(o, "lo", ci->defined ? num(ci->lo) : json_null(), ok);
	put(o, "hi", ci->defined ? num(ci->hi) : json_null(), ok);
	put(o, "stream_seed", json_integer(ci->stream_seed), ok);
	put(o, "excludes_zero", json_boolean(ci->excludes_zero), ok);
	if (change_verdict_found(ci->verdict))
		dir = ci->lo > 0 ? "higher" : "lower";
	put(o, "direction", dir ? json_string(dir) : json_null(), ok);
	put(o, "verdict", json_string(change_verdict_code(ci->verdict)), ok);
	put(o, "assessment", direction_json(ci->direction), ok);
	if (ci->fragile) {
		json_t *f = json_object();
		put(f, "endpoint", json_string(ci->fragile_endpoint), ok);
		put(f, "boundary", num(ci->fragile_boundary), ok);
		put(f, "distance", num(ci->fragile_distance), ok);
		put(f, "basis", json_string("monte-carlo error"), ok);
		put(o, "fragile", f, ok);
	} else {
		put(o, "fragile", json_null(), ok);
	}
}

static json_t *baseline_json(const study *os, const study *ns,
			     const builddiff_result *c, bool *ok)
{
	json_t *o = json_object(), *arr = json_array();
	put(o, "old_reference", state_json(os->plan.reference), ok);
	put(o, "new_reference", state_json(ns->plan.reference), ok);
	put(o, "verdict", json_string(change_verdict_code(c->baseline_verdict)),
	    ok);
	put(o, "assessment", direction_json(c->baseline_direction), ok);
	for (size_t i = 0; arr && i < c->n_baseline; i++) {
		const baseline_change *b = &c->baseline[i];
		json_t *e = json_object();
		put(e, "old_series", json_string(os->plan.series[b->old_series].id),
		    ok);
		put(e, "new_series", json_string(ns->plan.series[b->new_series].id),
		    ok);
		put(e, "old_runs", count(b->old_runs), ok);
		put(e, "new_runs", count(b->new_runs), ok);
		put(e, "old_mean", num(b->old_mean), ok);
		put(e, "new_mean", num(b->new_mean), ok);
		interval_fields(e, &b->change, ok);
		push(arr, e, ok);
	}
	put(o, "series", arr, ok);
	return o;
}

static json_t *effects_json(const study *os, const study *ns,
			    const builddiff_result *c, bool *ok)
{
	json_t *arr = json_array();
	for (size_t s = 0; arr && s < c->n_states; s++) {
		const state_change *sc = &c->states[s];
		json_t *o = json_object(), *per = json_array();
		put(o, "state", state_json(sc->state), ok);
		put(o, "verdict", json_string(change_verdict_code(sc->verdict)),
		    ok);
		put(o, "assessment", direction_json(sc->direction), ok);
		put(o, "old_verdict", json_string(verdict_code(sc->old_verdict)),
		    ok);
		put(o, "new_verdict", json_string(verdict_code(sc->new_verdict)),
		    ok);
		for (size_t k = 0; per && k < sc->count; k++) {
			const effect_change *e = &c->effects[sc->first + k];
			json_t *j = json_object();
			put(j, "old_series", json_string(
				    os->plan.series[e->old_series].id), ok);
			put(j, "new_series", json_string(
				    ns->plan.series[e->new_series].id), ok);
			put(j, "old_pairs", count(e->old_pairs), ok);
			put(j, "new_pairs", count(e->new_pairs), ok);
			put(j, "old_effect", num(e->old_effect), ok);
			put(j, "new_effect", num(e->new_effect), ok);
			interval_fields(j, &e->change, ok);
			push(per, j, ok);
		}
		put(o, "series", per, ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *boundary_side(const study_summary *sum, size_t row, bool *ok)
{
	const boundary_row *b;
	json_t *o;

	if (row == BUILDDIFF_NONE)
		return json_null();
	b = &sum->boundary[row];
	o = json_object();
	put(o, "api_value", b->api_ok ? json_integer(b->api_value)
				      : json_null(), ok);
	put(o, "service", b->service < 0 ? json_null()
		: json_string(b->service ? "running" : "stopped"), ok);
	put(o, "registered", b->registered < 0 ? json_null()
					       : json_boolean(b->registered),
	    ok);
	put(o, "outcome", json_string(boundary_outcome_code(b->outcome)), ok);
	return o;
}

static json_t *values_json(const analysis *oa, const analysis *na,
			   const builddiff_result *c, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < c->n_values; i++) {
		const value_change *v = &c->values[i];
		json_t *o = json_object(), *what = json_array();
		const char *tested = v->old_row == BUILDDIFF_NONE ? "new"
				     : v->new_row == BUILDDIFF_NONE ? "old"
				     : "both";
		put(o, "written", state_json(v->written), ok);
		put(o, "tested", json_string(tested), ok);
		put(o, "changed", json_boolean(v->changed), ok);
		if (v->api_changed)
			push(what, json_string("api_value"), ok);
		if (v->service_changed)
			push(what, json_string("service"), ok);
		if (v->registered_changed)
			push(what, json_string("registered"), ok);
		if (v->outcome_changed)
			push(what, json_string("outcome"), ok);
		put(o, "changes", what, ok);
		put(o, "old", boundary_side(oa->summary, v->old_row, ok), ok);
		put(o, "new", boundary_side(na->summary, v->new_row, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

static json_t *mech_side(const study *s, const study_summary *sum,
			 size_t idx, bool *ok)
{
	const mech_state_summary *m;
	json_t *o, *vars;

	if (idx == BUILDDIFF_NONE)
		return json_null();
	m = &sum->mech[idx];
	o = json_object();
	vars = json_array();
	put(o, "series", json_string(s->plan.series[m->series].id), ok);
	put(o, "boots", count(m->boots), ok);
	put(o, "registered", count(m->registered), ok);
	put(o, "service_running", count(m->service_running), ok);
	put(o, "service_stopped", count(m->service_stopped), ok);
	for (size_t v = 0; vars && v < m->n_variants; v++) {
		json_t *e = json_object();
		put(e, "win32", triplet(m->variants[v].win32, ok), ok);
		put(e, "etw", triplet(m->variants[v].etw, ok), ok);
		put(e, "boots", count(m->variants[v].boots), ok);
		push(vars, e, ok);
	}
	put(o, "priority", vars, ok);
	return o;
}

static json_t *mech_json(const study *os, const analysis *oa,
			 const study *ns, const analysis *na,
			 const builddiff_result *c, bool *ok)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < c->n_mech; i++) {
		const mech_change *m = &c->mech[i];
		json_t *o = json_object(), *what = json_array();
		const char *tested = m->old_idx == BUILDDIFF_NONE ? "new"
				     : m->new_idx == BUILDDIFF_NONE ? "old"
				     : "both";
		put(o, "state", state_json(m->state), ok);
		put(o, "tested", json_string(tested), ok);
		put(o, "changed", json_boolean(m->changed), ok);
		if (m->registration_changed)
			push(what, json_string("registration"), ok);
		if (m->service_changed)
			push(what, json_string("service"), ok);
		if (m->priority_changed)
			push(what, json_string("priority"), ok);
		put(o, "changes", what, ok);
		put(o, "old", mech_side(os, oa->summary, m->old_idx, ok), ok);
		put(o, "new", mech_side(ns, na->summary, m->new_idx, ok), ok);
		push(arr, o, ok);
	}
	return arr;
}

/* A short index of what changed, for readers and scripts. */
static json_t *summary_json(const builddiff_result *c, bool *ok)
{
	json_t *o = json_object();
	json_t *values = json_array(), *mech = json_array();
	json_t *effects = json_array(), *better = json_array();
	json_t *worse = json_array(), *size_open = json_array();
	json_t *open_better = json_array(), *open_worse = json_array();

	for (size_t i = 0; i < c->n_values; i++)
		if (c->values[i].changed)
			push(values, state_json(c->values[i].written), ok);
	for (size_t i = 0; i < c->n_mech; i++)
		if (c->mech[i].changed)
			push(mech, state_json(c->mech[i].state), ok);
	for (size_t i = 0; i < c->n_states; i++) {
		const state_change *sc = &c->states[i];
		bool is_open = sc->verdict == CHANGE_SIZE_OPEN;
		if (!change_verdict_found(sc->verdict))
			continue;
		push(is_open ? size_open : effects, state_json(sc->state), ok);
		if (sc->direction == CHANGE_BETTER)
			push(is_open ? open_better : better,
			     state_json(sc->state), ok);
		else
			push(is_open ? open_worse : worse,
			     state_json(sc->state), ok);
	}
	put(o, "plans_differ", json_boolean(c->plan_diff != 0), ok);
	put(o, "values_changed", values, ok);
	put(o, "mechanism_changed", mech, ok);
	put(o, "baseline", json_string(change_verdict_code(
					       c->baseline_verdict)), ok);
	put(o, "baseline_assessment", direction_json(c->baseline_direction),
	    ok);
	put(o, "effects_changed", effects, ok);
	put(o, "effects_better", better, ok);
	put(o, "effects_worse", worse, ok);
	put(o, "effects_size_open", size_open, ok);
	put(o, "effects_size_open_better", open_better, ok);
	put(o, "effects_size_open_worse", open_worse, ok);
	return o;
}

/* One interval of the gate's family, or one it could not judge. */
static json_t *gate_item_json(const study *os, const study *ns,
			      const gate_item *it, bool *ok)
{
	json_t *o = json_object();
	put(o, "item", json_string(it->baseline ? "baseline" : "effect"), ok);
	put(o, "state", state_json(it->state), ok);
	put(o, "old_series", json_string(os->plan.series[it->old_series].id),
	    ok);
	put(o, "new_series", json_string(ns->plan.series[it->new_series].id),
	    ok);
	put(o, "old_pairs", count(it->old_pairs), ok);
	put(o, "new_pairs", count(it->new_pairs), ok);
	put(o, "judged", json_boolean(it->judged), ok);
	put(o, "difference", num(it->estimate), ok);
	put(o, "lo", isnan(it->lo) ? json_null() : num(it->lo), ok);
	put(o, "hi", isnan(it->hi) ? json_null() : num(it->hi), ok);
	put(o, "p", it->judged ? num(it->p) : json_null(), ok);
	put(o, "p_adjusted", it->judged ? num(it->p_adjusted) : json_null(),
	    ok);
	put(o, "established", json_boolean(it->established), ok);
	put(o, "open", json_boolean(it->open), ok);
	put(o, "dropped", json_boolean(it->dropped), ok);
	put(o, "blocks_needed", it->open && it->blocks_needed
		? count(it->blocks_needed) : json_null(), ok);
	return o;
}

/* The decision of `--fail-on` and everything that made it: the rules in
 * analyze/gate.h. */
static json_t *gate_json(const study *os, const study *ns,
			 const builddiff_result *c, const gate_result *g,
			 bool *ok)
{
	json_t *o, *items, *series;

	if (!g)
		return json_null();
	o = json_object();
	items = json_array();
	series = json_array();
	put(o, "mode", json_string(gate_mode_code(g->mode)), ok);
	put(o, "level", num(g->level), ok);
	put(o, "threshold", num(g->threshold), ok);
	put(o, "interval", json_string("welch"), ok);
	put(o, "adjustment", json_string("holm"), ok);
	put(o, "family", count(g->m), ok);
	put(o, "decision", json_string(gate_decision_code(g->decision)), ok);
	put(o, "states_dropped", states_json(c->only_old, c->n_only_old, ok),
	    ok);
	for (size_t i = 0; series && i < g->n_series_dropped; i++)
		push(series, json_string(g->series_dropped[i]), ok);
	put(o, "series_dropped", series, ok);
	put(o, "blocks_needed", g->decision == GATE_INCONCLUSIVE
		&& g->blocks_needed ? count(g->blocks_needed) : json_null(),
	    ok);
	for (size_t i = 0; items && i < g->n_items; i++)
		push(items, gate_item_json(os, ns, &g->items[i], ok), ok);
	put(o, "intervals", items, ok);
	return o;
}

pb_status builddiff_json_build(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const gate_result *g,
			     json_t **out)
{
	json_t *root = json_object(), *gen = json_object();
	bool ok = root && gen;

	*out = NULL;
	put(root, "schema", json_string("pairboot-compare"), &ok);
	put(root, "schema_version", json_integer(BUILDDIFF_SCHEMA_VERSION), &ok);
	put(gen, "name", json_string(PACKAGE_NAME), &ok);
	put(gen, "version", json_string(PACKAGE_VERSION), &ok);
	put(gen, "gsl", json_string(GSL_VERSION), &ok);
	put(gen, "rng", json_string("mt19937"), &ok);
	put(root, "generator", gen, &ok);
	put(root, "old", study_json(os, &ok), &ok);
	put(root, "new", study_json(ns, &ok), &ok);
	put(root, "settings", settings_json(os, c, &ok), &ok);
	put(root, "plan_differences", plan_diff_json(os, ns, c, &ok), &ok);
	put(root, "states_only_old",
	    states_json(c->only_old, c->n_only_old, &ok), &ok);
	put(root, "states_only_new",
	    states_json(c->only_new, c->n_only_new, &ok), &ok);
	put(root, "summary", summary_json(c, &ok), &ok);
	put(root, "value_handling", values_json(oa, na, c, &ok), &ok);
	put(root, "mechanism", mech_json(os, oa, ns, na, c, &ok), &ok);
	put(root, "baseline", baseline_json(os, ns, c, &ok), &ok);
	put(root, "effects", effects_json(os, ns, c, &ok), &ok);
	put(root, "gate", gate_json(os, ns, c, g, &ok), &ok);
	if (!ok) {
		json_decref(root);
		return PB_NOMEM;
	}
	*out = root;
	return PB_OK;
}

pb_status builddiff_json_write(const study *os, const analysis *oa,
			     const study *ns, const analysis *na,
			     const builddiff_result *c, const gate_result *g,
			     GString *out)
{
	json_t *root;
	pb_status st = builddiff_json_build(os, oa, ns, na, c, g, &root);
	if (st != PB_OK)
		return st;
	st = jsonw_write(root, out);
	json_decref(root);
	return st;
}
