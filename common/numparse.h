/* numparse.h: strict, locale-independent parsing of numbers in fields.
 *
 * The input is a field as (text, len): it need not be NUL-terminated and
 * may hold NULs, which are rejected like any other stray byte.  Nothing is
 * skipped: no spaces, no '+', no hex, no "inf" or "nan", no ',' as decimal
 * mark, whatever the process locale says.  A result code says why a field
 * was refused, so callers can word their messages. */
#ifndef PAIRBOOT_NUMPARSE_H
#define PAIRBOOT_NUMPARSE_H

#include <float.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum numparse_result {
	NUMPARSE_OK = 0,
	NUMPARSE_SYNTAX,     /* not a number of the accepted form (or empty) */
	NUMPARSE_NAN,        /* spelled "nan" (any case, optional '-') */
	NUMPARSE_NOT_FINITE, /* spelled "inf"/"infinity", or beyond DBL_MAX */
	NUMPARSE_NEGATIVE,   /* numparse_ulong: a valid integer with a '-' */
	NUMPARSE_RANGE,      /* an integer outside the type's range */
	NUMPARSE_NOMEM       /* a very long number could not be copied */
} numparse_result;

/* Parses [-]DIGITS[.DIGITS][(e|E)[+|-]DIGITS]: at least one digit before
 * the '.', and at least one after it when it is there ("12." and ".5" are
 * refused, so a line cut after its '.' is caught).  The result is the double
 * nearest to the decimal value (ties to even), as strtod gives in the C
 * locale; "-0" gives 0.0.  Values too small for a double round to 0 or a
 * subnormal (accepted); too large ones give NUMPARSE_NOT_FINITE.  *OUT is
 * written only on NUMPARSE_OK. */
numparse_result numparse_double(const char *text, size_t len, double *out);

/* Parses decimal digits only (leading zeros allowed) into *OUT.  A '-'
 * followed by digits gives NUMPARSE_NEGATIVE; a value above ULONG_MAX gives
 * NUMPARSE_RANGE. */
numparse_result numparse_ulong(const char *text, size_t len,
			       unsigned long *out);

/* Parses [-]DIGITS into *OUT; NUMPARSE_RANGE outside LONG_MIN..LONG_MAX. */
numparse_result numparse_long(const char *text, size_t len, long *out);

/* What a number as written says of its precision, for numbers S (NUL-
 * terminated) that numparse_double has accepted:
 * numparse_decimals: its decimals, shifted by its exponent (1.784 -> 3,
 * 2 -> 0, 15e-1 -> 1, 1.5e3 -> 0), clamped to 0..1000;
 * numparse_fixed_digits: its significant digits when written in fixed
 * notation, from its first non-zero digit to its last written digit or its
 * units digit, whichever is further right (1.50 -> 3, 0.0025 -> 2, 25e3 ->
 * 5, 1e16 -> 17), clamped to 100000. */
int numparse_decimals(const char *s);
long numparse_fixed_digits(const char *s);

/* The fast paths, inline for a reader of millions of fields.  Each takes
 * only the common form and returns false for anything else, leaving *OUT
 * alone; numparse_double and numparse_long then decide, so
 * numparse_double_quick and numparse_long_quick give exactly their
 * results, at a fraction of the cost for the common form. */

/* 10^0 .. 10^22, each exact as a double. */
extern const double numparse_pow10[23];

/* [-]DIGITS[.DIGITS] with at most 15 digits in all: they form an integer
 * below 10^15 < 2^53 and at most 15 follow the point, so one division by
 * an exact power of ten rounds once, correctly (Clinger 1990), as the
 * general path does with the same integer and the same power. */
static inline bool numparse_double_short(const char *text, size_t len,
					 double *out)
{
	const char *p = text, *end = text + len, *digits, *dot = NULL;
	bool neg = len > 0 && text[0] == '-';
	uint64_t m = 0;

	p += neg;
	digits = p;
	if (end - p > 16)
		return false;
	for (; p < end; p++) {
		unsigned dgt = (unsigned)(unsigned char)*p - '0';

		if (dgt > 9) {
			if (*p != '.' || dot)
				return false;
			dot = p;
			continue;
		}
		m = m * 10 + dgt;
	}
	/* A digit before the point and after it; 15 digits at most. */
	if (dot ? dot == digits || dot == end - 1
		: end == digits || end - digits > 15)
		return false;
	if (m == 0) {
		*out = 0.0;   /* "-0" is 0 */
		return true;
	}
	/* m < 10^15: converted as signed, which needs no test of the top
	 * bit as an unsigned conversion does. */
	*out = (double)(int64_t)m / numparse_pow10[dot ? end - 1 - dot : 0];
	if (neg)
		*out = -*out;
	return true;
}

/* numparse_double, with the fast path inline. */
static inline numparse_result numparse_double_quick(const char *text,
						    size_t len, double *out)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (numparse_double_short(text, len, out))
		return NUMPARSE_OK;
#endif
	return numparse_double(text, len, out);
}

/* Digits a long always holds. */
#if LONG_MAX >= 999999999999999999
#define NUMPARSE_LONG_SAFE_DIGITS 18
#else
#define NUMPARSE_LONG_SAFE_DIGITS 9
#endif

/* numparse_long, with the common form ([-]DIGITS, few enough digits that
 * no overflow is possible) inline. */
static inline numparse_result numparse_long_quick(const char *text,
						  size_t len, long *out)
{
	size_t i = len > 0 && text[0] == '-';
	long v = 0;

	if (len - i == 0 || len - i > NUMPARSE_LONG_SAFE_DIGITS)
		return numparse_long(text, len, out);
	for (size_t j = i; j < len; j++) {
		unsigned dgt = (unsigned)(unsigned char)text[j] - '0';

		if (dgt > 9)
			return numparse_long(text, len, out);
		v = v * 10 + (long)dgt;
	}
	*out = i ? -v : v;
	return NUMPARSE_OK;
}

#endif
