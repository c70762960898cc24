/* test_mdtext.c: the pieces of a page that study text passes through:
 * Markdown escaping (render/mdtext.h).  Expected strings are written out
 * by hand from the rules in the header.  The numbers of a page are
 * tested with their module (tests/unit/test_numtext.c). */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "common/mdbreak.h"
#include "render/mdplain.h"
#include "render/mdtext.h"
#include "tests/lib/tap.h"

static void escape_is(const char *in, const char *want, const char *name)
{
	GString *g = g_string_new(NULL);
	mdtext_escape(g, in);
	tap_streq(g->str, want, name);
	g_string_free(g, TRUE);
}

static void code_is(const char *in, bool in_table, const char *want,
		    const char *name)
{
	GString *g = g_string_new(NULL);
	mdtext_code(g, in, in_table);
	tap_streq(g->str, want, name);
	g_string_free(g, TRUE);
}

static void test_escape(void)
{
	escape_is("Series 1", "Series 1", "plain text is unchanged");
	escape_is("a|b", "a\\|b", "a pipe is escaped (table cell boundary)");
	escape_is("*x* _y_", "\\*x\\* \\_y\\_", "emphasis markers are escaped");
	escape_is("<script>alert(1)</script>",
		  "\\<script\\>alert(1)\\</script\\>",
		  "angle brackets are escaped (no raw HTML)");
	escape_is("[x](y)", "\\[x\\](y)", "link brackets are escaped");
	escape_is("![i](z)", "!\\[i\\](z)", "an image needs its '[': escaped");
	escape_is("`tick`", "\\`tick\\`", "backticks are escaped");
	escape_is("a\\b", "a\\\\b", "a backslash is escaped");
	escape_is("&amp; ~s~ $m$", "\\&amp; \\~s\\~ \\$m\\$",
		  "entity, strikethrough and math markers are escaped");
	escape_is("# h", "\\# h", "a '#' is escaped (no heading)");
	escape_is("a\nb\tc\rd", "a b c d",
		  "newline, tab and carriage return become spaces");
	escape_is("  x  \n", "x", "surrounding white space is dropped");
	escape_is("a\x01" "b\x7f" "c", "a b c",
		  "C0 controls and DEL become spaces");
	escape_is("a\xc2\x85" "b", "a b", "a C1 control (U+0085) becomes a space");
	escape_is("a\xff" "b", "a\xef\xbf\xbd" "b",
		  "invalid UTF-8 becomes U+FFFD");
	escape_is("S\xc3\xa9rie \xec\x8b\x9c", "S\xc3\xa9rie \xec\x8b\x9c",
		  "UTF-8 letters pass unchanged");
	escape_is("- item", "\\- item", "a leading '-' is escaped (no list)");
	escape_is("+ item", "\\+ item", "a leading '+' is escaped (no list)");
	escape_is("===", "\\===", "a leading '=' is escaped (no underline)");
	escape_is("12. x", "12\\. x", "a leading list number is escaped");
	escape_is("1) x", "1\\) x", "a leading '1)' is escaped");
	escape_is("26200.9168", "26200.9168",
		  "a build number is no list marker and stays");
	escape_is("a - b", "a - b", "a '-' inside the text stays");
	escape_is("", "", "empty text gives nothing");
	/* GitHub's autolinks (cmark-gfm 0.29.0.gfm.6, checked by hand): a
	 * backslash before the ':' of "://" or the '.' of "www." stops a
	 * URL; an e-mail address needs the empty comment after its '@'. */
	escape_is("see www.example.org/login", "see www\\.example.org/login",
		  "the '.' of www. is escaped");
	escape_is("WWW.x.org", "WWW\\.x.org", "in any case");
	escape_is("https://x.org/a", "https\\://x.org/a",
		  "the ':' of :// is escaped");
	escape_is("ftp://x", "ftp\\://x", "whatever the scheme");
	escape_is("a: b:/c", "a: b:/c", "a ':' without // stays");
	escape_is("user@example.org", "user@" MDBREAK "example.org",
		  "an '@' is followed by the empty comment");
	escape_is("a@", "a@", "not at the end of the text");
	escape_is("www\\.x", "www\\\\.x", "a backslash of the text stays one");
	{
		const char *texts[] = {
			"Login at www.example.org/login or https://x.org/?a=1",
			"mail first.last@example.org or user@x.org, ftp://y",
			"a@b@c www.www. :// @"
		};
		for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
			GString *g = g_string_new(NULL);
			mdtext_escape(g, texts[i]);
			char *plain = mdplain_inline(g->str, g->len);
			tap_streq(plain, texts[i], "the PDF's plain text of the "
				  "escaped text is the text");
			g_free(plain);
			g_string_free(g, TRUE);
		}
	}
	{
		GString *g = g_string_new("x");
		mdtext_escape(g, NULL);
		tap_streq(g->str, "x", "NULL appends nothing");
		g_string_free(g, TRUE);
	}
}

static void test_code(void)
{
	code_is("ms", true, "`ms`", "a plain value in a code span");
	code_is("a|b", true, "`a\\|b`",
		"in a table a pipe in a code span is written \\|");
	code_is("a|b", false, "`a|b`", "outside a table it stays");
	code_is("a`b", false, "``a`b``",
		"one backtick inside: a fence of two");
	code_is("a``b", false, "```a``b```",
		"two backticks inside: a fence of three");
	code_is("`x`", false, "`` `x` ``",
		"backticks at the ends: padded with spaces");
	code_is("a\nb", false, "`a b`", "a newline becomes a space");
	code_is("  ", false, "", "white space only gives nothing");
	code_is(NULL, false, "", "NULL gives nothing");
}

int main(void)
{
	test_escape();
	test_code();
	return tap_done();
}
