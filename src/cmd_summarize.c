/* cmd_summarize.c: `pairboot summarize STUDY -o FILE [--shard K/N] [--force]`:
 * reduce each boot's latency CSV to its per-run row (sumfile.h), the map
 * step that lets a study too large for one machine be read by many. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/diag.h"
#include "common/numparse.h"
#include "common/timing.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "ingest/sumfile.h"
#include "render/sumfile.h"
#include "src/cli.h"
#include "src/options.h"

/* Parses "K/N" (1 <= K <= N) into a 0-based shard of N. */
static bool parse_shard(const char *text, size_t *shard, size_t *shards)
{
	const char *slash = strchr(text, '/');
	unsigned long k, n;

	if (!slash
	    || numparse_ulong(text, (size_t)(slash - text), &k) != NUMPARSE_OK
	    || numparse_ulong(slash + 1, strlen(slash + 1), &n) != NUMPARSE_OK
	    || k < 1 || k > n)
		return false;
	*shard = k - 1;
	*shards = n;
	return true;
}

static size_t count_rows(const study *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_runs; i++)
		n += s->runs[i].has_statistic && s->runs[i].latency_path;
	return n;
}

static pb_status cmd_summarize(int argc, char **argv,
			       const cli_options *opt);

static const cli_option summarize_options[] = {
	{ 'o', 'o', "output", "FILE", true,
	  "the summary file to write ('-': standard output)" },
	{ 's', 0, "shard", "K/N",  false,
	  "summarize only the K-th of N shares of the runs" },
	{ 'f', 0, "force", NULL, false,
	  "write FILE even when it is an input of the study or a regular "
	  "file that is not a pairboot summary (without it, exit 73; a link, "
	  "a FIFO, a device or a folder is never replaced)" },
};

const cli_command command_summarize = {
	.name = "summarize",
	.operands = "STUDY",
	.options = summarize_options,
	.n_options = sizeof summarize_options / sizeof summarize_options[0],
	.summary = "Reduce each boot's latency CSV to one row (its statistic, "
		   "periods and SHA-256) in FILE.  A study folder holding such "
		   "a file as pairboot-summary.csv is read from it.",
	.overview = "reduce each boot's latency CSV to one row (its "
		    "statistic, periods and SHA-256) in FILE; with --shard, "
		    "only the K-th of N shares of the runs.  A study folder "
		    "holding such a file as pairboot-summary.csv is read from "
		    "it. FILE must be neither an input of the study nor a file "
		    "other than a pairboot summary (exit 73), unless --force; "
		    "only a regular file is ever replaced, and '-' is "
		    "standard output",
	.run = cmd_summarize,
};

static pb_status cmd_summarize(int argc, char **argv, const cli_options *opt)
{
	cli_parser p = { &command_summarize, { false }, NULL };
	read_options ro = { 0, 0, 0, false };
	const char *output = NULL;
	bool force = false, to_stdout;
	study *s = NULL;
	diag *d;
	pb_status st;
	int c;

	while ((c = cli_next_option(&p, argc, argv)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'f':
			force = true;
			break;
		case 's':
			if (!parse_shard(optarg, &ro.shard, &ro.shards))
				return cli_usage_error("summarize: --shard "
						       "wants K/N with 1 <= K "
						       "<= N, not '%s'",
						       optarg);
			break;
		default:
			return PB_USAGE;
		}
	}
	if (cli_operands("summarize", argc, argv, 1, "missing STUDY folder")
	    != PB_OK)
		return PB_USAGE;
	if (cli_check_required(&p) != PB_OK)
		return PB_USAGE;
	if (!output[0])
		return cli_usage_error("summarize: empty file name");
	to_stdout = strcmp(output, SUMFILE_STDOUT) == 0;

	d = cli_diag_new();
	if (!d)
		return PB_NOMEM;
	st = study_read_opt(argv[optind], &ro, d, &s);
	if (st == PB_OK) {
		char *ini = g_build_filename(s->dir, "study.ini", NULL);

		st = sumfile_plan_refuses(&s->plan, ini, NULL, d);
		g_free(ini);
	}
	if (st == PB_OK)
		st = sumfile_check_target(s, output, force, d);
	if (st == PB_OK) {
		timing_begin(TIMING_RENDER);
		st = sumfile_write(s, output, d);
		timing_end(TIMING_RENDER);
	}
	/* With the summary on standard output, the line saying so goes to
	 * standard error. */
	if (st == PB_OK && !opt->quiet)
		cli_print(to_stdout ? stderr : stdout,
			  "summary of %zu run%s written to %s\n",
			  count_rows(s), count_rows(s) == 1 ? "" : "s",
			  to_stdout ? "standard output" : output);
	cli_say_failure(st, argv[optind], "no summary written", d);
	study_free(s);
	diag_free(d);
	return st;
}
