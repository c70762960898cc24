/* numtext.c: numbers as text (numtext.h).
 *
 * The shortest round-trip form.  Its definition is a search: the smallest N
 * for which "%.Ng" reads back to the same bits.  Trying N = 1, 2, ... costs
 * a printf and a strtod per digit, up to 17 of each for the many values
 * that need 16 or 17.  For a normal double, 15 digits (DBL_DIG) decide the
 * first 15 steps at once: any decimal of at most 15 significant digits
 * reads into a double and back to the same decimal.  So if some N <= 15
 * reads back, as decimal D, then X rounded to 15 digits is D again: "%.15g"
 * reads back too, and its significant digits (trailing zeros dropped) are
 * exactly the smallest such N.  If "%.15g" does not read back, no N <= 15
 * does, and the search goes on at 16. */
#include "common/numtext.h"

#include <float.h>
#include <locale.h>
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

/* ---- for people: fixed decimals, locale-proof ------------------------- */

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

pb_status numtext_fixed(double x, int decimals, bool sign, char *buf,
		       size_t size)
{
	char digits[NUMTEXT_BUFSIZE];
	const char *prefix = "";
	pb_status st;

	if (size)
		buf[0] = '\0';
	if (!isfinite(x) || decimals < 0 || decimals > NUMTEXT_MAX_DECIMALS)
		return PB_SOFTWARE;
	st = format_abs(x, decimals, digits, sizeof digits);
	if (st != PB_OK)
		return st;
	if (!plain_decimal(digits))
		return PB_SOFTWARE;
	/* The sign follows the value, not its rounded digits (see numtext.h);
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
	char digits[NUMTEXT_BUFSIZE];
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

pb_status numtext_beside(double x, int decimals, const double *bounds,
			size_t n, bool sign, char *buf, size_t size)
{
	bool keeps = false;

	if (size)
		buf[0] = '\0';
	if (!isfinite(x) || decimals < 0 || decimals > NUMTEXT_MAX_DECIMALS)
		return PB_SOFTWARE;
	/* Each further decimal brings the printed value closer to X: stop
	 * at the first that keeps every side (or at the most decimals there
	 * are, for X a hair from a boundary). */
	for (; decimals < NUMTEXT_MAX_DECIMALS; decimals++) {
		pb_status st = keeps_sides(x, decimals, bounds, n, &keeps);

		if (st != PB_OK)
			return st;
		if (keeps)
			break;
	}
	return numtext_fixed(x, decimals, sign, buf, size);
}

pb_status numtext_percent(double f, int max_decimals, char *buf, size_t size)
{
	pb_status st = numtext_fixed(f * 100.0, max_decimals, false, buf, size);
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

void numtext_decimal_mark(char *buf, char mark)
{
	char *point = strchr(buf, '.');

	if (point)
		*point = mark;
}

/* ---- counts, their digits grouped ------------------------------------ */

/* The separators verify reads back (ingest/pubmatch.h). */
static const char *const separators[] = {
	"\xc2\xa0",        /* NO-BREAK SPACE */
	"\xe2\x80\xaf",    /* NARROW NO-BREAK SPACE */
	",",
};

const char *numtext_group_separator(const char *example)
{
	size_t n;

	if (!example)
		return NULL;
	if (strcmp(example, "10000") == 0)
		return "";
	n = strlen(example);
	if (n < 6 || strncmp(example, "10", 2) != 0
	    || strcmp(example + n - 3, "000") != 0)
		return NULL;
	for (size_t i = 0; i < sizeof separators / sizeof *separators; i++)
		if (n - 5 == strlen(separators[i])
		    && strncmp(example + 2, separators[i], n - 5) == 0)
			return separators[i];
	return NULL;
}

void numtext_group_digits(GString *out, const char *digits,
			  const char *sep)
{
	size_t n;

	if (*digits == '-')
		g_string_append_c(out, *digits++);
	n = strlen(digits);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0 && n >= 4)
			g_string_append(out, sep);
		g_string_append_c(out, digits[i]);
	}
}

/* The most arguments a page's message takes. */
#define MAX_ARGS 16

typedef enum { ARG_NONE, ARG_STR, ARG_INT, ARG_UINT, ARG_SIZE, ARG_ULONG }
	arg_kind;

/* One directive of a format: where it lies, which argument it takes. */
typedef struct {
	size_t from, to;   /* its bytes in the format */
	int arg;           /* 0-based argument, -1 for "%%" */
	arg_kind kind;
} directive;

