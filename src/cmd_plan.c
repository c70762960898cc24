/* cmd_plan.c: `pairboot plan new DIR OPTIONS`: writes the skeleton of a
 * study before its data exist: study.ini with the analysis plan and its
 * registered digest, and schedule.csv, the balanced order of the boots.
 *
 * The options are study.ini's keys.  They are checked by the study.ini
 * reader itself (the plan is written out as a key file and read back), so
 * a planned study can never hold a plan that `check` would refuse; its
 * messages name the option instead of a line. */
#include "config.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/bootstrap.h"
#include "analyze/coverage.h"
#include "analyze/design.h"
#include "analyze/planning.h"
#include "analyze/seqplan.h"
#include "analyze/sequential.h"
#include "analyze/verdict.h"
#include "common/diag.h"
#include "common/keytext.h"
#include "common/numparse.h"
#include "common/readopt.h"
#include "ingest/plantext.h"
#include "ingest/study_ini.h"
#include "ingest/study_read.h"
#include "render/fig_plan.h"
#include "render/figfile.h"
#include "render/outdir.h"
#include "render/plan_report.h"
#include "render/schedule.h"
#include "render/study_ini.h"
#include "src/cli.h"
#include "src/options.h"
#include "src/textfonts.h"

/* The study.ini keys `plan new` takes as options, in study.ini order. */
typedef struct plan_key {
	const char *name;
	const char *fallback;   /* the value when not given, said aloud */
	const char *option;     /* the option's name, when not NAME */
} plan_key;

/* state_type comes first, on the line after `format`, as in study.ini;
 * given, it makes the study format 2 (ini_text). */
#define KEY_STATE_TYPE 0

static const plan_key plan_keys[] = {
	{ "state_type", NULL, "state-type" },
	{ "title", NULL, NULL },
	{ "build", NULL, NULL },
	{ "platform", NULL, NULL },
	/* Given, it makes the study format 2. */
	{ "metric", NULL, NULL },
	{ "column", NULL, NULL },
	/* Given, these four make the study format 2. */
	{ "capture", NULL, NULL },
	{ "scale", NULL, NULL },
	{ "unit", NULL, NULL },
	{ "better", NULL, NULL },
	{ "statistic", NULL, NULL },
	{ "reference", NULL, NULL },
	{ "threshold", NULL, NULL },
	{ "confidence", "0.95", NULL },
	{ "resamples", "10000", NULL },
	{ "seed", NULL, NULL },
	/* Chosen by its coverage at --blocks when not given (choose_interval). */
	{ "interval", NULL, NULL },
	{ "states", NULL, NULL },
	/* A sequential design; given, it makes the study format 2. */
	{ "looks", NULL, NULL },
	{ "boundary", NULL, NULL },
	/* The rows a capture's file gives the boot: study.ini's order. */
	{ "filter", NULL, NULL },
	{ "missing", NULL, NULL },
	{ "missing_limit", NULL, "missing-limit" },
};
#define N_PLAN_KEYS (sizeof plan_keys / sizeof plan_keys[0])

/* What the command line gave. */
typedef struct plan_args {
	const char *value[N_PLAN_KEYS];
	const char *series;      /* --series N */
	const char *blocks;      /* --blocks B */
	const char *look_every;  /* --look-every K */
	char looks[256];         /* the looks --look-every makes */
	const char *dir;
} plan_args;

enum { OPT_SERIES = 1000, OPT_BLOCKS, OPT_KEY, OPT_LOOK_EVERY };

/* The command-line name of plan key I. */
static const char *key_option(size_t i)
{
	return plan_keys[i].option ? plan_keys[i].option : plan_keys[i].name;
}

/* Appends the ';' list LIST (as --states takes it: names as they are,
 * blanks around each) with each name escaped and the separators and
 * blanks kept, so that study.ini's reader finds the same items. */
static void put_list(GString *t, const char *list)
{
	const char *p = list;

	for (;;) {
		const char *semi = strchr(p, ';');
		const char *end = semi ? semi : p + strlen(p), *a = p, *b = end;

		while (a < b && (*a == ' ' || *a == '\t'))
			a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		g_string_append_len(t, p, a - p);
		keytext_escape(t, a, (size_t)(b - a));
		g_string_append_len(t, b, end - b);
		if (!semi)
			break;
		g_string_append_c(t, ';');
		p = semi + 1;
	}
}

/* The value A gave for the key NAME, or NULL. */
static const char *arg_value(const plan_args *a, const char *name)
{
	for (size_t i = 0; i < N_PLAN_KEYS; i++)
		if (strcmp(plan_keys[i].name, name) == 0)
			return a->value[i];
	return NULL;
}

/* The study.ini text of the options, one key a line after "[study]" and
 * "format = 1" (so key I is on line I + 3), then the series sections.
 * A state type given needs format 2, which has that key. */
