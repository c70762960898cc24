/* test_plan.c: unit tests of ingest/plan: reading study.ini.
 *
 * A valid study.ini (the example of the study format) must give exactly its
 * fields; each broken variant must fail with PB_DATAERR and exactly the
 * expected message, line and column.  Columns are counted by hand in the
 * comments: a value written after "key = " starts at strlen(key) + 4. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/diag.h"
#include "ingest/plantext.h"
#include "ingest/study_ini.h"
#include "tests/lib/tap.h"
#include "tests/lib/testlib.h"

/* The base study.ini, one line per element; line N is base[N - 1]. */
static const char *const base[] = {
	"# study.ini of a test study",                                 /* 1 */
	"[study]",                                                     /* 2 */
	"format = 1",                                                  /* 3 */
	"title = SystemResponsiveness and MMCSS",                      /* 4 */
	"build = 26200.9168",                                          /* 5 */
	"platform = VMware VM, 4 vCPU, 8 GB RAM, Balanced power plan", /* 6 */
	"column = latency_us",                                         /* 7 */
	"scale = 0.001",                                               /* 8 */
	"unit = ms",                                                   /* 9 */
	"better = lower",                                              /* 10 */
	"statistic = p99",                                             /* 11 */
	"reference = 20",                                              /* 12 */
	"threshold = 1.784",                                           /* 13 */
	"confidence = 0.95",                                           /* 14 */
	"resamples = 10000",                                           /* 15 */
	"seed = 20260825",                                             /* 16 */
	"interval = percentile",                                       /* 17 */
	"states = missing;0;10;20;100",                                /* 18 */
	"",                                                            /* 19 */
	"[series 1]",                                                  /* 20 */
	"kind = latency",                                              /* 21 */
	"label = Series 1",                                            /* 22 */
	"note = free text",                                            /* 23 */
	"",                                                            /* 24 */
	"[series 2]",                                                  /* 25 */
	"kind = latency",                                              /* 26 */
	"note = a validation-only trace session was running",          /* 27 */
	"",                                                            /* 28 */
	"[series mech]",                                               /* 29 */
	"kind = mechanism",                                            /* 30 */
};
#define BASE_LINES (sizeof base / sizeof base[0])

/* The base text with line LINE (1-based; 0: none) replaced by the REPLEN
 * bytes at REP, lines ended by EOL.  Returns malloc'd memory, length in
 * *LEN. */
static char *study_build(size_t line, const char *rep, size_t replen,
			 const char *eol, size_t *len)
{
	size_t cap = 16 + replen, n = 0;
	char *out;

	for (size_t i = 0; i < BASE_LINES; i++)
		cap += strlen(base[i]) + 2;
	out = malloc(cap);
	if (!out)
		abort();
	for (size_t i = 0; i < BASE_LINES; i++) {
		const char *s = base[i];
		size_t sl = strlen(s);
		if (i + 1 == line) {
			s = rep;
			sl = replen;
		}
		memcpy(out + n, s, sl);
		n += sl;
		memcpy(out + n, eol, strlen(eol));
		n += strlen(eol);
	}
	out[n] = '\0';
	*len = n;
	return out;
}

/* Reads TEXT and checks that it fails with PB_DATAERR, a zeroed plan, and
 * exactly the messages in WANT (NULL-terminated), in order. */
static void expect_errors(const char *name, const char *text, size_t len,
			  const char *const *want)
{
	diag *d = diag_new(NULL, 0);
	study_plan p;
	pb_status st;
	bool ok;

	if (!d)
		abort();
	st = study_ini_read_buffer(text, len, "study.ini", d, &p);
	ok = testlib_messages_match(name, (int)st, d, want,
				    st == PB_DATAERR && p.title == NULL
				    && p.states == NULL && p.series == NULL);
	tap_ok(ok, "%s", name);
	study_plan_free(&p);
	diag_free(d);
}

/* The base with line LINE replaced by REP must fail with message WANT. */
static void expect1(const char *name, size_t line, const char *rep,
		    const char *want)
{
	size_t len;
	char *text = study_build(line, rep, strlen(rep), "\n", &len);
	const char *const list[] = { want, NULL };
	expect_errors(name, text, len, list);
	free(text);
}

