/* planworld.c: the simulated worlds and studies of planning (see
 * planworld.h). */
#include "analyze/planworld.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/bootstrap.h"

bool planworld_buffers_init(planworld_buffers *b, size_t n0, size_t max)
{
	b->world = malloc((n0 ? n0 : 1) * sizeof *b->world);
	b->draws = malloc((max ? max : 1) * sizeof *b->draws);
	b->reps = malloc(PLANNING_INNER_RESAMPLES * sizeof *b->reps);
	b->tstar = malloc(PLANNING_INNER_RESAMPLES * sizeof *b->tstar);
	return b->world && b->draws && b->reps && b->tstar;
}

void planworld_buffers_free(planworld_buffers *b)
{
	free(b->world);
	free(b->draws);
	free(b->reps);
	free(b->tstar);
}

uint32_t planworld_mix(uint32_t seed, uint32_t m, uint32_t r)
{
	uint32_t h = seed ^ (m * 0x9E3779B1u) ^ (r * 0x85EBCA77u);

	h ^= h >> 16;
	h *= 0x85EBCA6Bu;
	h ^= h >> 13;
	h *= 0xC2B2AE35u;
	h ^= h >> 16;
	return h ? h : 1;
}

bool planworld_all_equal(const double *d, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (d[i] < d[0] || d[i] > d[0])
			return false;
	return true;
}

double planworld_mean(const double *d, size_t n)
{
	double sum = 0.0;

	for (size_t i = 0; i < n; i++)
		sum += d[i];
	return sum / (double)n;
}

double planworld_sd(const double *d, size_t n)
{
	double mean = planworld_mean(d, n), ss = 0.0;

	for (size_t i = 0; i < n; i++)
		ss += (d[i] - mean) * (d[i] - mean);
	return sqrt(ss / ((double)n - 1.0));
}

void planworld_rescale(const double *d, size_t n0, double *out)
{
	/* Resampling N values keeps (n - 1)/n of their sample variance. */
	double mean = planworld_mean(d, n0);
	double c = sqrt((double)n0 / ((double)n0 - 1.0));

	for (size_t i = 0; i < n0; i++)
		out[i] = mean + c * (d[i] - mean);
}

planworld_model planworld_of(const double *p, size_t n0, bool bootstrap,
			     double mu, double sd)
{
	planworld_model w = { p, n0, bootstrap, mu, sd };

	return w;
}

double *planworld_pilot(const double *d, size_t n0, bool bootstrap,
			planworld_model *w)
{
	double *p = malloc(n0 * sizeof *p);

	if (!p)
		return NULL;
	planworld_rescale(d, n0, p);
	*w = planworld_of(p, n0, bootstrap, planworld_mean(d, n0),
			  bootstrap ? planworld_sd(d, n0) : 0.0);
	return p;
}

/* A uniform number in (0, 1) from GEN. */
static double uniform_open(mt19937 *gen)
{
	return ((double)mt19937_next(gen) + 0.5) / 4294967296.0;
}

