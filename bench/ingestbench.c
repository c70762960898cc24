/* ingestbench.c: where the time of reading a latency CSV goes, layer by
 * layer, on one thread.
 *
 *     bench/ingestbench FILE...
 *
 * Reads every FILE (warm in the page cache) five ways and prints the CPU
 * time and throughput of each, best of three:
 *   read      fread in 64 KiB blocks, nothing else (the floor of a reader)
 *   sha256    read and hash (common/digest.c)
 *   libcsv    read and csv_parse whole blocks with empty callbacks: what
 *             libcsv alone costs, without positions or checks
 *   csvread   read through ingest/csvread.c (libcsv plus the position
 *             scanner, row checks, field copies) with an empty row callback
 *   latency   latency_read_file_hashed + the per-run statistic: what
 *             pairboot does per file (numbers parsed, periods checked)
 * The differences between lines are the cost of each layer.
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

typedef enum way { W_READ, W_SHA, W_LIBCSV, W_CSVREAD, W_LATENCY, W_COUNT } way;

static const char *const way_name[W_COUNT] = {
	"read", "sha256", "libcsv", "csvread", "latency"
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

int main(int argc, char **argv)
{
	unsigned char *block = malloc(BLOCK);
	diag *d = diag_new(NULL, 0);
	size_t total_bytes = 0, sink = 0;

	if (argc < 2 || !block || !d) {
		fprintf(stderr, "Usage: ingestbench FILE...\n");
		return 64;
	}
	for (int i = 1; i < argc; i++)
		total_bytes += read_one(argv[i], W_READ, block, d, &sink);
	for (int w = 0; w < W_COUNT; w++) {
		double best = 1e30;

		for (int rep = 0; rep < 3; rep++) {
			double t0 = cpu_now();

			for (int i = 1; i < argc; i++)
				read_one(argv[i], (way)w, block, d, &sink);
			if (cpu_now() - t0 < best)
				best = cpu_now() - t0;
		}
		printf("ingestbench: %-8s cpu %.3f s, %.1f ns/byte, %.0f MB/s "
		       "on one thread\n", way_name[w], best,
		       best * 1e9 / (double)total_bytes,
		       (double)total_bytes / 1e6 / best);
	}
	if (diag_errors(d))
		fprintf(stderr, "ingestbench: %zu problems in the files\n",
			diag_errors(d));
	diag_free(d);
	free(block);
	return sink == (size_t)-1;
}
