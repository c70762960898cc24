/* fig_mechanism.c: priority transitions and registrations per state. */
#include "config.h"

#include "render/fig_mechanism.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "render/figframe.h"

#define PANEL_GAP_X 18.0    /* between panels side by side */
#define PANEL_GAP_Y 14.0    /* between rows of panels */
#define PLOT_H 78.0         /* height of a panel's plot area */
#define VARIANT_SHIFT 1.6   /* vertical offset between variants */
#define TICK_LABEL_GAP 3.0  /* between the axis and a tick label */
#define LEGEND_SWATCH_W 18.0 /* a legend item's swatch */
#define STEP_LINE_W (STYLE_LINE * 1.3) /* a priority's steps */
#define STEP_MARKER (STYLE_MARKER - 1) /* a priority's markers */
#define KIND_SHIFT 0.8      /* Win32 drawn this much above, ETW below */
#define AXIS_GAP 6.0        /* between the tick labels and the plot */
#define PLOT_GAP 8.0        /* between a panel's heading and its plot:
			       the top tick's label stands half above it */
#define PHASE_GAP 3.0       /* above and below the phases' names */
#define PHASE_LABEL_PAD 2.0 /* taken off a phase's width for its name */
#define STEP_INSET 0.12     /* a step's inset from each end of its phase,
			       as a fraction of the phase's width */
#define AXIS_TICKS 4        /* ticks the priority axis aims at */
#define TITLE_GAP 6.0       /* between the title and the legend */
#define LEGEND_GAP 10.0     /* between the legend and the panels */

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
	return fig_count_printf(p, trc(p, "figure",
				       "running in %zu of %zu boots"),
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
	cairo_set_line_width(cr, STEP_LINE_W);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	for (int ph = 0; ph < PRIO_PHASES; ph++) {
		double y = axis_map(ax, (double)v[ph], y1, y0) + shift;
		double xa = x0 + slot * ph + slot * STEP_INSET;
		double xb = x0 + slot * (ph + 1) - slot * STEP_INSET;
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
		style_marker_draw(cr, kind_marker(kind), x, y, STEP_MARKER,
				  c);
		fig_mark_add(p->res, x, y, series);
	}
}

/* The heading of the panel of M at (X, Y), W wide: its state (and
 * series) and its registrations and service; returns the y below it. */
static double panel_head(fig_pen *p, const mech_state_summary *m, double x,
			 double y, double w, bool many_series)
{
	const study_plan *plan = &p->in->s->plan;
	char sbuf[FIG_STATE_BUFSIZE];
	char *head, *reg, *svc, *info, *name;
	double h;

	fig_state(p, m->state, sbuf, sizeof sbuf);
	name = fig_series_name(p, plan, m->series);
	head = many_series ? fig_printf("%s: %s", name, sbuf)
			   : g_strdup(sbuf);
	g_free(name);
	/* Only what the logs recorded: a study whose logs hold no
	 * registration (or no service state) gets no word of it. */
	reg = m->register_reported
	      ? fig_count_printf(p, trc(p, "figure", "registered %zu/%zu"),
			   m->registered, m->boots)
	      : NULL;
	svc = m->service_unknown < m->boots ? service_text(p, m) : NULL;
	info = reg && svc ? fig_printf("%s \xc2\xb7 %s", reg, svc)
	       : g_strdup(reg ? reg : svc ? svc : "");
	style_text_measure(p->text, FONT_BOLD, head, 0, NULL, &h);
	style_text_show(p->text, p->cr, FONT_BOLD, head, x, y, ANCHOR_LEFT
			| ANCHOR_TOP, w, style_ink);
	y += h;
	if (*info)
		y += style_text_block(p->text, p->cr, FONT_TICK, info, x, y,
				      w, ANCHOR_LEFT, style_ink_soft);
	g_free(head);
	g_free(reg);
	g_free(svc);
	g_free(info);
	return y;
}

/* The plot of M from X0 to X1 and Y0 to Y1: its frame, the steps of each
 * variant and the phases under them; returns the y below the phases. */
