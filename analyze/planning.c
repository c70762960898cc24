/* planning.c: blocks needed for a correct decisive verdict, by simulation
 * (see planning.h). */
#include "analyze/planning.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/bootstrap.h"
#include "common/progress.h"

/* What a run of simulations estimates: each has streams of its own. */
enum purpose {
	PURPOSE_CURVE = 1,        /* the assurance curve, and its bisection */
	PURPOSE_FRESH = 2,        /* the assurance at the size chosen */
	PURPOSE_POWER = 3         /* the conditional power */
};

size_t planning_grid(size_t max, size_t *sizes)
{
	size_t n = 0;

	for (size_t m = VERDICT_MIN_PAIRS; m < max; ) {
		sizes[n++] = m;
		m += m < 12 ? 1 : m / 4;
	}
	sizes[n++] = max;
	return n;
}

size_t planning_stays_from(const planning_curve *c, double target)
{
	size_t from = 0;

	for (size_t k = c->n; k-- > 0; ) {
		if (c->value[k] < target)
			break;
		from = c->blocks[k];
	}
	return from;
}

/* Runs PLANNING_SIMULATIONS studies at each of the N ascending SIZES with
 * common random numbers (simulation r: one world, one sequence of draws,
 * its first m values the study of m blocks), counting the correct
 * decisive verdicts in SUCCESS[k] and, with COUNTS non-NULL, every
 * verdict at SIZES[0] in COUNTS[VERDICT_COUNT]. */
static pb_status simulate(const planworld_model *w,
			  const planning_settings *set, enum purpose purpose,
			  const size_t *sizes, size_t n, size_t *success,
			  size_t *counts)
{
	size_t max = sizes[n - 1];
	planworld_buffers b;
	pb_status st = PB_OK;

	memset(success, 0, n * sizeof *success);
	if (counts)
		memset(counts, 0, VERDICT_COUNT * sizeof *counts);
	if (!planworld_buffers_init(&b, w->n0, max)) {
		planworld_buffers_free(&b);
		return PB_NOMEM;
	}
	for (uint32_t r = 0; r < PLANNING_SIMULATIONS && st == PB_OK; r++) {
		uint32_t stream = planworld_mix(set->stream_seed,
						(uint32_t)purpose, r + 1);
		mt19937 gen;
		double mu;

		mt19937_seed(&gen, stream);
		mu = planworld_draw(w, &gen, max, &b);
		for (size_t k = 0; k < n && st == PB_OK; k++) {
			verdict v;

			st = planworld_resample(b.draws, sizes[k], set->method,
						planworld_mix(stream, 0, 1),
						&b);
			if (st == PB_OK)
				st = planworld_verdict(b.draws, sizes[k], set,
						       set->confidence, &b,
						       &v);
			if (st != PB_OK)
				break;
			success[k] += planworld_correct(v, mu, set->threshold,
							set->better);
			if (counts && k == 0)
				counts[v]++;
		}
		planworld_count(n);
	}
	planworld_buffers_free(&b);
	return st;
}

static double share_of(size_t k)
{
	return (double)k / PLANNING_SIMULATIONS;
}

/* The curve of W on the grid up to SET->max_blocks. */
static pb_status curve_on_grid(const planworld_model *w,
			       const planning_settings *set,
			       enum purpose purpose, planning_curve *c)
{
	size_t success[PLANNING_MAX_POINTS];
	pb_status st;

	c->n = planning_grid(set->max_blocks, c->blocks);
	st = simulate(w, set, purpose, c->blocks, c->n, success, NULL);
	for (size_t k = 0; k < c->n; k++)
		c->value[k] = share_of(success[k]);
	return st;
}

/* Adds size M of value V to curve C, in order (a full curve keeps its
 * sizes). */
static void curve_insert(planning_curve *c, size_t m, double v)
{
	size_t k = c->n;

	if (c->n == PLANNING_MAX_POINTS)
		return;
	while (k > 0 && c->blocks[k - 1] > m) {
		c->blocks[k] = c->blocks[k - 1];
		c->value[k] = c->value[k - 1];
		k--;
	}
	c->blocks[k] = m;
	c->value[k] = v;
	c->n++;
}

