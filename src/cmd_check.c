/* cmd_check.c: `pairboot check STUDY`: read a study strictly, report every
 * problem found, and summarise what it holds. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/design.h"
#include "analyze/sequential.h"
#include "common/diag.h"
#include "ingest/schedule.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "ingest/sumfile.h"
#include "src/cli.h"
#include "src/options.h"
#include "src/textfonts.h"

/* The summary holds the study's text and the folder name as the user
 * gave it: both go out escaped. */
#define say(...) cli_print(stdout, __VA_ARGS__)

static int cmp_block(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;
	return (x > y) - (x < y);
}

/* Distinct blocks of series K.  The blocks are sorted, not compared pair
 * by pair: that took half a minute at 10^5 runs.  Without memory for the
 * copy it falls back to the pairwise scan: slow, but the same answer. */
static size_t count_blocks(const study *s, size_t k)
{
	unsigned long *b = malloc((s->n_runs ? s->n_runs : 1) * sizeof *b);
	size_t m = 0, n = 0;

	if (!b) {
		for (size_t i = 0; i < s->n_runs; i++) {
			bool seen = false;
			if (s->runs[i].series != k)
				continue;
			for (size_t j = 0; j < i && !seen; j++)
				seen = s->runs[j].series == k
				       && s->runs[j].block == s->runs[i].block;
			n += !seen;
		}
		return n;
	}
	for (size_t i = 0; i < s->n_runs; i++)
		if (s->runs[i].series == k)
			b[m++] = s->runs[i].block;
	qsort(b, m, sizeof *b, cmp_block);
	for (size_t i = 0; i < m; i++)
		n += i == 0 || b[i] != b[i - 1];
	free(b);
	return n;
}

/* ONE or MANY, whichever reads right after the count N: "1 block",
 * "2 blocks". */
static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The first incomplete blocks (and boots of the schedule) listed by
 * name; the rest are counted. */
#define CHECK_BLOCKS_LISTED 8

/* One accepted run of a latency series, for finding incomplete blocks. */
typedef struct block_state {
	unsigned long block;
	size_t state;            /* index into plan.states */
} block_state;

static int cmp_block_state(const void *a, const void *b)
{
	const block_state *x = a, *y = b;
	if (x->block != y->block)
		return (x->block > y->block) - (x->block < y->block);
	return (x->state > y->state) - (x->state < y->state);
}

/* Prints the states block BS[0..N) (one block, sorted by state) lacks. */
static void print_lacking(const study *s, const block_state *bs, size_t n)
{
	char state[PB_STATE_BUFSIZE];
	size_t j = 0, shown = 0;

	say("  block %lu lacks", bs[0].block);
	for (size_t i = 0; i < s->plan.n_states; i++) {
		while (j < n && bs[j].state < i)
			j++;
		if (j < n && bs[j].state == i)
			continue;
		say("%s %s", shown++ ? "," : "",
		       pb_state_format(s->plan.states[i], state,
				       sizeof state));
	}
	say("\n");
}

/* A latency series compares states within blocks, so a block without an
 * accepted run of some state pairs fewer runs than it seems: such blocks
 * are named, with the states they lack, under the series' line. */
static void print_incomplete(const study *s, size_t k)
{
	block_state *bs = malloc((s->n_runs ? s->n_runs : 1) * sizeof *bs);
	size_t m = 0, incomplete = 0, blocks = 0;

	if (!bs)
		return;
	/* Every run marks its block, an excluded one with no state (sorted
	 * last), so a block whose runs were all excluded is named too. */
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		size_t st = study_state_index(&s->plan, r->state);
		if (r->series == k)
			bs[m++] = (block_state){ r->block,
						 r->accepted ? st : (size_t)-1 };
	}
	qsort(bs, m, sizeof *bs, cmp_block_state);
	for (size_t i = 0; i < m;) {
		size_t j = i, distinct = 0;
		for (; j < m && bs[j].block == bs[i].block; j++)
			distinct += bs[j].state != (size_t)-1
				    && (j == i || bs[j].state != bs[j - 1].state);
		blocks++;
		if (distinct < s->plan.n_states
		    && incomplete++ < CHECK_BLOCKS_LISTED)
			print_lacking(s, bs + i, j - i);
		i = j;
	}
	if (incomplete > CHECK_BLOCKS_LISTED)
		say("  and %zu more incomplete blocks\n",
		       incomplete - CHECK_BLOCKS_LISTED);
	if (incomplete)
		say("  %zu of %zu %s %s incomplete\n", incomplete, blocks,
		       plural(blocks, "block", "blocks"),
		       plural(incomplete, "is", "are"));
	free(bs);
}

