/* test_keytext.c: study.ini's text escapes, written and read back.
 *
 * Each text goes through keytext_escape, a key file line "key = ..." read
 * by GKeyFile, as study.ini is read, and keytext_unescape: what comes back
 * is the text, byte for byte.  The texts hold every byte 0x20..0x7e,
 * alone, twice and between letters, UTF-8, and blanks at either end.  A
 * backslash that starts no escape is refused at its offset. */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "common/keytext.h"
#include "tests/lib/tap.h"

/* TEXT after a trip through a key file, or NULL (g_free). */
static gchar *through_key_file(const char *text)
{
	GString *line = g_string_new("[study]\nkey = ");
	GKeyFile *kf = g_key_file_new();
	gchar *raw = NULL;

	keytext_escape(line, text, strlen(text));
	g_string_append_c(line, '\n');
	if (g_key_file_load_from_data(kf, line->str, line->len, 0, NULL))
		raw = g_key_file_get_value(kf, "study", "key", NULL);
	g_key_file_free(kf);
	g_string_free(line, TRUE);
	if (!raw)
		return NULL;
	GString *back = g_string_new(NULL);
	size_t bad;
	bool ok = keytext_unescape(back, raw, strlen(raw), &bad);
	g_free(raw);
	return g_string_free(back, !ok);
}

static bool round_trips(const char *text)
{
	gchar *back = through_key_file(text);
	bool same = back && strcmp(back, text) == 0;

	if (!same)
		tap_diag("'%s' came back as '%s'", text, back ? back : "(none)");
	g_free(back);
	return same;
}

static void check_refused(const char *raw, size_t want_at)
{
	GString *out = g_string_new(NULL);
	size_t at = (size_t)-1;
	bool ok = keytext_unescape(out, raw, strlen(raw), &at);

	tap_ok(!ok && at == want_at, "'%s' is refused at offset %zu", raw,
	       want_at);
	g_string_free(out, TRUE);
}

int main(void)
{
	char all[96], one[8];
	size_t n = 0, failed = 0;

	for (int c = 0x20; c <= 0x7e; c++) {
		all[n++] = (char)c;
		const char *forms[] = { "%c", "%c%c", "a%cb", " %c ", "%c " };
		for (size_t f = 0; f < G_N_ELEMENTS(forms); f++) {
			snprintf(one, sizeof one, forms[f], c, c);
			failed += !round_trips(one);
		}
	}
	all[n] = '\0';
	tap_ok(failed == 0, "every byte 0x20..0x7e, alone, twice, inside and "
	       "at either end, comes back");
	tap_ok(round_trips(all), "all of them in one text");
	tap_ok(round_trips("c\\d"), "a backslash before a letter that is an "
	       "escape");
	tap_ok(round_trips("\\\\s\\n\\"), "backslashes that look like escapes");
	tap_ok(round_trips("a;b,c\"d=e#f"), "';', ',', '\"', '=', '#'");
	tap_ok(round_trips("   three blanks at each end   "), "blanks at the ends");
	tap_ok(round_trips(" "), "one blank");
	tap_ok(round_trips("\t tab, line\nbreak and return\r"),
	       "tabs, line breaks, carriage returns");
	tap_ok(round_trips("Energiesparmodus \xc3\xbc \xe2\x82\xac "
			   "\xec\xa0\x84\xec\x9b\x90 \xf0\x9f\x94\x8b"),
	       "UTF-8 of two, three and four bytes");
	tap_ok(round_trips(""), "the empty text");

	GString *out = g_string_new(NULL);
	keytext_escape(out, " a\\b ", 5);
	tap_streq(out->str, "\\sa\\\\b ", "only a leading blank and the "
		  "backslash are escaped");
	g_string_free(out, TRUE);

	out = g_string_new(NULL);
	keytext_escape(out, "\0\0 a", 4);
	tap_streq(out->str, "\\sa", "a blank first after dropped NULs is "
		  "escaped");
	g_string_free(out, TRUE);

	check_refused("c\\d", 1);
	check_refused("ab\\", 2);
	check_refused("\\\\\\;", 2);
	check_refused("\\x41", 0);
	return tap_done();
}
