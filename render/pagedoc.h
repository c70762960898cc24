/* pagedoc.h: a study's page in one language, rendered once
 * (render/markdown.h), for both of its readers: the Markdown file and the
 * PDF report (render/pdf_report.h).
 *
 * The document is the page's Markdown and, for every part of it, the
 * section it belongs to, by an id of its own rather than by its heading:
 * the PDF finds where a figure goes without matching translated headings,
 * and without rendering the page a second time. */
#ifndef PAIRBOOT_PAGEDOC_H
#define PAIRBOOT_PAGEDOC_H

#include <stddef.h>

#include <glib.h>

/* The sections of a study's page, in the order the page has them. */
typedef enum page_section {
	PAGE_TOP,               /* the page's heading, before any section */
	PAGE_VALUES,            /* value handling */
	PAGE_COMPARISONS,       /* comparison with the reference */
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

typedef struct pagedoc pagedoc;

/* A new, empty document (free with pagedoc_free).  GLib aborts when out of
 * memory, its policy. */
pagedoc *pagedoc_new(void);
void pagedoc_free(pagedoc *doc);

/* The page's Markdown, which the page writer appends to. */
GString *pagedoc_text(pagedoc *doc);
const char *pagedoc_str(const pagedoc *doc);
size_t pagedoc_len(const pagedoc *doc);

/* Section ID starts at the end of the text written so far. */
void pagedoc_begin(pagedoc *doc, page_section id);

/* The section the byte at OFFSET of the text belongs to. */
page_section pagedoc_section_at(const pagedoc *doc, size_t offset);

/* Drops the text from byte LEN on, and the sections that start there (a
 * page that failed). */
void pagedoc_truncate(pagedoc *doc, size_t len);

#endif
