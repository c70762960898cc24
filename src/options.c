/* options.c: reading a command's options from its table (options.h), and
 * taking the global options from among them. */
#include "config.h"

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "common/readopt.h"
#include "src/cli.h"
#include "src/options.h"

/* getopt_long returns 256 + I for option I of a table, and the letter
 * for a short one: both are above or apart from the ids commands pick. */
#define VAL_BASE 256

/* The table of CMD as getopt_long takes it: LONGOPTS (n_options + 1
 * entries) and SHORTOPTS (3 * n_options + 1 bytes). */
static void getopt_tables(const cli_command *cmd, struct option *longopts,
			  char *shortopts)
{
	size_t n = 0;

	for (size_t i = 0; i < cmd->n_options; i++) {
		const cli_option *o = &cmd->options[i];

		longopts[i] = (struct option){ o->name,
			o->arg ? required_argument : no_argument, NULL,
			VAL_BASE + (int)i };
		if (o->letter) {
			shortopts[n++] = o->letter;
			if (o->arg)
				shortopts[n++] = ':';
		}
	}
	longopts[cmd->n_options] = (struct option){ NULL, 0, NULL, 0 };
	shortopts[n] = '\0';
}

/* The option of CMD whose short form is LETTER, or NULL. */
static const cli_option *by_letter(const cli_command *cmd, int letter)
{
	for (size_t i = 0; i < cmd->n_options; i++)
		if (cmd->options[i].letter && cmd->options[i].letter == letter)
			return &cmd->options[i];
	return NULL;
}

/* The option of CMD that the long option TEXT (LEN bytes, "--" left out)
 * names, as getopt_long finds it: the one of that name, else the only one
 * whose name begins so.  NULL for none; *AMBIGUOUS is then set when more
 * than one begins so. */
static const cli_option *by_name(const cli_command *cmd, const char *text,
				 size_t len, bool *ambiguous)
{
	const cli_option *found = NULL;
	size_t n = 0;

	*ambiguous = false;
	for (size_t i = 0; i < cmd->n_options; i++) {
		const char *name = cmd->options[i].name;

		if (strncmp(name, text, len) != 0)
			continue;
		if (name[len] == '\0')
			return &cmd->options[i];
		found = &cmd->options[i];
		n++;
	}
	*ambiguous = n > 1;
	return n == 1 ? found : NULL;
}

/* Says why getopt_long refused ARG (a long option, when IS_LONG) of CMD,
 * with optopt as it left it. */
static void say_refused(const cli_command *cmd, const char *arg, bool is_long)
{
	const cli_option *o = NULL;
	size_t len = is_long ? strcspn(arg + 2, "=") : 0;
	bool ambiguous = false;

	if (is_long)
		o = by_name(cmd, arg + 2, len, &ambiguous);
	else if (optopt > 0 && optopt < 128)
		o = by_letter(cmd, optopt);
	if (ambiguous) {
		GString *names = g_string_new(NULL);

		for (size_t i = 0; i < cmd->n_options; i++)
			if (strncmp(cmd->options[i].name, arg + 2, len) == 0)
				g_string_append_printf(names, " '--%s'",
						       cmd->options[i].name);
		cli_usage_error("%s: option '%.*s' is ambiguous; "
				"possibilities:%s", cmd->name, (int)len + 2,
				arg, names->str);
		g_string_free(names, TRUE);
	} else if (o && o->arg && is_long) {
		cli_usage_error("%s: option '%s' requires an argument",
				cmd->name, arg);
	} else if (o && o->arg) {
		cli_usage_error("%s: option '-%c' requires an argument",
				cmd->name, o->letter);
	} else if (o && is_long) {
		cli_usage_error("%s: option '--%s' doesn't allow an argument",
				cmd->name, o->name);
	} else if (!is_long && optopt > 0 && optopt < 128
		   && isprint(optopt)) {
		cli_usage_error("%s: invalid option -- '%c'", cmd->name,
				optopt);
	} else {
		cli_usage_error("%s: unrecognized option '%s'", cmd->name,
				arg);
	}
}

int cli_next_option(cli_parser *p, int argc, char **argv)
{
	const cli_command *cmd = p->cmd;
	struct option longopts[CLI_MAX_OPTIONS + 1];
	char shortopts[3 * CLI_MAX_OPTIONS + 1];
	int before = optind, c;
	const char *arg;
	size_t i;

	if (cmd->n_options > CLI_MAX_OPTIONS) {
		fprintf(stderr, "pairboot: internal error: %s has more than "
			"%d options\n", cmd->name, CLI_MAX_OPTIONS);
		return CLI_OPTION_BAD;
	}
	getopt_tables(cmd, longopts, shortopts);
	opterr = 0;
	c = getopt_long(argc, argv, shortopts, longopts, NULL);
	if (c == -1)
		return -1;
	if (c != '?') {
		p->option = c >= VAL_BASE ? &cmd->options[c - VAL_BASE]
					  : by_letter(cmd, c);
		i = (size_t)(p->option - cmd->options);
		p->seen[i] = true;
		return p->option->id;
	}
	/* A long option always moves optind past itself.  A short one inside
	 * a cluster ("-qx") leaves optind where it was, or moves it past the
	 * cluster: the argument before optind is then no option's name, so
	 * a short option is named by its letter. */
	arg = optind > 0 ? argv[optind - 1] : "";
	say_refused(cmd, arg, optind != before && strncmp(arg, "--", 2) == 0);
	return CLI_OPTION_BAD;
}

pb_status cli_check_required(const cli_parser *p)
{
	size_t missing[CLI_MAX_OPTIONS], n = 0;
	GString *names;
	pb_status st;

	for (size_t i = 0; i < p->cmd->n_options && i < CLI_MAX_OPTIONS; i++)
		if (p->cmd->options[i].required && !p->seen[i])
			missing[n++] = i;
	if (n == 0)
		return PB_OK;
	/* All of them at once, so the command line is mended in one go. */
	names = g_string_new(NULL);
	for (size_t k = 0; k < n; k++)
		g_string_append_printf(names, "%s--%s",
				       k == 0 ? "" : k + 1 == n ? " and " : ", ",
				       p->cmd->options[missing[k]].name);
	st = cli_usage_error("%s: %s %s required", p->cmd->name, names->str,
			     n == 1 ? "is" : "are");
	g_string_free(names, TRUE);
	return st;
}

/* True when ARG is one of CMD's options whose value is the next argument
 * ("-o" of "-o DIR", "--lang" or "--la" of "--lang en"). */
static bool takes_value(const char *arg, const cli_command *cmd)
{
	const cli_option *o = NULL;
	bool ambiguous;

	if (arg[0] != '-' || arg[1] == '\0')
		return false;
	if (arg[1] != '-')
		o = arg[2] == '\0' ? by_letter(cmd, arg[1]) : NULL;
	else if (!strchr(arg, '='))
		o = by_name(cmd, arg + 2, strlen(arg + 2), &ambiguous);
	return o && o->arg;
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

pb_status cli_take_globals(int *argc, char **argv, const cli_command *cmd,
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
		if (takes_value(argv[i], cmd)) {
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
