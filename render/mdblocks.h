/* mdblocks.h: the Markdown page read back as blocks, for the PDF report.
 *
 * The PDF shows the tables and sentences of the Markdown page
 * (render/markdown.h) as they are, in the page's language, so it reads
 * the page rather than building the tables a second time: the two can
 * never disagree.  Only what markdown.c writes is understood:
 *   - ATX headings ("# ", "## ", ...);
 *   - paragraphs (lines up to a blank line, joined with a space);
 *   - bullet items ("- " or "* ", continuation lines joined);
 *   - GFM tables (a header row, a delimiter row, body rows), cells split at
 *     '|' but not at "\|", short rows padded with empty cells;
 * and inline, backslash escapes of ASCII punctuation and code spans, both
 * turned into plain text.  Anything else stays as it is written. */
#ifndef PAIRBOOT_MDBLOCKS_H
#define PAIRBOOT_MDBLOCKS_H

#include <stddef.h>

typedef enum md_kind {
	MD_HEADING,
	MD_PARAGRAPH,
	MD_BULLET,
	MD_TABLE
} md_kind;

typedef struct md_block {
	md_kind kind;
	size_t offset;       /* where its first line starts in the text */
	int level;           /* heading level 1..6, else 0 */
	char *text;          /* plain text; NULL for a table */
	size_t n_cols;       /* table: columns (the header's count) */
	size_t n_rows;       /* table: rows, the header row included */
	char **cells;        /* table: n_rows x n_cols plain texts,
				row-major, row 0 the header */
} md_block;

typedef struct md_doc {
	md_block *blocks;
	size_t n;
} md_doc;

/* Reads the LEN bytes of Markdown TEXT into *DOC (free with
 * mdblocks_free).  Never fails: GLib aborts when out of memory, its
 * policy. */
void mdblocks_parse(const char *text, size_t len, md_doc *doc);
void mdblocks_free(md_doc *doc);

/* The plain text of inline Markdown S (LEN bytes): escapes resolved, code
 * spans without their backticks.  A new string (g_free()). */
char *mdblocks_inline(const char *s, size_t len);

#endif
