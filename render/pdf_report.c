/* pdf_report.c: the PDF report: title page, the page's text and tables,
 * and the figures. */
#include "config.h"

#include "render/pdf_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo-pdf.h>
#include <glib.h>
#include <pango/pango.h>

#include "render/fig_paired.h"
#include "render/figfile.h"
#include "render/figkind.h"
#include "render/figpen.h"
#include "render/i18n.h"
#include "render/markdown.h"
#include "render/mdplain.h"
#include "render/sink.h"
#include "render/studytext.h"

/* The page: the text block is as wide as a figure, centred. */
#define MARGIN_X ((PDF_PAGE_WIDTH - STYLE_FIGURE_WIDTH) / 2.0)
#define TEXT_W STYLE_FIGURE_WIDTH
#define TOP 62.0
#define BOTTOM (PDF_PAGE_HEIGHT - 64.0)
#define FOOTER_Y (PDF_PAGE_HEIGHT - 40.0)

/* The title page, in points from the page's top. */
#define TITLE_TOP 150.0      /* where the heading starts */
#define TITLE_KIND_GAP 16.0  /* from "Report of ..." to the title */
#define TITLE_RULE_GAP 10.0  /* from the title to the rule */
#define TITLE_TABLE_GAP 18.0 /* from the rule to the table */
#define CELL_PAD_X 4.0
#define CELL_PAD_Y 3.0
#define CELL_MAX_LINES 40    /* a longer cell is cut with an ellipsis */

/* Spacing of the body pages, in points. */
#define FOOTER_TITLE_W 0.8   /* the footer's title, as a fraction of the
				text width */
#define SECTION_GAP 12.0     /* above a heading of level 1 or 2 */
#define SUBSECTION_GAP 8.0   /* above a lower heading */
#define HEADING_KEEP 60.0    /* a heading goes to the next page unless this
				much of its section fits below it */
#define HEADING_GAP 5.0      /* below a heading */
#define PARAGRAPH_GAP 5.0    /* below a paragraph */
#define BULLET_GAP 3.0       /* below an item of a list */
#define BULLET_X 3.0         /* the bullet, from the margin */
#define BULLET_INDENT 14.0   /* an item's text, from the margin */
#define TABLE_ABOVE 3.0      /* above a table */
#define TABLE_BELOW 8.0      /* below a table */
#define FIGURE_ABOVE 6.0     /* above a figure */
#define FIGURE_BELOW 14.0    /* below a figure */

/* The latest date SOURCE_DATE_EPOCH may give: 9999-12-31T23:59:59Z. */
#define EPOCH_MAX 253402300799LL

typedef struct pdf {
	cairo_surface_t *surface;
	cairo_t *cr;
	fig_input in;
	fig_pen pen;            /* text, translations, the first failure */
	fig_result scratch;     /* where the pen keeps its message */
	double y;               /* the cursor, from the top of the page */
	int page;               /* 1-based */
	bool placed[FIG_KINDS]; /* figures already on a page */
	const size_t *paired;   /* the states of the paired figures, drawn
				   after the per-boot figure */
	size_t n_paired;
} pdf;

/* ------------------------------------------------------------- dates */

/* Reads DIGITS decimal digits at *P into *OUT. */
static bool digits(const char **p, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return false;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return true;
}

/* Seconds since the epoch of an ISO 8601 time as study files write it:
 * YYYY-MM-DD, optionally Thh:mm[:ss[.fraction]] and Z or +hh:mm / -hhmm
 * (no zone: UTC).  False for anything else. */
