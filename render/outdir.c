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
#include "common/strutil.h"

#define MARKER ".pairboot-report"
/* The marker is written under this name, then renamed into place: a run
 * killed while writing it leaves no marker, so its staging folder is seen
 * as one (and removed by the next run), not as a report set aside. */
#define MARKER_PART ".pairboot-report.part"

/* The first line of the marker; the names of the files the report wrote
 * follow, one a line, sorted.  An older pairboot wrote an empty marker. */
#define MARKER_HEADER "pairboot report: the files below were written by " \
	"pairboot; a folder holding any other entry is never replaced\n"

struct outdir {
	char *target;     /* the report folder to publish */
	char *staging;    /* the folder being filled */
	char *parent;     /* the folder holding both */
	char **written;   /* names of the files written so far (owned) */
	size_t n_written, cap_written;
	bool fresh;       /* a new folder: no marker, never a replacement */
	diag *d;
};

static void register_emergency(const char *staging);

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

/* A sorted list of file names (owned strings). */
typedef struct name_list {
	char **names;
	size_t n;
} name_list;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool name_listed(const name_list *l, const char *name)
{
	return l->n && bsearch(&name, l->names, l->n, sizeof *l->names,
			       cmp_name) != NULL;
}

static void name_list_free(name_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->names[i]);
	free(l->names);
	l->names = NULL;
	l->n = 0;
}

/* What the marker of an existing report folder says. */
typedef enum marker_kind {
	MARKER_ABSENT,    /* no marker: not a report */
	MARKER_LEGACY,    /* an empty marker of an older pairboot */
	MARKER_LISTED     /* the marker lists the files the report wrote */
} marker_kind;

/* Splits the marker text TEXT (LEN bytes) into its listed names. */
static pb_status parse_marker(char *text, size_t len, name_list *out)
{
	size_t cap = 0;
	char *line = memchr(text, '\n', len);

	for (line = line ? line + 1 : text + len; line < text + len;) {
		char *end = memchr(line, '\n', (size_t)(text + len - line));
		size_t n = end ? (size_t)(end - line) : (size_t)(text + len
								  - line);
		if (n > 0) {
			if (out->n == cap) {
				cap = cap ? 2 * cap : 16;
				char **grown = realloc(out->names,
						       cap * sizeof *grown);
				if (!grown)
					return PB_NOMEM;
				out->names = grown;
			}
			out->names[out->n] = strndup(line, n);
			if (!out->names[out->n])
				return PB_NOMEM;
			out->n++;
		}
		line += n + 1;
	}
	qsort(out->names, out->n, sizeof *out->names, cmp_name);
	return PB_OK;
}

/* Reads the marker of the folder open as DIRFD.  Returns PB_OK with *KIND
 * (and, for MARKER_LISTED, the names in OUT), PB_NOMEM, or PB_CANTCREAT
 * with errno set when the marker exists but cannot be read. */
static pb_status read_marker(int dirfd, marker_kind *kind, name_list *out)
{
	int fd = openat(dirfd, MARKER, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	char *text = NULL;
	size_t len = 0, cap = 0;
	ssize_t got;
	pb_status st = PB_OK;

	*kind = MARKER_ABSENT;
	if (fd < 0)
		return errno == ENOENT ? PB_OK : PB_CANTCREAT;
	do {
		if (len == cap) {
			char *grown = realloc(text, cap = cap ? 2 * cap : 4096);
			if (!grown) {
				st = PB_NOMEM;
				break;
			}
			text = grown;
		}
		got = read(fd, text + len, cap - len);
		if (got > 0)
			len += (size_t)got;
	} while (got > 0 || (got < 0 && errno == EINTR));
	if (st == PB_OK && got < 0)
		st = PB_CANTCREAT;
	close(fd);
	if (st == PB_OK) {
		*kind = len == 0 ? MARKER_LEGACY : MARKER_LISTED;
		if (len > 0)
			st = parse_marker(text, len, out);
	}
	free(text);
	return st;
}

/* What a look at an existing folder found: the first entry (by name)
 * that no earlier report wrote. */
typedef struct foreign_look {
	marker_kind kind;
	const name_list *listed;    /* the marker's names */
	const name_list *written;   /* the new report's names, or NULL */
	bool any;                   /* the folder holds some entry */
	char first[256];            /* the first foreign entry, or "" */
} foreign_look;

/* An entry is the earlier report's when it is a plain file that its
 * marker lists, or, under an older pairboot's empty marker, one that the
 * new report writes again: a file the report did not write is the
 * user's, and never deleted. */
static bool entry_is_report(int fd, const char *name, const foreign_look *l)
{
	struct stat st;

	if (strcmp(name, MARKER) == 0)
		return l->kind != MARKER_ABSENT;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0
	    || !S_ISREG(st.st_mode))
		return false;
	if (l->kind == MARKER_LISTED)
		return name_listed(l->listed, name);
	if (l->kind == MARKER_LEGACY)
		return !l->written || name_listed(l->written, name);
	return false;
}

