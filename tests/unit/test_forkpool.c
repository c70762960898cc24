/* test_forkpool.c: tasks in child processes give the outcome of running
 * them in turn: messages in task order, the first failure's status, no
 * message of a task after it, results passed back, and a child that dies
 * named in a message. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/forkpool.h"
#include "tests/lib/tap.h"

#define TASKS 6

/* What the tasks do: each reports "task I" (and a warning for odd I),
 * writes its process id and I to OUT, and fails as FAIL says. */
typedef struct run {
	int fail_at;            /* this task fails (-1: none) */
	pb_status fail_with;
	int die_at;             /* this task's process dies (-1: none) */
	int exit_at;            /* this task's process exits 71 */
	int take_fail_at;       /* taking this task's results fails */
	size_t flood;           /* messages more for each task */
	size_t taken[TASKS];    /* I+1 for each task whose results came back */
	size_t n_taken;
	bool other_process[TASKS];
	size_t ran_here;        /* tasks run in the calling process */
} run;

static pb_status task(void *arg, size_t i, diag *d, FILE *out)
{
	run *r = arg;

	diag_error(d, "task", i + 1, 0, "task %zu", i);
	if (i % 2)
		diag_warning(d, "task", i + 1, 0, "odd %zu", i);
	for (size_t k = 0; k < r->flood; k++)
		diag_error(d, "flood", i + 1, k + 1, "more");
	if (!out)
		r->ran_here++;
	else if (fprintf(out, "%ld %zu\n", (long)getpid(), i) < 0)
		return PB_IOERR;
	if ((int)i == r->die_at && out)
		raise(SIGKILL);
	if ((int)i == r->exit_at && out)
		_exit(PB_NOMEM);
	return (int)i == r->fail_at ? r->fail_with : PB_OK;
}

static pb_status take(void *arg, size_t i, FILE *in, diag *d)
{
	run *r = arg;
	long pid;
	size_t k;

	(void)d;
	if (fscanf(in, "%ld %zu", &pid, &k) != 2 || k != i)
		return PB_SOFTWARE;
	r->other_process[i] = pid != (long)getpid();
	if ((int)i == r->take_fail_at)
		return PB_DATAERR;
	r->taken[r->n_taken++] = i + 1;
	return PB_OK;
}

static const char *const names[TASKS] = {
	"zero", "one", "two", "three", "four", "five"
};

/* Runs the pool with JOBS over R; *D gets the messages. */
static pb_status pool(run *r, unsigned jobs, diag **d)
{
	*d = diag_new(NULL, 0);
	return forkpool_run(TASKS, jobs, names, task, take, r, *d);
}

/* The messages of D are "task 0" .. "task LAST" in order, with the
 * warnings of the odd ones, and nothing else but EXTRA (may be NULL)
 * after them. */
static bool messages_up_to(const diag *d, size_t last, const char *extra)
{
	size_t k = 0;
	char want[64];

	for (size_t i = 0; i <= last; i++) {
		snprintf(want, sizeof want, "task:%zu: task %zu", i + 1, i);
		if (!diag_message(d, k) || strcmp(diag_message(d, k++), want))
			return false;
		if (i % 2) {
			snprintf(want, sizeof want, "task:%zu: warning: odd %zu",
				 i + 1, i);
			if (!diag_message(d, k)
			    || strcmp(diag_message(d, k++), want))
				return false;
		}
	}
	if (extra && (!diag_message(d, k)
		      || strcmp(diag_message(d, k++), extra) != 0))
		return false;
	return k == diag_kept(d);
}

