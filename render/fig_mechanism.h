/* fig_mechanism.h: what the mechanism-check boots showed, per state.
 *
 * One small panel per state of each mechanism series: the Win32 and the
 * ETW (scheduler) priority of the test thread before registration, after
 * it and after cleanup, drawn as step lines over the three phases, with
 * the registrations k/n and the service state above and the transitions
 * written out below ("0 -> 10 -> 0").  When boots of a state disagree,
 * each variant is drawn and labelled with its number of boots. */
#ifndef PAIRBOOT_FIG_MECHANISM_H
#define PAIRBOOT_FIG_MECHANISM_H

#include <cairo.h>

#include "common/status.h"
#include "render/figpen.h"

/* Draws the mechanism figure of IN onto CR (see render/figpen.h): WIDTH
 * points wide, height and geometry (the first panel's) in *RES.  A study
 * without mechanism boots gets a titled message box.  Errors: see
 * fig_pen_end(). */
pb_status fig_mechanism_draw(cairo_t *cr, const fig_input *in, double width,
			     fig_result *res);

#endif
