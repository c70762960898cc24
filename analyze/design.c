/* design.c: Williams designs and balanced schedules (see design.h). */
#include "analyze/design.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "ingest/schedule.h"

pb_status design_williams(size_t t, size_t **orders, size_t *n_orders)
{
	size_t n = t % 2 && t > 1 ? 2 * t : t;
	size_t *o;

	*orders = NULL;
	*n_orders = 0;
	if (t == 0)
		return PB_DATAERR;
	o = malloc(n * t * sizeof *o);
	if (!o)
		return PB_NOMEM;
	/* The first order 0, 1, t-1, 2, t-2, ...: position j holds j/2 + ...
	 * counted alternately up from 0 and down from t. */
	for (size_t j = 0; j < t; j++) {
		size_t k = (j + 1) / 2;
		o[j] = j % 2 ? k : (t - k) % t;
	}
	for (size_t r = 1; r < t; r++)
		for (size_t j = 0; j < t; j++)
			o[r * t + j] = (o[j] + r) % t;
	/* The mirror square of an odd t: each order reversed. */
	for (size_t r = t; r < n; r++)
		for (size_t j = 0; j < t; j++)
			o[r * t + j] = o[(r - t) * t + (t - 1 - j)];
	*orders = o;
	*n_orders = n;
	return PB_OK;
}

pb_status design_measure(const design_boot *boots, size_t n, size_t t,
			 design_balance *balance)
{
	size_t *pos = calloc(t * t + 1, sizeof *pos);
	size_t *carry = calloc(t * t + 1, sizeof *carry);

	memset(balance, 0, sizeof *balance);
	if (!pos || !carry) {
		free(pos);
		free(carry);
		return PB_NOMEM;
	}
	balance->blocks = n / t;
	for (size_t i = 0; i < n; i++) {
		pos[boots[i].state * t + boots[i].position - 1]++;
		if (i > 0 && boots[i].block == boots[i - 1].block)
			carry[boots[i - 1].state * t + boots[i].state]++;
	}
	balance->position_min = balance->carry_min = (size_t)-1;
	for (size_t a = 0; a < t; a++) {
		for (size_t b = 0; b < t; b++) {
			size_t p = pos[a * t + b], c = carry[a * t + b];
			if (p < balance->position_min)
				balance->position_min = p;
			if (p > balance->position_max)
				balance->position_max = p;
			if (a == b)
				continue;
			if (c < balance->carry_min)
				balance->carry_min = c;
			if (c > balance->carry_max)
				balance->carry_max = c;
		}
	}
	if (t == 1)
		balance->carry_min = 0;   /* no pair of two states */
	free(pos);
	free(carry);
	return PB_OK;
}

/* A new random sequence of the N_ORDERS orders into SEQ: the squares (t
 * orders each, one or two) in random order, the orders of each square
 * shuffled.  Whole squares come first, so a schedule that ends inside a
 * design still has each state in each position once per whole square. */
static void shuffle_orders(size_t n_orders, size_t t, gsl_rng *r, size_t *seq)
{
	size_t squares = n_orders / t, first = 0;

	if (squares == 2)
		first = gsl_rng_uniform_int(r, 2);
	for (size_t q = 0; q < squares; q++) {
		size_t sq = (first + q) % squares;
		for (size_t j = 0; j < t; j++)
			seq[q * t + j] = sq * t + j;
		gsl_ran_shuffle(r, seq + q * t, t, sizeof *seq);
	}
}

/* Fills BOOTS with BLOCKS blocks taken from the N_ORDERS orders of the
 * design, in a new random sequence for every whole design (SEQ, N_ORDERS
 * entries of scratch), the states given to its symbols by LABEL. */
static void lay_out(const size_t *orders, size_t n_orders, size_t t,
		    const size_t *label, unsigned long blocks, gsl_rng *r,
		    size_t *seq, design_boot *boots)
{
	size_t k = 0;

	for (unsigned long b = 0; b < blocks; b++) {
		if (b % n_orders == 0)
			shuffle_orders(n_orders, t, r, seq);
		const size_t *o = orders + seq[b % n_orders] * t;
		for (size_t j = 0; j < t; j++)
			boots[k++] = (design_boot){ b + 1, j + 1, label[o[j]] };
	}
}

pb_status design_schedule(size_t t, unsigned long blocks, uint32_t stream_seed,
			  design_boot **out, design_balance *balance)
{
	size_t *orders, n_orders, *label = NULL, *seq = NULL;
	design_boot *boots = NULL;
	gsl_rng *r = NULL;
	pb_status st;

	*out = NULL;
	if (t == 0 || blocks == 0)
		return PB_DATAERR;
	if (blocks > (size_t)-1 / t / sizeof *boots)
		return PB_NOMEM;
	st = design_williams(t, &orders, &n_orders);
	if (st != PB_OK)
		return st;
	label = malloc(t * sizeof *label);
	seq = malloc(n_orders * sizeof *seq);
	boots = malloc(blocks * t * sizeof *boots);
	r = gsl_rng_alloc(gsl_rng_mt19937);
	if (!label || !seq || !boots || !r) {
		st = PB_NOMEM;
		goto done;
	}
	gsl_rng_set(r, stream_seed);
	for (size_t i = 0; i < t; i++)
		label[i] = i;
	gsl_ran_shuffle(r, label, t, sizeof *label);
	lay_out(orders, n_orders, t, label, blocks, r, seq, boots);
	st = design_measure(boots, blocks * t, t, balance);
	if (st != PB_OK)
		goto done;
	balance->design_size = n_orders;
	*out = boots;
	boots = NULL;
done:
	gsl_rng_free(r);
	free(boots);
	free(seq);
	free(label);
	free(orders);
	return st;
}

