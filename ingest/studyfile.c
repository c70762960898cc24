/* studyfile.c: opening a file of a study (see studyfile.h). */
#include "ingest/studyfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/digest.h"

/* Whether the real path REAL lies inside the folder whose real path is
 * ROOT. */
static bool inside(const char *real, const char *root)
{
	size_t lr = strlen(root);

	if (lr == 1 && root[0] == '/')
		return real[0] == '/' && real[1] != '\0';
	return strncmp(real, root, lr) == 0 && real[lr] == '/';
}

/* What the open FD is, judged on the descriptor: a regular file of at
 * most MAX bytes (0: any), its size in *SIZE (may be NULL). */
static studyfile_fault regular_fd(int fd, uint64_t max, uint64_t *size)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return STUDYFILE_UNREADABLE;
	if (!S_ISREG(st.st_mode))
		return STUDYFILE_NOT_REGULAR;
	if (max && (uint64_t)st.st_size > max)
		return STUDYFILE_TOO_LARGE;
	if (size)
		*size = (uint64_t)st.st_size;
	return STUDYFILE_OK;
}

/* Opens REAL without waiting (a FIFO without a writer would block an
 * ordinary open for ever) and judges it on its descriptor. */
static studyfile_fault open_regular(const char *real, uint64_t max,
				    uint64_t *size, int *err)
{
	studyfile_fault f;
	int fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		*err = errno;
		if (*err == ENOENT || *err == ENOTDIR)
			return STUDYFILE_MISSING;
		return *err == ENOMEM ? STUDYFILE_NOMEM
				      : STUDYFILE_UNREADABLE;
	}
	f = regular_fd(fd, max, size);
	if (f == STUDYFILE_UNREADABLE)
		*err = errno;
	close(fd);
	return f;
}

studyfile_fault studyfile_check(const char *path, const char *root,
				uint64_t max, char **real, uint64_t *size,
				int *err)
{
	char *where = realpath(path, NULL);
	uint64_t bytes = 0;
	studyfile_fault f;
	int e = 0;

	if (real)
		*real = NULL;
	if (!where) {
		e = errno;
		if (err)
			*err = e;
		if (e == ENOMEM)
			return STUDYFILE_NOMEM;
		return e == ENOENT || e == ENOTDIR ? STUDYFILE_MISSING
						    : STUDYFILE_UNREADABLE;
	}
	if (root && !inside(where, root)) {
		free(where);
		return STUDYFILE_OUTSIDE;
	}
	f = open_regular(where, max, &bytes, &e);
	if (err)
		*err = e;
	if (size)
		*size = bytes;
	if (f == STUDYFILE_OK && real)
		*real = where;
	else
		free(where);
	return f;
}

const char *studyfile_fault_text(studyfile_fault fault, int err,
				 uint64_t max, char *buf, size_t size)
{
	switch (fault) {
	case STUDYFILE_OK:
		snprintf(buf, size, "is a study file");
		break;
	case STUDYFILE_MISSING:
		snprintf(buf, size, "does not exist");
		break;
	case STUDYFILE_UNREADABLE:
		snprintf(buf, size, "cannot be opened: %s", strerror(err));
		break;
	case STUDYFILE_OUTSIDE:
		snprintf(buf, size, "leads outside the study folder (through "
			 "a symbolic link)");
		break;
	case STUDYFILE_NOT_REGULAR:
		snprintf(buf, size, "is not a regular file");
		break;
	case STUDYFILE_TOO_LARGE:
		snprintf(buf, size, "file too large (more than %llu bytes)",
			 (unsigned long long)max);
		break;
	case STUDYFILE_NOMEM:
		snprintf(buf, size, "out of memory");
		break;
	}
	return buf;
}

pb_status studyfile_fault_status(studyfile_fault fault)
{
	switch (fault) {
	case STUDYFILE_OK:
		return PB_OK;
	case STUDYFILE_MISSING:
	case STUDYFILE_UNREADABLE:
		return PB_NOINPUT;
	case STUDYFILE_NOMEM:
		return PB_NOMEM;
	default:
		return PB_DATAERR;
	}
}

/* Reads up to MAX + 1 bytes of FD into a new *BUF: one byte more than
 * allowed tells a file that grew past its limit since it was looked at. */
static pb_status read_fd(int fd, uint64_t max, char **buf, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *b = malloc(cap + 1);

	if (!b)
		return PB_NOMEM;
	for (;;) {
		ssize_t got;

		if (n == cap) {
			char *grown;
			if (max && cap > max)
				break;
			cap *= 2;
			grown = realloc(b, cap + 1);
			if (!grown) {
				free(b);
				return PB_NOMEM;
			}
			b = grown;
		}
		got = read(fd, b + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(b);
			return PB_IOERR;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return PB_OK;
}

pb_status studyfile_read(const char *path, const char *display,
			 const char *root, uint64_t max, diag *d, char **buf,
			 size_t *len, char hex[65])
{
	char *real = NULL, why[160];
	int err = 0, fd;
	studyfile_fault f = studyfile_check(path, root, max, &real, NULL,
					    &err);
	pb_status st;

	*buf = NULL;
	*len = 0;
	if (f != STUDYFILE_OK) {
		/* A file that cannot be had is said as the C library says
		 * it; one that should not be read, with the reason. */
		if (f == STUDYFILE_MISSING || f == STUDYFILE_UNREADABLE)
			diag_error(d, display, 0, 0, "cannot open: %s",
				   strerror(err ? err : ENOENT));
		else if (f != STUDYFILE_NOMEM)
			diag_error(d, display, 0, 0, "%s",
				   studyfile_fault_text(f, err, max, why,
							sizeof why));
		diag_fail(d, studyfile_fault_status(f));
		return studyfile_fault_status(f);
	}
	/* The real path holds no link: one there now was put there since
	 * the look, as was anything but the regular file looked at. */
	fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
		  | O_NOFOLLOW);
	free(real);
	f = fd < 0 ? STUDYFILE_UNREADABLE : regular_fd(fd, max, NULL);
	if (f != STUDYFILE_OK) {
		err = fd < 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		if (err == ENOMEM)
			return PB_NOMEM;
		diag_error(d, display, 0, 0, "%s", err
			   ? studyfile_fault_text(STUDYFILE_UNREADABLE, err,
						  max, why, sizeof why)
			   : "changed while it was opened: not read");
		diag_fail(d, err ? PB_NOINPUT : PB_DATAERR);
		return err ? PB_NOINPUT : PB_DATAERR;
	}
	st = read_fd(fd, max, buf, len);
	err = errno;
	close(fd);
	if (st == PB_IOERR) {
		diag_error(d, display, 0, 0, "read error: %s", strerror(err));
		diag_fail(d, PB_IOERR);
		return st;
	}
	if (st != PB_OK)
		return st;
	if (max && *len > max) {
		diag_error(d, display, 0, 0, "%s",
			   studyfile_fault_text(STUDYFILE_TOO_LARGE, 0, max,
						why, sizeof why));
		free(*buf);
		*buf = NULL;
		*len = 0;
		diag_fail(d, PB_DATAERR);
		return PB_DATAERR;
	}
	digest_buffer(*buf, *len, hex);
	return PB_OK;
}
