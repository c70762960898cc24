/* numtext.c: shortest round-trip formatting of doubles.
 *
 * The definition is a search: the smallest N for which "%.Ng" reads back
 * to the same bits.  Trying N = 1, 2, ... costs a printf and a strtod per
 * digit, up to 17 of each for the many values that need 16 or 17.  For a
 * normal double, 15 digits (DBL_DIG) decide the first 15 steps at once:
 * any decimal of at most 15 significant digits reads into a double and
 * back to the same decimal.  So if some N <= 15 reads back, as decimal D,
 * then X rounded to 15 digits is D again: "%.15g" reads back too, and its
 * significant digits (trailing zeros dropped) are exactly the smallest
 * such N.  If "%.15g" does not read back, no N <= 15 does, and the search
 * goes on at 16. */
#include "common/numtext.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether TEXT reads back to exactly X: bitwise, not closeness. */
static bool reads_back(const char *text, double x)
{
	double back = strtod(text, NULL);

	return memcmp(&back, &x, sizeof x) == 0;
}

/* The significant digits of the "%g" text TEXT: leading and trailing
 * zeros of its mantissa do not count. */
static int significant_digits(const char *text)
{
	int digits = 0, zeros = 0;
	bool leading = true;

	for (const char *p = text; *p && *p != 'e'; p++) {
		if (*p < '0' || *p > '9')
			continue;
		if (*p == '0') {
			if (!leading)
				zeros++;
			continue;
		}
		leading = false;
		digits += zeros + 1;
		zeros = 0;
	}
	return digits;
}

/* The search of the definition, from PREC on. */
static void shortest_from(double x, int prec, char buf[32])
{
	/* 17 significant digits always read back for an IEEE double, so
	 * the loop ends with a match. */
	for (; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, x);
		if (reads_back(buf, x))
			break;
	}
}

void numtext_shortest(double x, char buf[32])
{
	int digits;

	/* Zero, subnormals (fewer than 15 digits of precision) and the
	 * non-finite take the plain search. */
	if (fpclassify(x) != FP_NORMAL || DBL_DIG != 15) {
		shortest_from(x, 1, buf);
		return;
	}
	snprintf(buf, 32, "%.15g", x);
	if (!reads_back(buf, x)) {
		shortest_from(x, 16, buf);
		return;
	}
	digits = significant_digits(buf);
	if (digits == 15)
		return;
	/* The same digits; "%.Ng" may still choose another notation than
	 * "%.15g" did (1e10 is "1e+10" at N = 1).  A C library that does
	 * not round both ways correctly could break the argument above:
	 * then the search decides. */
	snprintf(buf, 32, "%.*g", digits, x);
	if (!reads_back(buf, x))
		shortest_from(x, 1, buf);
}
