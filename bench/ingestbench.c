/* ingestbench.c: where the time of reading a latency CSV goes, layer by
 * layer, on one thread.
 *
 *     bench/ingestbench [--way WAY] FILE...
 *
 * Reads every FILE (warm in the page cache) six ways and prints the CPU
 * time and throughput of each, the best of fifteen rounds in which the
 * ways take turns, then the cost of the whole latency path and of its
 * floor (the columns way) as multiples of libcsv's own: the median of the
 * ratios within each round, and their range:
 *   read      fread in 64 KiB blocks, nothing else (the floor of a reader)
 *   sha256    read and hash (common/digest.c)
 *   libcsv    read and csv_parse whole blocks with empty callbacks: what
 *             libcsv alone costs, without positions or checks
 *   csvread   read through ingest/csvread.c (libcsv plus the position
 *             scanner, row checks, field copies) with an empty row callback
 *   columns   read and hash through csvread's columns interface, as the
 *             latency path does, with callbacks that only count: the
 *             floor of that path before a number is parsed or a value kept
 *   latency   latency_read_file_hashed + the per-run statistic: what
 *             pairboot does per file (numbers parsed, periods checked)
 * The differences between lines are the cost of each layer.
 *
 * With --way WAY the files are read once, that way only, and nothing is
 * timed: for counting instructions under valgrind --tool=callgrind, whose
 * totals for --way latency and --way libcsv give the same ratio free of
 * the noise of other work on the machine (start-up adds well under 1 % to
 * either for a few hundred files).
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <csv.h>

#include "common/diag.h"
#include "common/digest.h"
#include "common/runstat.h"
#include "ingest/csvread.h"
#include "ingest/latency.h"

enum { BLOCK = 65536 };

typedef enum way {
	W_READ, W_SHA, W_LIBCSV, W_CSVREAD, W_COLUMNS, W_LATENCY, W_COUNT
} way;

static const char *const way_name[W_COUNT] = {
	"read", "sha256", "libcsv", "csvread", "columns", "latency"
};

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void no_field(void *s, size_t len, void *data)
{
	(void)s;
	(void)len;
	(*(size_t *)data)++;
}

static void no_row(int c, void *data)
{
	(void)c;
	(void)data;
}

static bool no_row_fn(void *ctx, const csv_row *row, diag *d)
{
	(void)d;
	*(size_t *)ctx += row->n;
	return true;
}

static void count_field(void *ctx, size_t k, const char *text, size_t len)
{
	(void)k;
	(void)text;
	*(size_t *)ctx += len;
}

static bool count_row(void *ctx, size_t index, const csv_cursor *cur,
		      diag *d)
{
	(void)cur;
	(void)d;
	*(size_t *)ctx += index;
	return true;
}

static const csv_columns counting_columns = {
	no_row_fn, count_field, count_row
};

/* Reads PATH the way W; returns the bytes read. */
static size_t read_one(const char *path, way w, unsigned char *block,
		       diag *d, size_t *sink)
{
	FILE *f;
	size_t n, total = 0;
	digest_stream *ds = NULL;
	struct csv_parser p;
	char hex[65];
	uint64_t bytes = 0;

	if (w == W_CSVREAD) {
		csvread_file(path, path, no_row_fn, sink, d);
		return 0;
	}
	if (w == W_COLUMNS) {
		ds = digest_stream_new();
		csvread_file_columns(path, path, &counting_columns, sink, d, ds);
		digest_stream_finish(ds, hex, &bytes);
		digest_stream_free(ds);
		return (size_t)bytes;
	}
	if (w == W_LATENCY) {
		double *values = NULL, stat;
		size_t count = 0;
		stat_spec spec = { STAT_QUANTILE, 0.99, "p99" };

		ds = digest_stream_new();
		if (latency_read_file_hashed(path, path, "latency_us", false, d,
					     &values, &count, ds, NULL) == PB_OK)
			runstat_compute(&spec, values, count, 0.001, &stat);
		digest_stream_finish(ds, hex, &bytes);
		digest_stream_free(ds);
		free(values);
		return (size_t)bytes;
	}
	f = fopen(path, "rb");
	if (!f)
		return 0;
	if (w == W_SHA)
		ds = digest_stream_new();
	if (w == W_LIBCSV)
		csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
	while ((n = fread(block, 1, BLOCK, f)) > 0) {
		total += n;
		if (w == W_SHA)
			digest_stream_update(ds, block, n);
		else if (w == W_LIBCSV)
			csv_parse(&p, block, n, no_field, no_row, sink);
	}
	fclose(f);
	if (w == W_SHA) {
		digest_stream_finish(ds, hex, NULL);
		digest_stream_free(ds);
	}
	if (w == W_LIBCSV) {
		csv_fini(&p, no_field, no_row, sink);
		csv_free(&p);
	}
	return total;
}

