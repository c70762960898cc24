/* fig_plan.c: the assurance curves of a plan (see fig_plan.h). */
#include "config.h"

#include "render/fig_plan.h"

#include <math.h>

#include <glib.h>

#include "render/figframe.h"

/* Layout, in points. */
#define PLOT_H 90.0          /* one panel's plot */
#define PANEL_GAP_X 22.0
#define PANEL_GAP_Y 16.0
#define TITLE_GAP 6.0
#define HEAD_GAP 3.0
#define AXIS_GAP 4.0
#define TICK_LABEL_GAP 3.0
#define X_LABEL_GAP 3.0
#define CURVE_W 1.2
#define POINT_R 1.4
#define DASH 3.0

/* The heading of comparison C: "Series 1: 10", "Series 1: \"missing\"" (the
 * missing value as a name, so the heading does not read as a series that
 * is missing). */
static char *panel_head(fig_pen *p, const comparison *c)
{
	const study_plan *plan = &p->in->s->plan;
	char sbuf[FIG_STATE_BUFSIZE], *name = fig_series_name(p, plan,
							     c->series), *h;

	h = fig_printf("%s: %s", name,
		       fig_state_named(p, plan->states[c->state], sbuf,
				       sizeof sbuf));
	g_free(name);
	return h;
}

/* A horizontal line across the plot at assurance V, dashed. */
static void target_line(fig_pen *p, double v, double x0, double x1,
			double y0, double y1)
{
	double y = axis_map(&p->res->axis, v, y1, y0);
	const double dash[1] = { DASH };

	cairo_save(p->cr);
	style_set_colour(p->cr, style_ink_soft);
	cairo_set_line_width(p->cr, STYLE_LINE_THIN);
	cairo_set_dash(p->cr, dash, 1, 0);
	cairo_move_to(p->cr, x0, y);
	cairo_line_to(p->cr, x1, y);
	cairo_stroke(p->cr);
	cairo_restore(p->cr);
}

/* The blocks axis under the plot: ticks of XA (whole blocks) from X0 to
 * X1 at Y1, labelled as the language writes numbers. */
static double blocks_axis(fig_pen *p, const axis_scale *xa, double x0,
			  double x1, double y1)
{
	double h = 0;

	for (size_t i = 0; i < xa->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double v = axis_tick(xa, i), x = axis_map(xa, v, x0, x1);

		cairo_move_to(p->cr, x, y1);
		cairo_line_to(p->cr, x, y1 + STYLE_TICK);
		style_set_colour(p->cr, style_ink_soft);
		cairo_set_line_width(p->cr, STYLE_LINE_THIN);
		cairo_stroke(p->cr);
		style_text_show(p->text, p->cr, FONT_TICK,
				fig_number(p, v, 0, false, buf, sizeof buf),
				x, y1 + STYLE_TICK + X_LABEL_GAP,
				ANCHOR_CENTER | ANCHOR_TOP, 40, style_ink_soft);
	}
	style_text_measure(p->text, FONT_TICK, "0", 0, NULL, &h);
	return y1 + STYLE_TICK + X_LABEL_GAP + h;
}

/* The points of ROW's curve in plan R: the assurance at each size, or
 * the decision chance at each maximum of a sequential plan; their number
 * into *N, the sizes into *BLOCKS and the values into *VALUES. */
static void curve_points(const planning_result *r, const planning_row *row,
			 size_t *n, const size_t **blocks,
			 const double **values)
{
	if (r->sequential) {
		*n = row->seq_curve.n;
		*blocks = row->seq_curve.max_blocks;
		*values = row->seq_curve.decision;
	} else {
		*n = row->curve.n;
		*blocks = row->curve.blocks;
		*values = row->curve.value;
	}
}

/* The curve of ROW in the plot, in the colour of its series. */
static void curve(fig_pen *p, const planning_result *r,
		  const planning_row *row, const axis_scale *xa, double x0,
		  double x1, double y0, double y1, style_rgb c)
{
	const size_t *blocks;
	const double *values;
	size_t n;

	curve_points(r, row, &n, &blocks, &values);
	if (p->measuring || n == 0)
		return;
	cairo_save(p->cr);
	style_set_colour(p->cr, c);
	cairo_set_line_width(p->cr, CURVE_W);
	for (size_t k = 0; k < n; k++) {
		double x = axis_map(xa, (double)blocks[k], x0, x1);
		double y = axis_map(&p->res->axis, values[k], y1, y0);
		if (k == 0)
			cairo_move_to(p->cr, x, y);
		else
			cairo_line_to(p->cr, x, y);
	}
	cairo_stroke(p->cr);
	for (size_t k = 0; k < n; k++) {
		double x = axis_map(xa, (double)blocks[k], x0, x1);
		double y = axis_map(&p->res->axis, values[k], y1, y0);
		cairo_arc(p->cr, x, y, POINT_R, 0, 2 * G_PI);
		cairo_fill(p->cr);
	}
	cairo_restore(p->cr);
}

/* The blocks (or the maximum) chosen for the first target: a marker on
 * its line. */
static void chosen(fig_pen *p, const planning_result *r,
		   const planning_row *row, const axis_scale *xa, double x0,
		   double x1, double y0, double y1, size_t rank)
{
	double x, y;
	size_t at;

	if (r->sequential ? row->seq[0].reason != PLANNING_FOUND
			  : row->need[0].reason != PLANNING_FOUND)
		return;
	at = r->sequential ? row->seq[0].max_blocks
			   : row->need[0].blocks_needed;
	x = axis_map(xa, (double)at, x0, x1);
	y = axis_map(&p->res->axis, r->targets[0], y1, y0);
	style_marker_draw(p->cr, style_series_marker(rank), x, y,
			  STYLE_MARKER, style_series_colour(rank));
	fig_mark_add(p->res, x, y, 0);
}

