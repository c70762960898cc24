/* numparse.c: strict number parsing.
 *
 * Decimals are checked against the grammar here, then converted.  Most
 * numbers in a study are short ("1234.567"), and for those one exact
 * operation is enough: when the digits form an integer M < 2^53 and the
 * decimal exponent E satisfies |E| <= 22, both M and 10^|E| are exact
 * doubles, and one IEEE multiplication or division rounds once, correctly
 * (Clinger, "How to read floating point numbers accurately", PLDI 1990).
 * Everything else goes to strtod, which glibc rounds correctly, run under
 * the C locale through uselocale() so a de_DE process still reads '.' as
 * the decimal mark.  setlocale is never touched. */
#include "common/numparse.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* True when TEXT (LEN bytes) equals the lower-case WORD, ignoring case. */
static bool word_equal(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word);
	if (len != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != word[i])
			return false;
	}
	return true;
}

/* The C locale, made once, under pthread_once since files are read on
 * several threads.  It lives as long as the process: glibc hands out a
 * static object for "C" anyway. */
static locale_t numparse_c;

static void numparse_c_init(void)
{
	numparse_c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

static locale_t numparse_c_locale(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, numparse_c_init);
	return numparse_c;
}

/* strtod in the C locale over TEXT, already known to match the grammar. */
static numparse_result numparse_slow(const char *text, size_t len,
				     double *out)
{
	char small[128];
	char *copy = small;
	locale_t c_locale = numparse_c_locale();
	locale_t old;
	double v;
	char *end;

	if (c_locale == (locale_t)0)
		return NUMPARSE_NOMEM;
	if (len >= sizeof small) {
		copy = malloc(len + 1);
		if (!copy)
			return NUMPARSE_NOMEM;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	old = uselocale(c_locale);
	errno = 0;
	v = strtod(copy, &end);
	uselocale(old);
	if (copy != small)
		free(copy);
	/* ERANGE also flags underflow, which gives a usable 0 or subnormal;
	 * only an infinite result is refused. */
	if (isinf(v))
		return NUMPARSE_NOT_FINITE;
	*out = v + 0.0;  /* -0 becomes 0 */
	return NUMPARSE_OK;
}

const double numparse_pow10[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* The significant digits of a decimal number as they are read: while
 * there are fewer than 19, mant x 10^scale is the value read so far. */
typedef struct digits {
	uint64_t mant;
	int sig;                /* significant digits (leading zeros not) */
	bool exact;             /* every significant digit is in mant */
	long scale;
} digits;

/* Reads the run of digits at TEXT[*I..LEN) into D (FRACTION: they follow
 * the decimal point); false when there is none. */
static inline bool read_digits(const char *text, size_t len, size_t *i,
			       digits *d, bool fraction)
{
	size_t start = *i;

	for (; *i < len && is_digit(text[*i]); (*i)++) {
		int dgt = text[*i] - '0';
		if (d->sig == 0 && dgt == 0) {
			d->scale -= fraction;
			continue;
		}
		if (d->sig < 19) {
			d->mant = d->mant * 10 + (uint64_t)dgt;
			d->scale -= fraction;
		} else {
			d->exact = false;
		}
		d->sig++;
	}
	return *i > start;
}

/* Reads the exponent at TEXT[*I..LEN) ("e", a sign, digits) into *EXP10;
 * true when there is none, false when it has no digits. */
static inline bool read_exponent(const char *text, size_t len, size_t *i,
				 long *exp10)
{
	bool neg = false;
	size_t start;

	*exp10 = 0;
	if (*i == len || (text[*i] != 'e' && text[*i] != 'E'))
		return true;
	(*i)++;
	if (*i < len && (text[*i] == '+' || text[*i] == '-'))
		neg = text[(*i)++] == '-';
	start = *i;
	for (; *i < len && is_digit(text[*i]); (*i)++)
		if (*exp10 < 100000)  /* far past any double */
			*exp10 = *exp10 * 10 + (text[*i] - '0');
	if (neg)
		*exp10 = -*exp10;
	return *i > start;
}

/* The result for a field that does not start with a digit: only such a
 * field can spell inf or nan, so the words are looked for only then, off
 * the common path. */
static numparse_result not_digits(const char *text, size_t len)
{
	if (word_equal(text, len, "inf") || word_equal(text, len, "infinity"))
		return NUMPARSE_NOT_FINITE;
	if (word_equal(text, len, "nan"))
		return NUMPARSE_NAN;
	return NUMPARSE_SYNTAX;
}

numparse_result numparse_double(const char *text, size_t len, double *out)
{
	size_t i = 0;
	digits d = { 0, 0, true, 0 };
	long exp10;

#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (numparse_double_short(text, len, out))
		return NUMPARSE_OK;
#endif
	if (len > 0 && text[0] == '-')
		i = 1;
	if (i == len || !is_digit(text[i]))
		return not_digits(text + i, len - i);
	read_digits(text, len, &i, &d, false);
	if (i < len && text[i] == '.') {
		i++;
		if (!read_digits(text, len, &i, &d, true))
			return NUMPARSE_SYNTAX;
	}
	if (!read_exponent(text, len, &i, &exp10) || i != len)
		return NUMPARSE_SYNTAX;

	/* Digits dropped past the 19th were counted in neither mant nor
	 * scale: the value is then for strtod, never for the fast path. */
	d.scale += exp10;
	if (d.mant == 0 && d.exact) {
		*out = 0.0;
		return NUMPARSE_OK;
	}
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	if (d.exact && d.mant < ((uint64_t)1 << 53) && d.scale >= -22
	    && d.scale <= 22) {
		double v = (double)d.mant;
		v = d.scale >= 0 ? v * numparse_pow10[d.scale]
				 : v / numparse_pow10[-d.scale];
		*out = text[0] == '-' ? -v : v;
		return NUMPARSE_OK;
	}
#endif
	return numparse_slow(text, len, out);
}

/* Digits that always fit an unsigned long. */
#if ULONG_MAX >= 0xFFFFFFFFFFFFFFFF
#define ULONG_SAFE_DIGITS 19
#else
#define ULONG_SAFE_DIGITS 9
#endif

/* Reads the digits TEXT[0..LEN) into *OUT: NUMPARSE_SYNTAX when there are
 * none or a non-digit, NUMPARSE_RANGE above ULONG_MAX. */
static numparse_result digits_ulong(const char *text, size_t len,
				    unsigned long *out)
{
	unsigned long v = 0;
	bool range = false;

	if (len == 0)
		return NUMPARSE_SYNTAX;
	/* One pass; a syntax error anywhere wins over an overflow, so
	 * "99999999999999999999x" is not a number at all.  The first
	 * ULONG_SAFE_DIGITS digits cannot overflow, so only longer numbers
	 * are checked. */
	for (size_t i = 0; i < len; i++) {
		unsigned dgt = (unsigned)(text[i] - '0');

		if (dgt > 9)
			return NUMPARSE_SYNTAX;
		if (i >= ULONG_SAFE_DIGITS && v > (ULONG_MAX - dgt) / 10)
			range = true;
		v = v * 10 + dgt;
	}
	if (range)
		return NUMPARSE_RANGE;
	*out = v;
	return NUMPARSE_OK;
}

numparse_result numparse_ulong(const char *text, size_t len,
			       unsigned long *out)
{
	unsigned long v;
	numparse_result r;

	if (len > 0 && text[0] == '-') {
		r = digits_ulong(text + 1, len - 1, &v);
		return r == NUMPARSE_SYNTAX ? r : NUMPARSE_NEGATIVE;
	}
	return digits_ulong(text, len, out);
}

numparse_result numparse_long(const char *text, size_t len, long *out)
{
	bool neg = len > 0 && text[0] == '-';
	unsigned long v;
	numparse_result r = digits_ulong(text + neg, len - neg, &v);

	if (r != NUMPARSE_OK)
		return r;
	if (neg) {
		/* -LONG_MIN does not fit a long: compare magnitudes. */
		if (v > (unsigned long)LONG_MAX + 1)
			return NUMPARSE_RANGE;
		*out = v == (unsigned long)LONG_MAX + 1 ? LONG_MIN : -(long)v;
	} else {
		if (v > (unsigned long)LONG_MAX)
			return NUMPARSE_RANGE;
		*out = (long)v;
	}
	return NUMPARSE_OK;
}

static bool digit_at(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* The exponent written after the 'e' or 'E' at E, its size clamped to
 * 100000 so that no written number can overflow it. */
static long exponent_at(const char *e)
{
	bool neg = e[1] == '-';
	long exp = 0;

	for (e += 1 + (e[1] == '-' || e[1] == '+'); digit_at(*e); e++)
		if (exp < 100000)
			exp = exp * 10 + (*e - '0');
	return neg ? -exp : exp;
}

int numparse_decimals(const char *s)
{
	const char *p = strchr(s, '.');
	const char *e = strpbrk(s, "eE");
	long frac = 0, exp = 0, dec;

	if (p)
		for (p++; digit_at(*p); p++)
			if (frac < 100000)
				frac++;
	if (e)
		exp = exponent_at(e);
	dec = frac - exp;
	return (int)(dec < 0 ? 0 : dec > 1000 ? 1000 : dec);
}

long numparse_fixed_digits(const char *s)
{
	long whole = 0, exp = 0, first = -1, pos = 0, point, last;
	const char *e = strpbrk(s, "eE");
	bool in_frac = false;

	for (const char *p = s; *p && p != e; p++) {
		if (*p == '.') {
			in_frac = true;
			continue;
		}
		if (!digit_at(*p))
			continue;
		if (first < 0 && *p != '0')
			first = pos;
		if (pos < 100000)
			pos++;
		if (!in_frac && whole < 100000)
			whole++;
	}
	if (e)
		exp = exponent_at(e);
	if (first < 0)
		return 0;
	point = whole + exp;    /* digits before the point, in fixed form */
	last = pos - 1 > point - 1 ? pos - 1 : point - 1;
	return last - first + 1 > 100000 ? 100000 : last - first + 1;
}
