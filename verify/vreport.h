/* vreport.h: what `pairboot verify` found, one item a thing checked.
 *
 * The comparisons (verify/pagecmp.h for a page, verify/jsoncmp.h for a
 * results.json) add items in the order the command prints them; the
 * report counts them by verdict.  Every string is copied: the report owns
 * its items. */
#ifndef PAIRBOOT_VREPORT_H
#define PAIRBOOT_VREPORT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum vreport_verdict {
	VREPORT_MATCH,         /* the file states what the study gives */
	VREPORT_MISMATCH,      /* it states something else */
	VREPORT_OMITTED,       /* recomputed, but the file does not show it */
	VREPORT_NOT_IN_DATA,   /* stated in pairboot's words, but not what
				  the study gives (nothing to set it beside) */
	VREPORT_NOT_CHECKED,   /* author text: not pairboot's, not checked */
	VREPORT_VERDICTS
} vreport_verdict;

/* One thing checked. */
typedef struct vreport_item {
	vreport_verdict verdict;
	char *what;            /* the item's name: "comparison `10`, Series 1:
				  CI low", "plan.seed", "line" */
	char *published;       /* as the file states it; NULL: not stated */
	char *recomputed;      /* as the study gives it; NULL: not in data */
	size_t line;           /* a page: its first source line; else 0 */
	size_t last_line;      /* a page: its last source line; else 0 */
} vreport_item;

typedef struct vreport vreport;

/* A new, empty report; NULL when out of memory. */
vreport *vreport_new(void);
void vreport_free(vreport *r);

/* Adds an item (WHAT, PUBLISHED and RECOMPUTED copied; either of the last
 * two may be NULL).  False when out of memory (the report is unchanged). */
bool vreport_add(vreport *r, vreport_verdict verdict, size_t line,
		 size_t last_line, const char *what, const char *published,
		 const char *recomputed);

size_t vreport_n_items(const vreport *r);
const vreport_item *vreport_item_at(const vreport *r, size_t i);
/* Items of VERDICT so far. */
size_t vreport_count(const vreport *r, vreport_verdict verdict);

/* Puts the items in the order of their lines, those without a line (0)
 * last, keeping the order of items of one line. */
void vreport_sort_by_line(vreport *r);

/* The word the command prints for VERDICT: "match", "MISMATCH",
 * "OMITTED", "not in data", "not checked". */
const char *vreport_verdict_word(vreport_verdict verdict);

#endif
