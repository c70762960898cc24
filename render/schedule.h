/* schedule.h: the writer of schedule.csv, the order in which the harness
 * of a planned study is to boot each state (`plan new`);
 * ingest/schedule.h is its reader.
 *
 * schedule.csv has one row per planned boot, in the order they are to
 * run: run (the run id runs.csv is to use: "s<series>-b<block>-<state>",
 * the block zero-padded to the width of the largest, a named state as
 * "state<K>", its place in `states` from 1), series, block, position (1
 * to the number of states), state (as spelled in `states`, quoted as CSV
 * needs), and latency (the path the harness is to write the boot's latency
 * CSV to: "latency/<run>.csv").  The file ends its lines with LF and is
 * the same bytes for the same plan and seed. */
#ifndef PAIRBOOT_RENDER_SCHEDULE_H
#define PAIRBOOT_RENDER_SCHEDULE_H

#include <glib.h>

#include "analyze/design.h"
#include "ingest/study.h"

/* The run id of a planned boot (see above) into BUF; returns BUF. */
char *schedule_run_id(const study_plan *p, size_t series,
		      const design_boot *b, unsigned long blocks, char *buf,
		      size_t size);

/* Appends schedule.csv to OUT: the header, then for each latency series of
 * P (in plan order) its BLOCKS x n_states boots from BOOTS[k] (the
 * schedule of the k-th latency series). */
void schedule_write_csv(const study_plan *p, design_boot *const *boots,
			unsigned long blocks, GString *out);

#endif