/* Reads the base with line LINE replaced by REP; must succeed. */
static bool read_ok(size_t line, const char *rep, study_plan *p)
{
	size_t len;
	char *text = study_build(line, rep, rep ? strlen(rep) : 0, "\n",
				 &len);
	diag *d = diag_new(NULL, 0);
	pb_status st;

	if (!d)
		abort();
	st = study_ini_read_buffer(text, len, "study.ini", d, p);
	for (size_t i = 0; i < diag_kept(d); i++)
		tap_diag("unexpected: %s", diag_message(d, i));
	diag_free(d);
	free(text);
	return st == PB_OK;
}

static void test_valid(void)
{
	study_plan p;
	bool ok = read_ok(0, NULL, &p);

	tap_ok(ok, "the example study.ini reads");
	if (!ok)
		return;
	tap_ok(p.format == 1, "format is 1");
	tap_streq(p.title, "SystemResponsiveness and MMCSS", "title");
	tap_streq(p.build, "26200.9168", "build");
	tap_streq(p.platform,
		  "VMware VM, 4 vCPU, 8 GB RAM, Balanced power plan",
		  "platform");
	tap_streq(p.column, "latency_us", "column");
	tap_near(p.scale, 0.001, 0, "scale is 0.001");
	tap_streq(p.unit, "ms", "unit");
	tap_ok(p.better == BETTER_LOWER, "better is lower");
	tap_ok(p.statistic.kind == STAT_QUANTILE
	       && strcmp(p.statistic.name, "p99") == 0,
	       "statistic is the quantile p99");
	tap_near(p.statistic.prob, 0.99, 0, "p99 is probability 0.99");
	tap_ok(!p.reference.missing && p.reference.value == 20,
	       "reference is 20");
	tap_near(p.threshold, 1.784, 0, "threshold is 1.784");
	tap_ok(p.threshold_decimals == 3, "1.784 has 3 decimals");
	tap_near(p.confidence, 0.95, 0, "confidence is 0.95");
	tap_ok(!p.resamples_exact && p.resamples == 10000,
	       "resamples is 10000");
	tap_ok(p.seed == 20260825u, "seed is 20260825");
	tap_ok(p.interval == INTERVAL_PERCENTILE, "interval is percentile");
	tap_ok(p.n_states == 5 && p.states[0].missing
	       && !p.states[1].missing && p.states[1].value == 0
	       && p.states[2].value == 10 && p.states[3].value == 20
	       && p.states[4].value == 100,
	       "states are missing, 0, 10, 20, 100 in order");
	tap_ok(p.n_series == 3 && strcmp(p.series[0].id, "1") == 0
	       && strcmp(p.series[1].id, "2") == 0
	       && strcmp(p.series[2].id, "mech") == 0,
	       "three series 1, 2, mech in file order");
	if (p.n_series == 3) {
		tap_ok(p.series[0].kind == SERIES_LATENCY
		       && p.series[1].kind == SERIES_LATENCY
		       && p.series[2].kind == SERIES_MECHANISM,
		       "series kinds");
		tap_streq(p.series[0].label, "Series 1", "label as written");
		tap_streq(p.series[1].label, "Series 2",
			  "label defaults to 'Series ID'");
		tap_streq(p.series[2].label, "Series mech",
			  "default label of series mech");
		tap_streq(p.series[0].note, "free text", "note");
		tap_ok(p.series[2].note == NULL, "no note gives NULL");
	}
	tap_ok(study_series_index(&p, "2") == 1
	       && study_series_index(&p, "mech") == 2
	       && study_series_index(&p, "3") == (size_t)-1,
	       "study_series_index finds series by ID");
	study_plan_free(&p);
	tap_ok(p.title == NULL && p.n_series == 0, "study_plan_free zeroes");
	study_plan_free(&p);
}

