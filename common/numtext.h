/* numtext.h: numbers written so that they read back exactly.
 *
 * Used wherever a number is stored as text to be read again by a program
 * (results.json, the canonical analysis plan), not for pages, whose
 * numbers are rounded for people (render/numfmt.h). */
#ifndef PAIRBOOT_NUMTEXT_H
#define PAIRBOOT_NUMTEXT_H

/* Writes X (finite) into BUF as the shortest "%.Ng" (N = 1..17) that
 * strtod reads back to the same bits: 0.001 as "0.001", 20 as "20".
 * With a '.': pairboot never calls setlocale, so its numbers are always
 * those of the C locale, whatever the user's. */
void numtext_shortest(double x, char buf[32]);

#endif
