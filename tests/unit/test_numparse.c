/* test_numparse.c: strict number parsing against known values.
 *
 * Expected doubles are C literals: the compiler converts them on its own
 * (GCC uses MPFR), independently of the code under test, and both must be
 * the nearest double.  The sweep compares with glibc's strtod (the test runs
 * under LC_ALL=C), which rounds correctly. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/numparse.h"
#include "tests/lib/tap.h"

static bool same_double(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* TEXT must parse to exactly WANT. */
static void ok_double(const char *text, double want)
{
	double got = -12345.0;
	numparse_result r = numparse_double(text, strlen(text), &got);
	if (r != NUMPARSE_OK || !same_double(got, want))
		tap_diag("'%s': result %d, got %.17g, want %.17g", text,
			 (int)r, got, want);
	tap_ok(r == NUMPARSE_OK && same_double(got, want),
	       "double '%s' = %.17g", text, want);
}

/* LEN bytes at TEXT must be refused with WANT, leaving *out alone. */
static void bad_double_n(const char *text, size_t len, numparse_result want,
			 const char *name)
{
	double got = 42.0;
	numparse_result r = numparse_double(text, len, &got);
	if (r != want)
		tap_diag("%s: result %d, want %d", name, (int)r, (int)want);
	tap_ok(r == want && same_double(got, 42.0), "double refuses %s", name);
}

static void bad_double(const char *text, numparse_result want)
{
	char name[64];
	snprintf(name, sizeof name, "'%s'", text);
	bad_double_n(text, strlen(text), want, name);
}

static void test_known_values(void)
{
	ok_double("0.1", 0.1);
	ok_double("1e-5", 1e-5);
	ok_double("0", 0.0);
	ok_double("12", 12.0);
	ok_double("007", 7.0);
	ok_double("-3", -3.0);
	ok_double("1.5E+3", 1500.0);
	ok_double("1e0", 1.0);
	ok_double("2.5e-3", 0.0025);
	ok_double("19.045", 19.045);
	ok_double("0.30000000000000004", 0.30000000000000004);
	/* DBL_MIN, the smallest normal double. */
	ok_double("2.2250738585072014e-308", 2.2250738585072014e-308);
	/* The value that hung PHP and Java: just below DBL_MIN. */
	ok_double("2.2250738585072011e-308", 2.2250738585072011e-308);
	/* 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: ties to even
	 * gives 2^53 = 9007199254740992. */
	ok_double("9007199254740993", 9007199254740992.0);
	/* 2^53 + 3 is halfway between 2^53 + 2 and 2^53 + 4: even is
	 * 2^53 + 4 = 9007199254740996. */
	ok_double("9007199254740995", 9007199254740996.0);
	ok_double("1.7976931348623157e308", DBL_MAX);
	ok_double("4.9406564584124654e-324", 4.9406564584124654e-324);
	ok_double("1e22", 1e22);
	ok_double("1e23", 1e23);
	ok_double("123456789012345678901234567890", 1.2345678901234568e29);
	ok_double("0.000000000000000000000000000001", 1e-30);
	ok_double("1e-400", 0.0);      /* underflow to 0 is accepted */
	ok_double("0e99999999999", 0.0);
	ok_double("1e-99999999999", 0.0);
	ok_double("-0", 0.0);          /* and +0, not -0 */
	ok_double("-0.0e5", 0.0);
}

