/* summary.c: mechanism, boundary, accounting and design summaries.
 *
 * Everything here is counting over the runs of an ingested study; the rules
 * (which outcome a written value should have, when a run order counts as
 * unbalanced) are described in summary.h and docs/statistics.md. */
#include "analyze/summary.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Orders states as reports list values: missing first, then ascending. */
static int state_cmp(pb_state a, pb_state b)
{
	/* Named states carry no number: they order by name, so that rows
	 * of one name stay together whatever runs.csv's order. */
	if (a.named || b.named)
		return strcmp(a.text ? a.text : "", b.text ? b.text : "");
	if (a.missing || b.missing)
		return (int)b.missing - (int)a.missing;
	return (a.value > b.value) - (a.value < b.value);
}

static bool run_is(const study *s, size_t i, series_kind kind)
{
	const study_run *r = &s->runs[i];
	return r->accepted && r->series < s->plan.n_series
	       && s->plan.series[r->series].kind == kind;
}

/* ---------------------------------------------------------------------
 * Mechanism series. */

/* Appends the distinct states of the accepted runs of series SER to a new
 * array *OUT (caller frees), ordered as mech_state_summary lists them. */
static pb_status mech_states(const study *s, size_t ser, pb_state **out,
			     size_t *n_out)
{
	pb_state *found;
	size_t n = 0, n_plan;

	*out = NULL;
	*n_out = 0;
	found = malloc((s->plan.n_states + s->n_runs + 1) * sizeof *found);
	if (!found)
		return PB_NOMEM;
	/* The plan's states first, each once, in display order. */
	for (size_t k = 0; k < s->plan.n_states; k++) {
		for (size_t i = 0; i < s->n_runs; i++) {
			if (s->runs[i].series == ser
			    && run_is(s, i, SERIES_MECHANISM)
			    && pb_state_equal(s->runs[i].state,
					      s->plan.states[k])) {
				found[n++] = s->plan.states[k];
				break;
			}
		}
	}
	n_plan = n;
	/* Then states the plan does not list (ingest normally rejects them),
	 * kept in sorted position by insertion so the order is stable. */
	for (size_t i = 0; i < s->n_runs; i++) {
		pb_state st = s->runs[i].state;
		size_t j;
		bool seen = false;

		if (s->runs[i].series != ser || !run_is(s, i, SERIES_MECHANISM)
		    || study_state_index(&s->plan, st) != STUDY_NO_STATE)
			continue;
		for (j = n_plan; j < n && !seen; j++)
			seen = pb_state_equal(found[j], st);
		if (seen)
			continue;
		for (j = n; j > n_plan && state_cmp(found[j - 1], st) > 0; j--)
			found[j] = found[j - 1];
		found[j] = st;
		n++;
	}
	*out = found;
	*n_out = n;
	return PB_OK;
}

static bool prio_complete(const mech_log *m)
{
	for (int p = 0; p < PRIO_PHASES; p++)
		if (!m->prio_seen[p])
			return false;
	return true;
}

/* True when two phases of M named different priority classes.  A phase
 * without a class says nothing either way. */
static bool class_changed(const mech_log *m)
{
	const char *first = NULL;

	for (int p = 0; p < PRIO_PHASES; p++) {
		const char *c = m->prio_seen[p] ? m->prio_class[p] : NULL;
		if (!c)
			continue;
		if (!first)
			first = c;
		else if (strcmp(first, c) != 0)
			return true;
	}
	return false;
}

static bool variant_matches(const prio_variant *v, const mech_log *m)
{
	for (int p = 0; p < PRIO_PHASES; p++)
		if (v->win32[p] != m->win32[p] || v->etw[p] != m->etw[p])
			return false;
	return true;
}

/* Counts which of the MMCSS events log M reported, so that a report
 * shows only what was recorded. */
static void count_reported(mech_state_summary *ms, const mech_log *m)
{
	bool prio = false, cls = false;

	for (int p = 0; p < PRIO_PHASES; p++) {
		prio |= m->prio_seen[p];
		cls |= m->prio_seen[p] && m->prio_class[p];
	}
	ms->register_reported += m->register_seen;
	ms->prio_reported += prio;
	ms->class_reported += cls;
}

