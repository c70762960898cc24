/* forkpool.c: tasks in child processes, with the outcome of running them
 * in turn (forkpool.h). */
#include "common/forkpool.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "common/oom.h"

/* One task and the process running it. */
typedef struct task {
	pid_t pid;              /* 0: not started; -1: run here */
	FILE *out;              /* what the task gives back (TAKE reads it) */
	FILE *report;           /* its status and its messages */
} task;

typedef struct pool {
	size_t n;
	const char *const *names;
	forkpool_fn fn;
	forkpool_take_fn take;
	void *arg;
	diag *d;
	task *tasks;
} pool;

/* The tasks of the pool now running, for forkpool_stop (NULL when none):
 * a pid is written whole, and a task's pid is 0 once reaped. */
static task *volatile live_tasks;
static volatile size_t live_n;

void forkpool_stop(void)
{
	task *tasks = live_tasks;

	for (size_t i = 0; tasks && i < live_n; i++) {
		pid_t pid = tasks[i].pid;
		if (pid > 0) {
			kill(pid, SIGKILL);
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
	}
}

/* In the child: ends it when PARENT does.  A parent killed outright
 * (SIGKILL, or a SIGTERM sent to it alone) cannot stop its children, which
 * would go on writing into a staging folder that the next run is removing.
 * Only Linux can ask for this; elsewhere a child finishes its task. */
static void die_with(pid_t parent)
{
#ifdef __linux__
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 && getppid() != parent)
		_exit(PB_SOFTWARE);     /* it died before the call */
#else
	(void)parent;
#endif
}

/* In the child of PARENT: runs task I and writes its status and messages
 * for the parent, then ends without running the parent's exit handlers. */
static void run_child(const pool *p, size_t i, pid_t parent)
{
	task *t = &p->tasks[i];
	diag *b;
	int32_t code;
	bool ok;

	die_with(parent);
	/* The staging folder of a report is the parent's to remove, and
	 * the parent says "out of memory" once, for the first task that
	 * failed. */
	oom_on_exit(NULL, NULL);
	oom_settle(PB_NOMEM);
	b = diag_new_buffer(p->d);
	if (!b)
		_exit(PB_NOMEM);
	code = (int32_t)p->fn(p->arg, i, b, t->out);
	ok = fwrite(&code, sizeof code, 1, t->report) == 1
	     && diag_save(b, t->report) && fflush(t->report) == 0
	     && fflush(t->out) == 0;
	diag_free(b);
	_exit(ok ? 0 : PB_IOERR);
}

/* Starts task I in a child; one that cannot start is run here later. */
static void start(pool *p, size_t i)
{
	task *t = &p->tasks[i];
	pid_t parent = getpid();

	fflush(NULL);
	t->pid = fork();
	if (t->pid == 0)
		run_child(p, i, parent);
	if (t->pid < 0)
		t->pid = -1;
}

/* The status, messages and results of the child of task I, once it
 * ended with wait status WS. */
static pb_status collect(pool *p, size_t i, int ws)
{
	task *t = &p->tasks[i];
	int32_t code;
	diag *b;
	pb_status st;

	if (WIFEXITED(ws) && WEXITSTATUS(ws) == PB_NOMEM)
		return PB_NOMEM;   /* main says so */
	if (WIFEXITED(ws) && WEXITSTATUS(ws) == PB_IOERR) {
		diag_error(p->d, p->names[i], 0, 0, "cannot pass its results "
			   "on: writing a temporary file failed");
		return PB_IOERR;
	}
	if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0) {
		diag_error(p->d, p->names[i], 0, 0, "internal error: the "
			   "process making it ended %s %d",
			   WIFEXITED(ws) ? "with status" : "by signal",
			   WIFEXITED(ws) ? WEXITSTATUS(ws) : WTERMSIG(ws));
		return PB_SOFTWARE;
	}
	rewind(t->report);
	st = fread(&code, sizeof code, 1, t->report) == 1
	     ? diag_load(p->d, t->report, &b) : PB_IOERR;
	if (st == PB_IOERR) {
		diag_error(p->d, p->names[i], 0, 0, "internal error: the "
			   "process making it left no report");
		return PB_SOFTWARE;
	}
	if (st != PB_OK)
		return st;
	diag_replay(p->d, b);
	diag_free(b);
	st = (pb_status)code;
	if (st == PB_OK && p->take) {
		rewind(t->out);
		st = p->take(p->arg, i, t->out, p->d);
	}
	return st;
}

