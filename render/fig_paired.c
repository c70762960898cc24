/* fig_paired.c: one state's paired runs and their mean difference. */
#include "config.h"

#include "render/fig_paired.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "render/fig_boots.h"
#include "render/figforest.h"
#include "render/figframe.h"

#define PLOT_H 150.0        /* height of one series' plot areas */
#define ROW_GAP 16.0        /* between rows */
#define POINT 4.6           /* a run's marker */
#define RING_R (POINT / 2 - 0.3)
#define RING_LINE 0.8
#define PAIR_ALPHA 0.6      /* the line joining the runs of one block */
#define PAIR_LINE 0.9
#define MEAN_LINE 1.8
#define TICK_LABEL_GAP 2.0
#define LEGEND_SWATCH_W 16.0
#define LEGEND_ITEMS 5
#define LABEL_LINES 3

/* Across the width, after the left axis: the slopegraph takes LEFT_SHARE
 * of what remains, then PANEL_GAP, then the difference panel, its axis on
 * its right. */
#define LEFT_SHARE 0.56
#define PANEL_GAP 18.0
#define REF_AT 0.28         /* the strips, as fractions of the slopegraph */
#define STATE_AT 0.72
#define STRIP_HALF 0.07     /* a strip's half width, same fraction */
#define BASE_AT 0.3         /* the density's baseline and the interval,
			       as a fraction of the difference panel */
#define RIDGE_W 0.25        /* the density's highest bin reaches this
			       fraction of the panel right of the
			       baseline: a quarter, lighter than the
			       interval, never the largest shape */
#define ZOOM_SHARE 0.5      /* the difference panel gets an axis of its
			       own when what it shows spans less than
			       this share of the runs' axis */
#define BAND_DASH_ON 2.5    /* the band's edges, as in the difference
			       figure */
#define BAND_DASH_OFF 2.0
#define CAP_W 3.2           /* half width of a whisker's end cap */
#define GUIDE_DASH 2.0      /* the dotted guides from the means */

/* A row's title, as in the per-boot figure. */
#define TITLE_MID 6.0
#define TITLE_MARKER_X 4.0
#define TITLE_TEXT_X 13.0
#define PLOT_TOP 18.0
#define LABEL_GAP 3.0       /* plot bottom to the names under it */
#define ROW_BOTTOM 4.0
#define TITLE_GAP 2.0
#define SUBTITLE_GAP 6.0
#define LEGEND_GAP 8.0
#define YLABEL_GAP 4.0
#define PLOT_GAP 4.0
#define CAPTION_GAP 6.0
#define FIGURE_BOTTOM 4.0

const char *fig_paired_stem(pb_state st, char *buf, size_t size)
{
	static const char hex[] = "0123456789ABCDEF";
	char text[PB_STATE_BUFSIZE];
	const char *name = pb_state_format(st, text, sizeof text);
	size_t n = 0;

	if (size < sizeof "paired-")
		return "";
	memcpy(buf, "paired-", 7);
	n = 7;
	for (const unsigned char *c = (const unsigned char *)name;
	     *c && n + 4 <= size; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')
		    || (*c >= '0' && *c <= '9') || *c == '-' || *c == '.') {
			buf[n++] = (char)*c;
		} else {
			buf[n++] = '_';
			buf[n++] = hex[*c >> 4];
			buf[n++] = hex[*c & 15];
		}
	}
	buf[n] = '\0';
	return buf;
}

/* One series' row: its comparison and the means of its paired runs. */
typedef struct row {
	const comparison *c;
	double ref_mean, state_mean;   /* NAN without pairs */
	size_t n;                      /* the pairs drawn */
	const boot_interval *ci;       /* NULL when there is none */
	bool has_ext;                  /* a density is drawn */
	forest_extent ext;             /* its extent, in differences */
} row;

static const boot_interval *interval_of(const fig_input *in,
					const comparison *c)
{
	const boot_interval *ci = &c->boot.ci[in->s->plan.interval];

	return ci->defined && isfinite(ci->lo) && isfinite(ci->hi) ? ci
								   : NULL;
}

/* Whether pair I of C has both statistics. */
static bool pair_ok(const study *s, const comparison *c, size_t i)
{
	const study_run *rr = &s->runs[c->ref_runs[i]];
	const study_run *sr = &s->runs[c->state_runs[i]];

	return rr->has_statistic && sr->has_statistic
	       && isfinite(rr->statistic) && isfinite(sr->statistic);
}

