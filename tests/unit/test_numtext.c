/* test_numtext.c: numtext_shortest against its definition, the smallest
 * N whose "%.Ng" reads back, and against forms worked out by hand; the
 * rounded forms of the pages (fixed, beside a boundary, percent, the
 * decimal mark) and grouped counts, written out by hand from the rules
 * in common/numtext.h. */
#include <float.h>
#include <stdarg.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/numtext.h"
#include "tests/lib/tap.h"

/* The definition, searched digit by digit as the header states it. */
static void by_definition(double x, char buf[32])
{
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, x);
		double back = strtod(buf, NULL);
		if (memcmp(&back, &x, sizeof x) == 0)
			return;
	}
}

static void check(double x, const char *want)
{
	char buf[32];

	numtext_shortest(x, buf);
	tap_streq(buf, want, want);
}

/* Counts the values of a sweep whose text differs from the definition's,
 * and names the first. */
typedef struct sweep {
	const char *what;
	long tried, differ;
} sweep;

static void sweep_one(sweep *s, double x)
{
	char got[32], want[32];

	if (!isfinite(x))
		return;
	numtext_shortest(x, got);
	by_definition(x, want);
	s->tried++;
	if (strcmp(got, want) != 0 && s->differ++ == 0)
		tap_diag("%s: %a gives '%s', the definition '%s'", s->what, x,
			 got, want);
}

static void sweep_done(const sweep *s, long at_least)
{
	tap_ok(s->differ == 0 && s->tried >= at_least,
	       "%s: %ld values as the definition (%ld differ)", s->what,
	       s->tried, s->differ);
}

static uint64_t next_bits(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* Random bit patterns: mostly 16 and 17 digits, every exponent. */
static void sweep_bits(void)
{
	sweep s = { "random bit patterns", 0, 0 };
	uint64_t state = 88172645463325252ULL;

	for (int i = 0; i < 200000; i++) {
		uint64_t bits = next_bits(&state);
		double x;
		memcpy(&x, &bits, sizeof x);
		sweep_one(&s, x);
	}
	sweep_done(&s, 190000);
}

/* Short decimals, as measurements and statistics are: 1 to 17 digits,
 * every notation "%g" chooses, and the doubles next to them. */
static void sweep_decimals(void)
{
	sweep s = { "decimals of 1 to 17 digits and their neighbours", 0, 0 };
	uint64_t state = 0x9E3779B97F4A7C15ULL;
	char text[64];

	for (int i = 0; i < 120000; i++) {
		int digits = 1 + (int)(next_bits(&state) % 17);
		int exp10 = (int)(next_bits(&state) % 80) - 40;
		uint64_t m = next_bits(&state) % 100000000000000000ULL;
		snprintf(text, sizeof text, "%llue%d",
			 (unsigned long long)(m % (uint64_t)pow(10, digits)),
			 exp10);
		double x = strtod(text, NULL);
		sweep_one(&s, x);
		sweep_one(&s, -x);
		sweep_one(&s, nextafter(x, INFINITY));
		sweep_one(&s, nextafter(x, -INFINITY));
	}
	sweep_done(&s, 400000);
}

/* Powers of two, where the doubles below are twice as dense as above,
 * powers of ten, and the ends of the normal and subnormal ranges. */
static void sweep_edges(void)
{
	sweep s = { "powers of two and ten, range ends", 0, 0 };

	for (int e = -1074; e <= 1023; e++) {
		double x = ldexp(1.0, e);
		sweep_one(&s, x);
		sweep_one(&s, nextafter(x, 0));
		sweep_one(&s, nextafter(x, INFINITY));
	}
	for (int e = -323; e <= 308; e++) {
		double x = pow(10, e);
		sweep_one(&s, x);
		sweep_one(&s, nextafter(x, 0));
		sweep_one(&s, nextafter(x, INFINITY));
	}
	const double ends[] = { 0.0, -0.0, DBL_MIN, DBL_MAX, DBL_TRUE_MIN,
				-DBL_MIN, -DBL_MAX };
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		sweep_one(&s, ends[i]);
		sweep_one(&s, nextafter(ends[i], 0));
	}
	sweep_done(&s, 8000);
}

