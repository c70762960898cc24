/* fig_paired.h: the paired figure of one state, in the manner of an
 * estimation plot (Gardner and Altman; DABEST's paired plots).
 *
 * One row per latency series (never pooled).  On the left, a slopegraph:
 * the reference state's run and the state's run of each block joined by a
 * line in the series' colour, the means of the paired runs marked with a
 * bar.  On the right, on an axis of the same scale whose 0 lies at the
 * reference mean, the mean paired difference: the distribution it is read
 * from (the density results.json carries, analyze/density.h) drawn
 * lightly, then over it the interval and the point estimate, with the
 * threshold band +-T and the 0 line behind them.  Runs whose block lacks
 * the other state are not drawn (the figure shows pairs only).
 *
 * The figure is drawn only on request (`report --figures paired`), one
 * file a state: paired-<stem>.<lang>.svg and .png, the stem from
 * fig_paired_stem, linked from the page after the per-boot figure
 * (render/markdown.c) and drawn there in the PDF report. */
#ifndef PAIRBOOT_FIG_PAIRED_H
#define PAIRBOOT_FIG_PAIRED_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "common/status.h"
#include "ingest/state.h"
#include "render/figpen.h"

/* Room for any stem fig_paired_stem writes: a state of up to
 * FIG_STATE_BUFSIZE bytes, each written as at most 3. */
#define FIG_PAIRED_STEM_SIZE (8 + 3 * FIG_STATE_BUFSIZE)

/* "paired-" and the state ST as the page writes it (pb_state_format),
 * each byte that is not an ASCII letter, digit, '-' or '.' written as '_'
 * and two upper-case hex digits ("High performance" ->
 * "paired-High_20performance"), into BUF (FIG_PAIRED_STEM_SIZE bytes),
 * which it returns: a file name and an address without escapes, one per
 * state. */
const char *fig_paired_stem(pb_state st, char *buf, size_t size);

/* Whether the difference panel gets an axis of its own, zoomed (as the
 * Gardner-Altman plots of DABEST do when the shared scale would squeeze
 * it): when the differences it must show, DIFF_LO to DIFF_HI (0, +-T, the
 * estimate, the interval and the density's drawn tails), span less than
 * half the runs' range RUNS_LO to RUNS_HI.  Otherwise its axis is the
 * runs' axis, its 0 at the reference mean, widened to the density's
 * tails so that no density is cut. */
bool fig_paired_zoom(double runs_lo, double runs_hi, double diff_lo,
		     double diff_hi);

/* What the paired figure shows: IN, and the state, an index into
 * in->s->plan.states (not the reference). */
typedef struct fig_paired_input {
	const fig_input *in;
	size_t state;
} fig_paired_input;

/* The paired figure's subtitle at confidence CONF (a percentage, as
 * written) by METHOD; ZOOMED: the difference axis has its own scale (it
 * then does not claim a 0 at the reference mean); UNPAIRED: it says runs
 * without their block's other state are not shown.  The caller frees it
 * with g_free(). */
char *fig_paired_subtitle(fig_pen *p, const char *conf, interval_method method,
			  bool zoomed, bool unpaired);

/* The paired figure's caption (a new string, g_free): what the shape
 * beside each interval is (G, of B Monte Carlo resamples; NULL or of
 * source DENSITY_NONE: none is drawn), that each is drawn to the same
 * width, that a BCa or expanded interval (METHOD) is read at adjusted
 * levels, what the dashed lines are, and, when ZOOMED, that the
 * difference axis has a scale of its own. */
char *fig_paired_caption(fig_pen *p, const density_grid *g,
			 unsigned long b, interval_method method, bool zoomed);

/* Draws the paired figure of WHAT (a fig_paired_input) onto CR (see
 * render/figpen.h; the figfile_draw_fn of render/figfile.h): WIDTH points
 * wide, its height and geometry in *RES: the first row's slopegraph as the
 * plot area (x0, y0, x1, y1, axis), its difference panel as the second
 * (px0, py0, px1, py1, the value of the axis where 0 lies as anchor), the
 * densities as shapes, the lines joining the runs of a block counted in
 * n_lines.  A state without comparisons gets a titled message box.
 * Errors: see fig_pen_end(). */
pb_status fig_paired_draw(cairo_t *cr, const void *what, double width,
			  fig_result *res);

#endif
