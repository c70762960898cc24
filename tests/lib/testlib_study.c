/* testlib_study.c: testlib_load of testlib.h, on its own so that a test
 * of common/ links without ingest/. */
#include <stdio.h>
#include <stdlib.h>

#include "tests/lib/testlib.h"

study *testlib_load(const char *name)
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
