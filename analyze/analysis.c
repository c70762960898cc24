/* analysis.c: from an ingested study to the numbers of its report. */
#include "analyze/analysis.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/coverage.h"
#include "analyze/spreadpower.h"
#include "analyze/spreadtest.h"
#include "common/progress.h"
#include "common/readopt.h"
#include "common/taskpool.h"

/* A nominal interval whose simulated coverage falls this far below the
 * confidence is flagged as a small-sample interval in the report. */
#define COVERAGE_SHORTFALL 0.01

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* A run that can take part in a comparison: accepted, with a statistic,
 * in the comparison's series and of one of its two states. */
typedef struct candidate {
	unsigned long block;
	size_t run;          /* index into study.runs */
	bool is_ref;         /* of the reference state */
} candidate;

/* By block, then the state's run before the reference's, then runs.csv
 * order, so the pairing does not depend on qsort's stability. */
static int cmp_candidate(const void *a, const void *b)
{
	const candidate *x = a, *y = b;
	if (x->block != y->block)
		return (x->block > y->block) - (x->block < y->block);
	if (x->is_ref != y->is_ref)
		return x->is_ref ? 1 : -1;
	return (x->run > y->run) - (x->run < y->run);
}

/* Fills the pairs and the unpaired runs of comparison C: the candidates of
 * its series sorted by block, then each block read off in one pass (the
 * manifest allows at most one accepted run of a state in a block), so the
 * cost grows as n log n with the number of runs, not n squared. */
static pb_status pair_runs(const study *s, comparison *c)
{
	const study_plan *p = &s->plan;
	pb_state state = p->states[c->state];
	size_t cap = s->n_runs ? s->n_runs : 1;
	candidate *cand = malloc(cap * sizeof *cand);
	size_t n = 0;

	c->blocks = malloc(cap * sizeof *c->blocks);
	c->state_runs = malloc(cap * sizeof *c->state_runs);
	c->ref_runs = malloc(cap * sizeof *c->ref_runs);
	c->diffs = malloc(cap * sizeof *c->diffs);
	c->unpaired = malloc(cap * sizeof *c->unpaired);
	if (!cand || !c->blocks || !c->state_runs || !c->ref_runs || !c->diffs
	    || !c->unpaired) {
		free(cand);
		return PB_NOMEM;
	}
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->series != c->series || !r->accepted || !r->has_statistic)
			continue;
		bool is_ref = pb_state_equal(r->state, p->reference);
		if (is_ref || pb_state_equal(r->state, state))
			cand[n++] = (candidate){ r->block, i, is_ref };
	}
	qsort(cand, n, sizeof *cand, cmp_candidate);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && cand[j].block == cand[i].block)
			j++;
		if (j - i == 2 && !cand[i].is_ref && cand[i + 1].is_ref) {
			size_t rs = cand[i].run, rr = cand[i + 1].run;
			c->blocks[c->n_pairs] = cand[i].block;
			c->state_runs[c->n_pairs] = rs;
			c->ref_runs[c->n_pairs] = rr;
			c->diffs[c->n_pairs] = s->runs[rs].statistic
					       - s->runs[rr].statistic;
			c->n_pairs++;
		} else {
			for (size_t k = i; k < j; k++)
				c->unpaired[c->n_unpaired++] = cand[k].run;
		}
		i = j;
	}
	free(cand);
	/* Unpaired runs are listed in runs.csv order. */
	qsort(c->unpaired, c->n_unpaired, sizeof *c->unpaired, cmp_size);
	return PB_OK;
}

/* Looks up the simulated coverage of the plan's method at this number of
 * pairs, from the row of that number itself.  The simulation was run at a
 * nominal 95% only, and tabulates 2 to COVERAGE_MAX_PAIRS pairs: beyond
 * that there is no figure to quote, and the report says so. */
static void note_coverage(const study_plan *p, comparison *c)
{
	bool nominal95 = fabs(p->confidence - 0.95) < 1e-9;
	double cov = coverage_simulated(p->interval, c->n_pairs);

	c->coverage_beyond = nominal95 && c->n_pairs > COVERAGE_MAX_PAIRS;
	c->coverage_known = nominal95 && isfinite(cov);
	if (!c->coverage_known)
		return;
	c->coverage = cov;
	c->coverage_pairs = c->n_pairs;
	c->small_sample = c->coverage < p->confidence - COVERAGE_SHORTFALL;
}

