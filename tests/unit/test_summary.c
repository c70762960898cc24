/* test_summary.c: unit tests of analyze/summary (mechanism, boundary,
 * accounting, run order balance and control summaries).
 *
 * The studies are built by hand in static arrays, so every expected number
 * below is counted from the runs written here, not taken from the code. */
#include "analyze/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/study.h"
#include "tests/lib/tap.h"

#define MAX_RUNS 160

static study_run runs[MAX_RUNS];
static mech_log logs[MAX_RUNS];
static size_t n_runs;

static char cls_normal[] = "Normal";
static char cls_high[] = "High";

static pb_state st(uint32_t v)
{
	pb_state s = { .value = v };
	return s;
}

static pb_state st_missing(void)
{
	pb_state s = { .missing = true };
	return s;
}

static bool same_state(pb_state a, pb_state b)
{
	return pb_state_equal(a, b);
}

/* Appends a run and returns its index in runs[]. */
static size_t add_run(size_t series, unsigned long block, pb_state state,
		      bool accepted, unsigned long position)
{
	study_run *r = &runs[n_runs];

	if (n_runs >= MAX_RUNS)
		abort();
	memset(r, 0, sizeof *r);
	r->series = series;
	r->block = block;
	r->state = state;
	r->accepted = accepted;
	r->position = position;
	return n_runs++;
}

/* Gives run I an empty log: nothing reported. */
static mech_log *add_log(size_t i)
{
	mech_log *m = &logs[i];

	memset(m, 0, sizeof *m);
	m->service = -1;
	m->tracing_active = -1;
	m->leftover = -1;
	runs[i].mech = m;
	return m;
}

static void set_prio(mech_log *m, long w0, long w1, long w2, long e0,
		     long e1, long e2)
{
	long w[3] = { w0, w1, w2 }, e[3] = { e0, e1, e2 };

	for (int p = 0; p < PRIO_PHASES; p++) {
		m->prio_seen[p] = true;
		m->win32[p] = w[p];
		m->etw[p] = e[p];
		m->prio_class[p] = cls_normal;
	}
}

/* A boot where MMCSS runs: registration works, the thread is boosted
 * (Win32 0 -> 10 -> 0, ETW 8 -> 18 -> 8), the API returns API. */
static mech_log *boot_on(size_t i, int64_t api)
{
	mech_log *m = add_log(i);

	m->service = 1;
	m->register_seen = true;
	m->register_ok = true;
	m->query_seen = true;
	m->query_ok = true;
	m->query_value = api;
	m->etw_seen = true;
	set_prio(m, 0, 10, 0, 8, 18, 8);
	return m;
}

/* A boot where MMCSS is stopped: registration fails, no boost. */
static mech_log *boot_off(size_t i)
{
	mech_log *m = add_log(i);

	m->service = 0;
	m->register_seen = true;
	m->register_ok = false;
	m->etw_seen = true;
	set_prio(m, 0, 0, 0, 8, 8, 8);
	return m;
}

static bool variant_is(const prio_variant *v, long w0, long w1, long w2,
		       long e0, long e1, long e2, size_t boots)
{
	return v->win32[0] == w0 && v->win32[1] == w1 && v->win32[2] == w2
	       && v->etw[0] == e0 && v->etw[1] == e1 && v->etw[2] == e2
	       && v->boots == boots;
}

/* ---------------------------------------------------------------------
 * The main study. */

enum {
	SER_LATIN, SER_SKEW, SER_EDGE, SER_LAST, SER_NOPOS,
	SER_MECH, SER_BOUND, SER_CTRL, N_SERIES
};

static char sid[N_SERIES][16] = {
	"1", "2", "3", "4", "5", "mechanism", "boundary", "control"
};

/* plan order: missing;0;10;20;100 -> indices 0..4 */
static pb_state plan_states[5];

static study_plan make_plan(series_def *defs, const series_kind *kinds,
			    size_t n)
{
	study_plan p;

	memset(&p, 0, sizeof p);
	plan_states[0] = st_missing();
	plan_states[1] = st(0);
	plan_states[2] = st(10);
	plan_states[3] = st(20);
	plan_states[4] = st(100);
	p.states = plan_states;
	p.n_states = 5;
	for (size_t i = 0; i < n; i++) {
		memset(&defs[i], 0, sizeof defs[i]);
		defs[i].id = sid[i];
		defs[i].kind = kinds[i];
	}
	p.series = defs;
	p.n_series = n;
	/* A format 1 plan: its boundary series follow SystemResponsiveness'
	 * rule, as the published table does. */
	p.format = 1;
	study_plan_format1_rules(&p);
	return p;
}

/* Indices of interesting runs, for the checks. */
static size_t latin_pilot, mech_excluded, ctrl_excluded;
static size_t bound_run[13];
static size_t ctrl_run[9];

/* 9 blocks x 3 positions of the states 0, 10, 20 (plan indices 1..3). */
static const int edge_order[9][3] = {
	{ 1, 2, 3 }, { 2, 1, 3 }, { 1, 2, 3 }, { 2, 1, 3 }, { 3, 1, 2 },
	{ 3, 2, 1 }, { 3, 1, 2 }, { 1, 3, 2 }, { 2, 3, 1 }
};

