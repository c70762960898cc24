/* seqbench.c: how often a sequential study gives a wrong decisive
 * verdict, how often it decides by its last look, and how many blocks it
 * takes, by simulation from known truths.
 *
 * Each simulated comparison has 40 blocks whose paired differences are
 * d_i = effect + e_i, the e_i independent with mean 0 and SD 1:
 *
 *   normal      e ~ N(0, 1)
 *   lognormal   e = (exp(Z) - e^(1/2)) / sqrt((e - 1) e), Z ~ N(0, 1):
 *               skewness 6.2, the long tail on the side of harm
 *   t3          e = t / sqrt(3), t Student's t with 3 degrees of freedom
 *               (heavy tails on both sides, no finite fourth moment)
 *
 * and effect a multiple of the threshold T (lower is better, so a
 * positive effect is harm): 2T (harm), -2T (benefit), 0.3T and 0
 * (equivalence), and exactly +T and -T, where every decisive verdict is
 * wrong.  It is judged by analyze/sequential.h's sequential_judge(), as
 * the analysis judges a comparison of a sequential study (state = the
 * differences, reference = 0, blocks 1..40, every look reached), with the
 * design that sequential_design() makes of study.ini's looks and
 * boundary: looks every 5 blocks (8 looks) or every 10 (4 looks) up to
 * 40, and for reference one look at 40 (a fixed design, the same for
 * every boundary).  Confidence 0.95; RESAMPLES Monte Carlo resamples per
 * look (1000 by default, against the study default of 10000, to keep the
 * run short; at the extreme levels of early looks the percentile-type
 * intervals read the smallest and largest of them, which more resamples
 * would push outwards).
 *
 * A decisive verdict is wrong when it is false for the truth: harm when
 * the effect is not above +T, benefit when it is not below -T,
 * equivalent when |effect| >= T.  Per cell (interval method, differences,
 * looks, boundary, T, truth) the program counts the wrong verdicts, with
 * the 95% Wilson interval of their share, the share decided (a stop, right
 * or wrong, by block 40) and the mean blocks at the stop (a comparison
 * that never stops counts 40).  Then per design (method, differences,
 * looks, boundary) the wrong verdicts at +T and -T, both T pooled, and
 * at the other truths.
 *
 * Common random numbers across designs: the e_i of study i, and its
 * bootstrap stream (boot_stream_seed), depend on the seed, the
 * distribution, the truth, T and i alone, so every method, schedule and
 * boundary judges the same studies, and the designs differ by what they
 * change.  Truths and thresholds have draws of their own: at +T and -T
 * with either T, a wrong verdict is nearly the same event (an interval
 * that misses the truth), so the four are four independent estimates of
 * one rate, which the summary pools.  The output is the same bytes for
 * the same options, whatever --jobs.
 *
 * Usage: seqbench [--studies N] [--boot-studies M] [--resamples B]
 *                 [--seed S] [--jobs J] [--methods LIST]
 *                 [--boundaries LIST] [--differences LIST]
 *                 [--look-every LIST] [-o FILE.csv]
 * (defaults 1000 studies per cell for the t interval, 300 for the
 * bootstrap methods, B = 1000, seed 1, one thread per online CPU, every
 * method, obrien-fleming,pocock, normal,lognormal,t3, looks every 5,10,40
 * blocks, 40 being the fixed design).  With the defaults it takes about
 * 29 minutes of CPU time, some 15 minutes on 2 idle cores; the
 * studentized interval takes half of it (at 5 and 10 pairs its seed check
 * enumerates the exact bootstrap-t).  A Markdown report goes to standard
 * output, with -o also a CSV of every cell; progress and the run time go
 * to standard error.  Exit status 0, 64 for a bad command line, 70 when a
 * judgement failed, 74 when the output could not be written.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "analyze/bootstrap.h"
#include "analyze/sequential.h"
#include "analyze/verdict.h"
#include "bench/benchargs.h"
#include "common/taskpool.h"
#include "ingest/study.h"

#define PROG "seqbench"
#define MAX_BLOCKS 40
#define CONFIDENCE 0.95
#define ALPHA 0.05

/* ------------------------------------------------------------------ */
/* The grid                                                             */

