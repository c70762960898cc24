/* test_rowfilter.c: unit tests of ingest/rowfilter (study.ini's
 * `filter`, `missing` and `missing_limit`) and of the latency reader
 * using them (ingest/latency.h, latency_read_buffer_rules): what each
 * grammar accepts, where each bad value is said to be wrong, and which
 * rows a capture keeps, counted by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/latency.h"
#include "ingest/rowfilter.h"
#include "tests/lib/tap.h"

/* Parses RAW as a filter and prints it back in the canonical form. */
static bool filter_reads(const char *raw, const char *want)
{
	plan_condition *c;
	size_t n;
	rowfilter_fault f;
	GString *g = g_string_new(NULL);
	bool ok;

	if (rowfilter_parse(raw, &c, &n, &f) != PB_OK) {
		tap_diag("'%s' refused at %zu: %s", raw, f.at, f.what);
		g_string_free(g, TRUE);
		return false;
	}
	rowfilter_text(g, c, n, false);
	ok = strcmp(g->str, want) == 0;
	if (!ok)
		tap_diag("'%s' reads as '%s'", raw, g->str);
	rowfilter_free_conditions(c, n);
	g_string_free(g, TRUE);
	return ok;
}

/* Whether RAW is refused at byte AT with a message holding WHAT. */
static bool filter_refused(const char *raw, size_t at, const char *what)
{
	plan_condition *c;
	size_t n;
	rowfilter_fault f;
	pb_status st = rowfilter_parse(raw, &c, &n, &f);

	if (st != PB_DATAERR || c || n) {
		tap_diag("'%s' not refused", raw);
		rowfilter_free_conditions(c, n);
		return false;
	}
	if (f.at != at || !strstr(f.what, what)) {
		tap_diag("'%s': at %zu, '%s'", raw, f.at, f.what);
		return false;
	}
	return true;
}

/* RAW's filter written escaped, as study.ini and the digest hold it. */
static char *filter_escaped(const char *raw)
{
	plan_condition *c;
	size_t n;
	rowfilter_fault f;
	GString *g = g_string_new(NULL);

	if (rowfilter_parse(raw, &c, &n, &f) != PB_OK) {
		tap_diag("'%s' refused at %zu: %s", raw, f.at, f.what);
		return g_string_free(g, FALSE);
	}
	rowfilter_text(g, c, n, true);
	rowfilter_free_conditions(c, n);
	return g_string_free(g, FALSE);
}

/* Filters that differ are written differently, and each escaped text
 * reads back as the filter it came from (by hand: a value holding AND
 * keeps its blanks escaped, a trailing blank is \s). */
static void check_escaped(void)
{
	const char *two = "Application != dwm.exe AND Application != x";
	const char *one = "Application != dwm.exe\\sAND\\sApplication\\s!=\\sx";
	char *a = filter_escaped(two), *b = filter_escaped(one);
	char *c = filter_escaped("Name == foo\\s\\s AND Mode == a b");

	tap_streq(a, two, "two conditions are written as given");
	tap_streq(b, "Application != dwm.exe\\sAND\\sApplication\\s!=\\sx",
		  "a value holding AND is written with its blanks escaped");
	tap_ok(strcmp(a, b) != 0, "one condition whose value holds ' AND ' "
	       "and two conditions are not one text (nor one digest)");
	tap_ok(filter_reads(b, "Application != dwm.exe AND Application != x")
	       && filter_reads(a, "Application != dwm.exe AND Application != x"),
	       "(both read as that text unescaped)");
	tap_streq(c, "Name == foo\\s\\s AND Mode == a b",
		  "trailing blanks are escaped, inner ones kept");
	g_free(a);
	g_free(b);
	g_free(c);
	a = filter_escaped("X == a\\sAND AND Y == \\sb\\s");
	b = filter_escaped(a);
	tap_streq(b, a, "an escaped filter reads back to itself");
	g_free(a);
	g_free(b);
}

