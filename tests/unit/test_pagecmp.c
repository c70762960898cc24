/* test_pagecmp.c: a published page against the rendering (verify/marks.h,
 * verify/templates.h, verify/pagecmp.h): the rules of a number worked
 * out by hand, the catalog's sentences as templates, small pages whose
 * every unit's verdict is written out, and the marked rendering of the
 * bundled studies, which without its marks is the page report writes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/analysis.h"
#include "render/i18n.h"
#include "render/markdown.h"
#include "render/mdpage.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"
#include "verify/pagecmp.h"

#define M_OPEN MDPAGE_MARK_OPEN
#define M_TEXT MDPAGE_MARK_TEXT
#define M_CLOSE MDPAGE_MARK_CLOSE

/* ---- marks_read_number ----------------------------------------------- */

static void read_one(const char *text, char mark, bool ok, size_t len,
		     double value, int decimals)
{
	marks_number n;
	bool got = marks_read_number(text, strlen(text), mark, &n);

	if (!ok) {
		tap_ok(!got, "'%s' is no number", text);
		return;
	}
	tap_ok(got && n.len == len && n.decimals == decimals
	       && fabs(n.value - value) < 1e-12,
	       "'%s' (mark '%c'): %zu bytes, %g, %d decimals (got %zu, %g, %d)",
	       text, mark, len, value, decimals, n.len, n.value, n.decimals);
}

static void test_read_number(void)
{
	read_one("+1.784 ms", '.', true, 6, 1.784, 3);
	read_one("-6", '.', true, 2, -6, 0);
	read_one("-0.020", '.', true, 6, -0.02, 3);
	read_one("0,250 ms", ',', true, 5, 0.25, 3);
	read_one("0.250", ',', true, 5, 0.25, 3);   /* re-typed with points */
	read_one("1,5", '.', true, 1, 1, 0);        /* a list, not 1.5 */
	read_one("12.", '.', true, 2, 12, 0);
	read_one("x1", '.', false, 0, 0, 0);
	read_one("-", '.', false, 0, 0, 0);
}

/* ---- marks_check: the rules, case by case ------------------------------- */

/* Judges TEXT (mark '.') in a slot of VALUE written with DECIMALS under
 * RULE and SIDES; WANT is NULL (it follows) or the start of the reason. */
static void judge(double value, int decimals, char rule, char sides,
		  const marks_rules *rules, const char *text, const char *want)
{
	marks_slot s = { 0, 0, rule, sides, value, decimals, '.', false, 0.0 };
	marks_number n;
	const char *why;

	if (!marks_read_number(text, strlen(text), '.', &n)) {
		tap_ok(false, "'%s' read", text);
		return;
	}
	why = marks_check(&s, &n, rules);
	if (!want)
		tap_ok(!why, "%g as '%s': follows (got: %s)", value, text,
		       why ? why : "follows");
	else
		tap_ok(why && strncmp(why, want, strlen(want)) == 0,
		       "%g as '%s': %s (got: %s)", value, text, want,
		       why ? why : "follows");
}

static void test_rules(void)
{
	marks_rules exact = { 1.784, false, 0 };
	marks_rules tol = { 1.784, true, 0.05 };

	/* An estimate of -0.020 (written "-0.020"): a zero hides its
	 * side, a decimal less its precision. */
	judge(-0.0201, 3, 'r', '1', &exact, "-0.020", NULL);
	judge(-0.0201, 3, 'r', '1', &exact, "-0.0201", NULL);
	judge(-0.0201, 3, 'r', '1', &exact, "0", "rounded to fewer");
	judge(-0.0201, 3, 'r', '1', &exact, "-0.0", "rounded to fewer");
	judge(-0.0201, 3, 'r', '1', &exact, "-0.02", "rounded to fewer");
	judge(-0.0201, 3, 'r', '1', &exact, "-0.021", "another value");
	/* -0.0201 to 4 decimals is -0.0201; -0.0202 is half a unit and
	 * more away. */
	judge(-0.0201, 3, 'r', '1', &exact, "-0.0202", "another value");
	/* A bound: no tolerance, exact to its written decimals. */
	judge(-6.0493, 3, 'b', '2', &exact, "-6.049", NULL);
	judge(-6.0493, 3, 'b', '2', &exact, "-6", "rounded to fewer");
	judge(-6.0493, 3, 'b', '2', &tol, "-6", "rounded to fewer");
	judge(-6.0493, 3, 'b', '2', &exact, "-6.050", "another value");
	/* Within the tolerance of 0.05: 0.041 off follows, 0.061 not. */
	judge(-6.0493, 3, 'b', '2', &tol, "-6.090", NULL);
	judge(-6.0493, 3, 'b', '2', &tol, "-6.110", "farther than");
	/* But never across 0 or a threshold: -0.015 as +0.010 is 0.025
	 * off, within the tolerance, on the other side of 0; -1.780 as
	 * -1.790 crosses -T = -1.784. */
	judge(-0.015, 3, 'b', '2', &tol, "+0.010", "on the other side of 0");
	judge(-1.780, 3, 'b', '2', &tol, "-1.790",
	      "on the other side of the threshold");
	judge(-1.780, 3, 'b', '2', &tol, "-1.760", NULL);
	/* A number that keeps no side (a percentage) may lie anywhere
	 * within its rounding: 79.46% written 79.5. */
	judge(79.46, 1, 'r', '0', &exact, "79.5", NULL);
	judge(79.46, 1, 'r', '0', &exact, "79.4", "another value");
	/* The tolerance is for bounds only. */
	judge(1.0, 3, 'r', '1', &tol, "1.010", "another value");
}

