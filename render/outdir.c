/* outdir.c: atomic replacement of a report folder (Linux renameat2). */
#include "render/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>
#include <sys/syscall.h>

#include "common/oom.h"

#define MARKER ".pairboot-report"

struct outdir {
	char *target;     /* the report folder to publish */
	char *staging;    /* the folder being filled */
	char *parent;     /* the folder holding both */
	diag *d;
};

static void outdir_emergency(void *arg);

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

/* A directory entry as getdents64(2) returns it. */
struct raw_dirent {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Calls FN(NAME, CTX) for each entry of the open folder FD but "." and
 * "..", reading it with getdents64 into a buffer on the stack: opendir
 * allocates, and when memory has run out the staging folder must still be
 * removable.  Returns 0, or -1 with errno set when the folder cannot be
 * read. */
static int dir_each(int fd, void (*fn)(int fd, const char *name, void *ctx),
		    void *ctx)
{
	_Alignas(8) char buf[4096];
	long n;

	while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
		for (long off = 0; off < n;) {
			const struct raw_dirent *e =
				(const struct raw_dirent *)(buf + off);
			off += e->reclen;
			if (strcmp(e->name, ".") && strcmp(e->name, ".."))
				fn(fd, e->name, ctx);
		}
	}
	return n < 0 ? -1 : 0;
}

static void unlink_entry(int fd, const char *name, void *ctx)
{
	bool *removed = ctx;
	if (unlinkat(fd, name, 0) == 0)
		*removed = true;
}

/* Removes folder PATH and the plain files in it (reports hold no
 * subfolders), without allocating.  Entries removed while the folder is
 * read may make the reading skip others, so it reads again until a pass
 * removes nothing. */
static void remove_tree(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		for (int pass = 0; pass < 16; pass++) {
			bool removed = false;
			if (lseek(fd, 0, SEEK_SET) != 0
			    || dir_each(fd, unlink_entry, &removed) != 0
			    || !removed)
				break;
		}
		close(fd);
	}
	rmdir(path);
}

/* Leftover staging folders of killed runs: ".NAME.new-XXXXXX". */
static void remove_leftovers(const outdir *o)
{
	const char *base = strrchr(o->target, '/');
	char prefix[512];
	DIR *dir;
	struct dirent *e;

	base = base ? base + 1 : o->target;
	snprintf(prefix, sizeof prefix, ".%s.new-", base);
	dir = opendir(o->parent);
	if (!dir)
		return;
	while ((e = readdir(dir)) != NULL) {
		if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
			continue;
		char *path = malloc(strlen(o->parent) + strlen(e->d_name) + 2);
		if (!path)
			break;
		sprintf(path, "%s/%s", o->parent, e->d_name);
		if (strcmp(path, o->staging) != 0)
			remove_tree(path);
		free(path);
	}
	closedir(dir);
}

typedef struct dir_look {
	bool empty, marked;
} dir_look;

static void look_entry(int fd, const char *name, void *ctx)
{
	dir_look *l = ctx;
	(void)fd;
	l->empty = false;
	l->marked |= strcmp(name, MARKER) == 0;
}

/* 1 when folder PATH is empty or carries the report marker, 0 when not,
 * -1 with errno set when it cannot be read. */
static int replaceable(const char *path)
{
	dir_look l = { true, false };
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -1;
	rc = dir_each(fd, look_entry, &l);
	close(fd);
	if (rc != 0)
		return -1;
	return l.empty || l.marked;
}

