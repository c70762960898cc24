/* cli.c: what every sub-command shares on the command line: usage errors,
 * and the global options, which may stand before the command or among its
 * own arguments, as GNU users expect (`pairboot check STUDY -j 1`). */
#include "config.h"

#include <ctype.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/diag.h"
#include "common/numparse.h"
#include "common/readopt.h"
#include "render/i18n.h"
#include "src/cli.h"

const size_t cli_print_limit = 100;

const char *cli_source_date_epoch(void)
{
	return getenv("SOURCE_DATE_EPOCH");
}

void cli_vprint(FILE *f, const char *fmt, va_list ap)
{
	gchar *text = g_strdup_vprintf(fmt, ap);
	size_t len = strlen(text);
	bool newline = len > 0 && text[len - 1] == '\n';
	char *safe;

	if (newline)
		text[len - 1] = '\0';
	safe = diag_escape(text);
	/* Out of memory: nothing unescaped is ever written. */
	fputs(safe ? safe : "?", f);
	if (newline)
		fputc('\n', f);
	free(safe);
	g_free(text);
}

void cli_print(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_vprint(f, fmt, ap);
	va_end(ap);
}

pb_status cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("pairboot: ", stderr);
	va_start(ap, fmt);
	cli_vprint(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'pairboot --help' for more information.\n", stderr);
	return PB_USAGE;
}

pb_status cli_figure_base(const char *cmd, const char *arg, char *out)
{
	size_t n = strlen(arg);
	bool ok = n > 0 && n <= CLI_FIGURE_BASE_MAX;

	for (size_t i = 0; ok && i < n; i++) {
		unsigned char c = (unsigned char)arg[i];
		ok = c > 0x20 && c != 0x7f && !strchr("()<>\\\"`", c);
	}
	if (!ok)
		return cli_usage_error("%s: --figure-base must be an address "
				       "of at most %d bytes without blanks, "
				       "control characters or any of "
				       "()<>\\\"` ('%s')", cmd,
				       CLI_FIGURE_BASE_MAX, arg);
	memcpy(out, arg, n);
	if (arg[n - 1] != '/')
		out[n++] = '/';
	out[n] = '\0';
	return PB_OK;
}

diag *cli_diag_new(void)
{
	diag *d = diag_new(stderr, cli_print_limit);

	if (!d)
		fputs("pairboot: out of memory\n", stderr);
	return d;
}

void cli_say_failure(pb_status st, const char *who, const char *nothing,
		     const diag *d)
{
	size_t n = diag_errors(d);

	if (st == PB_NOMEM)
		fputs("pairboot: out of memory\n", stderr);
	else if (st != PB_OK && n)
		cli_print(stderr, "pairboot: %s: %s (%zu problem%s)\n", who,
			nothing, n, n == 1 ? "" : "s");
}

pb_status cli_operands(const char *cmd, int argc, char **argv, int n,
		       const char *missing)
{
	if (optind + n > argc)
		return cli_usage_error("%s: %s", cmd, missing);
	if (optind + n < argc)
		return cli_usage_error("%s: extra operand '%s'", cmd,
				       argv[optind + n]);
	return PB_OK;
}

/* Whether the option getopt_long refused last (optopt), a long one when
 * IS_LONG, is one of SHORTOPTS or LONGOPTS that takes a value: a long one
 * by the value it returns, which getopt_long leaves in optopt, a short one
 * by its letter (which may also be the value of a long option without a
 * short form). */
static bool refused_for_value(bool is_long, const char *shortopts,
			      const struct option *longopts)
{
	const char *letter;

	if (optopt == 0)
		return false;
	if (is_long) {
		for (const struct option *o = longopts; o && o->name; o++)
			if (o->val == optopt && !o->flag
			    && o->has_arg == required_argument)
				return true;
		return false;
	}
	letter = optopt < 128 ? strchr(shortopts, optopt) : NULL;
	return letter && letter[1] == ':';
}

int cli_next_option(const char *cmd, int argc, char **argv,
		    const char *shortopts, const struct option *longopts)
{
	int before = optind, c;
	const char *arg;
	bool is_long, printable;

	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	if (c != '?')
		return c;
	/* A long option always moves optind past itself.  A short one inside
	 * a cluster ("-qx") leaves optind where it was, or moves it past the
	 * cluster: the argument before optind is then no option's name, so
	 * a short option is named by its letter. */
	arg = optind > 0 ? argv[optind - 1] : "";
	is_long = optind != before && strncmp(arg, "--", 2) == 0;
	printable = optopt > 0 && optopt < 128 && isprint(optopt);
	if (refused_for_value(is_long, shortopts, longopts)) {
		if (is_long)
			cli_usage_error("%s: option '%s' requires an argument",
					cmd, arg);
		else
			cli_usage_error("%s: option '-%c' requires an "
					"argument", cmd, optopt);
	} else if (!is_long && printable) {
		cli_usage_error("%s: invalid option -- '%c'", cmd, optopt);
	} else {
		cli_usage_error("%s: unrecognized option '%s'", cmd, arg);
	}
	return CLI_OPTION_BAD;
}

