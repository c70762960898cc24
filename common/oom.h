/* oom.h: what pairboot does when a library it uses runs out of memory.
 *
 * pairboot's own code returns PB_NOMEM up to main, which exits 71.  GLib
 * (behind GKeyFile, GString and GChecksum) cannot return a failed
 * allocation: g_malloc logs a fatal "failed to allocate" error and stops
 * the process with SIGTRAP, which a user sees as a crash (exit 133, maybe a
 * core dump).  The handler installed here gives that case the same face as
 * every other allocation failure: "pairboot: out of memory" and exit 71.
 * The report folder is replaced in one rename (render/outdir.c), so the
 * previous report is still whole; the staging folder of the run is removed
 * through oom_on_exit (and would otherwise go with the next successful
 * run). */
#ifndef PAIRBOOT_OOM_H
#define PAIRBOOT_OOM_H

#include <signal.h>

/* Installs the handler for GLib's fatal allocation errors (as GLib's
 * default log handler; it allocates nothing).  Call once, at the start of
 * main.  Other GLib messages keep GLib's default handling, fatal ones (a
 * message and a stop) included, since they are bugs, not a lack of memory.
 *
 * Not covered: GLib stops the process with abort() (exit 134, "Unexpected
 * error from C library during 'malloc'") when it cannot allocate a lock or
 * thread-private key it creates lazily; see docs/robustness.md.  For that
 * stop, and for a library's failed assertion, this installs a SIGABRT
 * handler that runs the oom_on_exit function first, so that the process
 * still stops with SIGABRT but leaves no staging folder behind. */
void oom_trap_glib(void);

/* Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that run the
 * clean-ups (oom_on_exit, oom_hook_add), then end the process by the same
 * signal (so that its exit status still says which), as the SIGABRT
 * handler does: an interrupted report leaves no staging folder nor its
 * lock, an interrupted summary no temporary file.  A signal that was
 * ignored when the program started (nohup, a background job of a script)
 * stays ignored.  SIGXFSZ is ignored: a write past the file size limit
 * fails as a write error. */
void oom_trap_signals(void);

/* Blocks the signals oom_trap_signals handles, the mask before into OLD,
 * and puts OLD back: around making a file and registering its clean-up,
 * so that no such signal comes between. */
void oom_block(sigset_t *old);
void oom_unblock(const sigset_t *old);

/* Registers FN(ARG) to run just before the exit for a GLib allocation
 * failure, an abort() or a signal of oom_trap_signals, or clears it (FN
 * NULL).  One at a time:
 * render/outdir.c uses it to remove its staging folder, so that such an
 * exit, too, leaves nothing behind.  FN must not rely on memory being
 * available, and must make only async-signal-safe calls. */
void oom_on_exit(void (*fn)(void *), void *arg);

/* The most clean-ups oom_hook_add holds at once. */
#define OOM_HOOKS 4

/* Registers FN(ARG), under the same rules as oom_on_exit, to run before
 * the run's own clean-up, for a file that exists only while it is being
 * made (common/safefile.c): 0, or -1 when OOM_HOOKS are taken.  Hooks
 * are removed newest first by oom_hook_remove; oom_on_exit(NULL, NULL)
 * clears them all too (a child process of forkpool). */
int oom_hook_add(void (*fn)(void *), void *arg);
void oom_hook_remove(void);

/* Declares the run's outcome decided: from now on a GLib allocation
 * failure ends the process with STATUS and no message (main calls it
 * before releasing the libraries' caches at exit, which may allocate). */
void oom_settle(int status);

#endif
