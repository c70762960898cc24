/* figforest.c: the frame of a forest plot (render/figforest.h). */
#include "config.h"

#include "render/figforest.h"

#include <math.h>
#include <stdio.h>

#include <glib.h>

#include "render/figframe.h"

/* Vertical rhythm of the header and footer, in points. */
#define TITLE_GAP 2.0          /* between title and subtitle */
#define SUBTITLE_GAP 6.0       /* between subtitle and legend */
#define LEGEND_GAP 8.0         /* between legend and column heads */
#define HEAD_GAP 3.0           /* between column heads and rows */
#define TICK_LABEL_GAP 1.5     /* between a tick and its label */
#define AXIS_LABEL_GAP 5.0     /* between tick labels and axis label */
#define DIRECTION_GAP 3.0      /* between axis label and direction */
#define DIRECTION_Y 5.0        /* from its top to the direction arrows */
#define DIRECTION_H 12.0       /* the direction line's height */

#define CAPTION_GAP 6.0        /* between the direction line and the
				  caption of the densities */

#define LEGEND_BAND_H 10.0     /* the band swatch's height */

/* Columns, as shares of the figure's width, and the values' least width
 * in points. */
#define LABEL_SHARE 0.2
#define VALUE_SHARE 0.34
#define VALUE_MIN_W 40.0

/* Arrows, in points. */
#define CUT_ARROW_LEN 6.0      /* where a whisker is cut at the axis */
#define DIRECTION_LEN 16.0     /* a direction arrow's length */
#define DIRECTION_HEAD 5.0     /* its head */
#define DIRECTION_TEXT_GAP 3.0 /* between the arrow and its word */

/* The share of the value a colour keeps when darkened for text. */
#define VALUE_DARKEN 0.8

/* The dash of the band's edges: 2.5 points on, 2 off. */
static const double band_dash[2] = { 2.5, 2 };

void forest_range_init(forest_range *r, double threshold)
{
	r->core_lo = -threshold;
	r->core_hi = threshold;
	r->full_lo = INFINITY;
	r->full_hi = -INFINITY;
}

void forest_range_estimate(forest_range *r, double est)
{
	if (isfinite(est)) {
		r->core_lo = fmin(r->core_lo, est);
		r->core_hi = fmax(r->core_hi, est);
	}
}

void forest_range_interval(forest_range *r, double lo, double hi)
{
	r->full_lo = fmin(r->full_lo, lo);
	r->full_hi = fmax(r->full_hi, hi);
}

bool forest_axis_fit(const forest_range *r, double x0, double x1,
		     fig_result *res)
{
	double w = r->core_hi - r->core_lo, lo, hi;

	if (!isfinite(w) || !(w > 0))
		return false;
	lo = fmax(fmin(r->full_lo, r->core_lo), r->core_lo - FOREST_REACH * w);
	hi = fmin(fmax(r->full_hi, r->core_hi), r->core_hi + FOREST_REACH * w);
	if (!isfinite(lo) || !isfinite(hi))
		return false;
	return axis_nice(lo, hi, (int)fmax(FOREST_MIN_TICKS,
					   (x1 - x0) / FOREST_TICK_SPACING),
			 &res->axis);
}

char *forest_value_label(fig_pen *p, bool has_est, double est, bool has_ci,
			 double lo, double hi, int decimals,
			 double threshold)
{
	char e[FIG_NUMBUF], l[FIG_NUMBUF], h[FIG_NUMBUF];

	if (!has_est)
		return g_strdup(tr(p, "no pairs"));
	axis_format_beside(est, decimals, 0.0, e, sizeof e);
	fig_decimal_mark(p, e);
	if (!has_ci)
		return fig_printf("%s %s", e, tr(p, "(no interval)"));
	axis_format_beside(lo, decimals, threshold, l, sizeof l);
	axis_format_beside(hi, decimals, threshold, h, sizeof h);
	fig_decimal_mark(p, l);
	fig_decimal_mark(p, h);
	return g_strdup_printf("%s [%s; %s]", e, l, h);
}

style_rgb forest_value_colour(style_rgb c)
{
	style_rgb d = { c.r * VALUE_DARKEN, c.g * VALUE_DARKEN,
			c.b * VALUE_DARKEN };
	return d;
}

/* ---- header -------------------------------------------------------- */