/* The part of a comparison that needs the whole study and may speak: its
 * pairs, its seed and whether its plan can be honoured.  It runs on the
 * calling thread, in comparison order, so any message comes out in the
 * order and at the moment a single thread would give it. */
static pb_status prepare_comparison(const study *s, comparison *c, diag *d)
{
	const study_plan *p = &s->plan;
	char label[PB_STATE_BUFSIZE];
	pb_status st = pair_runs(s, c);
	const char *name;

	if (st != PB_OK)
		return st;
	name = pb_state_canonical(p->states[c->state], label, sizeof label);
	/* Keyed by the state's canonical spelling, so that writing 10 or
	 * 0x0A gives the same interval. */
	c->stream_seed = boot_stream_seed(p->seed, p->series[c->series].id,
					  name);
	if (p->resamples_exact && c->n_pairs > BOOT_EXACT_MAX_N) {
		diag_error(d, "study.ini", 0, 0, "resamples = exact needs at "
			   "most %d pairs; series '%s', state %s has %zu",
			   BOOT_EXACT_MAX_N, p->series[c->series].id, name,
			   c->n_pairs);
		return PB_DATAERR;
	}
	return PB_OK;
}

/* The pairs of C, as the state's and the reference's statistics, into
 * new arrays *ST and *REF (at least one element each). */
static pb_status pair_values(const study *s, const comparison *c, double **st,
			     double **ref)
{
	size_t cap = c->n_pairs ? c->n_pairs : 1;

	*st = malloc(cap * sizeof **st);
	*ref = malloc(cap * sizeof **ref);
	if (!*st || !*ref) {
		free(*st);
		free(*ref);
		return PB_NOMEM;
	}
	for (size_t i = 0; i < c->n_pairs; i++) {
		(*st)[i] = s->runs[c->state_runs[i]].statistic;
		(*ref)[i] = s->runs[c->ref_runs[i]].statistic;
	}
	return PB_OK;
}

/* A sequential study's comparison, judged at its looks: its pairs,
 * interval and verdict become those of the look reported. */
static pb_status judge_at_looks(const seq_design *design, comparison *c,
				const double *st_vals, const double *ref_vals,
				const boot_settings *set)
{
	seq_outcome out;
	pb_status st = sequential_judge(st_vals, ref_vals, c->blocks,
					c->n_pairs, design, c->looks_reached,
					set, &out);

	if (st != PB_OK)
		return st;
	c->boot = out.boot;
	c->verdict = out.verdict;
	c->look_status = out.status;
	c->look = out.look;
	c->look_level = out.level;
	c->pairs_after = c->n_pairs - out.pairs;
	c->n_pairs = out.pairs;
	return PB_OK;
}

/* The bootstrap of a prepared comparison and its verdict: it reads the
 * study and writes only C, so comparisons run side by side.  DESIGN is
 * the sequential design, or NULL. */
static pb_status bootstrap_comparison(const study *s, const seq_design *design,
				      comparison *c)
{
	const study_plan *p = &s->plan;
	boot_settings set;
	pb_status st;
	double *st_vals, *ref_vals;

	set.method = p->interval;
	set.confidence = p->confidence;
	set.exact = p->resamples_exact;
	set.resamples = p->resamples;
	set.stream_seed = c->stream_seed;
	set.threshold = p->threshold;
	set.better = p->better;
	st = pair_values(s, c, &st_vals, &ref_vals);
	if (st != PB_OK)
		return st;
	if (design) {
		st = judge_at_looks(design, c, st_vals, ref_vals, &set);
		free(st_vals);
		free(ref_vals);
		/* The coverage table is of nominal 95% intervals; a look's
		 * level is another. */
		return st;
	}
	st = boot_compare(st_vals, ref_vals, c->n_pairs, &set, &c->boot);
	bool flat = c->n_pairs > 0
		    && verdict_no_spread(c->diffs, st_vals, ref_vals,
					 c->n_pairs);
	free(st_vals);
	free(ref_vals);
	if (st != PB_OK)
		return st;
	const boot_interval *ci = &c->boot.ci[p->interval];
	c->verdict = verdict_gate(verdict_series(ci->defined, ci->lo, ci->hi,
						 p->threshold, p->better),
				  c->n_pairs, flat);
	/* Where no claim is made, no seed can change it: a fragile endpoint
	 * would warn of a change that cannot happen. */
	if (c->verdict == VERDICT_TOO_FEW_PAIRS
	    || c->verdict == VERDICT_NO_SPREAD)
		c->boot.fragile = false;
	note_coverage(p, c);
	return PB_OK;
}