/* Fills MS with the accepted boots of STATE in series SER.  MS->variants
 * is allocated here (NULL when no boot has all three phases). */
static pb_status mech_summarise(const study *s, size_t ser, pb_state state,
				mech_state_summary *ms)
{
	size_t cap = 0;

	memset(ms, 0, sizeof *ms);
	ms->series = ser;
	ms->state = state;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];

		if (r->series != ser || !run_is(s, i, SERIES_MECHANISM)
		    || !pb_state_equal(r->state, state))
			continue;
		cap++;
	}
	if (cap) {
		ms->variants = calloc(cap, sizeof *ms->variants);
		if (!ms->variants)
			return PB_NOMEM;
	}
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		const mech_log *m = r->mech;
		size_t v;

		if (r->series != ser || !run_is(s, i, SERIES_MECHANISM)
		    || !pb_state_equal(r->state, state))
			continue;
		ms->boots++;
		/* A boot without a log still counts: as nothing seen. */
		if (!m) {
			ms->service_unknown++;
			ms->prio_missing++;
			continue;
		}
		count_reported(ms, m);
		if (m->register_seen && m->register_ok)
			ms->registered++;
		if (m->service == 1)
			ms->service_running++;
		else if (m->service == 0)
			ms->service_stopped++;
		else
			ms->service_unknown++;
		if (m->etw_seen) {
			ms->lost_events += m->lost_events;
			ms->lost_buffers += m->lost_buffers;
		}
		if (class_changed(m))
			ms->class_changed = true;
		if (!prio_complete(m)) {
			ms->prio_missing++;
			continue;
		}
		for (v = 0; v < ms->n_variants; v++)
			if (variant_matches(&ms->variants[v], m))
				break;
		if (v == ms->n_variants) {
			prio_variant *nv = &ms->variants[ms->n_variants++];
			memcpy(nv->win32, m->win32, sizeof nv->win32);
			memcpy(nv->etw, m->etw, sizeof nv->etw);
		}
		ms->variants[v].boots++;
	}
	/* Most boots first; insertion sort is stable, so ties keep the order
	 * of first appearance. */
	for (size_t i = 1; i < ms->n_variants; i++) {
		prio_variant t = ms->variants[i];
		size_t j = i;
		while (j > 0 && ms->variants[j - 1].boots < t.boots) {
			ms->variants[j] = ms->variants[j - 1];
			j--;
		}
		ms->variants[j] = t;
	}
	if (ms->n_variants == 0) {
		free(ms->variants);
		ms->variants = NULL;
	}
	return PB_OK;
}

/* The value log M observed for NAME, or NULL. */
static const char *observed_in(const mech_log *m, const char *name)
{
	for (size_t i = 0; m && i < m->n_observations; i++)
		if (strcmp(m->observations[i].name, name) == 0)
			return m->observations[i].value;
	return NULL;
}

static bool is_mech_run(const study *s, size_t i, size_t ser)
{
	return s->runs[i].series == ser && run_is(s, i, SERIES_MECHANISM);
}

/* The names the accepted boots of series SER observed, in order of first
 * appearance, into a new array *OUT (caller frees; borrowed strings). */
static pb_status series_names(const study *s, size_t ser,
			      const char ***out, size_t *n_out)
{
	const char **names = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < s->n_runs; i++) {
		const mech_log *m = s->runs[i].mech;
		if (!m || !is_mech_run(s, i, ser))
			continue;
		for (size_t k = 0; k < m->n_observations; k++) {
			const char *name = m->observations[k].name;
			size_t j = 0;
			while (j < n && strcmp(names[j], name) != 0)
				j++;
			if (j < n)
				continue;
			if (n == cap) {
				const char **nn;
				cap = cap ? cap * 2 : 8;
				nn = realloc(names, cap * sizeof *nn);
				if (!nn) {
					free(names);
					return PB_NOMEM;
				}
				names = nn;
			}
			names[n++] = name;
		}
	}
	*out = names;
	*n_out = n;
	return PB_OK;
}

/* Counts what the boots of MS's state observed for NAME into ON, with
 * room for as many distinct values as the state has boots. */