static void build_latency(void)
{
	/* Series 1: a 5x5 Latin square, state index (b + p) % 5 at block b,
	 * position p: for a fixed p, b = 1..5 gives every residue once, so
	 * every state takes every place exactly once. */
	for (unsigned long b = 1; b <= 5; b++)
		for (unsigned long p = 1; p <= 5; p++)
			add_run(SER_LATIN, b, plan_states[(b + p) % 5], true, p);
	/* An infrastructure pilot: excluded, so neither its block nor its
	 * place may count. */
	latin_pilot = add_run(SER_LATIN, 6, st(20), false, 1);
	runs[latin_pilot].note = cls_normal;

	/* Series 2: 100 always first; the other four rotate over 2..5. */
	for (unsigned long b = 1; b <= 5; b++) {
		add_run(SER_SKEW, b, st(100), true, 1);
		for (unsigned long p = 2; p <= 5; p++)
			add_run(SER_SKEW, b, plan_states[(b + p) % 4], true, p);
	}

	/* Series 3 and 4: three of the five states over 9 blocks.  Series
	 * 3 is edge_order; series 4 is edge_order with block 5 reordered to
	 * 0, 10, 20, which puts 20 last a fifth time. */
	for (unsigned long b = 1; b <= 9; b++) {
		for (unsigned long p = 1; p <= 3; p++) {
			int k = edge_order[b - 1][p - 1];
			int k4 = b == 5 ? (int)p : k;
			add_run(SER_EDGE, b, plan_states[k], true, p);
			add_run(SER_LAST, b, plan_states[k4], true, p);
		}
	}

	/* Series 5: no position column. */
	add_run(SER_NOPOS, 1, st(20), true, 0);
	add_run(SER_NOPOS, 1, st(10), true, 0);
}

static void build_mechanism(void)
{
	size_t i;
	mech_log *m;

	/* 10 and 20: 4/4 registered, boosted.  Two boots of 10 lost
	 * events: 3 + 2 = 5 events, 1 + 0 = 1 buffer. */
	for (int k = 0; k < 4; k++) {
		m = boot_on(add_run(SER_MECH, 1, st(20), true, 0), 20);
		m = boot_on(add_run(SER_MECH, 1, st(10), true, 0), 10);
		if (k == 0) {
			m->lost_events = 3;
			m->lost_buffers = 1;
		} else if (k == 1) {
			m->lost_events = 2;
		}
	}
	/* 100 and missing: 0/4, no boost. */
	for (int k = 0; k < 4; k++) {
		boot_off(add_run(SER_MECH, 1, st(100), true, 0));
		m = boot_off(add_run(SER_MECH, 1, st_missing(), true, 0));
		m->query_seen = true;
		m->query_ok = true;
		m->query_value = 100;
	}
	/* 0: the boots disagree.  A stopped first, then B and C boosted
	 * (B's class changes), D without a cleanup phase or service line,
	 * and an excluded boot E that must not count. */
	boot_off(add_run(SER_MECH, 1, st(0), true, 0));
	m = boot_on(add_run(SER_MECH, 1, st(0), true, 0), 20);
	m->prio_class[PHASE_AFTER] = cls_high;
	boot_on(add_run(SER_MECH, 1, st(0), true, 0), 20);
	m = add_log(add_run(SER_MECH, 1, st(0), true, 0));
	set_prio(m, 0, 10, 0, 8, 18, 8);
	m->prio_seen[PHASE_CLEANUP] = false;
	mech_excluded = add_run(SER_MECH, 1, st(0), false, 0);
	runs[mech_excluded].note = cls_high;
	m = boot_off(mech_excluded);
	m->lost_events = 100;
	m->lost_buffers = 100;
	m->prio_class[PHASE_BEFORE] = cls_high;

	/* States not in the plan, added 50 before 30: listed 30, 50.  The
	 * two boots of 30 differ, one each: first appearance first. */
	boot_on(add_run(SER_MECH, 1, st(50), true, 0), 50);
	boot_off(add_run(SER_MECH, 1, st(30), true, 0));
	i = add_run(SER_MECH, 1, st(30), true, 0);
	boot_on(i, 30);
}

