/* tap.h: a minimal Test Anything Protocol producer for the unit tests.
 *
 * Each check prints "ok N - name" or "not ok N - name"; tap_done() prints
 * the plan and returns the exit status (non-zero when any check failed), so a
 * test ends with `return tap_done();`.  Automake's tap-driver counts each
 * check, so a failure names the exact case. */
#ifndef PAIRBOOT_TAP_H
#define PAIRBOOT_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_count;
static int tap_failed;

__attribute__((format(printf, 2, 3), unused))
static bool tap_ok(bool cond, const char *fmt, ...)
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

/* A diagnostic line, shown by the driver in the log. */
__attribute__((format(printf, 1, 2), unused))
static void tap_diag(const char *fmt, ...)
{
	va_list ap;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* |got - want| <= tol, printing both on failure. */
__attribute__((unused))
static bool tap_near(double got, double want, double tol, const char *name)
{
	bool ok = fabs(got - want) <= tol;
	if (!ok)
		tap_diag("%s: got %.17g, want %.17g (tolerance %g)", name, got,
			 want, tol);
	return tap_ok(ok, "%s", name);
}

__attribute__((unused))
static bool tap_streq(const char *got, const char *want, const char *name)
{
	bool ok = got && want && strcmp(got, want) == 0;
	if (!ok)
		tap_diag("%s: got '%s', want '%s'", name, got ? got : "(null)",
			 want ? want : "(null)");
	return tap_ok(ok, "%s", name);
}

__attribute__((unused))
static int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