static void check_filter(void)
{
	plan_condition *c;
	size_t n;
	rowfilter_fault f;

	tap_ok(filter_reads("Application == game.exe",
			    "Application == game.exe"), "one condition");
	tap_ok(filter_reads("Application==game.exe AND  PresentMode != "
			    "Composed: Flip ",
			    "Application == game.exe AND PresentMode != "
			    "Composed: Flip"),
	       "two conditions; blanks around the operator and the value "
	       "trimmed, blanks inside a value kept");
	tap_ok(rowfilter_parse("A == x AND B != y AND A != z", &c, &n, &f)
	       == PB_OK && n == 3 && c[0].equal && !c[1].equal
	       && strcmp(c[2].column, "A") == 0
	       && strcmp(c[2].value, "z") == 0,
	       "three conditions, == and != told apart");
	rowfilter_free_conditions(c, n);
	tap_ok(filter_reads("Name == a\\sAND\\sb", "Name == a AND b"),
	       "an escaped blank does not split: the value is 'a AND b'");
	tap_ok(filter_reads("Name == x and y", "Name == x and y"),
	       "only AND in capitals joins conditions");
	tap_ok(filter_reads("Name == a==b", "Name == a==b"),
	       "a condition splits at its first operator");
	tap_ok(filter_refused("", 0, "filter is empty"),
	       "an empty filter is refused, as empty");
	tap_ok(filter_refused("  ", 0, "filter is empty"),
	       "a filter of blanks too");
	tap_ok(filter_refused("Application game.exe", 0, "has no == or !="),
	       "a condition without an operator, at its start");
	tap_ok(filter_refused("A == b AND Application = game.exe", 11,
			      "has no == or !="),
	       "the second condition's fault at its own column");
	tap_ok(filter_refused("A == b AND == c", 11, "no column"),
	       "no column before the operator");
	tap_ok(filter_refused("A == b AND C !=", 13, "no value"),
	       "no value after the operator, at the operator");
	tap_ok(filter_refused("A == b AND", 0, "AND without a condition"),
	       "a dangling AND");
	tap_ok(filter_refused("A == b AND  AND C == d", 11,
			      "AND without a condition"),
	       "two ANDs in a row");
	tap_ok(filter_refused("A == b\\q", 6, "bad escape"),
	       "a bad escape, at its backslash");
}

static bool tokens_read(const char *raw, size_t want_n, const char *want)
{
	char **t;
	size_t n;
	rowfilter_fault f;
	GString *g = g_string_new(NULL);
	bool ok;

	if (rowfilter_tokens_parse(raw, &t, &n, &f) != PB_OK) {
		tap_diag("'%s' refused: %s", raw, f.what);
		g_string_free(g, TRUE);
		return false;
	}
	rowfilter_tokens_text(g, t, n, false);
	ok = n == want_n && strcmp(g->str, want) == 0;
	if (!ok)
		tap_diag("'%s' reads as %zu: '%s'", raw, n, g->str);
	rowfilter_free_tokens(t, n);
	g_string_free(g, TRUE);
	return ok;
}

static bool tokens_refused(const char *raw, size_t at, const char *what)
{
	char **t;
	size_t n;
	rowfilter_fault f;

	if (rowfilter_tokens_parse(raw, &t, &n, &f) != PB_DATAERR) {
		rowfilter_free_tokens(t, n);
		return false;
	}
	if (f.at != at || !strstr(f.what, what)) {
		tap_diag("'%s': at %zu, '%s'", raw, f.at, f.what);
		return false;
	}
	return true;
}

static void check_tokens(void)
{
	tap_ok(tokens_read("NA", 1, "NA"), "one token");
	tap_ok(tokens_read(" NA ; N/A;", 2, "NA;N/A"),
	       "blanks around tokens and one trailing ';'");
	tap_ok(tokens_refused("NA;;x", 3, "empty token"), "an empty token");
	tap_ok(tokens_refused("NA; NA", 4, "listed twice"), "a token twice");
	tap_ok(tokens_refused("NA;0", 3, "reads as a number"),
	       "a token that reads as a number");
	tap_ok(tokens_refused("", 0, "missing is empty"), "no token");
}

