/* planbench.c: whether the numbers `pairboot plan` prints hold, measured
 * with known truths and many simulated pilots.
 *
 * The grid: differences of three shapes (normal; lognormal, sigma 1 on
 * the log scale, skewness 6.2; Student t with 3 degrees of freedom), each
 * shifted and scaled to SD 1 and one of six effects against a threshold T
 * of 0.6 or 1 SD: harm (T + 0.5), benefit (-(T + 0.5)), equivalence
 * (0.2), no effect (0), and an effect at +T or at -T (no decisive verdict
 * is ever right there).  Each cell draws pilots of N0 blocks (10 and 15)
 * and plans each as `pairboot plan` does with the interval of the cell:
 * studentized, the one `plan new` chooses for 5 to 300 blocks
 * (choose_interval in src/cmd_plan.c), or Student's t; confidence 0.95,
 * target 0.8, at most 200 blocks:
 *
 *   size        planning_search: the blocks of a fixed-size study;
 *   maximum     seqplan_search: the maximum of a sequential design, a
 *               look every 10 blocks, O'Brien-Fleming, with its decision
 *               chance and expected blocks, among the designs study.ini
 *               would take with 10000 resamples (seqplan_designs_fit:
 *               up to 60 blocks with t, 20 with the studentized
 *               interval).
 *
 * Each answer is then held against the truth: the true power at a size
 * (the share of correct decisive verdicts among studies drawn from a pool
 * of 20000 values of the truth, its mean and SD set exactly), and at a
 * maximum the true chance of a correct decision, of a wrong one and the
 * true blocks expected (the same, for the sequential rule), each from
 * 1600 simulated studies for t and 400 for the studentized interval
 * (standard error at most 0.0125 and 0.025; the studentized interval's
 * inner bootstrap makes each study a thousand times dearer).  What is
 * counted, among the pilots that were GIVEN an answer:
 *
 *   reached     the share whose size has a true power of at least 0.8,
 *               or whose maximum a true decision chance of at least 0.8;
 *   blocks      the mean blocks expected as estimated, over the mean of
 *               the true blocks expected at the same maxima, less 1;
 *   wrong       the largest true chance of a wrong decisive verdict of
 *               any candidate design (1 - confidence = 0.05 held by the
 *               design, as far as the interval's coverage is exact).
 *
 * The true need is the smallest size (maximum) from which the true power
 * (decision chance) stays at 0.8 or above up to 200; for the studentized
 * interval the size is found by bisection, taking the true power to grow
 * with the size.
 *
 * Usage: planbench [--pilots N] [--boot-pilots N] [--n0 LIST] [--seed S]
 * [--jobs J] [--interval t|studentized] [--shape NAME] (defaults 60
 * pilots a cell with t, 2 with the studentized interval,
 * n0 10,15, seed 1, 2 threads, both intervals, every shape).  Output is
 * Markdown, the same on every run with the same arguments and on any
 * number of threads.  The defaults take about 13 minutes of CPU time,
 * most of it in the studentized cells (773 s measured). */
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/planning.h"
#include "analyze/seqplan.h"
#include "bench/benchargs.h"

#define TARGET 0.8
#define MAX_BLOCKS 200
#define LOOK_EVERY 10
#define POOL 20000
#define MAX_N0S 4

enum shape { SHAPE_NORMAL, SHAPE_LOGNORMAL, SHAPE_T3, SHAPE_COUNT };
static const char *const shape_names[SHAPE_COUNT] = { "normal", "lognormal",
						      "t3" };

enum effect { HARM, BENEFIT, EQUIVALENCE, NO_EFFECT, AT_PLUS_T, AT_MINUS_T,
	      EFFECT_COUNT };
static const char *const effect_names[EFFECT_COUNT] = {
	"harm", "benefit", "equivalence", "no effect", "at +T", "at -T"
};

static const double thresholds[2] = { 0.6, 1.0 };

/* The true mean difference of EFFECT against threshold T (SD 1). */
static double effect_delta(enum effect e, double t)
{
	switch (e) {
	case HARM:
		return t + 0.5;
	case BENEFIT:
		return -(t + 0.5);
	case EQUIVALENCE:
		return 0.2;
	case NO_EFFECT:
		return 0.0;
	case AT_PLUS_T:
		return t;
	case AT_MINUS_T:
		return -t;
	case EFFECT_COUNT:
		break;
	}
	return NAN;
}

