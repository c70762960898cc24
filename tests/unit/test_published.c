/* test_published.c: the reader of published pages and results.json
 * (ingest/published.c), with a small vocabulary written here: templates,
 * both table layouts, the strict errors with their line and column, and a
 * minimal results.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ingest/published.h"
#include "ingest/published_text.h"
#include "tests/lib/tap.h"

/* A phrase as the vocabulary holds it, not prepared: the reader works out
 * what it needs as it goes. */
#define PHRASE(c, k, l, t) { .concept = c, .code = k, .lang = l, .text = t }

/* English plus one German phrase, to see that any language's phrase is
 * recognised. */
static const pub_phrase vocab[] = {
	PHRASE(PUB_CMP_HEAD, NULL, "en", "Comparison with %s"),
	PHRASE(PUB_CMP_SERIES_HEAD, NULL, "en", "%s, difference and %s CI"),
	PHRASE(PUB_CMP_CONCLUSION_HEAD, NULL, "en", "Conclusion"),
	PHRASE(PUB_CMP_CONCLUSION_HEAD, NULL, "de", "Schlussfolgerung"),
	PHRASE(PUB_SERIES_LABEL, NULL, "en", "Series %s"),
	PHRASE(PUB_CONCLUSION, "harm", "en", "practically significant harm"),
	PHRASE(PUB_CONCLUSION, "indeterminate", "en",
	  "advantage not established; equivalence not proven"),
	PHRASE(PUB_CONCLUSION, "series-disagree", "en",
	  "series disagree; no pooled conclusion"),
	PHRASE(PUB_CONCLUSION, "too-few-pairs", "en",
	  "too few pairs for a claim, which needs at least %zu pairs"),
	PHRASE(PUB_CONCLUSION_WITH_SERIES, NULL, "en", "%s: %s"),
	PHRASE(PUB_NO_PAIRS, NULL, "en", "no pairs"),
	PHRASE(PUB_NO_INTERVAL, NULL, "en", "(no interval)"),
	PHRASE(PUB_MECH_HEAD_STATE, NULL, "en", "State"),
	PHRASE(PUB_MECH_HEAD_REGISTRATION, NULL, "en", "Registration"),
	PHRASE(PUB_MECH_HEAD_SERVICE, NULL, "en", "%s state"),
	PHRASE(PUB_MECH_HEAD_WIN32, NULL, "en", "Win32 priority of one thread"),
	PHRASE(PUB_MECH_HEAD_ETW, NULL, "en", "ETW priority of one thread"),
	PHRASE(PUB_SERVICE_WORD, "running", "en", "running"),
	PHRASE(PUB_SERVICE_WORD, "stopped", "en", "stopped"),
	PHRASE(PUB_NOT_REPORTED, NULL, "en", "not reported"),
	PHRASE(PUB_VAL_HEAD_WRITTEN, NULL, "en", "Written"),
	PHRASE(PUB_VAL_HEAD_OBSERVED, NULL, "en", "Observed state after boot"),
	PHRASE(PUB_VAL_HEAD_RESULT, NULL, "en", "Result"),
	PHRASE(PUB_OBS_API, NULL, "en", "API returned %s"),
	PHRASE(PUB_OBS_SERVICE, "running", "en", "%s running"),
	PHRASE(PUB_OBS_SERVICE, "stopped", "en", "%s stopped"),
	PHRASE(PUB_OBS_REGISTRATION, "no", "en", "registration not performed"),
	PHRASE(PUB_OUTCOME, "rounded-down", "en", "rounded down"),
	PHRASE(PUB_OUTCOME, "observation-only", "en",
	  "separate observation for this build"),
	PHRASE(PUB_MISSING, NULL, "en", "missing"),
};

#define N_VOCAB (sizeof vocab / sizeof *vocab)

static published *parse(const char *text, diag *d, pb_status *st)
{
	published *p = NULL;
	*st = published_parse("page.txt", text, strlen(text), NULL, vocab,
			      N_VOCAB, d, &p);
	return p;
}

/* A long line of many places where a piece could end: trying every way
 * to cut it would not end in any time a test can wait; the match, or the
 * lack of one, is found at once.  LONG_ITEMS pieces of "a, " make more
 * work than the backtracking match may do, so the linear one answers. */
#define LONG_ITEMS 30000

static void check_long_text(void)
{
	GString *line = g_string_new(NULL);
	char *caps[5];
	bool ok;

	for (int i = 0; i < 4000; i++)
		g_string_append(line, "a, ");
	tap_ok(!pub_template_match("%s, %s, %s, %s, %s.", line->str, caps, 5)
	       && caps[0] == NULL,
	       "template: a long line without the last literal does not match");
	g_string_truncate(line, line->len - 2);
	g_string_append_c(line, '.');
	ok = pub_template_match("%s, %s, %s, %s, %s.", line->str, caps, 5);
	tap_ok(ok && strcmp(caps[0], "a") == 0 && strcmp(caps[3], "a") == 0
	       && strlen(caps[4]) == 3 * 3996 - 2,
	       "template: on a long line each piece but the last is the "
	       "shortest");
	for (int i = 0; ok && i < 5; i++)
		free(caps[i]);
	/* Many places where the last piece could end before the one where
	 * it does: the same pieces as the shortest-first search gives. */
	g_string_truncate(line, 0);
	for (int i = 0; i < LONG_ITEMS; i++)
		g_string_append(line, "a, ");
	g_string_append(line, "end");
	ok = pub_template_match("%s, %s, %s, %s, %s, end", line->str, caps,
				5);
	tap_ok(ok && strcmp(caps[0], "a") == 0 && strcmp(caps[1], "a") == 0
	       && strcmp(caps[2], "a") == 0 && strcmp(caps[3], "a") == 0
	       && strlen(caps[4]) == 3 * (LONG_ITEMS - 4) - 2
	       && strncmp(caps[4], "a, a", 4) == 0,
	       "template: a long line that matches after many tries");
	for (int i = 0; ok && i < 5; i++)
		free(caps[i]);
	/* Nine pieces, numbered ones and a percent sign, on such a line. */
	g_string_truncate(line, 0);
	g_string_append(line, "x% y ");
	for (int i = 0; i < LONG_ITEMS; i++)
		g_string_append(line, "a, ");
	g_string_append(line, "end");
	char *nine[9];
	ok = pub_template_match("%2$s%% %1$s %s, %s, %s, %s, %s, %s, %s, end",
				line->str, nine, 9);
	tap_ok(ok && strcmp(nine[1], "x") == 0 && strcmp(nine[0], "y") == 0
	       && strcmp(nine[2], "a") == 0 && strcmp(nine[7], "a") == 0
	       && strlen(nine[8]) == 3 * (LONG_ITEMS - 6) - 2,
	       "template: nine pieces, two of them numbered, on a long line");
	for (int i = 0; ok && i < 9; i++)
		free(nine[i]);
	g_string_free(line, TRUE);
}

