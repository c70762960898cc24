/* tap.h: a minimal Test Anything Protocol producer for the unit tests
 * (tests/lib/libtestlib.a).
 *
 * Each check prints "ok N - name" or "not ok N - name"; tap_done() prints
 * the plan and returns the exit status (non-zero when any check failed), so a
 * test ends with `return tap_done();`.  Automake's tap-driver counts each
 * check, so a failure names the exact case. */
#ifndef PAIRBOOT_TAP_H
#define PAIRBOOT_TAP_H

#include <stdbool.h>

/* Prints "ok N - NAME" when COND holds, else "not ok N - NAME" (NAME a
 * printf format); returns COND. */
__attribute__((format(printf, 2, 3)))
bool tap_ok(bool cond, const char *fmt, ...);

/* A diagnostic line, shown by the driver in the log. */
__attribute__((format(printf, 1, 2)))
void tap_diag(const char *fmt, ...);

/* |got - want| <= tol, printing both on failure. */
bool tap_near(double got, double want, double tol, const char *name);

/* GOT and WANT are the same string, printing both on failure. */
bool tap_streq(const char *got, const char *want, const char *name);

/* Prints the plan; the test's exit status (non-zero when any check
 * failed). */
int tap_done(void);

#endif
