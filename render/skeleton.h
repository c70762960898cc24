/* skeleton.h: the files of a study planned before its data exist: the
 * study.ini of its analysis plan, registered, and schedule.csv, the order
 * in which the harness is to boot each state.
 *
 * schedule.csv has one row per planned boot, in the order they are to
 * run: run (the run id runs.csv is to use: "s<series>-b<block>-<state>",
 * the block zero-padded to the width of the largest, a named state as
 * "state<K>", its place in `states` from 1), series, block, position (1
 * to the number of states), state (as spelled in `states`, quoted as CSV
 * needs),
 * and latency (the path the harness is to write the boot's latency CSV
 * to: "latency/<run>.csv").  Both files end their lines with LF and are
 * the same bytes for the same plan and seed. */
#ifndef PAIRBOOT_SKELETON_H
#define PAIRBOOT_SKELETON_H

#include <glib.h>

#include "analyze/design.h"
#include "ingest/study.h"

/* Appends the study.ini of plan P to OUT: every key of [study] as study.ini
 * spells it (numbers as written for P's precision), `registered` with P's
 * digest, and one [series ID] section per series with its kind and label.
 * INTERVAL_WHY, when not NULL, is written as a comment above `interval`,
 * wrapped. */
void skeleton_study_ini(const study_plan *p, const char *interval_why,
			GString *out);

/* The run id of a planned boot (see above) into BUF; returns BUF. */
char *skeleton_run_id(const study_plan *p, size_t series,
		      const design_boot *b, unsigned long blocks, char *buf,
		      size_t size);

/* Appends schedule.csv to OUT: the header, then for each latency series of
 * P (in plan order) its BLOCKS x n_states boots from BOOTS[k] (the
 * schedule of the k-th latency series). */
void skeleton_schedule_csv(const study_plan *p, design_boot *const *boots,
			   unsigned long blocks, GString *out);

#endif