static void test_valid_variants(void)
{
	study_plan p;
	size_t len;
	char *text;
	diag *d;
	pb_status st;

	/* CRLF line ends and a UTF-8 byte order mark. */
	text = study_build(0, NULL, 0, "\r\n", &len);
	{
		char *bom = malloc(len + 4);
		if (!bom || !(d = diag_new(NULL, 0)))
			abort();
		memcpy(bom, "\xEF\xBB\xBF", 3);
		memcpy(bom + 3, text, len + 1);
		st = study_ini_read_buffer(bom, len + 3, "study.ini", d, &p);
		tap_ok(st == PB_OK && diag_kept(d) == 0 && p.n_states == 5
		       && strcmp(p.unit, "ms") == 0,
		       "CRLF and a byte order mark are accepted");
		study_plan_free(&p);
		diag_free(d);
		free(bom);
	}
	free(text);

	/* 2 has no digit after the point: 0; 1.50 has two; 15e-1 has one
	 * after the point and the exponent moves it one further: 2. */
	tap_ok(read_ok(13, "threshold = 2", &p) && p.threshold_decimals == 0,
	       "threshold 2 has 0 decimals");
	study_plan_free(&p);
	tap_ok(read_ok(13, "threshold = 1.50", &p)
	       && p.threshold_decimals == 2, "threshold 1.50 has 2 decimals");
	study_plan_free(&p);
	tap_ok(read_ok(13, "threshold = 17.84e-1", &p)
	       && p.threshold_decimals == 3
	       && fabs(p.threshold - 1.784) < 1e-15,
	       "threshold 17.84e-1 is 1.784 with 3 decimals");
	study_plan_free(&p);
	tap_ok(read_ok(15, "resamples = exact", &p) && p.resamples_exact,
	       "resamples = exact");
	study_plan_free(&p);
	tap_ok(read_ok(16, "seed = 4294967295", &p) && p.seed == UINT32_MAX,
	       "seed 4294967295 is the largest");
	study_plan_free(&p);
	tap_ok(read_ok(16, "seed = 0", &p) && p.seed == 0, "seed 0");
	study_plan_free(&p);
	tap_ok(read_ok(17, "# interval left out", &p)
	       && p.interval == INTERVAL_PERCENTILE,
	       "interval defaults to percentile");
	study_plan_free(&p);
	tap_ok(read_ok(17, "interval = bca", &p) && p.interval == INTERVAL_BCA,
	       "interval = bca");
	study_plan_free(&p);
	tap_ok(read_ok(17, "interval = studentized", &p)
	       && p.interval == INTERVAL_STUDENTIZED,
	       "interval = studentized");
	study_plan_free(&p);
	tap_ok(read_ok(18, "states = missing; 0 ;10;0x14;100;", &p)
	       && p.n_states == 5 && p.states[1].value == 0
	       && p.states[3].value == 20 && p.states[3].hex,
	       "states: blanks around items, hex and one trailing ';'");
	study_plan_free(&p);
	tap_ok(read_ok(10, "better = higher", &p)
	       && p.better == BETTER_HIGHER, "better = higher");
	study_plan_free(&p);
	tap_ok(read_ok(6, "# platform left out", &p) && p.platform == NULL,
	       "platform is optional");
	study_plan_free(&p);
	tap_ok(read_ok(6, "service = MMCSS", &p) && p.service
	       && strcmp(p.service, "MMCSS") == 0 && !p.synthetic,
	       "service is read; synthetic defaults to no");
	study_plan_free(&p);
	tap_ok(read_ok(6, "synthetic = yes", &p) && p.synthetic
	       && p.service == NULL, "synthetic = yes is read");
	study_plan_free(&p);
	tap_ok(read_ok(11, "statistic = p99.9", &p)
	       && p.statistic.kind == STAT_QUANTILE
	       && fabs(p.statistic.prob - 0.999) < 1e-15,
	       "statistic = p99.9");
	study_plan_free(&p);
}

static void test_missing_and_unknown(void)
{
	size_t len;
	char *text;

	expect1("missing key seed is reported at its section", 16,
		"# no seed", "study.ini:2: [study] has no key 'seed'");
	text = study_build(13, "threshhold = 1.784", 18, "\n", &len);
	{
		const char *const want[] = {
			"study.ini:13:1: unknown key 'threshhold'; did you "
			"mean 'threshold'?",
			"study.ini:2: [study] has no key 'threshold'",
			NULL
		};
		expect_errors("unknown key threshhold suggests threshold",
			      text, len, want);
	}
	free(text);
	/* colour -> column needs 3 edits: o->u, u->m, r->n: too far. */
	expect1("unknown key without a near match", 19, "colour = red",
		"study.ini:19:1: unknown key 'colour'");
	expect1("localized key needs format 2", 19, "title[de] = Studie",
		"study.ini:19:1: `title[de]` needs format = 2");
	expect1("a key without a localized form", 19, "build[de] = 1",
		"study.ini:19:1: unknown key 'build[de]' (only title, "
		"platform, metric, label and note may be given per language)");
	text = study_build(30, "knid = mechanism", 16, "\n", &len);
	{
		const char *const want[] = {
			"study.ini:30:1: unknown key 'knid'; did you mean "
			"'kind'?",
			"study.ini:29: [series mech] has no key 'kind'",
			NULL
		};
		expect_errors("unknown key in a series suggests kind", text,
			      len, want);
	}
	free(text);
	expect1("duplicate key", 17, "seed = 1",
		"study.ini:17:1: key 'seed' given twice in [study] (first at "
		"line 16)");
	expect1("duplicate section", 25, "[series 1]",
		"study.ini:25:1: section [series 1] given twice (first at "
		"line 20)");
	expect1("unknown section", 29, "[mechanism]",
		"study.ini:29:1: unknown section [mechanism] (expected "
		"[study] or [series ID])");
	/* "kind = " is 7 bytes: the value starts at column 8. */
	expect1("bad series kind", 21, "kind = latent",
		"study.ini:21:8: kind must be latency, mechanism, boundary or "
		"control ('latent')");
	expect1("series without kind", 21, "# no kind",
		"study.ini:20: [series 1] has no key 'kind'");
	{
		const char *t = "[series 1]\nkind = latency\n";
		const char *const want[] = {
			"study.ini: no [study] section", NULL
		};
		expect_errors("no [study] section", t, strlen(t), want);
	}
	{
		/* Lines 1 to 18 only: no series at all. */
		size_t cut;
		const char *const want[] = {
			"study.ini: no latency series (a [series ID] section "
			"with kind = latency)", NULL
		};
		text = study_build(0, NULL, 0, "\n", &len);
		cut = (size_t)(strstr(text, "\n[series 1]") - text);
		expect_errors("no latency series", text, cut, want);
		free(text);
	}
}

