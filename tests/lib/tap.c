/* tap.c: the TAP producer of the unit tests (tap.h). */
#include "tests/lib/tap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The checks so far, and how many failed: one test program each. */
static int tap_count;
static int tap_failed;

bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;
	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%s %d - ", cond ? "ok" : "not ok", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

bool tap_near(double got, double want, double tol, const char *name)
{
	bool ok = fabs(got - want) <= tol;
	if (!ok)
		tap_diag("%s: got %.17g, want %.17g (tolerance %g)", name, got,
			 want, tol);
	return tap_ok(ok, "%s", name);
}

bool tap_streq(const char *got, const char *want, const char *name)
{
	bool ok = got && want && strcmp(got, want) == 0;
	if (!ok)
		tap_diag("%s: got '%s', want '%s'", name, got ? got : "(null)",
			 want ? want : "(null)");
	return tap_ok(ok, "%s", name);
}

bool tap_case(tap_cases *c, bool cond, const char *want, const char *got,
	      const char *fmt, ...)
{
	va_list ap;

	c->n++;
	if (cond)
		return true;
	if (++c->failed > TAP_CASES_SHOWN)
		return false;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(": want '%s', got '%s'\n", want ? want : "(null)",
	       got ? got : "(null)");
	return false;
}

bool tap_cases_done(tap_cases *c, const char *fmt, ...)
{
	va_list ap;
	bool ok = c->n > 0 && c->failed == 0;
	char name[256];

	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	if (c->failed > 0)
		tap_diag("%s: %d of %d cases failed%s", name, c->failed, c->n,
			 c->failed > TAP_CASES_SHOWN ? ", the first shown above"
			 : "");
	if (c->n == 0)
		tap_diag("%s: no case was checked", name);
	c->n = 0;
	c->failed = 0;
	return tap_ok(ok, "%s", name);
}

int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}