/* ---- marks_strip ------------------------------------------------------- */

static void test_strip(void)
{
	const char *marked = "`" M_OPEN "r1-0.02011" M_TEXT "-0.020" M_CLOSE
			     " ms` `[" M_OPEN "b2-6.0493" M_TEXT "-6.049"
			     M_CLOSE "; " M_OPEN "b2+1.5" M_TEXT "+1.500"
			     M_CLOSE "]`";
	GString *plain = g_string_new(NULL);
	GArray *slots = g_array_new(FALSE, FALSE, sizeof(marks_slot));
	bool ok = marks_strip(marked, strlen(marked), plain, slots);
	const marks_slot *s = (const marks_slot *)(void *)slots->data;

	tap_ok(ok, "a marked text is read");
	tap_streq(plain->str, "`-0.020 ms` `[-6.049; +1.500]`",
		  "its plain text is the text without marks");
	tap_ok(slots->len == 3, "three slots (%u)", slots->len);
	if (slots->len == 3) {
		tap_ok(s[0].off == 1 && s[0].len == 6 && s[0].rule == 'r'
		       && s[0].sides == '1' && s[0].decimals == 3
		       && fabs(s[0].value + 0.02011) < 1e-15,
		       "the estimate: at 1, 6 bytes, rounded, exact -0.02011");
		tap_ok(s[1].off == 14 && s[1].rule == 'b' && s[1].sides == '2'
		       && s[2].off == 22 && s[2].decimals == 3,
		       "the bounds: at 14 and 22");
	}
	/* A bound whose mark gives its study's threshold (a site's index):
	 * judged against that T, not the rules'. */
	const char *with_t = M_OPEN "b2116.4;50" M_TEXT "+116" M_CLOSE;
	g_string_truncate(plain, 0);
	g_array_set_size(slots, 0);
	ok = marks_strip(with_t, strlen(with_t), plain, slots);
	s = (const marks_slot *)(void *)slots->data;
	tap_ok(ok && slots->len == 1 && s[0].has_threshold
	       && fabs(s[0].threshold - 50.0) < 1e-12
	       && fabs(s[0].value - 116.4) < 1e-12
	       && strcmp(plain->str, "+116") == 0,
	       "a bound's mark with ';T' gives its value 116.4 and T 50");
	if (ok && slots->len == 1) {
		marks_rules far = { 0.25, true, 100.0 };
		marks_number n;
		marks_read_number("+45", 3, '.', &n);
		tap_streq(marks_check(&s[0], &n, &far),
			  "on the other side of the threshold",
			  "+45 for 116.4 crosses the mark's T of 50, though "
			  "within the tolerance and on the rules' T's side");
		marks_read_number("+60", 3, '.', &n);
		tap_ok(marks_check(&s[0], &n, &far) == NULL,
		       "+60 keeps its side of 50: within the tolerance");
	}
	g_string_truncate(plain, 0);
	tap_ok(!marks_strip(M_OPEN "r1", 5, plain, slots),
	       "a mark cut short is refused");
	g_string_free(plain, TRUE);
	g_array_free(slots, TRUE);
}

/* ---- templates --------------------------------------------------------- */

