/* fig_builddiff.c: the forest plot of a comparison of two builds, and its
 * SVG, PNG and PDF files. */
#include "config.h"

#include "render/fig_builddiff.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "render/figforest.h"
#include "render/pdf_report.h"
#include "render/sink.h"

/* Vertical rhythm, in points (the rest is render/figforest.h). */
#define SLOT_H 13.0      /* one build of one series pair within a row */
#define PAIR_GAP 4.0     /* between the series pairs of a row */
#define CAP_H 3.0        /* half height of a whisker's end cap */

/* With densities behind the intervals, a build's slot holds its density
 * above its whisker: RIDGE_H from the whisker up, RIDGE_TOP above that,
 * the marker's half below. */
#define RIDGE_H 10.0
#define RIDGE_TOP 1.5
#define RIDGE_BELOW 4.5

/* The old build's colours: a series' colour washed towards white, this
 * much of it kept, the rest white. */
#define PALE_KEEP 0.45
#define PALE_WHITE 0.55
/* The white centre of the old build's ring, as a share of the marker. */
#define RING_HOLE 0.45

/* One drawn interval: which build, which series pair, its numbers. */
typedef struct slot {
	bool is_new;
	size_t rank;          /* colour and marker: the new series' rank */
	double est, lo, hi;
	bool has_est, has_ci;
	const density_grid *density; /* behind the interval */
} slot;

/* The comparison of a study behind one effect change, as a slot. */
static slot make_slot(const study *s, const analysis *a, size_t cmp,
		      bool is_new, size_t rank)
{
	const comparison *c = &a->cmp[cmp];
	const boot_interval *ci = &c->boot.ci[s->plan.interval];
	slot sl = { is_new, rank, c->boot.estimate, NAN, NAN, false, false,
		    &c->boot.density };

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

/* The first density of a build's comparison with an interval, or NULL:
 * then the slots keep no room for densities. */
static const density_grid *first_ridge(const analysis *a)
{
	for (size_t i = 0; a && i < a->n_cmp; i++)
		if (a->cmp[i].boot.density.source != DENSITY_NONE)
			return &a->cmp[i].boot.density;
	return NULL;
}

static bool has_ridges(const fig_builddiff_input *in)
{
	return first_ridge(in->oa) || first_ridge(in->na);
}

static double slot_height(bool ridges)
{
	return ridges ? RIDGE_TOP + RIDGE_H + RIDGE_BELOW : SLOT_H;
}

/* The whisker's height within its slot, from the slot's top. */
static double slot_whisker(bool ridges)
{
	return ridges ? RIDGE_TOP + RIDGE_H : SLOT_H / 2;
}

static double row_height(size_t pairs, bool ridges)
{
	return 2 * FOREST_ROW_PAD + pairs * 2 * slot_height(ridges)
	       + (pairs ? (pairs - 1) * PAIR_GAP : 0);
}

/* The range the axis must show: 0, +-T, every estimate, and the interval
 * ends (render/figforest.h). */
static void axis_range(const fig_builddiff_input *in, forest_range *r)
{
	const builddiff_result *c = in->c;

	forest_range_init(r, c->threshold);
	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			if (sl.has_est)
				forest_range_estimate(r, sl.est);
		}
	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			if (sl.has_ci)
				forest_range_interval(r, sl.lo, sl.hi);
		}
}

static style_rgb pale(style_rgb c)
{
	style_rgb p = { PALE_KEEP * c.r + PALE_WHITE,
			PALE_KEEP * c.g + PALE_WHITE,
			PALE_KEEP * c.b + PALE_WHITE };
	return p;
}

/* A marker of series RANK: filled for the new build, a ring (the marker
 * with a white centre) for the old one. */
static void marker(cairo_t *cr, size_t rank, bool is_new, double x, double y)
{
	style_rgb col = style_series_colour(rank);
	style_marker m = style_series_marker(rank);

	style_marker_draw(cr, m, x, y, STYLE_MARKER, col);
	if (!is_new)
		style_marker_draw(cr, m, x, y, STYLE_MARKER * RING_HOLE,
				  style_white);
}

/* "+0.625 [-1.111; +2.474]", or what stands in for a missing one; each
 * number on its true side of 0 and of +-T, the comparison's threshold. */
static char *value_label(fig_pen *p, const slot *sl, int decimals, double t)
{
	return forest_value_label(p, sl->has_est, sl->est, sl->has_ci, sl->lo,
				  sl->hi, decimals, t);
}

/* Legend items: each new series (colour and marker), then LEGEND_FIXED
 * more: the two builds (ring and filled) and the threshold band. */
#define LEGEND_FIXED 3

