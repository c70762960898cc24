/* summary.h: what the non-latency series say, and checks of the design.
 *
 * - mechanism: per state, registrations k/n, service states, thread priority
 *   transitions before -> after -> cleanup, priority class changes, lost
 *   trace events;
 * - mechanism observations: per state and event=observe name, the values
 *   seen and in how many boots;
 * - boundary: per written value, what the API returned and whether that
 *   follows the series' value rule (study.h: value_rule; a series without
 *   one, and a missing value, are only observed), grouped as published;
 * - accounting: accepted and excluded runs per series, with reasons;
 * - design: the balance of the run order, and whether control boots found
 *   the machine restored.
 * Pure functions of an ingested study: nothing here reads files or formats
 * text for people. */
#ifndef PAIRBOOT_SUMMARY_H
#define PAIRBOOT_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analyze/design.h"
#include "common/status.h"
#include "ingest/study.h"

/* One distinct priority transition and how many boots showed it. */
typedef struct prio_variant {
	long win32[PRIO_PHASES];
	long etw[PRIO_PHASES];
	size_t boots;
} prio_variant;

/* One value an observed name took, and in how many boots. */
typedef struct observed_value {
	const char *value;         /* borrowed from the study's logs */
	size_t boots;
} observed_value;

/* What the boots of one state observed for one name.  Every state of a
 * mechanism series lists every name that series observed, so that a state
 * where a name was not reported says so. */
typedef struct observed_name {
	const char *name;          /* borrowed from the study's logs */
	observed_value *values;    /* most boots first, ties in order of
				      first appearance */
	size_t n_values;
	size_t unreported;         /* boots that did not observe the name */
} observed_name;

typedef struct mech_state_summary {
	size_t series;             /* index into plan.series: each mechanism
				      series is summarised on its own */
	pb_state state;
	size_t boots;              /* accepted boots of this state */
	size_t registered;         /* boots whose registration succeeded */
	size_t register_reported;  /* boots whose log had event=register */
	size_t prio_reported;      /* boots with some event=priority phase */
	size_t class_reported;     /* boots with a priority class in some
				      phase */
	size_t service_running;
	size_t service_stopped;
	size_t service_unknown;
	prio_variant *variants;    /* distinct transitions, most boots first,
				      ties in order of first appearance */
	size_t n_variants;
	size_t prio_missing;       /* boots without all three phases */
	bool class_changed;        /* a priority class differed between
				      phases in some boot */
	uint64_t lost_events, lost_buffers;
	observed_name *observed;   /* in order of first appearance in the
				      series (runs.csv, then log order) */
	size_t n_observed;
} mech_state_summary;

typedef enum boundary_outcome {
	OUTCOME_VALUE_USED,
	OUTCOME_ROUNDED_DOWN,
	OUTCOME_NORMALIZED,            /* to the rule's `outside` value */
	OUTCOME_DISABLED,
	OUTCOME_OBSERVATION_ONLY,      /* missing value, or no rule declared */
	OUTCOME_CONTRADICTS            /* contradicts the declared rule */
} boundary_outcome;

typedef struct boundary_row {
	size_t run;                /* index into study.runs */
	pb_state written;
	int service;               /* -1 unknown, 0 stopped, 1 running */
	bool api_ok;               /* the query returned a value */
	int64_t api_value;
	int registered;            /* -1 unknown, 0 failed, 1 succeeded */
	boundary_outcome outcome;
	bool expected_known;       /* false for missing and without a rule */
	int64_t expected_value;    /* documented API value, when known and
				      not disabled */
} boundary_row;

/* Consecutive rows (in written order: missing first, then ascending value)
 * of one series with the same outcome, service state, registration and API
 * value. */
typedef struct boundary_group {
	size_t first, count;       /* rows[first .. first+count-1] */
} boundary_group;

typedef struct series_accounting {
	size_t series;
	size_t runs, accepted, excluded;
	size_t *excluded_runs;     /* indices into study.runs */
	uint64_t lost_events, lost_buffers;   /* over its mechanism logs */
	size_t logs_with_etw;      /* logs that reported lost events */
} series_accounting;

/* Run order balance of one latency series.  Only accepted runs with a
 * position and a state of the plan are counted.  Let B be the number of
 * distinct blocks among them and S the number of plan states that occur.
 * In a balanced order each state takes a given place about B / S times, so
 * the check is flagged when some state runs first (position 1) or last
 * (position n_positions) more than ceil(B / S) + 1 times: one extra beyond
 * the even share is tolerated, since B is rarely a multiple of S.  The
 * first such (position 1 before last, states in plan order) is named.
 * Documented in docs/statistics.md, "Design checks". */
typedef struct balance_check {
	size_t series;
	size_t n_positions;        /* largest position seen */
	size_t *counts;            /* n_states x n_positions, row-major by
				      plan.states order; counts[i*np + p-1] */
	bool has_positions;        /* false: no position column values */
	bool flagged;              /* a state runs first or last clearly more
				      often than the others */
	size_t flagged_state;      /* index into plan.states, when flagged */
	size_t flagged_position;   /* 1 or n_positions */
} balance_check;

typedef struct control_check {
	size_t run;                /* index into study.runs */
	bool value_ok;             /* registry value equals the run's state */
	bool service_ok;           /* service running */
	bool tracing_ok;           /* no trace session active */
	bool processes_ok;         /* no leftover test process */
	bool restored;             /* all of the above, each reported */
} control_check;

typedef struct study_summary {
	mech_state_summary *mech;   /* by series (plan order), then
				      plan.states order, then states not in
				      the plan (missing first, ascending);
				      only states with accepted boots */
	size_t n_mech;
	boundary_row *boundary;     /* by series (plan order), then written
				      order; ties in runs.csv order */
	size_t n_boundary;
	boundary_group *groups;
	size_t n_groups;
	series_accounting *accounting;   /* one per series, plan order */
	size_t n_accounting;
	balance_check *balance;     /* one per latency series */
	size_t n_balance;
	control_check *controls;    /* one per accepted control boot */
	size_t n_controls;
	bool has_schedule;          /* the study holds a schedule.csv */
	schedule_check schedule;    /* what was recorded against it, when
				      has_schedule (analyze/design.h) */
} study_summary;

/* Summarises study S into a new *OUT (free with summary_free).  Returns
 * PB_NOMEM when out of memory; never fails otherwise (a study without a
 * mechanism or boundary series gives empty lists). */
pb_status summary_build(const study *s, study_summary **out);
void summary_free(study_summary *sum);

/* The outcome RULE documents for writing WRITTEN, for the boundary check,
 * in the order study.h gives: OBSERVATION_ONLY for missing and when RULE
 * is NULL or declares nothing; DISABLED for the rule's `disables` value;
 * NORMALIZED outside its valid range; ROUNDED_DOWN for other values not a
 * multiple of its `multiple`; else VALUE_USED.  When API_VALUE is not NULL
 * it receives the value the API is documented to return (0 where none
 * is: observation only, disabled). */
boundary_outcome boundary_expected(const value_rule *rule, pb_state written,
				   int64_t *api_value);

/* Stable codes for JSON: "value-used", "rounded-down", "normalized",
 * "disabled", "observation-only", "contradicts-documentation". */
const char *boundary_outcome_code(boundary_outcome o);

#endif