/* What the bootstrap tasks share: the study and the analysis being
 * filled, read-only but for each task's own slot. */
typedef struct boot_tasks {
	const study *s;
	analysis *a;
	const comparison **pair_a, **pair_b;  /* per between-series task */
} boot_tasks;

static pb_status comparison_task(void *arg, size_t i)
{
	boot_tasks *t = arg;

	const seq_design *design = t->a->sequential ? &t->a->design : NULL;

	return bootstrap_comparison(t->s, design, &t->a->cmp[i]);
}

static void show_progress(void *bar, size_t done)
{
	progress_update(bar, done, 0);
}

static pb_status build_comparisons(const study *s, analysis *a, diag *d)
{
	const study_plan *p = &s->plan;
	size_t ref = study_state_index(p, p->reference);
	size_t n = 0;
	boot_tasks tasks = { s, a, NULL, NULL };
	progress *bar;
	pb_status st;

	a->cmp = calloc(p->n_series * p->n_states + 1, sizeof *a->cmp);
	if (!a->cmp)
		return PB_NOMEM;
	for (size_t k = 0; k < p->n_series; k++) {
		if (p->series[k].kind != SERIES_LATENCY)
			continue;
		/* A series reaches its looks once, for all its states. */
		size_t reached = a->sequential
				 ? sequential_looks_reached(s, k) : 0;
		for (size_t j = 0; j < p->n_states; j++) {
			if (j == ref)
				continue;
			comparison *c = &a->cmp[n++];
			a->n_cmp = n;
			c->series = k;
			c->state = j;
			c->looks_reached = reached;
			st = prepare_comparison(s, c, d);
			if (st != PB_OK)
				return st;
		}
	}
	/* A line on a terminal when the bootstrap takes a while, drawn
	 * from this thread as comparisons finish in order. */
	bar = progress_begin("bootstrap", n, "comparisons");
	st = taskpool_run(n, readopt_default_jobs(), comparison_task, &tasks,
			  show_progress, bar);
	progress_end(bar);
	return st;
}

static pb_status build_state_results(const study *s, analysis *a)
{
	const study_plan *p = &s->plan;
	size_t ref = study_state_index(p, p->reference);

	a->states = calloc(p->n_states + 1, sizeof *a->states);
	if (!a->states)
		return PB_NOMEM;
	for (size_t j = 0; j < p->n_states; j++) {
		if (j == ref)
			continue;
		state_result *r = &a->states[a->n_states++];
		verdict *v = malloc((a->n_cmp + 1) * sizeof *v);
		double *est = malloc((a->n_cmp + 1) * sizeof *est);
		r->state = j;
		r->comparisons = malloc((a->n_cmp + 1)
					* sizeof *r->comparisons);
		if (!v || !est || !r->comparisons) {
			free(v);
			free(est);
			return PB_NOMEM;
		}
		for (size_t i = 0; i < a->n_cmp; i++) {
			if (a->cmp[i].state != j)
				continue;
			v[r->n_comparisons] = a->cmp[i].verdict;
			est[r->n_comparisons] = a->cmp[i].boot.estimate;
			r->comparisons[r->n_comparisons++] = i;
		}
		r->verdict = verdict_across(v, est, r->n_comparisons);
		r->signs_open = verdict_signs_open(v, est, r->n_comparisons);
		free(v);
		free(est);
	}
	return PB_OK;
}

/* The spread of the accepted statistics of series K at state J into
 * *SP: two passes, the mean first, then the sum of squared deviations
 * from it. */