static char *legend_label(fig_pen *p, size_t i, void *ctx)
{
	const fig_builddiff_input *in = ctx;
	const builddiff_result *c = in->c;
	const study_plan *plan = &in->ns->plan;
	size_t pairs = c->states[0].count;

	if (i < pairs)
		return fig_series_name(p, plan, c->effects[c->states[0].first
							    + i].new_series);
	if (i == pairs)
		return fig_printf(trc(p, "figure", "old build %s"),
				  in->os->plan.build);
	if (i == pairs + 1)
		return fig_printf(trc(p, "figure", "new build %s"),
				  plan->build);
	return forest_threshold_label(p, c->threshold,
				      fig_decimals(&in->os->plan),
				      in->os->plan.unit);
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	const fig_builddiff_input *in = ctx;
	const builddiff_result *c = in->c;
	size_t pairs = c->states[0].count;
	double mid = x + FOREST_SWATCH_W / 2;

	if (i < pairs) {
		size_t rank = fig_series_rank(
			&in->ns->plan,
			c->effects[c->states[0].first + i].new_series);
		forest_swatch_line(p, x, cy, style_series_colour(rank));
		marker(p->cr, rank, true, mid, cy);
	} else if (i <= pairs + 1) {
		forest_swatch_line(p, x, cy, i == pairs ? pale(style_ink_soft)
							: style_ink_soft);
		style_marker_draw(p->cr, MARKER_CIRCLE, mid, cy,
				  STYLE_MARKER, style_ink_soft);
		if (i == pairs)
			style_marker_draw(p->cr, MARKER_CIRCLE, mid, cy,
					  STYLE_MARKER * RING_HOLE,
					  style_white);
	} else {
		forest_swatch_band(p, x, cy);
	}
}

/* One build (B: 1 new, 0 old) of effect change E at height Y. */
static void draw_slot(fig_pen *p, const fig_builddiff_input *in,
		      const forest_columns *col, const effect_change *e,
		      int b, double y, int decimals)
{
	slot sl = slot_at(in, e, b);
	style_rgb colour = style_series_colour(sl.rank);
	char *label = value_label(p, &sl, decimals, in->c->threshold);

	/* Behind the interval: drawn first, pale for the old build as its
	 * whisker is. */
	if (sl.has_ci)
		forest_ridge(p, col, sl.density, y, RIDGE_H,
			     b ? colour : pale(colour),
			     b ? e->new_series : e->old_series);
	if (sl.has_ci)
		forest_whisker(p, col, sl.lo, sl.hi, y,
			       b ? colour : pale(colour), CAP_H);
	if (sl.has_est) {
		double x = axis_map(&p->res->axis, sl.est, col->x0, col->x1);
		marker(p->cr, sl.rank, b, x, y);
		fig_mark_add(p->res, x, y, b ? e->new_series : e->old_series);
	}
	style_text_show(p->text, p->cr, FONT_LABEL, label, col->value_x, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, col->value_w,
			b ? forest_value_colour(colour) : style_ink_soft);
	g_free(label);
}

static void rows(fig_pen *p, const fig_builddiff_input *in,
		 const forest_columns *col, double y0, int decimals)
{
	const builddiff_result *c = in->c;
	const bool ridges = has_ridges(in);
	const double rh = row_height(pairs_per_row(c), ridges);
	const double sh = slot_height(ridges);

	for (size_t r = 0; r < c->n_states; r++) {
		const state_change *sc = &c->states[r];
		double top = y0 + r * rh;
		char sbuf[FIG_STATE_BUFSIZE];

		forest_row_start(p, col, r, top, rh,
				 fig_state(p, sc->state, sbuf, sizeof sbuf), 1);
		for (size_t k = 0; k < sc->count; k++)
			for (int b = 0; b < 2; b++)
				draw_slot(p, in, col,
					  &c->effects[sc->first + k], b,
					  top + FOREST_ROW_PAD
					  + k * (2 * sh + PAIR_GAP)
					  + b * sh + slot_whisker(ridges),
					  decimals);
	}
}

/* The columns: as wide as the widest state label and printed value. */
static void fit_columns(fig_pen *p, const fig_builddiff_input *in,
			double width, int decimals, forest_columns *col)
{
	const builddiff_result *c = in->c;
	double label_w = 0, value_w = 0;

	for (size_t r = 0; r < c->n_states; r++) {
		char sbuf[FIG_STATE_BUFSIZE];
		label_w = fmax(label_w, forest_text_width(
			p, FONT_BOLD, fig_state(p, c->states[r].state, sbuf,
						sizeof sbuf)));
	}
	for (size_t i = 0; i < c->n_effects; i++)
		for (int b = 0; b < 2; b++) {
			slot sl = slot_at(in, &c->effects[i], b);
			char *v = value_label(p, &sl, decimals,
					      c->threshold);
			value_w = fmax(value_w,
				       forest_text_width(p, FONT_LABEL, v));
			g_free(v);
		}
	forest_columns_fit(p, width, label_w, value_w, col);
}

