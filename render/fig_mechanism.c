/* fig_mechanism.c: priority transitions and registrations per state. */
#include "config.h"

#include "render/fig_mechanism.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#define PANEL_GAP_X 18.0    /* between panels side by side */
#define PANEL_GAP_Y 14.0    /* between rows of panels */
#define PLOT_H 78.0         /* height of a panel's plot area */
#define VARIANT_SHIFT 1.6   /* vertical offset between variants */

/* The two priorities drawn, with their colour and marker. */
enum { KIND_WIN32, KIND_ETW, KINDS };

static style_rgb kind_colour(int kind)
{
	return style_series_colour(kind == KIND_WIN32 ? 0 : 1);
}

static style_marker kind_marker(int kind)
{
	return kind == KIND_WIN32 ? MARKER_CIRCLE : MARKER_SQUARE;
}

static const long *variant_values(const prio_variant *v, int kind)
{
	return kind == KIND_WIN32 ? v->win32 : v->etw;
}

/* The range of every priority shown. */
static bool prio_range(const study_summary *sum, double *lo, double *hi)
{
	bool any = false;

	*lo = 0;
	*hi = 0;
	for (size_t i = 0; i < sum->n_mech; i++) {
		const mech_state_summary *m = &sum->mech[i];
		for (size_t v = 0; v < m->n_variants; v++) {
			for (int k = 0; k < KINDS; k++) {
				const long *x = variant_values(
					&m->variants[v], k);
				for (int ph = 0; ph < PRIO_PHASES; ph++) {
					*lo = fmin(*lo, (double)x[ph]);
					*hi = fmax(*hi, (double)x[ph]);
					any = true;
				}
			}
		}
	}
	return any;
}

/* "running", "stopped" or a count, with the service's name. */
static char *service_text(fig_pen *p, const mech_state_summary *m)
{
	const char *name = p->in->s->plan.service;

	if (m->boots > 0 && m->service_running == m->boots)
		return name ? fig_printf(tr(p, "%s running"), name)
			    : g_strdup(tr(p, "service running"));
	if (m->boots > 0 && m->service_stopped == m->boots)
		return name ? fig_printf(tr(p, "%s stopped"), name)
			    : g_strdup(tr(p, "service stopped"));
	if (m->service_unknown == m->boots)
		return g_strdup(trc(p, "figure", "service state not reported"));
	return fig_printf(trc(p, "figure", "running in %zu of %zu boots"),
			  m->service_running, m->boots);
}

/* "0 -> 10 -> 0" with typeset arrows. */
static char *transition(const long v[PRIO_PHASES])
{
	return g_strdup_printf("%ld \xe2\x86\x92 %ld \xe2\x86\x92 %ld", v[0],
			       v[1], v[2]);
}

/* The step line of one priority over the three phase slots. */
static void steps(fig_pen *p, const long v[PRIO_PHASES], int kind,
		  double x0, double slot, double y0, double y1, double shift,
		  size_t series)
{
	const axis_scale *ax = &p->res->axis;
	cairo_t *cr = p->cr;
	style_rgb c = kind_colour(kind);

	cairo_save(cr);
	style_set_colour(cr, c);
	cairo_set_line_width(cr, STYLE_LINE * 1.3);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	for (int ph = 0; ph < PRIO_PHASES; ph++) {
		double y = axis_map(ax, (double)v[ph], y1, y0) + shift;
		double xa = x0 + slot * ph + slot * 0.12;
		double xb = x0 + slot * (ph + 1) - slot * 0.12;
		if (ph == 0)
			cairo_move_to(cr, xa, y);
		else
			cairo_line_to(cr, xa, y);
		cairo_line_to(cr, xb, y);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	for (int ph = 0; ph < PRIO_PHASES; ph++) {
		double x = x0 + slot * (ph + 0.5);
		double y = axis_map(ax, (double)v[ph], y1, y0) + shift;
		style_marker_draw(cr, kind_marker(kind), x, y, STYLE_MARKER - 1,
				  c);
		fig_mark_add(p->res, x, y, series);
	}
}

/* The plot frame of a panel: grid and tick labels at the left. */
static void frame(fig_pen *p, double x0, double x1, double y0, double y1)
{
	const axis_scale *ax = &p->res->axis;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_grid);
	cairo_set_line_width(cr, STYLE_LINE_HAIR);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		double y = axis_map(ax, axis_tick(ax, i), y1, y0);
		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x1, y);
	}
	cairo_stroke(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x0, y1);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
	for (size_t i = 0; i < ax->n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double v = axis_tick(ax, i);
		fig_number(v, ax->decimals, false, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf, x0 - 3,
				axis_map(ax, v, y1, y0),
				ANCHOR_RIGHT | ANCHOR_MIDDLE, 0,
				style_ink_soft);
	}
}

