/* fig_builddiff.c: the forest plot of a comparison of two builds, and its
 * SVG, PNG and PDF files. */
#include "config.h"

#include "render/fig_builddiff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib.h>

#include "render/figures.h"
#include "render/pdf_report.h"
#include "render/sink.h"

#define SLOT_H 13.0      /* one build of one series pair within a row */
#define PAIR_GAP 4.0     /* between the series pairs of a row */
#define ROW_PAD 5.0      /* above and below the slots of a row */
#define CAP_H 3.0        /* half height of a whisker's end cap */
#define COL_GAP 10.0     /* between label, plot and value columns */
#define FIG_MARGIN 12.0  /* white space around the figure in its files */

/* One drawn interval: which build, which series pair, its numbers. */
typedef struct slot {
	bool is_new;
	size_t rank;          /* colour and marker: the new series' rank */
	double est, lo, hi;
	bool has_est, has_ci;
} slot;

/* The comparison of a study behind one effect change, as a slot. */
static slot make_slot(const study *s, const analysis *a, size_t cmp,
		      bool is_new, size_t rank)
{
	const comparison *c = &a->cmp[cmp];
	const boot_interval *ci = &c->boot.ci[s->plan.interval];
	slot sl = { is_new, rank, c->boot.estimate, NAN, NAN, false, false };

	sl.has_est = isfinite(c->boot.estimate);
	sl.has_ci = sl.has_est && ci->defined && isfinite(ci->lo)
		    && isfinite(ci->hi);
	if (sl.has_ci) {
		sl.lo = ci->lo;
		sl.hi = ci->hi;
	}
	return sl;
}

static slot slot_at(const fig_builddiff_input *in, const effect_change *e,
		    bool is_new)
{
	size_t rank = fig_series_rank(&in->ns->plan, e->new_series);
	return is_new ? make_slot(in->ns, in->na, e->new_cmp, true, rank)
		      : make_slot(in->os, in->oa, e->old_cmp, false, rank);
}

/* The series pairs of a row: those of the first state (every state has
 * the same ones, in the same order). */
static size_t pairs_per_row(const builddiff_result *c)
{
	size_t n = 0;
	for (size_t s = 0; s < c->n_states; s++)
		n = c->states[s].count > n ? c->states[s].count : n;
	return n;
}

static double row_height(size_t pairs)
{
	return 2 * ROW_PAD + pairs * 2 * SLOT_H
	       + (pairs ? (pairs - 1) * PAIR_GAP : 0);
}

/* The range the axis must show: 0, +-T, every estimate, and interval ends
 * as far as 1.5 widths of those beyond them. */
static bool axis_range(const fig_builddiff_input *in, double *lo, double *hi)
{
	const builddiff_result *c = in->c;
	double t = c->threshold, core_lo = -t, core_hi = t, full_lo, full_hi;
	double w;

	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			if (sl.has_est) {
				core_lo = fmin(core_lo, sl.est);
				core_hi = fmax(core_hi, sl.est);
			}
		}
	full_lo = core_lo;
	full_hi = core_hi;
	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			if (sl.has_ci) {
				full_lo = fmin(full_lo, sl.lo);
				full_hi = fmax(full_hi, sl.hi);
			}
		}
	w = core_hi - core_lo;
	if (!isfinite(w) || !(w > 0))
		return false;
	*lo = fmax(full_lo, core_lo - 1.5 * w);
	*hi = fmin(full_hi, core_hi + 1.5 * w);
	return isfinite(*lo) && isfinite(*hi);
}

static style_rgb pale(style_rgb c)
{
	style_rgb p = { 0.45 * c.r + 0.55, 0.45 * c.g + 0.55,
			0.45 * c.b + 0.55 };
	return p;
}

static style_rgb darker(style_rgb c, double f)
{
	style_rgb d = { c.r * f, c.g * f, c.b * f };
	return d;
}

/* A marker of series RANK: filled for the new build, a ring (the marker
 * with a white centre) for the old one. */
static void marker(cairo_t *cr, size_t rank, bool is_new, double x, double y)
{
	style_rgb col = style_series_colour(rank);
	style_marker m = style_series_marker(rank);

	style_marker_draw(cr, m, x, y, STYLE_MARKER, col);
	if (!is_new)
		style_marker_draw(cr, m, x, y, STYLE_MARKER * 0.45,
				  style_white);
}

/* "+0.625 [-1.111; +2.474]", or what stands in for a missing one; each
 * number on its true side of 0 and of +-T, the comparison's threshold. */
