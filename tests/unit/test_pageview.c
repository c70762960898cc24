/* test_pageview.c: a page as a reader sees it (ingest/pageview.h): the
 * units and their text, what is hidden, the bytes that cannot be read
 * and the limits, each against units written out by hand.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/pageview.h"
#include "tests/lib/tap.h"

static const char *const kind_names[] = { "heading", "paragraph", "item",
					   "row", "image", "code" };

/* The page MD read whole (LEN bytes, or strlen(MD) when LEN is 0). */
static pageview *read_len(const char *md, size_t len)
{
	pageview *v = NULL;

	if (pageview_read(md, len ? len : strlen(md), &v) != PB_OK) {
		tap_diag("pageview_read failed");
		exit(99);
	}
	return v;
}

static pageview *read_page(const char *md)
{
	return read_len(md, 0);
}

/* One unit of one cell, as "kind lLINE-LAST: text". */
static char *describe(const pageview_unit *u)
{
	size_t n = 64;
	char *s;

	for (size_t i = 0; i < u->n_cells; i++)
		n += strlen(u->cells[i]) + 3;
	s = malloc(n);
	if (!s)
		exit(99);
	snprintf(s, n, "%s l%zu-%zu:", kind_names[u->kind], u->line,
		 u->last_line);
	for (size_t i = 0; i < u->n_cells; i++) {
		strcat(s, " [");
		strcat(s, u->cells[i]);
		strcat(s, "]");
	}
	return s;
}

/* Whether unit I of V is as WANT says ("paragraph l3-4: [text]"). */
static bool unit_is(const pageview *v, size_t i, const char *want,
		    const char *name)
{
	char *got;
	bool same;

	if (i >= pageview_n_units(v)) {
		tap_ok(false, "%s", name);
		tap_diag("no unit %zu (%zu units)", i, pageview_n_units(v));
		return false;
	}
	got = describe(pageview_unit_at(v, i));
	same = tap_streq(got, want, name);
	free(got);
	return same;
}

/* Whether V has N units. */
static bool units_are(const pageview *v, size_t n, const char *name)
{
	bool ok = tap_ok(pageview_n_units(v) == n, "%s", name);

	if (!ok) {
		tap_diag("%zu units, %zu expected:", pageview_n_units(v), n);
		for (size_t i = 0; i < pageview_n_units(v) && i < 20; i++) {
			char *d = describe(pageview_unit_at(v, i));
			tap_diag("  %s", d);
			free(d);
		}
	}
	return ok;
}

/* Whether two pages give the same units (kind, cells, table, header). */
static bool same_units(const pageview *a, const pageview *b)
{
	if (pageview_n_units(a) != pageview_n_units(b))
		return false;
	for (size_t i = 0; i < pageview_n_units(a); i++) {
		const pageview_unit *x = pageview_unit_at(a, i);
		const pageview_unit *y = pageview_unit_at(b, i);
		if (x->kind != y->kind || x->n_cells != y->n_cells
		    || x->table != y->table || x->header != y->header)
			return false;
		for (size_t c = 0; c < x->n_cells; c++)
			if (strcmp(x->cells[c], y->cells[c]) != 0)
				return false;
	}
	return true;
}

static const char *text_of(const pageview *v, size_t i)
{
	return i < pageview_n_units(v) ? pageview_unit_at(v, i)->cells[0]
				       : "(no unit)";
}

/* ---- Markdown ------------------------------------------------------- */

static void test_paragraphs(void)
{
	pageview *v = read_page("One sentence that\nwraps over\nthree lines.\n"
				"\n> Quoted\n> text.\n");

	units_are(v, 2, "a wrapped paragraph and a quote: two units");
	unit_is(v, 0, "paragraph l1-3: [One sentence that wraps over three "
		"lines.]", "a soft-wrapped paragraph is one unit");
	unit_is(v, 1, "paragraph l5-6: [Quoted text.]",
		"a block quote reads as the paragraph it holds");
	pageview_free(v);

	v = read_page("**Bold**, *italic*, `code`, [a link](http://x.org/a)"
		      ", ~~struck~~ and \\*escaped\\*  \nafter a hard break.\n");
	unit_is(v, 0, "paragraph l1-2: [Bold, italic, code, a link, struck "
		"and *escaped* after a hard break.]",
		"emphasis, code, link and strikethrough marks are gone");
	pageview_free(v);
}

