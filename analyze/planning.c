/* planning.c: blocks needed for a decisive verdict, by simulation (see
 * planning.h). */
#include "analyze/planning.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "analyze/bootstrap.h"
#include "analyze/mt19937.h"
#include "common/progress.h"

/* A 32-bit mix of the comparison's seed, the size and the simulation, so
 * every simulated study has a stream of its own and the same one on every
 * run (the finalizer of MurmurHash3, a bijection of 32 bits). */
static uint32_t mix(uint32_t seed, uint32_t m, uint32_t r)
{
	uint32_t h = seed ^ (m * 0x9E3779B1u) ^ (r * 0x85EBCA77u);

	h ^= h >> 16;
	h *= 0x85EBCA6Bu;
	h ^= h >> 13;
	h *= 0xC2B2AE35u;
	h ^= h >> 16;
	return h ? h : 1;
}

/* Whether the N values D are all the same: no spread to resample. */
static bool all_equal(const double *d, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (d[i] < d[0] || d[i] > d[0])
			return false;
	return true;
}

/* One simulated study: M differences drawn from D into SAMPLE, judged by
 * the plan's interval (its inner bootstrap in REPS, and TSTAR for the
 * studentized method) and verdict rules. */
static pb_status judge_one(const double *d, size_t n0, size_t m,
			   const planning_settings *set, uint32_t seed,
			   double *sample, double *reps, double *tstar,
			   verdict *out)
{
	mt19937 gen;
	uint32_t scale = 0xFFFFFFFFu / (uint32_t)n0;
	boot_interval ci;
	bool stud = set->method == INTERVAL_STUDENTIZED;
	boot_dist dist = { reps, NULL, PLANNING_INNER_RESAMPLES,
			   stud ? tstar : NULL, NULL };
	pb_status st;

	mt19937_seed(&gen, seed);
	for (size_t i = 0; i < m; i++)
		sample[i] = d[mt19937_uniform_int(&gen, (uint32_t)n0, scale)];
	st = boot_replicates_t(sample, m, PLANNING_INNER_RESAMPLES,
			       mix(seed, 0, 1), reps, stud ? tstar : NULL);
	if (st != PB_OK)
		return st;
	boot_sort(reps, PLANNING_INNER_RESAMPLES);
	if (stud)
		boot_sort(tstar, PLANNING_INNER_RESAMPLES);
	st = boot_interval_compute(set->method, sample, m, set->confidence,
				   &dist, &ci);
	if (st != PB_OK)
		return st;
	*out = verdict_gate(verdict_series(ci.defined, ci.lo, ci.hi,
					   set->threshold, set->better),
			    m, all_equal(sample, m));
	return PB_OK;
}

static bool claims(verdict v)
{
	return v == VERDICT_HARM || v == VERDICT_BENEFIT
	       || v == VERDICT_EQUIVALENT;
}

/* The simulated studies of one size so far: the first DONE of the
 * PLANNING_SIMULATIONS, in their order, with the verdicts they reached. */
typedef struct size_tally {
	size_t done;
	size_t decisive;
	size_t counts[VERDICT_COUNT];
} size_tally;

/* The work buffers of judge_one, for studies of up to MAX blocks. */
typedef struct sim_buffers {
	double *sample;
	double *reps;
	double *tstar;
} sim_buffers;

static bool buffers_init(sim_buffers *b, size_t max)
{
	b->sample = malloc(max * sizeof *b->sample);
	b->reps = malloc(PLANNING_INNER_RESAMPLES * sizeof *b->reps);
	b->tstar = malloc(PLANNING_INNER_RESAMPLES * sizeof *b->tstar);
	return b->sample && b->reps && b->tstar;
}

static void buffers_free(sim_buffers *b)
{
	free(b->sample);
	free(b->reps);
	free(b->tstar);
}

/* Simulates the next study of size M (number T->done + 1, with a stream
 * of its own) from the N0 pilot differences D, and counts its verdict in
 * T. */
static pb_status tally_add(const double *d, size_t n0, size_t m,
			   const planning_settings *set, sim_buffers *b,
			   size_tally *t)
{
	verdict v;
	pb_status st = judge_one(d, n0, m, set,
				 mix(set->stream_seed, (uint32_t)m,
				     (uint32_t)t->done + 1),
				 b->sample, b->reps, b->tstar, &v);

	if (st != PB_OK)
		return st;
	t->counts[v]++;
	t->decisive += claims(v);
	t->done++;
	return PB_OK;
}

