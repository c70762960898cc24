/* figfile.c: a figure put into a file of its own (render/figfile.h). */
#include "config.h"

#include "render/figfile.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib.h>

#include "render/style.h"

pb_status figfile_status(cairo_status_t cs)
{
	switch (cs) {
	case CAIRO_STATUS_SUCCESS:
		return PB_OK;
	case CAIRO_STATUS_NO_MEMORY:
		return PB_NOMEM;
	case CAIRO_STATUS_WRITE_ERROR:
		return PB_IOERR;
	default:
		return PB_CANTCREAT;
	}
}

/* The failure of CR (PB_OK while none), said in RES->message. */
static pb_status context_status(cairo_t *cr, fig_result *res)
{
	pb_status st = figfile_status(cairo_status(cr));

	if (st != PB_OK)
		snprintf(res->message, sizeof res->message, "cairo: %s",
			 cairo_status_to_string(cairo_status(cr)));
	return st;
}

pb_status figfile_measure(const figfile_figure *fig, double width,
			  fig_result *res)
{
	cairo_surface_t *rec = cairo_recording_surface_create(
		CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	pb_status st = context_status(cr, res);

	if (st == PB_OK) {
		fig_pen_set_measuring(cr);
		st = fig->draw(cr, fig->what, width, res);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	return st;
}

/* Draws FIG onto SURFACE at SCALE, on white, inside the margin. */
static pb_status draw_page(const figfile_figure *fig,
			   cairo_surface_t *surface, double scale,
			   fig_result *res)
{
	cairo_t *cr = cairo_create(surface);
	pb_status st = context_status(cr, res);

	if (st == PB_OK) {
		cairo_scale(cr, scale, scale);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_translate(cr, FIGFILE_MARGIN, FIGFILE_MARGIN);
		st = fig->draw(cr, fig->what, STYLE_FIGURE_WIDTH, res);
		if (st == PB_OK)
			st = context_status(cr, res);
	}
	cairo_destroy(cr);
	return st;
}

/* Finishes the vector SURFACE drawn with status ST and checks that
 * everything reached BUF; a failure is said as "cannot write the WHAT". */
static pb_status finish(cairo_surface_t *surface, pb_status st,
			const sink *buf, const char *what, fig_result *res)
{
	cairo_surface_finish(surface);
	if (st == PB_OK) {
		st = figfile_status(cairo_surface_status(surface));
		if (st == PB_OK && sink_failed(buf))
			st = buf->nomem ? PB_NOMEM : PB_IOERR;
		if (st != PB_OK)
			snprintf(res->message, sizeof res->message,
				 "cannot write the %s: %s", what,
				 cairo_status_to_string(
					 cairo_surface_status(surface)));
	}
	cairo_surface_destroy(surface);
	return st;
}

/* Passes the LEN bytes of DATA on to OUT. */
static pb_status pass_on(sink *out, const void *data, size_t len,
			 const char *what, fig_result *res)
{
	if (sink_write(out, data, (unsigned int)len) == CAIRO_STATUS_SUCCESS)
		return PB_OK;
	snprintf(res->message, sizeof res->message, "cannot write the %s",
		 what);
	return out->nomem ? PB_NOMEM : PB_IOERR;
}

void figfile_svg_normalize(const char *in, size_t len, GString *out)
{
	static const char word[] = "surface";
	const size_t wl = sizeof word - 1;
	GHashTable *ids = g_hash_table_new_full(g_str_hash, g_str_equal,
						g_free, NULL);
	size_t i = 0;

	while (i < len) {
		size_t j = i + wl;
		if (len - i > wl && memcmp(in + i, word, wl) == 0
		    && in[j] >= '0' && in[j] <= '9'
		    && (i == 0 || in[i - 1] == '"' || in[i - 1] == '#')) {
			gchar *old;
			gpointer n;
			while (j < len && in[j] >= '0' && in[j] <= '9')
				j++;
			old = g_strndup(in + i + wl, j - i - wl);
			n = g_hash_table_lookup(ids, old);
			if (!n) {
				n = GUINT_TO_POINTER(
					g_hash_table_size(ids) + 1);
				g_hash_table_insert(ids, old, n);
			} else {
				g_free(old);
			}
			g_string_append_printf(out, "%s%u", word,
					       GPOINTER_TO_UINT(n));
			i = j;
		} else {
			g_string_append_c(out, in[i]);
			i++;
		}
	}
	g_hash_table_destroy(ids);
}

/* The number at *P (an SVG path's: digits, '.', '-') onto OUT with at most
 * FIGFILE_GLYPH_DECIMALS decimals, trailing zeros and a lone '.' dropped,
 * "-0" as "0"; *P moves past it. */
static void round_number(const char **p, const char *end, GString *out)
{
	char text[64], buf[G_ASCII_DTOSTR_BUF_SIZE];
	size_t n = 0, len;
	double v;

	while (*p < end && n + 1 < sizeof text
	       && ((**p >= '0' && **p <= '9') || **p == '.'
		   || (n == 0 && **p == '-'))) {
		text[n++] = **p;
		(*p)++;
	}
	text[n] = '\0';
	v = g_ascii_strtod(text, NULL);
	g_ascii_formatd(buf, sizeof buf, "%.2f", v);
	len = strlen(buf);
	if (strchr(buf, '.')) {
		while (len > 0 && buf[len - 1] == '0')
			len--;
		if (len > 0 && buf[len - 1] == '.')
			len--;
	}
	buf[len] = '\0';
	g_string_append(out, strcmp(buf, "-0") == 0 ? "0" : buf);
}

void figfile_svg_round_glyphs(const char *in, size_t len, GString *out)
{
	const char *p = in, *end = in + len;
	bool in_symbol = false;

	while (p < end) {
		if (!in_symbol && end - p >= 7 && memcmp(p, "<symbol", 7) == 0)
			in_symbol = true;
		else if (in_symbol && end - p >= 9
			 && memcmp(p, "</symbol>", 9) == 0)
			in_symbol = false;
		else if (in_symbol && end - p >= 4 && memcmp(p, " d=\"", 4) == 0) {
			g_string_append_len(out, p, 4);
			p += 4;
			while (p < end && *p != '"') {
				if ((*p >= '0' && *p <= '9') || *p == '-'
				    || *p == '.')
					round_number(&p, end, out);
				else
					g_string_append_c(out, *p++);
			}
			continue;
		}
		g_string_append_c(out, *p++);
	}
}

/* TEXT XML-escaped onto OUT. */
static void xml_escape(const char *text, GString *out)
{
	for (const char *c = text; *c; c++)
		switch (*c) {
		case '&': g_string_append(out, "&amp;"); break;
		case '<': g_string_append(out, "&lt;"); break;
		case '>': g_string_append(out, "&gt;"); break;
		case '"': g_string_append(out, "&quot;"); break;
		case '\'': g_string_append(out, "&apos;"); break;
		default: g_string_append_c(out, *c); break;
		}
}

void figfile_svg_describe(const char *in, size_t len, const char *title,
			  const char *desc, GString *out)
{
	const char *root = g_strstr_len(in, (gssize)len, "<svg");
	const char *end = root ? memchr(root, '>', len - (size_t)(root - in))
			       : NULL;

	if (!end || (!(title && title[0]) && !(desc && desc[0]))) {
		g_string_append_len(out, in, (gssize)len);
		return;
	}
	g_string_append_len(out, in, end + 1 - in);
	if (title && title[0]) {
		g_string_append(out, "\n<title>");
		xml_escape(title, out);
		g_string_append(out, "</title>");
	}
	if (desc && desc[0]) {
		g_string_append(out, "\n<desc>");
		xml_escape(desc, out);
		g_string_append(out, "</desc>");
	}
	g_string_append_len(out, end + 1, (gssize)(len - (size_t)(end + 1 - in)));
}

/* Points, so an SVG figure keeps its size when placed in a page. */
static void svg_setup(cairo_surface_t *surface, const char *date)
{
	(void)date;
	cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT);
}

/* A PDF's creator and its dates of creation and change, DATE. */
static void pdf_setup(cairo_surface_t *surface, const char *date)
{
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
				       PACKAGE_STRING);
	cairo_pdf_surface_set_metadata(surface,
				       CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE,
				       date);
}