static void test_refused(void)
{
	bad_double("1e309", NUMPARSE_NOT_FINITE);
	bad_double("-1e309", NUMPARSE_NOT_FINITE);
	bad_double("1.8e308", NUMPARSE_NOT_FINITE);
	bad_double("1e99999999999", NUMPARSE_NOT_FINITE);
	bad_double("inf", NUMPARSE_NOT_FINITE);
	bad_double("-Inf", NUMPARSE_NOT_FINITE);
	bad_double("INFINITY", NUMPARSE_NOT_FINITE);
	bad_double("nan", NUMPARSE_NAN);
	bad_double("NaN", NUMPARSE_NAN);
	bad_double("-nan", NUMPARSE_NAN);
	bad_double("", NUMPARSE_SYNTAX);
	bad_double("-", NUMPARSE_SYNTAX);
	bad_double(" 1", NUMPARSE_SYNTAX);
	bad_double("1 ", NUMPARSE_SYNTAX);
	bad_double("+1", NUMPARSE_SYNTAX);
	bad_double(".5", NUMPARSE_SYNTAX);
	bad_double("12.", NUMPARSE_SYNTAX);
	bad_double("1e", NUMPARSE_SYNTAX);
	bad_double("1e+", NUMPARSE_SYNTAX);
	bad_double("1e-", NUMPARSE_SYNTAX);
	bad_double("12,5", NUMPARSE_SYNTAX);
	bad_double("0x10", NUMPARSE_SYNTAX);
	bad_double("0x1p3", NUMPARSE_SYNTAX);
	bad_double("1..2", NUMPARSE_SYNTAX);
	bad_double("1e5.5", NUMPARSE_SYNTAX);
	bad_double("--1", NUMPARSE_SYNTAX);
	bad_double("1_000", NUMPARSE_SYNTAX);
	bad_double("abc", NUMPARSE_SYNTAX);
	bad_double("nan(1)", NUMPARSE_SYNTAX);
	bad_double("+inf", NUMPARSE_SYNTAX);
	bad_double_n("1\0", 2, NUMPARSE_SYNTAX, "'1' then NUL");
	bad_double_n("\0" "1", 2, NUMPARSE_SYNTAX, "NUL then '1'");
}

/* The input is (text, len): bytes after LEN are not looked at. */
static void test_not_terminated(void)
{
	double v = 0;
	numparse_result r = numparse_double("12345", 3, &v);
	tap_ok(r == NUMPARSE_OK && same_double(v, 123.0),
	       "double reads only LEN bytes ('123' of '12345')");
	r = numparse_double("1.5e3x", 5, &v);
	tap_ok(r == NUMPARSE_OK && same_double(v, 1500.0),
	       "double reads only LEN bytes ('1.5e3' of '1.5e3x')");
}

/* A small xorshift generator: the sweep is the same on every machine. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rng_next(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Writes a random decimal in the accepted grammar into BUF. */
static void random_decimal(char *buf, size_t size)
{
	size_t o = 0;
	unsigned int_digits = 1 + (unsigned)(rng_next() % 10);
	unsigned frac_digits = (unsigned)(rng_next() % 12);
	unsigned form = (unsigned)(rng_next() % 4);

	if (rng_next() % 4 == 0)
		buf[o++] = '-';
	for (unsigned i = 0; i < int_digits; i++)
		buf[o++] = (char)('0' + rng_next() % 10);
	if (frac_digits) {
		buf[o++] = '.';
		for (unsigned i = 0; i < frac_digits; i++)
			buf[o++] = (char)('0' + rng_next() % 10);
	}
	if (form == 1)      /* exponents the fast path takes */
		o += (size_t)snprintf(buf + o, size - o, "e%d",
				      (int)(rng_next() % 45) - 22);
	else if (form == 2) /* the whole range, and past it */
		o += (size_t)snprintf(buf + o, size - o, "E%+d",
				      (int)(rng_next() % 660) - 330);
	buf[o] = '\0';
}

static void test_sweep(void)
{
	enum { N = 200000 };
	size_t mismatches = 0;

	for (int i = 0; i < N; i++) {
		char buf[64];
		char *end;
		double want, got = 0;
		numparse_result r;
		bool ok;

		random_decimal(buf, sizeof buf);
		want = strtod(buf, &end) + 0.0;
		r = numparse_double(buf, strlen(buf), &got);
		if (want > DBL_MAX || want < -DBL_MAX)
			ok = r == NUMPARSE_NOT_FINITE;
		else
			ok = r == NUMPARSE_OK && same_double(got, want);
		if (!ok && mismatches++ < 5)
			tap_diag("sweep: '%s': result %d, got %.17g, strtod "
				 "%.17g", buf, (int)r, got, want);
	}
	tap_ok(mismatches == 0, "double equals strtod on %d random decimals",
	       N);
}