static void print_series(const study *s, size_t k)
{
	const series_def *sd = &s->plan.series[k];
	size_t runs = 0, accepted = 0, blocks = count_blocks(s, k);

	for (size_t i = 0; i < s->n_runs; i++) {
		if (s->runs[i].series != k)
			continue;
		runs++;
		accepted += s->runs[i].accepted;
	}
	say("series %s (%s, %s): %zu %s, %zu %s: %zu accepted, "
	       "%zu excluded\n", sd->id, series_kind_name(sd->kind),
	       sd->label, blocks, plural(blocks, "block", "blocks"), runs,
	       plural(runs, "run", "runs"), accepted, runs - accepted);
	if (sd->kind == SERIES_LATENCY)
		print_incomplete(s, k);
}

/* Prints "  WHAT: a, b, c" for the first CHECK_BLOCKS_LISTED of the N
 * names NAME(i), and how many more there are. */
static void print_names(const char *what, const size_t *idx, size_t n,
			const char *(*name)(const study *, size_t),
			const study *s)
{
	if (n == 0)
		return;
	say("  %s (%zu):", what, n);
	for (size_t i = 0; i < n && i < CHECK_BLOCKS_LISTED; i++)
		say("%s %s", i ? "," : "", name(s, idx[i]));
	if (n > CHECK_BLOCKS_LISTED)
		say(" and %zu more", n - CHECK_BLOCKS_LISTED);
	say("\n");
}

static const char *run_name(const study *s, size_t i)
{
	return s->runs[i].id;
}

static const char *planned_name(const study *s, size_t j)
{
	return s->schedule->rows[j].run;
}

/* The recorded runs against schedule.csv: never silently, every boot
 * that is missing, unplanned, recorded otherwise or out of order. */
static void print_schedule(const study *s)
{
	schedule_check c;

	if (!s->schedule)
		return;
	if (design_check_schedule(s, &c) != PB_OK) {
		say("schedule: not compared (out of memory)\n");
		return;
	}
	say("schedule: %zu planned %s, %zu recorded as planned\n",
	       c.planned, plural(c.planned, "boot", "boots"), c.as_planned);
	print_names("missing", c.missing, c.n_missing, planned_name, s);
	print_names("not planned", c.unplanned, c.n_unplanned, run_name, s);
	print_names("in a series, block, position or state other than "
		    "planned", c.differs, c.n_differs, run_name, s);
	print_names("out of the planned order", c.out_of_order,
		    c.n_out_of_order, run_name, s);
	design_check_free(&c);
}

static void print_excluded(const study *s)
{
	char state[PB_STATE_BUFSIZE];
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		n += !s->runs[i].accepted;
	if (n == 0) {
		say("excluded runs: none\n");
		return;
	}
	say("excluded runs: %zu\n", n);
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		if (r->accepted)
			continue;
		say("  %s (series %s, block %lu, state %s): %s\n", r->id,
		       s->plan.series[r->series].id, r->block,
		       pb_state_format(r->state, state, sizeof state),
		       r->note ? r->note : "");
	}
}

/* A sequential study's looks and how far each latency series has come:
 * the boots planned after the last look reached are not missing from a
 * study that may stop there. */
static void print_looks(const study *s)
{
	const study_plan *p = &s->plan;

	if (p->n_looks == 0)
		return;
	say("looks: at");
	for (size_t k = 0; k < p->n_looks; k++)
		say("%s %lu", k ? "," : "", p->looks[k]);
	say(" blocks per series (boundary %s); reached:",
	    look_boundary_name(p->boundary));
	for (size_t k = 0, n = 0; k < p->n_series; k++)
		if (p->series[k].kind == SERIES_LATENCY)
			say("%s series %s %zu of %zu", n++ ? "," : "",
			    p->series[k].id, sequential_looks_reached(s, k),
			    p->n_looks);
	say("\n");
}

