/* test_figures.c: the figures drawn onto image surfaces, checked pixel by
 * pixel against positions computed in the test; the axis arithmetic, the
 * Markdown reader of the PDF, the PDF date, SVG id renumbering,
 * byte-identical output and write failures.
 *
 * The studies here are built by hand (no files), so each edge case is
 * exactly the one named: no comparisons, one series, a huge interval, a
 * zero-width one, an undefined one, very long labels, text the pinned
 * fonts cannot show. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "analyze/analysis.h"
#include "ingest/study_read.h"
#include "render/axis.h"
#include "render/fig_boots.h"
#include "render/fig_paired.h"
#include "render/fig_plan.h"
#include "render/figfile.h"
#include "render/figforest.h"
#include "render/figures.h"
#include "render/mdplain.h"
#include "render/markdown.h"
#include "render/pdf_report.h"
#include "render/sink.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

/* Pixels per point in the test images: a marker (6 pt) is 24 pixels
 * across, so its centre pixel is pure fill colour. */
#define S 4.0

/* ----------------------------------------------------- a hand-made study */

typedef struct fake {
	study s;
	analysis a;
	study_summary sum;
	series_def series[3];
	pb_state states[4];
	study_run runs[8];
	comparison cmp[4];
	state_result res[4];
	size_t idx[4][2];
	unsigned long blocks[4][2];
	size_t ref_runs[2], state_runs[2];
	mech_state_summary mech[1];
	prio_variant variant[1];
} fake;

static pb_state num_state(uint32_t v)
{
	pb_state st = { .value = v };
	return st;
}

/* One latency series "Series 1", states 20 (the reference) and 10, 100,
 * threshold T = 1 ms, lower is better, percentile 95%.  NCMP comparisons
 * of the states 10 and 100 with 20, their estimates and intervals set by
 * the caller. */
static void fake_init(fake *f, size_t ncmp)
{
	study_plan *p = &f->s.plan;

	memset(f, 0, sizeof *f);
	f->s.name = "hand-made";
	f->s.dir = "hand-made";
	memcpy(f->s.digest, "0123456789abcdef0123456789abcdef"
			    "0123456789abcdef0123456789abcdef", 64);
	p->format = 1;
	p->title = "A hand-made study";
	p->build = "1.0";
	p->platform = "test";
	p->column = "latency_us";
	p->scale = 0.001;
	p->unit = "ms";
	p->better = BETTER_LOWER;
	p->statistic.kind = STAT_QUANTILE;
	p->statistic.prob = 0.99;
	strcpy(p->statistic.name, "p99");
	p->reference = num_state(20);
	p->threshold = 1.0;
	p->threshold_decimals = 3;
	p->confidence = 0.95;
	p->resamples = 1000;
	p->seed = 1;
	p->interval = INTERVAL_PERCENTILE;
	f->states[0] = num_state(20);
	f->states[1] = num_state(10);
	f->states[2] = num_state(100);
	p->states = f->states;
	p->n_states = 3;
	f->series[0].id = "1";
	f->series[0].kind = SERIES_LATENCY;
	f->series[0].label = "Series 1";
	f->series[1].id = "m";
	f->series[1].kind = SERIES_MECHANISM;
	f->series[1].label = "Mechanism";
	p->series = f->series;
	p->n_series = 2;
	for (size_t i = 0; i < ncmp; i++) {
		comparison *c = &f->cmp[i];
		c->series = 0;
		c->state = 1 + i;
		c->boot.estimate = NAN;
		f->idx[i][0] = i;
		f->res[i].state = 1 + i;
		f->res[i].comparisons = f->idx[i];
		f->res[i].n_comparisons = 1;
	}
	f->a.cmp = f->cmp;
	f->a.n_cmp = ncmp;
	f->a.states = f->res;
	f->a.n_states = ncmp;
	f->a.summary = &f->sum;
}

static void set_ci(fake *f, size_t i, double est, bool defined, double lo,
		   double hi)
{
	boot_interval *ci = &f->cmp[i].boot.ci[INTERVAL_PERCENTILE];
	f->cmp[i].boot.estimate = est;
	ci->defined = defined;
	ci->lo = lo;
	ci->hi = hi;
	ci->method = ci->used = INTERVAL_PERCENTILE;
}

/* Blocks 1 and 2 of comparison 0: reference 10 and 12, state 10 at 15
 * and 17; and an excluded run that must not be drawn. */
static void fake_runs(fake *f)
{
	static const double v[4] = { 10, 15, 12, 17 };

	for (size_t i = 0; i < 4; i++) {
		study_run *run = &f->runs[i];
		run->id = "r";
		run->series = 0;
		run->block = 1 + i / 2;
		run->state = i % 2 ? num_state(10) : num_state(20);
		run->accepted = true;
		run->has_statistic = true;
		run->statistic = v[i];
	}
	f->runs[4] = f->runs[0];
	f->runs[4].accepted = false;
	f->runs[4].statistic = 11;
	f->s.runs = f->runs;
	f->s.n_runs = 5;
	f->ref_runs[0] = 0;
	f->ref_runs[1] = 2;
	f->state_runs[0] = 1;
	f->state_runs[1] = 3;
	f->cmp[0].n_pairs = 2;
	f->cmp[0].ref_runs = f->ref_runs;
	f->cmp[0].state_runs = f->state_runs;
}

/* Four mechanism boots at 10, all registered, MMCSS running, priorities
 * Win32 0 -> 10 -> 0 and ETW 8 -> 18 -> 8. */
static void fake_mech(fake *f)
{
	f->mech[0].series = 1;
	f->mech[0].state = num_state(10);
	f->mech[0].boots = 4;
	f->mech[0].registered = 4;
	f->mech[0].register_reported = 4;
	f->mech[0].service_running = 4;
	f->variant[0] = (prio_variant){ { 0, 10, 0 }, { 8, 18, 8 }, 4 };
	f->mech[0].variants = f->variant;
	f->mech[0].n_variants = 1;
	f->sum.mech = f->mech;
	f->sum.n_mech = 1;
	f->s.plan.service = "MMCSS";
}

/* ----------------------------------------------------------- drawing */

typedef struct image {
	cairo_surface_t *surface;
	fig_result res;
	pb_status st;
} image;

/* Draws figure K of F in LANG on white at S pixels a point, 480 points
 * wide; onto a surface marked as only measured (fig_pen_set_measuring)
 * when MEASURING. */
static void draw_as(image *im, fig_kind k, const fake *f, const char *lang,
		    bool measuring)
{
	fig_input in = { &f->s, &f->a, lang };
	cairo_t *cr;
	int h;

	im->st = figkind_measure(k, &in, STYLE_FIGURE_WIDTH, &im->res);
	h = (int)ceil((im->res.height > 0 ? im->res.height : 10) * S);
	im->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						 (int)(STYLE_FIGURE_WIDTH * S),
						 h);
	cr = cairo_create(im->surface);
	cairo_scale(cr, S, S);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (measuring)
		fig_pen_set_measuring(cr);
	if (im->st == PB_OK)
		im->st = figkind_draw(k, cr, &in, STYLE_FIGURE_WIDTH,
				      &im->res);
	cairo_destroy(cr);
	cairo_surface_flush(im->surface);
}

static void draw(image *im, fig_kind k, const fake *f, const char *lang)
{
	draw_as(im, k, f, lang, false);
}

static void image_free(image *im)
{
	cairo_surface_destroy(im->surface);
}

/* The colour at (X, Y) in points, components 0..1. */
static style_rgb pixel(const image *im, double x, double y)
{
	cairo_surface_t *s = im->surface;
	int px = (int)floor(x * S), py = (int)floor(y * S);
	style_rgb c = { -1, -1, -1 };
	uint32_t v;

	if (px < 0 || py < 0 || px >= cairo_image_surface_get_width(s)
	    || py >= cairo_image_surface_get_height(s))
		return c;
	v = *(const uint32_t *)(const void *)(cairo_image_surface_get_data(s)
			+ py * cairo_image_surface_get_stride(s) + px * 4);
	c.r = ((v >> 16) & 0xff) / 255.0;
	c.g = ((v >> 8) & 0xff) / 255.0;
	c.b = (v & 0xff) / 255.0;
	return c;
}

static bool near_colour(style_rgb got, style_rgb want, double tol)
{
	return fabs(got.r - want.r) <= tol && fabs(got.g - want.g) <= tol
	       && fabs(got.b - want.b) <= tol;
}

static bool colour_ok(const image *im, double x, double y, style_rgb want,
		      const char *name)
{
	style_rgb got = pixel(im, x, y);
	bool ok = near_colour(got, want, 0.03);
	if (!ok)
		tap_diag("%s: at (%.2f, %.2f) got (%.3f %.3f %.3f), want "
			 "(%.3f %.3f %.3f)", name, x, y, got.r, got.g, got.b,
			 want.r, want.g, want.b);
	return tap_ok(ok, "%s", name);
}

/* Where value V lies on the x axis of an interval plot. */
static double x_of(const fig_result *r, double v)
{
	return r->x0 + (v - r->axis.lo) / (r->axis.hi - r->axis.lo)
		       * (r->x1 - r->x0);
}

/* Where value V lies on the y axis of a per-boot or mechanism plot. */
static double y_of(const fig_result *r, double v)
{
	return r->y1 - (v - r->axis.lo) / (r->axis.hi - r->axis.lo)
		       * (r->y1 - r->y0);
}

static bool marks_inside(const fig_result *r)
{
	size_t n = r->n_marks < FIG_MARKS ? r->n_marks : FIG_MARKS;
	for (size_t i = 0; i < n; i++)
		if (r->marks[i].x < r->x0 - 0.01 || r->marks[i].x > r->x1 + 0.01
		    || r->marks[i].y < r->y0 - 3 || r->marks[i].y > r->y1 + 3)
			return false;
	return true;
}

/* Whether the row of pixels at Y (points) is white from X0 to X1. */
static bool white_row(const image *im, double x0, double x1, double y)
{
	const style_rgb paper = { 1, 1, 1 };

	for (double x = x0; x < x1; x += 1 / S)
		if (!near_colour(pixel(im, x, y), paper, 0.02))
			return false;
	return true;
}

