/* test_csvread.c: the positioned CSV reader.
 *
 * Each table case is read at every chunk size from 1 to its length, and
 * whole (chunk 0), as libcsv's own tests do; all readings must give the
 * expected rows (index@line, then line:col[text] per field), messages and
 * status.  Every line and column below was counted by hand from the input
 * (1-based, in bytes). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/diag.h"
#include "ingest/csvread.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

/* What the callback saw. */
typedef struct seen {
	char dump[4096];
	size_t o;
	size_t rows;
	size_t stop_at;     /* return false on the row with index + 1 == this */
	bool complain;      /* report an error for every data row */
	csv_row last;       /* the last row's shape, for the large tests */
	char last_text[64];
} seen;

static void put(seen *s, const char *p, size_t n)
{
	if (n > sizeof s->dump - 1 - s->o)
		n = sizeof s->dump - 1 - s->o;
	memcpy(s->dump + s->o, p, n);
	s->o += n;
	s->dump[s->o] = '\0';
}

static bool on_row(void *ctx, const csv_row *row, diag *d)
{
	seen *s = ctx;
	char head[64];

	snprintf(head, sizeof head, "%zu@%zu:", row->index, row->line);
	put(s, head, strlen(head));
	for (size_t i = 0; i < row->n; i++) {
		const csv_field *f = &row->fields[i];
		snprintf(head, sizeof head, " %zu:%zu[", f->line, f->col);
		put(s, head, strlen(head));
		put(s, f->text, f->len);
		put(s, "]", 1);
		if (f->text[f->len] != '\0')
			put(s, "<not terminated>", 16);
	}
	put(s, "\n", 1);
	s->rows++;
	s->last = *row;
	if (row->n > 0)
		snprintf(s->last_text, sizeof s->last_text, "%.*s",
			 (int)(row->fields[row->n - 1].len < 60
				       ? row->fields[row->n - 1].len : 60),
			 row->fields[row->n - 1].text);
	if (s->complain && row->index > 0)
		diag_error(d, "t.csv", row->line, 1, "row seen");
	return !(s->stop_at && row->index + 1 == s->stop_at);
}

/* All kept messages, one a line. */
typedef struct csv_case {
	const char *name;
	const char *input;
	size_t len;
	pb_status status;
	const char *rows;
	const char *msgs;
	size_t stop_at;
	bool complain;
} csv_case;

#define IN(s) s, sizeof(s) - 1

/* Reads C at chunk size CHUNK; true when everything matches.  On a
 * mismatch prints what differed. */
static bool run_once(const void *arg, size_t chunk)
{
	const csv_case *c = arg;
	seen s;
	char msgs[8192];
	diag *d = diag_new(NULL, 0);
	pb_status st;
	bool ok;

	memset(&s, 0, sizeof s);
	s.stop_at = c->stop_at;
	s.complain = c->complain;
	st = csvread_buffer(c->input, c->len, "t.csv", chunk, on_row, &s, d);
	testlib_messages(d, msgs, sizeof msgs);
	ok = st == c->status && strcmp(s.dump, c->rows) == 0
	     && strcmp(msgs, c->msgs) == 0;
	if (!ok) {
		tap_diag("%s, chunk %zu: status %d (want %d)", c->name, chunk,
			 (int)st, (int)c->status);
		tap_diag("rows got:\n%s# rows want:\n%s", s.dump, c->rows);
		tap_diag("messages got:\n%s# messages want:\n%s", msgs,
			 c->msgs);
	}
	diag_free(d);
	return ok;
}

static void run_case(const csv_case *c)
{
	testlib_every_chunk(c->name, c->len, run_once, c);
}

#define STRAY_UNQUOTED "stray quote in an unquoted field (quote the whole " \
	"field and double the quote)"
#define STRAY_CLOSING "stray quote: a closing quote must be followed by a " \
	"comma or a line end"

