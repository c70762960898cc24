/* figfile.h: a figure put into a file of its own, as SVG, PNG or PDF.
 *
 * Every figure module draws onto any cairo_t (render/figpen.h); this is
 * the one path from such a drawing to the bytes of a file: the figure is
 * drawn once on a recording surface to learn its height, then onto a
 * surface of the format, STYLE_FIGURE_WIDTH points wide inside a white
 * margin.  The bytes are the same on every run: SVG ids are renumbered
 * (figfile_svg_normalize), a PDF carries the date it is given.  Every
 * failure says why, and a file that cannot be made is named. */
#ifndef PAIRBOOT_FIGFILE_H
#define PAIRBOOT_FIGFILE_H

#include <stddef.h>

#include <cairo.h>
#include <glib.h>

#include "common/diag.h"
#include "common/status.h"
#include "render/figpen.h"
#include "render/outdir.h"
#include "render/sink.h"

/* Output formats, a bit set. */
enum {
	FIG_PDF = 1u,
	FIG_SVG = 2u,
	FIG_PNG = 4u
};

/* White space around a figure in its own file, in points. */
#define FIGFILE_MARGIN 12.0

/* A figure module's drawing function with what it draws (the figpen.h
 * contract: onto CR, WIDTH points wide, the geometry in *RES). */
typedef pb_status (*figfile_draw_fn)(cairo_t *cr, const void *what,
				     double width, fig_result *res);

typedef struct figfile_figure {
	figfile_draw_fn draw;
	const void *what;       /* only read */
} figfile_figure;

/* A cairo status as a pb_status: PB_NOMEM, PB_IOERR for a write error,
 * else PB_CANTCREAT. */
pb_status figfile_status(cairo_status_t cs);

/* Draws FIG WIDTH points wide on a recording surface, to learn its height
 * and geometry (*RES) without output; the surface is marked with
 * fig_pen_set_measuring, so the marks of the data, which change neither,
 * need not be drawn.  Errors as the drawing's, with
 * RES->message saying why. */
pb_status figfile_measure(const figfile_figure *fig, double width,
			  fig_result *res);

/* Renders FIG as FORMAT (one of FIG_SVG, FIG_PNG at STYLE_PNG_SCALE pixels
 * a point, FIG_PDF: one page the size of the figure, created and modified
 * on PDF_DATE, "" for none) through WRITE with CLOSURE.  On failure
 * MESSAGE (SIZE bytes) says why: PB_IOERR when a write failed, PB_NOMEM,
 * PB_CANTCREAT (text the fonts cannot show, a cairo error), PB_SOFTWARE
 * (a missing translation, a bad FORMAT), PB_DATAERR (values too large to
 * draw). */
pb_status figfile_render(const figfile_figure *fig, unsigned format,
			 const char *pdf_date, cairo_write_func_t write,
			 void *closure, char *message, size_t size);

/* As figfile_render, an SVG titled and described by ALT (plain text;
 * NULL or "": by the figure's own, fig_result.alt, if it sets one, else
 * neither; see figfile_svg_describe). */
pb_status figfile_render_alt(const figfile_figure *fig, unsigned format,
			     const char *pdf_date, const char *alt,
			     cairo_write_func_t write, void *closure,
			     char *message, size_t size);

/* Renders FIG as FORMAT (as figfile_render) into the file NAME of the
 * folder O.  Every failure goes to D, named by NAME. */
pb_status figfile_write(const figfile_figure *fig, unsigned format,
			const char *pdf_date, outdir *o, const char *name,
			diag *d);

/* A figure drawn as the image of a PNG file, not yet encoded.  Drawing
 * needs the fonts (Pango), which stay on one thread; encoding needs
 * nothing but the image, so images are encoded side by side. */
typedef struct figfile_png figfile_png;

/* Draws FIG as figfile_render draws a PNG, into a new *OUT (free with
 * figfile_png_free).  Errors as figfile_render's, MESSAGE saying why. */
pb_status figfile_png_draw(const figfile_figure *fig, figfile_png **out,
			   char *message, size_t size);

/* Encodes PNG into the sink OUT: the bytes figfile_render gives.  It
 * touches nothing but PNG and OUT, so distinct images may be encoded on
 * threads of their own.  On failure MESSAGE says why. */
pb_status figfile_png_encode(figfile_png *png, sink *out, char *message,
			     size_t size);
void figfile_png_free(figfile_png *png);

/* As figfile_write, with ALT as figfile_render_alt. */
pb_status figfile_write_alt(const figfile_figure *fig, unsigned format,
			    const char *pdf_date, const char *alt, outdir *o,
			    const char *name, diag *d);

/* The SVG document IN (LEN bytes) onto OUT with the coordinates of the
 * glyph outlines (the d attributes inside each <symbol>, which cairo
 * writes with up to six decimals) rounded to two: 0.01 point, a fortieth
 * of a pixel of the PNG, and a Korean figure about a third smaller (see
 * docs/figures.md).  Nothing outside the glyphs changes. */
void figfile_svg_round_glyphs(const char *in, size_t len, GString *out);

/* The SVG document IN (LEN bytes) onto OUT with <title>TITLE</title> and
 * <desc>DESC</desc> (XML-escaped; each left out when NULL or "") right
 * after the root <svg ...> start tag, each on a line of its own: cairo's
 * SVG surface writes neither, and a screen reader or a search engine
 * reads them where the text is drawn as glyph outlines.  The same input
 * gives the same bytes. */
void figfile_svg_describe(const char *in, size_t len, const char *title,
			  const char *desc, GString *out);

/* Replaces each cairo surface id ("surface17") of the SVG document IN
 * (LEN bytes) by its number in order of first appearance ("surface1"),
 * appending the result to OUT: the document then no longer depends on what
 * the process drew before. */
void figfile_svg_normalize(const char *in, size_t len, GString *out);

/* Writes the bytes of the buffer sink K into the file NAME of the folder
 * O; a failure goes to D, named by NAME. */
pb_status figfile_put(outdir *o, const char *name, const sink *k, diag *d);

#endif
