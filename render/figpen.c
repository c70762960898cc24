/* figpen.c: the shared drawing state of the figures. */
#include "config.h"

#include "render/figpen.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/numtext.h"
#include "render/cs_prep.h"
#include "render/i18n.h"
#include "render/studytext.h"

/* The key of fig_pen_set_measuring's mark: only its address counts. */
static const cairo_user_data_key_t measuring_key;

void fig_pen_set_measuring(cairo_t *cr)
{
	/* The key's address doubles as the (non-NULL) value. */
	(void)cairo_set_user_data(cr, &measuring_key, (void *)&measuring_key,
				  NULL);
}

pb_status fig_pen_begin(fig_pen *p, cairo_t *cr, const fig_input *in,
			fig_result *res)
{
	memset(p, 0, sizeof *p);
	memset(res, 0, sizeof *res);
	p->cr = cr;
	p->measuring = cairo_get_user_data(cr, &measuring_key) != NULL;
	p->in = in;
	p->res = res;
	p->status = style_text_new(cr, in->lang, &p->text);
	return p->status;
}

void fig_pen_fail(fig_pen *p, pb_status st, const char *fmt, ...)
{
	va_list ap;

	if (p->status != PB_OK || st == PB_OK)
		return;
	p->status = st;
	va_start(ap, fmt);
	vsnprintf(p->res->message, sizeof p->res->message, fmt, ap);
	va_end(ap);
}

pb_status fig_pen_end(fig_pen *p)
{
	cairo_status_t cs = cairo_status(p->cr);

	if (p->text) {
		if (style_text_status(p->text) != PB_OK)
			fig_pen_fail(p, style_text_status(p->text), "%s",
				     style_text_message(p->text));
		style_text_free(p->text);
		p->text = NULL;
	}
	if (cs != CAIRO_STATUS_SUCCESS)
		fig_pen_fail(p, cs == CAIRO_STATUS_NO_MEMORY ? PB_NOMEM
			     : cs == CAIRO_STATUS_WRITE_ERROR ? PB_IOERR
							      : PB_CANTCREAT,
			     "cairo: %s", cairo_status_to_string(cs));
	return p->status;
}

const char *fig_tr(fig_pen *p, const char *msgid)
{
	const char *t = i18n_text(p->in->lang, msgid);

	if (!t) {
		fig_pen_fail(p, PB_SOFTWARE, "no %s translation of '%s'",
			     p->in->lang, msgid);
		return msgid;
	}
	return t;
}

const char *fig_trc(fig_pen *p, const char *ctx, const char *msgid)
{
	const char *t = i18n_ctext(p->in->lang, ctx, msgid);

	if (!t) {
		fig_pen_fail(p, PB_SOFTWARE, "no %s translation of '%s' "
			     "(context %s)", p->in->lang, msgid, ctx);
		return msgid;
	}
	return t;
}

char *fig_qty(fig_pen *p, const char *number, const char *unit)
{
	return fig_printf(fig_trc(p, "number and unit", "%s %s"), number,
			  unit ? unit : "");
}

char *fig_printf(const char *format, ...)
{
	va_list ap;
	char *s;

	va_start(ap, format);
	s = cs_prep_vprintf("", format, ap);
	va_end(ap);
	return s;
}

/* The separator of digit groups of P's language, "" for none. */
static const char *group_sep(const fig_pen *p)
{
	const char *example = i18n_ctext(p->in->lang, "digit groups", "10000");
	const char *sep = numtext_group_separator(example);

	if (!sep || (p->in->s && p->in->s->plan.decimal_point))
		return "";
	return sep;
}

char *fig_count_printf(const fig_pen *p, const char *format, ...)
{
	va_list ap;
	char *s;

	va_start(ap, format);
	s = cs_prep_vprintf(group_sep(p), format, ap);
	va_end(ap);
	return s;
}

char *fig_series_name(fig_pen *p, const study_plan *plan, size_t series)
{
	char *name = studytext_series_name(plan, series, p->in->lang);

	if (name)
		return name;
	fig_pen_fail(p, PB_SOFTWARE, "no %s name of series '%s'",
		     p->in->lang, plan->series[series].id);
	return g_strdup(plan->series[series].label);
}