static bool parse_iso(const char *t, long long *out)
{
	struct tm tm;
	int y, mo, d, h = 0, mi = 0, sec = 0, oh = 0, om = 0, sign = 0;
	const char *p = t;
	time_t v;

	if (!t || !digits(&p, 4, &y) || *p++ != '-' || !digits(&p, 2, &mo)
	    || *p++ != '-' || !digits(&p, 2, &d))
		return false;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		p++;
		if (!digits(&p, 2, &h) || *p++ != ':' || !digits(&p, 2, &mi))
			return false;
		if (*p == ':') {
			p++;
			if (!digits(&p, 2, &sec))
				return false;
			if (*p == '.' || *p == ',') {
				p++;
				while (*p >= '0' && *p <= '9')
					p++;
			}
		}
		if (*p == 'Z' || *p == 'z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			sign = *p++ == '-' ? -1 : 1;
			if (!digits(&p, 2, &oh))
				return false;
			if (*p == ':')
				p++;
			if (*p && !digits(&p, 2, &om))
				return false;
		}
	}
	if (*p || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59
	    || sec > 60 || oh > 23 || om > 59)
		return false;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	/* timegm works in UTC and reads no locale or time zone. */
	v = timegm(&tm);
	*out = (long long)v - sign * (oh * 3600LL + om * 60LL);
	return true;
}

/* The earliest and latest `started` of the runs. */
static bool started_range(const study *s, long long *lo, long long *hi)
{
	bool any = false;

	for (size_t i = 0; i < s->n_runs; i++) {
		long long t;
		if (!parse_iso(s->runs[i].started, &t))
			continue;
		if (!any || t < *lo)
			*lo = t;
		if (!any || t > *hi)
			*hi = t;
		any = true;
	}
	return any;
}

/* T as "YYYY-MM-DDTHH:MM:SSZ", or with DATE_ONLY "YYYY-MM-DD". */
static char *format_utc(long long t, bool date_only, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm)) {
		snprintf(buf, size, "1970-01-01T00:00:00Z");
		return buf;
	}
	if (date_only)
		snprintf(buf, size, "%04d-%02d-%02d", tm.tm_year + 1900,
			 tm.tm_mon + 1, tm.tm_mday);
	else
		snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02dZ",
			 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
			 tm.tm_hour, tm.tm_min, tm.tm_sec);
	return buf;
}

char *pdf_report_date(const study *s, const char *source_date_epoch,
		      char *buf, size_t size)
{
	long long t = 0, lo;
	const char *e = source_date_epoch;
	bool from_env = e && *e && strlen(e) <= 12;

	for (const char *p = e; from_env && *p; p++)
		from_env = *p >= '0' && *p <= '9';
	if (from_env) {
		t = strtoll(e, NULL, 10);
		from_env = t <= EPOCH_MAX;
	}
	if (!from_env && (!s || !started_range(s, &lo, &t))) {
		buf[0] = '\0';
		return buf;
	}
	return format_utc(t, false, buf, size);
}

/* ------------------------------------------------------------ paging */

static void footer(pdf *d)
{
	char num[16];

	if (d->page <= 1)
		return;
	snprintf(num, sizeof num, "%d", d->page);
	style_text_show(d->pen.text, d->cr, FONT_TICK,
			studytext_title(&d->in.s->plan, d->in.lang),
			MARGIN_X, FOOTER_Y, ANCHOR_LEFT | ANCHOR_TOP,
			TEXT_W * FOOTER_TITLE_W, style_ink_soft);
	style_text_show(d->pen.text, d->cr, FONT_TICK, num,
			MARGIN_X + TEXT_W, FOOTER_Y,
			ANCHOR_RIGHT | ANCHOR_TOP, 0, style_ink_soft);
}

static void new_page(pdf *d)
{
	footer(d);
	cairo_show_page(d->cr);
	d->page++;
	d->y = TOP;
}

/* Starts a new page unless H more points fit on this one.  True when a
 * page was started. */
static bool need(pdf *d, double h)
{
	if (d->y + h <= BOTTOM || d->y <= TOP)
		return false;
	new_page(d);
	return true;
}

/* ------------------------------------------------------------- text */

static double line_height(pdf *d, style_font f)
{
	double h;
	style_text_measure(d->pen.text, f, "Ag", 0, NULL, &h);
	return h;
}

