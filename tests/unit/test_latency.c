/* test_latency.c: reading per-boot latency CSVs.
 *
 * Each case is read at every chunk size (and whole); the values, messages
 * and status must be the same each time.  Lines and columns were counted
 * by hand from the inputs; values are C literals, so the compiler converts
 * them independently of numparse. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "ingest/latency.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

typedef struct lat_case {
	const char *name;
	const char *input;
	size_t len;
	pb_status status;
	const double *values;   /* expected on PB_OK */
	size_t n;
	const char *msgs;
} lat_case;

#define IN(s) s, sizeof(s) - 1
#define VALUES(...) (const double[]){ __VA_ARGS__ }, \
	sizeof((const double[]){ __VA_ARGS__ }) / sizeof(double)
#define NONE NULL, 0

static bool run_once(const void *arg, size_t chunk)
{
	const lat_case *c = arg;
	diag *d = diag_new(NULL, 0);
	double *v = (double *)&v;  /* any non-NULL: must be overwritten */
	size_t n = 99;
	char msgs[2048];
	pb_status st;
	bool ok;

	st = latency_read_buffer(c->input, c->len, "lat.csv", "latency_us",
				 false, chunk, d, &v, &n);
	testlib_messages(d, msgs, sizeof msgs);
	ok = st == c->status && strcmp(msgs, c->msgs) == 0;
	if (st == PB_OK)
		ok = ok && n == c->n && v
		     && memcmp(v, c->values, n * sizeof *v) == 0;
	else
		ok = ok && v == NULL && n == 0;
	if (!ok) {
		tap_diag("%s, chunk %zu: status %d (want %d), %zu values "
			 "(want %zu)", c->name, chunk, (int)st, (int)c->status,
			 n, c->n);
		for (size_t i = 0; st == PB_OK && i < n; i++)
			tap_diag("value %zu: %.17g", i, v[i]);
		tap_diag("messages got:\n%s# messages want:\n%s", msgs,
			 c->msgs);
	}
	if (st == PB_OK)
		free(v);
	diag_free(d);
	return ok;
}

static void run_case(const lat_case *c)
{
	testlib_every_chunk(c->name, c->len, run_once, c);
}

