/* mdbreak.h: the mark that keeps an e-mail address in study text from
 * becoming a link on a Markdown page.
 *
 * GitHub's Markdown (cmark-gfm with its autolink extension) makes a link
 * of `user@example.org` after it has joined the text around it, backslash
 * escapes and character references included, so no escape can stop it.
 * An empty HTML comment right after the '@' splits the text in two, and
 * GitHub shows nothing for it.  The page writer (render/mdtext.c) puts it
 * there; the readers of a page (the PDF's plain text, verify's page
 * reader) take it out again.  Study text never holds it as written: its
 * '<' is always escaped. */
#ifndef PAIRBOOT_MDBREAK_H
#define PAIRBOOT_MDBREAK_H

#define MDBREAK "<!-- -->"
#define MDBREAK_LEN (sizeof MDBREAK - 1)

#endif
