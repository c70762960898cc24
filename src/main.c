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
#include "src/options.h"

/* The commands, in the order the help lists them. */
static const cli_command *const commands[] = {
	&command_check, &command_status, &command_report, &command_site,
	&command_compare, &command_verify,
	&command_summarize, &command_plan, &command_plan_new,
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* The help of the program, which help2man turns into the man page: the
 * commands' entries come from their tables, the rest reads here as the
 * user sees it. */
static void print_help(void)
{
	printf("Usage: pairboot [OPTION]... COMMAND [ARG]...\n"
	       "Turn a recorded settings study (per-boot benchmark runs) into the\n"
	       "tables, intervals and verdicts that get published.\n"
	       "\n"
	       "Commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		help_print_overview(commands[i]);
	printf("\n"
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
	       "  3   compare --fail-on could not tell: too few pairs, or a\n"
	       "      worsening of the threshold not ruled out\n"
	       "  64  usage error (bad command line)\n"
	       "  65  the study has bad data (status: a problem found so far)\n"
	       "  66  an input does not exist or cannot be opened\n"
	       "  70  internal error\n"
	       "  71  out of memory\n"
	       "  73  an output cannot be created\n"
	       "  74  input/output error while reading or writing\n"
	       "  75  another pairboot is writing the same output (--no-wait);\n"
	       "      status --write-runs: runs.csv changed while it was read\n"
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

/* The command ARGV names (ARGC arguments from the command's name on), or
 * NULL: the one of the most words that its first arguments spell, so that
 * `plan new DIR` is plan new and `plan STUDY` is plan. */
static const cli_command *find_command(int argc, char **argv)
{
	const cli_command *found = NULL;
	size_t found_words = 0;

	for (size_t i = 0; i < N_COMMANDS; i++) {
		const char *name = commands[i]->name;
		size_t words = 0;
		bool match = true;

		while (match && *name) {
			size_t len = strcspn(name, " ");

			match = (int)words < argc
				&& strlen(argv[words]) == len
				&& strncmp(argv[words], name, len) == 0;
			words++;
			name += len + (name[len] == ' ');
		}
		if (match && words > found_words) {
			found = commands[i];
			found_words = words;
		}
	}
	return found;
}

/* How many arguments the name of CMD takes: 1, or 2 for "plan new". */
static int name_words(const cli_command *cmd)
{
	int n = 1;

	for (const char *p = cmd->name; *p; p++)
		n += *p == ' ';
	return n;
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
	const cli_command *cmd;
	pb_status status;

	/* GSL's default handler aborts; every GSL status is checked instead. */
	gsl_set_error_handler_off();
	/* GLib stops the process when an allocation fails: make that the
	 * usual out-of-memory exit (71) instead of a crash. */
	oom_trap_glib();
	/* Ctrl-C or a kill during a report removes its staging folder. */
	oom_trap_signals();

	status = leading_options(argc, argv, &g);
	if (status != PB_OK)
		return status;
	if (!g.help && !g.version && optind >= argc)
		return cli_usage_error("missing command");
	cmd = g.help || g.version ? NULL
	      : find_command(argc - optind, argv + optind);
	if (!g.help && !g.version && !cmd)
		return cli_usage_error("unknown command '%s'", argv[optind]);

	int sub_argc = argc - optind;
	char **sub_argv = argv + optind;

	if (cmd) {
		status = cli_take_globals(&sub_argc, sub_argv, cmd, &g);
		if (status != PB_OK)
			return status;
		/* A command whose options the whole help leaves to its own
		 * (plan new) points its usage errors there; the global
		 * options' errors above point at the whole help, which
		 * describes them. */
		if (cmd->brief)
			cli_usage_command(cmd->name);
	}
	if (g.help) {
		/* After a command, its own help; before one, the whole. */
		if (cmd)
			help_print_command(cmd);
		else
			print_help();
		return close_stdout(PB_OK);
	}
	if (g.version) {
		print_version();
		return close_stdout(PB_OK);
	}
	opt.quiet = g.quiet;
	outdir_set_wait(g.no_wait ? OUTDIR_NO_WAIT
			: g.quiet ? OUTDIR_WAIT_QUIETLY : OUTDIR_WAIT);
	readopt_set_default_jobs(g.jobs);
	/* The progress line is for a person watching a terminal. */
	progress_allow(!opt.quiet && isatty(STDERR_FILENO));
	if (g.timings)
		timing_enable();

	optind = 0;     /* restart getopt for the sub-command */
	/* The command's arguments begin with the last word of its name. */
	status = cmd->run(sub_argc - (name_words(cmd) - 1),
			  sub_argv + (name_words(cmd) - 1), &opt);
	timing_print(stderr);
	status = close_stdout(status);
	/* Give back the drawing libraries' caches, so that leak checkers
	 * see only what pairboot itself kept.  The outcome is decided by
	 * now: a failed allocation while releasing must not change it. */
	oom_settle(status);
	libexit_release();
	return status;
}