/* In a locale with a decimal comma, strtod alone would stop at the '.';
 * numparse must not care.  uselocale changes only this thread's locale,
 * so no setlocale is needed. */
static void test_comma_locale(void)
{
	static const char *const names[] = {
		"de_DE.UTF-8", "de_DE.utf8", "cs_CZ.UTF-8", "fr_FR.UTF-8"
	};
	locale_t loc = (locale_t)0;
	locale_t old;
	double a = 0, b = 0, c = 0;
	numparse_result ra, rb, rc;

	/* Only a locale where strtod itself misreads "1.5" shows anything. */
	for (size_t i = 0; i < sizeof names / sizeof names[0] && !loc; i++) {
		loc = newlocale(LC_NUMERIC_MASK, names[i], (locale_t)0);
		if (!loc)
			continue;
		old = uselocale(loc);
		a = strtod("1.5", NULL);
		uselocale(old);
		if (same_double(a, 1.5)) {
			freelocale(loc);
			loc = (locale_t)0;
		}
	}
	if (!loc) {
		tap_ok(true, "# SKIP no locale with a decimal comma installed");
		return;
	}
	old = uselocale(loc);
	ra = numparse_double("1.5", 3, &a);
	rb = numparse_double("1.00000000000000000000001",
			     strlen("1.00000000000000000000001"), &b);
	rc = numparse_double("12,5", 4, &c);
	uselocale(old);
	freelocale(loc);
	tap_ok(ra == NUMPARSE_OK && same_double(a, 1.5) && rb == NUMPARSE_OK
	       && same_double(b, 1.0) && rc == NUMPARSE_SYNTAX,
	       "double reads '.' and refuses ',' under a decimal-comma locale");
}

static void ok_ulong(const char *text, unsigned long want)
{
	unsigned long got = 7;
	numparse_result r = numparse_ulong(text, strlen(text), &got);
	tap_ok(r == NUMPARSE_OK && got == want, "ulong '%s' = %lu", text,
	       want);
}

static void bad_ulong(const char *text, numparse_result want)
{
	unsigned long got = 7;
	numparse_result r = numparse_ulong(text, strlen(text), &got);
	tap_ok(r == want && got == 7, "ulong refuses '%s' (%d)", text,
	       (int)want);
}

static void ok_long(const char *text, long want)
{
	long got = 7;
	numparse_result r = numparse_long(text, strlen(text), &got);
	tap_ok(r == NUMPARSE_OK && got == want, "long '%s' = %ld", text, want);
}

static void bad_long(const char *text, numparse_result want)
{
	long got = 7;
	numparse_result r = numparse_long(text, strlen(text), &got);
	tap_ok(r == want && got == 7, "long refuses '%s' (%d)", text,
	       (int)want);
}