void forest_words_make(fig_pen *p, const study_plan *plan,
		       const char *subtitle, forest_words *w)
{
	char conf[FIG_NUMBUF];

	if (numtext_percent(plan->confidence, 1, conf, sizeof conf) != PB_OK)
		conf[0] = '\0';
	fig_decimal_mark(p, conf);
	w->subtitle = fig_printf(subtitle, conf,
				 fig_method_name(p, plan->interval));
	w->axis_label = fig_printf(trc(p, "figure", "difference in %s (%s)"),
				   plan->statistic.name, plan->unit);
	w->head = fig_printf(trc(p, "figure", "difference [%s%% CI]"), conf);
}

void forest_words_free(forest_words *w)
{
	g_free(w->title);
	g_free(w->subtitle);
	g_free(w->axis_label);
	g_free(w->head);
}

double forest_titles(fig_pen *p, const char *title, const char *subtitle,
		     double width)
{
	double y = 0;

	y += style_text_block(p->text, p->cr, FONT_FIGTITLE, title, 0, y,
			      width, ANCHOR_LEFT, style_ink);
	y += TITLE_GAP;
	y += style_text_block(p->text, p->cr, FONT_LABEL, subtitle, 0, y,
			      width, ANCHOR_LEFT, style_ink_soft);
	return y + SUBTITLE_GAP;
}

double forest_legend(fig_pen *p, const forest_legend_items *items,
		     double y, double width)
{
	const fig_legend l = { items->n, FOREST_SWATCH_W, items->label,
			       items->swatch, items->ctx };

	y += fig_legend_draw(p, &l, y, width);
	return y + LEGEND_GAP;
}

void forest_swatch_line(fig_pen *p, double x, double cy, style_rgb c)
{
	cairo_save(p->cr);
	style_set_colour(p->cr, c);
	cairo_set_line_width(p->cr, STYLE_LINE_WHISKER);
	cairo_move_to(p->cr, x, cy);
	cairo_line_to(p->cr, x + FOREST_SWATCH_W, cy);
	cairo_stroke(p->cr);
	cairo_restore(p->cr);
}

void forest_swatch_band(fig_pen *p, double x, double cy)
{
	cairo_save(p->cr);
	cairo_rectangle(p->cr, x, cy - LEGEND_BAND_H / 2, FOREST_SWATCH_W,
			LEGEND_BAND_H);
	style_set_colour(p->cr, style_band);
	cairo_fill_preserve(p->cr);
	style_set_colour(p->cr, style_band_edge);
	cairo_set_line_width(p->cr, STYLE_LINE_HAIR);
	cairo_stroke(p->cr);
	cairo_restore(p->cr);
}

char *forest_threshold_label(fig_pen *p, double threshold, int decimals,
			     const char *unit)
{
	char t[FIG_NUMBUF];
	char *q, *pm, *label;

	fig_number(p, threshold, decimals, false, t, sizeof t);
	q = fig_qty(p, t, unit);
	pm = fig_printf("\xc2\xb1%s", q);
	label = fig_printf(trc(p, "figure", "practical threshold %s"), pm);
	g_free(q);
	g_free(pm);
	return label;
}

/* ---- columns and rows ------------------------------------------------ */

double forest_text_width(fig_pen *p, style_font font, const char *text)
{
	double w;

	style_text_measure(p->text, font, text, 0, &w, NULL);
	return w;
}

void forest_columns_fit(fig_pen *p, double width, double label_w,
			double value_w, forest_columns *col)
{
	/* The column's heading must fit too: one-digit states are
	 * narrower than the word "state" in every language. */
	label_w = fmax(label_w, forest_text_width(p, FONT_TICK,
						  trc(p, "figure", "state")));
	col->label_w = fmin(label_w, width * LABEL_SHARE);
	col->value_w = fmin(fmax(value_w, VALUE_MIN_W), width * VALUE_SHARE);
	col->x0 = col->label_w + FOREST_COL_GAP;
	col->x1 = width - col->value_w - FOREST_COL_GAP;
	col->value_x = col->x1 + FOREST_COL_GAP;
}

double forest_column_heads(fig_pen *p, const forest_columns *col,
			   const char *value_head, double y)
{
	double h;

	style_text_show(p->text, p->cr, FONT_TICK, trc(p, "figure", "state"),
			0, y, ANCHOR_LEFT | ANCHOR_TOP,
			col->label_w + FOREST_COL_GAP, style_ink_soft);
	style_text_show(p->text, p->cr, FONT_TICK, value_head, col->value_x,
			y, ANCHOR_LEFT | ANCHOR_TOP, col->value_w,
			style_ink_soft);
	style_text_measure(p->text, FONT_TICK, value_head, 0, NULL, &h);
	return y + (h + HEAD_GAP);
}

