/* figures.c: the figures of a report, rendered into SVG, PNG and PDF. */
#include "config.h"

#include "render/figures.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "common/readopt.h"
#include "common/taskpool.h"
#include "render/fig_paired.h"
#include "render/figfile.h"
#include "render/i18n.h"
#include "render/markdown.h"
#include "render/mdplain.h"
#include "render/pagedoc.h"
#include "render/pdf_report.h"
#include "render/sink.h"

pb_status figures_render(fig_kind k, unsigned format, const fig_input *in,
			 cairo_write_func_t write, void *closure,
			 char *message, size_t size)
{
	const fig_kind_input ki = { k, in };
	const figfile_figure fig = { figkind_draw_kind, &ki };

	/* A study's figures are made as SVG and PNG; its PDF is the
	 * report (render/pdf_report.h). */
	if (format != FIG_SVG && format != FIG_PNG) {
		snprintf(message, size, "unknown figure format %u", format);
		return PB_SOFTWARE;
	}
	return figfile_render(&fig, format, NULL, write, closure, message,
			      size);
}

/* The PDF report of S and A in LANG into the file
 * <prefix>report.<lang>.pdf. */
static pb_status write_pdf(const study *s, const analysis *a,
			   const char *lang, const pagedoc *page,
			   const char *source_date_epoch, const char *prefix,
			   const size_t *paired, size_t n_paired, outdir *o,
			   diag *d)
{
	char *name = g_strdup_printf("%sreport.%s.pdf", prefix, lang);
	char message[400];
	sink buf;
	pb_status st;

	sink_init_buffer(&buf);
	st = pdf_report_render_paired(s, a, lang, page, source_date_epoch,
				      paired, n_paired, sink_write, &buf,
				      message, sizeof message);
	if (st != PB_OK)
		diag_error(d, name, 0, 0, "%s", message);
	else
		st = figfile_put(o, name, &buf, d);
	sink_free(&buf);
	g_free(name);
	return st;
}

/* One PNG file to be: the figure's image, and once encoded its bytes, or
 * why not. */
typedef struct png_job {
	char *name;              /* the file's name (g_free) */
	figfile_png *image;
	sink bytes;
	pb_status st;
	char message[400];
} png_job;

static pb_status encode_task(void *arg, size_t i)
{
	png_job *job = &((png_job *)arg)[i];

	job->st = figfile_png_encode(job->image, &job->bytes, job->message,
				     sizeof job->message);
	return job->st;
}

/* The encoding of a language's PNG images, on a thread of its own while
 * the calling thread draws the PDF: encoding needs no fonts, and Pango
 * stays on one thread. */
typedef struct png_encoding {
	png_job *jobs;
	size_t n;
	unsigned threads;        /* for the pool; 1: no thread at all */
	pb_status st;
	pthread_t thread;
	bool started;
} png_encoding;

static void *encode_all(void *arg)
{
	png_encoding *e = arg;

	e->st = taskpool_run(e->n, e->threads, encode_task, e->jobs, NULL,
			     NULL);
	return NULL;
}

/* Starts encoding the N images of JOBS, in the background when the user
 * allows more than one thread. */
static void encoding_start(png_encoding *e, png_job *jobs, size_t n)
{
	memset(e, 0, sizeof *e);
	e->jobs = jobs;
	e->n = n;
	e->threads = readopt_default_jobs();
	if (n > 0 && e->threads > 1)
		e->started = pthread_create(&e->thread, NULL, encode_all, e)
			     == 0;
}

/* Waits for the encoding of E to end (or does it now, when no thread
 * took it) and returns its status. */
static pb_status encoding_wait(png_encoding *e)
{
	if (e->started)
		pthread_join(e->thread, NULL);
	else
		encode_all(e);
	e->started = false;
	return e->st;
}

/* Writes the N encoded images of JOBS into O in order, once their
 * encoding ended with ST; the first failure goes to D. */