static void test_integers(void)
{
	_Static_assert(sizeof(long) == 8, "the limits below are for LP64");
	ok_ulong("0", 0);
	ok_ulong("42", 42);
	ok_ulong("0007", 7);
	ok_ulong("18446744073709551615", ULONG_MAX);
	bad_ulong("18446744073709551616", NUMPARSE_RANGE);
	bad_ulong("99999999999999999999999", NUMPARSE_RANGE);
	bad_ulong("-1", NUMPARSE_NEGATIVE);
	bad_ulong("", NUMPARSE_SYNTAX);
	bad_ulong("-", NUMPARSE_SYNTAX);
	bad_ulong("+1", NUMPARSE_SYNTAX);
	bad_ulong(" 1", NUMPARSE_SYNTAX);
	bad_ulong("1a", NUMPARSE_SYNTAX);
	bad_ulong("1.0", NUMPARSE_SYNTAX);
	bad_ulong("0x10", NUMPARSE_SYNTAX);
	ok_long("0", 0);
	ok_long("-17", -17);
	ok_long("9223372036854775807", LONG_MAX);
	ok_long("-9223372036854775808", LONG_MIN);
	bad_long("9223372036854775808", NUMPARSE_RANGE);
	bad_long("-9223372036854775809", NUMPARSE_RANGE);
	bad_long("", NUMPARSE_SYNTAX);
	bad_long("-", NUMPARSE_SYNTAX);
	bad_long("--1", NUMPARSE_SYNTAX);
	bad_long("1e3", NUMPARSE_SYNTAX);
}

/* The bytes the quick paths must tell apart: digits, the point, the sign,
 * the neighbours of '0'..'9' and of '.' in ASCII, bytes whose low half
 * is a digit's, NUL, and a letter of an exponent. */
static const char quick_alphabet[] = "0123456789.-/:+,e?\xb5\xff";
#define QUICK_SYMBOLS (sizeof quick_alphabet) /* the NUL counts too */

/* How many ASCII digits start TEXT (of LEN bytes). */
static size_t digits_at(const char *text, size_t len)
{
	size_t n = 0;
	while (n < len && text[n] >= '0' && text[n] <= '9')
		n++;
	return n;
}

/* The grammar of numparse_double, spelled out on its own: [-]DIGITS
 * [.DIGITS][(e|E)[+|-]DIGITS]; the grammar of numparse_long, [-]DIGITS. */
static bool grammar_double(const char *t, size_t len, bool *integer)
{
	size_t i = t[0] == '-', n;

	if (!(n = digits_at(t + i, len - i)))
		return false;
	i += n;
	*integer = i == len;
	if (i < len && t[i] == '.') {
		if (!(n = digits_at(t + i + 1, len - i - 1)))
			return false;
		i += 1 + n;
	}
	if (i < len && (t[i] == 'e' || t[i] == 'E')) {
		i++;
		i += i < len && (t[i] == '+' || t[i] == '-');
		if (!(n = digits_at(t + i, len - i)))
			return false;
		i += n;
	}
	return i == len;
}

/* Both paths of both parsers must give what the grammar and glibc's
 * strtod and strtol (correctly rounded, in the C locale) give, and leave
 * *out alone when they refuse.  TEXT holds no "inf" or "nan". */
static bool quick_agrees(const char *text, size_t len)
{
	char copy[32];
	bool integer = false;
	bool number = len > 0 && grammar_double(text, len, &integer);
	double want_d = 42.0, d[2] = { 42.0, 42.0 };
	long want_l = 7, l[2] = { 7, 7 };
	numparse_result want_dr = NUMPARSE_SYNTAX, want_lr = NUMPARSE_SYNTAX;
	numparse_result dr[2], lr[2];

	memcpy(copy, text, len);
	copy[len] = '\0';
	if (number) {
		want_d = strtod(copy, NULL) + 0.0;   /* "-0" is 0 */
		want_dr = isinf(want_d) ? NUMPARSE_NOT_FINITE : NUMPARSE_OK;
		if (want_dr != NUMPARSE_OK)
			want_d = 42.0;
	}
	if (number && integer) {
		errno = 0;
		want_l = strtol(copy, NULL, 10);
		want_lr = errno == ERANGE ? NUMPARSE_RANGE : NUMPARSE_OK;
		if (want_lr != NUMPARSE_OK)
			want_l = 7;
	}
	dr[0] = numparse_double(text, len, &d[0]);
	dr[1] = numparse_double_quick(text, len, &d[1]);
	lr[0] = numparse_long(text, len, &l[0]);
	lr[1] = numparse_long_quick(text, len, &l[1]);
	for (int k = 0; k < 2; k++)
		if (dr[k] != want_dr || !same_double(d[k], want_d)
		    || lr[k] != want_lr || l[k] != want_l)
			return false;
	return true;
}