/* The assurance of K decisive studies of PLANNING_SIMULATIONS. */
static double assurance_of(size_t k)
{
	return (double)k / PLANNING_SIMULATIONS;
}

/* The assurance of tally T once every study is simulated. */
static double tally_assurance(const size_tally *t)
{
	return assurance_of(t->decisive);
}

pb_status planning_assurance(const double *d, size_t n0, size_t m,
			     const planning_settings *set, double *assurance,
			     size_t *counts)
{
	sim_buffers b;
	size_tally t = { 0, 0, { 0 } };
	pb_status st = PB_OK;

	if (m < 2 || n0 == 0 || m > 0xFFFFFFFFUL || n0 > 0xFFFFFFFFUL)
		return PB_DATAERR;
	if (!buffers_init(&b, m)) {
		buffers_free(&b);
		return PB_NOMEM;
	}
	while (st == PB_OK && t.done < PLANNING_SIMULATIONS)
		st = tally_add(d, n0, m, set, &b, &t);
	buffers_free(&b);
	if (st != PB_OK)
		return st;
	*assurance = tally_assurance(&t);
	if (counts)
		for (size_t i = 0; i < VERDICT_COUNT; i++)
			counts[i] = t.counts[i];
	return PB_OK;
}

/* The decisive verdict reached most often in COUNTS (ties in enum order),
 * or VERDICT_NO_INTERVAL when none was. */
static verdict most_likely(const size_t *counts)
{
	static const verdict order[3] = { VERDICT_HARM, VERDICT_BENEFIT,
					  VERDICT_EQUIVALENT };
	verdict best = VERDICT_NO_INTERVAL;
	size_t most = 0;

	for (int i = 0; i < 3; i++) {
		if (counts[order[i]] > most) {
			most = counts[order[i]];
			best = order[i];
		}
	}
	return best;
}

/* A search over sizes for one pilot and spread.  A size is simulated only
 * as far as the search needs it: until its assurance is known to reach a
 * target or known to miss it, and in full only for the size reported.
 * Each simulated study has its own stream (mix of the size and its
 * number), so a size continued later gives the same verdicts as one run
 * through at once, and the result is that of simulating every size probed
 * in full; stopping early saves most of the work at sizes far from the
 * target (where almost no study is decisive, a size is settled against
 * an assurance of 0.8 after 81 of its 400 studies, against 0.9 after 41). */
typedef struct search {
	const double *d;          /* the pilot, spread (owned) */
	size_t n0;
	const planning_settings *set;
	size_tally *tally;        /* by size */
	sim_buffers buf;
} search;

static pb_status search_init(search *s, const double *d, size_t n0,
			     double spread, const planning_settings *set)
{
	double mean = 0.0, *work = malloc(n0 * sizeof *work);
	size_t n = set->max_blocks + 1;

	s->set = set;
	s->n0 = n0;
	s->d = work;
	s->tally = calloc(n, sizeof *s->tally);
	if (!buffers_init(&s->buf, set->max_blocks) || !work || !s->tally)
		return PB_NOMEM;
	for (size_t i = 0; i < n0; i++)
		mean += d[i];
	mean /= (double)n0;
	for (size_t i = 0; i < n0; i++)
		work[i] = mean + spread * (d[i] - mean);
	return PB_OK;
}

static void search_free(search *s)
{
	free((double *)s->d);
	free(s->tally);
	buffers_free(&s->buf);
}

/* The fewest decisive studies whose assurance reaches TARGET, compared
 * as a stored double, as the assurance always was: counting in integers
 * from here on gives, at every count, the answer the complete tally gives,
 * also where a compiler would compare a quotient at a wider precision.
 * PLANNING_SIMULATIONS + 1 when no count reaches it (a TARGET above 1, or
 * NaN). */
static size_t decisive_needed(double target)
{
	size_t k = 0;

	for (; k <= PLANNING_SIMULATIONS; k++) {
		double a = assurance_of(k);

		if (a >= target)
			break;
	}
	return k;
}

/* Whether tally T, when complete, is sure to hold NEED decisive studies
 * (*REACHES true) or sure not to (false); with every study simulated one
 * of the two holds. */
static bool tally_decides(const size_tally *t, size_t need, bool *reaches)
{
	size_t left = PLANNING_SIMULATIONS - t->done;

	if (t->decisive >= need) {
		*reaches = true;
		return true;
	}
	if (t->decisive + left < need) {
		*reaches = false;
		return true;
	}
	return false;
}