static pb_status observe_name(const study *s, const mech_state_summary *ms,
			      const char *name, observed_name *on)
{
	on->name = name;
	on->values = calloc(ms->boots ? ms->boots : 1, sizeof *on->values);
	if (!on->values)
		return PB_NOMEM;
	for (size_t i = 0; i < s->n_runs; i++) {
		const char *v;
		size_t j = 0;

		if (!is_mech_run(s, i, ms->series)
		    || !pb_state_equal(s->runs[i].state, ms->state))
			continue;
		v = observed_in(s->runs[i].mech, name);
		if (!v) {
			on->unreported++;
			continue;
		}
		while (j < on->n_values && strcmp(on->values[j].value, v) != 0)
			j++;
		if (j == on->n_values)
			on->values[on->n_values++].value = v;
		on->values[j].boots++;
	}
	/* Most boots first; insertion sort keeps ties in order. */
	for (size_t i = 1; i < on->n_values; i++) {
		observed_value t = on->values[i];
		size_t j = i;
		for (; j > 0 && on->values[j - 1].boots < t.boots; j--)
			on->values[j] = on->values[j - 1];
		on->values[j] = t;
	}
	return PB_OK;
}

/* Fills MS->observed with every name of NAMES (N of them). */
static pb_status mech_observations(const study *s, const char **names,
				   size_t n, mech_state_summary *ms)
{
	if (!n)
		return PB_OK;
	ms->observed = calloc(n, sizeof *ms->observed);
	if (!ms->observed)
		return PB_NOMEM;
	for (size_t k = 0; k < n; k++) {
		pb_status st = observe_name(s, ms, names[k], &ms->observed[k]);
		/* Counted first, so summary_free frees what was allocated. */
		ms->n_observed++;
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

static pb_status build_mechanism(const study *s, study_summary *sum)
{
	size_t cap = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		if (run_is(s, i, SERIES_MECHANISM))
			cap++;
	if (!cap)
		return PB_OK;
	sum->mech = calloc(cap, sizeof *sum->mech);
	if (!sum->mech)
		return PB_NOMEM;
	for (size_t ser = 0; ser < s->plan.n_series; ser++) {
		pb_state *states;
		const char **names = NULL;
		size_t n, n_names = 0;
		pb_status st;

		if (s->plan.series[ser].kind != SERIES_MECHANISM)
			continue;
		st = mech_states(s, ser, &states, &n);
		if (st != PB_OK)
			return st;
		st = series_names(s, ser, &names, &n_names);
		for (size_t k = 0; k < n && st == PB_OK; k++) {
			mech_state_summary *ms = &sum->mech[sum->n_mech];
			st = mech_summarise(s, ser, states[k], ms);
			/* Counted even on failure, so summary_free frees
			 * what was allocated. */
			sum->n_mech++;
			if (st == PB_OK)
				st = mech_observations(s, names, n_names, ms);
		}
		free(names);
		free(states);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * Boundary series. */

boundary_outcome boundary_expected(const value_rule *rule, pb_state written,
				   int64_t *api_value)
{
	int64_t api = 0;
	boundary_outcome o;
	uint32_t v = written.value;

	if (written.missing || !rule || !rule->declared) {
		o = OUTCOME_OBSERVATION_ONLY;
	} else if (rule->has_disables && v == rule->disables) {
		o = OUTCOME_DISABLED;
	} else if (rule->has_valid
		   && (v < rule->valid_lo || v > rule->valid_hi)) {
		o = OUTCOME_NORMALIZED;
		api = (int64_t)rule->outside;
	} else if (rule->multiple > 1 && v % rule->multiple != 0) {
		o = OUTCOME_ROUNDED_DOWN;
		api = (int64_t)(v - v % rule->multiple);
	} else {
		o = OUTCOME_VALUE_USED;
		api = (int64_t)v;
	}
	if (api_value)
		*api_value = api;
	return o;
}

const char *boundary_outcome_code(boundary_outcome o)
{
	switch (o) {
	case OUTCOME_VALUE_USED: return "value-used";
	case OUTCOME_ROUNDED_DOWN: return "rounded-down";
	case OUTCOME_NORMALIZED: return "normalized";
	case OUTCOME_DISABLED: return "disabled";
	case OUTCOME_OBSERVATION_ONLY: return "observation-only";
	case OUTCOME_CONTRADICTS: return "contradicts-documentation";
	}
	return "unknown";
}

/* What the observation in ROW (from log M, may be NULL) says, given the
 * documented expectation. */
static boundary_outcome boundary_observed(const boundary_row *row,
					  const mech_log *m,
					  boundary_outcome expected)
{
	bool against, evidence;

	switch (expected) {
	case OUTCOME_OBSERVATION_ONLY:
		return expected;
	case OUTCOME_DISABLED:
		/* Disabled needs some sign of it (service stopped, or the
		 * registration or the query failed) and none against it (the
		 * service running, or a thread registered). */
		against = row->service == 1 || row->registered == 1;
		evidence = row->service == 0 || row->registered == 0
			   || (m && m->query_seen && !m->query_ok);
		return evidence && !against ? OUTCOME_DISABLED
					    : OUTCOME_CONTRADICTS;
	case OUTCOME_VALUE_USED:
	case OUTCOME_ROUNDED_DOWN:
	case OUTCOME_NORMALIZED:
	case OUTCOME_CONTRADICTS:
		break;
	}
	if (expected != OUTCOME_CONTRADICTS && row->service == 1
	    && row->api_ok && row->api_value == row->expected_value)
		return expected;
	return OUTCOME_CONTRADICTS;
}

static void boundary_fill(const study *s, size_t i, boundary_row *row)
{
	const study_run *r = &s->runs[i];
	const mech_log *m = r->mech;
	boundary_outcome expected;

	memset(row, 0, sizeof *row);
	row->run = i;
	row->written = r->state;
	row->service = m ? m->service : -1;
	row->api_ok = m && m->query_seen && m->query_ok;
	row->api_value = row->api_ok ? m->query_value : 0;
	row->registered = m && m->register_seen ? (m->register_ok ? 1 : 0)
						: -1;
	expected = boundary_expected(&s->plan.series[r->series].rule, r->state,
				     &row->expected_value);
	row->expected_known = expected != OUTCOME_OBSERVATION_ONLY;
	row->outcome = boundary_observed(row, m, expected);
}

/* Row order: series, then written value, then runs.csv order. */
static int boundary_row_cmp(const study *s, const boundary_row *a,
			    const boundary_row *b)
{
	size_t sa = s->runs[a->run].series, sb = s->runs[b->run].series;
	int c;

	if (sa != sb)
		return sa < sb ? -1 : 1;
	c = state_cmp(a->written, b->written);
	if (c)
		return c;
	return (a->run > b->run) - (a->run < b->run);
}

static bool boundary_same_group(const study *s, const boundary_row *a,
				const boundary_row *b)
{
	return s->runs[a->run].series == s->runs[b->run].series
	       && a->outcome == b->outcome && a->service == b->service
	       && a->registered == b->registered && a->api_ok == b->api_ok
	       && (!a->api_ok || a->api_value == b->api_value);
}

static pb_status build_boundary(const study *s, study_summary *sum)
{
	size_t cap = 0, n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		if (run_is(s, i, SERIES_BOUNDARY))
			cap++;
	if (!cap)
		return PB_OK;
	sum->boundary = calloc(cap, sizeof *sum->boundary);
	sum->groups = calloc(cap, sizeof *sum->groups);
	if (!sum->boundary || !sum->groups)
		return PB_NOMEM;
	/* Insertion sort: the runs come in a few dozen at most, and the
	 * comparison needs the study, which qsort cannot pass. */
	for (size_t i = 0; i < s->n_runs; i++) {
		boundary_row row;
		size_t j;

		if (!run_is(s, i, SERIES_BOUNDARY))
			continue;
		boundary_fill(s, i, &row);
		for (j = n; j > 0 && boundary_row_cmp(s, &sum->boundary[j - 1],
						      &row) > 0; j--)
			sum->boundary[j] = sum->boundary[j - 1];
		sum->boundary[j] = row;
		n++;
	}
	sum->n_boundary = n;
	for (size_t i = 0; i < n; i++) {
		boundary_group *g = sum->n_groups
				    ? &sum->groups[sum->n_groups - 1] : NULL;
		if (g && boundary_same_group(s, &sum->boundary[g->first],
					     &sum->boundary[i])) {
			g->count++;
			continue;
		}
		sum->groups[sum->n_groups].first = i;
		sum->groups[sum->n_groups].count = 1;
		sum->n_groups++;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * Run accounting. */

static pb_status build_accounting(const study *s, study_summary *sum)
{
	if (!s->plan.n_series)
		return PB_OK;
	sum->accounting = calloc(s->plan.n_series, sizeof *sum->accounting);
	if (!sum->accounting)
		return PB_NOMEM;
	sum->n_accounting = s->plan.n_series;
	for (size_t ser = 0; ser < s->plan.n_series; ser++) {
		series_accounting *a = &sum->accounting[ser];

		a->series = ser;
		for (size_t i = 0; i < s->n_runs; i++) {
			const study_run *r = &s->runs[i];

			if (r->series != ser)
				continue;
			a->runs++;
			if (!r->accepted) {
				a->excluded++;
				continue;
			}
			a->accepted++;
			if (r->mech && r->mech->etw_seen) {
				a->lost_events += r->mech->lost_events;
				a->lost_buffers += r->mech->lost_buffers;
				a->logs_with_etw++;
			}
		}
		if (!a->excluded)
			continue;
		a->excluded_runs = malloc(a->excluded
					  * sizeof *a->excluded_runs);
		if (!a->excluded_runs)
			return PB_NOMEM;
		for (size_t i = 0, k = 0; i < s->n_runs; i++)
			if (s->runs[i].series == ser && !s->runs[i].accepted)
				a->excluded_runs[k++] = i;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * Run order balance. */

static int ulong_cmp(const void *pa, const void *pb)
{
	unsigned long a = *(const unsigned long *)pa;
	unsigned long b = *(const unsigned long *)pb;
	return (a > b) - (a < b);
}

/* Whether run I takes part in the balance check of series SER. */
static bool balance_counts(const study *s, size_t ser, size_t i)
{
	const study_run *r = &s->runs[i];
	return r->series == ser && r->accepted && r->position > 0
	       && study_state_index(&s->plan, r->state) != STUDY_NO_STATE;
}

/* Applies the rule documented in summary.h to a filled check B. */
static pb_status balance_flag(const study *s, balance_check *b)
{
	size_t ns = s->plan.n_states, np = b->n_positions;
	size_t n = 0, blocks = 0, present = 0, limit;
	unsigned long *ids;

	ids = malloc((s->n_runs ? s->n_runs : 1) * sizeof *ids);
	if (!ids)
		return PB_NOMEM;
	for (size_t i = 0; i < s->n_runs; i++)
		if (balance_counts(s, b->series, i))
			ids[n++] = s->runs[i].block;
	qsort(ids, n, sizeof *ids, ulong_cmp);
	for (size_t i = 0; i < n; i++)
		if (i == 0 || ids[i] != ids[i - 1])
			blocks++;
	free(ids);
	for (size_t k = 0; k < ns; k++) {
		size_t total = 0;
		for (size_t p = 0; p < np; p++)
			total += b->counts[k * np + p];
		if (total)
			present++;
	}
	if (!present)
		return PB_OK;
	limit = (blocks + present - 1) / present + 1;
	for (int end = 0; end < 2; end++) {
		size_t pos = end ? np : 1;
		for (size_t k = 0; k < ns; k++) {
			if (b->counts[k * np + pos - 1] > limit) {
				b->flagged = true;
				b->flagged_state = k;
				b->flagged_position = pos;
				return PB_OK;
			}
		}
	}
	return PB_OK;
}

static pb_status balance_series(const study *s, size_t ser, balance_check *b)
{
	size_t ns = s->plan.n_states, np = 0;

	b->series = ser;
	for (size_t i = 0; i < s->n_runs; i++)
		if (balance_counts(s, ser, i) && s->runs[i].position > np)
			np = s->runs[i].position;
	if (!np || !ns)
		return PB_OK;
	if (np > SIZE_MAX / sizeof *b->counts / ns)
		return PB_NOMEM;
	b->counts = calloc(ns * np, sizeof *b->counts);
	if (!b->counts)
		return PB_NOMEM;
	b->n_positions = np;
	b->has_positions = true;
	for (size_t i = 0; i < s->n_runs; i++) {
		if (!balance_counts(s, ser, i))
			continue;
		size_t k = study_state_index(&s->plan, s->runs[i].state);
		b->counts[k * np + s->runs[i].position - 1]++;
	}
	return balance_flag(s, b);
}

static pb_status build_balance(const study *s, study_summary *sum)
{
	size_t n = 0;

	for (size_t ser = 0; ser < s->plan.n_series; ser++)
		if (s->plan.series[ser].kind == SERIES_LATENCY)
			n++;
	if (!n)
		return PB_OK;
	sum->balance = calloc(n, sizeof *sum->balance);
	if (!sum->balance)
		return PB_NOMEM;
	for (size_t ser = 0; ser < s->plan.n_series; ser++) {
		pb_status st;

		if (s->plan.series[ser].kind != SERIES_LATENCY)
			continue;
		st = balance_series(s, ser, &sum->balance[sum->n_balance++]);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * Control boots. */

static pb_status build_controls(const study *s, study_summary *sum)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		if (run_is(s, i, SERIES_CONTROL))
			n++;
	if (!n)
		return PB_OK;
	sum->controls = calloc(n, sizeof *sum->controls);
	if (!sum->controls)
		return PB_NOMEM;
	for (size_t i = 0; i < s->n_runs; i++) {
		const mech_log *m = s->runs[i].mech;
		control_check *c;

		if (!run_is(s, i, SERIES_CONTROL))
			continue;
		c = &sum->controls[sum->n_controls++];
		c->run = i;
		/* What was not reported cannot confirm a restoration. */
		if (m) {
			c->value_ok = m->registry_seen
				      && pb_state_equal(m->registry,
							s->runs[i].state);
			c->service_ok = m->service == 1;
			c->tracing_ok = m->tracing_active == 0;
			c->processes_ok = m->leftover == 0;
		}
		c->restored = c->value_ok && c->service_ok && c->tracing_ok
			      && c->processes_ok;
	}
	return PB_OK;
}

/* ---------------------------------------------------------------------
 * The whole summary. */

pb_status summary_build(const study *s, study_summary **out)
{
	study_summary *sum;
	pb_status st;

	*out = NULL;
	sum = calloc(1, sizeof *sum);
	if (!sum)
		return PB_NOMEM;
	st = build_mechanism(s, sum);
	if (st == PB_OK)
		st = build_boundary(s, sum);
	if (st == PB_OK)
		st = build_accounting(s, sum);
	if (st == PB_OK)
		st = build_balance(s, sum);
	if (st == PB_OK)
		st = build_controls(s, sum);
	/* The page and results.json say where the boots left the plan, as
	 * check does, so a deviation is never only on a terminal. */
	if (st == PB_OK && s->schedule) {
		st = design_check_schedule(s, &sum->schedule);
		sum->has_schedule = st == PB_OK;
	}
	if (st != PB_OK) {
		summary_free(sum);
		return st;
	}
	*out = sum;
	return PB_OK;
}

void summary_free(study_summary *sum)
{
	if (!sum)
		return;
	for (size_t i = 0; i < sum->n_mech; i++) {
		free(sum->mech[i].variants);
		for (size_t k = 0; k < sum->mech[i].n_observed; k++)
			free(sum->mech[i].observed[k].values);
		free(sum->mech[i].observed);
	}
	free(sum->mech);
	free(sum->boundary);
	free(sum->groups);
	for (size_t i = 0; i < sum->n_accounting; i++)
		free(sum->accounting[i].excluded_runs);
	free(sum->accounting);
	for (size_t i = 0; i < sum->n_balance; i++)
		free(sum->balance[i].counts);
	free(sum->balance);
	free(sum->controls);
	if (sum->has_schedule)
		design_check_free(&sum->schedule);
	free(sum);
}
