/* style.c: palette, markers and pinned-font text for figures and the PDF. */
#include "config.h"

#include "render/style.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>

#include "common/digest.h"
#include "common/strutil.h"
#include "render/libexit.h"

const style_rgb style_ink = { 0.10, 0.10, 0.10 };
const style_rgb style_ink_soft = { 0.35, 0.35, 0.35 };
const style_rgb style_grid = { 0.88, 0.88, 0.88 };
const style_rgb style_band = { 0.91, 0.91, 0.91 };
const style_rgb style_band_edge = { 0.62, 0.62, 0.62 };
const style_rgb style_white = { 1.0, 1.0, 1.0 };

/* Okabe-Ito: blue, vermillion, bluish green, reddish purple, orange, sky
 * blue, black.  Blue and vermillion first: the two most different for
 * every kind of colour vision, and most studies have two series. */
static const style_rgb palette[] = {
	{ 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0 },
	{ 0xD5 / 255.0, 0x5E / 255.0, 0x00 / 255.0 },
	{ 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0 },
	{ 0xCC / 255.0, 0x79 / 255.0, 0xA7 / 255.0 },
	{ 0xE6 / 255.0, 0x9F / 255.0, 0x00 / 255.0 },
	{ 0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0 },
	{ 0x00 / 255.0, 0x00 / 255.0, 0x00 / 255.0 },
};

#define PALETTE_SIZE (sizeof palette / sizeof palette[0])

style_rgb style_series_colour(size_t i)
{
	return palette[i % PALETTE_SIZE];
}

/* A channel of an sRGB colour made linear (IEC 61966-2-1, as WCAG 2.1
 * writes it). */
