/* numfmt.c: locale-proof fixed-point formatting of report numbers. */
#include "render/numfmt.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
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