static void test_numbers(void)
{
	/* "threshold = " is 12 bytes: threshold values start at column 13. */
	expect1("threshold 1,784 is not a number", 13, "threshold = 1,784",
		"study.ini:13:13: threshold is not a number ('1,784')");
	expect1("threshold abc is not a number", 13, "threshold = abc",
		"study.ini:13:13: threshold is not a number ('abc')");
	expect1("threshold inf is not a number", 13, "threshold = inf",
		"study.ini:13:13: threshold is not a number ('inf')");
	expect1("threshold nan is not a number", 13, "threshold = nan",
		"study.ini:13:13: threshold is not a number ('nan')");
	expect1("hex float is not a number", 13, "threshold = 0x1p3",
		"study.ini:13:13: threshold is not a number ('0x1p3')");
	expect1("trailing blank is not part of a number", 13,
		"threshold = 1.784 ",
		"study.ini:13:13: threshold is not a number ('1.784 ')");
	expect1("leading + is not a number", 13, "threshold = +1",
		"study.ini:13:13: threshold is not a number ('+1')");
	expect1("no digit before the point", 13, "threshold = .5",
		"study.ini:13:13: threshold is not a number ('.5')");
	expect1("threshold 1e999 overflows", 13, "threshold = 1e999",
		"study.ini:13:13: threshold is out of range ('1e999')");
	expect1("threshold 0", 13, "threshold = 0",
		"study.ini:13:13: threshold must be > 0 ('0')");
	expect1("threshold negative", 13, "threshold = -1.5",
		"study.ini:13:13: threshold must be > 0 ('-1.5')");
	/* "scale = " is 8 bytes. */
	expect1("scale 0", 8, "scale = 0",
		"study.ini:8:9: scale must be > 0 ('0')");
	/* "confidence = " is 13 bytes. */
	expect1("confidence 0", 14, "confidence = 0",
		"study.ini:14:14: confidence must be strictly between 0 and 1 "
		"('0')");
	expect1("confidence 1", 14, "confidence = 1",
		"study.ini:14:14: confidence must be strictly between 0 and 1 "
		"('1')");
	expect1("confidence 1.5", 14, "confidence = 1.5",
		"study.ini:14:14: confidence must be strictly between 0 and 1 "
		"('1.5')");
	/* "seed = " is 7 bytes. */
	expect1("seed 4294967296", 16, "seed = 4294967296",
		"study.ini:16:8: seed must be an integer 0..4294967295 "
		"('4294967296')");
	expect1("seed -1", 16, "seed = -1",
		"study.ini:16:8: seed must be an integer 0..4294967295 "
		"('-1')");
	/* "resamples = " is 12 bytes. */
	expect1("resamples 0", 15, "resamples = 0",
		"study.ini:15:13: resamples must be an integer from 1000 to "
		"1000000, or exact ('0')");
	expect1("resamples exat", 15, "resamples = exat",
		"study.ini:15:13: resamples must be an integer from 1000 to "
		"1000000, or exact ('exat')");
	/* "format = " is 9 bytes. */
	expect1("format 3", 3, "format = 3",
		"study.ini:3:10: format 3 is newer than this program reads "
		"(it reads formats 1 and 2)");
	expect1("format 01", 3, "format = 01",
		"study.ini:3:10: format must be 1 or 2 ('01')");
}