/* Whether a correct decisive verdict is possible at all. */
static bool decidable(enum effect e)
{
	return e != AT_PLUS_T && e != AT_MINUS_T;
}

/* One difference of shape S with mean DELTA and SD 1. */
static double draw(enum shape s, double delta, gsl_rng *r)
{
	static const double ln_mean = 1.6487212707001282; /* e^(1/2) */
	static const double ln_sd = 2.1611974158950877;   /* sqrt((e-1)e) */

	switch (s) {
	case SHAPE_LOGNORMAL:
		return delta + (exp(gsl_ran_gaussian(r, 1.0)) - ln_mean)
			       / ln_sd;
	case SHAPE_T3:
		return delta + gsl_ran_tdist(r, 3.0) / sqrt(3.0);
	default:
		return delta + gsl_ran_gaussian(r, 1.0);
	}
}

/* One cell of the grid and what its pilots gave. */
typedef struct cell {
	enum shape shape;
	enum effect effect;
	double t;
	size_t n0;
	interval_method method;
	unsigned long pilots;
	unsigned long seed;
	/* the truth */
	size_t need;              /* fixed size, 0: beyond 200 */
	size_t seq_need;          /* maximum, 0: beyond 200 */
	double wrong_max;         /* largest true wrong chance */
	/* the fixed sizes */
	size_t given, reached, missed_reachable;
	double claim_sum, power_sum;
	size_t *sizes;
	/* the sequential maxima */
	size_t seq_given, seq_reached;
	double seq_claim_sum, seq_true_sum, est_blocks, true_blocks;
	size_t *maxima;
} cell;

/* The true values of a cell, cached. */
typedef struct truth {
	const cell *c;
	double *pool;
	double power[MAX_BLOCKS + 1];  /* < 0: not computed */
	seqplan_estimate seq[PLAN_MAX_LOOKS];
} truth;

/* The candidate designs of each interval: those study.ini would take
 * with 10000 resamples (seqplan_designs_fit), as `plan` tries them. */
static seqplan_designs designs_of[INTERVAL_METHOD_COUNT];

static const seqplan_designs *designs_for(const cell *c)
{
	return &designs_of[c->method];
}

static unsigned true_seeds(interval_method m)
{
	return m == INTERVAL_T ? 4 : 1;
}

static planning_settings settings(const cell *c, uint32_t seed)
{
	planning_settings s = { c->method, 0.95, c->t, BETTER_LOWER,
				MAX_BLOCKS, seed };

	return s;
}

static void die(const char *what)
{
	fprintf(stderr, "planbench: %s\n", what);
	exit(1);
}

/* The true power of a fixed study of M blocks. */
static double true_power(truth *tr, size_t m)
{
	if (tr->power[m] < 0) {
		double sum = 0, p;
		unsigned n = true_seeds(tr->c->method);

		for (uint32_t k = 0; k < n; k++) {
			planning_settings s = settings(tr->c, 0xC0FFEE + k);
			if (planning_power(tr->pool, POOL, m, &s, &p, NULL)
			    != PB_OK)
				die("true power failed");
			sum += p;
		}
		tr->power[m] = sum / n;
	}
	return tr->power[m];
}

/* The true need of a fixed study, by bisection: the true power taken as
 * growing with the size (each estimate takes thousands of studies). */