static void check_templates(void)
{
	char *caps[2];

	tap_ok(pub_template_match("Comparison with %s", "Comparison with 20",
				  caps, 1)
	       && strcmp(caps[0], "20") == 0, "template: one capture");
	free(caps[0]);
	tap_ok(pub_template_match("%s, difference and %s CI",
				  "Series 1, difference and 95% CI", caps, 2)
	       && strcmp(caps[0], "Series 1") == 0
	       && strcmp(caps[1], "95%") == 0, "template: two captures");
	free(caps[0]);
	free(caps[1]);
	tap_ok(pub_template_match("%s\xec\x99\x80\xec\x9d\x98 \xeb\xb9\x84"
				  "\xea\xb5\x90",
				  "20\xec\x99\x80\xec\x9d\x98 \xeb\xb9\x84"
				  "\xea\xb5\x90", caps, 1)
	       && strcmp(caps[0], "20") == 0,
	       "template: a capture before Korean text");
	free(caps[0]);
	tap_ok(pub_template_match("at %%", "at %", NULL, 0),
	       "template: %% is a percent sign");
	tap_ok(!pub_template_match("Comparison with %s", "Comparison to 20",
				   caps, 1) && caps[0] == NULL,
	       "template: other words do not match, nothing captured");
	tap_ok(!pub_template_match("Result", "Results", NULL, 0),
	       "template: the whole text must match");
	/* A translation may reorder its arguments: "%2$s" fills the second
	 * capture wherever it stands. */
	tap_ok(pub_template_match("%2$s of %1$zu pairs", "95% of 10 pairs",
				  caps, 2)
	       && strcmp(caps[0], "10") == 0 && strcmp(caps[1], "95%") == 0,
	       "template: numbered directives fill their own captures");
	free(caps[0]);
	free(caps[1]);
	tap_ok(pub_template_match("at least %zu pairs", "at least 5 pairs",
				  caps, 1) && strcmp(caps[0], "5") == 0,
	       "template: %%zu takes the count");
	free(caps[0]);
	/* The ends a piece may have: the shortest that lets the rest match,
	 * the rest of the text at the template's end, and any length when
	 * another directive follows. */
	tap_ok(pub_template_match("%s, %s", "a, b, c", caps, 2)
	       && strcmp(caps[0], "a") == 0 && strcmp(caps[1], "b, c") == 0,
	       "template: the first piece is the shortest");
	free(caps[0]);
	free(caps[1]);
	tap_ok(pub_template_match("%s; %s.", "x; y.; z.", caps, 2)
	       && strcmp(caps[0], "x") == 0 && strcmp(caps[1], "y.; z") == 0,
	       "template: a piece holds the byte that ends it elsewhere");
	free(caps[0]);
	free(caps[1]);
	tap_ok(pub_template_match("%s%% up", "12% up", caps, 1)
	       && strcmp(caps[0], "12") == 0,
	       "template: a piece ends before %%%%");
	free(caps[0]);
	tap_ok(pub_template_match("%s%s!", "ab!", caps, 2)
	       && strcmp(caps[0], "") == 0 && strcmp(caps[1], "ab") == 0,
	       "template: two directives side by side");
	free(caps[0]);
	free(caps[1]);
	tap_ok(!pub_template_match("%s: %s", "no colon here", caps, 2)
	       && caps[0] == NULL && caps[1] == NULL,
	       "template: no match when the byte after a piece is absent");
	tap_ok(pub_template_match("%s", "", caps, 1)
	       && strcmp(caps[0], "") == 0,
	       "template: an empty piece");
	free(caps[0]);
	check_long_text();
}

/* Conclusion cells that list each series' verdict after the conclusion,
 * and one that gives the minimum number of pairs.  The lead is the
 * conclusion; the list (itself holding ';') is not read. */
static void check_conclusion_cells(void)
{
	static const char page[] =
		"Comparison with `20`\tSeries 1, difference and 95% CI\t"
		"Series 2, difference and 95% CI\tConclusion\n"
		"`10`\t`+3.000 ms` `[+2.000; +4.000]`\t`-0.500 ms` "
		"`[-3.000; +2.000]`\tseries disagree; no pooled conclusion: "
		"Series 1 (practically significant harm); Series 2 (advantage "
		"not established; equivalence not proven)\n"
		"`0`\t`+2.000 ms` `[+1.900; +2.100]`\t`+2.000 ms` "
		"`[+1.900; +2.100]`\ttoo few pairs for a claim, which needs at "
		"least 5 pairs\n";
	diag *d = diag_new(NULL, 0);
	pb_status st;
	published *p = parse(page, d, &st);

	tap_ok(st == PB_OK && p && p->n_conclusions == 2,
	       "conclusions with a series list are read (%d)", (int)st);
	if (p && p->n_conclusions == 2) {
		tap_streq(p->conclusions[0].verdict, "series-disagree",
			  "the lead of the list is the conclusion");
		tap_streq(p->conclusions[1].verdict, "too-few-pairs",
			  "too few pairs, with the minimum");
	}
	published_free(p);
	diag_free(d);
}

