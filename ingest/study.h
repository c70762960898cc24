/* study.h: the in-memory form of a study, as ingest leaves it for analyze.
 *
 * A study is a folder holding study.ini (the analysis plan), runs.csv (one row
 * per boot) and the per-boot latency CSVs and mechanism logs.  study_read()
 * reads all of it strictly; every problem goes to the diag collector with its
 * file, line and column.  Nothing is dropped: excluded runs (accepted = no)
 * are kept with their reason, and flagged, never removed.
 *
 * The structs are plain data with public fields: analyze reads them, only
 * ingest writes them.  One study owns all the memory below it.  The
 * functions declared here, the helpers every stage shares, are in
 * ingest/study.c. */
#ifndef PAIRBOOT_STUDY_H
#define PAIRBOOT_STUDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/diag.h"
#include "common/runstat.h"
#include "common/status.h"
#include "ingest/state.h"

typedef enum series_kind {
	SERIES_LATENCY,    /* paired blocks of every state: the main metric */
	SERIES_MECHANISM,  /* boots that check registration and priorities */
	SERIES_BOUNDARY,   /* one boot per written value: how it is handled */
	SERIES_CONTROL     /* boots after the study: was the machine restored */
} series_kind;

typedef enum better_side { BETTER_LOWER, BETTER_HIGHER } better_side;

typedef enum interval_method {
	INTERVAL_PERCENTILE,
	INTERVAL_BCA,
	INTERVAL_T,            /* the classical Student t interval */
	INTERVAL_EXPANDED,
	INTERVAL_STUDENTIZED   /* the bootstrap-t interval */
} interval_method;

#define INTERVAL_METHOD_COUNT 5

/* How a sequential design spends its error over its looks
 * (analyze/seqbound.h computes each look's level from it). */
typedef enum look_boundary {
	BOUNDARY_OBRIEN_FLEMING,   /* wide early, near the fixed level last */
	BOUNDARY_POCOCK,           /* the same level at every look */
	BOUNDARY_BONFERRONI        /* 1 - confidence split evenly */
} look_boundary;

#define LOOK_BOUNDARY_COUNT 3

/* The most looks a study may register, the earliest look (no verdict is
 * made from fewer pairs: analyze/verdict.h, VERDICT_MIN_PAIRS) and the
 * largest maximum. */
#define PLAN_MAX_LOOKS 20
#define PLAN_MIN_LOOK 5UL
#define PLAN_MAX_LOOK 100000UL

/* The fewest Monte Carlo resamples study.ini may ask for: with fewer, the
 * endpoints at 2.5% and 97.5% rest on a handful of replicates each and
 * move visibly from seed to seed. */
#define PLAN_MIN_RESAMPLES 1000UL
/* The most: a million resamples put an interval's Monte Carlo error far
 * below its last printed digit, and each comparison holds its resamples
 * while it is judged (8 MB here), so a study cannot make report ask for
 * more memory or time than the numbers could use. */
#define PLAN_MAX_RESAMPLES 1000000UL

/* How a boundary series' setting is documented to handle a written value,
 * checked in this order: the value DISABLES turns the service off; a
 * value outside VALID_LO..VALID_HI is normalized to OUTSIDE; a value in
 * range that is not a multiple of MULTIPLE is rounded down to one; any
 * other value is used as written.  A missing value is never documented.
 * Declared in study.ini (format 2) or, for format 1, SystemResponsiveness'
 * rule, which format 1 applied to every boundary series. */
typedef struct value_rule {
	bool declared;           /* false: the series reports observations */
	bool has_disables;
	uint32_t disables;
	bool has_valid;          /* with OUTSIDE: both or neither are given */
	uint32_t valid_lo, valid_hi;
	uint32_t outside;
	uint32_t multiple;       /* >= 1; 1 when not given */
} value_rule;
/* The languages other than English that study.ini may give its text in
 * (title[de] = ...), in the order of plan_text_langs. */
#define PLAN_TEXT_LANGS 3
extern const char *const plan_text_langs[PLAN_TEXT_LANGS];   /* de cs ko */

/* A text of study.ini in the other languages: in[i] is the value of
 * KEY[plan_text_langs[i]], or NULL when study.ini does not give it. */
typedef struct plan_l10n {
	char *in[PLAN_TEXT_LANGS];
} plan_l10n;

/* The text a page in LANG shows: LOCALIZED's text in LANG when study.ini
 * gives one, else PLAIN (the plain key, in English; may be NULL). */