static void build_boundary(void)
{
	/* Written values in a scrambled runs.csv order; bound_run[] holds
	 * their indices in sorted order (missing, 0, 1, 9, 10, 11, 19, 20,
	 * 21, 99, 100, 101, 0xFFFFFFFF). */
	static const struct { int slot; uint32_t v; bool missing; } order[] = {
		{ 7, 20, false }, { 12, 0xFFFFFFFFu, false }, { 1, 0, false },
		{ 10, 100, false }, { 5, 11, false }, { 0, 0, true },
		{ 3, 9, false }, { 11, 101, false }, { 6, 19, false },
		{ 4, 10, false }, { 2, 1, false }, { 9, 99, false },
		{ 8, 21, false },
	};
	/* The API values of the published table. */
	static const int64_t api[13] = {
		100, 20, 20, 20, 10, 10, 10, 20, 20, 90, 0, 20, 20
	};

	for (size_t k = 0; k < 13; k++) {
		pb_state s = order[k].missing ? st_missing() : st(order[k].v);
		size_t i = add_run(SER_BOUND, 1, s, true, 0);
		int slot = order[k].slot;
		mech_log *m;

		bound_run[slot] = i;
		if (slot == 0) {
			/* missing: stopped, not registered, API says 100 */
			m = boot_off(i);
			m->query_seen = true;
			m->query_ok = true;
			m->query_value = 100;
		} else if (slot == 10) {
			/* 100: stopped, not registered, query failed */
			m = boot_off(i);
			m->query_seen = true;
		} else {
			boot_on(i, api[slot]);
		}
	}
}

static void build_control(void)
{
	mech_log *m;

	for (int k = 0; k < 9; k++) {
		ctrl_run[k] = add_run(SER_CTRL, 1, st(20), true, 0);
		if (k == 8)
			break;  /* the last control boot has no log at all */
		m = add_log(ctrl_run[k]);
		m->registry_seen = true;
		m->registry = st(20);
		m->service = 1;
		m->tracing_active = 0;
		m->leftover = 0;
		switch (k) {
		case 0:  /* restored; 0x14 is 20 spelled in hex */
			m->registry.hex = true;
			break;
		case 1: m->registry = st(10); break;
		case 2: m->registry_seen = false; break;
		case 3: m->service = 0; break;
		case 4: m->tracing_active = 1; break;
		case 5: m->tracing_active = -1; break;
		case 6: m->leftover = 2; break;
		case 7: m->leftover = -1; break;
		default: break;
		}
	}
	ctrl_excluded = add_run(SER_CTRL, 1, st(20), false, 0);
	runs[ctrl_excluded].note = cls_high;
	add_log(ctrl_excluded);
}

static const mech_state_summary *find_mech(const study_summary *sum,
					   pb_state s)
{
	for (size_t i = 0; i < sum->n_mech; i++)
		if (same_state(sum->mech[i].state, s))
			return &sum->mech[i];
	return NULL;
}

static void check_mechanism(const study_summary *sum)
{
	const mech_state_summary *ms;
	pb_state want_order[7];

	want_order[0] = st_missing();
	want_order[1] = st(0);
	want_order[2] = st(10);
	want_order[3] = st(20);
	want_order[4] = st(100);
	want_order[5] = st(30);
	want_order[6] = st(50);
	tap_ok(sum->n_mech == 7, "mechanism: 7 states (5 planned, 2 not)");
	if (sum->n_mech == 7) {
		bool ok = true;
		for (size_t i = 0; i < 7; i++)
			ok = ok && same_state(sum->mech[i].state, want_order[i])
			     && sum->mech[i].series == SER_MECH;
		tap_ok(ok, "mechanism: plan order, then 30, 50 ascending");
	} else {
		tap_ok(false, "mechanism: plan order, then 30, 50 ascending");
	}

	ms = find_mech(sum, st(20));
	tap_ok(ms && ms->boots == 4 && ms->registered == 4
	       && ms->service_running == 4 && ms->service_stopped == 0,
	       "mechanism 20: 4/4 registered, running");
	tap_ok(ms && ms->n_variants == 1 && ms->prio_missing == 0
	       && variant_is(&ms->variants[0], 0, 10, 0, 8, 18, 8, 4),
	       "mechanism 20: 0 -> 10 -> 0 / 8 -> 18 -> 8 in all 4 boots");
	tap_ok(ms && !ms->class_changed && ms->lost_events == 0,
	       "mechanism 20: class unchanged, no lost events");

	ms = find_mech(sum, st(10));
	tap_ok(ms && ms->boots == 4 && ms->registered == 4
	       && ms->n_variants == 1
	       && variant_is(&ms->variants[0], 0, 10, 0, 8, 18, 8, 4),
	       "mechanism 10: 4/4, boosted");
	tap_ok(ms && ms->lost_events == 5 && ms->lost_buffers == 1,
	       "mechanism 10: lost events 3 + 2 = 5, buffers 1 + 0 = 1");

	ms = find_mech(sum, st(100));
	tap_ok(ms && ms->boots == 4 && ms->registered == 0
	       && ms->service_stopped == 4 && ms->service_running == 0,
	       "mechanism 100: 0/4 registered, stopped");
	tap_ok(ms && ms->n_variants == 1
	       && variant_is(&ms->variants[0], 0, 0, 0, 8, 8, 8, 4),
	       "mechanism 100: 0 -> 0 -> 0 / 8 -> 8 -> 8 in all 4 boots");

	ms = find_mech(sum, st_missing());
	tap_ok(ms && ms->boots == 4 && ms->registered == 0
	       && ms->service_stopped == 4 && ms->n_variants == 1
	       && variant_is(&ms->variants[0], 0, 0, 0, 8, 8, 8, 4),
	       "mechanism missing: 0/4, stopped, no boost");

	/* 0: A stopped, B and C boosted, D with two phases, E excluded. */
	ms = find_mech(sum, st(0));
	tap_ok(ms && ms->boots == 4 && ms->registered == 2,
	       "mechanism 0: excluded boot not counted, 2/4 registered");
	tap_ok(ms && ms->service_running == 2 && ms->service_stopped == 1
	       && ms->service_unknown == 1,
	       "mechanism 0: services 2 running, 1 stopped, 1 unknown");
	tap_ok(ms && ms->n_variants == 2
	       && variant_is(&ms->variants[0], 0, 10, 0, 8, 18, 8, 2)
	       && variant_is(&ms->variants[1], 0, 0, 0, 8, 8, 8, 1),
	       "mechanism 0: two variants, the one of 2 boots first");
	tap_ok(ms && ms->prio_missing == 1,
	       "mechanism 0: one boot lacks a phase");
	tap_ok(ms && ms->class_changed,
	       "mechanism 0: class change Normal -> High seen");
	tap_ok(ms && ms->lost_events == 0 && ms->lost_buffers == 0,
	       "mechanism 0: excluded boot's lost events not summed");

	ms = find_mech(sum, st(30));
	tap_ok(ms && ms->boots == 2 && ms->n_variants == 2
	       && variant_is(&ms->variants[0], 0, 0, 0, 8, 8, 8, 1)
	       && variant_is(&ms->variants[1], 0, 10, 0, 8, 18, 8, 1),
	       "mechanism 30: tied variants in order of first appearance");
}

