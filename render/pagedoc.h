/* pagedoc.h: a page in one language, made once, for both of its readers:
 * the Markdown file and the PDF report (render/pdf_report.h).
 *
 * A page writer (render/markdown.c, render/builddiff_md.c, through
 * render/mdpage.h) adds the page's blocks in order: headings, paragraphs,
 * bullet items and tables.  Their texts are inline Markdown, as the page
 * has them.  Each block belongs to the section the writer last began, by
 * an id of its own rather than by its heading, so the PDF finds where a
 * figure goes without matching translated headings.
 *
 * The document writes each block's Markdown as it is added: one blank
 * line between blocks, none between the items of a list or the rows of a
 * table, every line ending in '\n'. */
#ifndef PAIRBOOT_PAGEDOC_H
#define PAIRBOOT_PAGEDOC_H

#include <stddef.h>

#include <glib.h>

/* The sections of a study's page, in the order the page has them. */
typedef enum page_section {
	PAGE_TOP,               /* the page's heading, before any section */
	PAGE_VALUES,            /* value handling */
	PAGE_COMPARISONS,       /* comparison with the reference */
	PAGE_LEVELS,            /* the level of each state */
	PAGE_SEQUENTIAL,        /* the looks of a sequential study */
	PAGE_MECHANISM,         /* mechanism check */
	PAGE_SERIES_NOTES,
	PAGE_RUNS,
	PAGE_SETTINGS,          /* analysis settings */
	PAGE_SMALL_SAMPLES,
	PAGE_COMPARISON_NOTES,
	PAGE_HETEROGENEITY,
	PAGE_DESIGN,            /* design checks */
	PAGE_INPUT,             /* input data */
	PAGE_SECTIONS
} page_section;

typedef enum page_block_kind {
	PAGE_HEADING,
	PAGE_PARAGRAPH,
	PAGE_BULLET,            /* one item of a list */
	PAGE_TABLE,
	PAGE_FIGURE             /* an image of the report's: text its alt
				   text, target where it is */
} page_block_kind;

/* One block, as a reader sees it. */
typedef struct page_block {
	page_block_kind kind;
	page_section section;
	int level;              /* a heading's level, 1..6; else 0 */
	const char *text;       /* inline Markdown; NULL for a table */
	const char *target;     /* a figure: the file or address; else NULL */
	size_t n_cols;          /* a table's columns: its header's cells */
	size_t n_rows;          /* a table's rows, the header row included */
	const char *const *cells; /* n_rows x n_cols inline Markdown texts,
				     row-major, row 0 the header */
} page_block;

typedef struct pagedoc pagedoc;

/* A new, empty document (free with pagedoc_free).  GLib aborts when out of
 * memory, its policy. */
pagedoc *pagedoc_new(void);
void pagedoc_free(pagedoc *doc);

/* ---- writing ---------------------------------------------------------- */

/* The blocks added from now on belong to section ID. */
void pagedoc_begin(pagedoc *doc, page_section id);

/* A heading of LEVEL (1..6), a paragraph or a bullet item whose inline
 * Markdown is TEXT (copied). */
void pagedoc_heading(pagedoc *doc, int level, const char *text);
void pagedoc_paragraph(pagedoc *doc, const char *text);
void pagedoc_bullet(pagedoc *doc, const char *text);

/* A figure, `![ALT](TARGET)`: ALT inline Markdown, TARGET a relative path
 * or an address (both copied; TARGET is written as given, the caller
 * makes sure it holds no blank, parenthesis or control character). */
void pagedoc_figure(pagedoc *doc, const char *alt, const char *target);

/* A table whose header has the N cells CELLS (copied), and one row of it
 * more.  A row goes to the last block, which must be a table; its cells
 * past the header's count are left out, and missing ones are empty. */
void pagedoc_table(pagedoc *doc, const char *const *cells, size_t n);
void pagedoc_row(pagedoc *doc, const char *const *cells, size_t n);

/* Drops the text from byte LEN on and the blocks written there (a page
 * that failed); blocks added after it follow the last one kept.  LEN is
 * a length the text had before a block was added (pagedoc_len then):
 * a cut inside a block would leave the block whole. */
void pagedoc_truncate(pagedoc *doc, size_t len);

/* ---- reading ---------------------------------------------------------- */

/* The page's Markdown. */
const char *pagedoc_str(const pagedoc *doc);
size_t pagedoc_len(const pagedoc *doc);

/* The number of blocks, and block I of them (valid until the next
 * block is added). */
size_t pagedoc_n_blocks(const pagedoc *doc);
const page_block *pagedoc_block(const pagedoc *doc, size_t i);

#endif
