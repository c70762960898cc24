/* test_mdtext.c: the pieces of a page that study text and numbers pass
 * through: Markdown escaping (render/mdtext.h) and number formatting
 * (render/numfmt.h).  Expected strings are written out by hand from the
 * rules in the headers. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "common/mdbreak.h"
#include "render/mdplain.h"
#include "render/mdtext.h"
#include "render/numfmt.h"
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

static void fixed_is(double x, int dec, bool sign, const char *want,
		     const char *name)
{
	char buf[NUMFMT_BUFSIZE];
	pb_status st = numfmt_fixed(x, dec, sign, buf, sizeof buf);
	if (st != PB_OK)
		tap_diag("%s: status %d", name, (int)st);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
}

static void beside_is(double x, int dec, double t, const char *want,
		      const char *name)
{
	const double bounds[2] = { t, -t };
	char buf[NUMFMT_BUFSIZE];
	pb_status st = numfmt_beside(x, dec, bounds, t > 0 ? 2 : 0, true, buf,
				     sizeof buf);
	if (st != PB_OK)
		tap_diag("%s: status %d", name, (int)st);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
}

static void percent_is(double f, int dec, const char *want, const char *name)
{
	char buf[NUMFMT_BUFSIZE];
	pb_status st = numfmt_percent(f, dec, buf, sizeof buf);
	tap_streq(st == PB_OK ? buf : NULL, want, name);
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

static void test_fixed(void)
{
	char buf[NUMFMT_BUFSIZE];

	/* The published figures, at the threshold's 3 decimals. */
	fixed_is(0.625, 3, true, "+0.625", "+0.625: sign shown");
	fixed_is(-1.902, 3, true, "-1.902", "-1.902");
	fixed_is(10.812, 3, true, "+10.812", "+10.812");
	fixed_is(1.784, 3, false, "1.784", "a threshold without sign");
	/* 11.64 has no exact binary form; printed to 3 decimals it is
	 * 11.640 with a trailing zero kept. */
	fixed_is(11.64, 3, true, "+11.640", "trailing zeros are kept");
	fixed_is(0.0, 3, true, "0.000", "an exact zero has no sign");
	fixed_is(-0.0, 3, true, "0.000", "a negative zero has no sign either");
	fixed_is(0.0004, 3, true, "+0.000",
		 "a positive value rounding to zero keeps its '+'");
	fixed_is(-0.0004, 3, true, "-0.000",
		 "a negative value rounding to zero keeps its '-'");
	fixed_is(-0.0004, 3, false, "-0.000",
		 "without SIGNED a negative value still shows '-'");
	fixed_is(0.0004, 3, false, "0.000",
		 "without SIGNED a positive value shows no sign");
	/* 119.4 rounds to 119; 2.5 is exact and a tie: printf rounds to
	 * even, 2. */
	fixed_is(119.4, 0, true, "+119", "0 decimals: no point");
	fixed_is(2.5, 0, false, "2", "a tie rounds as printf does (to even)");
	fixed_is(0.95, 1, false, "0.9",
		 "0.95 is stored below .95 and rounds down");
	tap_ok(numfmt_fixed(NAN, 3, true, buf, sizeof buf) == PB_SOFTWARE
	       && buf[0] == '\0', "NaN is refused and leaves \"\"");
	tap_ok(numfmt_fixed(INFINITY, 3, true, buf, sizeof buf)
	       == PB_SOFTWARE, "infinity is refused");
	tap_ok(numfmt_fixed(1.0, 16, true, buf, sizeof buf) == PB_SOFTWARE,
	       "more than 15 decimals are refused");
	tap_ok(numfmt_fixed(1.0, -1, true, buf, sizeof buf) == PB_SOFTWARE,
	       "negative decimals are refused");
	tap_ok(numfmt_fixed(123.5, 3, true, buf, 5) == PB_SOFTWARE,
	       "a buffer too small is refused");
	/* 1e300 has 301 digits before the point, and the double nearest
	 * to it starts 1000000000000000052...: printed in full, with no
	 * exponent and nothing cut. */
	tap_ok(numfmt_fixed(1e300, 0, true, buf, sizeof buf) == PB_OK
	       && strlen(buf) == 302
	       && strncmp(buf, "+1000000000000000052", 20) == 0,
	       "a huge value is printed in full");
	percent_is(0.95, 2, "95", "0.95 as a percentage: 95");
	percent_is(0.975, 2, "97.5", "0.975: 97.5, trailing zero dropped");
	percent_is(0.799, 1, "79.9", "0.799 with 1 decimal: 79.9");
	percent_is(0.9, 2, "90", "0.9: 90");
	percent_is(1.0, 2, "100", "1: 100");
}