static void state_spread(const study *s, size_t k, size_t j,
			 series_spread *sp)
{
	const study_plan *p = &s->plan;
	double sum = 0, ss = 0;

	*sp = (series_spread){ .series = k, .state = j, .min = INFINITY,
			       .max = -INFINITY };
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->series != k || !r->accepted || !r->has_statistic
		    || !pb_state_equal(r->state, p->states[j]))
			continue;
		sp->runs++;
		sum += r->statistic;
		sp->min = fmin(sp->min, r->statistic);
		sp->max = fmax(sp->max, r->statistic);
	}
	sp->mean = sp->runs ? sum / (double)sp->runs : NAN;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->series != k || !r->accepted || !r->has_statistic
		    || !pb_state_equal(r->state, p->states[j]))
			continue;
		ss += (r->statistic - sp->mean) * (r->statistic - sp->mean);
	}
	sp->sd = sp->runs >= 2 ? sqrt(ss / (double)(sp->runs - 1)) : NAN;
	if (!sp->runs)
		sp->min = sp->max = NAN;
}

/* The level of every state in every latency series, and the spread at
 * the reference (the reference's level) that the spread tests read. */
static pb_status build_spread(const study *s, analysis *a)
{
	const study_plan *p = &s->plan;
	size_t ref = study_state_index(p, p->reference);

	a->spread = calloc(p->n_series + 1, sizeof *a->spread);
	a->levels = calloc(p->n_series * p->n_states + 1, sizeof *a->levels);
	if (!a->spread || !a->levels)
		return PB_NOMEM;
	for (size_t k = 0; k < p->n_series; k++) {
		if (p->series[k].kind != SERIES_LATENCY)
			continue;
		for (size_t j = 0; j < p->n_states; j++)
			state_spread(s, k, j, &a->levels[a->n_levels++]);
		state_spread(s, k, ref, &a->spread[a->n_spread++]);
	}
	return PB_OK;
}

/* The unpaired bootstrap of mean(B) - mean(A): each series' pairs are
 * resampled on their own, since blocks of different series are not
 * matched.  Percentile interval, type 7 endpoints. */
static pb_status unpaired_interval(const comparison *ca, const comparison *cb,
				   const study_plan *p, uint32_t seed,
				   series_difference *out)
{
	unsigned long b = p->resamples_exact ? 10000 : p->resamples;
	double alpha = 1 - p->confidence;
	pb_status st;

	/* Below the pairs a claim needs in each series, a difference between
	 * them is not claimed either. */
	out->defined = ca->n_pairs >= VERDICT_MIN_PAIRS
		       && cb->n_pairs >= VERDICT_MIN_PAIRS;
	out->difference = ca->n_pairs && cb->n_pairs
			  ? cb->boot.estimate - ca->boot.estimate : NAN;
	if (!out->defined)
		return PB_OK;
	st = boot_unpaired_percentile(ca->diffs, ca->n_pairs, cb->diffs,
				      cb->n_pairs, b, seed, alpha, &out->lo,
				      &out->hi, NULL);
	out->disagree = st == PB_OK && (out->lo > 0 || out->hi < 0);
	return st;
}

static const comparison *find_cmp(const analysis *a, size_t series,
				  size_t state)
{
	for (size_t i = 0; i < a->n_cmp; i++)
		if (a->cmp[i].series == series && a->cmp[i].state == state)
			return &a->cmp[i];
	return NULL;
}

/* The accepted reference statistics of series K, runs.csv order, into a
 * new *OUT of *N values (free it). */
static pb_status reference_values(const study *s, size_t k, double **out,
				  size_t *n)
{
	*n = 0;
	*out = malloc((s->n_runs + 1) * sizeof **out);
	if (!*out)
		return PB_NOMEM;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->series == k && r->accepted && r->has_statistic
		    && pb_state_equal(r->state, s->plan.reference))
			(*out)[(*n)++] = r->statistic;
	}
	return PB_OK;
}

/* The Brown-Forsythe test of the reference runs of series SA against SB.
 * A series without spread (fewer than 2 runs, or an SD of 0) leaves
 * nothing to compare a spread with, so the test is then unjudged rather
 * than "differs". */
