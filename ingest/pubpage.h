/* pubpage.h: a published result in memory, as ingest/published.h reads it
 * (the rules of reading are there).  Plain data: the reader of tables
 * (published.c) and of sentences (published_text.c) both fill it, so it
 * has a header of its own that neither owns. */
#ifndef PAIRBOOT_PUBPAGE_H
#define PAIRBOOT_PUBPAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ingest/state.h"
#include "ingest/study.h"

/* What a phrase of the vocabulary stands for. */
typedef enum pub_concept {
	PUB_CMP_HEAD,          /* "Comparison with %s": the reference */
	PUB_CMP_SERIES_HEAD,   /* "%s, difference and %s CI" */
	PUB_CMP_CONCLUSION_HEAD,   /* "Conclusion" */
	PUB_SERIES_LABEL,      /* "Series %s": a default series label */
	PUB_CONCLUSION,        /* code: a verdict code ("harm") */
	PUB_CONCLUSION_WITH_SERIES,   /* "%s: %s": a conclusion, then each
					 series' verdict */
	PUB_NO_PAIRS,          /* a comparison cell without pairs */
	PUB_NO_INTERVAL,       /* "(no interval)" after an estimate */
	PUB_MECH_HEAD_STATE,
	PUB_MECH_HEAD_REGISTRATION,
	PUB_MECH_HEAD_SERVICE, /* "%s state" or "Service state" */
	PUB_MECH_HEAD_WIN32,
	PUB_MECH_HEAD_ETW,
	PUB_SERVICE_WORD,      /* code: "running" or "stopped" */
	PUB_NOT_REPORTED,
	PUB_VAL_HEAD_WRITTEN,
	PUB_VAL_HEAD_OBSERVED,
	PUB_VAL_HEAD_RESULT,
	PUB_OBS_API,           /* "API returned %s" */
	PUB_OBS_API_FAILED,
	PUB_OBS_SERVICE,       /* code: "running", "stopped", "not-running";
				  "%s running" or "service running" */
	PUB_OBS_REGISTRATION,  /* code: "yes" or "no" */
	PUB_OUTCOME,           /* code: a boundary outcome code */
	PUB_MISSING,           /* the word for a missing value */
	PUB_SETTING,           /* a sentence stating settings; code: the
				  roles of its pieces (published_text.h) */
	PUB_RUNS,              /* code "all", "one", "some" or "none": how a
				  series' runs were accepted */
	PUB_RUNS_EXCLUDED,     /* "excluded: %s": the excluded runs */
	PUB_RUNS_LOST,         /* code "none" (no lost trace events or
				  buffers) or "counts" (events, buffers) */
	PUB_PAIRS_SCOPE,       /* which comparisons a small-sample note
				  is about: code "every", or "list" ("%s":
				  "Series 1 `10`, ...") */
	PUB_CONCEPTS
} pub_concept;

/* One phrase in one language.  Borrowed strings. */
typedef struct pub_phrase {
	pub_concept concept;
	const char *code;      /* what it means, where a concept has several
				  meanings; else NULL */
	const char *lang;      /* "en", "de", ... */
	const char *text;      /* the template */
	/* Set by pub_phrases_prepare: the first LEAD bytes of TEXT are
	 * literal, so a sentence the phrase matches starts with them.  For a
	 * phrase not prepared the lead is worked out each time, and the
	 * lookups of a concept try every phrase of the vocabulary. */
	bool prepared;
	size_t lead;
} pub_phrase;

typedef enum pub_source { PUB_PAGE, PUB_RESULTS_JSON } pub_source;

/* A published number.  DECIMALS is the number of digits after the point
 * as printed (0 for an integer), or -1 for a results.json number, which
 * is exact. */
typedef struct pub_num {
	bool present;
	double value;
	int decimals;
	size_t line, col;
} pub_num;

/* One state against the reference in one series. */
typedef struct pub_cmp {
	pb_state state;
	char *series_id;       /* results.json, or a page's default label
				  "Series ID": the series id; else NULL */
	char *series_label;    /* a page: the label as printed; else NULL */
	size_t series_pos;     /* a page: 0-based series column */
	pub_num estimate, lo, hi;
	bool no_pairs;         /* the page says there are no pairs */
	bool no_interval;      /* the page says there is no interval */
	char *verdict;         /* results.json: this series' verdict code */
	bool pairs_given;      /* results.json: PAIRS is its "pairs" */
	size_t pairs;
	size_t line;
} pub_cmp;

/* One state's verdict across series. */
typedef struct pub_conclusion {
	pb_state state;
	char *verdict;         /* a verdict code */
	size_t line, col;
} pub_conclusion;

/* One distinct priority transition of one column. */
typedef struct pub_transition {
	bool reported;         /* false: "not reported" */
	long v[3];             /* before, after, cleanup */
	size_t boots;          /* with COUNTED: boots showing it */
	bool counted;          /* the count was published */
} pub_transition;

/* One state of a mechanism table. */
typedef struct pub_mech {
	size_t table;          /* 0-based mechanism table of the page, or
				  the series' rank in results.json */
	char *series_id;       /* results.json: the series id; else NULL */
	pb_state state;
	size_t registered, boots;
	bool service_given;
	size_t running, stopped, unreported;   /* boots in each */
	pub_transition *win32, *etw;
	size_t n_win32, n_etw;
	size_t line;
} pub_mech;