char *fig_metric(fig_pen *p, const study_plan *plan)
{
	const char *own = studytext_metric(plan, p->in->lang);

	if (own)
		return g_strdup(own);
	/* TRANSLATORS: what was measured, when the study does not say it
	   in words: the per-boot statistic (`p99`, `mean`) and the column
	   of the measurements it is computed from (`latency_us`). */
	return fig_printf(trc(p, "metric", "%s of %s per boot"),
			  plan->statistic.name, plan->column);
}

const char *fig_state(fig_pen *p, pb_state st, char *buf, size_t size)
{
	char num[PB_STATE_BUFSIZE];
	const char *text = st.missing ? trc(p, "state", "missing")
				      : pb_state_format(st, num, sizeof num);
	size_t n = strlen(text);

	if (n >= size) {
		/* Back to the start of a UTF-8 character. */
		n = size - 1;
		while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(buf, text, n);
	buf[n] = '\0';
	return buf;
}

/* The width of TEXT's widest word, words parted by blanks. */
static double widest_word(fig_pen *p, style_font font, const char *text)
{
	char **words = g_strsplit(text, " ", -1);
	double widest = 0;

	for (size_t i = 0; words && words[i]; i++) {
		double w = 0;

		if (!words[i][0])
			continue;
		style_text_measure(p->text, font, words[i], 0, &w, NULL);
		widest = fmax(widest, w);
	}
	g_strfreev(words);
	return widest;
}

const char *fig_state_named(fig_pen *p, pb_state st, char *buf,
			    size_t size)
{
	if (st.missing) {
		const char *named = trc(p, "state in a sentence",
					"\"missing\"");
		size_t n = strlen(named);

		if (n < size) {
			memcpy(buf, named, n + 1);
			return buf;
		}
	}
	return fig_state(p, st, buf, size);
}

double fig_label(fig_pen *p, style_font font, const char *text, double x,
		 double y, int anchor, double width, int max_lines,
		 style_rgb colour)
{
	double w, h;

	style_text_measure(p->text, font, text, 0, &w, &h);
	if (w <= width || max_lines < 2) {
		style_text_show(p->text, p->cr, font, text, x, y, anchor, width,
				colour);
		return h;
	}
	/* Lines break between words only: the block is at least as wide
	 * as its widest word, so that no word (a state's name: "missing")
	 * is hyphenated or cut. */
	width = fmax(width, widest_word(p, font, text));
	h = style_text_block_max(p->text, NULL, font, text, 0, 0, width,
				 anchor, colour, max_lines);
	/* a block has no single baseline: ANCHOR_BASELINE places its top */
	style_anchor_place(anchor, width, h, 0, &x, &y);
	style_text_block_max(p->text, p->cr, font, text, x, y, width, anchor,
			     colour, max_lines);
	return h;
}

void fig_decimal_mark(const fig_pen *p, char *buf)
{
	const char *mark = i18n_ctext(p->in->lang, "decimal mark", ".");

	if (mark && mark[0] == ',' && p->in->s
	    && !p->in->s->plan.decimal_point)
		numtext_decimal_mark(buf, ',');
}

char *fig_number(const fig_pen *p, double value, int decimals, bool plus,
		 char *buf, size_t size)
{
	axis_format(value, decimals, plus, buf, size);
	fig_decimal_mark(p, buf);
	return buf;
}

size_t fig_series_rank(const study_plan *plan, size_t series)
{
	size_t rank = 0;

	for (size_t i = 0; i < series && i < plan->n_series; i++)
		if (plan->series[i].kind == SERIES_LATENCY)
			rank++;
	return rank;
}

size_t *fig_compared_series(const fig_input *in, size_t *n)
{
	const study_plan *p = &in->s->plan;
	size_t *out = calloc(p->n_series ? p->n_series : 1, sizeof *out);

	*n = 0;
	if (!out)
		return NULL;
	for (size_t k = 0; k < p->n_series; k++) {
		for (size_t i = 0; i < in->a->n_cmp; i++) {
			if (in->a->cmp[i].series == k) {
				out[(*n)++] = k;
				break;
			}
		}
	}
	return out;
}

const char *fig_method_name(fig_pen *p, interval_method m)
{
	switch (m) {
	case INTERVAL_PERCENTILE:
		return trc(p, "figure", "percentile bootstrap");
	case INTERVAL_BCA:
		return trc(p, "figure", "BCa bootstrap");
	case INTERVAL_T:
		return trc(p, "figure", "Student t");
	case INTERVAL_EXPANDED:
		return trc(p, "figure", "expanded percentile bootstrap");
	case INTERVAL_STUDENTIZED:
		return trc(p, "figure", "studentized bootstrap-t");
	}
	return interval_method_name(m);
}

/* The most decimals a figure's labels have room for. */
#define MAX_DECIMALS 6

/* An arrowhead's half width, as a fraction of its length. */
#define ARROW_HALF_W 0.45

int fig_decimals(const study_plan *plan)
{
	int d = plan->threshold_decimals;
	return d < 0 ? 0 : d > MAX_DECIMALS ? MAX_DECIMALS : d;
}

void fig_arrowhead(cairo_t *cr, double x, double y, int dir, double len)
{
	double w = len * ARROW_HALF_W;
	double back = dir > 0 ? x - len : x + len;

	cairo_new_path(cr);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, back, y - w);
	cairo_line_to(cr, back, y + w);
	cairo_close_path(cr);
	cairo_fill(cr);
}