static pb_status run_spread_test(const study *s, const series_spread *sa,
				 const series_spread *sb, spread_test *t)
{
	double *va = NULL, *vb = NULL;
	size_t na, nb;
	spreadtest_result r = { 0 };
	pb_status st;

	t->series_a = sa->series;
	t->series_b = sb->series;
	t->ratio = sb->sd / sa->sd;
	t->statistic = t->p_value = NAN;
	t->df_within = NAN;
	t->power = NAN;
	t->finding = HETERO_UNJUDGED;
	if (!(sa->sd > 0) || !(sb->sd > 0))
		return PB_OK;
	st = reference_values(s, sa->series, &va, &na);
	if (st == PB_OK)
		st = reference_values(s, sb->series, &vb, &nb);
	if (st == PB_OK)
		st = spreadtest_brown_forsythe(va, na, vb, nb, &r);
	free(va);
	free(vb);
	if (st != PB_OK || !r.defined)
		return st;
	t->statistic = r.statistic;
	t->df_within = r.df_within;
	t->p_value = r.p_value;
	/* The level of the study's intervals: a study at 99% asks the same
	 * clarity of a difference in spread as of an effect. */
	t->differs = r.p_value < 1.0 - s->plan.confidence;
	t->finding = t->differs ? HETERO_DIFFERS : HETERO_SAME;
	if (!spreadpower_at(na, nb, 1.0 - s->plan.confidence, &t->power))
		t->power = NAN;
	return PB_OK;
}

/* The difference between the effects of state J in the series of
 * comparisons CB and CA, judged by its unpaired interval. */
static pb_status run_difference(const study *s, size_t j, const comparison *ca,
				const comparison *cb, series_difference *sd)
{
	const study_plan *p = &s->plan;
	char key[256];
	char label[PB_STATE_BUFSIZE];
	pb_status st;

	sd->state = j;
	sd->series_a = ca->series;
	sd->series_b = cb->series;
	snprintf(key, sizeof key, "between %s %s", p->series[ca->series].id,
		 p->series[cb->series].id);
	st = unpaired_interval(ca, cb, p,
			       boot_stream_seed(p->seed, key,
						pb_state_canonical(p->states[j],
								   label,
								   sizeof label)),
			       sd);
	sd->finding = !sd->defined ? HETERO_UNJUDGED
		      : sd->disagree ? HETERO_DIFFERS : HETERO_SAME;
	return st;
}

/* Folds one finding into the study-wide flags. */
static void note_finding(analysis *a, hetero_finding f)
{
	a->heterogeneous |= f == HETERO_DIFFERS;
	a->unjudged |= f == HETERO_UNJUDGED;
}

/* Every series' verdict on R's state is the verdict across series.  A
 * verdict that only exists across series (the series disagree, they
 * differ in direction) never equals a series' own, so this needs no list of
 * codes. */
static bool same_conclusion(const analysis *a, const state_result *r)
{
	for (size_t i = 0; i < r->n_comparisons; i++)
		if (a->cmp[r->comparisons[i]].verdict != r->verdict)
			return false;
	return true;
}

static pb_status difference_task(void *arg, size_t i)
{
	boot_tasks *t = arg;
	series_difference *sd = &t->a->between[i];

	return run_difference(t->s, sd->state, t->pair_a[i], t->pair_b[i], sd);
}

/* The spread tests, in series order, and the slots of the differences
 * between series with the two comparisons each is drawn from (in
 * T->pair_a and T->pair_b, new arrays). */
static pb_status plan_between(const study *s, analysis *a, boot_tasks *t,
			      size_t pairs)
{
	const study_plan *p = &s->plan;
	size_t ns = a->n_spread;

	t->pair_a = malloc((pairs * p->n_states + 1) * sizeof *t->pair_a);
	t->pair_b = malloc((pairs * p->n_states + 1) * sizeof *t->pair_b);
	if (!t->pair_a || !t->pair_b)
		return PB_NOMEM;
	for (size_t x = 0; x < ns; x++) {
		for (size_t y = x + 1; y < ns; y++) {
			spread_test *st = &a->spread_tests[a->n_spread_tests++];
			pb_status r = run_spread_test(s, &a->spread[x],
						      &a->spread[y], st);
			if (r != PB_OK)
				return r;
			note_finding(a, st->finding);
			for (size_t j = 0; j < p->n_states; j++) {
				const comparison *ca = find_cmp(
					a, a->spread[x].series, j);
				const comparison *cb = find_cmp(
					a, a->spread[y].series, j);
				if (!ca || !cb)
					continue;
				t->pair_a[a->n_between] = ca;
				t->pair_b[a->n_between] = cb;
				a->between[a->n_between++].state = j;
			}
		}
	}
	return PB_OK;
}