static void test_templates(void)
{
	templates *en = NULL, *de = NULL;

	tap_ok(templates_new("en", &en) == PB_OK && templates_count(en) > 100,
	       "English: the catalog's texts are templates (%zu)",
	       en ? templates_count(en) : 0);
	tap_ok(templates_new("de", &de) == PB_OK, "German too");
	tap_ok(templates_new("xx", &(templates *){ NULL }) == PB_SOFTWARE,
	       "an unknown language has none");
	if (!en || !de)
		goto out;
	{
		const char *s = "Series 1 against Series 2: SD ratio 1.20, "
				"Brown-Forsythe test p 0.51; no clear "
				"difference in spread.";
		const char *inside = "As we see, Series 1 against Series 2: SD "
				     "ratio 9.99, Brown-Forsythe test p 0.01; "
				     "no clear difference in spread. Fine.";
		tap_ok(templates_fit(en, s, strlen(s)) != NULL,
		       "a sentence of the catalog, names and numbers open, fits");
		tap_ok(templates_fit(en, inside, strlen(inside)) != NULL,
		       "and fits inside an author's paragraph");
		tap_ok(templates_fit(de, s, strlen(s)) == NULL,
		       "but not the German templates");
	}
	{
		/* A Czech preposition written with its vowel before the
		   number put in is pairboot's sentence all the same. */
		templates *cs = NULL;
		const char *s = "Série 2 oproti sérii 1: při 10 + 10 bězích a "
				"p < 0,05 odhalí test rozptylu dvojnásobnou SD "
				"asi ve 31 % případů (normálně rozdělené běhy, "
				"simulace; docs/statistics.md), takže když "
				"rozdíl nenajde, není tím vyloučen.";
		const char *v = "Série 2 oproti sérii 1: při 10 + 10 bězích a "
				"p < 0,05 odhalí test rozptylu dvojnásobnou SD "
				"asi v 15 % případů (normálně rozdělené běhy, "
				"simulace; docs/statistics.md), takže když "
				"rozdíl nenajde, není tím vyloučen.";
		tap_ok(templates_new("cs", &cs) == PB_OK
		       && templates_fit(cs, s, strlen(s)) != NULL
		       && templates_fit(cs, v, strlen(v)) != NULL,
		       "cs: a sentence with ve before 31 %% and v before 15 %% "
		       "fits its template");
		templates_free(cs);
	}
	{
		const char *s = "The data prove that the setting has no effect.";
		tap_ok(templates_fit(en, s, strlen(s)) == NULL,
		       "an author's sentence fits none");
	}
out:
	templates_free(en);
	templates_free(de);
}

/* ---- pagecmp on small pages -------------------------------------------- */

/* A rendering of two sections: a table with two rows and a sentence. */
static const char expected_page[] =
	"# Study\n\n"
	"## Comparison\n\n"
	"| State | Series 1 | Conclusion |\n"
	"|---|---|---|\n"
	"| `10` | `" M_OPEN "r1-0.0201" M_TEXT "-0.020" M_CLOSE " ms` `["
	M_OPEN "b2-0.3" M_TEXT "-0.300" M_CLOSE "; " M_OPEN "b2+0.2"
	M_TEXT "+0.200" M_CLOSE "]` | no effect |\n"
	"| `20` | `" M_OPEN "r1+1.5" M_TEXT "+1.500" M_CLOSE " ms` `["
	M_OPEN "b2+1.2" M_TEXT "+1.200" M_CLOSE "; " M_OPEN "b2+1.9"
	M_TEXT "+1.900" M_CLOSE "]` | harm |\n\n"
	"## Runs\n\n"
	"- Series 1: of 52 runs, 50 accepted.\n";

/* The items of PAGE against the rendering, as one letter each in the
 * order of their lines, OMITTED last ('=' match, 'X' MISMATCH, 'O' OMITTED, 'N' not in data, 'A'
 * author text), after the published page's units. */
static char *verdicts(const char *page, pagecmp_stats *stats)
{
	static const char letters[VREPORT_VERDICTS] = { '=', 'X', 'O', 'N',
							'A' };
	pagecmp_expected *e = NULL;
	pageview *v = NULL;
	templates *t = NULL;
	vreport *r = vreport_new();
	marks_rules rules = { 1.0, false, 0 };
	GString *g = g_string_new(NULL);

	if (pagecmp_expect(expected_page, strlen(expected_page), &e) != PB_OK
	    || pageview_read(page, strlen(page), &v) != PB_OK
	    || templates_new("en", &t) != PB_OK
	    || pagecmp_run(e, v, t, &rules, r, stats) != PB_OK)
		g_string_assign(g, "(failed)");
	vreport_sort_by_line(r);
	for (size_t i = 0; r && i < vreport_n_items(r); i++)
		g_string_append_c(g, letters[vreport_item_at(r, i)->verdict]);
	vreport_free(r);
	templates_free(t);
	pageview_free(v);
	pagecmp_expected_free(e);
	return g_string_free(g, FALSE);
}

/* The rendering without its marks: what report would write. */
static char *plain_page(void)
{
	GString *g = g_string_new(NULL);
	GArray *slots = g_array_new(FALSE, FALSE, sizeof(marks_slot));

	marks_strip(expected_page, strlen(expected_page), g, slots);
	g_array_free(slots, TRUE);
	return g_string_free(g, FALSE);
}