typedef enum dist_kind { DIST_NORMAL, DIST_LOGNORMAL, DIST_T3 } dist_kind;
static const char *const dist_names[] = { "normal", "lognormal", "t3" };
#define N_DISTS 3

/* Looks every STEP blocks up to MAX_BLOCKS; STEP = MAX_BLOCKS is the
 * fixed design, the same for every boundary. */
static const unsigned long steps[] = { 5, 10, MAX_BLOCKS };
#define N_STEPS 3

static const double thresholds[] = { 0.6, 1.0 };
#define N_THRESHOLDS 2

/* A truth: the effect as a multiple of T. */
typedef struct truth {
	const char *name;
	double times_t;
	bool on_threshold;         /* +T or -T: every decisive verdict is
				      wrong */
} truth;

static const truth truths[] = {
	{ "harm 2T", 2.0, false },     { "benefit -2T", -2.0, false },
	{ "equiv 0.3T", 0.3, false },  { "no effect", 0.0, false },
	{ "at +T", 1.0, true },        { "at -T", -1.0, true },
};
#define N_TRUTHS (sizeof truths / sizeof truths[0])

/* The methods in the order of the report: the t interval first. */
static const interval_method method_order[INTERVAL_METHOD_COUNT] = {
	INTERVAL_T, INTERVAL_PERCENTILE, INTERVAL_BCA, INTERVAL_EXPANDED,
	INTERVAL_STUDENTIZED
};

typedef struct options {
	unsigned long studies, boot_studies, resamples, seed, jobs;
	bool method_on[INTERVAL_METHOD_COUNT];
	bool boundary_on[LOOK_BOUNDARY_COUNT];
	bool dist_on[N_DISTS];
	bool step_on[N_STEPS];
	const char *csv;
} options;

/* What the studies of one cell gave. */
typedef struct tally {
	unsigned long studies, wrong;
	unsigned long stops[3];    /* harm, benefit, equivalent */
	unsigned long blocks;      /* sum of blocks at the stop, or 40 */
} tally;

/* One cell of the grid and its tally. */
typedef struct cell {
	interval_method method;
	dist_kind dist;
	size_t step;               /* index into steps */
	look_boundary boundary;
	size_t threshold;          /* index into thresholds */
	size_t truth;              /* index into truths */
	const seq_design *design;
	tally t;
} cell;

typedef struct grid {
	const options *o;
	cell *cells;
	size_t n;
	seq_design designs[N_STEPS][LOOK_BOUNDARY_COUNT];
	bool tty;
} grid;

/* The design of looks every STEP blocks with boundary B, as
 * sequential_design makes it of a plan. */
static pb_status make_design(unsigned long step, look_boundary b,
			     seq_design *out)
{
	study_plan p;

	memset(&p, 0, sizeof p);
	p.confidence = CONFIDENCE;
	p.boundary = b;
	for (unsigned long k = step; k <= MAX_BLOCKS; k += step)
		p.looks[p.n_looks++] = k;
	return sequential_design(&p, out);
}

