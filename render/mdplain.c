/* mdplain.c: inline Markdown as plain text (mdplain.h). */
#include "render/mdplain.h"

#include <string.h>

#include <glib.h>

#include "common/mdbreak.h"

static bool is_punct(unsigned char c)
{
	return (c >= '!' && c <= '/') || (c >= ':' && c <= '@')
	       || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Where the run of N backticks that closes a code span opened at OPEN
 * starts, or 0 when none does (the span's content starts after OPEN). */
static size_t span_close(const char *s, size_t len, size_t open, size_t n)
{
	for (size_t j = open + n; j < len;) {
		size_t m = 0;
		if (s[j] != '`') {
			j++;
			continue;
		}
		while (j + m < len && s[j + m] == '`')
			m++;
		if (m == n)
			return j;
		j += m;
	}
	return 0;
}

/* Appends the content C (CL bytes) of a code span: one space each side
 * is padding, unless the span is all spaces (CommonMark). */
static void span_content(GString *out, const char *c, size_t cl)
{
	bool all_space = true;

	for (size_t k = 0; k < cl; k++)
		all_space &= c[k] == ' ';
	if (cl >= 2 && c[0] == ' ' && c[cl - 1] == ' ' && !all_space) {
		c++;
		cl -= 2;
	}
	g_string_append_len(out, c, (gssize)cl);
}

char *mdplain_inline(const char *s, size_t len)
{
	GString *out = g_string_sized_new(len + 1);
	size_t i = 0;

	while (i < len) {
		if (len - i >= MDBREAK_LEN
		    && memcmp(s + i, MDBREAK, MDBREAK_LEN) == 0) {
			i += MDBREAK_LEN;
		} else if (s[i] == '\\' && i + 1 < len
		    && is_punct((unsigned char)s[i + 1])) {
			g_string_append_c(out, s[i + 1]);
			i += 2;
		} else if (s[i] == '`') {
			/* A code span: a run of N backticks up to the next run
			 * of exactly N; without one the backticks are text. */
			size_t n = 0, close;
			while (i + n < len && s[i + n] == '`')
				n++;
			close = span_close(s, len, i, n);
			if (!close) {
				g_string_append_len(out, s + i, (gssize)n);
				i += n;
				continue;
			}
			span_content(out, s + i + n, close - (i + n));
			i = close + n;
		} else {
			g_string_append_c(out, s[i]);
			i++;
		}
	}
	return g_string_free(out, FALSE);
}

/* The plain text of the bytes [A, B) without the blanks around them. */
static char *trimmed(const char *a, const char *b)
{
	while (a < b && is_blank(*a))
		a++;
	while (b > a && is_blank(b[-1]))
		b--;
	return mdplain_inline(a, (size_t)(b - a));
}

char *mdplain_text(const char *s, bool trim_end)
{
	size_t len = strlen(s);

	if (trim_end)
		return trimmed(s, s + len);
	while (is_blank(*s)) {
		s++;
		len--;
	}
	return mdplain_inline(s, len);
}

char *mdplain_cell(const char *s)
{
	GString *cell = g_string_new(NULL);
	char *text;

	/* GFM takes "\|" out before it reads the cell; other escapes are
	 * the inline reader's. */
	for (size_t i = 0; s[i]; i++) {
		if (s[i] == '\\' && s[i + 1]) {
			if (s[i + 1] != '|')
				g_string_append_c(cell, s[i]);
			g_string_append_c(cell, s[i + 1]);
			i++;
		} else {
			g_string_append_c(cell, s[i]);
		}
	}
	text = trimmed(cell->str, cell->str + cell->len);
	g_string_free(cell, TRUE);
	return text;
}