/* How close bisection brings the sizes below and at the answer: to the
 * block up to 64 blocks, then to a 32nd of the size (two or three percent
 * more blocks at most, for a fraction of the simulations). */
static size_t refine_step(size_t lo)
{
	return lo < 64 ? 1 : lo / 32;
}

/* Narrows the size from which curve C stays at or above TARGET, when the
 * size below it on the curve is not its neighbour, by bisection with the
 * same common random numbers; the sizes probed join C. */
static pb_status refine(const planworld_model *w, const planning_settings *set,
			enum purpose purpose, double target,
			planning_curve *c)
{
	size_t hi = planning_stays_from(c, target), lo = 0;
	pb_status st = PB_OK;

	for (size_t k = 0; k < c->n && c->blocks[k] < hi; k++)
		lo = c->blocks[k];
	while (st == PB_OK && lo > 0 && hi - lo > refine_step(lo)
	       && c->n < PLANNING_MAX_POINTS) {
		size_t mid = lo + (hi - lo) / 2, success;

		st = simulate(w, set, purpose, &mid, 1, &success, NULL);
		curve_insert(c, mid, share_of(success));
		if (share_of(success) >= target)
			hi = mid;
		else
			lo = mid;
	}
	return st;
}

/* The answer for TARGET from curve C of W: refined, then the value and
 * likeliest verdict at the size chosen estimated afresh (FRESH), and the
 * conditional power there from the fixed world PILOT. */
static pb_status answer(const planworld_model *w, const planworld_model *pilot,
			const planning_settings *set, enum purpose purpose,
			enum purpose fresh, double target, planning_curve *c,
			planning_need *out)
{
	size_t counts[VERDICT_COUNT], success, at;
	pb_status st = refine(w, set, purpose, target, c);

	if (st != PB_OK)
		return st;
	out->blocks_needed = planning_stays_from(c, target);
	out->reason = out->blocks_needed ? PLANNING_FOUND
					 : PLANNING_NOT_REACHABLE;
	out->first_reached = 0;
	for (size_t k = 0; k < c->n && !out->first_reached; k++)
		if (c->value[k] >= target)
			out->first_reached = c->blocks[k];
	out->monotone = out->first_reached == out->blocks_needed;
	at = out->blocks_needed ? out->blocks_needed : set->max_blocks;
	st = simulate(w, set, fresh, &at, 1, &success, counts);
	if (st != PB_OK)
		return st;
	out->assurance = share_of(success);
	out->likely = planworld_most_likely(counts);
	st = simulate(pilot, set, PURPOSE_POWER, &at, 1, &success, NULL);
	out->power = share_of(success);
	return st;
}

/* Checks the arguments shared by the searches, and says in every OUT[t]
 * why a pilot says nothing (*SAYS false). */
static pb_status check_pilot(const double *d, size_t n0,
			     const planning_settings *set, planning_need *out,
			     size_t n_out, bool *says)
{
	*says = false;
	for (size_t t = 0; t < n_out; t++)
		out[t] = (planning_need){ PLANNING_NOT_REACHABLE, 0, 0, true,
					  0.0, 0.0, VERDICT_NO_INTERVAL };
	/* Sizes and pilot indices are drawn as 32-bit numbers. */
	if (set->max_blocks < VERDICT_MIN_PAIRS
	    || set->max_blocks > 0xFFFFFFFFUL || n0 > 0xFFFFFFFFUL)
		return PB_DATAERR;
	if (n0 < PLANNING_MIN_PILOT || planworld_all_equal(d, n0)) {
		for (size_t t = 0; t < n_out; t++)
			out[t].reason = n0 < PLANNING_MIN_PILOT
					? PLANNING_TOO_FEW_PAIRS
					: PLANNING_NO_SPREAD;
		return PB_OK;
	}
	*says = true;
	return PB_OK;
}