/* Wrapped text at X (W wide) that may break across pages. */
static void flow_text(pdf *d, style_font f, const char *text, double x,
		      double w, style_rgb colour)
{
	size_t n;
	char **lines = style_text_lines(d->pen.text, f, text, w, &n);
	double lh = line_height(d, f);

	for (size_t i = 0; lines && i < n; i++) {
		need(d, lh);
		style_text_show(d->pen.text, d->cr, f, lines[i], x, d->y,
				ANCHOR_LEFT | ANCHOR_TOP, 0, colour);
		d->y += lh;
	}
	g_strfreev(lines);
}

static void heading(pdf *d, int level, const char *text)
{
	style_font f = level <= 2 ? FONT_HEADING : FONT_BOLD;
	double h = style_text_block(d->pen.text, NULL, f, text, 0, 0, TEXT_W,
				    ANCHOR_LEFT, style_ink);
	char link[64];

	if (d->y > TOP)
		d->y += level <= 2 ? SECTION_GAP : SUBSECTION_GAP;
	/* Keep a heading with the start of its section. */
	need(d, h + HEADING_KEEP);
	snprintf(link, sizeof link, "page=%d pos=[%d %d]", d->page,
		 (int)MARGIN_X, (int)d->y);
	cairo_pdf_surface_add_outline(d->surface, CAIRO_PDF_OUTLINE_ROOT,
				      text, link, 0);
	d->y += style_text_block(d->pen.text, d->cr, f, text, MARGIN_X, d->y,
				 TEXT_W, ANCHOR_LEFT, style_ink);
	d->y += HEADING_GAP;
}

/* ------------------------------------------------------------ tables */

/* Column widths for a table of COLS columns, as browsers lay out tables:
 * WANT is a column's width on one line (its body cells: a header may
 * wrap), MIN its widest word.  When every column fits on one line, they
 * are stretched to the text width.  Otherwise the narrowest columns get
 * their whole width first, as long as the others keep at least their
 * widest word, and the rest share what is left in proportion to how much
 * they lack: numbers stay on one line, long sentences wrap. */