/* Builds the cells of O in report order. */
static pb_status make_grid(const options *o, grid *g)
{
	size_t cap = INTERVAL_METHOD_COUNT * N_DISTS * N_STEPS
		     * LOOK_BOUNDARY_COUNT * N_THRESHOLDS * N_TRUTHS;

	memset(g, 0, sizeof *g);
	g->o = o;
	for (size_t s = 0; s < N_STEPS; s++)
		for (size_t b = 0; b < LOOK_BOUNDARY_COUNT; b++) {
			pb_status st = make_design(steps[s], (look_boundary)b,
						   &g->designs[s][b]);
			if (st != PB_OK)
				return st;
		}
	g->cells = calloc(cap, sizeof *g->cells);
	if (!g->cells)
		return PB_NOMEM;
	for (size_t m = 0; m < INTERVAL_METHOD_COUNT; m++) {
		interval_method im = method_order[m];
		if (!o->method_on[im])
			continue;
		for (size_t d = 0; d < N_DISTS; d++)
			for (size_t s = 0; s < N_STEPS; s++)
				for (size_t b = 0; b < LOOK_BOUNDARY_COUNT; b++) {
					bool fixed = steps[s] == MAX_BLOCKS;
					/* One look: every boundary gives the
					 * fixed level, one row serves. */
					if (!o->dist_on[d] || !o->step_on[s]
					    || (fixed ? b != BOUNDARY_OBRIEN_FLEMING
						      : !o->boundary_on[b]))
						continue;
					for (size_t t = 0; t < N_THRESHOLDS; t++)
						for (size_t u = 0; u < N_TRUTHS; u++)
							g->cells[g->n++] = (cell){
								im, (dist_kind)d, s,
								(look_boundary)b, t, u,
								&g->designs[s][b],
								{ 0 } };
				}
	}
	return PB_OK;
}

/* ------------------------------------------------------------------ */
/* The simulation                                                       */

/* SplitMix64's finalizer: a well-mixed 64-bit value of X. */
static uint64_t mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* The mt19937 seed of the draws of study I of distribution D, truth U
 * and threshold K: of these and the seed alone, not of the method, the
 * looks or the boundary (never 0, which GSL takes as 4357). */
static unsigned long data_seed(unsigned long seed, dist_kind d, size_t u,
			       size_t k, unsigned long i)
{
	uint64_t h = mix(mix(mix(mix(seed) ^ (uint64_t)d) ^ u) ^ k);
	uint32_t s = (uint32_t)mix(h ^ i);

	return s ? s : 1;
}

/* One standardized error of distribution D: mean 0, SD 1. */
static double draw(dist_kind d, gsl_rng *r)
{
	static const double ln_mean = 1.6487212707001282; /* e^(1/2) */
	static const double ln_sd = 2.1611974158950877;   /* sqrt((e-1)e) */
	static const double t3_sd = 1.7320508075688772;   /* sqrt(3) */

	switch (d) {
	case DIST_NORMAL:
		return gsl_ran_gaussian(r, 1.0);
	case DIST_LOGNORMAL:
		return (exp(gsl_ran_gaussian(r, 1.0)) - ln_mean) / ln_sd;
	case DIST_T3:
		return gsl_ran_tdist(r, 3.0) / t3_sd;
	}
	return NAN;
}

/* Whether verdict V is wrong for an effect of TIMES_T times T: compared
 * as multiples, so that an effect of exactly T is not above T. */
static bool wrong(verdict v, double times_t)
{
	switch (v) {
	case VERDICT_HARM:
		return !(times_t > 1.0);
	case VERDICT_BENEFIT:
		return !(times_t < -1.0);
	case VERDICT_EQUIVALENT:
		return !(fabs(times_t) < 1.0);
	default:
		return false;
	}
}

