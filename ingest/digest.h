/* digest.h: SHA-256 of input files, so a reader can tell whether they hold
 * the same data as the study that was published. */
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

#endif