static char *value_label(fig_pen *p, const slot *sl, int decimals, double t)
{
	char e[FIG_NUMBUF], lo[FIG_NUMBUF], hi[FIG_NUMBUF];

	if (!sl->has_est)
		return g_strdup(tr(p, "no pairs"));
	axis_format_beside(sl->est, decimals, 0.0, e, sizeof e);
	if (!sl->has_ci)
		return fig_printf("%s %s", e, tr(p, "(no interval)"));
	axis_format_beside(sl->lo, decimals, t, lo, sizeof lo);
	axis_format_beside(sl->hi, decimals, t, hi, sizeof hi);
	return g_strdup_printf("%s [%s; %s]", e, lo, hi);
}

static void whisker(fig_pen *p, double lo, double hi, double y, double x0,
		    double x1, style_rgb c)
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

/* The legend: each new series (colour and marker), the two builds (ring
 * and filled), the threshold band.  Returns its height; DRAW false only
 * measures. */
static double legend(fig_pen *p, const fig_builddiff_input *in, double y,
		     double width, bool draw)
{
	const builddiff_result *c = in->c;
	const study_plan *plan = &in->ns->plan;
	const double item_h = 13.0, sw = 14.0;
	size_t pairs = c->n_states ? c->states[0].count : 0;
	double x = 0, line = 0;
	char t[FIG_NUMBUF];

	for (size_t i = 0; i < pairs + 3; i++) {
		char *label;
		double w;
		size_t rank = 0;

		if (i < pairs) {
			const effect_change *e =
				&c->effects[c->states[0].first + i];
			rank = fig_series_rank(plan, e->new_series);
			label = fig_series_name(p, plan, e->new_series);
		} else if (i == pairs) {
			label = fig_printf(trc(p, "figure", "old build %s"),
					   in->os->plan.build);
		} else if (i == pairs + 1) {
			label = fig_printf(trc(p, "figure", "new build %s"),
					   plan->build);
		} else {
			fig_number(c->threshold,
				   fig_decimals(&in->os->plan), false, t,
				   sizeof t);
			char *pm = fig_printf("\xc2\xb1%s %s", t,
					      in->os->plan.unit);
			label = fig_printf(trc(p, "figure",
					       "practical threshold %s"), pm);
			g_free(pm);
		}
		style_text_measure(p->text, FONT_LABEL, label, width * 0.45,
				   &w, NULL);
		if (x > 0 && x + sw + 4 + w > width) {
			x = 0;
			line += item_h;
		}
		if (draw) {
			double cy = y + line + item_h / 2;
			cairo_t *cr = p->cr;
			if (i < pairs) {
				style_rgb col = style_series_colour(rank);
				cairo_save(cr);
				style_set_colour(cr, col);
				cairo_set_line_width(cr, STYLE_LINE_WHISKER);
				cairo_move_to(cr, x, cy);
				cairo_line_to(cr, x + sw, cy);
				cairo_stroke(cr);
				cairo_restore(cr);
				marker(cr, rank, true, x + sw / 2, cy);
			} else if (i <= pairs + 1) {
				cairo_save(cr);
				style_set_colour(cr, i == pairs
						 ? pale(style_ink_soft)
						 : style_ink_soft);
				cairo_set_line_width(cr, STYLE_LINE_WHISKER);
				cairo_move_to(cr, x, cy);
				cairo_line_to(cr, x + sw, cy);
				cairo_stroke(cr);
				cairo_restore(cr);
				style_marker_draw(cr, MARKER_CIRCLE,
						  x + sw / 2, cy, STYLE_MARKER,
						  style_ink_soft);
				if (i == pairs)
					style_marker_draw(cr, MARKER_CIRCLE,
							  x + sw / 2, cy,
							  STYLE_MARKER * 0.45,
							  style_white);
			} else {
				cairo_save(cr);
				cairo_rectangle(cr, x, cy - 5, sw, 10);
				style_set_colour(cr, style_band);
				cairo_fill_preserve(cr);
				style_set_colour(cr, style_band_edge);
				cairo_set_line_width(cr, STYLE_LINE_HAIR);
				cairo_stroke(cr);
				cairo_restore(cr);
			}
			style_text_show(p->text, cr, FONT_LABEL, label,
					x + sw + 4, cy, ANCHOR_LEFT
					| ANCHOR_MIDDLE, width * 0.45,
					style_ink);
		}
		x += sw + 4 + w + 14;
		g_free(label);
	}
	return line + item_h;
}