/* Task I: the studies of cell I. */
static pb_status run_cell(void *arg, size_t i)
{
	grid *g = arg;
	cell *c = &g->cells[i];
	const options *o = g->o;
	unsigned long n = c->method == INTERVAL_T ? o->studies
						  : o->boot_studies;
	double t = thresholds[c->threshold];
	double effect = truths[c->truth].times_t * t;
	double d[MAX_BLOCKS], zero[MAX_BLOCKS];
	unsigned long blocks[MAX_BLOCKS];
	char key[64];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	boot_settings set = { c->method, CONFIDENCE, false, o->resamples, 0,
			      t, BETTER_LOWER };
	pb_status st = r ? PB_OK : PB_NOMEM;

	for (size_t j = 0; j < MAX_BLOCKS; j++) {
		zero[j] = 0.0;
		blocks[j] = j + 1;
	}
	snprintf(key, sizeof key, "%s/%s/%.1f", dist_names[c->dist],
		 truths[c->truth].name, t);
	for (unsigned long s = 0; s < n && st == PB_OK; s++) {
		char label[24];
		seq_outcome out;

		gsl_rng_set(r, data_seed(o->seed, c->dist, c->truth,
					 c->threshold, s));
		for (size_t j = 0; j < MAX_BLOCKS; j++)
			d[j] = effect + draw(c->dist, r);
		snprintf(label, sizeof label, "%lu", s);
		set.stream_seed = boot_stream_seed((uint32_t)o->seed, key,
						   label);
		st = sequential_judge(d, zero, blocks, MAX_BLOCKS, c->design,
				      c->design->n, &set, &out);
		if (st != PB_OK)
			break;
		c->t.studies++;
		if (out.status == LOOK_STOP) {
			c->t.stops[out.verdict == VERDICT_HARM ? 0
				   : out.verdict == VERDICT_BENEFIT ? 1 : 2]++;
			c->t.wrong += wrong(out.verdict,
					    truths[c->truth].times_t);
			c->t.blocks += c->design->looks[out.look - 1];
		} else {
			c->t.blocks += MAX_BLOCKS;
		}
	}
	gsl_rng_free(r);
	return st;
}

static void progress(void *arg, size_t done)
{
	grid *g = arg;

	if (g->tty)
		fprintf(stderr, "\r" PROG ": %zu of %zu cells", done, g->n);
}

/* ------------------------------------------------------------------ */
/* The report                                                           */

/* The 95% Wilson interval of K successes in N, into *LO and *HI. */
static void wilson(unsigned long k, unsigned long n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double nn = (double)n, p = (double)k / nn, z2n = z * z / nn;
	double c = (p + z2n / 2.0) / (1.0 + z2n);
	double h = z / (1.0 + z2n)
		   * sqrt(p * (1.0 - p) / nn + z2n / (4.0 * nn));

	*lo = c - h < 0.0 ? 0.0 : c - h;
	*hi = c + h > 1.0 ? 1.0 : c + h;
}

/* The looks of cell C as the report names them. */
static const char *looks_text(const cell *c)
{
	static const char *const text[N_STEPS] = { "every 5", "every 10",
						   "40 only" };
	return text[c->step];
}

static const char *boundary_text(const cell *c)
{
	return steps[c->step] == MAX_BLOCKS ? "-"
					    : look_boundary_name(c->boundary);
}

/* Whether cells A and B are of one design (all but T and the truth). */
static bool same_design(const cell *a, const cell *b)
{
	return a->method == b->method && a->dist == b->dist
	       && a->step == b->step && a->boundary == b->boundary;
}

static void print_cells(const grid *g)
{
	printf("| method | differences | looks | boundary | T | truth | "
	       "studies | wrong | wrong share [95%% Wilson] | at most %.2f "
	       "| decided | mean blocks |\n", ALPHA);
	printf("|---|---|---|---|---:|---|---:|---:|---|---|---:|---:|\n");
	for (size_t i = 0; i < g->n; i++) {
		const cell *c = &g->cells[i];
		double n = (double)c->t.studies, lo, hi;
		unsigned long stops = c->t.stops[0] + c->t.stops[1]
				      + c->t.stops[2];

		wilson(c->t.wrong, c->t.studies, &lo, &hi);
		printf("| %s | %s | %s | %s | %.1f | %s | %lu | %lu | %.3f "
		       "[%.3f, %.3f] | %s | %.3f | %.1f |\n",
		       interval_method_name(c->method), dist_names[c->dist],
		       looks_text(c), boundary_text(c),
		       thresholds[c->threshold], truths[c->truth].name,
		       c->t.studies, c->t.wrong, (double)c->t.wrong / n, lo,
		       hi, lo <= ALPHA ? "yes" : "no", (double)stops / n,
		       (double)c->t.blocks / n);
	}
}