/* A standard normal number from GEN (Box-Muller, one of the pair). */
static double normal(mt19937 *gen)
{
	double u = uniform_open(gen), v = uniform_open(gen);

	return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

/* Makes one simulation's world of its own into B->world from GEN, and
 * returns its true effect (planworld.h): the shape of a bootstrap sample
 * of the pilot, standardized, the spread sigma^2 = (n0 - 1) s^2 /
 * chi2_{n0-1} and the effect mu = dbar + sigma Z / sqrt(n0). */
static double make_world(const planworld_model *w, mt19937 *gen,
			 planworld_buffers *b)
{
	uint32_t n0 = (uint32_t)w->n0, scale = 0xFFFFFFFFu / n0;
	double mean, ss = 0.0, chi = 0.0, sigma, mu, sd;

	for (size_t i = 0; i < w->n0; i++)
		b->world[i] = w->p[mt19937_uniform_int(gen, n0, scale)];
	mean = planworld_mean(b->world, w->n0);
	for (size_t i = 0; i < w->n0; i++)
		ss += (b->world[i] - mean) * (b->world[i] - mean);
	for (size_t i = 0; i + 1 < w->n0; i++) {
		double z = normal(gen);
		chi += z * z;
	}
	sigma = w->sd * sqrt(((double)w->n0 - 1.0) / chi);
	mu = w->mu + sigma * normal(gen) / sqrt((double)w->n0);
	/* A bootstrap sample of one value repeated has no shape to keep:
	 * the world then takes the pilot's own. */
	if (!(ss > 0.0)) {
		memcpy(b->world, w->p, w->n0 * sizeof *b->world);
		mean = w->mu;
		ss = 0.0;
		for (size_t i = 0; i < w->n0; i++)
			ss += (b->world[i] - mean) * (b->world[i] - mean);
	}
	sd = sqrt(ss / (double)w->n0);
	for (size_t i = 0; i < w->n0; i++)
		b->world[i] = mu + sigma * (b->world[i] - mean) / sd;
	return mu;
}

double planworld_draw(const planworld_model *w, mt19937 *gen, size_t m,
		      planworld_buffers *b)
{
	uint32_t n0 = (uint32_t)w->n0, scale = 0xFFFFFFFFu / n0;
	/* A fixed world is drawn from where it is: a pool of a known truth
	 * may hold many thousand values. */
	double mu = w->bootstrap ? make_world(w, gen, b) : w->mu;
	const double *world = w->bootstrap ? b->world : w->p;

	for (size_t i = 0; i < m; i++)
		b->draws[i] = world[mt19937_uniform_int(gen, n0, scale)];
	return mu;
}

pb_status planworld_resample(const double *sample, size_t m,
			     interval_method method, uint32_t seed,
			     planworld_buffers *b)
{
	bool stud = method == INTERVAL_STUDENTIZED;
	pb_status st;

	/* The Student t interval is computed from the sample alone. */
	if (method == INTERVAL_T)
		return PB_OK;
	st = boot_replicates_t(sample, m, PLANNING_INNER_RESAMPLES, seed,
			       b->reps, stud ? b->tstar : NULL);
	if (st != PB_OK)
		return st;
	boot_sort(b->reps, PLANNING_INNER_RESAMPLES);
	if (stud)
		boot_sort(b->tstar, PLANNING_INNER_RESAMPLES);
	return PB_OK;
}

pb_status planworld_verdict(const double *sample, size_t m,
			    const planning_settings *set, double confidence,
			    const planworld_buffers *b, verdict *out)
{
	bool stud = set->method == INTERVAL_STUDENTIZED;
	boot_dist dist = { b->reps, NULL, PLANNING_INNER_RESAMPLES,
			   stud ? b->tstar : NULL, NULL };
	boot_interval ci;
	pb_status st = boot_interval_compute(set->method, sample, m,
					     confidence, &dist, &ci);

	if (st != PB_OK)
		return st;
	*out = verdict_gate(verdict_series(ci.defined, ci.lo, ci.hi,
					   set->threshold, set->better),
			    m, planworld_all_equal(sample, m));
	return PB_OK;
}

bool planworld_correct(verdict v, double mu, double threshold,
		       better_side better)
{
	/* The effect measured toward the worse side. */
	double worse = better == BETTER_LOWER ? mu : -mu;

	switch (v) {
	case VERDICT_HARM:
		return worse > threshold;
	case VERDICT_BENEFIT:
		return worse < -threshold;
	case VERDICT_EQUIVALENT:
		return fabs(mu) < threshold;
	default:
		return false;
	}
}

verdict planworld_most_likely(const size_t *counts)
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

/* This thread's counter of simulated studies (planning_run's progress
 * line); none outside it. */
static _Thread_local planworld_counter counter;
static _Thread_local void *counter_arg;

void planworld_set_counter(planworld_counter fn, void *arg)
{
	counter = fn;
	counter_arg = arg;
}

void planworld_count(size_t studies)
{
	if (counter)
		counter(counter_arg, studies);
}
