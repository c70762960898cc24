/* mdtext.h: text from a study, made safe to put into a Markdown page.
 *
 * Labels, notes, exclusion reasons, titles and build strings are written by
 * whoever recorded the study; a page must show them as written and never
 * let them break a table or become markup.  Two forms:
 *
 *  - mdtext_escape: inline text.  Every character CommonMark or GitHub
 *    could read as markup (\ ` * _ [ ] < > | # ~ & $) gets a backslash, so
 *    no emphasis, link, image, raw HTML, entity, strikethrough, math or
 *    table cell boundary can appear; a leading '-', '+', '=' or list
 *    number ("12. ", "12) ") is escaped too, so the text cannot open a
 *    list or a setext underline when it happens to start a line.  Line
 *    breaks, tabs and other control characters become spaces (a newline
 *    would end a table row); leading and trailing white space is dropped.
 *    Nor can a bare URL or e-mail address become a link under GitHub's
 *    autolinking: the ':' of "://" and the '.' of "www." get a backslash,
 *    and an '@' is followed by an empty HTML comment (common/mdbreak.h),
 *    which GitHub does not show.
 *  - mdtext_code: a code span, for values that are shown verbatim (units,
 *    digests).  Backslash escapes do not work inside code spans, so the
 *    fence is made longer than any run of backticks in the text, and a
 *    space pads text that starts or ends with a backtick.  Inside a GFM
 *    table a '|' still ends the cell, even in a code span, unless written
 *    "\|" (GFM removes that backslash before reading the span): IN_TABLE
 *    does that.
 *
 * Bytes that are not valid UTF-8 are replaced by U+FFFD.  The functions
 * append to a GString, which aborts on out of memory (GLib's policy). */
#ifndef PAIRBOOT_MDTEXT_H
#define PAIRBOOT_MDTEXT_H

#include <stdbool.h>

#include <glib.h>

/* Appends TEXT (NUL-terminated; NULL appends nothing) escaped as inline
 * Markdown, usable in a paragraph, list item, heading or table cell. */
void mdtext_escape(GString *out, const char *text);

/* Appends TEXT as one code span (nothing for NULL or text that is empty
 * after control characters became spaces and white space was trimmed).
 * IN_TABLE: the span is inside a GFM table cell. */
void mdtext_code(GString *out, const char *text, bool in_table);

#endif
