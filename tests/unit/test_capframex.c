/* test_capframex.c: reading CapFrameX captures.
 *
 * Each case is a small capture; the values are C literals (so the
 * compiler, not the reader, converts them) and every line and column in
 * the expected messages was counted by hand from the input as written
 * here (the comment above a case gives the count). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "common/digest.h"
#include "ingest/capframex.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

typedef struct cfx_case {
	const char *name;
	const char *input;
	size_t len;
	bool allow_negative;
	pb_status status;
	const double *values;   /* expected on PB_OK */
	size_t n;
	size_t runs;
	const char *msgs;
} cfx_case;

#define IN(s) s, sizeof(s) - 1
#define VALUES(...) (const double[]){ __VA_ARGS__ }, \
	sizeof((const double[]){ __VA_ARGS__ }) / sizeof(double)
#define NONE NULL, 0

static const cfx_case cases[] = {
	{ "one run",
	  IN("{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [0, 0.01, "
	     "0.02],\n \"MsBetweenPresents\": [10.5, 9.25, 11]}}]}\n"),
	  false, PB_OK, VALUES(10.5, 9.25, 11.0), 1, "" },
	/* Two runs of 2 and 1 frames, in run order; Info, SensorData, other
	 * metrics and a BOM are no matter. */
	{ "two runs, concatenated",
	  IN("\xEF\xBB\xBF{\"Hash\": \"x\", \"Info\": {\"ProcessName\": "
	     "\"game.exe\", \"GPU\": \"g\"},\n\"Runs\": [\n"
	     "{\"CaptureData\": {\"TimeInSeconds\": [0, 0.1], "
	     "\"MsBetweenPresents\": [1.5, 2.5], \"Dropped\": [false, true]},"
	     " \"SensorData2\": null},\n"
	     "{\"CaptureData\": {\"MsBetweenPresents\": [3.5], "
	     "\"TimeInSeconds\": [7]}, \"SensorData\": {\"a\": [1, 2, 3]}}\n"
	     "]}\n"),
	  false, PB_OK, VALUES(1.5, 2.5, 3.5), 2, "" },
	/* Line 2: '{' 1, "CaptureData" 2-14, ':' 15, ' ' 16, '{' 17. */
	{ "a missing metric",
	  IN("{\"Runs\": [\n{\"CaptureData\": {\"TimeInSeconds\": [0], "
	     "\"MsBetweenPresent\": [1]}}]}\n"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:2:17: CaptureData of run 1 has no 'MsBetweenPresents' "
	  "(the study's column); did you mean 'MsBetweenPresent'?\n" },
	/* Line 3: "MsBetweenPresents" 1-19, ':' 20, ' ' 21, '[' 22, '1'
	 * 23, ',' 24, ' ' 25, null 26. */
	{ "a null element",
	  IN("{\"Runs\": [{\"CaptureData\": {\n\"TimeInSeconds\": [0, 1, 2],\n"
	     "\"MsBetweenPresents\": [1, null, 3]}}]}\n"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:3:26: frame 2 of run 1: 'MsBetweenPresents' is null, not "
	  "a number\n" },
	/* Line 2: two blanks, "MsBetweenPresents" 3-21, ':' 22, ' ' 23,
	 * '[' 24. */
	{ "ragged arrays",
	  IN("{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [0, 1, 2],\n"
	     "  \"MsBetweenPresents\": [1, 2]}}]}\n"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:2:24: 'MsBetweenPresents' of run 1 holds 2 values, but "
	  "TimeInSeconds holds 3 frames\n" },
	/* '{' 1, "Info" 2-7, ':' 8, ' ' 9, '{' 10, '}' 11, ',' 12, ' ' 13,
	 * "Runs" 14-19, ':' 20, ' ' 21, '[' 22. */
	{ "empty Runs", IN("{\"Info\": {}, \"Runs\": []}\n"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:1:22: Runs is empty: the capture holds no frames\n" },
	{ "no Runs", IN("\n  {\"Info\": {}}\n"), false, PB_DATAERR, NONE, 0,
	  "c.json:2:3: no Runs: a CapFrameX capture holds its runs there\n" },
	/* '{' 1, "Runs" 2-7, ':' 8, ' ' 9, '[' 10, '{' 11. */
	{ "a run without CaptureData",
	  IN("{\"Runs\": [{\"SensorData\": null}]}"), false, PB_DATAERR,
	  NONE, 0,
	  "c.json:1:11: run 1 has no CaptureData (a CapFrameX run holds its "
	  "frames there)\n" },
	/* Line 2: '{' 1, "CaptureData" 2-14, ':' 15, ' ' 16, '{' 17,
	 * "TimeInSeconds" 18-32, ':' 33, ' ' 34, '[' 35, '0' 36, ',' 37,
	 * ',' 38: jansson stops at the second comma. */
	{ "a syntax error",
	  IN("{\"Runs\": [\n{\"CaptureData\": {\"TimeInSeconds\": [0,, 1]}}]}"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:2:38: not a CapFrameX capture: unexpected token near "
	  "','\n" },
	/* ... "MsBetweenPresents" 53-71, ':' 72, ' ' 73, '[' 74, '2' 75,
	 * ',' 76, ' ' 77, -0.5 78. */
	{ "a negative value",
	  IN("{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [0, 1], "
	     "\"MsBetweenPresents\": [2, -0.5]}}]}"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:1:78: frame 2 of run 1: 'MsBetweenPresents' is -0.5, "
	  "below 0 (allow_negative = yes if the metric can be)\n" },
	{ "a negative value allowed",
	  IN("{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [0, 1], "
	     "\"MsBetweenPresents\": [2, -0.5]}}]}"),
	  true, PB_OK, VALUES(2.0, -0.5), 1, "" },
	/* Each run says its first bad value.  Line 2: '{' 1, "CaptureData"
	 * 2-14, ':' 15, ' ' 16, '{' 17, "TimeInSeconds" 18-32, ':' 33,
	 * ' ' 34, "[0, 1, 2]" 35-43, ',' 44, ' ' 45, "M" 46-48, ':' 49,
	 * ' ' 50, '[' 51, '1' 52, ',' 53, ' ' 54, "x" 55; line 3 alike up
	 * to '[' 51, true 52. */
	{ "every run's first bad value",
	  IN("{\"Runs\": [\n"
	     "{\"CaptureData\": {\"TimeInSeconds\": [0, 1, 2], \"M\": [1, "
	     "\"x\", null]}},\n"
	     "{\"CaptureData\": {\"TimeInSeconds\": [0, 1, 2], \"M\": [true, "
	     "2, 3]}}]}\n"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:2:55: frame 2 of run 1: 'M' is text, not a number\n"
	  "c.json:3:52: frame 1 of run 2: 'M' is true, not a number\n" },
	/* '{' 1, "Runs" 2-7, ':' 8, ' ' 9, '[' 10, '{' 11, "CaptureData"
	 * 12-24, ':' 25, ' ' 26, '{' 27, "TimeInSeconds" 28-42, ':' 43,
	 * ' ' 44, '[' 45. */
	{ "a run without frames",
	  IN("{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [], "
	     "\"MsBetweenPresents\": []}}]}"),
	  false, PB_DATAERR, NONE, 0,
	  "c.json:1:45: run 1 has no frames (its TimeInSeconds is empty)\n" },
	{ "not an object", IN("[1, 2]"), false, PB_DATAERR, NONE, 0,
	  "c.json:1:1: a CapFrameX capture is an object with Runs, not an "
	  "array\n" },
};

static void run_case(const cfx_case *c)
{
	diag *d = diag_new(NULL, 0);
	double *v = (double *)&v;   /* any non-NULL: must be overwritten */
	size_t n = 99, runs = 99;
	const char *column = strstr(c->input, "\"M\"") ? "M"
			     : "MsBetweenPresents";
	char msgs[2048];
	pb_status st;
	bool ok;

	if (!d)
		abort();
	st = capframex_read_buffer(c->input, c->len, "c.json", column,
				   c->allow_negative, d, &v, &n, &runs);
	testlib_messages(d, msgs, sizeof msgs);
	ok = st == c->status && strcmp(msgs, c->msgs) == 0;
	if (st == PB_OK)
		ok = ok && n == c->n && runs == c->runs && v
		     && memcmp(v, c->values, n * sizeof *v) == 0;
	else
		ok = ok && v == NULL && n == 0 && runs == 0;
	tap_ok(ok, "%s", c->name);
	if (!ok) {
		tap_diag("status %d (want %d), %zu values (want %zu), %zu "
			 "runs (want %zu)", (int)st, (int)c->status, n, c->n,
			 runs, c->runs);
		tap_diag("messages got:\n%s# messages want:\n%s", msgs,
			 c->msgs);
	}
	if (st == PB_OK)
		free(v);
	diag_free(d);
}

/* A file is read and hashed whole: the digest is the file's. */
static void test_file(void)
{
	static const char text[] =
		"{\"Runs\": [{\"CaptureData\": {\"TimeInSeconds\": [0, 1], "
		"\"MsBetweenPresents\": [4, 8]}}]}\n";
	char path[] = "/tmp/test_capframex.XXXXXX";
	int fd = mkstemp(path);
	diag *d = diag_new(NULL, 0);
	digest_stream *ds = digest_stream_new();
	double *v = NULL;
	size_t n = 0, runs = 0, line = 0, col = 0;
	char got[65], want[65];
	uint64_t bytes = 0;
	pb_status st;

	if (fd < 0 || !d || !ds
	    || write(fd, text, sizeof text - 1) != (ssize_t)(sizeof text - 1))
		abort();
	close(fd);
	st = capframex_read_file(path, "cx.json", "MsBetweenPresents", false,
				 d, &v, &n, &runs, ds);
	tap_ok(st == PB_OK && n == 2 && runs == 1
	       && memcmp(v, (const double[]){ 4.0, 8.0 }, sizeof(double[2]))
		  == 0, "a file: two values of one run");
	free(v);
	digest_buffer(text, sizeof text - 1, want);
	tap_ok(digest_stream_finish(ds, got, &bytes) == PB_OK
	       && strcmp(got, want) == 0 && bytes == sizeof text - 1,
	       "a file: hashed whole as it was read");
	tap_ok(capframex_looks_like_json(path, &line, &col) && line == 1
	       && col == 1, "a file that starts with '{' looks like JSON");
	unlink(path);
	st = capframex_read_file(path, "cx.json", "MsBetweenPresents", false,
				 d, &v, &n, &runs, NULL);
	tap_ok(st == PB_NOINPUT && v == NULL, "a missing file: PB_NOINPUT");
	tap_ok(!capframex_looks_like_json(path, &line, &col),
	       "a missing file does not look like JSON");
	digest_stream_free(ds);
	diag_free(d);
}

/* A capture of more values than CAPFRAMEX_MAX_VALUES is refused before
 * it is parsed. */
static void test_too_many(void)
{
	static const char head[] = "{\"Runs\": [";
	size_t n = CAPFRAMEX_MAX_VALUES, len = sizeof head - 1 + 2 * n + 2;
	char *buf = malloc(len + 1);
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	size_t got = 0, runs = 0;
	char msgs[256];
	pb_status st;

	if (!buf || !d)
		abort();
	memcpy(buf, head, sizeof head - 1);
	for (size_t i = 0; i < n; i++)
		memcpy(buf + sizeof head - 1 + 2 * i, "0,", 2);
	memcpy(buf + len - 2, "]}", 2);
	buf[len] = '\0';
	st = capframex_read_buffer(buf, len, "c.json", "M", false, d, &v,
				   &got, &runs);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_DATAERR && v == NULL
	       && strcmp(msgs, "c.json: more than 10000000 JSON values, more "
			 "than pairboot reads of a CapFrameX capture\n") == 0,
	       "more than 10 million values are refused unparsed (%s)", msgs);
	free(buf);
	diag_free(d);
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_file();
	test_too_many();
	return tap_done();
}
