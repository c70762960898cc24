/* options.h: the commands of pairboot, each with one table of its options.
 * From that table come the command's parser (getopt_long's options are
 * built from it), the arguments that are an option's value when the
 * global options are taken from among the command's (cli_take_globals),
 * the command's --help and its line in `pairboot --help` (help.h), and
 * so the man page, which help2man and man/cmdhelp.awk make from these. */
#ifndef PAIRBOOT_OPTIONS_H
#define PAIRBOOT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "src/cli.h"

/* One option of a command. */
typedef struct cli_option {
	int id;               /* what cli_next_option returns for it */
	char letter;          /* the short form ('o' for -o), or 0 */
	const char *name;     /* the long form, without "--" */
	const char *arg;      /* the value's name in the help ("DIR"), or
				 NULL when the option takes no value */
	bool required;        /* the command fails without it */
	const char *help;     /* what it does: one paragraph, wrapped when
				 printed */
} cli_option;

/* A command: "report", or "plan new", a command of two words. */
typedef struct cli_command {
	const char *name;
	const char *operands;         /* "STUDY", "OLD NEW" */
	const cli_option *options;    /* n_options of them, or NULL */
	size_t n_options;
	bool brief;                   /* the usage line shows the options
					 that are not required as
					 [OPTION]... */
	const struct cli_command *also;   /* another command the usage
					     line names ("plan new"), or
					     NULL */
	const char *summary;          /* --help's paragraph below the usage */
	const char *overview;         /* its text in `pairboot --help` */
	/* Runs the command on its arguments, ARGV[0] its last word. */
	pb_status (*run)(int argc, char **argv, const cli_options *opt);
} cli_command;

/* The commands, in the order `pairboot --help` lists them (main.c). */
extern const cli_command command_check, command_status, command_report,
	command_site, command_compare, command_verify, command_summarize,
	command_plan, command_plan_new;

/* The most options a command may have. */
#define CLI_MAX_OPTIONS 32

/* What cli_next_option returns for an option it has already refused. */
#define CLI_OPTION_BAD (-2)

/* The reading of one command's options: set CMD, the rest zero. */
typedef struct cli_parser {
	const cli_command *cmd;
	bool seen[CLI_MAX_OPTIONS];    /* option I of the table was given */
	const cli_option *option;      /* the one cli_next_option returned */
} cli_parser;

/* The next option of P's command among ARGV: its id (-1 after the last),
 * its entry in P->option and its value in optarg, as getopt_long gives
 * them.  An option that is unknown, ambiguous, or lacks the value it takes
 * or has one it does not take, is told to the user as such, in the same
 * words for every command; CLI_OPTION_BAD is then returned. */
int cli_next_option(cli_parser *p, int argc, char **argv);

/* After the options were read: PB_OK when each required option of P's
 * command was given, else PB_USAGE after one usage error naming every
 * one missing: "CMD: --NAME is required", "CMD: --A, --B and --C are
 * required". */
pb_status cli_check_required(const cli_parser *p);

/* Takes the global options out of command CMD's ARGV (ARGV[0] is its
 * name; *ARGC arguments, NULL after them), applying them to G, and leaves
 * the rest in order.  An argument that is the value of one of CMD's own
 * options ("-o DIR", "--lang -q") is never read as an option, as
 * getopt_long would not; "--" ends the options.  Returns PB_OK, or
 * PB_USAGE after telling the user (a bad -j). */
pb_status cli_take_globals(int *argc, char **argv, const cli_command *cmd,
			   cli_globals *g);

#endif
