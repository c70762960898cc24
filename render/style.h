/* style.h: the one look shared by every figure and the PDF report.
 *
 * Sizes are in points (1/72 inch): a figure is laid out in points and only
 * scaled when it becomes pixels, so PDF, SVG and PNG show the same drawing.
 * Colours come from the Okabe-Ito palette (Okabe and Ito, "Color Universal
 * Design", 2008), which colour-blind readers tell apart, and each series
 * also gets its own marker shape, so a figure still reads in grey.
 *
 * Text is laid out by Pango in fonts pinned by family name: "DejaVu Sans"
 * for Latin text and "NanumGothic" (Debian fonts-nanum) for Korean, each
 * the fallback of the other.  A generic "Sans" could resolve to a font
 * without Hangul on another machine, so any character that is not drawn
 * from one of the pinned families (a missing glyph, or a fallback to some
 * other installed font) is an error, recorded in the style_text and
 * reported by the caller: a report never ships with boxes for letters. */
#ifndef PAIRBOOT_STYLE_H
#define PAIRBOOT_STYLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cairo.h>

#include "common/status.h"

/* Line widths and lengths, in points. */
#define STYLE_LINE_HAIR 0.4       /* grid lines, pair lines */
#define STYLE_LINE_THIN 0.6       /* axes, ticks, band edges */
#define STYLE_LINE 1.0            /* zero line, step lines */
#define STYLE_LINE_WHISKER 1.4    /* confidence intervals */
#define STYLE_TICK 3.5            /* tick mark length */
#define STYLE_MARKER 6.0          /* marker size (about its width) */
#define STYLE_PAD 6.0             /* gap between text and lines */

/* Figure width in points: the text width of an A4 page with 2 cm margins,
 * so a figure goes into the PDF unscaled. */
#define STYLE_FIGURE_WIDTH 480.0

/* PNG pixels per point: 2.5 gives 1200 pixels for a figure, sharp on the
 * wiki and on high-density screens. */
#define STYLE_PNG_SCALE 2.5

typedef struct style_rgb {
	double r, g, b;
} style_rgb;

/* Neutral colours for text, axes and the threshold band. */
extern const style_rgb style_ink;        /* text and zero line */
extern const style_rgb style_ink_soft;   /* secondary text, axes */
extern const style_rgb style_grid;       /* grid lines */
extern const style_rgb style_band;       /* the (-T, +T) band */
extern const style_rgb style_band_edge;
extern const style_rgb style_white;

/* The colour of series number I (0-based), cycling through the Okabe-Ito
 * palette without its yellow, which is too light on white. */
style_rgb style_series_colour(size_t i);

/* The contrast ratio of colours A and B as WCAG 2.1 defines it, (L1 +
 * 0.05) / (L2 + 0.05) of their relative luminances, the lighter over the
 * darker: 1 for equal colours, 21 for black on white. */
double style_contrast(style_rgb a, style_rgb b);

/* The least contrast a mark of data needs against what lies next to it:
 * WCAG 2.1's non-text contrast (success criterion 1.4.11). */
#define STYLE_MARK_CONTRAST 3.0

/* C, or C darkened (its channels scaled towards black, its hue kept) just
 * enough to contrast with both white and the threshold band by
 * STYLE_MARK_CONTRAST: the lightest backgrounds a whisker or marker is
 * drawn on.  Blue, vermillion and black pass as they are. */
style_rgb style_mark_colour(style_rgb c);

typedef enum style_marker {
	MARKER_CIRCLE,
	MARKER_SQUARE,
	MARKER_TRIANGLE,
	MARKER_DIAMOND,
	MARKER_TRIANGLE_DOWN,
	MARKER_HEXAGON
} style_marker;

#define STYLE_MARKERS 6

/* The marker of series number I, cycling. */
style_marker style_series_marker(size_t i);

/* Draws marker M centred at (X, Y), SIZE points across, filled with FILL
 * and outlined in a darker shade of it, so touching markers stay apart. */
void style_marker_draw(cairo_t *cr, style_marker m, double x, double y,
		       double size, style_rgb fill);

/* Makes C the source of CR (opaque). */
void style_set_colour(cairo_t *cr, style_rgb c);

/* Text roles and their sizes. */
typedef enum style_font {
	FONT_TICK,       /* 7.5 pt: tick labels, small notes */
	FONT_LABEL,      /* 8.5 pt: axis labels, value labels, legends */
	FONT_BODY,       /* 9.5 pt: PDF body text and table cells */
	FONT_BOLD,       /* 9.5 pt bold: table headers, row names */
	FONT_FIGTITLE,   /* 11 pt bold: a figure's title */
	FONT_HEADING,    /* 14 pt bold: PDF section headings */
	FONT_TITLE,      /* 20 pt bold: the PDF title */
	FONT_TABLE,      /* 8.5 pt: PDF table cells */
	FONT_TABLE_BOLD  /* 8.5 pt bold: PDF table headers */
} style_font;

#define STYLE_FONTS 9

/* Where (x, y) is on a piece of text: horizontal and vertical anchor,
 * combined with |. */
enum {
	ANCHOR_LEFT = 0, ANCHOR_CENTER = 1, ANCHOR_RIGHT = 2,
	ANCHOR_TOP = 0, ANCHOR_MIDDLE = 4, ANCHOR_BASELINE = 8,
	ANCHOR_BOTTOM = 12
};