static const lat_case cases[] = {
	{ "period and value", IN("period,latency_us\n1,10.5\n2,0\n3,1e3\n"),
	  PB_OK, VALUES(10.5, 0.0, 1000.0), "" },
	{ "BOM, CRLF, other columns, any order",
	  IN("\xEF\xBB\xBF" "cpu,latency_us,period\r\n0,1.25,7\r\n"
	     "1,2.5,8\r\n"),
	  PB_OK, VALUES(1.25, 2.5), "" },
	{ "no period column", IN("latency_us\n5\n19045.25\n"), PB_OK,
	  VALUES(5.0, 19045.25), "" },
	{ "negative periods that increase",
	  IN("period,latency_us\n-2,1\n0,2\n"),
	  PB_OK, VALUES(1.0, 2.0), "" },
	{ "minus zero is zero", IN("latency_us\n-0\n"), PB_OK, VALUES(0.0),
	  "" },
	{ "missing column", IN("period,lat\n1,2\n"), PB_DATAERR, NONE,
	  "lat.csv:1:1: header has no column 'latency_us' (found 'period', "
	  "'lat')\n" },
	{ "missing header", IN("10.5\n11\n"), PB_DATAERR, NONE,
	  "lat.csv:1:1: header has no column 'latency_us' (found '10.5')\n" },
	{ "many columns, none the one",
	  IN("a,b,c,d,e\n1,2,3,4,5\n"), PB_DATAERR, NONE,
	  "lat.csv:1:1: header has no column 'latency_us' (found 'a', 'b', "
	  "'c', 'd', ...)\n" },
	/* Line 1: latency_us is columns 1-10, the comma 11, the copy 12. */
	{ "column twice", IN("latency_us,latency_us\n1,2\n"), PB_DATAERR, NONE,
	  "lat.csv:1:12: column 'latency_us' appears twice in the header "
	  "(columns 1 and 2)\n" },
	{ "empty file", IN(""), PB_DATAERR, NONE,
	  "lat.csv:1:1: empty file, expected a header\n" },
	{ "header only", IN("latency_us\n"), PB_DATAERR, NONE,
	  "lat.csv:1:1: no periods: the file holds only a header\n" },
	{ "header only after a BOM", IN("\xEF\xBB\xBF" "latency_us\r\n"),
	  PB_DATAERR, NONE,
	  "lat.csv:1:4: no periods: the file holds only a header\n" },
	{ "decimal comma, quoted", IN("latency_us\n\"12,5\"\n"), PB_DATAERR,
	  NONE, "lat.csv:2:1: latency_us is not a number ('12,5')\n" },
	{ "decimal comma, unquoted", IN("period,latency_us\n1,12,5\n"),
	  PB_DATAERR, NONE,
	  "lat.csv:2:1: row has 3 fields, header has 2\n" },
	{ "NaN", IN("latency_us\nNaN\n"), PB_DATAERR, NONE,
	  "lat.csv:2:1: latency_us is not a number ('NaN')\n" },
	{ "inf", IN("x,latency_us\n1,inf\n"), PB_DATAERR, NONE,
	  "lat.csv:2:3: latency_us is not finite ('inf')\n" },
	{ "too large for a double", IN("latency_us\n1e309\n"), PB_DATAERR,
	  NONE, "lat.csv:2:1: latency_us is not finite ('1e309')\n" },
	{ "negative", IN("latency_us\n-3\n"), PB_DATAERR, NONE,
	  "lat.csv:2:1: latency_us is negative ('-3')\n" },
	{ "empty value", IN("latency_us\n\"\"\n"), PB_DATAERR, NONE,
	  "lat.csv:2:1: latency_us is not a number ('')\n" },
	{ "spaces around a value", IN("latency_us\n 12 \n"), PB_DATAERR, NONE,
	  "lat.csv:2:1: latency_us is not a number (' 12 ')\n" },
	{ "last line cut after the point", IN("latency_us\n1.5\n12."),
	  PB_DATAERR, NONE,
	  "lat.csv:3:1: latency_us is not a number ('12.')\n" },
	{ "last line cut in the exponent", IN("latency_us\n1\n1e"),
	  PB_DATAERR, NONE,
	  "lat.csv:3:1: latency_us is not a number ('1e')\n" },
	/* Places worked out only for the message, on plain lines and on a
	 * line with a quoted field.  Line 3: yy (1-2), comma 3, 2 (4), comma
	 * 5, hello (6-10), comma 11, oops at 12.  Line 4: z, comma, x3 at 3.
	 * Line 5: w, comma, 2 at 3, comma, n (5), comma, -4.5 at 7.  Line 6
	 * has five fields: only that is said, not that 'many' is no number;
	 * line 7 is good again. */
	{ "errors in later columns",
	  IN("run,period,note,latency_us\nx,1,abc,12.5\nyy,2,hello,oops\n"
	     "z,x3,\"q\",7\nw,2,n,-4.5\nv,5,too,many,9\nu,6,ok,1.5\n"),
	  PB_DATAERR, NONE,
	  "lat.csv:3:12: latency_us is not a number ('oops')\n"
	  "lat.csv:4:3: period is not an integer ('x3')\n"
	  "lat.csv:5:3: period 2 does not increase (previous 2)\n"
	  "lat.csv:5:7: latency_us is negative ('-4.5')\n"
	  "lat.csv:6:1: row has 5 fields, header has 4\n" },
	{ "period not increasing",
	  IN("period,latency_us\n7,1\n7,2\n9,3\n8,4\n10,5\n"), PB_DATAERR,
	  NONE,
	  "lat.csv:3:1: period 7 does not increase (previous 7)\n"
	  "lat.csv:5:1: period 8 does not increase (previous 9)\n" },
	{ "period not an integer", IN("period,latency_us\n1.5,1\n"),
	  PB_DATAERR, NONE,
	  "lat.csv:2:1: period is not an integer ('1.5')\n" },
	{ "period out of range",
	  IN("period,latency_us\n99999999999999999999,1\n"), PB_DATAERR, NONE,
	  "lat.csv:2:1: period is out of range ('99999999999999999999')\n" },
	{ "every problem reported", IN("period,latency_us\nx,y\n2,-1\n3,1\n"),
	  PB_DATAERR, NONE,
	  "lat.csv:2:1: period is not an integer ('x')\n"
	  "lat.csv:2:3: latency_us is not a number ('y')\n"
	  "lat.csv:3:3: latency_us is negative ('-1')\n" },
	{ "unterminated quote", IN("latency_us\n1\n\"12\n"), PB_DATAERR, NONE,
	  "lat.csv:3:1: unterminated quoted field\n" },
	{ "stray quote", IN("latency_us\n1\"2\n3\n"), PB_DATAERR, NONE,
	  "lat.csv:2:2: stray quote in an unquoted field (quote the whole "
	  "field and double the quote)\n" },
	{ "embedded NUL", IN("latency_us\n1\0\n2\n"), PB_DATAERR, NONE,
	  "lat.csv:2:2: NUL byte in field\n" },
	/* diag_quote shows the bad byte as \xHH. */
	{ "control byte in a value", IN("latency_us\n1\x01\n"), PB_DATAERR,
	  NONE, "lat.csv:2:1: latency_us is not a number ('1\\x01')\n" },
};

