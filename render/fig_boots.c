/* fig_boots.c: every accepted boot, paired with the reference by block. */
#include "config.h"

#include "render/fig_boots.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "render/figframe.h"
#include "render/studytext.h"

#define PANEL_PLOT_H 150.0   /* height of one series' plot area */
#define PANEL_GAP 16.0       /* between panels */
#define POINT 4.6            /* marker size of one boot */
#define JITTER 0.22          /* strip width, as a fraction of a column */
#define TICK_LABEL_GAP 2.0   /* between a tick mark and its label */
#define LEGEND_SWATCH_W 16.0 /* a legend item's swatch */
#define LABEL_LINES 3        /* a state's name under the axis wraps into
				at most this many lines */

/* A boot's mark: a compared run is its series' marker, a reference run a
 * white disc in a grey ring. */
#define RING_R (POINT / 2 - 0.3)  /* the ring's radius */
#define RING_LINE 0.8             /* the ring's line width */
#define PAIR_ALPHA 0.55           /* opacity of the line joining the two
				     runs of one block */
#define MEAN_LINE 1.8             /* width of a strip's mean bar */
#define MEAN_HALF 1.5             /* the bar's half length, in strip
				     half-widths */

/* A column holds the reference strip and the compared one, at these
 * fractions of its width, each with its state's name under the axis in
 * LABEL_W of the column. */
#define REF_AT 0.3
#define STATE_AT 0.7
#define LABEL_W 0.4
#define REF_LABEL_GAP 4.0    /* plot bottom to the reference's name */
#define STATE_LABEL_GAP 3.0  /* plot bottom to the compared state's name */
#define DIVIDER_BELOW 6.0    /* a column's divider reaches this far below
				one line of tick labels */
#define LABEL_MIN_LINES 2    /* room under the axis, in tick-label lines */
#define PANEL_BOTTOM 4.0     /* below the state names */

/* A panel's title: the series' marker and name, centred TITLE_MID below
 * the panel's top; the plot area starts PLOT_TOP below it. */
#define TITLE_MID 6.0
#define TITLE_MARKER_X 4.0   /* the marker's centre */
#define TITLE_TEXT_X 13.0    /* where the name starts */
#define PLOT_TOP 18.0

/* Above the panels: title, subtitle and legend, these gaps apart. */
#define TITLE_GAP 2.0
#define SUBTITLE_GAP 6.0
#define LEGEND_GAP 8.0
#define LEGEND_ITEMS 4
#define LEGEND_LINE_RISE 3.0 /* the block line's rise each side of centre */
#define LEGEND_LINE_W 1.5    /* its width, in hairlines */
#define LEGEND_BAR_INSET 2.0 /* the mean bar's inset from the swatch's ends */
/* Left of the plots: the rotated axis name, a gap, the tick labels, the
 * ticks, a gap. */
#define YLABEL_GAP 4.0
#define PLOT_GAP 4.0
#define FIGURE_BOTTOM 4.0    /* below the last panel */

double fig_boots_jitter(unsigned long block)
{
	/* The golden ratio's fractional part: successive multiples fill
	 * [0, 1) as evenly as any sequence can (three-distance theorem). */
	const double phi = 0.6180339887498949;
	double v = (double)(block % 1000003UL) * phi;
	return v - floor(v) - 0.5;
}

/* Whether run R counts in the plot of SERIES at state ST. */
static bool run_in(const study_run *r, size_t series, pb_state st)
{
	return r->accepted && r->has_statistic && r->series == series
	       && pb_state_equal(r->state, st) && isfinite(r->statistic);
}

/* The range of every plotted value, over all compared series. */
static bool value_range(const fig_input *in, const size_t *series, size_t n,
			double *lo, double *hi)
{
	const study *s = in->s;
	bool any = false;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		bool in_series = false;
		for (size_t k = 0; k < n; k++)
			in_series |= r->series == series[k];
		if (!in_series || !r->accepted || !r->has_statistic
		    || !isfinite(r->statistic))
			continue;
		*lo = fmin(*lo, r->statistic);
		*hi = fmax(*hi, r->statistic);
		any = true;
	}
	return any;
}

