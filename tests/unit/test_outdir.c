/* test_outdir.c: a report folder is replaced whole or not at all. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/outdir.h"
#include "tests/lib/tap.h"

static char base[256];

static char *read_file(const char *dir, const char *name)
{
	static char buf[4096];
	char path[512];
	FILE *f;
	size_t n;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static bool exists(const char *dir, const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		exit(99);
	fputs(text, f);
	if (fclose(f) != 0)
		exit(99);
}

static void remove_in(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (unlink(path) != 0)
		exit(99);
}

/* Entries of BASE whose name starts with PREFIX. */
static int count_prefixed(const char *prefix)
{
	DIR *d = opendir(base);
	struct dirent *e;
	int n = 0;
	while (d && (e = readdir(d)) != NULL)
		n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	if (d)
		closedir(d);
	return n;
}

static pb_status publish(const char *target, const char *name,
			 const char *text, diag *d)
{
	outdir *o;
	pb_status st = outdir_begin(target, d, &o);
	if (st != PB_OK)
		return st;
	st = outdir_write(o, name, text, strlen(text));
	if (st != PB_OK) {
		outdir_abort(o);
		return st;
	}
	return outdir_commit(o);
}

/* One story on one temporary folder, step by step: each step starts from
 * what the ones before left behind, so they stay in order in one
 * function. */