static void row_fill(const fig_input *in, const comparison *c, row *r)
{
	double rs = 0, ss = 0;
	size_t n = 0;

	r->c = c;
	for (size_t i = 0; i < c->n_pairs; i++) {
		if (!pair_ok(in->s, c, i))
			continue;
		rs += in->s->runs[c->ref_runs[i]].statistic;
		ss += in->s->runs[c->state_runs[i]].statistic;
		n++;
	}
	r->n = n;
	r->ref_mean = n ? rs / (double)n : NAN;
	r->state_mean = n ? ss / (double)n : NAN;
	r->ci = isfinite(c->boot.estimate) ? interval_of(in, c) : NULL;
	r->has_ext = r->ci && isfinite(r->ref_mean)
		     && forest_ridge_extent(&c->boot.density, -HUGE_VAL,
					    HUGE_VAL, &r->ext);
}

/* The differences row R's panel must show: 0, +-T, the estimate, the
 * interval and the density to its drawn tails; false without pairs. */
static bool diff_range(const row *r, double t, double *lo, double *hi)
{
	const comparison *c = r->c;

	if (!isfinite(r->ref_mean))
		return false;
	*lo = fmin(0.0, -t);
	*hi = fmax(0.0, t);
	if (isfinite(c->boot.estimate)) {
		*lo = fmin(*lo, c->boot.estimate);
		*hi = fmax(*hi, c->boot.estimate);
	}
	if (r->ci) {
		*lo = fmin(*lo, r->ci->lo);
		*hi = fmax(*hi, r->ci->hi);
	}
	if (r->has_ext) {
		*lo = fmin(*lo, r->ext.from);
		*hi = fmax(*hi, r->ext.to);
	}
	return true;
}

bool fig_paired_zoom(double runs_lo, double runs_hi, double diff_lo,
		     double diff_hi)
{
	return diff_hi - diff_lo < ZOOM_SHARE * (runs_hi - runs_lo);
}

/* The range the common axis must show: every paired run, and each row's
 * anchor +-T, its estimate and its interval. */
static bool value_range(const fig_input *in, const row *rows, size_t n,
			double *lo, double *hi)
{
	const double t = in->s->plan.threshold;
	bool any = false;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t k = 0; k < n; k++) {
		const comparison *c = rows[k].c;
		double a = rows[k].ref_mean;

		if (!isfinite(a))
			continue;
		for (size_t i = 0; i < c->n_pairs; i++) {
			double v[2];
			if (!pair_ok(in->s, c, i))
				continue;
			v[0] = in->s->runs[c->ref_runs[i]].statistic;
			v[1] = in->s->runs[c->state_runs[i]].statistic;
			*lo = fmin(*lo, fmin(v[0], v[1]));
			*hi = fmax(*hi, fmax(v[0], v[1]));
		}
		*lo = fmin(*lo, a - t);
		*hi = fmax(*hi, a + t);
		if (isfinite(c->boot.estimate)) {
			*lo = fmin(*lo, a + c->boot.estimate);
			*hi = fmax(*hi, a + c->boot.estimate);
		}
		if (rows[k].ci) {
			*lo = fmin(*lo, a + rows[k].ci->lo);
			*hi = fmax(*hi, a + rows[k].ci->hi);
		}
		any = true;
	}
	return any;
}

/* The x positions of a row's parts. */
typedef struct columns {
	double lx0, lx1;        /* the slopegraph */
	double rx0, rx1;        /* the difference panel */
	double ylabel_x;        /* the difference axis' name, rotated */
	bool zoomed;            /* the difference panel has its own axis */
	axis_scale dax;         /* that axis, of differences */
} columns;

static double y_of(const fig_pen *p, double v, double y0, double y1)
{
	return axis_map(&p->res->axis, v, y1, y0);
}

/* The height of difference V in row R's panel from Y0 to Y1: on the
 * panel's own axis when zoomed, else at the reference mean + V. */
static double dy_of(const fig_pen *p, const columns *col, const row *r,
		    double v, double y0, double y1)
{
	return col->zoomed ? axis_map(&col->dax, v, y1, y0)
			   : y_of(p, r->ref_mean + v, y0, y1);
}

static void ring(cairo_t *cr, double x, double y)
{
	cairo_new_path(cr);
	cairo_arc(cr, x, y, RING_R, 0, 2 * M_PI);
	style_set_colour(cr, style_white);
	cairo_fill_preserve(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, RING_LINE);
	cairo_stroke(cr);
}