static void print_summary(const study *s)
{
	char state[PB_STATE_BUFSIZE];
	size_t periods = 0, accepted = 0, summarized = 0;

	say("study %s: %s (build %s)\n", s->dir, s->plan.title,
	       s->plan.build);
	say("states:");
	for (size_t i = 0; i < s->plan.n_states; i++)
		say("%s %s", i ? "," : "",
		       pb_state_format(s->plan.states[i], state,
				       sizeof state));
	say("; reference %s\n",
	       pb_state_format(s->plan.reference, state, sizeof state));
	for (size_t k = 0; k < s->plan.n_series; k++)
		print_series(s, k);
	print_schedule(s);
	print_looks(s);
	for (size_t i = 0; i < s->n_runs; i++) {
		if (s->runs[i].from_summary)
			summarized += s->runs[i].periods;
		else
			periods += s->runs[i].periods;
		accepted += s->runs[i].accepted;
	}
	say("runs: %zu, %zu accepted, %zu excluded\n", s->n_runs, accepted,
	       s->n_runs - accepted);
	print_excluded(s);
	say("periods read: %zu\n", periods);
	/* Said only for a study of CapFrameX captures, so a study of CSVs
	 * prints what it always printed. */
	if (s->plan.capture == CAPTURE_CAPFRAMEX) {
		size_t files = 0, captures = 0;

		for (size_t i = 0; i < s->n_runs; i++) {
			files += s->runs[i].capture_runs > 0;
			captures += s->runs[i].capture_runs;
		}
		say("CapFrameX captures read: %zu runs in %zu files, each "
		    "file's runs joined as one boot's periods\n", captures,
		    files);
	}
	/* Likewise said only for a plan that chooses its rows. */
	if (s->plan.n_filter > 0 || s->plan.n_missing > 0) {
		size_t rows = 0, filtered = 0, missing = 0;

		for (size_t i = 0; i < s->n_runs; i++) {
			rows += s->runs[i].rows;
			filtered += s->runs[i].filtered;
			missing += s->runs[i].missing;
		}
		say("rows of the latency files: %zu, %zu removed by the "
		    "filter, %zu missing, %zu used\n", rows, filtered,
		    missing, rows - filtered - missing);
	}
	/* Said only when it happened, so a check of the raw data prints what
	 * it always printed. */
	if (s->runs_from_summary)
		say("runs taken from %s (latency files absent): %zu, with "
		    "%zu periods\n", SUMFILE_NAME, s->runs_from_summary,
		    summarized);
	say("input files: %zu, study digest %s\n", s->n_inputs, s->digest);
	say("analysis plan digest %s (%s)\n", s->plan.digest,
	       s->plan.registered ? "registered" : "not registered");
}

static pb_status cmd_check(int argc, char **argv, const cli_options *opt);

/* A sequential study's design against what its intervals can do, and its
 * runs against its last look, as report judges them. */
static pb_status check_design(const study *s, diag *d)
{
	seq_design design;
	pb_status st;

	if (s->plan.n_looks == 0)
		return PB_OK;
	st = sequential_design(&s->plan, &design);
	return st == PB_OK ? sequential_check_study(s, &design, d) : st;
}

const cli_command command_check = {
	.name = "check",
	.operands = "STUDY",
	.summary = "Read the study strictly, report every problem found as "
		   "FILE:LINE:COL: what is wrong, and print a summary of what "
		   "it holds.",
	.overview = "read the study strictly, report every problem found, "
		    "and print a summary of what it holds",
	.run = cmd_check,
};

static pb_status cmd_check(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_check, { false }, NULL };
	diag *d;
	study *s = NULL;
	pb_status st;

	while (cli_next_option(&p, argc, argv) != -1)
		return PB_USAGE;
	if (cli_operands("check", argc, argv, 1, "missing STUDY folder")
	    != PB_OK)
		return PB_USAGE;

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = study_read(argv[optind], d, &s);
	if (st == PB_OK) {
		/* A text the report could not draw fails here, not later;
		 * so does a design its report would refuse. */
		st = textfonts_check_study(s, d);
		if (st == PB_OK)
			st = check_design(s, d);
		if (st != PB_OK)
			study_free(s);
	}
	if (st == PB_OK) {
		if (!opt->quiet)
			print_summary(s);
		study_free(s);
	} else {
		size_t n = diag_errors(d);
		/* Warnings (a file given up after too many errors) count
		 * towards the printed limit too, so what was not shown is
		 * counted in messages, not in problems. */
		size_t messages = n + diag_warnings(d);
		if (messages > cli_print_limit)
			fprintf(stderr, "pairboot: %zu more message%s not "
				"shown\n", messages - cli_print_limit,
				messages - cli_print_limit == 1 ? "" : "s");
		if (st == PB_NOMEM)
			fputs("pairboot: out of memory\n", stderr);
		cli_print(stderr, "pairboot: %s: %zu problem%s found\n",
		       argv[optind], n, n == 1 ? "" : "s");
	}
	diag_free(d);
	return st;
}
