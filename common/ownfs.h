/* ownfs.h: the one place where pairboot removes anything from a disk.
 *
 * pairboot runs on studies made by others (downloaded tarballs, shared
 * folders), so a name it comes across is never trusted to be what it
 * looks like: a ".report.new-AB12cd" beside a report may be a symbolic
 * link to the user's home, or a folder of the user's own.  Every removal
 * therefore names its entry relative to an open folder (never by a path
 * that the kernel would resolve through links), says which file or folder
 * it means by its identity (device and inode, taken from a descriptor the
 * caller holds or from a look that did not follow links), and removes a
 * plain file or an empty folder only: never a link's target, never a
 * folder with anything left in it.  tests/cli/test_removals.sh checks that
 * no other source file of the program calls unlink, unlinkat, rmdir or
 * remove.
 *
 * What is left to chance is an entry swapped between the look and the
 * removal by someone who can write into that folder: such a person could
 * remove the entry themselves, and a removal never reaches past it. */
#ifndef PAIRBOOT_OWNFS_H
#define PAIRBOOT_OWNFS_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The identity of a file or folder. */
typedef struct ownfs_id {
	dev_t dev;
	ino_t ino;
} ownfs_id;

/* What a file of MODE (st_mode) is, for a message: "a FIFO", "a folder",
 * "a symbolic link", ..., "a regular file". */
const char *ownfs_kind(mode_t mode);

/* The identity of the open file or folder FD: 0, or -1 with errno set. */
int ownfs_id_of(int fd, ownfs_id *id);

/* Whether entry NAME of the open folder DIRFD is, without following a
 * link, the file or folder ID. */
bool ownfs_is(int dirfd, const char *name, const ownfs_id *id);

/* Removes entry NAME of the open folder DIRFD when it still is the plain
 * file ID, or the empty folder ID (FOLDER true).  Returns 0, or -1 with
 * errno set: ESTALE when NAME is now another entry (or a link), ENOTEMPTY
 * when the folder is not empty.  Allocates nothing and makes only
 * async-signal-safe calls. */
int ownfs_remove(int dirfd, const char *name, const ownfs_id *id,
		 bool folder);

/* Removes entry NAME of DIRFD when it is a plain file (not a link, not a
 * folder), as ownfs_remove does for the identity a look at it gives:
 * for files in a folder pairboot has proved to be its own. */
int ownfs_remove_file(int dirfd, const char *name);

#endif
