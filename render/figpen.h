/* figpen.h: what every figure is drawn from and with.
 *
 * A figure is drawn by a function of the form
 *     pb_status fig_NAME_draw(cairo_t *cr, const fig_input *in,
 *                             double width, fig_result *res);
 * onto a cairo_t it is given, its top-left corner at the user-space origin,
 * WIDTH points wide; it reports the height it used in RES, so the caller
 * can size the surface (draw once on a recording surface to measure, then
 * again on the real one; the measuring drawing may leave out the marks of
 * the data, see fig_pen_set_measuring).  One drawing thus serves PDF,
 * SVG, PNG and the image surfaces of the tests.
 *
 * The fig_pen bundles what the drawing code needs: the cairo_t, the Pango
 * text of the page's language, the translations, and the first failure.
 * Failures are sticky, as in cairo: drawing goes on, and the status and a
 * message come out of fig_pen_end once. */
#ifndef PAIRBOOT_FIGPEN_H
#define PAIRBOOT_FIGPEN_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "analyze/analysis.h"
#include "common/numtext.h"
#include "common/status.h"
#include "ingest/study.h"
#include "render/axis.h"
#include "render/style.h"

typedef struct fig_input {
	const study *s;        /* the study, only read */
	const analysis *a;     /* its analysis, only read */
	const char *lang;      /* "en", "de", "cs", "ko" */
} fig_input;

/* Room for any number fig_number writes. */
#define FIG_NUMBUF (NUMTEXT_BUFSIZE + 4)

/* Markers recorded for tests: where each was drawn. */
#define FIG_MARKS 64

typedef struct fig_mark {
	double x, y;           /* centre, points from the figure origin */
	size_t series;         /* index into plan.series */
} fig_mark;

/* Shapes recorded for tests: the extent of each density drawn behind an
 * interval (its bounding box: a density drawn upright, as the paired
 * figure draws it, has its baseline at x0). */
typedef struct fig_shape {
	double x0, x1;         /* left and right end, points */
	double y_base, y_top;  /* its baseline and its highest point */
	size_t series;         /* index into plan.series */
} fig_shape;

/* What a drawing did: its size, and enough geometry for tests to check
 * pixels against independently computed positions. */
typedef struct fig_result {
	double height;         /* points used below the origin */
	bool empty;            /* a message stands in for the data */
	double x0, y0, x1, y1; /* the (first) plot area */
	bool has_axis;
	axis_scale axis;       /* the value axis of that plot area */
	size_t n_marks;        /* markers drawn (more than FIG_MARKS are
				  counted, not kept) */
	fig_mark marks[FIG_MARKS];
	size_t n_clipped;      /* intervals cut at an end of the axis */
	size_t n_shapes;       /* densities drawn (more than FIG_MARKS are
				  counted, not kept) */
	fig_shape shapes[FIG_MARKS];
	bool has_panel2;       /* a second plot area beside the first (the
				  paired figure's differences) */
	double px0, py0, px1, py1; /* that area, in the first row */
	double anchor;         /* the value of the first axis at which the
				  second's 0 lies */
	bool zoomed;           /* the second area has an axis of its own,
				  AXIS2, of differences (its 0 need not lie
				  at ANCHOR's height) */
	axis_scale axis2;
	bool has_band2;        /* the dashed edges of the band +-T in the
				  second area, in the first row: */
	double band_lo_y, band_hi_y;   /* their heights, -T and +T */
	size_t n_lines;        /* lines joining the two runs of one block */
	char message[320];     /* why the drawing failed, when it did */
	char alt[800];         /* the title and description of the SVG file
				  of a figure no page shows (the plan's),
				  set by fig_result_describe; else "" */
} fig_result;

/* Sets RES's alt text to TITLE and SUB, "TITLE. SUB.", cut at a
 * character when longer than it holds. */
void fig_result_describe(fig_result *res, const char *title,
			 const char *sub);