/* The plot with its header and footer; returns the figure's height. */
static double draw_plot(fig_pen *p, const fig_builddiff_input *in,
			const forest_words *w, double width)
{
	const builddiff_result *c = in->c;
	const int decimals = fig_decimals(&in->os->plan);
	const forest_legend_items items = {
		(c->n_states ? c->states[0].count : 0) + LEGEND_FIXED,
		legend_label,
		legend_swatch, (void *)in
	};
	fig_result *res = p->res;
	forest_columns col;
	forest_range range;
	double y = forest_titles(p, w->title, w->subtitle, width);

	y = forest_legend(p, &items, y, width);
	fit_columns(p, in, width, decimals, &col);
	y = forest_column_heads(p, &col, w->head, y);
	res->x0 = col.x0;
	res->x1 = col.x1;
	res->y0 = y;
	res->y1 = y + c->n_states * row_height(pairs_per_row(c),
					       has_ridges(in));
	axis_range(in, &range);
	if (!forest_axis_fit(&range, col.x0, col.x1, res)) {
		fig_pen_fail(p, PB_DATAERR, "the differences of %s and %s are "
			     "too large to draw", in->os->name, in->ns->name);
		return y + FOREST_BOTTOM_PAD;
	}
	res->has_axis = true;
	forest_background(p, c->threshold, &col, res->y0, res->y1);
	rows(p, in, &col, res->y0, decimals);
	y = forest_footer(p, &col, res->y1, w->axis_label,
			  c->better == BETTER_LOWER, FOREST_STEMS_JOINED);
	if (has_ridges(in)) {
		char *caption = forest_ridge_caption2(
			p, first_ridge(in->oa), in->os->plan.resamples,
			first_ridge(in->na), in->ns->plan.resamples);
		y = forest_caption(p, caption, y, width);
		g_free(caption);
	}
	return y + FOREST_BOTTOM_PAD;
}

pb_status fig_builddiff_draw(cairo_t *cr, const fig_builddiff_input *in,
			   double width, fig_result *res)
{
	const builddiff_result *c = in->c;
	const study_plan *op = &in->os->plan;
	const fig_input fin = { in->ns, in->na, in->lang };
	char ref[FIG_STATE_BUFSIZE];
	forest_words w = { NULL, NULL, NULL, NULL };
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, &fin, res);

	if (st != PB_OK)
		return st;
	fig_state(p, op->reference, ref, sizeof ref);
	w.title = fig_printf(trc(p, "figure", "Effects on the old and the new "
				 "build: difference in %s from state %s"),
			     op->statistic.name, ref);
	if (c->n_states == 0 || c->n_effects == 0) {
		fig_draw_message(p, w.title, trc(p, "figure", "There is "
						 "nothing to compare: the "
						 "studies share no state "
						 "besides the reference."),
				 width);
	} else {
		forest_words_make(p, op, trc(p, "figure", "Mean of the paired "
					     "per-boot differences with its "
					     "%s%% confidence interval (%s) "
					     "on each build: the old build "
					     "above (ring), the new one below "
					     "(filled); series shown "
					     "separately"), &w);
		res->height = draw_plot(p, in, &w, width);
	}
	forest_words_free(&w);
	return fig_pen_end(p);
}

/* ---------------------------------------------------------------------
 * Files. */

static pb_status draw_any(cairo_t *cr, const void *what, double width,
			  fig_result *res)
{
	return fig_builddiff_draw(cr, what, width, res);
}

pb_status fig_builddiff_send(const fig_builddiff_input *in, unsigned format,
			   const char *source_date_epoch, const char *name,
			   cairo_write_func_t write, void *closure, diag *d)
{
	const figfile_figure fig = { draw_any, in };
	char date[32], message[400];
	pb_status st;

	pdf_report_date(in->ns, source_date_epoch, date, sizeof date);
	st = figfile_render(&fig, format, date, write, closure, message,
			    sizeof message);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "%s", message[0] ? message
				       : "cannot draw the figure");
	return st;
}

pb_status fig_builddiff_write(const fig_builddiff_input *in,
			    const char *source_date_epoch, outdir *o, diag *d)
{
	static const struct {
		unsigned format;
		const char *ext;
	} files[3] = { { FIG_SVG, "svg" }, { FIG_PNG, "png" },
		       { FIG_PDF, "pdf" } };
	pb_status st = PB_OK;

	for (size_t f = 0; f < G_N_ELEMENTS(files) && st == PB_OK; f++) {
		char *name = g_strdup_printf("compare.%s.%s", in->lang,
					     files[f].ext);
		sink buf;

		sink_init_buffer(&buf);
		st = fig_builddiff_send(in, files[f].format, source_date_epoch,
				      name, sink_write, &buf, d);
		if (st == PB_OK)
			st = figfile_put(o, name, &buf, d);
		sink_free(&buf);
		g_free(name);
	}
	if (st != PB_OK)
		diag_fail(d, st);
	return st;
}