static void column_widths(const double *want, const double *min,
			  size_t cols, double *w)
{
	double sum = 0, left = TEXT_W;
	size_t *order = g_new(size_t, cols);
	size_t i;

	for (size_t c = 0; c < cols; c++) {
		sum += want[c];
		order[c] = c;
	}
	if (sum <= TEXT_W) {
		for (size_t c = 0; c < cols; c++)
			w[c] = want[c] + (TEXT_W - sum) * want[c] / sum;
		g_free(order);
		return;
	}
	/* Insertion sort by WANT: tables have a handful of columns. */
	for (i = 1; i < cols; i++)
		for (size_t j = i; j > 0 && want[order[j]] < want[order[j - 1]];
		     j--) {
			size_t t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (i = 0; i < cols; i++) {
		double rest_min = 0;
		for (size_t j = i + 1; j < cols; j++)
			rest_min += min[order[j]];
		if (want[order[i]] + rest_min > left)
			break;
		w[order[i]] = want[order[i]];
		left -= want[order[i]];
	}
	if (i < cols) {
		double need_min = 0, lack = 0;
		for (size_t j = i; j < cols; j++) {
			need_min += min[order[j]];
			lack += want[order[j]] - min[order[j]];
		}
		for (size_t j = i; j < cols; j++) {
			size_t c = order[j];
			double extra = left - need_min;
			/* Too many columns for their words: shrink them all,
			 * words then break inside (never past the margin). */
			if (extra < 0)
				w[c] = min[c] * left / need_min;
			else
				w[c] = min[c] + (lack > 0 ? extra * (want[c]
							     - min[c]) / lack
							  : 0);
		}
	}
	g_free(order);
}

/* The width of the widest word of TEXT in FONT. */
static double widest_word(pdf *d, style_font font, const char *text)
{
	char **words = g_strsplit(text ? text : "", " ", -1);
	double wmax = 0;

	for (size_t i = 0; words[i]; i++) {
		double w;
		if (!words[i][0])
			continue;
		style_text_measure(d->pen.text, font, words[i], 0, &w, NULL);
		wmax = fmax(wmax, w);
	}
	g_strfreev(words);
	return wmax;
}

static style_font cell_font(size_t r, size_t c, bool header, bool key)
{
	return (header && r == 0) || (key && c == 0) ? FONT_TABLE_BOLD
						    : FONT_TABLE;
}

/* The height of row R. */
static double row_height(pdf *d, char **cells, size_t r, size_t cols,
			 const double *w, bool header, bool key)
{
	double h = 0;

	for (size_t c = 0; c < cols; c++)
		h = fmax(h, style_text_cell(
				 d->pen.text, NULL,
				 cell_font(r, c, header, key),
				 cells[r * cols + c], 0, 0,
				 w[c] - 2 * CELL_PAD_X, style_ink,
				 CELL_MAX_LINES));
	return h + 2 * CELL_PAD_Y;
}

static void draw_row(pdf *d, char **cells, size_t r, size_t cols,
		     const double *w, double h, bool header, bool key)
{
	double x = MARGIN_X;
	cairo_t *cr = d->cr;

	if (header && r == 0) {
		cairo_save(cr);
		cairo_rectangle(cr, MARGIN_X, d->y, TEXT_W, h);
		style_set_colour(cr, style_band);
		cairo_fill(cr);
		cairo_restore(cr);
	}
	for (size_t c = 0; c < cols; c++) {
		style_text_cell(d->pen.text, cr, cell_font(r, c, header, key),
				cells[r * cols + c], x + CELL_PAD_X,
				d->y + CELL_PAD_Y, w[c] - 2 * CELL_PAD_X,
				style_ink, CELL_MAX_LINES);
		x += w[c];
	}
	cairo_save(cr);
	style_set_colour(cr, header && r == 0 ? style_ink_soft : style_grid);
	cairo_set_line_width(cr, header && r == 0 ? STYLE_LINE_THIN
						  : STYLE_LINE_HAIR);
	cairo_move_to(cr, MARGIN_X, d->y + h);
	cairo_line_to(cr, MARGIN_X + TEXT_W, d->y + h);
	cairo_stroke(cr);
	cairo_restore(cr);
	d->y += h;
}

/* A table of ROWS x COLS CELLS (row-major).  HEADER: row 0 is a header,
 * repeated on every page the table reaches.  KEY: column 0 is bold. */
static void table(pdf *d, char **cells, size_t rows, size_t cols,
		  bool header, bool key)
{
	double *want = g_new0(double, cols), *min = g_new0(double, cols);
	double *w = g_new0(double, cols);
	double head_h = 0;
	const size_t body = header && rows > 1 ? 1 : 0;

	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0; c < cols; c++) {
			style_font f = cell_font(r, c, header, key);
			const char *text = cells[r * cols + c];
			double cw;
			if (r >= body) {
				style_text_measure(d->pen.text, f, text, 0,
						   &cw, NULL);
				want[c] = fmax(want[c],
					       cw + 2 * CELL_PAD_X + 1);
			}
			cw = widest_word(d, f, text) + 2 * CELL_PAD_X + 1;
			min[c] = fmax(min[c], cw);
			want[c] = fmax(want[c], min[c]);
		}
	}
	column_widths(want, min, cols, w);
	if (header)
		head_h = row_height(d, cells, 0, cols, w, true, key);
	for (size_t r = 0; r < rows; r++) {
		double h = r == 0 && header
			   ? head_h : row_height(d, cells, r, cols, w, header,
						 key);
		/* A header alone at the foot of a page helps no one. */
		double keep = r == 0 && header && rows > 1
			      ? row_height(d, cells, 1, cols, w, true, key)
			      : 0;
		if (need(d, h + keep) && header && r > 0)
			draw_row(d, cells, 0, cols, w, head_h, true, key);
		draw_row(d, cells, r, cols, w, h, header, key);
	}
	d->y += TABLE_BELOW;
	g_free(want);
	g_free(min);
	g_free(w);
}

/* ----------------------------------------------------------- figures */

static void paired_figures(pdf *d);

/* Draws FIG, named NAME in a message, at the current place, shrunk to a
 * page when taller, and moves past it.  A failure is the pen's (the
 * report then fails); it is returned too. */