static size_t true_need(truth *tr)
{
	size_t lo = VERDICT_MIN_PAIRS - 1, hi = MAX_BLOCKS;

	if (true_power(tr, MAX_BLOCKS) < TARGET)
		return 0;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (true_power(tr, mid) >= TARGET)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* The true estimates of every candidate maximum. */
static void true_sequential(truth *tr, cell *c)
{
	const seqplan_designs *designs = designs_for(c);
	unsigned n = true_seeds(c->method);
	seqplan_estimate e[PLAN_MAX_LOOKS];

	memset(tr->seq, 0, sizeof tr->seq);
	for (uint32_t k = 0; k < n; k++) {
		planning_settings s = settings(c, 0xBEEF + k);
		if (seqplan_power(tr->pool, POOL, &s, designs, e) != PB_OK)
			die("true sequential estimates failed");
		for (size_t j = 0; j < designs->n; j++) {
			tr->seq[j].decision += e[j].decision / n;
			tr->seq[j].wrong += e[j].wrong / n;
			tr->seq[j].expected_blocks += e[j].expected_blocks / n;
		}
	}
	c->seq_need = 0;
	c->wrong_max = 0;
	for (size_t j = designs->n; j-- > 0; ) {
		if (tr->seq[j].decision < TARGET)
			break;
		c->seq_need = (j + 1) * designs->every;
	}
	for (size_t j = 0; j < designs->n; j++)
		if (tr->seq[j].wrong > c->wrong_max)
			c->wrong_max = tr->seq[j].wrong;
}

/* The pool of cell C: POOL values with its mean and SD 1 exactly. */
static void make_pool(const cell *c, gsl_rng *r, double *pool)
{
	double delta = effect_delta(c->effect, c->t), mean = 0, ss = 0;

	for (size_t i = 0; i < POOL; i++) {
		pool[i] = draw(c->shape, delta, r);
		mean += pool[i] / POOL;
	}
	for (size_t i = 0; i < POOL; i++)
		ss += (pool[i] - mean) * (pool[i] - mean);
	for (size_t i = 0; i < POOL; i++)
		pool[i] = delta + (pool[i] - mean) / sqrt(ss / (POOL - 1));
}

/* One pilot of cell C, planned both ways and held against the truth. */
static void run_pilot(cell *c, truth *tr, const double *pilot, uint32_t seed)
{
	planning_settings s = settings(c, seed);
	double target = TARGET;
	const seqplan_designs *designs = designs_for(c);
	planning_need a;
	seqplan_need q;

	if (planning_search(pilot, c->n0, &target, 1, &s, &a, NULL) != PB_OK
	    || seqplan_search(pilot, c->n0, &target, 1, &s, designs, &q,
			      NULL) != PB_OK)
		die("planning failed");
	if (a.reason == PLANNING_FOUND) {
		double tp = true_power(tr, a.blocks_needed);
		c->sizes[c->given++] = a.blocks_needed;
		c->reached += tp >= TARGET;
		c->claim_sum += a.assurance;
		c->power_sum += tp;
	} else if (a.reason == PLANNING_NOT_REACHABLE && c->need) {
		c->missed_reachable++;
	}
	if (q.reason == PLANNING_FOUND) {
		const seqplan_estimate *t = &tr->seq[q.looks - 1];
		c->maxima[c->seq_given++] = q.max_blocks;
		c->seq_reached += t->decision >= TARGET;
		c->seq_claim_sum += q.decision;
		c->seq_true_sum += t->decision;
		c->est_blocks += q.expected_blocks;
		c->true_blocks += t->expected_blocks;
	}
}

static void run_cell(cell *c)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	truth tr = { .c = c, .pool = malloc(POOL * sizeof(double)) };
	double *pilot = malloc(c->n0 * sizeof *pilot);

	c->sizes = malloc((c->pilots + 1) * sizeof *c->sizes);
	c->maxima = malloc((c->pilots + 1) * sizeof *c->maxima);
	if (!r || !tr.pool || !pilot || !c->sizes || !c->maxima)
		die("out of memory");
	gsl_rng_set(r, c->seed);
	make_pool(c, r, tr.pool);
	for (size_t m = 0; m <= MAX_BLOCKS; m++)
		tr.power[m] = -1;
	c->need = true_need(&tr);
	true_sequential(&tr, c);
	for (unsigned long p = 0; p < c->pilots; p++) {
		for (size_t i = 0; i < c->n0; i++)
			pilot[i] = draw(c->shape, effect_delta(c->effect, c->t),
					r);
		run_pilot(c, &tr, pilot, (uint32_t)(c->seed * 7919 + p + 1));
	}
	free(pilot);
	free(tr.pool);
	gsl_rng_free(r);
}

/* The cells, taken in turn by the threads. */
typedef struct grid {
	cell *cells;
	size_t n, next;
	pthread_mutex_t lock;
} grid;

