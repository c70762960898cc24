/* test_verify_page.c: the line check of `pairboot verify`
 * (analyze/verify_page.c) on small texts made by hand: which lines match,
 * which are MISMATCH or OMITTED, which are not checked, and the normal
 * form that makes a plain-text or backtick-free copy match.
 *
 * Each case gives the published page, the page pairboot would write, and,
 * where a table row is judged by items, the items on its line. */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/verify_page.h"
#include "tests/lib/tap.h"

/* The result of checking PAGE against EXPECTED; ITEM_LINE (0: none) is
 * the line of one item of verdict ITEM_VERDICT from the first half. */
static verify_result *check_at(const char *page, const char *expected,
			       size_t item_line, size_t item_col,
			       verify_verdict item_verdict)
{
	verify_result *r = calloc(1, sizeof *r);
	published p;

	memset(&p, 0, sizeof p);
	p.text = (char *)page;
	p.text_len = strlen(page);
	if (item_line) {
		r->items = calloc(1, sizeof *r->items);
		r->items[0] = (verify_item){ item_verdict, strdup("item"), NULL,
					     NULL, item_line, item_col };
		r->n_items = 1;
		r->counts[item_verdict] = 1;
	}
	verify_page_lines(r, &p, expected, strlen(expected));
	return r;
}

/* The same with an item at column 0 of its line (not in any cell). */
static verify_result *check(const char *page, const char *expected,
			    size_t item_line, verify_verdict item_verdict)
{
	return check_at(page, expected, item_line, 0, item_verdict);
}

/* The number of items of verdict V whose text, published or recomputed,
 * holds NEEDLE (NULL: any). */
static size_t items(const verify_result *r, verify_verdict v,
		    const char *needle)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_items; i++) {
		const verify_item *it = &r->items[i];
		if (it->verdict != v)
			continue;
		if (!needle || (it->published && strstr(it->published, needle))
		    || (it->recomputed && strstr(it->recomputed, needle)))
			n++;
	}
	return n;
}

static const char page_md[] =
	"# Title, build 1\n"
	"\n"
	"## Comparison\n"
	"\n"
	"| State | Series 1 | Conclusion |\n"
	"|---|---|---|\n"
	"| `10` | `+0.625 ms` `[-1.111; +2.474]` | harm |\n"
	"| `20` | `-0.100 ms` `[-0.200; +0.100]` | equivalent |\n"
	"\n"
	"## Runs\n"
	"\n"
	"- Series 1: all 24 runs were accepted.\n"
	"- Spread: SD 0.060 ms, p = 0.762; no clear difference in spread.\n"
	"\n"
	"Input digest: `ac3cc12fcf05ab35192e2e089ccb973b0a7340559fed51ee9468927d7e106ccc`\n";

static void same_page(void)
{
	verify_result *r = check(page_md, page_md, 0, VERIFY_MATCH);

	tap_ok(r->lines_checked == 9 && r->counts[VERIFY_MATCH] == 9
	       && r->counts[VERIFY_MISMATCH] == 0
	       && r->counts[VERIFY_OMITTED] == 0 && r->n_unchecked == 0,
	       "the same page: 9 lines (blank and delimiter rows left out), "
	       "all match (%zu checked)", r->lines_checked);
	verify_result_free(r);
}

static void plain_copy(void)
{
	/* The wiki's plain text: no '#', tabs for cells, bullets, no
	 * backticks, two spaces. */
	const char *plain =
		"Title, build 1\n"
		"Comparison\n"
		"State\tSeries 1\tConclusion\n"
		"10\t+0.625 ms [-1.111; +2.474]\tharm\n"
		"20\t-0.100  ms [-0.200; +0.100]\tequivalent\n"
		"Runs\n"
		"\xe2\x80\xa2 Series 1: all 24 runs were accepted.\n"
		"* Spread: SD 0.060 ms, p = 0.762; no clear difference in spread.\n"
		"Input digest: ac3cc12fcf05ab35192e2e089ccb973b0a7340559fed51ee9468927d7e106ccc\n";
	verify_result *r = check(plain, page_md, 0, VERIFY_MATCH);

	tap_ok(r->counts[VERIFY_MATCH] == 9 && r->counts[VERIFY_MISMATCH] == 0
	       && r->counts[VERIFY_OMITTED] == 0,
	       "a plain-text copy with tabs, bullets and no backticks "
	       "matches line for line");
	verify_result_free(r);
}