static void check_boundary(const study_summary *sum)
{
	static const boundary_outcome want[13] = {
		OUTCOME_OBSERVATION_ONLY,    /* missing */
		OUTCOME_NORMALIZED,          /* 0 */
		OUTCOME_NORMALIZED,          /* 1 */
		OUTCOME_NORMALIZED,          /* 9 */
		OUTCOME_VALUE_USED,          /* 10 */
		OUTCOME_ROUNDED_DOWN,        /* 11 */
		OUTCOME_ROUNDED_DOWN,        /* 19 */
		OUTCOME_VALUE_USED,          /* 20 */
		OUTCOME_ROUNDED_DOWN,        /* 21 */
		OUTCOME_ROUNDED_DOWN,        /* 99 */
		OUTCOME_DISABLED,            /* 100 */
		OUTCOME_NORMALIZED,          /* 101 */
		OUTCOME_NORMALIZED,          /* 0xFFFFFFFF */
	};
	static const char *names[13] = {
		"missing", "0", "1", "9", "10", "11", "19", "20", "21", "99",
		"100", "101", "0xFFFFFFFF"
	};
	/* The published table's rows: missing | 0, 1, 9 | 10 | 11, 19 | 20 |
	 * 21 | 99 | 100 | 101, 0xFFFFFFFF. */
	static const size_t gfirst[9] = { 0, 1, 4, 5, 7, 8, 9, 10, 11 };
	static const size_t gcount[9] = { 1, 3, 1, 2, 1, 1, 1, 1, 2 };
	bool groups_ok;

	tap_ok(sum->n_boundary == 13, "boundary: 13 written values");
	for (size_t k = 0; k < 13; k++) {
		const boundary_row *r = k < sum->n_boundary
					? &sum->boundary[k] : NULL;
		tap_ok(r && r->run == bound_run[k] && r->outcome == want[k],
		       "boundary: row %zu is %s, %s", k, names[k],
		       boundary_outcome_code(want[k]));
	}
	if (sum->n_boundary == 13) {
		const boundary_row *b = sum->boundary;
		tap_ok(!b[0].expected_known && b[0].api_ok
		       && b[0].api_value == 100 && b[0].service == 0
		       && b[0].registered == 0,
		       "boundary: missing observed as stopped, API 100");
		tap_ok(b[9].expected_known && b[9].expected_value == 90
		       && b[9].api_value == 90 && b[9].service == 1
		       && b[9].registered == 1,
		       "boundary: 99 expected and returned 90");
		tap_ok(!b[10].api_ok && b[10].registered == 0,
		       "boundary: 100 query failed, not registered");
	} else {
		tap_ok(false, "boundary: missing observed as stopped, API 100");
		tap_ok(false, "boundary: 99 expected and returned 90");
		tap_ok(false, "boundary: 100 query failed, not registered");
	}
	tap_ok(sum->n_groups == 9, "boundary: 9 groups as published");
	groups_ok = sum->n_groups == 9;
	for (size_t g = 0; groups_ok && g < 9; g++)
		groups_ok = sum->groups[g].first == gfirst[g]
			    && sum->groups[g].count == gcount[g];
	tap_ok(groups_ok, "boundary: groups missing | 0,1,9 | 10 | 11,19 | "
	       "20 | 21 | 99 | 100 | 101,0xFFFFFFFF");
}