static pb_status put_pngs(png_job *jobs, size_t n, pb_status st, outdir *o,
			  diag *d)
{
	size_t i = 0;

	if (st != PB_OK) {
		/* The status is the first failed job's, in order (none failed
		 * when the pool itself could not be set up). */
		while (i < n && jobs[i].st == PB_OK)
			i++;
		if (i < n)
			diag_error(d, jobs[i].name, 0, 0, "%s",
				   jobs[i].message);
		return st;
	}
	for (; i < n && st == PB_OK; i++)
		st = figfile_put(o, jobs[i].name, &jobs[i].bytes, d);
	return st;
}

/* The figures of FIG_KINDS of IN drawn as PNG images into JOBS (*N of
 * them). */
static pb_status draw_pngs(const fig_input *in, const char *prefix,
			   png_job *jobs, size_t *n, diag *d)
{
	pb_status st = PB_OK;

	for (int k = 0; k < FIG_KINDS && st == PB_OK; k++) {
		const fig_kind_input ki = { (fig_kind)k, in };
		const figfile_figure fig = { figkind_draw_kind, &ki };
		const char *base = figkind_name((fig_kind)k);

		if (figkind_has((fig_kind)k, in->s, in->a)) {
			png_job *job = &jobs[(*n)++];
			job->name = g_strdup_printf("%s%s.%s.png", prefix,
						    base, in->lang);
			sink_init_buffer(&job->bytes);
			st = figfile_png_draw(&fig, &job->image, job->message,
					      sizeof job->message);
			if (st != PB_OK)
				diag_error(d, job->name, 0, 0, "%s",
					   job->message[0] ? job->message
					   : "cannot draw the figure");
		}
	}
	return st;
}

/* The alt text of the figure of file TARGET on DOC, as plain text
 * (g_free), or NULL when the page does not show it. */
static char *target_alt(const pagedoc *doc, const char *target)
{
	char *alt = NULL;

	for (size_t i = 0; doc && !alt && i < pagedoc_n_blocks(doc); i++) {
		const page_block *b = pagedoc_block(doc, i);

		if (b->kind == PAGE_FIGURE && b->target && b->text
		    && strcmp(b->target, target) == 0)
			alt = mdplain_text(b->text, true);
	}
	return alt;
}

/* The alt text of figure K on DOC (a page linked to "K.LANG.svg"), as
 * plain text (g_free), or NULL when the page does not show it. */
static char *page_alt(const pagedoc *doc, fig_kind k, const char *lang)
{
	char *target = g_strdup_printf("%s.%s.svg", figkind_name(k), lang);
	char *alt = target_alt(doc, target);

	g_free(target);
	return alt;
}

/* The figures of FIG_KINDS of IN as SVG files into O, each titled and
 * described by its alt text on the page, which it renders for that. */
static pb_status write_svgs(const fig_input *in, const char *prefix,
			    outdir *o, diag *d)
{
	const markdown_links links = { "svg", "", NULL, 0 };
	pagedoc *doc = pagedoc_new();
	pb_status st = markdown_render_doc_linked(in->s, in->a, in->lang,
						  &links, doc);

	for (int k = 0; k < FIG_KINDS && st == PB_OK; k++) {
		const fig_kind_input ki = { (fig_kind)k, in };
		const figfile_figure fig = { figkind_draw_kind, &ki };
		char *name, *alt;

		if (!figkind_has((fig_kind)k, in->s, in->a))
			continue;
		name = g_strdup_printf("%s%s.%s.svg", prefix,
				       figkind_name((fig_kind)k), in->lang);
		alt = page_alt(doc, (fig_kind)k, in->lang);
		st = figfile_write_alt(&fig, FIG_SVG, NULL, alt, o, name, d);
		g_free(alt);
		g_free(name);
	}
	pagedoc_free(doc);
	return st;
}

