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
#include <string.h>

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

/* The fast paths, inline for a reader of millions of fields.  Each takes
 * only the common form and returns false for anything else, leaving *OUT
 * alone; numparse_double and numparse_long then decide, so
 * numparse_double_quick and numparse_long_quick give exactly their
 * results, at a fraction of the cost for the common form. */

/* 10^0 .. 10^22, each exact as a double. */
extern const double numparse_pow10[23];

/* The fields of a study are mostly short numbers ("11595.3", "1234"): up
 * to eight bytes are judged and converted as one 64-bit word, with no
 * branch per byte, where a byte loop mispredicts at every field whose
 * length differs from the last one's.  Only on a little-endian machine,
 * where the first byte of the text is the lowest byte of the word. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NUMPARSE_WORDS 1

#define NUMPARSE_ONES UINT64_C(0x0101010101010101)

/* The LEN (1..8) bytes at TEXT as a word, zero above them, read with
 * loads that overlap rather than past the end of the field. */
static inline uint64_t numparse_word(const char *text, size_t len)
{
	uint32_t lo4, hi4;
	uint16_t lo2, hi2;

	if (len >= 4) {
		memcpy(&lo4, text, 4);
		memcpy(&hi4, text + len - 4, 4);
		return lo4 | (uint64_t)hi4 << (8 * (len - 4));
	}
	if (len >= 2) {
		memcpy(&lo2, text, 2);
		memcpy(&hi2, text + len - 2, 2);
		return lo2 | (uint64_t)hi2 << (8 * (len - 2));
	}
	return (unsigned char)text[0];
}

/* The mask of the low N (0..8) bytes of a word. */
static inline uint64_t numparse_low_bytes(size_t n)
{
	return n >= 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * n)) - 1;
}

/* Whether the low N bytes of W are all ASCII digits; *VALUE is then
 * their decimal value, the lowest byte the first digit.  A byte is a
 * digit when its high half is 3 and adding 6 keeps it so (0x30..0x39);
 * adding 6 to the whole word carries out of a byte only from 0xFA and
 * above, which the first test has refused.  The bytes above N are made
 * '0' first, and the three steps join the digits in pairs, fours and
 * eights. */
static inline bool numparse_word_digits(uint64_t w, size_t n,
					uint64_t *value)
{
	const uint64_t zeros = NUMPARSE_ONES * '0';
	const uint64_t high = NUMPARSE_ONES * 0xF0;
	uint64_t t = w | (zeros & ~numparse_low_bytes(n));
	uint64_t d;

	if ((t & high) != zeros || ((t + NUMPARSE_ONES * 6) & high) != zeros)
		return false;
	/* The first digit to the top byte: the bytes below become leading
	 * zeros. */
	d = (t - zeros) << (8 * (8 - n));
	d = (d * 10 + (d >> 8)) & UINT64_C(0x00FF00FF00FF00FF);
	d = (d * 100 + (d >> 16)) & UINT64_C(0x0000FFFF0000FFFF);
	d = (d * 10000 + (d >> 32)) & UINT64_C(0xFFFFFFFF);
	*value = d;
	return true;
}

/* DIGITS[.DIGITS] in the low N (1..8) bytes of W, as numparse_double_short
 * takes it: *M the digits as one integer, *FRAC how many follow the point. */
static inline bool numparse_word_decimal(uint64_t w, size_t n, uint64_t *m,
					 size_t *frac)
{
	/* Bytes equal to '.' become zero, the bytes above N 0xFF; the lowest
	 * zero byte is then found exactly (only bytes above it can be
	 * flagged wrongly). */
	uint64_t x = (w ^ (NUMPARSE_ONES * '.')) | ~numparse_low_bytes(n);
	uint64_t dots = (x - NUMPARSE_ONES) & ~x & (NUMPARSE_ONES * 0x80);
	size_t at;

	if (!dots) {
		*frac = 0;
		return numparse_word_digits(w, n, m);
	}
	at = (size_t)__builtin_ctzll(dots) / 8;
	if (at == 0 || at == n - 1)
		return false;
	/* The point taken out; a second one is refused as a non-digit. */
	w = (w & numparse_low_bytes(at)) | (w >> (8 * (at + 1))) << (8 * at);
	*frac = n - 1 - at;
	return numparse_word_digits(w, n - 1, m);
}
#endif

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
	size_t frac;

	p += neg;
	digits = p;
#ifdef NUMPARSE_WORDS
	if (p < end && end - p <= 8) {
		if (!numparse_word_decimal(numparse_word(p, (size_t)(end - p)),
					   (size_t)(end - p), &m, &frac))
			return false;
		goto convert;
	}
#endif
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
	frac = dot ? (size_t)(end - 1 - dot) : 0;
#ifdef NUMPARSE_WORDS
convert:
#endif
	if (m == 0) {
		*out = 0.0;   /* "-0" is 0 */
		return true;
	}
	/* m < 10^15: converted as signed, which needs no test of the top
	 * bit as an unsigned conversion does. */
	*out = (double)(int64_t)m / numparse_pow10[frac];
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
#ifdef NUMPARSE_WORDS
	if (len - i <= 8) {
		uint64_t w;

		if (!numparse_word_digits(numparse_word(text + i, len - i),
					  len - i, &w))
			return numparse_long(text, len, out);
		*out = i ? -(long)w : (long)w;
		return NUMPARSE_OK;
	}
#endif
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
