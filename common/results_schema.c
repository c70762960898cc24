/* results_schema.c: the table of results.json's keys (see the header). */
#include "common/results_schema.h"

#include <stddef.h>

static const results_field sections[RS_SECTIONS] = {
	[RS_SCHEMA] = { "schema", RESULTS_STRING, false, "a string" },
	[RS_SCHEMA_VERSION] = { "schema_version", RESULTS_INTEGER, false,
				"an integer" },
	[RS_GENERATOR] = { "generator", RESULTS_OBJECT, false, "an object" },
	[RS_STUDY] = { "study", RESULTS_OBJECT, false, "an object" },
	[RS_PLAN] = { "plan", RESULTS_OBJECT, false, "an object" },
	[RS_SERIES] = { "series", RESULTS_ARRAY, false, "a list of series" },
	[RS_INPUTS] = { "inputs", RESULTS_ARRAY, false, "a list of files" },
	[RS_RUNS] = { "runs", RESULTS_ARRAY, false, "a list of runs" },
	[RS_COMPARISONS] = { "comparisons", RESULTS_ARRAY, false,
			     "a list of comparisons" },
	[RS_LEVELS] = { "levels", RESULTS_ARRAY, false, "a list" },
	[RS_VERDICTS] = { "verdicts", RESULTS_ARRAY, false, "a list" },
	[RS_HETEROGENEITY] = { "heterogeneity", RESULTS_OBJECT, false,
			       "an object" },
	[RS_MECHANISM] = { "mechanism", RESULTS_ARRAY, false, "a list" },
	[RS_BOUNDARY] = { "boundary", RESULTS_OBJECT, false, "an object" },
	[RS_ACCOUNTING] = { "accounting", RESULTS_ARRAY, false, "a list" },
	[RS_DESIGN] = { "design", RESULTS_OBJECT, false, "an object" },
};

static const results_field plan_keys[RP_KEYS] = {
	[RP_COLUMN] = { "column", RESULTS_STRING, false, "a string" },
	[RP_SCALE] = { "scale", RESULTS_NUMBER, false, "a number" },
	[RP_UNIT] = { "unit", RESULTS_STRING, false, "a string" },
	[RP_BETTER] = { "better", RESULTS_STRING, false, "lower or higher" },
	[RP_STATISTIC] = { "statistic", RESULTS_STRING, false,
			   "a statistic" },
	[RP_REFERENCE] = { "reference", RESULTS_STRING, false, "a state" },
	[RP_THRESHOLD] = { "threshold", RESULTS_NUMBER, false, "a number" },
	[RP_THRESHOLD_DECIMALS] = { "threshold_decimals", RESULTS_INTEGER,
				    false, "an integer in range" },
	[RP_CONFIDENCE] = { "confidence", RESULTS_NUMBER, false,
			    "a number" },
	[RP_RESAMPLES] = { "resamples", RESULTS_ANY, false,
			   "a count or 'exact'" },
	[RP_SEED] = { "seed", RESULTS_INTEGER, false, "a seed" },
	[RP_INTERVAL] = { "interval", RESULTS_STRING, false,
			  "an interval method" },
	[RP_GENERATOR] = { "generator", RESULTS_STRING, false, "a string" },
	[RP_ENDPOINT_RULE] = { "endpoint_rule", RESULTS_STRING, false,
			       "a string" },
	[RP_SERVICE] = { "service", RESULTS_STRING, true,
			 "a string or null" },
	[RP_SYNTHETIC] = { "synthetic", RESULTS_BOOLEAN, false,
			   "true or false" },
	[RP_ALLOW_NEGATIVE] = { "allow_negative", RESULTS_BOOLEAN, false,
				"true or false" },
	[RP_CAPTURE] = { "capture", RESULTS_STRING, false, "csv or capframex" },
	[RP_UNIT_OF_REPLICATION] = { "unit_of_replication", RESULTS_STRING,
				     false, "a string" },
	[RP_PAIRING] = { "pairing", RESULTS_STRING, false, "a string" },
	[RP_STATE_TYPE] = { "state_type", RESULTS_STRING, false,
			    "number or name" },
	[RP_STATES] = { "states", RESULTS_ARRAY, false, "a list of states" },
	[RP_LOOKS] = { "looks", RESULTS_ARRAY, false,
		       "a list of ascending block counts" },
	[RP_BOUNDARY] = { "boundary", RESULTS_STRING, false,
			  "obrien-fleming, pocock or bonferroni" },
	[RP_FILTER] = { "filter", RESULTS_ARRAY, false,
			"a list of conditions" },
	[RP_MISSING] = { "missing", RESULTS_ARRAY, false,
			 "a list of strings" },
	[RP_MISSING_LIMIT] = { "missing_limit", RESULTS_NUMBER, false,
			       "a number from 0 to 1" },
	[RP_DIGEST] = { "digest", RESULTS_STRING, false, "a SHA-256" },
	[RP_REGISTERED] = { "registered", RESULTS_BOOLEAN, false,
			    "true or false" },
};