/* Per design, the wrong verdicts at +T and -T (both T pooled) and at
 * the other truths. */
static void print_designs(const grid *g)
{
	printf("\nPer design: the wrong verdicts at +T and -T, both T "
	       "pooled (every decisive verdict there is wrong), and at the "
	       "other truths (harm 2T, benefit -2T, 0.3T, 0).\n\n");
	printf("| method | differences | looks | boundary | studies at +-T "
	       "| wrong at +-T [95%% Wilson] | at most %.2f | wrong elsewhere "
	       "|\n", ALPHA);
	printf("|---|---|---|---|---:|---|---|---:|\n");
	for (size_t i = 0; i < g->n;) {
		unsigned long n_on = 0, w_on = 0, n_off = 0, w_off = 0;
		const cell *c = &g->cells[i];
		double lo, hi;
		size_t j = i;

		for (; j < g->n && same_design(c, &g->cells[j]); j++) {
			const tally *t = &g->cells[j].t;
			if (truths[g->cells[j].truth].on_threshold) {
				n_on += t->studies;
				w_on += t->wrong;
			} else {
				n_off += t->studies;
				w_off += t->wrong;
			}
		}
		wilson(w_on, n_on, &lo, &hi);
		printf("| %s | %s | %s | %s | %lu | %.3f [%.3f, %.3f] | %s | "
		       "%lu of %lu |\n", interval_method_name(c->method),
		       dist_names[c->dist], looks_text(c), boundary_text(c),
		       n_on, (double)w_on / (double)n_on, lo, hi,
		       lo <= ALPHA ? "yes" : "no", w_off, n_off);
		i = j;
	}
}

/* The CSV of every cell into PATH. */
static bool write_csv(const grid *g, const char *path)
{
	FILE *f = fopen(path, "w");
	bool ok;

	if (!f) {
		perror(PROG ": cannot create the CSV");
		return false;
	}
	fprintf(f, "method,differences,looks,boundary,threshold,truth,"
		"effect,studies,wrong,wrong_share,wilson_lo,wilson_hi,"
		"decided,harm,benefit,equivalent,mean_blocks\n");
	for (size_t i = 0; i < g->n; i++) {
		const cell *c = &g->cells[i];
		double n = (double)c->t.studies, lo, hi;
		double t = thresholds[c->threshold];

		wilson(c->t.wrong, c->t.studies, &lo, &hi);
		fprintf(f, "%s,%s,%s,%s,%.1f,%s,%.2f,%lu,%lu,%.4f,%.4f,%.4f,"
			"%.4f,%lu,%lu,%lu,%.3f\n",
			interval_method_name(c->method), dist_names[c->dist],
			looks_text(c), boundary_text(c), t,
			truths[c->truth].name, truths[c->truth].times_t * t,
			c->t.studies, c->t.wrong, (double)c->t.wrong / n, lo,
			hi, (double)(c->t.stops[0] + c->t.stops[1]
				     + c->t.stops[2]) / n,
			c->t.stops[0], c->t.stops[1], c->t.stops[2],
			(double)c->t.blocks / n);
	}
	ok = !ferror(f);
	if (fclose(f) != 0)
		ok = false;
	if (!ok)
		perror(PROG ": cannot write the CSV");
	return ok;
}

static void print_head(const options *o)
{
	printf("Sequential designs from known truths: %lu studies per cell "
	       "for the t interval, %lu for the bootstrap methods; "
	       "confidence %.2f, %lu resamples per look (the study default "
	       "is 10000), seed %lu; 40 blocks, lower is better, the "
	       "differences of mean effect and SD 1.\n\n", o->studies,
	       o->boot_studies, CONFIDENCE, o->resamples, o->seed);
	printf("A wrong verdict: harm when the effect is not above +T, "
	       "benefit when it is not below -T, equivalent when |effect| "
	       ">= T.  `at most %.2f`: yes when the 95%% Wilson interval "
	       "reaches down to %.2f.  `decided`: the share stopped (harm, "
	       "benefit or equivalent, right or wrong) by block 40; `mean "
	       "blocks`: at the stop, 40 for those never stopped.\n\n",
	       ALPHA, ALPHA);
}

