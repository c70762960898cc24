/* fig_interval.c: the forest plot of differences and their intervals. */
#include "config.h"

#include "render/fig_interval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

/* Vertical rhythm, in points. */
#define SLOT_H 15.0      /* one series within a state's row */
#define ROW_PAD 5.0      /* above and below the slots of a row */
#define CAP_H 3.2        /* half height of a whisker's end cap */
#define COL_GAP 10.0     /* between the label, plot and value columns */

/* The latency series that have comparisons, in plan order: the slots of
 * every row, so a series keeps its place from row to row. */
typedef struct slots {
	size_t *series;
	size_t n;
} slots;

static bool slots_find(const fig_input *in, slots *sl)
{
	sl->series = fig_compared_series(in, &sl->n);
	return sl->series != NULL;
}

static size_t slot_of(const slots *sl, size_t series)
{
	for (size_t i = 0; i < sl->n; i++)
		if (sl->series[i] == series)
			return i;
	return 0;
}

static style_rgb darker(style_rgb c, double f)
{
	style_rgb d = { c.r * f, c.g * f, c.b * f };
	return d;
}

/* The value range the axis must show: 0, +-T, the estimates, and the
 * interval ends as far as 1.5 widths of those beyond them. */
static bool axis_range(const fig_input *in, double *lo, double *hi)
{
	double t = in->s->plan.threshold;
	const interval_method m = in->s->plan.interval;
	double core_lo = -t, core_hi = t, full_lo, full_hi, w;

	for (size_t i = 0; i < in->a->n_cmp; i++) {
		double e = in->a->cmp[i].boot.estimate;
		if (isfinite(e)) {
			core_lo = fmin(core_lo, e);
			core_hi = fmax(core_hi, e);
		}
	}
	full_lo = core_lo;
	full_hi = core_hi;
	for (size_t i = 0; i < in->a->n_cmp; i++) {
		const boot_interval *ci = &in->a->cmp[i].boot.ci[m];
		if (ci->defined && isfinite(ci->lo) && isfinite(ci->hi)) {
			full_lo = fmin(full_lo, ci->lo);
			full_hi = fmax(full_hi, ci->hi);
		}
	}
	w = core_hi - core_lo;
	if (!isfinite(w) || !(w > 0))
		return false;
	*lo = fmax(full_lo, core_lo - 1.5 * w);
	*hi = fmin(full_hi, core_hi + 1.5 * w);
	return isfinite(*lo) && isfinite(*hi);
}

/* "+0.625 [-1.111; +2.474]", or what stands in for a missing interval. */
static char *value_label(fig_pen *p, const comparison *c, int decimals)
{
	const boot_interval *ci = &c->boot.ci[p->in->s->plan.interval];
	double t = p->in->s->plan.threshold;
	char e[FIG_NUMBUF], lo[FIG_NUMBUF], hi[FIG_NUMBUF];

	if (!isfinite(c->boot.estimate))
		return g_strdup(tr(p, "no pairs"));
	/* As the page prints them: each on its true side of 0 and +-T. */
	axis_format_beside(c->boot.estimate, decimals, 0.0, e, sizeof e);
	if (!ci->defined || !isfinite(ci->lo) || !isfinite(ci->hi))
		return fig_printf("%s %s", e, tr(p, "(no interval)"));
	axis_format_beside(ci->lo, decimals, t, lo, sizeof lo);
	axis_format_beside(ci->hi, decimals, t, hi, sizeof hi);
	return g_strdup_printf("%s [%s; %s]", e, lo, hi);
}

/* Legend items laid out left to right, wrapping; returns the height.
 * With DRAW false it only measures. */
