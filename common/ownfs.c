/* ownfs.c: removal of what pairboot made, and nothing else. */
#include "common/ownfs.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int ownfs_id_of(int fd, ownfs_id *id)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return -1;
	id->dev = st.st_dev;
	id->ino = st.st_ino;
	return 0;
}

/* Looks at NAME in DIRFD without following it: 0 with *ST, or -1. */
static int look(int dirfd, const char *name, struct stat *st)
{
	return fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW);
}

bool ownfs_is(int dirfd, const char *name, const ownfs_id *id)
{
	struct stat st;

	return look(dirfd, name, &st) == 0 && st.st_dev == id->dev
	       && st.st_ino == id->ino;
}

int ownfs_remove(int dirfd, const char *name, const ownfs_id *id,
		 bool folder)
{
	struct stat st;

	if (look(dirfd, name, &st) != 0)
		return -1;
	if (st.st_dev != id->dev || st.st_ino != id->ino
	    || (folder ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))) {
		errno = ESTALE;
		return -1;
	}
	/* unlinkat never follows a link, and AT_REMOVEDIR removes only an
	 * empty folder: whatever the entry became since the look, nothing
	 * beyond it goes. */
	return unlinkat(dirfd, name, folder ? AT_REMOVEDIR : 0);
}

int ownfs_remove_file(int dirfd, const char *name)
{
	struct stat st;
	ownfs_id id;

	if (look(dirfd, name, &st) != 0)
		return -1;
	id.dev = st.st_dev;
	id.ino = st.st_ino;
	return ownfs_remove(dirfd, name, &id, false);
}

const char *ownfs_kind(mode_t mode)
{
	static const struct {
		mode_t type;
		const char *words;
	} kinds[] = {
		{ S_IFREG, "a regular file" }, { S_IFDIR, "a folder" },
		{ S_IFLNK, "a symbolic link" }, { S_IFIFO, "a FIFO" },
		{ S_IFCHR, "a character device" },
		{ S_IFBLK, "a block device" }, { S_IFSOCK, "a socket" },
	};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if ((mode & S_IFMT) == kinds[i].type)
			return kinds[i].words;
	return "a file of another kind";
}
