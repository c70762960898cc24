/* help.h: the help of each command (`pairboot report --help`): its
 * synopsis and its own options, which man/pairboot.x repeats under
 * COMMAND OPTIONS (tests/cli/test_man.sh holds the two to each other).
 * The global help (`pairboot --help`) stays in main.c, where help2man
 * reads it from. */
#ifndef PAIRBOOT_HELP_H
#define PAIRBOOT_HELP_H

#include <stdbool.h>

/* Prints the help of command NAME ("report", "plan new") to stdout.
 * False, printing nothing, when NAME is no command. */
bool help_print_command(const char *name);

#endif
