/* fuzz_text.c: libFuzzer target for the escapes of study text.
 *
 * The input is any bytes.  Three promises are checked:
 *
 *  - study.ini's escapes (common/keytext.h): the input escaped and
 *    unescaped again is the input (less its NUL bytes, which a key file
 *    cannot hold); unescaping the input itself never crashes, and when it
 *    succeeds, escaping the result and unescaping that gives the result;
 *  - Markdown (render/mdtext.h): the input as inline page text holds no
 *    trigger of GitHub's autolinks: no "www." in any case, no "://" with
 *    an unescaped ':', and
 *    every '@' but a last one followed by the empty comment of
 *    common/mdbreak.h.  These are checked here by their own rule, not by
 *    the escaper's;
 *  - the PDF's plain text (render/mdplain.h) of that escaped text is the
 *    input, when the input is valid UTF-8 without control characters or
 *    blanks at either end, which the escaper would change. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "common/keytext.h"
#include "common/mdbreak.h"
#include "render/mdplain.h"
#include "render/mdtext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Unescapes the LEN bytes at RAW, which must succeed, and aborts unless
 * the result is the LEN_WANT bytes at WANT. */
static void unescape_is(const char *raw, size_t len, const char *want,
			size_t len_want)
{
	GString *back = g_string_new(NULL);
	size_t bad;

	if (!keytext_unescape(back, raw, len, &bad) || back->len != len_want
	    || memcmp(back->str, want, len_want) != 0)
		abort();
	g_string_free(back, TRUE);
}

static void check_keytext(const char *in, size_t size)
{
	GString *escaped = g_string_new(NULL);
	GString *plain = g_string_new(NULL);
	size_t bad = 0;

	/* Escape, then unescape: the input without its NULs. */
	for (size_t i = 0; i < size; i++)
		if (in[i] != '\0')
			g_string_append_c(plain, in[i]);
	keytext_escape(escaped, in, size);
	if (memchr(escaped->str, '\n', escaped->len)
	    || memchr(escaped->str, '\r', escaped->len)
	    || (escaped->len && escaped->str[0] == ' '))
		abort();  /* would not stay one value of a key file line */
	unescape_is(escaped->str, escaped->len, plain->str, plain->len);

	/* Unescape arbitrary bytes; what comes out must make the trip too. */
	g_string_truncate(plain, 0);
	if (keytext_unescape(plain, in, size, &bad)) {
		g_string_truncate(escaped, 0);
		keytext_escape(escaped, plain->str, plain->len);
		GString *nonul = g_string_new(NULL);
		for (size_t i = 0; i < plain->len; i++)
			if (plain->str[i] != '\0')
				g_string_append_c(nonul, plain->str[i]);
		unescape_is(escaped->str, escaped->len, nonul->str, nonul->len);
		g_string_free(nonul, TRUE);
	} else if (bad >= size || in[bad] != '\\') {
		abort();
	}
	g_string_free(escaped, TRUE);
	g_string_free(plain, TRUE);
}

/* Whether the ':' at P in MD is escaped: an odd number of backslashes
 * before it. */
static bool escaped(const char *md, const char *p)
{
	size_t n = 0;

	while (p - n > md && p[-1 - (ptrdiff_t)n] == '\\')
		n++;
	return n % 2 == 1;
}

/* Whether the Markdown MD holds a trigger of GitHub's autolinks: "www."
 * as it stands (a backslash before the '.' stops it), a "://" whose ':'
 * is not escaped, an '@' before more text without the empty comment. */
static bool has_autolink_trigger(const char *md)
{
	for (const char *p = md; *p; p++) {
		if (g_ascii_strncasecmp(p, "www.", 4) == 0
		    || (strncmp(p, "://", 3) == 0 && !escaped(md, p)))
			return true;
		if (*p == '@' && p[1] && strncmp(p + 1, MDBREAK, MDBREAK_LEN))
			return true;
	}
	return false;
}

/* Whether TEXT is what mdtext_escape keeps as it is: valid UTF-8, no
 * control character (C0, DEL, C1), no white space at either end. */
static bool escaper_keeps(const char *text)
{
	size_t len = strlen(text);

	if (!g_utf8_validate(text, -1, NULL))
		return false;
	for (const char *p = text; *p; p = g_utf8_next_char(p)) {
		gunichar c = g_utf8_get_char(p);
		if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
			return false;
	}
	return len == 0 || (!g_ascii_isspace(text[0])
			    && !g_ascii_isspace(text[len - 1]));
}

static void check_markdown(const char *in, size_t size)
{
	char *text = g_strndup(in, size);  /* up to a first NUL */
	GString *md = g_string_new(NULL);

	mdtext_escape(md, text);
	if (has_autolink_trigger(md->str))
		abort();
	if (escaper_keeps(text)) {
		char *plain = mdplain_inline(md->str, md->len);
		if (strcmp(plain, text) != 0)
			abort();
		g_free(plain);
	}
	g_string_free(md, TRUE);
	g_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_keytext((const char *)data, size);
	check_markdown((const char *)data, size);
	return 0;
}
