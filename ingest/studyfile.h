/* studyfile.h: the one way pairboot opens a file of a study.
 *
 * A study comes from others (a tarball, a shared folder), and every file
 * it holds is opened here first, and read only when it is what a study's
 * file must be:
 *  - inside the study folder once links are followed: a link that leads
 *    elsewhere (to ~/.git-credentials, /dev/zero) is refused unread, so
 *    no file of the user's reaches a message or a digest;
 *  - a regular file, judged on the open descriptor: a FIFO, a device or
 *    a folder is refused, and opening one never waits for a writer;
 *  - no larger than the limit of its kind, known from its size before a
 *    byte is read.
 * study.ini, runs.csv and schedule.csv are read whole, once: the bytes
 * parsed are the bytes hashed into the study digest.  A run's latency file
 * or mechanism log and the run summary are checked here, then read in one
 * pass that hashes what it parses (their readers). */
#ifndef PAIRBOOT_STUDYFILE_H
#define PAIRBOOT_STUDYFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/diag.h"
#include "common/status.h"

/* Why a file is not taken as a study file. */
typedef enum studyfile_fault {
	STUDYFILE_OK,
	STUDYFILE_MISSING,      /* no such file, or a link to none */
	STUDYFILE_UNREADABLE,   /* it cannot be opened (errno in *ERR) */
	STUDYFILE_OUTSIDE,      /* a link that leads outside the study */
	STUDYFILE_NOT_REGULAR,  /* a folder, FIFO, device or socket */
	STUDYFILE_TOO_LARGE,    /* over the limit of its kind */
	STUDYFILE_NOMEM
} studyfile_fault;

/* Looks at the file PATH of the study whose folder's real path is ROOT,
 * as the top of this file says, allowing MAX bytes (0: no limit).  On
 * STUDYFILE_OK *REAL (when not NULL) is its real path, for its reader to
 * open (the caller frees it), and *SIZE (when not NULL) its size; *ERR is
 * errno for STUDYFILE_UNREADABLE.  Nothing of the file is read. */
studyfile_fault studyfile_check(const char *path, const char *root,
				uint64_t max, char **real, uint64_t *size,
				int *err);

/* The message that FAULT gives, without the file's name: "does not
 * exist", "leads outside the study folder (through a symbolic link)", "is
 * not a regular file", "file too large (more than MAX bytes)", ...
 * into BUF of SIZE bytes; returns BUF.  ERR and MAX as studyfile_check
 * gave and took them. */
const char *studyfile_fault_text(studyfile_fault fault, int err,
				 uint64_t max, char *buf, size_t size);

/* The status a fault gives a command: PB_NOINPUT for a file missing or
 * unreadable, PB_NOMEM, PB_DATAERR for the rest (the study is bad). */
pb_status studyfile_fault_status(studyfile_fault fault);

/* Reads the study file PATH (named DISPLAY in messages, which go to D as
 * "DISPLAY: ...") whole, from the descriptor it was judged on, into a new
 * *BUF (free with free(); a NUL follows its *LEN bytes) and its SHA-256
 * into HEX: the one read feeds both.  MAX must not be 0.  Returns PB_OK,
 * or the status of studyfile_fault_status with *BUF NULL, PB_IOERR on a
 * read error.  With OPTIONAL, a file that does not exist is PB_OK with
 * *BUF NULL and nothing said. */
pb_status studyfile_read(const char *path, const char *display,
			 const char *root, uint64_t max, bool optional,
			 diag *d, char **buf, size_t *len, char hex[65]);

#endif
