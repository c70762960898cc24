/* readopt.h: how study_read reads a study: on how many threads, and
 * whether only a share of its runs (the map step of `summarize`).
 *
 * A study's run files (latency CSVs, mechanism logs) are independent of
 * each other, so they are read, parsed, hashed and summarised on several
 * threads at once.  The result does not depend on the number of threads:
 * every run's numbers are stored at its index, the input list is built in
 * runs.csv order, and each file's messages are held back (diag buffers)
 * and printed in runs.csv order, exactly as one thread would print them. */
#ifndef PAIRBOOT_READOPT_H
#define PAIRBOOT_READOPT_H

#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

/* Most threads a study is read with (more would only cost memory). */
#define READOPT_MAX_JOBS 256

typedef struct read_options {
	unsigned jobs;        /* reading threads; 0: readopt_default_jobs() */
	size_t shard;         /* with shards >= 2: read the files of the runs */
	size_t shards;        /* whose 0-based runs.csv index i has
				 i % shards == shard, and no others (their
				 runs keep no statistic and no digest) */
} read_options;

/* Sets the number of reading threads study_read uses (pairboot -j N);
 * 0 (the default) means one per online CPU.  Call before any study is read,
 * from the main thread. */
void readopt_set_default_jobs(unsigned jobs);

/* The number study_read uses: the one set, else the online CPUs (at least
 * 1, at most READOPT_MAX_JOBS). */
unsigned readopt_default_jobs(void);

/* study_read (see study.h) with options O (NULL: the defaults).  With a
 * shard, the cross-checks that need every run's files are left out; the
 * study is then fit for `summarize` only. */
pb_status study_read_opt(const char *dir, const read_options *o, diag *d,
			 study **out);

#endif
