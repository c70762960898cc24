/* test_textwrap.c: where the PDF's text breaks into lines
 * (render/style.h): a Korean word stays whole where it fits in the width,
 * though Pango may break between any two Hangul syllables; a number and
 * its unit joined by a NO-BREAK SPACE stay on one line; a word wider than
 * the width still breaks, so no line runs past it. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "render/style.h"
#include "tests/lib/tap.h"

#define NBSP "\xc2\xa0"

/* Whether each line of LINES (N) is whole words of TEXT, in order: the
 * lines joined by single spaces give TEXT back, and no line starts or ends
 * inside a word. */
static bool whole_words(const char *text, char **lines, size_t n)
{
	GString *joined = g_string_new(NULL);
	bool ok;

	for (size_t i = 0; i < n; i++) {
		if (i)
			g_string_append_c(joined, ' ');
		g_string_append(joined, lines[i]);
	}
	ok = strcmp(joined->str, text) == 0;
	if (!ok)
		tap_diag("lines: %s", joined->str);
	g_string_free(joined, TRUE);
	return ok;
}

static void show(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		tap_diag("line %zu: [%s]", i + 1, lines[i]);
}

int main(void)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
							10, 10);
	cairo_t *cr = cairo_create(s);
	style_text *ko = NULL, *de = NULL;
	/* A table head of the Korean page: "Series 1, difference and 95%
	 * confidence interval". */
	const char *head = "시리즈 1, 차이와 95% 신뢰구간";
	const char *cell = "`+8,811" NBSP "ms` `[+7,120;" NBSP "+10,402]`";
	double full = 0, word = 0, one = 0;
	char **lines;
	size_t n;
	bool all_whole = true, split_seen = false;

	tap_ok(style_text_new(cr, "ko", &ko) == PB_OK
	       && style_text_new(cr, "de", &de) == PB_OK, "text contexts");
	style_text_measure(ko, FONT_TABLE, head, 0, &full, NULL);
	style_text_measure(ko, FONT_TABLE, "신뢰구간", 0, &word, NULL);
	style_text_measure(ko, FONT_TABLE, "신", 0, &one, NULL);
	tap_ok(full > 0 && word > 0 && one > 0 && word < full,
	       "the head and its longest word are measured (%.1f, %.1f pt)",
	       full, word);

	/* Every width from the longest word to the whole head: each line
	 * holds whole words, never "95% 신뢰" and "구간". */
	for (double w = word + 0.5; w < full; w += 1.0) {
		lines = style_text_lines(ko, FONT_TABLE, head, w, &n);
		if (!lines || !whole_words(head, lines, n)) {
			if (lines)
				show(lines, n);
			tap_diag("at %.1f pt", w);
			all_whole = false;
		}
		g_strfreev(lines);
	}
	tap_ok(all_whole, "ko: lines break between words, at every width "
	       "from the longest word's up");

	/* A word wider than the line still breaks inside: nothing runs past
	 * the width. */
	lines = style_text_lines(ko, FONT_TABLE, "신뢰구간", word / 2, &n);
	split_seen = lines && n >= 2;
	tap_ok(split_seen, "ko: a word wider than the line breaks inside it "
	       "(%zu lines)", lines ? n : 0);
	g_strfreev(lines);

	/* A number and its unit stay together: at any width down to the
	 * widest NO-BREAK-joined group, "+8,811" is not left without "ms". */
	{
		double cw = 0, gw = 0;
		bool together = true;

		style_text_measure(de, FONT_TABLE, cell, 0, &cw, NULL);
		style_text_measure(de, FONT_TABLE, "[+7,120;" NBSP "+10,402]`",
				   0, &gw, NULL);
		for (double w = gw + 0.5; w < cw; w += 1.0) {
			lines = style_text_lines(de, FONT_TABLE, cell, w, &n);
			for (size_t i = 0; lines && i < n; i++)
				if (g_str_has_suffix(lines[i], "+8,811")
				    || g_str_has_prefix(lines[i], "ms")) {
					show(lines, n);
					together = false;
				}
			g_strfreev(lines);
		}
		tap_ok(together, "de: +8,811 and ms on one line at every width");
	}
	tap_ok(style_text_status(ko) == PB_OK && style_text_status(de) == PB_OK,
	       "the text is drawn in the pinned fonts");

	style_text_free(ko);
	style_text_free(de);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return tap_done();
}
