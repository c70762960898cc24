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

#define MARKER ".pairboot-report"

struct outdir {
	char *target;     /* the report folder to publish */
	char *staging;    /* the folder being filled */
	char *parent;     /* the folder holding both */
	diag *d;
};

static char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);
	if (p)
		memcpy(p, s, n);
	return p;
}

/* Removes folder PATH and the plain files in it (reports hold no
 * subfolders). */
static void remove_tree(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	if (dir) {
		int fd = dirfd(dir);
		while ((e = readdir(dir)) != NULL) {
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlinkat(fd, e->d_name, 0);
		}
		closedir(dir);
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

/* True when folder PATH is empty or carries the report marker. */
static bool replaceable(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	bool empty = true, marked = false;
	if (!dir)
		return false;
	while ((e = readdir(dir)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		empty = false;
		marked |= strcmp(e->d_name, MARKER) == 0;
	}
	closedir(dir);
	return empty || marked;
}

static pb_status check_target(const char *target, diag *d)
{
	struct stat st;

	if (lstat(target, &st) != 0)
		return errno == ENOENT ? PB_OK : PB_CANTCREAT;
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
	if (!replaceable(target)) {
		diag_error(d, target, 0, 0, "output folder is not empty and "
			   "holds no earlier report; refusing to replace it");
		return PB_CANTCREAT;
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

static void outdir_free(outdir *o)
{
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

	if (outdir_write(o, MARKER, "", 0) != PB_OK || sync_dir(o->staging)) {
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
	sync_dir(o->parent);
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