/* One panel for summary M at (X, Y), W wide; returns its height. */
static double panel(fig_pen *p, const mech_state_summary *m, double x,
		    double y, double w, double tick_w, bool many_series,
		    bool first)
{
	const study_plan *plan = &p->in->s->plan;
	const char *phases[PRIO_PHASES] = {
		trc(p, "figure", "before"),
		trc(p, "figure", "after"),
		trc(p, "figure", "cleanup")
	};
	char sbuf[FIG_STATE_BUFSIZE];
	char *head, *reg, *svc, *info, *name;
	double x0 = x + tick_w + 6, x1 = x + w, y0, y1, slot, h, yy;
	cairo_t *cr = p->cr;

	fig_state(p, m->state, sbuf, sizeof sbuf);
	name = fig_series_name(p, plan, m->series);
	head = many_series ? fig_printf("%s: %s", name, sbuf)
			   : g_strdup(sbuf);
	g_free(name);
	reg = fig_printf(trc(p, "figure", "registered %zu/%zu"), m->registered,
			 m->boots);
	svc = service_text(p, m);
	info = fig_printf("%s \xc2\xb7 %s", reg, svc);
	yy = y;
	style_text_measure(p->text, FONT_BOLD, head, 0, NULL, &h);
	style_text_show(p->text, cr, FONT_BOLD, head, x, yy, ANCHOR_LEFT
			| ANCHOR_TOP, w, style_ink);
	yy += h;
	yy += style_text_block(p->text, cr, FONT_TICK, info, x, yy, w,
			       ANCHOR_LEFT, style_ink_soft);
	y0 = yy + 6;
	y1 = y0 + PLOT_H;
	slot = (x1 - x0) / PRIO_PHASES;
	if (first) {
		p->res->x0 = x0;
		p->res->x1 = x1;
		p->res->y0 = y0;
		p->res->y1 = y1;
	}
	frame(p, x0, x1, y0, y1);
	for (size_t v = 0; v < m->n_variants; v++) {
		double shift = ((double)v - (m->n_variants - 1) / 2.0)
			       * VARIANT_SHIFT;
		for (int k = 0; k < KINDS; k++)
			steps(p, variant_values(&m->variants[v], k), k, x0,
			      slot, y0, y1, shift + (k ? 0.8 : -0.8),
			      m->series);
	}
	for (int ph = 0; ph < PRIO_PHASES; ph++)
		style_text_show(p->text, cr, FONT_TICK, phases[ph],
				x0 + slot * (ph + 0.5), y1 + 3,
				ANCHOR_CENTER | ANCHOR_TOP, slot - 2,
				style_ink_soft);
	style_text_measure(p->text, FONT_TICK, phases[0], 0, NULL, &h);
	yy = y1 + 3 + h + 3;
	if (m->n_variants == 0) {
		yy += style_text_block(p->text, cr, FONT_TICK,
				       trc(p, "figure",
					   "priorities not reported"),
				       x0, yy, x1 - x0, ANCHOR_LEFT,
				       style_ink_soft);
	}
	for (size_t v = 0; v < m->n_variants; v++) {
		for (int k = 0; k < KINDS; k++) {
			char *t = transition(variant_values(&m->variants[v],
							    k));
			char *line;
			if (m->n_variants > 1)
				line = fig_printf(trc(p, "figure",
						      "%s: %s (%zu of %zu "
						      "boots)"),
						  k == KIND_WIN32 ? "Win32"
								  : "ETW",
						  t, m->variants[v].boots,
						  m->boots);
			else
				line = fig_printf("%s: %s",
						  k == KIND_WIN32 ? "Win32"
								  : "ETW",
						  t);
			yy += style_text_block(p->text, cr, FONT_TICK, line,
					       x0, yy, x1 - x0, ANCHOR_LEFT,
					       kind_colour(k));
			g_free(t);
			g_free(line);
		}
	}
	g_free(head);
	g_free(reg);
	g_free(svc);
	g_free(info);
	return yy - y;
}