pb_status planning_power(const double *d, size_t n0, size_t m,
			 const planning_settings *set, double *power,
			 size_t *counts)
{
	double *p;
	size_t success;
	pb_status st;

	if (m < 2 || n0 < 2 || m > 0xFFFFFFFFUL || n0 > 0xFFFFFFFFUL)
		return PB_DATAERR;
	planworld_model w;
	p = planworld_pilot(d, n0, false, &w);
	if (!p)
		return PB_NOMEM;
	st = simulate(&w, set, PURPOSE_POWER, &m, 1, &success, counts);
	free(p);
	if (st == PB_OK)
		*power = share_of(success);
	return st;
}

pb_status planning_search(const double *d, size_t n0, const double *targets,
			  size_t n_targets, const planning_settings *set,
			  planning_need *out, planning_curve *curve)
{
	planning_curve c = { 0 };
	double *p;
	bool says;
	pb_status st = check_pilot(d, n0, set, out, n_targets, &says);

	if (curve)
		curve->n = 0;
	if (st != PB_OK || !says)
		return st;
	planworld_model worlds;
	p = planworld_pilot(d, n0, true, &worlds);
	if (!p)
		return PB_NOMEM;
	/* The same rescaled pilot, held fixed: the conditional power. */
	planworld_model pilot = planworld_of(p, n0, false, worlds.mu, 0.0);
	st = curve_on_grid(&worlds, set, PURPOSE_CURVE, &c);
	for (size_t t = 0; t < n_targets && st == PB_OK; t++)
		st = answer(&worlds, &pilot, set, PURPOSE_CURVE, PURPOSE_FRESH,
			    targets[t], &c, &out[t]);
	free(p);
	if (st == PB_OK && curve)
		*curve = c;
	return st;
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
	size_t budget;            /* simulated studies a row may count */
	size_t studies;           /* simulated studies counted so far */
	unsigned running;         /* threads still planning rows */
	pb_status st;
	pthread_mutex_t lock;
	pthread_cond_t changed;
} plan_pool;

/* What one thread of planning_run has counted of the row it plans. */
typedef struct row_tally {
	plan_pool *pool;
	size_t counted;           /* simulated studies of the row so far */
} row_tally;

/* Counts STUDIES more simulated studies of the row TALLY is planning
 * (planworld_set_counter: the searches keep the arguments of one
 * comparison, and only planning_run shows how far it has come). */
static void count_judged(void *arg, size_t studies)
{
	row_tally *tally = arg;
	plan_pool *pool = tally->pool;

	/* A row never counts more than its budget, so the line ends at its
	 * total even if a search simulates more than row_budget expects. */
	if (studies > pool->budget - tally->counted)
		studies = pool->budget - tally->counted;
	tally->counted += studies;
	pthread_mutex_lock(&pool->lock);
	pool->studies += studies;
	pthread_cond_broadcast(&pool->changed);
	pthread_mutex_unlock(&pool->lock);
}

/* The most probes refine makes between the sizes LO and HI of a curve. */
static size_t bisections(size_t lo, size_t hi)
{
	size_t mid = lo + (hi - lo) / 2, below, above;

	if (hi - lo <= refine_step(lo))
		return 0;
	below = bisections(lo, mid);
	above = bisections(mid, hi);
	return 1 + (below > above ? below : above);
}

/* The most simulated studies (each judged at one size) one row of a plan
 * R takes, the total of its progress: the curve on the grid, then for
 * each answer the probes of its bisection and its two fresh estimates;
 * A sequential row
 * counts each simulated study once for every candidate maximum it is
 * judged by: the curve's, then one fresh run a target.  A row that
 * simulates less (a pilot too small, a bisection cut short) counts the
 * rest when it ends. */
static size_t row_budget(const planning_result *r)
{
	size_t sizes[PLANNING_MAX_POINTS], probes = 0, runs, answer_runs;
	size_t n = planning_grid(r->max_blocks, sizes);

	if (r->sequential)
		return (r->designs.n + r->n_targets) * PLANNING_SIMULATIONS;
	for (size_t k = 1; k < n; k++) {
		size_t b = bisections(sizes[k - 1], sizes[k]);

		if (b > probes)
			probes = b;
	}
	answer_runs = probes + 2;
	runs = n + r->n_targets * answer_runs;
	return runs * PLANNING_SIMULATIONS;
}

/* Plans comparison ROW's comparison: fixed sizes or a sequential
 * design's maxima. */