const char *plan_text_for(const char *plain, const plan_l10n *localized,
			  const char *lang);

typedef struct series_def {
	char *id;          /* the ID of the [series ID] section */
	series_kind kind;
	char *label;       /* shown in reports; defaults to "Series ID" */
	bool label_default;   /* study.ini gives no plain `label`: pages
				 show their language's default name */
	char *note;        /* free text, may be NULL */
	value_rule rule;   /* boundary series only */
	plan_l10n label_l10n, note_l10n;
} series_def;

/* The number of keys [study] may hold (ingest/study_ini.h lists them). */
#define PLAN_STUDY_KEYS 30

/* One condition of `filter` (format 2, ingest/rowfilter.h): a row of a
 * latency file is used only when its field COLUMN, unquoted, is (EQUAL)
 * or is not (!EQUAL) exactly VALUE. */
typedef struct plan_condition {
	char *column;            /* unescaped, non-empty */
	char *value;             /* unescaped, non-empty */
	bool equal;              /* `==`; false for `!=` */
} plan_condition;

/* The default of `missing_limit` when `missing` is given: 5%, in parts
 * per million of a run's kept rows. */
#define PLAN_MISSING_LIMIT_DEFAULT 50000u

/* Where study.ini wrote one key of [study], so that a message about a
 * setting can point at it. */
typedef struct plan_key_at {
	const char *key;         /* static text; NULL for an unused entry */
	size_t line;             /* 1-based */
	size_t col;              /* of the value's first byte, 1-based */
} plan_key_at;

/* One text of study.ini as outputs show it (a title, a label, a state
 * name, ...), with where its value was written, so that a text no font
 * can draw is reported at its place before anything is written. */
typedef struct plan_text_at {
	char *text;              /* unescaped; owned by the plan */
	size_t line;             /* 1-based */
	size_t col;              /* of the value (or state item), 1-based */
} plan_text_at;

/* How a run's latency file is read (study.ini `capture`). */
typedef enum capture_format {
	CAPTURE_CSV,             /* a CSV with the column (the default) */
	CAPTURE_CAPFRAMEX        /* a CapFrameX capture (ingest/capframex.h) */
} capture_format;

/* The analysis plan and metadata from study.ini. */
typedef struct study_plan {
	int format;              /* 1 or 2 */
	pb_state_type state_type;   /* `state_type`: number (format 1's only
				       type) or name */
	char *title, *build, *platform;
	plan_l10n title_l10n, platform_l10n;
	char *metric;            /* `metric` (format 2): what the statistic
				    measures, in words; NULL when not given
				    (pages then name the statistic and the
				    column) */
	plan_l10n metric_l10n;
	char *column;            /* per-period column of the latency CSVs */
	capture_format capture;  /* `capture` (format 2): how a run's
				    latency file is read */
	double scale;            /* column value x scale = unit */
	char *unit;              /* "ms", "Mbit/s" */
	better_side better;
	stat_spec statistic;
	pb_state reference;
	double threshold;        /* > 0, in unit */
	int threshold_decimals;  /* decimals as written: 1.784 -> 3 */
	double confidence;       /* in (0, 1) */
	bool resamples_exact;    /* resamples = exact */
	unsigned long resamples; /* >= PLAN_MIN_RESAMPLES when not exact */
	uint32_t seed;
	interval_method interval;
	char *service;           /* name of the service the mechanism logs
				    report on ("MMCSS"), or NULL */
	bool synthetic;          /* the metric is a synthetic proxy, and
				    conclusions say so */
	bool decimal_point;      /* `decimal = point`: every page writes a
				    decimal point, as the published article
				    does; else each language its own mark */
	bool allow_negative;     /* per-period values below 0 are data (a
				    signed metric), not an error */
	bool shared_files;       /* `shared_files = yes`: runs may name the
				    same file, or files of the same bytes */
	unsigned long looks[PLAN_MAX_LOOKS];   /* `looks` (format 2): the
						  blocks per series at which
						  the data may be judged,
						  ascending; the last is the
						  maximum */
	size_t n_looks;          /* 0: not a sequential study */
	look_boundary boundary;  /* `boundary`; O'Brien-Fleming by default */
	plan_condition *filter;  /* `filter` (format 2): all must hold for a
				    row to be used; NULL when not given */
	size_t n_filter;
	char **missing;          /* `missing` (format 2): texts of the
				    column that mean "no value"; NULL when
				    not given */
	size_t n_missing;
	uint32_t missing_limit;  /* `missing_limit`, in parts per million of
				    a run's kept rows (0..1000000);
				    PLAN_MISSING_LIMIT_DEFAULT when only
				    `missing` is given; 0 without it */
	pb_state *states;        /* display order; each one's text points
				    into state_text */
	size_t n_states;
	char **state_text;       /* n_states spellings as study.ini wrote
				    them, the one spelling outputs use; owned
				    by the plan (plan_set_state_text) */
	series_def *series;      /* in file order */
	size_t n_series;
	char digest[65];         /* SHA-256 of the canonical plan
				    (ingest/plantext.h) */
	bool registered;         /* study.ini gives `registered`, which
				    equals digest (else it is an error) */
	plan_key_at key_at[PLAN_STUDY_KEYS];   /* the [study] keys read, in
						  plan.h's order; all unused
						  when the plan did not come
						  from a study.ini */
	plan_text_at *texts;     /* every text value read, in file order */
	size_t n_texts;
	char *texts_file;        /* the name study.ini was read as, for
				    messages about TEXTS; NULL when none */
} study_plan;

