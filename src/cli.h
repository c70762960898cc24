/* cli.h: what the commands of pairboot share: usage errors, printing,
 * the global options and the values several commands take (--lang,
 * --figure-base).  The commands themselves and their options are in
 * options.h. */
#ifndef PAIRBOOT_CLI_H
#define PAIRBOOT_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"

typedef struct cli_options {
	bool quiet;        /* --quiet: no progress or summary chatter */
} cli_options;

/* How many problems a command prints before it only counts them (the
 * limit of its diag, common/diag.h). */
extern const size_t cli_print_limit;

/* The value of the environment variable SOURCE_DATE_EPOCH, or NULL: the
 * date a command passes down to the PDF writers (pdf_report_date), so
 * that nothing below the commands reads the environment. */
const char *cli_source_date_epoch(void);

/* A new diag for a command's problems on stderr, printing at most
 * cli_print_limit of them; NULL, after saying "out of memory", when there
 * is no memory for it. */
diag *cli_diag_new(void);

/* The common ending of a command that failed with ST: "out of memory" for
 * PB_NOMEM, else, when D holds errors, "pairboot: WHO: NOTHING (N
 * problems)" (NOTHING says what was not done: "no report written"). */
void cli_say_failure(pb_status st, const char *who, const char *nothing,
		     const diag *d);

/* Checks that command CMD was given N operands after its options (from
 * optind): with fewer, the usage error "CMD: MISSING"; with more, "CMD:
 * extra operand ..." naming the first one too many.  PB_OK or PB_USAGE. */
pb_status cli_operands(const char *cmd, int argc, char **argv, int n,
		       const char *missing);

/* Writes the printf-formatted text to F with every control character
 * escaped as diag_escape does, a final line end excepted: what the
 * program prints holds file names as the user gave them and text of the
 * study, and neither may send commands to the terminal. */
void cli_print(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void cli_vprint(FILE *f, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

/* The most languages one --lang list can name. */
#define CLI_MAX_LANGS 16

/* The languages pages are written in, in the order given. */
typedef struct cli_langs {
	const char *code[CLI_MAX_LANGS];   /* static strings (render/i18n.h) */
	size_t n;
} cli_langs;

/* Every language, in i18n order: --lang's default. */
void cli_all_langs(cli_langs *langs);

/* Parses the comma-separated codes of ARG ("en,de"), --lang of command
 * CMD, into LANGS: each must be known and given once.  Returns PB_OK or
 * PB_USAGE after saying what is wrong (naming an unknown language). */
pb_status cli_parse_langs(const char *cmd, const char *arg, cli_langs *langs);

/* Prints "pairboot: MESSAGE" and the hint to try --help; returns PB_USAGE. */
pb_status cli_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* Prints the hint alone: "Try 'pairboot --help' for more information.",
 * or the help of the command cli_usage_command named. */
void cli_usage_hint(void);

/* Makes the hint name the help of command NAME ("plan new") from now on:
 * main's choice for a command whose options `pairboot --help` does not
 * list.  NAME is a static string. */
void cli_usage_command(const char *name);

/* The longest --figure-base address. */
#define CLI_FIGURE_BASE_MAX 1024

/* Checks ARG, the --figure-base of command CMD: an address that may stand
 * before a figure's file name in a Markdown link, at most
 * CLI_FIGURE_BASE_MAX bytes without a blank, control character or byte
 * that would end or break the link.  Copies it into OUT
 * (CLI_FIGURE_BASE_MAX + 2 bytes) with a '/' at its end.  PB_OK, or
 * PB_USAGE after the usage error "CMD: --figure-base must be ...". */
pb_status cli_figure_base(const char *cmd, const char *arg, char *out);

/* The longest --figure-prefix, and the longest study folder name of a
 * site (whose figures it prefixes). */
#define CLI_FIGURE_PREFIX_MAX 100

/* Whether NAME is a name that may stand in a figure's file name and a
 * page's link as it is: 1 to CLI_FIGURE_PREFIX_MAX ASCII letters, digits,
 * '.', '_' and '-', not starting with '.'. */
bool cli_plain_name(const char *name);

/* Checks ARG, the --figure-prefix of command CMD (cli_plain_name): PB_OK,
 * or PB_USAGE after the usage error. */
pb_status cli_figure_prefix(const char *cmd, const char *arg);

/* The options that apply to every command. */
typedef struct cli_globals {
	bool quiet;        /* -q, --quiet */
	bool timings;      /* --timings */
	bool no_wait;      /* --no-wait: fail (75) while another run writes
			      the same output, instead of waiting */
	bool help;         /* -h, --help */
	bool version;      /* -V, --version */
	unsigned jobs;     /* -j N, --jobs=N; 0: one per CPU */
} cli_globals;

/* Parses the N of -j N into *JOBS: 1 to READOPT_MAX_JOBS. */
bool cli_parse_jobs(const char *text, unsigned *jobs);

#endif
