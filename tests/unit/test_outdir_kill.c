/* test_outdir_kill.c: a run killed at any removal, while it clears the
 * staging folder a killed run left behind, leaves nothing of its own that
 * a later run cannot clear.
 *
 * The test links with -Wl,--wrap=ownfs_remove_file, so each removal of a
 * file by render/outdir.c passes through the wrapper below; a child
 * process publishes a report and kills itself at its Kth removal, for
 * every K up to the number a whole run makes.  After each kill, every
 * staging folder beside the target holds its mark file, or the marker of
 * the report the commit set aside there, or nothing at all (an empty
 * folder of that name is never removed: it may be the user's);
 * and the next whole run leaves no staging folder with anything in it.
 * Removing the mark file first, in directory order with the other files,
 * fails this: a kill right after it left a folder of files that no later
 * run knows for its own. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render/outdir.h"
#include "tests/lib/tap.h"

int __real_ownfs_remove_file(int dirfd, const char *name);
int __wrap_ownfs_remove_file(int dirfd, const char *name);

/* The removal at which the process kills itself (0: never), and the
 * removals made so far. */
static unsigned kill_at;
static unsigned removals;

int __wrap_ownfs_remove_file(int dirfd, const char *name)
{
	if (kill_at && ++removals == kill_at)
		raise(SIGKILL);
	return __real_ownfs_remove_file(dirfd, name);
}

static char base[256];

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[900];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		exit(99);
	fputs(text, f);
	if (fclose(f) != 0)
		exit(99);
}

/* A staging folder as a run killed while writing leaves it: its mark
 * file, named by the folder's inode, and three half-written files. */
static void make_leftover(const char *name)
{
	char dir[600], mark[64];
	struct stat st;

	snprintf(dir, sizeof dir, "%s/%s", base, name);
	if (mkdir(dir, 0700) != 0 || stat(dir, &st) != 0)
		exit(99);
	snprintf(mark, sizeof mark, ".pairboot-staging-%llu",
		 (unsigned long long)st.st_ino);
	write_text(dir, mark, "");
	write_text(dir, "en.md", "half");
	write_text(dir, "de.md", "half");
	write_text(dir, "results.json", "{");
}

/* In every staging folder beside the target: its entries, and whether
 * one of them is its mark file or a report's marker.  Returns the number of folders that hold
 * entries but no mark (left for good), and counts the folders with
 * anything in them into *FULL. */
static int orphans(int *full)
{
	DIR *d = opendir(base);
	struct dirent *e;
	int n = 0;

	*full = 0;
	while (d && (e = readdir(d)) != NULL) {
		char dir[600];
		DIR *s;
		struct dirent *f;
		int entries = 0;
		bool marked = false;

		if (strncmp(e->d_name, ".report.new-", 12) != 0)
			continue;
		snprintf(dir, sizeof dir, "%s/%s", base, e->d_name);
		s = opendir(dir);
		while (s && (f = readdir(s)) != NULL) {
			if (!strcmp(f->d_name, ".") || !strcmp(f->d_name, ".."))
				continue;
			entries++;
			marked |= strncmp(f->d_name, ".pairboot-staging-",
					  18) == 0
				  || strcmp(f->d_name, ".pairboot-report") == 0;
		}
		if (s)
			closedir(s);
		*full += entries > 0;
		n += entries > 0 && !marked;
	}
	if (d)
		closedir(d);
	return n;
}

static pb_status publish(const char *target, const char *text)
{
	diag *d = diag_new(NULL, 0);
	outdir *o;
	pb_status st = outdir_begin(target, d, &o);

	if (st == PB_OK) {
		st = outdir_write(o, "en.md", text, strlen(text));
		if (st == PB_OK)
			st = outdir_commit(o);
		else
			outdir_abort(o);
	}
	diag_free(d);
	return st;
}

/* Publishes in a child that kills itself at removal K; true when it was
 * killed, false when it finished first. */
static bool killed_publish(const char *target, unsigned k)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		exit(99);
	if (pid == 0) {
		kill_at = k;
		_exit(publish(target, "killed run") == PB_OK ? 0 : 1);
	}
	if (waitpid(pid, &status, 0) != pid)
		exit(99);
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

int main(void)
{
	char target[300];
	unsigned k;
	int bad_kills = 0, full = 0, left = 0;

	snprintf(base, sizeof base, "/tmp/pairboot-outdir-kill-XXXXXX");
	if (!mkdtemp(base))
		return 99;
	snprintf(target, sizeof target, "%s/report", base);
	tap_ok(publish(target, "first") == PB_OK, "a report is published");

	for (k = 1; k < 100; k++) {
		make_leftover(".report.new-KILLED");
		if (!killed_publish(target, k))
			break;
		if (orphans(&full) != 0) {
			tap_diag("killed at removal %u: a staging folder "
				 "holds files but no mark", k);
			bad_kills++;
		}
		if (publish(target, "clean run") != PB_OK)
			exit(99);
		if (orphans(&full) != 0 || full != 0) {
			tap_diag("after the kill at removal %u, a clean run "
				 "left %d staging folder(s) with files", k, full);
			left++;
		}
		/* Whatever empty folder is left stays; make room for the
		 * next leftover of the same name. */
		char dir[600];
		snprintf(dir, sizeof dir, "%s/.report.new-KILLED", base);
		rmdir(dir);
	}
	tap_ok(k > 5 && k < 100, "the run was killed at each of its %u "
	       "removals and then finished", k - 1);
	tap_ok(bad_kills == 0, "no kill left a staging folder of files "
	       "without its mark (%d did)", bad_kills);
	tap_ok(left == 0, "after every kill, the next run cleared every "
	       "staging folder with files in it (%d times not)", left);

	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", base);
	return tap_done();
}
