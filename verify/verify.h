/* verify.h: `pairboot verify`, one mechanism: a published file set
 * beside what pairboot writes from the study.
 *
 * A page is read as a reader sees it (ingest/pageview.h) and compared
 * with the page render/markdown.h writes, marked, in the language of the
 * four whose rendering shares the most units with it (verify/pagecmp.h).
 * A results.json is compared key by key with the tree
 * render/results_json.h builds (verify/jsoncmp.h).  Nothing else reads
 * what a page says: what the renderer does not write is not pairboot's. */
#ifndef PAIRBOOT_VERIFY_H
#define PAIRBOOT_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "analyze/analysis.h"
#include "common/status.h"
#include "ingest/pageview.h"
#include "ingest/study.h"
#include "render/site_index.h"
#include "verify/marks.h"
#include "verify/pagecmp.h"
#include "verify/vreport.h"

/* What a comparison found. */
typedef struct verify_outcome {
	vreport *report;        /* the items */
	char lang[8];           /* a page: its language; "" for a JSON */
	pagecmp_stats stats;    /* a page: what was read and judged */
	size_t hidden_results;  /* a page: units of pairboot's it hides from
				   readers (each a MISMATCH item) */
	pageview *page;         /* a page as read: its problems and what it
				   hides (owned) */
} verify_outcome;

void verify_outcome_free(verify_outcome *o);

/* Compares the page TEXT (LEN bytes) with the page of study S and its
 * analysis A under RULES (their threshold is S's).  What the page hides
 * from readers (an HTML comment) is not evidence; a result of pairboot's
 * kept there, the true table behind a forged one, is a MISMATCH.  PB_OK with a new *OUT;
 * PB_NOMEM; PB_SOFTWARE when a page cannot be rendered. */
pb_status verify_page(const study *s, const analysis *a, const char *text,
		      size_t len, const marks_rules *rules,
		      verify_outcome **out);

/* Compares the page TEXT (LEN bytes) with the index of a site of the N
 * STUDIES (render/site_index.h) as verify_page compares a study's page:
 * each number is judged against its own study's threshold (its mark
 * gives it), RULES give the tolerance.  Errors as verify_page's. */
pb_status verify_index(const site_study *studies, size_t n,
		       const char *text, size_t len, const marks_rules *rules,
		       verify_outcome **out);

/* Compares PUBLISHED (a results.json as read) with the results of S and
 * A, bounds within the tolerance RULES gives. */
pb_status verify_json(const study *s, const analysis *a,
		      const json_t *published, const marks_rules *rules,
		      verify_outcome **out);

#endif
