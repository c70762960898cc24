/* test_ownfs.c: a removal takes the entry it names, and nothing else. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/ownfs.h"
#include "tests/lib/tap.h"

/* Makes the file NAME in DIRFD and gives its identity in *ID. */
static void make_file(int dirfd, const char *name, ownfs_id *id)
{
	int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL, 0644);

	if (fd < 0 || write(fd, "x", 1) != 1 || ownfs_id_of(fd, id) != 0)
		exit(99);
	close(fd);
}

static bool present(int dirfd, const char *name)
{
	struct stat st;

	return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0;
}

int main(void)
{
	char base[] = "/tmp/pairboot-ownfs-XXXXXX";
	ownfs_id a, b, sub_id;
	int dirfd, subfd;

	if (!mkdtemp(base) || (dirfd = open(base, O_RDONLY | O_DIRECTORY)) < 0)
		return 99;
	make_file(dirfd, "a", &a);
	make_file(dirfd, "b", &b);

	tap_ok(ownfs_is(dirfd, "a", &a) && !ownfs_is(dirfd, "a", &b),
	       "an entry is known by its identity");
	errno = 0;
	tap_ok(ownfs_remove(dirfd, "a", &b, false) == -1 && errno == ESTALE
	       && present(dirfd, "a"),
	       "a file is not removed under another file's identity");
	tap_ok(ownfs_remove(dirfd, "a", &a, false) == 0 && !present(dirfd, "a"),
	       "under its own it is");

	/* A link to a file: neither the link (a look at it does not
	 * follow it) nor its target goes as "the file". */
	if (symlinkat("b", dirfd, "link") != 0)
		return 99;
	errno = 0;
	tap_ok(ownfs_remove(dirfd, "link", &b, false) == -1 && errno == ESTALE
	       && present(dirfd, "link") && present(dirfd, "b"),
	       "a link is not removed as the file it points at");
	tap_ok(ownfs_remove_file(dirfd, "link") == -1 && present(dirfd, "b"),
	       "nor as a plain file");

	/* A link to a folder, the way a planted staging name looks. */
	if (mkdirat(dirfd, "sub", 0755) != 0
	    || (subfd = openat(dirfd, "sub", O_RDONLY | O_DIRECTORY)) < 0
	    || ownfs_id_of(subfd, &sub_id) != 0
	    || symlinkat("sub", dirfd, "sublink") != 0)
		return 99;
	ownfs_id kept;
	make_file(subfd, "kept", &kept);
	tap_ok(ownfs_remove(dirfd, "sublink", &sub_id, true) == -1
	       && present(dirfd, "sublink") && present(subfd, "kept"),
	       "a link to a folder is not removed as the folder");
	errno = 0;
	tap_ok(ownfs_remove(dirfd, "sub", &sub_id, true) == -1
	       && errno == ENOTEMPTY && present(subfd, "kept"),
	       "a folder with something in it is not removed");
	tap_ok(ownfs_remove(dirfd, "sub", &sub_id, false) == -1
	       && present(dirfd, "sub"),
	       "a folder is not removed as a file");
	tap_ok(ownfs_remove(subfd, "kept", &kept, false) == 0
	       && ownfs_remove(dirfd, "sub", &sub_id, true) == 0
	       && !present(dirfd, "sub"),
	       "emptied, it is");
	tap_ok(ownfs_remove_file(dirfd, "b") == 0 && !present(dirfd, "b"),
	       "a plain file is removed by its look");
	close(subfd);
	unlinkat(dirfd, "link", 0);
	unlinkat(dirfd, "sublink", 0);
	close(dirfd);
	rmdir(base);
	return tap_done();
}
