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
 * ',' as German and Czech pages write it) and digits.  Stores the value
 * and the number of decimals; returns the bytes used, or 0. */
size_t pub_number_parse(const char *s, double *value, int *decimals);

/* An unsigned decimal integer filling all of S. */
bool pub_count_parse(const char *s, size_t *out);

#endif
