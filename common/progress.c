/* progress.c: the progress line of long phases. */
#include "common/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>


#define BAR_WIDTH 24

struct progress {
	const char *what, *unit;
	size_t total;
	double start;          /* monotonic seconds at progress_begin */
	double last_draw;      /* when the line was last drawn */
	bool shown;            /* the line is on the screen */
};

static bool allowed;
static double delay = PROGRESS_DELAY;
static double redraw = PROGRESS_REDRAW;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Seconds from the environment variable NAME, or FALLBACK when it is
 * unset or not a number of seconds.  pairboot never calls setlocale, so
 * strtod reads a '.'. */
static double env_seconds(const char *name, double fallback)
{
	const char *env = getenv(name);
	char *end;
	double v;

	if (!env || !env[0])
		return fallback;
	v = strtod(env, &end);
	return *end == '\0' && v >= 0.0 && v < 1e6 ? v : fallback;
}

void progress_allow(bool allow)
{
	allowed = allow;
	delay = env_seconds("PAIRBOOT_PROGRESS_DELAY", PROGRESS_DELAY);
	redraw = env_seconds("PAIRBOOT_PROGRESS_REDRAW", PROGRESS_REDRAW);
}

progress *progress_begin(const char *what, size_t total, const char *unit)
{
	progress *p;

	if (!allowed || total == 0)
		return NULL;
	p = calloc(1, sizeof *p);
	if (!p)
		return NULL;   /* progress is a nicety: go on without it */
	p->what = what;
	p->unit = unit;
	p->total = total;
	p->start = now();
	return p;
}

/* Minutes and seconds of S into BUF ("12:05"). */
static void format_time(double s, char *buf, size_t size)
{
	unsigned long t = s > 0.0 && s < 1e7 ? (unsigned long)(s + 0.5) : 0;

	snprintf(buf, size, "%lu:%02lu", t / 60, t % 60);
}

void progress_update(progress *p, size_t done, uint64_t bytes)
{
	double t, elapsed;
	char bar[BAR_WIDTH + 1], left[32], rate[32];
	size_t fill;

	if (!p)
		return;
	t = now();
	elapsed = t - p->start;
	if (elapsed < delay || (p->shown && t - p->last_draw < redraw))
		return;
	if (done > p->total)
		done = p->total;
	fill = done * BAR_WIDTH / p->total;
	for (size_t i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < fill ? '=' : i == fill ? '>' : ' ';
	bar[BAR_WIDTH] = '\0';
	if (bytes && elapsed > 0.0)
		snprintf(rate, sizeof rate, "%.0f MB/s",
			 (double)bytes / 1e6 / elapsed);
	else
		snprintf(rate, sizeof rate, "%.0f %s/s",
			 elapsed > 0.0 ? (double)done / elapsed : 0.0, p->unit);
	if (done > 0)
		format_time(elapsed * (double)(p->total - done) / (double)done,
			    left, sizeof left);
	else
		snprintf(left, sizeof left, "?");
	fprintf(stderr, "\r%-9s %zu/%zu %s [%s] %s, %s left\033[K", p->what,
		done, p->total, p->unit, bar, rate, left);
	fflush(stderr);
	p->shown = true;
	p->last_draw = t;
}

void progress_clear(progress *p)
{
	if (!p || !p->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
	p->last_draw = 0.0;
}

void progress_end(progress *p)
{
	progress_clear(p);
	free(p);
}