/* ------------------------------------------------------------------ */
/* The command line                                                     */

static void usage(FILE *f)
{
	fputs("usage: seqbench [--studies N] [--boot-studies M] "
	      "[--resamples B] [--seed S]\n"
	      "                [--jobs J] [--methods LIST] "
	      "[--boundaries LIST]\n"
	      "                [--differences LIST] [--look-every LIST] "
	      "[-o FILE.csv]\n"
	      "Simulates sequential studies from known truths and counts "
	      "wrong decisive\nverdicts, decisions and blocks used (see "
	      "bench/seqbench.c).\n"
	      "Defaults: 1000 studies per cell for the t interval, 300 for "
	      "the bootstrap\nmethods, 1000 resamples, seed 1, one thread "
	      "per online CPU, every method,\nboundaries "
	      "obrien-fleming,pocock, differences normal,lognormal,t3, "
	      "looks every\n5,10,40 blocks (40: the fixed design).\n", f);
}

/* Sets ON[] from LIST, names separated by ',', each read by PARSE; WHAT
 * names one in messages, OPTION the option. */
static bool parse_list(const char *list, bool *on, size_t n_on,
		       bool (*parse)(const char *, size_t, bool *),
		       const char *what, const char *option)
{
	const char *p = list;
	bool any = false;

	memset(on, 0, n_on * sizeof *on);
	while (*p) {
		size_t len = strcspn(p, ",");

		if (!parse(p, len, on)) {
			fprintf(stderr, PROG ": no %s '%.*s'\n", what,
				(int)len, p);
			return false;
		}
		any = true;
		p += len + (p[len] == ',');
	}
	if (!any)
		fprintf(stderr, PROG ": --%s names none\n", option);
	return any;
}

/* NAME (LEN bytes, not terminated) as a method or a boundary, marked in
 * ON. */
static bool parse_method(const char *name, size_t len, bool *on)
{
	char buf[32];
	interval_method m;

	if (len >= sizeof buf)
		return false;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (!interval_method_parse(buf, &m))
		return false;
	on[m] = true;
	return true;
}

static bool parse_boundary(const char *name, size_t len, bool *on)
{
	char buf[32];
	look_boundary b;

	if (len >= sizeof buf)
		return false;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (!look_boundary_parse(buf, &b))
		return false;
	on[b] = true;
	return true;
}

static bool parse_dist(const char *name, size_t len, bool *on)
{
	for (size_t d = 0; d < N_DISTS; d++)
		if (strlen(dist_names[d]) == len
		    && strncmp(name, dist_names[d], len) == 0) {
			on[d] = true;
			return true;
		}
	return false;
}

static bool parse_step(const char *name, size_t len, bool *on)
{
	for (size_t s = 0; s < N_STEPS; s++) {
		char buf[8];

		snprintf(buf, sizeof buf, "%lu", steps[s]);
		if (strlen(buf) == len && strncmp(name, buf, len) == 0) {
			on[s] = true;
			return true;
		}
	}
	return false;
}

/* A count option's value into *OUT, at most MAX. */
static bool count_arg(const char *name, unsigned long max,
		      unsigned long *out)
{
	if (benchargs_count(optarg, out) && *out <= max)
		return true;
	fprintf(stderr, PROG ": --%s must be 1 to %lu\n", name, max);
	return false;
}

/* Parses the command line into O; false for a bad one.  *HELP: --help
 * was given. */
