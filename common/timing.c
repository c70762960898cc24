/* timing.c: phase clocks for --timings. */
#include "common/timing.h"

#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

typedef struct phase_clock {
	bool ran;
	double wall, cpu;          /* accumulated */
	double wall0, cpu0;        /* at timing_begin */
	long rss_kb;               /* peak resident memory at its end */
} phase_clock;

/* The peak resident memory so far of this process or of the largest of
 * its children that ended (the figures of a report are drawn in child
 * processes, common/forkpool.h), in KiB. */
static long peak_rss_kb(void)
{
	struct rusage self, children;

	if (getrusage(RUSAGE_SELF, &self) != 0)
		return 0;
	if (getrusage(RUSAGE_CHILDREN, &children) != 0)
		return self.ru_maxrss;
	return self.ru_maxrss > children.ru_maxrss ? self.ru_maxrss
						   : children.ru_maxrss;
}

static bool enabled;
static double start_wall, start_cpu;
static phase_clock clocks[TIMING_PHASES];
static uint64_t n_files, n_bytes, n_rows;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static const char *const phase_names[TIMING_PHASES] = {
	[TIMING_INGEST] = "ingest",
	[TIMING_STATISTICS] = "statistics",
	[TIMING_BOOTSTRAP] = "bootstrap",
	[TIMING_RENDER] = "render",
};

static double clock_seconds(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) != 0)
		return 0.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The CPU time of this process (all its threads) and of its children
 * that ended. */
static double cpu_seconds(void)
{
	struct rusage ru;
	double children = 0.0;

	if (getrusage(RUSAGE_CHILDREN, &ru) == 0)
		children = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec)
			   + (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec)
			     / 1e6;
	return clock_seconds(CLOCK_PROCESS_CPUTIME_ID) + children;
}

void timing_enable(void)
{
	enabled = true;
	start_wall = clock_seconds(CLOCK_MONOTONIC);
	start_cpu = cpu_seconds();
}

bool timing_enabled(void)
{
	return enabled;
}

double timing_thread_cpu(void)
{
	return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

void timing_begin(timing_phase phase)
{
	if (!enabled)
		return;
	clocks[phase].wall0 = clock_seconds(CLOCK_MONOTONIC);
	clocks[phase].cpu0 = cpu_seconds();
}

void timing_end(timing_phase phase)
{
	if (!enabled)
		return;
	pthread_mutex_lock(&lock);
	clocks[phase].ran = true;
	clocks[phase].wall += clock_seconds(CLOCK_MONOTONIC)
			      - clocks[phase].wall0;
	clocks[phase].cpu += cpu_seconds()
			     - clocks[phase].cpu0;
	clocks[phase].rss_kb = peak_rss_kb();
	pthread_mutex_unlock(&lock);
}

void timing_add_cpu(timing_phase phase, double seconds)
{
	if (!enabled)
		return;
	pthread_mutex_lock(&lock);
	clocks[phase].ran = true;
	clocks[phase].cpu += seconds;
	pthread_mutex_unlock(&lock);
}

void timing_count(uint64_t files, uint64_t bytes, uint64_t rows)
{
	if (!enabled)
		return;
	pthread_mutex_lock(&lock);
	n_files += files;
	n_bytes += bytes;
	n_rows += rows;
	pthread_mutex_unlock(&lock);
}

void timing_print(FILE *f)
{
	double wall, cpu;

	if (!enabled)
		return;
	for (int k = 0; k < TIMING_PHASES; k++) {
		const phase_clock *c = &clocks[k];

		if (!c->ran)
			continue;
		if (k == TIMING_STATISTICS) {
			/* Spread over the reading threads and overlapped with
			 * the reading itself: only its CPU time means much. */
			fprintf(f, "pairboot: timing: %s: cpu %.3f s "
				"(inside ingest)\n", phase_names[k], c->cpu);
			continue;
		}
		fprintf(f, "pairboot: timing: %s: wall %.3f s, cpu %.3f s, "
			"peak RSS %.1f MB", phase_names[k], c->wall, c->cpu,
			(double)c->rss_kb / 1024.0);
		if (k == TIMING_INGEST && c->wall > 0.0)
			fprintf(f, ", %llu files, %.1f MB, %llu rows, "
				"%.1f MB/s, %.0f rows/s",
				(unsigned long long)n_files,
				(double)n_bytes / 1e6,
				(unsigned long long)n_rows,
				(double)n_bytes / 1e6 / c->wall,
				(double)n_rows / c->wall);
		fputc('\n', f);
	}
	wall = clock_seconds(CLOCK_MONOTONIC) - start_wall;
	cpu = cpu_seconds() - start_cpu;
	fprintf(f, "pairboot: timing: total: wall %.3f s, cpu %.3f s, "
		"peak RSS %.1f MB\n", wall, cpu, (double)peak_rss_kb() / 1024.0);
}