static void test_words_and_states(void)
{
	/* "statistic = " and "reference = " are 12 bytes. */
	expect1("statistic p101", 11, "statistic = p101",
		"study.ini:11:13: statistic must be pNN, pNN.N, mean, median "
		"or max ('p101')");
	expect1("statistic q99", 11, "statistic = q99",
		"study.ini:11:13: statistic must be pNN, pNN.N, mean, median "
		"or max ('q99')");
	expect1("better low", 10, "better = low",
		"study.ini:10:10: better must be lower or higher ('low')");
	/* "synthetic = " is 12 bytes; line 6 (platform) is optional. */
	expect1("synthetic maybe", 6, "synthetic = maybe",
		"study.ini:6:13: synthetic must be yes or no ('maybe')");
	expect1("interval boot", 17, "interval = boot",
		"study.ini:17:12: interval must be percentile, bca, t, "
		"expanded or studentized ('boot')");
	expect1("reference not in states", 12, "reference = 30",
		"study.ini:12:13: reference state 30 is not listed in states");
	expect1("reference not a state", 12, "reference = -1",
		"study.ini:12:13: reference is not a state: missing, 0 to "
		"4294967295 or 0x0 to 0xFFFFFFFF ('-1')");
	/* "states = " is 9 bytes, so the value starts at column 10; the items
	 * "missing;0;10;20;100;" take 20 bytes, putting 0x0A at column 30,
	 * and "10" follows "missing;0;" (10 bytes) at column 20. */
	expect1("duplicate state 0x0A and 10", 18,
		"states = missing;0;10;20;100;0x0A",
		"study.ini:18:30: state '0x0A' listed twice in states (first "
		"as '10' at column 20)");
	/* The empty item follows "missing;" (8 bytes): column 18. */
	expect1("empty state in states", 18, "states = missing;;10;20",
		"study.ini:18:18: empty state in states");
	expect1("bad state in states", 18, "states = missing;-1;20",
		"study.ini:18:18: bad state in states: missing, 0 to "
		"4294967295 or 0x0 to 0xFFFFFFFF ('-1')");
	/* "title =" is 7 bytes; the (empty) value starts at column 8. */
	expect1("empty title", 4, "title =", "study.ini:4:8: title is empty");
}

static void test_encoding_and_syntax(void)
{
	size_t len;
	char *text;

	/* "title = System" is 14 bytes: the NUL is at column 15. */
	text = study_build(4, "title = System\0Responsiveness", 29, "\n",
			   &len);
	{
		const char *const want[] = { "study.ini:4:15: NUL byte", NULL };
		expect_errors("embedded NUL", text, len, want);
	}
	free(text);
	/* "title = Caf" is 11 bytes: the Latin-1 e-acute is at column 12. */
	expect1("invalid UTF-8", 4, "title = Caf\xE9",
		"study.ini:4:12: invalid UTF-8 (byte 0xE9)");
	expect1("line that is not a key file line", 19, "foo bar",
		"study.ini:19:1: not a [section], key = value or # comment "
		"('foo bar')");
	expect1("bad key name from GLib", 19, "[b = 1",
		"study.ini:19:1: bad key name ('[b')");
	expect1("key before the first section", 1, "format = 1",
		"study.ini:1:1: key before the first section (the file must "
		"start with a section such as [study])");
	{
		const char *const want[] = { "study.ini: no [study] section",
					     "study.ini: no latency series (a "
					     "[series ID] section with kind = "
					     "latency)", NULL };
		expect_errors("empty file", "", 0, want);
	}
}

static void test_stat_spec(void)
{
	stat_spec s;
	static const char *const bad[] = {
		"p101", "p100.1", "p99.95", "p", "p09", "P99", "q99", "p 99",
		"p-1", "p99.", "", "maximum", NULL
	};
	bool all_bad = true;

	tap_ok(stat_spec_parse("p0", &s) && s.kind == STAT_QUANTILE
	       && fabs(s.prob) < 1e-300, "p0 is the quantile 0");
	tap_ok(stat_spec_parse("p100", &s) && fabs(s.prob - 1) < 1e-15,
	       "p100 is the quantile 1");
	tap_ok(stat_spec_parse("p50", &s) && fabs(s.prob - 0.5) < 1e-15
	       && strcmp(s.name, "p50") == 0, "p50 is the quantile 0.5");
	tap_ok(stat_spec_parse("p99.9", &s) && fabs(s.prob - 0.999) < 1e-15,
	       "p99.9 is the quantile 0.999");
	tap_ok(stat_spec_parse("median", &s) && s.kind == STAT_MEDIAN
	       && fabs(s.prob - 0.5) < 1e-15, "median");
	tap_ok(stat_spec_parse("mean", &s) && s.kind == STAT_MEAN, "mean");
	tap_ok(stat_spec_parse("max", &s) && s.kind == STAT_MAX, "max");
	for (size_t i = 0; bad[i]; i++) {
		if (stat_spec_parse(bad[i], &s)) {
			tap_diag("accepted '%s'", bad[i]);
			all_bad = false;
		}
	}
	tap_ok(all_bad, "malformed statistics are rejected");
}