static const char tsv_page[] =
	"Some prose with no tab.\n"
	"\n"
	"Written\tObserved state after boot\tResult\n"
	"missing\tMMCSS stopped, registration not performed, API returned 100"
	"\tseparate observation for this build\n"
	"`11`, `19`\tAPI returned 10, MMCSS running\trounded down\n"
	"\n"
	"Comparison with `20`\tSeries 1, difference and 95% CI\t"
	"Schlussfolgerung\n"
	"`10`\t`+0.625 ms` `[-1.111; +2.474]`\tadvantage not established; "
	"equivalence not proven\n"
	"missing\t+11.64 ms (no interval)\tpractically significant harm\n"
	"\n"
	"State\tRegistration\tMMCSS state\tWin32 priority of one thread\t"
	"ETW priority of one thread\n"
	"`20`\t3/4\trunning (3/4), stopped (1/4)\t`0 -> 10 -> 0` (3/4), "
	"not reported (1/4)\t8 -> 18 -> 8 (3/4), 8 -> 8 -> 8 (1/4)\n";

static void check_tsv(void)
{
	diag *d = diag_new(NULL, 0);
	pb_status st;
	published *p = parse(tsv_page, d, &st);

	if (!tap_ok(st == PB_OK && p, "a tab-separated page is read (%d)",
		    (int)st)) {
		diag_free(d);
		return;
	}
	tap_ok(p->source == PUB_PAGE && p->tables == 3,
	       "three tables are found");
	tap_streq(p->lang, "en", "the language of the first header");
	tap_ok(p->reference_given && !p->reference.missing
	       && p->reference.value == 20, "reference 20, backticks dropped");
	tap_ok(p->n_cmp == 2, "two comparison cells");
	if (p->n_cmp == 2) {
		const pub_cmp *c = &p->cmp[0];
		tap_ok(c->state.value == 10 && c->series_pos == 0,
		       "first cell: state 10, first series column");
		tap_streq(c->series_id, "1", "the series id from 'Series 1'");
		tap_streq(c->series_label, "Series 1", "the label as printed");
		tap_ok(c->estimate.present && c->estimate.decimals == 3
		       && c->estimate.value > 0.6249 && c->estimate.value < 0.6251,
		       "estimate +0.625 with 3 decimals");
		tap_ok(c->lo.present && c->lo.value < -1.1109
		       && c->lo.value > -1.1111 && c->hi.value > 2.4739
		       && c->hi.value < 2.4741, "interval [-1.111; +2.474]");
		tap_ok(c->estimate.line == 8 && c->estimate.col == 6,
		       "the cell's line 8 and column 6 are kept");
		tap_ok(p->cmp[1].state.missing && p->cmp[1].no_interval
		       && !p->cmp[1].lo.present
		       && p->cmp[1].estimate.decimals == 2,
		       "missing: an estimate with 2 decimals and no interval");
	}
	tap_ok(p->n_conclusions == 2
	       && strcmp(p->conclusions[0].verdict, "indeterminate") == 0
	       && strcmp(p->conclusions[1].verdict, "harm") == 0,
	       "conclusions map back to verdict codes");
	tap_ok(p->n_values == 3, "three written values (a grouped row gives "
	       "one per value)");
	if (p->n_values == 3) {
		const pub_value *m = &p->values[0];
		tap_ok(m->written.missing && m->service == 0
		       && m->registered == 0 && m->api_given && m->api_ok
		       && m->api == 100
		       && strcmp(m->outcome, "observation-only") == 0,
		       "missing: stopped, not registered, API 100, observation");
		tap_ok(p->values[1].written.value == 11
		       && p->values[2].written.value == 19
		       && p->values[2].api == 10 && p->values[2].service == 1
		       && p->values[2].registered == -1
		       && strcmp(p->values[2].outcome, "rounded-down") == 0,
		       "11 and 19: API 10, running, registration not said");
	}
	tap_ok(p->n_mech == 1, "one mechanism row");
	if (p->n_mech == 1) {
		const pub_mech *m = &p->mech[0];
		tap_ok(m->registered == 3 && m->boots == 4 && m->running == 3
		       && m->stopped == 1, "3/4 registered, running 3 stopped 1");
		tap_ok(m->n_win32 == 2 && m->win32[0].reported
		       && m->win32[0].v[1] == 10 && m->win32[0].boots == 3
		       && !m->win32[1].reported && m->win32[1].boots == 1,
		       "Win32: 0 -> 10 -> 0 in 3 boots, not reported in 1");
		tap_ok(m->n_etw == 2 && m->etw[1].v[1] == 8
		       && m->etw[1].counted, "ETW: two counted transitions");
	}
	published_free(p);
	diag_free(d);
}

static void check_markdown(void)
{
	static const char page[] =
		"# Title\n\n"
		"| Comparison with `20` | Series A, difference and 90% CI "
		"| Series 2, difference and 90% CI | Conclusion |\n"
		"|---|:---:|---:|---|\n"
		"| `0x0A` | `-1.5 ms` `[-2.25; \xe2\x88\x92" "0.5]` | no pairs "
		"| practically significant harm |\n"
		"\n| a | b |\n|---|---|\n| c | d |\n";
	diag *d = diag_new(NULL, 0);
	pb_status st;
	published *p = parse(page, d, &st);

	if (!tap_ok(st == PB_OK && p && p->n_cmp == 2,
		    "a Markdown page is read; an unknown table is skipped")) {
		published_free(p);
		diag_free(d);
		return;
	}
	tap_ok(p->cmp[0].state.value == 10, "0x0A is the state 10");
	tap_ok(p->cmp[0].series_id && strcmp(p->cmp[0].series_id, "A") == 0
	       && strcmp(p->cmp[0].series_label, "Series A") == 0,
	       "'Series A' gives the id A and keeps the label");
	tap_ok(p->cmp[0].hi.present && p->cmp[0].hi.value < -0.49
	       && p->cmp[0].hi.value > -0.51 && p->cmp[0].hi.decimals == 1,
	       "a Unicode minus sign reads as '-'");
	tap_ok(p->cmp[1].no_pairs && !p->cmp[1].estimate.present,
	       "'no pairs' is read as such");
	published_free(p);
	diag_free(d);
}

/* Bad tables: the first message, exactly.  LEN 0: TEXT is a C string. */
static void check_error_len(const char *name, const char *text, size_t len,
			    const char *want)
{
	diag *d = diag_new(NULL, 0);
	published *p = NULL;
	pb_status st = published_parse("page.txt", text,
				       len ? len : strlen(text), NULL, vocab,
				       N_VOCAB, d, &p);

	tap_ok(st == PB_DATAERR && !p, "%s: bad data", name);
	tap_streq(diag_message(d, 0), want, name);
	published_free(p);
	diag_free(d);
}