/* Records X0..X1 by Y0..Y1 as RES's (first) plot area. */
void fig_result_plot(fig_result *res, double x0, double x1, double y0,
		     double y1);

typedef struct fig_pen {
	cairo_t *cr;
	style_text *text;
	const fig_input *in;
	fig_result *res;
	pb_status status;      /* sticky: the first failure */
	bool measuring;        /* only the height is wanted (see
				  fig_pen_set_measuring) */
} fig_pen;

/* Marks CR as drawn on only to measure a figure's height, as
 * figfile_measure does before every figure it puts in a file: a drawing on
 * it may leave out what cannot change the height, the marks of the data.
 * A figure of 10,000 boots is thus not drawn a second time only to learn
 * how tall it is.  When cairo cannot keep the mark (out of memory), the
 * figure is drawn whole, which measures the same. */
void fig_pen_set_measuring(cairo_t *cr);

/* Starts drawing onto CR from IN, clearing *RES; p->measuring tells
 * whether CR was marked by fig_pen_set_measuring.  PB_NOMEM. */
pb_status fig_pen_begin(fig_pen *p, cairo_t *cr, const fig_input *in,
			fig_result *res);

/* Ends drawing: frees the text context and returns the first failure of
 * the drawing (its message in res->message): a missing translation
 * (PB_SOFTWARE: the build checks every string is translated), text the
 * pinned fonts cannot show (PB_CANTCREAT), an error of cairo
 * (PB_NOMEM or PB_CANTCREAT), out of memory. */
pb_status fig_pen_end(fig_pen *p);

