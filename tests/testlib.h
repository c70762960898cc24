/* testlib.h: helpers several unit tests share, beside tests/tap.h.
 *
 * Like tap.h the helpers are static functions in this header, so each
 * test program carries its own copy and its own TAP counter; include it
 * after the headers of the modules under test.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study.h"
#include "ingest/study_read.h"
#include "tests/tap.h"

/* The messages D kept, each followed by a newline, into BUF (SIZE
 * bytes; cut when longer). */
__attribute__((unused))
static void testlib_messages(const diag *d, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < diag_kept(d); i++)
		o += (size_t)snprintf(buf + o, o < size ? size - o : 0, "%s\n",
				      diag_message(d, i));
}

/* Whether OK holds and D kept exactly the messages of WANT (a
 * NULL-terminated list), in order; when not, says on the TAP stream what
 * case NAME (which ended with status ST) got and wanted. */
__attribute__((unused))
static bool testlib_messages_match(const char *name, int st, const diag *d,
				   const char *const *want, bool ok)
{
	size_t n = 0;

	while (want[n])
		n++;
	ok = ok && diag_kept(d) == n;
	for (size_t i = 0; ok && i < n; i++)
		ok = strcmp(diag_message(d, i), want[i]) == 0;
	if (!ok) {
		tap_diag("%s: status %d, %zu messages", name, st,
			 diag_kept(d));
		for (size_t i = 0; i < diag_kept(d); i++)
			tap_diag("  got:  %s", diag_message(d, i));
		for (size_t i = 0; i < n; i++)
			tap_diag("  want: %s", want[i]);
	}
	return ok;
}

/* One check of case NAME (LEN bytes of input): ONCE(CASE, 0) reads the
 * input whole, ONCE(CASE, K) in chunks of K bytes, for every K from 1 to
 * LEN, stopping at the first that fails. */
__attribute__((unused))
static void testlib_every_chunk(const char *name, size_t len,
				bool (*once)(const void *c, size_t chunk),
				const void *c)
{
	bool ok = once(c, 0);

	for (size_t chunk = 1; ok && chunk <= len; chunk++)
		ok = once(c, chunk);
	tap_ok(ok, "%s (every chunk size)", name);
}

/* The study NAME of fixtures/ (below $top_srcdir), or NULL; one check
 * says whether it was read. */
__attribute__((unused))
static study *testlib_load(const char *name)
{
	char dir[1024];
	const char *top = getenv("top_srcdir");
	diag *d = diag_new(stderr, 20);
	study *s = NULL;
	pb_status st;

	snprintf(dir, sizeof dir, "%s/fixtures/%s", top ? top : ".", name);
	st = study_read(dir, d, &s);
	tap_ok(st == PB_OK, "%s is read (status %d)", name, (int)st);
	diag_free(d);
	return s;
}

/* A write function that takes LIMIT bytes, then fails (a limit of 0 is
 * /dev/full); WRITTEN counts what it took.  For tests of figures and PDFs,
 * which include cairo.h first. */
typedef struct testlib_failing {
	size_t limit, written;
} testlib_failing;

#ifdef CAIRO_H
__attribute__((unused))
static cairo_status_t testlib_fail_write(void *closure,
					 const unsigned char *data,
					 unsigned int length)
{
	testlib_failing *f = closure;

	(void)data;
	if (f->written + length > f->limit)
		return CAIRO_STATUS_WRITE_ERROR;
	f->written += length;
	return CAIRO_STATUS_SUCCESS;
}
#endif

#endif