static void check_error(const char *name, const char *text, const char *want)
{
	check_error_len(name, text, 0, want);
}

/* A mechanism header short of columns is one error, and its rows are not
 * read: a row has no cells past the header's width, even when an earlier,
 * wider row of the page had some. */
static void check_narrow_mechanism(void)
{
	static const char page[] =
		"State\tRegistration\tMMCSS state\tWin32 priority of one "
		"thread\tETW priority of one thread\n"
		"10\t4/4\trunning\t0 -> 10 -> 0\t8 -> 18 -> 8\n"
		"\n"
		"State\tRegistration\tMMCSS state\n"
		"20\t4/4\trunning\n";
	diag *d = diag_new(NULL, 0);
	published *p = NULL;
	pb_status st = published_parse("page.txt", page, strlen(page), NULL,
				       vocab, N_VOCAB, d, &p);

	tap_ok(st == PB_DATAERR && !p, "a narrow mechanism table: bad data");
	tap_streq(diag_message(d, 0), "page.txt:4:1: the mechanism table "
		  "needs 5 columns ('State')", "the narrow header is named");
	tap_ok(diag_errors(d) == 1, "and nothing else (%zu errors)",
	       diag_errors(d));
	published_free(p);
	diag_free(d);
}

static void check_errors(void)
{
	check_error("a row with a missing cell",
		    "Written\tObserved state after boot\tResult\n"
		    "`10`\tAPI returned 10, MMCSS running\n",
		    "page.txt:2:6: 2 cells in a row of a table of 3 columns");
	check_error("an unknown conclusion",
		    "Comparison with 20\tSeries 1, difference and 95% CI\t"
		    "Conclusion\n"
		    "10\t+1.0 ms [0.5; 1.5]\tvery bad\n",
		    "page.txt:2:23: not a known conclusion ('very bad')");
	check_error("a header with an unknown column",
		    "Comparison with 20\tSeries 1, difference and 95% CI\t"
		    "Spread\tConclusion\n",
		    "page.txt:1:52: not a series column of the comparison "
		    "table ('Spread')");
	check_error("bounds in the wrong order",
		    "Comparison with 20\tSeries 1, difference and 95% CI\t"
		    "Conclusion\n"
		    "10\t+1.0 ms [1.5; 0.5]\tpractically significant harm\n",
		    "page.txt:2:4: the interval's lower bound exceeds its upper "
		    "bound ('+1.0 ms [1.5; 0.5]')");
	check_error("not a state",
		    "State\tRegistration\tMMCSS state\tWin32 priority of one "
		    "thread\tETW priority of one thread\n"
		    "ten\t4/4\trunning\t0 -> 10 -> 0\t8 -> 18 -> 8\n",
		    "page.txt:2:1: not a state ('ten')");
	check_error("a broken transition",
		    "State\tRegistration\tMMCSS state\tWin32 priority of one "
		    "thread\tETW priority of one thread\n"
		    "10\t4/4\trunning\t0 -> 10\t8 -> 18 -> 8\n",
		    "page.txt:2:16: expected a transition such as '0 -> 10 -> "
		    "0' ('0 -> 10')");
	check_error("registrations that are not k/n",
		    "State\tRegistration\tMMCSS state\tWin32 priority of one "
		    "thread\tETW priority of one thread\n"
		    "10\t5/4\trunning\t0 -> 10 -> 0\t8 -> 18 -> 8\n",
		    "page.txt:2:4: expected registrations as k/n ('5/4')");
	check_error("no table at all", "just words\n",
		    "page.txt: no comparison, mechanism or value-handling "
		    "table found");
	check_error_len("a NUL byte", "ab\ncd\0ef", 8,
			"page.txt:2:3: NUL byte in the text");
	check_narrow_mechanism();
}

/* S with every FROM replaced by TO, a new string (g_free). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	char **parts = g_strsplit(s, from, -1);
	char *out = g_strjoinv(to, parts);

	g_strfreev(parts);
	return out;
}

/* A results.json written by hand, read as verify reads it; long because
 * the document is spelled out in full, key by key, above the checks of
 * what is read from it. */
