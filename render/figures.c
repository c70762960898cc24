/* figures.c: the figures of a report, rendered into SVG, PNG and PDF. */
#include "config.h"

#include "render/figures.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo-svg.h>

#include "render/i18n.h"
#include "render/pdf_report.h"
#include "render/sink.h"

/* White space around a figure in its own file, in points. */
#define FIG_MARGIN 12.0

void figures_svg_normalize(const char *in, size_t len, GString *out)
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

/* Draws figure K onto a surface of WIDTH x HEIGHT points (scaled by
 * SCALE), on white, inside the margin. */
static pb_status draw_page(fig_kind k, cairo_surface_t *surface,
			   const fig_input *in, double scale,
			   fig_result *res)
{
	cairo_t *cr = cairo_create(surface);
	pb_status st = figures_cairo_status(cairo_status(cr));

	if (st == PB_OK) {
		cairo_scale(cr, scale, scale);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
		cairo_translate(cr, FIG_MARGIN, FIG_MARGIN);
		st = figures_draw(k, cr, in, STYLE_FIGURE_WIDTH, res);
	} else {
		snprintf(res->message, sizeof res->message, "cairo: %s",
			 cairo_status_to_string(cairo_status(cr)));
	}
	cairo_destroy(cr);
	return st;
}

static pb_status render_svg(fig_kind k, const fig_input *in, double w,
			    double h, sink *out, fig_result *res)
{
	sink buf;
	cairo_surface_t *surface;
	GString *norm;
	pb_status st;

	sink_init_buffer(&buf);
	surface = cairo_svg_surface_create_for_stream(sink_write, &buf, w, h);
	st = figures_cairo_status(cairo_surface_status(surface));
	if (st == PB_OK) {
		/* Width and height in points, so the figure keeps its size
		 * when placed in a page. */
		cairo_svg_surface_set_document_unit(surface,
						    CAIRO_SVG_UNIT_PT);
		st = draw_page(k, surface, in, 1.0, res);
	}
	cairo_surface_finish(surface);
	if (st == PB_OK) {
		st = figures_cairo_status(cairo_surface_status(surface));
		if (st == PB_OK && sink_failed(&buf))
			st = buf.nomem ? PB_NOMEM : PB_IOERR;
		if (st != PB_OK)
			snprintf(res->message, sizeof res->message,
				 "cannot write the SVG: %s",
				 cairo_status_to_string(
					 cairo_surface_status(surface)));
	}
	cairo_surface_destroy(surface);
	if (st == PB_OK) {
		norm = g_string_sized_new(buf.len + 64);
		figures_svg_normalize((const char *)buf.data, buf.len, norm);
		if (sink_write(out, (const unsigned char *)norm->str,
			       (unsigned int)norm->len)
		    != CAIRO_STATUS_SUCCESS) {
			st = out->nomem ? PB_NOMEM : PB_IOERR;
			snprintf(res->message, sizeof res->message,
				 "cannot write the SVG");
		}
		g_string_free(norm, TRUE);
	}
	sink_free(&buf);
	return st;
}

static pb_status render_png(fig_kind k, const fig_input *in, double w,
			    double h, sink *out, fig_result *res)
{
	int pw = (int)ceil(w * STYLE_PNG_SCALE);
	int ph = (int)ceil(h * STYLE_PNG_SCALE);
	cairo_surface_t *surface =
		cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
	pb_status st = figures_cairo_status(cairo_surface_status(surface));

	if (st == PB_OK)
		st = draw_page(k, surface, in, STYLE_PNG_SCALE, res);
	else
		snprintf(res->message, sizeof res->message, "cairo: %s",
			 cairo_status_to_string(cairo_surface_status(surface)));
	if (st == PB_OK) {
		cairo_status_t cs;
		cairo_surface_flush(surface);
		cs = cairo_surface_write_to_png_stream(surface, sink_write,
						       out);
		st = figures_cairo_status(cs);
		if (st == PB_OK && sink_failed(out))
			st = PB_IOERR;
		if (st != PB_OK)
			snprintf(res->message, sizeof res->message,
				 "cannot write the PNG: %s",
				 cairo_status_to_string(cs));
		if (out->nomem)
			st = PB_NOMEM;
	}
	cairo_surface_destroy(surface);
	return st;
}

