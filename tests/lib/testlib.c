/* testlib.c: helpers several unit tests share (testlib.h). */
#include "tests/lib/testlib.h"

#include <stdio.h>
#include <string.h>

void testlib_messages(const diag *d, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < diag_kept(d); i++)
		o += (size_t)snprintf(buf + o, o < size ? size - o : 0, "%s\n",
				      diag_message(d, i));
}

bool testlib_messages_match(const char *name, int st, const diag *d,
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

void testlib_every_chunk(const char *name, size_t len,
			 bool (*once)(const void *c, size_t chunk),
			 const void *c)
{
	bool ok = once(c, 0);

	for (size_t chunk = 1; ok && chunk <= len; chunk++)
		ok = once(c, chunk);
	tap_ok(ok, "%s (every chunk size)", name);
}