static pb_status build_between(const study *s, analysis *a)
{
	const study_plan *p = &s->plan;
	size_t ns = a->n_spread;
	size_t pairs = ns * (ns > 0 ? ns - 1 : 0) / 2;
	boot_tasks t = { s, a, NULL, NULL };
	pb_status st;

	a->between = calloc(pairs * p->n_states + 1, sizeof *a->between);
	a->spread_tests = calloc(pairs + 1, sizeof *a->spread_tests);
	if (!a->between || !a->spread_tests)
		return PB_NOMEM;
	st = plan_between(s, a, &t, pairs);
	/* Each difference has its own seed, like each comparison. */
	if (st == PB_OK)
		st = taskpool_run(a->n_between, readopt_default_jobs(),
				  difference_task, &t, NULL, NULL);
	free(t.pair_a);
	free(t.pair_b);
	if (st != PB_OK)
		return st;
	for (size_t i = 0; i < a->n_between; i++)
		note_finding(a, a->between[i].finding);
	for (size_t i = 0; i < a->n_states; i++)
		a->conclusions_differ |= !same_conclusion(a, &a->states[i]);
	return PB_OK;
}

/* Each finite statistic is below DBL_MAX, yet a sum over pairs (the
 * effect, a resample's mean) can still overflow; an infinite effect or
 * endpoint would be published as null and judged "indeterminate", so it is
 * an error instead. */
static pb_status check_finite(const study *s, const analysis *a, diag *d)
{
	pb_status st = PB_OK;
	char name[PB_STATE_BUFSIZE];

	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		bool finite = c->n_pairs == 0 || isfinite(c->boot.estimate);
		for (int m = 0; m < INTERVAL_METHOD_COUNT; m++) {
			const boot_interval *ci = &c->boot.ci[m];
			if (ci->defined && !(isfinite(ci->lo)
					     && isfinite(ci->hi)))
				finite = false;
		}
		if (finite)
			continue;
		diag_error(d, s->dir, 0, 0, "series '%s', state %s: the "
			   "difference is too large for a number (overflow)",
			   s->plan.series[c->series].id,
			   pb_state_format(s->plan.states[c->state], name,
					   sizeof name));
		st = PB_DATAERR;
	}
	return st;
}

pb_status analysis_run(const study *s, diag *d, analysis **out)
{
	analysis *a = calloc(1, sizeof *a);
	pb_status st;

	*out = NULL;
	if (!a)
		return PB_NOMEM;
	a->sequential = s->plan.n_looks > 0;
	st = a->sequential ? sequential_design(&s->plan, &a->design) : PB_OK;
	if (st == PB_OK && a->sequential)
		st = sequential_check_study(s, &a->design, d);
	if (st == PB_OK)
		st = build_comparisons(s, a, d);
	if (st == PB_OK)
		st = check_finite(s, a, d);
	if (st == PB_OK)
		st = build_state_results(s, a);
	if (st == PB_OK)
		st = build_spread(s, a);
	if (st == PB_OK)
		st = build_between(s, a);
	if (st == PB_OK)
		st = summary_build(s, &a->summary);
	if (st != PB_OK) {
		analysis_free(a);
		return st;
	}
	*out = a;
	return PB_OK;
}

bool analysis_state_agrees(const analysis *a, size_t i)
{
	const state_result *r = &a->states[i];

	if (!same_conclusion(a, r))
		return false;
	for (size_t k = 0; k < a->n_between; k++)
		if (a->between[k].state == r->state
		    && a->between[k].finding != HETERO_SAME)
			return false;
	return true;
}

void analysis_free(analysis *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n_cmp; i++) {
		comparison *c = &a->cmp[i];
		free(c->blocks);
		free(c->state_runs);
		free(c->ref_runs);
		free(c->diffs);
		free(c->unpaired);
	}
	free(a->cmp);
	for (size_t i = 0; i < a->n_states; i++)
		free(a->states[i].comparisons);
	free(a->states);
	free(a->spread);
	free(a->levels);
	free(a->between);
	free(a->spread_tests);
	summary_free(a->summary);
	free(a);
}
