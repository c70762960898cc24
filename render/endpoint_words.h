/* endpoint_words.h: where a seed-sensitive interval endpoint lies against
 * the boundary it could cross, in the words of both Markdown pages (the
 * study page and the build comparison), so that they say it alike.
 *
 * The boundary is 0, +T or -T.  Against +T or -T the endpoint lies inside
 * (between -T and +T, where equivalence is judged) or outside; against 0
 * it lies above or below; at either it may lie exactly on it.  The
 * distance is always printed as a magnitude: the words carry its side. */
#ifndef PAIRBOOT_ENDPOINT_WORDS_H
#define PAIRBOOT_ENDPOINT_WORDS_H

#include <stdbool.h>

#include <glib.h>

#include "common/status.h"
#include "render/mdpage.h"

/* Where the endpoint WHICH ("lower" or "upper") lies, DISTANCE (endpoint
 * minus boundary) from BOUNDARY, in the language of page MD: "the lower
 * endpoint lies 0.016 ms inside the boundary -1.784 ms".  Numbers get
 * DECIMALS (the threshold's), the distance more where it would print as
 * zero (mdpage_beside), and are written as the page writes every number
 * (its decimal mark, its number marks), each followed by UNIT (ready for
 * the page, escaped) as the page joins a quantity (mdpage_qty).  Returns
 * the page's string; when the catalog lacks the words or a number cannot
 * be formatted the page remembers the failure (mdpage_fail) and "?" is
 * returned. */
const char *endpoint_words_where(mdpage *md, const char *which,
				 double boundary, double distance,
				 int decimals, const char *unit);

#endif
