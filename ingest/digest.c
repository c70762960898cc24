/* digest.c: SHA-256 through GLib's GChecksum (GLib is already needed for
 * the key file, so no further library is brought in for hashing). */
#include "ingest/digest.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

pb_status digest_file(const char *path, char hex[65], uint64_t *bytes)
{
	unsigned char buf[65536];
	GChecksum *sum;
	FILE *f;
	size_t got;
	uint64_t total = 0;
	pb_status status = PB_OK;

	f = fopen(path, "rb");
	if (!f)
		return errno == ENOMEM ? PB_NOMEM : PB_NOINPUT;
	sum = g_checksum_new(G_CHECKSUM_SHA256);
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		g_checksum_update(sum, buf, (gssize)got);
		total += got;
	}
	if (ferror(f))
		status = PB_IOERR;
	fclose(f);
	memcpy(hex, g_checksum_get_string(sum), 64);
	hex[64] = '\0';
	g_checksum_free(sum);
	*bytes = total;
	return status;
}

void digest_buffer(const void *data, size_t len, char hex[65])
{
	GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
	g_checksum_update(sum, data, (gssize)len);
	memcpy(hex, g_checksum_get_string(sum), 64);
	hex[64] = '\0';
	g_checksum_free(sum);
}