static void test_tables(void)
{
	pageview *piped = read_page("| State | p99 |\n|---|---:|\n"
				    "| `10` | **+0.6** ms |\n| 20 | 0 |\n");
	pageview *bare = read_page("State | p99\n---|---:\n"
				   "`10` | **+0.6** ms\n20 | 0\n");
	const pageview_unit *h = pageview_unit_at(piped, 0);

	units_are(piped, 3, "a GFM table of 3 rows: 3 units");
	unit_is(piped, 0, "row l1-1: [State] [p99]", "the header row");
	unit_is(piped, 1, "row l3-3: [10] [+0.6 ms]",
		"a row's cells without their marks");
	unit_is(piped, 2, "row l4-4: [20] [0]", "the last row");
	tap_ok(h->header && h->table == 1 && !h->html,
	       "the header row is flagged, of table 1");
	tap_ok(!pageview_unit_at(piped, 1)->header, "a body row is not");
	tap_ok(same_units(piped, bare),
	       "a table without outer pipes gives the same rows");
	pageview_free(piped);
	pageview_free(bare);
}

static void test_lists(void)
{
	pageview *one = read_page("1. First\n2. Second\n");
	pageview *three = read_page("3. First\n3. Second\n");
	pageview *bullet = read_page("- First\n- Second\n");
	pageview *v;

	units_are(one, 2, "a list of two items: two units");
	unit_is(one, 0, "item l1-1: [First]", "an item's text");
	unit_is(one, 1, "item l2-2: [Second]", "the second item");
	tap_ok(same_units(one, three) && same_units(one, bullet),
	       "numbering and bullets change nothing");
	pageview_free(one);
	pageview_free(three);
	pageview_free(bullet);

	v = read_page("- Outer item\n  - Inner item\n- Loose item\n\n"
		      "  with a second paragraph\n");
	units_are(v, 3, "a nested list: one unit an item");
	unit_is(v, 0, "item l1-1: [Outer item]", "the outer item first");
	unit_is(v, 1, "item l2-2: [Inner item]", "the inner item after it");
	unit_is(v, 2, "item l3-5: [Loose item with a second paragraph]",
		"an item's paragraphs are joined");
	pageview_free(v);
}

static void test_lines(void)
{
	pageview *v = read_page("# Title\n\nText on\ntwo lines.\n\n- An item\n"
				"\n```\ncode here\n```\n\n| a |\n|---|\n| 1 |\n"
				"\n---\n\nSetext\n======\n");

	units_are(v, 7, "a page of each block: 7 units");
	unit_is(v, 0, "heading l1-1: [Title]", "an ATX heading");
	tap_ok(pageview_unit_at(v, 0)->level == 1, "its level is 1");
	unit_is(v, 1, "paragraph l3-4: [Text on two lines.]", "a paragraph");
	unit_is(v, 2, "item l6-6: [An item]", "an item");
	unit_is(v, 3, "code l8-10: [code here]", "a fenced code block");
	unit_is(v, 4, "row l12-12: [a]", "a table's header");
	unit_is(v, 5, "row l14-14: [1]", "a row after the delimiter row");
	unit_is(v, 6, "heading l18-19: [Setext]",
		"a setext heading (the break before it reads nothing)");
	pageview_free(v);
}

static void test_image(void)
{
	pageview *v = read_page("![Figure 1: p99 latency](fig/p99.png)\n\n"
				"See ![the figure](fig/p99.png) above.\n");
	const pageview_unit *u = pageview_unit_at(v, 0);

	units_are(v, 2, "an image and a sentence: two units");
	unit_is(v, 0, "image l1-1: [Figure 1: p99 latency]",
		"a paragraph that is only an image is an image");
	tap_streq(u->target, "fig/p99.png", "its URL is its target");
	unit_is(v, 1, "paragraph l3-3: [See the figure above.]",
		"an image inside text is text");
	tap_ok(pageview_unit_at(v, 1)->target == NULL,
	       "and a paragraph has no target");
	pageview_free(v);
}

/* A text's first link is its target, written in Markdown or as
 * <a href>, in a heading, a paragraph, a list item or an HTML block; a
 * table cell's link is not kept. */