static void check_json(void)
{
	static const char doc[] =
		"{\"schema\": \"pairboot-results\", \"schema_version\": 2,\n"
		" \"plan\": {\"reference\": \"20\", \"seed\": 5, \"resamples\": "
		"100, \"interval\": \"percentile\", \"statistic\": \"p99\", "
		"\"confidence\": 0.95, \"threshold\": 1.5, \"unit\": \"ms\", "
		"\"better\": \"lower\", \"generator\": \"mt19937\"},\n"
		" \"accounting\": [{\"series\": \"1\", \"runs\": 3, "
		"\"accepted\": 2, \"excluded\": 1, \"excluded_runs\": "
		"[{\"run\": \"p1\", \"reason\": \"pilot\"}]}],\n"
		" \"inputs\": [{\"path\": \"runs.csv\", \"sha256\": \""
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
		"\"}],\n"
		" \"runs\": [{\"run\": \"r1\", \"statistic\": 19.5}, "
		"{\"run\": \"m1\", \"statistic\": null}],\n"
		" \"comparisons\": [{\"series\": \"1\", \"state\": \"10\", "
		"\"difference\": 0.1, \"interval\": {\"lo\": -0.2, \"hi\": 0.4}, "
		"\"verdict\": \"equivalent\", \"pairs\": 4}],\n"
		" \"verdicts\": [{\"state\": \"10\", \"verdict\": "
		"\"equivalent\"}],\n"
		" \"mechanism\": [{\"series\": \"m\", \"state\": \"missing\", "
		"\"boots\": 2, \"registered\": 0, \"service_running\": 0, "
		"\"service_stopped\": 2, \"service_unknown\": 0, "
		"\"priority_incomplete\": 0, \"priority\": [{\"win32\": [0, 0, 0],"
		" \"etw\": [8, 8, 8], \"boots\": 2}]}],\n"
		" \"boundary\": {\"rows\": [{\"run\": \"b1\", \"written\": "
		"\"99\", \"service\": \"running\", \"api_value\": 90, "
		"\"registered\": true, \"outcome\": \"rounded-down\"}]}}\n";
	diag *d = diag_new(NULL, 0);
	pb_status st;
	published *p = parse(doc, d, &st);

	if (!tap_ok(st == PB_OK && p && p->source == PUB_RESULTS_JSON,
		    "a results.json is recognised and read (%d)", (int)st)) {
		tap_diag("%s", diag_message(d, 0) ? diag_message(d, 0) : "");
		diag_free(d);
		return;
	}
	tap_ok(p->settings_given && p->seed == 5 && p->resamples == 100
	       && !p->resamples_exact && strcmp(p->interval, "percentile") == 0,
	       "the settings are read");
	tap_ok(p->n_settings == 9 && p->settings[1].kind == PUB_SET_THRESHOLD
	       && p->settings[1].num.decimals == -1
	       && p->settings[1].num.value > 1.4999
	       && p->settings[1].num.value < 1.5001
	       && strcmp(p->settings[1].key, "plan.threshold") == 0
	       && p->settings[5].kind == PUB_SET_METHOD
	       && strcmp(p->settings[5].text, "percentile") == 0
	       && p->settings[8].kind == PUB_SET_GENERATOR,
	       "every setting of the plan is kept to be verified");
	tap_ok(p->n_accounts == 1 && strcmp(p->accounts[0].series_id, "1") == 0
	       && p->accounts[0].runs == 3 && p->accounts[0].accepted == 2
	       && p->accounts[0].excluded_given
	       && p->accounts[0].excluded == 1
	       && p->accounts[0].excluded_listed
	       && strcmp(p->accounts[0].excluded_ids[0], "p1") == 0,
	       "the accounting: 2 of 3 accepted, p1 excluded");
	tap_ok(p->n_cmp == 1 && p->cmp[0].pairs_given && p->cmp[0].pairs == 4,
	       "the pairs of a comparison");
	tap_ok(p->n_inputs == 1 && p->inputs[0].sha256[63] == 'f',
	       "the input digests are read");
	tap_ok(p->n_runs == 2 && p->runs[0].has_statistic
	       && !p->runs[1].has_statistic, "runs with and without statistic");
	tap_ok(p->n_cmp == 1 && p->cmp[0].estimate.decimals == -1
	       && strcmp(p->cmp[0].verdict, "equivalent") == 0
	       && strcmp(p->cmp[0].series_id, "1") == 0,
	       "a comparison is exact (decimals -1) with its verdict");
	tap_ok(p->n_mech == 1 && p->mech[0].state.missing
	       && p->mech[0].stopped == 2 && p->mech[0].n_win32 == 1
	       && p->mech[0].win32[0].boots == 2, "the mechanism is read");
	tap_ok(p->n_values == 1 && p->values[0].api == 90
	       && p->values[0].service == 1 && p->values[0].registered == 1,
	       "the boundary rows are read");
	published_free(p);
	diag_free(d);

	/* Schema version 1 wrote detected-size-open as "detected-small". */
	char *v1 = replace_all(doc, "\"verdict\": \"equivalent\"",
			       "\"verdict\": \"detected-small\"");
	char *v1b = replace_all(v1, "\"schema_version\": 2",
				"\"schema_version\": 1");
	d = diag_new(NULL, 0);
	p = parse(v1b, d, &st);
	tap_ok(st == PB_OK && p && p->n_cmp == 1 && p->n_conclusions == 1
	       && strcmp(p->cmp[0].verdict, "detected-size-open") == 0
	       && strcmp(p->conclusions[0].verdict, "detected-size-open") == 0,
	       "version 1: detected-small is read as detected-size-open");
	published_free(p);
	diag_free(d);
	g_free(v1);
	g_free(v1b);

	d = diag_new(NULL, 0);
	p = parse("{\"schema\": \"pairboot-results\", \"schema_version\": 3}",
		  d, &st);
	tap_ok(st == PB_DATAERR && !p, "a newer schema version is refused");
	diag_free(d);
	/* A mechanism state's priorities, the boundary rows and a series'
	 * excluded runs of the wrong type: one message each, with the key. */
	static const char *const wrong[][3] = {
		{ "\"priority\": [{", "\"priority\": 5, \"x\": [{",
		  "mechanism: 'priority' is not a list" },
		{ "\"rows\": [", "\"rows\": 5, \"x\": [",
		  "boundary: 'rows' is not a list" },
		{ "\"excluded_runs\": [", "\"excluded_runs\": 5, \"x\": [",
		  "accounting: 'excluded_runs' is not an array" },
	};
	for (size_t k = 0; k < sizeof wrong / sizeof wrong[0]; k++) {
		char *bad = replace_all(doc, wrong[k][0], wrong[k][1]);
		d = diag_new(NULL, 0);
		p = parse(bad, d, &st);
		tap_ok(st == PB_DATAERR && !p && diag_errors(d) == 1
		       && diag_message(d, 0)
		       && strstr(diag_message(d, 0), wrong[k][2]),
		       "%s (%s)", wrong[k][2],
		       diag_message(d, 0) ? diag_message(d, 0) : "none");
		diag_free(d);
		g_free(bad);
	}
	/* A confidence of the wrong type, or null, is one message. */
	for (int k = 0; k < 2; k++) {
		char *bad = replace_all(doc, "\"confidence\": 0.95",
					k ? "\"confidence\": null"
					  : "\"confidence\": \"95%\"");
		d = diag_new(NULL, 0);
		p = parse(bad, d, &st);
		tap_ok(st == PB_DATAERR && !p && diag_errors(d) == 1
		       && diag_message(d, 0)
		       && strstr(diag_message(d, 0), "plan: 'confidence' is "
				 "not a number"),
		       "a confidence that is %s: one error (%s)",
		       k ? "null" : "a string",
		       diag_message(d, 0) ? diag_message(d, 0) : "none");
		diag_free(d);
		g_free(bad);
	}
	d = diag_new(NULL, 0);
	p = parse("{\"schema\": \"pairboot-results\",\n \"schema_version\": }",
		  d, &st);
	tap_ok(st == PB_DATAERR && diag_message(d, 0)
	       && strncmp(diag_message(d, 0), "page.txt:2:", 11) == 0,
	       "a JSON syntax error has its line (%s)",
	       diag_message(d, 0) ? diag_message(d, 0) : "none");
	diag_free(d);
}