static double legend(fig_pen *p, const slots *sl, double y, double width,
		     bool draw)
{
	const study_plan *plan = &p->in->s->plan;
	const double item_h = 13.0, sw = 14.0;
	double x = 0, line = 0;
	char t[FIG_NUMBUF];
	char *owned = NULL;

	for (size_t i = 0; i <= sl->n; i++) {
		const char *label;
		double w;

		if (i < sl->n) {
			owned = fig_series_name(p, plan, sl->series[i]);
			label = owned;
		} else {
			fig_number(plan->threshold, fig_decimals(plan), false,
				   t, sizeof t);
			char *pm = fig_printf("\xc2\xb1%s %s", t,
					      plan->unit);
			owned = fig_printf(trc(p, "figure",
					      "practical threshold %s"), pm);
			g_free(pm);
			label = owned;
		}
		style_text_measure(p->text, FONT_LABEL, label, width * 0.45,
				   &w, NULL);
		if (x > 0 && x + sw + 4 + w > width) {
			x = 0;
			line += item_h;
		}
		if (draw) {
			double cy = y + line + item_h / 2;
			if (i < sl->n) {
				size_t r = fig_series_rank(plan,
							   sl->series[i]);
				style_rgb c = style_series_colour(r);
				cairo_save(p->cr);
				style_set_colour(p->cr, c);
				cairo_set_line_width(p->cr,
						     STYLE_LINE_WHISKER);
				cairo_move_to(p->cr, x, cy);
				cairo_line_to(p->cr, x + sw, cy);
				cairo_stroke(p->cr);
				cairo_restore(p->cr);
				style_marker_draw(p->cr,
						  style_series_marker(r),
						  x + sw / 2, cy, STYLE_MARKER,
						  c);
			} else {
				cairo_save(p->cr);
				cairo_rectangle(p->cr, x, cy - 5, sw, 10);
				style_set_colour(p->cr, style_band);
				cairo_fill_preserve(p->cr);
				style_set_colour(p->cr, style_band_edge);
				cairo_set_line_width(p->cr, STYLE_LINE_HAIR);
				cairo_stroke(p->cr);
				cairo_restore(p->cr);
			}
			style_text_show(p->text, p->cr, FONT_LABEL, label,
					x + sw + 4, cy, ANCHOR_LEFT
					| ANCHOR_MIDDLE, width * 0.45,
					style_ink);
		}
		x += sw + 4 + w + 14;
		g_free(owned);
		owned = NULL;
	}
	return line + item_h;
}

/* One whisker from LO to HI at height Y, cut at the axis ends with an
 * arrowhead. */
static void whisker(fig_pen *p, double lo, double hi, double y,
		    double x0, double x1, style_rgb c)
{
	const axis_scale *ax = &p->res->axis;
	bool cut_lo = lo < ax->lo, cut_hi = hi > ax->hi;
	double a = axis_map(ax, cut_lo ? ax->lo : lo, x0, x1);
	double b = axis_map(ax, cut_hi ? ax->hi : hi, x0, x1);
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, c);
	cairo_set_line_width(cr, STYLE_LINE_WHISKER);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_move_to(cr, a, y);
	cairo_line_to(cr, b, y);
	cairo_stroke(cr);
	if (cut_lo) {
		fig_arrowhead(cr, a - 1, y, -1, 6);
	} else {
		cairo_move_to(cr, a, y - CAP_H);
		cairo_line_to(cr, a, y + CAP_H);
		cairo_stroke(cr);
	}
	if (cut_hi) {
		fig_arrowhead(cr, b + 1, y, 1, 6);
	} else {
		cairo_move_to(cr, b, y - CAP_H);
		cairo_line_to(cr, b, y + CAP_H);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
	if (cut_lo || cut_hi)
		p->res->n_clipped++;
}

/* The arrow and word saying which way is worse, under the axis. */
static void direction(fig_pen *p, double x0, double x1, double y)
{
	const bool lower = p->in->s->plan.better == BETTER_LOWER;
	const char *better = trc(p, "figure", "better");
	const char *worse = trc(p, "figure", "worse");
	const char *left = lower ? better : worse;
	const char *right = lower ? worse : better;
	const double len = 16;
	double w;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, x0 + 5, y);
	cairo_line_to(cr, x0 + len, y);
	cairo_stroke(cr);
	fig_arrowhead(cr, x0, y, -1, 5);
	cairo_move_to(cr, x1 - 5, y);
	cairo_line_to(cr, x1 - len, y);
	cairo_stroke(cr);
	fig_arrowhead(cr, x1, y, 1, 5);
	cairo_restore(cr);
	style_text_show(p->text, cr, FONT_LABEL, left, x0 + len + 3, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, (x1 - x0) / 2 - len - 6,
			style_ink_soft);
	w = (x1 - x0) / 2 - len - 6;
	style_text_show(p->text, cr, FONT_LABEL, right, x1 - len - 3, y,
			ANCHOR_RIGHT | ANCHOR_MIDDLE, w, style_ink_soft);
}