/* PAGE with the first FROM replaced by TO. */
static char *edited(const char *page, const char *from, const char *to)
{
	const char *at = strstr(page, from);

	if (!at)
		return g_strdup("(edit did not apply)");
	return g_strdup_printf("%.*s%s%s", (int)(at - page), page, to,
			       at + strlen(from));
}

static void page_case(const char *page, const char *want, const char *name)
{
	pagecmp_stats stats;
	char *got = verdicts(page, &stats);

	tap_streq(got, want, name);
	g_free(got);
}

static void test_pages(void)
{
	char *plain = plain_page(), *p;
	pagecmp_stats stats;
	char *got = verdicts(plain, &stats);

	/* Units: the heading, two section headings, the table's header and
	 * two rows, the item: 7 matches. */
	tap_streq(got, "=======", "the page as written: every unit matches");
	tap_ok(stats.tables == 1 && stats.rows == 3 && stats.texts == 4
	       && stats.tables_paired == 1 && stats.recognised == 7
	       && stats.author == 0, "what was read is counted");
	g_free(got);

	p = edited(plain, "`-0.020 ms`", "`0 ms`");
	page_case(p, "===X===", "an estimate written 0: one MISMATCH");
	g_free(p);
	p = edited(plain, "[-0.300; +0.200]", "[-0.3000; +0.2000]");
	page_case(p, "=======", "bounds with a decimal more match");
	g_free(p);
	p = edited(plain, "| harm |", "| benefit |");
	page_case(p, "====X==", "another conclusion in a row: MISMATCH");
	g_free(p);
	/* The row of 20 copied before the true one, its conclusion changed:
	 * the true row matches, the copy is a second row for 20. */
	p = edited(plain, "| `20` |", "| `20` | `+1.500 ms` `[+1.200; +1.900]` "
		   "| benefit |\n| `20` |");
	page_case(p, "====N===", "a second row for 20: not in data");
	g_free(p);
	p = edited(plain, "- Series 1: of 52 runs, 50 accepted.\n",
		   "- Series 1: of 52 runs, 50 accepted.\n"
		   "- Series 1: of 52 runs, 52 accepted.\n");
	page_case(p, "=======N", "a second line of the same shape: not in data");
	g_free(p);
	p = g_strconcat(plain, "\nThe data prove no effect.\n", NULL);
	page_case(p, "=======A", "an author's paragraph: not checked");
	g_free(p);
	p = edited(plain, "- Series 1: of 52 runs, 50 accepted.\n", "");
	page_case(p, "======O", "a line left out: OMITTED");
	g_free(p);
	p = edited(plain, "`-0.020 ms`", "`\xe2\x88\x92" "0.020\xc2\xa0ms`");
	page_case(p, "=======", "U+2212 and a no-break space read as written");
	g_free(p);
	p = edited(plain, "| State | Series 1 | Conclusion |\n|---|---|---|\n"
		   "| `10` |", "State | Series 1 | Conclusion\n---|---|---\n"
		   "`10` |");
	page_case(p, "=======", "a row without outer pipes reads the same");
	g_free(p);
	g_free(plain);
}

/* ---- the bundled studies: the marked page is the page ------------------ */

static void test_rendering(const char *name)
{
	study *s = testlib_load(name);
	diag *d = diag_new(stderr, 20);
	analysis *a = NULL;

	if (!s || !tap_ok(analysis_run(s, d, &a) == PB_OK, "%s analysed",
			  name))
		goto out;
	for (size_t i = 0; i < i18n_count(); i++) {
		const char *lang = i18n_code(i);
		GString *page = g_string_new(NULL), *marked = g_string_new(NULL);
		GString *plain = g_string_new(NULL);
		GArray *slots = g_array_new(FALSE, FALSE, sizeof(marks_slot));

		tap_ok(markdown_render_linked(s, a, lang, NULL, page) == PB_OK
		       && markdown_render_marked(s, a, lang, NULL, marked)
		       == PB_OK
		       && marks_strip(marked->str, marked->len, plain, slots),
		       "%s %s: rendered plain and marked", name, lang);
		tap_ok(strcmp(plain->str, page->str) == 0,
		       "%s %s: without its marks the marked page is the page",
		       name, lang);
		tap_ok(slots->len >= 3 * a->n_states,
		       "%s %s: its estimates and bounds are marked (%u)",
		       name, lang, slots->len);
		g_string_free(page, TRUE);
		g_string_free(marked, TRUE);
		g_string_free(plain, TRUE);
		g_array_free(slots, TRUE);
	}
out:
	analysis_free(a);
	study_free(s);
	diag_free(d);
}

int main(void)
{
	test_read_number();
	test_rules();
	test_strip();
	test_templates();
	test_pages();
	test_rendering("mmcss-26200.9168");
	test_rendering("powerplan");
	return tap_done();
}