static void fixed_is(double x, int dec, bool sign, const char *want,
		     const char *name)
{
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_fixed(x, dec, sign, buf, sizeof buf);
	if (st != PB_OK)
		tap_diag("%s: status %d", name, (int)st);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
}

static void beside_is(double x, int dec, double t, const char *want,
		      const char *name)
{
	const double bounds[2] = { t, -t };
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_beside(x, dec, bounds, t > 0 ? 2 : 0, true, buf,
				     sizeof buf);
	if (st != PB_OK)
		tap_diag("%s: status %d", name, (int)st);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
}

static void percent_is(double f, int dec, const char *want, const char *name)
{
	char buf[NUMTEXT_BUFSIZE];
	pb_status st = numtext_percent(f, dec, buf, sizeof buf);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
}

static void test_fixed(void)
{
	char buf[NUMTEXT_BUFSIZE];

	/* The published figures, at the threshold's 3 decimals. */
	fixed_is(0.625, 3, true, "+0.625", "+0.625: sign shown");
	fixed_is(-1.902, 3, true, "-1.902", "-1.902");
	fixed_is(10.812, 3, true, "+10.812", "+10.812");
	fixed_is(1.784, 3, false, "1.784", "a threshold without sign");
	/* 11.64 has no exact binary form; printed to 3 decimals it is
	 * 11.640 with a trailing zero kept. */
	fixed_is(11.64, 3, true, "+11.640", "trailing zeros are kept");
	fixed_is(0.0, 3, true, "0.000", "an exact zero has no sign");
	fixed_is(-0.0, 3, true, "0.000", "a negative zero has no sign either");
	fixed_is(0.0004, 3, true, "+0.000",
		 "a positive value rounding to zero keeps its '+'");
	fixed_is(-0.0004, 3, true, "-0.000",
		 "a negative value rounding to zero keeps its '-'");
	fixed_is(-0.0004, 3, false, "-0.000",
		 "without SIGNED a negative value still shows '-'");
	fixed_is(0.0004, 3, false, "0.000",
		 "without SIGNED a positive value shows no sign");
	/* 119.4 rounds to 119; 2.5 is exact and a tie: printf rounds to
	 * even, 2. */
	fixed_is(119.4, 0, true, "+119", "0 decimals: no point");
	fixed_is(2.5, 0, false, "2", "a tie rounds as printf does (to even)");
	fixed_is(0.95, 1, false, "0.9",
		 "0.95 is stored below .95 and rounds down");
	tap_ok(numtext_fixed(NAN, 3, true, buf, sizeof buf) == PB_SOFTWARE
	       && buf[0] == '\0', "NaN is refused and leaves \"\"");
	tap_ok(numtext_fixed(INFINITY, 3, true, buf, sizeof buf)
	       == PB_SOFTWARE, "infinity is refused");
	tap_ok(numtext_fixed(1.0, 16, true, buf, sizeof buf) == PB_SOFTWARE,
	       "more than 15 decimals are refused");
	tap_ok(numtext_fixed(1.0, -1, true, buf, sizeof buf) == PB_SOFTWARE,
	       "negative decimals are refused");
	tap_ok(numtext_fixed(123.5, 3, true, buf, 5) == PB_SOFTWARE,
	       "a buffer too small is refused");
	/* 1e300 has 301 digits before the point, and the double nearest
	 * to it starts 1000000000000000052...: printed in full, with no
	 * exponent and nothing cut. */
	tap_ok(numtext_fixed(1e300, 0, true, buf, sizeof buf) == PB_OK
	       && strlen(buf) == 302
	       && strncmp(buf, "+1000000000000000052", 20) == 0,
	       "a huge value is printed in full");
	percent_is(0.95, 2, "95", "0.95 as a percentage: 95");
	percent_is(0.975, 2, "97.5", "0.975: 97.5, trailing zero dropped");
	percent_is(0.799, 1, "79.9", "0.799 with 1 decimal: 79.9");
	percent_is(0.9, 2, "90", "0.9: 90");
	percent_is(1.0, 2, "100", "1: 100");
}

