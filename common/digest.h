/* digest.h: SHA-256 of input files, so a reader can tell whether they hold
 * the same data as the study that was published.
 *
 * The digests come from OpenSSL's libcrypto when pairboot was configured
 * with it (it uses the CPU's SHA instructions), else from GLib's
 * GChecksum; both give the same 64 lower-case hex digits. */
#ifndef PAIRBOOT_DIGEST_H
#define PAIRBOOT_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"

/* Hashes the file at PATH into HEX (64 hex digits and a NUL) and stores its
 * size in *BYTES.  PB_NOINPUT when it cannot be opened, PB_IOERR when a read
 * fails. */
pb_status digest_file(const char *path, char hex[65], uint64_t *bytes);

/* Hashes LEN bytes at DATA into HEX. */
void digest_buffer(const void *data, size_t len, char hex[65]);

/* A digest fed piece by piece, so a file is hashed by the reader that
 * parses it instead of being read a second time. */
typedef struct digest_stream digest_stream;

/* A new stream, or NULL when out of memory.  Free with digest_stream_free. */
digest_stream *digest_stream_new(void);

/* Adds LEN bytes at DATA to the digest. */
void digest_stream_update(digest_stream *ds, const void *data, size_t len);

/* The digest of everything added so far, into HEX, and the number of bytes
 * into *BYTES (may be NULL).  The stream may not be updated afterwards.
 * PB_SOFTWARE when libcrypto reported a failure on the way (its SHA-256
 * functions never do; the check is kept); HEX is then all zeros and must
 * not be used. */
pb_status digest_stream_finish(digest_stream *ds, char hex[65],
			       uint64_t *bytes);

/* Frees DS (NULL is allowed). */
void digest_stream_free(digest_stream *ds);

#endif