/* The white, in points, between the top tick's label of the first plot
 * (centred on its top edge) and the text above it (the panel's heading),
 * up the column left of the plot; -1 when nothing stands above. */
static double top_tick_gap(const image *im)
{
	double x1 = im->res.x0 - 1, y = im->res.y0, top;

	while (y > 0 && !white_row(im, 0, x1, y))
		y -= 1 / S;
	top = y;
	while (y > 0 && white_row(im, 0, x1, y))
		y -= 1 / S;
	return y > 0 ? top - y : -1;
}

/* The Okabe-Ito colours of series 1 and 2 (#0072B2, #D55E00). */
static const style_rgb blue = { 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0 };
static const style_rgb vermillion = { 0xD5 / 255.0, 0x5E / 255.0, 0 };
static const style_rgb white = { 1, 1, 1 };

/* ------------------------------------------------------------ the axis */

static void test_axis(void)
{
	axis_scale a;
	char buf[64];

	/* [-1.111, 13.302] in 6 steps: raw step 14.413 / 6 = 2.402, the
	 * next nice step 2.5; floor(-1.111 / 2.5) = -1 -> -2.5,
	 * ceil(13.302 / 2.5) = 6 -> 15: ticks -2.5, 0, ..., 15 (8), one
	 * decimal for the .5. */
	tap_ok(axis_nice(-1.111, 13.302, 6, &a) && fabs(a.lo + 2.5) < 1e-12
	       && fabs(a.hi - 15) < 1e-12 && fabs(a.step - 2.5) < 1e-12
	       && a.n_ticks == 8 && a.decimals == 1,
	       "axis: [-1.111, 13.302] gives -2.5..15 by 2.5");
	/* [0, 18] in 4: 4.5 -> 5; 0..20, 5 ticks, no decimals. */
	tap_ok(axis_nice(0, 18, 4, &a) && fabs(a.lo) < 1e-12
	       && fabs(a.hi - 20) < 1e-12 && a.n_ticks == 5
	       && a.decimals == 0, "axis: [0, 18] gives 0..20 by 5");
	/* [0.001, 0.009] in 4: 0.002 exactly is nice; 0..0.01, 6 ticks, 3
	 * decimals. */
	tap_ok(axis_nice(0.001, 0.009, 4, &a) && fabs(a.step - 0.002) < 1e-15
	       && fabs(a.lo) < 1e-15 && fabs(a.hi - 0.01) < 1e-15
	       && a.n_ticks == 6 && a.decimals == 3,
	       "axis: [0.001, 0.009] gives 0..0.01 by 0.002");
	/* One value, 5: widened by 5% each side to [4.75, 5.25]; 0.5 / 4 =
	 * 0.125 -> 0.2; 4.6..5.4, 5 ticks, 1 decimal. */
	tap_ok(axis_nice(5, 5, 4, &a) && fabs(a.lo - 4.6) < 1e-12
	       && fabs(a.hi - 5.4) < 1e-12 && a.n_ticks == 5
	       && a.decimals == 1, "axis: a single value is widened");
	/* Zero alone: +-0.5 -> step 0.25 (1 / 4), -0.5..0.5, 2 decimals. */
	tap_ok(axis_nice(0, 0, 4, &a) && fabs(a.lo + 0.5) < 1e-12
	       && fabs(a.hi - 0.5) < 1e-12 && a.decimals == 2,
	       "axis: zero alone gives -0.5..0.5");
	tap_ok(!axis_nice(NAN, 1, 4, &a) && !axis_nice(0, INFINITY, 4, &a)
	       && !axis_nice(2, 1, 4, &a), "axis: NaN, inf, min > max fail");
	tap_ok(!axis_nice(-1e308, 1e308, 4, &a),
	       "axis: a span that overflows fails");
	tap_streq(axis_format(-1.5, 1, false, buf, sizeof buf),
		  "\xe2\x88\x92" "1.5", "format: U+2212 for the minus");
	tap_streq(axis_format(2.5, 1, true, buf, sizeof buf), "+2.5",
		  "format: plus sign on request");
	tap_streq(axis_format(0, 2, true, buf, sizeof buf), "0.00",
		  "format: no sign on zero");
	tap_streq(axis_format(NAN, 2, true, buf, sizeof buf), "",
		  "format: NaN gives nothing");
	/* Labels of endpoints: -0.456 beside -T = -0.5 with 1 decimal would
	 * read -0.5; 0.0004 with 3 decimals +0.000. */
	tap_streq(axis_format_beside(-0.456, 1, 0.5, buf, sizeof buf),
		  "\xe2\x88\x92" "0.46", "label: -0.456 beside -0.5 is "
		  "-0.46, with a U+2212 minus");
	tap_streq(axis_format_beside(0.0004, 3, 1.784, buf, sizeof buf),
		  "+0.0004", "label: 0.0004 with 3 decimals is +0.0004");
	tap_streq(axis_format_beside(0.2, 1, 0.5, buf, sizeof buf), "+0.2",
		  "label: a value clear of 0 and +-T keeps its decimals");
	/* Counts: [0, 10] in 4 is 2.5 a step (0, 2.5, ..., 10), which
	 * becomes 2: 0..10, 6 ticks; [0, 200] in 4 is 50 and stays; [0, 3]
	 * in 4 is 1 (0.75 -> 1): 0..3; one block, 1 alone, is widened to
	 * 0.9..1.1 by 0.05 and becomes 0..2 (hand-worked, as above). */
	tap_ok(axis_nice_whole(0, 10, 4, &a) && fabs(a.step - 2) < 1e-12
	       && fabs(a.lo) < 1e-12 && fabs(a.hi - 10) < 1e-12
	       && a.n_ticks == 6 && a.decimals == 0,
	       "whole axis: [0, 10] by 2, not 2.5");
	tap_ok(axis_nice_whole(0, 200, 4, &a) && fabs(a.step - 50) < 1e-12
	       && a.n_ticks == 5 && a.decimals == 0,
	       "whole axis: [0, 200] keeps 50");
	tap_ok(axis_nice_whole(0, 3, 4, &a) && fabs(a.step - 1) < 1e-12
	       && fabs(a.hi - 3) < 1e-12 && a.n_ticks == 4,
	       "whole axis: [0, 3] by 1");
	tap_ok(axis_nice_whole(1, 1, 4, &a) && fabs(a.step - 1) < 1e-12
	       && fabs(a.lo) < 1e-12 && fabs(a.hi - 2) < 1e-12
	       && a.n_ticks == 3, "whole axis: 1 alone is 0..2");
	{
		bool whole = true;
		for (int most = 1; most <= 1000; most++) {
			if (!axis_nice_whole(0, most, 4, &a) || a.hi < most) {
				whole = false;
				break;
			}
			for (size_t i = 0; i < a.n_ticks; i++)
				if (fabs(axis_tick(&a, i)
					 - round(axis_tick(&a, i))) > 1e-9)
					whole = false;
		}
		tap_ok(whole, "whole axis: every tick of 0..1 to 0..1000 is "
		       "a whole number");
	}
	axis_nice(-1, 1, 4, &a);
	tap_ok(!(axis_tick(&a, 2) < 0) && !(axis_tick(&a, 2) > 0),
	       "axis: the middle tick is exactly 0");
}

static void test_jitter(void)
{
	/* frac(k * 0.6180339887498949) - 0.5: k = 1: 0.1180339887;
	 * k = 2: frac(1.2360679775) = 0.2360679775 -> -0.2639320225;
	 * k = 3: frac(1.8541019662) -> 0.3541019662. */
	tap_near(fig_boots_jitter(1), 0.1180339887498949, 1e-12,
		 "jitter of block 1");
	tap_near(fig_boots_jitter(2), -0.2639320225002102, 1e-12,
		 "jitter of block 2");
	tap_near(fig_boots_jitter(3), 0.3541019662496847, 1e-12,
		 "jitter of block 3");
	bool in = true;
	for (unsigned long b = 0; b < 5000; b++)
		in &= fig_boots_jitter(b) >= -0.5 && fig_boots_jitter(b) < 0.5;
	tap_ok(in, "jitter stays in [-0.5, 0.5) for 5000 blocks");
}

/* ------------------------------------------------------- interval plot */

static void test_interval_basic(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;

	fake_init(&f, 1);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK, "interval: one series draws (%s)",
	       r->message);
	/* The axis must show 0, the band (-1, 1) and [1, 3], at most one
	 * step beyond, with a step of 0.5 or 1 for a 4 ms span over about
	 * 300 points. */
	tap_ok(r->has_axis && r->axis.lo <= -1 && r->axis.hi >= 3
	       && r->axis.lo > -1 - r->axis.step - 1e-9
	       && r->axis.hi < 3 + r->axis.step + 1e-9
	       && (fabs(r->axis.step - 0.5) < 1e-12
		   || fabs(r->axis.step - 1) < 1e-12),
	       "interval: the axis covers the band and the interval");
	tap_ok(r->x1 - r->x0 > 0.4 * STYLE_FIGURE_WIDTH,
	       "interval: the plot takes a good part of the width");
	tap_ok(r->n_marks == 1, "interval: one marker");
	tap_near(r->marks[0].x, x_of(r, 2.0), 1e-9,
		 "interval: the marker sits at the estimate");
	tap_ok(marks_inside(r), "interval: the marker is inside the plot");
	colour_ok(&im, r->marks[0].x, r->marks[0].y, blue,
		  "interval: the marker has the series colour");
	/* Just below the top of the plot area, above the whisker: the zero
	 * line (ink), the band (light grey) at 0.25 and white at 1.25,
	 * between the ticks of either step. */
	{
		style_rgb z = pixel(&im, x_of(r, 0) + 0.1, r->y0 + 2);
		tap_ok(z.r < 0.3 && z.g < 0.3 && z.b < 0.3,
		       "interval: the zero line is at 0");
	}
	colour_ok(&im, x_of(r, 0.25), r->y0 + 2, style_band,
		  "interval: the threshold band is shaded at 0.25");
	colour_ok(&im, x_of(r, 1.25), r->y0 + 2, white,
		  "interval: no shade beyond the threshold at 1.25");
	colour_ok(&im, x_of(r, 1.75), r->marks[0].y, blue,
		  "interval: the whisker spans the interval at 1.75");
	colour_ok(&im, x_of(r, 3.0) + 2, r->marks[0].y, white,
		  "interval: the whisker stops after 3");
	image_free(&im);
}