static char *ini_text(const plan_args *a, unsigned long n_series)
{
	bool format2 = a->value[KEY_STATE_TYPE] || arg_value(a, "looks")
		       || arg_value(a, "boundary") || arg_value(a, "metric")
		       || arg_value(a, "capture") || arg_value(a, "filter")
		       || arg_value(a, "missing")
		       || arg_value(a, "missing_limit");
	GString *t = g_string_new(format2 ? "[study]\nformat = 2\n"
				  : "[study]\nformat = 1\n");

	for (size_t i = 0; i < N_PLAN_KEYS; i++) {
		const char *v = a->value[i] ? a->value[i] : plan_keys[i].fallback;
		/* A key left out keeps its line, as a comment. */
		/* Escaped as study.ini holds text, so that what the reader
		 * gets back is exactly what was given. */
		if (v && (strcmp(plan_keys[i].name, "states") == 0
			  || strcmp(plan_keys[i].name, "missing") == 0)) {
			g_string_append_printf(t, "%s = ", plan_keys[i].name);
			put_list(t, v);
			g_string_append_c(t, '\n');
		} else if (v) {
			plantext_ini_line(t, plan_keys[i].name, v);
		} else {
			g_string_append(t, "#\n");
		}
	}
	for (unsigned long k = 1; k <= n_series; k++)
		g_string_append_printf(t, "\n[series %lu]\nkind = latency\n"
				       "label = Series %lu\n", k, k);
	return g_string_free(t, FALSE);
}

/* Says a study.ini message MSG ("options:LINE:COL: text") as one about the
 * option whose key stands on LINE. */
static void say_option_error(const char *msg)
{
	unsigned long line = 0;
	const char *text = msg;

	if (sscanf(msg, "options:%lu:", &line) == 1) {
		const char *colon = strchr(msg + 8, ':');
		colon = colon ? strchr(colon + 1, ':') : NULL;
		text = colon ? colon + 2 : msg;
	}
	if (line < 3 || line - 3 >= N_PLAN_KEYS) {
		cli_print(stderr, "pairboot: plan new: %s\n", text);
		return;
	}
	/* A column in the message counts from the start of "key = value";
	 * the user wrote only the value. */
	const char *key = plan_keys[line - 3].name;
	const char *option = key_option(line - 3);
	const char *at = strstr(text, " at column ");
	unsigned long col;
	int used = 0;

	if (at && sscanf(at, " at column %lu%n", &col, &used) == 1
	    && col > strlen(key) + 3)
		cli_print(stderr, "pairboot: plan new: --%s: %.*s at character "
			"%lu of the value%s\n", option, (int)(at - text), text,
			col - strlen(key) - 3, at + used);
	else
		cli_print(stderr, "pairboot: plan new: --%s: %s\n", option,
			text);
}

/* Whether a state of the LIST (';' between states, blanks around each,
 * as `states` is written) is not a number: a name, given without
 * --state-type name. */
static bool has_name(const char *list)
{
	const char *p = list;

	while (p && *p) {
		const char *end = strchr(p, ';'), *stop = end ? end : p + strlen(p);
		pb_state s;

		while (p < stop && (*p == ' ' || *p == '\t'))
			p++;
		while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t'))
			stop--;
		if (stop > p && !pb_state_parse(p, (size_t)(stop - p), &s))
			return true;
		p = end ? end + 1 : NULL;
	}
	return false;
}

/* The looks of P against what its intervals can do
 * (analyze/sequential.h), problems to D as study.ini's. */
static pb_status check_design(const study_plan *p, diag *d)
{
	seq_design design;
	pb_status st = sequential_design(p, &design);

	return st == PB_OK ? sequential_check_plan(p, &design, "options", d)
			   : st;
}

/* Reads the options back as study.ini would be read: the plan, or
 * PB_USAGE after saying what is wrong with which option. */
static pb_status read_plan(const plan_args *a, unsigned long n_series,
			   study_plan *p)
{
	char *text = ini_text(a, n_series);
	diag *d = diag_new(NULL, 0);
	pb_status st;

	if (!d) {
		g_free(text);
		return PB_NOMEM;
	}
	st = study_ini_read_buffer(text, strlen(text), "options", d, p);
	g_free(text);
	/* A text the report's fonts cannot draw is refused now, before the
	 * study is written and its boots recorded. */
	if (st == PB_OK) {
		st = textfonts_check(p, d);
		/* A design no report could use is refused before its
		 * boots are recorded, at the option that makes it so. */
		if (st == PB_OK && p->n_looks > 0)
			st = check_design(p, d);
		if (st != PB_OK)
			study_plan_free(p);
	}
	if (st == PB_DATAERR) {
		for (size_t i = 0; i < diag_kept(d); i++)
			say_option_error(diag_message(d, i));
		/* The likeliest reason, for a study of power plans or
		 * switches: states that are names, read as numbers. */
		if (!a->value[KEY_STATE_TYPE]
		    && (has_name(arg_value(a, "states"))
			|| has_name(arg_value(a, "reference"))))
			fputs("pairboot: plan new: states that are names (a "
			      "power plan, on and off) need --state-type "
			      "name\n", stderr);
		cli_usage_hint();
		st = PB_USAGE;
	}
	diag_free(d);
	return st;
}

/* Parses option --NAME of command WHAT ("plan new", "plan"): a whole
 * number from 1 to MAX. */
static pb_status parse_count(const char *what, const char *name,
			     const char *text, unsigned long max,
			     unsigned long *out)
{
	if (!text)
		return cli_usage_error("%s: --%s is required", what, name);
	if (numparse_ulong(text, strlen(text), out) != NUMPARSE_OK || *out < 1
	    || *out > max)
		return cli_usage_error("%s: --%s must be a whole number from 1 "
				       "to %lu ('%s')", what, name, max, text);
	return PB_OK;
}

