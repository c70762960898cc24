/* latency.h: reading one per-boot latency CSV.
 *
 * A latency file holds one row per measurement period.  Its header must
 * name the study's column (study.ini `column`, e.g. latency_us); each value
 * there must be a finite number written with a '.' (see numparse.h), and
 * >= 0 unless the study allows negative values (study.ini allow_negative).
 * An optional `period` column must hold integers that strictly increase, so
 * a file pasted together twice or reordered is caught.  Other columns are
 * ignored.  The CSV rules (BOM, CRLF, quoting, positions) are csvread's.
 *
 * A study that chooses its rows (study.ini `filter`, `missing`,
 * `missing_limit`: latency_read_file_rules) uses only the rows every
 * condition of its filter holds for, and counts a kept row whose value is
 * a missing token as missing rather than refusing it. */
#ifndef PAIRBOOT_LATENCY_H
#define PAIRBOOT_LATENCY_H

#include <stdbool.h>
#include <stddef.h>

#include "common/diag.h"
#include "common/digest.h"
#include "common/status.h"
#include "ingest/study.h"

/* Reads the latency file at PATH (named DISPLAY in messages) and returns in
 * *VALUES the N values of COLUMN in file order, as written (not scaled).
 * On PB_OK, *VALUES holds N >= 1 values and belongs to the caller, who
 * frees it with free().  On any other status *VALUES is NULL and *N is 0;
 * every problem found went to D: PB_DATAERR for bad data (a missing column,
 * a bad value, a period that does not increase, a file with no periods),
 * PB_NOINPUT when the file cannot be opened, PB_IOERR, PB_NOMEM. */
pb_status latency_read_file(const char *path, const char *display,
			    const char *column, diag *d, double **values,
			    size_t *n);

/* What a header without the study's column held, for a caller that says
 * it once for all files rather than once per file. */
typedef struct latency_header {
	bool column_missing;     /* the header lacks the column */
	bool filter_missing;     /* it lacks a column the filter tests
				    (latency_read_file_rules) */
	char filter_column[128]; /* the first such column, quoted */
	size_t line, col;        /* where the header starts, when missing */
	char found[256];         /* its first names, quoted: "'a', 'b', ..." */
} latency_header;

/* As latency_read_file, and hashes the file into DS (NULL: no hashing)
 * in the same pass, as csvread_file_hashed does.  When HDR is not NULL, a
 * missing column is not reported to D but in *HDR (the status is still
 * PB_DATAERR); other problems go to D as usual.  ALLOW_NEGATIVE: values
 * below 0 are data, not errors. */
pb_status latency_read_file_hashed(const char *path, const char *display,
				   const char *column, bool allow_negative,
				   diag *d,
				   double **values, size_t *n,
				   digest_stream *ds, latency_header *hdr);

/* Which rows of a file are used (study.ini `filter`, `missing` and
 * `missing_limit`, ingest/rowfilter.h); the plan's, borrowed. */
typedef struct latency_rules {
	const plan_condition *filter;   /* every one must hold */
	size_t n_filter;
	char *const *missing;           /* tokens that mean "no value" */
	size_t n_missing;
	uint32_t missing_limit;         /* parts per million of kept rows */
} latency_rules;

/* What became of a file's rows: ROWS data rows read, FILTERED of them
 * removed by the filter, MISSING of those kept holding a missing token;
 * the values returned are the rest. */
typedef struct latency_counts {
	size_t rows, filtered, missing;
} latency_counts;

/* The rules of plan P. */
latency_rules latency_rules_of(const study_plan *p);

/* As latency_read_file_hashed, using only the rows RULES keep (NULL: all)
 * and counting them into *COUNTS (may be NULL).  A filter column missing
 * from the header is an error at the header (in *HDR, as a missing
 * column, when HDR is not NULL); a file whose rows the filter
 * removes all, whose kept rows are all missing, or whose missing rows are
 * a larger share of its kept rows than the limit, is an error at its
 * header naming the counts (PB_DATAERR). */
pb_status latency_read_file_rules(const char *path, const char *display,
				  const char *column, bool allow_negative,
				  const latency_rules *rules, diag *d,
				  double **values, size_t *n,
				  digest_stream *ds, latency_header *hdr,
				  latency_counts *counts);

/* As latency_read_buffer, with RULES and COUNTS. */
pb_status latency_read_buffer_rules(const char *buf, size_t len,
				    const char *display, const char *column,
				    const latency_rules *rules, diag *d,
				    double **values, size_t *n,
				    latency_counts *counts);

/* As latency_read_file over LEN bytes at BUF, fed to the CSV parser in
 * pieces of CHUNK bytes (0: whole), for tests; ALLOW_NEGATIVE as for
 * latency_read_file_hashed. */
pb_status latency_read_buffer(const char *buf, size_t len,
			      const char *display, const char *column,
			      bool allow_negative, size_t chunk, diag *d,
			      double **values,
			      size_t *n);

#endif
