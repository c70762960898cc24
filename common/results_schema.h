/* results_schema.h: the layout of results.json in one place, for its
 * writer (render/results_json.c) and its readers: ingest/results_json.h,
 * which both verify and compare use, and verify's reading of the numbers
 * it checks (ingest/published.c).
 *
 * A results.json is an object whose "schema" is RESULTS_SCHEMA_NAME and
 * whose "schema_version" is RESULTS_SCHEMA_VERSION when this pairboot
 * writes it; files of RESULTS_SCHEMA_OLDEST up to RESULTS_SCHEMA_VERSION
 * are read (docs/results-json.md, "Changes").  Its top-level sections and
 * the keys of its plan, of a run, of a comparison and of an interval are
 * named here with the JSON type each holds, and so are the keys of a
 * comparison's density, of the study, a series and its rule, an input file, a verdict, a mechanism
 * state and its priority entries, of "boundary" and of "accounting"; the
 * objects no reader reads ("generator", "heterogeneity", "design") are
 * described in docs/results-json.md only. */
#ifndef PAIRBOOT_RESULTS_SCHEMA_H
#define PAIRBOOT_RESULTS_SCHEMA_H

#include <stdbool.h>

#define RESULTS_SCHEMA_NAME "pairboot-results"
#define RESULTS_SCHEMA_VERSION 2
#define RESULTS_SCHEMA_OLDEST 1

/* The JSON type of a value. */
typedef enum results_type {
	RESULTS_STRING,
	RESULTS_INTEGER,
	RESULTS_NUMBER,
	RESULTS_BOOLEAN,
	RESULTS_OBJECT,
	RESULTS_ARRAY,
	RESULTS_ANY            /* checked by its reader (a count or "exact") */
} results_type;

/* One key of an object. */
typedef struct results_field {
	const char *key;
	results_type type;
	bool nullable;         /* null is allowed */
	const char *want;      /* what a reader says it must be: "a list of
				  runs" */
} results_field;

/* The top-level keys, in the order they are written. */
typedef enum results_section {
	RS_SCHEMA,
	RS_SCHEMA_VERSION,
	RS_GENERATOR,
	RS_STUDY,
	RS_PLAN,
	RS_SERIES,
	RS_INPUTS,
	RS_RUNS,
	RS_COMPARISONS,
	RS_LEVELS,
	RS_VERDICTS,
	RS_HETEROGENEITY,
	RS_MECHANISM,
	RS_BOUNDARY,
	RS_ACCOUNTING,
	RS_DESIGN,
	RS_SECTIONS
} results_section;

/* The keys of "plan", in the order they are written. */
typedef enum results_plan_key {
	RP_COLUMN,
	RP_SCALE,
	RP_UNIT,
	RP_BETTER,
	RP_STATISTIC,
	RP_REFERENCE,
	RP_THRESHOLD,
	RP_THRESHOLD_DECIMALS,
	RP_CONFIDENCE,
	RP_RESAMPLES,
	RP_SEED,
	RP_INTERVAL,
	RP_GENERATOR,
	RP_ENDPOINT_RULE,
	RP_SERVICE,
	RP_SYNTHETIC,
	RP_ALLOW_NEGATIVE,
	RP_CAPTURE,            /* capture = capframex only */
	RP_UNIT_OF_REPLICATION,
	RP_PAIRING,
	RP_STATE_TYPE,         /* format 2 only */
	RP_STATES,
	RP_LOOKS,              /* a sequential plan only */
	RP_BOUNDARY,           /* likewise */
	RP_FILTER,             /* only when study.ini gives `filter` */
	RP_MISSING,            /* these two only when it gives `missing` */
	RP_MISSING_LIMIT,
	RP_DIGEST,
	RP_REGISTERED,
	RP_KEYS
} results_plan_key;

/* The keys of "study", in the order they are written. */
typedef enum results_study_key {
	RT_NAME,
	RT_TITLE,
	RT_BUILD,
	RT_PLATFORM,
	RT_TITLE_LOCALIZED,
	RT_PLATFORM_LOCALIZED,
	RT_METRIC,              /* null when study.ini gives none */
	RT_METRIC_LOCALIZED,
	RT_FORMAT,
	RT_DIGEST,
	RT_RUNS_FROM_SUMMARY,   /* written only when not 0 */
	RT_KEYS
} results_study_key;

/* The keys of each series of "series", in the order they are written
 * ("rule" only for a boundary series), and of a rule. */