/* The most blocks a plan may have: far beyond any study, low enough that
 * the schedule stays a few megabytes (the most series and states are
 * study.ini's, ingest/study_ini.h). */
#define PLAN_MAX_BLOCKS 10000UL

/* The index in plan_keys of key NAME. */
static size_t key_index(const char *name)
{
	size_t i = 0;

	while (i < N_PLAN_KEYS && strcmp(plan_keys[i].name, name) != 0)
		i++;
	return i;
}

/* The looks against BLOCKS: --look-every K becomes K;2K;...;BLOCKS, and
 * --looks must end at BLOCKS, the most the schedule plans.  A list
 * study.ini refuses (too many looks, one too early) is said by
 * read_plan, at its option. */
static pb_status settle_looks(plan_args *a, unsigned long blocks)
{
	const char *looks = arg_value(a, "looks");
	unsigned long every, last = 0;
	size_t len = 0;

	if (looks && a->look_every)
		return cli_usage_error("plan new: --looks and --look-every "
				       "are two ways to say the same; give "
				       "one");
	if (looks) {
		const char *semi = strrchr(looks, ';');
		const char *tail = semi ? semi + 1 : looks;
		if (numparse_ulong(tail, strlen(tail), &last) == NUMPARSE_OK
		    && last != blocks)
			return cli_usage_error("plan new: --looks: the last "
					       "look is the most blocks to "
					       "record, so it must equal "
					       "--blocks (%lu, not %lu)",
					       blocks, last);
		return PB_OK;
	}
	if (!a->look_every)
		return PB_OK;
	if (numparse_ulong(a->look_every, strlen(a->look_every), &every)
	    != NUMPARSE_OK || every < 1 || every > blocks)
		return cli_usage_error("plan new: --look-every must be a whole "
				       "number from 1 to --blocks (%lu) ('%s')",
				       blocks, a->look_every);
	/* One look more than study.ini takes is enough for it to say so. */
	for (unsigned long k = every, n = 0; n <= PLAN_MAX_LOOKS;
	     k += every, n++) {
		unsigned long at = k < blocks ? k : blocks;
		len += (size_t)snprintf(a->looks + len, sizeof a->looks - len,
					"%s%lu", len ? ";" : "", at);
		if (at == blocks)
			break;
	}
	a->value[key_index("looks")] = a->looks;
	return PB_OK;
}

static pb_status plan_new(int argc, char **argv, const cli_options *opt);

/* Each study.ini key of plan_keys by the name of its option, which sets
 * it; --series and --blocks make the series sections. */
static const cli_option plan_new_options[] = {
	{ OPT_KEY, 0, "title", "T", true, "the study's title" },
	{ OPT_KEY, 0, "build", "B", true, "the build the study was recorded on" },
	{ OPT_KEY, 0, "platform", "P", false,
	  "the machine it was recorded on (optional)" },
	{ OPT_KEY, 0, "metric", "M", false,
	  "what was measured, in words, as the pages name it (optional; "
	  "makes the study format 2)" },
	{ OPT_KEY, 0, "column", "C", true,
	  "the latency CSVs' column, such as latency_us" },
	{ OPT_KEY, 0, "capture", "csv|capframex", false,
	  "how each boot's file is read: a CSV (default) or a CapFrameX "
	  "capture (docs/recording.md); capframex makes the study format 2" },
	{ OPT_KEY, 0, "scale", "F", true, "column value times F gives the unit" },
	{ OPT_KEY, 0, "unit", "U", true, "the unit, such as ms" },
	{ OPT_KEY, 0, "better", "lower|higher", true,
	  "which side of the reference is better" },
	{ OPT_KEY, 0, "statistic", "S", true,
	  "mean, median, max or pNN, such as p99" },
	{ OPT_KEY, 0, "reference", "R", true,
	  "the state every other one is compared with" },
	{ OPT_KEY, 0, "threshold", "X", true,
	  "the smallest difference that matters, in the unit" },
	{ OPT_KEY, 0, "confidence", "C", false,
	  "the confidence level (default 0.95)" },
	{ OPT_KEY, 0, "resamples", "N|exact", false,
	  "bootstrap resamples (default 10000)" },
	{ OPT_KEY, 0, "seed", "N", true,
	  "the seed of the schedule and the bootstrap" },
	{ OPT_KEY, 0, "interval", "M", false,
	  "percentile, bca, expanded, studentized or t (default: the method "
	  "whose simulated coverage at --blocks is nearest 95%, said on "
	  "standard output and in study.ini)" },
	{ OPT_KEY, 0, "states", "LIST", true, "the states, separated by ';'" },
	{ OPT_KEY, 0, "state-type", "name", false,
	  "the states are names (power plans, on and off), not registry "
	  "numbers; the study is of format 2" },
	{ OPT_SERIES, 0, "series", "N", true, "N latency series" },
	{ OPT_BLOCKS, 0, "blocks", "B", true, "B blocks in each series (with "
	  "looks: the most to record)" },
	{ OPT_KEY, 0, "looks", "LIST", false,
	  "a sequential design: the blocks per series at which the data may "
	  "be judged, separated by ';', the last equal to --blocks (each "
	  "look's intervals are at a level that keeps the error over all "
	  "looks at 1 minus the confidence level); the study is of "
	  "format 2" },
	{ OPT_LOOK_EVERY, 0, "look-every", "K", false,
	  "the same, a look every K blocks up to --blocks" },
	{ OPT_KEY, 0, "boundary", "B", false,
	  "how the looks spend the error: obrien-fleming (default), pocock "
	  "or bonferroni" },
	{ OPT_KEY, 0, "filter", "CONDITIONS", false,
	  "use only the rows of each boot's CSV that meet every condition, "
	  "COLUMN == VALUE or COLUMN != VALUE joined by ' AND ' (such as "
	  "'Application == game.exe'); the study is of format 2" },
	{ OPT_KEY, 0, "missing", "LIST", false,
	  "the texts, separated by ';', that mean no value in the column "
	  "(such as NA): such rows are counted, not used; the study is of "
	  "format 2" },
	{ OPT_KEY, 0, "missing-limit", "P", false,
	  "the largest share of a boot's rows that may be missing, as 5% or "
	  "0.05 (default 5%)" },
};