/* The threshold band, grid lines and the zero line. */
static void background(fig_pen *p, double t, double x0, double x1,
		       double y0, double y1)
{
	const axis_scale *ax = &p->res->axis;
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

/* The x axis; returns the y below its tick labels. */
static double x_axis(fig_pen *p, double x0, double x1, double y1)
{
	const axis_scale *ax = &p->res->axis;
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
		fig_number(v, ax->decimals, v > 0, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf,
				axis_map(ax, v, x0, x1), y1 + STYLE_TICK + 1.5,
				ANCHOR_CENTER | ANCHOR_TOP, 0, style_ink_soft);
		if (i == 0)
			style_text_measure(p->text, FONT_TICK, buf, 0, NULL,
					   &h);
	}
	return y1 + STYLE_TICK + 1.5 + h;
}

/* "better" and "worse" with arrows under the axis. */
static void direction(fig_pen *p, bool lower, double x0, double x1, double y)
{
	const char *left = lower ? trc(p, "figure", "better")
				 : trc(p, "figure", "worse");
	const char *right = lower ? trc(p, "figure", "worse")
				  : trc(p, "figure", "better");
	const double len = 16, w = (x1 - x0) / 2 - len - 6;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, x0 + 5, y);
	cairo_line_to(cr, x0 + len, y);
	cairo_move_to(cr, x1 - 5, y);
	cairo_line_to(cr, x1 - len, y);
	cairo_stroke(cr);
	fig_arrowhead(cr, x0, y, -1, 5);
	fig_arrowhead(cr, x1, y, 1, 5);
	cairo_restore(cr);
	style_text_show(p->text, cr, FONT_LABEL, left, x0 + len + 3, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, w, style_ink_soft);
	style_text_show(p->text, cr, FONT_LABEL, right, x1 - len - 3, y,
			ANCHOR_RIGHT | ANCHOR_MIDDLE, w, style_ink_soft);
}

static void rows(fig_pen *p, const fig_builddiff_input *in, double x0,
		 double x1, double y0, double label_w, double value_x,
		 double value_w, int decimals)
{
	const builddiff_result *c = in->c;
	const double rh = row_height(pairs_per_row(c));
	cairo_t *cr = p->cr;

	for (size_t r = 0; r < c->n_states; r++) {
		const state_change *sc = &c->states[r];
		double top = y0 + r * rh;
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
				fig_state(p, sc->state, sbuf, sizeof sbuf), 0,
				top + rh / 2, ANCHOR_LEFT | ANCHOR_MIDDLE,
				label_w, style_ink);
		for (size_t k = 0; k < sc->count; k++) {
			const effect_change *e = &c->effects[sc->first + k];
			for (int b = 0; b < 2; b++) {
				slot sl = slot_at(in, e, b);
				style_rgb col = style_series_colour(sl.rank);
				double y = top + ROW_PAD
					   + k * (2 * SLOT_H + PAIR_GAP)
					   + (b + 0.5) * SLOT_H;
				char *label = value_label(p, &sl, decimals,
							  c->threshold);

				if (sl.has_ci)
					whisker(p, sl.lo, sl.hi, y, x0, x1,
						b ? col : pale(col));
				if (sl.has_est) {
					double x = axis_map(&p->res->axis,
							    sl.est, x0, x1);
					marker(cr, sl.rank, b, x, y);
					fig_mark_add(p->res, x, y,
						     b ? e->new_series
						       : e->old_series);
				}
				style_text_show(p->text, cr, FONT_LABEL, label,
						value_x, y, ANCHOR_LEFT
						| ANCHOR_MIDDLE, value_w,
						b ? darker(col, 0.8)
						  : style_ink_soft);
				g_free(label);
			}
		}
	}
}

