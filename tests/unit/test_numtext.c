/* test_numtext.c: numtext_shortest against its definition, the smallest
 * N whose "%.Ng" reads back, and against forms worked out by hand. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

	sweep_bits();
	sweep_decimals();
	sweep_edges();
	return tap_done();
}