void forest_row_start(fig_pen *p, const forest_columns *col, size_t r,
		      double top, double row_h, const char *label,
		      int max_lines)
{
	cairo_t *cr = p->cr;

	if (r > 0) {
		cairo_save(cr);
		style_set_colour(cr, style_grid);
		cairo_set_line_width(cr, STYLE_LINE_HAIR);
		cairo_move_to(cr, 0, top);
		cairo_line_to(cr, col->value_x + col->value_w, top);
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	fig_label(p, FONT_BOLD, label, 0, top + row_h / 2,
		  ANCHOR_LEFT | ANCHOR_MIDDLE, col->label_w, max_lines,
		  style_ink);
}

/* Vertical lines at the ticks of the axis, from Y0 to Y1. */
static void grid(fig_pen *p, const forest_columns *col, double y0, double y1)
{
	const axis_scale *ax = &p->res->axis;

	for (size_t i = 0; i < ax->n_ticks; i++) {
		double x = axis_map(ax, axis_tick(ax, i), col->x0, col->x1);
		cairo_move_to(p->cr, x, y0);
		cairo_line_to(p->cr, x, y1);
	}
}

void forest_background(fig_pen *p, double threshold,
		       const forest_columns *col, double y0, double y1)
{
	const axis_scale *ax = &p->res->axis;
	const double t = threshold, x0 = col->x0, x1 = col->x1;
	double bl = axis_map(ax, fmax(-t, ax->lo), x0, x1);
	double bh = axis_map(ax, fmin(t, ax->hi), x0, x1);
	double zero = axis_map(ax, 0.0, x0, x1);
	cairo_t *cr = p->cr;

	cairo_save(cr);
	cairo_rectangle(cr, bl, y0, bh - bl, y1 - y0);
	style_set_colour(cr, style_band);
	cairo_fill(cr);
	style_set_colour(cr, style_grid);
	cairo_set_line_width(cr, STYLE_LINE_HAIR);
	grid(p, col, y0, y1);
	cairo_stroke(cr);
	style_set_colour(cr, style_band_edge);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_set_dash(cr, band_dash, 2, 0);
	if (-t >= ax->lo) {
		cairo_move_to(cr, bl, y0);
		cairo_line_to(cr, bl, y1);
	}
	if (t <= ax->hi) {
		cairo_move_to(cr, bh, y0);
		cairo_line_to(cr, bh, y1);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	style_set_colour(cr, style_ink);
	cairo_set_line_width(cr, STYLE_LINE);
	cairo_move_to(cr, zero, y0);
	cairo_line_to(cr, zero, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One end of a whisker at X: a cap, or the arrowhead of a cut (pointing
 * DIR). */
static void whisker_end(cairo_t *cr, double x, double y, bool cut, int dir,
			double cap_h)
{
	if (cut) {
		fig_arrowhead(cr, x + dir, y, dir, CUT_ARROW_LEN);
	} else {
		cairo_move_to(cr, x, y - cap_h);
		cairo_line_to(cr, x, y + cap_h);
		cairo_stroke(cr);
	}
}

void forest_whisker(fig_pen *p, const forest_columns *col, double lo,
		    double hi, double y, style_rgb c, double cap_h)
{
	forest_whisker_dashed(p, col, lo, hi, y, c, cap_h, NULL, 0);
}

void forest_whisker_dashed(fig_pen *p, const forest_columns *col, double lo,
			   double hi, double y, style_rgb c, double cap_h,
			   const double *dash, int n_dash)
{
	const axis_scale *ax = &p->res->axis;
	bool cut_lo = lo < ax->lo, cut_hi = hi > ax->hi;
	double a = axis_map(ax, cut_lo ? ax->lo : lo, col->x0, col->x1);
	double b = axis_map(ax, cut_hi ? ax->hi : hi, col->x0, col->x1);
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, c);
	cairo_set_line_width(cr, STYLE_LINE_WHISKER);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	if (n_dash > 0)
		cairo_set_dash(cr, dash, n_dash, 0);
	cairo_move_to(cr, a, y);
	cairo_line_to(cr, b, y);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	whisker_end(cr, a, y, cut_lo, -1, cap_h);
	whisker_end(cr, b, y, cut_hi, 1, cap_h);
	cairo_restore(cr);
	if (cut_lo || cut_hi)
		p->res->n_clipped++;
}

/* The first and last bins of G at or above FOREST_RIDGE_FLOOR of PEAK,
 * into *FIRST and *LAST: the bins a drawn density spans. */
static void ridge_span(const density_grid *g, double peak, int *first,
		       int *last)
{
	double floor_v = FOREST_RIDGE_FLOOR * peak;

	*first = 0;
	while (*first < DENSITY_POINTS - 1 && g->density[*first] < floor_v)
		(*first)++;
	*last = DENSITY_POINTS - 1;
	while (*last > *first && g->density[*last] < floor_v)
		(*last)--;
}

/* The density of G at value V, linear between bin centres. */
static double ridge_at(const density_grid *g, double v)
{
	double w = density_step(g);
	double pos = (v - g->lo) / w - 0.5;
	int i = (int)floor(pos);

	if (i < 0)
		return g->density[0];
	if (i >= DENSITY_POINTS - 1)
		return g->density[DENSITY_POINTS - 1];
	return g->density[i] + (pos - i) * (g->density[i + 1] - g->density[i]);
}

bool forest_ridge_extent(const density_grid *g, double lo, double hi,
			 forest_extent *e)
{
	double w = density_step(g);

	if (g->source == DENSITY_NONE)
		return false;
	e->peak = 0;
	for (int i = 0; i < DENSITY_POINTS; i++)
		e->peak = fmax(e->peak, g->density[i]);
	if (!(e->peak > 0))
		return false;
	ridge_span(g, e->peak, &e->first, &e->last);
	/* From the first drawn bin's centre to the last's, within the axis. */
	e->from = fmax(g->lo + (e->first + 0.5) * w, lo);
	e->to = fmin(g->lo + (e->last + 0.5) * w, hi);
	return e->from < e->to;
}

/* Adds the point of value V and density D, placed by R's map, to the path
 * of P and to R's box. */
static void ridge_point(fig_pen *p, const forest_ridge_path *r,
			const forest_extent *e, double v, double d,
			bool first, fig_shape *box)
{
	double x, y;

	r->map(r->ctx, e, v, d, &x, &y);
	if (first) {
		cairo_move_to(p->cr, x, y);
		box->x0 = box->x1 = x;
		box->y_base = box->y_top = y;
		return;
	}
	cairo_line_to(p->cr, x, y);
	box->x0 = fmin(box->x0, x);
	box->x1 = fmax(box->x1, x);
	box->y_top = fmin(box->y_top, y);
	box->y_base = fmax(box->y_base, y);
}

void forest_ridge_fill(fig_pen *p, const density_grid *g,
		       const forest_extent *e, const forest_ridge_path *r,
		       style_rgb c, fig_shape *box)
{
	double w = density_step(g);
	cairo_t *cr = p->cr;

	cairo_save(cr);
	cairo_set_source_rgba(cr, c.r, c.g, c.b, FOREST_RIDGE_ALPHA);
	ridge_point(p, r, e, e->from, 0, true, box);
	ridge_point(p, r, e, e->from, ridge_at(g, e->from), false, box);
	for (int i = e->first; i <= e->last; i++) {
		double v = g->lo + (i + 0.5) * w;

		if (v > e->from && v < e->to)
			ridge_point(p, r, e, v, g->density[i], false, box);
	}
	ridge_point(p, r, e, e->to, ridge_at(g, e->to), false, box);
	ridge_point(p, r, e, e->to, 0, false, box);
	cairo_close_path(cr);
	cairo_fill(cr);
	cairo_restore(cr);
}

/* What a row's ridge is placed by: the plot's columns, its baseline Y
 * and its height. */
typedef struct ridge_row {
	const axis_scale *ax;
	const forest_columns *col;
	double y, height;
} ridge_row;

/* Value V across the plot, density D up from the baseline. */
static void ridge_row_map(const void *ctx, const forest_extent *e, double v,
			  double d, double *x, double *y)
{
	const ridge_row *r = ctx;

	*x = axis_map(r->ax, v, r->col->x0, r->col->x1);
	*y = r->y - r->height * d / e->peak;
}

void forest_ridge(fig_pen *p, const forest_columns *col,
		  const density_grid *g, double y, double height,
		  style_rgb c, size_t series)
{
	const axis_scale *ax = &p->res->axis;
	const ridge_row row = { ax, col, y, height };
	const forest_ridge_path path = { ridge_row_map, &row };
	forest_extent e;
	fig_shape box, shape;

	if (!forest_ridge_extent(g, ax->lo, ax->hi, &e))
		return;
	forest_ridge_fill(p, g, &e, &path, c, &box);
	shape.x0 = axis_map(ax, e.from, col->x0, col->x1);
	shape.x1 = axis_map(ax, e.to, col->x0, col->x1);
	shape.y_base = y;
	shape.y_top = box.y_top;
	shape.series = series;
	fig_shape_add(p->res, &shape);
}

/* The first sentence of a caption: what G's shape is, of B resamples. */
static char *ridge_what(fig_pen *p, const density_grid *g, unsigned long b)
{
	char count[48];
	char *grouped = fig_count_printf(p, "%lu", b);

	/* The count of resamples as the pages print it ("10 000"). */
	snprintf(count, sizeof count, "%s", grouped);
	g_free(grouped);
	switch (g->source) {
	case DENSITY_NONE:
		break;
	case DENSITY_MEANS:
		if (g->exact)
			return fig_printf("%s", trc(p, "figure", "Shaded behind "
						    "each interval: the exact "
						    "bootstrap distribution of "
						    "the mean difference that "
						    "the interval is read "
						    "from."));
		return fig_printf(trc(p, "figure", "Shaded behind each "
				      "interval: the distribution of the %s "
				      "resampled mean differences that the "
				      "interval is read from."), count);
	case DENSITY_STUDENTIZED:
		return fig_printf("%s", trc(p, "figure", "Shaded behind each "
					    "interval: the mean difference "
					    "minus its standard error times "
					    "the resamples' t*, the "
					    "distribution the bootstrap-t "
					    "interval is read from."));
	case DENSITY_T:
		return fig_printf("%s", trc(p, "figure", "Shaded behind each "
					    "interval: the Student t density "
					    "that the t interval stands for; "
					    "it is not resampled."));
	}
	return NULL;
}

static const char *ridge_rest(fig_pen *p)
{
	return trc(p, "figure", "Each shape is scaled to the same height. It "
		   "shows how uncertain the mean difference is, not how "
		   "single boots spread.");
}

char *forest_ridge_caption(fig_pen *p, const density_grid *g,
			   unsigned long b)
{
	char *what = g ? ridge_what(p, g, b) : NULL, *out;

	if (!what)
		return NULL;
	out = fig_printf("%s %s", what, ridge_rest(p));
	g_free(what);
	return out;
}

/* Whether grids A and B, of A_B and B_B resamples, show the same kind of
 * distribution: the same caption fits both. */
static bool ridge_same_kind(const density_grid *a, unsigned long a_b,
			    const density_grid *b, unsigned long b_b)
{
	return a->source == b->source && a->exact == b->exact
	       && (a->exact || a->source == DENSITY_T || a_b == b_b);
}

/* What G's shape is, of B resamples, as a phrase that a sentence naming
 * both builds holds. */
static char *ridge_shape(fig_pen *p, const density_grid *g, unsigned long b)
{
	char *grouped = fig_count_printf(p, "%lu", b), *out = NULL;

	switch (g->source) {
	case DENSITY_NONE:
		break;
	case DENSITY_MEANS:
		out = g->exact
			? g_strdup(trc(p, "figure shape", "the exact bootstrap "
				       "distribution of the mean difference "
				       "that the interval is read from"))
			: fig_printf(trc(p, "figure shape", "the distribution "
					 "of the %s resampled mean differences "
					 "that the interval is read from"),
				     grouped);
		break;
	case DENSITY_STUDENTIZED:
		out = g_strdup(trc(p, "figure shape", "the mean difference "
				   "minus its standard error times the "
				   "resamples' t*, the distribution the "
				   "bootstrap-t interval is read from"));
		break;
	case DENSITY_T:
		out = g_strdup(trc(p, "figure shape", "the Student t density "
				   "that the t interval stands for, not "
				   "resampled"));
		break;
	}
	g_free(grouped);
	return out;
}

char *forest_ridge_caption2(fig_pen *p, const density_grid *old,
			    unsigned long b_old, const density_grid *new_,
			    unsigned long b_new)
{
	char *w_old, *w_new, *out;

	if (!old || !new_ || ridge_same_kind(old, b_old, new_, b_new))
		return forest_ridge_caption(p, old ? old : new_,
					    old ? b_old : b_new);
	w_old = ridge_shape(p, old, b_old);
	w_new = ridge_shape(p, new_, b_new);
	if (!w_old || !w_new) {
		/* the caption of the build that has a shape */
		bool old_has = w_old != NULL;

		g_free(w_old);
		g_free(w_new);
		return old_has ? forest_ridge_caption(p, old, b_old)
			       : forest_ridge_caption(p, new_, b_new);
	}
	/* TRANSLATORS: the caption of shapes that differ between the
	   builds: each build's shape, then the sentence on their height. */
	out = fig_printf(trc(p, "figure", "Shaded behind each interval: for "
			     "the old build, %s; for the new build, %s. %s"),
			 w_old, w_new, ridge_rest(p));
	g_free(w_old);
	g_free(w_new);
	return out;
}

double forest_caption(fig_pen *p, const char *caption, double y,
		      double width)
{
	if (!caption)
		return y;
	y += CAPTION_GAP;
	return y + style_text_block(p->text, p->cr, FONT_LABEL, caption, 0, y,
				    width, ANCHOR_LEFT, style_ink_soft);
}

/* ---- footer ---------------------------------------------------------- */

/* The x axis at Y1; returns the y below its tick labels. */
static double x_axis(fig_pen *p, const forest_columns *col, double y1)
{
	const axis_scale *ax = &p->res->axis;
	cairo_t *cr = p->cr;
	double h = 0;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, col->x0, y1);
	cairo_line_to(cr, col->x1, y1);
	grid(p, col, y1, y1 + STYLE_TICK);
	cairo_stroke(cr);
	cairo_restore(cr);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double v = axis_tick(ax, i);

		fig_number(p, v, ax->decimals, v > 0, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf,
				axis_map(ax, v, col->x0, col->x1),
				y1 + STYLE_TICK + TICK_LABEL_GAP,
				ANCHOR_CENTER | ANCHOR_TOP, 0, style_ink_soft);
		if (i == 0)
			style_text_measure(p->text, FONT_TICK, buf, 0, NULL,
					   &h);
	}
	return y1 + STYLE_TICK + TICK_LABEL_GAP + h;
}

/* The stem of a direction arrow from X_FROM to X_TO at Y. */
static void stem(cairo_t *cr, double x_from, double x_to, double y)
{
	cairo_move_to(cr, x_from, y);
	cairo_line_to(cr, x_to, y);
}

/* "better" and "worse" with arrows pointing to the plot's ends at Y. */
static void direction(fig_pen *p, const forest_columns *col, bool lower,
		      double y, forest_stems stems)
{
	const char *better = trc(p, "figure", "better");
	const char *worse = trc(p, "figure", "worse");
	const double x0 = col->x0, x1 = col->x1, len = DIRECTION_LEN;
	const double w = (x1 - x0) / 2 - len - 2 * DIRECTION_TEXT_GAP;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	stem(cr, x0 + DIRECTION_HEAD, x0 + len, y);
	if (stems == FOREST_STEMS_APART) {
		cairo_stroke(cr);
		fig_arrowhead(cr, x0, y, -1, DIRECTION_HEAD);
	}
	stem(cr, x1 - DIRECTION_HEAD, x1 - len, y);
	cairo_stroke(cr);
	if (stems == FOREST_STEMS_JOINED)
		fig_arrowhead(cr, x0, y, -1, DIRECTION_HEAD);
	fig_arrowhead(cr, x1, y, 1, DIRECTION_HEAD);
	cairo_restore(cr);
	style_text_show(p->text, cr, FONT_LABEL, lower ? better : worse,
			x0 + len + DIRECTION_TEXT_GAP, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, w, style_ink_soft);
	style_text_show(p->text, cr, FONT_LABEL, lower ? worse : better,
			x1 - len - DIRECTION_TEXT_GAP, y,
			ANCHOR_RIGHT | ANCHOR_MIDDLE, w, style_ink_soft);
}

double forest_footer(fig_pen *p, const forest_columns *col, double y1,
		     const char *axis_label, bool lower, forest_stems stems)
{
	double y = x_axis(p, col, y1) + AXIS_LABEL_GAP;

	y += style_text_block(p->text, p->cr, FONT_LABEL, axis_label, col->x0,
			      y, col->x1 - col->x0, ANCHOR_CENTER, style_ink);
	y += DIRECTION_GAP;
	direction(p, col, lower, y + DIRECTION_Y, stems);
	return y + DIRECTION_H;
}