/* The blend of a density's fill over BACK (render/figforest.h). */
static style_rgb ridge_over(style_rgb c, style_rgb back)
{
	const double a = FOREST_RIDGE_ALPHA;
	style_rgb m = { a * c.r + (1 - a) * back.r, a * c.g + (1 - a) * back.g,
			a * c.b + (1 - a) * back.b };
	return m;
}

/* Comparison I of F with the Student t density of its interval [LO, HI]
 * (est at the middle, 9 degrees of freedom) on the grid analyze/ gives
 * it. */
static void set_ridge(fake *f, size_t i, double lo, double hi)
{
	double glo, ghi, se = (hi - lo) / 2 / 2.262;

	density_limits(lo, hi, &glo, &ghi);
	density_from_t((lo + hi) / 2, se, 9.0, glo, ghi,
		       &f->cmp[i].boot.density);
}

/* A density behind an interval: drawn after the band and before the
 * whisker and marker, in the series' colour and lightly, on the
 * whisker's line and above it, within the plot area and its own slot, cut
 * at the axis ends, with a caption below; one filled path each in the
 * SVG. */
static void test_interval_ridge(void)
{
	fake f, plain;
	image im, im0;
	const fig_result *r = &im.res;
	const fig_shape *sh = &r->shapes[0];
	double y, peak_x;

	fake_init(&plain, 1);
	set_ci(&plain, 0, 2.0, true, 1.0, 3.0);
	draw(&im0, FIG_INTERVAL, &plain, "en");
	tap_ok(im0.st == PB_OK && im0.res.n_shapes == 0,
	       "ridge: no density, no shape");
	fake_init(&f, 2);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	set_ci(&f, 1, 0.25, true, -0.5, 1.0);
	set_ridge(&f, 0, 1.0, 3.0);
	set_ridge(&f, 1, -0.5, 1.0);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK && r->n_shapes == 2 && r->n_marks == 2,
	       "ridge: two densities draw (%s)", r->message);
	y = r->marks[0].y;
	tap_ok(fabs(sh->y_base - y) < 1e-9 && sh->y_top < y - 10
	       && sh->y_top >= r->y0 && r->shapes[1].y_top > y + 1,
	       "ridge: on the whisker's line, rising above it within its "
	       "row (base %.2f, top %.2f, whisker %.2f)", sh->y_base,
	       sh->y_top, y);
	tap_ok(sh->x0 >= r->x0 - 1e-9 && sh->x1 <= r->x1 + 1e-9
	       && r->shapes[1].x0 >= r->x0 - 1e-9
	       && r->shapes[1].x1 <= r->x1 + 1e-9,
	       "ridge: inside the axis (%.2f..%.2f within %.2f..%.2f)",
	       sh->x0, sh->x1, r->x0, r->x1);
	tap_ok(sh->x0 < x_of(r, 1.0) && sh->x1 >= x_of(r, 3.0) - 1e-9,
	       "ridge: reaching beyond the interval's ends, as far as the axis (%.2f < %.2f, "
	       "%.2f >= %.2f; axis %g..%g)", sh->x0, x_of(r, 1.0), sh->x1,
	       x_of(r, 3.0), r->axis.lo, r->axis.hi);
	/* The grid reaches 1.5 widths beyond [1, 3], to 6: the axis stops
	 * sooner and the density with it. */
	tap_ok(x_of(r, 6.0) > r->x1 && fabs(sh->x1 - r->x1) < 1e-9,
	       "ridge: cut at the end of the axis");
	tap_ok(im.res.height > im0.res.height + 20,
	       "ridge: the caption and the taller rows make room "
	       "(%.1f over %.1f)", im.res.height, im0.res.height);
	peak_x = x_of(r, 2.2);
	colour_ok(&im, x_of(r, 1.75), y, blue,
		  "ridge: the whisker is drawn over the density");
	colour_ok(&im, peak_x, y - 6, ridge_over(blue, white),
		  "ridge: the density is the series colour, light");
	colour_ok(&im, peak_x, sh->y_top - 1.5, white,
		  "ridge: nothing above the density's top");
	colour_ok(&im, x_of(r, 0.5), r->marks[1].y - 3,
		  ridge_over(blue, style_band),
		  "ridge: the band shows through the density");
	colour_ok(&im, x_of(r, 1.5), r->y0 + 1, white,
		  "ridge: above the slot, white");
	image_free(&im);
	image_free(&im0);
	{
		fig_input in = { &f.s, &f.a, "en" };
		char msg[400];
		sink k;
		size_t paths = 0;
		const char *at;

		sink_init_buffer(&k);
		tap_ok(figures_render(FIG_INTERVAL, FIG_SVG, &in, sink_write,
				      &k, msg, sizeof msg) == PB_OK
		       && sink_write(&k, (const unsigned char *)"", 1)
			  == CAIRO_STATUS_SUCCESS,
		       "ridge: the SVG renders");
		for (at = (const char *)k.data;
		     (at = strstr(at, "fill-opacity:0.28")) != NULL; at++)
			paths++;
		tap_ok(paths == 2, "ridge: one filled path a density in the "
		       "SVG (%zu)", paths);
		sink_free(&k);
	}
}

/* ------------------------------------------------------- paired figure */

/* Draws the paired figure of plan state STATE of F in LANG, as draw()
 * draws the others. */
static void draw_paired(image *im, const fake *f, size_t state,
			const char *lang)
{
	fig_input in = { &f->s, &f->a, lang };
	const fig_paired_input pi = { &in, state };
	const figfile_figure fig = { fig_paired_draw, &pi };
	cairo_t *cr;
	int h;

	im->st = figfile_measure(&fig, STYLE_FIGURE_WIDTH, &im->res);
	h = (int)ceil((im->res.height > 0 ? im->res.height : 10) * S);
	im->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						 (int)(STYLE_FIGURE_WIDTH * S),
						 h);
	cr = cairo_create(im->surface);
	cairo_scale(cr, S, S);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	if (im->st == PB_OK)
		im->st = fig_paired_draw(cr, &pi, STYLE_FIGURE_WIDTH,
					 &im->res);
	cairo_destroy(cr);
	cairo_surface_flush(im->surface);
}

/* State 10 against 20 in blocks 1 and 2 (reference 10 and 12, state 15
 * and 17: both differences 5), the interval [4, 6] and its t density.
 * The slopegraph has one line a block; the difference panel lies right of
 * it on the same scale, its 0 at the reference mean 11; the density lies
 * inside that panel and under the interval and the estimate, which sits
 * at 11 + 5. */
static void test_paired(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;
	const fig_shape *sh = &r->shapes[0];
	char stem[FIG_PAIRED_STEM_SIZE];
	double ex, ey;

	fake_init(&f, 1);
	fake_runs(&f);
	set_ci(&f, 0, 5.0, true, 4.0, 6.0);
	set_ridge(&f, 0, 4.0, 6.0);
	draw_paired(&im, &f, 1, "en");
	tap_ok(im.st == PB_OK && r->has_axis && r->has_panel2,
	       "paired: draws, with a second panel (%s)", r->message);
	tap_ok(r->n_lines == 2, "paired: one line a block (%zu)", r->n_lines);
	tap_ok(r->n_marks == 5, "paired: four runs and the estimate marked "
	       "(%zu)", r->n_marks);
	tap_near(r->anchor, 11.0, 1e-12, "paired: the difference axis' 0 "
		 "lies at the reference mean");
	tap_ok(r->px0 > r->x1 && r->px1 <= STYLE_FIGURE_WIDTH
	       && fabs(r->py0 - r->y0) < 1e-9 && fabs(r->py1 - r->y1) < 1e-9,
	       "paired: the difference panel stands right of the slopegraph, "
	       "as high");
	/* The difference panel is drawn first: the estimate is the first
	 * mark, then each block's two runs. */
	tap_ok(r->marks[1].x < r->marks[2].x && r->marks[2].x < r->x1
	       && fabs(r->marks[1].y - y_of(r, 10)) < 1e-9
	       && fabs(r->marks[2].y - y_of(r, 15)) < 1e-9,
	       "paired: block 1's runs at 10 and 15, the reference left");
	ex = r->marks[0].x;
	ey = r->marks[0].y;
	tap_ok(ex > r->px0 && ex < r->px1 && fabs(ey - y_of(r, 16)) < 1e-9,
	       "paired: the estimate at 11 + 5 on the same scale, in the "
	       "difference panel");
	tap_ok(r->n_shapes == 1 && sh->x0 >= r->px0 - 1e-9
	       && sh->x1 <= r->px1 + 1e-9 && sh->y_top >= r->py0 - 1e-9
	       && sh->y_base <= r->py1 + 1e-9,
	       "paired: the density lies inside the difference panel "
	       "(%.1f..%.1f x %.1f..%.1f in %.1f..%.1f x %.1f..%.1f)",
	       sh->x0, sh->x1, sh->y_top, sh->y_base, r->px0, r->px1, r->py0,
	       r->py1);
	tap_ok(fabs(sh->x0 - ex) < 1e-9 && sh->y_top < y_of(r, 17)
	       && sh->y_base > y_of(r, 15),
	       "paired: its baseline is the interval's line, reaching beyond "
	       "the interval");
	colour_ok(&im, ex, y_of(r, 16.7), blue,
		  "paired: the interval is drawn over the density");
	colour_ok(&im, ex + 2.5, y_of(r, 16.0) - 4, ridge_over(blue, white),
		  "paired: the density is the series colour, light, beside "
		  "the estimate");
	colour_ok(&im, (r->px0 + r->px1) / 2, y_of(r, 11.0) + 0.1,
		  style_ink, "paired: the 0 line at the reference mean");
	colour_ok(&im, r->px1 - 2, y_of(r, 11.7), style_band,
		  "paired: the band +-T around it");
	image_free(&im);
	{
		/* Over blue, the light blue fill leaves blue: the order shows
		 * in the SVG, the density's fill before the whisker's
		 * stroke. */
		fig_input in = { &f.s, &f.a, "en" };
		const fig_paired_input pi = { &in, 1 };
		const figfile_figure fig = { fig_paired_draw, &pi };
		char msg[400];
		const char *fill, *whisker;
		sink k;

		sink_init_buffer(&k);
		tap_ok(figfile_render(&fig, FIG_SVG, NULL, sink_write, &k, msg,
				      sizeof msg) == PB_OK
		       && sink_write(&k, (const unsigned char *)"", 1)
			  == CAIRO_STATUS_SUCCESS,
		       "paired: the SVG renders");
		fill = strstr((const char *)k.data, "fill-opacity:0.28");
		whisker = strstr((const char *)k.data, "stroke-width:1.4;");
		tap_ok(fill && whisker && fill < whisker,
		       "paired: the density is drawn before the interval");
		sink_free(&k);
	}

	draw_paired(&im, &f, 2, "ko");
	tap_ok(im.st == PB_OK && r->empty,
	       "paired: a state without comparisons gets the message box");
	image_free(&im);

	tap_streq(fig_paired_stem(f.states[1], stem, sizeof stem),
		  "paired-10", "paired: the stem of state 10");
	tap_streq(fig_paired_stem(pb_state_name("High performance_1"), stem,
				  sizeof stem),
		  "paired-High_20performance_5F1",
		  "paired: a blank and '_' spelled in hex");
}

