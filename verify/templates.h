/* templates.h: the sentences pairboot can write, in one language, as
 * patterns with their numbers and names left open.
 *
 * Every text of the language's catalog (render/i18n.h) is a template:
 * its printf conversions (%s, %zu, %1$s, ...) match any text, its
 * Markdown marks (backticks, asterisks, backslashes) are dropped and its
 * white space is one space, as verify/pageview reads a page.  A page's
 * text that is not a line of the fresh rendering but fits a template is
 * in pairboot's words all the same: it states something the data do not
 * give, not an author's paragraph.
 *
 * A text fits a template when it is the template as a whole, or, for a
 * template of at least TEMPLATES_MIN_INSIDE letters, when it holds it
 * (a sentence of pairboot's inside an author's paragraph).  A template of
 * fewer than TEMPLATES_MIN_WHOLE letters (a word such as "State", a bare
 * "%s") fits nothing: any text would fit it. */
#ifndef PAIRBOOT_TEMPLATES_H
#define PAIRBOOT_TEMPLATES_H

#include <stddef.h>

#include "common/status.h"

#define TEMPLATES_MIN_WHOLE 8
#define TEMPLATES_MIN_INSIDE 24

typedef struct templates templates;

/* The templates of language LANG into *OUT (free with templates_free).
 * PB_SOFTWARE for an unknown language, PB_NOMEM. */
pb_status templates_new(const char *lang, templates **out);
void templates_free(templates *t);

/* The first template TEXT (LEN bytes, as verify/pageview reads it) fits,
 * in its own words with each open place as "…", or NULL. */
const char *templates_fit(const templates *t, const char *text, size_t len);

/* The number of templates (for tests). */
size_t templates_count(const templates *t);

#endif
