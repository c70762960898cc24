/* mdplain.h: the inline Markdown of a page block as plain text, for the
 * PDF report.
 *
 * The PDF shows the blocks of the page document (render/pagedoc.h), whose
 * texts are Markdown as the page has them: escaped study text and code
 * spans.  The PDF prints them without the markup.  Only what the page
 * writers make is understood: backslash escapes of ASCII punctuation,
 * code spans and the empty comment after an '@' (common/mdbreak.h);
 * anything else stays as it is written. */
#ifndef PAIRBOOT_MDPLAIN_H
#define PAIRBOOT_MDPLAIN_H

#include <stdbool.h>
#include <stddef.h>

/* The plain text of the LEN bytes of inline Markdown S: escapes resolved,
 * code spans without their backticks.  A new string (g_free()).  GLib
 * aborts when out of memory, its policy. */
char *mdplain_inline(const char *s, size_t len);

/* The plain text of S without the blanks before it (with TRIM_END, nor
 * after it). */
char *mdplain_text(const char *s, bool trim_end);

/* The plain text of table cell S, as a GFM reader sees it: "\|" is a '|'
 * even inside a code span, and the blanks around the cell are not part
 * of it. */
char *mdplain_cell(const char *s);

#endif