static pb_status place_figure(pdf *d, const figfile_figure *fig,
			      const char *name)
{
	fig_result res;
	double scale = 1.0, h;
	pb_status st = figfile_measure(fig, TEXT_W, &res);

	if (st != PB_OK) {
		fig_pen_fail(&d->pen, st, "figure %s: %s", name, res.message);
		return st;
	}
	h = res.height;
	/* A figure taller than a page is shrunk to fit one. */
	if (h > BOTTOM - TOP)
		scale = (BOTTOM - TOP) / h;
	d->y += FIGURE_ABOVE;
	need(d, h * scale);
	cairo_save(d->cr);
	cairo_translate(d->cr, MARGIN_X, d->y);
	cairo_scale(d->cr, scale, scale);
	st = fig->draw(d->cr, fig->what, TEXT_W, &res);
	cairo_restore(d->cr);
	if (st != PB_OK)
		fig_pen_fail(&d->pen, st, "figure %s: %s", name, res.message);
	d->y += h * scale + FIGURE_BELOW;
	return st;
}

static void figure(pdf *d, fig_kind k)
{
	const fig_kind_input ki = { k, &d->in };
	const figfile_figure fig = { figkind_draw_kind, &ki };

	if (d->placed[k] || !figkind_has(k, d->in.s, d->in.a))
		return;
	d->placed[k] = true;
	if (place_figure(d, &fig, figkind_name(k)) != PB_OK)
		return;
	/* The paired figures look closer at the per-boot figure's pairs. */
	if (k == FIG_BOOTS)
		paired_figures(d);
}

/* The paired figure of each state asked for, each as the others. */
static void paired_figures(pdf *d)
{
	for (size_t i = 0; i < d->n_paired; i++) {
		const fig_paired_input pi = { &d->in, d->paired[i] };
		const figfile_figure fig = { fig_paired_draw, &pi };

		if (place_figure(d, &fig, "paired") != PB_OK)
			return;
	}
}

/* The figures that follow section ID of the page, if any. */
static void figures_for(page_section id, fig_kind *out, size_t *n)
{
	*n = 0;
	if (id == PAGE_COMPARISONS) {
		out[(*n)++] = FIG_INTERVAL;
		out[(*n)++] = FIG_BOOTS;
	} else if (id == PAGE_MECHANISM) {
		out[(*n)++] = FIG_MECHANISM;
	}
}

/* -------------------------------------------------------- title page */

/* The title page's top: what the document is, the study's title and a
 * rule under them. */
static void title_heading(pdf *d)
{
	fig_pen *pen = &d->pen;

	d->y = TITLE_TOP;
	style_text_show(pen->text, d->cr, FONT_LABEL,
			trc(pen, "figure", "Report of a benchmark study"),
			MARGIN_X, d->y, ANCHOR_LEFT | ANCHOR_TOP, TEXT_W,
			style_ink_soft);
	d->y += TITLE_KIND_GAP;
	d->y += style_text_block(pen->text, d->cr, FONT_TITLE,
				 studytext_title(&d->in.s->plan, d->in.lang),
				 MARGIN_X, d->y, TEXT_W, ANCHOR_LEFT,
				 style_ink);
	d->y += TITLE_RULE_GAP;
	cairo_save(d->cr);
	style_set_colour(d->cr, style_ink_soft);
	cairo_set_line_width(d->cr, STYLE_LINE_THIN);
	cairo_move_to(d->cr, MARGIN_X, d->y);
	cairo_line_to(d->cr, MARGIN_X + TEXT_W, d->y);
	cairo_stroke(d->cr);
	cairo_restore(d->cr);
	d->y += TITLE_TABLE_GAP;
}

/* The title page: the heading, then the table of what the study is and
 * how it was analysed. */
/* "10 000, generator mt19937, seed 20260825": the count grouped as the
 * page groups it, the seed, which counts nothing, in plain digits. */