static const csv_case cases[] = {
	{ "plain rows", IN("a,b\n1,2\n"), PB_OK,
	  "0@1: 1:1[a] 1:3[b]\n1@2: 2:1[1] 2:3[2]\n", "", 0, false },
	{ "no newline at the end", IN("a,b\n1,2"), PB_OK,
	  "0@1: 1:1[a] 1:3[b]\n1@2: 2:1[1] 2:3[2]\n", "", 0, false },
	{ "CRLF line ends", IN("a,b\r\n1,2\r\n"), PB_OK,
	  "0@1: 1:1[a] 1:3[b]\n1@2: 2:1[1] 2:3[2]\n", "", 0, false },
	/* The BOM's 3 bytes count as columns 1-3. */
	{ "UTF-8 BOM skipped", IN("\xEF\xBB\xBF" "a,b\n1,2\n"), PB_OK,
	  "0@1: 1:4[a] 1:6[b]\n1@2: 2:1[1] 2:3[2]\n", "", 0, false },
	{ "BOM only is an empty file", IN("\xEF\xBB\xBF"), PB_DATAERR, "",
	  "t.csv:1:1: empty file, expected a header\n", 0, false },
	/* A UTF-16 file: its byte order mark, FF FE (little-endian) or FE FF,
	 * is named at the first byte rather than as a NUL byte later. */
	{ "UTF-16LE is refused at once",
	  IN("\xFF\xFE" "a\0,\0b\0\n\0"), PB_DATAERR, "",
	  "t.csv:1:1: the file starts with byte 0xFF, a UTF-16 byte order "
	  "mark: it is not UTF-8 text (save it as UTF-8)\n", 0, false },
	{ "UTF-16BE is refused at once", IN("\xFE\xFF" "\0a\0\n"),
	  PB_DATAERR, "", "t.csv:1:1: the file starts with byte 0xFE, a UTF-16 "
	  "byte order mark: it is not UTF-8 text (save it as UTF-8)\n", 0,
	  false },
	/* EF BB x is no BOM: the 3 bytes are the first field (cols 1-3). */
	{ "half a BOM is data", IN("\xEF\xBB" "x,y\n"), PB_OK,
	  "0@1: 1:1[\xEF\xBBx] 1:5[y]\n", "", 0, false },
	/* Lines: 1 a, 2 and 3 empty, 4 b, 5 CR only, 6 " c". */
	{ "blank lines skipped", IN("a\n\n\nb\n\r\n c\n"), PB_OK,
	  "0@1: 1:1[a]\n1@4: 4:1[b]\n2@6: 6:1[ c]\n", "", 0, false },
	{ "spaces and tabs are data", IN(" x ,\ty\t\n 1 , 2\n"), PB_OK,
	  "0@1: 1:1[ x ] 1:5[\ty\t]\n1@2: 2:1[ 1 ] 2:5[ 2]\n", "", 0,
	  false },
	/* "a,b" is columns 1-5, the comma 6, "c""d" starts at 7. */
	{ "quoted fields", IN("x,y\n\"a,b\",\"c\"\"d\"\n"), PB_OK,
	  "0@1: 1:1[x] 1:3[y]\n1@2: 2:1[a,b] 2:7[c\"d]\n", "", 0, false },
	/* Line 3 is l2",z: z at column 5. */
	{ "row spanning lines", IN("x,y\n\"l1\nl2\",z\nq,w\n"), PB_OK,
	  "0@1: 1:1[x] 1:3[y]\n1@2: 2:1[l1\nl2] 3:5[z]\n2@4: 4:1[q] 4:3[w]\n",
	  "", 0, false },
	{ "CRLF inside quotes is kept", IN("\"a\r\nb\"\n"), PB_OK,
	  "0@1: 1:1[a\r\nb]\n", "", 0, false },
	/* Line 3 is "",,"": fields at 1, 4 and 5. */
	{ "empty fields", IN("a,b,c\n,,\n\"\",,\"\"\n"), PB_OK,
	  "0@1: 1:1[a] 1:3[b] 1:5[c]\n1@2: 2:1[] 2:2[] 2:3[]\n"
	  "2@3: 3:1[] 3:4[] 3:5[]\n", "", 0, false },
	{ "trailing comma at end of file", IN("a,b\n1,"), PB_OK,
	  "0@1: 1:1[a] 1:3[b]\n1@2: 2:1[1] 2:3[]\n", "", 0, false },
	{ "lone CR ends a row", IN("a\rb\n"), PB_OK,
	  "0@1: 1:1[a]\n1@1: 1:3[b]\n", "", 0, false },
	{ "header only", IN("a,b\n"), PB_OK, "0@1: 1:1[a] 1:3[b]\n", "", 0,
	  false },
	/* Line 2 is 1,x"y: the quote is column 4; reading goes on at 3. */
	{ "stray quote", IN("a,b\n1,x\"y\n3,4\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n1@3: 3:1[3] 3:3[4]\n",
	  "t.csv:2:4: " STRAY_UNQUOTED "\n", 0, false },
	/* Line 2 is "x"y,2: y is column 4. */
	{ "text after a closing quote", IN("a,b\n\"x\"y,2\n5,6\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n1@3: 3:1[5] 3:3[6]\n",
	  "t.csv:2:4: " STRAY_CLOSING " (found 'y')\n", 0, false },
	{ "space after a closing quote", IN("a\n\"x\" \n"), PB_DATAERR,
	  "0@1: 1:1[a]\n", "t.csv:2:4: " STRAY_CLOSING " (found ' ')\n", 0,
	  false },
	/* The row starts on line 2; line 3 is q"r,1 with r at column 3.
	 * The quote that opened the field is line 2, column 1. */
	{ "stray quote on a row's second line",
	  IN("a,b\n\"p\nq\"r,1\n7,8\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n1@4: 4:1[7] 4:3[8]\n",
	  "t.csv:3:3: " STRAY_CLOSING " (found 'r'; the quoted field opened "
	  "at line 2, column 1)\n", 0, false },
	/* The open quote swallows the rest: reported where it opened. */
	{ "unterminated quote at end of file", IN("a,b\n1,\"abc\n2,3\n"),
	  PB_DATAERR, "0@1: 1:1[a] 1:3[b]\n",
	  "t.csv:2:3: unterminated quoted field\n", 0, false },
	{ "unterminated quote in the header", IN("\"a,b\n"), PB_DATAERR, "",
	  "t.csv:1:1: unterminated quoted field\n", 0, false },
	{ "stray quote in the header stops", IN("a\"b,c\n1,2\n"), PB_DATAERR,
	  "", "t.csv:1:2: " STRAY_UNQUOTED "\n", 0, false },
	{ "ragged rows", IN("a,b,c\n1,2\n1,2,3,4\n5,6,7\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b] 1:5[c]\n3@4: 4:1[5] 4:3[6] 4:5[7]\n",
	  "t.csv:2:1: row has 2 fields, header has 3\n"
	  "t.csv:3:1: row has 4 fields, header has 3\n", 0, false },
	{ "ragged row spanning lines", IN("a,b\n\"x\ny\"\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n",
	  "t.csv:2:1: row has 1 field, header has 2\n", 0, false },
	{ "a line of spaces is a row", IN("a,b\n  \n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n",
	  "t.csv:2:1: row has 1 field, header has 2\n", 0, false },
	/* Line 2 is 1,x NUL y: the NUL is column 4. */
	{ "NUL in a field", IN("a,b\n1,x\0y\n3,4\n"), PB_DATAERR,
	  "0@1: 1:1[a] 1:3[b]\n2@3: 3:1[3] 3:3[4]\n",
	  "t.csv:2:4: NUL byte in field\n", 0, false },
	{ "NUL on a quoted field's second line", IN("a\n\"p\nq\0\"\n"),
	  PB_DATAERR, "0@1: 1:1[a]\n", "t.csv:3:2: NUL byte in field\n", 0,
	  false },
	{ "NUL in the header stops", IN("a\0,b\n1,2\n"), PB_DATAERR, "",
	  "t.csv:1:2: NUL byte in field\n", 0, false },
	{ "empty file", IN(""), PB_DATAERR, "",
	  "t.csv:1:1: empty file, expected a header\n", 0, false },
	{ "blank lines only", IN("\n\r\n\n"), PB_DATAERR, "",
	  "t.csv:1:1: empty file, expected a header\n", 0, false },
	{ "callback stops the file", IN("a\n1\n2\n3\n"), PB_OK,
	  "0@1: 1:1[a]\n1@2: 2:1[1]\n", "", 2, false },
	{ "callback errors make the status", IN("a\n1\n\n2\n"), PB_DATAERR,
	  "0@1: 1:1[a]\n1@2: 2:1[1]\n2@4: 4:1[2]\n",
	  "t.csv:2:1: row seen\nt.csv:4:1: row seen\n", 0, true },
};

/* 25 one-field rows under a two-field header: the first 20 are reported,
 * then the reader gives up and says so. */
static void test_error_limit(void)
{
	char input[128] = "a,b\n";
	char want[4096] = "";
	size_t o = 0;
	csv_case c;

	for (int i = 0; i < 25; i++)
		strcat(input, "1\n");
	for (int line = 2; line <= 21; line++)
		o += (size_t)snprintf(want + o, sizeof want - o,
				      "t.csv:%d:1: row has 1 field, header "
				      "has 2\n", line);
	snprintf(want + o, sizeof want - o,
		 "t.csv: warning: stopped after 20 errors; the rest of the "
		 "file was not checked\n");
	c = (csv_case){ "error limit", input, strlen(input), PB_DATAERR,
			"0@1: 1:1[a] 1:3[b]\n", want, 0, false };
	run_case(&c);
}

/* Builds "a\n" + a second line of N bytes of X, optionally quoted. */
static char *long_field(size_t n, bool quoted, size_t *len)
{
	char *buf = malloc(n + 8);
	size_t o = 0;
	if (!buf)
		return NULL;
	memcpy(buf, "a\n", 2);
	o = 2;
	if (quoted)
		buf[o++] = '"';
	memset(buf + o, 'x', n);
	o += n;
	if (quoted)
		buf[o++] = '"';
	buf[o++] = '\n';
	*len = o;
	return buf;
}

/* Long fields cannot be swept through every chunk size: a few sizes that
 * split them in different places are enough. */
static void test_long_fields(void)
{
	static const size_t chunks[] = { 0, 1, 4095, 65536 };
	const size_t max = CSVREAD_MAX_FIELD;
	size_t len;
	bool ok_exact = true, ok_over = true, ok_quoted = true;
	char *exact = long_field(max, false, &len);
	size_t len_exact = len;
	char *over = long_field(max + 1, false, &len);
	size_t len_over = len;
	/* Quotes count: 2 + (max - 1) bytes written is one too many. */
	char *quoted = long_field(max - 1, true, &len);
	size_t len_quoted = len;

	if (!exact || !over || !quoted) {
		tap_ok(false, "memory for the long-field tests");
		return;
	}
	for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
		seen s;
		char msgs[1024];
		diag *d = diag_new(NULL, 0);
		pb_status st;

		memset(&s, 0, sizeof s);
		st = csvread_buffer(exact, len_exact, "t.csv", chunks[i],
				    on_row, &s, d);
		ok_exact = ok_exact && st == PB_OK && s.rows == 2
			   && s.last.n == 1 && diag_kept(d) == 0;
		diag_free(d);

		d = diag_new(NULL, 0);
		memset(&s, 0, sizeof s);
		st = csvread_buffer(over, len_over, "t.csv", chunks[i], on_row,
				    &s, d);
		testlib_messages(d, msgs, sizeof msgs);
		ok_over = ok_over && st == PB_DATAERR && s.rows == 1
			  && strcmp(msgs, "t.csv:2:1: field is longer than "
				    "1048576 bytes\n") == 0;
		diag_free(d);

		d = diag_new(NULL, 0);
		memset(&s, 0, sizeof s);
		st = csvread_buffer(quoted, len_quoted, "t.csv", chunks[i],
				    on_row, &s, d);
		testlib_messages(d, msgs, sizeof msgs);
		ok_quoted = ok_quoted && st == PB_DATAERR && s.rows == 1
			    && strcmp(msgs, "t.csv:2:1: field is longer than "
				      "1048576 bytes\n") == 0;
		diag_free(d);
	}
	tap_ok(ok_exact, "a field of exactly 1048576 bytes is read");
	tap_ok(ok_over, "a field of 1048577 bytes is an error");
	tap_ok(ok_quoted, "quotes count towards the field limit");
	free(exact);
	free(over);
	free(quoted);
}

/* 4096 fields are fine; a 4097th is refused where it starts: field k of
 * "a,a,...,a" starts at column 2k - 1, so field 4097 at column 8193. */
static void test_many_fields(void)
{
	char *buf = malloc(2 * 4097 + 1);
	size_t o;
	seen s;
	char msgs[1024];
	diag *d;
	pb_status st;

	if (!buf) {
		tap_ok(false, "memory for the many-fields test");
		return;
	}
	for (o = 0; o < 2 * 4096; o += 2)
		memcpy(buf + o, "a,", 2);
	buf[o - 1] = '\n';
	d = diag_new(NULL, 0);
	memset(&s, 0, sizeof s);
	st = csvread_buffer(buf, o, "t.csv", 0, on_row, &s, d);
	tap_ok(st == PB_OK && s.rows == 1 && s.last.n == 4096,
	       "a row of 4096 fields is read");
	diag_free(d);

	buf[o - 1] = ',';
	memcpy(buf + o, "a\n", 2);
	d = diag_new(NULL, 0);
	memset(&s, 0, sizeof s);
	st = csvread_buffer(buf, o + 2, "t.csv", 0, on_row, &s, d);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_DATAERR && s.rows == 0
	       && strcmp(msgs, "t.csv:1:8193: row has more than 4096 "
			 "fields\n") == 0,
	       "a row of 4097 fields is an error at the 4097th");
	diag_free(d);
	free(buf);
}

/* Writes LEN bytes to a new temporary file; returns its path (static). */
static const char *temp_file(const char *data, size_t len)
{
	static char path[64];
	int fd;
	FILE *f;

	snprintf(path, sizeof path, "/tmp/test_csvread.XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "wb");
	if (!f) {
		close(fd);
		return NULL;
	}
	if (fwrite(data, 1, len, f) != len) {
		fclose(f);
		return NULL;
	}
	if (fclose(f) != 0)
		return NULL;
	return path;
}

static void test_files(void)
{
	diag *d = diag_new(NULL, 0);
	seen s;
	char msgs[1024];
	pb_status st;
	const char *path;
	char *big;
	size_t o = 0;
	const int rows = 20000;
	const char *first = "0@1: 1:4[n] 1:6[text]\n"
			    "1@3: 3:1[00001] 3:7[row 00001]\n";

	memset(&s, 0, sizeof s);
	st = csvread_file("/nonexistent/runs.csv", "nope.csv", on_row, &s, d);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_NOINPUT && diag_status(d) == PB_NOINPUT
	       && strcmp(msgs, "nope.csv: cannot open: No such file or "
			 "directory\n") == 0,
	       "missing file: PB_NOINPUT and 'cannot open'");
	diag_free(d);

	d = diag_new(NULL, 0);
	st = csvread_file("/tmp", "tmp", on_row, &s, d);
	testlib_messages(d, msgs, sizeof msgs);
	tap_ok(st == PB_NOINPUT
	       && strcmp(msgs, "tmp: cannot open: Is a directory\n") == 0,
	       "a folder: PB_NOINPUT and 'cannot open'");
	diag_free(d);

	/* Rows of "NNNNN,row NNNNN\r\n" (17 bytes) cross the 65536-byte read
	 * blocks many times; row i (1-based data row) is on line i + 2
	 * after the BOM + header line and a blank line. */
	big = malloc(32 + (size_t)rows * 17);
	if (!big) {
		tap_ok(false, "memory for the large file");
		return;
	}
	o = (size_t)sprintf(big, "\xEF\xBB\xBFn,text\r\n\r\n");
	for (int i = 1; i <= rows; i++)
		o += (size_t)sprintf(big + o, "%05d,row %05d\r\n", i, i);
	path = temp_file(big, o);
	free(big);
	if (!path) {
		tap_ok(false, "temporary file written");
		return;
	}
	d = diag_new(NULL, 0);
	memset(&s, 0, sizeof s);
	st = csvread_file(path, "big.csv", on_row, &s, d);
	unlink(path);
	tap_ok(st == PB_OK && diag_kept(d) == 0 && s.rows == 20001
	       && s.last.index == 20000 && s.last.line == 20002
	       && s.last.n == 2 && strcmp(s.last_text, "row 20000") == 0,
	       "large file: 20001 rows, the last on line 20002");
	tap_ok(strncmp(s.dump, first, strlen(first)) == 0,
	       "large file: BOM skipped, blank line 2 skipped");
	diag_free(d);
}

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(&cases[i]);
	test_error_limit();
	test_long_fields();
	test_many_fields();
	test_files();
	return tap_done();
}