/* The panel of ROW of plan R at (X, Y), W wide, its tick labels TICK_W wide;
 * returns its height. */
static double panel(fig_pen *p, const planning_result *r,
		    const planning_row *row, const axis_scale *xa, double x,
		    double y, double w, double tick_w, bool first)
{
	const comparison *c = &p->in->a->cmp[row->comparison];
	size_t rank = fig_series_rank(&p->in->s->plan, c->series);
	char *head = panel_head(p, c);
	double x0 = x + tick_w + AXIS_GAP, x1 = x + w, y0, y1, h = 0;
	double tick_h = 0;

	style_text_measure(p->text, FONT_BOLD, head, 0, NULL, &h);
	style_text_show(p->text, p->cr, FONT_BOLD, head, x, y,
			ANCHOR_LEFT | ANCHOR_TOP, w, style_ink);
	g_free(head);
	/* The top tick's label is centred on the plot's top edge: half of
	 * it stands above, and the gap is kept below that half. */
	style_text_measure(p->text, FONT_TICK, "0", 0, NULL, &tick_h);
	y0 = y + h + HEAD_GAP + tick_h / 2;
	y1 = y0 + PLOT_H;
	if (first)
		fig_result_plot(p->res, x0, x1, y0, y1);
	fig_panel_frame(p, x0, x1, y0, y1, 0, TICK_LABEL_GAP);
	for (size_t t = 0; t < r->n_targets; t++)
		target_line(p, r->targets[t], x0, x1, y0, y1);
	curve(p, r, row, xa, x0, x1, y0, y1, style_series_colour(rank));
	chosen(p, r, row, xa, x0, x1, y0, y1, rank);
	return blocks_axis(p, xa, x0, x1, y1) - y;
}

/* The figure's title in plan R's words (a new string). */
static char *title_text(fig_pen *p, const planning_result *r)
{
	if (r->sequential)
		/* TRANSLATORS: the title of the figure of a sequential plan;
		   %zu is the blocks between looks (5 or more). */
		return fig_printf(trc(p, "figure", "Chance of a correct "
				      "decisive verdict by the maximum, a look "
				      "every %zu blocks"), r->designs.every);
	return g_strdup(trc(p, "figure", "Assurance of a correct decisive "
			    "verdict by blocks per series"));
}

/* The blocks axis of plan R from 0 to MOST: whole blocks, and for a
 * sequential plan whole looks (a maximum is a multiple of the blocks
 * between looks, so a tick between two looks would mark no design). */
static bool blocks_scale(const planning_result *r, double most,
			 axis_scale *xa)
{
	double every;

	if (!r->sequential || r->designs.every < 1)
		return axis_nice_whole(0, most, 4, xa);
	every = (double)r->designs.every;
	if (!axis_nice_whole(0, most / every, 4, xa))
		return false;
	xa->lo *= every;
	xa->hi *= every;
	xa->step *= every;
	return true;
}

/* Title, subtitle and the panels, two a row. */
static double draw_panels(fig_pen *p, const planning_result *r, double width)
{
	axis_scale xa;
	double y = 0, tick_w = fig_tick_label_width(p);
	double pw = (width - PANEL_GAP_X) / 2;
	double most = r->sequential ? (double)(r->designs.n * r->designs.every)
				    : (double)r->max_blocks;
	char *title = title_text(p, r);
	char target[FIG_NUMBUF];
	const char *t = fig_number(p, r->targets[0], 2, false, target,
				   sizeof target);
	char *sub = r->sequential
		? fig_printf(trc(p, "figure", "Dashed: the targets; marker: "
				 "the smallest maximum from which the chance "
				 "stays at %s or above"), t)
		: fig_printf(trc(p, "figure", "Dashed: the targets; marker: "
				 "the fewest blocks from which the "
				 "assurance stays at %s or above"), t);

	y += style_text_block(p->text, p->cr, FONT_FIGTITLE, title, 0, y,
			      width, ANCHOR_LEFT, style_ink);
	y += style_text_block(p->text, p->cr, FONT_LABEL, sub, 0, y, width,
			      ANCHOR_LEFT, style_ink_soft);
	y += TITLE_GAP;
	/* The figure has no page: its title and subtitle describe its
	 * SVG file. */
	fig_result_describe(p->res, title, sub);
	g_free(title);
	g_free(sub);
	if (!blocks_scale(r, most, &xa)) {
		fig_pen_fail(p, PB_DATAERR, "the blocks are too many to draw");
		return y;
	}
	for (size_t i = 0; i < r->n_rows; i += 2) {
		double row_h = 0;
		for (size_t k = 0; k < 2 && i + k < r->n_rows; k++)
			row_h = fmax(row_h, panel(p, r, &r->rows[i + k], &xa,
						  k * (pw + PANEL_GAP_X), y,
						  pw, tick_w, i + k == 0));
		y += row_h + PANEL_GAP_Y;
	}
	return y;
}

pb_status fig_plan_draw(cairo_t *cr, const void *what, double width,
			fig_result *res)
{
	const fig_plan_input *in = what;
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, &in->in, res);

	if (st != PB_OK)
		return st;
	if (!axis_nice(0, 1, 5, &res->axis)) {
		fig_pen_fail(p, PB_SOFTWARE, "no axis for assurances");
		return fig_pen_end(p);
	}
	res->has_axis = true;
	if (in->plan->n_rows == 0) {
		char *title = title_text(p, in->plan);
		fig_draw_nothing_to_compare(p, title, width);
		g_free(title);
	} else
		res->height = draw_panels(p, in->plan, width);
	return fig_pen_end(p);
}