/* The way named NAME, or W_COUNT. */
static way way_find(const char *name)
{
	for (int w = 0; w < W_COUNT; w++)
		if (strcmp(name, way_name[w]) == 0)
			return (way)w;
	return W_COUNT;
}

/* Reads FILES[0..N) the way W once; returns the bytes of the files. */
static size_t read_all(char **files, int n, way w, unsigned char *block,
		       diag *d, size_t *sink)
{
	size_t bytes = 0;

	for (int i = 0; i < n; i++)
		bytes += read_one(files[i], w, block, d, sink);
	return bytes;
}

/* REPS rounds of reading FILES[0..N) each way, the CPU time of each in
 * CPU[round][way].  The ways take turns within each round, so that a
 * machine that slows down or speeds up for a while (other work, its
 * clock, a busy neighbour on a shared core) moves every way of a round
 * alike and leaves their ratio in that round alone. */
enum { REPS = 15 };

static void round_cpu(char **files, int n, unsigned char *block, diag *d,
		      size_t *sink, double cpu[REPS][W_COUNT])
{
	for (int rep = 0; rep < REPS; rep++)
		for (int w = 0; w < W_COUNT; w++) {
			double t0 = cpu_now();

			read_all(files, n, (way)w, block, d, sink);
			cpu[rep][w] = cpu_now() - t0;
		}
}

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

/* The ratio of way W to libcsv in each round: its median, least and
 * greatest.  A ratio within one round is what survives a machine whose
 * speed wanders between rounds; the median, what survives a round that a
 * burst of other work fell into. */
static void print_ratio(double cpu[REPS][W_COUNT], way w)
{
	double r[REPS];

	for (int rep = 0; rep < REPS; rep++)
		r[rep] = cpu[rep][w] / cpu[rep][W_LIBCSV];
	qsort(r, REPS, sizeof r[0], cmp_double);
	printf("ingestbench: %s / libcsv %.2f (cpu time, the median of %d "
	       "rounds; from %.2f to %.2f)\n", way_name[w], r[REPS / 2],
	       REPS, r[0], r[REPS - 1]);
}

/* The least CPU time of each way over the rounds, and its throughput. */
static void print_best(double cpu[REPS][W_COUNT], size_t total_bytes)
{
	for (int w = 0; w < W_COUNT; w++) {
		double best = cpu[0][w];

		for (int rep = 1; rep < REPS; rep++)
			if (cpu[rep][w] < best)
				best = cpu[rep][w];
		printf("ingestbench: %-8s cpu %.3f s, %.2f ns/byte, "
		       "%.0f MB/s on one thread (the best of %d rounds)\n",
		       way_name[w], best, best * 1e9 / (double)total_bytes,
		       (double)total_bytes / 1e6 / best, REPS);
	}
}

int main(int argc, char **argv)
{
	unsigned char *block = malloc(BLOCK);
	diag *d = diag_new(NULL, 0);
	size_t total_bytes, sink = 0;
	static double cpu[REPS][W_COUNT];
	way only = W_COUNT;
	int first = 1;

	if (argc > 2 && strcmp(argv[1], "--way") == 0) {
		only = way_find(argv[2]);
		first = 3;
	}
	if (argc <= first || !block || !d
	    || (first == 3 && only == W_COUNT)) {
		fprintf(stderr, "Usage: ingestbench [--way read|sha256|libcsv|"
			"csvread|columns|latency] FILE...\n");
		return 64;
	}
	if (only != W_COUNT) {
		total_bytes = read_all(argv + first, argc - first, only, block,
				       d, &sink);
		printf("ingestbench: %s: %zu bytes read once\n",
		       way_name[only], total_bytes);
	} else {
		total_bytes = read_all(argv + first, argc - first, W_READ,
				       block, d, &sink);
		round_cpu(argv + first, argc - first, block, d, &sink, cpu);
		print_best(cpu, total_bytes);
		print_ratio(cpu, W_LATENCY);
		print_ratio(cpu, W_COLUMNS);
	}
	if (diag_errors(d))
		fprintf(stderr, "ingestbench: %zu problems in the files\n",
			diag_errors(d));
	diag_free(d);
	free(block);
	return sink == (size_t)-1;
}