static const results_field run_keys[RR_KEYS] = {
	[RR_RUN] = { "run", RESULTS_STRING, false, "a string" },
	[RR_SERIES] = { "series", RESULTS_STRING, false, "a series id" },
	[RR_BLOCK] = { "block", RESULTS_INTEGER, false, "a block" },
	[RR_STATE] = { "state", RESULTS_ANY, false, "a state" },
	[RR_ACCEPTED] = { "accepted", RESULTS_BOOLEAN, false,
			  "true or false" },
	[RR_NOTE] = { "note", RESULTS_STRING, true, "a string or null" },
	[RR_POSITION] = { "position", RESULTS_INTEGER, true,
			  "an integer or null" },
	[RR_STARTED] = { "started", RESULTS_STRING, true,
			 "a string or null" },
	[RR_PERIODS] = { "periods", RESULTS_INTEGER, false, "a count" },
	[RR_CAPTURE_RUNS] = { "capture_runs", RESULTS_INTEGER, true,
			       "a count or null" },
	[RR_ROWS] = { "rows", RESULTS_INTEGER, false, "a count" },
	[RR_FILTERED] = { "filtered", RESULTS_INTEGER, false, "a count" },
	[RR_MISSING] = { "missing", RESULTS_INTEGER, false, "a count" },
	[RR_STATISTIC] = { "statistic", RESULTS_NUMBER, true,
			   "a number or null" },
	[RR_LATENCY] = { "latency", RESULTS_STRING, true, "a string or null" },
	[RR_LATENCY_SHA256] = { "latency_sha256", RESULTS_STRING, true,
				"a SHA-256 or null" },
	[RR_MECHANISM] = { "mechanism", RESULTS_STRING, true,
			   "a string or null" },
	[RR_MECHANISM_SHA256] = { "mechanism_sha256", RESULTS_STRING, true,
				  "a SHA-256 or null" },
};

static const results_field cmp_keys[RC_KEYS] = {
	[RC_SERIES] = { "series", RESULTS_STRING, false, "a series id" },
	[RC_STATE] = { "state", RESULTS_ANY, false, "a state" },
	[RC_REFERENCE] = { "reference", RESULTS_ANY, false, "a state" },
	[RC_PAIRS] = { "pairs", RESULTS_INTEGER, false, "a count" },
	[RC_BLOCKS] = { "blocks", RESULTS_ARRAY, false, "a list of blocks" },
	[RC_DIFFERENCES] = { "differences", RESULTS_ARRAY, false,
			     "a list of numbers" },
	[RC_DIFFERENCE] = { "difference", RESULTS_NUMBER, true,
			    "a number or null" },
	[RC_INTERVAL] = { "interval", RESULTS_OBJECT, false, "an object" },
	[RC_RESAMPLES] = { "resamples", RESULTS_ANY, false,
			   "a count or 'exact'" },
	[RC_SEED] = { "seed", RESULTS_INTEGER, false, "a seed" },
	[RC_STREAM_SEED] = { "stream_seed", RESULTS_INTEGER, false,
			     "a seed" },
	[RC_VERDICT] = { "verdict", RESULTS_STRING, false, "a verdict" },
	[RC_LOOK] = { "look", RESULTS_OBJECT, false, "an object" },
	[RC_SENSITIVITY] = { "sensitivity", RESULTS_OBJECT, false,
			     "an object" },
	[RC_EXACT_CHECK] = { "exact_check", RESULTS_OBJECT, false,
			     "an object" },
	[RC_DENSITY] = { "density", RESULTS_OBJECT, true,
			 "an object or null" },
	[RC_NOTES] = { "notes", RESULTS_ARRAY, false, "a list of notes" },
};

