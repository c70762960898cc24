/* readopt.h: on how many threads input is read (pairboot -j).
 *
 * The number is set once by the program and read by whichever stage works
 * on several threads (the study reader, ingest/study_read.h; the planner's
 * simulations).  It lies here, below every stage, because it is a setting
 * of the whole program, not of one stage. */
#ifndef PAIRBOOT_READOPT_H
#define PAIRBOOT_READOPT_H

/* Most threads a study is read with (more would only cost memory). */
#define READOPT_MAX_JOBS 256

/* Sets the number of reading threads study_read uses (pairboot -j N);
 * 0 (the default) means one per online CPU.  Call before any study is read,
 * from the main thread. */
void readopt_set_default_jobs(unsigned jobs);

/* The number study_read uses: the one set, else the online CPUs (at least
 * 1, at most READOPT_MAX_JOBS). */
unsigned readopt_default_jobs(void);

#endif