void fig_mark_add(fig_result *res, double x, double y, size_t series)
{
	if (res->n_marks < FIG_MARKS) {
		res->marks[res->n_marks].x = x;
		res->marks[res->n_marks].y = y;
		res->marks[res->n_marks].series = series;
	}
	res->n_marks++;
}

void fig_shape_add(fig_result *res, const fig_shape *shape)
{
	if (res->n_shapes < FIG_MARKS)
		res->shapes[res->n_shapes] = *shape;
	res->n_shapes++;
}

/* The dashed box that stands in for a figure's data: its height, and the
 * inset of its message from each side. */
#define MESSAGE_BOX_H 90.0
#define MESSAGE_INSET 12.0

void fig_draw_message(fig_pen *p, const char *title, const char *message,
		      double width)
{
	const double box = MESSAGE_BOX_H;
	double y = 0, h;

	if (title && title[0]) {
		y += style_text_block(p->text, p->cr, FONT_FIGTITLE, title, 0,
				      0, width, ANCHOR_LEFT, style_ink);
		y += STYLE_PAD;
	}
	cairo_save(p->cr);
	cairo_rectangle(p->cr, 0.5, y + 0.5, width - 1, box - 1);
	style_set_colour(p->cr, style_band_edge);
	cairo_set_line_width(p->cr, STYLE_LINE_THIN);
	cairo_set_dash(p->cr, (const double[]){ 3, 2 }, 2, 0);
	cairo_stroke(p->cr);
	cairo_restore(p->cr);
	h = style_text_block(p->text, NULL, FONT_LABEL, message, 0, 0,
			     width - 2 * MESSAGE_INSET, ANCHOR_CENTER,
			     style_ink_soft);
	style_text_block(p->text, p->cr, FONT_LABEL, message, MESSAGE_INSET,
			 y + (box - h) / 2, width - 2 * MESSAGE_INSET,
			 ANCHOR_CENTER, style_ink_soft);
	p->res->empty = true;
	p->res->height = y + box;
}

void fig_draw_nothing_to_compare(fig_pen *p, const char *title, double width)
{
	fig_draw_message(p, title,
			 trc(p, "figure", "There is nothing to compare: the "
			     "study has no measurement series or no state "
			     "besides the reference."),
			 width);
}

void fig_result_describe(fig_result *res, const char *title,
			 const char *sub)
{
	char *text = g_strdup_printf("%s. %s.", title, sub);

	if (strlen(text) >= sizeof res->alt) {
		char *end = g_utf8_find_prev_char(text,
						  text + sizeof res->alt - 1);
		*(end ? end : text) = '\0';
	}
	g_strlcpy(res->alt, text, sizeof res->alt);
	g_free(text);
}

void fig_result_plot(fig_result *res, double x0, double x1, double y0,
		     double y1)
{
	res->x0 = x0;
	res->x1 = x1;
	res->y0 = y0;
	res->y1 = y1;
}

bool fig_value_axis(fig_pen *p, bool have, const double *lo,
		    const double *hi, const char *title, double width,
		    const char *what)
{
	if (!have) {
		fig_draw_nothing_to_compare(p, title, width);
		return false;
	}
	if (!axis_nice(*lo, *hi, FIG_VALUE_TICKS, &p->res->axis)) {
		fig_pen_fail(p, PB_DATAERR, "the %s values of %s are too large "
			     "to draw", what, p->in->s->name);
		return false;
	}
	p->res->has_axis = true;
	return true;
}