/* The sentences on settings and runs, as verify_vocab.c gives them: the
 * English texts written here, one German one. */
static const pub_phrase text_vocab[] = {
	PHRASE(PUB_SETTING, "statistic", "en", "Statistic: %s of each boot."),
	PHRASE(PUB_SETTING, "method confidence resamples:exact", "en",
	  "Interval: exact paired bootstrap (every distinct resample, no "
	  "random numbers), method %s, confidence %s."),
	PHRASE(PUB_SETTING, "resamples seed method confidence generator=mt19937",
	  "en", "Interval: paired bootstrap with %s resamples (generator "
	  "mt19937, seed %s), method %s, confidence %s."),
	PHRASE(PUB_SETTING, "threshold better:lower", "en",
	  "Practical threshold: %s, set in advance; lower values are "
	  "better."),
	PHRASE(PUB_SETTING, "threshold better:higher", "de",
	  "Praktisch bedeutsame Schwelle: %s, im Voraus festgelegt; h\xc3\xb6"
	  "here Werte sind besser."),
	PHRASE(PUB_SETTING, "statistic - better:lower", "en",
	  "A positive difference means a higher value of %s than at %s, which "
	  "is worse here."),
	PHRASE(PUB_SETTING, "confidence", "en",
	  "Each cell holds the mean difference over the paired blocks and its "
	  "%s confidence interval."),
	PHRASE(PUB_SETTING, "pairs confidence method -", "en",
	  "With %zu pairs, a nominal %s interval of method %s covered %s."),
	PHRASE(PUB_PAIRS_SCOPE, "every", "en",
	  "This applies to every comparison above."),
	PHRASE(PUB_PAIRS_SCOPE, "list", "en", "This applies to: %s."),
	PHRASE(PUB_MISSING, NULL, "en", "missing"),
	PHRASE(PUB_SERIES_LABEL, NULL, "en", "Series %s"),
	PHRASE(PUB_RUNS, "none", "en", "no runs"),
	PHRASE(PUB_RUNS, "one", "en", "the one run was accepted"),
	PHRASE(PUB_RUNS, "two", "en", "both runs were accepted"),
	PHRASE(PUB_RUNS, "all", "en", "the %zu run was accepted"),
	PHRASE(PUB_RUNS, "all", "en", "all %zu runs were accepted"),
	PHRASE(PUB_RUNS, "some", "en", "of %zu runs, %zu were accepted"),
	PHRASE(PUB_RUNS, "none-of", "en", "none of the %zu runs was accepted"),
	PHRASE(PUB_RUNS_EXCLUDED, NULL, "en", "excluded: %s"),
	PHRASE(PUB_RUNS_LOST, "none", "en", "no lost trace events or buffers"),
	PHRASE(PUB_RUNS_LOST, "counts", "en",
	  "lost trace events: %s, lost buffers: %s"),
};

#define N_TEXT_VOCAB (sizeof text_vocab / sizeof *text_vocab)

/* P's settings after reading the one line TEXT into an empty result. */
static published *text_read(const char *text)
{
	published *p = calloc(1, sizeof *p);

	if (p && pub_text_line(p, text_vocab, N_TEXT_VOCAB, text, strlen(text),
			       7) != PB_OK) {
		published_free(p);
		return NULL;
	}
	return p;
}

/* A setting a line must state, at column COL of line 7: TEXT, or (TEXT
 * NULL) the number VALUE with DECIMALS. */
typedef struct want_setting {
	pub_setting_kind kind;
	const char *text;
	double value;
	int decimals;
	size_t col;
} want_setting;

/* Columns are 1-based bytes of the line with its escapes undone. */
static const struct text_case {
	const char *name, *line;
	size_t n;
	want_setting want[5];
} text_cases[] = {
	{ "the statistic, backticks dropped, at its column",
	  "- Statistic: `p50` of each boot.", 1,
	  { { PUB_SET_STATISTIC, "p50", 0, 0, 14 } } },
	/* The generator is fixed text of the phrase, read as a piece; the
	 * method's code span is taken from a piece that says more. */
	{ "the interval: resamples, generator, seed, method `t`, confidence "
	  "97.5% as 0.975 to 3 decimals",
	  "- Interval: paired bootstrap with 2000 resamples (generator "
	  "ranlux, seed 7), method `t` (Student t), confidence 97.5%.", 5,
	  { { PUB_SET_RESAMPLES, NULL, 2000, 0, 35 },
	    { PUB_SET_GENERATOR, "ranlux", 0, 0, 61 },
	    { PUB_SET_SEED, NULL, 7, 0, 74 },
	    { PUB_SET_METHOD, "t", 0, 0, 85 },
	    { PUB_SET_CONFIDENCE, NULL, 0.975, 3, 113 } } },
	{ "the exact bootstrap states its resamples by its wording",
	  "Interval: exact paired bootstrap (every distinct resample, no "
	  "random numbers), method `studentized`, confidence 95%.", 3,
	  { { PUB_SET_METHOD, "studentized", 0, 0, 87 },
	    { PUB_SET_CONFIDENCE, NULL, 0.95, 2, 113 },
	    { PUB_SET_RESAMPLES, "exact", 0, 0, 1 } } },
	{ "a German threshold: 2.50 (2 decimals), the unit, higher is better",
	  "- Praktisch bedeutsame Schwelle: 2.50 Mbit/s, im Voraus "
	  "festgelegt; h\xc3\xb6here Werte sind besser.", 3,
	  { { PUB_SET_THRESHOLD, NULL, 2.5, 2, 34 },
	    { PUB_SET_UNIT, "Mbit/s", 0, 0, 39 },
	    { PUB_SET_BETTER, "higher", 0, 0, 3 } } },
	{ "two sentences on one line: statistic, better, confidence",
	  "A positive difference means a higher value of `p99` than at `20`, "
	  "which is worse here. Each cell holds the mean difference over the "
	  "paired blocks and its 90% confidence interval.", 3,
	  { { PUB_SET_STATISTIC, "p99", 0, 0, 47 },
	    { PUB_SET_BETTER, "lower", 0, 0, 1 },
	    { PUB_SET_CONFIDENCE, NULL, 0.9, 2, 155 } } },
	{ "a threshold that is not a number is kept as text",
	  "- Practical threshold: about two ms, set in advance; lower values "
	  "are better.", 2,
	  { { PUB_SET_THRESHOLD, "about two ms", 0, 0, 24 },
	    { PUB_SET_BETTER, "lower", 0, 0, 3 } } },
	{ "a Markdown escape in the unit is undone",
	  "- Practical threshold: 1.5 ms\\*, set in advance; lower values are "
	  "better.", 3,
	  { { PUB_SET_THRESHOLD, NULL, 1.5, 1, 24 },
	    { PUB_SET_UNIT, "ms*", 0, 0, 28 },
	    { PUB_SET_BETTER, "lower", 0, 0, 3 } } },
	{ "another sentence states nothing", "- Statistic of the boot: p99.",
	  0, { { PUB_SET_STATISTIC, NULL, 0, 0, 0 } } },
};