/* TEXT as hex for a message: it may hold NULs and bytes above 0x7F. */
static const char *hex_of(const char *text, size_t len)
{
	static char out[3 * 24 + 1];
	size_t o = 0;

	for (size_t i = 0; i < len && i < 24; i++)
		o += (size_t)snprintf(out + o, sizeof out - o, "%02x ",
				      (unsigned char)text[i]);
	out[o ? o - 1 : 0] = '\0';
	return out;
}

/* Whether every text of LEN bytes over ALPHABET (of N symbols) agrees;
 * counts them into *TRIED and the failures into *BAD. */
static void quick_every(const char *alphabet, size_t n, size_t len,
			size_t *tried, size_t *bad)
{
	size_t total = 1;
	char buf[24];

	for (size_t i = 0; i < len; i++)
		total *= n;
	for (size_t code = 0; code < total; code++, (*tried)++) {
		size_t c = code;
		for (size_t i = 0; i < len; i++, c /= n)
			buf[i] = alphabet[c % n];
		if (!quick_agrees(buf, len) && (*bad)++ < 5)
			tap_diag("quick: %s", hex_of(buf, len));
	}
}

/* Every text of up to five bytes over the whole alphabet (4.3 million),
 * every one of six to nine bytes over the bytes that decide a short
 * number (2.4 million), every place of one or two points in a number of
 * one to nine bytes, then random texts of up to 17 bytes. */
static void test_quick_paths(void)
{
	static const char deciders[] = "1.-/:";
	char buf[24];
	size_t bad = 0, tried = 0;

	for (size_t len = 0; len <= 5; len++)
		quick_every(quick_alphabet, QUICK_SYMBOLS, len, &tried, &bad);
	for (size_t len = 6; len <= 9; len++)
		quick_every(deciders, sizeof deciders - 1, len, &tried, &bad);
	for (size_t len = 1; len <= 9; len++)
		for (size_t sign = 0; sign < 2; sign++)
			for (size_t p = 0; p < len; p++)
				for (size_t q = p; q < len; q++, tried++) {
					for (size_t i = 0; i < len; i++)
						buf[i] = (char)('1' + i % 9);
					buf[0] = sign ? '-' : buf[0];
					buf[p] = buf[q] = '.';
					if (!quick_agrees(buf, len) && bad++ < 5)
						tap_diag("quick: %s",
							 hex_of(buf, len));
				}
	for (int k = 0; k < 2000000; k++, tried++) {
		size_t len = 1 + (size_t)(rng_next() % 17);
		/* Mostly digits, so that many are numbers. */
		for (size_t i = 0; i < len; i++)
			buf[i] = rng_next() % 4
				 ? (char)('0' + rng_next() % 10)
				 : quick_alphabet[rng_next() % QUICK_SYMBOLS];
		if (!quick_agrees(buf, len) && bad++ < 5)
			tap_diag("quick: %s", hex_of(buf, len));
	}
	tap_ok(bad == 0, "both paths agree with the grammar and strtod on %zu "
	       "texts", tried);
}

/* The fast path must take the common forms itself (else it is no fast
 * path), with the values a C compiler gives the same literals, and turn
 * down every other form. */
