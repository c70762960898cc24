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
 * the marker's half below.  The change's slot has no density: SLOT_H. */
#define RIDGE_H 10.0
#define RIDGE_TOP 1.5
#define RIDGE_BELOW 4.5

/* The white centre of the old build's ring, as a share of the marker. */
#define RING_HOLE 0.45

/* The old build's whisker is dashed, 3 points on, 1.5 off: with the ring
 * it tells the builds apart in grey print and for any colour vision. */
static const double old_dash[2] = { 3.0, 1.5 };

/* What a slot shows: an effect on one build, or the change between them
 * (new minus old), the difference the comparison's verdict is about. */
typedef enum slot_kind {
	SLOT_OLD,
	SLOT_NEW,
	SLOT_CHANGE
} slot_kind;

#define SLOT_KINDS 3

/* One drawn interval: what it is, which series pair, its numbers. */
typedef struct slot {
	slot_kind kind;
	size_t rank;          /* colour and marker: the new series' rank */
	double est, lo, hi;
	bool has_est, has_ci;
	const density_grid *density; /* behind the interval, or NULL */
} slot;

/* A slot of KIND and RANK for the estimate EST and, when DEFINED and both
 * are finite, the interval LO..HI. */
static slot slot_of(slot_kind kind, size_t rank, double est, bool defined,
		    double lo, double hi, const density_grid *density)
{
	slot sl = { kind, rank, est, NAN, NAN, false, false, density };

	sl.has_est = isfinite(est);
	sl.has_ci = sl.has_est && defined && isfinite(lo) && isfinite(hi);
	if (sl.has_ci) {
		sl.lo = lo;
		sl.hi = hi;
	}
	return sl;
}

/* The comparison of a study behind one effect change, as a slot. */
static slot make_slot(const study *s, const analysis *a, size_t cmp,
		      slot_kind kind, size_t rank)
{
	const comparison *c = &a->cmp[cmp];
	const boot_interval *ci = &c->boot.ci[s->plan.interval];

	return slot_of(kind, rank, c->boot.estimate, ci->defined, ci->lo,
		       ci->hi, &c->boot.density);
}

/* The change of effect E (new minus old) with its interval, as a slot. */
static slot change_slot(const effect_change *e, size_t rank)
{
	const change_interval *ci = &e->change;

	return slot_of(SLOT_CHANGE, rank, ci->estimate, ci->defined, ci->lo,
		       ci->hi, NULL);
}