/* PAGE_MD with FROM replaced by TO, in a static buffer. */
static const char *edited(const char *from, const char *to)
{
	static char buf[2048];
	const char *at = strstr(page_md, from);
	size_t head = (size_t)(at - page_md);

	memcpy(buf, page_md, head);
	strcpy(buf + head, to);
	strcat(buf, at + strlen(from));
	return buf;
}

static void edits(void)
{
	verify_result *r;

	r = check(edited("| harm |", "| benefit |"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "| benefit |") == 1
	       && r->counts[VERIFY_MISMATCH] == 1 && r->counts[VERIFY_OMITTED] == 0,
	       "a verdict changed in a row: one MISMATCH, paired by the "
	       "row's first cell");
	verify_result_free(r);

	r = check(edited("no clear difference", "a clear difference"),
		  page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "a clear difference") == 1
	       && r->counts[VERIFY_OMITTED] == 0,
	       "one word of a sentence changed: paired by shared words, "
	       "MISMATCH");
	verify_result_free(r);

	r = check(edited("SD 0.060 ms", "SD 0.06 ms"), page_md, 0, VERIFY_MATCH);
	tap_ok(r->counts[VERIFY_MISMATCH] == 0 && r->counts[VERIFY_MATCH] == 9,
	       "0.060 written 0.06 in a sentence: the same number rounded, "
	       "match");
	verify_result_free(r);

	r = check(edited("SD 0.060 ms", "SD 0.07 ms"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "SD 0.07") == 1,
	       "0.060 written 0.07: MISMATCH");
	verify_result_free(r);

	r = check(edited("SD 0.060 ms", "SD 0 ms"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "SD 0 ms") == 1,
	       "0.060 written 0: rounded to nothing, MISMATCH");
	verify_result_free(r);

	r = check(edited("SD 0.060 ms", "SD 0.0 ms"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "SD 0.0 ms") == 1,
	       "0.060 written 0.0: a non-zero number shown as zero, MISMATCH");
	verify_result_free(r);

	r = check(edited("p = 0.762", "p = -0.762"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "-0.762") == 1,
	       "a sign flipped: MISMATCH");
	verify_result_free(r);

	r = check(edited("SD 0.060 ms", "SD 0.0600 ms"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "SD 0.0600") == 1,
	       "more decimals than pairboot knows: MISMATCH");
	verify_result_free(r);

	r = check(edited("ac3cc12f", "ac3cc12e"), page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "ac3cc12e") == 1,
	       "one digit of the digest: MISMATCH (a digest is not rounded)");
	verify_result_free(r);
}