static void test_short_forms(void)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
	static const struct { const char *text; double want; } taken[] = {
		{ "11595.3", 11595.3 }, { "1234", 1234.0 }, { "-0.5", -0.5 },
		{ "12345678", 12345678.0 }, { "-1.234567", -1.234567 },
		{ "-0", 0.0 }, { "7", 7.0 }, { "1234567.8", 1234567.8 },
		{ "0.0000001", 0.0000001 }, { "9.9999999", 9.9999999 },
		{ "123456789012.345", 123456789012.345 },
	};
	static const char *const refused[] = {
		"", "-", "1.", ".5", "1..2", "1.2.3", "1e5", "12a4", "1/3",
		"1:3", "+1", "--1", "1234567890123456", "-.", ".", "1.2\xb5",
	};
	bool ok = true;

	for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
		double got = 0;
		if (!numparse_double_short(taken[i].text, strlen(taken[i].text),
					   &got)
		    || !same_double(got, taken[i].want)) {
			tap_diag("short: '%s' gave %.17g", taken[i].text, got);
			ok = false;
		}
	}
	tap_ok(ok, "the fast path takes the common forms, correctly rounded");
	ok = true;
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		double got = 42.0;
		if (numparse_double_short(refused[i], strlen(refused[i]), &got)
		    || !same_double(got, 42.0)) {
			tap_diag("short: took '%s'", refused[i]);
			ok = false;
		}
	}
	tap_ok(ok, "the fast path leaves every other form to the general one");
#endif
	/* Else the fast path is not used: doubles would round twice. */
}

/* Fields that end at the last byte of a page, or start at the first,
 * beside pages that cannot be read: no path may read past the field. */
static void test_quick_page_end(void)
{
	static const char *const texts[] = {
		"7", "-7", "12", "1.5", "-1.5", "9876", "98.76", "987654",
		"-98765.4", "12345678", "1234567.8", "-1234567", "-1234.567",
	};
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, page * 3, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *mid = map + page;
	bool ok = true;

	if (map == MAP_FAILED) {
		tap_ok(false, "guard pages for the page-end test");
		return;
	}
	if (mprotect(mid, page, PROT_READ | PROT_WRITE)) {
		munmap(map, page * 3);
		tap_ok(false, "guard pages for the page-end test");
		return;
	}
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		size_t len = strlen(texts[i]);
		char *at[2] = { mid + page - len, mid };

		for (int k = 0; k < 2; k++) {
			double d = 0;
			memcpy(at[k], texts[i], len);
			if (numparse_double_quick(at[k], len, &d) != NUMPARSE_OK
			    || !same_double(d, strtod(texts[i], NULL)))
				ok = false;
			if (!strchr(texts[i], '.')) {
				long l = 0;
				if (numparse_long_quick(at[k], len, &l)
					    != NUMPARSE_OK
				    || l != strtol(texts[i], NULL, 10))
					ok = false;
			}
		}
	}
	munmap(map, page * 3);
	tap_ok(ok, "fields at either end of a readable page are read in place");
}

/* The precision of a number as written, by hand: decimals shifted by the
 * exponent, and significant digits in fixed notation. */
static void test_written_precision(void)
{
	static const struct {
		const char *text;
		int decimals;
		long digits;
	} cases[] = {
		{ "1.784", 3, 4 }, { "2", 0, 1 }, { "15e-1", 1, 2 },
		{ "1.5e3", 0, 4 }, { "1.50", 2, 3 }, { "0.0025", 4, 2 },
		{ "25e3", 0, 5 }, { "1e16", 0, 17 }, { "-0.5", 1, 1 },
		{ "0", 0, 0 }, { "2.50E+1", 1, 3 }, { "100", 0, 3 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int dec = numparse_decimals(cases[i].text);
		long dig = numparse_fixed_digits(cases[i].text);
		tap_ok(dec == cases[i].decimals && dig == cases[i].digits,
		       "'%s' has %d decimals (want %d) and %ld significant "
		       "digits (want %ld)", cases[i].text, dec,
		       cases[i].decimals, dig, cases[i].digits);
	}
}

int main(void)
{
	test_known_values();
	test_refused();
	test_not_terminated();
	test_sweep();
	test_comma_locale();
	test_integers();
	test_quick_paths();
	test_short_forms();
	test_quick_page_end();
	test_written_precision();
	return tap_done();
}
