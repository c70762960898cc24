/* figkind.h: the kinds of figure a report has: their names, whether a
 * study has data for each, and drawing or measuring one onto any cairo_t.
 *
 * Both the figure files (render/figures.h) and the PDF report
 * (render/pdf_report.h) place these figures; this module is the part they
 * share, so that neither depends on the other. */
#ifndef PAIRBOOT_FIGKIND_H
#define PAIRBOOT_FIGKIND_H

#include <stdbool.h>

#include <cairo.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/figpen.h"

typedef enum fig_kind {
	FIG_INTERVAL,
	FIG_BOOTS,
	FIG_MECHANISM
} fig_kind;

#define FIG_KINDS 3

/* "interval", "boots", "mechanism": the figure's file name stem. */
const char *figkind_name(fig_kind k);

/* Whether study S with analysis A has data for figure K (comparisons for
 * interval and boots, mechanism boots for mechanism).  Figures without
 * data are not written. */
bool figkind_has(fig_kind k, const study *s, const analysis *a);

/* Draws figure K (see render/figpen.h for the contract). */
pb_status figkind_draw(fig_kind k, cairo_t *cr, const fig_input *in,
		       double width, fig_result *res);

/* Draws figure K on a recording surface to learn its height and geometry,
 * without output.  Errors as for figkind_draw. */
pb_status figkind_measure(fig_kind k, const fig_input *in, double width,
			  fig_result *res);

/* Figure K of IN, for render/figfile.h (a figfile_figure whose what is a
 * fig_kind_input). */
typedef struct fig_kind_input {
	fig_kind k;
	const fig_input *in;
} fig_kind_input;

pb_status figkind_draw_kind(cairo_t *cr, const void *what, double width,
			    fig_result *res);

#endif