static const results_field density_keys[RF_KEYS] = {
	[RF_SOURCE] = { "source", RESULTS_STRING, false, "a density source" },
	[RF_EXACT] = { "exact", RESULTS_BOOLEAN, false, "true or false" },
	[RF_LO] = { "lo", RESULTS_NUMBER, false, "a number" },
	[RF_HI] = { "hi", RESULTS_NUMBER, false, "a number" },
	[RF_BELOW] = { "below", RESULTS_NUMBER, false, "a number" },
	[RF_ABOVE] = { "above", RESULTS_NUMBER, false, "a number" },
	[RF_BANDWIDTH] = { "bandwidth", RESULTS_NUMBER, false, "a number" },
	[RF_DENSITY] = { "density", RESULTS_ARRAY, false,
			 "a list of numbers" },
};

static const results_field interval_keys[RI_KEYS] = {
	[RI_METHOD] = { "method", RESULTS_STRING, false,
			"an interval method" },
	[RI_DEFINED] = { "defined", RESULTS_BOOLEAN, false,
			 "true or false" },
	[RI_LO] = { "lo", RESULTS_NUMBER, true, "a number or null" },
	[RI_HI] = { "hi", RESULTS_NUMBER, true, "a number or null" },
	[RI_USED] = { "used", RESULTS_STRING, false, "an interval method" },
	[RI_FALLBACK] = { "fallback", RESULTS_BOOLEAN, false,
			  "true or false" },
	[RI_LEVEL_LO] = { "level_lo", RESULTS_NUMBER, true,
			"a number or null" },
	[RI_LEVEL_HI] = { "level_hi", RESULTS_NUMBER, true,
			"a number or null" },
	[RI_Z0] = { "z0", RESULTS_NUMBER, true,
			"a number or null" },
	[RI_ACCELERATION] = { "acceleration", RESULTS_NUMBER, true,
			      "a number or null" },
	[RI_EXACT] = { "exact", RESULTS_BOOLEAN, false, "true or false" },
	[RI_RESAMPLES] = { "resamples", RESULTS_INTEGER, false, "a count" },
	[RI_NOTE] = { "note", RESULTS_STRING, true, "a string or null" },
};

static const results_field mech_keys[RM_KEYS] = {
	[RM_SERIES] = { "series", RESULTS_STRING, false, "a series id" },
	[RM_STATE] = { "state", RESULTS_ANY, false, "a state" },
	[RM_BOOTS] = { "boots", RESULTS_INTEGER, false, "a count" },
	[RM_REGISTERED] = { "registered", RESULTS_INTEGER, false, "a count" },
	[RM_SERVICE_RUNNING] = { "service_running", RESULTS_INTEGER, false,
				 "a count" },
	[RM_SERVICE_STOPPED] = { "service_stopped", RESULTS_INTEGER, false,
				 "a count" },
	[RM_SERVICE_UNKNOWN] = { "service_unknown", RESULTS_INTEGER, false,
				 "a count" },
	[RM_PRIORITY] = { "priority", RESULTS_ARRAY, false, "a list" },
	[RM_PRIORITY_INCOMPLETE] = { "priority_incomplete", RESULTS_INTEGER,
				     false, "a count" },
	[RM_CLASS_CHANGED] = { "class_changed", RESULTS_BOOLEAN, false,
			       "true or false" },
	[RM_LOST_EVENTS] = { "lost_events", RESULTS_INTEGER, false,
			     "a count" },
	[RM_LOST_BUFFERS] = { "lost_buffers", RESULTS_INTEGER, false,
			      "a count" },
	[RM_REGISTRATION_REPORTED] = { "registration_reported",
				       RESULTS_INTEGER, false, "a count" },
	[RM_PRIORITY_REPORTED] = { "priority_reported", RESULTS_INTEGER,
				   false, "a count" },
	[RM_CLASS_REPORTED] = { "class_reported", RESULTS_INTEGER, false,
				"a count" },
	[RM_OBSERVED] = { "observed", RESULTS_ARRAY, false,
			  "a list of observed names" },
};

static const results_field priority_keys[RV_KEYS] = {
	[RV_WIN32] = { "win32", RESULTS_ARRAY, false, "three priorities" },
	[RV_ETW] = { "etw", RESULTS_ARRAY, false, "three priorities" },
	[RV_BOOTS] = { "boots", RESULTS_INTEGER, false, "a count" },
};