static void test_all_succeed(unsigned jobs)
{
	run r = { -1, PB_OK, -1, -1, -1, 0, { 0 }, 0, { false }, 0 };
	diag *d;
	pb_status st = pool(&r, jobs, &d);
	bool order = r.n_taken == (jobs > 1 ? TASKS : 0u), apart = true;

	for (size_t i = 0; i < r.n_taken; i++) {
		order = order && r.taken[i] == i + 1;
		apart = apart && r.other_process[i];
	}
	tap_ok(st == PB_OK, "-j %u: all succeed", jobs);
	tap_ok(messages_up_to(d, TASKS - 1, NULL) && diag_errors(d) == TASKS
	       && diag_warnings(d) == TASKS / 2,
	       "-j %u: every message, in task order, counted", jobs);
	if (jobs > 1)
		tap_ok(order && apart && r.ran_here == 0,
		       "-j %u: each task in a process of its own, its results "
		       "taken in order", jobs);
	else
		tap_ok(r.ran_here == TASKS && r.n_taken == 0,
		       "-j 1: the tasks run here, nothing to take");
	diag_free(d);
}

static void test_first_failure(unsigned jobs)
{
	run r = { 2, PB_DATAERR, -1, -1, -1, 0, { 0 }, 0, { false }, 0 };
	diag *d;
	pb_status st = pool(&r, jobs, &d);

	tap_ok(st == PB_DATAERR, "-j %u: the failed task's status", jobs);
	tap_ok(messages_up_to(d, 2, NULL),
	       "-j %u: the messages up to the failed task, none after", jobs);
	tap_ok(r.n_taken == (jobs > 1 ? 2u : 0u),
	       "-j %u: no results taken from the failed task or after", jobs);
	diag_free(d);
}

static void test_death(void)
{
	run r = { -1, PB_OK, 3, -1, -1, 0, { 0 }, 0, { false }, 0 };
	diag *d;
	pb_status st = pool(&r, 3, &d);

	tap_ok(st == PB_SOFTWARE && messages_up_to(d, 2,
			"three: internal error: the process making it "
			"ended by signal 9"),
	       "a killed child is an internal error naming its task");
	diag_free(d);
	r.die_at = -1;
	r.exit_at = 1;
	st = pool(&r, 2, &d);
	tap_ok(st == PB_NOMEM && messages_up_to(d, 0, NULL),
	       "a child that ran out of memory is out of memory");
	diag_free(d);
}

/* Taking the results of a task can fail too: it is that task's failure. */
static void test_take_fails(void)
{
	run r = { -1, PB_OK, -1, -1, 3, 0, { 0 }, 0, { false }, 0 };
	diag *d;
	pb_status st = pool(&r, 2, &d);

	tap_ok(st == PB_DATAERR && messages_up_to(d, 3, NULL)
	       && r.n_taken == 3,
	       "a failure to take a task's results stops there");
	diag_free(d);
}

/* More messages than a child's buffer holds (256): those it drops are
 * counted, so a child and this process count alike and keep the same
 * first ones. */
static void test_many_messages(void)
{
	run r = { -1, PB_OK, -1, -1, -1, 300, { 0 }, 0, { false }, 0 };
	diag *one, *three;
	bool same = true;

	pool(&r, 1, &one);
	pool(&r, 3, &three);
	for (size_t k = 0; k < diag_kept(one); k++)
		same = same && diag_message(three, k)
		       && strcmp(diag_message(one, k),
				 diag_message(three, k)) == 0;
	tap_ok(diag_errors(one) == TASKS * 301 && diag_errors(three)
	       == diag_errors(one) && diag_warnings(three) == TASKS / 2,
	       "-j 3 counts all %zu errors, as -j 1 does (%zu)",
	       diag_errors(three), diag_errors(one));
	tap_ok(same && diag_kept(three) == diag_kept(one)
	       && diag_kept(one) < TASKS * 301,
	       "and keeps the same first %zu messages", diag_kept(three));
	diag_free(one);
	diag_free(three);
}

int main(void)
{
	static const unsigned jobs[] = { 1, 2, 3, 8 };

	for (size_t j = 0; j < sizeof jobs / sizeof *jobs; j++) {
		test_all_succeed(jobs[j]);
		test_first_failure(jobs[j]);
	}
	test_death();
	test_take_fails();
	test_many_messages();
	return tap_done();
}