static slot slot_at(const fig_builddiff_input *in, const effect_change *e,
		    slot_kind kind)
{
	size_t rank = fig_series_rank(&in->ns->plan, e->new_series);

	switch (kind) {
	case SLOT_OLD:
		return make_slot(in->os, in->oa, e->old_cmp, kind, rank);
	case SLOT_NEW:
		return make_slot(in->ns, in->na, e->new_cmp, kind, rank);
	case SLOT_CHANGE:
		break;
	}
	return change_slot(e, rank);
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

/* The height of a build's slot. */
static double slot_height(bool ridges)
{
	return ridges ? RIDGE_TOP + RIDGE_H + RIDGE_BELOW : SLOT_H;
}

/* The whisker's height within a build's slot, from the slot's top. */
static double slot_whisker(bool ridges)
{
	return ridges ? RIDGE_TOP + RIDGE_H : SLOT_H / 2;
}

/* A series pair's slots: the two builds, then the change. */
static double pair_height(bool ridges)
{
	return 2 * slot_height(ridges) + SLOT_H;
}

/* The whisker of slot KIND, from the top of its series pair. */
static double kind_whisker(slot_kind kind, bool ridges)
{
	switch (kind) {
	case SLOT_OLD:
		break;
	case SLOT_NEW:
		return slot_height(ridges) + slot_whisker(ridges);
	case SLOT_CHANGE:
		return 2 * slot_height(ridges) + SLOT_H / 2;
	}
	return slot_whisker(ridges);
}

static double row_height(size_t pairs, bool ridges)
{
	return 2 * FOREST_ROW_PAD + pairs * pair_height(ridges)
	       + (pairs ? (pairs - 1) * PAIR_GAP : 0);
}

/* The range the axis must show: 0, +-T, every estimate and change, and
 * the interval ends (render/figforest.h). */
static void axis_range(const fig_builddiff_input *in, forest_range *r)
{
	const builddiff_result *c = in->c;

	forest_range_init(r, c->threshold);
	for (size_t i = 0; i < c->n_effects; i++)
		for (int k = 0; k < SLOT_KINDS; k++) {
			slot sl = slot_at(in, &c->effects[i], (slot_kind)k);
			if (sl.has_est)
				forest_range_estimate(r, sl.est);
		}
	for (size_t i = 0; i < c->n_effects; i++)
		for (int k = 0; k < SLOT_KINDS; k++) {
			slot sl = slot_at(in, &c->effects[i], (slot_kind)k);
			if (sl.has_ci)
				forest_range_interval(r, sl.lo, sl.hi);
		}
}

/* The colour of a slot's whisker and marker.  Both builds use the
 * series' colour, darkened where it would be too light (style_mark_colour:
 * at least 3:1 against white and the band, WCAG's non-text contrast); the
 * old build once had a washed-out colour of about 1.2:1 against the band
 * and was barely seen.  The builds differ in marker (ring or filled) and
 * whisker (dashed or solid) instead.  The change is drawn in ink. */
static style_rgb slot_colour(const slot *sl)
{
	if (sl->kind == SLOT_CHANGE)
		return style_ink;
	return style_mark_colour(style_series_colour(sl->rank));
}

/* A marker of series RANK in C: filled for the new build and the change,
 * a ring (the marker with a white centre) for the old one. */
static void marker(cairo_t *cr, size_t rank, slot_kind kind, style_rgb c,
		   double x, double y)
{
	style_marker m = style_series_marker(rank);

	style_marker_draw(cr, m, x, y, STYLE_MARKER, c);
	if (kind == SLOT_OLD)
		style_marker_draw(cr, m, x, y, STYLE_MARKER * RING_HOLE,
				  style_white);
}

/* "+0.625 [-1.111; +2.474]", or what stands in for a missing one; each
 * number on its true side of 0 and of +-T, the comparison's threshold.  A
 * change is marked "Δ", so that it is not read as a third effect. */
static char *value_label(fig_pen *p, const slot *sl, int decimals, double t)
{
	char *label = forest_value_label(p, sl->has_est, sl->est, sl->has_ci,
					 sl->lo, sl->hi, decimals, t);
	char *marked;

	if (sl->kind != SLOT_CHANGE)
		return label;
	marked = g_strdup_printf("\xce\x94 %s", label);
	g_free(label);
	return marked;
}

/* Legend items: each new series (colour and marker), then LEGEND_FIXED
 * more: the two builds (ring and filled), the change and the threshold
 * band. */
#define LEGEND_FIXED 4

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
	if (i == pairs + 2)
		return fig_printf("\xce\x94 %s",
				  trc(p, "figure", "change, new minus old"));
	return forest_threshold_label(p, c->threshold,
				      fig_decimals(&in->os->plan),
				      in->os->plan.unit);
}

/* The swatch of one build (KIND) or the change: its whisker's line and
 * a circle as its marker is drawn. */
static void kind_swatch(fig_pen *p, slot_kind kind, double x, double cy)
{
	style_rgb c = kind == SLOT_CHANGE ? style_ink : style_ink_soft;
	cairo_t *cr = p->cr;

	cairo_save(cr);
	style_set_colour(cr, c);
	cairo_set_line_width(cr, STYLE_LINE_WHISKER);
	if (kind == SLOT_OLD)
		cairo_set_dash(cr, old_dash, 2, 0);
	cairo_move_to(cr, x, cy);
	cairo_line_to(cr, x + FOREST_SWATCH_W, cy);
	cairo_stroke(cr);
	cairo_restore(cr);
	marker(cr, 0, kind, c, x + FOREST_SWATCH_W / 2, cy);
}

static void legend_swatch(fig_pen *p, size_t i, double x, double cy,
			  void *ctx)
{
	const fig_builddiff_input *in = ctx;
	const builddiff_result *c = in->c;
	size_t pairs = c->states[0].count;

	if (i < pairs) {
		size_t rank = fig_series_rank(
			&in->ns->plan,
			c->effects[c->states[0].first + i].new_series);
		style_rgb col = style_mark_colour(style_series_colour(rank));

		forest_swatch_line(p, x, cy, col);
		marker(p->cr, rank, SLOT_NEW, col, x + FOREST_SWATCH_W / 2,
		       cy);
	} else if (i <= pairs + 2) {
		kind_swatch(p, (slot_kind)(SLOT_OLD + (i - pairs)), x, cy);
	} else {
		forest_swatch_band(p, x, cy);
	}
}

/* The colour of a slot's printed values: the old build's grey, the new
 * build's its series', the change's ink. */
static style_rgb label_colour(const slot *sl, style_rgb c)
{
	switch (sl->kind) {
	case SLOT_OLD:
		break;
	case SLOT_NEW:
		return forest_value_colour(c);
	case SLOT_CHANGE:
		return style_ink;
	}
	return style_ink_soft;
}