static const results_field boundary_keys[RB_KEYS] = {
	[RB_ROWS] = { "rows", RESULTS_ARRAY, false, "a list" },
	[RB_GROUPS] = { "groups", RESULTS_ARRAY, false, "a list" },
};

static const results_field bound_row_keys[RW_KEYS] = {
	[RW_RUN] = { "run", RESULTS_STRING, false, "a run of the study" },
	[RW_WRITTEN] = { "written", RESULTS_ANY, false, "a state" },
	[RW_SERVICE] = { "service", RESULTS_STRING, true,
			 "'running', 'stopped' or null" },
	[RW_API_VALUE] = { "api_value", RESULTS_INTEGER, true,
			   "an integer or null" },
	[RW_REGISTERED] = { "registered", RESULTS_BOOLEAN, true,
			    "true, false or null" },
	[RW_DOCUMENTED_VALUE] = { "documented_value", RESULTS_INTEGER, true,
				  "an integer or null" },
	[RW_OUTCOME] = { "outcome", RESULTS_STRING, false, "an outcome" },
};

static const results_field bound_group_keys[RG_KEYS] = {
	[RG_WRITTEN] = { "written", RESULTS_ARRAY, false, "a list of states" },
	[RG_OUTCOME] = { "outcome", RESULTS_STRING, false, "an outcome" },
};

static const results_field account_keys[RA_KEYS] = {
	[RA_SERIES] = { "series", RESULTS_STRING, false, "a series id" },
	[RA_RUNS] = { "runs", RESULTS_INTEGER, false, "a count" },
	[RA_ACCEPTED] = { "accepted", RESULTS_INTEGER, false, "a count" },
	[RA_EXCLUDED] = { "excluded", RESULTS_INTEGER, false, "a count" },
	[RA_EXCLUDED_RUNS] = { "excluded_runs", RESULTS_ARRAY, false,
			       "an array" },
	[RA_LOST_EVENTS] = { "lost_events", RESULTS_INTEGER, false,
			     "a count" },
	[RA_LOST_BUFFERS] = { "lost_buffers", RESULTS_INTEGER, false,
			      "a count" },
};

static const results_field excluded_keys[RX_KEYS] = {
	[RX_RUN] = { "run", RESULTS_STRING, false, "a string" },
	[RX_REASON] = { "reason", RESULTS_STRING, true, "a string or null" },
};

static const results_field study_keys[RT_KEYS] = {
	[RT_NAME] = { "name", RESULTS_STRING, false, "a string" },
	[RT_TITLE] = { "title", RESULTS_STRING, false, "a string" },
	[RT_BUILD] = { "build", RESULTS_STRING, false, "a string" },
	[RT_PLATFORM] = { "platform", RESULTS_STRING, true,
			  "a string or null" },
	[RT_TITLE_LOCALIZED] = { "title_localized", RESULTS_OBJECT, false,
				 "an object of strings by language" },
	[RT_PLATFORM_LOCALIZED] = { "platform_localized", RESULTS_OBJECT,
				    false, "an object of strings by language" },
	[RT_METRIC] = { "metric", RESULTS_STRING, true, "a string or null" },
	[RT_METRIC_LOCALIZED] = { "metric_localized", RESULTS_OBJECT, false,
				  "an object of strings by language" },
	[RT_FORMAT] = { "format", RESULTS_INTEGER, false, "1 or 2" },
	[RT_DIGEST] = { "digest", RESULTS_STRING, false, "a SHA-256" },
	[RT_RUNS_FROM_SUMMARY] = { "runs_from_summary", RESULTS_INTEGER,
				   false, "a count" },
};

static const results_field series_keys[RE_KEYS] = {
	[RE_ID] = { "id", RESULTS_STRING, false, "a string" },
	[RE_KIND] = { "kind", RESULTS_STRING, false,
		      "'latency', 'mechanism' or 'boundary'" },
	[RE_LABEL] = { "label", RESULTS_STRING, false, "a string" },
	[RE_NOTE] = { "note", RESULTS_STRING, true, "a string or null" },
	[RE_RULE] = { "rule", RESULTS_OBJECT, true, "an object or null" },
	[RE_LABEL_LOCALIZED] = { "label_localized", RESULTS_OBJECT, false,
				 "an object of strings by language" },
	[RE_NOTE_LOCALIZED] = { "note_localized", RESULTS_OBJECT, false,
				"an object of strings by language" },
};