/* Waits for task I to end (or runs it, when it has no process). */
static pb_status finish(pool *p, size_t i)
{
	task *t = &p->tasks[i];
	int ws;

	if (t->pid < 0)
		return p->fn(p->arg, i, p->d, NULL);
	while (waitpid(t->pid, &ws, 0) < 0) {
		if (errno != EINTR) {
			diag_error(p->d, p->names[i], 0, 0, "internal error: "
				   "cannot wait for the process making it: %s",
				   strerror(errno));
			kill(t->pid, SIGKILL);
			t->pid = 0;
			return PB_SOFTWARE;
		}
	}
	t->pid = 0;
	return collect(p, i, ws);
}

/* Ends the children still running after a failure: their work would not
 * have been done one task after the other. */
static void stop_rest(pool *p, size_t from)
{
	for (size_t i = from; i < p->n; i++) {
		task *t = &p->tasks[i];
		if (t->pid > 0) {
			kill(t->pid, SIGKILL);
			while (waitpid(t->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
	}
}

static pb_status run_all(pool *p, unsigned jobs)
{
	size_t started = 0, running = 0;
	bool forking = true;
	pb_status st = PB_OK;

	for (size_t i = 0; i < p->n && st == PB_OK; i++) {
		while (forking && started < p->n && running < jobs) {
			start(p, started++);
			running += p->tasks[started - 1].pid > 0;
		}
		if (p->tasks[i].pid < 0 || (!forking && p->tasks[i].pid == 0)) {
			/* Once a task runs here, its libraries may have left
			 * threads behind: no process is forked after it. */
			forking = false;
			p->tasks[i].pid = -1;
		}
		running -= p->tasks[i].pid > 0;
		st = finish(p, i);
		if (st != PB_OK)
			stop_rest(p, i + 1);
	}
	return st;
}

/* The tasks in turn, here. */
static pb_status run_here(size_t n, forkpool_fn fn, void *arg, diag *d)
{
	pb_status st = PB_OK;

	for (size_t i = 0; i < n && st == PB_OK; i++)
		st = fn(arg, i, d, NULL);
	return st;
}

pb_status forkpool_run(size_t n, unsigned jobs, const char *const *names,
		       forkpool_fn fn, forkpool_take_fn take, void *arg,
		       diag *d)
{
	pool p = { n, names, fn, take, arg, d, NULL };
	bool files = true;
	pb_status st;

	if (jobs <= 1 || n <= 1)
		return run_here(n, fn, arg, d);
	p.tasks = calloc(n, sizeof *p.tasks);
	if (!p.tasks)
		return PB_NOMEM;
	for (size_t i = 0; i < n && files; i++) {
		p.tasks[i].out = tmpfile();
		p.tasks[i].report = tmpfile();
		files = p.tasks[i].out && p.tasks[i].report;
	}
	/* Without the files to pass results in, the tasks run here in turn,
	 * as they would with -j 1. */
	live_n = n;
	live_tasks = p.tasks;
	st = files ? run_all(&p, jobs) : run_here(n, fn, arg, d);
	live_tasks = NULL;
	for (size_t i = 0; i < n; i++) {
		if (p.tasks[i].out)
			fclose(p.tasks[i].out);
		if (p.tasks[i].report)
			fclose(p.tasks[i].report);
	}
	free(p.tasks);
	return st;
}