static void rows_by_items(void)
{
	/* Line 7 is the row of `10`: a bound drawn with another seed, in
	 * the cell that starts at column 10 ("| `10` | `+0.625 ms` ..."). */
	char *page = g_strdup(edited("-1.111", "-1.200"));
	verify_result *r = check_at(page, page_md, 7, 22, VERIFY_MATCH);

	tap_ok(r->counts[VERIFY_MISMATCH] == 0 && r->counts[VERIFY_MATCH] == 10,
	       "a row that differs in numbers its items found right: match");
	verify_result_free(r);
	r = check_at(page, page_md, 7, 3, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "-1.200") == 1,
	       "items found right in another cell of the row do not cover it");
	verify_result_free(r);
	/* A number in a cell no item reads: the conclusion. */
	{
		char *pub = g_strdup(edited("| harm |", "| harm 2 |"));
		char *rec = g_strdup(edited("| harm |", "| harm 1 |"));
		r = check_at(pub, rec, 7, 22, VERIFY_MATCH);
		tap_ok(items(r, VERIFY_MISMATCH, "harm 2") == 1,
		       "a number changed in a cell no item reads: MISMATCH, "
		       "though the row's items match");
		g_free(pub);
		g_free(rec);
	}
	verify_result_free(r);
	r = check(page, page_md, 7, VERIFY_MISMATCH);
	tap_ok(r->counts[VERIFY_MISMATCH] == 1 && r->n_items == 9,
	       "and found wrong: the item's MISMATCH only, no second one for "
	       "the line");
	verify_result_free(r);
	r = check(page, page_md, 0, VERIFY_MATCH);
	tap_ok(items(r, VERIFY_MISMATCH, "-1.200") == 1,
	       "without items on its line: MISMATCH");
	verify_result_free(r);
	g_free(page);
}

static void omitted_and_unchecked(void)
{
	const char *page =
		"# Title, build 1\n"
		"Our own words, first line,\n"
		"and the second.\n"
		"\n"
		"## Comparison\n"
		"| State | Series 1 | Conclusion |\n"
		"|---|---|---|\n"
		"| `10` | `+0.625 ms` `[-1.111; +2.474]` | harm |\n"
		"\n"
		"Input digest: `ac3cc12fcf05ab35192e2e089ccb973b0a7340559fed51ee9468927d7e106ccc`\n"
		"A last word.\n";
	verify_result *r = check(page, page_md, 0, VERIFY_MATCH);

	tap_ok(r->counts[VERIFY_OMITTED] == 4
	       && items(r, VERIFY_OMITTED, "| `20` |") == 1
	       && items(r, VERIFY_OMITTED, "## Runs") == 1,
	       "the row of 20 and the Runs section (heading and 2 lines): 4 "
	       "OMITTED");
	tap_ok(r->n_unchecked == 2 && r->unchecked[0] == 2
	       && r->unchecked[1] == 3 && r->unchecked[2] == 11
	       && r->unchecked[3] == 11 && r->unchecked_lines == 3,
	       "two paragraphs not checked: lines 2-3 and 11");
	tap_ok(r->counts[VERIFY_MISMATCH] == 0 && r->counts[VERIFY_MATCH] == 5,
	       "the 5 lines of pairboot's that are there match");
	verify_result_free(r);
}

static void bom_and_markers(void)
{
	char *page = g_strconcat("\xef\xbb\xbf", page_md, NULL);
	verify_result *r = check(page, page_md, 0, VERIFY_MATCH);

	tap_ok(r->counts[VERIFY_MATCH] == 9 && r->counts[VERIFY_MISMATCH] == 0,
	       "a page that starts with a byte order mark matches");
	verify_result_free(r);
	g_free(page);
	/* A line made of the bytes that mark a row in normal form. */
	page = g_strconcat(page_md, "\x1e`10`\x1f+0.625 ms [-1.111; +2.474]"
			   "\x1fharm\n", NULL);
	r = check(page, page_md, 0, VERIFY_MATCH);
	tap_ok(r->counts[VERIFY_MATCH] == 9 && r->n_unchecked == 1,
	       "a line of row marks passes for no row: not checked");
	verify_result_free(r);
	g_free(page);
}

static void omitted_items_dropped(void)
{
	verify_result *r = check(page_md, page_md, 3, VERIFY_OMITTED);

	tap_ok(r->counts[VERIFY_OMITTED] == 0 && r->n_items == 9,
	       "the first half's OMITTED items give way to the lines");
	verify_result_free(r);
}

int main(void)
{
	same_page();
	plain_copy();
	edits();
	rows_by_items();
	omitted_and_unchecked();
	bom_and_markers();
	omitted_items_dropped();
	return tap_done();
}