/* How a vector format (SVG, PDF) makes its surface: W x H points written
 * through WRITE, then SETUP with the date. */
typedef struct vector_format {
	const char *name;        /* in messages: "SVG" */
	cairo_surface_t *(*create)(cairo_write_func_t write, void *closure,
				   double w, double h);
	void (*setup)(cairo_surface_t *surface, const char *date);
} vector_format;

static const vector_format svg_format = {
	"SVG", cairo_svg_surface_create_for_stream, svg_setup
};
static const vector_format pdf_format = {
	"PDF", cairo_pdf_surface_create_for_stream, pdf_setup
};

/* Draws FIG, W x H points, as the vector format F (dated DATE) into the
 * buffer sink BUF. */
static pb_status draw_vector(const figfile_figure *fig,
			     const vector_format *f, const char *date,
			     double w, double h, sink *buf, fig_result *res)
{
	cairo_surface_t *surface = f->create(sink_write, buf, w, h);
	pb_status st = figfile_status(cairo_surface_status(surface));

	if (st == PB_OK) {
		f->setup(surface, date);
		st = draw_page(fig, surface, 1.0, res);
	}
	return finish(surface, st, buf, f->name, res);
}

static pb_status render_svg(const figfile_figure *fig, double w, double h,
			    const char *alt, sink *out, fig_result *res)
{
	sink buf;
	pb_status st;

	sink_init_buffer(&buf);
	st = draw_vector(fig, &svg_format, NULL, w, h, &buf, res);
	if (st == PB_OK) {
		GString *norm = g_string_sized_new(buf.len + 64);
		GString *rounded = g_string_sized_new(buf.len);
		GString *described = g_string_sized_new(buf.len + 2048);

		figfile_svg_normalize((const char *)buf.data, buf.len, norm);
		figfile_svg_round_glyphs(norm->str, norm->len, rounded);
		if (!alt || !alt[0])
			alt = res->alt;
		figfile_svg_describe(rounded->str, rounded->len, alt, alt,
				     described);
		g_string_free(rounded, TRUE);
		st = pass_on(out, described->str, described->len, "SVG", res);
		g_string_free(described, TRUE);
		g_string_free(norm, TRUE);
	}
	sink_free(&buf);
	return st;
}

