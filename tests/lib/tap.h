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

/* Many cases judged as one check, such as a message at every count:
 * each case is recorded with tap_case, and tap_cases_done prints one
 * result for them all.  The first TAP_CASES_SHOWN failing cases are told
 * in diagnostic lines, each with what was expected and what came, and
 * the number of the others after them. */
#define TAP_CASES_SHOWN 3

typedef struct tap_cases {
	int n, failed;
} tap_cases;

/* Records the case named by FMT (a printf format): it passes when COND
 * holds; else WANT and GOT (either may be NULL) are told.  Returns COND. */
__attribute__((format(printf, 5, 6)))
bool tap_case(tap_cases *c, bool cond, const char *want, const char *got,
	      const char *fmt, ...);

/* Prints "ok N - NAME" when every case of C passed (and there was one),
 * else "not ok N - NAME"; NAME a printf format.  Returns whether it was
 * ok, and starts C afresh. */
__attribute__((format(printf, 2, 3)))
bool tap_cases_done(tap_cases *c, const char *fmt, ...);

/* Prints the plan; the test's exit status (non-zero when any check
 * failed). */
int tap_done(void);

#endif