static void check_accounting(const study_summary *sum)
{
	const series_accounting *a;

	tap_ok(sum->n_accounting == N_SERIES,
	       "accounting: one entry per series");
	if (sum->n_accounting != N_SERIES)
		return;
	a = &sum->accounting[SER_LATIN];
	/* 25 Latin square runs plus the pilot. */
	tap_ok(a->series == SER_LATIN && a->runs == 26 && a->accepted == 25
	       && a->excluded == 1 && a->excluded_runs
	       && a->excluded_runs[0] == latin_pilot,
	       "accounting series 1: 26 runs, 25 accepted, pilot excluded");
	a = &sum->accounting[SER_MECH];
	/* 8 (10, 20) + 8 (100, missing) + 5 (0) + 3 (50, 30, 30) = 24 */
	tap_ok(a->runs == 24 && a->accepted == 23 && a->excluded == 1
	       && a->excluded_runs[0] == mech_excluded,
	       "accounting mechanism: 24 runs, 1 excluded");
	/* Only the two boots of 10 lost anything; the excluded boot's 100
	 * must not count.  Logs with an etw line: all 23 accepted but D. */
	tap_ok(a->lost_events == 5 && a->lost_buffers == 1
	       && a->logs_with_etw == 22,
	       "accounting mechanism: lost 5 events, 1 buffer, 22 logs");
	a = &sum->accounting[SER_BOUND];
	tap_ok(a->runs == 13 && a->accepted == 13 && a->excluded == 0
	       && a->excluded_runs == NULL,
	       "accounting boundary: 13 runs, none excluded");
	a = &sum->accounting[SER_CTRL];
	tap_ok(a->runs == 10 && a->excluded == 1
	       && a->excluded_runs[0] == ctrl_excluded,
	       "accounting control: 10 runs, 1 excluded");
}

static size_t bcount(const balance_check *b, size_t state, size_t pos)
{
	return b->counts[state * b->n_positions + pos - 1];
}

static void check_balance(const study_summary *sum)
{
	const balance_check *b;
	bool ok;

	tap_ok(sum->n_balance == 5, "balance: one check per latency series");
	if (sum->n_balance != 5)
		return;

	b = &sum->balance[0];
	ok = b->series == SER_LATIN && b->has_positions
	     && b->n_positions == 5;
	for (size_t k = 0; ok && k < 5; k++)
		for (size_t p = 1; ok && p <= 5; p++)
			ok = bcount(b, k, p) == 1;
	tap_ok(ok, "balance Latin square: every state once at every place");
	/* 5 blocks, 5 states: limit ceil(5/5) + 1 = 2, counts are 1. */
	tap_ok(!b->flagged, "balance Latin square: not flagged");

	b = &sum->balance[1];
	tap_ok(b->series == SER_SKEW && b->n_positions == 5
	       && bcount(b, 4, 1) == 5 && bcount(b, 0, 1) == 0
	       && bcount(b, 3, 1) == 0 && bcount(b, 4, 2) == 0
	       && bcount(b, 4, 5) == 0,
	       "balance skewed: 100 first in all 5 blocks, never later");
	/* 5 > ceil(5/5) + 1 = 2. */
	tap_ok(b->flagged && b->flagged_state == 4
	       && b->flagged_position == 1,
	       "balance skewed: flagged, 100 at position 1");

	/* edge_order, counted by hand: position 1: 0, 10, 20 three times
	 * each; position 3: 20 four times (b1-b4), 10 three (b5, b7, b8),
	 * 0 twice (b6, b9).  3 states present, 9 blocks: limit
	 * ceil(9/3) + 1 = 4; 4 is not above it.  (Taking all 5 plan states
	 * would give ceil(9/5) + 1 = 3 and flag it.) */
	b = &sum->balance[2];
	tap_ok(b->n_positions == 3 && bcount(b, 1, 1) == 3
	       && bcount(b, 2, 1) == 3 && bcount(b, 3, 1) == 3
	       && bcount(b, 3, 3) == 4 && bcount(b, 2, 3) == 3
	       && bcount(b, 1, 3) == 2 && bcount(b, 0, 1) == 0,
	       "balance 9x3: counts at first and last place");
	tap_ok(!b->flagged, "balance 9x3: 20 last 4 times is within limit 4");

	/* Series 4: block 5 becomes 0, 10, 20: 20 is last 5 times > 4;
	 * position 1 has 0 four times, 10 three, 20 twice: none above 4. */
	b = &sum->balance[3];
	tap_ok(bcount(b, 3, 3) == 5 && bcount(b, 1, 1) == 4,
	       "balance 9x3 skewed: 20 last 5 times, 0 first 4 times");
	tap_ok(b->flagged && b->flagged_state == 3
	       && b->flagged_position == 3,
	       "balance 9x3 skewed: flagged, 20 at the last position");

	b = &sum->balance[4];
	tap_ok(b->series == SER_NOPOS && !b->has_positions
	       && b->n_positions == 0 && !b->flagged,
	       "balance without positions: has_positions false");
}

