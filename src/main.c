/* main.c: the pairboot program: global options, sub-command dispatch, and
 * the final check that everything written to stdout reached it. */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "common/numparse.h"
#include "common/oom.h"
#include "common/progress.h"
#include "common/readopt.h"
#include "common/timing.h"
#include "render/libexit.h"
#include "render/outdir.h"
#include "src/cli.h"
#include "src/help.h"

/* Longer than the other functions on purpose: it is one printf of the
 * whole help text, which help2man turns into the man page, so that the
 * text reads as the user sees it. */
static void print_help(void)
{
	printf("Usage: pairboot [OPTION]... COMMAND [ARG]...\n"
	       "Turn a recorded settings study (per-boot benchmark runs) into the\n"
	       "tables, intervals and verdicts that get published.\n"
	       "\n"
	       "Commands:\n"
	       "  check STUDY            read the study strictly, report every problem\n"
	       "                         found, and print a summary of what it holds\n"
	       "  report STUDY [-o DIR] [--lang LIST] [--format LIST] [--figure-base URL]\n"
	       "                         analyse the study and write its report to DIR\n"
	       "                         (default: reports/<study folder name>):\n"
	       "                         results.json, LANG.md pages, report.LANG.pdf\n"
	       "                         and each figure as FIGURE.LANG.svg and .png;\n"
	       "                         --lang picks languages from en,de,cs,ko and\n"
	       "                         --format formats from md,json,pdf,svg,png\n"
	       "                         (default: all); the pages show the figures\n"
	       "                         beside them, or from --figure-base URL;\n"
	       "                         --figures paired draws each state's paired\n"
	       "                         figure too, or those of STATES\n"
	       "  compare OLD NEW [-o DIR] [--fail-on worse|change] [--figure-base URL]\n"
	       "                         compare two studies of the same design on an\n"
	       "                         old and a new build: value handling, mechanism,\n"
	       "                         baseline and each state's effect, with a verdict\n"
	       "                         per state (changed, changed of open size, no\n"
	       "                         change established, unchanged within\n"
	       "                         threshold); writes DIR (default:\n"
	       "                         reports/compare-<old name>-<new name>);\n"
	       "                         --fail-on worse|change exits 1 when a state's\n"
	       "                         effect or the baseline changed worse, of open\n"
	       "                         size or not, or when anything changed; the\n"
	       "                         pages show the figure beside them, or from\n"
	       "                         --figure-base URL\n"
	       "  verify STUDY --against FILE [--tolerance X] [--allow-omitted]\n"
	       "                         recompute everything from the study and print\n"
	       "                         each number, verdict and page line of FILE (a\n"
	       "                         results.json or a published page, Markdown or\n"
	       "                         plain text, in any language) beside the\n"
	       "                         recomputed one: match, MISMATCH, OMITTED or not\n"
	       "                         in data, and the paragraphs not checked; interval\n"
	       "                         bounds drawn another way match within X (in the\n"
	       "                         study's unit); exits 1 when any item is a\n"
	       "                         MISMATCH, not in data or, unless\n"
	       "                         --allow-omitted, OMITTED\n"
	       "  summarize STUDY -o FILE [--shard K/N] [--force]\n"
	       "                         reduce each boot's latency CSV to one row (its\n"
	       "                         statistic, periods and SHA-256) in FILE; with\n"
	       "                         --shard, only the K-th of N shares of the runs.\n"
	       "                         A study folder holding such a file as\n"
	       "                         pairboot-summary.csv is read from it. FILE may\n"
	       "                         not be an input of the study nor a file that is\n"
	       "                         not a pairboot summary (exit 73), unless --force\n"
	       "  plan STUDY [--assurance A] [--max-blocks N] [--guarantee] [-o DIR]\n"
	       "                         [--lang LIST]\n"
	       "                         the blocks per series a new study with the\n"
	       "                         same plan would need for a correct decisive\n"
	       "                         verdict with probability A (default 0.8, and\n"
	       "                         0.9), up to N (default 200), by simulating\n"
	       "                         studies in worlds drawn from the per-block\n"
	       "                         differences; --guarantee adds the blocks that\n"
	       "                         suffice in a share A of pilots; -o writes\n"
	       "                         plan.json, and plan.LANG.txt, .svg and .png\n"
	       "                         in each language of --lang (default all;\n"
	       "                         the first is printed, en by default)\n"
	       "  plan new DIR OPTION... (see 'pairboot plan new --help')\n"
	       "                         write a new study's study.ini, its analysis\n"
	       "                         plan registered by digest, and schedule.csv,\n"
	       "                         the order of its boots: a Williams design,\n"
	       "                         balanced for position and carry-over and\n"
	       "                         randomized from the seed; prints the digest\n"
	       "                         to publish before the first boot; with\n"
	       "                         --state-type name the states are names (power\n"
	       "                         plans, on and off) in a study of format 2\n"
	       "\n"
	       "Options (before or after the command):\n"
	       "  -j, --jobs=N           read and bootstrap on N threads, and draw the\n"
	       "                         figures of N languages at once, in processes\n"
	       "                         (default: one per online CPU); the output is\n"
	       "                         the same\n"
	       "  -q, --quiet            print only errors (and no progress line)\n"
	       "      --timings          print the time and memory each phase took to\n"
	       "                         standard error at the end\n"
	       "      --no-wait          fail at once (exit 75) if another pairboot is\n"
	       "                         writing the same output; without it, wait\n"
	       "  -h, --help             display this help and exit\n"
	       "  -V, --version          output version information and exit\n"
	       "\n"
	       "'pairboot COMMAND --help' prints the synopsis and the options of\n"
	       "one command ('pairboot plan new --help' those of plan new).\n"
	       "\n"
	       "A STUDY is a folder holding study.ini, runs.csv and the per-boot\n"
	       "files runs.csv names; see docs/study-format.md.  Errors in the\n"
	       "study are printed as FILE:LINE:COL: what is wrong.  Its interval\n"
	       "method is percentile, bca, expanded or studentized (the bootstrap-t),\n"
	       "or t, the Student t interval, which does not resample.\n"
	       "\n"
	       "Exit status:\n"
	       "  0   success\n"
	       "  1   verify found a published number that does not follow;\n"
	       "      compare --fail-on found what it fails on\n"
	       "  64  usage error (bad command line)\n"
	       "  65  the study has bad data\n"
	       "  66  an input does not exist or cannot be opened\n"
	       "  70  internal error\n"
	       "  71  out of memory\n"
	       "  73  an output cannot be created\n"
	       "  74  input/output error while reading or writing\n"
	       "  75  another pairboot is writing the same output (--no-wait)\n"
	       "\n"
	       "Report bugs to the pairboot issue tracker.\n");
}