/* Endpoints beside the boundaries 0, T and -T. */
static void test_beside(void)
{
	char buf[NUMFMT_BUFSIZE];

	/* -0.456 with 1 decimal is -0.5, which is -T; the true bound lies
	 * inside it, and -0.46 shows that. */
	beside_is(-0.456, 1, 0.5, "-0.46",
		  "-0.456 beside -T = -0.5: -0.46, visibly inside -0.5");
	beside_is(0.2, 1, 0.5, "+0.2", "a value clear of every boundary "
		  "keeps its decimals");
	beside_is(0.0004, 3, 1.784, "+0.0004", "0.0004 with 3 decimals: "
		  "+0.0004, not +0.000");
	beside_is(-0.0001, 3, 0.0, "-0.0001", "-0.0001 beside 0 alone: "
		  "-0.0001, not -0.000");
	beside_is(1.7838, 3, 1.784, "+1.7838", "1.7838 would print as T "
		  "1.784: one more decimal");
	/* 1.78399996: 1.7840, 1.78400, 1.784000, 1.7840000 all print T; the
	 * 8th decimal shows it lies below. */
	beside_is(1.78399996, 3, 1.784, "+1.78399996",
		  "as many decimals as it takes: 8 for 1.78399996");
	beside_is(-1.78401, 3, 1.784, "-1.78401", "just outside -T: "
		  "-1.78401, not -1.784");
	beside_is(1.785, 3, 1.784, "+1.785", "1.785 is clear of T at 3 "
		  "decimals");
	beside_is(-0.5, 1, 0.5, "-0.5", "a value on a boundary prints as "
		  "the boundary");
	beside_is(0.0, 3, 1.784, "0.000", "zero prints as zero");
	beside_is(1e-20, 3, 0.0, "+0.000000000000000", "a value closer to 0 "
		  "than 15 decimals show stops at 15");
	tap_ok(numfmt_beside(NAN, 3, NULL, 0, true, buf, sizeof buf)
	       == PB_SOFTWARE && buf[0] == '\0', "beside: NaN is refused");
}

/* Under a locale that writes a decimal comma, the numbers keep their
 * point.  pairboot never calls setlocale; this test does, to show that
 * numfmt does not depend on that. */
static void test_locale(void)
{
	static const char *const locales[] = {
		"de_DE.UTF-8", "de_DE.utf8", "cs_CZ.UTF-8", "cs_CZ.utf8"
	};
	const char *found = NULL;
	char probe[32], buf[NUMFMT_BUFSIZE];

	for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++) {
		if (setlocale(LC_ALL, locales[i])) {
			found = locales[i];
			break;
		}
	}
	if (!found) {
		tap_ok(true, "a decimal-comma locale keeps the point # SKIP "
		       "no de_DE or cs_CZ locale installed");
		return;
	}
	snprintf(probe, sizeof probe, "%.1f", 1.5);
	tap_streq(probe, "1,5", "the locale does write a comma (the check "
		  "below is not vacuous)");
	tap_ok(numfmt_fixed(-1.25, 2, true, buf, sizeof buf) == PB_OK
	       && strcmp(buf, "-1.25") == 0,
	       "under %s numfmt_fixed still writes -1.25", found);
	tap_ok(numfmt_percent(0.975, 2, buf, sizeof buf) == PB_OK
	       && strcmp(buf, "97.5") == 0,
	       "under %s numfmt_percent still writes 97.5", found);
	/* The printed digits are read back too: read with a comma, "-0.5"
	 * would be -0 and the side check would pass on the wrong value. */
	tap_ok(numfmt_beside(-0.456, 1, (const double[]){ -0.5 }, 1, true,
			     buf, sizeof buf) == PB_OK
	       && strcmp(buf, "-0.46") == 0,
	       "under %s numfmt_beside still writes -0.46", found);
	setlocale(LC_ALL, "C");
}

int main(void)
{
	test_escape();
	test_code();
	test_fixed();
	test_beside();
	test_locale();
	return tap_done();
}