/* The largest image cairo makes is 32767 pixels a side; a figure of a
 * study at the limits of its states and series (128 rows of 8 series, 32
 * of 32) is taller than that at STYLE_PNG_SCALE.  Such a figure is drawn
 * at the scale that fits, and no larger than PNG_MAX_PIXELS (160 MB of
 * image in memory): fewer pixels a point, the same figure. */
#define PNG_MAX_SIDE 32767.0
#define PNG_MAX_PIXELS 40e6

/* The pixels a point of a W x H points figure's PNG. */
static double png_scale(double w, double h)
{
	double scale = STYLE_PNG_SCALE;

	if (w * scale > PNG_MAX_SIDE)
		scale = PNG_MAX_SIDE / w;
	if (h * scale > PNG_MAX_SIDE)
		scale = PNG_MAX_SIDE / h;
	if (w * h * scale * scale > PNG_MAX_PIXELS)
		scale = sqrt(PNG_MAX_PIXELS / (w * h));
	return scale;
}

/* FIG drawn, W x H points, on a new image surface *OUT of STYLE_PNG_SCALE
 * pixels a point, or fewer for a figure too large for that (png_scale). */
static pb_status png_surface(const figfile_figure *fig, double w, double h,
			     cairo_surface_t **out, fig_result *res)
{
	double scale = png_scale(w, h);
	/* w * (PNG_MAX_SIDE / w) may round to a hair above the limit. */
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, (int)fmin(ceil(w * scale), PNG_MAX_SIDE),
		(int)fmin(ceil(h * scale), PNG_MAX_SIDE));
	pb_status st = figfile_status(cairo_surface_status(surface));

	if (st == PB_OK)
		st = draw_page(fig, surface, scale, res);
	else
		snprintf(res->message, sizeof res->message, "cairo: %s",
			 cairo_status_to_string(cairo_surface_status(surface)));
	if (st == PB_OK) {
		cairo_surface_flush(surface);
		*out = surface;
	} else {
		cairo_surface_destroy(surface);
		*out = NULL;
	}
	return st;
}

/* The image SURFACE encoded as PNG through OUT.  It touches nothing but
 * the two, so images can be encoded side by side. */
static pb_status png_encode(cairo_surface_t *surface, sink *out,
			    fig_result *res)
{
	cairo_status_t cs = cairo_surface_write_to_png_stream(surface,
							      sink_write, out);
	pb_status st = figfile_status(cs);

	if (st == PB_OK && sink_failed(out))
		st = PB_IOERR;
	if (st != PB_OK)
		snprintf(res->message, sizeof res->message,
			 "cannot write the PNG: %s", cairo_status_to_string(cs));
	if (out->nomem)
		st = PB_NOMEM;
	return st;
}