static void check_controls(const study_summary *sum)
{
	const control_check *c = sum->controls;

	tap_ok(sum->n_controls == 9, "control: 9 accepted boots");
	if (sum->n_controls != 9)
		return;
	tap_ok(c[0].run == ctrl_run[0] && c[0].value_ok && c[0].service_ok
	       && c[0].tracing_ok && c[0].processes_ok && c[0].restored,
	       "control: registry 0x14 for state 20, all fine: restored");
	tap_ok(!c[1].value_ok && c[1].service_ok && !c[1].restored,
	       "control: registry 10 instead of 20: not restored");
	tap_ok(!c[2].value_ok && !c[2].restored,
	       "control: registry not reported: not restored");
	tap_ok(c[3].value_ok && !c[3].service_ok && !c[3].restored,
	       "control: service stopped: not restored");
	tap_ok(!c[4].tracing_ok && c[4].processes_ok && !c[4].restored,
	       "control: a trace session active: not restored");
	tap_ok(!c[5].tracing_ok && !c[5].restored,
	       "control: tracing not reported: not restored");
	tap_ok(!c[6].processes_ok && c[6].tracing_ok && !c[6].restored,
	       "control: leftover processes: not restored");
	tap_ok(!c[7].processes_ok && !c[7].restored,
	       "control: leftover not reported: not restored");
	tap_ok(c[8].run == ctrl_run[8] && !c[8].value_ok && !c[8].service_ok
	       && !c[8].tracing_ok && !c[8].processes_ok && !c[8].restored,
	       "control: no log: nothing ok");
}

static void test_main_study(void)
{
	static const series_kind kinds[N_SERIES] = {
		SERIES_LATENCY, SERIES_LATENCY, SERIES_LATENCY, SERIES_LATENCY,
		SERIES_LATENCY, SERIES_MECHANISM, SERIES_BOUNDARY,
		SERIES_CONTROL
	};
	series_def defs[N_SERIES];
	study s;
	study_summary *sum = NULL;
	pb_status rc;

	memset(&s, 0, sizeof s);
	n_runs = 0;
	s.plan = make_plan(defs, kinds, N_SERIES);
	build_latency();
	build_mechanism();
	build_boundary();
	build_control();
	s.runs = runs;
	s.n_runs = n_runs;

	rc = summary_build(&s, &sum);
	tap_ok(rc == PB_OK && sum, "summary_build on the main study");
	if (!sum)
		return;
	check_mechanism(sum);
	check_boundary(sum);
	check_accounting(sum);
	check_balance(sum);
	check_controls(sum);
	summary_free(sum);
}

/* ---------------------------------------------------------------------
 * Observations that contradict the documentation. */

static void test_contradictions(void)
{
	static const series_kind kinds[1] = { SERIES_BOUNDARY };
	series_def defs[1];
	study s;
	study_summary *sum = NULL;
	size_t r99, r100run, r20, r100nolog, r100unk, rmiss, r50, r30;
	mech_log *m;
	const boundary_row *b;

	memset(&s, 0, sizeof s);
	n_runs = 0;
	s.plan = make_plan(defs, kinds, 1);
	r99 = add_run(0, 1, st(99), true, 0);
	boot_on(r99, 99);                           /* documented: 90 */
	r100run = add_run(0, 1, st(100), true, 0);
	boot_on(r100run, 100);                      /* running at 100 */
	r20 = add_run(0, 1, st(20), true, 0);
	m = boot_on(r20, 20);
	m->service = -1;                            /* service unknown */
	r100nolog = add_run(0, 1, st(100), true, 0);  /* no log at all */
	r100unk = add_run(0, 1, st(100), true, 0);
	m = add_log(r100unk);                       /* only a failed query */
	m->query_seen = true;
	rmiss = add_run(0, 1, st_missing(), true, 0);
	boot_on(rmiss, 20);
	r50 = add_run(0, 1, st(50), true, 0);
	m = boot_on(r50, 50);
	m->query_ok = false;                        /* API gave nothing */
	r30 = add_run(0, 1, st(30), true, 0);
	boot_on(r30, 30);
	s.runs = runs;
	s.n_runs = n_runs;

	if (summary_build(&s, &sum) != PB_OK || !sum) {
		tap_ok(false, "summary_build on the contradictions study");
		return;
	}
	b = sum->boundary;
	/* Sorted: missing, 20, 30, 50, 99, 100 (r100run), 100 (r100nolog),
	 * 100 (r100unk): the three 100s keep runs.csv order. */
	tap_ok(sum->n_boundary == 8 && b[0].run == rmiss && b[1].run == r20
	       && b[2].run == r30 && b[3].run == r50 && b[4].run == r99
	       && b[5].run == r100run && b[6].run == r100nolog
	       && b[7].run == r100unk,
	       "contradictions: written order, ties in runs.csv order");
	if (sum->n_boundary != 8) {
		summary_free(sum);
		return;
	}
	tap_ok(b[4].outcome == OUTCOME_CONTRADICTS && b[4].api_value == 99
	       && b[4].expected_value == 90,
	       "contradictions: 99 returned as 99 contradicts");
	tap_ok(b[5].outcome == OUTCOME_CONTRADICTS,
	       "contradictions: 100 with MMCSS running contradicts");
	tap_ok(b[1].outcome == OUTCOME_CONTRADICTS,
	       "contradictions: 20 with unknown service state contradicts");
	tap_ok(b[6].outcome == OUTCOME_CONTRADICTS && b[6].service == -1
	       && b[6].registered == -1 && !b[6].api_ok,
	       "contradictions: 100 without a log proves nothing");
	tap_ok(b[7].outcome == OUTCOME_DISABLED,
	       "contradictions: 100 with a failed query counts as disabled");
	tap_ok(b[0].outcome == OUTCOME_OBSERVATION_ONLY,
	       "contradictions: missing is an observation whatever is seen");
	tap_ok(b[3].outcome == OUTCOME_CONTRADICTS && !b[3].api_ok,
	       "contradictions: 50 without an API value contradicts");
	tap_ok(b[2].outcome == OUTCOME_VALUE_USED,
	       "contradictions: 30 returned as 30 is the value used");
	/* 50 (no API value) and 99 (API 99) both contradict but differ in
	 * the API value, so every row is its own group. */
	tap_ok(sum->n_groups == 8, "contradictions: 8 separate groups");
	tap_ok(sum->n_mech == 0 && sum->n_balance == 0
	       && sum->n_controls == 0 && sum->n_accounting == 1
	       && sum->accounting[0].runs == 8,
	       "contradictions: other summaries empty");
	summary_free(sum);
}