static bool limit_is(const char *raw, uint32_t want)
{
	uint32_t ppm = 1234567;
	rowfilter_fault f;
	GString *g = g_string_new(NULL);
	bool ok = rowfilter_limit_parse(raw, &ppm, &f) && ppm == want;

	if (!ok)
		tap_diag("'%s' gives %u", raw, (unsigned)ppm);
	g_string_free(g, TRUE);
	return ok;
}

static bool limit_refused(const char *raw)
{
	uint32_t ppm;
	rowfilter_fault f;

	return !rowfilter_limit_parse(raw, &ppm, &f)
	       && strstr(f.what, "missing_limit must be");
}

static void check_limit(void)
{
	GString *g = g_string_new(NULL);

	tap_ok(limit_is("5%", 50000) && limit_is("0.05", 50000)
	       && limit_is("0.050000", 50000),
	       "5%%, 0.05 and 0.050000 are one limit");
	tap_ok(limit_is("0%", 0) && limit_is("100%", 1000000)
	       && limit_is("1", 1000000) && limit_is("0", 0),
	       "the ends: 0 and all");
	tap_ok(limit_is("0.0001%", 1) && limit_is("0.000001", 1)
	       && limit_is("12.5%", 125000),
	       "the finest steps of each form");
	tap_ok(limit_refused("0.00001%") && limit_refused("0.0000001")
	       && limit_refused("101%") && limit_refused("1.5")
	       && limit_refused("5 %") && limit_refused("-1%")
	       && limit_refused("5e-2") && limit_refused(".05")
	       && limit_refused("5.%") && limit_refused("%")
	       && limit_refused(""),
	       "too many decimals, above all, blanks, signs, exponents and "
	       "bare points are refused");
	rowfilter_limit_text(g, 50000);
	g_string_append_c(g, ' ');
	rowfilter_limit_text(g, 1000000);
	g_string_append_c(g, ' ');
	rowfilter_limit_text(g, 0);
	g_string_append_c(g, ' ');
	rowfilter_limit_text(g, 125);
	tap_streq(g->str, "0.05 1 0 0.000125", "limits as fractions");
	g_string_free(g, TRUE);
	tap_ok(rowfilter_within(5, 100, 50000)
	       && !rowfilter_within(6, 100, 50000)
	       && rowfilter_within(1, 20, 50000)
	       && !rowfilter_within(1, 19, 50000)
	       && rowfilter_within(0, 1, 0) && !rowfilter_within(1, 1000, 0),
	       "a share at the limit is within it, one row more is not");
}

/* ---- the reader ------------------------------------------------------ */

static const char capture[] =
	"Application,ProcessID,PresentMode,MsBetweenPresents\n"
	"game.exe,1,Hardware: Independent Flip,NA\n"
	"game.exe,1,Hardware: Independent Flip,10.5\n"
	"dwm.exe,2,Composed: Flip,16.667\n"
	"\"game.exe\",1,Composed: Flip,11.0\n"
	"game.exe,1,Hardware: Independent Flip,12.5\n"
	"dwm.exe,2,Composed: Flip,NA\n"
	"game.exe,1,Hardware: Independent Flip,9.0\n";

/* Reads TEXT with FILTER (study.ini text, or NULL), MISSING tokens (or
 * NULL) and LIMIT; the counts, the values' sum and the first message. */
static pb_status read_with(const char *text, const char *filter,
			   const char *missing, uint32_t limit,
			   latency_counts *counts, double *sum, size_t *n,
			   char *msg, size_t size)
{
	plan_condition *c = NULL;
	size_t nc = 0, nt = 0;
	char **t = NULL;
	rowfilter_fault f;
	latency_rules rules;
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	pb_status st;

	if (!d || (filter && rowfilter_parse(filter, &c, &nc, &f) != PB_OK)
	    || (missing && rowfilter_tokens_parse(missing, &t, &nt, &f)
		!= PB_OK))
		abort();
	rules = (latency_rules){ c, nc, t, nt, limit };
	st = latency_read_buffer_rules(text, strlen(text), "c.csv",
				       "MsBetweenPresents", &rules, d, &v, n,
				       counts);
	*sum = 0;
	for (size_t i = 0; i < *n; i++)
		*sum += v[i];
	snprintf(msg, size, "%s", diag_message(d, 0) ? diag_message(d, 0)
						     : "");
	free(v);
	rowfilter_free_conditions(c, nc);
	rowfilter_free_tokens(t, nt);
	diag_free(d);
	return st;
}

