/* oom.c: GLib's fatal allocation errors become exit 71. */
#include "common/oom.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "common/status.h"

/* What runs before such an exit: the run's own clean-up (oom_on_exit)
 * and the temporary files in the making (oom_hook_add), newest last. */
static struct {
	void (*fn)(void *);
	void *arg;
} hooks[OOM_HOOKS + 1];
static volatile sig_atomic_t n_hooks;
static void (*cleanup_fn)(void *);
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
	if (!fn)
		n_hooks = 0;
}

int oom_hook_add(void (*fn)(void *), void *arg)
{
	if (n_hooks >= OOM_HOOKS)
		return -1;
	hooks[n_hooks].fn = fn;
	hooks[n_hooks].arg = arg;
	n_hooks++;
	return 0;
}

void oom_hook_remove(void)
{
	if (n_hooks > 0)
		n_hooks--;
}

/* The clean-ups, newest first, the run's own last. */
static void run_cleanups(void)
{
	for (sig_atomic_t i = n_hooks; i-- > 0;)
		hooks[i].fn(hooks[i].arg);
	if (cleanup_fn)
		cleanup_fn(cleanup_arg);
}

/* The signals that end a run after its clean-up. */
static const int trapped[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define N_TRAPPED (sizeof trapped / sizeof trapped[0])

void oom_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < N_TRAPPED; i++)
		sigaddset(&set, trapped[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void oom_unblock(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
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
		run_cleanups();
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

	run_cleanups();
	errno = saved;
	raise(sig);
}

void oom_trap_signals(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = oom_abort_handler;
	/* One clean-up at a time: a second signal waits for the first. */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < N_TRAPPED; i++)
		sigaddset(&sa.sa_mask, trapped[i]);
	sigaddset(&sa.sa_mask, SIGABRT);
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < N_TRAPPED; i++)
		if (sigaction(trapped[i], NULL, &old) == 0
		    && old.sa_handler != SIG_IGN)
			sigaction(trapped[i], &sa, NULL);
	/* A write past the file size limit (ulimit -f) then fails with
	 * EFBIG, a write error like a full disk, instead of ending the run
	 * with a core dump. */
	signal(SIGXFSZ, SIG_IGN);
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
