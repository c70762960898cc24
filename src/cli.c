/* cli.c: what every sub-command shares on the command line: usage errors,
 * printing, the number of jobs, and the values several commands take. */
#include "config.h"

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

/* The command whose --help the hint names, or NULL: the whole program's. */
static const char *usage_command;

void cli_usage_command(const char *name)
{
	usage_command = name;
}

void cli_usage_hint(void)
{
	fprintf(stderr, "Try 'pairboot %s%s--help' for more information.\n",
		usage_command ? usage_command : "", usage_command ? " " : "");
}

pb_status cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("pairboot: ", stderr);
	va_start(ap, fmt);
	cli_vprint(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cli_usage_hint();
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

bool cli_plain_name(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > CLI_FIGURE_PREFIX_MAX || name[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!g_ascii_isalnum(name[i]) && !strchr("._-", name[i]))
			return false;
	return true;
}

pb_status cli_figure_prefix(const char *cmd, const char *arg)
{
	if (cli_plain_name(arg))
		return PB_OK;
	return cli_usage_error("%s: --figure-prefix must be 1 to %d letters, "
			       "digits, '.', '_' or '-', not starting with "
			       "'.' ('%s')", cmd, CLI_FIGURE_PREFIX_MAX, arg);
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

bool cli_parse_jobs(const char *text, unsigned *jobs)
{
	unsigned long n;

	if (numparse_ulong(text, strlen(text), &n) != NUMPARSE_OK || n < 1
	    || n > READOPT_MAX_JOBS)
		return false;
	*jobs = (unsigned)n;
	return true;
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