static bool setting_is(const pub_setting *s, const want_setting *w)
{
	if (s->kind != w->kind || s->line != 7 || s->col != w->col)
		return false;
	if (w->text)
		return s->text && strcmp(s->text, w->text) == 0;
	return !s->text && s->num.present && s->num.decimals == w->decimals
	       && s->num.value > w->value - 1e-12
	       && s->num.value < w->value + 1e-12;
}

static void check_settings_text(void)
{
	for (size_t i = 0; i < sizeof text_cases / sizeof *text_cases; i++) {
		const struct text_case *c = &text_cases[i];
		published *p = text_read(c->line);
		bool ok = p && p->n_settings == c->n && p->n_accounts == 0;
		for (size_t k = 0; ok && k < c->n; k++)
			ok = setting_is(&p->settings[k], &c->want[k]);
		tap_ok(ok, "%s", c->name);
		published_free(p);
	}
}

/* Whether P holds one account of LABEL (id ID) with RUNS and ACCEPTED. */
static bool account_is(const published *p, const char *label,
		       const char *id, size_t runs, size_t accepted)
{
	const pub_account *a = p && p->n_accounts == 1 ? &p->accounts[0]
			       : NULL;

	return a && a->series_label && strcmp(a->series_label, label) == 0
	       && (id ? a->series_id && strcmp(a->series_id, id) == 0
		      : !a->series_id)
	       && a->runs == runs && a->accepted == accepted && a->line == 7;
}

static void check_runs_text(void)
{
	published *p = text_read("- Series A: of 5 runs, 3 were accepted; lost "
				 "trace events: 1, lost buffers: 0; excluded: "
				 "r-1 (pilot; harness (re)started, late), "
				 "r\\-2.");

	tap_ok(account_is(p, "Series A", "A", 5, 3)
	       && p->accounts[0].excluded_given
	       && p->accounts[0].excluded_listed
	       && p->accounts[0].excluded == 2
	       && strcmp(p->accounts[0].excluded_ids[0], "r-1") == 0
	       && strcmp(p->accounts[0].excluded_ids[1], "r-2") == 0
	       && p->accounts[0].col == 13 && p->accounts[0].lost_given
	       && p->accounts[0].lost_events == 1
	       && p->accounts[0].lost_buffers == 0,
	       "3 of 5 runs of Series A, 1 lost event, r-1 and r-2 excluded "
	       "(a reason with '; ', ', ' and parentheses)");
	published_free(p);
	p = text_read("- Control boot: the one run was accepted.");
	tap_ok(account_is(p, "Control boot", NULL, 1, 1)
	       && !p->accounts[0].excluded_given
	       && !p->accounts[0].lost_given,
	       "a label that is not 'Series ID'; no excluded runs or lost "
	       "events stated");
	published_free(p);
	p = text_read("- Boundary values: both runs were accepted.");
	tap_ok(account_is(p, "Boundary values", NULL, 2, 2),
	       "both runs: two runs, both accepted");
	published_free(p);
	p = text_read("- Night: cold: all 16 runs were accepted; no lost trace "
		      "events or buffers.");
	tap_ok(account_is(p, "Night: cold", NULL, 16, 16)
	       && p->accounts[0].lost_given && p->accounts[0].lost_events == 0
	       && p->accounts[0].lost_buffers == 0,
	       "a label holding ': '; no lost events or buffers");
	published_free(p);
	p = text_read("- Series 9: no runs.");
	tap_ok(account_is(p, "Series 9", "9", 0, 0), "no runs");
	published_free(p);
	p = text_read("- Series 1: of 3 runs, 2 were accepted; excluded: (x).");
	tap_ok(account_is(p, "Series 1", "1", 3, 2)
	       && !p->accounts[0].excluded_listed
	       && !p->accounts[0].excluded_given,
	       "a list that is not one of run ids is not taken for one");
	published_free(p);
	p = text_read("- Series 1: of 3 runs, 2 were accepted; excluded: r-1 x.");
	tap_ok(account_is(p, "Series 1", "1", 3, 2)
	       && !p->accounts[0].excluded_listed,
	       "an id followed by a word that is no reason: not a list");
	published_free(p);
	p = text_read("- Series 1: of 3 runs, 4 were accepted.");
	tap_ok(p && p->n_accounts == 0, "more accepted than run: not read");
	published_free(p);
	p = text_read("- Series 1: none of the 3 runs was accepted.");
	tap_ok(account_is(p, "Series 1", "1", 3, 0),
	       "none of 3 accepted: 0 of 3 runs");
	published_free(p);
}

