/* digest.c: SHA-256 through OpenSSL's libcrypto when configure found it,
 * else through GLib's GChecksum (GLib is already needed for the key file).
 * GLib's SHA-256 runs at about 110 MB/s on one core, libcrypto's at over
 * 1 GB/s with the CPU's SHA instructions: for a large study the hash is
 * otherwise the slowest part of reading it (docs/performance.md). */
#include "config.h"

#include "common/digest.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#ifdef HAVE_LIBCRYPTO
/* The plain SHA256_* functions: OpenSSL 3 calls them deprecated in favour
 * of EVP, but EVP fetches its algorithms lazily, allocating locks and
 * tables on first use, and a failed allocation there leaves libcrypto
 * broken (a later call follows a NULL lock).  These need no allocation and
 * no initialisation at all, and run the same SHA-instruction code. */
#define OPENSSL_API_COMPAT 10101
#include <openssl/sha.h>
#endif

struct digest_stream {
#ifdef HAVE_LIBCRYPTO
	SHA256_CTX ctx;
#else
	GChecksum *sum;
#endif
	uint64_t bytes;       /* bytes added so far */
	bool failed;          /* libcrypto reported a failure */
};

digest_stream *digest_stream_new(void)
{
	digest_stream *ds = calloc(1, sizeof *ds);

	if (!ds)
		return NULL;
#ifdef HAVE_LIBCRYPTO
	if (SHA256_Init(&ds->ctx) != 1)
		ds->failed = true;
#else
	/* GLib stops the process itself when this allocation fails
	 * (common/oom.c makes that exit 71). */
	ds->sum = g_checksum_new(G_CHECKSUM_SHA256);
#endif
	return ds;
}

void digest_stream_update(digest_stream *ds, const void *data, size_t len)
{
	const unsigned char *p = data;

	ds->bytes += len;
#ifdef HAVE_LIBCRYPTO
	if (SHA256_Update(&ds->ctx, p, len) != 1)
		ds->failed = true;
#else
	/* g_checksum_update takes a signed length. */
	while (len) {
		size_t k = len > (1u << 30) ? (1u << 30) : len;

		g_checksum_update(ds->sum, p, (gssize)k);
		p += k;
		len -= k;
	}
#endif
}

pb_status digest_stream_finish(digest_stream *ds, char hex[65],
			       uint64_t *bytes)
{
	static const char digits[] = "0123456789abcdef";
#ifdef HAVE_LIBCRYPTO
	unsigned char md[SHA256_DIGEST_LENGTH];

	if (ds->failed || SHA256_Final(md, &ds->ctx) != 1) {
		memset(md, 0, sizeof md);
		ds->failed = true;
	}
	for (int i = 0; i < 32; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
#else
	(void)digits;
	memcpy(hex, g_checksum_get_string(ds->sum), 64);
#endif
	hex[64] = '\0';
	if (bytes)
		*bytes = ds->bytes;
	return ds->failed ? PB_SOFTWARE : PB_OK;
}

void digest_stream_free(digest_stream *ds)
{
	if (!ds)
		return;
#ifndef HAVE_LIBCRYPTO
	g_checksum_free(ds->sum);
#endif
	free(ds);
}

pb_status digest_file(const char *path, char hex[65], uint64_t *bytes)
{
	unsigned char buf[65536];
	digest_stream *ds;
	FILE *f;
	size_t got;
	pb_status status = PB_OK;

	f = fopen(path, "rb");
	if (!f)
		return errno == ENOMEM ? PB_NOMEM : PB_NOINPUT;
	ds = digest_stream_new();
	if (!ds) {
		fclose(f);
		return PB_NOMEM;
	}
	while ((got = fread(buf, 1, sizeof buf, f)) > 0)
		digest_stream_update(ds, buf, got);
	if (ferror(f))
		status = PB_IOERR;
	fclose(f);
	status = pb_status_merge(status, digest_stream_finish(ds, hex, bytes));
	digest_stream_free(ds);
	return status;
}

void digest_buffer(const void *data, size_t len, char hex[65])
{
	digest_stream *ds = digest_stream_new();

	if (!ds) {
		/* Out of memory for the stream; GLib's checksum, which stops
		 * the process instead (exit 71), gives the same digest. */
		GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);

		g_checksum_update(sum, data, (gssize)len);
		memcpy(hex, g_checksum_get_string(sum), 64);
		hex[64] = '\0';
		g_checksum_free(sum);
		return;
	}
	digest_stream_update(ds, data, len);
	if (digest_stream_finish(ds, hex, NULL) != PB_OK) {
		GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);

		g_checksum_update(sum, data, (gssize)len);
		memcpy(hex, g_checksum_get_string(sum), 64);
		g_checksum_free(sum);
	}
	digest_stream_free(ds);
}