typedef enum results_series_key {
	RE_ID,
	RE_KIND,
	RE_LABEL,
	RE_NOTE,
	RE_RULE,
	RE_LABEL_LOCALIZED,
	RE_NOTE_LOCALIZED,
	RE_KEYS
} results_series_key;

typedef enum results_rule_key {
	RU_DISABLES,
	RU_VALID,
	RU_OUTSIDE,
	RU_MULTIPLE,
	RU_KEYS
} results_rule_key;

/* The keys of each file of "inputs", in the order they are written. */
typedef enum results_input_key {
	RN_PATH,
	RN_SHA256,
	RN_BYTES,
	RN_KEYS
} results_input_key;

/* The keys of each state of "verdicts", and of each of its series'
 * verdicts, in the order they are written. */
typedef enum results_verdict_key {
	RD_STATE,
	RD_VERDICT,
	RD_SERIES,
	RD_KEYS
} results_verdict_key;

typedef enum results_series_verdict_key {
	RY_SERIES,
	RY_VERDICT,
	RY_KEYS
} results_series_verdict_key;

/* The keys of each run of "runs", in the order they are written. */
typedef enum results_run_key {
	RR_RUN,
	RR_SERIES,
	RR_BLOCK,
	RR_STATE,
	RR_ACCEPTED,
	RR_NOTE,
	RR_POSITION,
	RR_STARTED,
	RR_PERIODS,
	RR_CAPTURE_RUNS,       /* capture = capframex only */
	RR_ROWS,               /* these three only when the plan gives */
	RR_FILTERED,           /* `filter` or `missing` */
	RR_MISSING,
	RR_STATISTIC,
	RR_LATENCY,
	RR_LATENCY_SHA256,
	RR_MECHANISM,
	RR_MECHANISM_SHA256,
	RR_KEYS
} results_run_key;

/* The keys of each comparison of "comparisons", in the order they are
 * written ("exact_check" only where the exact bootstrap was checked). */
typedef enum results_cmp_key {
	RC_SERIES,
	RC_STATE,
	RC_REFERENCE,
	RC_PAIRS,
	RC_BLOCKS,
	RC_DIFFERENCES,
	RC_DIFFERENCE,
	RC_INTERVAL,
	RC_RESAMPLES,
	RC_SEED,
	RC_STREAM_SEED,
	RC_VERDICT,
	RC_LOOK,               /* a sequential study only */
	RC_SENSITIVITY,
	RC_EXACT_CHECK,
	RC_DENSITY,
	RC_NOTES,
	RC_KEYS
} results_cmp_key;

/* The keys of a comparison's "density" (null without one): the
 * distribution its interval is read from on a fixed grid
 * (analyze/density.h), in the order they are written. */
typedef enum results_density_key {
	RF_SOURCE,
	RF_EXACT,
	RF_LO,
	RF_HI,
	RF_BELOW,
	RF_ABOVE,
	RF_BANDWIDTH,
	RF_DENSITY,
	RF_KEYS
} results_density_key;

/* The keys of an interval (a comparison's "interval", "exact_check" and
 * each method of its "sensitivity"), in the order they are written. */
typedef enum results_interval_key {
	RI_METHOD,
	RI_DEFINED,
	RI_LO,
	RI_HI,
	RI_USED,
	RI_FALLBACK,
	RI_LEVEL_LO,
	RI_LEVEL_HI,
	RI_Z0,
	RI_ACCELERATION,
	RI_EXACT,
	RI_RESAMPLES,
	RI_NOTE,
	RI_KEYS
} results_interval_key;

/* The keys of each state of "mechanism" (one per series and state), in
 * the order they are written. */
typedef enum results_mech_key {
	RM_SERIES,
	RM_STATE,
	RM_BOOTS,
	RM_REGISTERED,
	RM_SERVICE_RUNNING,
	RM_SERVICE_STOPPED,
	RM_SERVICE_UNKNOWN,
	RM_PRIORITY,
	RM_PRIORITY_INCOMPLETE,
	RM_CLASS_CHANGED,
	RM_LOST_EVENTS,
	RM_LOST_BUFFERS,
	RM_REGISTRATION_REPORTED,
	RM_PRIORITY_REPORTED,
	RM_CLASS_REPORTED,
	RM_OBSERVED,
	RM_KEYS
} results_mech_key;

