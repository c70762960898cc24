/* outdir.c: atomic replacement of a report folder (Linux renameat2).
 *
 * Everything is done relative to descriptors: the parent folder is opened
 * once, the staging folder and an earlier report are opened without
 * following links, and every removal goes through common/ownfs.c with the
 * identity of what is removed.  A path is only used for messages and to
 * find the parent folder the user named. */
#include "render/outdir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>
#include <sys/syscall.h>

#include "common/forkpool.h"
#include "common/oom.h"
#include "common/ownfs.h"
#include "common/safefile.h"
#include "common/strutil.h"

#define MARKER ".pairboot-report"
/* The most bytes a marker may hold.  It names the files of one report, a
 * fixed set (under 1 KiB for four languages and every format), so a
 * larger "marker" is none of pairboot's: it is refused unread, as is one
 * that is not a regular file. */
#define MARKER_MAX 4096
/* The marker is written as a temporary file, then renamed into place
 * (common/safefile.h): a run killed while writing it leaves no marker, so
 * its staging folder is seen as one (and removed by the next run), not as
 * a report set aside. */

/* The first line of the marker; the names of the files the report wrote
 * follow, one a line, sorted.  An older pairboot wrote an empty marker. */
#define MARKER_HEADER "pairboot report: the files below were written by " \
	"pairboot; a folder holding any other entry is never replaced\n"

/* A staging folder holds, while it is filled, an empty file named by the
 * folder's own inode number: ".pairboot-staging-1234567".  Whoever made
 * the folder could name the file so; a folder that came in a tarball or
 * was made by hand cannot carry the right number by chance, so the next
 * run removes a killed run's staging folder only when the file names it. */
#define STAGE_MARK_PREFIX ".pairboot-staging-"

/* The staging folder's name is ".NAME.new-" and this many letters. */
#define STAGE_SUFFIX_LEN 6

/* What a lock file that pairboot makes holds (lock_left_by_pairboot). */
#define LOCK_TEXT "pairboot: a run holds flock on this file while it " \
	"writes the output beside it\n"

/* The most parent folders one run creates (deeper ones are refused). */
#define MAX_MADE_PARENTS 32

/* A folder this run created on the way to the target. */
typedef struct made_parent {
	int dirfd;        /* the folder holding it (owned) */
	char *name;       /* its name there (owned) */
	ownfs_id id;
} made_parent;

struct outdir {
	char *target;     /* the report folder to publish, for messages */
	char *staging;    /* the folder being filled, for messages */
	char *parent;     /* the folder holding both, for messages */
	char *base;       /* the target's name in PARENT */
	char *stage_name; /* the staging folder's name in PARENT */
	char *lock_name;  /* ".NAME.lock" in PARENT */
	char stage_mark[40];  /* ".pairboot-staging-INO" */
	int parent_fd;
	int stage_fd;
	int lock_fd;      /* -1 when no lock is held */
	ownfs_id stage_id;
	ownfs_id mark_id;
	ownfs_id lock_id;
	bool lock_made;   /* this run created the lock file */
	bool owns_fds;    /* false for a handle of outdir_share */
	bool owns_stage;  /* a handle of outdir_sub: closes its stage_fd */
	made_parent made[MAX_MADE_PARENTS];
	size_t n_made;
	char **written;   /* names of the files written so far (owned) */
	size_t n_written, cap_written;
	bool fresh;       /* a new folder: no marker, never a replacement */
	diag *d;
};

static void register_emergency(const outdir *o);
static void register_emergency_lock(const outdir *o);
static void register_emergency_made(const outdir *o, const made_parent *m);
static void start_emergency(void);
static void stop_emergency_staging(void);
static void forget_emergency_lock(void);
static void forget_emergency_made(void);

/* A directory entry as getdents64(2) returns it. */
struct raw_dirent {
	unsigned long long ino;
	long long off;
	unsigned short reclen;
	unsigned char type;
	char name[];
};

/* Calls FN(FD, NAME, CTX) for each entry of the open folder FD but "."
 * and "..", from its start, reading it with getdents64 into a buffer on
 * the stack: opendir allocates, and when memory has run out the staging
 * folder must still be removable.  Returns 0, or -1 with errno set when
 * the folder cannot be read. */
static int dir_each(int fd, void (*fn)(int fd, const char *name, void *ctx),
		    void *ctx)
{
	_Alignas(8) char buf[4096];
	long n;

	if (lseek(fd, 0, SEEK_SET) != 0)
		return -1;
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

/* Writes the name of the mark file of a folder with inode INO into OUT
 * (40 bytes), without allocating. */
static void stage_mark_name(ino_t ino, char *out)
{
	char digits[24];
	size_t n = 0;
	unsigned long long v = (unsigned long long)ino;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	char *p = stpcpy(out, STAGE_MARK_PREFIX);
	while (n)
		*p++ = digits[--n];
	*p = '\0';
}

/* Whether NAME is the mark file of the folder FD. */
static bool is_own_mark(int fd, const char *name)
{
	ownfs_id id;
	char mark[40];

	if (strncmp(name, STAGE_MARK_PREFIX, strlen(STAGE_MARK_PREFIX)) != 0
	    || ownfs_id_of(fd, &id) != 0)
		return false;
	stage_mark_name(id.ino, mark);
	return strcmp(name, mark) == 0;
}

/* Removes NAME of FD, unless it is FD's own mark file: that goes last
 * (empty_folder), so that a run killed while it clears a leftover leaves
 * a folder the next run still knows for its own. */
static void remove_plain_entry(int fd, const char *name, void *ctx)
{
	bool *removed = ctx;

	if (!is_own_mark(fd, name) && ownfs_remove_file(fd, name) == 0)
		*removed = true;
}

/* Removes the plain files of the open folder FD, passes until one
 * removes nothing (entries removed while the folder is read may make the
 * reading skip others). */
static void empty_plain(int fd)
{
	for (int pass = 0; pass < 16; pass++) {
		bool removed = false;
		if (dir_each(fd, remove_plain_entry, &removed) != 0 || !removed)
			break;
	}
}

/* A folder of a staging folder (a report of a site's, outdir_sub): its
 * plain files go, then the folder, when that left it empty.  One level
 * only: a staging folder's folders hold no folder. */
static void remove_sub_entry(int fd, const char *name, void *ctx)
{
	bool *removed = ctx;
	struct stat st;
	ownfs_id id;
	int sub;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0
	    || !S_ISDIR(st.st_mode))
		return;
	sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
		     | O_CLOEXEC);
	if (sub < 0)
		return;
	if (ownfs_id_of(sub, &id) == 0) {
		empty_plain(sub);
		if (ownfs_remove(fd, name, &id, true) == 0)
			*removed = true;
	}
	close(sub);
}

/* Removes the plain files of the open folder FD (one of pairboot's own:
 * a staging folder), and those of its folders with the folders, without
 * allocating. */
