/* numfmt.c: locale-proof fixed-point formatting of report numbers. */
#include "render/numfmt.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* snprintf("%.*f") of |X| in a C locale of our own, so that a caller that
 * did call setlocale (a library, a test) still gets a '.'.  The locale
 * object is made and freed per call: pages print a few hundred numbers, and
 * nothing global is left behind. */
static pb_status format_abs(double x, int decimals, char *buf, size_t size)
{
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old;
	int n;

	if (c == (locale_t)0)
		return PB_NOMEM;
	old = uselocale(c);
	n = snprintf(buf, size, "%.*f", decimals, fabs(x));
	uselocale(old);
	freelocale(c);
	if (n < 0 || (size_t)n >= size)
		return PB_SOFTWARE;
	return PB_OK;
}

/* True when S is digits, optionally one '.' followed by digits: what every
 * page promises.  A ',' or anything else means the C library did not
 * format in the C locale after all. */
static bool plain_decimal(const char *s)
{
	bool digits = false, point = false;

	for (; *s; s++) {
		if (*s >= '0' && *s <= '9') {
			digits = true;
		} else if (*s == '.' && digits && !point) {
			point = true;
			digits = false;
		} else {
			return false;
		}
	}
	return digits;
}

pb_status numfmt_fixed(double x, int decimals, bool sign, char *buf,
		       size_t size)
{
	char digits[NUMFMT_BUFSIZE];
	const char *prefix = "";
	pb_status st;

	if (size)
		buf[0] = '\0';
	if (!isfinite(x) || decimals < 0 || decimals > NUMFMT_MAX_DECIMALS)
		return PB_SOFTWARE;
	st = format_abs(x, decimals, digits, sizeof digits);
	if (st != PB_OK)
		return st;
	if (!plain_decimal(digits))
		return PB_SOFTWARE;
	/* The sign follows the value, not its rounded digits (see numfmt.h);
	 * -0.0 compares equal to 0 and gets no sign, like 0. */
	if (x < 0)
		prefix = "-";
	else if (x > 0 && sign)
		prefix = "+";
	if (strlen(prefix) + strlen(digits) + 1 > size)
		return PB_SOFTWARE;
	snprintf(buf, size, "%s%s", prefix, digits);
	return PB_OK;
}

/* The value DIGITS (a plain decimal from format_abs) stands for, read in
 * the C locale as it was written; negated when NEGATIVE. */
static pb_status printed_value(const char *digits, bool negative, double *out)
{
	locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	locale_t old;

	if (c == (locale_t)0)
		return PB_NOMEM;
	old = uselocale(c);
	*out = strtod(digits, NULL);
	uselocale(old);
	freelocale(c);
	if (negative)
		*out = -*out;
	return PB_OK;
}

/* -1, 0 or 1 as X is below, at or above B. */
static int side_of(double x, double b)
{
	return (x > b) - (x < b);
}

/* Whether X printed with DECIMALS lies on X's side of 0 and of each of the
 * N BOUNDS. */
static pb_status keeps_sides(double x, int decimals, const double *bounds,
			     size_t n, bool *keeps)
{
	char digits[NUMFMT_BUFSIZE];
	double r;
	pb_status st = format_abs(x, decimals, digits, sizeof digits);

	if (st == PB_OK)
		st = printed_value(digits, x < 0, &r);
	if (st != PB_OK)
		return st;
	*keeps = side_of(r, 0.0) == side_of(x, 0.0);
	for (size_t i = 0; i < n && *keeps; i++)
		*keeps = side_of(r, bounds[i]) == side_of(x, bounds[i]);
	return PB_OK;
}

pb_status numfmt_beside(double x, int decimals, const double *bounds,
			size_t n, bool sign, char *buf, size_t size)
{
	bool keeps = false;

	if (size)
		buf[0] = '\0';
	if (!isfinite(x) || decimals < 0 || decimals > NUMFMT_MAX_DECIMALS)
		return PB_SOFTWARE;
	/* Each further decimal brings the printed value closer to X: stop
	 * at the first that keeps every side (or at the most decimals there
	 * are, for X a hair from a boundary). */
	for (; decimals < NUMFMT_MAX_DECIMALS; decimals++) {
		pb_status st = keeps_sides(x, decimals, bounds, n, &keeps);

		if (st != PB_OK)
			return st;
		if (keeps)
			break;
	}
	return numfmt_fixed(x, decimals, sign, buf, size);
}

pb_status numfmt_percent(double f, int max_decimals, char *buf, size_t size)
{
	pb_status st = numfmt_fixed(f * 100.0, max_decimals, false, buf, size);
	char *point;
	size_t n;

	if (st != PB_OK)
		return st;
	point = strchr(buf, '.');
	if (!point)
		return PB_OK;
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0')
		buf[--n] = '\0';
	if (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	return PB_OK;
}