/* Endpoints beside the boundaries 0, T and -T. */
static void test_beside(void)
{
	char buf[NUMTEXT_BUFSIZE];

	/* -0.456 with 1 decimal is -0.5, which is -T; the true bound lies
	 * inside it, and -0.46 shows that. */
	beside_is(-0.456, 1, 0.5, "-0.46",
		  "-0.456 beside -T = -0.5: -0.46, visibly inside -0.5");
	beside_is(0.2, 1, 0.5, "+0.2", "a value clear of every boundary "
		  "keeps its decimals");
	beside_is(0.0004, 3, 1.784, "+0.0004", "0.0004 with 3 decimals: "
		  "+0.0004, not +0.000");
	beside_is(-0.0001, 3, 0.0, "-0.0001", "-0.0001 beside 0 alone: "
		  "-0.0001, not -0.000");
	beside_is(1.7838, 3, 1.784, "+1.7838", "1.7838 would print as T "
		  "1.784: one more decimal");
	/* 1.78399996: 1.7840, 1.78400, 1.784000, 1.7840000 all print T; the
	 * 8th decimal shows it lies below. */
	beside_is(1.78399996, 3, 1.784, "+1.78399996",
		  "as many decimals as it takes: 8 for 1.78399996");
	beside_is(-1.78401, 3, 1.784, "-1.78401", "just outside -T: "
		  "-1.78401, not -1.784");
	beside_is(1.785, 3, 1.784, "+1.785", "1.785 is clear of T at 3 "
		  "decimals");
	beside_is(-0.5, 1, 0.5, "-0.5", "a value on a boundary prints as "
		  "the boundary");
	beside_is(0.0, 3, 1.784, "0.000", "zero prints as zero");
	beside_is(1e-20, 3, 0.0, "+0.000000000000000", "a value closer to 0 "
		  "than 15 decimals show stops at 15");
	tap_ok(numtext_beside(NAN, 3, NULL, 0, true, buf, sizeof buf)
	       == PB_SOFTWARE && buf[0] == '\0', "beside: NaN is refused");
}

/* Under a locale that writes a decimal comma, the numbers keep their
 * point.  pairboot never calls setlocale; this test does, to show that
 * numtext does not depend on that. */
static void test_locale(void)
{
	static const char *const locales[] = {
		"de_DE.UTF-8", "de_DE.utf8", "cs_CZ.UTF-8", "cs_CZ.utf8"
	};
	const char *found = NULL;
	char probe[32], buf[NUMTEXT_BUFSIZE];

	for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++) {
		if (setlocale(LC_ALL, locales[i])) {
			found = locales[i];
			break;
		}
	}
	if (!found) {
		tap_ok(true, "a decimal-comma locale keeps the point # SKIP "
		       "no de_DE or cs_CZ locale installed");
		return;
	}
	snprintf(probe, sizeof probe, "%.1f", 1.5);
	tap_streq(probe, "1,5", "the locale does write a comma (the check "
		  "below is not vacuous)");
	tap_ok(numtext_fixed(-1.25, 2, true, buf, sizeof buf) == PB_OK
	       && strcmp(buf, "-1.25") == 0,
	       "under %s numtext_fixed still writes -1.25", found);
	tap_ok(numtext_percent(0.975, 2, buf, sizeof buf) == PB_OK
	       && strcmp(buf, "97.5") == 0,
	       "under %s numtext_percent still writes 97.5", found);
	/* The printed digits are read back too: read with a comma, "-0.5"
	 * would be -0 and the side check would pass on the wrong value. */
	tap_ok(numtext_beside(-0.456, 1, (const double[]){ -0.5 }, 1, true,
			     buf, sizeof buf) == PB_OK
	       && strcmp(buf, "-0.46") == 0,
	       "under %s numtext_beside still writes -0.46", found);
	setlocale(LC_ALL, "C");
}