/* The series a slot's marks are recorded under. */
static size_t slot_series(const slot *sl, const effect_change *e)
{
	return sl->kind == SLOT_OLD ? e->old_series : e->new_series;
}

/* Slot KIND of effect change E at height Y. */
static void draw_slot(fig_pen *p, const fig_builddiff_input *in,
		      const forest_columns *col, const effect_change *e,
		      slot_kind kind, double y, int decimals)
{
	slot sl = slot_at(in, e, kind);
	style_rgb colour = slot_colour(&sl);
	char *label = value_label(p, &sl, decimals, in->c->threshold);

	/* Behind the interval, drawn first: light (FOREST_RIDGE_ALPHA) in
	 * the series' own colour, so the whisker stands out against it. */
	if (sl.has_ci && sl.density)
		forest_ridge(p, col, sl.density, y, RIDGE_H,
			     style_series_colour(sl.rank),
			     slot_series(&sl, e));
	if (sl.has_ci)
		forest_whisker_dashed(p, col, sl.lo, sl.hi, y, colour, CAP_H,
				      old_dash, kind == SLOT_OLD ? 2 : 0);
	if (sl.has_est) {
		double x = axis_map(&p->res->axis, sl.est, col->x0, col->x1);
		marker(p->cr, sl.rank, kind, colour, x, y);
		fig_mark_add(p->res, x, y, slot_series(&sl, e));
	}
	style_text_show(p->text, p->cr, FONT_LABEL, label, col->value_x, y,
			ANCHOR_LEFT | ANCHOR_MIDDLE, col->value_w,
			label_colour(&sl, style_series_colour(sl.rank)));
	g_free(label);
}

static void rows(fig_pen *p, const fig_builddiff_input *in,
		 const forest_columns *col, double y0, int decimals)
{
	const builddiff_result *c = in->c;
	const bool ridges = has_ridges(in);
	const double rh = row_height(pairs_per_row(c), ridges);
	const double ph = pair_height(ridges);

	for (size_t r = 0; r < c->n_states; r++) {
		const state_change *sc = &c->states[r];
		double top = y0 + r * rh;
		char sbuf[FIG_STATE_BUFSIZE];

		forest_row_start(p, col, r, top, rh,
				 fig_state(p, sc->state, sbuf, sizeof sbuf), 1);
		for (size_t k = 0; k < sc->count; k++)
			for (int b = 0; b < SLOT_KINDS; b++)
				draw_slot(p, in, col,
					  &c->effects[sc->first + k],
					  (slot_kind)b,
					  top + FOREST_ROW_PAD
					  + k * (ph + PAIR_GAP)
					  + kind_whisker((slot_kind)b, ridges),
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
		for (int k = 0; k < SLOT_KINDS; k++) {
			slot sl = slot_at(in, &c->effects[i], (slot_kind)k);
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
	fig_state_named(p, op->reference, ref, sizeof ref);
	w.title = fig_printf(trc(p, "figure", "Change between the builds and "
				 "the effects on each: difference in %s from "
				 "state %s"),
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
					     "on each build, the old build "
					     "above (ring, dashed), the new "
					     "one below it (filled); below "
					     "both, in black, the change, new "
					     "minus old, with its interval "
					     "from each build's blocks "
					     "resampled on their own; series "
					     "shown separately"), &w);
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

/* fig_builddiff_send, an SVG titled and described by ALT. */
static pb_status send_alt(const fig_builddiff_input *in, unsigned format,
			  const char *source_date_epoch, const char *alt,
			  const char *name, cairo_write_func_t write,
			  void *closure, diag *d)
{
	const figfile_figure fig = { draw_any, in };
	char date[32], message[400];
	pb_status st;

	pdf_report_date(in->ns, source_date_epoch, date, sizeof date);
	st = figfile_render_alt(&fig, format, date, alt, write, closure,
				message, sizeof message);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "%s", message[0] ? message
				       : "cannot draw the figure");
	return st;
}

pb_status fig_builddiff_send(const fig_builddiff_input *in, unsigned format,
			   const char *source_date_epoch, const char *name,
			   cairo_write_func_t write, void *closure, diag *d)
{
	return send_alt(in, format, source_date_epoch, NULL, name, write,
			closure, d);
}

pb_status fig_builddiff_write(const fig_builddiff_input *in,
			    const char *source_date_epoch, outdir *o, diag *d)
{
	return fig_builddiff_write_alt(in, source_date_epoch, NULL, o, d);
}

pb_status fig_builddiff_write_alt(const fig_builddiff_input *in,
				  const char *source_date_epoch,
				  const char *alt, outdir *o, diag *d)
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
		st = send_alt(in, files[f].format, source_date_epoch, alt,
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