static char *resamples_text(fig_pen *pen, const study_plan *p)
{
	char *count = fig_count_printf(pen, "%lu", p->resamples);
	char *text = fig_printf(trc(pen, "figure",
				    "%s, generator mt19937, seed %lu"),
				count, (unsigned long)p->seed);

	g_free(count);
	return text;
}

static void title_page(pdf *d)
{
	const study *s = d->in.s;
	const study_plan *p = &s->plan;
	fig_pen *pen = &d->pen;
	GPtrArray *cells = g_ptr_array_new_with_free_func(g_free);
	char conf[FIG_NUMBUF], t[FIG_NUMBUF], ref[FIG_STATE_BUFSIZE];
	char a[32], b[32];
	long long lo, hi;

#define ROW(key, value)                                              \
	do {                                                         \
		g_ptr_array_add(cells, g_strdup(key));               \
		g_ptr_array_add(cells, value);                       \
	} while (0)

	title_heading(d);
	ROW(trc(pen, "figure", "Build"), g_strdup(p->build));
	if (studytext_platform(p, d->in.lang))
		ROW(trc(pen, "figure", "Platform"),
		    g_strdup(studytext_platform(p, d->in.lang)));
	if (started_range(s, &lo, &hi)) {
		format_utc(lo, true, a, sizeof a);
		format_utc(hi, true, b, sizeof b);
		ROW(trc(pen, "figure", "Boots recorded"),
		    strcmp(a, b) == 0 ? g_strdup(a)
				      : g_strdup_printf("%s \xe2\x80\x93 %s",
							a, b));
	}
	ROW(trc(pen, "figure", "Study folder"), g_strdup(s->name));
	ROW(trc(pen, "figure", "Measured"), fig_metric(pen, p));
	ROW(trc(pen, "figure", "Statistic"),
	    fig_printf(trc(pen, "figure", "%s of each boot, in %s; %s"),
		       p->statistic.name, p->unit,
		       p->better == BETTER_LOWER
		       ? trc(pen, "figure", "lower values are better")
		       : trc(pen, "figure", "higher values are better")));
	fig_state(pen, p->reference, ref, sizeof ref);
	ROW(trc(pen, "figure", "Reference state"), g_strdup(ref));
	fig_number(pen, p->threshold, fig_decimals(p), false, t, sizeof t);
	{
		char *q = fig_qty(pen, t, p->unit);
		ROW(trc(pen, "figure", "Practical threshold"),
		    g_strdup_printf("\xc2\xb1%s", q));
		g_free(q);
	}
	if (numtext_percent(p->confidence, 1, conf, sizeof conf) != PB_OK)
		conf[0] = '\0';
	fig_decimal_mark(pen, conf);
	ROW(trc(pen, "figure", "Confidence interval"),
	    fig_printf(trc(pen, "figure", "%s%%, %s, paired by block"), conf,
		       fig_method_name(pen, p->interval)));
	ROW(trc(pen, "figure", "Resamples"),
	    p->resamples_exact
	    ? g_strdup(trc(pen, "figure",
			   "exact (every distinct resample)"))
	    : resamples_text(pen, p));
	ROW(trc(pen, "figure", "Input digest (SHA-256)"),
	    g_strdup(s->digest));
	ROW(trc(pen, "figure", "Analysis plan digest (SHA-256)"),
	    g_strdup(p->digest));
	ROW(trc(pen, "figure", "Analysis plan"),
	    g_strdup(p->registered
		     ? trc(pen, "figure", "registered before the data")
		     : trc(pen, "figure", "not registered")));
	ROW(trc(pen, "figure", "Made with"),
	    g_strdup_printf("pairboot %s, cairo %s, Pango %s",
			    PACKAGE_VERSION, cairo_version_string(),
			    pango_version_string()));
#undef ROW
	table(d, (char **)cells->pdata, cells->len / 2, 2, false, true);
	g_ptr_array_free(cells, TRUE);
	new_page(d);
}

/* ------------------------------------------------------------- body */