const cli_command command_plan_new = {
	.name = "plan new",
	.operands = "DIR",
	.options = plan_new_options,
	.n_options = sizeof plan_new_options / sizeof plan_new_options[0],
	.brief = true,
	.summary = "Write a new study's study.ini, its analysis plan "
		   "registered by digest, and schedule.csv, the order of its "
		   "boots (a Williams design, balanced for position and "
		   "carry-over, randomized from the seed); print the digest to "
		   "publish before the first boot.  Each option but --series "
		   "and --blocks sets the study.ini key of its name.",
	.overview = "write a new study's study.ini, its analysis plan "
		    "registered by digest, and schedule.csv, the order of its "
		    "boots: a Williams design, balanced for position and "
		    "carry-over and randomized from the seed; prints the "
		    "digest to publish before the first boot; with "
		    "--state-type name the states are names (power plans, on "
		    "and off) in a study of format 2",
	.run = plan_new,
};

/* The index in plan_keys of the key option NAME sets, or N_PLAN_KEYS. */
static size_t key_of(const char *name)
{
	size_t i = 0;

	while (i < N_PLAN_KEYS && strcmp(key_option(i), name) != 0)
		i++;
	return i;
}

static pb_status parse_args(int argc, char **argv, plan_args *a)
{
	cli_parser p = { &command_plan_new, { false }, NULL };
	int c;

	memset(a, 0, sizeof *a);
	/* Every key has its option: a key the table lost could never be
	 * given. */
	for (size_t i = 0; i < N_PLAN_KEYS; i++) {
		size_t j = 0;

		while (j < command_plan_new.n_options
		       && strcmp(plan_new_options[j].name, key_option(i)) != 0)
			j++;
		if (j == command_plan_new.n_options) {
			fprintf(stderr, "pairboot: internal error: plan new has "
				"no option --%s\n", key_option(i));
			return PB_SOFTWARE;
		}
	}
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		if (c == OPT_SERIES)
			a->series = optarg;
		else if (c == OPT_BLOCKS)
			a->blocks = optarg;
		else if (c == OPT_LOOK_EVERY)
			a->look_every = optarg;
		else if (c == OPT_KEY && key_of(p.option->name) < N_PLAN_KEYS)
			a->value[key_of(p.option->name)] = optarg;
		else
			return PB_USAGE;
	}
	if (cli_operands("plan new", argc, argv, 1, "missing DIR, the folder "
			 "of the new study") != PB_OK)
		return PB_USAGE;
	a->dir = argv[optind];
	for (size_t i = 0; i < N_PLAN_KEYS; i++)
		if (a->value[i] && strpbrk(a->value[i], "\n\r"))
			return cli_usage_error("plan new: --%s: a value must "
					       "be one line", key_option(i));
	return cli_check_required(&p);
}

/* The schedule of every latency series of P, B blocks each, into BOOTS
 * (one array per series, freed by the caller) with their balance. */
static pb_status make_schedules(const study_plan *p, unsigned long b,
				design_boot **boots, design_balance *bal)
{
	for (size_t k = 0; k < p->n_series; k++) {
		uint32_t seed = boot_stream_seed(p->seed, p->series[k].id, "");
		pb_status st = design_schedule(p->n_states, b, seed, &boots[k],
					       &bal[k]);
		if (st != PB_OK)
			return st;
	}
	return PB_OK;
}

/* What the schedules' balance is, in words, for the user: the widest
 * ranges over the N series. */