static void test_files(void)
{
	enum { N = 100000 };
	char path[] = "/tmp/test_latency.XXXXXX";
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	size_t n = 0;
	char msgs[512];
	pb_status st;
	int fd;
	FILE *f;
	bool exact = true;

	st = latency_read_file("/nonexistent/l.csv", "l.csv", "latency_us", d,
			       &v, &n);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_NOINPUT && v == NULL && n == 0
	       && strcmp(msgs, "l.csv: cannot open: No such file or "
			 "directory\n") == 0,
	       "missing latency file: PB_NOINPUT");
	diag_free(d);

	/* Period i holds i / 4: a quarter is exact in binary, so every value
	 * is known exactly without parsing anything. */
	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!f) {
		tap_ok(false, "temporary latency file");
		return;
	}
	fputs("period,latency_us\n", f);
	for (int i = 1; i <= N; i++)
		fprintf(f, "%d,%d.%02d\n", i, i / 4, (i % 4) * 25);
	if (fclose(f) != 0) {
		tap_ok(false, "temporary latency file written");
		return;
	}
	d = diag_new(NULL, 0);
	st = latency_read_file(path, "big.csv", "latency_us", d, &v, &n);
	unlink(path);
	for (size_t i = 0; st == PB_OK && i < n && exact; i++) {
		double want = (double)(i + 1) / 4;
		exact = memcmp(&v[i], &want, sizeof want) == 0;
	}
	tap_ok(st == PB_OK && n == N && exact && diag_kept(d) == 0,
	       "100000 periods from a file, each i / 4");
	free(v);
	diag_free(d);
}

/* A == B without -Wfloat-equal's complaint (-0 equals 0). */
static bool same(double a, double b)
{
	return !(a < b) && !(a > b);
}

/* With allow_negative, values below 0 are read as they are written; the
 * other checks stay (a value that is no number is still refused). */
static void test_signed(void)
{
	static const char good[] = "period,latency_us\n1,-3.5\n2,0\n3,-0\n4,2\n";
	static const char bad[] = "latency_us\n-1\n-x\n";
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	size_t n = 0;
	char msgs[256];
	pb_status st;

	if (!d)
		abort();
	st = latency_read_buffer(good, sizeof good - 1, "lat.csv",
				 "latency_us", true, 0, d, &v, &n);
	tap_ok(st == PB_OK && n == 4 && same(v[0], -3.5) && same(v[1], 0)
	       && same(v[2], 0) && same(v[3], 2),
	       "allow_negative: -3.5 is a value");
	free(v);
	st = latency_read_buffer(bad, sizeof bad - 1, "lat.csv", "latency_us",
				 true, 0, d, &v, &n);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_DATAERR && v == NULL
	       && strcmp(msgs, "lat.csv:3:1: latency_us is not a number "
			 "('-x')\n") == 0,
	       "allow_negative: '-x' is still no number");
	diag_free(d);
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_files();
	test_signed();
	return tap_done();
}