static void *worker(void *arg)
{
	grid *g = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&g->lock);
		i = g->next++;
		pthread_mutex_unlock(&g->lock);
		if (i >= g->n)
			return NULL;
		run_cell(&g->cells[i]);
	}
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* "k of n" or "-". */
static void share_text(size_t k, size_t n, char *buf, size_t size)
{
	if (n == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%zu of %zu", k, n);
}

/* NEED, or "> LIMIT" when none up to it. */
static void need_text(size_t need, size_t limit, char *buf, size_t size)
{
	if (need)
		snprintf(buf, size, "%zu", need);
	else
		snprintf(buf, size, "> %zu", limit);
}

/* The median of the N sizes S (sorted here), or "-". */
static void median_text(size_t *s, size_t n, char *buf, size_t size)
{
	if (n == 0) {
		snprintf(buf, size, "-");
		return;
	}
	qsort(s, n, sizeof *s, cmp_size);
	snprintf(buf, size, "%zu (%zu..%zu)", s[n / 2], s[0], s[n - 1]);
}

static void print_row(const cell *c)
{
	char need[32], seq_need[32], sizes[48], maxima[48], reached[32];
	char seq_reached[32], blocks[48];
	size_t *sz = (size_t *)c->sizes, *mx = (size_t *)c->maxima;

	need_text(c->need, MAX_BLOCKS, need, sizeof need);
	need_text(c->seq_need, designs_for(c)->n * LOOK_EVERY, seq_need,
		  sizeof seq_need);
	median_text(sz, c->given, sizes, sizeof sizes);
	median_text(mx, c->seq_given, maxima, sizeof maxima);
	share_text(c->reached, c->given, reached, sizeof reached);
	share_text(c->seq_reached, c->seq_given, seq_reached,
		   sizeof seq_reached);
	if (c->seq_given)
		snprintf(blocks, sizeof blocks, "%.1f / %.1f (%+.0f%%)",
			 c->est_blocks / c->seq_given,
			 c->true_blocks / c->seq_given,
			 100 * (c->est_blocks / c->true_blocks - 1));
	else
		snprintf(blocks, sizeof blocks, "-");
	printf("| %s, %s | %.1f | %s | %zu of %lu | %s | %s | %zu | %s | "
	       "%zu of %lu | %s | %s | %s | %.3f |", shape_names[c->shape],
	       effect_names[c->effect], c->t, need, c->given, c->pilots, sizes,
	       reached, c->missed_reachable, seq_need, c->seq_given, c->pilots,
	       maxima, seq_reached, blocks, c->wrong_max);
	putchar('\n');
}

/* The cells of one shape, or of all, pooled. */
typedef struct pooled {
	size_t given, reached, seq_given, seq_reached;
	size_t pilots;
	double claim, power, seq_claim, seq_true, est, truth, wrong_max;
} pooled;

static void pool_add(pooled *p, const cell *c)
{
	p->given += c->given;
	p->reached += c->reached;
	p->seq_given += c->seq_given;
	p->seq_reached += c->seq_reached;
	p->pilots += c->pilots;
	p->claim += c->claim_sum;
	p->power += c->power_sum;
	p->seq_claim += c->seq_claim_sum;
	p->seq_true += c->seq_true_sum;
	p->est += c->est_blocks;
	p->truth += c->true_blocks;
	if (c->wrong_max > p->wrong_max)
		p->wrong_max = c->wrong_max;
}

/* "0.41 +- 0.05 (35 of 85)": a share and two standard errors. */
static void pooled_share(size_t k, size_t n, char *buf, size_t size)
{
	double s = n ? (double)k / (double)n : NAN;

	if (n == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2f +- %.2f (%zu of %zu)", s,
			 2 * sqrt(s * (1 - s) / (double)n), k, n);
}

/* "0.80 / 0.71": the mean claimed and the mean true, among N. */
static void pooled_means(double claim, double real, size_t n, char *buf,
			 size_t size)
{
	if (n == 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2f / %.2f", claim / (double)n,
			 real / (double)n);
}

/* "+19%", the bias of the blocks expected EST over REAL in whole
 * percent, or "none" when no pilot was given a maximum. */
static const char *bias_text(double est, double real, char *buf,
			     size_t size)
{
	if (real > 0)
		snprintf(buf, size, "%+ld%%", lround(100 * (est / real - 1)));
	else
		snprintf(buf, size, "none");
	return buf;
}

static double share(size_t k, size_t n)
{
	return n ? (double)k / (double)n : NAN;
}

/* The summary of one table: over the decidable truths of each shape and
 * of all, the pilots at +-T that were given an answer, and the line of
 * the measured caveats `plan` prints for this pilot size and interval
 * (analyze/planvalid.c): the least and the most share over the shapes,
 * the bias of the blocks expected over every decidable truth and over
 * the truths at +-T, the largest true chance of a wrong decision of any
 * truth. */
static void print_summary(const cell *cells, size_t n)
{
	pooled all = { 0 }, by[SHAPE_COUNT] = { { 0 } }, at = { 0 }, every;
	double lo[2] = { 1, 1 }, hi[2] = { 0, 0 };
	char a[64], b[64], ca[32], cb[32], bias[2][16];

	for (size_t i = 0; i < n; i++) {
		const cell *c = &cells[i];
		if (decidable(c->effect)) {
			pool_add(&all, c);
			pool_add(&by[c->shape], c);
		} else {
			pool_add(&at, c);
		}
	}
	every = all;
	pool_add(&every, &(cell){ .wrong_max = at.wrong_max });
	printf("\n| pooled | size reached 0.80 | assurance claimed / true "
	       "power | maximum reached 0.80 | decision claimed / true | "
	       "blocks expected, estimated / true | true wrong, at most "
	       "|\n|---|---:|---:|---:|---:|---:|---:|\n");
	for (int s = 0; s <= SHAPE_COUNT; s++) {
		const pooled *p = s < SHAPE_COUNT ? &by[s] : &all;
		if (p->pilots == 0)
			continue;
		pooled_share(p->reached, p->given, a, sizeof a);
		pooled_share(p->seq_reached, p->seq_given, b, sizeof b);
		pooled_means(p->claim, p->power, p->given, ca, sizeof ca);
		pooled_means(p->seq_claim, p->seq_true, p->seq_given, cb,
			     sizeof cb);
		printf("| %s | %s | %s | %s | %s | %s | %.3f |\n",
		       s < SHAPE_COUNT ? shape_names[s] : "every shape", a, ca,
		       b, cb, bias_text(p->est, p->truth, bias[0],
					sizeof bias[0]), p->wrong_max);
		if (s == SHAPE_COUNT)
			continue;
		double v[2] = { share(p->reached, p->given),
				share(p->seq_reached, p->seq_given) };
		for (int k = 0; k < 2; k++) {
			lo[k] = fmin(lo[k], v[k]);
			hi[k] = fmax(hi[k], v[k]);
		}
	}
	printf("| at +-T (no verdict right) | %zu of %zu pilots given a size "
	       "| | %zu of %zu given a maximum | | %s | %.3f |\n",
	       at.given, at.pilots, at.seq_given, at.pilots,
	       bias_text(at.est, at.truth, bias[1], sizeof bias[1]),
	       at.wrong_max);
	printf("\ncaveat n0=%zu interval=%s size=%.0f..%.0f%% "
	       "maximum=%.0f..%.0f%% blocks=%s,%s wrong=%.3f\n",
	       cells[0].n0, interval_method_name(cells[0].method),
	       100 * lo[0], 100 * hi[0], 100 * lo[1], 100 * hi[1],
	       bias_text(all.est, all.truth, bias[0], sizeof bias[0]),
	       bias_text(at.est, at.truth, bias[1], sizeof bias[1]),
	       every.wrong_max);
}

static void print_table(const cell *cells, size_t n)
{
	const cell *c = &cells[0];

	printf("\npilots of %zu blocks, %s interval, %lu pilots a cell, "
	       "target 0.80, at most %d blocks; sequential: a look every %d "
	       "(O'Brien-Fleming), maxima up to %zu (longer designs are "
	       "refused with this interval and 10000 resamples)\n\n", c->n0,
	       interval_method_name(c->method), c->pilots, MAX_BLOCKS,
	       LOOK_EVERY, designs_for(c)->n * LOOK_EVERY);
	printf("| truth | T | true need | size given | size: median (range) "
	       "| of those, true power >= 0.80 | told not reachable, true "
	       "need <= 200 | true max need | maximum given | maximum: "
	       "median (range) | of those, true decision >= 0.80 | blocks "
	       "expected, estimated / true | true wrong, at most |\n");
	printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	       "---:|\n");
	for (size_t i = 0; i < n; i++)
		print_row(&cells[i]);
	print_summary(cells, n);
}