static void say_balance(const design_balance *all, size_t n,
			size_t n_states)
{
	design_balance w = all[0];
	const design_balance *b = &w;

	for (size_t k = 1; k < n; k++) {
		if (all[k].position_min < w.position_min)
			w.position_min = all[k].position_min;
		if (all[k].position_max > w.position_max)
			w.position_max = all[k].position_max;
		if (all[k].carry_min < w.carry_min)
			w.carry_min = all[k].carry_min;
		if (all[k].carry_max > w.carry_max)
			w.carry_max = all[k].carry_max;
	}
	if (b->blocks % b->design_size == 0) {
		unsigned long whole = (unsigned long)(b->blocks
						      / b->design_size);
		printf("design: Williams %s for %zu states, %zu blocks a "
		       "design; %lu blocks make %lu whole design%s: each state "
		       "takes each position %zu %s and follows each other "
		       "state %zu %s\n",
		       b->design_size == n_states ? "square"
						  : "square and its mirror",
		       n_states, b->design_size, (unsigned long)b->blocks,
		       whole, whole == 1 ? "" : "s", b->position_min,
		       b->position_min == 1 ? "time" : "times", b->carry_min,
		       b->carry_min == 1 ? "time" : "times");
		return;
	}
	printf("design: Williams %s for %zu states, %zu blocks a design; "
	       "%lu blocks are not a whole number of designs, so the order is "
	       "only close to balanced: each state takes each position %zu "
	       "to %zu times and follows each other state %zu to %zu times "
	       "(%lu blocks would balance it fully)\n",
	       b->design_size == n_states ? "square" : "square and its mirror",
	       n_states, b->design_size, (unsigned long)b->blocks,
	       b->position_min, b->position_max, b->carry_min, b->carry_max,
	       (unsigned long)((b->blocks / b->design_size + 1)
			       * b->design_size));
}

static pb_status write_skeleton(const char *dir, const study_plan *p,
				const char *interval_why,
				design_boot *const *boots, unsigned long b)
{
	GString *ini = g_string_new(NULL), *csv = g_string_new(NULL);
	diag *d = diag_new(stderr, 0);
	outdir *o = NULL;
	pb_status st = d ? PB_OK : PB_NOMEM;

	study_ini_write(p, interval_why, ini);
	schedule_write_csv(p, boots, b, csv);
	if (st == PB_OK)
		st = outdir_begin_fresh(dir, d, &o);
	if (st == PB_OK)
		st = outdir_write(o, "study.ini", ini->str, ini->len);
	if (st == PB_OK)
		st = outdir_write(o, "schedule.csv", csv->str, csv->len);
	if (st == PB_OK)
		st = outdir_commit(o);
	else
		outdir_abort(o);
	g_string_free(ini, TRUE);
	g_string_free(csv, TRUE);
	diag_free(d);
	return st;
}

/* When --interval was not given, sets it in A to the method whose
 * simulated coverage at BLOCKS pairs lies nearest the nominal 95%, and
 * returns why (for study.ini and stdout; the caller frees it); NULL when
 * it was given.  The table (analyze/coverage.c) is of 95% intervals on
 * strongly skewed differences, so the choice is the best-calibrated method
 * there, not a promise for every study. */
static char *choose_interval(plan_args *a, unsigned long blocks)
{
	size_t key = 0;
	double covered;
	interval_method m;
	GString *why;

	while (strcmp(plan_keys[key].name, "interval") != 0)
		key++;
	if (a->value[key])
		return NULL;
	/* Looks are judged at levels far above 95%, where the table below
	 * says nothing; the Student t interval held them best
	 * (bench/seqbench). */
	if (arg_value(a, "looks")) {
		a->value[key] = interval_method_name(INTERVAL_T);
		return g_strdup("a sequential design is judged with the Student "
				"t interval: of the methods study.ini offers, "
				"its wrong conclusions stayed nearest 1 - "
				"confidence over the looks in docs/statistics.md's "
				"simulations (the bootstrap-t, also allowed, "
				"exceeded it for heavy-tailed differences); "
				"--interval studentized sets the other");
	}
	m = coverage_nearest_nominal((size_t)blocks, &covered);
	a->value[key] = interval_method_name(m);
	why = g_string_new(NULL);
	g_string_append_printf(why, "chosen for %lu blocks: its simulated "
			       "coverage of a nominal 95%% interval at %d "
			       "pairs%s is the nearest to 95%% (%.3f;",
			       blocks, blocks > COVERAGE_MAX_PAIRS
			       ? COVERAGE_MAX_PAIRS : (int)blocks,
			       blocks > COVERAGE_MAX_PAIRS
			       ? " (the table's largest)" : "", covered);
	for (size_t k = 0; k < INTERVAL_METHOD_COUNT; k++) {
		double c = coverage_simulated((interval_method)k,
					      blocks > COVERAGE_MAX_PAIRS
					      ? COVERAGE_MAX_PAIRS
					      : (size_t)blocks);
		if ((interval_method)k != m)
			g_string_append_printf(why, isnan(c) ? " %s none,"
					       : " %s %.3f,",
					       interval_method_name(
						       (interval_method)k), c);
	}
	g_string_truncate(why, why->len - 1);
	g_string_append(why, "), in docs/statistics.md's coverage table of "
			"strongly skewed differences; --interval sets "
			"another");
	return g_string_free(why, FALSE);
}

/* Warns when a study of BLOCKS blocks could never give a verdict: each
 * comparison would have BLOCKS pairs in a series, and no verdict is
 * claimed, nor a plan made by `plan STUDY`, from fewer than
 * VERDICT_MIN_PAIRS.  A warning, not an error: a study that small may be
 * a trial of the harness. */
static void warn_few_blocks(unsigned long blocks)
{
	if (blocks < VERDICT_MIN_PAIRS)
		fprintf(stderr, "pairboot: plan new: warning: --blocks %lu: "
			"each comparison would have %lu pair%s in a series, "
			"fewer than the %d from which a verdict is claimed: "
			"the study can reach no verdict, and 'pairboot plan' "
			"can make no plan from it\n", blocks, blocks,
			blocks == 1 ? "" : "s", VERDICT_MIN_PAIRS);
}