/* What one mechanism-check log said.  Fields are "seen" flags plus values;
 * a log may hold only some of the events. */
typedef enum prio_phase { PHASE_BEFORE, PHASE_AFTER, PHASE_CLEANUP } prio_phase;
#define PRIO_PHASES 3

/* One event=observe line: a named setting or state and what it was. */
typedef struct mech_observation {
	char *name;               /* non-empty */
	char *value;              /* non-empty */
	size_t line;              /* where the log gave it */
} mech_observation;

typedef struct mech_log {
	int service;              /* -1 not reported, 0 stopped, 1 running */
	bool query_seen;          /* an event=query line was present */
	bool query_ok;            /* it carried a value */
	int64_t query_value;
	bool prio_seen[PRIO_PHASES];
	long win32[PRIO_PHASES];
	long etw[PRIO_PHASES];
	char *prio_class[PRIO_PHASES];   /* may be NULL */
	bool register_seen;
	bool register_ok;
	char *register_task;             /* may be NULL */
	char *register_error;            /* may be NULL */
	bool etw_seen;
	uint64_t lost_events, lost_buffers;
	bool registry_seen;
	pb_state registry;               /* control boots */
	long tracing_active;             /* -1 not reported */
	long leftover;                   /* -1 not reported */
	mech_observation *observations;  /* in log order, each name once */
	size_t n_observations;
} mech_log;

/* One row of runs.csv, with what its files gave. */
typedef struct study_run {
	char *id;
	size_t series;           /* index into plan.series */
	unsigned long block;     /* >= 1 */
	pb_state state;
	bool accepted;
	char *note;              /* reason when not accepted; may be NULL */
	plan_l10n note_l10n;     /* the note in other languages: columns
				    note[de], note[cs], note[ko] */
	size_t note_l10n_col[PLAN_TEXT_LANGS];   /* where each starts (on
						    the note's line) */
	unsigned long position;  /* 0 when the column is absent or empty */
	char *started;           /* ISO 8601 or NULL */
	char *latency_path;      /* relative to the study folder, or NULL */
	char *mechanism_path;    /* relative to the study folder, or NULL */
	size_t manifest_line;    /* where the row starts in runs.csv */
	size_t latency_col;      /* column of the latency field in that row */
	size_t mechanism_col;    /* column of the mechanism field */
	size_t note_line, note_col;   /* where the note field starts */
	size_t id_line, id_col;       /* where the run field starts */

	bool has_statistic;      /* latency file read and summarised */
	double statistic;        /* the plan's statistic, in unit */
	size_t periods;          /* values used from the latency file (its
				    rows less those the filter removed and
				    those missing) */
	size_t rows;             /* data rows read from the latency file */
	size_t filtered;         /* of them, removed by the plan's filter */
	size_t missing;          /* of the rows kept, those whose value is a
				    missing token of the plan */
	char latency_sha256[65]; /* hex digest of the latency file, or "" */
	bool from_summary;       /* statistic, periods and latency digest
				    taken from the run summary, its latency
				    file being absent (ingest/sumfile.h) */
	size_t capture_runs;     /* capture = capframex: the runs of the
				    capture read; 0 when none was read */

	mech_log *mech;          /* NULL when there is no mechanism log */
	char mechanism_sha256[65];
} study_run;

/* An input file and its digest, so a reader can check they have the same
 * data.  Listed in the order read, paths relative to the study folder. */