/* Table block B in plain text. */
static void table_block(pdf *d, const page_block *b)
{
	size_t n = b->n_rows * b->n_cols;
	char **cells = g_new(char *, n + 1);

	for (size_t k = 0; k < n; k++)
		cells[k] = mdplain_cell(b->cells[k]);
	cells[n] = NULL;
	d->y += TABLE_ABOVE;
	table(d, cells, b->n_rows, b->n_cols, true, false);
	g_strfreev(cells);
}

/* Block B, which is not a table, in plain text; FIRST: the page's first
 * block. */
static void text_block(pdf *d, const page_block *b, bool first,
		       fig_kind *pending, size_t *n_pending)
{
	char *text = mdplain_text(b->text, b->kind == PAGE_HEADING);

	switch (b->kind) {
	case PAGE_HEADING:
		/* The page's own title is on the title page. */
		if (first && b->level == 1)
			break;
		for (size_t k = 0; k < *n_pending; k++)
			figure(d, pending[k]);
		heading(d, b->level, text);
		/* A section's figures follow its heading, before any
		 * series' heading within it. */
		figures_for(b->level == 2 ? b->section : PAGE_TOP, pending,
			    n_pending);
		break;
	case PAGE_PARAGRAPH:
		flow_text(d, FONT_BODY, text, MARGIN_X, TEXT_W, style_ink);
		d->y += PARAGRAPH_GAP;
		break;
	case PAGE_BULLET:
		need(d, line_height(d, FONT_BODY));
		style_text_show(d->pen.text, d->cr, FONT_BODY,
				"\xe2\x80\xa2", MARGIN_X + BULLET_X, d->y,
				ANCHOR_LEFT | ANCHOR_TOP, 0, style_ink_soft);
		flow_text(d, FONT_BODY, text, MARGIN_X + BULLET_INDENT,
			  TEXT_W - BULLET_INDENT, style_ink);
		d->y += BULLET_GAP;
		break;
	case PAGE_TABLE:
	case PAGE_FIGURE:   /* the report draws its figures itself */
		break;
	}
	g_free(text);
}

static void body(pdf *d, const pagedoc *page)
{
	fig_kind pending[FIG_KINDS];
	size_t n_pending = 0;

	for (size_t i = 0; i < pagedoc_n_blocks(page); i++) {
		const page_block *b = pagedoc_block(page, i);
		if (b->kind == PAGE_TABLE)
			table_block(d, b);
		else
			text_block(d, b, i == 0, pending, &n_pending);
	}
	for (size_t k = 0; k < n_pending; k++)
		figure(d, pending[k]);
	/* Figures whose section the page does not have come last. */
	for (int k = 0; k < FIG_KINDS; k++) {
		if (!d->placed[k] && figkind_has((fig_kind)k, d->in.s,
						 d->in.a)) {
			heading(d, 2, trc(&d->pen, "figure", "Figures"));
			for (int j = k; j < FIG_KINDS; j++)
				figure(d, (fig_kind)j);
			break;
		}
	}
	footer(d);
}

/* Starts the PDF surface of D writing into K, with the document's
 * title, creator and dates.  False (MESSAGE says why) when cairo cannot
 * start it. */
static bool start_surface(pdf *d, sink *k, const char *source_date_epoch,
			  char *message, size_t size)
{
	char date[32], *creator;

	d->surface = cairo_pdf_surface_create_for_stream(
		sink_write, k, PDF_PAGE_WIDTH, PDF_PAGE_HEIGHT);
	if (cairo_surface_status(d->surface) != CAIRO_STATUS_SUCCESS) {
		snprintf(message, size, "cannot start the PDF: %s",
			 cairo_status_to_string(
				 cairo_surface_status(d->surface)));
		cairo_surface_destroy(d->surface);
		return false;
	}
	pdf_report_date(d->in.s, source_date_epoch, date, sizeof date);
	creator = g_strdup_printf("pairboot %s", PACKAGE_VERSION);
	cairo_pdf_surface_set_metadata(d->surface, CAIRO_PDF_METADATA_TITLE,
				       studytext_title(&d->in.s->plan,
						       d->in.lang));
	cairo_pdf_surface_set_metadata(d->surface,
				       CAIRO_PDF_METADATA_CREATOR, creator);
	cairo_pdf_surface_set_metadata(d->surface,
				       CAIRO_PDF_METADATA_CREATE_DATE, date);
	cairo_pdf_surface_set_metadata(d->surface,
				       CAIRO_PDF_METADATA_MOD_DATE, date);
	g_free(creator);
	return true;
}