bool cli_parse_jobs(const char *text, unsigned *jobs)
{
	unsigned long n;

	if (numparse_ulong(text, strlen(text), &n) != NUMPARSE_OK || n < 1
	    || n > READOPT_MAX_JOBS)
		return false;
	*jobs = (unsigned)n;
	return true;
}

/* True when ARG is one of VALUED, the command's options whose value is
 * the next argument ("-o DIR", "--lang en"). */
static bool takes_value(const char *arg, const char *const *valued)
{
	for (; valued && *valued; valued++)
		if (strcmp(arg, *valued) == 0)
			return true;
	return false;
}

static pb_status set_jobs(const char *text, cli_globals *g)
{
	if (!text)
		return cli_usage_error("option '-j' requires an argument");
	if (!cli_parse_jobs(text, &g->jobs))
		return cli_usage_error("invalid number of jobs '%s' (1 to %d)",
				       text, READOPT_MAX_JOBS);
	return PB_OK;
}

/* If ARGV[I] is a global option, applies it and returns how many
 * arguments it took (1 or 2) in *TAKEN; else *TAKEN is 0. */
static pb_status take_one(int argc, char **argv, int i, cli_globals *g,
			  int *taken)
{
	const char *a = argv[i];
	const char *next = i + 1 < argc ? argv[i + 1] : NULL;

	*taken = 1;
	if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)
		g->quiet = true;
	else if (strcmp(a, "--timings") == 0)
		g->timings = true;
	else if (strcmp(a, "--no-wait") == 0)
		g->no_wait = true;
	else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
		g->help = true;
	else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0)
		g->version = true;
	else if (strncmp(a, "--jobs=", 7) == 0)
		return set_jobs(a + 7, g);
	else if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0) {
		*taken = 2;
		return set_jobs(next, g);
	} else if (strncmp(a, "-j", 2) == 0)
		return set_jobs(a + 2, g);
	else
		*taken = 0;
	return PB_OK;
}

pb_status cli_take_globals(int *argc, char **argv, const char *const *valued,
			   cli_globals *g)
{
	int out = 1;

	for (int i = 1; i < *argc;) {
		int taken;
		pb_status st;

		if (strcmp(argv[i], "--") == 0) {
			while (i < *argc)
				argv[out++] = argv[i++];
			break;
		}
		if (takes_value(argv[i], valued)) {
			argv[out++] = argv[i++];
			if (i < *argc)
				argv[out++] = argv[i++];
			continue;
		}
		st = take_one(*argc, argv, i, g, &taken);
		if (st != PB_OK)
			return st;
		if (taken == 0)
			argv[out++] = argv[i];
		i += taken ? taken : 1;
	}
	argv[out] = NULL;
	*argc = out;
	return PB_OK;
}

void cli_all_langs(cli_langs *langs)
{
	langs->n = 0;
	for (size_t i = 0; i < i18n_count() && i < CLI_MAX_LANGS; i++)
		langs->code[langs->n++] = i18n_code(i);
}

pb_status cli_parse_langs(const char *cmd, const char *arg, cli_langs *langs)
{
	const char *p = arg;

	langs->n = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		const char *code = NULL;

		for (size_t i = 0; i < i18n_count(); i++) {
			const char *c = i18n_code(i);
			if (strlen(c) == len && strncmp(c, p, len) == 0)
				code = c;
		}
		if (len == 0)
			return cli_usage_error("%s: empty language name in "
					       "--lang '%s'", cmd, arg);
		if (!code) {
			char known[64] = "";
			for (size_t i = 0; i < i18n_count(); i++)
				snprintf(known + strlen(known),
					 sizeof known - strlen(known), "%s%s",
					 i ? ", " : "", i18n_code(i));
			return cli_usage_error("%s: unknown language '%.*s' in "
					       "--lang (known: %s)", cmd,
					       (int)len, p, known);
		}
		for (size_t i = 0; i < langs->n; i++)
			if (langs->code[i] == code)
				return cli_usage_error("%s: language '%s' given "
						       "twice in --lang", cmd,
						       code);
		if (langs->n == CLI_MAX_LANGS)
			return cli_usage_error("%s: too many languages in "
					       "--lang", cmd);
		langs->code[langs->n++] = code;
		if (p[len] == '\0')
			return PB_OK;
		p += len + 1;
	}
}