/* The legend: which line is which priority. */
static double legend(fig_pen *p, double y, double width)
{
	const char *items[KINDS] = {
		tr(p, "Win32 priority of one thread"),
		tr(p, "ETW priority of one thread"),
	};
	const double item_h = 13.0, sw = 18.0;
	double x = 0, line = 0;
	cairo_t *cr = p->cr;

	for (int k = 0; k < KINDS; k++) {
		double w, cy;
		style_text_measure(p->text, FONT_LABEL, items[k], width * 0.45,
				   &w, NULL);
		if (x > 0 && x + sw + 4 + w > width) {
			x = 0;
			line += item_h;
		}
		cy = y + line + item_h / 2;
		cairo_save(cr);
		style_set_colour(cr, kind_colour(k));
		cairo_set_line_width(cr, STYLE_LINE * 1.3);
		cairo_move_to(cr, x, cy);
		cairo_line_to(cr, x + sw, cy);
		cairo_stroke(cr);
		cairo_restore(cr);
		style_marker_draw(cr, kind_marker(k), x + sw / 2, cy,
				  STYLE_MARKER - 1, kind_colour(k));
		style_text_show(p->text, cr, FONT_LABEL, items[k], x + sw + 4,
				cy, ANCHOR_LEFT | ANCHOR_MIDDLE, width * 0.45,
				style_ink);
		x += sw + 4 + w + 14;
	}
	return line + item_h;
}

pb_status fig_mechanism_draw(cairo_t *cr, const fig_input *in, double width,
			     fig_result *res)
{
	const study_summary *sum = in->a->summary;
	char *title;
	double y = 0, lo, hi, tick_w = 0;
	size_t cols;
	bool many_series = false;
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, in, res);

	if (st != PB_OK)
		return st;
	title = g_strdup(trc(p, "figure", "Priority of the test thread "
			     "before registration, after it and after "
			     "cleanup"));
	if (!sum || sum->n_mech == 0 || !prio_range(sum, &lo, &hi)) {
		fig_draw_message(p, title,
				 trc(p, "figure", "The study has no "
				     "mechanism check boots with "
				     "priorities."),
				 width);
		g_free(title);
		return fig_pen_end(p);
	}
	if (!axis_nice(lo, hi, 4, &res->axis)) {
		fig_pen_fail(p, PB_DATAERR, "the priorities of %s are too "
			     "large to draw", in->s->name);
		g_free(title);
		return fig_pen_end(p);
	}
	res->has_axis = true;
	for (size_t i = 1; i < sum->n_mech; i++)
		many_series |= sum->mech[i].series != sum->mech[0].series;
	for (size_t i = 0; i < res->axis.n_ticks; i++) {
		char buf[FIG_NUMBUF];
		double w;
		fig_number(axis_tick(&res->axis, i), res->axis.decimals, false,
			   buf, sizeof buf);
		style_text_measure(p->text, FONT_TICK, buf, 0, &w, NULL);
		tick_w = fmax(tick_w, w);
	}
	/* Two panels a row reads best; three when that fills rows evenly. */
	cols = sum->n_mech == 1 ? 1 : sum->n_mech % 3 == 0 ? 3 : 2;

	y += style_text_block(p->text, cr, FONT_FIGTITLE, title, 0, y, width,
			      ANCHOR_LEFT, style_ink);
	y += 6;
	y += legend(p, y, width);
	y += 10;
	for (size_t i = 0; i < sum->n_mech; i += cols) {
		double pw = (width - PANEL_GAP_X * (cols - 1)) / cols;
		double row_h = 0;
		for (size_t c = 0; c < cols && i + c < sum->n_mech; c++) {
			double h = panel(p, &sum->mech[i + c],
					 c * (pw + PANEL_GAP_X), y, pw, tick_w,
					 many_series, i + c == 0);
			row_h = fmax(row_h, h);
		}
		y += row_h + PANEL_GAP_Y;
	}
	res->height = y;
	g_free(title);
	return fig_pen_end(p);
}