/* Records a failure with a printf-style message (the first one wins). */
void fig_pen_fail(fig_pen *p, pb_status st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* MSGID in the page's language (render/i18n.h).  A missing translation is
 * recorded as a failure and MSGID is returned, so drawing can go on. */
const char *fig_tr(fig_pen *p, const char *msgid);

/* The same for MSGID in context CTX (gettext's msgctxt). */
const char *fig_trc(fig_pen *p, const char *ctx, const char *msgid);

/* The figures' words are looked up through tr() and trc(), the names
 * xgettext extracts (--keyword=tr:2 --keyword=trc:2c,3, as for the
 * Markdown page), so every figure string lands in po/pairboot.pot. */
static inline const char *tr(fig_pen *p, const char *msgid)
{
	return fig_tr(p, msgid);
}

static inline const char *trc(fig_pen *p, const char *ctx,
			      const char *msgid)
{
	return fig_trc(p, ctx, msgid);
}

/* FORMAT (already translated: pass tr(p, "...")) formatted with the
 * arguments; glibc printf, so translators may reorder with %1$s.  The
 * result belongs to the caller (g_free). */
char *fig_printf(const char *format, ...);

/* The number NUMBER followed by its UNIT as the page of the same language
 * joins them (render/mdpage.h's mdpage_qty, the catalog's "number and
 * unit"): a NO-BREAK SPACE in German and Czech.  The result belongs to
 * the caller (g_free). */
char *fig_qty(fig_pen *p, const char *number, const char *unit);

/* The same with each %zu and %lu count grouped as the page of the same
 * language groups digits (common/numtext.h; none with `decimal =
 * point`). */
__attribute__((format(printf, 2, 3)))
char *fig_count_printf(const fig_pen *p, const char *format, ...);

/* What was measured, in the figure's language: study.ini's `metric`, or
 * the statistic and the column ("p99 of latency_us per boot").  The
 * result belongs to the caller (g_free). */
char *fig_metric(fig_pen *p, const study_plan *plan);

/* Room for a state's display form in a figure; a longer name is cut at a
 * character boundary. */
#define FIG_STATE_BUFSIZE 256

/* The display form of state ST into BUF (SIZE bytes), which it returns: as
 * the study spells it, "missing" translated as on the Markdown page.  The
 * text is drawn as plain text (never Pango markup). */
const char *fig_state(fig_pen *p, pb_state st, char *buf, size_t size);

/* The same for a title or a legend's sentence ("difference from state
 * %s"): a missing value's word quoted as the state's name (the context
 * "state in a sentence"), as the pages name it. */
const char *fig_state_named(fig_pen *p, pb_state st, char *buf,
			    size_t size);

/* Draws the label TEXT (a state's name, say) in FONT within WIDTH points,
 * placed by ANCHOR at (X, Y) as style_text_show places it: on one line
 * when it fits; otherwise wrapped at blanks into at most MAX_LINES lines
 * (the last one ellipsized), each line aligned by ANCHOR, the block
 * centred on Y for ANCHOR_MIDDLE and below Y for ANCHOR_TOP.  A name with
 * blanks thus stays whole where one line would cut it.  Returns the
 * height drawn. */
double fig_label(fig_pen *p, style_font font, const char *text, double x,
		 double y, int anchor, double width, int max_lines,
		 style_rgb colour);

/* The name of series SERIES of PLAN, as the Markdown page writes it
 * (render/studytext.h: its label in the figure's language, or the
 * language's default name, "Serie 1", "시리즈 1").  The result belongs to
 * the caller (g_free). */
char *fig_series_name(fig_pen *p, const study_plan *plan, size_t series);

/* VALUE with DECIMALS decimals, signed when PLUS, minus typeset as U+2212,
 * with the decimal mark of the figure's language (fig_decimal_mark); ""
 * for a value that is not finite. */
char *fig_number(const fig_pen *p, double value, int decimals, bool plus,
		 char *buf, size_t size);

/* The number BUF, written with a '.', changed to the decimal mark the
 * Markdown page of the same language uses: the catalog's "decimal mark",
 * unless the study says `decimal = point`. */
void fig_decimal_mark(const fig_pen *p, char *buf);

/* The place of latency series SERIES among the plan's latency series
 * (0-based): its colour and marker in every figure. */
size_t fig_series_rank(const study_plan *plan, size_t series);

/* The latency series that have comparisons, in plan order, as a new array
 * (free()) of *N indices into plan.series; NULL when out of memory. */
size_t *fig_compared_series(const fig_input *in, size_t *n);

/* The display name of interval method M ("percentile bootstrap"),
 * translated. */
const char *fig_method_name(fig_pen *p, interval_method m);

/* Decimals for values in the study's unit: as many as the threshold was
 * written with (1.784 -> 3), at most 6. */
int fig_decimals(const study_plan *plan);

/* Draws an arrowhead with its tip at (X, Y) pointing right (DIR > 0) or
 * left (DIR < 0), LEN points long, in the current source. */
void fig_arrowhead(cairo_t *cr, double x, double y, int dir, double len);

/* Records a marker at (X, Y) of SERIES for the tests. */
void fig_mark_add(fig_result *res, double x, double y, size_t series);

/* Records SHAPE in RES. */
void fig_shape_add(fig_result *res, const fig_shape *shape);

/* Draws a "nothing to show" figure: TITLE and MESSAGE centred in a box
 * WIDTH wide.  Sets res->empty and res->height. */
void fig_draw_message(fig_pen *p, const char *title, const char *message,
		      double width);

/* fig_draw_message with the message of a study that has nothing to
 * compare: no measurement series, or no state besides the reference. */
void fig_draw_nothing_to_compare(fig_pen *p, const char *title, double width);

/* The ticks a value axis aims at. */
#define FIG_VALUE_TICKS 5

/* The value axis of a figure whose values span *LO..*HI when HAVE (both
 * are read only then): true with it in the result's axis (has_axis set);
 * false after drawing, under TITLE, the box of a figure with nothing to
 * compare (!HAVE), or failing P when the span makes no axis ("the WHAT
 * values of STUDY are too large to draw"). */
bool fig_value_axis(fig_pen *p, bool have, const double *lo,
		    const double *hi, const char *title, double width,
		    const char *what);

#endif
