/* taskpool.c: a pool of threads over an array of independent tasks.
 *
 * Workers take the next task index under a lock and record its status; the
 * calling thread waits for the tasks in index order, so what it tells DONE
 * and the status it returns do not depend on which thread ran what. */
#include "common/taskpool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct taskpool {
	taskpool_fn fn;
	void *arg;
	size_t n;
	size_t next;          /* the next task to begin */
	size_t first_failed;  /* lowest failed index so far, or n */
	pb_status *st;        /* per task */
	bool *finished;       /* per task: run or skipped */
	pthread_mutex_t lock;
	pthread_cond_t changed;
} taskpool;

static void *pool_work(void *p)
{
	taskpool *pool = p;

	pthread_mutex_lock(&pool->lock);
	while (pool->next < pool->n) {
		size_t i = pool->next++;
		pb_status st = PB_OK;
		bool skip = i > pool->first_failed;

		pthread_mutex_unlock(&pool->lock);
		if (!skip)
			st = pool->fn(pool->arg, i);
		pthread_mutex_lock(&pool->lock);
		pool->st[i] = st;
		pool->finished[i] = true;
		if (st != PB_OK && i < pool->first_failed)
			pool->first_failed = i;
		pthread_cond_broadcast(&pool->changed);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

/* The tasks in turn on this thread, stopping at the first failure. */
static pb_status run_serial(size_t n, taskpool_fn fn, void *arg,
			    taskpool_done_fn done, void *done_arg)
{
	for (size_t i = 0; i < n; i++) {
		pb_status st = fn(arg, i);

		if (st != PB_OK)
			return st;
		if (done)
			done(done_arg, i + 1);
	}
	return PB_OK;
}

/* Waits for the tasks of POOL in index order, telling DONE, and returns
 * the first failed status. */
static pb_status wait_in_order(taskpool *pool, taskpool_done_fn done,
			       void *done_arg)
{
	pb_status st = PB_OK;

	for (size_t i = 0; i < pool->n && st == PB_OK; i++) {
		pthread_mutex_lock(&pool->lock);
		while (!pool->finished[i])
			pthread_cond_wait(&pool->changed, &pool->lock);
		st = pool->st[i];
		pthread_mutex_unlock(&pool->lock);
		if (st == PB_OK && done)
			done(done_arg, i + 1);
	}
	return st;
}

/* Starts up to JOBS workers over POOL; returns how many started. */
static unsigned start_workers(taskpool *pool, unsigned jobs,
			      pthread_t *threads)
{
	unsigned started = 0;

	while (started < jobs
	       && pthread_create(&threads[started], NULL, pool_work, pool)
		  == 0)
		started++;
	return started;
}

pb_status taskpool_run(size_t n, unsigned jobs, taskpool_fn fn, void *arg,
		       taskpool_done_fn done, void *done_arg)
{
	pthread_t threads[TASKPOOL_MAX_THREADS];
	taskpool pool = { fn, arg, n, 0, n, NULL, NULL,
			  PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER };
	unsigned started;
	pb_status st;

	if (jobs > n)
		jobs = (unsigned)n;
	if (jobs > TASKPOOL_MAX_THREADS)
		jobs = TASKPOOL_MAX_THREADS;
	if (jobs <= 1)
		return run_serial(n, fn, arg, done, done_arg);
	pool.st = calloc(n, sizeof *pool.st);
	pool.finished = calloc(n, sizeof *pool.finished);
	if (!pool.st || !pool.finished) {
		free(pool.st);
		free(pool.finished);
		return PB_NOMEM;
	}
	started = start_workers(&pool, jobs, threads);
	if (started == 0)
		pool_work(&pool);  /* no thread at all: this one does it */
	st = wait_in_order(&pool, done, done_arg);
	/* Tasks after a failure may still be running: they write only
	 * their own slots, but the pool must outlive them. */
	pthread_mutex_lock(&pool.lock);
	pool.first_failed = 0;
	pthread_mutex_unlock(&pool.lock);
	for (unsigned k = 0; k < started; k++)
		pthread_join(threads[k], NULL);
	free(pool.st);
	free(pool.finished);
	return st;
}
