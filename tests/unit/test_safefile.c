/* test_safefile.c: a file is replaced whole, by a rename of a synced copy,
 * and a failed replacement leaves the old file and no temporary one. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/safefile.h"
#include "tests/lib/tap.h"

/* The content of NAME in DIRFD (at most 63 bytes), or "" for none. */
static const char *content(int dirfd, const char *name)
{
	static char buf[64];
	int fd = openat(dirfd, name, O_RDONLY);
	ssize_t n = fd < 0 ? 0 : read(fd, buf, sizeof buf - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* The number of entries of the folder PATH, "." and ".." left out. */
static int entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

int main(void)
{
	char base[] = "/tmp/pairboot-safefile-XXXXXX";
	char path[64], letters[7];
	safefile_step step;
	struct stat st;
	int dirfd;

	if (!mkdtemp(base) || (dirfd = open(base, O_RDONLY | O_DIRECTORY)) < 0)
		return 99;
	tap_ok(safefile_replace(dirfd, "f", "old", 3, 0644, &step) == 0
	       && strcmp(content(dirfd, "f"), "old") == 0,
	       "a new file is written");
	tap_ok(safefile_replace(dirfd, "f", "new text", 8, 0644, &step) == 0
	       && strcmp(content(dirfd, "f"), "new text") == 0
	       && entries(base) == 1,
	       "an existing one is replaced, and no temporary file is left");
	tap_ok(fstatat(dirfd, "f", &st, 0) == 0
	       && (st.st_mode & 0777) == (0644 & ~(mode_t)umask(022)),
	       "with the mode asked for, less the umask");
	snprintf(path, sizeof path, "%s/g", base);
	tap_ok(safefile_replace(AT_FDCWD, path, "by path", 7, 0600, &step) == 0
	       && strcmp(content(dirfd, "g"), "by path") == 0,
	       "a file is named by a path with AT_FDCWD");

	/* A link in the file's place: the link is replaced, not followed. */
	if (symlinkat("f", dirfd, "link") != 0)
		return 99;
	tap_ok(safefile_replace(dirfd, "link", "own", 3, 0644, &step) == 0
	       && strcmp(content(dirfd, "f"), "new text") == 0
	       && fstatat(dirfd, "link", &st, AT_SYMLINK_NOFOLLOW) == 0
	       && S_ISREG(st.st_mode),
	       "a link in the file's place is replaced, its target untouched");

	/* A folder in the file's place cannot be renamed over. */
	if (mkdirat(dirfd, "dir", 0755) != 0)
		return 99;
	errno = 0;
	tap_ok(safefile_replace(dirfd, "dir", "x", 1, 0644, &step) == -1
	       && step == SAFEFILE_RENAME && errno == EISDIR
	       && entries(base) == 4,
	       "a failed rename says so and leaves no temporary file");
	errno = 0;
	tap_ok(safefile_replace(dirfd, "none/f", "x", 1, 0644, &step) == -1
	       && step == SAFEFILE_CREATE && errno == ENOENT,
	       "a file that cannot be made fails at its creation");
	tap_ok(safefile_random_letters(letters, 6) == 0
	       && strlen(letters) == 6
	       && strspn(letters, "abcdefghijklmnopqrstuvwxyz"
			 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == 6,
	       "random names are letters and digits");
	unlinkat(dirfd, "f", 0);
	unlinkat(dirfd, "g", 0);
	unlinkat(dirfd, "link", 0);
	unlinkat(dirfd, "dir", AT_REMOVEDIR);
	close(dirfd);
	rmdir(base);
	return tap_done();
}