/* `plan new DIR OPTION...` but saying it is out of memory. */
static pb_status plan_new_run(int argc, char **argv, const cli_options *opt)
{
	plan_args a;
	unsigned long n_series, blocks;
	study_plan p;
	design_boot **boots;
	design_balance *bal;
	char *interval_why = NULL;
	pb_status st = parse_args(argc, argv, &a);

	if (st == PB_OK)
		st = parse_count("plan new", "series", a.series,
				 (unsigned long)PLAN_MAX_SERIES,
				 &n_series);
	if (st == PB_OK)
		st = parse_count("plan new", "blocks", a.blocks,
				 PLAN_MAX_BLOCKS, &blocks);
	if (st == PB_OK)
		st = settle_looks(&a, blocks);
	if (st == PB_OK)
		interval_why = choose_interval(&a, blocks);
	if (st == PB_OK)
		st = read_plan(&a, n_series, &p);
	if (st != PB_OK) {
		g_free(interval_why);
		return st;
	}
	boots = calloc(n_series, sizeof *boots);
	bal = calloc(n_series, sizeof *bal);
	st = boots && bal ? make_schedules(&p, blocks, boots, bal) : PB_NOMEM;
	if (st == PB_OK)
		st = write_skeleton(a.dir, &p, interval_why, boots, blocks);
	if (st == PB_OK && !opt->quiet) {
		cli_print(stdout, "study planned in %s/: study.ini and "
			  "schedule.csv, "
		       "%lu boots (%lu series of %lu blocks of %zu states)\n",
		       a.dir, n_series * blocks * p.n_states, n_series, blocks,
		       p.n_states);
		for (size_t i = 0; i < N_PLAN_KEYS; i++)
			if (!a.value[i] && plan_keys[i].fallback)
				printf("not given, so %s = %s\n",
				       plan_keys[i].name,
				       plan_keys[i].fallback);
		if (interval_why)
			printf("not given, so interval = %s: %s\n",
			       interval_method_name(p.interval), interval_why);
		say_balance(bal, n_series, p.n_states);
	}
	if (st == PB_OK && !opt->quiet)
		printf("analysis plan digest %s: publish it before the first "
		       "boot\n", p.digest);
	if (st == PB_OK)
		warn_few_blocks(blocks);
	for (size_t k = 0; boots && k < n_series; k++)
		free(boots[k]);
	free(boots);
	free(bal);
	study_plan_free(&p);
	g_free(interval_why);
	return st;
}

/* What `plan STUDY` was asked. */
typedef struct size_args {
	const char *study;
	const char *output;       /* -o DIR, or NULL */
	double assurance;
	unsigned long max_blocks;
	unsigned long look_every; /* --look-every K, 0 when not given */
	const char *boundary;     /* --boundary B, or NULL */
	cli_langs langs;          /* --lang: the pages of -o; the first
				     is printed */
} size_args;

#define PLAN_DEFAULT_ASSURANCE 0.8
#define PLAN_ALSO_ASSURANCE 0.9
#define PLAN_DEFAULT_MAX_BLOCKS 200UL

static pb_status plan_sizes(int argc, char **argv, const cli_options *opt);

static const cli_option plan_options[] = {
	{ 'a', 0, "assurance", "A", false,
	  "the probability of a correct decisive verdict (default 0.8; 0.9 is "
	  "shown too)" },
	{ 'm', 0, "max-blocks", "N", false,
	  "look up to N blocks per series (default 200)" },
	{ 'g', 0, "guarantee", NULL, false,
	  "removed, and refused: no size planned from a pilot alone holds for "
	  "every pilot (docs/statistics.md, \"The guarantee, removed\"); plan "
	  "a sequential study instead (--look-every K)" },
	{ 'k', 0, "look-every", "K", false,
	  "plan a sequential study instead, a look every K blocks (default: "
	  "the study's first look, when it has looks): the maximum to "
	  "register, a multiple of K, for a correct decisive verdict by then "
	  "with probability A, and the blocks it can expect to take; the "
	  "design holds a wrong verdict at 1 minus the confidence "
	  "level" },
	{ 'b', 0, "boundary", "B", false,
	  "with --look-every: how the looks spend the error, "
	  "obrien-fleming (default, or the study's), pocock or bonferroni" },
	{ 'o', 'o', "output", "DIR", false,
	  "also write DIR/plan.json, and in each language the table "
	  "DIR/plan.LANG.txt and the assurance curves DIR/plan.LANG.svg and "
	  "DIR/plan.LANG.png" },
	{ 'l', 0, "lang", "LIST", false,
	  "the languages, from en,de,cs,ko (default: all for -o); the table "
	  "printed is in the first (default en)" },
};

