/* testlib.h: helpers several unit tests share, beside tests/lib/tap.h,
 * in tests/lib/libtestlib.a.
 *
 *  - testlib_messages: the messages a diag kept, one a line, to compare
 *    with what a case expects;
 *  - testlib_messages_match: the same check for a list of expected
 *    messages, saying on failure what came and what was wanted;
 *  - testlib_every_chunk: runs a parser case at every chunk size, as
 *    libcsv's own test does, so that a boundary anywhere is tried;
 *  - testlib_load: a study of fixtures/, read as the program reads it;
 *  - testlib_failing: a write function that fails after so many bytes,
 *    like a disk that fills up part way. */
#ifndef PAIRBOOT_TESTLIB_H
#define PAIRBOOT_TESTLIB_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "tests/lib/tap.h"

/* The messages D kept, each followed by a newline, into BUF (SIZE
 * bytes; cut when longer). */
void testlib_messages(const diag *d, char *buf, size_t size);

/* Whether OK holds and D kept exactly the messages of WANT (a
 * NULL-terminated list), in order; when not, says on the TAP stream what
 * case NAME (which ended with status ST) got and wanted. */
bool testlib_messages_match(const char *name, int st, const diag *d,
			    const char *const *want, bool ok);

/* One check of case NAME (LEN bytes of input): ONCE(CASE, 0) reads the
 * input whole, ONCE(CASE, K) in chunks of K bytes, for every K from 1 to
 * LEN, stopping at the first that fails. */
void testlib_every_chunk(const char *name, size_t len,
			 bool (*once)(const void *c, size_t chunk),
			 const void *c);

/* The study NAME of fixtures/ (below $top_srcdir), or NULL; one check
 * says whether it was read. */
study *testlib_load(const char *name);

/* A write function that takes LIMIT bytes, then fails (a limit of 0 is
 * /dev/full); WRITTEN counts what it took.  For tests of figures and PDFs,
 * which include cairo.h first. */
typedef struct testlib_failing {
	size_t limit, written;
} testlib_failing;

#ifdef CAIRO_H
cairo_status_t testlib_fail_write(void *closure, const unsigned char *data,
				  unsigned int length);
#endif

#endif