static double linear(double v)
{
	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double luminance(style_rgb c)
{
	return 0.2126 * linear(c.r) + 0.7152 * linear(c.g)
	       + 0.0722 * linear(c.b);
}

double style_contrast(style_rgb a, style_rgb b)
{
	double la = luminance(a), lb = luminance(b);

	return (fmax(la, lb) + 0.05) / (fmin(la, lb) + 0.05);
}

/* The step by which style_mark_colour darkens: fine enough to stop close
 * above the ratio, and a fixed sequence, so the same colour always comes
 * out (the figures' bytes must not vary). */
#define MARK_DARKEN_STEP 0.98

style_rgb style_mark_colour(style_rgb c)
{
	style_rgb d = c;

	/* The band is darker than white, so the band decides; white is
	 * checked too in case the band is ever lightened.  Black passes, so
	 * the loop ends. */
	while (style_contrast(d, style_band) < STYLE_MARK_CONTRAST
	       || style_contrast(d, style_white) < STYLE_MARK_CONTRAST) {
		d.r *= MARK_DARKEN_STEP;
		d.g *= MARK_DARKEN_STEP;
		d.b *= MARK_DARKEN_STEP;
	}
	return d;
}

style_marker style_series_marker(size_t i)
{
	return (style_marker)(i % STYLE_MARKERS);
}

void style_set_colour(cairo_t *cr, style_rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

/* A regular polygon of N corners, radius R, the first corner at angle
 * A0 (radians, 0 = right, y down). */
static void polygon(cairo_t *cr, double x, double y, double r, int n,
		    double a0)
{
	for (int k = 0; k < n; k++) {
		double a = a0 + 2.0 * M_PI * k / n;
		if (k == 0)
			cairo_move_to(cr, x + r * cos(a), y + r * sin(a));
		else
			cairo_line_to(cr, x + r * cos(a), y + r * sin(a));
	}
	cairo_close_path(cr);
}

/* A marker's shape, scaled from the circle's radius: the square, the
 * diamond and the hexagon to 91 to 101 % of the circle's area, the
 * triangle to 70 %.  A triangle's corners
 * are centred TRIANGLE_SHIFT radii off the point, towards its base: the
 * middle of its height is then 0.125 radii from the point, not 0.325. */
#define SQUARE_R 0.89
#define TRIANGLE_R 1.3
#define TRIANGLE_SHIFT 0.2
#define DIAMOND_R 1.25
#define HEXAGON_R 1.05
/* Its outline: the fill darkened by this factor, this wide. */
#define MARKER_EDGE_SHADE 0.6
#define MARKER_EDGE_W 0.6

void style_marker_draw(cairo_t *cr, style_marker m, double x, double y,
		       double size, style_rgb fill)
{
	double r = size / 2.0;

	cairo_save(cr);
	cairo_new_path(cr);
	switch (m) {
	case MARKER_CIRCLE:
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	case MARKER_SQUARE:
		r *= SQUARE_R;
		cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
		break;
	case MARKER_TRIANGLE:
		polygon(cr, x, y + r * TRIANGLE_SHIFT, r * TRIANGLE_R, 3,
			-M_PI / 2);
		break;
	case MARKER_DIAMOND:
		polygon(cr, x, y, r * DIAMOND_R, 4, -M_PI / 2);
		break;
	case MARKER_TRIANGLE_DOWN:
		polygon(cr, x, y - r * TRIANGLE_SHIFT, r * TRIANGLE_R, 3,
			M_PI / 2);
		break;
	case MARKER_HEXAGON:
		polygon(cr, x, y, r * HEXAGON_R, 6, 0);
		break;
	}
	style_set_colour(cr, fill);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, fill.r * MARKER_EDGE_SHADE,
			     fill.g * MARKER_EDGE_SHADE,
			     fill.b * MARKER_EDGE_SHADE);
	cairo_set_line_width(cr, MARKER_EDGE_W);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* ----------------------------------------------------------------- text */

/* The pinned families, in order of preference for a language. */
#define FAMILY_LATIN "DejaVu Sans"
#define FAMILY_HANGUL "NanumGothic"

static const double font_sizes[STYLE_FONTS] = {
	[FONT_TICK] = 7.5,
	[FONT_LABEL] = 8.5,
	[FONT_BODY] = 9.5,
	[FONT_BOLD] = 9.5,
	[FONT_FIGTITLE] = 11.0,
	[FONT_HEADING] = 14.0,
	[FONT_TITLE] = 20.0,
	[FONT_TABLE] = 8.5,
	[FONT_TABLE_BOLD] = 8.5,
};

static const bool font_bold[STYLE_FONTS] = {
	[FONT_BOLD] = true,
	[FONT_FIGTITLE] = true,
	[FONT_HEADING] = true,
	[FONT_TITLE] = true,
	[FONT_TABLE_BOLD] = true,
};

struct style_text {
	PangoContext *ctx;
	PangoFontDescription *fonts[STYLE_FONTS];
	pb_status status;        /* sticky: the first failure */
	char message[512];       /* what the failure was */
};

static bool is_korean(const char *lang)
{
	return lang && strncmp(lang, "ko", 2) == 0
	       && (lang[2] == '\0' || lang[2] == '_' || lang[2] == '-');
}

/* Text laid out without hinting and without rounding glyph positions to
 * whole pixels: the layout is then the same on a PDF at 72 dpi and on a
 * PNG at any scale, and the same from run to run. */
static void set_font_options(PangoContext *ctx)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_cairo_context_set_resolution(ctx, 72.0);
}

pb_status style_text_new(cairo_t *cr, const char *lang, style_text **out)
{
	style_text *t = calloc(1, sizeof *t);
	const char *families = is_korean(lang)
			       ? FAMILY_HANGUL "," FAMILY_LATIN
			       : FAMILY_LATIN "," FAMILY_HANGUL;

	*out = NULL;
	if (!t)
		return PB_NOMEM;
	libexit_fonts_used();
	t->ctx = pango_cairo_create_context(cr);
	if (!t->ctx) {
		free(t);
		return PB_NOMEM;
	}
	set_font_options(t->ctx);
	pango_context_set_language(t->ctx, pango_language_from_string(
					   lang ? lang : "en"));
	for (int i = 0; i < STYLE_FONTS; i++) {
		PangoFontDescription *fd = pango_font_description_new();
		if (!fd) {
			style_text_free(t);
			return PB_NOMEM;
		}
		pango_font_description_set_family(fd, families);
		pango_font_description_set_weight(fd, font_bold[i]
						  ? PANGO_WEIGHT_BOLD
						  : PANGO_WEIGHT_NORMAL);
		pango_font_description_set_absolute_size(
			fd, font_sizes[i] * PANGO_SCALE);
		t->fonts[i] = fd;
	}
	t->status = PB_OK;
	*out = t;
	return PB_OK;
}

void style_text_free(style_text *t)
{
	if (!t)
		return;
	for (int i = 0; i < STYLE_FONTS; i++)
		if (t->fonts[i])
			pango_font_description_free(t->fonts[i]);
	if (t->ctx)
		g_object_unref(t->ctx);
	free(t);
}

pb_status style_text_status(const style_text *t)
{
	return t->status;
}

const char *style_text_message(const style_text *t)
{
	return t->message;
}

/* Whether FONT is of FAMILY, by any of the names fontconfig gives its
 * family: Pango describes a font by the name of the user's language, so
 * under a Korean locale (LC_ALL, LANG or FC_LANG=ko) NanumGothic is
 * "\xEB\x82\x98\xEB\x88\x94\xEA\xB3\xA0\xEB\x94\x95" to it. */
static bool font_of_family(PangoFont *font, const char *family)
{
	FcPattern *pat;
	FcChar8 *name;

	if (!font || !PANGO_IS_FC_FONT(font))
		return false;
	pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
	for (int i = 0; FcPatternGetString(pat, FC_FAMILY, i, &name)
			== FcResultMatch; i++)
		if (g_ascii_strcasecmp((const char *)name, family) == 0)
			return true;
	return false;
}

static bool pinned_font(PangoFont *font)
{
	return font_of_family(font, FAMILY_LATIN)
	       || font_of_family(font, FAMILY_HANGUL);
}

/* Records the first failure: TEXT is quoted, cut to fit. */
static void text_fail(style_text *t, const char *why, const char *text)
{
	if (t->status != PB_OK)
		return;
	t->status = PB_CANTCREAT;
	snprintf(t->message, sizeof t->message, "%s in '%.200s'", why, text);
}

/* Checks that every glyph of L was found, in a pinned family. */
static void check_layout(style_text *t, PangoLayout *l, const char *text)
{
	GSList *lines;

	if (pango_layout_get_unknown_glyphs_count(l) > 0) {
		text_fail(t, "the fonts " FAMILY_LATIN " and " FAMILY_HANGUL
			  " have no glyph for some characters", text);
		return;
	}
	lines = pango_layout_get_lines_readonly(l);
	for (GSList *li = lines; li; li = li->next) {
		PangoLayoutLine *line = li->data;
		for (GSList *ri = line->runs; ri; ri = ri->next) {
			PangoGlyphItem *run = ri->data;
			PangoFontDescription *fd;
			const char *family;
			char why[160];

			if (!run->item->analysis.font)
				continue;
			fd = pango_font_describe(run->item->analysis.font);
			family = fd ? pango_font_description_get_family(fd)
				    : NULL;
			if (!pinned_font(run->item->analysis.font)) {
				snprintf(why, sizeof why,
					 "text falls back to the font '%.60s' "
					 "(install fonts-dejavu-core and "
					 "fonts-nanum)",
					 family ? family : "?");
				text_fail(t, why, text);
			}
			if (fd)
				pango_font_description_free(fd);
		}
	}
}

/* A layout of TEXT in FONT: MAX_WIDTH > 0 with WRAP wraps there, without
 * it ellipsizes.  NULL only when out of memory (recorded). */
static PangoLayout *make_layout(style_text *t, style_font font,
				const char *text, double max_width, bool wrap)
{
	PangoLayout *l = pango_layout_new(t->ctx);

	if (!l) {
		if (t->status == PB_OK)
			t->status = PB_NOMEM;
		return NULL;
	}
	pango_layout_set_font_description(l, t->fonts[font]);
	pango_layout_set_text(l, text ? text : "", -1);
	if (max_width > 0) {
		pango_layout_set_width(l, (int)(max_width * PANGO_SCALE));
		if (wrap)
			pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
		else
			pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	}
	check_layout(t, l, text ? text : "");
	return l;
}

static void layout_extent(PangoLayout *l, double *x, double *w, double *h,
			  double *baseline)
{
	PangoRectangle logical;
	pango_layout_get_extents(l, NULL, &logical);
	if (x)
		*x = (double)logical.x / PANGO_SCALE;
	if (w)
		*w = (double)logical.width / PANGO_SCALE;
	if (h)
		*h = (double)logical.height / PANGO_SCALE;
	if (baseline)
		*baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
}

void style_text_measure(style_text *t, style_font font, const char *text,
			double max_width, double *width, double *height)
{
	PangoLayout *l = make_layout(t, font, text, max_width, false);
	double w = 0, h = 0;

	if (l) {
		layout_extent(l, NULL, &w, &h, NULL);
		g_object_unref(l);
	}
	if (width)
		*width = w;
	if (height)
		*height = h;
}

/* Draws layout L with its top-left corner at (X, Y) in COLOUR. */
static void show_layout(cairo_t *cr, PangoLayout *l, double x, double y,
			style_rgb colour)
{
	cairo_save(cr);
	style_set_colour(cr, colour);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
	cairo_restore(cr);
}

void style_anchor_place(int anchor, double w, double h, double base,
			double *x, double *y)
{
	int hor = anchor & 3, ver = anchor & 12;

	if (hor == ANCHOR_CENTER)
		*x -= w / 2.0;
	else if (hor == ANCHOR_RIGHT)
		*x -= w;
	if (ver == ANCHOR_MIDDLE)
		*y -= h / 2.0;
	else if (ver == ANCHOR_BASELINE)
		*y -= base;
	else if (ver == ANCHOR_BOTTOM)
		*y -= h;
}

double style_text_show(style_text *t, cairo_t *cr, style_font font,
		       const char *text, double x, double y, int anchor,
		       double max_width, style_rgb colour)
{
	PangoLayout *l = make_layout(t, font, text, max_width, false);
	double lx, w, h, base;

	if (!l)
		return 0;
	layout_extent(l, &lx, &w, &h, &base);
	x -= lx;
	style_anchor_place(anchor, w, h, base, &x, &y);
	show_layout(cr, l, x, y, colour);
	g_object_unref(l);
	return w;
}

/* Whether WORD (LEN bytes) holds a Hangul syllable or letter. */
static bool has_hangul(const char *word, size_t len)
{
	for (const char *c = word; c < word + len; c = g_utf8_next_char(c))
		if (g_unichar_get_script(g_utf8_get_char(c))
		    == G_UNICODE_SCRIPT_HANGUL)
			return true;
	return false;
}

/* Keeps each Korean word of layout L (TEXT in FONT) on one line where it
 * fits in MAX_WIDTH: Pango may break between any two Hangul syllables, but
 * Korean breaks lines between words, at spaces.  A word wider than
 * MAX_WIDTH is left to break inside, so that it never runs past it. */
static void keep_korean_words(style_text *t, PangoLayout *l,
			      style_font font, const char *text,
			      double max_width)
{
	PangoAttrList *attrs = NULL;
	const char *p = text;

	while (*p) {
		size_t len = strcspn(p, " \n");

		if (len && has_hangul(p, len)) {
			char *word = g_strndup(p, len);
			PangoLayout *w = make_layout(t, font, word, 0, false);
			double ww = max_width + 1;

			if (w) {
				layout_extent(w, NULL, &ww, NULL, NULL);
				g_object_unref(w);
			}
			if (ww <= max_width) {
				PangoAttribute *a =
					pango_attr_allow_breaks_new(FALSE);
				a->start_index = (guint)(p - text);
				a->end_index = (guint)(p - text + len);
				if (!attrs)
					attrs = pango_attr_list_new();
				pango_attr_list_insert(attrs, a);
			}
			g_free(word);
		}
		p += len;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	if (attrs) {
		pango_layout_set_attributes(l, attrs);
		pango_attr_list_unref(attrs);
	}
}

/* style_text_block_max: Korean words kept whole by keep_korean_words. */
static double text_block(style_text *t, cairo_t *cr, style_font font,
			 const char *text, double x, double y, double width,
			 int anchor, style_rgb colour, int max_lines)
{
	PangoLayout *l = make_layout(t, font, text, width, true);
	double h;
	int hor = anchor & 3;

	if (!l)
		return 0;
	if (text && width > 0)
		keep_korean_words(t, l, font, text, width);
	if (max_lines > 0) {
		/* A negative height counts lines (Pango's convention). */
		pango_layout_set_height(l, -max_lines);
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	}
	pango_layout_set_alignment(l, hor == ANCHOR_CENTER
				   ? PANGO_ALIGN_CENTER
				   : hor == ANCHOR_RIGHT ? PANGO_ALIGN_RIGHT
							 : PANGO_ALIGN_LEFT);
	layout_extent(l, NULL, NULL, &h, NULL);
	if (cr)
		show_layout(cr, l, x, y, colour);
	g_object_unref(l);
	return h;
}

double style_text_block_max(style_text *t, cairo_t *cr, style_font font,
			    const char *text, double x, double y,
			    double width, int anchor, style_rgb colour,
			    int max_lines)
{
	return text_block(t, cr, font, text, x, y, width, anchor, colour,
			  max_lines);
}

double style_text_cell(style_text *t, cairo_t *cr, style_font font,
		       const char *text, double x, double y, double width,
		       style_rgb colour, int max_lines)
{
	return text_block(t, cr, font, text, x, y, width, ANCHOR_LEFT,
			  colour, max_lines);
}

double style_text_block(style_text *t, cairo_t *cr, style_font font,
			const char *text, double x, double y, double width,
			int anchor, style_rgb colour)
{
	return style_text_block_max(t, cr, font, text, x, y, width, anchor,
				    colour, 0);
}

char **style_text_lines(style_text *t, style_font font, const char *text,
			double width, size_t *n)
{
	PangoLayout *l = make_layout(t, font, text, width, true);
	const char *all = text ? text : "";
	char **lines;
	int count;

	*n = 0;
	if (!l)
		return NULL;
	if (width > 0)
		keep_korean_words(t, l, font, all, width);
	count = pango_layout_get_line_count(l);
	lines = g_new0(char *, (size_t)count + 1);
	for (int i = 0; i < count; i++) {
		PangoLayoutLine *line = pango_layout_get_line_readonly(l, i);
		/* Break characters (spaces, a newline) at the end of a
		 * line belong to it; the next line starts after them. */
		size_t len = (size_t)line->length;
		while (len > 0 && (all[line->start_index + len - 1] == ' '
				   || all[line->start_index + len - 1]
				      == '\n'))
			len--;
		lines[i] = g_strndup(all + line->start_index, len);
	}
	*n = (size_t)count;
	g_object_unref(l);
	return lines;
}

/* ------------------------------------------------------------- versions */

/* Fills F from the font Pango loads for FAMILY at WEIGHT. */
static pb_status font_file(PangoFontMap *map, PangoContext *ctx,
			   const char *family, PangoWeight weight,
			   style_font_file *f, char *message, size_t size)
{
	PangoFontDescription *want = pango_font_description_new();
	PangoFontDescription *got = NULL;
	PangoFont *font;
	FcPattern *pat;
	FcChar8 *file = NULL, *style = NULL;
	hb_blob_t *blob;
	const char *data;
	unsigned int len = 0;
	pb_status st = PB_OK;

	if (!want)
		return PB_NOMEM;
	pango_font_description_set_family(want, family);
	pango_font_description_set_weight(want, weight);
	pango_font_description_set_absolute_size(want, 10 * PANGO_SCALE);
	font = pango_font_map_load_font(map, ctx, want);
	pango_font_description_free(want);
	if (font)
		got = pango_font_describe(font);
	if (!font || !got || !font_of_family(font, family)) {
		snprintf(message, size, "the font family '%s' is not "
			 "installed (Debian package %s)", family,
			 strcmp(family, FAMILY_HANGUL) == 0
			 ? "fonts-nanum" : "fonts-dejavu-core");
		st = PB_CANTCREAT;
		goto out;
	}
	pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
	if (FcPatternGetString(pat, FC_FILE, 0, &file) != FcResultMatch)
		file = NULL;
	if (FcPatternGetString(pat, FC_STYLE, 0, &style) != FcResultMatch)
		style = NULL;
	/* The family by the name asked for, whatever the locale calls it,
	 * so that what is recorded is the same in every locale. */
	f->family = strutil_dup(family);
	f->style = strutil_dup(style ? (const char *)style : "");
	f->path = strutil_dup(file ? (const char *)file : "");
	if (!f->family || !f->style || !f->path) {
		st = PB_NOMEM;
		goto out;
	}
	/* The digest of the data the shaper really used: the whole font
	 * file, as HarfBuzz maps it. */
	blob = hb_face_reference_blob(hb_font_get_face(
					      pango_font_get_hb_font(font)));
	data = hb_blob_get_data(blob, &len);
	digest_buffer(data ? data : "", data ? len : 0, f->sha256);
	f->bytes = len;
	hb_blob_destroy(blob);
out:
	if (got)
		pango_font_description_free(got);
	if (font)
		g_object_unref(font);
	return st;
}

pb_status style_versions_get(style_versions *out, char *message,
			     size_t size)
{
	static const struct {
		const char *family;
		PangoWeight weight;
	} wanted[] = {
		{ FAMILY_LATIN, PANGO_WEIGHT_NORMAL },
		{ FAMILY_LATIN, PANGO_WEIGHT_BOLD },
		{ FAMILY_HANGUL, PANGO_WEIGHT_NORMAL },
		{ FAMILY_HANGUL, PANGO_WEIGHT_BOLD },
	};
	const size_t n = sizeof wanted / sizeof wanted[0];
	PangoFontMap *map;
	PangoContext *ctx;
	pb_status st = PB_OK;

	libexit_fonts_used();
	map = pango_cairo_font_map_get_default();
	memset(out, 0, sizeof *out);
	if (size)
		message[0] = '\0';
	out->cairo = cairo_version_string();
	out->pango = pango_version_string();
	out->fonts = calloc(n, sizeof *out->fonts);
	ctx = map ? pango_font_map_create_context(map) : NULL;
	if (!out->fonts || !ctx) {
		if (ctx)
			g_object_unref(ctx);
		style_versions_free(out);
		return PB_NOMEM;
	}
	set_font_options(ctx);
	for (size_t i = 0; i < n && st == PB_OK; i++) {
		st = font_file(map, ctx, wanted[i].family, wanted[i].weight,
			       &out->fonts[i], message, size);
		out->n_fonts = i + 1;
	}
	g_object_unref(ctx);
	if (st != PB_OK)
		style_versions_free(out);
	return st;
}

void style_versions_free(style_versions *v)
{
	if (!v)
		return;
	for (size_t i = 0; v->fonts && i < v->n_fonts; i++) {
		free(v->fonts[i].family);
		free(v->fonts[i].style);
		free(v->fonts[i].path);
	}
	free(v->fonts);
	memset(v, 0, sizeof *v);
}

/* Whether T draws TEXT in FONT: a layout of it, made only to be judged. */
static bool covered_in(style_text *t, style_font font, const char *text)
{
	PangoLayout *l;

	t->status = PB_OK;
	l = make_layout(t, font, text, 0, false);
	if (l)
		g_object_unref(l);
	return t->status == PB_OK;
}

/* Whether T draws TEXT in every face a page may set it in (plain and
 * bold).  PB_NOMEM stays in t->status. */
static bool covered(style_text *t, const char *text)
{
	return covered_in(t, FONT_BODY, text) && covered_in(t, FONT_BOLD, text);
}

/* The byte offset, in TEXT that the fonts do not fully draw, of the first
 * character they lack (each character laid out alone, as one cluster). */
static size_t first_uncovered(style_text *t, const char *text)
{
	const char *p = text;
	char one[8];

	while (*p) {
		const char *next = g_utf8_next_char(p);
		size_t len = (size_t)(next - p);

		if (len >= sizeof one)
			break;
		memcpy(one, p, len);
		one[len] = '\0';
		if (!covered(t, one) && t->status != PB_NOMEM)
			return (size_t)(p - text);
		p = next;
	}
	/* Only the whole text fails (a sequence, not one character). */
	return 0;
}

/* Whether TEXT needs no look at the fonts: DejaVu Sans draws all of
 * printable ASCII, and asking Pango for nothing keeps the commands that
 * draw no figure (check, plan new) clear of its font map. */
static bool plain_ascii(const char *text)
{
	return !text || g_str_is_ascii(text);
}

pb_status style_fonts_cover(const char *const *texts, size_t n,
			    style_coverage *bad)
{
	cairo_surface_t *surface;
	cairo_t *cr;
	style_text *t = NULL;
	size_t first = 0;
	pb_status st;

	memset(bad, 0, sizeof *bad);
	bad->text = n;
	while (first < n && plain_ascii(texts[first]))
		first++;
	if (first == n)
		return PB_OK;
	surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	cr = cairo_create(surface);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		cairo_surface_destroy(surface);
		return PB_NOMEM;
	}
	st = style_text_new(cr, "en", &t);
	for (size_t i = first; st == PB_OK && i < n; i++) {
		if (plain_ascii(texts[i]) || covered(t, texts[i]))
			continue;
		if (t->status == PB_NOMEM) {
			st = PB_NOMEM;
			break;
		}
		bad->text = i;
		bad->offset = first_uncovered(t, texts[i]);
		bad->codepoint = (uint32_t)g_utf8_get_char_validated(
			texts[i] + bad->offset, -1);
		if (t->status == PB_NOMEM)
			st = PB_NOMEM;
		break;
	}
	style_text_free(t);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
	return st;
}