/* Simulates size M further: until it is known to reach NEED decisive
 * studies or to miss them (*REACHES), or, with ALL, until every study is
 * done. */
static pb_status search_at(search *s, size_t m, size_t need, bool all,
			   bool *reaches)
{
	size_tally *t = &s->tally[m];

	while (t->done < PLANNING_SIMULATIONS
	       && (all || !tally_decides(t, need, reaches))) {
		pb_status st = tally_add(s->d, s->n0, m, s->set, &s->buf, t);

		if (st != PB_OK)
			return st;
	}
	tally_decides(t, need, reaches);
	return PB_OK;
}

/* The smallest size reaching TARGET: doubling up to the maximum, then
 * bisection below the first size that reaches it. */
static pb_status search_target(search *s, double target, planning_need *out)
{
	/* No study below the minimum of pairs makes a claim: the search
	 * starts there. */
	size_t lo = VERDICT_MIN_PAIRS - 1, hi = VERDICT_MIN_PAIRS;
	size_t max = s->set->max_blocks, need = decisive_needed(target);
	bool reaches = false;
	pb_status st;

	for (;;) {
		st = search_at(s, hi, need, false, &reaches);
		if (st != PB_OK || reaches || hi == max)
			break;
		lo = hi;
		hi = 2 * hi < max ? 2 * hi : max;
	}
	while (st == PB_OK && reaches && hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		bool mid_reaches;
		st = search_at(s, mid, need, false, &mid_reaches);
		if (st == PB_OK && mid_reaches)
			hi = mid;
		else
			lo = mid;
	}
	/* The size reported: its assurance and likely verdict in full. */
	if (st == PB_OK)
		st = search_at(s, hi, need, true, &reaches);
	if (st != PB_OK)
		return st;
	out->assurance = tally_assurance(&s->tally[hi]);
	out->likely = most_likely(s->tally[hi].counts);
	out->reason = reaches ? PLANNING_FOUND : PLANNING_NOT_REACHABLE;
	out->blocks_needed = reaches ? hi : 0;
	return PB_OK;
}

pb_status planning_search(const double *d, size_t n0, double spread,
			  const double *targets, size_t n_targets,
			  const planning_settings *set, planning_need *out)
{
	search s;
	pb_status st = PB_OK;

	for (size_t t = 0; t < n_targets; t++)
		out[t] = (planning_need){ PLANNING_NOT_REACHABLE, 0, 0.0,
					  VERDICT_NO_INTERVAL };
	/* The search starts at the minimum of pairs; sizes and pilot
	 * indices are drawn as 32-bit numbers. */
	if (set->max_blocks < VERDICT_MIN_PAIRS
	    || set->max_blocks > 0xFFFFFFFFUL || n0 > 0xFFFFFFFFUL)
		return PB_DATAERR;
	if (n0 < PLANNING_MIN_PILOT || all_equal(d, n0)) {
		for (size_t t = 0; t < n_targets; t++)
			out[t].reason = n0 < PLANNING_MIN_PILOT
					? PLANNING_TOO_FEW_PAIRS
					: PLANNING_NO_SPREAD;
		return PB_OK;
	}
	st = search_init(&s, d, n0, spread, set);
	for (size_t t = 0; t < n_targets && st == PB_OK; t++)
		st = search_target(&s, targets[t], &out[t]);
	search_free(&s);
	return st;
}

double planning_spread_upper(size_t n0, double confidence)
{
	double df = (double)n0 - 1.0;
	double chi = gsl_cdf_chisq_Pinv((1.0 - confidence) / 2.0, df);

	return sqrt(df / chi);
}

const char *planning_reason_code(planning_reason r)
{
	switch (r) {
	case PLANNING_FOUND:
		return "found";
	case PLANNING_TOO_FEW_PAIRS:
		return "too-few-pairs";
	case PLANNING_NO_SPREAD:
		return "no-spread";
	case PLANNING_NOT_REACHABLE:
		return "not-reachable";
	}
	return "unknown";
}

/* The work of planning_run, shared by its threads. */
typedef struct plan_pool {
	const study *s;
	const analysis *a;
	planning_result *r;
	size_t next;              /* the next row to take */
	size_t done;              /* rows finished */
	pb_status st;
	pthread_mutex_t lock;
	pthread_cond_t changed;
} plan_pool;

/* Plans comparison ROW's comparison: its pilot as observed and with the
 * spread at its upper limit. */
