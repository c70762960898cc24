/* builddiff_md.h: the comparison of two builds as a Markdown page, in one of
 * the published languages (English, German, Czech, Korean).
 *
 * The page holds what compare.json holds, for people: the settings the
 * intervals were drawn with and a warning when the two analysis plans
 * differ; the written values whose handling changed (and those tested in
 * one build only), the mechanism states that changed, each as a table of
 * old and new; the baseline per series pair; each state's effect change
 * per series pair with its verdict and each build's own conclusion; notes
 * on intervals another seed could move; the input and plan digests of
 * both studies; and, when asked for, the comparison's figure after the
 * effects.  Words come from render/i18n.h,
 * numbers from common/numtext.h with the old plan's threshold decimals,
 * study text through render/mdtext.h.  Same inputs, same bytes, whatever
 * the locale. */
#ifndef PAIRBOOT_BUILDDIFF_MD_H
#define PAIRBOOT_BUILDDIFF_MD_H

#include <glib.h>

#include "analyze/analysis.h"
#include "analyze/builddiff.h"
#include "common/status.h"
#include "ingest/study.h"

/* Appends the page of comparison C of OLD (OS, OA) and NEW (NS, NA) in
 * language LANG to OUT.  Everything given is only read.  Errors:
 * PB_SOFTWARE for an unknown language, a phrase without a translation or a
 * number that cannot be formatted; PB_NOMEM.  On error OUT is left as it
 * was.  (GLib aborts on out of memory inside GString.) */
pb_status builddiff_md_render(const study *os, const analysis *oa,
			    const study *ns, const analysis *na,
			    const builddiff_result *c, const char *lang,
			    GString *out);

/* builddiff_md_render with the comparison's figure (render/fig_builddiff.h)
 * after the table of effects, where the effects section stands, as
 * `![ALT](BASEcompare.<lang>.svg)`: BASE "" (beside the page) or an
 * address ending in '/', holding no blank, parenthesis or control
 * character.  The alt text, in LANG, is the figure's title and each
 * state's verdict in the words of the table.  FIGURE_BASE NULL: no
 * figure, as builddiff_md_render. */
pb_status builddiff_md_render_linked(const study *os, const analysis *oa,
				     const study *ns, const analysis *na,
				     const builddiff_result *c,
				     const char *lang,
				     const char *figure_base, GString *out);

#endif