static void draw_rows(fig_pen *p, const slots *sl, double x0, double x1,
		      double y0, double label_w, double value_x,
		      double value_w, int decimals)
{
	const study_plan *plan = &p->in->s->plan;
	const analysis *a = p->in->a;
	const interval_method m = plan->interval;
	const double row_h = 2 * ROW_PAD + sl->n * SLOT_H;
	cairo_t *cr = p->cr;

	for (size_t r = 0; r < a->n_states; r++) {
		const state_result *sr = &a->states[r];
		double top = y0 + r * row_h;
		char sbuf[FIG_STATE_BUFSIZE];

		if (r > 0) {
			cairo_save(cr);
			style_set_colour(cr, style_grid);
			cairo_set_line_width(cr, STYLE_LINE_HAIR);
			cairo_move_to(cr, 0, top);
			cairo_line_to(cr, value_x + value_w, top);
			cairo_stroke(cr);
			cairo_restore(cr);
		}
		style_text_show(p->text, cr, FONT_BOLD,
				fig_state(p, plan->states[sr->state], sbuf,
					  sizeof sbuf),
				0, top + row_h / 2, ANCHOR_LEFT
				| ANCHOR_MIDDLE, label_w, style_ink);
		for (size_t k = 0; k < sr->n_comparisons; k++) {
			const comparison *c = &a->cmp[sr->comparisons[k]];
			const boot_interval *ci = &c->boot.ci[m];
			size_t rank = fig_series_rank(plan, c->series);
			style_rgb col = style_series_colour(rank);
			double y = top + ROW_PAD
				   + (slot_of(sl, c->series) + 0.5) * SLOT_H;
			char *label = value_label(p, c, decimals);

			if (ci->defined && isfinite(ci->lo)
			    && isfinite(ci->hi))
				whisker(p, ci->lo, ci->hi, y, x0, x1, col);
			if (isfinite(c->boot.estimate)) {
				double x = axis_map(&p->res->axis,
						    c->boot.estimate, x0, x1);
				style_marker_draw(cr, style_series_marker(rank),
						  x, y, STYLE_MARKER, col);
				fig_mark_add(p->res, x, y, c->series);
			}
			style_text_show(p->text, cr, FONT_LABEL, label,
					value_x, y, ANCHOR_LEFT
					| ANCHOR_MIDDLE, value_w,
					darker(col, 0.8));
			g_free(label);
		}
	}
}

/* Background of the plot area: the threshold band, grid lines and 0. */
static void draw_background(fig_pen *p, double x0, double x1, double y0,
			    double y1)
{
	const axis_scale *ax = &p->res->axis;
	double t = p->in->s->plan.threshold;
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
	for (size_t i = 0; i < ax->n_ticks; i++) {
		double x = axis_map(ax, axis_tick(ax, i), x0, x1);
		cairo_move_to(cr, x, y0);
		cairo_line_to(cr, x, y1);
	}
	cairo_stroke(cr);
	style_set_colour(cr, style_band_edge);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_set_dash(cr, (const double[]){ 2.5, 2 }, 2, 0);
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

/* The x axis under the plot; returns the y below its tick labels. */
static double draw_axis(fig_pen *p, double x0, double x1, double y1)
{
	const axis_scale *ax = &p->res->axis;
	int dec = ax->decimals;
	cairo_t *cr = p->cr;
	double h = 0;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		double x = axis_map(ax, axis_tick(ax, i), x0, x1);
		cairo_move_to(cr, x, y1);
		cairo_line_to(cr, x, y1 + STYLE_TICK);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double v = axis_tick(ax, i);
		double x = axis_map(ax, v, x0, x1);
		fig_number(v, dec, v > 0, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf, x,
				y1 + STYLE_TICK + 1.5, ANCHOR_CENTER
				| ANCHOR_TOP, 0, style_ink_soft);
		if (i == 0)
			style_text_measure(p->text, FONT_TICK, buf, 0, NULL,
					   &h);
	}
	return y1 + STYLE_TICK + 1.5 + h;
}

