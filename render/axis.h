/* axis.h: value axes of the figures: a range with "nice" ticks, the mapping
 * from values to positions, and tick labels.
 *
 * Ticks are multiples of a step 1, 2, 2.5 or 5 times a power of ten, the
 * steps people read without effort (Heckbert, "Nice numbers for graph
 * labels", Graphics Gems, 1990, with 2.5 added).  The range is widened to
 * whole steps so that its ends carry ticks.  Everything here is plain
 * arithmetic: no drawing, no locale (labels always use a '.'). */
#ifndef PAIRBOOT_AXIS_H
#define PAIRBOOT_AXIS_H

#include <stdbool.h>
#include <stddef.h>

/* Most ticks an axis gets; a request that would give more fails. */
#define AXIS_MAX_TICKS 40

typedef struct axis_scale {
	double lo, hi;     /* the range shown, lo < hi, both on a tick */
	double step;       /* distance between ticks, > 0 */
	size_t n_ticks;    /* ticks lo, lo + step, ..., hi */
	int decimals;      /* decimals that show every tick exactly */
} axis_scale;

/* Chooses the axis for values MIN <= MAX with about TARGET (>= 1) steps.
 * MIN = MAX (or a span too small to tell apart from their size) is widened
 * around the value.  Returns false and leaves *OUT untouched when MIN or MAX
 * is not finite, MIN > MAX, or the span overflows. */
bool axis_nice(double min, double max, int target, axis_scale *out);

/* The same for a count, whose ticks must be whole numbers (a block is not
 * cut in halves): a step of 2.5 becomes 2 and a step below 1 becomes 1,
 * with the range widened to the new step. */
bool axis_nice_whole(double min, double max, int target, axis_scale *out);

/* The value of tick I (0-based): lo + I * step, with values within a
 * billionth of a step of 0 returned as exactly 0. */
double axis_tick(const axis_scale *a, size_t i);

/* Maps VALUE linearly from [a->lo, a->hi] to [P0, P1] (P1 < P0 is fine: y
 * axes grow upwards). */
double axis_map(const axis_scale *a, double value, double p0, double p1);

/* Writes VALUE with DECIMALS (0..15) decimals into BUF (SIZE bytes): the
 * digits and sign rule of common/numtext.h ('.' whatever the locale, '+'
 * for positives when PLUS is true), but U+2212 MINUS SIGN for the minus.
 * Returns BUF; a non-finite VALUE or a too small BUF give "". */
char *axis_format(double value, int decimals, bool plus, char *buf,
		  size_t size);

/* The same for an estimate or interval endpoint, always signed, with more
 * decimals where DECIMALS would hide on which side of 0 (and, with
 * THRESHOLD > 0, of +THRESHOLD and -THRESHOLD) VALUE lies, as the pages
 * print it (numtext_beside). */
char *axis_format_beside(double value, int decimals, double threshold,
			 char *buf, size_t size);

#endif
