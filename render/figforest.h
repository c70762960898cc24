/* figforest.h: the frame of a forest plot, shared by the study's interval
 * plot (render/fig_interval.h) and the comparison of two builds
 * (render/fig_builddiff.h).
 *
 * A forest plot reads top to bottom: title, subtitle and legend; the
 * column heads ("state", the values' heading); one row per state, its
 * label on the left, whiskers and markers on the value axis in the
 * middle, the printed values on the right; then the x axis, its label,
 * and which side is worse.  The threshold band (-T, +T), grid lines and 0
 * stand behind the rows.  The axis shows 0, the band and every estimate,
 * and interval ends as far as FOREST_REACH widths of those beyond them:
 * a whisker reaching further is cut at the axis end with an arrowhead.
 * The figure modules say what the rows hold; everything here is the same
 * for both. */
#ifndef PAIRBOOT_FIGFOREST_H
#define PAIRBOOT_FIGFOREST_H

#include <stdbool.h>
#include <stddef.h>

#include "analyze/density.h"
#include "render/figpen.h"

/* Layout, in points. */
#define FOREST_ROW_PAD 5.0       /* above and below the slots of a row */
#define FOREST_COL_GAP 10.0      /* between label, plot and value columns */
#define FOREST_TICK_SPACING 55.0 /* plot width per axis tick, at least */
#define FOREST_MIN_TICKS 3

/* How far interval ends may reach beyond 0, the band and the estimates,
 * in widths of those, before the axis cuts them. */
#define FOREST_REACH 1.5

/* The value range the axis must show, gathered value by value. */
typedef struct forest_range {
	double core_lo, core_hi;   /* 0, -T, +T and the estimates */
	double full_lo, full_hi;   /* and the interval ends */
} forest_range;

/* Room left below the last drawing of a figure. */
#define FOREST_BOTTOM_PAD 4.0

/* Starts a range holding the band (-T, +T) of THRESHOLD. */
void forest_range_init(forest_range *r, double threshold);

/* Adds an estimate (ignored unless finite). */
void forest_range_estimate(forest_range *r, double est);

/* Adds an interval's ends. */
void forest_range_interval(forest_range *r, double lo, double hi);

/* Chooses the ticks of the axis of R for a plot from X0 to X1 into
 * RES->axis.  False when the values cannot be drawn (not finite, or all
 * the same). */
bool forest_axis_fit(const forest_range *r, double x0, double x1,
		     fig_result *res);

/* "+0.625 [-1.111; +2.474]": an estimate and its interval as the pages
 * print them, each number on its true side of 0 and of +-THRESHOLD; "no
 * pairs" without an estimate, "(no interval)" after it without an
 * interval.  A new string (g_free). */
char *forest_value_label(fig_pen *p, bool has_est, double est, bool has_ci,
			 double lo, double hi, int decimals,
			 double threshold);

/* The colour of the printed values of a series drawn in C. */
style_rgb forest_value_colour(style_rgb c);

/* ---- header -------------------------------------------------------- */

/* The words of a forest plot, new strings (forest_words_free). */
typedef struct forest_words {
	char *title, *subtitle, *axis_label, *head;
} forest_words;

/* The subtitle from SUBTITLE (a translated format taking the confidence
 * level and the interval method's name), the axis label and the values'
 * heading of PLAN, into W; its title the caller sets. */
void forest_words_make(fig_pen *p, const study_plan *plan,
		       const char *subtitle, forest_words *w);

void forest_words_free(forest_words *w);

/* Draws TITLE and SUBTITLE WIDTH wide from the top; returns the y where
 * the legend goes. */
double forest_titles(fig_pen *p, const char *title, const char *subtitle,
		     double width);

/* A legend item: its label (a new string, g_free) and its swatch, drawn
 * with its left end at X, centred on CY. */
typedef struct forest_legend_items {
	size_t n;
	char *(*label)(fig_pen *p, size_t i, void *ctx);
	void (*swatch)(fig_pen *p, size_t i, double x, double cy, void *ctx);
	void *ctx;
} forest_legend_items;

/* Lays the legend items out left to right from Y, wrapping at WIDTH;
 * returns the y below the legend, where the column heads go. */
double forest_legend(fig_pen *p, const forest_legend_items *items,
		     double y, double width);

/* Legend swatches: a whisker's stretch of line in C, and the band. */
void forest_swatch_line(fig_pen *p, double x, double cy, style_rgb c);
void forest_swatch_band(fig_pen *p, double x, double cy);
/* The swatch's length, for a marker in its middle. */
#define FOREST_SWATCH_W 14.0

/* "±1.784 ms" as the legend names the band: "practical threshold %s". */
char *forest_threshold_label(fig_pen *p, double threshold, int decimals,
			     const char *unit);

/* ---- columns and rows ------------------------------------------------ */

/* The three columns across WIDTH. */
typedef struct forest_columns {
	double label_w;          /* the state labels */
	double x0, x1;           /* the plot */
	double value_x, value_w; /* the printed values */
} forest_columns;

/* The columns for state labels at most LABEL_W and values at most
 * VALUE_W wide (their widest text), the label column at least as wide as
 * its heading, each within its share of WIDTH. */
void forest_columns_fit(fig_pen *p, double width, double label_w,
			double value_w, forest_columns *col);

/* The widest of the text in FONT. */
double forest_text_width(fig_pen *p, style_font font, const char *text);

/* Draws the column heads ("state", and VALUE_HEAD over the values) at Y;
 * returns the y where the rows start. */