/* The paired figure's difference panel: the band's dashed edges at +-T,
 * the density a quarter of the panel wide and never cut, and, when the
 * runs spread far wider than the differences, a zoomed axis of its own.
 * The fixture of test_paired: T = 1, the interval [4, 6] of a t density
 * reaching 3 beyond either end (density_limits). */
static void test_paired_panel(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;
	const fig_shape *sh = &r->shapes[0];
	forest_extent e;
	double ey;

	/* fig_paired_zoom: differences spanning under half the runs'. */
	tap_ok(fig_paired_zoom(0, 40, -4, 15.9)
	       && !fig_paired_zoom(0, 40, -4, 16.0),
	       "paired: zoomed when the differences span under half the "
	       "runs' range (19.9 of 40), not at half (20)");

	fake_init(&f, 1);
	fake_runs(&f);
	set_ci(&f, 0, 5.0, true, 4.0, 6.0);
	set_ridge(&f, 0, 4.0, 6.0);
	tap_ok(forest_ridge_extent(&f.cmp[0].boot.density, -HUGE_VAL,
				   HUGE_VAL, &e),
	       "paired: the density's drawn extent");
	draw_paired(&im, &f, 1, "en");
	/* Runs 10..17 (7), differences -1..~8.5: the shared axis. */
	tap_ok(im.st == PB_OK && !r->zoomed && r->has_band2,
	       "paired: runs of 7 ms and differences of ~9.5: one shared "
	       "axis, the band's edges drawn");
	tap_ok(fabs(r->band_hi_y - y_of(r, 12.0)) < 1e-9
	       && fabs(r->band_lo_y - y_of(r, 10.0)) < 1e-9,
	       "paired: the band's edges at 11 + 1 and 11 - 1 (%.2f, %.2f; "
	       "want %.2f, %.2f)", r->band_hi_y, r->band_lo_y,
	       y_of(r, 12.0), y_of(r, 10.0));
	tap_near(sh->x1 - sh->x0, 0.25 * (r->px1 - r->px0), 1e-9,
		 "paired: the density's peak reaches a quarter of the panel");
	tap_ok(r->axis.hi >= 11 + e.to && r->axis.lo <= 11 + e.from
	       && fabs(sh->y_top - y_of(r, 11 + e.to)) < 1e-9
	       && fabs(sh->y_base - y_of(r, 11 + e.from)) < 1e-9,
	       "paired: the axis reaches the density's tails (%.3f..%.3f on "
	       "%.3f..%.3f): nothing cut", 11 + e.from, 11 + e.to, r->axis.lo,
	       r->axis.hi);
	image_free(&im);

	/* Block 2 at 60 and 65: runs over 55 ms, differences still 5. */
	f.runs[2].statistic = 60;
	f.runs[3].statistic = 65;
	draw_paired(&im, &f, 1, "en");
	tap_ok(im.st == PB_OK && r->zoomed && r->axis2.lo <= -1
	       && r->axis2.hi >= e.to && r->axis2.hi - r->axis2.lo < 27.5,
	       "paired: runs of 55 ms: the difference panel zoomed, its "
	       "axis %.3g..%.3g holding -T and the density's tail %.3f",
	       r->axis2.lo, r->axis2.hi, e.to);
	ey = r->py1 - (5.0 - r->axis2.lo) / (r->axis2.hi - r->axis2.lo)
		      * (r->py1 - r->py0);
	tap_near(r->marks[0].y, ey, 1e-9,
		 "paired: the estimate 5 on the zoomed axis");
	tap_near(r->band_hi_y - r->band_lo_y,
		 -2.0 / (r->axis2.hi - r->axis2.lo) * (r->py1 - r->py0), 1e-9,
		 "paired: the band 2 T tall on the zoomed axis");
	tap_ok(fabs(sh->y_top - (r->py1 - (e.to - r->axis2.lo)
				 / (r->axis2.hi - r->axis2.lo)
				 * (r->py1 - r->py0))) < 1e-9,
	       "paired: the density's tail on the zoomed axis");
	image_free(&im);
}

/* The SVG's title and description after the root element, escaped;
 * glyph outlines rounded to 0.01, nothing else. */
static void test_svg_post(void)
{
	static const char doc[] = "<?xml version=\"1.0\"?>\n<svg a=\"1\">\n"
		"<symbol id=\"g\"><path d=\"M 8.828125 -1.265625 L 0.004 "
		"-0.004 C 1.5 2.999 3 4.0051 Z\"/></symbol>\n"
		"<path d=\"M 1.123456 2\"/>\n</svg>\n";
	GString *out = g_string_new(NULL);

	figfile_svg_describe(doc, strlen(doc), "A & <B>", "it's \"C\"", out);
	tap_streq(out->str, "<?xml version=\"1.0\"?>\n<svg a=\"1\">\n"
		  "<title>A &amp; &lt;B&gt;</title>\n"
		  "<desc>it&apos;s &quot;C&quot;</desc>\n"
		  "<symbol id=\"g\"><path d=\"M 8.828125 -1.265625 L 0.004 "
		  "-0.004 C 1.5 2.999 3 4.0051 Z\"/></symbol>\n"
		  "<path d=\"M 1.123456 2\"/>\n</svg>\n",
		  "SVG: title and description after the root element, "
		  "XML-escaped");
	g_string_truncate(out, 0);
	figfile_svg_describe(doc, strlen(doc), NULL, "", out);
	tap_streq(out->str, doc, "SVG: neither without a text");
	g_string_truncate(out, 0);
	figfile_svg_round_glyphs(doc, strlen(doc), out);
	tap_streq(out->str, "<?xml version=\"1.0\"?>\n<svg a=\"1\">\n"
		  "<symbol id=\"g\"><path d=\"M 8.83 -1.27 L 0 0 C 1.5 3 3 "
		  "4.01 Z\"/></symbol>\n"
		  "<path d=\"M 1.123456 2\"/>\n</svg>\n",
		  "SVG: glyph outlines to two decimals, -0 as 0, the drawing "
		  "untouched");
	g_string_free(out, TRUE);
}

/* The paired caption: its own words, the adjusted levels of BCa, the
 * zoomed axis only when zoomed. */
static void test_paired_caption(void)
{
	fake f;
	fig_input in;
	fig_result res;
	fig_pen pen;
	cairo_surface_t *sf = cairo_recording_surface_create(
		CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(sf);
	char *c;

	fake_init(&f, 1);
	set_ridge(&f, 0, 4.0, 6.0);
	in = (fig_input){ &f.s, &f.a, "en" };
	tap_ok(fig_pen_begin(&pen, cr, &in, &res) == PB_OK,
	       "paired caption: a pen");
	c = fig_paired_caption(&pen, &f.cmp[0].boot.density, 1000,
			       INTERVAL_PERCENTILE, false);
	tap_ok(strstr(c, "To the right of each interval") && !strstr(c, "behind")
	       && !strstr(c, "same height") && strstr(c, "Dashed lines")
	       && !strstr(c, "zoomed") && !strstr(c, "adjusted"),
	       "paired caption: right of the interval, same width, dashed "
	       "edges (%s)", c);
	g_free(c);
	{
		/* A state's name wider than its column stays one line:
		 * never "missi-" over "ng". */
		double one = 0, h;

		style_text_measure(pen.text, FONT_BOLD, "missing", 0, NULL,
				   &one);
		h = fig_label(&pen, FONT_BOLD, "missing", 50, 50,
			      ANCHOR_CENTER | ANCHOR_TOP, 12.0, 3, style_ink);
		tap_ok(fabs(h - one) < 1e-9, "label: a word wider than its "
		       "column is not broken (%.1f, one line %.1f)", h, one);
		h = fig_label(&pen, FONT_BOLD, "High performance", 50, 50,
			      ANCHOR_CENTER | ANCHOR_TOP, 12.0, 3, style_ink);
		tap_ok(h > 1.5 * one && h < 2.5 * one,
		       "label: two words wrap between them, two lines "
		       "(%.1f)", h);
	}
	c = fig_paired_caption(&pen, &f.cmp[0].boot.density, 1000,
			       INTERVAL_BCA, true);
	tap_ok(strstr(c, "BCa") && strstr(c, "adjusted levels")
	       && strstr(c, "zoomed"),
	       "paired caption: BCa read at adjusted levels, the zoomed axis "
	       "(%s)", c);
	g_free(c);
	/* The subtitle says where the right axis' 0 lies only when it does
	 * lie at the reference mean: zoomed, it has a scale of its own. */
	c = fig_paired_subtitle(&pen, "95", INTERVAL_T, false, false);
	tap_ok(strstr(c, "whose 0 lies at the reference mean")
	       && !strstr(c, "of its own") && !strstr(c, "not shown"),
	       "paired subtitle, shared axis: its 0 at the reference mean "
	       "(%s)", c);
	g_free(c);
	c = fig_paired_subtitle(&pen, "95", INTERVAL_T, true, true);
	tap_ok(!strstr(c, "reference mean") && strstr(c, "axis of its own")
	       && strstr(c, "not shown"),
	       "paired subtitle, zoomed: an axis of its own, no claim about "
	       "its 0; unpaired runs said (%s)", c);
	g_free(c);
	fig_pen_end(&pen);
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
}

/* Whether TEXT holds the count 2000 as a language writes it: plain, or
 * grouped with a no-break space (de, cs). */
static bool has_2000(const char *text)
{
	return strstr(text, "2000") || strstr(text, "2\u00a0000");
}

/* The caption says what the shape is for each source, in each language,
 * and what it is not; a figure of two builds whose densities differ in
 * kind says both. */
/* How often WHAT stands in TEXT. */
static size_t count_of(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *at = strstr(text, what); at;
	     at = strstr(at + strlen(what), what))
		n++;
	return n;
}