static void test_names(void)
{
	tap_ok(strcmp(series_kind_name(SERIES_LATENCY), "latency") == 0
	       && strcmp(series_kind_name(SERIES_CONTROL), "control") == 0
	       && strcmp(series_kind_name(SERIES_BOUNDARY), "boundary") == 0
	       && strcmp(series_kind_name(SERIES_MECHANISM), "mechanism") == 0,
	       "series kind names");
	tap_ok(strcmp(interval_method_name(INTERVAL_PERCENTILE),
		      "percentile") == 0
	       && strcmp(interval_method_name(INTERVAL_BCA), "bca") == 0
	       && strcmp(interval_method_name(INTERVAL_T), "t") == 0
	       && strcmp(interval_method_name(INTERVAL_EXPANDED),
			 "expanded") == 0
	       && strcmp(interval_method_name(INTERVAL_STUDENTIZED),
			 "studentized") == 0, "interval method names");
}

static void test_file(void)
{
	char path[] = "test_plan.XXXXXX";
	int fd = mkstemp(path);
	size_t len;
	char *text = study_build(0, NULL, 0, "\n", &len);
	diag *d = diag_new(NULL, 0);
	study_plan p;
	pb_status st;

	if (fd < 0 || !d || write(fd, text, len) != (ssize_t)len)
		abort();
	close(fd);
	st = study_ini_read_file(path, "x/study.ini", d, &p);
	tap_ok(st == PB_OK && p.n_series == 3 && p.seed == 20260825u,
	       "study_ini_read_file reads a file");
	study_plan_free(&p);
	unlink(path);
	st = study_ini_read_file("no/such/study.ini", "no/such/study.ini", d, &p);
	tap_ok(st == PB_NOINPUT && diag_kept(d) == 1
	       && strcmp(diag_message(d, 0), "no/such/study.ini: cannot open: "
			 "No such file or directory") == 0,
	       "a missing file is PB_NOINPUT");
	diag_free(d);
	free(text);
}

/* Checks that KEY of P was written at LINE:COL (0:0: not written). */
static void expect_position(const study_plan *p, const char *key,
			    size_t line, size_t col)
{
	size_t got_line = 99, got_col = 99;
	bool found = study_plan_key_position(p, key, &got_line, &got_col);

	tap_ok(found == (line != 0) && got_line == line && got_col == col,
	       "%s: at %zu:%zu (got %zu:%zu)", key, line, col, got_line,
	       got_col);
}

/* Where each setting was written: "unit = ms" is line 9, its value at
 * column strlen("unit") + 4 = 8; with the line indented by a tab the value
 * moves one column right.  A key not written, or one of [series], has no
 * position. */
static void test_key_positions(void)
{
	study_plan p;

	if (!tap_ok(read_ok(0, NULL, &p), "the example reads (positions)"))
		return;
	expect_position(&p, "unit", 9, 8);
	expect_position(&p, "reference", 12, 13);
	expect_position(&p, "states", 18, 10);
	expect_position(&p, "service", 0, 0);
	expect_position(&p, "kind", 0, 0);
	study_plan_free(&p);
	if (!tap_ok(read_ok(13, "\tthreshold = 1.784", &p),
		    "an indented key reads"))
		return;
	expect_position(&p, "threshold", 13, 14);
	study_plan_free(&p);
}

/* The base as format 2, its last series a boundary series whose kind line
 * (30) is REP; returns malloc'd text. */
static char *format2_boundary(const char *rep, size_t *len)
{
	char *text = study_build(30, rep, strlen(rep), "\n", len);
	char *f = strstr(text, "format = 1");

	f[strlen("format = ")] = '2';
	return text;
}

