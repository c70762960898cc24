/* schedule.h: reading schedule.csv, the planned order of a study's boots
 * (as `pairboot plan new` writes it: render/schedule.h, which has its
 * columns).
 *
 * A study folder may hold schedule.csv beside runs.csv; then check and
 * report compare what was recorded with what was planned.  Its header must
 * name run, series, block, position and state (other columns, such as
 * latency, are ignored).  Each row is one planned boot of a latency
 * series: a unique run id, a series of study.ini, a block and position
 * >= 1 and a state listed in `states`.  Rows are in the planned order.
 * The latency column is optional and kept as written, unchecked: check
 * and report do not use it; fixtures/genstudy writes the boots there. */
#ifndef PAIRBOOT_SCHEDULE_H
#define PAIRBOOT_SCHEDULE_H

#include <stddef.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

typedef struct schedule_row {
	char *run;               /* owned */
	size_t series;           /* index into plan.series */
	unsigned long block;
	unsigned long position;
	pb_state state;
	char *latency;           /* owned; NULL when the file has no latency
				    column or the field is empty */
	size_t line;             /* where the row is in schedule.csv */
} schedule_row;

struct schedule {
	schedule_row *rows;      /* planned order */
	size_t n;
};

/* Reads the schedule at PATH (named DISPLAY in messages) against PLAN.
 * Returns PB_OK and a new *OUT (free with schedule_free); or, every
 * problem reported to D, PB_DATAERR, PB_NOINPUT, PB_IOERR or PB_NOMEM. */
pb_status schedule_read_file(const char *path, const char *display,
			     const study_plan *plan, diag *d,
			     schedule **out);

/* As schedule_read_file, over LEN bytes at BUF, fed to the CSV parser in
 * pieces of at most CHUNK bytes (0: whole), as csvread_buffer does. */
pb_status schedule_read_buffer(const char *buf, size_t len,
			       const char *display, const study_plan *plan,
			       size_t chunk, diag *d, schedule **out);

void schedule_free(schedule *s);

#endif