/* The keys of each entry of a mechanism state's "priority": the
 * priorities of the three phases as Win32 and ETW reported them, and the
 * boots that reported just these. */
typedef enum results_priority_key {
	RV_WIN32,
	RV_ETW,
	RV_BOOTS,
	RV_KEYS
} results_priority_key;

/* The keys of "boundary": its rows, one per boot of a boundary series,
 * and its groups of rows with one outcome. */
typedef enum results_boundary_key {
	RB_ROWS,
	RB_GROUPS,
	RB_KEYS
} results_boundary_key;

/* The keys of each row of "boundary", in the order they are written. */
typedef enum results_bound_row_key {
	RW_RUN,
	RW_WRITTEN,
	RW_SERVICE,
	RW_API_VALUE,
	RW_REGISTERED,
	RW_DOCUMENTED_VALUE,
	RW_OUTCOME,
	RW_KEYS
} results_bound_row_key;

/* The keys of each group of "boundary". */
typedef enum results_bound_group_key {
	RG_WRITTEN,
	RG_OUTCOME,
	RG_KEYS
} results_bound_group_key;

/* The keys of each series of "accounting", in the order they are
 * written, and of each of its excluded runs. */
typedef enum results_account_key {
	RA_SERIES,
	RA_RUNS,
	RA_ACCEPTED,
	RA_EXCLUDED,
	RA_EXCLUDED_RUNS,
	RA_LOST_EVENTS,
	RA_LOST_BUFFERS,
	RA_KEYS
} results_account_key;

typedef enum results_excluded_key {
	RX_RUN,
	RX_REASON,
	RX_KEYS
} results_excluded_key;

/* The description of section S, or of key K of the plan, a run, a
 * comparison, an interval, a mechanism state or one of its priority
 * entries, "boundary", a boundary row or group, a series' accounting or
 * one of its excluded runs (static). */
const results_field *results_schema_section_field(results_section s);
const results_field *results_schema_plan_field(results_plan_key k);
const results_field *results_schema_study_field(results_study_key k);
const results_field *results_schema_series_field(results_series_key k);
const results_field *results_schema_rule_field(results_rule_key k);
const results_field *results_schema_input_field(results_input_key k);
const results_field *results_schema_verdict_field(results_verdict_key k);
const results_field *results_schema_series_verdict_field(
	results_series_verdict_key k);
const results_field *results_schema_run_field(results_run_key k);
const results_field *results_schema_cmp_field(results_cmp_key k);
const results_field *results_schema_interval_field(results_interval_key k);
const results_field *results_schema_density_field(results_density_key k);
const results_field *results_schema_mech_field(results_mech_key k);
const results_field *results_schema_priority_field(results_priority_key k);
const results_field *results_schema_boundary_field(results_boundary_key k);
const results_field *results_schema_bound_row_field(results_bound_row_key k);
const results_field *results_schema_bound_group_field(
	results_bound_group_key k);
const results_field *results_schema_account_field(results_account_key k);
const results_field *results_schema_excluded_field(results_excluded_key k);

/* Shorthands for the key names. */
#define RS_KEY(s) (results_schema_section_field(s)->key)
#define RP_KEY(k) (results_schema_plan_field(k)->key)
#define RT_KEY(k) (results_schema_study_field(k)->key)
#define RE_KEY(k) (results_schema_series_field(k)->key)
#define RU_KEY(k) (results_schema_rule_field(k)->key)
#define RN_KEY(k) (results_schema_input_field(k)->key)
#define RD_KEY(k) (results_schema_verdict_field(k)->key)
#define RY_KEY(k) (results_schema_series_verdict_field(k)->key)
#define RR_KEY(k) (results_schema_run_field(k)->key)
#define RC_KEY(k) (results_schema_cmp_field(k)->key)
#define RI_KEY(k) (results_schema_interval_field(k)->key)
#define RF_KEY(k) (results_schema_density_field(k)->key)
#define RM_KEY(k) (results_schema_mech_field(k)->key)
#define RV_KEY(k) (results_schema_priority_field(k)->key)
#define RB_KEY(k) (results_schema_boundary_field(k)->key)
#define RW_KEY(k) (results_schema_bound_row_field(k)->key)
#define RG_KEY(k) (results_schema_bound_group_field(k)->key)
#define RA_KEY(k) (results_schema_account_field(k)->key)
#define RX_KEY(k) (results_schema_excluded_field(k)->key)

#endif
