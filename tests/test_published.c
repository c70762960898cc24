/* test_published.c: the reader of published pages and results.json
 * (ingest/published.c), with a small vocabulary written here: templates,
 * both table layouts, the strict errors with their line and column, and a
 * minimal results.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ingest/published.h"
#include "tests/tap.h"

/* English plus one German phrase, to see that any language's phrase is
 * recognised. */
static const pub_phrase vocab[] = {
	{ PUB_CMP_HEAD, NULL, "en", "Comparison with %s" },
	{ PUB_CMP_SERIES_HEAD, NULL, "en", "%s, difference and %s CI" },
	{ PUB_CMP_CONCLUSION_HEAD, NULL, "en", "Conclusion" },
	{ PUB_CMP_CONCLUSION_HEAD, NULL, "de", "Schlussfolgerung" },
	{ PUB_SERIES_LABEL, NULL, "en", "Series %s" },
	{ PUB_CONCLUSION, "harm", "en", "practically significant harm" },
	{ PUB_CONCLUSION, "indeterminate", "en",
	  "advantage not established; equivalence not proven" },
	{ PUB_CONCLUSION, "series-disagree", "en",
	  "series disagree; no pooled conclusion" },
	{ PUB_CONCLUSION, "too-few-pairs", "en",
	  "too few pairs for a claim, which needs at least %zu pairs" },
	{ PUB_CONCLUSION_WITH_SERIES, NULL, "en", "%s: %s" },
	{ PUB_NO_PAIRS, NULL, "en", "no pairs" },
	{ PUB_NO_INTERVAL, NULL, "en", "(no interval)" },
	{ PUB_MECH_HEAD_STATE, NULL, "en", "State" },
	{ PUB_MECH_HEAD_REGISTRATION, NULL, "en", "Registration" },
	{ PUB_MECH_HEAD_SERVICE, NULL, "en", "%s state" },
	{ PUB_MECH_HEAD_WIN32, NULL, "en", "Win32 priority of one thread" },
	{ PUB_MECH_HEAD_ETW, NULL, "en", "ETW priority of one thread" },
	{ PUB_SERVICE_WORD, "running", "en", "running" },
	{ PUB_SERVICE_WORD, "stopped", "en", "stopped" },
	{ PUB_NOT_REPORTED, NULL, "en", "not reported" },
	{ PUB_VAL_HEAD_WRITTEN, NULL, "en", "Written" },
	{ PUB_VAL_HEAD_OBSERVED, NULL, "en", "Observed state after boot" },
	{ PUB_VAL_HEAD_RESULT, NULL, "en", "Result" },
	{ PUB_OBS_API, NULL, "en", "API returned %s" },
	{ PUB_OBS_SERVICE, "running", "en", "%s running" },
	{ PUB_OBS_SERVICE, "stopped", "en", "%s stopped" },
	{ PUB_OBS_REGISTRATION, "no", "en", "registration not performed" },
	{ PUB_OUTCOME, "rounded-down", "en", "rounded down" },
	{ PUB_OUTCOME, "observation-only", "en",
	  "separate observation for this build" },
	{ PUB_MISSING, NULL, "en", "missing" },
};

#define N_VOCAB (sizeof vocab / sizeof *vocab)

static published *parse(const char *text, diag *d, pb_status *st)
{
	published *p = NULL;
	*st = published_parse("page.txt", text, strlen(text), vocab, N_VOCAB,
			      d, &p);
	return p;
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
	tap_ok(pub_template_match("at least %zu pairs", "at least 5 pairs",
				  caps, 1) && strcmp(caps[0], "5") == 0,
	       "template: %%zu takes the count");
	free(caps[0]);
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
				       len ? len : strlen(text), vocab,
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
}

/* S with every FROM replaced by TO, a new string (g_free). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	char **parts = g_strsplit(s, from, -1);
	char *out = g_strjoinv(to, parts);

	g_strfreev(parts);
	return out;
}

static void check_json(void)
{
	static const char doc[] =
		"{\"schema\": \"pairboot-results\", \"schema_version\": 2,\n"
		" \"plan\": {\"reference\": \"20\", \"seed\": 5, \"resamples\": "
		"100, \"interval\": \"percentile\", \"statistic\": \"p99\", "
		"\"confidence\": 0.95},\n"
		" \"inputs\": [{\"path\": \"runs.csv\", \"sha256\": \""
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
		"\"}],\n"
		" \"runs\": [{\"run\": \"r1\", \"statistic\": 19.5}, "
		"{\"run\": \"m1\", \"statistic\": null}],\n"
		" \"comparisons\": [{\"series\": \"1\", \"state\": \"10\", "
		"\"difference\": 0.1, \"interval\": {\"lo\": -0.2, \"hi\": 0.4}, "
		"\"verdict\": \"equivalent\"}],\n"
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
	d = diag_new(NULL, 0);
	p = parse("{\"schema\": \"pairboot-results\",\n \"schema_version\": }",
		  d, &st);
	tap_ok(st == PB_DATAERR && diag_message(d, 0)
	       && strncmp(diag_message(d, 0), "page.txt:2:", 11) == 0,
	       "a JSON syntax error has its line (%s)",
	       diag_message(d, 0) ? diag_message(d, 0) : "none");
	diag_free(d);
}

int main(void)
{
	check_templates();
	check_tsv();
	check_conclusion_cells();
	check_markdown();
	check_errors();
	check_json();
	return tap_done();
}