/* Draws the points of one strip and its mean bar; returns the mean (NAN
 * without points). */
static double strip(fig_pen *p, size_t series, pb_state st, double cx,
		    double half, double y0, double y1, bool reference,
		    size_t rank)
{
	const study *s = p->in->s;
	const axis_scale *ax = &p->res->axis;
	style_rgb col = style_series_colour(rank);
	double sum = 0, mean;
	size_t n = 0;
	cairo_t *cr = p->cr;

	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *r = &s->runs[i];
		double x, y;

		if (!run_in(r, series, st))
			continue;
		x = cx + 2 * half * fig_boots_jitter(r->block);
		y = axis_map(ax, r->statistic, y1, y0);
		if (p->measuring) {
			/* A mark does not change the figure's height. */
		} else if (reference) {
			cairo_save(cr);
			cairo_new_path(cr);
			cairo_arc(cr, x, y, RING_R, 0, 2 * M_PI);
			style_set_colour(cr, style_white);
			cairo_fill_preserve(cr);
			style_set_colour(cr, style_ink_soft);
			cairo_set_line_width(cr, RING_LINE);
			cairo_stroke(cr);
			cairo_restore(cr);
		} else {
			style_marker_draw(cr, style_series_marker(rank), x, y,
					  POINT, col);
		}
		fig_mark_add(p->res, x, y, series);
		sum += r->statistic;
		n++;
	}
	if (n == 0)
		return NAN;
	mean = sum / (double)n;
	cairo_save(cr);
	style_set_colour(cr, style_ink);
	cairo_set_line_width(cr, MEAN_LINE);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_move_to(cr, cx - half * MEAN_HALF, axis_map(ax, mean, y1, y0));
	cairo_line_to(cr, cx + half * MEAN_HALF, axis_map(ax, mean, y1, y0));
	cairo_stroke(cr);
	cairo_restore(cr);
	return mean;
}

