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
#include "common/fileread.h"

/* Whether the real path REAL lies inside the folder whose real path is
 * ROOT. */
static bool inside(const char *real, const char *root)
{
	size_t lr = strlen(root);

	if (lr == 1 && root[0] == '/')
		return real[0] == '/' && real[1] != '\0';
	return strncmp(real, root, lr) == 0 && real[lr] == '/';
}

/* The fault an open of a study file's real path failed with, errno E. */
static studyfile_fault open_fault(int e)
{
	switch (e) {
	case ENOENT:
	case ENOTDIR:
		return STUDYFILE_MISSING;
	case EISDIR:
	case EINVAL:    /* a FIFO, a device or a socket */
	case ELOOP:     /* a link put where the real path had none */
		return STUDYFILE_NOT_REGULAR;
	case ENOMEM:
		return STUDYFILE_NOMEM;
	default:
		return STUDYFILE_UNREADABLE;
	}
}

/* Opens the file PATH of the study below ROOT for reading, judged on the
 * descriptor it is read from: STUDYFILE_OK with *FD open (the caller
 * closes it), *SIZE (may be NULL) its size and *REAL (may be NULL) its
 * real path; else *FD is -1 and *ERR errno where it tells more. */
static studyfile_fault open_study_file(const char *path, const char *root,
				       uint64_t max, int *fd, uint64_t *size,
				       char **real, int *err)
{
	char *where = realpath(path, NULL);
	struct stat st;

	*fd = -1;
	*err = 0;
	if (!where) {
		*err = errno;
		return *err == ENOMEM ? STUDYFILE_NOMEM
		       : *err == ENOENT || *err == ENOTDIR ? STUDYFILE_MISSING
		       : STUDYFILE_UNREADABLE;
	}
	if (root && !inside(where, root)) {
		free(where);
		return STUDYFILE_OUTSIDE;
	}
	/* The real path holds no link: one there now was put there since
	 * realpath looked. */
	*fd = fileread_open_regular(where, O_NOFOLLOW, &st);
	if (*fd < 0) {
		*err = errno;
		free(where);
		return open_fault(*err);
	}
	if (max && (uint64_t)st.st_size > max) {
		close(*fd);
		*fd = -1;
		free(where);
		return STUDYFILE_TOO_LARGE;
	}
	if (size)
		*size = (uint64_t)st.st_size;
	if (real)
		*real = where;
	else
		free(where);
	return STUDYFILE_OK;
}

studyfile_fault studyfile_check(const char *path, const char *root,
				uint64_t max, char **real, uint64_t *size,
				int *err)
{
	int fd, e;
	studyfile_fault f = open_study_file(path, root, max, &fd, size, real,
					    &e);

	if (real && f != STUDYFILE_OK)
		*real = NULL;
	if (err)
		*err = e;
	if (fd >= 0)
		close(fd);
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

pb_status studyfile_read(const char *path, const char *display,
			 const char *root, uint64_t max, bool optional,
			 diag *d, char **buf, size_t *len, char hex[65])
{
	char why[160];
	int err, fd;
	studyfile_fault f = open_study_file(path, root, max, &fd, NULL, NULL,
					    &err);
	FILE *in;
	pb_status st;

	*buf = NULL;
	*len = 0;
	if (f == STUDYFILE_MISSING && optional)
		return PB_OK;
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
	in = fdopen(fd, "rb");
	if (!in) {
		close(fd);
		return PB_NOMEM;
	}
	/* One byte more than allowed tells a file that grew past its limit
	 * since it was judged. */
	st = fileread_all(in, max, buf, len);
	err = errno;
	fclose(in);
	if (st == PB_IOERR) {
		diag_error(d, display, 0, 0, "read error: %s", strerror(err));
		diag_fail(d, PB_IOERR);
		return st;
	}
	if (st != PB_OK)
		return st;
	if (*len > max) {
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
