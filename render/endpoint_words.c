/* endpoint_words.c: the sentence that places a fragile endpoint beside its
 * boundary.  The messages are extracted by xgettext like the pages' own
 * (this file is in I18N_SRC, Makefile.am). */
#include "render/endpoint_words.h"

#include <math.h>
#include <string.h>

#include "render/i18n.h"

/* The side of the boundary the endpoint is on, as the words name it. */
typedef enum endpoint_side {
	SIDE_ON,
	SIDE_INSIDE,    /* nearer 0 than +T or -T */
	SIDE_OUTSIDE,   /* farther from 0 than +T or -T */
	SIDE_ABOVE,     /* of 0 */
	SIDE_BELOW
} endpoint_side;

static endpoint_side side_of(double boundary, double distance)
{
	if (!(distance < 0) && !(distance > 0))
		return SIDE_ON;
	if (!(boundary < 0) && !(boundary > 0))
		return distance > 0 ? SIDE_ABOVE : SIDE_BELOW;
	/* Inside: on the side of the boundary where 0 lies. */
	return (distance > 0) == (boundary < 0) ? SIDE_INSIDE : SIDE_OUTSIDE;
}

/* Named tr so that xgettext's --keyword=tr:2 finds the messages. */
static const char *tr(const char *lang, const char *msgid)
{
	return i18n_text(lang, msgid);
}

/* The printf format for LOWER at SIDE, translated into LANG (NULL when
 * missing): two %s (distance, boundary), or one (boundary) for SIDE_ON. */
static const char *where_format(const char *lang, bool lower,
				endpoint_side side)
{
	switch (side) {
	case SIDE_ON:
		return lower ? tr(lang, "the lower endpoint lies exactly on "
				  "the boundary %s")
			     : tr(lang, "the upper endpoint lies exactly on "
				  "the boundary %s");
	case SIDE_INSIDE:
		/* TRANSLATORS: inside: between -T and +T, nearer 0 than
		   the threshold; the first %s is the distance ("0.016 ms"),
		   the second the threshold ("-1.784 ms"). */
		return lower ? tr(lang, "the lower endpoint lies %s inside "
				  "the boundary %s")
			     : tr(lang, "the upper endpoint lies %s inside "
				  "the boundary %s");
	case SIDE_OUTSIDE:
		/* TRANSLATORS: outside: beyond the threshold, farther from
		   0; the first %s is the distance, the second the
		   threshold. */
		return lower ? tr(lang, "the lower endpoint lies %s outside "
				  "the boundary %s")
			     : tr(lang, "the upper endpoint lies %s outside "
				  "the boundary %s");
	case SIDE_ABOVE:
		/* TRANSLATORS: the first %s is the distance, the second
		   zero ("0.000 ms"). */
		return lower ? tr(lang, "the lower endpoint lies %s above %s")
			     : tr(lang, "the upper endpoint lies %s above %s");
	case SIDE_BELOW:
		return lower ? tr(lang, "the lower endpoint lies %s below %s")
			     : tr(lang, "the upper endpoint lies %s below %s");
	}
	return NULL;
}

const char *endpoint_words_where(mdpage *md, const char *which,
				 double boundary, double distance,
				 int decimals, const char *unit)
{
	endpoint_side side = side_of(boundary, distance);
	const char *format = where_format(md->lang,
					  strcmp(which, "lower") == 0, side);
	const char *d, *b;

	if (!format) {
		mdpage_fail(md, PB_SOFTWARE);
		return "?";
	}
	d = mdpage_qty(md, mdpage_beside(md, fabs(distance), decimals, 0,
					 false, false), unit);
	b = mdpage_qty(md, mdpage_fixed(md, boundary, decimals, true), unit);
	return side == SIDE_ON ? mdpage_fmt(md, format, b)
			       : mdpage_fmt(md, format, d, b);
}