static void mean_bar(cairo_t *cr, double x, double half, double y)
{
	cairo_save(cr);
	style_set_colour(cr, style_ink);
	cairo_set_line_width(cr, MEAN_LINE);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_move_to(cr, x - half, y);
	cairo_line_to(cr, x + half, y);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The slopegraph of row R: a line a block, then the runs over them. */
static void slopegraph(fig_pen *p, const row *r, const columns *col,
		       double y0, double y1)
{
	const study *s = p->in->s;
	const comparison *c = r->c;
	const size_t rank = fig_series_rank(&s->plan, c->series);
	const style_rgb colour = style_series_colour(rank);
	const double lw = col->lx1 - col->lx0;
	const double rx = col->lx0 + REF_AT * lw, sx = col->lx0 + STATE_AT * lw;
	const double half = STRIP_HALF * lw;
	cairo_t *cr = p->cr;

	for (size_t i = 0; i < c->n_pairs; i++) {
		const study_run *rr = &s->runs[c->ref_runs[i]];
		const study_run *sr = &s->runs[c->state_runs[i]];
		double xa, xb;

		if (!pair_ok(s, c, i))
			continue;
		p->res->n_lines++;
		if (p->measuring)
			continue;
		xa = rx + 2 * half * fig_boots_jitter(rr->block);
		xb = sx + 2 * half * fig_boots_jitter(sr->block);
		cairo_save(cr);
		cairo_set_source_rgba(cr, colour.r, colour.g, colour.b,
				      PAIR_ALPHA);
		cairo_set_line_width(cr, PAIR_LINE);
		cairo_move_to(cr, xa, y_of(p, rr->statistic, y0, y1));
		cairo_line_to(cr, xb, y_of(p, sr->statistic, y0, y1));
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	for (size_t i = 0; i < c->n_pairs && !p->measuring; i++) {
		const study_run *rr = &s->runs[c->ref_runs[i]];
		const study_run *sr = &s->runs[c->state_runs[i]];
		double xa, xb, ya, yb;

		if (!pair_ok(s, c, i))
			continue;
		xa = rx + 2 * half * fig_boots_jitter(rr->block);
		xb = sx + 2 * half * fig_boots_jitter(sr->block);
		ya = y_of(p, rr->statistic, y0, y1);
		yb = y_of(p, sr->statistic, y0, y1);
		cairo_save(cr);
		ring(cr, xa, ya);
		cairo_restore(cr);
		style_marker_draw(cr, style_series_marker(rank), xb, yb, POINT,
				  colour);
		fig_mark_add(p->res, xa, ya, c->series);
		fig_mark_add(p->res, xb, yb, c->series);
	}
	if (isfinite(r->ref_mean)) {
		mean_bar(cr, rx, 1.6 * half, y_of(p, r->ref_mean, y0, y1));
		mean_bar(cr, sx, 1.6 * half, y_of(p, r->state_mean, y0, y1));
	}
}

/* The band +-T around the anchor, and the 0 line, in the difference
 * panel, with dotted guides to it from the means. */
static void difference_background(fig_pen *p, const row *r,
				  const columns *col, double y0, double y1)
{
	const double t = p->in->s->plan.threshold, a = r->ref_mean;
	const double lw = col->lx1 - col->lx0;
	const double dash[1] = { GUIDE_DASH };
	double bl = dy_of(p, col, r, -t, y0, y1);
	double bh = dy_of(p, col, r, t, y0, y1);
	cairo_t *cr = p->cr;

	cairo_save(cr);
	cairo_rectangle(cr, col->rx0, bh, col->rx1 - col->rx0, bl - bh);
	style_set_colour(cr, style_band);
	cairo_fill(cr);
	/* The guides from the means, when both panels share a scale. */
	if (!col->zoomed) {
		style_set_colour(cr, style_ink_soft);
		cairo_set_line_width(cr, STYLE_LINE_HAIR);
		cairo_set_dash(cr, dash, 1, 0);
		cairo_move_to(cr, col->lx0 + REF_AT * lw, y_of(p, a, y0, y1));
		cairo_line_to(cr, col->rx0, y_of(p, a, y0, y1));
		if (isfinite(r->state_mean)) {
			cairo_move_to(cr, col->lx0 + STATE_AT * lw,
				      y_of(p, r->state_mean, y0, y1));
			cairo_line_to(cr, col->rx0 + BASE_AT
					  * (col->rx1 - col->rx0),
				      y_of(p, r->state_mean, y0, y1));
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	style_set_colour(cr, style_ink);
	cairo_set_line_width(cr, STYLE_LINE);
	cairo_move_to(cr, col->rx0, dy_of(p, col, r, 0, y0, y1));
	cairo_line_to(cr, col->rx1, dy_of(p, col, r, 0, y0, y1));
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The band's edges, dashed, over the density (as the difference figure
 * draws them). */
static void band_edges(fig_pen *p, const row *r, const columns *col,
		       double y0, double y1)
{
	const double t = p->in->s->plan.threshold;
	const double dash[2] = { BAND_DASH_ON, BAND_DASH_OFF };
	cairo_t *cr = p->cr;

	if (!(t > 0))
		return;
	cairo_save(cr);
	style_set_colour(cr, style_band_edge);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_set_dash(cr, dash, 2, 0);
	for (int sgn = -1; sgn <= 1; sgn += 2) {
		double y = dy_of(p, col, r, sgn * t, y0, y1);

		cairo_move_to(cr, col->rx0, y);
		cairo_line_to(cr, col->rx1, y);
		if (sgn > 0 && !p->res->has_band2)
			p->res->band_hi_y = y;
		else if (!p->res->has_band2)
			p->res->band_lo_y = y;
	}
	p->res->has_band2 = true;
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* What an upright density is placed by: its baseline at X, its highest
 * bin WIDTH to the right of it, value A + v at the height of v on the
 * panel from Y0 to Y1. */
typedef struct upright {
	const fig_pen *p;
	const columns *col;
	const row *r;
	double x, width, y0, y1;
} upright;

static void upright_map(const void *ctx, const forest_extent *e, double v,
			double d, double *x, double *y)
{
	const upright *u = ctx;

	*x = u->x + u->width * d / e->peak;
	*y = dy_of(u->p, u->col, u->r, v, u->y0, u->y1);
}

/* The density G of the mean difference, upright: its baseline at X, its
 * highest bin WIDTH to the right, difference v at its height in row R's
 * panel; the axis reaches its drawn tails (draw_plot), so nothing is
 * cut. */
static void density(fig_pen *p, const row *r, const columns *col,
		    const density_grid *g, double x, double width, double y0,
		    double y1, style_rgb c, size_t series)
{
	const upright u = { p, col, r, x, width, y0, y1 };
	const forest_ridge_path path = { upright_map, &u };
	forest_extent e = r->ext;
	fig_shape box, shape;

	if (!r->has_ext)
		return;
	forest_ridge_fill(p, g, &e, &path, c, &box);
	shape.x0 = x;
	shape.x1 = box.x1;
	shape.y_base = dy_of(p, col, r, e.from, y0, y1);
	shape.y_top = dy_of(p, col, r, e.to, y0, y1);
	shape.series = series;
	fig_shape_add(p->res, &shape);
}

/* The difference panel of row R: background, density, interval, estimate,
 * and the difference axis on its right. */
static void difference_panel(fig_pen *p, const row *r, const columns *col,
			     double y0, double y1)
{
	const axis_scale *ax = &p->res->axis;
	const comparison *c = r->c;
	const size_t rank = fig_series_rank(&p->in->s->plan, c->series);
	const style_rgb colour = style_series_colour(rank);
	const double rw = col->rx1 - col->rx0;
	const double bx = col->rx0 + BASE_AT * rw, a = r->ref_mean;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, style_ink_soft);
	cairo_set_line_width(cr, STYLE_LINE_THIN);
	cairo_move_to(cr, col->rx1, y0);
	cairo_line_to(cr, col->rx1, y1);
	cairo_line_to(cr, col->rx0, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
	if (!isfinite(a))
		return;
	/* The difference axis: the left axis' ticks, counted from the
	 * anchor, so both read in the same unit and step; or, zoomed, the
	 * panel's own. */
	for (long k = col->zoomed ? 0
		      : (long)ceil((ax->lo - a) / ax->step - 1e-9);
	     col->zoomed ? (size_t)k < col->dax.n_ticks
			 : a + k * ax->step <= ax->hi + 1e-9 * ax->step;
	     k++) {
		char buf[FIG_NUMBUF];
		double v = col->zoomed ? axis_tick(&col->dax, (size_t)k)
				       : k * ax->step;
		double y = dy_of(p, col, r, v, y0, y1);
		int decimals = col->zoomed ? col->dax.decimals : ax->decimals;

		cairo_save(cr);
		style_set_colour(cr, style_ink_soft);
		cairo_set_line_width(cr, STYLE_LINE_THIN);
		cairo_move_to(cr, col->rx1, y);
		cairo_line_to(cr, col->rx1 + STYLE_TICK, y);
		cairo_stroke(cr);
		cairo_restore(cr);
		fig_number(p, fabs(v) < 1e-9 * ax->step ? 0.0 : v, decimals,
			   true, buf, sizeof buf);
		style_text_show(p->text, cr, FONT_TICK, buf,
				col->rx1 + STYLE_TICK + TICK_LABEL_GAP, y,
				ANCHOR_LEFT | ANCHOR_MIDDLE, 0,
				style_ink_soft);
	}
	difference_background(p, r, col, y0, y1);
	/* Behind the interval: drawn first, then the band's edges over
	 * it. */
	if (r->ci)
		density(p, r, col, &c->boot.density, bx, RIDGE_W * rw, y0, y1,
			colour, c->series);
	band_edges(p, r, col, y0, y1);
	if (r->ci) {
		double lo = dy_of(p, col, r, r->ci->lo, y0, y1);
		double hi = dy_of(p, col, r, r->ci->hi, y0, y1);

		cairo_save(cr);
		style_set_colour(cr, colour);
		cairo_set_line_width(cr, STYLE_LINE_WHISKER);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
		cairo_move_to(cr, bx, lo);
		cairo_line_to(cr, bx, hi);
		cairo_move_to(cr, bx - CAP_W, lo);
		cairo_line_to(cr, bx + CAP_W, lo);
		cairo_move_to(cr, bx - CAP_W, hi);
		cairo_line_to(cr, bx + CAP_W, hi);
		cairo_stroke(cr);
		cairo_restore(cr);
	}
	if (isfinite(c->boot.estimate)) {
		double y = dy_of(p, col, r, c->boot.estimate, y0, y1);

		style_marker_draw(cr, style_series_marker(rank), bx, y,
				  STYLE_MARKER, colour);
		fig_mark_add(p->res, bx, y, c->series);
	}
}

/* One row: series of R at the top Y; returns the y below it. */
static double draw_row(fig_pen *p, const row *r, const columns *col,
		       double y, const char *ylabel, const char *dlabel,
		       bool first)
{
	const study_plan *plan = &p->in->s->plan;
	const comparison *c = r->c;
	const size_t rank = fig_series_rank(plan, c->series);
	const double lw = col->lx1 - col->lx0;
	char *name = fig_series_name(p, plan, c->series);
	char rbuf[FIG_STATE_BUFSIZE], sbuf[FIG_STATE_BUFSIZE];
	char *value, *count;
	double y0, y1, below = 0, hr, hs;
	cairo_t *cr = p->cr;

	style_marker_draw(cr, style_series_marker(rank), TITLE_MARKER_X,
			  y + TITLE_MID, STYLE_MARKER,
			  style_series_colour(rank));
	style_text_show(p->text, cr, FONT_BOLD, name, TITLE_TEXT_X,
			y + TITLE_MID, ANCHOR_LEFT | ANCHOR_MIDDLE,
			col->rx1 - TITLE_TEXT_X, style_ink);
	g_free(name);
	y0 = y + PLOT_TOP;
	y1 = y0 + PLOT_H;
	if (first) {
		p->res->x0 = col->lx0;
		p->res->x1 = col->lx1;
		p->res->y0 = y0;
		p->res->y1 = y1;
		p->res->has_panel2 = true;
		p->res->px0 = col->rx0;
		p->res->px1 = col->rx1;
		p->res->py0 = y0;
		p->res->py1 = y1;
		p->res->anchor = r->ref_mean;
		p->res->zoomed = col->zoomed;
		if (col->zoomed)
			p->res->axis2 = col->dax;
	}
	fig_panel_frame(p, col->lx0, col->lx1, y0, y1, STYLE_TICK,
			TICK_LABEL_GAP);
	cairo_save(cr);
	cairo_translate(cr, 0, (y0 + y1) / 2);
	cairo_rotate(cr, -M_PI / 2);
	style_text_show(p->text, cr, FONT_LABEL, ylabel, 0, 0,
			ANCHOR_CENTER | ANCHOR_TOP, PLOT_H, style_ink);
	cairo_restore(cr);
	cairo_save(cr);
	cairo_translate(cr, col->ylabel_x, (y0 + y1) / 2);
	cairo_rotate(cr, -M_PI / 2);
	style_text_show(p->text, cr, FONT_LABEL, dlabel, 0, 0,
			ANCHOR_CENTER | ANCHOR_TOP, PLOT_H, style_ink);
	cairo_restore(cr);
	difference_panel(p, r, col, y0, y1);
	slopegraph(p, r, col, y0, y1);

	hr = 1 + fig_label(p, FONT_TICK,
		fig_state(p, plan->reference, rbuf, sizeof rbuf),
		col->lx0 + REF_AT * lw, y1 + LABEL_GAP + 1,
		ANCHOR_CENTER | ANCHOR_TOP, 0.4 * lw, LABEL_LINES,
		style_ink_soft);
	hs = fig_label(p, FONT_BOLD,
		fig_state(p, plan->states[c->state], sbuf, sizeof sbuf),
		col->lx0 + STATE_AT * lw, y1 + LABEL_GAP,
		ANCHOR_CENTER | ANCHOR_TOP, 0.4 * lw, LABEL_LINES, style_ink);
	/* The count of pairs under each group. */
	count = fig_printf(trc(p, "figure", "N = %zu"), r->n);
	below = fmax(below, hr + fig_label(p, FONT_TICK, count,
		col->lx0 + REF_AT * lw, y1 + LABEL_GAP + hr,
		ANCHOR_CENTER | ANCHOR_TOP, 0.4 * lw, 1, style_ink_soft));
	below = fmax(below, hs + fig_label(p, FONT_TICK, count,
		col->lx0 + STATE_AT * lw, y1 + LABEL_GAP + hs,
		ANCHOR_CENTER | ANCHOR_TOP, 0.4 * lw, 1, style_ink_soft));
	g_free(count);
	value = forest_value_label(p, isfinite(c->boot.estimate),
				   c->boot.estimate, r->ci != NULL,
				   r->ci ? r->ci->lo : NAN,
				   r->ci ? r->ci->hi : NAN,
				   fig_decimals(plan), plan->threshold);
	below = fmax(below, fig_label(p, FONT_TICK, value,
		(col->rx0 + col->rx1) / 2, y1 + LABEL_GAP,
		ANCHOR_CENTER | ANCHOR_TOP, col->rx1 - col->rx0 + PANEL_GAP,
		LABEL_LINES, forest_value_colour(style_series_colour(rank))));
	g_free(value);
	return y1 + LABEL_GAP + below + ROW_BOTTOM;
}

/* The legend: the reference's ring, the state's marker, a block's line,
 * the mean, the band. */
static char *legend_label(fig_pen *p, size_t i, void *ctx)
{
	const study_plan *plan = &p->in->s->plan;
	char ref[FIG_STATE_BUFSIZE];

	(void)ctx;
	switch (i) {
	case 0:
		fig_state_named(p, plan->reference, ref, sizeof ref);
		return fig_printf(trc(p, "figure", "reference state %s"), ref);
	case 1:
		return g_strdup(trc(p, "figure", "compared state"));
	case 2:
		return g_strdup(trc(p, "figure", "the two runs of one block"));
	case 3:
		return g_strdup(trc(p, "figure", "mean"));
	default:
		return forest_threshold_label(p, plan->threshold,
					      fig_decimals(plan), plan->unit);
	}
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	const double sw = LEGEND_SWATCH_W;
	const style_rgb c = style_series_colour(0);
	cairo_t *cr = p->cr;

	(void)ctx;
	cairo_save(cr);
	switch (i) {
	case 0:
		ring(cr, x + sw / 2, cy);
		break;
	case 1:
		style_marker_draw(cr, style_series_marker(0), x + sw / 2, cy,
				  POINT, c);
		break;
	case 2:
		cairo_set_source_rgba(cr, c.r, c.g, c.b, PAIR_ALPHA);
		cairo_set_line_width(cr, PAIR_LINE * 1.5);
		cairo_move_to(cr, x, cy + 3);
		cairo_line_to(cr, x + sw, cy - 3);
		cairo_stroke(cr);
		break;
	case 3:
		mean_bar(cr, x + sw / 2, sw / 2 - 2, cy);
		break;
	default:
		forest_swatch_band(p, x, cy);
		break;
	}
	cairo_restore(cr);
}

/* The columns across WIDTH, left of them the left axis' labels. */
static void fit_columns(fig_pen *p, double width, const char *ylabel,
			columns *col)
{
	const axis_scale *ax = &p->res->axis;
	double ylab_h, tick_w = 0, avail;

	style_text_measure(p->text, FONT_LABEL, ylabel, 0, NULL, &ylab_h);
	/* The difference axis' labels: none is longer than the axis' span
	 * with a sign. */
	{
		char buf[FIG_NUMBUF];
		const axis_scale *d = col->zoomed ? &col->dax : ax;

		fig_number(p, col->zoomed ? -fmax(fabs(d->hi), fabs(d->lo))
				   : -(d->hi - d->lo),
			   d->decimals, true, buf, sizeof buf);
		style_text_measure(p->text, FONT_TICK, buf, 0, &tick_w, NULL);
	}
	col->lx0 = ylab_h + YLABEL_GAP + fig_tick_label_width(p) + STYLE_TICK
		   + PLOT_GAP;
	col->ylabel_x = width - ylab_h;
	avail = col->ylabel_x - YLABEL_GAP - tick_w - TICK_LABEL_GAP
		- STYLE_TICK - col->lx0;
	col->lx1 = col->lx0 + LEFT_SHARE * (avail - PANEL_GAP);
	col->rx0 = col->lx1 + PANEL_GAP;
	col->rx1 = col->lx0 + avail;
}

/* What the shape right of each interval is, from G of B resamples. */
static const char *caption_what(fig_pen *p, const density_grid *g)
{
	switch (g->source) {
	case DENSITY_NONE:
		break;
	case DENSITY_MEANS:
		if (g->exact)
			return trc(p, "figure", "To the right of each "
				   "interval: the exact bootstrap distribution "
				   "of the mean paired difference that the "
				   "interval is read from.");
		return trc(p, "figure", "To the right of each interval: the "
			   "distribution of the %s resampled mean paired "
			   "differences that the interval is read from.");
	case DENSITY_STUDENTIZED:
		return trc(p, "figure", "To the right of each interval: the "
			   "mean paired difference minus its standard error times "
			   "the resamples' t*, the distribution the "
			   "bootstrap-t interval is read from.");
	case DENSITY_T:
		return trc(p, "figure", "To the right of each interval: the "
			   "Student t density that the t interval stands for; "
			   "it is not resampled.");
	}
	return NULL;
}

/* The paired figure's own caption: the shape beside each interval (G, of
 * B resamples; NULL: none drawn), how it is drawn, the band's edges, the
 * levels a BCa or expanded interval is read at, and the zoomed axis. */
char *fig_paired_caption(fig_pen *p, const density_grid *g,
			 unsigned long b, interval_method method, bool zoomed)
{
	GString *out = g_string_new(NULL);

	if (g && g->source != DENSITY_NONE) {
		char *grouped = fig_count_printf(p, "%lu", b);

		g_string_append_printf(out, caption_what(p, g), grouped);
		g_free(grouped);
		g_string_append_c(out, ' ');
		g_string_append(out, trc(p, "figure", "Each shape is drawn "
				"to the same width, a quarter of the panel; it "
				"shows how uncertain the mean difference is, "
				"not how single boots spread."));
		if (method == INTERVAL_BCA || method == INTERVAL_EXPANDED) {
			g_string_append_c(out, ' ');
			g_string_append_printf(out, trc(p, "figure", "The %s "
				"interval's ends are read from this "
				"distribution at adjusted levels, not at equal "
				"tails, so they need not lie where the shape "
				"suggests."), fig_method_name(p, method));
		}
		g_string_append_c(out, ' ');
	}
	g_string_append(out, trc(p, "figure", "Dashed lines: the edges of the "
			"band of the practical threshold."));
	if (zoomed) {
		g_string_append_c(out, ' ');
		g_string_append(out, trc(p, "figure", "The right axis is zoomed "
				"in: it has a scale of its own, finer than the "
				"left one, so its 0 is not level with the "
				"reference mean."));
	}
	return g_string_free(out, FALSE);
}

/* The paired figure's subtitle: what each panel shows, at confidence
 * CONF (already written as a percentage) by METHOD; ZOOMED: the right
 * axis has a scale of its own, so its 0 is not level with the reference
 * mean and the subtitle must not say it is; UNPAIRED: runs without their
 * block's other state are left out. */
char *fig_paired_subtitle(fig_pen *p, const char *conf, interval_method method,
			  bool zoomed, bool unpaired)
{
	char *subtitle = fig_printf(zoomed
			      ? trc(p, "figure", "Left: the two runs of each "
				    "block joined by a line, bars at the "
				    "means. Right: the mean paired difference "
				    "with its %s%% confidence interval (%s), "
				    "on an axis of its own.")
			      : trc(p, "figure", "Left: the two runs of each "
				    "block joined by a line, bars at the "
				    "means. Right: the mean paired difference "
				    "with its %s%% confidence interval (%s), "
				    "on an axis whose 0 lies at the reference "
				    "mean."),
			      conf, fig_method_name(p, method));

	if (unpaired) {
		char *both = fig_printf("%s %s", subtitle,
					trc(p, "figure", "Runs whose block "
					    "lacks the other state are not "
					    "shown."));
		g_free(subtitle);
		subtitle = both;
	}
	return subtitle;
}

/* The rows and what is above and below them; returns the height. */
static double draw_plot(fig_pen *p, const row *rows, size_t n,
			double width, const char *title, const columns *zoom)
{
	const study_plan *plan = &p->in->s->plan;
	const fig_legend l = { LEGEND_ITEMS, LEGEND_SWATCH_W, legend_label,
			       legend_swatch, NULL };
	const density_grid *g = NULL;
	char conf[FIG_NUMBUF];
	char *subtitle, *ylabel, *dlabel, *caption;
	bool unpaired = false;
	double y = 0;
	columns col;

	for (size_t k = 0; k < n; k++) {
		unpaired |= rows[k].c->n_unpaired > 0;
		if (!g && rows[k].ci
		    && rows[k].c->boot.density.source != DENSITY_NONE)
			g = &rows[k].c->boot.density;
	}
	if (numtext_percent(plan->confidence, 1, conf, sizeof conf) != PB_OK)
		conf[0] = '\0';
	fig_decimal_mark(p, conf);
	subtitle = fig_paired_subtitle(p, conf, plan->interval, zoom->zoomed,
				       unpaired);
	ylabel = fig_printf(trc(p, "figure", "%s per boot (%s)"),
			    plan->statistic.name, plan->unit);
	dlabel = fig_printf(trc(p, "figure", "difference in %s (%s)"),
			    plan->statistic.name, plan->unit);
	y += style_text_block(p->text, p->cr, FONT_FIGTITLE, title, 0, y,
			      width, ANCHOR_LEFT, style_ink);
	y += TITLE_GAP;
	y += style_text_block(p->text, p->cr, FONT_LABEL, subtitle, 0, y,
			      width, ANCHOR_LEFT, style_ink_soft);
	y += SUBTITLE_GAP;
	y += fig_legend_draw(p, &l, y, width);
	y += LEGEND_GAP;
	col = *zoom;
	fit_columns(p, width, ylabel, &col);
	for (size_t k = 0; k < n; k++) {
		if (k > 0)
			y += ROW_GAP;
		y = draw_row(p, &rows[k], &col, y, ylabel, dlabel, k == 0);
	}
	caption = fig_paired_caption(p, g, plan->resamples, plan->interval,
				     col.zoomed);
	y = forest_caption(p, caption, y + CAPTION_GAP, width);
	g_free(caption);
	g_free(subtitle);
	g_free(ylabel);
	g_free(dlabel);
	return y + FIGURE_BOTTOM;
}

/* Whether the difference panels get an axis of their own (fig_paired_zoom
 * of the runs' range LO..HI and the union of the rows' differences), into
 * ZOOM->zoomed and ->dax; if not, widens LO..HI so that every row's
 * differences, its density's tails among them, lie on the shared axis.
 * False when no axis can be made. */
static bool zoom_or_widen(const row *rows, size_t n, double t, double *lo,
			  double *hi, columns *zoom)
{
	double dlo = INFINITY, dhi = -INFINITY;

	memset(zoom, 0, sizeof *zoom);
	for (size_t k = 0; k < n; k++) {
		double a, b;

		if (!diff_range(&rows[k], t, &a, &b))
			continue;
		dlo = fmin(dlo, a);
		dhi = fmax(dhi, b);
	}
	if (!(dlo <= dhi))
		return true;
	if (fig_paired_zoom(*lo, *hi, dlo, dhi)) {
		zoom->zoomed = true;
		return axis_nice(dlo, dhi, FIG_VALUE_TICKS, &zoom->dax);
	}
	for (size_t k = 0; k < n; k++) {
		double a, b;

		if (!diff_range(&rows[k], t, &a, &b))
			continue;
		*lo = fmin(*lo, rows[k].ref_mean + a);
		*hi = fmax(*hi, rows[k].ref_mean + b);
	}
	return true;
}

/* The state result of plan state STATE, or NULL. */
static const state_result *result_of(const analysis *a, size_t state)
{
	for (size_t i = 0; i < a->n_states; i++)
		if (a->states[i].state == state)
			return &a->states[i];
	return NULL;
}

pb_status fig_paired_draw(cairo_t *cr, const void *what, double width,
			  fig_result *res)
{
	const fig_paired_input *pi = what;
	const fig_input *in = pi->in;
	const study_plan *plan = &in->s->plan;
	const state_result *sr = result_of(in->a, pi->state);
	char ref[FIG_STATE_BUFSIZE], sbuf[FIG_STATE_BUFSIZE];
	row *rows = NULL;
	size_t n = 0;
	double lo, hi;
	bool ok;
	columns zoom;
	char *title;
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, in, res);

	if (st != PB_OK)
		return st;
	fig_state_named(p, plan->reference, ref, sizeof ref);
	fig_state_named(p, pi->state < plan->n_states ? plan->states[pi->state]
			: plan->reference, sbuf, sizeof sbuf);
	title = fig_printf(trc(p, "figure", "Paired difference in %s: state "
			       "%s against state %s"),
			   plan->statistic.name, sbuf, ref);
	if (sr && sr->n_comparisons > 0)
		rows = calloc(sr->n_comparisons, sizeof *rows);
	for (size_t k = 0; rows && k < sr->n_comparisons; k++)
		row_fill(in, &in->a->cmp[sr->comparisons[k]], &rows[n++]);
	ok = n > 0 && value_range(in, rows, n, &lo, &hi);
	if (ok)
		ok = zoom_or_widen(rows, n, plan->threshold, &lo, &hi, &zoom);
	if (sr && sr->n_comparisons > 0 && !rows)
		fig_pen_fail(p, PB_NOMEM, "out of memory");
	else if (fig_value_axis(p, ok, &lo, &hi, title, width, "paired"))
		res->height = draw_plot(p, rows, n, width, title, &zoom);
	free(rows);
	g_free(title);
	return fig_pen_end(p);
}