/* SystemResponsiveness' documented rule, as format 1 built it in. */
static const value_rule rule_sr = {
	.declared = true, .has_disables = true, .disables = 100,
	.has_valid = true, .valid_lo = 10, .valid_hi = 100, .outside = 20,
	.multiple = 10,
};

/* A NetworkThrottlingIndex-like rule: 1..70 used as written, 0xFFFFFFFF
 * disables, anything else normalized to 10. */
static const value_rule rule_nt = {
	.declared = true, .has_disables = true, .disables = 0xFFFFFFFFu,
	.has_valid = true, .valid_lo = 1, .valid_hi = 70, .outside = 10,
	.multiple = 1,
};

/* A rule with a multiple only: every value is rounded down to a multiple
 * of 4, none is out of range or disables. */
static const value_rule rule_m4 = {
	.declared = true, .multiple = 4,
};

static void test_expected(void)
{
	/* Each outcome worked from the rules above: e.g. 15 under rule_sr
	 * lies in 10..100, 15 % 10 = 5, so it is rounded down to 10; 71
	 * under rule_nt lies above 70 and becomes 10; 0xFFFFFFFF under
	 * rule_nt is the disabling value, checked before the range; 7
	 * under rule_m4 is rounded down to 4 (7 % 4 = 3). */
	static const struct {
		const value_rule *rule;
		uint32_t v;
		boundary_outcome o;
		int64_t api;
	} cases[] = {
		{ &rule_sr, 0, OUTCOME_NORMALIZED, 20 },
		{ &rule_sr, 9, OUTCOME_NORMALIZED, 20 },
		{ &rule_sr, 10, OUTCOME_VALUE_USED, 10 },
		{ &rule_sr, 15, OUTCOME_ROUNDED_DOWN, 10 },
		{ &rule_sr, 50, OUTCOME_VALUE_USED, 50 },
		{ &rule_sr, 99, OUTCOME_ROUNDED_DOWN, 90 },
		{ &rule_sr, 100, OUTCOME_DISABLED, 0 },
		{ &rule_sr, 101, OUTCOME_NORMALIZED, 20 },
		{ &rule_sr, 110, OUTCOME_NORMALIZED, 20 },
		{ &rule_sr, 0xFFFFFFFFu, OUTCOME_NORMALIZED, 20 },
		{ &rule_nt, 0, OUTCOME_NORMALIZED, 10 },
		{ &rule_nt, 1, OUTCOME_VALUE_USED, 1 },
		{ &rule_nt, 15, OUTCOME_VALUE_USED, 15 },
		{ &rule_nt, 70, OUTCOME_VALUE_USED, 70 },
		{ &rule_nt, 71, OUTCOME_NORMALIZED, 10 },
		{ &rule_nt, 0xFFFFFFFEu, OUTCOME_NORMALIZED, 10 },
		{ &rule_nt, 0xFFFFFFFFu, OUTCOME_DISABLED, 0 },
		{ &rule_m4, 0, OUTCOME_VALUE_USED, 0 },
		{ &rule_m4, 7, OUTCOME_ROUNDED_DOWN, 4 },
		{ &rule_m4, 0xFFFFFFFFu, OUTCOME_ROUNDED_DOWN, 0xFFFFFFFCLL },
	};
	const value_rule none = { .declared = false };
	int64_t api = -1;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		api = -1;
		tap_ok(boundary_expected(cases[i].rule, st(cases[i].v), &api)
		       == cases[i].o && api == cases[i].api,
		       "boundary_expected(%s, %u): %s, API %lld",
		       cases[i].rule == &rule_sr ? "sr"
		       : cases[i].rule == &rule_nt ? "nt" : "m4",
		       (unsigned)cases[i].v, boundary_outcome_code(cases[i].o),
		       (long long)cases[i].api);
	}
	tap_ok(boundary_expected(&rule_sr, st_missing(), NULL)
	       == OUTCOME_OBSERVATION_ONLY,
	       "boundary_expected(missing): observation only, NULL accepted");
	tap_ok(boundary_expected(&none, st(20), &api)
	       == OUTCOME_OBSERVATION_ONLY && api == 0
	       && boundary_expected(NULL, st(100), NULL)
	       == OUTCOME_OBSERVATION_ONLY,
	       "boundary_expected without a rule: observation only");
	tap_streq(boundary_outcome_code(OUTCOME_CONTRADICTS),
		  "contradicts-documentation", "code: contradicts");
	tap_streq(boundary_outcome_code(OUTCOME_NORMALIZED),
		  "normalized", "code: normalized");
	tap_streq(boundary_outcome_code(OUTCOME_OBSERVATION_ONLY),
		  "observation-only", "code: observation-only");
}