/* Finishes and frees the surface of D, which wrote into K after the
 * drawing ended with ST; returns the status of the whole. */
static pb_status finish_surface(pdf *d, const sink *k, pb_status st,
				char *message, size_t size)
{
	cairo_status_t cst;

	cairo_surface_finish(d->surface);
	cst = cairo_surface_status(d->surface);
	/* A failed write puts the surface, and so every drawing after it,
	 * into an error state: the write is the failure to report. */
	if (sink_failed(k) || (st == PB_OK && cst != CAIRO_STATUS_SUCCESS)) {
		st = k->nomem || cst == CAIRO_STATUS_NO_MEMORY ? PB_NOMEM
		     : sink_failed(k) || cst == CAIRO_STATUS_WRITE_ERROR
		     ? PB_IOERR : PB_CANTCREAT;
		snprintf(message, size, "cannot write the PDF: %s",
			 k->nomem ? "out of memory"
			 : sink_failed(k) ? "write error"
			 : cairo_status_to_string(cst));
	}
	cairo_surface_destroy(d->surface);
	return st;
}

/* PAGE, or when it is NULL the page of D's study made into *OWN (free
 * it); NULL, MESSAGE saying why, when it cannot be made. */
static const pagedoc *the_page(const pdf *d, const pagedoc *page,
			       pagedoc **own, pb_status *st, char *message,
			       size_t size)
{
	*own = NULL;
	*st = PB_OK;
	if (page)
		return page;
	*own = pagedoc_new();
	*st = markdown_render_doc(d->in.s, d->in.a, d->in.lang, *own);
	if (*st == PB_OK)
		return *own;
	snprintf(message, size, "cannot lay out the %s page", d->in.lang);
	pagedoc_free(*own);
	*own = NULL;
	return NULL;
}

pb_status pdf_report_render(const study *s, const analysis *a,
			    const char *lang, const pagedoc *page,
			    const char *source_date_epoch,
			    cairo_write_func_t write, void *closure,
			    char *message, size_t size)
{
	return pdf_report_render_paired(s, a, lang, page, source_date_epoch,
					NULL, 0, write, closure, message,
					size);
}

pb_status pdf_report_render_paired(const study *s, const analysis *a,
				   const char *lang, const pagedoc *page,
				   const char *source_date_epoch,
				   const size_t *paired, size_t n_paired,
				   cairo_write_func_t write, void *closure,
				   char *message, size_t size)
{
	pdf d;
	sink k;
	pagedoc *own;
	pb_status st;

	if (size)
		message[0] = '\0';
	memset(&d, 0, sizeof d);
	d.in.s = s;
	d.in.a = a;
	d.in.lang = lang;
	d.paired = paired;
	d.n_paired = n_paired;
	if (!i18n_known(lang)) {
		snprintf(message, size, "unknown language '%s'",
			 lang ? lang : "");
		return PB_SOFTWARE;
	}
	page = the_page(&d, page, &own, &st, message, size);
	if (!page)
		return st;

	sink_init_stream(&k, write, closure);
	if (!start_surface(&d, &k, source_date_epoch, message, size)) {
		pagedoc_free(own);
		return PB_CANTCREAT;
	}

	d.cr = cairo_create(d.surface);
	d.page = 1;
	st = fig_pen_begin(&d.pen, d.cr, &d.in, &d.scratch);
	if (st == PB_OK) {
		title_page(&d);
		body(&d, page);
		st = fig_pen_end(&d.pen);
		if (st != PB_OK)
			snprintf(message, size, "%s", d.scratch.message);
	} else {
		snprintf(message, size, "out of memory");
	}
	cairo_destroy(d.cr);
	st = finish_surface(&d, &k, st, message, size);
	pagedoc_free(own);
	return st;
}