static void print_version(void)
{
	printf("pairboot %s\n"
	       "Copyright (C) 2026 the pairboot authors.\n"
	       "License GPLv3+: GNU GPL version 3 or later "
	       "<https://gnu.org/licenses/gpl.html>.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	       PACKAGE_VERSION);
}

/* A write error on stdout (a full disk, a closed pipe) must not pass as
 * success: check it once, at the end, as GNU tools do. */
static pb_status close_stdout(pb_status status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fputs("pairboot: write error on standard output\n", stderr);
		return pb_status_merge(status, PB_IOERR);
	}
	return status;
}

/* The commands, with their options whose value is the next argument, so
 * that global options can be taken from among their arguments. */
typedef struct command {
	const char *name;
	pb_status (*run)(int argc, char **argv, const cli_options *opt);
	const char *const *valued;
} command;

static const char *const report_valued[] = { "-o", "--output", "--lang",
					     "--format", "--figure-base", "--figures",
					     NULL };
static const char *const compare_valued[] = { "-o", "--output", "--fail-on",
					      "--figure-base", NULL };
static const char *const verify_valued[] = { "--against", "--tolerance",
					     NULL };
static const char *const summarize_valued[] = { "-o", "--output", "--shard",
						NULL };

static const char *const plan_valued[] = {
	"--title", "--build", "--platform", "--column", "--scale", "--unit",
	"--better", "--statistic", "--reference", "--threshold",
	"--confidence", "--resamples", "--seed", "--interval", "--states",
	"--series", "--blocks", "--assurance", "--max-blocks", "-o",
	"--output", NULL
};