static bool parse_options(int argc, char **argv, options *o, bool *help)
{
	static const struct option longs[] = {
		{ "studies", required_argument, NULL, 'n' },
		{ "boot-studies", required_argument, NULL, 'm' },
		{ "resamples", required_argument, NULL, 'B' },
		{ "seed", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "methods", required_argument, NULL, 'M' },
		{ "boundaries", required_argument, NULL, 'b' },
		{ "differences", required_argument, NULL, 'd' },
		{ "look-every", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int c;
	bool ok = true;

	memset(o, 0, sizeof *o);
	o->studies = 1000;
	o->boot_studies = 300;
	o->resamples = 1000;
	o->seed = 1;
	o->jobs = cpus > 0 ? (unsigned long)cpus : 1;
	for (size_t m = 0; m < INTERVAL_METHOD_COUNT; m++)
		o->method_on[m] = true;
	o->boundary_on[BOUNDARY_OBRIEN_FLEMING] = true;
	o->boundary_on[BOUNDARY_POCOCK] = true;
	for (size_t d = 0; d < N_DISTS; d++)
		o->dist_on[d] = true;
	for (size_t k = 0; k < N_STEPS; k++)
		o->step_on[k] = true;
	*help = false;
	while (ok && (c = getopt_long(argc, argv, "j:o:", longs, NULL)) != -1) {
		switch (c) {
		case 'n':
			ok = count_arg("studies", 10000000, &o->studies);
			break;
		case 'm':
			ok = count_arg("boot-studies", 10000000,
				       &o->boot_studies);
			break;
		case 'B':
			ok = count_arg("resamples", 1000000, &o->resamples);
			break;
		case 's':
			ok = count_arg("seed", 4294967295UL, &o->seed);
			break;
		case 'j':
			ok = count_arg("jobs", TASKPOOL_MAX_THREADS, &o->jobs);
			break;
		case 'M':
			ok = parse_list(optarg, o->method_on,
					INTERVAL_METHOD_COUNT, parse_method,
					"method", "methods");
			break;
		case 'b':
			ok = parse_list(optarg, o->boundary_on,
					LOOK_BOUNDARY_COUNT, parse_boundary,
					"boundary", "boundaries");
			break;
		case 'd':
			ok = parse_list(optarg, o->dist_on, N_DISTS,
					parse_dist, "distribution",
					"differences");
			break;
		case 'l':
			ok = parse_list(optarg, o->step_on, N_STEPS,
					parse_step, "look step", "look-every");
			break;
		case 'o':
			o->csv = optarg;
			break;
		case 'h':
			*help = true;
			return true;
		default:
			ok = false;
		}
	}
	if (ok && optind < argc) {
		fprintf(stderr, PROG ": unexpected '%s'\n", argv[optind]);
		ok = false;
	}
	return ok;
}

int main(int argc, char **argv)
{
	options o;
	grid g;
	bool help;
	struct timespec t0, t1;
	struct rusage ru;
	pb_status st;

	gsl_set_error_handler_off();
	if (!parse_options(argc, argv, &o, &help)) {
		usage(stderr);
		return 64;
	}
	if (help) {
		usage(stdout);
		return fflush(stdout) == 0 ? 0 : 74;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	st = make_grid(&o, &g);
	g.tty = isatty(2);
	if (st == PB_OK)
		st = taskpool_run(g.n, (unsigned)o.jobs, run_cell, &g,
				  progress, &g);
	if (g.tty)
		fputc('\n', stderr);
	if (st != PB_OK) {
		fprintf(stderr, PROG ": the simulation failed (status %d)\n",
			(int)st);
		free(g.cells);
		return 70;
	}
	print_head(&o);
	print_cells(&g);
	print_designs(&g);
	bool csv_ok = !o.csv || write_csv(&g, o.csv);
	free(g.cells);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	getrusage(RUSAGE_SELF, &ru);
	fprintf(stderr, PROG ": %.0f s on %lu threads, %.0f s of CPU time\n",
		(double)(t1.tv_sec - t0.tv_sec)
		+ (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, o.jobs,
		(double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
		+ (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	if (fflush(stdout) != 0 || ferror(stdout) || !csv_ok)
		return 74;
	return 0;
}
