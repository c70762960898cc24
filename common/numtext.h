/* numtext.h: numbers as text, the one module that writes them.
 *
 * Two kinds of text.  A number stored to be read again by a program
 * (results.json, the canonical analysis plan, study.ini) is written in its
 * shortest form that reads back to the same double (numtext_shortest).  A
 * number on a page or in a figure is rounded for people: a fixed number of
 * decimals (numtext_fixed), as many more as keep it on its side of a
 * boundary (numtext_beside), a percentage (numtext_percent), a count with
 * its digits grouped (numtext_group_vprintf), and the decimal mark of the
 * page's language put in last (numtext_decimal_mark).  Which mark and
 * which separator of digit groups a language uses is for its catalog to
 * say (render/mdpage.c, render/figpen.c, render/plan_report.c); how a
 * number is written with them is said here.
 *
 * Every function writes a '.' whatever the process locale: pairboot never
 * calls setlocale, and the rounded forms do not rely on that either (they
 * format in a C locale object of their own and check the result).
 *
 * Signs of the rounded forms: a negative value always shows '-'; with
 * SIGN a positive value shows '+' (`+0.625`, `-1.902`).  An exact zero
 * shows no sign (`0.000`).  A value that is not zero but rounds to zero
 * keeps the sign of the value (`+0.000`, `-0.000` with SIGN; `-0.000`
 * without): an interval bound of -0.0004 does reach below zero, and the
 * page must not hide on which side of zero it lies, since the conclusion
 * is drawn from the unrounded bound.  Estimates and interval endpoints go
 * through numtext_beside instead, which prints such a value with the
 * decimals that show its side (`+0.0004`). */
#ifndef PAIRBOOT_NUMTEXT_H
#define PAIRBOOT_NUMTEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

#include "common/status.h"

/* ---- to be read back ------------------------------------------------- */

/* Writes X (finite) into BUF as the shortest "%.Ng" (N = 1..17) that
 * strtod reads back to the same bits: 0.001 as "0.001", 20 as "20". */
void numtext_shortest(double x, char buf[32]);

/* ---- for people -------------------------------------------------------- */

/* Enough for any finite double with up to NUMTEXT_MAX_DECIMALS decimals. */
#define NUMTEXT_BUFSIZE 352
#define NUMTEXT_MAX_DECIMALS 15

/* Writes X with DECIMALS digits after the point (0: no point) into BUF of
 * SIZE bytes, rounded as printf rounds, with the sign rule above.
 * Errors: PB_SOFTWARE when X is not finite, DECIMALS is outside
 * 0..NUMTEXT_MAX_DECIMALS, BUF is too small or the result is not a plain
 * '.'-decimal (a caller bug or a broken C library); PB_NOMEM when the C
 * locale object cannot be made.  BUF then holds "". */
pb_status numtext_fixed(double x, int decimals, bool sign, char *buf,
			size_t size);

/* Writes X as numtext_fixed does with DECIMALS, or with the fewest more
 * decimals (at most NUMTEXT_MAX_DECIMALS) that keep the printed number on
 * the same side of every boundary as X: 0 and the N values BOUNDS (NULL
 * when N is 0).  A rounded endpoint that would print equal to a boundary
 * it is not equal to, or on its other side, would make the verdict drawn
 * from the unrounded value look wrong: with boundary -0.5 and 1 decimal,
 * -0.456 prints "-0.46", not "-0.5"; with 3 decimals 0.0004 prints
 * "+0.0004" (SIGN), not "+0.000".  Errors as for numtext_fixed. */
pb_status numtext_beside(double x, int decimals, const double *bounds,
			 size_t n, bool sign, char *buf, size_t size);

/* Writes the fraction F (0.95) as a percentage without the '%' sign and
 * with at most MAX_DECIMALS decimals, trailing zeros dropped: 0.95 -> "95",
 * 0.975 -> "97.5", 0.799 -> "79.9".  Errors as for numtext_fixed. */
pb_status numtext_percent(double f, int max_decimals, char *buf,
			  size_t size);

/* The number BUF, written with a '.', with MARK in the point's place
 * ("1.784" -> "1,784" for ','). */
void numtext_decimal_mark(char *buf, char mark);

/* ---- counts, their digits grouped ---------------------------------------
 * Whole numbers with their digits grouped in threes, as the pages of a
 * language write them ("10 000" in German and Czech, with a NO-BREAK
 * SPACE, U+00A0).  A page's messages take their counts as %zu and %lu
 * (render/i18n.h), so the grouping is done where a message is formatted:
 * numtext_group_vprintf writes each %zu and %lu argument grouped, and
 * everything else as printf does.  Other integer directives (%d, %u) are
 * not grouped: the pages use them for small constants and for the seed,
 * which names a stream of random numbers rather than counting anything. */

/* The separator of digit groups the catalog's example EXAMPLE shows:
 * EXAMPLE is ten thousand as the language writes it, "10000" (no
 * grouping: returns "") or "10" SEP "000".  SEP must be a NO-BREAK SPACE
 * or a NARROW NO-BREAK SPACE (U+00A0, U+202F) or ',', the ones verify
 * reads back; for anything else returns NULL. */
const char *numtext_group_separator(const char *example);

/* The digits DIGITS (an optional '-' and digits, nothing else) with SEP
 * between groups of three from the right, from 1000 up, appended to OUT;
 * SEP "" appends DIGITS as they are. */
void numtext_group_digits(GString *out, const char *digits, const char *sep);

/* FORMAT and AP as g_strdup_vprintf makes them, but each %zu and %lu
 * argument (also as %N$zu, %N$lu) grouped with SEP.  A FORMAT with any
 * other directive than %s, %d, %u, %zu, %lu and %% is handed to
 * g_strdup_vprintf unchanged.  Returns GLib memory (g_free). */
gchar *numtext_group_vprintf(const char *sep, const char *format,
			     va_list ap);

#endif
