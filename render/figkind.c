/* figkind.c: the figures a report has, and drawing one of them. */
#include "render/figkind.h"

#include <stdio.h>
#include <string.h>

#include "render/fig_boots.h"
#include "render/fig_interval.h"
#include "render/fig_mechanism.h"
#include "render/figfile.h"

const char *figkind_name(fig_kind k)
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

bool figkind_has(fig_kind k, const study *s, const analysis *a)
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

pb_status figkind_draw(fig_kind k, cairo_t *cr, const fig_input *in,
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

pb_status figkind_draw_kind(cairo_t *cr, const void *what, double width,
			    fig_result *res)
{
	const fig_kind_input *ki = what;

	return figkind_draw(ki->k, cr, ki->in, width, res);
}

pb_status figkind_measure(fig_kind k, const fig_input *in, double width,
			  fig_result *res)
{
	const fig_kind_input ki = { k, in };
	const figfile_figure fig = { figkind_draw_kind, &ki };

	return figfile_measure(&fig, width, res);
}