/* The thin lines joining the two runs of each block of comparison C. */
static void pair_lines(fig_pen *p, const comparison *c, double rx,
		       double sx, double half, double y0, double y1)
{
	const study *s = p->in->s;
	const axis_scale *ax = &p->res->axis;
	cairo_t *cr = p->cr;

	if (p->measuring)       /* the lines do not change the height */
		return;
	cairo_save(cr);
	cairo_set_source_rgba(cr, style_ink_soft.r, style_ink_soft.g,
			      style_ink_soft.b, PAIR_ALPHA);
	cairo_set_line_width(cr, STYLE_LINE_HAIR);
	for (size_t i = 0; i < c->n_pairs; i++) {
		const study_run *rr = &s->runs[c->ref_runs[i]];
		const study_run *sr = &s->runs[c->state_runs[i]];
		if (!rr->has_statistic || !sr->has_statistic
		    || !isfinite(rr->statistic) || !isfinite(sr->statistic))
			continue;
		cairo_move_to(cr, rx + 2 * half * fig_boots_jitter(rr->block),
			      axis_map(ax, rr->statistic, y1, y0));
		cairo_line_to(cr, sx + 2 * half * fig_boots_jitter(sr->block),
			      axis_map(ax, sr->statistic, y1, y0));
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One panel: series SERIES at the top Y; returns the y below it. */
static double panel(fig_pen *p, size_t series, double y, double width,
		    double x0, const char *ylabel, bool first)
{
	const study *s = p->in->s;
	const study_plan *plan = &s->plan;
	const analysis *a = p->in->a;
	const size_t rank = fig_series_rank(plan, series);
	char *name = fig_series_name(p, plan, series);
	size_t ncol = 0, col = 0;
	double y0, y1, cw, h, below;
	cairo_t *cr = p->cr;

	for (size_t i = 0; i < a->n_cmp; i++)
		ncol += a->cmp[i].series == series;
	/* Panel title: the series' marker and label. */
	style_marker_draw(cr, style_series_marker(rank), TITLE_MARKER_X,
			  y + TITLE_MID, STYLE_MARKER,
			  style_series_colour(rank));
	style_text_show(p->text, cr, FONT_BOLD, name, TITLE_TEXT_X,
			y + TITLE_MID, ANCHOR_LEFT | ANCHOR_MIDDLE,
			width - TITLE_TEXT_X, style_ink);
	g_free(name);
	y0 = y + PLOT_TOP;
	y1 = y0 + PANEL_PLOT_H;
	if (first)
		fig_result_plot(p->res, x0, width, y0, y1);
	fig_panel_frame(p, x0, width, y0, y1, STYLE_TICK, TICK_LABEL_GAP);
	cairo_save(cr);
	cairo_translate(cr, 0, (y0 + y1) / 2);
	cairo_rotate(cr, -M_PI / 2);
	style_text_show(p->text, cr, FONT_LABEL, ylabel, 0, 0,
			ANCHOR_CENTER | ANCHOR_TOP, PANEL_PLOT_H, style_ink);
	cairo_restore(cr);

	cw = (width - x0) / (double)(ncol ? ncol : 1);
	style_text_measure(p->text, FONT_TICK, "0", 0, NULL, &h);
	below = LABEL_MIN_LINES * h;
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];
		double cx = x0 + cw * (double)col;
		double rx = cx + cw * REF_AT, sx = cx + cw * STATE_AT;
		double half = cw * JITTER / 2;
		char rbuf[FIG_STATE_BUFSIZE], sbuf[FIG_STATE_BUFSIZE];

		if (c->series != series)
			continue;
		if (col > 0) {
			cairo_save(cr);
			style_set_colour(cr, style_grid);
			cairo_set_line_width(cr, STYLE_LINE_THIN);
			cairo_move_to(cr, cx, y0);
			cairo_line_to(cr, cx, y1 + h + DIVIDER_BELOW);
			cairo_stroke(cr);
			cairo_restore(cr);
		}
		pair_lines(p, c, rx, sx, half, y0, y1);
		strip(p, series, plan->reference, rx, half, y0, y1, true,
		      rank);
		strip(p, series, plan->states[c->state], sx, half, y0, y1,
		      false, rank);
		/* The room under the axis counts from STATE_LABEL_GAP; the
		 * reference's name starts lower by the difference. */
		below = fmax(below, (REF_LABEL_GAP - STATE_LABEL_GAP)
			+ fig_label(p, FONT_TICK,
			fig_state(p, plan->reference, rbuf, sizeof rbuf),
			rx, y1 + REF_LABEL_GAP, ANCHOR_CENTER | ANCHOR_TOP,
			cw * LABEL_W, LABEL_LINES, style_ink_soft));
		below = fmax(below, fig_label(p, FONT_BOLD,
			fig_state(p, plan->states[c->state], sbuf, sizeof sbuf),
			sx, y1 + STATE_LABEL_GAP, ANCHOR_CENTER | ANCHOR_TOP,
			cw * LABEL_W, LABEL_LINES, style_ink));
		col++;
	}
	return y1 + STATE_LABEL_GAP + below + PANEL_BOTTOM;
}

/* The legend: what a hollow circle, a marker, a line and a bar mean.
 * Its items: the reference and the compared state, a block's line, the
 * mean. */