/* A mechanism series whose logs hold only event=observe lines: per state
 * and name the values with their boots; no MMCSS event is counted as
 * reported. */
static void test_observations(void)
{
	static const series_kind kinds[1] = { SERIES_MECHANISM };
	static mech_observation obs[4][2] = {
		{ { (char *)"hags", (char *)"on", 1 },
		  { (char *)"vbs", (char *)"off", 2 } },
		{ { (char *)"hags", (char *)"off", 1 },
		  { (char *)"vbs", (char *)"off", 2 } },
		{ { (char *)"hags", (char *)"off", 1 }, { NULL, NULL, 0 } },
		{ { (char *)"vbs", (char *)"on", 1 }, { NULL, NULL, 0 } },
	};
	static const size_t n_obs[4] = { 2, 2, 1, 1 };
	series_def defs[1];
	study s;
	study_summary *sum = NULL;
	const mech_state_summary *m10, *m20;

	memset(&s, 0, sizeof s);
	n_runs = 0;
	s.plan = make_plan(defs, kinds, 1);
	/* State 10: boots 0, 1, 2 (hags on, off, off; vbs off, off, -);
	 * state 20: boot 3 (vbs on; hags not reported). */
	for (size_t i = 0; i < 4; i++) {
		size_t r = add_run(0, 1, st(i < 3 ? 10 : 20), true, 0);
		mech_log *m = add_log(r);
		m->observations = obs[i];
		m->n_observations = n_obs[i];
	}
	s.runs = runs;
	s.n_runs = n_runs;
	tap_ok(summary_build(&s, &sum) == PB_OK && sum && sum->n_mech == 2,
	       "observations: two states summarised");
	if (!sum || sum->n_mech != 2) {
		summary_free(sum);
		return;
	}
	m10 = &sum->mech[0];
	m20 = &sum->mech[1];
	/* Names in order of first appearance: hags (boot 0), then vbs. */
	tap_ok(m10->n_observed == 2 && strcmp(m10->observed[0].name, "hags") == 0
	       && strcmp(m10->observed[1].name, "vbs") == 0
	       && m20->n_observed == 2,
	       "observations: every state lists both names, hags first");
	/* hags at 10: off in 2 boots, on in 1: off first (most boots). */
	tap_ok(m10->observed[0].n_values == 2
	       && strcmp(m10->observed[0].values[0].value, "off") == 0
	       && m10->observed[0].values[0].boots == 2
	       && strcmp(m10->observed[0].values[1].value, "on") == 0
	       && m10->observed[0].values[1].boots == 1
	       && m10->observed[0].unreported == 0,
	       "observations: hags at 10 is off 2/3, on 1/3");
	tap_ok(m10->observed[1].n_values == 1
	       && m10->observed[1].values[0].boots == 2
	       && m10->observed[1].unreported == 1,
	       "observations: vbs at 10 is off 2/3, not reported 1/3");
	tap_ok(m20->boots == 1 && m20->observed[0].n_values == 0
	       && m20->observed[0].unreported == 1
	       && strcmp(m20->observed[1].values[0].value, "on") == 0,
	       "observations: hags not reported at 20, vbs on 1/1");
	tap_ok(m10->register_reported == 0 && m10->prio_reported == 0
	       && m10->class_reported == 0 && m10->service_unknown == 3,
	       "observations: no MMCSS event counted as reported");
	summary_free(sum);
}

static void test_empty(void)
{
	study s;
	study_summary *sum = NULL;

	memset(&s, 0, sizeof s);
	tap_ok(summary_build(&s, &sum) == PB_OK && sum && sum->n_mech == 0
	       && sum->n_boundary == 0 && sum->n_groups == 0
	       && sum->n_accounting == 0 && sum->n_balance == 0
	       && sum->n_controls == 0,
	       "empty study: empty summary");
	summary_free(sum);
	summary_free(NULL);
}

int main(void)
{
	test_observations();
	test_main_study();
	test_contradictions();
	test_expected();
	test_empty();
	return tap_done();
}
