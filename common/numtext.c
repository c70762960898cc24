/* numtext.c: shortest round-trip formatting of doubles. */
#include "common/numtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void numtext_shortest(double x, char buf[32])
{
	/* 17 significant digits always read back for an IEEE double, so
	 * the loop ends with a match. */
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, x);
		/* Bitwise equality is the point here, not closeness. */
		double back = strtod(buf, NULL);
		if (memcmp(&back, &x, sizeof x) == 0)
			break;
	}
}