static char *legend_label(fig_pen *p, size_t i, void *ctx)
{
	char ref[FIG_STATE_BUFSIZE];

	(void)ctx;
	switch (i) {
	case 0:
		fig_state_named(p, p->in->s->plan.reference, ref, sizeof ref);
		return fig_printf(trc(p, "figure", "reference state %s"), ref);
	case 1:
		return g_strdup(trc(p, "figure", "compared state"));
	case 2:
		return g_strdup(trc(p, "figure", "the two runs of one block"));
	default:
		return g_strdup(trc(p, "figure", "mean"));
	}
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	const double sw = LEGEND_SWATCH_W;
	cairo_t *cr = p->cr;

	(void)ctx;
	cairo_save(cr);
	switch (i) {
	case 0:
		cairo_new_path(cr);
		cairo_arc(cr, x + sw / 2, cy, RING_R, 0, 2 * M_PI);
		style_set_colour(cr, style_white);
		cairo_fill_preserve(cr);
		style_set_colour(cr, style_ink_soft);
		cairo_set_line_width(cr, RING_LINE);
		cairo_stroke(cr);
		break;
	case 1:
		style_marker_draw(cr, style_series_marker(0), x + sw / 2, cy,
				  POINT, style_series_colour(0));
		break;
	case 2:
		cairo_new_path(cr);
		style_set_colour(cr, style_ink_soft);
		cairo_set_line_width(cr, STYLE_LINE_HAIR * LEGEND_LINE_W);
		cairo_move_to(cr, x, cy + LEGEND_LINE_RISE);
		cairo_line_to(cr, x + sw, cy - LEGEND_LINE_RISE);
		cairo_stroke(cr);
		break;
	default:
		cairo_new_path(cr);
		style_set_colour(cr, style_ink);
		cairo_set_line_width(cr, MEAN_LINE);
		cairo_move_to(cr, x + LEGEND_BAR_INSET, cy);
		cairo_line_to(cr, x + sw - LEGEND_BAR_INSET, cy);
		cairo_stroke(cr);
		break;
	}
	cairo_restore(cr);
}

static double legend(fig_pen *p, double y, double width)
{
	const fig_legend l = { LEGEND_ITEMS, LEGEND_SWATCH_W, legend_label,
			       legend_swatch, NULL };

	return fig_legend_draw(p, &l, y, width);
}

pb_status fig_boots_draw(cairo_t *cr, const fig_input *in, double width,
			 fig_result *res)
{
	const study_plan *plan = &in->s->plan;
	char ref[FIG_STATE_BUFSIZE];
	char *title, *raw, *subtitle, *ylabel, *metric;
	size_t *series = NULL, n = 0;
	double y = 0, lo, hi, x0, ylab_h;
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, in, res);

	if (st != PB_OK)
		return st;
	fig_state_named(p, plan->reference, ref, sizeof ref);
	metric = fig_metric(p, plan);
	/* TRANSLATORS: the title of the per-boot figure: what was measured
	   ("p99 of latency_us per boot", or the study's own words), then
	   the reference state. */
	raw = fig_printf(trc(p, "figure", "%s: all accepted runs, paired "
			     "with state %s"), metric, ref);
	title = studytext_sentence_start(raw);
	g_free(raw);
	g_free(metric);
	series = fig_compared_series(in, &n);
	if (!series)
		fig_pen_fail(p, PB_NOMEM, "out of memory");
	else if (fig_value_axis(p, n > 0 && value_range(in, series, n, &lo,
							 &hi), &lo, &hi,
				title, width, "per-boot")) {
		subtitle = g_strdup(trc(p, "figure", "Each line joins the "
					"runs of one block; bars mark the "
					"means. No run was removed as an "
					"outlier."));
		ylabel = fig_printf(trc(p, "figure", "%s per boot (%s)"),
				    plan->statistic.name, plan->unit);
		y += style_text_block(p->text, cr, FONT_FIGTITLE, title, 0, y,
				      width, ANCHOR_LEFT, style_ink);
		y += TITLE_GAP;
		y += style_text_block(p->text, cr, FONT_LABEL, subtitle, 0, y,
				      width, ANCHOR_LEFT, style_ink_soft);
		y += SUBTITLE_GAP;
		y += legend(p, y, width);
		y += LEGEND_GAP;
		style_text_measure(p->text, FONT_LABEL, ylabel, 0, NULL,
				   &ylab_h);
		x0 = ylab_h + YLABEL_GAP + fig_tick_label_width(p) + STYLE_TICK
		     + PLOT_GAP;
		for (size_t k = 0; k < n; k++) {
			if (k > 0)
				y += PANEL_GAP;
			y = panel(p, series[k], y, width, x0, ylabel, k == 0);
		}
		res->height = y + FIGURE_BOTTOM;
		g_free(subtitle);
		g_free(ylabel);
	}
	free(series);
	g_free(title);
	return fig_pen_end(p);
}