double forest_column_heads(fig_pen *p, const forest_columns *col,
			   const char *value_head, double y);

/* Starts row R (from 0) at TOP, ROW_H high: a rule above every row but
 * the first, and the state's LABEL, wrapped into at most MAX_LINES lines
 * when it does not fit on one (fig_label). */
void forest_row_start(fig_pen *p, const forest_columns *col, size_t r,
		      double top, double row_h, const char *label,
		      int max_lines);

/* The threshold band of THRESHOLD, the grid lines of the axis and 0,
 * behind the plot area from Y0 to Y1. */
void forest_background(fig_pen *p, double threshold,
		       const forest_columns *col, double y0, double y1);

/* One whisker from LO to HI at height Y in C, with end caps CAP_H high
 * (half), or cut at the axis ends with an arrowhead. */
void forest_whisker(fig_pen *p, const forest_columns *col, double lo,
		    double hi, double y, style_rgb c, double cap_h);

/* As forest_whisker, its line dashed by the N_DASH lengths of DASH
 * (cairo_set_dash; N_DASH 0: solid), its caps and arrowheads solid. */
void forest_whisker_dashed(fig_pen *p, const forest_columns *col, double lo,
			   double hi, double y, style_rgb c, double cap_h,
			   const double *dash, int n_dash);

/* The opacity of a density's fill: light, so that the interval, the
 * band and the grid show through it. */
#define FOREST_RIDGE_ALPHA 0.28

/* Bins below this share of the highest are left out at either end of a
 * drawn density: no ink, and a shorter path. */
#define FOREST_RIDGE_FLOOR 0.002

/* The density G as a half-violin in C behind an interval: one filled
 * path whose baseline is Y and whose highest bin reaches HEIGHT above it,
 * cut at the axis ends (a grid reaching beyond the axis is drawn to the
 * axis only), recorded in the result as a shape of SERIES.  Nothing is
 * drawn for a grid of source DENSITY_NONE or one that lies off the
 * axis. */
void forest_ridge(fig_pen *p, const forest_columns *col,
		  const density_grid *g, double y, double height,
		  style_rgb c, size_t series);

/* The part of a density that is drawn on an axis, with the same
 * orientation-free numbers for a ridge lying on a row (forest_ridge) and
 * for one standing upright (render/fig_paired.c). */
typedef struct forest_extent {
	double peak;       /* the highest bin */
	int first, last;   /* the bins at or above FOREST_RIDGE_FLOOR of it */
	double from, to;   /* the values drawn: the first of those bins'
			      centres to the last's, within the axis */
} forest_extent;

/* The extent of G on an axis from LO to HI into *E; false when nothing of
 * it is drawn: a grid of source DENSITY_NONE, one without a positive bin,
 * or one that lies off the axis. */
bool forest_ridge_extent(const density_grid *g, double lo, double hi,
			 forest_extent *e);

/* How a ridge's points are placed: MAP puts value V at density D (0 on
 * the baseline; E->peak is the highest) at (*X, *Y) on the page. */
typedef struct forest_ridge_path {
	void (*map)(const void *ctx, const forest_extent *e, double v,
		    double d, double *x, double *y);
	const void *ctx;
} forest_ridge_path;

/* Fills the density G over its extent E in C (FOREST_RIDGE_ALPHA): one
 * path from the baseline at E->from along the density, through every bin
 * centre between, to the baseline at E->to, its points placed by R.  The
 * box of those points into *BOX: x0 and x1 the least and greatest x,
 * y_top the least y and y_base the greatest (its series is not set). */
void forest_ridge_fill(fig_pen *p, const density_grid *g,
		       const forest_extent *e, const forest_ridge_path *r,
		       style_rgb c, fig_shape *box);

/* ---- footer ---------------------------------------------------------- */

/* How the two stems of the direction arrows are stroked: one path each,
 * or both in one (the files of the two figures differ only so). */
typedef enum forest_stems {
	FOREST_STEMS_APART,
	FOREST_STEMS_JOINED
} forest_stems;

/* Below the plot area ending at Y1: the x axis, AXIS_LABEL, and "better"
 * and "worse" with arrows (lower better when LOWER).  Returns the y below
 * them (the figure ends FOREST_BOTTOM_PAD lower). */
double forest_footer(fig_pen *p, const forest_columns *col, double y1,
		     const char *axis_label, bool lower, forest_stems stems);

/* The caption of the densities behind the intervals, whose source and
 * resampling G's are (all of a figure's come from one plan), B Monte
 * Carlo resamples: what the shape is and what it is not.  A new string
 * (g_free), or NULL for a grid of source DENSITY_NONE. */
char *forest_ridge_caption(fig_pen *p, const density_grid *g,
			   unsigned long b);

/* The caption of a figure of two builds: as forest_ridge_caption of OLD
 * (B_OLD resamples) when NEW's densities are of the same kind (source,
 * exactness and resamples) or NULL, else what each build's shape is, one
 * after the other.  OLD may be NULL too (then NEW's alone).  A new string
 * (g_free), or NULL when both are NULL. */
char *forest_ridge_caption2(fig_pen *p, const density_grid *old,
			    unsigned long b_old, const density_grid *new_,
			    unsigned long b_new);

/* Draws CAPTION (may be NULL: nothing) WIDTH wide from Y; returns the y
 * below it. */
double forest_caption(fig_pen *p, const char *caption, double y,
		      double width);

#endif
