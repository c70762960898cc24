/* cli.h: the sub-commands of pairboot.  main() parses the global options
 * and hands the remaining arguments (argv[0] = the sub-command's name) to one
 * of these; each returns the process exit status. */
#ifndef PAIRBOOT_CLI_H
#define PAIRBOOT_CLI_H

#include <stdbool.h>

#include "common/status.h"

typedef struct cli_options {
	bool quiet;        /* --quiet: no progress or summary chatter */
} cli_options;

pb_status cmd_check(int argc, char **argv, const cli_options *opt);
pb_status cmd_report(int argc, char **argv, const cli_options *opt);
pb_status cmd_compare(int argc, char **argv, const cli_options *opt);
pb_status cmd_verify(int argc, char **argv, const cli_options *opt);
pb_status cmd_summarize(int argc, char **argv, const cli_options *opt);

/* Prints "pairboot: MESSAGE" and the hint to try --help; returns PB_USAGE. */
pb_status cli_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
