/* page_phrases.h: the English wording of each verdict, shared by the
 * study page, the build-comparison page and `pairboot verify`, so that
 * a page and the reader of a page use the very same msgids.
 *
 * The strings are msgids: callers translate them (render/i18n.h).  The
 * too-few-pairs wording has a plural form and one %zu, the minimum number
 * of pairs (VERDICT_MIN_PAIRS); every other wording is plain text. */
#ifndef PAIRBOOT_PAGE_PHRASES_H
#define PAIRBOOT_PAGE_PHRASES_H

#include <stdbool.h>

#include "analyze/verdict.h"

/* The msgid of verdict V as a conclusion; SYNTHETIC: the metric is a
 * synthetic proxy (harm and benefit say so).  *PLURAL is set to the
 * plural msgid when the wording counts pairs, else to NULL.  "?" for a
 * value outside the enum. */
const char *verdict_msgid(verdict v, bool synthetic, const char **plural);

/* The msgid that joins a conclusion and the list of each series' verdict
 * ("%s: %s"), and the one that names a series with its verdict
 * ("%s (%s)"), both in the msgctxt page_verdict_ctx ("conclusion"). */
extern const char page_verdict_ctx[];
extern const char page_verdict_with_series[];
extern const char page_verdict_series_item[];

/* True when the conclusion V across series is shown with each series'
 * verdict: when the series disagree or differ in direction, or when
 * SAME (every series has the same verdict) is false. */
bool page_verdict_list_series(verdict v, bool same);

#endif
