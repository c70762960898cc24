/* help.c: the help printed from the commands' tables (help.h). */
#include "config.h"

#include "src/help.h"

#include <stdio.h>
#include <string.h>

/* The widest line of the help, and the column the text of an option or a
 * command begins at (the blanks before it). */
#define HELP_WIDTH 72
#define HELP_TEXT_COLUMN 25
/* The indent of a usage line's continuation. */
#define HELP_USAGE_INDENT 9

/* What every command's help ends with: the options that are not its own. */
static const char global_note[] =
	"\n"
	"The options of every command (--jobs, --quiet, --timings, --no-wait)\n"
	"may also be given; see 'pairboot --help' for them and the exit "
	"statuses.\n";

/* A line being filled: its column, the indent of the next line, and
 * whether nothing was put on it yet (so a word needs no blank before it). */
typedef struct line {
	size_t column;
	size_t indent;
	bool fresh;
} line;

/* Puts WORD (LEN bytes, no blank breaks it) on L after GAP blanks, or at
 * the indent of a new line when it would not fit in HELP_WIDTH. */
static void put_word_after(line *l, size_t gap, const char *word, size_t len)
{
	if (!l->fresh && l->column + gap + len > HELP_WIDTH) {
		printf("\n%*s", (int)l->indent, "");
		l->column = l->indent;
		l->fresh = true;
	}
	if (!l->fresh) {
		printf("%*s", (int)gap, "");
		l->column += gap;
	}
	printf("%.*s", (int)len, word);
	l->column += len;
	l->fresh = false;
}

static void put_word(line *l, const char *word, size_t len)
{
	put_word_after(l, 1, word, len);
}

/* Puts the words of TEXT on L, wrapped, and ends the line.  Two blanks
 * between words (after a sentence) stay two within a line. */
static void put_text(line *l, const char *text)
{
	const char *p = text + strspn(text, " ");
	size_t gap = 1;

	while (*p) {
		size_t len = strcspn(p, " ");

		put_word_after(l, gap, p, len);
		gap = strspn(p + len, " ") > 1 ? 2 : 1;
		p += len + strspn(p + len, " ");
	}
	putchar('\n');
}

/* Ends HEAD (printed, LEN bytes) with TEXT at HELP_TEXT_COLUMN: on the
 * same line when HEAD leaves two blanks before it, else on the next. */
static void put_beside(size_t len, const char *text)
{
	line l = { HELP_TEXT_COLUMN, HELP_TEXT_COLUMN, true };

	if (len + 2 <= HELP_TEXT_COLUMN)
		printf("%*s", (int)(HELP_TEXT_COLUMN - len), "");
	else
		printf("\n%*s", HELP_TEXT_COLUMN, "");
	put_text(&l, text);
}

/* The synopsis of option O: "-o DIR", "--lang LIST", in brackets unless
 * it is required.  Into BUF (SIZE bytes). */
static size_t option_synopsis(const cli_option *o, char *buf, size_t size)
{
	const char *open = o->required ? "" : "[", *close = o->required ? "" : "]";
	char name[64];
	int n;

	if (o->letter)
		snprintf(name, sizeof name, "-%c", o->letter);
	else
		snprintf(name, sizeof name, "--%s", o->name);
	n = snprintf(buf, size, "%s%s%s%s%s", open, name, o->arg ? " " : "",
		     o->arg ? o->arg : "", close);
	return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1;
}

/* Puts the operands and options of CMD on L: every option, or, when
 * SHORT or the command is brief, the required ones and "[OPTION]..." (or
 * "OPTION..." when SHORT) for the rest. */
static void put_synopsis(line *l, const cli_command *cmd, bool short_form)
{
	bool rest = false;
	char item[160];

	for (const char *p = cmd->operands; *p;) {
		size_t len = strcspn(p, " ");

		put_word(l, p, len);
		p += len + (p[len] == ' ');
	}
	if (short_form && cmd->brief) {
		put_word(l, "OPTION...", 9);
		return;
	}
	for (size_t i = 0; i < cmd->n_options; i++) {
		const cli_option *o = &cmd->options[i];

		if (cmd->brief && !o->required) {
			rest = true;
			continue;
		}
		put_word(l, item, option_synopsis(o, item, sizeof item));
	}
	if (rest)
		put_word(l, "[OPTION]...", 11);
}

/* Prints the options of CMD, one paragraph each. */
static void print_options(const cli_command *cmd)
{
	if (cmd->n_options == 0) {
		printf("\n%s has no options of its own.\n", cmd->name);
		return;
	}
	printf("\nOptions:\n");
	for (size_t i = 0; i < cmd->n_options; i++) {
		const cli_option *o = &cmd->options[i];
		int len;

		if (o->letter)
			len = printf("  -%c, --%s", o->letter, o->name);
		else
			len = printf("      --%s", o->name);
		if (o->arg)
			len += printf("=%s", o->arg);
		put_beside(len < 0 ? 0 : (size_t)len, o->help);
	}
}

void help_print_command(const cli_command *cmd)
{
	line l = { 0, HELP_USAGE_INDENT, false };
	int len = printf("Usage: pairboot %s", cmd->name);

	l.column = len < 0 ? 0 : (size_t)len;
	put_synopsis(&l, cmd, false);
	putchar('\n');
	if (cmd->also) {
		line also = { 0, HELP_USAGE_INDENT, false };

		len = printf("  or:  pairboot %s", cmd->also->name);
		also.column = len < 0 ? 0 : (size_t)len;
		put_synopsis(&also, cmd->also, true);
		putchar('\n');
	}
	l = (line){ 0, 0, true };
	put_text(&l, cmd->summary);
	print_options(cmd);
	fputs(global_note, stdout);
}

void help_print_overview(const cli_command *cmd)
{
	line l = { 0, HELP_TEXT_COLUMN, false };
	int len = printf("  %s", cmd->name);

	l.column = len < 0 ? 0 : (size_t)len;
	put_synopsis(&l, cmd, true);
	if (cmd->brief) {
		char see[80];
		int n = snprintf(see, sizeof see, "(see 'pairboot %s --help')",
				 cmd->name);
		/* The whole heading stays on one line for help2man. */
		printf(" %s", see);
		l.column += 1 + (size_t)n;
	}
	put_beside(l.column, cmd->overview);
}
