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

/* Opens REAL without waiting: a FIFO without a writer would block an
 * ordinary open for ever. */
static studyfile_fault open_regular(const char *real, uint64_t max,
				    uint64_t *size, int *err)
{
	struct stat st;
	int fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		*err = errno;
		if (*err == ENOENT || *err == ENOTDIR)
			return STUDYFILE_MISSING;
		return *err == ENOMEM ? STUDYFILE_NOMEM
				      : STUDYFILE_UNREADABLE;
	}
	if (fstat(fd, &st) != 0) {
		*err = errno;
		close(fd);
		return STUDYFILE_UNREADABLE;
	}
	close(fd);
	if (!S_ISREG(st.st_mode))
		return STUDYFILE_NOT_REGULAR;
	if (max && (uint64_t)st.st_size > max)
		return STUDYFILE_TOO_LARGE;
	*size = (uint64_t)st.st_size;
	return STUDYFILE_OK;
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
	fd = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	free(real);
	if (fd < 0) {
		err = errno;
		diag_error(d, display, 0, 0, "cannot be opened: %s",
			   strerror(err));
		diag_fail(d, PB_NOINPUT);
		return err == ENOMEM ? PB_NOMEM : PB_NOINPUT;
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
