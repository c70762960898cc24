/* benchargs.h: reading the command-line arguments of the simulation
 * benches (bench/coverage, bench/spreadlevel). */
#ifndef PAIRBOOT_BENCHARGS_H
#define PAIRBOOT_BENCHARGS_H

#include <stdbool.h>

/* Parses S as a positive decimal number into *OUT; false, with *OUT
 * untouched, when it is not one. */
bool benchargs_count(const char *s, unsigned long *out);

#endif
