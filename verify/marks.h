/* marks.h: the numbers of a page, as the renderer marks them and as a
 * published page writes them.
 *
 * A marked page (render/mdpage.h, "number marks") carries with each
 * estimate, interval bound and percentage its exact value and its rule.
 * marks_strip turns a marked text into the text a reader sees plus one
 * slot per marked number; marks_check judges a number a published page
 * writes in a slot's place:
 *
 *  - it may not be written with fewer decimals than the renderer writes
 *    (-0.020 is not 0, nor -0.0; -6.049 is not -6);
 *  - its value must be the exact one rounded to the decimals it is
 *    written with (half a unit of its last decimal); a bound, when the
 *    reviewer gives a tolerance, may lie up to that far off;
 *  - it must lie on the exact value's side of 0 (and, for a bound, of +T
 *    and -T), whatever the tolerance: the side decides a verdict.
 *
 * Numbers are read as the renderer writes them: an optional sign ('+',
 * '-'; a page's U+2212 is '-' by the time it gets here), digits, and
 * decimals after the page's decimal mark. */
#ifndef PAIRBOOT_MARKS_H
#define PAIRBOOT_MARKS_H

#include <stdbool.h>
#include <stddef.h>

#include <glib.h>

/* One marked number of a text. */
typedef struct marks_slot {
	size_t off, len;       /* where its text stands in the plain text */
	char rule;             /* 'b' an interval bound, 'r' rounded */
	char sides;            /* '2': keeps its side of 0, +T, -T; '1': of
				  0; '0': none */
	double value;          /* the exact value */
	int decimals;          /* decimals its text is written with */
	char decimal_mark;     /* '.' or ',' */
	bool has_threshold;    /* the mark gives the T of SIDES '2' */
	double threshold;      /* that T (else the rules' is taken) */
} marks_slot;

/* The text MARKED (LEN bytes) without its marks, appended to PLAIN, and
 * its slots appended to SLOTS (a GArray of marks_slot; offsets count from
 * the start of PLAIN as it was).  False when a mark is malformed (a bug
 * of the renderer): PLAIN and SLOTS then hold what came before it. */
bool marks_strip(const char *marked, size_t len, GString *plain,
		 GArray *slots);

/* A number as a page writes it. */
typedef struct marks_number {
	size_t len;            /* bytes it takes */
	double value;
	int decimals;
	bool negative;         /* written with '-' */
} marks_number;

/* Reads a number at TEXT (LEN bytes available) written with the decimal
 * mark MARK (where MARK is ',', a '.' is read as one too: a page of a
 * comma language re-typed with points).  False when TEXT does not start
 * with one. */
bool marks_read_number(const char *text, size_t len, char mark,
		       marks_number *out);

/* How a reviewer's page number is judged. */
typedef struct marks_rules {
	double threshold;      /* T of the plan, for a number whose mark
				  gives none */
	bool tolerance_given;
	double tolerance;      /* for bounds, in the study's unit */
} marks_rules;

/* Judges N written in slot S's place.  NULL when it follows; else why
 * not, in a few static words ("rounded to fewer decimals"). */
const char *marks_check(const marks_slot *s, const marks_number *n,
			const marks_rules *rules);

#endif