/* The value rule of a boundary series, as study.ini declares it, and as
 * format 1 knew it without a declaration. */
static void test_value_rule(void)
{
	size_t len;
	char *text = format2_boundary("kind = boundary\ndisables = 0xFFFFFFFF\n"
				      "valid = 1..70\noutside = 0xA", &len);
	diag *d = diag_new(NULL, 0);
	study_plan p;
	const value_rule *r;

	if (!d)
		abort();
	tap_ok(study_ini_read_buffer(text, len, "study.ini", d, &p) == PB_OK
	       && p.format == 2 && p.n_series == 3,
	       "rule: a format 2 boundary series with a rule reads");
	free(text);
	r = p.n_series == 3 ? &p.series[2].rule : NULL;
	tap_ok(r && r->declared && r->has_disables
	       && r->disables == 4294967295u && r->has_valid
	       && r->valid_lo == 1 && r->valid_hi == 70 && r->outside == 10
	       && r->multiple == 1,
	       "rule: disables 0xFFFFFFFF, valid 1..70, outside 10, no "
	       "multiple (1)");
	study_plan_free(&p);

	text = format2_boundary("kind = boundary", &len);
	tap_ok(study_ini_read_buffer(text, len, "study.ini", d, &p) == PB_OK
	       && p.n_series == 3 && !p.series[2].rule.declared,
	       "rule: a format 2 boundary series without one declares none");
	free(text);
	study_plan_free(&p);

	tap_ok(read_ok(30, "kind = boundary", &p) && p.n_series == 3
	       && p.series[2].rule.declared && p.series[2].rule.disables == 100
	       && p.series[2].rule.valid_lo == 10
	       && p.series[2].rule.valid_hi == 100
	       && p.series[2].rule.outside == 20
	       && p.series[2].rule.multiple == 10,
	       "rule: format 1 keeps SystemResponsiveness' rule");
	study_plan_free(&p);
	diag_free(d);

	/* "valid" starts line 31 at column 1. */
	expect1("rule key under format 1", 30, "kind = boundary\nvalid = 1..7",
		"study.ini:31:1: `valid` needs format = 2");
	/* "multiple = " is 11 bytes: the value at column 12. */
	text = format2_boundary("kind = boundary\nmultiple = 0", &len);
	expect_errors("rule: multiple 0", text, len, (const char *const[]){
		"study.ini:31:12: multiple must be at least 1 ('0')", NULL });
	free(text);
	/* "valid = " is 8 bytes: the value at column 9. */
	text = format2_boundary("kind = boundary\nvalid = 70..1\noutside = 5",
				&len);
	expect_errors("rule: valid reversed", text, len, (const char *const[]){
		"study.ini:31:9: valid must be LOW..HIGH, two values 0 to "
		"4294967295 with LOW <= HIGH ('70..1')", NULL });
	free(text);
	text = format2_boundary("kind = mechanism\ndisables = 100", &len);
	expect_errors("rule: on a mechanism series", text, len,
		      (const char *const[]){ "study.ini:31:1: disables is only "
		      "for a boundary series (kind = boundary)", NULL });
	free(text);
}

/* Format 2: allow_negative, the localized text and the default name of
 * a series by its kind. */
