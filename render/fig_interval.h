/* fig_interval.h: the interval plot (a forest plot) of a study.
 *
 * One row per compared state, one marker and whisker per latency series
 * within it: the mean paired difference from the reference state and its
 * confidence interval by the pre-registered method.  A vertical line marks
 * 0, a shaded band the pre-registered threshold (-T, +T), the values are
 * printed beside each interval, and the x axis says which side is worse.
 *
 * The axis shows 0, the band and every estimate; an interval reaching much
 * further (more than 1.5 band-and-estimates widths beyond them) is cut at
 * the end of the axis with an arrowhead, and its printed values still give
 * the whole interval, so one huge interval cannot squash the others. */
#ifndef PAIRBOOT_FIG_INTERVAL_H
#define PAIRBOOT_FIG_INTERVAL_H

#include <cairo.h>

#include "common/status.h"
#include "render/figpen.h"

/* Draws the interval plot of IN onto CR (see render/figpen.h): WIDTH
 * points wide, height and geometry in *RES.  Without comparisons it draws
 * a titled message box instead.  Errors: see fig_pen_end(). */
pb_status fig_interval_draw(cairo_t *cr, const fig_input *in, double width,
			    fig_result *res);

#endif
