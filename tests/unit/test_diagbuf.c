/* test_diagbuf.c: diag buffers hold a thread's messages and replay them as
 * if they had been reported directly; diag_quote is safe on threads. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "tests/lib/tap.h"

/* The bytes written to F so far, as a string (static buffer). */
static const char *contents(FILE *f)
{
	static char buf[4096];
	size_t n;

	fflush(f);
	rewind(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	return buf;
}

static void *quote_loop(void *arg)
{
	const char *word = arg;
	char want[64];
	long bad = 0;

	snprintf(want, sizeof want, "%s\\x01", word);
	for (int i = 0; i < 200000; i++) {
		char in[64];
		size_t len = strlen(word);

		memcpy(in, word, len);
		in[len] = '\x01';
		if (strcmp(diag_quote(in, len + 1), want) != 0)
			bad++;
	}
	return (void *)bad;
}

int main(void)
{
	FILE *out = tmpfile();
	diag *d = diag_new(out, 3);
	diag *b1 = diag_new_buffer(d), *b2 = diag_new_buffer(d);
	diag *many, *b3;
	pthread_t t[2];
	void *bad[2];

	diag_error(b2, "b.csv", 7, 2, "second file");
	diag_error(b1, "a.csv", 3, 1, "first file %d", 1);
	diag_warning(b1, "a.csv", 0, 0, "stopped");
	tap_streq(contents(out), "", "buffers print nothing");
	tap_ok(diag_errors(d) == 0 && diag_errors(b1) == 1
	       && diag_warnings(b1) == 1, "buffers count their own messages");

	diag_replay(d, b1);
	diag_replay(d, b2);
	tap_streq(contents(out),
		  "pairboot: a.csv:3:1: first file 1\n"
		  "pairboot: a.csv: warning: stopped\n"
		  "pairboot: b.csv:7:2: second file\n",
		  "replay prints in replay order, formatted as directly");
	tap_ok(diag_errors(d) == 2 && diag_warnings(d) == 1,
	       "replay counts errors and warnings");
	tap_streq(diag_message(d, 1), "a.csv: warning: stopped",
		  "replayed messages are kept");
	tap_ok(diag_status(d) == PB_DATAERR, "status after replay: data error");

	b3 = diag_new_buffer(d);
	diag_error(b3, "c.csv", 1, 1, "over the limit");
	diag_fail(b3, PB_IOERR);
	diag_replay(d, b3);
	tap_ok(strstr(contents(out), "c.csv") == NULL,
	       "the parent's print limit (3) holds across replays");
	tap_ok(diag_errors(d) == 3 && diag_kept(d) == 4,
	       "but every message is counted and kept");
	tap_ok(diag_status(d) == PB_IOERR, "a buffer's failure is replayed");

	/* A buffer holds only what its parent could still print or keep. */
	many = diag_new_buffer(d);
	for (int i = 0; i < 1000; i++)
		diag_error(many, "m.csv", (size_t)i + 1, 1, "error %d", i);
	diag_free(d);
	d = diag_new(NULL, 0);
	diag_replay(d, many);
	tap_ok(diag_errors(d) == 1000, "1000 errors held or counted");
	tap_ok(diag_kept(d) == 256, "the first 256 are kept by the parent");
	tap_streq(diag_message(d, 255), "m.csv:256:1: error 255",
		  "in their order");

	pthread_create(&t[0], NULL, quote_loop, "alpha");
	pthread_create(&t[1], NULL, quote_loop, "omega-longer-text");
	pthread_join(t[0], &bad[0]);
	pthread_join(t[1], &bad[1]);
	tap_ok(bad[0] == NULL && bad[1] == NULL,
	       "diag_quote on two threads at once: every result intact");

	diag_free(many);
	diag_free(b3);
	diag_free(b1);
	diag_free(b2);
	diag_free(d);
	fclose(out);
	return tap_done();
}
