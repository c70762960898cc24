/* safefile.c: files replaced by a rename of a synced copy (safefile.h). */
#include "common/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/random.h>
#include <unistd.h>

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

/* The signals that remove the temporary file before they end the run, and
 * SIGXFSZ, which here only makes the write that passed the file size limit
 * fail (EFBIG), a write error like a full disk. */
static const int trapped[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGXFSZ };
#define N_TRAPPED (sizeof trapped / sizeof trapped[0])

/* The temporary file a signal is to remove, while one exists: read by the
 * handler, so set only with the signals blocked. */
static struct {
	volatile sig_atomic_t armed;
	int dirfd;
	const char *name;
	ownfs_id id;
} pending;
static struct sigaction saved[N_TRAPPED];  /* the actions before ours */
static bool installed[N_TRAPPED];          /* ours is in place */

/* Puts back the actions the trapped signals had. */
static void untrap(void)
{
	for (size_t i = 0; i < N_TRAPPED; i++)
		if (installed[i]) {
			sigaction(trapped[i], &saved[i], NULL);
			installed[i] = false;
		}
}

/* Removes the temporary file (through ownfs, by its identity), puts back
 * the actions the signals had before and raises SIG again: it then does
 * what it would have done without us, ending the run or reaching a
 * handler of the caller's, once this one returns.  Only async-signal-safe
 * calls. */
static void on_signal(int sig)
{
	int e = errno;

	if (sig == SIGXFSZ)
		return;
	if (pending.armed) {
		pending.armed = 0;
		ownfs_remove(pending.dirfd, pending.name, &pending.id, false);
	}
	untrap();
	raise(sig);
	errno = e;
}

/* Installs on_signal for each trapped signal that is not ignored (a run
 * started with nohup keeps ignoring SIGHUP). */
static void trap(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < N_TRAPPED; i++)
		sigaddset(&sa.sa_mask, trapped[i]);
	for (size_t i = 0; i < N_TRAPPED; i++)
		installed[i] = sigaction(trapped[i], NULL, &saved[i]) == 0
			       && saved[i].sa_handler != SIG_IGN
			       && sigaction(trapped[i], &sa, NULL) == 0;
}

/* Blocks the trapped signals, the mask before into OLD. */
static void block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < N_TRAPPED; i++)
		sigaddset(&set, trapped[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
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
	bool ok;

	*failed = SAFEFILE_CREATE;
	if (!tmp)
		return -1;
	/* The handlers are in place and the file is known to them before a
	 * trapped signal can arrive while it exists. */
	block(&mask);
	trap();
	fd = make_tmp(dirfd, name, tmp, mode);
	if (fd < 0 || ownfs_id_of(fd, &id) != 0) {
		e = errno;
		if (fd >= 0) {
			close(fd);
			ownfs_remove_file(dirfd, tmp);
		}
		untrap();
		pthread_sigmask(SIG_SETMASK, &mask, NULL);
		free(tmp);
		errno = e;
		return -1;
	}
	pending.dirfd = dirfd;
	pending.name = tmp;
	pending.id = id;
	pending.armed = 1;
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
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
	block(&mask);
	pending.armed = 0;
	if (!ok)
		ownfs_remove(dirfd, tmp, &id, false);
	untrap();
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	free(tmp);
	errno = e;
	return ok ? 0 : -1;
}