static void test_links(void)
{
	static const struct {
		const char *md, *text, *target, *why;
	} cases[] = {
		{ "## [Power plans, build 1](powerplan/en.md)\n",
		  "Power plans, build 1", "powerplan/en.md",
		  "a Markdown heading's link" },
		{ "See [a](one.md) and [b](two.md).\n", "See a and b.",
		  "one.md", "a paragraph's first link of two" },
		{ "- item [x](<a b.md>)\n", "item x", "a b.md",
		  "a list item's link in angle brackets" },
		{ "## <a href=\"p/en.md\">Title</a>\n", "Title", "p/en.md",
		  "a heading's inline <a href>" },
		{ "<h2><A class=x HREF='q&amp;r.md'>T</A></h2>\n", "T", "q&r.md",
		  "an HTML block's <A HREF>, in single quotes, its "
		  "reference decoded" },
		{ "<p><a href=plain.md title=\"t\">U</a></p>\n", "U",
		  "plain.md", "an unquoted href" },
		{ "<p><a name=\"x\">V</a></p>\n", "V", NULL,
		  "an <a> without href links nowhere" },
		{ "<p><a hreflang=\"de\" href=\"w.md\">W</a></p>\n", "W",
		  "w.md", "hreflang is not href" },
		{ "Plain text.\n", "Plain text.", NULL, "no link: no target" },
		{ "See [x](a&amp;amp;b).\n", "See x.", "a&amp;b",
		  "a Markdown target is decoded once, as a browser does" },
		{ "<p><a href=\"a&amp;amp;b\">y</a></p>\n", "y", "a&amp;b",
		  "and an href alike" },
		{ "<p><a href=\"foo>z</a></p>\n", "z", "foo",
		  "an unclosed quote ends before the tag's '>'" },
		{ "<p><a =x href=y>w</a></p>\n", "w", "y",
		  "a '=' without a name is skipped" },
		{ "<p><a href>v</a></p>\n", "v", "",
		  "an href without a value links to nothing named" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pageview *v = read_page(cases[i].md);
		const pageview_unit *u = pageview_n_units(v) == 1
			? pageview_unit_at(v, 0) : NULL;
		bool ok = u && strcmp(u->cells[0], cases[i].text) == 0
			  && (cases[i].target
			      ? u->target && strcmp(u->target,
						    cases[i].target) == 0
			      : u->target == NULL);

		tap_ok(ok, "%s: %s", cases[i].why,
		       cases[i].target ? cases[i].target : "none");
		if (!ok && u)
			tap_diag("got [%s] -> %s", u->cells[0],
				 u->target ? u->target : "(none)");
		pageview_free(v);
	}
	pageview *t = read_page("| a | [b](c.md) |\n|---|---|\n| 1 | 2 |\n\n"
				"After.\n");
	tap_ok(pageview_n_units(t) == 3
	       && pageview_unit_at(t, 0)->target == NULL
	       && pageview_unit_at(t, 2)->target == NULL,
	       "a table cell's link is not kept, nor passed to the next "
	       "paragraph");
	pageview_free(t);
	/* A tab-separated row's link is the row's, which keeps none: not
	 * the text's before or after it. */
	t = read_page("Intro text\na\t[b](y)\tc\nAfter [d](z).\n");
	tap_ok(pageview_n_units(t) == 3
	       && pageview_unit_at(t, 0)->target == NULL
	       && pageview_unit_at(t, 1)->kind == PAGEVIEW_ROW
	       && pageview_unit_at(t, 2)->target
	       && strcmp(pageview_unit_at(t, 2)->target, "z") == 0,
	       "a tab row's link goes to no text; the line after keeps its own");
	pageview_free(t);
}

/* ---- normalisation -------------------------------------------------- */

static void test_normal_form(void)
{
	/* "Große Männer", the ä composed and decomposed */
	pageview *nfc = read_page("Gro\xC3\x9F" "e M\xC3\xA4nner\n");
	pageview *nfd = read_page("Gro\xC3\x9F" "e Ma\xCC\x88nner\n");
	pageview *v;

	tap_streq(text_of(nfd, 0), "Gro\xC3\x9F" "e M\xC3\xA4nner",
		  "decomposed German text reads composed (NFC)");
	tap_ok(same_units(nfc, nfd), "NFD and NFC text read the same");
	pageview_free(nfc);
	pageview_free(nfd);

	v = read_page("\xE2\x88\x92" "0.5 ms, 12\xC2\xA0ms, 3\xE2\x80\xAF%,"
		      " a\xE2\x80\x8B" "b, \xEF\xBB\xBF" "c  \n d\n");
	tap_streq(text_of(v, 0), "-0.5 ms, 12 ms, 3 %, ab, c d",
		  "U+2212 reads '-', no-break spaces ' ', zero-width "
		  "characters nothing, blanks one space");
	pageview_free(v);

	v = read_page("Value `\xEE\x80\x81 0.625` ms\n\n| a |\n|---|\n"
		      "| \xEF\xA3\xBF" "3 \xEE\x80\x82 |\n");
	tap_streq(text_of(v, 0), "Value \xEE\x80\x81 0.625 ms",
		  "a private-use character survives in a code span");
	tap_ok(pageview_n_units(v) == 3
	       && strcmp(pageview_unit_at(v, 2)->cells[0],
			 "\xEF\xA3\xBF" "3 \xEE\x80\x82") == 0,
	       "private-use characters survive in a table cell");
	pageview_free(v);

	v = read_page("&amp; &lt;b&gt; &#233; &#x41; \\_x\\_\n");
	tap_streq(text_of(v, 0), "& <b> \xC3\xA9 A _x_",
		  "Markdown entities and escapes are resolved");
	pageview_free(v);
}

/* ---- raw HTML ------------------------------------------------------- */

static void test_html_hidden(void)
{
	pageview *v = read_page("<!--\n| State | p99 |\n|---|---|\n"
				"| 10 | 0.6 |\n-->\n");
	const pageview_hidden *h;

	units_are(v, 0, "a comment holding a table: no unit");
	tap_ok(pageview_n_hidden(v) == 1, "one hidden entry");
	h = pageview_hidden_at(v, 0);
	tap_ok(h->line == 1 && h->last_line == 5,
	       "the comment's lines, 1-5 (got %zu-%zu)", h->line,
	       h->last_line);
	tap_streq(h->what, "an HTML comment", "named a comment");
	pageview_free(v);

	v = read_page("Visible <!-- not\nvisible --> text.\n\n"
		      "<script>\nvar x = 1;\n</script>\n\n"
		      "[ref]: http://example.org/\n\nSee [ref].\n");
	units_are(v, 2, "a paragraph around an inline comment, and one "
		  "after a script and a definition");
	unit_is(v, 0, "paragraph l1-2: [Visible text.]",
		"an inline comment is not text");
	unit_is(v, 1, "paragraph l10-10: [See ref.]",
		"the paragraph after them");
	tap_ok(pageview_n_hidden(v) == 3, "three hidden entries");
	if (pageview_n_hidden(v) == 3) {
		h = pageview_hidden_at(v, 0);
		tap_ok(h->line == 1 && h->last_line == 2
		       && strcmp(h->what, "an HTML comment") == 0,
		       "the inline comment, lines 1-2");
		h = pageview_hidden_at(v, 1);
		tap_ok(h->line == 4 && h->last_line == 6
		       && strstr(h->what, "<script>"),
		       "the script, lines 4-6 (got %zu-%zu)", h->line,
		       h->last_line);
		h = pageview_hidden_at(v, 2);
		tap_ok(h->line == 8 && h->last_line == 8
		       && strcmp(h->what, "a link reference definition") == 0,
		       "the link reference definition, line 8");
	}
	pageview_free(v);

	v = read_page("[r]: /u\nText after a definition.\n");
	unit_is(v, 0, "paragraph l2-2: [Text after a definition.]",
		"a paragraph begins after the definition it followed");
	tap_ok(pageview_n_hidden(v) == 1
	       && pageview_hidden_at(v, 0)->line == 1
	       && pageview_hidden_at(v, 0)->last_line == 1,
	       "and the definition is hidden");
	pageview_free(v);
}

static void test_html_blocks(void)
{
	pageview *v = read_page("Intro.\n\n<table>\n"
				"<tr><th>State</th><th>Result</th></tr>\n"
				"<tr><td>10</td><td>4 &amp; <b>5</b></td></tr>\n"
				"</table>\n");
	const pageview_unit *u;

	units_are(v, 3, "a paragraph and an HTML table of 2 rows");
	unit_is(v, 1, "row l4-4: [State] [Result]", "the header row");
	unit_is(v, 2, "row l5-5: [10] [4 & 5]",
		"a body row, entity decoded, tags dropped");
	u = pageview_unit_at(v, 1);
	tap_ok(u->html && u->header && u->table == 1,
	       "a row of <th> is a header, from HTML, of table 1");
	u = pageview_unit_at(v, 2);
	tap_ok(u->html && !u->header, "a row of <td> is not a header");
	pageview_free(v);

	v = read_page("<p>A sentence\nin HTML.</p>\n");
	unit_is(v, 0, "paragraph l1-2: [A sentence in HTML.]",
		"an HTML paragraph is a paragraph");
	tap_ok(pageview_unit_at(v, 0)->html, "from HTML");
	pageview_free(v);

	v = read_page("<div>\n<h2>Sub &amp; title</h2>\n<p>One</p><p>Two<br>"
		      "three</p>\n<ul><li>An item</li></ul>\n</div>\n");
	units_are(v, 5, "an HTML block of a heading, 3 paragraphs, an item");
	unit_is(v, 0, "heading l2-2: [Sub & title]", "<h2> is a heading");
	tap_ok(pageview_unit_at(v, 0)->level == 2, "of level 2");
	unit_is(v, 1, "paragraph l3-3: [One]", "<p> starts a unit");
	unit_is(v, 2, "paragraph l3-3: [Two]", "so does the next <p>");
	unit_is(v, 3, "paragraph l3-3: [three]", "and <br>");
	unit_is(v, 4, "item l4-4: [An item]", "<li> is an item");
	pageview_free(v);

	v = read_page("<div>a &minus;1 &ndash; &mdash; &#39;x&#39; &apos;"
		      " &quot;q&quot; &#x41;&#66; &nbsp;b &unknown;</div>\n");
	tap_streq(text_of(v, 0), "a -1 \xE2\x80\x93 \xE2\x80\x94 'x' ' \"q\""
		  " AB b &unknown;", "HTML entities are decoded");
	pageview_free(v);

	v = read_page("<table>\n<tr><td>x</td></tr>\n\n<tr><td>y</td></tr>\n"
		      "</table>\n\n| a |\n|---|\n");
	units_are(v, 3, "an HTML table cut by a blank line, a GFM table");
	tap_ok(pageview_n_units(v) == 3
	       && pageview_unit_at(v, 0)->table == 1
	       && pageview_unit_at(v, 1)->table == 1
	       && pageview_unit_at(v, 2)->table == 2,
	       "an HTML table cut by a blank line is one table; the next "
	       "is table 2");
	unit_is(v, 1, "row l4-4: [y]", "its second row");
	pageview_free(v);
}

/* ---- a wiki's plain text -------------------------------------------- */

static void test_tab_rows(void)
{
	pageview *v = read_page("How each value read back\n"
				"Set\tRead back\tNote\n"
				"`30`\tAPI gave 30\tas written\n"
				"missing\tAPI gave 20\tdefault\n"
				"Values are rounded down.\n\n"
				"First\tSecond\n");
	const pageview_unit *u;

	units_are(v, 6, "text, a tab table of 3 rows, text, a one-row table");
	unit_is(v, 0, "paragraph l1-1: [How each value read back]",
		"the line before the rows is a paragraph");
	unit_is(v, 1, "row l2-2: [Set] [Read back] [Note]", "the header");
	unit_is(v, 2, "row l3-3: [30] [API gave 30] [as written]",
		"a row, code span marks gone");
	unit_is(v, 3, "row l4-4: [missing] [API gave 20] [default]",
		"the last row");
	unit_is(v, 4, "paragraph l5-5: [Values are rounded down.]",
		"the line after them is a paragraph");
	u = pageview_unit_at(v, 1);
	tap_ok(u->header && u->table == 1, "the first line is the header");
	u = pageview_unit_at(v, 2);
	tap_ok(!u->header && u->table == 1, "the next are not");
	u = pageview_unit_at(v, 5);
	tap_ok(u->kind == PAGEVIEW_ROW && u->header && u->table == 2,
	       "another paragraph's tab line is table 2");
	pageview_free(v);
}

/* ---- bytes that are not text ---------------------------------------- */

static void test_bad_bytes(void)
{
	static const char page[] = "Line one\n\nab\xFF" "cd\n\nx\0y\n\n"
				   "Last line\n";
	pageview *v = read_len(page, sizeof page - 1);
	const pageview_problem *p;

	tap_ok(pageview_n_problems(v) == 2, "two problems");
	if (pageview_n_problems(v) == 2) {
		p = pageview_problem_at(v, 0);
		tap_ok(p->line == 3 && p->col == 3
		       && strcmp(p->what, "invalid UTF-8") == 0,
		       "invalid UTF-8 at 3:3 (got %zu:%zu %s)", p->line,
		       p->col, p->what);
		p = pageview_problem_at(v, 1);
		tap_ok(p->line == 5 && p->col == 2
		       && strcmp(p->what, "a NUL byte") == 0,
		       "a NUL at 5:2 (got %zu:%zu %s)", p->line, p->col,
		       p->what);
	}
	units_are(v, 4, "the whole page is read");
	unit_is(v, 1, "paragraph l3-3: [ab\xEF\xBF\xBD" "cd]",
		"the bad byte reads U+FFFD");
	unit_is(v, 2, "paragraph l5-5: [x\xEF\xBF\xBDy]",
		"so does the NUL");
	unit_is(v, 3, "paragraph l7-7: [Last line]", "the rest is read");
	pageview_free(v);

	v = read_page("a\x1B[31mb\r\nc\n");
	tap_ok(pageview_n_problems(v) == 1
	       && pageview_problem_at(v, 0)->col == 2
	       && strcmp(pageview_problem_at(v, 0)->what,
			 "a control character") == 0,
	       "ESC is a problem; CR LF is not");
	pageview_free(v);
}

/* ---- limits --------------------------------------------------------- */

static void test_limits(void)
{
	static const char page[] = "# Heading\n\nFirst paragraph\nof two "
				   "lines.\n\n- An item\n\n"
				   "Last paragraph.\n";
	pageview_limits small = { 4000, 40, 100, 100, 100 };
	pageview *whole = read_page(page), *parts = NULL;
	char deep[300];

	tap_ok(pageview_read_limited(page, strlen(page), &small, &parts)
	       == PB_OK, "a page read with a budget too small for it");
	tap_ok(same_units(whole, parts) && pageview_n_units(parts) == 4,
	       "is read in parts cut at blank lines, to the same units");
	unit_is(parts, 3, "paragraph l8-8: [Last paragraph.]",
		"with the lines of the page");
	tap_ok(pageview_n_problems(parts) == 1
	       && strstr(pageview_problem_at(parts, 0)->what, "in parts"),
	       "and a problem says so");
	pageview_free(parts);
	pageview_free(whole);

	small = (pageview_limits){ PAGEVIEW_PARSE_BUDGET, PAGEVIEW_PART_SIZE,
				   2, 100, 100 };
	tap_ok(pageview_read_limited(page, strlen(page), &small, &parts)
	       == PB_OK && pageview_n_units(parts) == 2
	       && pageview_n_problems(parts) == 1
	       && pageview_problem_at(parts, 0)->line == 6,
	       "at most 2 units: the third's line is where reading stopped");
	pageview_free(parts);

	memset(deep, '>', 150);
	strcpy(deep + 150, " deep\n");
	parts = read_page(deep);
	tap_ok(pageview_n_units(parts) == 1
	       && strcmp(text_of(parts, 0), "deep") == 0,
	       "150 nested quotes: the text is read");
	tap_ok(pageview_n_problems(parts) == 1
	       && pageview_problem_at(parts, 0)->col
	          == PAGEVIEW_MAX_DEPTH + 1,
	       "and a problem at the first mark too deep");
	pageview_free(parts);
}

int main(void)
{
	test_paragraphs();
	test_tables();
	test_lists();
	test_lines();
	test_image();
	test_links();
	test_normal_form();
	test_html_hidden();
	test_html_blocks();
	test_tab_rows();
	test_bad_bytes();
	test_limits();
	return tap_done();
}
