/* main.c: the pairboot program: global options, sub-command dispatch, and
 * the final check that everything written to stdout reached it. */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "src/cli.h"

static void print_help(void)
{
	printf("Usage: pairboot [OPTION]... COMMAND [ARG]...\n"
	       "Turn a recorded settings study (per-boot benchmark runs) into the\n"
	       "tables, intervals and verdicts that get published.\n"
	       "\n"
	       "Commands:\n"
	       "  check STUDY            read the study strictly, report every problem\n"
	       "                         found, and print a summary of what it holds\n"
	       "  report STUDY [-o DIR]  analyse the study and write its report to DIR\n"
	       "                         (default: reports/<study folder name>)\n"
	       "\n"
	       "Options:\n"
	       "  -q, --quiet            print only errors\n"
	       "  -h, --help             display this help and exit\n"
	       "  -V, --version          output version information and exit\n"
	       "\n"
	       "A STUDY is a folder holding study.ini, runs.csv and the per-boot\n"
	       "files runs.csv names; see docs/study-format.md.  Errors in the\n"
	       "study are printed as FILE:LINE:COL: what is wrong.\n"
	       "\n"
	       "Exit status:\n"
	       "  0   success\n"
	       "  1   verify found a published number that does not follow\n"
	       "  64  usage error (bad command line)\n"
	       "  65  the study has bad data\n"
	       "  66  an input does not exist or cannot be opened\n"
	       "  70  internal error\n"
	       "  71  out of memory\n"
	       "  73  an output cannot be created\n"
	       "  74  input/output error while reading or writing\n"
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

pb_status cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("pairboot: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'pairboot --help' for more information.\n", stderr);
	return PB_USAGE;
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 }
	};
	cli_options opt = { false };
	pb_status status;
	int c;

	/* GSL's default handler aborts; every GSL status is checked instead. */
	gsl_set_error_handler_off();

	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hVq", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			print_help();
			return close_stdout(PB_OK);
		case 'V':
			print_version();
			return close_stdout(PB_OK);
		case 'q':
			opt.quiet = true;
			break;
		default:
			if (optopt)
				return cli_usage_error("invalid option -- '%c'",
						       optopt);
			return cli_usage_error("unrecognized option '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return cli_usage_error("missing command");

	const char *command = argv[optind];
	int sub_argc = argc - optind;
	char **sub_argv = argv + optind;

	optind = 0;     /* restart getopt for the sub-command */
	if (strcmp(command, "check") == 0)
		status = cmd_check(sub_argc, sub_argv, &opt);
	else if (strcmp(command, "report") == 0)
		status = cmd_report(sub_argc, sub_argv, &opt);
	else
		return cli_usage_error("unknown command '%s'", command);
	return close_stdout(status);
}
