/* numfmt.h: numbers as the published pages print them, in every language.
 *
 * The decimal point is always '.', whatever the process locale: pairboot
 * never calls setlocale, and these functions do not rely on that either
 * (they format in a C locale object of their own and check the result).
 *
 * Signs: a negative value always shows '-'; with SIGNED a positive value
 * shows '+' (`+0.625`, `-1.902`).  An exact zero shows no sign (`0.000`).
 * A value that is not zero but rounds to zero keeps the sign of the value
 * (`+0.000`, `-0.000` with SIGNED; `-0.000` without): an interval bound of
 * -0.0004 does reach below zero, and the page must not hide on which side
 * of zero it lies, since the conclusion is drawn from the unrounded bound.
 * Estimates and interval endpoints go through numfmt_beside instead, which
 * prints such a value with the decimals that show its side (`+0.0004`). */
#ifndef PAIRBOOT_NUMFMT_H
#define PAIRBOOT_NUMFMT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/status.h"

/* Enough for any finite double with up to NUMFMT_MAX_DECIMALS decimals. */
#define NUMFMT_BUFSIZE 352
#define NUMFMT_MAX_DECIMALS 15

/* Writes X with DECIMALS digits after the point (0: no point) into BUF of
 * SIZE bytes, rounded as printf rounds, with the sign rule above.
 * Errors: PB_SOFTWARE when X is not finite, DECIMALS is outside
 * 0..NUMFMT_MAX_DECIMALS, BUF is too small or the result is not a plain
 * '.'-decimal (a caller bug or a broken C library); PB_NOMEM when the C
 * locale object cannot be made.  BUF then holds "". */
pb_status numfmt_fixed(double x, int decimals, bool sign, char *buf,
		       size_t size);

/* Writes X as numfmt_fixed does with DECIMALS, or with the fewest more
 * decimals (at most NUMFMT_MAX_DECIMALS) that keep the printed number on
 * the same side of every boundary as X: 0 and the N values BOUNDS (NULL
 * when N is 0).  A rounded endpoint that would print equal to a boundary
 * it is not equal to, or on its other side, would make the verdict drawn
 * from the unrounded value look wrong: with boundary -0.5 and 1 decimal,
 * -0.456 prints "-0.46", not "-0.5"; with 3 decimals 0.0004 prints
 * "+0.0004" (SIGNED), not "+0.000".  Errors as for numfmt_fixed. */
pb_status numfmt_beside(double x, int decimals, const double *bounds,
			size_t n, bool sign, char *buf, size_t size);

/* Writes the fraction F (0.95) as a percentage without the '%' sign and
 * with at most MAX_DECIMALS decimals, trailing zeros dropped: 0.95 -> "95",
 * 0.975 -> "97.5", 0.799 -> "79.9".  Errors as for numfmt_fixed. */
pb_status numfmt_percent(double f, int max_decimals, char *buf, size_t size);

#endif