static void check_reader(void)
{
	latency_counts k;
	double sum;
	size_t n;
	char msg[512];
	pb_status st;

	/* By hand: 7 rows; game.exe 5 (one quoted); of them 1 NA; values
	 * 10.5 + 11.0 + 12.5 + 9.0 = 43. */
	st = read_with(capture, "Application == game.exe", "NA", 250000, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_OK && k.rows == 7 && k.filtered == 2 && k.missing == 1
	       && n == 4 && fabs(sum - 43.0) < 1e-9,
	       "game.exe kept, dwm.exe removed, the NA counted (%zu %zu %zu "
	       "%zu, %s)", k.rows, k.filtered, k.missing, n, msg);
	st = read_with(capture, "Application == game.exe AND PresentMode != "
		       "Composed: Flip", "NA", 250000, &k, &sum, &n, msg,
		       sizeof msg);
	tap_ok(st == PB_OK && k.filtered == 3 && k.missing == 1 && n == 3
	       && fabs(sum - 32.0) < 1e-9, "two conditions: the composed frame goes too");
	st = read_with(capture, "Application == game.exe", "NA", 200000, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_OK, "1 missing of 5 kept rows is within 20%%");
	st = read_with(capture, "Application == game.exe", "NA", 199999, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_DATAERR && n == 0
	       && strcmp(msg, "c.csv:1:1: 1 of 5 kept rows is a missing "
			 "value in column 'MsBetweenPresents' (20.00%), more "
			 "than missing_limit allows (0.199999, 19.9999%)") == 0,
	       "and above 19.9999%%: %s", msg);
	st = read_with(capture, "Application == other.exe", "NA", 50000, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_DATAERR
	       && strcmp(msg, "c.csv:1:1: the filter 'Application == "
			 "other.exe' removes all 7 rows: none is left to "
			 "measure") == 0, "a filter that keeps nothing: %s",
	       msg);
	st = read_with(capture, "Application == dwm.exe AND PresentMode == "
		       "Composed: Flip AND MsBetweenPresents == NA", "NA",
		       1000000, &k, &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_DATAERR
	       && strcmp(msg, "c.csv:1:1: the 1 row the filter keeps is "
			 "a missing value in column 'MsBetweenPresents' "
			 "(missing = NA): none is left to measure") == 0,
	       "kept rows all missing, even under a limit of 100%%: %s", msg);
	st = read_with(capture, "Process == game.exe", "NA", 50000, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_DATAERR
	       && strcmp(msg, "c.csv:1:1: header has no column 'Process', "
			 "which the filter tests (found 'Application', "
			 "'ProcessID', 'PresentMode', 'MsBetweenPresents')")
		  == 0, "a filter column the header lacks: %s", msg);
	st = read_with(capture, "Application == game.exe", NULL, 0, &k,
		       &sum, &n, msg, sizeof msg);
	tap_ok(st == PB_DATAERR
	       && strcmp(msg, "c.csv:2:39: MsBetweenPresents is not a number "
			 "('NA')") == 0,
	       "without missing, NA stays an error: %s", msg);
	st = read_with(capture, NULL, "NA", 1000000, &k, &sum, &n, msg,
		       sizeof msg);
	tap_ok(st == PB_OK && k.filtered == 0 && k.missing == 2 && n == 5,
	       "missing without a filter: both NA counted, dwm.exe's value "
	       "used");
}

int main(void)
{
	check_filter();
	check_escaped();
	check_tokens();
	check_limit();
	check_reader();
	return tap_done();
}