/* The directive at S (just after '%'): its kind and length after the
 * '%', or ARG_NONE for one this file does not handle. */
static arg_kind conversion(const char *s, size_t *len)
{
	if (s[0] == 's' || s[0] == 'd' || s[0] == 'u') {
		*len = 1;
		return s[0] == 's' ? ARG_STR : s[0] == 'd' ? ARG_INT : ARG_UINT;
	}
	if ((s[0] == 'z' || s[0] == 'l') && s[1] == 'u') {
		*len = 2;
		return s[0] == 'z' ? ARG_SIZE : ARG_ULONG;
	}
	return ARG_NONE;
}

/* Reads the directives of FORMAT into D (at most MAX_ARGS * 2); false for
 * one not handled, or a mix of numbered and plain ones. */
static bool directives(const char *format, directive *d, size_t *n_d,
		       arg_kind *kinds, int *n_args)
{
	int next = 0, numbered = -1;

	*n_d = 0;
	*n_args = 0;
	for (size_t i = 0; format[i]; i++) {
		size_t len, at = i;
		int arg;
		if (format[i] != '%')
			continue;
		if (*n_d == 2 * MAX_ARGS)
			return false;
		if (format[i + 1] == '%') {
			d[(*n_d)++] = (directive){ at, at + 2, -1, ARG_NONE };
			i++;
			continue;
		}
		i++;
		if (format[i] >= '1' && format[i] <= '9' && format[i + 1] == '$') {
			if (numbered == 0)
				return false;
			numbered = 1;
			arg = format[i] - '1';
			i += 2;
		} else {
			if (numbered == 1)
				return false;
			numbered = 0;
			arg = next++;
		}
		arg_kind k = conversion(format + i, &len);
		if (k == ARG_NONE || arg >= MAX_ARGS
		    || (kinds[arg] != ARG_NONE && kinds[arg] != k))
			return false;
		kinds[arg] = k;
		if (arg + 1 > *n_args)
			*n_args = arg + 1;
		i += len - 1;
		d[(*n_d)++] = (directive){ at, i + 1, arg, k };
	}
	for (int a = 0; a < *n_args; a++)
		if (kinds[a] == ARG_NONE)
			return false;   /* a gap: the types cannot be known */
	return true;
}

gchar *numtext_group_vprintf(const char *sep, const char *format,
			     va_list ap)
{
	directive d[2 * MAX_ARGS];
	arg_kind kinds[MAX_ARGS] = { ARG_NONE };
	union { const char *s; int i; unsigned u; size_t z; unsigned long l; }
		val[MAX_ARGS];
	size_t n_d, from = 0;
	int n_args;
	GString *out;
	char num[32];

	if (!directives(format, d, &n_d, kinds, &n_args))
		return g_strdup_vprintf(format, ap);
	for (int a = 0; a < n_args; a++)
		switch (kinds[a]) {
		case ARG_STR: val[a].s = va_arg(ap, const char *); break;
		case ARG_INT: val[a].i = va_arg(ap, int); break;
		case ARG_UINT: val[a].u = va_arg(ap, unsigned); break;
		case ARG_SIZE: val[a].z = va_arg(ap, size_t); break;
		case ARG_ULONG: val[a].l = va_arg(ap, unsigned long); break;
		case ARG_NONE: break;
		}
	out = g_string_new(NULL);
	for (size_t k = 0; k < n_d; k++) {
		const directive *x = &d[k];
		g_string_append_len(out, format + from, (gssize)(x->from - from));
		from = x->to;
		switch (x->kind) {
		case ARG_NONE: g_string_append_c(out, '%'); break;
		case ARG_STR:
			g_string_append(out, val[x->arg].s ? val[x->arg].s
							   : "(null)");
			break;
		case ARG_INT:
			g_string_append_printf(out, "%d", val[x->arg].i);
			break;
		case ARG_UINT:
			g_string_append_printf(out, "%u", val[x->arg].u);
			break;
		case ARG_SIZE:
			snprintf(num, sizeof num, "%zu", val[x->arg].z);
			numtext_group_digits(out, num, sep);
			break;
		case ARG_ULONG:
			snprintf(num, sizeof num, "%lu", val[x->arg].l);
			numtext_group_digits(out, num, sep);
			break;
		}
	}
	g_string_append(out, format + from);
	return g_string_free(out, FALSE);
}
