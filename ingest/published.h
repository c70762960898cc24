/* published.h: what a published result claims, read back for `pairboot
 * verify`.
 *
 * Two kinds of file are read:
 *
 *  - a results.json written by `pairboot report` (recognised by its
 *    "schema": "pairboot-results"): every run's statistic, every
 *    comparison, the verdicts, the mechanism and boundary summaries, the
 *    settings that drew the intervals and the SHA-256 of every input file,
 *    all at full precision;
 *  - a published page: the Markdown page `pairboot report` writes, or a
 *    plain-text copy of the wiki article with tab-separated tables, in any
 *    language.  Three tables are found in it, each by its header row: the
 *    comparison table ("Comparison with `20` | Series 1, difference and 95%
 *    CI | ... | Conclusion"), the mechanism table ("State | Registration |
 *    MMCSS state | Win32 priority of one thread | ETW priority of one
 *    thread") and the value-handling table ("Written | Observed state after
 *    boot | Result").  Everything else in the page is ignored.
 *
 * The words of a page are not built in: the caller passes a vocabulary of
 * phrases (pub_phrase) in every language it knows, taken from the same
 * translation catalogs the pages are rendered from, so a new language needs
 * no change here.  A phrase is a template: "%s" stands for any text (which
 * is captured), and so does "%zu" (a count), "%%" for '%'; every other
 * byte must match.  A conclusion cell is a conclusion phrase, or a
 * PUB_CONCLUSION_WITH_SERIES template whose first piece is one (the list
 * of each series' verdict that follows is not read).
 *
 * Reading is strict once a table has begun: a header row whose first cell
 * is recognised must have recognised cells throughout, and every row up to
 * the end of the table (a line that is not a table row) must have as many
 * cells as the header and cells that parse.  Each problem is reported as
 * FILE:LINE:COL (COL the 1-based byte column of the cell) and makes the
 * read fail with PB_DATAERR.  Backticks (code spans) are optional around
 * any cell content; Markdown backslash escapes are undone.
 *
 * Numbers are kept with the number of decimals they were published with,
 * so they can be compared at the published precision. */
#ifndef PAIRBOOT_PUBLISHED_H
#define PAIRBOOT_PUBLISHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/state.h"

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
	PUB_CONCEPTS
} pub_concept;

/* One phrase in one language.  Borrowed strings. */
typedef struct pub_phrase {
	pub_concept concept;
	const char *code;      /* what it means, where a concept has several
				  meanings; else NULL */
	const char *lang;      /* "en", "de", ... */
	const char *text;      /* the template */
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
	size_t tables;         /* tables recognised (a page) */
} published;

/* Reads PATH, a results.json or a published page, with the vocabulary
 * VOCAB (N_VOCAB phrases, borrowed until published_free).  Problems go to
 * D with FILE:LINE:COL.  Returns PB_OK and a new *OUT (free with
 * published_free); PB_NOINPUT when PATH cannot be opened, PB_DATAERR for a
 * malformed file or a page without any of the three tables, PB_IOERR,
 * PB_NOMEM.  *OUT is NULL on error. */
pb_status published_read(const char *path, const pub_phrase *vocab,
			 size_t n_vocab, diag *d, published **out);

/* The same from LEN bytes of TEXT (NUL bytes are an error), named PATH in
 * messages. */
pb_status published_parse(const char *path, const char *text, size_t len,
			  const pub_phrase *vocab, size_t n_vocab, diag *d,
			  published **out);

void published_free(published *p);

/* Matches TEXT against the template TMPL (see above; a "%zu" count is
 * taken as any piece, like "%s").  On a match returns true and, when CAPS
 * is not NULL, stores up to MAX_CAPS captured pieces as new strings (the
 * caller free()s each; unused entries are set to NULL). */
bool pub_template_match(const char *tmpl, const char *text, char **caps,
			size_t max_caps);

#endif
