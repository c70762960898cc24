/* pubmatch.h: the phrase templates of a published page, and its numbers.
 *
 * A phrase is a template (see ingest/published.h): "%s" or "%zu" stands for
 * any text, which is captured, "%%" for '%'; every other byte must match.
 * The table reader and the sentence reader both match phrases and parse
 * numbers with these functions. */
#ifndef PAIRBOOT_PUBMATCH_H
#define PAIRBOOT_PUBMATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Matches TEXT against the template TMPL (see above; a "%zu" count is
 * taken as any piece, like "%s").  On a match returns true and, when CAPS
 * is not NULL, stores up to MAX_CAPS captured pieces as new strings (the
 * caller free()s each; unused entries are set to NULL). */
bool pub_template_match(const char *tmpl, const char *text, char **caps,
			size_t max_caps);

/* Parses a published decimal number at the start of S: an optional sign
 * ('+', '-' or U+2212), digits, and optionally a decimal mark ('.', or
 * ',' as German and Czech pages write it) and digits.  The digits before
 * the mark may be grouped in threes, as the pages write a count from
 * 1000 up: by a NO-BREAK SPACE or a NARROW NO-BREAK SPACE ("10 000"), or
 * by ',' where a ',' cannot be the decimal mark: two groups or more
 * ("1,000,000") or a '.' after them ("10,000.5"); "10,000" alone reads as
 * ten with three decimals, as a German page means it.  Stores the value
 * and the number of decimals; returns the bytes used, or 0. */
size_t pub_number_parse(const char *s, double *value, int *decimals);

/* The bytes of the separator of a digit group at S: a NO-BREAK SPACE or
 * a NARROW NO-BREAK SPACE, or with COMMA ',', followed by exactly three
 * digits; 0 if none. */
size_t pub_group_len(const char *s, bool comma);

/* An unsigned decimal integer filling all of S, its digits grouped or
 * not: "10000", "10 000" (a no-break space) and "10,000" (a count has
 * no decimals, so the comma is unambiguous). */
bool pub_count_parse(const char *s, size_t *out);

#endif
