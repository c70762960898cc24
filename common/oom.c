/* oom.c: GLib's fatal allocation errors become exit 71. */
#include "common/oom.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "common/status.h"

static void (*cleanup_fn)(void *);  /* run before an out-of-memory exit */
static void *cleanup_arg;
static bool settled;                 /* the outcome is decided: keep it */
static int settled_status;           /* that outcome */

void oom_settle(int status)
{
	settled_status = status;
	settled = true;
}

void oom_on_exit(void (*fn)(void *), void *arg)
{
	cleanup_fn = fn;
	cleanup_arg = fn ? arg : NULL;
}

/* Called by GLib for every message logged with g_log that no domain
 * handler takes; gmem.c and gprintf.c word every allocation failure
 * "failed to allocate ...".  It must not return for those: GLib would then
 * stop the process itself.  stderr is unbuffered, so the message needs no
 * memory.  Every other message goes on to GLib's own default handler. */
static void oom_glib_handler(const gchar *domain, GLogLevelFlags level,
			     const gchar *message, gpointer data)
{
	if (message && strstr(message, "failed to allocate")) {
		if (settled)
			_exit(settled_status);
		fputs("pairboot: out of memory\n", stderr);
		if (cleanup_fn)
			cleanup_fn(cleanup_arg);
		_exit(PB_NOMEM);
	}
	g_log_default_handler(domain, level, message, data);
}

/* Runs for SIGABRT (and, through oom_trap_signals, for SIGINT, SIGTERM
 * and SIGHUP): GLib's abort() where it cannot allocate a lock or a
 * thread-private key (g_thread_abort), or a library's failed assertion.
 * Neither becomes exit 71 (an assertion is a bug, told apart from a lack
 * of memory only by its words), but the staging folder still goes, then
 * the signal ends the process as it would have (SA_RESETHAND restored
 * the default; the raised signal waits until the handler returns).  The
 * cleanup makes only system calls, so a lock of the allocator that the
 * aborting code may hold does not matter.  An abort() on another thread
 * runs this while the main thread goes on, which may write a file into
 * the folder after it was emptied, and the folder then stays; that is no
 * worse than before. */
static void oom_abort_handler(int sig)
{
	int saved = errno;

	if (cleanup_fn)
		cleanup_fn(cleanup_arg);
	errno = saved;
	raise(sig);
}

void oom_trap_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = oom_abort_handler;
	/* One clean-up at a time: a second signal waits for the first. */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	sigaddset(&sa.sa_mask, SIGABRT);
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigaction(sigs[i], NULL, &old) == 0
		    && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

void oom_trap_glib(void)
{
	struct sigaction sa;

	/* The default handler, not g_log_set_handler for the "GLib" domain:
	 * that one allocates, and a failure there deadlocks GLib's message
	 * lock, while this one only stores the pointer. */
	g_log_set_default_handler(oom_glib_handler, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = oom_abort_handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGABRT, &sa, NULL);
}
