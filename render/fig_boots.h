/* fig_boots.h: the per-boot plot: every accepted run's statistic.
 *
 * One panel per latency series (never pooled), one column per compared
 * state.  A column holds two strips: the reference state's runs on the
 * left, the compared state's runs on the right, and each pair of runs from
 * one block joined by a thin line, so the paired differences the intervals
 * summarise can be seen boot by boot (a "slopegraph").  Runs whose block
 * lacks the other state stand alone.  Every accepted run is drawn, none
 * removed; the mean of each strip is marked with a bar.
 *
 * Points are spread sideways by a jitter that depends only on the block
 * number, so the picture is the same on every run and a block sits at the
 * same offset in every strip. */
#ifndef PAIRBOOT_FIG_BOOTS_H
#define PAIRBOOT_FIG_BOOTS_H

#include <cairo.h>

#include "common/status.h"
#include "render/figpen.h"

/* The sideways offset of block BLOCK within a strip, in [-0.5, 0.5): the
 * fractional part of BLOCK times the golden ratio, minus 0.5, which
 * spreads consecutive blocks evenly without a visible pattern. */
double fig_boots_jitter(unsigned long block);

/* Draws the per-boot plot of IN onto CR (see render/figpen.h): WIDTH
 * points wide, height and geometry (the first panel's) in *RES.  A study
 * without comparisons gets a titled message box.  Errors: see
 * fig_pen_end(). */
pb_status fig_boots_draw(cairo_t *cr, const fig_input *in, double width,
			 fig_result *res);

#endif