static void look_entry(int fd, const char *name, void *ctx)
{
	foreign_look *l = ctx;

	l->any = true;
	if (entry_is_report(fd, name, l))
		return;
	if (l->first[0] == '\0' || strcmp(name, l->first) < 0)
		snprintf(l->first, sizeof l->first, "%s", name);
}

/* Looks at the existing folder PATH: fills L (its kind, whether it holds
 * anything, the first foreign entry).  WRITTEN, when not NULL, are the
 * names the new report holds.  Returns 0, or -1 with errno set. */
static int look_folder(const char *path, const name_list *written,
		       foreign_look *l)
{
	name_list listed = { NULL, 0 };
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = -1;

	memset(l, 0, sizeof *l);
	if (fd < 0)
		return -1;
	pb_status st = read_marker(fd, &l->kind, &listed);
	if (st == PB_NOMEM)
		errno = ENOMEM;
	if (st == PB_OK) {
		l->listed = &listed;
		l->written = written;
		rc = dir_each(fd, look_entry, l);
		l->listed = NULL;
	}
	close(fd);
	name_list_free(&listed);
	return rc;
}

/* What removing an earlier report found. */
typedef struct report_removal {
	foreign_look look;         /* which entries are the report's */
	bool kept;                 /* some entry was not, and stays */
	char kept_name[256];
} report_removal;

static void remove_entry(int fd, const char *name, void *ctx)
{
	report_removal *r = ctx;

	/* The marker goes last, and only when nothing is kept: a folder set
	 * aside with a user's file must still say which files were the
	 * report's, or a later run would take it for a killed staging
	 * folder and remove it whole. */
	if (strcmp(name, MARKER) == 0)
		return;
	if (entry_is_report(fd, name, &r->look)) {
		unlinkat(fd, name, 0);
	} else if (!r->kept) {
		r->kept = true;
		snprintf(r->kept_name, sizeof r->kept_name, "%s", name);
	}
}

/* Removes the earlier report in folder PATH: only the files its marker
 * (or, under an empty marker, WRITTEN) says it wrote, then the folder if
 * that leaves it empty.  A file that appeared after the checks (a user
 * saving into the folder while the new report was written) is kept, with
 * the folder: its name goes to *KEPT (KEPT_SIZE bytes), and false is
 * returned. */
static bool remove_report(const char *path, const name_list *written,
			  char *kept, size_t kept_size)
{
	name_list listed = { NULL, 0 };
	report_removal r;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	memset(&r, 0, sizeof r);
	if (fd < 0)
		return false;
	if (read_marker(fd, &r.look.kind, &listed) == PB_OK) {
		r.look.listed = &listed;
		r.look.written = written;
		for (int pass = 0; pass < 16; pass++)
			if (lseek(fd, 0, SEEK_SET) != 0
			    || dir_each(fd, remove_entry, &r) != 0 || r.kept)
				break;
		if (!r.kept)
			unlinkat(fd, MARKER, 0);
	}
	close(fd);
	name_list_free(&listed);
	if (rmdir(path) == 0)
		return true;
	snprintf(kept, kept_size, "%s", r.kept ? r.kept_name : "?");
	return false;
}

/* A leftover ".NAME.new-XXXXXX" folder: the staging folder of a killed
 * run (no marker yet: all of it pairboot's), or an earlier report set
 * aside, whose listed files go; one under an older pairboot's empty
 * marker is left alone, since what it wrote is not known. */
static void remove_leftover(const char *path)
{
	name_list listed = { NULL, 0 };
	marker_kind kind = MARKER_LEGACY;
	char kept[256];
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (read_marker(fd, &kind, &listed) != PB_OK)
		kind = MARKER_LEGACY;
	close(fd);
	name_list_free(&listed);
	if (kind == MARKER_ABSENT)
		remove_tree(path);
	else if (kind == MARKER_LISTED)
		remove_report(path, NULL, kept, sizeof kept);
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
			remove_leftover(path);
		free(path);
	}
	closedir(dir);
}

