/* safefile.h: a file replaced whole or not at all.
 *
 * safefile_replace writes the new content into a temporary file beside
 * the one it replaces (in the same folder, so the rename stays on one file
 * system), named after it with ".tmp-" and six random letters, syncs it to
 * disk and renames it over the name: a reader sees the old file or the
 * whole new one, and a run that fails, or is killed, leaves the old one as
 * it was (only SIGKILL or a crash can leave the temporary file behind;
 * the signals one can catch remove it).  The only thing it ever removes is
 * the temporary file it made itself, by that file's identity
 * (common/ownfs.h): nothing the user put anywhere is deleted.  The marker
 * of a report folder (render/outdir.c) and a run summary (render/sumfile.c)
 * are written so. */
#ifndef PAIRBOOT_SAFEFILE_H
#define PAIRBOOT_SAFEFILE_H

#include <stddef.h>
#include <sys/types.h>

/* The step of a replacement that failed. */
typedef enum safefile_step {
	SAFEFILE_CREATE,   /* the temporary file could not be made */
	SAFEFILE_WRITE,    /* writing or syncing it failed */
	SAFEFILE_RENAME    /* it could not be put in the file's place */
} safefile_step;

/* Writes all LEN bytes of DATA to the open file FD, again after a short
 * or interrupted write, then syncs FD to disk.  0, or -1 with errno set. */
int safefile_write_all(int fd, const void *data, size_t len);

/* N random letters and digits and a NUL into OUT (N + 1 bytes): a name no
 * other run picks by chance.  0, or -1 with errno set. */
int safefile_random_letters(char *out, size_t n);

/* Replaces NAME of the open folder DIRFD (AT_FDCWD: NAME is a path) with
 * the LEN bytes of DATA, a file of MODE less the umask, as said above.
 * While the temporary file exists it is among the clean-ups of
 * common/oom.h: where the program trapped the signals that end a run
 * (oom_trap_signals, as main does), such a signal or an out-of-memory
 * exit removes it first, before the run's own clean-up, and a write past
 * the file size limit fails (EFBIG): a run interrupted there leaves
 * nothing beside NAME.  One call at a time in a process.
 * Returns 0, or -1 with errno set and the step that failed in *FAILED;
 * the temporary file is then gone and NAME untouched. */
int safefile_replace(int dirfd, const char *name, const void *data,
		     size_t len, mode_t mode, safefile_step *failed);

#endif