static void test_format2(void)
{
	static const char head[] =
		"format = 2\n"
		"allow_negative = yes\n"
		"title[de] = SystemResponsiveness und MMCSS\n"
		"platform[ko] = VMware VM";
	static const char tail[] =
		"label[ko] = \xEB\xA9\x94\xEC\xBB\xA4\xEB\x8B\x88\xEC\xA6\x98\n"
		"note[cs] = jedna\\sbota\n";
	size_t len;
	char *text = study_build(3, head, strlen(head), "\n", &len);
	char *all = malloc(len + sizeof tail);
	diag *d = diag_new(NULL, 0);
	study_plan p;
	bool ok;

	if (!all || !d)
		abort();
	memcpy(all, text, len);
	memcpy(all + len, tail, sizeof tail);
	ok = study_ini_read_buffer(all, len + sizeof tail - 1, "study.ini", d, &p)
	     == PB_OK;
	for (size_t i = 0; i < diag_kept(d); i++)
		tap_diag("unexpected: %s", diag_message(d, i));
	free(text);
	free(all);
	diag_free(d);
	if (!tap_ok(ok, "a format 2 study.ini with localized text reads"))
		return;
	tap_ok(p.format == 2 && p.allow_negative, "format 2, allow_negative");
	tap_streq(plan_text_for(p.title, &p.title_l10n, "de"),
		  "SystemResponsiveness und MMCSS", "the German title");
	tap_streq(plan_text_for(p.title, &p.title_l10n, "ko"),
		  "SystemResponsiveness and MMCSS",
		  "no Korean title: the plain one");
	tap_streq(plan_text_for(p.title, &p.title_l10n, "en"),
		  "SystemResponsiveness and MMCSS", "English: the plain title");
	tap_streq(plan_text_for(p.platform, &p.platform_l10n, "ko"),
		  "VMware VM", "the Korean platform");
	tap_streq(p.series[2].label, "Mechanism check",
		  "format 2: a mechanism series is named by its kind");
	tap_ok(p.series[2].label_default && !p.series[0].label_default,
	       "label_default says which label was not written");
	tap_streq(p.series[1].label, "Series 2",
		  "format 2: a latency series is still 'Series ID'");
	tap_streq(plan_text_for(p.series[2].label, &p.series[2].label_l10n,
				"ko"),
		  "\xEB\xA9\x94\xEC\xBB\xA4\xEB\x8B\x88\xEC\xA6\x98",
		  "the Korean label");
	tap_streq(plan_text_for(p.series[2].note, &p.series[2].note_l10n,
				"cs"), "jedna bota",
		  "a localized note is unescaped");
	tap_ok(plan_text_for(p.series[2].note, &p.series[2].note_l10n, "de")
	       == NULL, "no note in German nor in English: NULL");
	study_plan_free(&p);
	expect1("allow_negative is yes or no", 3,
		"format = 2\nallow_negative = maybe",
		"study.ini:4:18: allow_negative must be yes or no ('maybe')");
	expect1("allow_negative needs format 2", 19, "allow_negative = no",
		"study.ini:19:1: `allow_negative` needs format = 2");
	expect1("an unknown language", 3, "format = 2\ntitle[fr] = Etude",
		"study.ini:4:1: unknown language 'fr' in 'title[fr]' (study "
		"text may be given in de, cs and ko)");
	expect1("a localized key twice", 3,
		"format = 2\ntitle[cs] = A\ntitle[cs] = B",
		"study.ini:5:1: key 'title[cs]' given twice in [study] (first "
		"at line 4)");
}

/* `metric` (format 2): what was measured, in words, per language like
 * the title, and no part of the plan digest. */
static void test_metric(void)
{
	static const char head[] =
		"format = 2\n"
		"metric = 99th percentile of the frame time, per boot\n"
		"metric[de] = 99. Perzentil der Frame-Zeit, je Start";
	study_plan p, q;
	char with[65], without[65];

	if (!tap_ok(read_ok(3, head, &p), "a study.ini with metric reads"))
		return;
	tap_streq(p.metric, "99th percentile of the frame time, per boot",
		  "the plain metric");
	tap_streq(plan_text_for(p.metric, &p.metric_l10n, "de"),
		  "99. Perzentil der Frame-Zeit, je Start", "the German metric");
	tap_streq(plan_text_for(p.metric, &p.metric_l10n, "cs"),
		  "99th percentile of the frame time, per boot",
		  "no Czech metric: the plain one");
	if (!tap_ok(read_ok(3, "format = 2", &q), "and one without"))
		return;
	tap_ok(q.metric == NULL && q.metric_l10n.in[0] == NULL,
	       "without metric: none");
	tap_ok(plantext_digest(&p, with) == PB_OK
	       && plantext_digest(&q, without) == PB_OK
	       && strcmp(with, without) == 0,
	       "the metric is no part of the plan digest");
	study_plan_free(&p);
	study_plan_free(&q);
	expect1("metric needs format 2", 19, "metric = frame time",
		"study.ini:19:1: `metric` needs format = 2");
	expect1("metric[ko] needs format 2", 19, "metric[ko] = x",
		"study.ini:19:1: `metric[ko]` needs format = 2");
	/* "metric =" is 8 bytes; the (empty) value starts at column 9. */
	expect1("an empty metric", 3, "format = 2\nmetric =",
		"study.ini:4:9: metric is empty");
	expect1("an empty German metric", 3, "format = 2\nmetric[de] =",
		"study.ini:4:13: metric[de] is empty");
}

int main(void)
{
	test_valid();
	test_value_rule();
	test_valid_variants();
	test_missing_and_unknown();
	test_numbers();
	test_words_and_states();
	test_encoding_and_syntax();
	test_stat_spec();
	test_names();
	test_file();
	test_key_positions();
	test_format2();
	test_metric();
	return tap_done();
}