pb_status fig_builddiff_draw(cairo_t *cr, const fig_builddiff_input *in,
			   double width, fig_result *res)
{
	const builddiff_result *c = in->c;
	const study_plan *op = &in->os->plan;
	const fig_input fin = { in->ns, in->na, in->lang };
	const int decimals = fig_decimals(op);
	char ref[FIG_STATE_BUFSIZE], conf[FIG_NUMBUF];
	char *title, *subtitle, *axis_label, *head;
	double y = 0, lo, hi, label_w = 0, value_w = 0, x0, x1, y0, y1, h;
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, &fin, res);

	if (st != PB_OK)
		return st;
	fig_state(p, op->reference, ref, sizeof ref);
	title = fig_printf(trc(p, "figure", "Effects on the old and the new "
			       "build: difference in %s from state %s"),
			   op->statistic.name, ref);
	if (c->n_states == 0 || c->n_effects == 0) {
		fig_draw_message(p, title, trc(p, "figure", "There is nothing "
					       "to compare: the studies share "
					       "no state besides the "
					       "reference."), width);
		g_free(title);
		return fig_pen_end(p);
	}
	if (numfmt_percent(op->confidence, 1, conf, sizeof conf) != PB_OK)
		conf[0] = '\0';
	subtitle = fig_printf(trc(p, "figure", "Mean of the paired per-boot "
				  "differences with its %s%% confidence "
				  "interval (%s) on each build: the old build "
				  "above (ring), the new one below (filled); "
				  "series shown separately"),
			      conf, fig_method_name(p, op->interval));
	axis_label = fig_printf(trc(p, "figure", "difference in %s (%s)"),
				op->statistic.name, op->unit);
	head = fig_printf(trc(p, "figure", "difference [%s%% CI]"), conf);

	y += style_text_block(p->text, cr, FONT_FIGTITLE, title, 0, y, width,
			      ANCHOR_LEFT, style_ink);
	y += 2;
	y += style_text_block(p->text, cr, FONT_LABEL, subtitle, 0, y, width,
			      ANCHOR_LEFT, style_ink_soft);
	y += 6;
	y += legend(p, in, y, width, true);
	y += 8;

	for (size_t r = 0; r < c->n_states; r++) {
		char sbuf[FIG_STATE_BUFSIZE];
		double w;
		style_text_measure(p->text, FONT_BOLD,
				   fig_state(p, c->states[r].state, sbuf,
					     sizeof sbuf), 0, &w, NULL);
		label_w = fmax(label_w, w);
	}
	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			char *v = value_label(p, &sl, decimals,
					      c->threshold);
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
	y1 = y0 + c->n_states * row_height(pairs_per_row(c));
	res->x0 = x0;
	res->x1 = x1;
	res->y0 = y0;
	res->y1 = y1;
	if (!axis_range(in, &lo, &hi)
	    || !axis_nice(lo, hi, (int)fmax(3, (x1 - x0) / 55), &res->axis)) {
		fig_pen_fail(p, PB_DATAERR, "the differences of %s and %s are "
			     "too large to draw", in->os->name, in->ns->name);
	} else {
		res->has_axis = true;
		background(p, c->threshold, x0, x1, y0, y1);
		rows(p, in, x0, x1, y0, label_w, x1 + COL_GAP, value_w,
		     decimals);
		y = x_axis(p, x0, x1, y1) + 5;
		y += style_text_block(p->text, cr, FONT_LABEL, axis_label, x0,
				      y, x1 - x0, ANCHOR_CENTER, style_ink);
		y += 3;
		direction(p, c->better == BETTER_LOWER, x0, x1, y + 5);
		y += 12;
	}
	res->height = y + 4;
	g_free(title);
	g_free(subtitle);
	g_free(axis_label);
	g_free(head);
	return fig_pen_end(p);
}

/* ---------------------------------------------------------------------
 * Files. */

/* Draws the figure onto SURFACE at SCALE, on white, inside the margin. */
static pb_status draw_on(cairo_surface_t *surface, const fig_builddiff_input *in,
			 double scale, fig_result *res)
{
	cairo_t *cr = cairo_create(surface);
	pb_status st = figures_cairo_status(cairo_status(cr));

	if (st == PB_OK) {
		cairo_scale(cr, scale, scale);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_translate(cr, FIG_MARGIN, FIG_MARGIN);
		st = fig_builddiff_draw(cr, in, STYLE_FIGURE_WIDTH, res);
		if (st == PB_OK)
			st = figures_cairo_status(cairo_status(cr));
	}
	cairo_destroy(cr);
	return st;
}

