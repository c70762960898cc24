/* test_hashread.c: files are hashed in the pass that parses them, and the
 * digest is the whole file's even when parsing stops early.  Expected
 * digests are the published SHA-256 test vectors (FIPS 180-2) and GLib's
 * own SHA-256 of the same bytes, an implementation independent of the one
 * digest.c uses when built with libcrypto. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/digest.h"
#include "ingest/latency.h"
#include "ingest/mechlog.h"
#include "tests/lib/tap.h"

static char *write_file(const char *text, size_t len)
{
	char *path = strdup("/tmp/pairboot-hashread-XXXXXX");
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "wb");

	fwrite(text, 1, len, f);
	fclose(f);
	return path;
}

static void glib_sha256(const char *text, size_t len, char hex[65])
{
	gchar *s = g_compute_checksum_for_data(G_CHECKSUM_SHA256,
					       (const guchar *)text, len);
	memcpy(hex, s, 65);
	g_free(s);
}

/* Reads the latency file PATH while hashing it; the digest of what was
 * hashed into HEX, its length into *BYTES. */
static pb_status read_big(const char *path, diag *d, double **values,
			  size_t *n, char hex[65], uint64_t *bytes)
{
	digest_stream *ds = digest_stream_new();
	pb_status st = latency_read_file_hashed(path, "big.csv", "latency_us",
						false, d, values, n, ds,
						NULL);

	digest_stream_finish(ds, hex, bytes);
	digest_stream_free(ds);
	return st;
}

int main(void)
{
	char hex[65], want[65];
	uint64_t bytes = 0;
	digest_stream *ds;
	diag *d = diag_new(NULL, 0);
	double *values = NULL;
	size_t n = 0;
	mech_log *log = NULL;
	GString *big = g_string_new("period,latency_us\n");
	char *path;
	pb_status st;

	digest_buffer("abc", 3, hex);
	tap_streq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		  "SHA-256 of 'abc' (FIPS 180-2 test vector)");
	digest_buffer("", 0, hex);
	tap_streq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		  "SHA-256 of nothing");
	ds = digest_stream_new();
	digest_stream_update(ds, "abcdbcdecdefdefgefghfghighij", 28);
	digest_stream_update(ds, "hijkijkljklmklmnlmnomnopnopq", 28);
	st = digest_stream_finish(ds, hex, &bytes);
	digest_stream_free(ds);
	tap_ok(st == PB_OK && bytes == 56
	       && strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0,
	       "a stream fed in two pieces: the 448-bit FIPS vector, 56 bytes");

	/* A latency file over several read blocks whose header lacks the
	 * column: parsing stops at once, hashing goes on to the end. */
	for (int i = 1; i <= 20000; i++)
		g_string_append_printf(big, "%d,%d.%d\n", i, 19000 + i % 97,
				       i % 10);
	g_string_overwrite(big, 7, "LATENCY_us");
	path = write_file(big->str, big->len);
	st = read_big(path, d, &values, &n, hex, &bytes);
	glib_sha256(big->str, big->len, want);
	tap_ok(st == PB_DATAERR, "a header without the column: data error");
	tap_streq(hex, want, "and yet the digest is the whole file's");
	tap_ok(bytes == big->len, "all %zu bytes were hashed", big->len);
	remove(path);
	free(path);

	/* The same file, good: values read and the same single pass hashed. */
	g_string_overwrite(big, 7, "latency_us");
	path = write_file(big->str, big->len);
	st = read_big(path, d, &values, &n, hex, &bytes);
	glib_sha256(big->str, big->len, want);
	tap_ok(st == PB_OK && n == 20000, "the good file reads 20000 values");
	tap_streq(hex, want, "its digest is GLib's SHA-256 of the file");
	tap_ok(digest_file(path, hex, &bytes) == PB_OK
	       && strcmp(hex, want) == 0 && bytes == big->len,
	       "digest_file agrees");
	free(values);
	remove(path);
	free(path);

	/* A mechanism log with a bad line is hashed whole too. */
	path = write_file("event=service status=running\noops\n"
			  "event=query value=20\n", 56);
	ds = digest_stream_new();
	st = mechlog_read_file_hashed(path, "m.log", d, &log, ds);
	digest_stream_finish(ds, hex, &bytes);
	digest_stream_free(ds);
	glib_sha256("event=service status=running\noops\nevent=query value=20\n",
		    56, want);
	tap_ok(st == PB_DATAERR && log == NULL, "a bad log line: data error");
	tap_streq(hex, want, "the log's digest covers every byte");
	remove(path);
	free(path);

	g_string_free(big, TRUE);
	diag_free(d);
	return tap_done();
}