static void test_ridge_captions(void)
{
	static const char *const langs[4] = { "en", "de", "cs", "ko" };
	static const char *const not_boots[4] = {
		"not how single boots spread", "nicht wie einzelne Starts",
		"ne jak se liší jednotlivá načtení", "개별 부팅이 퍼진 정도가 아니라"
	};
	static const char *const shaded[4] = {
		"Shaded behind each interval", "Hinter jedem Intervall",
		"Za každým intervalem", "각 구간 뒤의 음영"
	};
	static const char *const builds[4][2] = {
		{ "old build", "new build" }, { "alten Build", "neuen Build" },
		{ "starého buildu", "nového buildu" }, { "기존 빌드", "신규 빌드" }
	};
	density_grid g[4];
	fake f;
	fig_result res;
	bool ok = true;

	fake_init(&f, 1);
	memset(g, 0, sizeof g);
	g[0].source = DENSITY_MEANS;
	g[1].source = DENSITY_MEANS;
	g[1].exact = true;
	g[2].source = DENSITY_STUDENTIZED;
	g[3].source = DENSITY_T;
	for (size_t l = 0; l < 4; l++) {
		fig_input in = { &f.s, &f.a, langs[l] };
		fig_pen p = { .in = &in, .res = &res };
		char *cap[4], *mixed, *none;

		for (size_t k = 0; k < 4; k++) {
			cap[k] = forest_ridge_caption(&p, &g[k], 2000);
			ok = ok && cap[k] && strstr(cap[k], not_boots[l]);
		}
		ok = ok && has_2000(cap[0]) && !has_2000(cap[1]);
		for (size_t a = 0; a < 4; a++)
			for (size_t b = a + 1; b < 4; b++)
				ok = ok && strcmp(cap[a], cap[b]) != 0;
		mixed = forest_ridge_caption2(&p, &g[0], 2000, &g[3], 2000);
		ok = ok && mixed && has_2000(mixed) && strlen(mixed)
			> strlen(cap[0]) + 20;
		/* what is shaded is said once, then each build's shape */
		ok = ok && mixed && count_of(mixed, shaded[l]) == 1
		     && strstr(mixed, builds[l][0]) && strstr(mixed, builds[l][1])
		     && strstr(mixed, not_boots[l]);
		if (l == 0)
			ok = ok && mixed && strcmp(mixed, "Shaded behind each "
				"interval: for the old build, the distribution "
				"of the 2000 resampled mean differences that "
				"the interval is read from; for the new build, "
				"the Student t density that the t interval "
				"stands for, not resampled. Each shape is scaled "
				"to the same height. It shows how uncertain the "
				"mean difference is, not how single boots "
				"spread.") == 0;
		g_free(mixed);
		mixed = forest_ridge_caption2(&p, &g[0], 2000, &g[0], 2000);
		ok = ok && mixed && strcmp(mixed, cap[0]) == 0;
		g_free(mixed);
		none = forest_ridge_caption(&p, &(density_grid){ 0 }, 2000);
		ok = ok && !none && p.status == PB_OK;
		if (!ok)
			tap_diag("%s: %s", langs[l], cap[0] ? cap[0] : "(null)");
		for (size_t k = 0; k < 4; k++)
			g_free(cap[k]);
	}
	tap_ok(ok, "ridge captions: one for each kind of density in every "
	       "language, each saying it is not the spread of boots; two "
	       "builds of different kinds get both");
}

/* The interval figure at its edges: no comparisons, huge, zero-width and
 * undefined intervals, long labels, values no axis can hold, text the
 * fonts cannot show; one list of cases, each drawn and freed on its own. */
static void test_interval_edges(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;

	/* No comparisons: a message box instead. */
	fake_init(&f, 0);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK && r->empty && r->height > 50,
	       "interval: no comparisons gives a message figure");
	image_free(&im);

	/* A huge interval beside a normal one: the axis stays near 0, the
	 * band and the estimates (core [-1, 2], width 3, so at most
	 * [-5.5, 6.5] plus a step), and the huge one is cut. */
	fake_init(&f, 2);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	set_ci(&f, 1, 1.0, true, -1e6, 1e6);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK, "interval: a huge interval draws");
	tap_ok(r->axis.lo >= -5.5 - r->axis.step
	       && r->axis.hi <= 6.5 + r->axis.step,
	       "interval: a huge interval does not stretch the axis "
	       "(%g..%g)", r->axis.lo, r->axis.hi);
	tap_ok(r->n_clipped == 1, "interval: the huge interval is cut");
	colour_ok(&im, r->x1 - 3, r->marks[1].y, blue,
		  "interval: the cut whisker runs to the end of the axis");
	tap_ok(marks_inside(r), "interval: markers inside the plot");
	image_free(&im);

	/* A zero-width interval: the marker and its caps. */
	fake_init(&f, 1);
	set_ci(&f, 0, 2.0, true, 2.0, 2.0);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK && r->n_marks == 1 && r->n_clipped == 0,
	       "interval: a zero-width interval draws");
	colour_ok(&im, x_of(r, 2.0), r->marks[0].y, blue,
		  "interval: zero-width: the marker is at its value");
	image_free(&im);

	/* An undefined interval: the marker alone; no estimate: nothing. */
	fake_init(&f, 2);
	set_ci(&f, 0, 2.0, false, NAN, NAN);
	set_ci(&f, 1, NAN, false, NAN, NAN);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK && r->n_marks == 1 && r->n_clipped == 0,
	       "interval: undefined intervals draw the estimate only");
	image_free(&im);

	/* Very long labels: a 3000-character series label (one word) and
	 * unit; they are cut or wrapped, and the plot keeps its room. */
	{
		static char label[3001], unit[3001];
		memset(label, 'W', 3000);
		memset(unit, 'u', 3000);
		for (size_t i = 100; i < 3000; i += 100)
			unit[i] = ' ';
		fake_init(&f, 1);
		set_ci(&f, 0, 2.0, true, 1.0, 3.0);
		f.series[0].label = label;
		f.s.plan.unit = unit;
		draw(&im, FIG_INTERVAL, &f, "en");
		tap_ok(im.st == PB_OK, "interval: very long labels draw");
		tap_ok(r->x1 - r->x0 > 0.3 * STYLE_FIGURE_WIDTH
		       && r->x1 <= STYLE_FIGURE_WIDTH && r->height < 3000,
		       "interval: very long labels leave the plot its room");
		image_free(&im);
	}

	/* Values beyond what an axis can hold: a clear failure. */
	fake_init(&f, 2);
	set_ci(&f, 0, 1.7e308, false, NAN, NAN);
	set_ci(&f, 1, -1.7e308, false, NAN, NAN);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_DATAERR && strstr(r->message, "too large"),
	       "interval: values too large to draw are refused: %s",
	       r->message);
	image_free(&im);

	/* Text the pinned fonts cannot show (Tibetan KA, U+0F40). */
	fake_init(&f, 1);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	f.series[0].label = "Series \xe0\xbd\x80";
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_CANTCREAT && strstr(r->message, "Series"),
	       "interval: a glyph missing from the pinned fonts is an "
	       "error: %s", r->message);
	image_free(&im);

	/* An unknown language has no translations. */
	fake_init(&f, 1);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	draw(&im, FIG_INTERVAL, &f, "xx");
	tap_ok(im.st == PB_SOFTWARE && strstr(r->message, "translation"),
	       "interval: an unknown language fails: %s", r->message);
	image_free(&im);

	/* Higher is better: the better side is on the right; the figure
	 * draws the same geometry. */
	fake_init(&f, 1);
	f.s.plan.better = BETTER_HIGHER;
	set_ci(&f, 0, -2.0, true, -3.0, -1.0);
	draw(&im, FIG_INTERVAL, &f, "en");
	tap_ok(im.st == PB_OK && fabs(r->marks[0].x - x_of(r, -2.0)) < 1e-9,
	       "interval: higher-is-better draws");
	image_free(&im);
}

static void test_languages(void)
{
	static const char *const langs[] = { "en", "de", "cs", "ko" };
	for (size_t l = 0; l < 4; l++) {
		for (int k = 0; k < FIG_KINDS; k++) {
			fake f;
			image im;
			fake_init(&f, 2);
			set_ci(&f, 0, 2.0, true, 1.0, 3.0);
			set_ci(&f, 1, 5.0, true, 4.0, 6.0);
			fake_runs(&f);
			fake_mech(&f);
			draw(&im, (fig_kind)k, &f, langs[l]);
			tap_ok(im.st == PB_OK && !im.res.empty,
			       "%s figure in %s: every word "
			       "translated and drawn in the pinned fonts %s",
			       figkind_name((fig_kind)k), langs[l],
			       im.res.message);
			image_free(&im);
		}
	}
}

/* One-digit states are narrower than the heading of their column: the
 * column must take the heading's width, which differs by language ("state"
 * against "Zustand"), instead of cutting it to "Z...". */