typedef struct input_file {
	char *path;
	char sha256[65];
	uint64_t bytes;
} input_file;

/* The planned order of the boots (ingest/schedule.h). */
typedef struct schedule schedule;

typedef struct study {
	char *dir;               /* the study folder as given */
	char *name;              /* its last path component */
	study_plan plan;
	study_run *runs;         /* in runs.csv order */
	size_t n_runs;
	input_file *inputs;      /* study.ini, runs.csv, then run files */
	size_t n_inputs;
	char digest[65];         /* SHA-256 over the sorted (path, sha256) list */
	size_t runs_from_summary; /* runs with from_summary set; when not 0,
				     the summary is one of the inputs */
	schedule *schedule;      /* schedule.csv, or NULL when there is none */
} study;

/* Index of the series with ID, or (size_t)-1. */
size_t study_series_index(const study_plan *plan, const char *id);

/* What study_state_index gives for a state the plan does not list. */
#define STUDY_NO_STATE ((size_t)-1)

/* Index of STATE in plan.states (number states by value, spelling
 * ignored; named states exactly), or STUDY_NO_STATE.  The one lookup of a
 * state in the plan's list: every stage uses it. */
size_t study_state_index(const study_plan *plan, pb_state state);

/* How a state written in an input relates to the plan's list. */
typedef enum state_lookup {
	STATE_LISTED,     /* one of the plan's states: *OUT is it, with the
			     plan's spelling */
	STATE_UNLISTED,   /* a valid number state the plan does not list:
			     *OUT is it as parsed */
	STATE_BAD_NUMBER, /* number type: not a number state */
	STATE_BAD_NAME,   /* name type: not a valid name (*AT: where) */
	STATE_UNKNOWN     /* name type: a valid name the plan does not list */
} state_lookup;

/* Reads TEXT[0..LEN) as a state of PLAN's type and finds it in the plan's
 * list.  *OUT is set for STATE_LISTED and STATE_UNLISTED; *AT (may be
 * NULL) for STATE_BAD_NAME. */
state_lookup study_state_lookup(const study_plan *plan, const char *text,
				size_t len, pb_state *out, size_t *at);

/* The listed name nearest to TEXT[0..LEN), when it is close enough to be a
 * slip (a few edits, fewer than a third of its length, or the same name
 * but for case), else NULL.  For messages about an unknown name. */
const char *study_state_suggest(const study_plan *plan, const char *text,
				size_t len);

/* Sets the spellings of PLAN's N_STATES states from TEXT (N_STATES texts,
 * copied), pointing each state's text at its copy.  PB_NOMEM leaves the
 * plan as it was. */
pb_status study_plan_set_state_text(study_plan *plan,
				    const char *const *text);

/* Frees what a reader of the plan (ingest/study_ini.h,
 * ingest/results_json.h) allocated in P and zeroes it.  Safe on a zeroed
 * plan and on NULL. */
void study_plan_free(study_plan *p);

/* Where study.ini wrote KEY of [study]: true with *LINE and *COL (of the
 * value) set; false with both 0 when the key was absent or the plan did
 * not come from a study.ini (ingest/results_json.h). */
bool study_plan_key_position(const study_plan *p, const char *key,
			     size_t *line, size_t *col);

/* Gives every boundary series of P the value rule format 1 built in
 * (disables 100, valid 10..100, outside 20, multiple 10) when P is a
 * format 1 plan; does nothing for format 2, whose series declare theirs. */
void study_plan_format1_rules(study_plan *p);

/* Parses the statistic TEXT: pNN or pNN.N (0 <= NN.N <= 100, no leading
 * zero, at most one decimal), mean, median or max.  Returns true and fills
 * OUT (prob: quantile probability, 0.5 for median, 1 for max, 0 for mean;
 * name: TEXT) on success; false leaves OUT untouched. */
bool stat_spec_parse(const char *text, stat_spec *out);

/* The names study.ini and results.json give the kinds of series and the
 * interval methods ("latency", "bca"), "unknown" for a value out of range;
 * and the way back: true with *OUT set when TEXT is one of them. */
const char *series_kind_name(series_kind kind);
bool series_kind_parse(const char *text, series_kind *out);
const char *interval_method_name(interval_method m);
bool interval_method_parse(const char *text, interval_method *out);
/* The same for boundaries: "obrien-fleming", "pocock", "bonferroni". */
const char *look_boundary_name(look_boundary b);
bool look_boundary_parse(const char *text, look_boundary *out);

#endif