pb_status figures_render(fig_kind k, unsigned format, const fig_input *in,
			 cairo_write_func_t write, void *closure,
			 char *message, size_t size)
{
	fig_result res;
	sink out;
	double w = STYLE_FIGURE_WIDTH + 2 * FIG_MARGIN, h;
	pb_status st;

	if (size)
		message[0] = '\0';
	if (format != FIG_SVG && format != FIG_PNG) {
		snprintf(message, size, "unknown figure format %u", format);
		return PB_SOFTWARE;
	}
	st = figures_measure(k, in, STYLE_FIGURE_WIDTH, &res);
	if (st == PB_OK) {
		h = ceil(res.height + 2 * FIG_MARGIN);
		sink_init_stream(&out, write, closure);
		st = format == FIG_SVG ? render_svg(k, in, w, h, &out, &res)
				       : render_png(k, in, w, h, &out, &res);
	}
	if (st != PB_OK)
		snprintf(message, size, "%s", res.message);
	return st;
}

/* outdir_write of a whole buffer, with a diagnostic naming the file. */
static pb_status put_file(outdir *o, const char *name, const sink *k,
			  diag *d)
{
	pb_status st = outdir_write(o, name, k->data ? (const void *)k->data
						     : (const void *)"",
				    k->len);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "cannot write the file");
	return st;
}

pb_status figures_write(const study *s, const analysis *a, const char *lang,
			unsigned formats, outdir *o, diag *d)
{
	static const struct {
		unsigned bit;
		const char *ext;
	} kinds[] = { { FIG_SVG, "svg" }, { FIG_PNG, "png" } };
	const fig_input in = { s, a, lang };
	char message[400];
	pb_status st = PB_OK;

	if (!i18n_known(lang)) {
		diag_error(d, "figures", 0, 0, "unknown report language '%s'",
			   lang ? lang : "");
		diag_fail(d, PB_SOFTWARE);
		return PB_SOFTWARE;
	}
	for (int k = 0; k < FIG_KINDS && st == PB_OK; k++) {
		if (!figures_has((fig_kind)k, s, a))
			continue;
		for (size_t f = 0; f < 2 && st == PB_OK; f++) {
			char *name;
			sink buf;
			if (!(formats & kinds[f].bit))
				continue;
			name = g_strdup_printf("%s.%s.%s",
					       figures_name((fig_kind)k), lang,
					       kinds[f].ext);
			sink_init_buffer(&buf);
			st = figures_render((fig_kind)k, kinds[f].bit, &in,
					    sink_write, &buf, message,
					    sizeof message);
			if (st != PB_OK)
				diag_error(d, name, 0, 0, "%s", message);
			else
				st = put_file(o, name, &buf, d);
			sink_free(&buf);
			g_free(name);
		}
	}
	if (st == PB_OK && (formats & FIG_PDF)) {
		char *name = g_strdup_printf("report.%s.pdf", lang);
		sink buf;
		sink_init_buffer(&buf);
		st = pdf_report_render(s, a, lang, getenv("SOURCE_DATE_EPOCH"),
				       sink_write, &buf, message,
				       sizeof message);
		if (st != PB_OK)
			diag_error(d, name, 0, 0, "%s", message);
		else
			st = put_file(o, name, &buf, d);
		sink_free(&buf);
		g_free(name);
	}
	if (st != PB_OK)
		diag_fail(d, st);
	return st;
}

pb_status figures_versions_json(diag *d, json_t **out)
{
	style_versions v;
	char message[300];
	json_t *o, *fonts;
	pb_status st = style_versions_get(&v, message, sizeof message);
	bool ok = true;

	*out = NULL;
	if (st != PB_OK) {
		if (st != PB_NOMEM)
			diag_error(d, "fonts", 0, 0, "%s", message);
		return st;
	}
	o = json_object();
	fonts = json_array();
	if (!o || !fonts) {
		json_decref(o);
		json_decref(fonts);
		style_versions_free(&v);
		return PB_NOMEM;
	}
	ok &= json_object_set_new(o, "cairo", json_string(v.cairo)) == 0;
	ok &= json_object_set_new(o, "pango", json_string(v.pango)) == 0;
	for (size_t i = 0; i < v.n_fonts; i++) {
		json_t *f = json_object();
		if (!f) {
			ok = false;
			break;
		}
		ok &= json_object_set_new(f, "family",
					  json_string(v.fonts[i].family)) == 0;
		ok &= json_object_set_new(f, "style",
					  json_string(v.fonts[i].style)) == 0;
		ok &= json_object_set_new(f, "path",
					  json_string(v.fonts[i].path)) == 0;
		ok &= json_object_set_new(f, "sha256",
					  json_string(v.fonts[i].sha256)) == 0;
		ok &= json_object_set_new(f, "bytes",
					  json_integer((json_int_t)
						       v.fonts[i].bytes)) == 0;
		ok &= json_array_append_new(fonts, f) == 0;
	}
	ok &= json_object_set_new(o, "fonts", fonts) == 0;
	style_versions_free(&v);
	if (!ok) {
		json_decref(o);
		return PB_NOMEM;
	}
	*out = o;
	return PB_OK;
}