/* One written value of a value-handling table (a grouped row gives one
 * entry per value). */
typedef struct pub_value {
	size_t table;
	char *series_id;       /* results.json: the series id; else NULL */
	pb_state written;
	bool api_given;        /* the row says what the API returned */
	bool api_ok;           /* it returned a value (else: query failed) */
	int64_t api;
	int service;           /* -1 not said, 0 stopped, 1 running,
				  2 not running */
	int registered;        /* -1 not said, 0 no, 1 yes */
	char *outcome;         /* an outcome code */
	size_t line;
} pub_value;

/* A setting a page or a results.json states. */
typedef enum pub_setting_kind {
	PUB_SET_STATISTIC,     /* TEXT: "p99" */
	PUB_SET_THRESHOLD,     /* NUM, in the unit */
	PUB_SET_UNIT,          /* TEXT: "ms" */
	PUB_SET_BETTER,        /* TEXT: "lower" or "higher" */
	PUB_SET_CONFIDENCE,    /* NUM: a fraction (0.95), DECIMALS those of
				  the percentage as printed */
	PUB_SET_METHOD,        /* TEXT: "percentile" */
	PUB_SET_RESAMPLES,     /* NUM, or TEXT "exact" */
	PUB_SET_SEED,          /* NUM */
	PUB_SET_GENERATOR,     /* TEXT: "mt19937" */
	PUB_SET_PLAN_DIGEST,   /* TEXT: the plan digest, 64 hex digits
				  (ingest/plantext.h) */
	PUB_SET_REGISTERED,    /* TEXT: "yes" when the plan is said to be
				  registered before the data, else "no" */
	PUB_SET_KINDS
} pub_setting_kind;

typedef struct pub_setting {
	pub_setting_kind kind;
	char *text;            /* as stated, or NULL for a number */
	pub_num num;           /* present for a number */
	const char *key;       /* results.json: where ("plan.threshold"),
				  static; a page: NULL */
	size_t line, col;      /* a page: where it is stated (COL counts
				  the bytes of the line with its Markdown
				  escapes undone) */
} pub_setting;

/* How the runs of one series were accounted for. */
typedef struct pub_account {
	char *series_id;       /* results.json, or a page's default label
				  "Series ID": the id; else NULL */
	char *series_label;    /* a page: the name as printed; else NULL */
	size_t runs, accepted;
	bool excluded_given;   /* EXCLUDED is stated (a page: the runs it
				  lists; results.json: "excluded") */
	size_t excluded;
	char **excluded_ids;   /* with EXCLUDED_LISTED: the excluded runs */
	size_t n_excluded;
	bool excluded_listed;
	bool lost_given;       /* the lost trace events and buffers of its
				  mechanism logs are stated */
	uint64_t lost_events, lost_buffers;
	size_t line, col;
} pub_account;

/* A comparison a page names in a note: "Series 1 `10`". */
typedef struct pub_cmp_name {
	char *series_id;       /* from a default label "Series ID", or NULL */
	char *series_label;    /* the name as printed */
	pb_state state;
} pub_cmp_name;

/* The pairs a page's small-sample note says comparisons have. */
typedef struct pub_pairs {
	size_t pairs;
	bool scoped;           /* the note says which comparisons (else it
				  is not checked) */
	bool every;            /* every comparison with an interval */
	pub_cmp_name *cmps;    /* else: the comparisons it names */
	size_t n_cmps;
	size_t line, col;
} pub_pairs;

typedef struct pub_input {
	char *path;
	char sha256[65];
} pub_input;

typedef struct pub_run {
	char *id;
	bool has_statistic;
	double statistic;
} pub_run;

typedef struct published {
	char *path;
	pub_source source;
	const char *lang;      /* a page: the language of the first
				  recognised header (borrowed from the
				  vocabulary); else NULL */
	bool reference_given;
	pb_state reference;
	const study_plan *plan;   /* whose states it names (borrowed), or
				     NULL */

	/* results.json only: the settings the intervals were drawn with. */
	bool settings_given;
	uint32_t seed;
	bool resamples_exact;
	unsigned long resamples;
	char interval[16];
	double confidence;
	char statistic[16];
	pub_input *inputs;
	size_t n_inputs;
	pub_run *runs;
	size_t n_runs;

	pub_cmp *cmp;
	size_t n_cmp;
	pub_conclusion *conclusions;
	size_t n_conclusions;
	pub_mech *mech;
	size_t n_mech;
	pub_value *values;
	size_t n_values;
	/* Settings and run counts, wherever the file states them. */
	pub_setting *settings;
	size_t n_settings;
	pub_account *accounts;
	size_t n_accounts;
	pub_pairs *pairs;      /* a page's small-sample notes */
	size_t n_pairs;
	size_t tables;         /* tables recognised (a page) */
	char *text;            /* a page: its bytes, NUL-terminated, so that
				  every line can be checked; else NULL */
	size_t text_len;
	size_t *header_lines;  /* a page: the lines of the tables' header
				  rows, each cell recognised */
	size_t n_header_lines;
} published;

#endif