static void test_state_heading(void)
{
	double x0[2] = { 0, 0 };
	static const char *const langs[2] = { "en", "de" };

	for (int l = 0; l < 2; l++) {
		fake f;
		image im;
		fake_init(&f, 1);
		f.states[0] = num_state(2);
		f.states[1] = num_state(1);
		f.states[2] = num_state(3);
		f.s.plan.reference = num_state(2);
		set_ci(&f, 0, 2.0, true, 1.0, 3.0);
		draw(&im, FIG_INTERVAL, &f, langs[l]);
		x0[l] = im.st == PB_OK ? im.res.x0 : 0;
		image_free(&im);
	}
	tap_ok(x0[0] > 0 && x0[1] > x0[0] + 5,
	       "interval: the state column fits its heading (en %.1f, de "
	       "%.1f points)", x0[0], x0[1]);
}

/* ------------------------------------------------------- per-boot plot */

static void test_boots(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;

	fake_init(&f, 1);
	set_ci(&f, 0, 5.0, true, 5.0, 5.0);
	fake_runs(&f);
	draw(&im, FIG_BOOTS, &f, "en");
	tap_ok(im.st == PB_OK, "boots: draws (%s)", r->message);
	/* Values 10..17 in 5 steps: 7 / 5 = 1.4 -> 2; 10..18. */
	tap_ok(fabs(r->axis.lo - 10) < 1e-12 && fabs(r->axis.hi - 18) < 1e-12
	       && fabs(r->axis.step - 2) < 1e-12,
	       "boots: the y axis is 10..18 by 2");
	tap_ok(r->n_marks == 4, "boots: every accepted run, and only those, "
	       "is drawn (%zu)", r->n_marks);
	/* Marks: the reference strip first (runs 0, 2), then the state's
	 * (runs 1, 3). */
	tap_near(r->marks[0].y, y_of(r, 10), 1e-9, "boots: run at 10");
	tap_near(r->marks[3].y, y_of(r, 17), 1e-9, "boots: run at 17");
	tap_near(r->marks[0].x - r->marks[1].x, r->marks[2].x - r->marks[3].x,
		 1e-9, "boots: a block has the same jitter in both strips");
	tap_ok(marks_inside(r), "boots: points inside the plot area");
	colour_ok(&im, r->marks[2].x, r->marks[2].y, blue,
		  "boots: a compared run has the series colour");
	colour_ok(&im, r->marks[0].x, r->marks[0].y, white,
		  "boots: a reference run is a hollow circle");
	image_free(&im);
}

/* A == B, bit for bit (-Wfloat-equal forbids ==). */
static bool same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Drawn only to be measured, the per-boot figure keeps the height and the
 * geometry of the whole drawing but leaves its marks out: where the whole
 * drawing has a compared run's marker, a reference run's ring and the line
 * between the two, the measured one is white. */
static void test_boots_measuring(void)
{
	fake f;
	image whole, measured;
	const fig_result *w = &whole.res, *m = &measured.res;
	double lx, ly, rx, ry;
	bool equal;

	fake_init(&f, 1);
	set_ci(&f, 0, 5.0, true, 5.0, 5.0);
	fake_runs(&f);
	draw_as(&whole, FIG_BOOTS, &f, "en", false);
	draw_as(&measured, FIG_BOOTS, &f, "en", true);
	tap_ok(whole.st == PB_OK && measured.st == PB_OK,
	       "boots, measured: draws (%s)", m->message);
	tap_ok(same(m->height, w->height) && same(m->y0, w->y0)
	       && same(m->y1, w->y1) && same(m->x0, w->x0)
	       && same(m->x1, w->x1),
	       "boots, measured: the height and the plot area of the whole "
	       "drawing (%.3f, %.3f)", m->height, w->height);
	equal = m->n_marks == w->n_marks && w->n_marks == 4;
	for (size_t i = 0; equal && i < w->n_marks; i++)
		equal = same(m->marks[i].x, w->marks[i].x)
			&& same(m->marks[i].y, w->marks[i].y);
	tap_ok(equal, "boots, measured: the same mark positions (%zu)",
	       m->n_marks);
	colour_ok(&whole, w->marks[2].x, w->marks[2].y, blue,
		  "boots, whole: a compared run's marker");
	colour_ok(&measured, w->marks[2].x, w->marks[2].y, white,
		  "boots, measured: no marker");
	/* The ring of a reference run: its outline, at the radius, differs
	 * from its centre unless it is left out (the run at 10 lies on the
	 * axis line, so neither need be white). */
	rx = w->marks[0].x + 2.0;
	ry = w->marks[0].y;
	tap_ok(!near_colour(pixel(&whole, rx, ry),
			    pixel(&whole, w->marks[0].x, ry), 0.1),
	       "boots, whole: a reference run's ring");
	tap_ok(near_colour(pixel(&measured, rx, ry),
			   pixel(&measured, w->marks[0].x, ry), 0.03),
	       "boots, measured: no ring");
	/* Halfway along the line of the first block (marks 0 and 2: the
	 * reference strip comes first), away from both ends. */
	lx = (w->marks[0].x + w->marks[2].x) / 2;
	ly = (w->marks[0].y + w->marks[2].y) / 2;
	tap_ok(!near_colour(pixel(&whole, lx, ly), white, 0.03),
	       "boots, whole: the line joining a block's runs");
	colour_ok(&measured, lx, ly, white, "boots, measured: no line");
	image_free(&whole);
	image_free(&measured);
}

/* A state's name too long for its column under the axis wraps at its
 * blanks instead of being cut, and the figure grows to hold it.  With one
 * comparison the name may take 0.4 of the plot's width, under 190 of the
 * figure's 480 points; the name below takes about 330 points in the bold
 * 9.5 pt face, so it needs two lines, about 23 points, where a one-line
 * name fits the room of two lines of tick labels (about 19): a cut name
 * would leave the height as it is. */
static void test_boots_long_name(void)
{
	double height[2] = { 0, 0 };

	for (int k = 0; k < 2; k++) {
		fake f;
		image im;

		fake_init(&f, 1);
		set_ci(&f, 0, 5.0, true, 5.0, 5.0);
		fake_runs(&f);
		if (k == 1) {
			f.states[1] = pb_state_name("Ultimate Performance "
						    "with every processor "
						    "idle state disabled");
			for (size_t i = 0; i < 8; i++)
				if (!f.runs[i].state.named
				    && f.runs[i].state.value == 10)
					f.runs[i].state = f.states[1];
		}
		draw(&im, FIG_BOOTS, &f, "en");
		height[k] = im.st == PB_OK ? im.res.height : 0;
		image_free(&im);
	}
	tap_ok(height[0] > 0 && height[1] > height[0] + 2,
	       "boots: a long state name wraps under the axis (%.1f -> %.1f "
	       "points)", height[0], height[1]);
}

/* ---------------------------------------------------- mechanism figure */

/* ------------------------------------------------------------ the plan */

/* The least white, in points, between a plot's top tick label and the
 * heading above it: at 640 pixels a figure (a wiki's width) 3 points are
 * 4 pixels. */
#define HEAD_CLEAR 3.0

/* Draws the plan figure of F's two comparisons in LANG: curves at 5, 10
 * and 20 blocks, the first reaching 0.8 at 10. */
static void draw_plan(image *im, const fake *f, const char *lang,
		      planning_row *rows)
{
	planning_result r;
	fig_plan_input in;
	cairo_t *cr;

	memset(&r, 0, sizeof r);
	memset(rows, 0, 2 * sizeof *rows);
	for (size_t i = 0; i < 2; i++) {
		rows[i].comparison = i;
		rows[i].curve.n = 3;
		rows[i].curve.blocks[0] = 5;
		rows[i].curve.blocks[1] = 10;
		rows[i].curve.blocks[2] = 20;
		rows[i].curve.value[0] = 0.5;
		rows[i].curve.value[1] = i ? 0.6 : 0.9;
		rows[i].curve.value[2] = 1.0;
		rows[i].need[0].reason = i ? PLANNING_NOT_REACHABLE
					   : PLANNING_FOUND;
		rows[i].need[0].blocks_needed = 10;
	}
	r.rows = rows;
	r.n_rows = 2;
	r.targets[0] = 0.8;
	r.targets[1] = 0.9;
	r.n_targets = 2;
	r.max_blocks = 20;
	in.in = (fig_input){ &f->s, &f->a, lang };
	in.plan = &r;
	memset(&im->res, 0, sizeof im->res);
	im->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						 (int)(STYLE_FIGURE_WIDTH * S),
						 (int)(300 * S));
	cr = cairo_create(im->surface);
	cairo_scale(cr, S, S);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	im->st = fig_plan_draw(cr, &in, STYLE_FIGURE_WIDTH, &im->res);
	cairo_destroy(cr);
	cairo_surface_flush(im->surface);
}

static void test_plan(void)
{
	static const char *const langs[] = { "en", "de", "cs", "ko" };
	fake *f = calloc(1, sizeof *f);
	planning_row rows[2];

	fake_init(f, 2);
	for (size_t l = 0; l < 4; l++) {
		image im;
		double gap;

		draw_plan(&im, f, langs[l], rows);
		tap_ok(im.st == PB_OK && im.res.has_axis,
		       "plan %s: draws (%s)", langs[l], im.res.message);
		gap = top_tick_gap(&im);
		tap_ok(gap >= HEAD_CLEAR, "plan %s: the top tick label stands "
		       "clear of the panel's heading (%.2f points between "
		       "them)", langs[l], gap);
		tap_ok(im.res.n_marks == 1, "plan %s: one size marked",
		       langs[l]);
		image_free(&im);
	}
	free(f);
}

/* The per-boot, paired and mechanism figures in every language: the top
 * tick's label of the first plot stands clear of the heading above it
 * (the mechanism figure's was 2.75 points from the state's line in
 * German, the plan's 0.75 in Korean). */
