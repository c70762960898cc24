/* study_read.h: reads a study folder into memory (study.h), and frees it.
 *
 * A study's run files (latency CSVs, mechanism logs) are independent of
 * each other, so they are read, parsed, hashed and summarised on several
 * threads at once (common/readopt.h says how many).  The result does not
 * depend on the number of threads: every run's numbers are stored at its
 * index, the input list is built in runs.csv order, and each file's
 * messages are held back (diag buffers) and printed in runs.csv order,
 * exactly as one thread would print them. */
#ifndef PAIRBOOT_STUDY_READ_H
#define PAIRBOOT_STUDY_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

typedef struct read_options {
	unsigned jobs;        /* reading threads; 0: readopt_default_jobs() */
	size_t shard;         /* with shards >= 2: read the files of the runs */
	size_t shards;        /* whose 0-based runs.csv index i has
				 i % shards == shard, and no others (their
				 runs keep no statistic and no digest) */
	bool recording;       /* a study still being recorded (`status`):
				 see study_read_opt */
} read_options;

/* Reads the study in folder DIR.  Every problem is reported to D.  Returns
 * PB_OK and a new study in *OUT (free with study_free) when the study is
 * valid; otherwise *OUT is NULL and the status says why: PB_NOINPUT for a
 * missing folder, study.ini or runs.csv, PB_DATAERR for bad data, PB_NOMEM,
 * PB_IOERR. */
pb_status study_read(const char *dir, diag *d, study **out);

/* study_read with options O (NULL: the defaults).  With a shard, the
 * cross-checks that need every run's files are left out; the study is then
 * fit for `summarize` only.
 *
 * With O->recording, the study may be one whose boots are still being
 * recorded: runs.csv may be absent (no boot listed yet: no runs), and a
 * latency series without an accepted run of the reference state is not
 * an error.  Everything else is read and judged as strictly as without
 * it, and every problem goes to D; but once study.ini was read without
 * error, *OUT is the study as far as it could be read whatever the
 * status (PB_NOMEM excepted): the runs whose rows drew no error, each
 * with what its files gave, and the schedule when it was read without
 * error.  The caller frees it. */
pb_status study_read_opt(const char *dir, const read_options *o, diag *d,
			 study **out);

/* Frees S and everything below it; NULL is ignored. */
void study_free(study *s);

#endif