const cli_command command_plan = {
	.name = "plan",
	.operands = "STUDY",
	.options = plan_options,
	.n_options = sizeof plan_options / sizeof plan_options[0],
	.also = &command_plan_new,
	.summary = "Print the blocks per series a new study with the same plan "
		   "would need for a correct decisive verdict, by simulating "
		   "studies in worlds drawn from the per-block differences, "
		   "with how often such sizes held in simulated pilots; with "
		   "--look-every K, the maximum a sequential study should "
		   "register and the blocks it can expect to take.  "
		   "'pairboot plan new --help' tells how to plan a new study.",
	.overview = "the blocks per series a new study with the same plan "
		    "would need for a correct decisive verdict with "
		    "probability A (default 0.8, and 0.9), up to N (default "
		    "200), by simulating studies in worlds drawn from the "
		    "per-block differences, with how often such sizes held in "
		    "simulated pilots; with --look-every K (or a sequential "
		    "pilot) the maximum, a multiple of K, to register for a "
		    "sequential study, the chance of a correct decision by "
		    "then and the blocks expected, the wrong verdicts held at "
		    "1 minus the confidence level by the design; -o writes "
		    "plan.json, "
		    "and plan.LANG.txt, .svg and .png in each language of "
		    "--lang (default all; the first is printed, en by default)",
	.run = plan_sizes,
};

static pb_status parse_size_args(int argc, char **argv, size_args *a)
{
	cli_parser p = { &command_plan, { false }, NULL };
	int c;

	*a = (size_args){ NULL, NULL, PLAN_DEFAULT_ASSURANCE,
			  PLAN_DEFAULT_MAX_BLOCKS, 0, NULL,
			  { { NULL }, 0 } };
	cli_all_langs(&a->langs);
	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		if (c == 'a') {
			if (numparse_double(optarg, strlen(optarg),
					    &a->assurance) != NUMPARSE_OK
			    || !(a->assurance > 0.0 && a->assurance < 1.0))
				return cli_usage_error("plan: --assurance must "
						       "be a number between 0 "
						       "and 1 ('%s')", optarg);
		} else if (c == 'm') {
			pb_status st = parse_count("plan", "max-blocks", optarg,
						   PLAN_MAX_BLOCKS,
						   &a->max_blocks);
			if (st != PB_OK)
				return st;
			if (a->max_blocks < VERDICT_MIN_PAIRS)
				return cli_usage_error("plan: --max-blocks must "
						       "be at least %d, the "
						       "fewest pairs a verdict "
						       "is claimed from",
						       VERDICT_MIN_PAIRS);
		} else if (c == 'o') {
			a->output = optarg;
		} else if (c == 'k') {
			pb_status st = parse_count("plan", "look-every",
						   optarg, PLAN_MAX_BLOCKS,
						   &a->look_every);
			if (st != PB_OK)
				return st;
		} else if (c == 'b') {
			look_boundary b;
			if (!look_boundary_parse(optarg, &b))
				return cli_usage_error("plan: --boundary must "
						       "be obrien-fleming, "
						       "pocock or bonferroni "
						       "('%s')", optarg);
			a->boundary = optarg;
		} else if (c == 'g') {
			/* Measured by bench/planbench before it was removed:
			 * among t-interval pilots of 15 given a guaranteed
			 * size. */
			return cli_usage_error("plan: --guarantee was removed: "
					       "no pilot can bound what it did "
					       "not sample, and among pilots "
					       "given a guaranteed size its "
					       "power reached the target for "
					       "only 0.61 of lognormal ones "
					       "(0.15 for one truth; "
					       "docs/statistics.md); plan a "
					       "sequential study instead "
					       "(--look-every K), whose design "
					       "holds a wrong verdict at 1 "
					       "minus the confidence level");
		} else if (c == 'l') {
			if (cli_parse_langs("plan", optarg, &a->langs)
			    != PB_OK)
				return PB_USAGE;
		} else {
			return PB_USAGE;
		}
	}
	if (cli_operands("plan", argc, argv, 1, "missing STUDY (or 'new DIR')")
	    != PB_OK)
		return PB_USAGE;
	a->study = argv[optind];
	return PB_OK;
}

/* The figure of R in language LANG, as plan.LANG.svg and plan.LANG.png;
 * drawn in the language of its page, as report draws its figures. */
static pb_status write_plan_figure(const study *s, const analysis *an,
				   const planning_result *r, const char *lang,
				   outdir *o, diag *d)
{
	const fig_plan_input in = { { s, an, lang }, r };
	const figfile_figure fig = { fig_plan_draw, &in };
	char name[32];
	pb_status st;

	snprintf(name, sizeof name, "plan.%s.svg", lang);
	st = figfile_write(&fig, FIG_SVG, "", o, name, d);
	snprintf(name, sizeof name, "plan.%s.png", lang);
	if (st == PB_OK)
		st = figfile_write(&fig, FIG_PNG, "", o, name, d);
	return st;
}

/* The page of language LANG into O, as plan.LANG.txt. */
static pb_status write_plan_page(const study *s, const analysis *an,
				 const planning_result *r, const char *lang,
				 outdir *o)
{
	GString *text = g_string_new(NULL);
	char name[32];
	pb_status st = plan_report_text(s, an, r, lang, text);

	snprintf(name, sizeof name, "plan.%s.txt", lang);
	if (st == PB_OK)
		st = outdir_write(o, name, text->str, text->len);
	else
		fprintf(stderr, "pairboot: plan: the page in '%s' cannot be "
			"written\n", lang);
	g_string_free(text, TRUE);
	return st;
}

/* Writes plan.json, and the page and the curves of each language of
 * LANGS (plan.LANG.txt, plan.LANG.svg, plan.LANG.png), into DIR. */