static void check_pairs_text(void)
{
	published *p = text_read("- With 10 pairs, a nominal 95% interval of "
				 "method `bca` covered 80%. This applies to: "
				 "Series 1 `10`, Series B missing.");
	const pub_pairs *n = p && p->n_pairs == 1 ? &p->pairs[0] : NULL;

	tap_ok(n && n->pairs == 10 && n->scoped && !n->every
	       && n->n_cmps == 2 && n->line == 7 && n->col == 8
	       && strcmp(n->cmps[0].series_id, "1") == 0
	       && strcmp(n->cmps[0].series_label, "Series 1") == 0
	       && !n->cmps[0].state.missing && n->cmps[0].state.value == 10
	       && strcmp(n->cmps[1].series_id, "B") == 0
	       && n->cmps[1].state.missing && p->n_settings == 2,
	       "a small-sample note: 10 pairs of Series 1 `10` and Series B "
	       "missing, with its confidence and method");
	published_free(p);
	p = text_read("- With 8 pairs, a nominal 95% interval of method `t` "
		      "covered 80%. This applies to every comparison above.");
	tap_ok(p && p->n_pairs == 1 && p->pairs[0].pairs == 8
	       && p->pairs[0].scoped && p->pairs[0].every,
	       "8 pairs of every comparison");
	published_free(p);
	p = text_read("- With 8 pairs, a nominal 95% interval of method `t` "
		      "covered 80%. This applies to: Series 1 `ten`.");
	tap_ok(p && p->n_pairs == 1 && !p->pairs[0].scoped,
	       "a note naming what is not a comparison is not checked");
	published_free(p);
}

/* V (N phrases, prepared): ordered by concept, each concept's phrases in
 * the order the tables above give them, and each concept found where it
 * stands. */
static void check_prepared(const pub_phrase *v, size_t n)
{
	size_t from, to, settings = 0, lead = 0;
	bool ordered = true, found = true;

	for (size_t i = 1; i < n; i++)
		ordered = ordered && v[i - 1].concept <= v[i].concept;
	tap_ok(ordered, "prepared phrases are ordered by concept");
	for (size_t i = 0; i < N_TEXT_VOCAB; i++)
		settings += text_vocab[i].concept == PUB_SETTING;
	pub_phrases_of(v, n, PUB_SETTING, &from, &to);
	tap_ok(to - from == settings && v[from].concept == PUB_SETTING
	       && v[to - 1].concept == PUB_SETTING
	       && strcmp(v[from].text, text_vocab[0].text) == 0
	       && strcmp(v[from + 1].text, text_vocab[1].text) == 0,
	       "the %zu setting phrases are found, in their order (%zu..%zu)",
	       settings, from, to);
	for (size_t c = 0; c < PUB_CONCEPTS; c++) {
		pub_phrases_of(v, n, (pub_concept)c, &from, &to);
		for (size_t i = 0; i < n; i++)
			found = found && ((v[i].concept == c)
					  == (i >= from && i < to));
	}
	tap_ok(found, "every concept's range holds exactly its phrases");
	pub_phrases_of(vocab, N_VOCAB, PUB_SETTING, &from, &to);
	tap_ok(from == 0 && to == N_VOCAB,
	       "phrases not prepared: all are to be tried");
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].text, "Statistic: %s of each boot.") == 0)
			lead = v[i].lead;
	tap_ok(lead == strlen("Statistic: "),
	       "the lead of 'Statistic: %%s of each boot.' is 11 bytes (%zu)",
	       lead);
}

/* A page: the confidence of the comparison table's header, and the
 * sentences found between the tables. */
static void check_page_settings(void)
{
	static const char page[] =
		"| Comparison with `20` | Series 1, difference and 90% CI | "
		"Conclusion |\n"
		"|---|---|---|\n"
		"| `10` | `+0.625 ms` `[-1.111; +2.474]` | practically "
		"significant harm |\n"
		"\n"
		"- Series 1: the 1 run was accepted.\n"
		"- Statistic: `p99` of each boot.\n";
	pub_phrase v[N_VOCAB + N_TEXT_VOCAB];

	memcpy(v, vocab, sizeof vocab);
	memcpy(v + N_VOCAB, text_vocab, sizeof text_vocab);
	/* As the phrases come, then prepared as verify prepares them: the
	 * same reading. */
	for (int prepared = 0; prepared < 2; prepared++) {
		diag *d = diag_new(NULL, 0);
		published *p = NULL;
		pb_status st;

		if (prepared)
			tap_ok(pub_phrases_prepare(v, N_VOCAB + N_TEXT_VOCAB)
			       == PB_OK, "the phrases are prepared");
		st = published_parse("page.md", page, strlen(page), NULL, v,
				     N_VOCAB + N_TEXT_VOCAB, d, &p);
		tap_ok(st == PB_OK && p && p->n_settings == 2
		       && p->settings[0].kind == PUB_SET_CONFIDENCE
		       && p->settings[0].line == 1
		       && p->settings[0].col == 51
		       && p->settings[0].num.value > 0.8999
		       && p->settings[0].num.value < 0.9001
		       && p->settings[1].kind == PUB_SET_STATISTIC
		       && p->settings[1].line == 6 && p->n_accounts == 1
		       && p->accounts[0].line == 5,
		       "a page%s: the header's 90%% at 1:51, the statistic on "
		       "line 6, the runs on line 5",
		       prepared ? ", phrases prepared" : "");
		published_free(p);
		diag_free(d);
	}
	check_prepared(v, N_VOCAB + N_TEXT_VOCAB);
	/* A fixed value of the code is a piece too: the lead ends before
	 * it, as it ends before a directive. */
	pub_phrase fixed[] = {
		PHRASE(PUB_SETTING, "generator=mt19937 seed", "en",
		       "Drawn by mt19937 from seed %s."),
		PHRASE(PUB_SETTING, "seed", "en", "100%% from seed %s."),
	};
	tap_ok(pub_phrases_prepare(fixed, 2) == PB_OK, "two phrases prepared");
	tap_ok(fixed[0].lead == strlen("Drawn by ") && fixed[0].prepared,
	       "the lead stops at a fixed value (%zu bytes)", fixed[0].lead);
	tap_ok(fixed[1].lead == 3, "and at a '%%%%' (%zu bytes)",
	       fixed[1].lead);
}

int main(void)
{
	check_settings_text();
	check_runs_text();
	check_pairs_text();
	check_page_settings();
	check_templates();
	check_tsv();
	check_conclusion_cells();
	check_markdown();
	check_errors();
	check_json();
	return tap_done();
}