static void test_heading_gaps(void)
{
	static const char *const langs[] = { "en", "de", "cs", "ko" };
	fake *f = calloc(1, sizeof *f);

	fake_init(f, 1);
	fake_runs(f);
	set_ci(f, 0, 5.0, true, 4.0, 6.0);
	set_ridge(f, 0, 4.0, 6.0);
	fake_mech(f);
	for (size_t l = 0; l < 4; l++) {
		image im;
		double gap;

		draw(&im, FIG_BOOTS, f, langs[l]);
		gap = top_tick_gap(&im);
		tap_ok(im.st == PB_OK && gap >= HEAD_CLEAR, "boots %s: the top "
		       "tick label stands clear of the series' heading (%.2f "
		       "points)", langs[l], gap);
		image_free(&im);
		draw_paired(&im, f, 1, langs[l]);
		gap = top_tick_gap(&im);
		tap_ok(im.st == PB_OK && gap >= HEAD_CLEAR, "paired %s: the top "
		       "tick label stands clear of the series' heading (%.2f "
		       "points)", langs[l], gap);
		image_free(&im);
		draw(&im, FIG_MECHANISM, f, langs[l]);
		gap = top_tick_gap(&im);
		tap_ok(im.st == PB_OK && gap >= HEAD_CLEAR, "mechanism %s: the "
		       "top tick label stands clear of the state's heading "
		       "(%.2f points)", langs[l], gap);
		image_free(&im);
	}
	free(f);
}

static void test_mechanism(void)
{
	fake f;
	image im;
	const fig_result *r = &im.res;

	fake_init(&f, 0);
	draw(&im, FIG_MECHANISM, &f, "en");
	tap_ok(im.st == PB_OK && r->empty,
	       "mechanism: no mechanism boots gives a message figure");
	image_free(&im);

	fake_mech(&f);
	draw(&im, FIG_MECHANISM, &f, "en");
	tap_ok(im.st == PB_OK && !r->empty, "mechanism: draws (%s)",
	       r->message);
	/* 0..18 in 4 steps: 4.5 -> 5; 0..20. */
	tap_ok(fabs(r->axis.lo) < 1e-12 && fabs(r->axis.hi - 20) < 1e-12,
	       "mechanism: the y axis is 0..20");
	tap_ok(r->n_marks == 6, "mechanism: three phases of two priorities");
	/* Win32 is drawn 0.8 pt above its value and ETW 0.8 pt below, so
	 * equal values stay apart. */
	tap_near(r->marks[1].y, y_of(r, 10) - 0.8, 1e-9,
		 "mechanism: Win32 after registration at 10");
	tap_near(r->marks[4].y, y_of(r, 18) + 0.8, 1e-9,
		 "mechanism: ETW after registration at 18");
	tap_ok(marks_inside(r), "mechanism: markers inside the panel");
	colour_ok(&im, r->marks[1].x, r->marks[1].y, blue,
		  "mechanism: Win32 in blue");
	colour_ok(&im, r->marks[4].x, r->marks[4].y, vermillion,
		  "mechanism: ETW in vermillion");
	image_free(&im);
}

/* ----------------------------------------------------------- the PDF */

static void test_mdplain(void)
{
	static const struct {
		const char *in, *want;
	} cells[] = {
		{ "B \\| C", "B | C" },           /* an escaped pipe */
		{ "`x \\| y`", "x | y" },         /* ... even in a code span */
		{ "  `0` \t", "0" },              /* blanks around the cell */
		{ "a \\\\ b", "a \\ b" },        /* an escaped backslash */
		{ "", "" },
	};
	static const char in[] = "a\\*b `c` ``d`e`` \\q `open";
	char *s = mdplain_inline(in, strlen(in));

	tap_streq(s, "a*b c d`e \\q `open",
		  "mdplain: escapes and code spans to plain text");
	g_free(s);
	s = mdplain_inline("` a `` b ` x", 12);
	tap_streq(s, "a `` b x",
		  "mdplain: one space each side of a span is padding");
	g_free(s);
	s = mdplain_inline("`  ` x", 6);
	tap_streq(s, "   x", "mdplain: a span of spaces keeps them");
	g_free(s);
	for (size_t i = 0; i < sizeof cells / sizeof *cells; i++) {
		s = mdplain_cell(cells[i].in);
		tap_streq(s, cells[i].want, "mdplain: a table cell");
		g_free(s);
	}
	s = mdplain_text("  \\# x  ", true);
	tap_streq(s, "# x", "mdplain: a heading's text without blanks around");
	g_free(s);
	s = mdplain_text(" \t- x ", false);
	tap_streq(s, "- x ", "mdplain: a paragraph keeps its trailing blank");
	g_free(s);
}

static void test_pdf_date(void)
{
	fake f;
	char buf[32];

	fake_init(&f, 0);
	f.runs[0].started = "2026-08-10T09:30:00+02:00";
	f.runs[1].started = "2026-08-11T17:45:00Z";
	f.runs[2].started = "not a time";
	f.runs[3].started = NULL;
	f.s.runs = f.runs;
	f.s.n_runs = 4;
	/* 2026-08-25T10:20:00Z: 56 years from 1970 with 14 leap days is
	 * 20454 days, 1 January to 25 August 2026 is 236 more: 20690 days
	 * = 1787616000 s, plus 10:20 (37200 s) = 1787653200. */
	tap_streq(pdf_report_date(&f.s, "1787653200", buf, sizeof buf),
		  "2026-08-25T10:20:00Z", "PDF date from SOURCE_DATE_EPOCH");
	tap_streq(pdf_report_date(&f.s, "0", buf, sizeof buf),
		  "1970-01-01T00:00:00Z", "SOURCE_DATE_EPOCH 0");
	tap_streq(pdf_report_date(&f.s, NULL, buf, sizeof buf),
		  "2026-08-11T17:45:00Z",
		  "PDF date from the latest start of a run");
	tap_streq(pdf_report_date(&f.s, "-5", buf, sizeof buf),
		  "2026-08-11T17:45:00Z", "a negative epoch is ignored");
	tap_streq(pdf_report_date(&f.s, "253402300800", buf, sizeof buf),
		  "2026-08-11T17:45:00Z", "an epoch after 9999 is ignored");
	tap_streq(pdf_report_date(&f.s, "1e9", buf, sizeof buf),
		  "2026-08-11T17:45:00Z", "a non-decimal epoch is ignored");
	/* 09:30+02:00 is 07:30Z and must win over 08:00Z. */
	f.runs[1].started = "2026-08-10T08:00:00Z";
	tap_streq(pdf_report_date(&f.s, "", buf, sizeof buf),
		  "2026-08-10T08:00:00Z", "time zones are honoured");
	f.s.n_runs = 0;
	tap_streq(pdf_report_date(&f.s, NULL, buf, sizeof buf), "",
		  "no dates at all: no date, not the epoch");
}

/* ------------------------------------------------ bytes and failures */

static void test_svg_normalize(void)
{
	static const char in[] = "<g id=\"surface17\"><use xlink:href="
				 "\"#surface17\"/><g id=\"surface3\" "
				 "class=\"mysurface5\"/>";
	GString *out = g_string_new(NULL);
	figfile_svg_normalize(in, strlen(in), out);
	tap_streq(out->str, "<g id=\"surface1\"><use xlink:href="
			    "\"#surface1\"/><g id=\"surface2\" "
			    "class=\"mysurface5\"/>",
		  "SVG ids renumbered in order of appearance");
	g_string_free(out, TRUE);
}

/* A series keeps its label, except the default "Series ID", which is the
 * language's word as the articles write it ("Serie 1", "시리즈 1"). */
static void test_series_name(void)
{
	static const struct {
		const char *lang, *want;
	} cases[] = {
		{ "en", "Series 1" }, { "de", "Serie 1" }, { "cs", "Série 1" },
		{ "ko", "시리즈 1" },
	};
	fake f;
	fig_result res;

	fake_init(&f, 1);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		fig_input in = { &f.s, &f.a, cases[i].lang };
		fig_pen p = { .in = &in, .res = &res };
		char *def = fig_series_name(&p, &f.s.plan, 0);
		char *own = fig_series_name(&p, &f.s.plan, 1);

		tap_ok(strcmp(def, cases[i].want) == 0
		       && strcmp(own, "Mechanism") == 0 && p.status == PB_OK,
		       "%s: the default series label is '%s' (got '%s'), "
		       "another label stays", cases[i].lang, cases[i].want,
		       def);
		g_free(def);
		g_free(own);
	}
}

/* A cairo writer that is always out of memory. */
static cairo_status_t no_memory_write(void *closure, const unsigned char *data,
				      unsigned int length)
{
	(void)closure;
	(void)data;
	(void)length;
	return CAIRO_STATUS_NO_MEMORY;
}

static void test_bytes(void)
{
	fake f;
	fig_input in = { &f.s, &f.a, "en" };
	char msg[400];
	sink a, b;
	testlib_failing full = { 0, 0 }, part = { 2000, 0 };

	fake_init(&f, 2);
	set_ci(&f, 0, 2.0, true, 1.0, 3.0);
	set_ci(&f, 1, 5.0, true, 4.0, 6.0);
	for (unsigned fmt = FIG_SVG; fmt <= FIG_PNG; fmt *= 2) {
		const char *name = fmt == FIG_SVG ? "SVG" : "PNG";
		sink_init_buffer(&a);
		sink_init_buffer(&b);
		tap_ok(figures_render(FIG_INTERVAL, fmt, &in, sink_write, &a,
				      msg, sizeof msg) == PB_OK
		       && figures_render(FIG_INTERVAL, fmt, &in, sink_write,
					 &b, msg, sizeof msg) == PB_OK,
		       "%s rendered twice", name);
		tap_ok(a.len > 1000 && a.len == b.len
		       && memcmp(a.data, b.data, a.len) == 0,
		       "%s: the two renderings are byte-identical", name);
		sink_free(&a);
		sink_free(&b);
		full.written = part.written = 0;
		tap_ok(figures_render(FIG_INTERVAL, fmt, &in, testlib_fail_write,
				      &full, msg, sizeof msg) == PB_IOERR,
		       "%s: writing to a full device fails: %s", name, msg);
		tap_ok(figures_render(FIG_INTERVAL, fmt, &in, testlib_fail_write,
				      &part, msg, sizeof msg) == PB_IOERR,
		       "%s: a write failing part way fails: %s", name, msg);
	}
	tap_ok(figures_render(FIG_INTERVAL, FIG_PDF, &in, testlib_fail_write, &full,
			      msg, sizeof msg) == PB_SOFTWARE,
	       "figures_render refuses a format it does not make");
	for (unsigned fmt = FIG_SVG; fmt <= FIG_PNG; fmt *= 2)
		tap_ok(figures_render(FIG_INTERVAL, fmt, &in, no_memory_write,
				      NULL, msg, sizeof msg) == PB_NOMEM,
		       "%s: a writer out of memory is out of memory: %s",
		       fmt == FIG_SVG ? "SVG" : "PNG", msg);
}