/* The decimal mark put in, and counts with their digits grouped. */
static void test_marks_and_groups(void)
{
	char buf[NUMTEXT_BUFSIZE] = "-1.784";
	GString *g = g_string_new(NULL);

	numtext_decimal_mark(buf, ',');
	tap_streq(buf, "-1,784", "the decimal mark takes the point's place");
	snprintf(buf, sizeof buf, "20");
	numtext_decimal_mark(buf, ',');
	tap_streq(buf, "20", "a whole number has no mark");
	tap_streq(numtext_group_separator("10\xc2\xa0" "000"), "\xc2\xa0",
		  "ten thousand with a NO-BREAK SPACE gives that separator");
	tap_streq(numtext_group_separator("10000"), "",
		  "ten thousand without one gives none");
	tap_ok(numtext_group_separator("10.000") == NULL,
	       "a '.' is not a separator the pages may use");
	numtext_group_digits(g, "-1234567", ",");
	tap_streq(g->str, "-1,234,567", "digits grouped in threes, sign kept");
	g_string_truncate(g, 0);
	numtext_group_digits(g, "999", ",");
	tap_streq(g->str, "999", "below 1000 nothing is grouped");
	g_string_free(g, TRUE);
}

static gchar *group_printf(const char *sep, const char *format, ...)
{
	va_list ap;
	gchar *s;

	va_start(ap, format);
	s = numtext_group_vprintf(sep, format, ap);
	va_end(ap);
	return s;
}

static void test_group_printf(void)
{
	gchar *s = group_printf(" ", "%2$lu of %1$zu, seed %3$u, %4$s %%",
				(size_t)12345, 10000UL, 54321u, "x");

	tap_streq(s, "10 000 of 12 345, seed 54321, x %",
		  "%zu and %lu grouped, %u and %s as printf writes them");
	g_free(s);
	s = group_printf(" ", "%.2f", 1.5);
	tap_streq(s, "1.50", "another directive is printf's");
	g_free(s);
}

int main(void)
{
	/* Worked out by hand from the digits each value needs and from C's
	 * rule for "%.Ng": exponential when the exponent is below -4 or at
	 * least N. */
	check(0.1, "0.1");                  /* 1 digit reads back */
	check(16.6517, "16.6517");          /* 6 */
	check(-1.902, "-1.902");
	check(1.0 / 3.0, "0.3333333333333333");    /* needs 16 */
	check(2.0 / 3.0, "0.6666666666666666");
	check(0.1 + 0.2, "0.30000000000000004");   /* needs 17 */
	check(1e10, "1e+10");               /* N = 1: exponent 10 >= 1 */
	check(1234567890000.0, "1.23456789e+12");   /* N = 9, exponent 12 */
	check(123456789.0, "123456789");    /* N = 9, exponent 8 */
	check(123456789012345.0, "123456789012345");   /* N = 15 */
	check(1234567890123456.0, "1234567890123456"); /* N = 16 */
	check(0.0001, "0.0001");            /* exponent -4: not exponential */
	check(0.00001, "1e-05");
	check(1e23, "1e+23");   /* the double nearest 1e23 lies below it */
	check(DBL_MAX, "1.7976931348623157e+308");
	check(DBL_MIN, "2.2250738585072014e-308");
	check(5e-324, "5e-324");            /* subnormal: the plain search */
	check(0.0, "0");
	check(-0.0, "-0");
	check(20260825, "20260825");
	check(0.625, "0.625");
	check(1e300, "1e+300");

	sweep_bits();
	sweep_decimals();
	sweep_edges();
	test_fixed();
	test_beside();
	test_marks_and_groups();
	test_group_printf();
	test_locale();
	return tap_done();
}