static pb_status render_png(const figfile_figure *fig, double w, double h,
			    sink *out, fig_result *res)
{
	cairo_surface_t *surface;
	pb_status st = png_surface(fig, w, h, &surface, res);

	if (st == PB_OK) {
		st = png_encode(surface, out, res);
		cairo_surface_destroy(surface);
	}
	return st;
}

/* One page the size of the figure, created and modified on DATE. */
static pb_status render_pdf(const figfile_figure *fig, double w, double h,
			    const char *date, sink *out, fig_result *res)
{
	sink buf;
	pb_status st;

	sink_init_buffer(&buf);
	st = draw_vector(fig, &pdf_format, date, w, h, &buf, res);
	if (st == PB_OK)
		st = pass_on(out, buf.data, buf.len, "PDF", res);
	sink_free(&buf);
	return st;
}

pb_status figfile_render(const figfile_figure *fig, unsigned format,
			 const char *pdf_date, cairo_write_func_t write,
			 void *closure, char *message, size_t size)
{
	return figfile_render_alt(fig, format, pdf_date, NULL, write, closure,
				  message, size);
}

pb_status figfile_render_alt(const figfile_figure *fig, unsigned format,
			     const char *pdf_date, const char *alt,
			     cairo_write_func_t write, void *closure,
			     char *message, size_t size)
{
	fig_result res = { 0 };
	sink out;
	double w = STYLE_FIGURE_WIDTH + 2 * FIGFILE_MARGIN, h;
	pb_status st;

	if (format != FIG_SVG && format != FIG_PNG && format != FIG_PDF) {
		snprintf(message, size, "unknown figure format %u", format);
		return PB_SOFTWARE;
	}
	st = figfile_measure(fig, STYLE_FIGURE_WIDTH, &res);
	if (st == PB_OK) {
		h = ceil(res.height + 2 * FIGFILE_MARGIN);
		sink_init_stream(&out, write, closure);
		st = format == FIG_SVG ? render_svg(fig, w, h, alt, &out, &res)
		   : format == FIG_PNG ? render_png(fig, w, h, &out, &res)
		   : render_pdf(fig, w, h, pdf_date ? pdf_date : "", &out,
				&res);
	}
	if (size)
		snprintf(message, size, "%s", st == PB_OK ? "" : res.message);
	return st;
}

struct figfile_png {
	cairo_surface_t *surface;
};

pb_status figfile_png_draw(const figfile_figure *fig, figfile_png **out,
			   char *message, size_t size)
{
	fig_result res = { 0 };
	cairo_surface_t *surface = NULL;
	double w = STYLE_FIGURE_WIDTH + 2 * FIGFILE_MARGIN;
	pb_status st = figfile_measure(fig, STYLE_FIGURE_WIDTH, &res);

	*out = NULL;
	if (st == PB_OK)
		st = png_surface(fig, w, ceil(res.height + 2 * FIGFILE_MARGIN),
				 &surface, &res);
	if (st == PB_OK) {
		*out = g_new(figfile_png, 1);
		(*out)->surface = surface;
	}
	if (size)
		snprintf(message, size, "%s", st == PB_OK ? "" : res.message);
	return st;
}

pb_status figfile_png_encode(figfile_png *png, sink *out, char *message,
			     size_t size)
{
	fig_result res = { 0 };
	pb_status st = png_encode(png->surface, out, &res);

	if (size)
		snprintf(message, size, "%s", st == PB_OK ? "" : res.message);
	return st;
}

void figfile_png_free(figfile_png *png)
{
	if (!png)
		return;
	cairo_surface_destroy(png->surface);
	g_free(png);
}

pb_status figfile_put(outdir *o, const char *name, const sink *k, diag *d)
{
	pb_status st = outdir_write(o, name, k->data ? (const void *)k->data
						     : (const void *)"",
				    k->len);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "cannot write the file");
	return st;
}

pb_status figfile_write(const figfile_figure *fig, unsigned format,
			const char *pdf_date, outdir *o, const char *name,
			diag *d)
{
	return figfile_write_alt(fig, format, pdf_date, NULL, o, name, d);
}

pb_status figfile_write_alt(const figfile_figure *fig, unsigned format,
			    const char *pdf_date, const char *alt, outdir *o,
			    const char *name, diag *d)
{
	char message[400];
	sink buf;
	pb_status st;

	sink_init_buffer(&buf);
	st = figfile_render_alt(fig, format, pdf_date, alt, sink_write, &buf,
				message, sizeof message);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "%s", message[0] ? message
				       : "cannot draw the figure");
	else
		st = figfile_put(o, name, &buf, d);
	sink_free(&buf);
	return st;
}