static void remove_mark(int fd, const char *name, void *ctx);

static void empty_folder(int fd)
{
	empty_plain(fd);
	for (int pass = 0; pass < 16; pass++) {
		bool removed = false;
		if (dir_each(fd, remove_sub_entry, &removed) != 0 || !removed)
			break;
	}
	dir_each(fd, remove_mark, NULL);
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

/* Opens entry NAME of DIRFD with FLAGS when it is a regular file.  A
 * FIFO would hold the open until a writer came, and a device may grow
 * without end, so NAME is looked at first without following a link,
 * opened with O_NONBLOCK and O_NOFOLLOW, and its descriptor checked
 * again.  Returns the descriptor with *ST filled; or -1 with errno set;
 * or -1 with errno 0 when NAME is something else (*ST says what). */
static int open_regular(int dirfd, const char *name, int flags,
			struct stat *st)
{
	int fd;

	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (!S_ISREG(st->st_mode)) {
		errno = 0;
		return -1;
	}
	fd = openat(dirfd, name, flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		int e = S_ISREG(st->st_mode) ? errno : 0;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Reads the marker of the folder open as DIRFD.  Returns PB_OK with *KIND
 * (and, for MARKER_LISTED, the names in OUT), PB_NOMEM, or PB_CANTCREAT
 * when the marker exists but cannot be read or is no marker (not a
 * regular file, or larger than MARKER_MAX: nothing is read then), with
 * the reason in WHY (WHY_SIZE bytes). */
static pb_status read_marker(int dirfd, marker_kind *kind, name_list *out,
			     char *why, size_t why_size)
{
	char text[MARKER_MAX + 1];
	struct stat st;
	size_t len = 0;
	ssize_t got = 0;
	int fd = open_regular(dirfd, MARKER, O_RDONLY, &st);

	*kind = MARKER_ABSENT;
	if (fd < 0 && errno == ENOENT)
		return PB_OK;
	if (fd < 0 && errno == 0) {
		snprintf(why, why_size, "its marker '%s' is %s, not a regular "
			 "file", MARKER, ownfs_kind(st.st_mode));
		return PB_CANTCREAT;
	}
	if (fd >= 0 && st.st_size > MARKER_MAX) {
		close(fd);
		fd = -1;
		errno = EFBIG;
	}
	while (fd >= 0 && len < sizeof text
	       && ((got = read(fd, text + len, sizeof text - len)) > 0
		   || (got < 0 && errno == EINTR)))
		if (got > 0)
			len += (size_t)got;
	if (fd >= 0 && got >= 0 && len > MARKER_MAX)
		errno = EFBIG;
	if (fd < 0 || got < 0 || len > MARKER_MAX) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		if (e == EFBIG)
			snprintf(why, why_size, "its marker '%s' is larger than "
				 "%d bytes, more than any marker holds", MARKER,
				 MARKER_MAX);
		else
			snprintf(why, why_size, "cannot read its marker '%s': "
				 "%s", MARKER, strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	close(fd);
	*kind = len == 0 ? MARKER_LEGACY : MARKER_LISTED;
	return len == 0 ? PB_OK : parse_marker(text, len, out);
}

/* The kind of marker the folder FD holds (MARKER_LEGACY when it cannot
 * be read: what it says is not known). */
static marker_kind marker_of(int fd)
{
	name_list listed = { NULL, 0 };
	marker_kind kind;
	char why[256];

	if (read_marker(fd, &kind, &listed, why, sizeof why) != PB_OK)
		kind = MARKER_LEGACY;
	name_list_free(&listed);
	return kind;
}

/* What a look at an existing folder found: the first entry (by name)
 * that no earlier report wrote. */
typedef struct foreign_look {
	marker_kind kind;
	const name_list *listed;    /* the marker's names */
	const name_list *written;   /* the new report's names, or NULL */
	bool nested;                /* a report of a site's: holds no
				   folder of its own */
	bool any;                   /* the folder holds some entry */
	char first[256];            /* the first foreign entry, or "" */
	char why[256];              /* why the marker is no marker, or "" */
} foreign_look;

/* An entry is the earlier report's when it is a plain file that its
 * marker lists, or, under an older pairboot's empty marker, one that the
 * new report writes again: a file the report did not write is the
 * user's, and never deleted. */
static int look_folder_at(int fd, const name_list *written, bool nested,
			  foreign_look *l);

/* Whether the folder NAME of FD is a report of the site whose marker L
 * read: its marker lists it as "NAME/", and it is itself a report whose
 * marker lists every entry it holds, none of them a folder.  When it is
 * listed but holds another entry, that entry's path "NAME/ENTRY" goes to
 * FOREIGN (256 bytes), when not NULL. */
static bool folder_is_report(int fd, const char *name, const foreign_look *l,
			     char *foreign)
{
	char listed[260];
	foreign_look sub;
	int subfd, rc;

	if (l->nested || l->kind != MARKER_LISTED || strlen(name) > 255)
		return false;
	snprintf(listed, sizeof listed, "%s/", name);
	if (!name_listed(l->listed, listed))
		return false;
	subfd = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
		       | O_CLOEXEC);
	if (subfd < 0)
		return false;
	rc = look_folder_at(subfd, NULL, true, &sub);
	close(subfd);
	if (foreign && rc == 0 && sub.first[0] != '\0')
		snprintf(foreign, 256, "%.120s/%.120s", name, sub.first);
	return rc == 0 && sub.kind == MARKER_LISTED && sub.first[0] == '\0';
}

static bool entry_is_report_at(int fd, const char *name,
			       const foreign_look *l, char *foreign)
{
	struct stat st;

	if (strcmp(name, MARKER) == 0)
		return l->kind != MARKER_ABSENT;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return false;
	if (S_ISDIR(st.st_mode))
		return folder_is_report(fd, name, l, foreign);
	if (!S_ISREG(st.st_mode))
		return false;
	if (l->kind == MARKER_LISTED)
		return name_listed(l->listed, name);
	if (l->kind == MARKER_LEGACY)
		return !l->written || name_listed(l->written, name);
	return false;
}

static bool entry_is_report(int fd, const char *name, const foreign_look *l)
{
	return entry_is_report_at(fd, name, l, NULL);
}

static void look_entry(int fd, const char *name, void *ctx)
{
	foreign_look *l = ctx;
	char inside[256] = "";

	l->any = true;
	if (entry_is_report_at(fd, name, l, inside))
		return;
	if (inside[0] != '\0')
		name = inside;
	if (l->first[0] == '\0' || strcmp(name, l->first) < 0)
		snprintf(l->first, sizeof l->first, "%s", name);
}

/* Looks at the existing folder open as FD: fills L (its kind, whether it
 * holds anything, the first foreign entry).  WRITTEN, when not NULL, are
 * the names the new report holds.  Returns 0, or -1 with errno set. */
static int look_folder(int fd, const name_list *written, foreign_look *l)
{
	return look_folder_at(fd, written, false, l);
}

/* look_folder, for a report of a site's when NESTED. */
static int look_folder_at(int fd, const name_list *written, bool nested,
			  foreign_look *l)
{
	name_list listed = { NULL, 0 };
	int rc = -1;

	memset(l, 0, sizeof *l);
	l->nested = nested;
	pb_status st = read_marker(fd, &l->kind, &listed, l->why,
				   sizeof l->why);
	if (st != PB_OK)
		errno = st == PB_NOMEM ? ENOMEM : EINVAL;
	if (st == PB_OK) {
		l->listed = &listed;
		l->written = written;
		rc = dir_each(fd, look_entry, l);
		l->listed = NULL;
	}
	name_list_free(&listed);
	return rc;
}

/* What removing an earlier report found. */
typedef struct report_removal {
	foreign_look look;         /* which entries are the report's */
	bool kept;                 /* some entry was not, and stays */
	char kept_name[256];
	int err;                   /* why a removal failed first, or 0 */
	char err_name[256];        /* the file it failed on */
} report_removal;

static bool remove_files_at(int fd, const name_list *written, bool nested,
			    char *why, size_t why_size);

/* When entry NAME of FD is a folder (a report of a site's, which
 * entry_is_report has found to be one), removes its files and then it,
 * noting in R what failed; false when NAME is no folder. */
static bool remove_report_folder(int fd, const char *name, report_removal *r)
{
	struct stat st;
	ownfs_id id;
	char why[300];
	int sub, e = 0;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0
	    || !S_ISDIR(st.st_mode))
		return false;
	sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
		     | O_CLOEXEC);
	if (sub < 0 || ownfs_id_of(sub, &id) != 0)
		e = errno;
	else if (!remove_files_at(sub, NULL, true, why, sizeof why))
		e = ENOTEMPTY;   /* a file of the user's came meanwhile */
	else if (ownfs_remove(fd, name, &id, true) != 0 && errno != ENOENT)
		e = errno;
	if (sub >= 0)
		close(sub);
	if (e != 0 && r->err == 0) {
		r->err = e;
		snprintf(r->err_name, sizeof r->err_name, "%s/", name);
	}
	return true;
}

static void remove_entry(int fd, const char *name, void *ctx)
{
	report_removal *r = ctx;

	/* The marker goes last, and only when nothing is kept: a folder set
	 * aside with a user's file must still say which files were the
	 * report's. */
	if (strcmp(name, MARKER) == 0)
		return;
	if (entry_is_report(fd, name, &r->look)) {
		if (remove_report_folder(fd, name, r))
			return;
		if (ownfs_remove_file(fd, name) != 0 && errno != ENOENT
		    && r->err == 0) {
			r->err = errno;
			snprintf(r->err_name, sizeof r->err_name, "%s", name);
		}
	} else if (!r->kept) {
		r->kept = true;
		snprintf(r->kept_name, sizeof r->kept_name, "%s", name);
	}
}

/* Removes the files of the earlier report open as FD that its marker
 * (or, under an empty marker, WRITTEN) says it wrote, and the marker
 * when that leaves nothing else.  A file that appeared after the checks
 * (a user saving into the folder while the new report was written) is
 * kept.  Returns true, or false with the reason the folder is not empty
 * in WHY (WHY_SIZE bytes): that file, a marker that cannot be read, or
 * the first removal that failed (a folder the user may not write). */
static bool remove_report_files(int fd, const name_list *written,
				char *why, size_t why_size)
{
	return remove_files_at(fd, written, false, why, why_size);
}

/* remove_report_files, for a report of a site's when NESTED. */
static bool remove_files_at(int fd, const name_list *written, bool nested,
			    char *why, size_t why_size)
{
	name_list listed = { NULL, 0 };
	report_removal r;

	memset(&r, 0, sizeof r);
	r.look.nested = nested;
	if (read_marker(fd, &r.look.kind, &listed, r.look.why,
			sizeof r.look.why) != PB_OK) {
		snprintf(why, why_size, "%s", r.look.why[0] ? r.look.why
			 : strerror(ENOMEM));
		return false;
	}
	r.look.listed = &listed;
	r.look.written = written;
	for (int pass = 0; pass < 16; pass++)
		if (dir_each(fd, remove_entry, &r) != 0 || r.kept || r.err)
			break;
	name_list_free(&listed);
	if (r.kept) {
		snprintf(why, why_size, "it held '%s', which no report wrote",
			 r.kept_name);
		return false;
	}
	if (r.err == 0 && r.look.kind != MARKER_ABSENT
	    && ownfs_remove_file(fd, MARKER) != 0 && errno != ENOENT) {
		r.err = errno;
		snprintf(r.err_name, sizeof r.err_name, "%s", MARKER);
	}
	if (r.err) {
		snprintf(why, why_size, "cannot remove '%s': %s", r.err_name,
			 strerror(r.err));
		return false;
	}
	return true;
}

/* Whether NAME is ".BASE.new-" and STAGE_SUFFIX_LEN letters or digits,
 * as make_staging names its folders: the staging folder of another
 * target ("BASE.new-x") is not this one's. */
static bool is_stage_name(const char *name, const char *base)
{
	size_t blen = strlen(base);

	if (name[0] != '.' || strncmp(name + 1, base, blen) != 0
	    || strncmp(name + 1 + blen, ".new-", 5) != 0)
		return false;
	const char *suffix = name + 1 + blen + 5;
	size_t n = 0;
	for (; suffix[n]; n++)
		if (!((suffix[n] >= 'a' && suffix[n] <= 'z')
		      || (suffix[n] >= 'A' && suffix[n] <= 'Z')
		      || (suffix[n] >= '0' && suffix[n] <= '9')))
			return false;
	return n == STAGE_SUFFIX_LEN;
}

/* What the leftover sweep needs while it reads the parent folder. */
typedef struct sweep {
	const outdir *o;
} sweep;

/* Whether the open folder FD holds its own mark file. */
typedef struct mark_find {
	bool found;
} mark_find;

static void find_mark(int fd, const char *name, void *ctx)
{
	mark_find *m = ctx;

	if (!m->found && is_own_mark(fd, name))
		m->found = true;
}

/* Removes the mark file of the folder FD, after its other files. */
static void remove_mark(int fd, const char *name, void *ctx)
{
	(void)ctx;
	if (is_own_mark(fd, name))
		ownfs_remove_file(fd, name);
}

/* Clears leftover NAME of the parent folder PARENT_FD, a folder that only
 * this program makes under that name, when it proves to be its own:
 *   - the staging folder of a killed run carries its mark file: its
 *     plain files go;
 *   - a complete report that a killed run had not yet published, or an
 *     earlier report set aside at a publication, carries a marker that
 *     lists its files: those go;
 * and then the folder, when that left it empty.  Anything else (a link,
 * a folder of another user's, a folder without such a mark, an older
 * pairboot's empty marker, an empty folder) is left as it is: an empty
 * ".rep.new-backup" is the user's as likely as not, and pairboot leaves
 * an empty staging folder only when killed in the instant between making
 * it and marking it. */
static void clear_leftover(int parent_fd, const char *name)
{
	int fd = openat(parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW
			| O_CLOEXEC);
	struct stat st;
	ownfs_id id;
	char kept[256];

	if (fd < 0)
		return;
	if (fstat(fd, &st) != 0 || st.st_uid != geteuid()
	    || ownfs_id_of(fd, &id) != 0) {
		close(fd);
		return;
	}
	mark_find m = { false };
	bool own = false;
	if (dir_each(fd, find_mark, &m) == 0 && m.found) {
		empty_folder(fd);
		own = true;
	} else if (marker_of(fd) == MARKER_LISTED) {
		remove_report_files(fd, NULL, kept, sizeof kept);
		own = true;
	}
	close(fd);
	if (own)
		ownfs_remove(parent_fd, name, &id, true);
}

static void sweep_entry(int fd, const char *name, void *ctx)
{
	const sweep *s = ctx;

	(void)fd;
	if (strcmp(name, s->o->stage_name) != 0
	    && is_stage_name(name, s->o->base))
		clear_leftover(s->o->parent_fd, name);
}

/* Clears the leftover staging folders of killed runs beside the target:
 * with the lock held, no other run is writing one. */
static void remove_leftovers(const outdir *o)
{
	int fd = openat(o->parent_fd, ".", O_RDONLY | O_DIRECTORY
			| O_CLOEXEC);
	sweep s = { o };

	if (fd < 0)
		return;
	dir_each(fd, sweep_entry, &s);
	close(fd);
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

/* Opens the existing target of O without following a link: the
 * descriptor in *FD, or -1 when there is no target.  Returns PB_OK, or
 * PB_CANTCREAT / PB_NOMEM with the reason told to D. */
static pb_status open_target(const outdir *o, int *fd)
{
	struct stat st;

	*fd = -1;
	if (fstatat(o->parent_fd, o->base, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		int e = errno;
		if (e == ENOENT)
			return PB_OK;
		diag_error(o->d, o->target, 0, 0, "cannot use as output "
			   "folder: %s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	if (S_ISLNK(st.st_mode)) {
		diag_error(o->d, o->target, 0, 0, "output folder is a symbolic "
			   "link; give the real folder");
		return PB_CANTCREAT;
	}
	if (!S_ISDIR(st.st_mode)) {
		diag_error(o->d, o->target, 0, 0, "output path exists and is "
			   "not a folder");
		return PB_CANTCREAT;
	}
	*fd = openat(o->parent_fd, o->base, O_RDONLY | O_DIRECTORY
		     | O_NOFOLLOW | O_CLOEXEC);
	if (*fd < 0) {
		int e = errno;
		diag_error(o->d, o->target, 0, 0, "cannot read the output "
			   "folder: %s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	return PB_OK;
}

/* Checks the existing target open as FD: a report may replace it when it
 * holds nothing but an earlier report's files (WRITTEN: the names the new
 * one holds, NULL before they are known); a fresh folder only when it is
 * empty. */
static pb_status check_open_target(const outdir *o, int fd,
				   const name_list *written)
{
	foreign_look look;

	if (look_folder(fd, written, &look) != 0) {
		int e = errno;
		if (look.why[0] != '\0' && e != ENOMEM) {
			diag_error(o->d, o->target, 0, 0, "output folder cannot "
				   "be replaced: %s", look.why);
			return PB_CANTCREAT;
		}
		diag_error(o->d, o->target, 0, 0, "cannot read the output "
			   "folder: %s", strerror(e));
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	if (o->fresh && look.any) {
		diag_error(o->d, o->target, 0, 0, "already exists and is not "
			   "an empty folder; a new study is written only into a "
			   "new or empty folder, never over one");
		return PB_CANTCREAT;
	}
	if (look.first[0] != '\0')
		return refuse_foreign(o->target, &look, o->d);
	return PB_OK;
}

/* Checks the target as it is now; with OLD_FD not NULL, leaves the
 * descriptor of an existing target there (or -1). */
static pb_status check_target(const outdir *o, const name_list *written,
			      int *old_fd)
{
	int fd;
	pb_status st = open_target(o, &fd);

	if (st == PB_OK && fd >= 0)
		st = check_open_target(o, fd, written);
	if (old_fd && st == PB_OK) {
		*old_fd = fd;
		return PB_OK;
	}
	if (fd >= 0)
		close(fd);
	return st;
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
	o->base = strutil_dup(slash ? o->target + (slash - o->parent) + 1
				    : o->target);
	if (slash == o->parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	else
		strcpy(o->parent, ".");
	if (!o->base)
		return PB_NOMEM;
	o->lock_name = malloc(strlen(o->base) + 7);
	if (!o->lock_name)
		return PB_NOMEM;
	sprintf(o->lock_name, ".%s.lock", o->base);
	return PB_OK;
}

/* Opens the next folder NAME below DIRFD, creating it when it is missing
 * (and noting that in O, so that a run that fails removes it again).
 * Returns the descriptor, or -1 with errno set. */
static int enter_folder(outdir *o, int dirfd, const char *name)
{
	bool made = false;
	int fd;

	if (o->n_made == MAX_MADE_PARENTS) {
		/* One more folder could not be removed again: refuse it
		 * before it is made, so that a failure leaves none. */
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			errno = ENAMETOOLONG;
		return fd;
	}
	if (mkdirat(dirfd, name, 0777) == 0)
		made = true;
	else if (errno != EEXIST)
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || !made)
		return fd;
	made_parent *m = &o->made[o->n_made];
	m->dirfd = dup(dirfd);
	m->name = strutil_dup(name);
	if (m->dirfd < 0 || !m->name || ownfs_id_of(fd, &m->id) != 0) {
		if (m->dirfd >= 0)
			close(m->dirfd);
		free(m->name);
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	o->n_made++;
	register_emergency_made(o, m);
	return fd;
}

/* Opens the parent folder of O, creating it and its missing parents
 * like mkdir -p.  Returns 0, or -1 with errno set. */
static int open_parent(outdir *o)
{
	char *p = strutil_dup(o->parent);
	char *save = NULL;
	int fd;

	if (!p)
		return -1;
	fd = open(p[0] == '/' ? "/" : ".", O_RDONLY | O_DIRECTORY
		  | O_CLOEXEC);
	for (char *part = strtok_r(p, "/", &save); part && fd >= 0;
	     part = strtok_r(NULL, "/", &save)) {
		int next = enter_folder(o, fd, part);
		int e = errno;
		close(fd);
		fd = next;
		errno = e;
	}
	free(p);
	o->parent_fd = fd;
	return fd < 0 ? -1 : 0;
}

/* Removes the folders this run created on the way to the target, last
 * first, while they are empty. */
static void remove_made_parents(outdir *o)
{
	forget_emergency_made();
	while (o->n_made > 0) {
		made_parent *m = &o->made[--o->n_made];
		ownfs_remove(m->dirfd, m->name, &m->id, true);
		close(m->dirfd);
		free(m->name);
	}
}

/* Tells D why a folder could not be made (out of memory is said by
 * main), and returns the status. */
static pb_status cannot_create(const outdir *o, int e)
{
	if (e == ENOMEM)
		return PB_NOMEM;
	diag_error(o->d, o->target, 0, 0, "cannot create the report folder: "
		   "%s", strerror(e));
	return PB_CANTCREAT;
}

/* Forgets the folders made on the way, which are to stay. */
static void forget_made_parents(outdir *o)
{
	forget_emergency_made();
	for (size_t i = 0; i < o->n_made; i++) {
		close(o->made[i].dirfd);
		free(o->made[i].name);
	}
	o->n_made = 0;
}

/* Whether the lock file open as FD, locked by this run, is one that an
 * earlier pairboot made and left (killed, or by a signal it could not
 * catch): a regular file of the running user, with one name, holding
 * LOCK_TEXT and nothing else.  Such a file is taken over, and removed
 * when this run lets go of it, as the file of a run that made it is.
 * That is safe without a race: the file is removed while this run holds
 * its flock, and a run that opened it before then gets the lock only
 * after this one closed it, finds the name gone or naming another file,
 * and starts over (take_lock).  A lock file of anyone else's, an empty
 * one (touched by a script that locks with flock(1), say) or one
 * holding other words is left where it is. */
static bool lock_left_by_pairboot(int fd)
{
	char text[sizeof LOCK_TEXT];
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode)
	       && st.st_uid == geteuid() && st.st_nlink == 1
	       && st.st_size == (off_t)strlen(LOCK_TEXT)
	       && pread(fd, text, sizeof text, 0) == (ssize_t)strlen(LOCK_TEXT)
	       && memcmp(text, LOCK_TEXT, strlen(LOCK_TEXT)) == 0;
}

/* Takes the lock file ".NAME.lock" beside the target: a file this run
 * creates, or one that exists (another run's, or a killed one's).  It is
 * locked with flock, and counts only while it is still the file of that
 * name: a run that held it removes it before letting go, and a run that
 * waited for it then takes a new one. */
static pb_status take_lock(outdir *o, outdir_wait wait)
{
	bool told = false;

	for (;;) {
		o->lock_made = true;
		o->lock_fd = openat(o->parent_fd, o->lock_name, O_RDWR
				    | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				    0644);
		/* Its words tell a later run that pairboot made it.  At
		 * best effort: without them (a full disk, a run killed before
		 * they are written) the file is only left behind, which is
		 * harmless. */
		if (o->lock_fd >= 0)
			(void)!pwrite(o->lock_fd, LOCK_TEXT, strlen(LOCK_TEXT),
				      0);
		if (o->lock_fd < 0 && errno == EEXIST) {
			struct stat st;
			o->lock_made = false;
			o->lock_fd = open_regular(o->parent_fd, o->lock_name,
						  O_RDONLY, &st);
			if (o->lock_fd < 0 && errno == ENOENT)
				continue;
			if (o->lock_fd < 0 && errno == 0) {
				/* Never waited on, nor locked: only a lock on
				 * a regular file is one. */
				diag_error(o->d, o->target, 0, 0, "the lock '%s' "
					   "beside the output folder is %s, not "
					   "a regular file; remove it",
					   o->lock_name, ownfs_kind(st.st_mode));
				return PB_CANTCREAT;
			}
		}
		if (o->lock_fd < 0 && (errno == EACCES || errno == EROFS
				       || errno == ENOSPC || errno == EDQUOT))
			/* No lock file, no staging folder either: say it
			 * as the folder that cannot be made. */
			return cannot_create(o, errno);
		if (o->lock_fd < 0) {
			int e = errno;
			diag_error(o->d, o->target, 0, 0, "cannot take the lock "
				   "'%s' beside the output folder: %s%s",
				   o->lock_name, strerror(e), e == ELOOP
				   ? " (it is a symbolic link; remove it)" : "");
			return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
		}
		int rc = flock(o->lock_fd, LOCK_EX | LOCK_NB);
		if (rc != 0 && errno == EWOULDBLOCK) {
			if (wait == OUTDIR_NO_WAIT) {
				diag_error(o->d, o->target, 0, 0, "another "
					   "pairboot is writing this output "
					   "now (it holds '%s'); try again "
					   "later", o->lock_name);
				close(o->lock_fd);
				o->lock_fd = -1;
				return PB_TEMPFAIL;
			}
			if (!told && wait == OUTDIR_WAIT)
				diag_warning(o->d, o->target, 0, 0,
					     "another pairboot is writing this "
					     "output; waiting for it to finish");
			told = true;
			while ((rc = flock(o->lock_fd, LOCK_EX)) != 0
			       && errno == EINTR)
				;
		}
		if (rc != 0) {
			int e = errno;
			diag_error(o->d, o->target, 0, 0, "cannot lock '%s': %s",
				   o->lock_name, strerror(e));
			close(o->lock_fd);
			o->lock_fd = -1;
			return PB_CANTCREAT;
		}
		if (ownfs_id_of(o->lock_fd, &o->lock_id) == 0
		    && ownfs_is(o->parent_fd, o->lock_name, &o->lock_id)) {
			if (!o->lock_made)
				o->lock_made = lock_left_by_pairboot(o->lock_fd);
			register_emergency_lock(o);
			return PB_OK;
		}
		/* The run that held it removed it: take the next one. */
		close(o->lock_fd);
		o->lock_fd = -1;
	}
}

/* Lets go of the lock, removing the lock file first when this run made
 * it: whoever waits on it then sees that it is gone and takes a new one.
 * A lock file that was there before the run is left. */
static void drop_lock(outdir *o)
{
	if (o->lock_fd < 0)
		return;
	forget_emergency_lock();
	if (o->lock_made)
		ownfs_remove(o->parent_fd, o->lock_name, &o->lock_id, false);
	close(o->lock_fd);
	o->lock_fd = -1;
}

/* Fills NAME (".BASE.new-" and STAGE_SUFFIX_LEN random letters). */
static int random_stage_name(const char *base, char *name)
{
	return safefile_random_letters(name + sprintf(name, ".%s.new-", base),
				       STAGE_SUFFIX_LEN);
}

/* Creates the staging folder in the parent, opens it and puts its mark
 * file in it.  Returns 0, or -1 with errno set.  The signals the run
 * cleans up on wait until the folder is registered for that clean-up, so
 * none can leave it behind unregistered (SIGKILL still can, before the
 * mark is made: such an empty folder is not known to be ours, and stays). */
static int make_staging_now(outdir *o);

static int make_staging(outdir *o)
{
	sigset_t old;
	int rc, e;

	oom_block(&old);
	rc = make_staging_now(o);
	e = errno;
	oom_unblock(&old);
	errno = e;
	return rc;
}

/* Takes back the staging folder just made, still empty, when it could not
 * be opened and known by its identity (out of descriptors): errno is
 * kept. */
static void unmake_staging(outdir *o)
{
	int e = errno;
	struct stat st;

	if (fstatat(o->parent_fd, o->stage_name, &st, AT_SYMLINK_NOFOLLOW)
	    == 0 && S_ISDIR(st.st_mode)) {
		ownfs_id id = { st.st_dev, st.st_ino };
		ownfs_remove(o->parent_fd, o->stage_name, &id, true);
	}
	if (o->stage_fd >= 0) {
		close(o->stage_fd);
		o->stage_fd = -1;
	}
	errno = e;
}

static int make_staging_now(outdir *o)
{
	size_t size = strlen(o->base) + 8 + STAGE_SUFFIX_LEN;
	int tries = 0, made;

	o->stage_name = malloc(size);
	if (!o->stage_name)
		return -1;
	do {
		if (random_stage_name(o->base, o->stage_name) != 0)
			return -1;
		made = mkdirat(o->parent_fd, o->stage_name, 0700);
	} while (made != 0 && errno == EEXIST && ++tries < 100);
	if (made != 0)
		return -1;
	o->stage_fd = openat(o->parent_fd, o->stage_name, O_RDONLY
			     | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (o->stage_fd < 0 || ownfs_id_of(o->stage_fd, &o->stage_id) != 0) {
		unmake_staging(o);
		return -1;
	}
	o->staging = malloc(strlen(o->parent) + strlen(o->stage_name) + 2);
	if (!o->staging)
		return -1;
	sprintf(o->staging, "%s/%s", o->parent, o->stage_name);
	register_emergency(o);
	stage_mark_name(o->stage_id.ino, o->stage_mark);
	int mark = openat(o->stage_fd, o->stage_mark, O_WRONLY | O_CREAT
			  | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (mark < 0)
		return -1;
	int rc = ownfs_id_of(mark, &o->mark_id);
	close(mark);
	/* mkdirat makes the folder private; a report is for reading. */
	if (rc == 0)
		rc = fchmod(o->stage_fd, 0755);
	return rc;
}

static outdir *outdir_alloc(bool fresh, diag *d)
{
	outdir *o = calloc(1, sizeof *o);

	if (!o)
		return NULL;
	o->d = d;
	o->fresh = fresh;
	o->parent_fd = -1;
	o->stage_fd = -1;
	o->lock_fd = -1;
	o->owns_fds = true;
	return o;
}

/* Refuses a target that names no folder of its own ("." or ".."). */
static pb_status check_base(const outdir *o)
{
	if (strcmp(o->base, ".") != 0 && strcmp(o->base, "..") != 0
	    && strcmp(o->base, "/") != 0)
		return PB_OK;
	diag_error(o->d, o->target, 0, 0, "give the output folder by its own "
		   "name (such as ../reports/NAME), not as '%s'", o->base);
	return PB_CANTCREAT;
}

static pb_status begin(const char *target, bool fresh, outdir_wait wait,
		       diag *d, outdir **out)
{
	outdir *o = outdir_alloc(fresh, d);
	pb_status st;

	*out = NULL;
	if (!o)
		return PB_NOMEM;
	st = split_target(o, target);
	if (st == PB_OK)
		st = check_base(o);
	if (st == PB_OK)
		start_emergency();
	if (st == PB_OK && open_parent(o) != 0)
		st = cannot_create(o, errno);
	if (st == PB_OK)
		st = take_lock(o, wait);
	if (st == PB_OK)
		st = check_target(o, NULL, NULL);
	if (st == PB_OK && make_staging(o) != 0)
		st = cannot_create(o, errno);
	if (st != PB_OK) {
		outdir_abort(o);
		return st;
	}
	*out = o;
	return PB_OK;
}

/* What outdir_begin does when another run holds the lock. */
static outdir_wait default_wait = OUTDIR_WAIT;

void outdir_set_wait(outdir_wait wait)
{
	default_wait = wait;
}

pb_status outdir_begin(const char *target, diag *d, outdir **out)
{
	return begin(target, false, default_wait, d, out);
}

pb_status outdir_begin_fresh(const char *target, diag *d, outdir **out)
{
	return begin(target, true, default_wait, d, out);
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
	fd = openat(o->stage_fd, name, O_WRONLY | O_CREAT | O_EXCL
		    | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0) {
		diag_error(o->d, path, 0, 0, "cannot create: %s",
			   strerror(errno));
		free(path);
		return PB_CANTCREAT;
	}
	ok = safefile_write_all(fd, data, len) == 0;
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
	outdir *s = outdir_alloc(o->fresh, d);

	if (!s)
		return NULL;
	/* The same descriptors, which the handle does not close: in a
	 * child they are its copies, and in the same process the parent's. */
	s->owns_fds = false;
	s->parent_fd = o->parent_fd;
	s->stage_fd = o->stage_fd;
	s->target = strutil_dup(o->target);
	s->staging = strutil_dup(o->staging);
	s->parent = strutil_dup(o->parent);
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

/* What outdir_emergency removes: copies of its own, since the handler of
 * an abort() on another thread may run while the outdir is being
 * released.  A descriptor of -1 turns its part off; it is set last and
 * cleared first, so that a handler never sees half of an entry. */
static struct {
	pid_t pid;                 /* the process that owns them */
	int parent_fd, stage_fd;
	ownfs_id stage_id;
	char stage_name[256];
	int lock_dir_fd;           /* the lock file's folder, when ours */
	ownfs_id lock_id;
	char lock_name[256];
	size_t n_made;             /* the parent folders made, in order */
	struct {
		int dirfd;
		ownfs_id id;
		char name[256];
	} made[MAX_MADE_PARENTS];
} emergency = { 0, -1, -1, { 0, 0 }, "", -1, { 0, 0 }, "", 0,
		{ { -1, { 0, 0 }, "" } } };

/* Empties the staging folder STAGE_FD (named NAME in PARENT_FD, with
 * identity ID) and removes it, without allocating. */
static void remove_staging(int parent_fd, int stage_fd, const char *name,
			   const ownfs_id *id)
{
	empty_folder(stage_fd);
	ownfs_remove(parent_fd, name, id, true);
}

/* Run by common/oom.c when GLib ends the process for lack of memory,
 * when it calls abort(), or on SIGINT, SIGTERM or SIGHUP, from the start
 * of a run to its end: removes the staging folder (until the exchange
 * that publishes), then the lock file when this run may remove it, then
 * the parent folders it made, which are then empty.  The children of a
 * pool that write into the staging folder are stopped first.  Only in
 * the process that began the run. */
static void outdir_emergency(void *arg)
{
	(void)arg;
	if (emergency.pid != getpid())
		return;
	forkpool_stop();
	if (emergency.stage_fd >= 0)
		remove_staging(emergency.parent_fd, emergency.stage_fd,
			       emergency.stage_name, &emergency.stage_id);
	if (emergency.lock_dir_fd >= 0)
		ownfs_remove(emergency.lock_dir_fd, emergency.lock_name,
			     &emergency.lock_id, false);
	for (size_t i = emergency.n_made; i-- > 0;)
		if (emergency.made[i].dirfd >= 0)
			ownfs_remove(emergency.made[i].dirfd,
				     emergency.made[i].name,
				     &emergency.made[i].id, true);
}

/* Copies NAME into OUT (256 bytes): false when it is too long, which
 * only a file system with longer names than Linux's allows. */
static bool emergency_name(char *out, const char *name)
{
	size_t len = strlen(name);

	if (len >= 256)
		return false;
	memcpy(out, name, len + 1);
	return true;
}

/* Has the staging folder of O removed at such an exit. */
static void register_emergency(const outdir *o)
{
	if (!emergency_name(emergency.stage_name, o->stage_name))
		return;
	emergency.parent_fd = o->parent_fd;
	emergency.stage_id = o->stage_id;
	emergency.stage_fd = o->stage_fd;
}

/* Has the lock file of O removed at such an exit, when this run may
 * remove it (drop_lock says when). */
static void register_emergency_lock(const outdir *o)
{
	if (!o->lock_made || !emergency_name(emergency.lock_name,
					     o->lock_name))
		return;
	emergency.lock_id = o->lock_id;
	emergency.lock_dir_fd = o->parent_fd;
}

/* Notes the parent folder M that O just made, in its place. */
static void register_emergency_made(const outdir *o, const made_parent *m)
{
	size_t i = o->n_made - 1;

	emergency.made[i].dirfd = -1;
	if (i >= emergency.n_made)
		emergency.n_made = i + 1;
	if (!emergency_name(emergency.made[i].name, m->name))
		return;
	emergency.made[i].id = m->id;
	emergency.made[i].dirfd = m->dirfd;
}

/* Turns the clean-up on for a run beginning in this process. */
static void start_emergency(void)
{
	emergency.stage_fd = -1;
	emergency.lock_dir_fd = -1;
	emergency.n_made = 0;
	emergency.pid = getpid();
	oom_on_exit(outdir_emergency, NULL);
}

/* From the exchange on, the staging name may hold the earlier report:
 * it is no longer removed. */
static void stop_emergency_staging(void)
{
	emergency.stage_fd = -1;
}

static void forget_emergency_lock(void)
{
	emergency.lock_dir_fd = -1;
}

static void forget_emergency_made(void)
{
	emergency.n_made = 0;
}

static void clear_emergency(void)
{
	oom_on_exit(NULL, NULL);
	emergency.stage_fd = -1;
	emergency.lock_dir_fd = -1;
	emergency.n_made = 0;
}

void outdir_release(outdir *o)
{
	if (!o)
		return;
	if (o->owns_fds) {
		drop_lock(o);
		forget_made_parents(o);
		if (o->stage_fd >= 0)
			close(o->stage_fd);
		if (o->parent_fd >= 0)
			close(o->parent_fd);
	} else if (o->owns_stage && o->stage_fd >= 0) {
		close(o->stage_fd);
	}
	for (size_t i = 0; i < o->n_written; i++)
		free(o->written[i]);
	free(o->written);
	free(o->target);
	free(o->staging);
	free(o->parent);
	free(o->base);
	free(o->stage_name);
	free(o->lock_name);
	free(o);
}

static void outdir_free(outdir *o)
{
	bool owner = o->owns_fds;

	outdir_release(o);
	if (owner)
		clear_emergency();
}

/* Puts the LEN bytes of TEXT in the staging folder as its marker, by a
 * temporary file renamed into place. */
static pb_status replace_marker(outdir *o, const char *text, size_t len)
{
	safefile_step step;
	int e;

	if (safefile_replace(o->stage_fd, MARKER, text, len, 0644, &step) == 0)
		return PB_OK;
	e = errno;
	if (e == ENOMEM)
		return PB_NOMEM;
	switch (step) {
	case SAFEFILE_CREATE:
		diag_error(o->d, o->staging, 0, 0, "cannot create the report's "
			   "marker: %s", strerror(e));
		return PB_CANTCREAT;
	case SAFEFILE_WRITE:
		diag_error(o->d, o->staging, 0, 0, "write failed on the "
			   "report's marker: %s", strerror(e));
		return PB_IOERR;
	case SAFEFILE_RENAME:
		break;
	}
	diag_error(o->d, o->staging, 0, 0, "cannot name the report's marker: "
		   "%s", strerror(e));
	return PB_CANTCREAT;
}

/* Writes the marker: its header, then the sorted names written. */
static pb_status write_marker(outdir *o)
{
	size_t len = strlen(MARKER_HEADER), n = o->n_written;
	char *text;
	pb_status st;

	qsort(o->written, n, sizeof *o->written, cmp_name);
	for (size_t i = 0; i < n; i++)
		len += strlen(o->written[i]) + 1;
	if (len > MARKER_MAX) {
		/* Not for any report of today's: it would be one that no run
		 * could replace. */
		diag_error(o->d, o->staging, 0, 0, "the report's marker would "
			   "hold %zu bytes, more than the %d a marker may hold",
			   len, MARKER_MAX);
		return PB_SOFTWARE;
	}
	text = malloc(len + 1);
	if (!text)
		return PB_NOMEM;
	char *end = stpcpy(text, MARKER_HEADER);
	for (size_t i = 0; i < n; i++)
		end = stpcpy(stpcpy(end, o->written[i]), "\n");
	st = replace_marker(o, text, len);
	free(text);
	if (st == PB_OK)
		st = remember_written(o, MARKER);
	/* The marker itself is now among the names: keep them sorted for
	 * the lookups of check_target. */
	qsort(o->written, o->n_written, sizeof *o->written, cmp_name);
	return st;
}

pb_status outdir_sub(outdir *o, const char *name, outdir **out)
{
	outdir *s;
	char *path;

	*out = NULL;
	if (o->fresh || !name[0] || strchr(name, '/') || !strcmp(name, ".")
	    || !strcmp(name, "..") || !strcmp(name, MARKER)) {
		diag_error(o->d, o->target, 0, 0, "internal error: '%s' cannot "
			   "be a folder of the output", name);
		return PB_SOFTWARE;
	}
	path = malloc(strlen(o->staging) + strlen(name) + 2);
	if (!path)
		return PB_NOMEM;
	sprintf(path, "%s/%s", o->staging, name);
	s = outdir_alloc(false, o->d);
	if (!s) {
		free(path);
		return PB_NOMEM;
	}
	s->owns_fds = false;
	s->parent_fd = o->stage_fd;
	s->staging = path;
	s->parent = strutil_dup(o->staging);
	s->base = strutil_dup(name);
	s->target = malloc(strlen(o->target) + strlen(name) + 2);
	if (!s->parent || !s->base || !s->target) {
		outdir_release(s);
		return PB_NOMEM;
	}
	sprintf(s->target, "%s/%s", o->target, name);
	if (mkdirat(o->stage_fd, name, 0755) != 0
	    || (s->stage_fd = openat(o->stage_fd, name, O_RDONLY | O_DIRECTORY
				     | O_NOFOLLOW | O_CLOEXEC)) < 0
	    || fchmod(s->stage_fd, 0755) != 0) {
		int e = errno;
		diag_error(o->d, s->staging, 0, 0, "cannot create: %s",
			   strerror(e));
		s->owns_stage = s->stage_fd >= 0;
		outdir_release(s);
		return e == ENOMEM ? PB_NOMEM : PB_CANTCREAT;
	}
	s->owns_stage = true;
	*out = s;
	return PB_OK;
}

pb_status outdir_sub_close(outdir *o, outdir *sub)
{
	char *listed;
	pb_status st = write_marker(sub);

	if (st == PB_OK && fsync(sub->stage_fd) != 0) {
		diag_error(o->d, sub->staging, 0, 0, "cannot sync to disk: %s",
			   strerror(errno));
		st = PB_IOERR;
	}
	listed = malloc(strlen(sub->base) + 2);
	if (!listed)
		st = PB_NOMEM;
	if (st == PB_OK) {
		sprintf(listed, "%s/", sub->base);
		st = remember_written(o, listed);
	}
	free(listed);
	outdir_release(sub);
	return st;
}

/* Makes the staging folder ready to be published: marker written (for
 * a report), the target checked again with the names now known (an
 * older report's files are known only by what this one writes again, and
 * the user may have added a file since the run began), and the mark file
 * gone, so that the published folder holds only the report.  The
 * descriptor of an existing target goes to *OLD_FD (or -1). */
static pb_status prepare_commit(outdir *o, int *old_fd)
{
	pb_status st = o->fresh ? PB_OK : write_marker(o);

	*old_fd = -1;
	if (st == PB_OK) {
		name_list written = { o->written, o->n_written };
		st = check_target(o, o->fresh ? NULL : &written, old_fd);
	}
	if (st == PB_OK && fsync(o->stage_fd) != 0) {
		diag_error(o->d, o->target, 0, 0, "cannot sync the new report "
			   "to disk: %s", strerror(errno));
		st = PB_IOERR;
	}
	/* From here a killed run leaves a complete report whose marker
	 * lists its files, which the next run clears by that list.  A fresh
	 * folder has no such list: it keeps its mark until it is
	 * published. */
	if (st == PB_OK && !o->fresh
	    && ownfs_remove(o->stage_fd, o->stage_mark, &o->mark_id, false)
	    != 0) {
		diag_error(o->d, o->staging, 0, 0, "cannot remove the staging "
			   "mark: %s", strerror(errno));
		st = PB_CANTCREAT;
	}
	if (st != PB_OK && *old_fd >= 0) {
		close(*old_fd);
		*old_fd = -1;
	}
	return st;
}

/* Puts the staging folder in the target's place: exchanged with an
 * existing target, or renamed where none is (never over one that
 * appeared meanwhile).  0, or -1 with errno set. */
static int publish(const outdir *o, bool exists)
{
	unsigned flags = exists ? RENAME_EXCHANGE : RENAME_NOREPLACE;

	return (int)syscall(SYS_renameat2, o->parent_fd, o->stage_name,
			    o->parent_fd, o->base, flags);
}

/* After the exchange the staging name holds the earlier folder, open as
 * OLD_FD: only its own files go, never one that appeared in the meantime,
 * then the folder itself. */
static void remove_earlier(outdir *o, int old_fd)
{
	name_list written = { o->written, o->n_written };
	char why[600];
	ownfs_id old_id;
	bool gone = false;

	if (ownfs_id_of(old_fd, &old_id) == 0
	    && ownfs_is(o->parent_fd, o->stage_name, &old_id)) {
		if (o->fresh)
			gone = true;
		else
			gone = remove_report_files(old_fd, &written, why,
						   sizeof why);
		if (gone && ownfs_remove(o->parent_fd, o->stage_name, &old_id,
					 true) != 0) {
			gone = false;
			snprintf(why, sizeof why, "cannot remove its folder: %s",
				 strerror(errno));
		}
	} else {
		snprintf(why, sizeof why, "its folder was moved or replaced "
			 "meanwhile");
	}
	if (!gone)
		diag_warning(o->d, o->target, 0, 0, "the report was published, "
			     "but the earlier one was not removed (%s); its folder "
			     "is kept as %s", why, o->staging);
}

pb_status outdir_commit(outdir *o)
{
	int old_fd;
	pb_status st = prepare_commit(o, &old_fd);

	if (st != PB_OK) {
		outdir_abort(o);
		return st;
	}
	/* From the exchange on, the staging name may hold the earlier
	 * report, whose folder may hold a file of the user's: an exit for
	 * lack of memory or an abort() must not empty it.  The next run
	 * clears it by its marker instead. */
	stop_emergency_staging();
	if (publish(o, old_fd >= 0) != 0) {
		diag_error(o->d, o->target, 0, 0, "cannot publish the report: "
			   "%s", strerror(errno));
		if (old_fd >= 0)
			close(old_fd);
		outdir_abort(o);
		return PB_CANTCREAT;
	}
	/* The folders made on the way now hold the report: they stay. */
	forget_made_parents(o);
	if (o->fresh)
		ownfs_remove(o->stage_fd, o->stage_mark, &o->mark_id, false);
	if (old_fd >= 0) {
		remove_earlier(o, old_fd);
		close(old_fd);
	}
	remove_leftovers(o);
	/* The new report is in place and its files are on disk; only the
	 * rename may not be.  Not a success, but no longer "no report
	 * written" either: hence a warning with the I/O status. */
	if (fsync(o->parent_fd) != 0) {
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
	if (o->owns_fds && o->stage_fd >= 0) {
		remove_staging(o->parent_fd, o->stage_fd, o->stage_name,
			       &o->stage_id);
		stop_emergency_staging();
	}
	if (o->owns_fds) {
		/* The lock file first: the folder made for it must be empty
		 * to go. */
		drop_lock(o);
		remove_made_parents(o);
	}
	outdir_free(o);
}
