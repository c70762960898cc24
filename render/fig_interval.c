/* fig_interval.c: the forest plot of differences and their intervals. */
#include "config.h"

#include "render/fig_interval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "render/figforest.h"
#include "render/studytext.h"

/* Vertical rhythm, in points (the rest is render/figforest.h). */
#define SLOT_H 15.0      /* one series within a state's row */
#define CAP_H 3.2        /* half height of a whisker's end cap */

/* With densities behind the intervals, a slot holds the density above
 * its whisker: RIDGE_H from the whisker up, RIDGE_TOP above that, the
 * marker's half below. */
#define RIDGE_H 13.0
#define RIDGE_TOP 2.0
#define RIDGE_BELOW 5.0

/* The latency series that have comparisons, in plan order: the slots of
 * every row, so a series keeps its place from row to row. */
typedef struct slots {
	size_t *series;
	size_t n;
	const density_grid *ridge; /* a comparison's density, or NULL when
				      none has one: then no room for them */
} slots;

/* The first density of a comparison with an interval, or NULL. */
static const density_grid *first_ridge(const analysis *a)
{
	for (size_t i = 0; i < a->n_cmp; i++)
		if (a->cmp[i].boot.density.source != DENSITY_NONE)
			return &a->cmp[i].boot.density;
	return NULL;
}

static bool slots_find(const fig_input *in, slots *sl)
{
	sl->series = fig_compared_series(in, &sl->n);
	sl->ridge = first_ridge(in->a);
	return sl->series != NULL;
}

static double slot_height(const slots *sl)
{
	return sl->ridge ? RIDGE_TOP + RIDGE_H + RIDGE_BELOW : SLOT_H;
}

/* The whisker's height within its slot, from the slot's top. */
static double slot_whisker(const slots *sl)
{
	return sl->ridge ? RIDGE_TOP + RIDGE_H : SLOT_H / 2;
}

static size_t slot_of(const slots *sl, size_t series)
{
	for (size_t i = 0; i < sl->n; i++)
		if (sl->series[i] == series)
			return i;
	return 0;
}

/* Whether comparison C has an interval by the plan's method. */
static const boot_interval *interval_of(const fig_input *in,
					const comparison *c)
{
	const boot_interval *ci = &c->boot.ci[in->s->plan.interval];

	return ci->defined && isfinite(ci->lo) && isfinite(ci->hi) ? ci
								   : NULL;
}

/* The value range the axis must show: 0, +-T, the estimates and the
 * interval ends (render/figforest.h). */
static void axis_range(const fig_input *in, forest_range *r)
{
	forest_range_init(r, in->s->plan.threshold);
	for (size_t i = 0; i < in->a->n_cmp; i++)
		forest_range_estimate(r, in->a->cmp[i].boot.estimate);
	for (size_t i = 0; i < in->a->n_cmp; i++) {
		const boot_interval *ci = interval_of(in, &in->a->cmp[i]);
		if (ci)
			forest_range_interval(r, ci->lo, ci->hi);
	}
}

/* "+0.625 [-1.111; +2.474]", or what stands in for a missing interval. */
static char *value_label(fig_pen *p, const comparison *c, int decimals)
{
	const boot_interval *ci = interval_of(p->in, c);

	return forest_value_label(p, isfinite(c->boot.estimate),
				  c->boot.estimate, ci != NULL,
				  ci ? ci->lo : NAN, ci ? ci->hi : NAN,
				  decimals, p->in->s->plan.threshold);
}

/* Legend items: each compared series, then the threshold band. */
static char *legend_label(fig_pen *p, size_t i, void *ctx)
{
	const slots *sl = ctx;
	const study_plan *plan = &p->in->s->plan;

	if (i < sl->n)
		return fig_series_name(p, plan, sl->series[i]);
	return forest_threshold_label(p, plan->threshold, fig_decimals(plan),
				      plan->unit);
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	const slots *sl = ctx;

	if (i < sl->n) {
		size_t r = fig_series_rank(&p->in->s->plan, sl->series[i]);
		style_rgb c = style_series_colour(r);

		forest_swatch_line(p, x, cy, c);
		style_marker_draw(p->cr, style_series_marker(r),
				  x + FOREST_SWATCH_W / 2, cy, STYLE_MARKER,
				  c);
	} else {
		forest_swatch_band(p, x, cy);
	}
}

static double row_height(const slots *sl)
{
	return 2 * FOREST_ROW_PAD + sl->n * slot_height(sl);
}

/* Comparison C in its slot of the row starting at TOP. */
static void draw_comparison(fig_pen *p, const forest_columns *col,
			    const slots *sl, const comparison *c, double top,
			    int decimals)
{
	const boot_interval *ci = interval_of(p->in, c);
	size_t rank = fig_series_rank(&p->in->s->plan, c->series);
	style_rgb colour = style_series_colour(rank);
	double y = top + FOREST_ROW_PAD
		   + slot_of(sl, c->series) * slot_height(sl)
		   + slot_whisker(sl);
	char *label = value_label(p, c, decimals);

	/* Behind the interval: drawn first. */
	if (ci)
		forest_ridge(p, col, &c->boot.density, y, RIDGE_H, colour,
			     c->series);
	if (ci)
		forest_whisker(p, col, ci->lo, ci->hi, y, colour, CAP_H);
	if (isfinite(c->boot.estimate)) {
		double x = axis_map(&p->res->axis, c->boot.estimate, col->x0,
				    col->x1);
		style_marker_draw(p->cr, style_series_marker(rank), x, y,
				  STYLE_MARKER, colour);
		fig_mark_add(p->res, x, y, c->series);
	}
	style_text_show(p->text, p->cr, FONT_LABEL, label, col->value_x, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, col->value_w,
			forest_value_colour(colour));
	g_free(label);
}

