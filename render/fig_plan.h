/* fig_plan.h: the assurance curves of a plan (analyze/planning.h): one
 * small panel per comparison, the assurance of a correct decisive verdict
 * against the blocks per series, with a line at each target and the
 * blocks chosen for the first marked; for a sequential plan, the chance
 * of a correct decision against the maximum registered. */
#ifndef PAIRBOOT_FIG_PLAN_H
#define PAIRBOOT_FIG_PLAN_H

#include <cairo.h>

#include "analyze/planning.h"
#include "render/figpen.h"

typedef struct fig_plan_input {
	fig_input in;                 /* the study, its analysis, language */
	const planning_result *plan;  /* only read */
} fig_plan_input;

/* Draws the figure onto CR, WIDTH points wide (the figpen.h contract). */
pb_status fig_plan_draw(cairo_t *cr, const void *what, double width,
			fig_result *res);

#endif