/* The figure's height: drawn once on a recording surface. */
static pb_status measure(const fig_builddiff_input *in, fig_result *res)
{
	cairo_surface_t *rec = cairo_recording_surface_create(
		CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	pb_status st = figures_cairo_status(cairo_status(cr));

	if (st == PB_OK)
		st = fig_builddiff_draw(cr, in, STYLE_FIGURE_WIDTH, res);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	return st;
}

/* Finishes SURFACE and checks that everything reached BUF. */
static pb_status finish(cairo_surface_t *surface, pb_status st,
			const sink *buf)
{
	cairo_surface_finish(surface);
	if (st == PB_OK)
		st = figures_cairo_status(cairo_surface_status(surface));
	if (st == PB_OK && sink_failed(buf))
		st = buf->nomem ? PB_NOMEM : PB_IOERR;
	cairo_surface_destroy(surface);
	return st;
}

static pb_status render_svg(const fig_builddiff_input *in, double w, double h,
			    GString *out, fig_result *res)
{
	sink buf;
	cairo_surface_t *s;
	pb_status st;

	sink_init_buffer(&buf);
	s = cairo_svg_surface_create_for_stream(sink_write, &buf, w, h);
	st = figures_cairo_status(cairo_surface_status(s));
	if (st == PB_OK) {
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PT);
		st = draw_on(s, in, 1.0, res);
	}
	st = finish(s, st, &buf);
	if (st == PB_OK)
		figures_svg_normalize((const char *)buf.data, buf.len, out);
	sink_free(&buf);
	return st;
}

static pb_status render_png(const fig_builddiff_input *in, double w, double h,
			    GString *out, fig_result *res)
{
	sink buf;
	cairo_surface_t *s = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, (int)ceil(w * STYLE_PNG_SCALE),
		(int)ceil(h * STYLE_PNG_SCALE));
	pb_status st = figures_cairo_status(cairo_surface_status(s));

	sink_init_buffer(&buf);
	if (st == PB_OK)
		st = draw_on(s, in, STYLE_PNG_SCALE, res);
	if (st == PB_OK) {
		cairo_surface_flush(s);
		st = figures_cairo_status(
			cairo_surface_write_to_png_stream(s, sink_write, &buf));
		if (st == PB_OK && sink_failed(&buf))
			st = buf.nomem ? PB_NOMEM : PB_IOERR;
	}
	cairo_surface_destroy(s);
	if (st == PB_OK)
		g_string_append_len(out, (const char *)buf.data,
				    (gssize)buf.len);
	sink_free(&buf);
	return st;
}

/* One page the size of the figure, dated as the report PDF is (the new
 * study's date: see pdf_report_date). */
static pb_status render_pdf(const fig_builddiff_input *in, double w, double h,
			    GString *out, fig_result *res)
{
	sink buf;
	cairo_surface_t *s;
	char date[32];
	pb_status st;

	pdf_report_date(in->ns, getenv("SOURCE_DATE_EPOCH"), date,
			sizeof date);
	sink_init_buffer(&buf);
	s = cairo_pdf_surface_create_for_stream(sink_write, &buf, w, h);
	st = figures_cairo_status(cairo_surface_status(s));
	if (st == PB_OK) {
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
					       PACKAGE_STRING);
		cairo_pdf_surface_set_metadata(
			s, CAIRO_PDF_METADATA_CREATE_DATE, date);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE,
					       date);
		st = draw_on(s, in, 1.0, res);
	}
	st = finish(s, st, &buf);
	if (st == PB_OK)
		g_string_append_len(out, (const char *)buf.data,
				    (gssize)buf.len);
	sink_free(&buf);
	return st;
}

pb_status fig_builddiff_write(const fig_builddiff_input *in, outdir *o, diag *d)
{
	static const char *const ext[3] = { "svg", "png", "pdf" };
	pb_status (*const render[3])(const fig_builddiff_input *, double, double,
				     GString *, fig_result *) = {
		render_svg, render_png, render_pdf
	};
	fig_result res;
	double w = STYLE_FIGURE_WIDTH + 2 * FIG_MARGIN, h;
	pb_status st = measure(in, &res);

	if (st != PB_OK) {
		diag_error(d, "compare figure", 0, 0, "%s", res.message);
		return st;
	}
	h = ceil(res.height + 2 * FIG_MARGIN);
	for (int f = 0; f < 3 && st == PB_OK; f++) {
		GString *data = g_string_new(NULL);
		char *name = g_strdup_printf("compare.%s.%s", in->lang, ext[f]);
		st = render[f](in, w, h, data, &res);
		if (st != PB_OK)
			diag_error(d, name, 0, 0, "%s", res.message[0]
				   ? res.message : "cannot draw the figure");
		else
			st = outdir_write(o, name, data->str, data->len);
		g_string_free(data, TRUE);
		g_free(name);
	}
	if (st != PB_OK)
		diag_fail(d, st);
	return st;
}
