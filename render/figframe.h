/* figframe.h: pieces of a figure's frame that several figures share: a
 * legend laid out in lines, and the frame of a panel with a vertical value
 * axis (render/fig_boots.c, render/fig_mechanism.c). */
#ifndef PAIRBOOT_FIGFRAME_H
#define PAIRBOOT_FIGFRAME_H

#include <stddef.h>

#include "render/figpen.h"

/* A legend's items: item I's label (a new string, g_free) and its swatch,
 * SWATCH_W points long, drawn with its left end at X, centred on CY. */
typedef struct fig_legend {
	size_t n;
	double swatch_w;
	char *(*label)(fig_pen *p, size_t i, void *ctx);
	void (*swatch)(fig_pen *p, size_t i, double x, double cy, void *ctx);
	void *ctx;
} fig_legend;

/* Draws the items of L left to right from Y, wrapping at WIDTH; returns
 * the legend's height. */
double fig_legend_draw(fig_pen *p, const fig_legend *l, double y,
		       double width);

/* The frame of a panel whose value axis (P->res->axis) runs up from Y1 to
 * Y0: a grid line at each tick from X0 to X1, the left and bottom edges,
 * tick marks TICK_LEN points long (0: none) and the tick labels right
 * aligned LABEL_GAP points left of them. */
void fig_panel_frame(fig_pen *p, double x0, double x1, double y0, double y1,
		     double tick_len, double label_gap);

/* The width of the widest tick label of P->res->axis. */
double fig_tick_label_width(fig_pen *p);

#endif
