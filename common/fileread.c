/* fileread.c: a small file read whole into memory (fileread.h). */
#include "common/fileread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The first buffer: most files of a study are far smaller. */
#define FILEREAD_FIRST 4096

pb_status fileread_open_failed(diag *d, const char *display, bool mark)
{
	int e = errno;
	/* fdopen allocates its buffer: ENOMEM is no missing input. */
	pb_status why = e == EINVAL ? PB_DATAERR
			: e == ENOMEM ? PB_NOMEM : PB_NOINPUT;

	if (e == EINVAL)
		diag_error(d, display, 0, 0, "is not a regular file");
	else
		diag_error(d, display, 0, 0, "cannot open: %s", strerror(e));
	if (mark)
		diag_fail(d, why);
	return why;
}

pb_status fileread_all(FILE *f, size_t max, char **buf, size_t *len)
{
	size_t limit = max < (size_t)-2 ? max + 1 : max;
	size_t cap = 0, n = 0;
	char *b = NULL;

	*buf = NULL;
	*len = 0;
	for (;;) {
		if (n + 1 >= cap) {
			size_t want = cap ? 2 * cap : FILEREAD_FIRST;
			if (want < cap || want - 1 > limit)
				want = limit + 1;
			char *grown = want > cap ? realloc(b, want) : NULL;
			if (!grown) {
				free(b);
				return PB_NOMEM;
			}
			b = grown;
			cap = want;
		}
		size_t room = cap - 1 - n;
		if (room > limit - n)
			room = limit - n;
		size_t got = room ? fread(b + n, 1, room, f) : 0;
		n += got;
		if (got < room || n == limit)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		free(b);
		errno = e;
		return PB_IOERR;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return PB_OK;
}

pb_status fileread_document(const char *path, diag *d, char **buf,
			    size_t *len)
{
	FILE *f = fopen(path, "rb");
	pb_status st;

	*buf = NULL;
	*len = 0;
	if (!f) {
		diag_error(d, path, 0, 0, "cannot open: %s", strerror(errno));
		return PB_NOINPUT;
	}
	st = fileread_all(f, FILEREAD_MAX_DOCUMENT, buf, len);
	if (st == PB_IOERR)
		diag_error(d, path, 0, 0, "read error: %s", strerror(errno));
	fclose(f);
	if (st != PB_OK)
		return st;
	if (*len > FILEREAD_MAX_DOCUMENT) {
		diag_error(d, path, 0, 0, "larger than %zu MiB, the most "
			   "pairboot reads of a page or results.json",
			   FILEREAD_MAX_DOCUMENT >> 20);
		free(*buf);
		*buf = NULL;
		*len = 0;
		return PB_DATAERR;
	}
	return PB_OK;
}

int fileread_open_regular(const char *path, int flags, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
		      | flags);
	int e;

	if (fd < 0)
		return -1;
	if (fstat(fd, st) != 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		errno = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
		return -1;
	}
	/* A regular file never blocks; the flag only mattered to open. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

FILE *fileread_open(const char *path)
{
	struct stat st;
	int fd = fileread_open_regular(path, 0, &st), e;
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "rb");
	if (!f) {
		e = errno;
		close(fd);
		errno = e;
	}
	return f;
}
