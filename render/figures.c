/* figures.c: the figures of a report, rendered into SVG, PNG and PDF. */
#include "config.h"

#include "render/figures.h"

#include <stdio.h>
#include <string.h>

#include "render/figfile.h"
#include "render/i18n.h"
#include "render/pdf_report.h"
#include "render/sink.h"

pb_status figures_render(fig_kind k, unsigned format, const fig_input *in,
			 cairo_write_func_t write, void *closure,
			 char *message, size_t size)
{
	const fig_kind_input ki = { k, in };
	const figfile_figure fig = { figures_draw_kind, &ki };

	/* A study's figures are made as SVG and PNG; its PDF is the
	 * report (render/pdf_report.h). */
	if (format != FIG_SVG && format != FIG_PNG) {
		snprintf(message, size, "unknown figure format %u", format);
		return PB_SOFTWARE;
	}
	return figfile_render(&fig, format, NULL, write, closure, message,
			      size);
}

/* The PDF report of S and A in LANG into the file report.<lang>.pdf. */
static pb_status write_pdf(const study *s, const analysis *a,
			   const char *lang, const pagedoc *page,
			   const char *source_date_epoch, outdir *o, diag *d)
{
	char *name = g_strdup_printf("report.%s.pdf", lang);
	char message[400];
	sink buf;
	pb_status st;

	sink_init_buffer(&buf);
	st = pdf_report_render(s, a, lang, page, source_date_epoch,
			       sink_write, &buf, message, sizeof message);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "%s", message);
	else
		st = figfile_put(o, name, &buf, d);
	sink_free(&buf);
	g_free(name);
	return st;
}

pb_status figures_write(const study *s, const analysis *a, const char *lang,
			const pagedoc *page, unsigned formats,
			const char *source_date_epoch, outdir *o, diag *d)
{
	static const struct {
		unsigned bit;
		const char *ext;
	} kinds[] = { { FIG_SVG, "svg" }, { FIG_PNG, "png" } };
	const fig_input in = { s, a, lang };
	pb_status st = PB_OK;

	if (!i18n_known(lang)) {
		diag_error(d, "figures", 0, 0, "unknown report language '%s'",
			   lang ? lang : "");
		diag_fail(d, PB_SOFTWARE);
		return PB_SOFTWARE;
	}
	for (int k = 0; k < FIG_KINDS && st == PB_OK; k++) {
		const fig_kind_input ki = { (fig_kind)k, &in };
		const figfile_figure fig = { figures_draw_kind, &ki };

		if (!figures_has((fig_kind)k, s, a))
			continue;
		for (size_t f = 0; f < 2 && st == PB_OK; f++) {
			char *name;
			if (!(formats & kinds[f].bit))
				continue;
			name = g_strdup_printf("%s.%s.%s",
					       figures_name((fig_kind)k), lang,
					       kinds[f].ext);
			st = figfile_write(&fig, kinds[f].bit, NULL, o, name,
					   d);
			g_free(name);
		}
	}
	if (st == PB_OK && (formats & FIG_PDF))
		st = write_pdf(s, a, lang, page, source_date_epoch, o, d);
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