static const command commands[] = {
	{ "check", cmd_check, NULL },
	{ "report", cmd_report, report_valued },
	{ "compare", cmd_compare, compare_valued },
	{ "verify", cmd_verify, verify_valued },
	{ "summarize", cmd_summarize, summarize_valued },
	{ "plan", cmd_plan, plan_valued },
};

static const command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

/* The help CMD's arguments ask for: "plan new" is a command of its own. */
static const char *help_name(const command *cmd, int argc, char **argv)
{
	if (strcmp(cmd->name, "plan") == 0 && argc > 1
	    && strcmp(argv[1], "new") == 0)
		return "plan new";
	return cmd->name;
}

/* Parses the global options before the command, as getopt does, stopping
 * at the first operand (the command).  Returns PB_OK, or PB_USAGE after
 * telling the user. */
static pb_status leading_options(int argc, char **argv, cli_globals *g)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "timings", no_argument, NULL, 'T' },
		{ "no-wait", no_argument, NULL, 'W' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hVqj:", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			g->help = true;
			break;
		case 'V':
			g->version = true;
			break;
		case 'q':
			g->quiet = true;
			break;
		case 'j':
			if (!cli_parse_jobs(optarg, &g->jobs))
				return cli_usage_error("invalid number of jobs "
						       "'%s' (1 to %d)", optarg,
						       READOPT_MAX_JOBS);
			break;
		case 'T':
			g->timings = true;
			break;
		case 'W':
			g->no_wait = true;
			break;
		default:
			if (optopt)
				return cli_usage_error("invalid option -- '%c'",
						       optopt);
			return cli_usage_error("unrecognized option '%s'",
					       argv[optind - 1]);
		}
		/* --help and --version end the parsing, as before: what
		 * follows them is not looked at. */
		if (g->help || g->version)
			break;
	}
	return PB_OK;
}

int main(int argc, char **argv)
{
	cli_globals g = { 0 };
	cli_options opt = { false };
	const command *cmd;
	pb_status status;

	/* GSL's default handler aborts; every GSL status is checked instead. */
	gsl_set_error_handler_off();
	/* GLib stops the process when an allocation fails: make that the
	 * usual out-of-memory exit (71) instead of a crash. */
	oom_trap_glib();

	status = leading_options(argc, argv, &g);
	if (status != PB_OK)
		return status;
	if (!g.help && !g.version && optind >= argc)
		return cli_usage_error("missing command");
	cmd = g.help || g.version ? NULL : find_command(argv[optind]);
	if (!g.help && !g.version && !cmd)
		return cli_usage_error("unknown command '%s'", argv[optind]);

	int sub_argc = argc - optind;
	char **sub_argv = argv + optind;

	if (cmd) {
		status = cli_take_globals(&sub_argc, sub_argv, cmd->valued, &g);
		if (status != PB_OK)
			return status;
	}
	if (g.help) {
		/* After a command, its own help; before one, the whole. */
		if (cmd)
			help_print_command(help_name(cmd, sub_argc, sub_argv));
		else
			print_help();
		return close_stdout(PB_OK);
	}
	if (g.version) {
		print_version();
		return close_stdout(PB_OK);
	}
	opt.quiet = g.quiet;
	outdir_set_wait(g.no_wait ? OUTDIR_NO_WAIT : OUTDIR_WAIT);
	readopt_set_default_jobs(g.jobs);
	/* The progress line is for a person watching a terminal. */
	progress_allow(!opt.quiet && isatty(STDERR_FILENO));
	if (g.timings)
		timing_enable();

	optind = 0;     /* restart getopt for the sub-command */
	status = cmd->run(sub_argc, sub_argv, &opt);
	timing_print(stderr);
	status = close_stdout(status);
	/* Give back the drawing libraries' caches, so that leak checkers
	 * see only what pairboot itself kept.  The outcome is decided by
	 * now: a failed allocation while releasing must not change it. */
	oom_settle(status);
	libexit_release();
	return status;
}
