/* studytext.h: the study's own words (its title, platform, series names
 * and notes) as the page in one language shows them.
 *
 * study.ini gives each text in English (the plain key) and, where it wants,
 * in other languages (title[de]); a page shows its language's text and
 * falls back to the plain one.  A series without a label of its own is
 * named in the page's language: "Series ID" for a latency series (and for
 * any series of a format 1 study, as before), the name of its kind for the
 * others ("Mechanism check").  LANG may be NULL: English. */
#ifndef PAIRBOOT_STUDYTEXT_H
#define PAIRBOOT_STUDYTEXT_H

#include <stddef.h>

#include "ingest/study.h"

/* The title, the platform (NULL when none) and the note of series SD (NULL
 * when none) a page in LANG shows; borrowed from the plan. */
const char *studytext_title(const study_plan *p, const char *lang);
const char *studytext_platform(const study_plan *p, const char *lang);
const char *studytext_note(const series_def *sd, const char *lang);

/* What was measured, as study.ini's `metric` describes it in LANG (falling
 * back to the plain key); NULL when study.ini gives no `metric`.  The page
 * and the figures then name the statistic and the column with the msgid
 * "%s of %s per boot" in context "metric" ("`p99` of `latency_us` per
 * boot").  Borrowed from the plan. */
const char *studytext_metric(const study_plan *p, const char *lang);

/* TEXT as the start of a sentence, in GLib memory (g_free): its first
 * letter in upper case when its first word is all lower-case letters (a
 * study's metric opening a figure's title or alt text, "mean receive
 * throughput ..."); any other text as it is ("iPhone", "`p99`", Korean). */
char *studytext_sentence_start(const char *text);

/* The name of series K of P on a page in LANG, in GLib memory (g_free).
 * NULL when the catalog of LANG lacks the default name, which the build
 * rules out (render/i18n.h): the caller fails then. */
char *studytext_series_name(const study_plan *p, size_t k, const char *lang);

/* The same name as it stands after a preposition ("the effect in Series
 * 2"), which Czech declines ("efekt v sérii 2"); g_free, NULL as above. */
char *studytext_series_name_after(const study_plan *p, size_t k,
				  const char *lang);

/* The same name inside a sentence, where it does not open the sentence,
 * a list item or a table cell ("no joint claim: Series 1 (...)"), which
 * Czech writes in lower case ("série 1"); a study's own label and the
 * name of a kind stay as written.  g_free, NULL as above. */
char *studytext_series_name_inside(const study_plan *p, size_t k,
				   const char *lang);

#endif