static double panel_plot(fig_pen *p, const mech_state_summary *m, double x0,
			 double x1, double y0, double y1)
{
	const char *phases[PRIO_PHASES] = {
		trc(p, "figure", "before"),
		trc(p, "figure", "after"),
		trc(p, "figure", "cleanup")
	};
	double slot = (x1 - x0) / PRIO_PHASES, h;

	fig_panel_frame(p, x0, x1, y0, y1, 0, TICK_LABEL_GAP);
	for (size_t v = 0; v < m->n_variants; v++) {
		double shift = ((double)v - (m->n_variants - 1) / 2.0)
			       * VARIANT_SHIFT;
		for (int k = 0; k < KINDS; k++)
			steps(p, variant_values(&m->variants[v], k), k, x0,
			      slot, y0, y1,
			      shift + (k ? KIND_SHIFT : -KIND_SHIFT),
			      m->series);
	}
	for (int ph = 0; ph < PRIO_PHASES; ph++)
		style_text_show(p->text, p->cr, FONT_TICK, phases[ph],
				x0 + slot * (ph + 0.5), y1 + PHASE_GAP,
				ANCHOR_CENTER | ANCHOR_TOP,
				slot - PHASE_LABEL_PAD, style_ink_soft);
	style_text_measure(p->text, FONT_TICK, phases[0], 0, NULL, &h);
	return y1 + PHASE_GAP + h + PHASE_GAP;
}

/* Under the plot of M, from X0 to X1 at Y: each variant's transitions
 * in words; returns the y below them. */
static double panel_transitions(fig_pen *p, const mech_state_summary *m,
				double x0, double x1, double y)
{
	if (m->n_variants == 0)
		y += style_text_block(p->text, p->cr, FONT_TICK,
				      trc(p, "figure",
					  "priorities not reported"),
				      x0, y, x1 - x0, ANCHOR_LEFT,
				      style_ink_soft);
	for (size_t v = 0; v < m->n_variants; v++) {
		for (int k = 0; k < KINDS; k++) {
			const char *kind = k == KIND_WIN32 ? "Win32" : "ETW";
			char *t = transition(variant_values(&m->variants[v],
							    k));
			char *line;
			if (m->n_variants > 1)
				line = fig_count_printf(p, trc(p, "figure",
						      "%s: %s (%zu of %zu "
						      "boots)"),
						  kind, t,
						  m->variants[v].boots,
						  m->boots);
			else
				line = fig_printf("%s: %s", kind, t);
			y += style_text_block(p->text, p->cr, FONT_TICK, line,
					      x0, y, x1 - x0, ANCHOR_LEFT,
					      kind_colour(k));
			g_free(t);
			g_free(line);
		}
	}
	return y;
}

/* One panel for summary M at (X, Y), W wide; returns its height. */
static double panel(fig_pen *p, const mech_state_summary *m, double x,
		    double y, double w, double tick_w, bool many_series,
		    bool first)
{
	double x0 = x + tick_w + AXIS_GAP, x1 = x + w, y0, y1, yy;

	y0 = panel_head(p, m, x, y, w, many_series) + PLOT_GAP;
	y1 = y0 + PLOT_H;
	if (first)
		fig_result_plot(p->res, x0, x1, y0, y1);
	yy = panel_plot(p, m, x0, x1, y0, y1);
	yy = panel_transitions(p, m, x0, x1, yy);
	return yy - y;
}

/* Legend items: the two priorities a boot records. */
static char *legend_label(fig_pen *p, size_t i, void *ctx)
{
	(void)ctx;
	return g_strdup(i == 0 ? tr(p, "Win32 priority of one thread")
			       : tr(p, "ETW priority of one thread"));
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	cairo_t *cr = p->cr;
	int k = (int)i;

	(void)ctx;
	cairo_save(cr);
	style_set_colour(cr, kind_colour(k));
	cairo_set_line_width(cr, STEP_LINE_W);
	cairo_move_to(cr, x, cy);
	cairo_line_to(cr, x + LEGEND_SWATCH_W, cy);
	cairo_stroke(cr);
	cairo_restore(cr);
	style_marker_draw(cr, kind_marker(k), x + LEGEND_SWATCH_W / 2, cy,
			  STEP_MARKER, kind_colour(k));
}

static double legend(fig_pen *p, double y, double width)
{
	const fig_legend l = { KINDS, LEGEND_SWATCH_W, legend_label,
			       legend_swatch, NULL };

	return fig_legend_draw(p, &l, y, width);
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
	if (!axis_nice(lo, hi, AXIS_TICKS, &res->axis)) {
		fig_pen_fail(p, PB_DATAERR, "the priorities of %s are too "
			     "large to draw", in->s->name);
		g_free(title);
		return fig_pen_end(p);
	}
	res->has_axis = true;
	for (size_t i = 1; i < sum->n_mech; i++)
		many_series |= sum->mech[i].series != sum->mech[0].series;
	tick_w = fig_tick_label_width(p);
	/* Two panels a row reads best; three when that fills rows evenly. */
	cols = sum->n_mech == 1 ? 1 : sum->n_mech % 3 == 0 ? 3 : 2;

	y += style_text_block(p->text, cr, FONT_FIGTITLE, title, 0, y, width,
			      ANCHOR_LEFT, style_ink);
	y += TITLE_GAP;
	y += legend(p, y, width);
	y += LEGEND_GAP;
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