static pb_status write_plan_files(const char *dir, const study *s,
				 const analysis *an, const planning_result *r,
				 const cli_langs *langs)
{
	GString *json = g_string_new(NULL);
	diag *d = diag_new(stderr, 0);
	outdir *o = NULL;
	pb_status st = d ? plan_report_json(s, an, r, json) : PB_NOMEM;

	if (st == PB_OK)
		st = outdir_begin(dir, d, &o);
	if (st == PB_OK)
		st = outdir_write(o, "plan.json", json->str, json->len);
	for (size_t i = 0; i < langs->n && st == PB_OK; i++) {
		st = write_plan_page(s, an, r, langs->code[i], o);
		if (st == PB_OK)
			st = write_plan_figure(s, an, r, langs->code[i], o, d);
	}
	if (st == PB_OK)
		st = outdir_commit(o);
	else
		outdir_abort(o);
	g_string_free(json, TRUE);
	diag_free(d);
	return st;
}

/* The request A makes of study S: the targets, and fixed sizes or the
 * candidate designs of a look every --look-every K blocks (by default
 * the study's first look, when it registered looks) under --boundary (by
 * default the study's, else O'Brien-Fleming).  PB_USAGE, said, when the
 * looks do not fit. */
static pb_status make_request(const size_args *a, const study *s,
			      planning_request *req)
{
	const study_plan *p = &s->plan;
	unsigned long every = a->look_every;
	look_boundary b = p->n_looks ? p->boundary : BOUNDARY_OBRIEN_FLEMING;
	pb_status st;

	memset(req, 0, sizeof *req);
	req->targets[0] = a->assurance;
	req->n_targets = 1;
	if (a->assurance < PLAN_ALSO_ASSURANCE
	    || a->assurance > PLAN_ALSO_ASSURANCE)
		req->targets[req->n_targets++] = PLAN_ALSO_ASSURANCE;
	req->max_blocks = a->max_blocks;
	if (!every && p->n_looks)
		every = p->looks[0];
	if (a->boundary)
		look_boundary_parse(a->boundary, &b);
	if (!every)
		return a->boundary ? cli_usage_error("plan: --boundary needs "
						     "looks: give --look-every "
						     "K")
				   : PB_OK;
	if (every < PLAN_MIN_LOOK)
		return cli_usage_error("plan: --look-every must be at least "
				       "%lu, the fewest pairs a verdict is "
				       "claimed from", PLAN_MIN_LOOK);
	if (every > a->max_blocks)
		return cli_usage_error("plan: a look every %lu blocks%s is "
				       "beyond --max-blocks %lu", every,
				       a->look_every ? ""
				       : " (the study's first look)",
				       a->max_blocks);
	/* Looks are judged with the t interval or the bootstrap-t only
	 * (study.ini refuses the others with looks); plan new --looks
	 * chooses t. */
	req->sequential = true;
	req->method = p->interval == INTERVAL_STUDENTIZED ? INTERVAL_STUDENTIZED
							 : INTERVAL_T;
	st = seqplan_designs_make(every, b, p->confidence, a->max_blocks,
				  &req->designs);
	if (st == PB_OK)
		st = seqplan_designs_fit(&req->designs, p, req->method);
	if (st == PB_OK && req->designs.n == 0)
		return cli_usage_error("plan: no design with a look every %lu "
				       "blocks under %s passes study.ini's "
				       "checks of looks with the %s interval "
				       "and this plan's resamples (a look's "
				       "level too near 1, too few resamples "
				       "for the bootstrap-t, or exact "
				       "resamples past %d blocks)",
				       every, look_boundary_name(b),
				       interval_method_name(req->method),
				       BOOT_EXACT_MAX_N);
	return st == PB_DATAERR ? PB_SOFTWARE : st;
}

/* `plan STUDY`: the blocks a new study with the same plan would need. */
static pb_status plan_sizes(int argc, char **argv, const cli_options *opt)
{
	size_args a;
	study *s = NULL;
	analysis *an = NULL;
	planning_result *r = NULL;
	planning_request req;
	diag *d;
	pb_status st = parse_size_args(argc, argv, &a);

	if (st != PB_OK)
		return st;
	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = study_read(a.study, d, &s);
	if (st == PB_OK)
		st = make_request(&a, s, &req);
	if (st == PB_OK)
		st = analysis_run(s, d, &an);
	if (st == PB_OK)
		st = planning_run(s, an, &req, readopt_default_jobs(), &r);
	/* Standard output shows one page: the first language asked. */
	if (st == PB_OK && !opt->quiet) {
		GString *text = g_string_new(NULL);
		st = plan_report_text(s, an, r, a.langs.code[0], text);
		if (st == PB_OK)
			fputs(text->str, stdout);
		else
			fprintf(stderr, "pairboot: plan: the page in '%s' "
				"cannot be written\n", a.langs.code[0]);
		g_string_free(text, TRUE);
	}
	if (st == PB_OK && a.output)
		st = write_plan_files(a.output, s, an, r, &a.langs);
	cli_say_failure(st, a.study, "no plan made", d);
	planning_free(r);
	analysis_free(an);
	study_free(s);
	diag_free(d);
	return st;
}

/* plan new has no study to count problems in: its other failures have
 * said what went wrong where they happened. */
static pb_status plan_new(int argc, char **argv, const cli_options *opt)
{
	pb_status st = plan_new_run(argc, argv, opt);

	if (st == PB_NOMEM)
		fputs("pairboot: out of memory\n", stderr);
	return st;
}
