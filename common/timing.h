/* timing.h: wall and CPU time of the phases of a run, for `pairboot
 * --timings` and bench/run.
 *
 * A phase is timed between timing_begin and timing_end (on the main
 * thread); the per-run statistics, computed on the reading threads inside
 * the ingest phase, add their own thread CPU time with timing_add_cpu.
 * Nothing is measured unless timing_enable was called, and nothing here
 * changes any output but the lines timing_print writes to stderr. */
#ifndef PAIRBOOT_TIMING_H
#define PAIRBOOT_TIMING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum timing_phase {
	TIMING_INGEST,      /* study_read: every file read, parsed, hashed */
	TIMING_STATISTICS,  /* per-run statistics (inside ingest) */
	TIMING_BOOTSTRAP,   /* analysis: pairing, bootstrap, summaries */
	TIMING_RENDER,      /* writing the report */
	TIMING_PHASES
} timing_phase;

/* Turns measuring on, and starts the clock of the whole run. */
void timing_enable(void);
bool timing_enabled(void);

/* Start and end of PHASE on the calling (main) thread.  A phase timed
 * twice adds up. */
void timing_begin(timing_phase phase);
void timing_end(timing_phase phase);

/* Adds SECONDS of CPU time to PHASE; safe from any thread. */
void timing_add_cpu(timing_phase phase, double seconds);

/* Counts what the ingest phase read from latency CSVs: FILES files of
 * BYTES bytes holding ROWS data rows.  Safe from any thread. */
void timing_count(uint64_t files, uint64_t bytes, uint64_t rows);

/* CPU time used so far by the calling thread, in seconds. */
double timing_thread_cpu(void);

/* Writes one line per phase that ran, then the total, to F:
 *   pairboot: timing: ingest: wall 1.234 s, cpu 2.345 s, peak RSS 16.4 MB,
 *     10000 files, 314.2 MB, 25000000 rows, 254.6 MB/s, 20265000 rows/s
 *   pairboot: timing: total: wall 3.456 s, cpu 5.678 s, peak RSS 93.8 MB
 * (one line each; CPU time counts the child processes that ended, and
 * the peak RSS of a phase is the largest of the process's and its ended
 * children's peaks up to its end; see docs/performance.md). */
void timing_print(FILE *f);

#endif
