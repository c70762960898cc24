/* help.h: the help printed from the commands' option tables (options.h):
 * each command's own (`pairboot report --help`: its usage line, what it
 * does and its options) and its entry under "Commands:" in the help of
 * the program, which main.c prints and help2man makes the man page of.
 * man/cmdhelp.awk makes the page's COMMAND OPTIONS from the former. */
#ifndef PAIRBOOT_HELP_H
#define PAIRBOOT_HELP_H

#include "src/options.h"

/* Prints the help of command CMD to stdout. */
void help_print_command(const cli_command *cmd);

/* Prints CMD's entry in the list of commands of `pairboot --help`: its
 * synopsis, and its overview beside or below it. */
void help_print_overview(const cli_command *cmd);

#endif
