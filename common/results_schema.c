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
	[RP_UNIT_OF_REPLICATION] = { "unit_of_replication", RESULTS_STRING,
				     false, "a string" },
	[RP_PAIRING] = { "pairing", RESULTS_STRING, false, "a string" },
	[RP_STATE_TYPE] = { "state_type", RESULTS_STRING, false,
			    "number or name" },
	[RP_STATES] = { "states", RESULTS_ARRAY, false, "a list of states" },
	[RP_DIGEST] = { "digest", RESULTS_STRING, false, "a SHA-256" },
	[RP_REGISTERED] = { "registered", RESULTS_BOOLEAN, false,
			    "true or false" },
};

const results_field *results_section_field(results_section s)
{
	return &sections[s < RS_SECTIONS ? s : RS_SCHEMA];
}

const results_field *results_plan_field(results_plan_key k)
{
	return &plan_keys[k < RP_KEYS ? k : RP_COLUMN];
}
