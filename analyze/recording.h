/* recording.h: where the recording of a planned study stands (`pairboot
 * status`).
 *
 * While a study is recorded, each planned boot of schedule.csv is one of
 * four things:
 *   listed     runs.csv lists it: a run of its run id, or a run naming its
 *              latency file;
 *   unlisted   its latency file is in the study folder (the harness wrote
 *              it), but runs.csv does not list it yet;
 *   skipped    neither, while a boot planned later in its series is one of
 *              the two: the order went past it;
 *   to record  neither, and no boot planned later in its series is.
 * Listed and unlisted boots are recorded.  The boots to record, taken in
 * schedule order, are the ones to boot next.  Alongside, the runs of
 * runs.csv are matched with the schedule as `check` matches them
 * (design_check_schedule): off the schedule, in another place than
 * planned, or out of the planned order.  Nothing here reads a file: which
 * latency files are there comes from ingest/schedfiles.h. */
#ifndef PAIRBOOT_RECORDING_H
#define PAIRBOOT_RECORDING_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/analysis.h"
#include "analyze/design.h"
#include "common/status.h"
#include "ingest/study.h"

typedef enum boot_stand {
	BOOT_LISTED,
	BOOT_UNLISTED,
	BOOT_SKIPPED,
	BOOT_TO_RECORD
} boot_stand;

#define BOOT_STANDS 4

/* One series of the plan. */
typedef struct recording_series {
	size_t planned;            /* boots schedule.csv plans for it */
	size_t stands[BOOT_STANDS];   /* of them, how many stand so */
	size_t runs;               /* runs runs.csv lists in it */
	size_t accepted;           /* of them, accepted */
	bool has_reference;        /* an accepted run of the reference state
				      (latency series; `check` needs one) */
} recording_series;

typedef struct recording {
	boot_stand *stand;         /* per schedule row; NULL without a
				      schedule */
	size_t stands[BOOT_STANDS];   /* over every series */
	recording_series *series;  /* one per plan.series */
	bool has_check;            /* CHECK holds the match with the
				      schedule (there is one) */
	schedule_check check;
} recording;

/* Where study S stands, into *OUT (free with recording_free).  PRESENT
 * holds, per row of S->schedule, whether its latency file is there
 * (schedfiles_present); it is not read when S has no schedule (then
 * OUT->stand is NULL and every series plans nothing).  PB_OK or PB_NOMEM
 * (then *OUT holds nothing). */
pb_status recording_assess(const study *s, const bool *present,
			   recording *out);

void recording_free(recording *r);

/* Whether to go on booting one latency series of a sequential study
 * (plan.n_looks > 0), from where its comparisons stand at their latest
 * look (analysis.h's look fields). */
typedef struct look_advice {
	size_t comparisons;        /* of the series; 0: nothing to advise */
	size_t looks_reached;      /* looks the series has reached */
	bool stop;                 /* every comparison stopped (decided),
				      is futile or has ended: stop booting */
	size_t next_look;          /* else the 1-based look to record on to
				      (0 when every look is reached) */
} look_advice;

/* The advice for series K of study S from its analysis A, into *OUT. */
void recording_look_advice(const study *s, const analysis *a, size_t k,
			   look_advice *out);

#endif
