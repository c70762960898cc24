/* fig_builddiff.h: the figure of a comparison of two builds.
 *
 * A forest plot in the conventions of the study's interval plot
 * (render/fig_interval.h): one row per compared state, and within it, for
 * each series pair, the old build's effect (ring marker, dashed whisker)
 * above the new build's (filled marker, solid whisker), each the mean
 * paired difference from the reference with its interval by the study's
 * pre-registered method, and below both the change the verdict is about,
 * new minus old, with its unpaired interval (in ink, its value marked
 * "Δ"); 0, the old plan's threshold band (-T, +T), against which the
 * change is judged, the values beside each interval, and which side is
 * worse.  Both builds are drawn in their series' colour made dark enough
 * for 3:1 against white and the band (style_mark_colour).  Intervals
 * reaching far beyond the rest are cut at the axis end with an arrowhead,
 * as there.
 *
 * fig_builddiff_write() puts it into the comparison's folder as
 * compare.<lang>.svg, compare.<lang>.png and compare.<lang>.pdf (a single
 * page the size of the figure, its date fixed as the report PDF's is), so
 * the same inputs give the same bytes. */
#ifndef PAIRBOOT_FIG_BUILDDIFF_H
#define PAIRBOOT_FIG_BUILDDIFF_H

#include <cairo.h>

#include "analyze/analysis.h"
#include "analyze/builddiff.h"
#include "common/diag.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/figfile.h"
#include "render/figpen.h"
#include "render/outdir.h"

/* What the figure is drawn from; everything is only read. */
typedef struct fig_builddiff_input {
	const study *os, *ns;
	const analysis *oa, *na;
	const builddiff_result *c;
	const char *lang;
} fig_builddiff_input;

/* Draws the figure onto CR, WIDTH points wide, its top-left corner at the
 * origin; height, plot area, axis and markers (old, new and change of each
 * series pair, in row order) in *RES.  Without compared states it draws a
 * message instead.  Errors: as fig_pen_end() (a missing translation, text
 * the fonts cannot show, a cairo error), PB_DATAERR for values too large to
 * draw. */
pb_status fig_builddiff_draw(cairo_t *cr, const fig_builddiff_input *in,
			   double width, fig_result *res);

/* Renders the figure of IN as FORMAT (FIG_SVG, FIG_PNG or FIG_PDF of
 * render/figfile.h) through WRITE with CLOSURE; a PDF is dated by
 * pdf_report_date() of the new study and SOURCE_DATE_EPOCH (the value of
 * that environment variable, or NULL).  A failure goes to D, named by the
 * file NAME it was meant for.  Errors: those of fig_builddiff_draw,
 * PB_IOERR, PB_NOMEM. */
pb_status fig_builddiff_send(const fig_builddiff_input *in, unsigned format,
			   const char *source_date_epoch, const char *name,
			   cairo_write_func_t write, void *closure, diag *d);

/* Writes compare.<lang>.svg, .png and .pdf of IN into the folder O, as
 * fig_builddiff_send renders them.  Problems go to D, named by the file. */
pb_status fig_builddiff_write(const fig_builddiff_input *in,
			    const char *source_date_epoch, outdir *o,
			    diag *d);

/* As fig_builddiff_write, the SVG titled and described by ALT, the
 * figure's alt text on the page (plain text; NULL: neither). */
pb_status fig_builddiff_write_alt(const fig_builddiff_input *in,
				  const char *source_date_epoch,
				  const char *alt, outdir *o, diag *d);

#endif
