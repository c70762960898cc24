/* pageview_html.h: the pieces of raw HTML that ingest/pageview.c reads:
 * text, tags, comments, and character references.
 *
 * Not an HTML parser: enough to tell what a browser shows of the HTML a
 * Markdown page holds.  A tag ends at its first '>', even inside a quoted
 * attribute value, so that a page of many '<' is read in linear time; a
 * '<' that no '>' follows is text. */
#ifndef PAIRBOOT_PAGEVIEW_HTML_H
#define PAIRBOOT_PAGEVIEW_HTML_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pvhtml_kind {
	PVHTML_TEXT,    /* text between tags (entities not yet decoded) */
	PVHTML_TAG,     /* a start or end tag */
	PVHTML_COMMENT, /* <!-- ... -->, or to the end when it has none */
	PVHTML_OTHER    /* <!DOCTYPE>, <?...?>, <![CDATA[...]]>: not shown */
} pvhtml_kind;

/* Longest tag name kept; longer names are cut (no tag read here has one). */
#define PVHTML_NAME_MAX 15

typedef struct pvhtml_token {
	pvhtml_kind kind;
	size_t start, end;   /* its bytes: S[start..end) */
	bool closing;        /* a tag: </name> */
	char name[PVHTML_NAME_MAX + 1]; /* a tag: its name, lower case */
} pvhtml_token;

/* The reading position in S[0..LEN); start with pvhtml_start. */
typedef struct pvhtml_scan {
	const char *s;
	size_t len, pos;
	size_t next_gt;      /* where the next '>' at or after pos is, or
				len when there is none */
	bool gt_known;       /* next_gt holds for the current pos */
} pvhtml_scan;

void pvhtml_start(pvhtml_scan *sc, const char *s, size_t len);

/* The next token into *T; false at the end. */
bool pvhtml_next(pvhtml_scan *sc, pvhtml_token *t);

/* Moves past the end tag </NAME> (matched without regard to case), for
 * the content of <script> and <style>: *END_OF_CONTENT is where the end
 * tag starts, or LEN when there is none (then the scan is at the end). */
void pvhtml_skip_to_end_tag(pvhtml_scan *sc, const char *name,
			    size_t *end_of_content);

/* The value of attribute NAME (lower case; matched without regard to
 * case) of the start tag TAG[0..LEN) (a token's bytes, '<' first) into
 * *VALUE and its length into *N, its character references not yet
 * decoded (an attribute without a value: ""); false when the tag has
 * none.  The first of the name counts, as in a browser. */
bool pvhtml_attr(const char *tag, size_t len, const char *name,
		 const char **value, size_t *n);

/* When S[0..LEN) starts with a character reference ("&amp;", "&#233;",
 * "&#xE9;"), its UTF-8 bytes into OUT (up to 4) with their number in
 * *OUT_LEN, and the length of the reference; else 0.  Numeric references
 * to 0, to surrogates or beyond U+10FFFF read U+FFFD.  Only the names a
 * page is likely to hold are known; another "&name;" is shown as it
 * stands, as a browser shows an unknown one. */
size_t pvhtml_entity(const char *s, size_t len, char out[4],
		     size_t *out_len);

#endif