pb_status fig_interval_draw(cairo_t *cr, const fig_input *in, double width,
			    fig_result *res)
{
	const study_plan *plan = &in->s->plan;
	const analysis *a = in->a;
	const int decimals = fig_decimals(plan);
	char *title, *subtitle, *axis_label, *head;
	char ref[FIG_STATE_BUFSIZE], conf[FIG_NUMBUF];
	double y = 0, lo, hi, label_w = 0, value_w = 0, x0, x1, y0, y1, h;
	slots sl = { NULL, 0 };
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, in, res);

	if (st != PB_OK)
		return st;
	fig_state(p, plan->reference, ref, sizeof ref);
	title = fig_printf(trc(p, "figure", "Difference in %s from state %s"),
			   plan->statistic.name, ref);
	if (a->n_cmp == 0 || a->n_states == 0) {
		fig_draw_message(p, title,
				 trc(p, "figure", "There is nothing to "
				     "compare: the study has no measurement "
				     "series or no state besides the "
				     "reference."),
				 width);
		g_free(title);
		return fig_pen_end(p);
	}
	if (!slots_find(in, &sl)) {
		g_free(title);
		fig_pen_fail(p, PB_NOMEM, "out of memory");
		return fig_pen_end(p);
	}
	if (numfmt_percent(plan->confidence, 1, conf, sizeof conf) != PB_OK)
		conf[0] = '\0';
	subtitle = fig_printf(trc(p, "figure", "Mean of the paired "
				  "per-boot differences with its %s%% "
				  "confidence interval (%s), one row per "
				  "state, series shown separately"),
			      conf, fig_method_name(p, plan->interval));
	axis_label = fig_printf(trc(p, "figure", "difference in %s (%s)"),
				plan->statistic.name, plan->unit);
	head = fig_printf(trc(p, "figure", "difference [%s%% CI]"), conf);

	/* Header: title, subtitle, legend. */
	y += style_text_block(p->text, cr, FONT_FIGTITLE, title, 0, y, width,
			      ANCHOR_LEFT, style_ink);
	y += 2;
	y += style_text_block(p->text, cr, FONT_LABEL, subtitle, 0, y, width,
			      ANCHOR_LEFT, style_ink_soft);
	y += 6;
	y += legend(p, &sl, y, width, true);
	y += 8;

	/* Columns: state labels, plot, values. */
	for (size_t r = 0; r < a->n_states; r++) {
		char sbuf[FIG_STATE_BUFSIZE];
		double w;
		style_text_measure(p->text, FONT_BOLD,
				   fig_state(p, plan->states[
						     a->states[r].state],
					     sbuf, sizeof sbuf),
				   0, &w, NULL);
		label_w = fmax(label_w, w);
	}
	for (size_t i = 0; i < a->n_cmp; i++) {
		char *v = value_label(p, &a->cmp[i], decimals);
		double w;
		style_text_measure(p->text, FONT_LABEL, v, 0, &w, NULL);
		value_w = fmax(value_w, w);
		g_free(v);
	}
	/* The column's heading must fit too: one-digit states are
	 * narrower than the word "state" in every language. */
	{
		double head_w;
		style_text_measure(p->text, FONT_TICK,
				   trc(p, "figure", "state"), 0, &head_w,
				   NULL);
		label_w = fmax(label_w, head_w);
	}
	label_w = fmin(label_w, width * 0.2);
	value_w = fmin(fmax(value_w, 40), width * 0.34);
	x0 = label_w + COL_GAP;
	x1 = width - value_w - COL_GAP;

	style_text_show(p->text, cr, FONT_TICK, trc(p, "figure", "state"), 0,
			y, ANCHOR_LEFT | ANCHOR_TOP, label_w + COL_GAP,
			style_ink_soft);
	style_text_show(p->text, cr, FONT_TICK, head, x1 + COL_GAP, y,
			ANCHOR_LEFT | ANCHOR_TOP, value_w, style_ink_soft);
	style_text_measure(p->text, FONT_TICK, head, 0, NULL, &h);
	y += h + 3;

	y0 = y;
	y1 = y0 + a->n_states * (2 * ROW_PAD + sl.n * SLOT_H);
	res->x0 = x0;
	res->x1 = x1;
	res->y0 = y0;
	res->y1 = y1;
	if (!axis_range(in, &lo, &hi)
	    || !axis_nice(lo, hi, (int)fmax(3, (x1 - x0) / 55), &res->axis)) {
		fig_pen_fail(p, PB_DATAERR, "the differences of %s are too "
			     "large to draw", in->s->name);
	} else {
		res->has_axis = true;
		draw_background(p, x0, x1, y0, y1);
		draw_rows(p, &sl, x0, x1, y0, label_w, x1 + COL_GAP, value_w,
			  decimals);
		y = draw_axis(p, x0, x1, y1) + 5;
		y += style_text_block(p->text, cr, FONT_LABEL, axis_label, x0,
				      y, x1 - x0, ANCHOR_CENTER, style_ink);
		y += 3;
		direction(p, x0, x1, y + 5);
		y += 12;
	}
	res->height = y + 4;
	g_free(title);
	g_free(subtitle);
	g_free(axis_label);
	g_free(head);
	free(sl.series);
	return fig_pen_end(p);
}
