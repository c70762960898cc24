/* test_fileread.c: reading a small file whole, at the edges of the first
 * buffer and of the limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fileread.h"
#include "tests/lib/tap.h"

/* A temporary file of SIZE bytes, byte i holding i % 251. */
static FILE *file_of(size_t size)
{
	FILE *f = tmpfile();

	for (size_t i = 0; f && i < size; i++)
		fputc((int)(i % 251), f);
	if (f)
		rewind(f);
	return f;
}

/* Reads a file of SIZE bytes with the limit MAX and checks it gives the
 * first WANT bytes, NUL-terminated. */
static void check(size_t size, size_t max, size_t want)
{
	FILE *f = file_of(size);
	char *buf = NULL;
	size_t len = 0;
	pb_status st = f ? fileread_all(f, max, &buf, &len) : PB_IOERR;
	bool same = st == PB_OK && len == want && buf[len] == '\0';

	for (size_t i = 0; same && i < len; i++)
		same = (unsigned char)buf[i] == i % 251;
	tap_ok(same, "%zu bytes, at most %zu + 1: %zu read (%zu)", size, max,
	       want, len);
	free(buf);
	if (f)
		fclose(f);
}

int main(void)
{
	const size_t all = (size_t)-1;

	check(0, all, 0);
	check(1, all, 1);
	check(4095, all, 4095);
	check(4096, all, 4096);
	check(4097, all, 4097);
	check(100000, all, 100000);
	/* A file over the limit gives one byte more than the limit. */
	check(100, 100, 100);
	check(101, 100, 101);
	check(100000, 100, 101);
	check(100000, 8191, 8192);
	check(8192, 8191, 8192);
	check(0, 0, 0);
	check(5, 0, 1);
	{
		/* A folder opens, but reading it fails (EISDIR). */
		FILE *f = fopen(".", "rb");
		char *buf = (char *)"x";
		size_t len = 7;
		tap_ok(f && fileread_all(f, all, &buf, &len) == PB_IOERR
		       && !buf && len == 0,
		       "a read error is PB_IOERR, and nothing is handed over");
		if (f)
			fclose(f);
	}
	return tap_done();
}