static pb_status check_target(const char *target, diag *d)
{
	struct stat st;

	if (lstat(target, &st) != 0) {
		int e = errno;
		if (e == ENOENT)
			return PB_OK;
		diag_error(d, target, 0, 0, "cannot use as output folder: %s",
			   strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	if (S_ISLNK(st.st_mode)) {
		diag_error(d, target, 0, 0, "output folder is a symbolic link; "
			   "give the real folder");
		return PB_CANTCREAT;
	}
	if (!S_ISDIR(st.st_mode)) {
		diag_error(d, target, 0, 0, "output path exists and is not a "
			   "folder");
		return PB_CANTCREAT;
	}
	switch (replaceable(target)) {
	case 1:
		break;
	case 0:
		diag_error(d, target, 0, 0, "output folder is not empty and "
			   "holds no earlier report; refusing to replace it");
		return PB_CANTCREAT;
	default: {
		int e = errno;
		diag_error(d, target, 0, 0, "cannot read the output folder: "
			   "%s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	}
	return PB_OK;
}

/* Splits TARGET into its parent folder and base name (new strings). */
static pb_status split_target(outdir *o, const char *target)
{
	char *slash;
	size_t n;

	o->target = dup_str(target);
	o->parent = dup_str(target);
	if (!o->target || !o->parent)
		return PB_NOMEM;
	n = strlen(o->target);
	while (n > 1 && o->target[n - 1] == '/')
		o->target[--n] = '\0';
	strcpy(o->parent, o->target);
	slash = strrchr(o->parent, '/');
	if (slash == o->parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	else
		strcpy(o->parent, ".");
	return PB_OK;
}

/* Creates PATH and its missing parents, like mkdir -p. */
static int make_parents(const char *path)
{
	char *p = dup_str(path);
	int rc = 0;
	if (!p)
		return -1;
	for (char *s = p + 1; *s && rc == 0; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0777) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

pb_status outdir_begin(const char *target, diag *d, outdir **out)
{
	outdir *o;
	const char *base;
	pb_status st;

	*out = NULL;
	st = check_target(target, d);
	if (st != PB_OK)
		return st;
	o = calloc(1, sizeof *o);
	if (!o)
		return PB_NOMEM;
	o->d = d;
	st = split_target(o, target);
	if (st != PB_OK) {
		outdir_abort(o);
		return st;
	}
	base = strrchr(o->target, '/');
	base = base ? base + 1 : o->target;
	o->staging = malloc(strlen(o->parent) + strlen(base) + 16);
	if (!o->staging) {
		outdir_abort(o);
		return PB_NOMEM;
	}
	sprintf(o->staging, "%s/.%s.new-XXXXXX", o->parent, base);
	if (make_parents(o->parent) != 0 || !mkdtemp(o->staging)) {
		diag_error(d, o->target, 0, 0, "cannot create the report "
			   "folder: %s", strerror(errno));
		free(o->staging);
		o->staging = NULL;
		outdir_abort(o);
		return PB_CANTCREAT;
	}
	oom_on_exit(outdir_emergency, o);
	/* mkdtemp makes the folder private; a report is for reading. */
	chmod(o->staging, 0755);
	*out = o;
	return PB_OK;
}

/* Writes all LEN bytes to FD, retrying short writes. */
static bool write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

pb_status outdir_write(outdir *o, const char *name, const void *data,
		       size_t len)
{
	char *path = malloc(strlen(o->staging) + strlen(name) + 2);
	int fd;
	bool ok;

	if (!path)
		return PB_NOMEM;
	sprintf(path, "%s/%s", o->staging, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0) {
		diag_error(o->d, path, 0, 0, "cannot create: %s",
			   strerror(errno));
		free(path);
		return PB_CANTCREAT;
	}
	ok = write_all(fd, data, len) && fsync(fd) == 0;
	if (!ok)
		diag_error(o->d, path, 0, 0, "write failed: %s",
			   strerror(errno));
	if (close(fd) != 0 && ok) {
		diag_error(o->d, path, 0, 0, "write failed: %s",
			   strerror(errno));
		ok = false;
	}
	free(path);
	return ok ? PB_OK : PB_IOERR;
}

static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc;
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Run by common/oom.c when GLib ends the process for lack of memory
 * while the staging folder exists. */
static void outdir_emergency(void *arg)
{
	outdir *o = arg;
	if (o->staging)
		remove_tree(o->staging);
}

static void outdir_free(outdir *o)
{
	oom_on_exit(NULL, NULL);
	free(o->target);
	free(o->staging);
	free(o->parent);
	free(o);
}

pb_status outdir_commit(outdir *o)
{
	struct stat st;
	bool exists;
	int rc;

	pb_status ws = outdir_write(o, MARKER, "", 0);

	if (ws != PB_OK) {
		outdir_abort(o);
		return ws;
	}
	if (sync_dir(o->staging) != 0) {
		diag_error(o->d, o->target, 0, 0, "cannot sync the new report "
			   "to disk: %s", strerror(errno));
		outdir_abort(o);
		return PB_IOERR;
	}
	exists = lstat(o->target, &st) == 0;
	if (exists)
		rc = (int)syscall(SYS_renameat2, AT_FDCWD, o->staging,
				  AT_FDCWD, o->target, RENAME_EXCHANGE);
	else
		rc = rename(o->staging, o->target);
	if (rc != 0) {
		diag_error(o->d, o->target, 0, 0, "cannot publish the report: "
			   "%s", strerror(errno));
		outdir_abort(o);
		return PB_CANTCREAT;
	}
	/* After the exchange the staging name holds the old report. */
	if (exists)
		remove_tree(o->staging);
	remove_leftovers(o);
	/* The new report is in place and its files are on disk; only the
	 * rename may not be.  Not a success, but no longer "no report
	 * written" either: hence a warning with the I/O status. */
	if (sync_dir(o->parent) != 0) {
		diag_warning(o->d, o->target, 0, 0, "the report was published, "
			     "but its folder could not be synced to disk (%s): "
			     "after a power loss the previous report may come "
			     "back", strerror(errno));
		outdir_free(o);
		return PB_IOERR;
	}
	outdir_free(o);
	return PB_OK;
}

void outdir_abort(outdir *o)
{
	if (!o)
		return;
	if (o->staging)
		remove_tree(o->staging);
	outdir_free(o);
}
