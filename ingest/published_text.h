/* published_text.h: the settings and run counts a published page states in
 * its sentences, outside the tables.
 *
 * The renderer (render/markdown.c) writes the analysis settings as
 * sentences such as "Practical threshold: 1.784 ms, set in advance; lower
 * values are better." and one sentence per series on its runs ("Series 1:
 * 50 of 52 runs were accepted; excluded: pilot-1 (...), pilot-2 (...).").
 * They are recognised with the vocabulary's phrases (published.h), so a
 * page in any language is read with its own words:
 *
 *  - PUB_SETTING phrases state settings.  Their code lists, separated by
 *    spaces, what each "%s" (or "%zu") of the phrase holds, in the order of
 *    the arguments: "statistic", "method", "generator", "plan" (the plan
 *    digest) (a code such as `p99`; when the piece holds a code span, its
 *    content is taken, so "method `t` (Student t)" gives "t"), "threshold"
 *    (a number and the unit), "confidence" ("95%"), "resamples", "seed"
 *    (counts), or "-" (not a setting).  "ROLE=TEXT" says that the fixed
 *    TEXT of the phrase states ROLE (the generator "mt19937" is written
 *    into the sentence): it is read as a piece, so that a page edited to
 *    name another generator is seen.  "ROLE:VALUE" says that the phrase
 *    itself states VALUE ("better:lower", "resamples:exact",
 *    "registered:no").  A line may hold several such sentences one after
 *    another, separated by a space.
 *    A "pairs" piece (a small-sample note's pairs) is followed by a
 *    PUB_PAIRS_SCOPE sentence that says which comparisons it is about:
 *    every one with an interval, or those it names ("Series 1 `10`").
 *  - PUB_RUNS phrases say how a series' runs were accepted: code "all"
 *    (one count: every run accepted), "one" (no count: the single run was
 *    accepted), "two" (no count: both runs accepted), "some" (accepted, then total) or "none" (no runs).  The line is "NAME: PHRASE[; ...]", NAME being the
 *    series' name, as in the comparison table's header; a later part
 *    matching PUB_RUNS_EXCLUDED lists the excluded runs, "ID (reason), ...".
 *
 * A sentence that is not recognised is not an error: the page simply does
 * not state that setting, and nothing is invented for it. */
#ifndef PAIRBOOT_PUBLISHED_TEXT_H
#define PAIRBOOT_PUBLISHED_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/status.h"
#include "ingest/pubpage.h"

/* Reads LINE (LEN bytes, no newline), line LINENO of a page that is not a
 * table row, and adds the settings (P->settings) and run accounts
 * (P->accounts) it states.  A leading list marker ("- ", "* ") is skipped
 * and Markdown backslash escapes are undone.  Returns PB_OK whether or not
 * the line was recognised, or PB_NOMEM. */
pb_status pub_text_line(published *p, const pub_phrase *vocab, size_t n_vocab,
			const char *line, size_t len, size_t lineno);

/* Orders the N phrases of VOCAB by concept, each concept's phrases in
 * the order they came, and works out, once, what every line of a page
 * would otherwise redo for each of them (their LEAD).  PB_OK or PB_NOMEM
 * (then VOCAB is as it was). */
pb_status pub_phrases_prepare(pub_phrase *vocab, size_t n);

/* The phrases of VOCAB (N of them) worth trying for CONCEPT: those from
 * *FROM up to *TO, still to be told apart by their concept.  All of them
 * unless VOCAB was prepared. */
void pub_phrases_of(const pub_phrase *vocab, size_t n, pub_concept concept,
		    size_t *from, size_t *to);

/* Adds the confidence level S ("95%", as a comparison table's header
 * states it) at LINE:COL to P's settings.  PB_OK or PB_NOMEM. */
pb_status pub_text_confidence(published *p, const char *s, size_t line,
			      size_t col);

/* Adds a setting KIND to P: TEXT (copied) when not NULL, else the number
 * NUM.  KEY (static) says where a results.json states it, LINE and COL
 * where a page does.  PB_OK or PB_NOMEM. */
pb_status pub_setting_add(published *p, pub_setting_kind kind,
			  const char *text, const pub_num *num,
			  const char *key, size_t line, size_t col);

/* A state as a page writes it, into *OUT: a number or hex value (perhaps
 * in a code span), or the vocabulary's word for a missing value; in a
 * named-state PLAN, one of its names in a code span.  A state PLAN (may be
 * NULL) lists comes out as the plan's state, with its spelling. */
bool pub_state_text(const study_plan *plan, const pub_phrase *vocab,
		    size_t n_vocab, const char *s, pb_state *out);

/* The name of KIND as verify prints it: "threshold", "seed", ... */
const char *pub_setting_name(pub_setting_kind kind);

#endif