/* Reports why folder TARGET may not be replaced, when it may not. */
static pb_status refuse_foreign(const char *target, const foreign_look *l,
				diag *d)
{
	if (l->kind == MARKER_ABSENT) {
		diag_error(d, target, 0, 0, "output folder is not empty and "
			   "holds no earlier report ('%s' is in it); refusing "
			   "to replace it", l->first);
		return PB_CANTCREAT;
	}
	diag_error(d, target, 0, 0, "output folder holds '%s', which no "
		   "earlier report wrote; refusing to replace it (move it "
		   "elsewhere, or give another folder)", l->first);
	return PB_CANTCREAT;
}

/* Checks that folder TARGET, when it exists, may be replaced by a report
 * of the files WRITTEN (NULL before they are known).  Returns PB_OK, or
 * PB_CANTCREAT / PB_NOMEM with the reason told to D. */
static pb_status check_target(const char *target, const name_list *written,
			      diag *d)
{
	struct stat st;
	foreign_look look;

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
	if (look_folder(target, written, &look) != 0) {
		int e = errno;
		diag_error(d, target, 0, 0, "cannot read the output folder: "
			   "%s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	if (look.first[0] != '\0')
		return refuse_foreign(target, &look, d);
	return PB_OK;
}

/* Splits TARGET into its parent folder and base name (new strings). */
static pb_status split_target(outdir *o, const char *target)
{
	char *slash;
	size_t n;

	o->target = strutil_dup(target);
	o->parent = strutil_dup(target);
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
	char *p = strutil_dup(path);
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

/* For a fresh folder: TARGET must not exist, or be an empty folder. */
static pb_status check_fresh(const char *target, diag *d)
{
	struct stat st;
	foreign_look look;

	if (lstat(target, &st) != 0)
		return errno == ENOENT ? PB_OK : check_target(target, NULL, d);
	if (!S_ISDIR(st.st_mode) || look_folder(target, NULL, &look) != 0
	    || look.any) {
		diag_error(d, target, 0, 0, "already exists and is not an "
			   "empty folder; a new study is written only into a "
			   "new or empty folder, never over one");
		return PB_CANTCREAT;
	}
	return PB_OK;
}

static pb_status begin(const char *target, bool fresh, diag *d,
		       outdir **out)
{
	outdir *o;
	const char *base;
	pb_status st;

	*out = NULL;
	st = fresh ? check_fresh(target, d) : check_target(target, NULL, d);
	if (st != PB_OK)
		return st;
	o = calloc(1, sizeof *o);
	if (!o)
		return PB_NOMEM;
	o->d = d;
	o->fresh = fresh;
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
		/* Out of memory (the copy of the path, or the kernel's) is
		 * said as such, by main. */
		bool nomem = errno == ENOMEM;
		if (!nomem)
			diag_error(d, o->target, 0, 0, "cannot create the "
				   "report folder: %s", strerror(errno));
		free(o->staging);
		o->staging = NULL;
		outdir_abort(o);
		return nomem ? PB_NOMEM : PB_CANTCREAT;
	}
	register_emergency(o->staging);
	/* mkdtemp makes the folder private; a report is for reading. */
	chmod(o->staging, 0755);
	*out = o;
	return PB_OK;
}

pb_status outdir_begin(const char *target, diag *d, outdir **out)
{
	return begin(target, false, d, out);
}

pb_status outdir_begin_fresh(const char *target, diag *d, outdir **out)
{
	return begin(target, true, d, out);
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

/* Notes NAME among the files the report holds, for its marker. */
static pb_status remember_written(outdir *o, const char *name)
{
	if (o->n_written == o->cap_written) {
		size_t cap = o->cap_written ? 2 * o->cap_written : 32;
		char **grown = realloc(o->written, cap * sizeof *grown);
		if (!grown)
			return PB_NOMEM;
		o->written = grown;
		o->cap_written = cap;
	}
	o->written[o->n_written] = strutil_dup(name);
	if (!o->written[o->n_written])
		return PB_NOMEM;
	o->n_written++;
	return PB_OK;
}

/* Writes the LEN bytes of DATA to the new file NAME of the staging
 * folder, synced. */
static pb_status write_file(outdir *o, const char *name, const void *data,
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

pb_status outdir_write(outdir *o, const char *name, const void *data,
		       size_t len)
{
	pb_status st = write_file(o, name, data, len);

	return st == PB_OK ? remember_written(o, name) : st;
}

outdir *outdir_share(const outdir *o, diag *d)
{
	outdir *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->target = strutil_dup(o->target);
	s->staging = strutil_dup(o->staging);
	s->parent = strutil_dup(o->parent);
	s->fresh = o->fresh;
	s->d = d;
	if (!s->target || !s->staging || !s->parent) {
		outdir_release(s);
		return NULL;
	}
	return s;
}

size_t outdir_n_written(const outdir *o)
{
	return o->n_written;
}

const char *outdir_written(const outdir *o, size_t i)
{
	return i < o->n_written ? o->written[i] : NULL;
}

pb_status outdir_adopt(outdir *o, const char *name)
{
	return remember_written(o, name);
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

/* The staging folder's name, for outdir_emergency: a copy of its own,
 * since the handler of an abort() on another thread may run while the
 * outdir is being released. */
static char emergency_path[4096];

/* Run by common/oom.c when GLib ends the process for lack of memory, or
 * when it calls abort(), while the staging folder exists. */
static void outdir_emergency(void *arg)
{
	(void)arg;
	if (emergency_path[0])
		remove_tree(emergency_path);
}

/* Has the staging folder STAGING removed at such an exit; a name too long
 * to copy is not (the next run removes the folder). */
static void register_emergency(const char *staging)
{
	size_t len = strlen(staging);

	if (len >= sizeof emergency_path)
		return;
	memcpy(emergency_path, staging, len + 1);
	oom_on_exit(outdir_emergency, NULL);
}

void outdir_release(outdir *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n_written; i++)
		free(o->written[i]);
	free(o->written);
	free(o->target);
	free(o->staging);
	free(o->parent);
	free(o);
}

static void outdir_free(outdir *o)
{
	oom_on_exit(NULL, NULL);
	outdir_release(o);
}

/* Renames MARKER_PART to MARKER within the staging folder. */
static pb_status rename_marker(outdir *o)
{
	int fd = open(o->staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = fd < 0 ? -1 : renameat(fd, MARKER_PART, fd, MARKER);
	int saved = errno;

	if (fd >= 0)
		close(fd);
	if (rc == 0)
		return PB_OK;
	if (saved == ENOMEM)
		return PB_NOMEM;
	diag_error(o->d, o->staging, 0, 0, "cannot name the report's "
		   "marker: %s", strerror(saved));
	return PB_CANTCREAT;
}

/* Writes the marker: its header, then the sorted names written, under
 * MARKER_PART first. */
static pb_status write_marker(outdir *o)
{
	size_t len = strlen(MARKER_HEADER), n = o->n_written;
	char *text;
	pb_status st;

	qsort(o->written, n, sizeof *o->written, cmp_name);
	for (size_t i = 0; i < n; i++)
		len += strlen(o->written[i]) + 1;
	text = malloc(len + 1);
	if (!text)
		return PB_NOMEM;
	char *end = stpcpy(text, MARKER_HEADER);
	for (size_t i = 0; i < n; i++)
		end = stpcpy(stpcpy(end, o->written[i]), "\n");
	st = write_file(o, MARKER_PART, text, len);
	free(text);
	if (st == PB_OK)
		st = rename_marker(o);
	if (st == PB_OK)
		st = remember_written(o, MARKER);
	/* The marker itself is now among the names: keep them sorted for
	 * the lookups of check_target. */
	qsort(o->written, o->n_written, sizeof *o->written, cmp_name);
	return st;
}

pb_status outdir_commit(outdir *o)
{
	struct stat st;
	bool exists;
	int rc;

	pb_status ws = o->fresh ? check_fresh(o->target, o->d)
			       : write_marker(o);

	if (ws == PB_OK && !o->fresh) {
		/* Checked again with the names now known: an older report's
		 * files are known only by what this one writes again, and
		 * the user may have added a file since the run began. */
		name_list written = { o->written, o->n_written };
		ws = check_target(o->target, &written, o->d);
	}
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
	/* From the exchange on, the staging name may hold the earlier
	 * report, whose folder may hold a file of the user's: an exit for
	 * lack of memory or an abort() must not remove it whole.  The next
	 * run removes it by its marker instead. */
	oom_on_exit(NULL, NULL);
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
	/* After the exchange the staging name holds the old report: only
	 * its own files go, never one that appeared in the meantime. */
	if (exists) {
		name_list written = { o->written, o->n_written };
		char kept[256];

		if (!remove_report(o->staging, &written, kept, sizeof kept))
			diag_warning(o->d, o->target, 0, 0, "the report was "
				     "published, but the earlier one's folder "
				     "held '%s', which no report wrote; that "
				     "folder is kept as %s", kept, o->staging);
	}
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
