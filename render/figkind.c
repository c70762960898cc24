/* figkind.c: the figures a report has, and drawing one of them. */
#include "render/figkind.h"

#include <stdio.h>
#include <string.h>

#include "render/fig_boots.h"
#include "render/fig_interval.h"
#include "render/fig_mechanism.h"

const char *figures_name(fig_kind k)
{
	switch (k) {
	case FIG_INTERVAL:
		return "interval";
	case FIG_BOOTS:
		return "boots";
	case FIG_MECHANISM:
		return "mechanism";
	}
	return "unknown";
}

bool figures_has(fig_kind k, const study *s, const analysis *a)
{
	(void)s;
	switch (k) {
	case FIG_INTERVAL:
	case FIG_BOOTS:
		return a->n_cmp > 0 && a->n_states > 0;
	case FIG_MECHANISM:
		if (!a->summary)
			return false;
		for (size_t i = 0; i < a->summary->n_mech; i++)
			if (a->summary->mech[i].n_variants > 0)
				return true;
		return false;
	}
	return false;
}

pb_status figures_draw(fig_kind k, cairo_t *cr, const fig_input *in,
		       double width, fig_result *res)
{
	switch (k) {
	case FIG_INTERVAL:
		return fig_interval_draw(cr, in, width, res);
	case FIG_BOOTS:
		return fig_boots_draw(cr, in, width, res);
	case FIG_MECHANISM:
		return fig_mechanism_draw(cr, in, width, res);
	}
	memset(res, 0, sizeof *res);
	snprintf(res->message, sizeof res->message, "unknown figure %d",
		 (int)k);
	return PB_SOFTWARE;
}

pb_status figures_cairo_status(cairo_status_t cs)
{
	switch (cs) {
	case CAIRO_STATUS_SUCCESS:
		return PB_OK;
	case CAIRO_STATUS_NO_MEMORY:
		return PB_NOMEM;
	case CAIRO_STATUS_WRITE_ERROR:
		return PB_IOERR;
	default:
		return PB_CANTCREAT;
	}
}

pb_status figures_measure(fig_kind k, const fig_input *in, double width,
			  fig_result *res)
{
	cairo_surface_t *rec = cairo_recording_surface_create(
		CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	pb_status st = figures_cairo_status(cairo_status(cr));

	if (st == PB_OK)
		st = figures_draw(k, cr, in, width, res);
	else
		snprintf(res->message, sizeof res->message, "cairo: %s",
			 cairo_status_to_string(cairo_status(cr)));
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	return st;
}