/* A sink writing into another: the failure of the one below is kept, out
 * of memory as such. */
static void test_sink_chain(void)
{
	sink k;

	sink_init_stream(&k, no_memory_write, NULL);
	tap_ok(sink_write(&k, (const unsigned char *)"x", 1)
	       == CAIRO_STATUS_NO_MEMORY && sink_failed(&k) && k.nomem,
	       "sink: out of memory below is out of memory");
	tap_ok(sink_write(&k, (const unsigned char *)"x", 1)
	       == CAIRO_STATUS_WRITE_ERROR,
	       "sink: nothing is written after a failure");
	sink_init_stream(&k, testlib_fail_write,
			 &(testlib_failing){ 0, 0 });
	tap_ok(sink_write(&k, (const unsigned char *)"x", 1)
	       == CAIRO_STATUS_WRITE_ERROR && sink_failed(&k) && !k.nomem,
	       "sink: a write error below is a write error");
}

/* Whether the bytes of K hold TEXT (a PDF has NUL bytes, so no strstr). */
static bool contains(const sink *k, const char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; k->data && i + n <= k->len; i++)
		if (memcmp(k->data + i, text, n) == 0)
			return true;
	return false;
}

/* The PDF of a bundled study: twice the same bytes, the date pinned, and
 * failed writes reported. */
static void test_pdf(void)
{
	const char *top = getenv("top_srcdir");
	char *dir = g_strdup_printf("%s/fixtures/netthrottle",
				    top ? top : ".");
	diag *d = diag_new(NULL, 0);
	study *s = NULL;
	analysis *an = NULL;
	char msg[400];
	sink a, b;
	testlib_failing full = { 0, 0 }, part = { 20000, 0 };

	if (study_read(dir, d, &s) != PB_OK || analysis_run(s, d, &an)
	    != PB_OK) {
		tap_ok(false, "the netthrottle study reads (%s)", dir);
		g_free(dir);
		diag_free(d);
		return;
	}
	sink_init_buffer(&a);
	sink_init_buffer(&b);
	/* Once from a page made for it, once from the page the report
	 * made for its Markdown file. */
	pagedoc *page = pagedoc_new();
	tap_ok(markdown_render_doc(s, an, "en", page) == PB_OK,
	       "the page is made once");
	tap_ok(pdf_report_render(s, an, "en", NULL, "1787653200", sink_write,
				 &a, msg, sizeof msg) == PB_OK
	       && pdf_report_render(s, an, "en", page, "1787653200",
				    sink_write, &b, msg, sizeof msg) == PB_OK,
	       "PDF rendered twice (%s)", msg);
	tap_ok(a.len > 5000 && a.len == b.len
	       && memcmp(a.data, b.data, a.len) == 0 && a.data
	       && memcmp(a.data, "%PDF-", 5) == 0,
	       "PDF: the two renderings are byte-identical");
	pagedoc_free(page);
	/* cairo 1.16 writes the date without "D:" (see pdf_report.h). */
	tap_ok(contains(&a, "/CreationDate (20260825102000Z)"),
	       "PDF: the creation date is SOURCE_DATE_EPOCH's");
	sink_free(&a);
	sink_free(&b);
	tap_ok(pdf_report_render(s, an, "en", NULL, NULL, testlib_fail_write,
				 &full, msg, sizeof msg) == PB_IOERR,
	       "PDF to a full device fails: %s", msg);
	tap_ok(pdf_report_render(s, an, "en", NULL, NULL, testlib_fail_write,
				 &part, msg, sizeof msg) == PB_IOERR,
	       "PDF write failing part way fails: %s", msg);
	tap_ok(pdf_report_render(s, an, "xx", NULL, NULL, testlib_fail_write,
				 &part, msg, sizeof msg) == PB_SOFTWARE,
	       "PDF in an unknown language is refused");
	tap_ok(pdf_report_render(s, an, "en", NULL, NULL, no_memory_write,
				 NULL, msg, sizeof msg) == PB_NOMEM
	       && strcmp(msg, "cannot write the PDF: out of memory") == 0,
	       "PDF to a writer out of memory: %s", msg);
	analysis_free(an);
	study_free(s);
	diag_free(d);
	g_free(dir);
}

static void test_versions(void)
{
	diag *d = diag_new(NULL, 0);
	json_t *v = NULL;
	pb_status st = figures_versions_json(d, &v);
	json_t *fonts = v ? json_object_get(v, "fonts") : NULL;
	bool nanum = false, digests = true;

	tap_ok(st == PB_OK && v, "renderer versions are known");
	tap_streq(v ? json_string_value(json_object_get(v, "cairo")) : NULL,
		  cairo_version_string(), "versions: cairo");
	for (size_t i = 0; fonts && i < json_array_size(fonts); i++) {
		json_t *f = json_array_get(fonts, i);
		const char *fam = json_string_value(
			json_object_get(f, "family"));
		const char *sha = json_string_value(
			json_object_get(f, "sha256"));
		const char *path = json_string_value(
			json_object_get(f, "path"));
		nanum |= fam && strcmp(fam, "NanumGothic") == 0;
		digests &= sha && strlen(sha) == 64 && path && path[0] == '/';
	}
	tap_ok(fonts && json_array_size(fonts) == 4 && nanum && digests,
	       "versions: four font files with paths and SHA-256");
	json_decref(v);
	diag_free(d);
}

/* style_fonts_cover: the figures' own test of the pinned fonts, asked
 * before drawing.  Korean is NanumGothic's, Czech carons DejaVu Sans';
 * neither has U+1F680 (a rocket) nor U+0F40 (Tibetan KA). */
static void test_fonts_cover(void)
{
	const char *fine[] = { "Power plan", NULL, "", "전원 계획",
			       "Doba spuštění: řešení", "Größe — 5 µs" };
	const char *rocket[] = { "ok", "a \xf0\x9f\x9a\x80 b", "\xe0\xbd\x80" };
	const char *tibetan[] = { "čas", "x\xe0\xbd\x80" };
	style_coverage bad;

	tap_ok(style_fonts_cover(fine, 6, &bad) == PB_OK && bad.text == 6,
	       "fonts cover: English, Korean, Czech and German are drawn");
	tap_ok(style_fonts_cover(rocket, 3, &bad) == PB_OK && bad.text == 1
	       && bad.offset == 2 && bad.codepoint == 0x1F680,
	       "fonts cover: the first text lacking a glyph, at its byte and "
	       "code point (U+1F680)");
	tap_ok(style_fonts_cover(tibetan, 2, &bad) == PB_OK && bad.text == 1
	       && bad.offset == 1 && bad.codepoint == 0x0F40,
	       "fonts cover: a Tibetan letter is named (U+0F40)");
	tap_ok(style_fonts_cover(NULL, 0, &bad) == PB_OK && bad.text == 0,
	       "fonts cover: no text, nothing lacks");
}

/* style_contrast against values worked out by hand from WCAG 2.1's
 * formula, and style_mark_colour: every series colour of the palette
 * (its 7 colours, then again) reaches 3:1 against white and the band,
 * those that already do (blue, vermillion, black) unchanged, the others
 * darkened no further than needed (below 3.2:1 against the band). */
static void test_mark_contrast(void)
{
	const style_rgb black = { 0, 0, 0 };
	const style_rgb oi_blue = { 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0 };
	bool legible = true, close = true, kept = true;

	tap_ok(fabs(style_contrast(black, style_white) - 21.0) < 1e-9
	       && fabs(style_contrast(style_white, black) - 21.0) < 1e-9
	       && fabs(style_contrast(oi_blue, oi_blue) - 1.0) < 1e-12,
	       "contrast: black on white 21:1 either way, a colour on itself "
	       "1:1");
	/* Okabe-Ito blue: relative luminance 0.1523, so (1.05) / (0.2023). */
	tap_ok(fabs(style_contrast(oi_blue, style_white) - 5.19) < 0.01,
	       "contrast: Okabe-Ito blue on white 5.19:1 (got %.3f)",
	       style_contrast(oi_blue, style_white));
	for (size_t i = 0; i < 14; i++) {
		style_rgb c = style_series_colour(i);
		style_rgb m = style_mark_colour(c);
		double on_band = style_contrast(m, style_band);

		legible &= on_band >= STYLE_MARK_CONTRAST
			   && style_contrast(m, style_white)
			      >= STYLE_MARK_CONTRAST;
		if (style_contrast(c, style_band) >= STYLE_MARK_CONTRAST)
			kept &= memcmp(&m, &c, sizeof m) == 0;
		else
			close &= on_band < 3.2;
	}
	tap_ok(legible, "every series' mark colour has 3:1 against white and "
	       "the band");
	tap_ok(kept, "a colour with 3:1 already is kept as it is");
	tap_ok(close, "a lighter colour is darkened no further than needed");
}

int main(void)
{
	test_mark_contrast();
	test_fonts_cover();
	test_axis();
	test_jitter();
	test_interval_basic();
	test_interval_ridge();
	test_paired();
	test_paired_panel();
	test_paired_caption();
	test_svg_post();
	test_ridge_captions();
	test_interval_edges();
	test_languages();
	test_state_heading();
	test_boots();
	test_boots_measuring();
	test_boots_long_name();
	test_mechanism();
	test_plan();
	test_heading_gaps();
	test_mdplain();
	test_pdf_date();
	test_svg_normalize();
	test_series_name();
	test_bytes();
	test_sink_chain();
	test_pdf();
	test_versions();
	return tap_done();
}
