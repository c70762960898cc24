/* safefile.c: files replaced by a rename of a synced copy (safefile.h). */
#include "common/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "common/oom.h"
#include "common/ownfs.h"

/* What follows the name of the file a temporary file stands in for. */
#define TMP_INFIX ".tmp-"
#define TMP_LETTERS 6

int safefile_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return fsync(fd);
}

int safefile_random_letters(char *out, size_t n)
{
	static const char letters[] = "abcdefghijklmnopqrstuvwxyz"
				      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char bytes[64];

	if (n > sizeof bytes) {
		errno = EINVAL;
		return -1;
	}
	if (getrandom(bytes, n, 0) != (ssize_t)n)
		return -1;
	for (size_t i = 0; i < n; i++)
		out[i] = letters[bytes[i] % (sizeof letters - 1)];
	out[n] = '\0';
	return 0;
}

/* The temporary file a signal or an out-of-memory exit is to remove,
 * while one exists (common/oom.h runs remove_pending then). */
static struct {
	int dirfd;
	const char *name;
	ownfs_id id;
} pending;

/* Removes the temporary file, through ownfs and by its identity: only
 * async-signal-safe calls. */
static void remove_pending(void *arg)
{
	(void)arg;
	ownfs_remove(pending.dirfd, pending.name, &pending.id, false);
}

/* Makes a new temporary file for NAME in DIRFD, its name into TMP: the
 * open descriptor, or -1 with errno set. */
static int make_tmp(int dirfd, const char *name, char *tmp, mode_t mode)
{
	size_t len = strlen(name);
	int fd = -1;

	memcpy(tmp, name, len);
	memcpy(tmp + len, TMP_INFIX, strlen(TMP_INFIX));
	for (int tries = 0; fd < 0 && tries < 100; tries++) {
		if (safefile_random_letters(tmp + len + strlen(TMP_INFIX),
					    TMP_LETTERS) != 0)
			return -1;
		fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
			    | O_CLOEXEC, mode);
		if (fd < 0 && errno != EEXIST)
			return -1;
	}
	return fd;
}

int safefile_replace(int dirfd, const char *name, const void *data,
		     size_t len, mode_t mode, safefile_step *failed)
{
	char *tmp = malloc(strlen(name) + strlen(TMP_INFIX) + TMP_LETTERS + 1);
	sigset_t mask;
	ownfs_id id;
	int fd, e;
	bool ok, hooked;

	*failed = SAFEFILE_CREATE;
	if (!tmp)
		return -1;
	/* The file is known to the clean-up before a signal that ends the
	 * run can arrive while it exists. */
	oom_block(&mask);
	fd = make_tmp(dirfd, name, tmp, mode);
	if (fd < 0 || ownfs_id_of(fd, &id) != 0) {
		e = errno;
		if (fd >= 0) {
			close(fd);
			ownfs_remove_file(dirfd, tmp);
		}
		oom_unblock(&mask);
		free(tmp);
		errno = e;
		return -1;
	}
	pending.dirfd = dirfd;
	pending.name = tmp;
	pending.id = id;
	hooked = oom_hook_add(remove_pending, NULL) == 0;
	oom_unblock(&mask);
	*failed = SAFEFILE_WRITE;
	ok = safefile_write_all(fd, data, len) == 0;
	e = errno;
	if (close(fd) != 0 && ok) {
		e = errno;
		ok = false;
	}
	if (ok) {
		*failed = SAFEFILE_RENAME;
		ok = renameat(dirfd, tmp, dirfd, name) == 0;
		e = errno;
	}
	oom_block(&mask);
	if (hooked)
		oom_hook_remove();
	if (!ok)
		ownfs_remove(dirfd, tmp, &id, false);
	oom_unblock(&mask);
	free(tmp);
	errno = e;
	return ok ? 0 : -1;
}