int main(void)
{
	char target[300], other[300], link[300], stale[320];
	diag *d = diag_new(NULL, 0);
	outdir *o;

	snprintf(base, sizeof base, "/tmp/pairboot-outdir-XXXXXX");
	if (!mkdtemp(base))
		return 99;
	snprintf(target, sizeof target, "%s/report", base);

	tap_ok(publish(target, "a.txt", "first", d) == PB_OK,
	       "a new report folder is published");
	tap_streq(read_file(target, "a.txt"), "first", "its file is there");
	tap_ok(exists(target, ".pairboot-report"), "it carries the marker");

	tap_ok(publish(target, "b.txt", "second", d) == PB_OK,
	       "an existing report is replaced");
	tap_streq(read_file(target, "b.txt"), "second", "the new file is there");
	tap_ok(!exists(target, "a.txt"),
	       "the old report's files are gone, not mixed in");

	tap_ok(outdir_begin(target, d, &o) == PB_OK, "a third run begins");
	outdir_write(o, "c.txt", "third", 5);
	outdir_abort(o);
	tap_streq(read_file(target, "b.txt"), "second",
		  "an aborted run leaves the previous report untouched");
	tap_ok(count_prefixed(".report.new-") == 0,
	       "and leaves no staging folder");

	/* An empty folder of that name may be the user's: it stays. */
	snprintf(stale, sizeof stale, "%s/.report.new-ABCDEF", base);
	mkdir(stale, 0700);
	tap_ok(publish(target, "d.txt", "fourth", d) == PB_OK &&
	       count_prefixed(".report.new-") == 1,
	       "an empty folder named like a staging folder is kept");
	/* A run killed after making its staging folder leaves it behind,
	 * with the mark named by its inode; the next successful run clears
	 * it. */
	struct stat st;
	char mark[64];
	stat(stale, &st);
	snprintf(mark, sizeof mark, ".pairboot-staging-%llu",
		 (unsigned long long)st.st_ino);
	write_text(stale, mark, "");
	write_text(stale, "half.txt", "half written");
	tap_ok(publish(target, "d.txt", "fourth", d) == PB_OK &&
	       count_prefixed(".report.new-") == 0,
	       "a leftover staging folder is removed by the next commit");
	/* An earlier report set aside because a user's file appeared in it
	 * keeps that file, and its marker, however many runs follow: only
	 * the files the marker lists go. */
	mkdir(stale, 0755);
	write_text(stale, ".pairboot-report", "pairboot report: the files "
		   "below were written by pairboot; a folder holding any other "
		   "entry is never replaced\nold.txt\n");
	write_text(stale, "old.txt", "the old report's");
	write_text(stale, "saved.txt", "saved by the user meanwhile");
	tap_ok(publish(target, "d.txt", "fourth", d) == PB_OK
	       && publish(target, "d.txt", "fourth", d) == PB_OK,
	       "two more runs over a set-aside report succeed");
	tap_ok(!exists(stale, "old.txt")
	       && exists(stale, ".pairboot-report")
	       && exists(stale, "saved.txt"),
	       "its listed file is gone, the user's file and the marker stay");
	remove_in(stale, "saved.txt");
	tap_ok(publish(target, "d.txt", "fourth", d) == PB_OK
	       && count_prefixed(".report.new-") == 0,
	       "once the user's file is moved away, the folder goes");

	/* The marker lists what the report wrote, so a file the user put
	 * into the report folder is recognised and never deleted. */
	tap_streq(read_file(target, ".pairboot-report"),
		  "pairboot report: the files below were written by pairboot; "
		  "a folder holding any other entry is never replaced\n"
		  "d.txt\n", "the marker lists the one file written");
	write_text(target, "analysis-notes.md", "mine");
	tap_ok(publish(target, "e.txt", "fifth", d) == PB_CANTCREAT,
	       "a report folder holding a file of the user's is refused");
	tap_streq(read_file(target, "analysis-notes.md"), "mine",
		  "the user's file is kept");
	tap_streq(read_file(target, "d.txt"), "fourth",
		  "and the report is left as it was");
	remove_in(target, "analysis-notes.md");
	char sub[400];
	snprintf(sub, sizeof sub, "%s/drafts", target);
	mkdir(sub, 0755);
	tap_ok(publish(target, "e.txt", "fifth", d) == PB_CANTCREAT,
	       "a report folder holding a subfolder is refused");
	tap_ok(exists(target, "drafts"), "and the subfolder is kept");
	rmdir(sub);

	/* An older pairboot wrote an empty marker: its files are known only
	 * by what the new report writes again. */
	write_text(target, ".pairboot-report", "");
	tap_ok(publish(target, "d.txt", "sixth", d) == PB_OK,
	       "an older report of the same files is replaced");
	write_text(target, ".pairboot-report", "");
	write_text(target, "old.txt", "an older report's file, or a user's");
	tap_ok(publish(target, "d.txt", "seventh", d) == PB_CANTCREAT,
	       "under an empty marker, a file the new report does not "
	       "write again is refused");
	tap_streq(read_file(target, "old.txt"),
		  "an older report's file, or a user's", "and kept");
	remove_in(target, "old.txt");
	tap_ok(publish(target, "d.txt", "fourth", d) == PB_OK,
	       "and once it is moved away, the report is replaced");

	snprintf(other, sizeof other, "%s/notes", base);
	mkdir(other, 0755);
	char keep[400];
	snprintf(keep, sizeof keep, "%s/mine.txt", other);

	FILE *f = fopen(keep, "w");
	fputs("precious", f);
	fclose(f);
	tap_ok(publish(other, "x.txt", "x", d) == PB_CANTCREAT,
	       "a folder that is not a report is refused");
	tap_streq(read_file(other, "mine.txt"), "precious",
		  "and its files are untouched");

	snprintf(link, sizeof link, "%s/link", base);
	if (symlink(target, link) != 0)
		return 99;
	tap_ok(publish(link, "y.txt", "y", d) == PB_CANTCREAT,
	       "an output path that is a symbolic link is refused");
	tap_streq(read_file(target, "d.txt"), "fourth",
		  "the link's target is untouched");

	char deep[400];
	snprintf(deep, sizeof deep, "%s/new/parents/report", base);
	tap_ok(publish(deep, "z.txt", "z", d) == PB_OK
	       && exists(deep, "z.txt"), "missing parent folders are created");
	char made[400], made_top[400];
	snprintf(made_top, sizeof made_top, "%s/made", base);
	snprintf(made, sizeof made, "%s/made/on/the/way", base);
	tap_ok(outdir_begin(made, d, &o) == PB_OK, "a run into new parent "
	       "folders begins");
	outdir_write(o, "z.txt", "z", 1);
	outdir_abort(o);
	tap_ok(access(made_top, F_OK) != 0, "aborted, it removes the parent "
	       "folders it made");
	snprintf(made, sizeof made, "%s/made/kept/report", base);
	mkdir(made_top, 0755);
	write_text(made_top, "mine.txt", "the user's");
	tap_ok(outdir_begin(made, d, &o) == PB_OK, "a run into a folder that "
	       "holds a file of the user's begins");
	outdir_abort(o);
	tap_ok(exists(made_top, "mine.txt")
	       && !exists(made_top, "kept"), "aborted, it removes only the "
	       "folder it made");
	char under_file[400];
	snprintf(under_file, sizeof under_file, "%s/d.txt/report", target);
	tap_ok(publish(under_file, "z.txt", "z", d) == PB_CANTCREAT,
	       "a parent that is a file gives 'cannot create'");

	/* The staging folder is read with getdents64 in 4 KiB pieces and
	 * emptied while it is read (render/outdir.c: remove_tree, which must
	 * not allocate): 400 files with long names take many pieces and
	 * more than one pass, and every one must go. */
	tap_ok(outdir_begin(target, d, &o) == PB_OK, "a run with many files "
	       "begins");
	bool written = true;
	for (int i = 0; i < 400 && written; i++) {
		char name[128];
		snprintf(name, sizeof name, "figure-%03d-with-a-rather-long-"
			 "name-to-fill-the-directory-buffer.svg", i);
		written = outdir_write(o, name, "x", 1) == PB_OK;
	}
	outdir_abort(o);
	tap_ok(written && count_prefixed(".report.new-") == 0,
	       "aborting it removes all 400 files and the staging folder");
	tap_streq(read_file(target, "d.txt"), "fourth",
		  "and the report stays as it was");

	/* A site: reports inside the staging folder (outdir_sub), each with
	 * its own marker, listed in the site's as "NAME/". */
	char site[320], sub_path[340];
	outdir *sub_o;
	snprintf(site, sizeof site, "%s/site", base);
	snprintf(sub_path, sizeof sub_path, "%s/one", site);
	tap_ok(outdir_begin(site, d, &o) == PB_OK
	       && outdir_sub(o, "one", &sub_o) == PB_OK
	       && outdir_write(sub_o, "en.md", "page", 4) == PB_OK
	       && outdir_sub_close(o, sub_o) == PB_OK
	       && outdir_write(o, "index.en.md", "index", 5) == PB_OK
	       && outdir_commit(o) == PB_OK, "a site with a report inside is "
	       "published");
	tap_streq(read_file(sub_path, "en.md"), "page", "the report's file is "
		  "in its folder");
	tap_ok(strstr(read_file(site, ".pairboot-report"), "\none/\n") != NULL,
	       "the site's marker lists the folder as one/");
	tap_ok(strstr(read_file(sub_path, ".pairboot-report"), "\nen.md\n")
	       != NULL, "and the folder has a marker of its own");
	tap_ok(outdir_begin(site, d, &o) == PB_OK
	       && outdir_sub(o, "two", &sub_o) == PB_OK
	       && outdir_write(sub_o, "en.md", "other", 5) == PB_OK
	       && outdir_sub_close(o, sub_o) == PB_OK
	       && outdir_commit(o) == PB_OK, "a site of another report "
	       "replaces it");
	tap_ok(!exists(site, "one") && !exists(site, "index.en.md")
	       && exists(site, "two/en.md"), "the earlier report's folder is "
	       "gone with the earlier index");
	snprintf(sub_path, sizeof sub_path, "%s/two", site);
	write_text(sub_path, "mine.txt", "user");
	tap_ok(publish(site, "index.en.md", "x", d) == PB_CANTCREAT,
	       "a user's file in a report's folder: the site is not replaced");
	tap_streq(read_file(sub_path, "mine.txt"), "user", "and the file stays");
	remove_in(sub_path, "mine.txt");
	tap_ok(outdir_begin(site, d, &o) == PB_OK
	       && outdir_sub(o, "three", &sub_o) == PB_OK
	       && outdir_write(sub_o, "en.md", "x", 1) == PB_OK
	       && outdir_sub_close(o, sub_o) == PB_OK, "a run with a report "
	       "inside begins");
	outdir_abort(o);
	tap_ok(count_prefixed(".site.new-") == 0 && exists(site, "two/en.md"),
	       "aborted, its staging folder goes with the report inside it, "
	       "and the site stays");
	tap_ok(outdir_begin(site, d, &o) == PB_OK
	       && outdir_sub(o, "../x", &sub_o) == PB_SOFTWARE && sub_o == NULL,
	       "a folder name that is no plain name is refused");
	outdir_abort(o);

	diag_free(d);
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", base);
	return tap_done();
}
