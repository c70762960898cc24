/* figframe.c: pieces of a figure's frame that several figures share
 * (render/figframe.h). */
#include "config.h"

#include "render/figframe.h"

#include <math.h>

#include <glib.h>

/* Legend items, in points. */
#define LEGEND_ITEM_H 13.0      /* one line of items */
#define LEGEND_LABEL_GAP 4.0    /* between a swatch and its label */
#define LEGEND_ITEM_GAP 14.0    /* between one item and the next */
#define LEGEND_LABEL_SHARE 0.45 /* of the width, at most, for a label */

double fig_legend_draw(fig_pen *p, const fig_legend *l, double y,
		       double width)
{
	const double label_max = width * LEGEND_LABEL_SHARE;
	const double sw = l->swatch_w;
	double x = 0, line = 0;

	for (size_t i = 0; i < l->n; i++) {
		char *label = l->label(p, i, l->ctx);
		double w, cy;

		style_text_measure(p->text, FONT_LABEL, label, label_max, &w,
				   NULL);
		if (x > 0 && x + sw + LEGEND_LABEL_GAP + w > width) {
			x = 0;
			line += LEGEND_ITEM_H;
		}
		cy = y + line + LEGEND_ITEM_H / 2;
		l->swatch(p, i, x, cy, l->ctx);
		style_text_show(p->text, p->cr, FONT_LABEL, label,
				x + sw + LEGEND_LABEL_GAP, cy,
				ANCHOR_LEFT | ANCHOR_MIDDLE, label_max,
				style_ink);
		x += sw + LEGEND_LABEL_GAP + w + LEGEND_ITEM_GAP;
		g_free(label);
	}
	return line + LEGEND_ITEM_H;
}

/* Horizontal lines from X_FROM to X_TO at each tick of the axis that runs
 * up from Y1 to Y0. */
static void tick_lines(fig_pen *p, double x_from, double x_to, double y0,
		       double y1)
{
	const axis_scale *ax = &p->res->axis;

	for (size_t i = 0; i < ax->n_ticks; i++) {
		double y = axis_map(ax, axis_tick(ax, i), y1, y0);
		cairo_move_to(p->cr, x_from, y);
		cairo_line_to(p->cr, x_to, y);
	}
}

void fig_panel_frame(fig_pen *p, double x0, double x1, double y0, double y1,
		     double tick_len, double label_gap)
{
	const axis_scale *ax = &p->res->axis;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_grid);
	cairo_set_line_width(cr, STYLE_LINE_HAIR);
	tick_lines(p, x0, x1, y0, y1);
	cairo_stroke(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	if (tick_len > 0)
		tick_lines(p, x0 - tick_len, x0, y0, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double v = axis_tick(ax, i);

		fig_number(p, v, ax->decimals, false, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf,
				x0 - tick_len - label_gap,
				axis_map(ax, v, y1, y0),
				ANCHOR_RIGHT | ANCHOR_MIDDLE, 0,
				style_ink_soft);
	}
}

double fig_tick_label_width(fig_pen *p)
{
	const axis_scale *ax = &p->res->axis;
	double wmax = 0;

	for (size_t i = 0; i < ax->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double w;

		fig_number(p, axis_tick(ax, i), ax->decimals, false, buf,
			   sizeof buf);
		style_text_measure(p->text, FONT_TICK, buf, 0, &w, NULL);
		wmax = fmax(wmax, w);
	}
	return wmax;
}
