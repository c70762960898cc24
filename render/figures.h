/* figures.h: the figures of a report and the files they go into.
 *
 * Three figures, each drawn by its own module onto any cairo_t:
 *   interval    the forest plot of differences and intervals
 *               (render/fig_interval.h)
 *   boots       every accepted boot, paired by block (render/fig_boots.h)
 *   mechanism   priorities and registrations per state
 *               (render/fig_mechanism.h), only for studies with a
 *               mechanism series
 * figures_write() puts them into a report folder as DIR/<figure>.<lang>.svg
 * and .png, and the PDF report (render/pdf_report.h) as
 * DIR/report.<lang>.pdf.
 *
 * The bytes are the same on every run with the same cairo, Pango and font
 * files: no time stamps (PDF dates are fixed, see pdf_report.h), SVG ids
 * renumbered in order of appearance (cairo numbers them from a counter
 * global to the process), fonts pinned by name (render/style.h). */
#ifndef PAIRBOOT_FIGURES_H
#define PAIRBOOT_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>
#include <glib.h>
#include <jansson.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/figfile.h"
#include "render/figkind.h"
#include "render/figpen.h"
#include "render/outdir.h"
#include "render/pagedoc.h"

/* The output formats FIG_PDF (report.<lang>.pdf), FIG_SVG
 * (<figure>.<lang>.svg) and FIG_PNG (<figure>.<lang>.png) are a bit set
 * of render/figfile.h. */

/* Renders figure K of IN, STYLE_FIGURE_WIDTH points wide, as FORMAT
 * (FIG_SVG or FIG_PNG at STYLE_PNG_SCALE pixels a point) through WRITE
 * with CLOSURE.  On failure MESSAGE (SIZE bytes) says why: PB_IOERR when a
 * write failed, PB_NOMEM, PB_CANTCREAT (text the fonts cannot show, a
 * cairo error), PB_SOFTWARE (a missing translation, a bad FORMAT). */
pb_status figures_render(fig_kind k, unsigned format, const fig_input *in,
			 cairo_write_func_t write, void *closure,
			 char *message, size_t size);

/* Draws every figure of study S and its analysis A in language LANG in
 * the formats FORMATS asks for (bit set of FIG_PDF, FIG_SVG, FIG_PNG) into
 * the report folder O: report.<lang>.pdf, <figure>.<lang>.svg and
 * <figure>.<lang>.png.  The PDF shows PAGE, the page in LANG as
 * markdown_render_doc made it (NULL: it is made for the PDF).  S, A and
 * PAGE are only read.  The PDF's date is
 * pdf_report_date() of SOURCE_DATE_EPOCH (the value of that environment
 * variable, which the command reads, or NULL).  Problems go
 * to D, named by the output file.  Errors: PB_CANTCREAT (fonts missing,
 * text the pinned fonts cannot show, a cairo error), PB_IOERR (writing
 * failed), PB_NOMEM, PB_SOFTWARE (unknown language, missing translation),
 * PB_DATAERR (values too large to draw). */
pb_status figures_write(const study *s, const analysis *a, const char *lang,
			const pagedoc *page, unsigned formats,
			const char *source_date_epoch, outdir *o, diag *d);

/* figures_write with each file's name after PREFIX
 * ("powerplan-boots.en.svg", "powerplan-report.en.pdf" for "powerplan-"):
 * the figures of several studies in one flat upload area of a wiki
 * (`pairboot site`, `report --figure-prefix`). */
pb_status figures_write_prefixed(const study *s, const analysis *a,
				 const char *lang, const pagedoc *page,
				 unsigned formats,
				 const char *source_date_epoch,
				 const char *prefix, outdir *o, diag *d);

/* As figures_write_prefixed, the PDF report holding the paired figure
 * of each of the N_PAIRED states PAIRED (render/pdf_report.h) after the
 * per-boot figure. */
pb_status figures_write_report(const study *s, const analysis *a,
			       const char *lang, const pagedoc *page,
			       unsigned formats, const char *source_date_epoch,
			       const char *prefix, const size_t *paired,
			       size_t n_paired, outdir *o, diag *d);

/* Draws the paired figure (render/fig_paired.h) of each of the N_STATES
 * STATES (indices into s->plan.states, none the reference) of S and A in
 * language LANG into O, as PREFIX<stem>.<lang>.svg and .png when FORMATS
 * asks for FIG_SVG and FIG_PNG (the stem from fig_paired_stem).  Errors
 * as figures_write's. */
pb_status figures_write_paired(const study *s, const analysis *a,
			       const char *lang, const size_t *states,
			       size_t n_states, unsigned formats,
			       const char *prefix, outdir *o, diag *d);

/* The renderer's versions for results.json, as a new object (the caller
 * json_decref()s it):
 *   { "cairo": "1.16.0", "pango": "1.50.12",
 *     "fonts": [ { "family", "style", "path", "sha256", "bytes" }, ... ] }
 * Problems (a pinned font not installed) go to D.  Errors: PB_CANTCREAT,
 * PB_NOMEM. */
pb_status figures_versions_json(diag *d, json_t **out);

#endif