void design_check_free(schedule_check *c)
{
	free(c->missing);
	free(c->unplanned);
	free(c->differs);
	free(c->out_of_order);
	free(c->row_of);
	memset(c, 0, sizeof *c);
}

/* Whether run R was recorded as planned row P says.  A run whose
 * position runs.csv does not give (0) is not held to the planned one. */
static bool run_as_planned(const study_run *r, const schedule_row *p)
{
	return r->series == p->series && r->block == p->block
	       && (r->position == 0 || r->position == p->position)
	       && pb_state_equal(r->state, p->state);
}

/* Marks in IN_ORDER the runs (of the N planned indices J, in runs.csv
 * order) that form a longest increasing run of planned indices: the
 * fewest runs are then called out of order (one early boot makes one
 * run out of order, not all that follow it).  Patience sorting, n log n;
 * TAIL and PREV are scratch of N entries. */
static void longest_in_order(const size_t *j, size_t n, size_t *tail,
			     size_t *prev, bool *in_order)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = len;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (j[tail[mid]] < j[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo ? tail[lo - 1] : (size_t)-1;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	for (size_t i = 0; i < n; i++)
		in_order[i] = false;
	for (size_t k = len ? tail[len - 1] : (size_t)-1; k != (size_t)-1;
	     k = prev[k])
		in_order[k] = true;
}

/* Sorts the runs against the plan; PLANNED[i] is the schedule row of run
 * i or (size_t)-1.  WORK holds 4 n_runs entries of scratch. */
static void classify(const study *s, const size_t *planned, size_t *work,
		     schedule_check *c)
{
	size_t *run = work, *j = work + s->n_runs, m = 0;
	size_t *tail = work + 2 * s->n_runs, *prev = work + 3 * s->n_runs;
	bool *in_order = (bool *)(work + 4 * s->n_runs);

	for (size_t i = 0; i < s->n_runs; i++) {
		if (planned[i] != (size_t)-1) {
			run[m] = i;
			j[m++] = planned[i];
		} else if (s->plan.series[s->runs[i].series].kind
			   == SERIES_LATENCY) {
			c->unplanned[c->n_unplanned++] = i;
		}
	}
	longest_in_order(j, m, tail, prev, in_order);
	for (size_t k = 0; k < m; k++) {
		const study_run *r = &s->runs[run[k]];
		bool as_planned = run_as_planned(r, &s->schedule->rows[j[k]]);

		if (!in_order[k])
			c->out_of_order[c->n_out_of_order++] = run[k];
		if (!as_planned)
			c->differs[c->n_differs++] = run[k];
		c->as_planned += as_planned && in_order[k];
	}
}

pb_status design_check_schedule(const study *s, schedule_check *out)
{
	const schedule *sch = s->schedule;
	size_t n = s->n_runs ? s->n_runs : 1, m = sch->n ? sch->n : 1;
	size_t *planned;
	/* classify's scratch: four index arrays and the flags. */
	size_t *work = malloc(n * (4 * sizeof *work + sizeof(bool))
			      + sizeof *work);
	bool *seen = calloc(m, sizeof *seen);
	GHashTable *by_run = g_hash_table_new(g_str_hash, g_str_equal);

	memset(out, 0, sizeof *out);
	out->planned = sch->n;
	planned = out->row_of = malloc(n * sizeof *out->row_of);
	out->missing = malloc(m * sizeof *out->missing);
	out->unplanned = malloc(n * sizeof *out->unplanned);
	out->differs = malloc(n * sizeof *out->differs);
	out->out_of_order = malloc(n * sizeof *out->out_of_order);
	if (!planned || !work || !seen || !out->missing || !out->unplanned
	    || !out->differs || !out->out_of_order) {
		free(work);
		free(seen);
		g_hash_table_destroy(by_run);
		design_check_free(out);
		return PB_NOMEM;
	}
	for (size_t j = 0; j < sch->n; j++)
		g_hash_table_insert(by_run, sch->rows[j].run,
				    GSIZE_TO_POINTER(j + 1));
	for (size_t i = 0; i < s->n_runs; i++) {
		size_t j = GPOINTER_TO_SIZE(g_hash_table_lookup(
			by_run, s->runs[i].id));
		planned[i] = j ? j - 1 : (size_t)-1;
		if (j)
			seen[j - 1] = true;
	}
	classify(s, planned, work, out);
	for (size_t j = 0; j < sch->n; j++)
		if (!seen[j])
			out->missing[out->n_missing++] = j;
	free(work);
	free(seen);
	g_hash_table_destroy(by_run);
	return PB_OK;
}
