/* pdf_report.h: the multi-page A4 PDF report of a study in one language.
 *
 * Page 1 is a title page: the study's title, build, platform, the dates of
 * its boots (earliest and latest `started` of the runs), the analysis
 * settings, the input digest, the plan digest and whether it was
 * registered, and the versions of pairboot, cairo and Pango.  Then the
 * page of the same language, rendered once for the Markdown file and the
 * PDF alike (render/pagedoc.h), block by block, its inline Markdown as
 * plain text (render/mdplain.h), set as headings, paragraphs, lists and
 * tables, with the figures
 * (render/figures.h) after the sections they belong to, found by the
 * sections' ids: the interval and per-boot plots after the comparison
 * table, the mechanism figure after the mechanism table.  Each section
 * heading is a bookmark.
 *
 * Reproducible bytes: the PDF's creation and modification dates are fixed
 * (see pdf_report_date), cairo's only source of change between runs.  (cairo
 * 1.16 writes the date without the "D:" prefix of PDF dates, as
 * 20260825100000Z; readers such as poppler accept it, and a "D:" given to
 * cairo would make it drop the date altogether.)  The Producer entry names
 * the cairo version, so PDFs from machines with another cairo differ. */
#ifndef PAIRBOOT_PDF_REPORT_H
#define PAIRBOOT_PDF_REPORT_H

#include <cairo.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/pagedoc.h"

/* A4 in points. */
#define PDF_PAGE_WIDTH 595.276
#define PDF_PAGE_HEIGHT 841.890

/* The date written into the PDF, as ISO 8601 UTC "YYYY-MM-DDTHH:MM:SSZ"
 * into BUF (at least 21 bytes): SOURCE_DATE_EPOCH (the value of that
 * environment variable, or NULL) when it is a decimal number of seconds
 * from 0 to 253402300799 (9999-12-31T23:59:59Z); else the latest `started`
 * time of the study's runs; else the empty string, never a made-up date
 * (cairo 1.16 leaves out a date it is given empty).  Returns BUF. */
char *pdf_report_date(const study *s, const char *source_date_epoch,
		      char *buf, size_t size);

/* Writes the PDF report of study S and analysis A in language LANG
 * through WRITE with CLOSURE, the date from pdf_report_date(S,
 * SOURCE_DATE_EPOCH).  PAGE is the page of S in LANG as
 * markdown_render_doc made it, or NULL, and then it is made here.  S, A
 * and PAGE are only read.  On failure MESSAGE (SIZE
 * bytes) says why: PB_IOERR when a write failed, PB_NOMEM, PB_CANTCREAT
 * (text the pinned fonts cannot show, a cairo error), PB_SOFTWARE (unknown
 * language, missing translation), PB_DATAERR (values too large to draw). */
pb_status pdf_report_render(const study *s, const analysis *a,
			    const char *lang, const pagedoc *page,
			    const char *source_date_epoch,
			    cairo_write_func_t write, void *closure,
			    char *message, size_t size);

/* As pdf_report_render, with the paired figure (render/fig_paired.h) of
 * each of the N_PAIRED plan states PAIRED (none of them the reference)
 * after the per-boot figure, in that order. */
pb_status pdf_report_render_paired(const study *s, const analysis *a,
				   const char *lang, const pagedoc *page,
				   const char *source_date_epoch,
				   const size_t *paired, size_t n_paired,
				   cairo_write_func_t write, void *closure,
				   char *message, size_t size);

#endif
