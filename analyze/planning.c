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

pb_status planning_assurance(const double *d, size_t n0, size_t m,
			     const planning_settings *set, double *assurance,
			     size_t *counts)
{
	double *sample, *reps, *tstar;
	size_t decisive = 0, local[VERDICT_COUNT] = { 0 };
	pb_status st = PB_OK;

	if (m < 2 || n0 == 0 || m > 0xFFFFFFFFUL || n0 > 0xFFFFFFFFUL)
		return PB_DATAERR;
	sample = malloc(m * sizeof *sample);
	reps = malloc(PLANNING_INNER_RESAMPLES * sizeof *reps);
	tstar = malloc(PLANNING_INNER_RESAMPLES * sizeof *tstar);
	if (!sample || !reps || !tstar) {
		free(sample);
		free(reps);
		free(tstar);
		return PB_NOMEM;
	}
	for (uint32_t r = 0; r < PLANNING_SIMULATIONS && st == PB_OK; r++) {
		verdict v;
		st = judge_one(d, n0, m, set,
			       mix(set->stream_seed, (uint32_t)m, r + 1),
			       sample, reps, tstar, &v);
		if (st != PB_OK)
			break;
		local[v]++;
		decisive += claims(v);
	}
	free(sample);
	free(reps);
	free(tstar);
	if (st != PB_OK)
		return st;
	*assurance = (double)decisive / PLANNING_SIMULATIONS;
	if (counts)
		for (size_t i = 0; i < VERDICT_COUNT; i++)
			counts[i] = local[i];
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

/* A search over sizes for one pilot and spread: every size is simulated
 * once, whichever target asks for it. */
typedef struct search {
	const double *d;          /* the pilot, spread (owned) */
	size_t n0;
	const planning_settings *set;
	double *assurance;        /* by size, NAN until simulated */
	verdict *likely;
} search;

static pb_status search_init(search *s, const double *d, size_t n0,
			     double spread, const planning_settings *set)
{
	double mean = 0.0, *work = malloc(n0 * sizeof *work);
	size_t n = set->max_blocks + 1;

	s->set = set;
	s->n0 = n0;
	s->assurance = malloc(n * sizeof *s->assurance);
	s->likely = malloc(n * sizeof *s->likely);
	s->d = work;
	if (!work || !s->assurance || !s->likely)
		return PB_NOMEM;
	for (size_t i = 0; i < n0; i++)
		mean += d[i];
	mean /= (double)n0;
	for (size_t i = 0; i < n0; i++)
		work[i] = mean + spread * (d[i] - mean);
	for (size_t m = 0; m < n; m++)
		s->assurance[m] = NAN;
	return PB_OK;
}

static void search_free(search *s)
{
	free((double *)s->d);
	free(s->assurance);
	free(s->likely);
}

/* The assurance at size M, simulated once. */
static pb_status search_at(search *s, size_t m, double *a)
{
	size_t counts[VERDICT_COUNT];

	if (isnan(s->assurance[m])) {
		pb_status st = planning_assurance(s->d, s->n0, m, s->set,
						  &s->assurance[m], counts);
		if (st != PB_OK)
			return st;
		s->likely[m] = most_likely(counts);
	}
	*a = s->assurance[m];
	return PB_OK;
}


/* The smallest size reaching TARGET: doubling up to the maximum, then
 * bisection below the first size that reaches it. */
static pb_status search_target(search *s, double target, planning_need *out)
{
	/* No study below the minimum of pairs makes a claim: the search
	 * starts there. */
	size_t lo = VERDICT_MIN_PAIRS - 1, hi = VERDICT_MIN_PAIRS;
	size_t max = s->set->max_blocks;
	double a = 0.0;
	pb_status st;

	for (;;) {
		st = search_at(s, hi, &a);
		if (st != PB_OK || a >= target || hi == max)
			break;
		lo = hi;
		hi = 2 * hi < max ? 2 * hi : max;
	}
	while (st == PB_OK && a >= target && hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		double am;
		st = search_at(s, mid, &am);
		if (st == PB_OK && am >= target)
			hi = mid;
		else
			lo = mid;
	}
	if (st != PB_OK)
		return st;
	out->assurance = s->assurance[hi];
	out->likely = s->likely[hi];
	out->reason = out->assurance >= target ? PLANNING_FOUND
					       : PLANNING_NOT_REACHABLE;
	out->blocks_needed = out->reason == PLANNING_FOUND ? hi : 0;
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