static pb_status plan_row(const study *s, const analysis *a,
			  const planning_result *r, planning_row *row)
{
	const study_plan *p = &s->plan;
	const comparison *c = &a->cmp[row->comparison];
	planning_settings set = { r->method, p->confidence, p->threshold,
				  p->better, r->max_blocks, 0 };
	char label[PB_STATE_BUFSIZE];

	/* The comparison's own streams, from its canonical state label as
	 * the study's are, and the seed inverted so they differ from those. */
	set.stream_seed = boot_stream_seed(~p->seed, p->series[c->series].id,
					   pb_state_canonical(p->states[c->state],
							      label,
							      sizeof label));
	if (r->sequential)
		return seqplan_search(c->diffs, c->n_pairs, r->targets,
				      r->n_targets, &set, &r->designs,
				      row->seq, &row->seq_curve);
	return planning_search(c->diffs, c->n_pairs, r->targets, r->n_targets,
			       &set, row->need, &row->curve);
}

/* Plans rows of POOL until none is left or one failed. */
static void plan_work(plan_pool *pool)
{
	row_tally mine = { pool, 0 };

	planworld_set_counter(count_judged, &mine);
	for (;;) {
		size_t i;
		pb_status st;

		pthread_mutex_lock(&pool->lock);
		if (pool->next == pool->r->n_rows || pool->st != PB_OK) {
			pthread_mutex_unlock(&pool->lock);
			break;
		}
		i = pool->next++;
		pthread_mutex_unlock(&pool->lock);
		mine.counted = 0;
		st = plan_row(pool->s, pool->a, pool->r, &pool->r->rows[i]);
		pthread_mutex_lock(&pool->lock);
		pool->studies += pool->budget - mine.counted;
		pool->done++;
		pool->st = pb_status_merge(pool->st, st);
		pthread_cond_broadcast(&pool->changed);
		pthread_mutex_unlock(&pool->lock);
	}
	planworld_set_counter(NULL, NULL);
}

static void *plan_thread(void *arg)
{
	plan_pool *pool = arg;

	plan_work(pool);
	pthread_mutex_lock(&pool->lock);
	pool->running--;
	pthread_cond_broadcast(&pool->changed);
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

/* Runs the rows of POOL on JOBS threads while this one shows the progress,
 * counted in simulated studies so that the line moves within a row. */
static void plan_rows(plan_pool *pool, unsigned jobs)
{
	pthread_t threads[16];
	unsigned started = 0;
	progress *bar = progress_begin("planning",
				       pool->r->n_rows * pool->budget,
				       "simulations");

	if (jobs > 16)
		jobs = 16;
	if (jobs > pool->r->n_rows)
		jobs = (unsigned)pool->r->n_rows;
	/* Held while the threads start, so none ends before it is counted
	 * as running. */
	pthread_mutex_lock(&pool->lock);
	for (; started < jobs; started++) {
		if (pthread_create(&threads[started], NULL, plan_thread, pool))
			break;
		pool->running++;
	}
	while (pool->running > 0) {
		progress_update(bar, pool->studies, 0);
		pthread_cond_wait(&pool->changed, &pool->lock);
	}
	pthread_mutex_unlock(&pool->lock);
	for (unsigned k = 0; k < started; k++)
		pthread_join(threads[k], NULL);
	/* No thread could start: this one plans, without a moving line. */
	if (started == 0)
		plan_work(pool);
	progress_update(bar, pool->studies, 0);
	progress_end(bar);
}

pb_status planning_run(const study *s, const analysis *a,
		       const planning_request *req, unsigned jobs,
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
	r->n_targets = req->n_targets < PLANNING_MAX_TARGETS
		       ? req->n_targets : PLANNING_MAX_TARGETS;
	for (size_t t = 0; t < r->n_targets; t++)
		r->targets[t] = req->targets[t];
	r->max_blocks = req->max_blocks;
	r->sequential = req->sequential;
	r->designs = req->designs;
	r->method = req->sequential ? req->method : s->plan.interval;
	for (size_t i = 0; i < r->n_rows; i++)
		r->rows[i].comparison = i;
	pool.r = r;
	pool.budget = row_budget(r);
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