static void draw_rows(fig_pen *p, const forest_columns *col,
		      const slots *sl, double y0, int decimals)
{
	const study_plan *plan = &p->in->s->plan;
	const analysis *a = p->in->a;
	const double row_h = row_height(sl);
	double line_h;
	int label_lines;

	/* A name too long for the column wraps into the lines its row
	 * holds. */
	style_text_measure(p->text, FONT_BOLD, "Ag", 0, NULL, &line_h);
	label_lines = line_h > 0 ? (int)(row_h / line_h) : 1;

	for (size_t r = 0; r < a->n_states; r++) {
		const state_result *sr = &a->states[r];
		double top = y0 + r * row_h;
		char sbuf[FIG_STATE_BUFSIZE];

		forest_row_start(p, col, r, top, row_h,
				 fig_state(p, plan->states[sr->state], sbuf,
					   sizeof sbuf), label_lines);
		for (size_t k = 0; k < sr->n_comparisons; k++)
			draw_comparison(p, col, sl,
					&a->cmp[sr->comparisons[k]], top,
					decimals);
	}
}

/* The columns: as wide as the widest state label and printed value. */
static void fit_columns(fig_pen *p, double width, int decimals,
			forest_columns *col)
{
	const study_plan *plan = &p->in->s->plan;
	const analysis *a = p->in->a;
	double label_w = 0, value_w = 0;

	for (size_t r = 0; r < a->n_states; r++) {
		char sbuf[FIG_STATE_BUFSIZE];
		label_w = fmax(label_w, forest_text_width(
			p, FONT_BOLD, fig_state(p, plan->states[
						   a->states[r].state],
					       sbuf, sizeof sbuf)));
	}
	for (size_t i = 0; i < a->n_cmp; i++) {
		char *v = value_label(p, &a->cmp[i], decimals);
		value_w = fmax(value_w, forest_text_width(p, FONT_LABEL, v));
		g_free(v);
	}
	forest_columns_fit(p, width, label_w, value_w, col);
}

/* The plot with its header and footer; returns the figure's height. */
static double draw_plot(fig_pen *p, const slots *sl, const forest_words *w,
			double width)
{
	const fig_input *in = p->in;
	const int decimals = fig_decimals(&in->s->plan);
	const forest_legend_items items = { sl->n + 1, legend_label,
					    legend_swatch, (void *)sl };
	fig_result *res = p->res;
	forest_columns col;
	forest_range range;
	double y = forest_titles(p, w->title, w->subtitle, width);

	y = forest_legend(p, &items, y, width);
	fit_columns(p, width, decimals, &col);
	y = forest_column_heads(p, &col, w->head, y);
	res->x0 = col.x0;
	res->x1 = col.x1;
	res->y0 = y;
	res->y1 = y + in->a->n_states * row_height(sl);
	axis_range(in, &range);
	if (!forest_axis_fit(&range, col.x0, col.x1, res)) {
		fig_pen_fail(p, PB_DATAERR, "the differences of %s are too "
			     "large to draw", in->s->name);
		return y + FOREST_BOTTOM_PAD;
	}
	res->has_axis = true;
	forest_background(p, in->s->plan.threshold, &col, res->y0, res->y1);
	draw_rows(p, &col, sl, res->y0, decimals);
	y = forest_footer(p, &col, res->y1, w->axis_label,
			  in->s->plan.better == BETTER_LOWER,
			  FOREST_STEMS_APART);
	if (sl->ridge) {
		char *caption = forest_ridge_caption(p, sl->ridge,
						     in->s->plan.resamples);
		y = forest_caption(p, caption, y, width);
		g_free(caption);
	}
	return y + FOREST_BOTTOM_PAD;
}

pb_status fig_interval_draw(cairo_t *cr, const fig_input *in, double width,
			    fig_result *res)
{
	const study_plan *plan = &in->s->plan;
	char ref[FIG_STATE_BUFSIZE];
	char *metric, *title;
	forest_words w = { NULL, NULL, NULL, NULL };
	slots sl = { NULL, 0, NULL };
	fig_pen pen, *p = &pen;
	pb_status st = fig_pen_begin(p, cr, in, res);

	if (st != PB_OK)
		return st;
	fig_state_named(p, plan->reference, ref, sizeof ref);
	metric = fig_metric(p, plan);
	/* TRANSLATORS: the title of the difference figure: what was
	   measured ("p99 of latency_us per boot", or the study's own
	   words), then the reference state. */
	title = fig_printf(trc(p, "figure", "%s: difference from state %s"),
			   metric, ref);
	w.title = studytext_sentence_start(title);
	g_free(title);
	g_free(metric);
	if (in->a->n_cmp == 0 || in->a->n_states == 0)
		fig_draw_nothing_to_compare(p, w.title, width);
	else if (!slots_find(in, &sl))
		fig_pen_fail(p, PB_NOMEM, "out of memory");
	else {
		forest_words_make(p, plan, trc(p, "figure", "Mean of the "
					       "paired per-boot differences "
					       "with its %s%% confidence "
					       "interval (%s), one row per "
					       "state, series shown "
					       "separately"), &w);
		res->height = draw_plot(p, &sl, &w, width);
	}
	forest_words_free(&w);
	free(sl.series);
	return fig_pen_end(p);
}