/* Moves (*X, *Y), the point ANCHOR names on a box W wide and H high
 * whose first baseline lies BASE below its top, to the box's top-left
 * corner. */
void style_anchor_place(int anchor, double w, double h, double base,
			double *x, double *y);

/* Pango text for one cairo_t in one language.  Holds a sticky status like
 * cairo's: the first text that cannot be drawn in the pinned fonts sets it,
 * later calls still draw (so the caller checks once, at the end). */
typedef struct style_text style_text;

/* A text context for drawing onto CR in language LANG ("en", "de", "cs",
 * "ko": it picks the primary family).  Layout is done at 72 dpi without
 * hinting, so text measures the same on every surface and at every scale.
 * Returns PB_NOMEM or PB_OK with *OUT (free with style_text_free). */
pb_status style_text_new(cairo_t *cr, const char *lang, style_text **out);
void style_text_free(style_text *t);

/* PB_OK, or PB_CANTCREAT when some text could not be drawn in the pinned
 * fonts; style_text_message() then says which text and why. */
pb_status style_text_status(const style_text *t);
const char *style_text_message(const style_text *t);

/* The first study text the pinned fonts cannot draw, as
 * style_fonts_cover finds it. */
typedef struct style_coverage {
	size_t text;             /* its index; N when every text is drawn */
	size_t offset;           /* byte offset of the first character the
				    fonts lack, within that text */
	uint32_t codepoint;      /* that character (U+XXXX) */
} style_coverage;

/* Lays out each of the N TEXTS (UTF-8, NULL or empty ones skipped) as a
 * figure or the PDF would, in plain and bold, and finds the first with a
 * character that is not drawn from DejaVu Sans or NanumGothic: the test
 * that makes drawing fail (status PB_CANTCREAT), done before anything is
 * written so a command can point at where the text came from.  Returns
 * PB_NOMEM, or PB_OK with *BAD (bad->text == N when all are drawn).  Uses
 * Pango: call it where the program may (not in a thread pool). */
pb_status style_fonts_cover(const char *const *texts, size_t n,
			    style_coverage *bad);

/* The width and height of TEXT in FONT on one line, in points.  MAX_WIDTH
 * > 0 cuts it there with an ellipsis. */
void style_text_measure(style_text *t, style_font font, const char *text,
			double max_width, double *width, double *height);

/* Draws TEXT in FONT and COLOUR on one line, anchored at (X, Y) by ANCHOR;
 * MAX_WIDTH > 0 cuts it with an ellipsis.  Returns the width drawn. */
double style_text_show(style_text *t, cairo_t *cr, style_font font,
		       const char *text, double x, double y, int anchor,
		       double max_width, style_rgb colour);

/* Draws TEXT in FONT wrapped to WIDTH (at word boundaries, inside long
 * words when needed; a Korean word is not broken between two syllables
 * where it fits in WIDTH), its top-left corner at (X, Y), aligned by
 * ANCHOR's horizontal part.  CR may be NULL to only measure.  Returns the
 * height. */
double style_text_block(style_text *t, cairo_t *cr, style_font font,
			const char *text, double x, double y, double width,
			int anchor, style_rgb colour);

/* As style_text_block, but at most MAX_LINES lines (> 0; the last one
 * ends in an ellipsis when the text is longer), so a huge note cannot
 * outgrow a page. */
double style_text_block_max(style_text *t, cairo_t *cr, style_font font,
			    const char *text, double x, double y,
			    double width, int anchor, style_rgb colour,
			    int max_lines);

/* A table cell: style_text_block_max anchored top left, whose lines
 * break between the words of a Korean text, not between two syllables of
 * one word, wherever the word fits in WIDTH.  (A number and its unit
 * stay together by the NO-BREAK SPACE the page writes between them.) */
double style_text_cell(style_text *t, cairo_t *cr, style_font font,
		       const char *text, double x, double y, double width,
		       style_rgb colour, int max_lines);

/* TEXT in FONT wrapped to WIDTH, split into its lines: a new
 * NULL-terminated array of new strings (free with g_strfreev), *N lines.
 * For text that must break across pages.  Korean words stay whole where
 * they fit, as in style_text_cell. */
char **style_text_lines(style_text *t, style_font font, const char *text,
			double width, size_t *n);

/* One font file the pinned families resolve to. */
typedef struct style_font_file {
	char *family;       /* as installed, e.g. "DejaVu Sans" */
	char *style;        /* "Book", "Bold", "Regular" */
	char *path;         /* the file fontconfig gave Pango */
	char sha256[65];    /* of the font data, hex */
	uint64_t bytes;
} style_font_file;

/* The libraries and fonts that shape the figures, for results.json: a
 * reviewer whose figures differ can see whether these do. */
typedef struct style_versions {
	const char *cairo;          /* cairo_version_string(), static */
	const char *pango;          /* pango_version_string(), static */
	style_font_file *fonts;     /* regular and bold of each pinned
				       family, in a fixed order */
	size_t n_fonts;
} style_versions;

/* Looks the pinned fonts up as Pango resolves them.  A pinned family that
 * is not installed is an error naming the Debian package to install.
 * Returns PB_OK and fills *OUT (free with style_versions_free), PB_NOMEM,
 * or PB_CANTCREAT with MESSAGE (SIZE bytes) saying what is missing. */
pb_status style_versions_get(style_versions *out, char *message,
			     size_t size);
void style_versions_free(style_versions *v);

#endif
