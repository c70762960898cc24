/* sumfile.h: run summaries, the per-run rows `pairboot summarize` writes.
 *
 * Reading a latency CSV is the only step of a report whose cost grows with
 * the number of periods.  A summary reduces each boot's CSV to one row,
 *
 *     run,latency,sha256,bytes,periods,column,scale,statistic,value
 *     s1-b01-0,latency/s1-b01-0.csv,3f5a...,32155,2500,latency_us,0.001,p99,19.0234
 *
 * the run id, the latency path runs.csv gives it, the SHA-256 and size of
 * that file, its number of periods, the plan the statistic was computed
 * under (column, scale written so it reads back to the same double,
 * statistic name) and the statistic itself (in the study's unit, with 17
 * significant digits: it reads back to the very same double).  Rows may
 * come in any order, so the summaries of several machines are merged by
 * concatenating them under one header.
 *
 * A study folder that holds a summary under the name SUMFILE_NAME is read
 * with it.  A run listed there whose latency CSV is in the folder is read
 * from that CSV as usual, and its row must agree with the file: the same
 * SHA-256, size, periods and statistic (sumfile_check_run), so a summary
 * never changes a number that can be recomputed.  A run whose latency CSV
 * is absent takes its statistic, periods and latency digest from its row;
 * the study then counts it as taken from the summary and lists the summary
 * among its inputs, so the study digest tells such a report from one of
 * the raw data (docs/study-format.md, "Run summaries"). */
#ifndef PAIRBOOT_SUMFILE_H
#define PAIRBOOT_SUMFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <glib.h>

#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"

#define SUMFILE_NAME "pairboot-summary.csv"

/* Where a field of a row starts in the summary, for messages. */
typedef struct sum_cell {
	size_t line, col;
} sum_cell;

typedef struct sum_row {
	char *run;             /* run id */
	char *latency;         /* latency path as runs.csv gives it */
	char sha256[65];       /* of the latency file */
	uint64_t bytes;        /* its size */
	size_t periods;        /* >= 1 */
	double value;          /* the statistic, in the study's unit */
	size_t line;           /* where the row starts in the summary */
	sum_cell sha256_at, bytes_at, periods_at, value_at;
	bool used;             /* matched to a run of runs.csv */
} sum_row;

typedef struct sumfile sumfile;

/* Reads the summary at PATH (DISPLAY in messages) made for PLAN: a row whose
 * column, scale or statistic differs from PLAN's is an error (the summary
 * is stale), as are a missing header column, a bad number or digest, and a
 * run listed twice.  Returns PB_OK and a new sumfile in *OUT (free with
 * sumfile_free); else *OUT is NULL and the status is PB_DATAERR, PB_NOINPUT,
 * PB_IOERR or PB_NOMEM, every problem reported to D. */
pb_status sumfile_read(const char *path, const char *display,
		       const study_plan *plan, diag *d, sumfile **out);

/* The row of run RUN, or NULL.  Safe from several threads at once. */
sum_row *sumfile_find(const sumfile *f, const char *run);

/* Every row, in file order, for the check that each was used. */
size_t sumfile_count(const sumfile *f);
sum_row *sumfile_row(const sumfile *f, size_t i);

void sumfile_free(sumfile *f);

/* The SHA-256 and size of the summary file as it was read, hashed in the
 * pass that parsed it. */
const char *sumfile_sha256(const sumfile *f);
uint64_t sumfile_bytes(const sumfile *f);

/* Checks ROW of the summary DISPLAY against what reading its run's latency
 * file gave: the file's SHA256 and BYTES, its PERIODS and the statistic
 * VALUE (named STATISTIC in messages).  Each field that differs is an
 * error at its cell; a digest that differs is told alone, since the rest
 * then differs for that reason.  Returns PB_OK or PB_DATAERR. */
pb_status sumfile_check_run(const sum_row *row, const char *display,
			    const char *sha256, uint64_t bytes,
			    size_t periods, double value,
			    const char *statistic, diag *d);

/* A summary row holds a file's statistic and periods, not the rows a
 * plan's `filter` removed nor those `missing` counted, which the pages
 * and results.json report: a study whose plan gives either is neither
 * summarized nor read with a summary.  Returns PB_OK for a plan that
 * gives neither; else PB_DATAERR, said to D at the key of study.ini
 * (named INI) when SUMMARY is NULL, else at the summary SUMMARY. */
pb_status sumfile_plan_refuses(const study_plan *plan, const char *ini,
			       const char *summary, diag *d);

/* Appends the header line of a summary (its column names and a '\n') to
 * OUT: the line the reader expects and render/sumfile.c writes. */
void sumfile_header(GString *out);

#endif
