/* perfplot.c: draws the figure of docs/performance.md from the results
 * bench/run writes.
 *
 *     bench/perfplot RESULTS.tsv OUT.png
 *
 * One bar per target: how far the measured figure is from its target, as
 * the factor by which it beats it (target / measured for an upper bound,
 * measured / target for a lower bound), on a log scale, so that 1 is the
 * target line, bars to the right of it meet their target and bars to the
 * left miss it.  Each bar is labelled with the measured value and the
 * target.  Drawn with cairo's own text, which is all a chart of a few
 * words needs.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "common/status.h"

#define MAX_ROWS 32
#define WIDTH 900
#define ROW_H 34
#define LEFT 330
#define RIGHT 40
#define TOP 50
#define TARGET_TICK 2   /* ticks[2] is 1: the target */

typedef struct result {
	char name[96], unit[16];
	double value, target;
	int upper;             /* the target is an upper bound */
} result;

/* The factor by which R beats its target (> 1: met). */
static double factor(const result *r)
{
	if (r->upper)
		return r->value > 0.0 ? r->target / r->value : 1000.0;
	return r->target > 0.0 ? r->value / r->target : 1000.0;
}

static size_t read_results(const char *path, result *rows)
{
	FILE *f = fopen(path, "r");
	char line[256];
	size_t n = 0;

	if (!f)
		return 0;
	while (n < MAX_ROWS && fgets(line, sizeof line, f)) {
		result *r = &rows[n];
		char side[8];

		if (sscanf(line, "%95[^\t]\t%lf\t%lf\t%15[^\t]\t%7s", r->name,
			   &r->value, &r->target, r->unit, side) != 5)
			continue;
		r->upper = strcmp(side, "max") == 0;
		n++;
	}
	fclose(f);
	return n;
}

/* x position of FACTOR on the log axis from 1/10 to 100. */
static double axis_x(double f)
{
	double lo = log10(0.1), hi = log10(100.0);
	double v = log10(f < 0.1 ? 0.1 : f > 100.0 ? 100.0 : f);

	return LEFT + (v - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT);
}

/* The title, the log-scale grid with its labels and the target line, for
 * N rows. */
static void draw_grid(cairo_t *cr, size_t n)
{
	static const double ticks[] = { 0.1, 0.3, 1, 3, 10, 30, 100 };

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 15);
	cairo_move_to(cr, 12, 24);
	cairo_show_text(cr, "pairboot against its performance targets "
			    "(factor by which each target is beaten, log scale)");

	cairo_set_font_size(cr, 11);
	for (size_t k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
		double x = axis_x(ticks[k]);
		bool target = k == TARGET_TICK;
		char label[16];

		cairo_set_source_rgb(cr, target ? 0.1 : 0.85,
				     target ? 0.1 : 0.85, target ? 0.1 : 0.85);
		cairo_set_line_width(cr, target ? 2 : 1);
		cairo_move_to(cr, x, TOP - 6);
		cairo_line_to(cr, x, TOP + n * ROW_H);
		cairo_stroke(cr);
		snprintf(label, sizeof label, "%gx", ticks[k]);
		cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		cairo_move_to(cr, x - 10, TOP + n * ROW_H + 16);
		cairo_show_text(cr, label);
	}
	cairo_move_to(cr, axis_x(1) + 6, TOP + n * ROW_H + 34);
	cairo_show_text(cr, "target -> met to the right");
}

/* Row I: a bar from the target to the factor R beats it by, green when
 * met, with its name and numbers. */
static void draw_row(cairo_t *cr, const result *r, size_t i)
{
	double f = factor(r), y = TOP + (double)i * ROW_H + 6;
	double x0 = axis_x(1), x1 = axis_x(f);
	char text[160];

	if (f >= 1)
		cairo_set_source_rgb(cr, 0.25, 0.55, 0.3);
	else
		cairo_set_source_rgb(cr, 0.8, 0.3, 0.25);
	cairo_rectangle(cr, x0 < x1 ? x0 : x1, y, fabs(x1 - x0), ROW_H - 12);
	cairo_fill(cr);

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 12);
	cairo_move_to(cr, 12, y + 12);
	cairo_show_text(cr, r->name);
	snprintf(text, sizeof text, "%.4g %s (target %s %g %s)", r->value,
		 r->unit, r->upper ? "<" : ">=", r->target, r->unit);
	cairo_set_font_size(cr, 10);
	cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
	cairo_move_to(cr, 12, y + 24);
	cairo_show_text(cr, text);
}

int main(int argc, char **argv)
{
	result rows[MAX_ROWS];
	size_t n;
	int height;
	cairo_surface_t *s;
	cairo_t *cr;

	if (argc != 3) {
		fprintf(stderr, "Usage: perfplot RESULTS.tsv OUT.png\n");
		return PB_USAGE;
	}
	n = read_results(argv[1], rows);
	if (n == 0) {
		fprintf(stderr, "perfplot: no results in %s\n", argv[1]);
		return PB_DATAERR;
	}
	height = TOP + (int)n * ROW_H + 50;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, WIDTH, height);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
			       CAIRO_FONT_WEIGHT_NORMAL);
	draw_grid(cr, n);
	for (size_t i = 0; i < n; i++)
		draw_row(cr, &rows[i], i);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (cairo_surface_write_to_png(s, argv[2]) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "perfplot: cannot write %s\n", argv[2]);
		cairo_surface_destroy(s);
		return PB_CANTCREAT;
	}
	cairo_surface_destroy(s);
	return PB_OK;
}