static pb_status plan_row(const study *s, const analysis *a,
			  const planning_result *r, planning_row *row)
{
	const study_plan *p = &s->plan;
	const comparison *c = &a->cmp[row->comparison];
	planning_settings set = { p->interval, p->confidence, p->threshold,
				  p->better, r->max_blocks, 0 };
	char label[PB_STATE_BUFSIZE];
	pb_status st;

	/* The comparison's own streams, from its canonical state label as
	 * the study's are, and the seed inverted so they differ from those. */
	set.stream_seed = boot_stream_seed(~p->seed, p->series[c->series].id,
					   pb_state_canonical(p->states[c->state],
							      label,
							      sizeof label));
	row->spread_upper = c->n_pairs >= 2
			    ? planning_spread_upper(c->n_pairs, p->confidence)
			    : NAN;
	st = planning_search(c->diffs, c->n_pairs, 1.0, r->targets,
			     r->n_targets, &set, row->need);
	if (st == PB_OK)
		st = planning_search(c->diffs, c->n_pairs,
				     isfinite(row->spread_upper)
				     ? row->spread_upper : 1.0,
				     r->targets, r->n_targets, &set,
				     row->upper);
	return st;
}

static void *plan_work(void *arg)
{
	plan_pool *pool = arg;

	for (;;) {
		size_t i;
		pb_status st;

		pthread_mutex_lock(&pool->lock);
		if (pool->next == pool->r->n_rows || pool->st != PB_OK) {
			pthread_mutex_unlock(&pool->lock);
			return NULL;
		}
		i = pool->next++;
		pthread_mutex_unlock(&pool->lock);
		st = plan_row(pool->s, pool->a, pool->r, &pool->r->rows[i]);
		pthread_mutex_lock(&pool->lock);
		pool->done++;
		pool->st = pb_status_merge(pool->st, st);
		pthread_cond_broadcast(&pool->changed);
		pthread_mutex_unlock(&pool->lock);
	}
}

/* Runs the rows of POOL on JOBS threads (this one among them), showing
 * progress. */
static void plan_rows(plan_pool *pool, unsigned jobs)
{
	pthread_t threads[16];
	unsigned started = 0;
	progress *bar = progress_begin("planning", pool->r->n_rows,
				       "comparisons");

	if (jobs > 16)
		jobs = 16;
	for (; started + 1 < jobs; started++)
		if (pthread_create(&threads[started], NULL, plan_work, pool))
			break;
	/* This thread works too, and shows the progress as rows finish. */
	plan_work(pool);
	pthread_mutex_lock(&pool->lock);
	while (pool->done < pool->next) {
		progress_update(bar, pool->done, 0);
		pthread_cond_wait(&pool->changed, &pool->lock);
	}
	pthread_mutex_unlock(&pool->lock);
	for (unsigned k = 0; k < started; k++)
		pthread_join(threads[k], NULL);
	progress_update(bar, pool->done, 0);
	progress_end(bar);
}

pb_status planning_run(const study *s, const analysis *a,
		       const double *targets, size_t n_targets,
		       size_t max_blocks, unsigned jobs,
		       planning_result **out)
{
	planning_result *r = calloc(1, sizeof *r);
	plan_pool pool = { .s = s, .a = a, .st = PB_OK };

	*out = NULL;
	if (!r)
		return PB_NOMEM;
	r->rows = calloc(a->n_cmp ? a->n_cmp : 1, sizeof *r->rows);
	if (!r->rows) {
		planning_free(r);
		return PB_NOMEM;
	}
	r->n_rows = a->n_cmp;
	r->n_targets = n_targets < PLANNING_MAX_TARGETS ? n_targets
						      : PLANNING_MAX_TARGETS;
	for (size_t t = 0; t < r->n_targets; t++)
		r->targets[t] = targets[t];
	r->max_blocks = max_blocks;
	for (size_t i = 0; i < r->n_rows; i++)
		r->rows[i].comparison = i;
	pool.r = r;
	if (pthread_mutex_init(&pool.lock, NULL) != 0
	    || pthread_cond_init(&pool.changed, NULL) != 0) {
		planning_free(r);
		return PB_NOMEM;
	}
	plan_rows(&pool, jobs ? jobs : 1);
	pthread_cond_destroy(&pool.changed);
	pthread_mutex_destroy(&pool.lock);
	if (pool.st != PB_OK) {
		planning_free(r);
		return pool.st;
	}
	*out = r;
	return PB_OK;
}

void planning_free(planning_result *r)
{
	if (!r)
		return;
	free(r->rows);
	free(r);
}
