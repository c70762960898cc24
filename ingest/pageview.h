/* pageview.h: a Markdown page as a reader sees it.
 *
 * `pairboot verify` sets a published page (the Markdown pairboot wrote,
 * or plain text copied from a wiki) beside a fresh rendering of the same
 * page.  Both are read here, by the same reader, into a flat list of
 * units (headings, paragraphs, list items, table rows, images, code
 * blocks) holding the text a reader sees, normalised so that two ways of
 * writing the same thing read the same.  What a reader cannot see (HTML
 * comments, script and style content, link reference definitions) is not
 * evidence: it is left out of the units and listed as hidden.
 *
 * The page is parsed as GitHub does, with cmark-gfm and its table,
 * strikethrough and autolink extensions.  Raw HTML is read too: its tags
 * are dropped and their text kept, <table> rows become rows, and <p>,
 * <div>, <br>, <li>, <h1>..<h6>, <tr> and <blockquote> start a new unit.
 * A wiki's plain-text table (lines of tab-separated fields) inside a
 * paragraph becomes rows as well.
 *
 * Text of every unit, in this order: inline marks gone (emphasis, code
 * span backticks, link syntax; a line break reads as a space), entities
 * and backslash escapes resolved, Unicode NFC, U+2212 MINUS SIGN read as
 * '-', no-break and thin spaces (U+00A0, U+2007, U+2009, U+200A, U+202F)
 * as ' ', zero-width characters (U+200B, U+2060, U+FEFF) removed, every
 * run of blanks (space, tab, CR, LF) one space, none at either end.
 * Private-use characters (U+E000..U+F8FF) are kept as they are: the fresh
 * rendering marks numbers with them.  A unit without visible text is
 * dropped (an image is visible by itself).
 *
 * Bounds.  An input is at most FILEREAD_MAX_DOCUMENT (64 MiB).  cmark-gfm
 * builds a tree of some 200 bytes a node, so a hostile page of 64 MiB
 * would take 5 to 18 GB (`*a**b*` repeated, `>>>>`, a million-row table)
 * to parse whole.  Its parse therefore gets a memory budget
 * (PAGEVIEW_PARSE_BUDGET, 512 MiB): a page whose parse needs more is
 * parsed again in parts of at most PAGEVIEW_PART_SIZE bytes, each cut
 * after a blank line where there is one, else after a line, and a
 * problem says so; a block across a cut reads as two (the rows of a GFM
 * table after a cut, which have no header there, as paragraphs).  Block
 * quote marks and list markers past PAGEVIEW_MAX_DEPTH levels on one line
 * are left out, as cmark-gfm takes a second a MiB of them.  At most
 * PAGEVIEW_MAX_UNITS units are kept (a problem says where reading
 * stopped), PAGEVIEW_MAX_HIDDEN hidden entries and PAGEVIEW_MAX_PROBLEMS
 * problems (the last says that more were not listed).  Measured on
 * hostile pages of 64 MiB (docs/robustness.md): at most 630 MB and 23 s.
 *
 * Known approximations.  Line numbers inside a paragraph count a code
 * span over two lines as one line.  A tab-separated line loses an empty
 * first field (cmark-gfm drops a continuation line's leading blanks), and
 * a list item's tabs are blanks, not fields.  An inline image's alt text
 * is read as text.  A <table> cut by blank lines stays open across the
 * HTML blocks cmark-gfm makes of it; Markdown between them reads as units
 * of its own.
 *
 * An allocation that fails inside cmark-gfm is caught (PB_NOMEM); one
 * inside GLib's normalisation ends the process (exit 71, common/oom.h). */
#ifndef PAIRBOOT_PAGEVIEW_H
#define PAIRBOOT_PAGEVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "common/status.h"

typedef enum pageview_kind {
	PAGEVIEW_HEADING,   /* a heading, Markdown or <h1>..<h6> */
	PAGEVIEW_PARAGRAPH, /* a paragraph, or text of a raw HTML block */
	PAGEVIEW_ITEM,      /* a list item: its own paragraphs */
	PAGEVIEW_ROW,       /* a table row: GFM, HTML or tab-separated */
	PAGEVIEW_IMAGE,     /* a paragraph that is only an image */
	PAGEVIEW_CODE       /* a code block, fenced or indented */
} pageview_kind;

typedef struct pageview_unit {
	pageview_kind kind;
	int level;              /* heading level 1..6, else 0 */
	size_t line, last_line; /* the 1-based source lines it came from */
	size_t table;           /* rows: which table of the page, 1-based;
				   else 0 */
	bool header;            /* a table's header row */
	bool html;              /* came from raw HTML (block or inline) */
	size_t n_cells;         /* rows: its cells; every other unit: 1 */
	char **cells;           /* visible text, normalised, UTF-8 */
	char *target;           /* an image: its URL; a heading, paragraph
				   or list item: its first link's target
				   (Markdown or <a href>); else NULL */
} pageview_unit;

typedef struct pageview pageview;

/* A place the reader could not read: an invalid UTF-8 sequence, a NUL or
 * another C0 control byte (tab, CR and LF are text), or a limit reached.
 * LINE and COL are 1-based, COL in bytes; WHAT is a short English
 * description (static). */
typedef struct pageview_problem {
	size_t line, col;
	const char *what;
} pageview_problem;

/* Content a reader cannot see, from LINE to LAST_LINE: WHAT is "an HTML
 * comment", "the content of a <script> element", "the content of a
 * <style> element" or "a link reference definition" (static). */
typedef struct pageview_hidden {
	size_t line, last_line;
	const char *what;
} pageview_hidden;

/* The limits described above. */
#define PAGEVIEW_PARSE_BUDGET ((size_t)512 << 20)
#define PAGEVIEW_PART_SIZE ((size_t)1 << 20)
#define PAGEVIEW_MAX_UNITS ((size_t)1 << 21)
#define PAGEVIEW_MAX_HIDDEN ((size_t)1 << 20)
#define PAGEVIEW_MAX_PROBLEMS ((size_t)1000)
#define PAGEVIEW_MAX_DEPTH 100
#define PAGEVIEW_MAX_DEPTH_TEXT "100"

/* Reads the page TEXT[0..LEN) (NULs allowed) into a new *OUT, to free with
 * pageview_free.  Bytes that are not text are problems and read as
 * U+FFFD, and the rest of the page is read.  Returns PB_OK, or PB_NOMEM
 * (*OUT NULL). */
pb_status pageview_read(const char *text, size_t len, pageview **out);

/* Limits other than the ones above, for tests of what happens at them. */
typedef struct pageview_limits {
	size_t parse_budget, part_size;
	size_t max_units, max_hidden, max_problems;
} pageview_limits;

/* pageview_read with LIMITS. */
pb_status pageview_read_limited(const char *text, size_t len,
				const pageview_limits *limits,
				pageview **out);

void pageview_free(pageview *v);

/* The units in page order; I < pageview_n_units(V). */
size_t pageview_n_units(const pageview *v);
const pageview_unit *pageview_unit_at(const pageview *v, size_t i);

/* The problems: those of the bytes in page order, then those of the
 * limits, each where the limit was reached. */
size_t pageview_n_problems(const pageview *v);
const pageview_problem *pageview_problem_at(const pageview *v, size_t i);

/* The hidden content in page order. */
size_t pageview_n_hidden(const pageview *v);
const pageview_hidden *pageview_hidden_at(const pageview *v, size_t i);

#endif
