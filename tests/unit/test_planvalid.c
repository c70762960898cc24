/* test_planvalid.c: the measured caveats `pairboot plan` prints
 * (analyze/planvalid.c) are the ones docs/statistics.md shows as
 * bench/planbench's output, line for line, and a pilot gets the row that
 * applies to it: the largest pilot size measured that is at most its own
 * (the smallest when it is below all), its interval's own, or for an
 * interval not measured the least favourable of t's and the studentized
 * one's (worked out by hand from the rows below). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "analyze/planvalid.h"
#include "tests/lib/tap.h"

/* docs/statistics.md, or NULL. */
static char *read_docs(void)
{
	const char *top = getenv("top_srcdir");
	gchar *path = g_build_filename(top ? top : ".", "docs/statistics.md",
				       NULL);
	gchar *text = NULL;

	if (!g_file_get_contents(path, &text, NULL, NULL))
		text = NULL;
	g_free(path);
	return text;
}

/* Whether LINE stands in TEXT as a whole line. */
static bool has_line(const char *text, const char *line)
{
	gchar **lines = g_strsplit(text, "\n", -1);
	bool found = false;

	for (size_t i = 0; lines[i] && !found; i++)
		found = strcmp(lines[i], line) == 0;
	g_strfreev(lines);
	return found;
}

static void check_docs(void)
{
	char *docs = read_docs();
	size_t n;
	const planvalid_row *rows = planvalid_rows(&n);

	tap_ok(docs != NULL, "docs/statistics.md is read");
	tap_ok(n == 4, "four rows: pilots of 10 and 15, t and studentized");
	for (size_t i = 0; docs && i < n; i++) {
		char line[200];
		planvalid_line(&rows[i], line, sizeof line);
		tap_ok(has_line(docs, line), "docs/statistics.md has '%s'",
		       line);
	}
	g_free(docs);
}

/* Which row a pilot of N0 pairs judged by M gets. */
static void check_find(size_t n0, interval_method m, size_t want_blocks,
		       bool want_measured, bool want_smaller)
{
	planvalid_row r;
	bool measured, smaller;

	planvalid_find(n0, m, &r, &measured, &smaller);
	tap_ok(r.pilot_blocks == want_blocks && measured == want_measured
	       && smaller == want_smaller && r.method == m,
	       "a pilot of %zu, %s: the row of %zu (%s, %s)", n0,
	       interval_method_name(m), r.pilot_blocks,
	       measured ? "measured" : "not measured",
	       smaller ? "smaller" : "not smaller");
}

/* Percentile, not measured, at 10: the studentized row's 0.43..0.73,
 * 0.00..0.00, -0.05, none at +-T, 0.102 and t's 0.50..0.74, 0.55..0.61,
 * +0.00, -0.26, 0.173 give 0.43..0.74, 0.00..0.61, -0.05, -0.26 and
 * 0.173. */
static void check_merged(void)
{
	planvalid_row r;
	bool measured, smaller;

	planvalid_find(10, INTERVAL_PERCENTILE, &r, &measured, &smaller);
	tap_ok(fabs(r.size_lo - 0.43) < 1e-12 && fabs(r.size_hi - 0.74) < 1e-12
	       && fabs(r.max_lo - 0.0) < 1e-12 && fabs(r.max_hi - 0.61) < 1e-12,
	       "an interval not measured: the widest ranges (%.2f..%.2f, "
	       "%.2f..%.2f)", r.size_lo, r.size_hi, r.max_lo, r.max_hi);
	tap_ok(fabs(r.blocks + 0.05) < 1e-12 && fabs(r.blocks_at_t + 0.26) < 1e-12
	       && fabs(r.wrong_max - 0.173) < 1e-12,
	       "the biases farther from none, one measured over none, and "
	       "the larger wrong chance (%+.2f, %+.2f, %.3f)", r.blocks,
	       r.blocks_at_t, r.wrong_max);
}

int main(void)
{
	check_docs();
	check_find(8, INTERVAL_STUDENTIZED, 10, true, true);
	check_find(10, INTERVAL_T, 10, true, false);
	check_find(14, INTERVAL_T, 10, true, false);
	check_find(15, INTERVAL_T, 15, true, false);
	check_find(200, INTERVAL_STUDENTIZED, 15, true, false);
	check_find(12, INTERVAL_BCA, 10, false, false);
	check_merged();
	return tap_done();
}