pb_status figures_write(const study *s, const analysis *a, const char *lang,
			const pagedoc *page, unsigned formats,
			const char *source_date_epoch, outdir *o, diag *d)
{
	return figures_write_prefixed(s, a, lang, page, formats,
				      source_date_epoch, "", o, d);
}

pb_status figures_write_prefixed(const study *s, const analysis *a,
				 const char *lang, const pagedoc *page,
				 unsigned formats,
				 const char *source_date_epoch,
				 const char *prefix, outdir *o, diag *d)
{
	return figures_write_report(s, a, lang, page, formats,
				    source_date_epoch, prefix, NULL, 0, o, d);
}

pb_status figures_write_report(const study *s, const analysis *a,
			       const char *lang, const pagedoc *page,
			       unsigned formats, const char *source_date_epoch,
			       const char *prefix, const size_t *paired,
			       size_t n_paired, outdir *o, diag *d)
{
	const fig_input in = { s, a, lang };
	png_job jobs[FIG_KINDS];
	size_t n = 0;
	pb_status st;

	if (!i18n_known(lang)) {
		diag_error(d, "figures", 0, 0, "unknown report language '%s'",
			   lang ? lang : "");
		diag_fail(d, PB_SOFTWARE);
		return PB_SOFTWARE;
	}
	memset(jobs, 0, sizeof jobs);
	/* The SVG files first, so that a figure that cannot be drawn is
	 * named by its SVG file, as when each figure was made in turn. */
	st = formats & FIG_SVG ? write_svgs(&in, prefix, o, d) : PB_OK;
	if (st == PB_OK && (formats & FIG_PNG))
		st = draw_pngs(&in, prefix, jobs, &n, d);
	if (st == PB_OK) {
		pb_status encoded;
		png_encoding e;

		encoding_start(&e, jobs, n);
		if (formats & FIG_PDF)
			st = write_pdf(s, a, lang, page, source_date_epoch,
				       prefix, paired, n_paired, o, d);
		encoded = encoding_wait(&e);
		if (st == PB_OK)
			st = put_pngs(jobs, n, encoded, o, d);
	}
	for (size_t i = 0; i < n; i++) {
		figfile_png_free(jobs[i].image);
		sink_free(&jobs[i].bytes);
		g_free(jobs[i].name);
	}
	if (st != PB_OK)
		diag_fail(d, st);
	return st;
}

pb_status figures_write_paired(const study *s, const analysis *a,
			       const char *lang, const size_t *states,
			       size_t n_states, unsigned formats,
			       const char *prefix, outdir *o, diag *d)
{
	const fig_input in = { s, a, lang };
	const markdown_links links = { "svg", "", states, n_states };
	pagedoc *doc = pagedoc_new();
	pb_status st = PB_OK;

	/* Each SVG titled and described by its alt text on the page. */
	if (formats & FIG_SVG)
		st = markdown_render_doc_linked(s, a, lang, &links, doc);
	for (size_t i = 0; i < n_states && st == PB_OK; i++) {
		const fig_paired_input pi = { &in, states[i] };
		const figfile_figure fig = { fig_paired_draw, &pi };
		char stem[FIG_PAIRED_STEM_SIZE];
		char *name, *alt;

		fig_paired_stem(s->plan.states[states[i]], stem, sizeof stem);
		if (formats & FIG_SVG) {
			name = g_strdup_printf("%s.%s.svg", stem, lang);
			alt = target_alt(doc, name);
			g_free(name);
			name = g_strdup_printf("%s%s.%s.svg", prefix, stem,
					       lang);
			st = figfile_write_alt(&fig, FIG_SVG, NULL, alt, o,
					       name, d);
			g_free(alt);
			g_free(name);
		}
		if (st == PB_OK && (formats & FIG_PNG)) {
			name = g_strdup_printf("%s%s.%s.png", prefix, stem,
					       lang);
			st = figfile_write(&fig, FIG_PNG, NULL, o, name, d);
			g_free(name);
		}
	}
	pagedoc_free(doc);
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