/* The options. */
typedef struct args {
	unsigned long pilots, boot_pilots, seed, jobs;
	size_t n0[MAX_N0S], n_n0;
	int interval;             /* -1: both */
	int shape;                /* -1: every one */
} args;

static bool parse_n0(const char *s, args *a)
{
	char buf[64], *tok, *save = NULL;

	a->n_n0 = 0;
	snprintf(buf, sizeof buf, "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		unsigned long v;
		if (a->n_n0 == MAX_N0S || !benchargs_count(tok, &v)
		    || v < PLANNING_MIN_PILOT || v > 1000)
			return false;
		a->n0[a->n_n0++] = v;
	}
	return a->n_n0 > 0;
}

static bool parse_args(int argc, char **argv, args *a)
{
	static const struct option opts[] = {
		{ "pilots", required_argument, NULL, 'p' },
		{ "boot-pilots", required_argument, NULL, 'b' },
		{ "n0", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "interval", required_argument, NULL, 'i' },
		{ "shape", required_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	*a = (args){ 60, 2, 1, 2, { 10, 15 }, 2, -1, -1 };
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		bool ok = true;
		switch (c) {
		case 'p':
			ok = benchargs_count(optarg, &a->pilots);
			break;
		case 'b':
			ok = benchargs_count(optarg, &a->boot_pilots);
			break;
		case 'n':
			ok = parse_n0(optarg, a);
			break;
		case 's':
			ok = benchargs_count(optarg, &a->seed);
			break;
		case 'j':
			ok = benchargs_count(optarg, &a->jobs) && a->jobs <= 64;
			break;
		case 'i':
			a->interval = strcmp(optarg, "t") == 0 ? INTERVAL_T
				      : strcmp(optarg, "studentized") == 0
				      ? INTERVAL_STUDENTIZED : -2;
			ok = a->interval != -2;
			break;
		case 'h':
			a->shape = -2;
			for (int s = 0; s < SHAPE_COUNT; s++)
				if (strcmp(optarg, shape_names[s]) == 0)
					a->shape = s;
			ok = a->shape != -2;
			break;
		default:
			ok = false;
		}
		if (!ok)
			return false;
	}
	return optind == argc;
}

int main(int argc, char **argv)
{
	static const interval_method methods[2] = { INTERVAL_STUDENTIZED,
						     INTERVAL_T };
	args a;
	grid g = { NULL, 0, 0, PTHREAD_MUTEX_INITIALIZER };
	pthread_t threads[64];
	size_t per_table = 0;

	gsl_set_error_handler_off();
	if (!parse_args(argc, argv, &a)) {
		fputs("usage: planbench [--pilots N] [--boot-pilots N] [--n0 "
		      "LIST] [--seed S] [--jobs J] [--interval "
		      "t|studentized] [--shape normal|lognormal|t3]\n",
		      stderr);
		return 2;
	}
	for (int m = 0; m < 2; m++) {
		study_plan p = { 0 };
		seqplan_designs *dz = &designs_of[methods[m]];

		p.interval = methods[m];
		p.resamples = 10000;
		p.confidence = 0.95;
		if (seqplan_designs_make(LOOK_EVERY, BOUNDARY_OBRIEN_FLEMING,
					 0.95, MAX_BLOCKS, dz) != PB_OK
		    || seqplan_designs_fit(dz, &p, methods[m]) != PB_OK
		    || dz->n == 0)
			die("no designs");
	}
	g.cells = calloc(a.n_n0 * 2 * SHAPE_COUNT * EFFECT_COUNT * 2,
			 sizeof *g.cells);
	if (!g.cells)
		die("out of memory");
	for (size_t k = 0; k < a.n_n0; k++)
		for (int m = 0; m < 2; m++) {
			if (a.interval >= 0 && (int)methods[m] != a.interval)
				continue;
			size_t first = g.n;
			for (int s = 0; s < SHAPE_COUNT; s++) {
				if (a.shape >= 0 && s != a.shape)
					continue;
				for (int e = 0; e < EFFECT_COUNT; e++)
					for (int t = 0; t < 2; t++) {
						cell *c = &g.cells[g.n++];
						c->shape = (enum shape)s;
						c->effect = (enum effect)e;
						c->t = thresholds[t];
						c->n0 = a.n0[k];
						c->method = methods[m];
						c->pilots = methods[m]
							    == INTERVAL_T
							    ? a.pilots
							    : a.boot_pilots;
						/* The same pilots for both
						 * intervals of a truth. */
						c->seed = a.seed * 1000003UL
							  + k * 1009
							  + (unsigned long)(s * 100 + e * 10 + t);
					}
			}
			per_table = g.n - first;
		}
	size_t started = 0;
	for (; started < a.jobs; started++)
		if (pthread_create(&threads[started], NULL, worker, &g))
			break;
	if (started == 0)
		worker(&g);
	for (size_t k = 0; k < started; k++)
		pthread_join(threads[k], NULL);
	printf("planbench: T = 0.6 and 1 SD, target %.2f, at most %d blocks, "
	       "seed %lu\n", TARGET, MAX_BLOCKS, a.seed);
	for (size_t i = 0; per_table && i < g.n; i += per_table)
		print_table(&g.cells[i], per_table);
	for (size_t i = 0; i < g.n; i++) {
		free(g.cells[i].sizes);
		free(g.cells[i].maxima);
	}
	free(g.cells);
	return 0;
}