static const results_field rule_keys[RU_KEYS] = {
	[RU_DISABLES] = { "disables", RESULTS_INTEGER, true,
			  "an integer or null" },
	[RU_VALID] = { "valid", RESULTS_ARRAY, true, "[low, high]" },
	[RU_OUTSIDE] = { "outside", RESULTS_INTEGER, true,
			 "an integer or null" },
	[RU_MULTIPLE] = { "multiple", RESULTS_INTEGER, false,
			  "an integer" },
};

static const results_field input_keys[RN_KEYS] = {
	[RN_PATH] = { "path", RESULTS_STRING, false, "a string" },
	[RN_SHA256] = { "sha256", RESULTS_STRING, false, "a SHA-256" },
	[RN_BYTES] = { "bytes", RESULTS_INTEGER, false, "a size" },
};

static const results_field verdict_keys[RD_KEYS] = {
	[RD_STATE] = { "state", RESULTS_ANY, false, "a state" },
	[RD_VERDICT] = { "verdict", RESULTS_STRING, false, "a verdict" },
	[RD_SERIES] = { "series", RESULTS_ARRAY, false,
			"a list of the series' verdicts" },
};

static const results_field series_verdict_keys[RY_KEYS] = {
	[RY_SERIES] = { "series", RESULTS_STRING, false, "a series id" },
	[RY_VERDICT] = { "verdict", RESULTS_STRING, false, "a verdict" },
};

const results_field *results_schema_section_field(results_section s)
{
	return &sections[s < RS_SECTIONS ? s : RS_SCHEMA];
}

const results_field *results_schema_plan_field(results_plan_key k)
{
	return &plan_keys[k < RP_KEYS ? k : RP_COLUMN];
}

const results_field *results_schema_run_field(results_run_key k)
{
	return &run_keys[k < RR_KEYS ? k : RR_RUN];
}

const results_field *results_schema_cmp_field(results_cmp_key k)
{
	return &cmp_keys[k < RC_KEYS ? k : RC_SERIES];
}

const results_field *results_schema_interval_field(results_interval_key k)
{
	return &interval_keys[k < RI_KEYS ? k : RI_METHOD];
}

const results_field *results_schema_density_field(results_density_key k)
{
	return &density_keys[k < RF_KEYS ? k : RF_SOURCE];
}

const results_field *results_schema_mech_field(results_mech_key k)
{
	return &mech_keys[k < RM_KEYS ? k : RM_SERIES];
}

const results_field *results_schema_priority_field(results_priority_key k)
{
	return &priority_keys[k < RV_KEYS ? k : RV_WIN32];
}

const results_field *results_schema_boundary_field(results_boundary_key k)
{
	return &boundary_keys[k < RB_KEYS ? k : RB_ROWS];
}

const results_field *results_schema_bound_row_field(results_bound_row_key k)
{
	return &bound_row_keys[k < RW_KEYS ? k : RW_RUN];
}

const results_field *results_schema_bound_group_field(results_bound_group_key k)
{
	return &bound_group_keys[k < RG_KEYS ? k : RG_WRITTEN];
}

const results_field *results_schema_account_field(results_account_key k)
{
	return &account_keys[k < RA_KEYS ? k : RA_SERIES];
}

const results_field *results_schema_excluded_field(results_excluded_key k)
{
	return &excluded_keys[k < RX_KEYS ? k : RX_RUN];
}

const results_field *results_schema_study_field(results_study_key k)
{
	return &study_keys[k < RT_KEYS ? k : RT_NAME];
}

const results_field *results_schema_series_field(results_series_key k)
{
	return &series_keys[k < RE_KEYS ? k : RE_ID];
}

const results_field *results_schema_rule_field(results_rule_key k)
{
	return &rule_keys[k < RU_KEYS ? k : RU_DISABLES];
}

const results_field *results_schema_input_field(results_input_key k)
{
	return &input_keys[k < RN_KEYS ? k : RN_PATH];
}

const results_field *results_schema_verdict_field(results_verdict_key k)
{
	return &verdict_keys[k < RD_KEYS ? k : RD_STATE];
}

const results_field *results_schema_series_verdict_field(
	results_series_verdict_key k)
{
	return &series_verdict_keys[k < RY_KEYS ? k : RY_SERIES];
}
