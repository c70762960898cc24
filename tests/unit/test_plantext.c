/* test_plantext.c: unit tests of ingest/plantext: the canonical analysis
 * plan and its SHA-256, the `registered` key that holds a study to the
 * plan it published, and each key's value as study.ini spells it.
 *
 * The expected digest was computed apart from pairboot, with
 *     printf 'pairboot-plan=1\nstatistic=quantile 0.99\n...' | sha256sum
 * over the canonical text written out in CANONICAL below. */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study_ini.h"
#include "ingest/plantext.h"
#include "tests/lib/tap.h"

#define INI_HEAD \
	"[study]\n" \
	"format = 1\n" \
	"title = A registered study\n" \
	"build = 1\n" \
	"column = latency_us\n"
#define INI_TAIL \
	"unit = ms\n" \
	"better = lower\n" \
	"statistic = p99\n" \
	"reference = 20\n" \
	"threshold = 1.784\n" \
	"confidence = 0.95\n" \
	"resamples = 10000\n" \
	"seed = 20260825\n" \
	"interval = percentile\n" \
	"states = missing;0;0x0A;20;100\n"
#define INI_SERIES \
	"\n[series 1]\nkind = latency\n\n[series m]\nkind = mechanism\n"

static const char study_ini[] =
	INI_HEAD "scale = 0.001\n" INI_TAIL INI_SERIES;

static const char canonical[] =
	"pairboot-plan=1\n"
	"statistic=quantile 0.99\n"
	"column=latency_us\n"
	"scale=0.001\n"
	"unit=ms\n"
	"better=lower\n"
	"reference=20\n"
	"threshold=1.784\n"
	"confidence=0.95\n"
	"resamples=10000\n"
	"seed=20260825\n"
	"interval=percentile\n"
	"states=missing;0;10;20;100\n"
	"series=1 latency;m mechanism\n";

#define DIGEST "f592ed2da3f066efdf5401b914d0cc9da793b1eefa77c75bcd1e2f40f3bfec45"

/* Reads TEXT as study.ini; the first message, if any, goes to *MSGS
 * (caller frees). */
static pb_status read_ini(const char *text, study_plan *p, char **msgs)
{
	diag *d = diag_new(NULL, 0);
	pb_status st = study_ini_read_buffer(text, strlen(text), "study.ini",
					     d, p);
	const char *m = diag_message(d, 0);

	*msgs = m ? strdup(m) : NULL;
	diag_free(d);
	return st;
}

static char *with_line(const char *ini, const char *line)
{
	size_t n = strlen(ini), m = strlen(line);
	const char *series = strstr(ini, "\n[series");
	size_t at = (size_t)(series - ini) + 1;
	char *out = malloc(n + m + 2);

	memcpy(out, ini, at);
	memcpy(out + at, line, m);
	out[at + m] = '\n';
	memcpy(out + at + m + 1, ini + at, n - at + 1);
	return out;
}

/* The study.ini spelling of each key of a plan written with hex, a
 * threshold with a trailing zero, a tenth of a percentile and text that
 * needs escapes, written by hand; and the canonical one beside it. */
static void check_ini_form(void)
{
	static const char ini[] =
		"[study]\nformat = 1\ntitle = T\nbuild = 1\n"
		"column = \\slatency us\nscale = 1e-3\nunit = ms\n"
		"better = higher\nstatistic = p99.9\nreference = 0x0A\n"
		"threshold = 2.50\nconfidence = 0.9\nresamples = exact\n"
		"seed = 7\ninterval = bca\nstates = missing;0x0A;20\n"
		"\n[series 1]\nkind = latency\n";
	static const struct {
		plantext_key key;
		const char *name, *ini, *canonical;
	} want[] = {
		{ PLAN_KEY_STATISTIC, "statistic", "p99.9", "quantile 0.999" },
		{ PLAN_KEY_COLUMN, "column", "\\slatency us", " latency us" },
		{ PLAN_KEY_CAPTURE, "capture", "csv", "csv" },
		{ PLAN_KEY_SCALE, "scale", "0.001", "0.001" },
		{ PLAN_KEY_UNIT, "unit", "ms", "ms" },
		{ PLAN_KEY_BETTER, "better", "higher", "higher" },
		{ PLAN_KEY_REFERENCE, "reference", "0x0A", "10" },
		{ PLAN_KEY_THRESHOLD, "threshold", "2.50", "2.5" },
		{ PLAN_KEY_CONFIDENCE, "confidence", "0.9", "0.9" },
		{ PLAN_KEY_RESAMPLES, "resamples", "exact", "exact" },
		{ PLAN_KEY_SEED, "seed", "7", "7" },
		{ PLAN_KEY_INTERVAL, "interval", "bca", "bca" },
		{ PLAN_KEY_STATE_TYPE, "state_type", "number", "number" },
		{ PLAN_KEY_STATES, "states", "missing;0x0A;20",
		  "missing;10;20" },
		{ PLAN_KEY_LOOKS, "looks", "", "" },
		{ PLAN_KEY_BOUNDARY, "boundary", "obrien-fleming",
		  "obrien-fleming" },
		{ PLAN_KEY_FILTER, "filter", "", "" },
		{ PLAN_KEY_MISSING, "missing", "", "" },
		{ PLAN_KEY_MISSING_LIMIT, "missing_limit", "0", "0" },
		{ PLAN_KEY_SERIES, "series", "1 latency", "1 latency" },
	};
	study_plan p;
	char *msgs = NULL;

	tap_ok(read_ini(ini, &p, &msgs) == PB_OK, "a plan with hex, 2.50 and "
	       "an escaped column reads (%s)", msgs ? msgs : "no message");
	free(msgs);
	tap_ok(sizeof want / sizeof want[0] == PLAN_KEY_COUNT,
	       "every key is checked");
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		GString *ini_v = g_string_new(NULL), *can_v = g_string_new(NULL);
		plantext_key found;

		plantext_value(ini_v, &p, want[i].key, PLANTEXT_INI);
		plantext_value(can_v, &p, want[i].key, PLANTEXT_CANONICAL);
		tap_ok(strcmp(plantext_key_name(want[i].key), want[i].name) == 0
		       && plantext_key_find(want[i].name, &found)
		       && found == want[i].key
		       && strcmp(ini_v->str, want[i].ini) == 0
		       && strcmp(can_v->str, want[i].canonical) == 0,
		       "%s: study.ini '%s' (want '%s'), canonical '%s' (want "
		       "'%s')", want[i].name, ini_v->str, want[i].ini,
		       can_v->str, want[i].canonical);
		g_string_free(ini_v, TRUE);
		g_string_free(can_v, TRUE);
	}
	plantext_key none;
	tap_ok(!plantext_key_find("title", &none), "title is no key of the "
	       "plan's text");
	study_plan_free(&p);

	GString *line = g_string_new(NULL);
	plantext_ini_line(line, "label", " a\nb");
	tap_streq(line->str, "label = \\sa\\nb\n", "a text line is escaped "
		  "as study.ini reads it back");
	g_string_free(line, TRUE);
}

/* A sequential plan (format 2) digests its looks and boundary after the
 * states; the digest below is sha256sum's of SEQUENTIAL, written out by
 * hand.  Bad looks are refused at their item. */
static const char sequential[] =
	"pairboot-plan=1\n"
	"statistic=quantile 0.99\n"
	"column=latency_us\n"
	"scale=0.001\n"
	"unit=ms\n"
	"better=lower\n"
	"reference=20\n"
	"threshold=1.784\n"
	"confidence=0.95\n"
	"resamples=10000\n"
	"seed=20260825\n"
	"interval=t\n"
	"states=missing;0;10;20;100\n"
	"looks=10;20;30;40\n"
	"boundary=pocock\n"
	"series=1 latency;m mechanism\n";

#define SEQ_DIGEST \
	"47d7739526696ddc2ba94c49bfae416adc28195443d393db350745447b9077df"

static char *format2(const char *ini)
{
	char *out = strdup(ini);

	out[strlen("[study]\nformat = ")] = '2';
	return out;
}

/* INI with interval = t, a method looks may use, for the percentile. */
static char *with_t(const char *ini)
{
	const char *at = strstr(ini, "interval = percentile\n");
	size_t head = (size_t)(at - ini);
	char *out = malloc(strlen(ini) + 1);

	memcpy(out, ini, head);
	strcpy(out + head, "interval = t\n");
	strcat(out, at + strlen("interval = percentile\n"));
	return out;
}

static void expect_refused(const char *line, const char *want)
{
	char *f2 = format2(study_ini);
	char *ini = with_line(f2, line);
	study_plan p;
	char *msgs = NULL;

	tap_ok(read_ini(ini, &p, &msgs) == PB_DATAERR, "refused: %s", line);
	tap_streq(msgs, want, "with its place and reason");
	free(msgs);
	free(ini);
	free(f2);
}

static void check_looks(void)
{
	char *f2 = format2(study_ini);
	char *t2 = with_t(f2);
	char *ini = with_line(t2, "looks = 10;20;30;40");
	char *both = with_line(ini, "boundary = pocock");
	study_plan p;
	char *text = NULL, *msgs = NULL;

	tap_ok(read_ini(both, &p, &msgs) == PB_OK, "looks and a boundary "
	       "read (%s)", msgs ? msgs : "no message");
	free(msgs);
	tap_ok(p.n_looks == 4 && p.looks[0] == 10 && p.looks[3] == 40
	       && p.boundary == BOUNDARY_POCOCK, "as four looks, Pocock");
	tap_ok(plantext_canonical(&p, &text) == PB_OK, "its canonical form");
	tap_streq(text, sequential, "holds the looks and the boundary");
	free(text);
	tap_streq(p.digest, SEQ_DIGEST, "its digest is sha256sum's");
	study_plan_free(&p);
	tap_ok(read_ini(ini, &p, &msgs) == PB_OK
	       && p.boundary == BOUNDARY_OBRIEN_FLEMING,
	       "without `boundary`, O'Brien-Fleming");
	tap_ok(strcmp(p.digest, SEQ_DIGEST) != 0, "which is another plan");
	free(msgs);
	study_plan_free(&p);
	tap_ok(read_ini(f2, &p, &msgs) == PB_OK && strcmp(p.digest, DIGEST) == 0,
	       "a format 2 plan without looks digests as before");
	free(msgs);
	study_plan_free(&p);
	free(both);
	free(ini);
	free(t2);
	free(f2);

	char *v1 = with_line(study_ini, "looks = 10;20");
	tap_ok(read_ini(v1, &p, &msgs) == PB_DATAERR, "format 1 refuses looks");
	tap_streq(msgs, "study.ini:18:1: `looks` needs format = 2", "at the key");
	free(msgs);
	free(v1);
	expect_refused("looks = 10;4", "study.ini:18:12: looks: each look is a "
		       "number of blocks from 5 (no verdict is made from "
		       "fewer pairs) to 100000 ('4')");
	expect_refused("looks = 10;20;20", "study.ini:18:15: looks must be "
		       "ascending: 20 does not come after 20");
	expect_refused("looks = 10;;20", "study.ini:18:12: looks: each look is "
		       "a number of blocks from 5 (no verdict is made from "
		       "fewer pairs) to 100000 ('')");
	expect_refused("boundary = pocock", "study.ini:18:1: boundary needs "
		       "looks: it says how a sequential design spends its "
		       "error");
	expect_refused("looks = 10;20", "study.ini:15:12: looks need interval = "
		       "t or studentized: a percentile interval of a few pairs "
		       "cannot widen to a look's level, and such designs erred "
		       "well above 1 - confidence (docs/statistics.md, "
		       "sequential designs)");
	expect_refused("boundary = wald", "study.ini:18:12: boundary must be "
		       "obrien-fleming, pocock or bonferroni ('wald')");
}

/* `capture`: csv, written or not, is the plan it was; capframex adds a
 * line after `column` (the digest is sha256sum's of the text below);
 * format 1 refuses the key. */
static void check_capture(void)
{
	static const char with_capture[] =
		"pairboot-plan=1\n"
		"statistic=quantile 0.99\n"
		"column=latency_us\n"
		"capture=capframex\n"
		"scale=0.001\n"
		"unit=ms\n"
		"better=lower\n"
		"reference=20\n"
		"threshold=1.784\n"
		"confidence=0.95\n"
		"resamples=10000\n"
		"seed=20260825\n"
		"interval=percentile\n"
		"states=missing;0;10;20;100\n"
		"series=1 latency;m mechanism\n";
	char *f2 = format2(study_ini);
	char *csv = with_line(f2, "capture = csv");
	char *cfx = with_line(f2, "capture = capframex");
	char *v1 = with_line(study_ini, "capture = capframex");
	study_plan p;
	char *text = NULL, *msgs = NULL;

	tap_ok(read_ini(csv, &p, &msgs) == PB_OK && p.capture == CAPTURE_CSV
	       && strcmp(p.digest, DIGEST) == 0,
	       "capture = csv: the digest of the plan without it");
	free(msgs);
	study_plan_free(&p);
	tap_ok(read_ini(cfx, &p, &msgs) == PB_OK
	       && p.capture == CAPTURE_CAPFRAMEX, "capture = capframex reads");
	free(msgs);
	tap_ok(plantext_canonical(&p, &text) == PB_OK, "its canonical form");
	tap_streq(text, with_capture, "capture=capframex just after column");
	free(text);
	tap_streq(p.digest, "91a55187b0e1938e791be0f1e34ef7f3fbaeff7f5f285286"
		  "22a0796468a7fc54", "its digest is sha256sum's");
	study_plan_free(&p);
	tap_ok(read_ini(v1, &p, &msgs) == PB_DATAERR, "format 1 refuses it");
	tap_streq(msgs, "study.ini:18:1: `capture` needs format = 2",
		  "at its line");
	free(msgs);
	free(f2);
	free(csv);
	free(cfx);
	free(v1);
}

/* A plan that chooses its rows (format 2) digests its filter, missing
 * tokens and limit after the looks' place; the digests below are
 * sha256sum's of ROWS and of ROWS_DEFAULT, written out by hand.  The
 * limit is digested as the fraction in force, 2.5% as 0.025, and 5% when
 * only `missing` is given. */
static const char rows_plan[] =
	"pairboot-plan=1\n"
	"statistic=quantile 0.99\n"
	"column=latency_us\n"
	"scale=0.001\n"
	"unit=ms\n"
	"better=lower\n"
	"reference=20\n"
	"threshold=1.784\n"
	"confidence=0.95\n"
	"resamples=10000\n"
	"seed=20260825\n"
	"interval=percentile\n"
	"states=missing;0;10;20;100\n"
	"filter=Application == game.exe AND PresentMode != Composed: Flip\n"
	"missing=NA;N/A\n"
	"missing_limit=0.025\n"
	"series=1 latency;m mechanism\n";

#define ROWS_DIGEST \
	"5eb5153415f58508ec17841e6661fb0b10977708424baf702371878fb965d58e"
#define ROWS_DEFAULT_DIGEST \
	"6634575c82411b9f886622187d2d3025316c623d0712b58a8fbc93113e945753"

static void check_rows(void)
{
	char *f2 = format2(study_ini);
	char *a = with_line(f2, "filter = Application==game.exe AND "
			    "PresentMode !=  Composed: Flip");
	char *b = with_line(a, "missing = NA; N/A");
	char *c = with_line(b, "missing_limit = 2.5%");
	char *only = with_line(f2, "missing = NA");
	char *fraction = with_line(b, "missing_limit = 0.025");
	study_plan p;
	char *text = NULL, *msgs = NULL;

	tap_ok(read_ini(c, &p, &msgs) == PB_OK, "filter, missing and "
	       "missing_limit read (%s)", msgs ? msgs : "no message");
	free(msgs);
	tap_ok(plantext_canonical(&p, &text) == PB_OK, "its canonical form");
	tap_streq(text, rows_plan, "holds the filter, the tokens and the "
		  "limit as a fraction");
	free(text);
	tap_streq(p.digest, ROWS_DIGEST, "its digest is sha256sum's");
	study_plan_free(&p);
	tap_ok(read_ini(fraction, &p, &msgs) == PB_OK
	       && strcmp(p.digest, ROWS_DIGEST) == 0,
	       "0.025 and 2.5%% are one limit");
	free(msgs);
	study_plan_free(&p);
	tap_ok(read_ini(only, &p, &msgs) == PB_OK
	       && strcmp(p.digest, ROWS_DEFAULT_DIGEST) == 0
	       && p.missing_limit == 50000,
	       "missing alone: the limit 5%% in force is digested");
	free(msgs);
	study_plan_free(&p);
	tap_ok(read_ini(f2, &p, &msgs) == PB_OK
	       && strcmp(p.digest, DIGEST) == 0 && p.n_filter == 0
	       && p.n_missing == 0 && p.missing_limit == 0,
	       "without the keys, the digest of before");
	free(msgs);
	study_plan_free(&p);

	char *v1 = with_line(study_ini, "filter = A == b");
	tap_ok(read_ini(v1, &p, &msgs) == PB_DATAERR, "format 1 refuses a "
	       "filter");
	tap_streq(msgs, "study.ini:18:1: `filter` needs format = 2",
		  "at the key");
	free(msgs);
	free(v1);
	expect_refused("filter = Application = game.exe", "study.ini:18:10: "
		       "filter: condition 'Application = game.exe' has no == "
		       "or != (COLUMN == VALUE or COLUMN != VALUE)");
	expect_refused("filter = A == b AND C ==", "study.ini:18:23: filter: "
		       "condition has no value after ==");
	expect_refused("missing = NA;;x", "study.ini:18:14: empty token in "
		       "missing");
	expect_refused("missing_limit = 5%", "study.ini:18:1: missing_limit "
		       "needs missing: it limits the rows that hold one of its "
		       "tokens");
	char *lim = with_line(only, "missing_limit = 5 %");
	pb_status st = read_ini(lim, &p, &msgs);
	tap_ok(st == PB_DATAERR && msgs
	       && strcmp(msgs, "study.ini:19:17: missing_limit must be a "
			 "percentage from 0% to 100% with at most 4 decimals "
			 "(5%) or a fraction from 0 to 1 with at most 6 "
			 "decimals (0.05) ('5 %')") == 0,
	       "a bad limit at its value (%s)", msgs);
	free(msgs);
	free(lim);
	free(fraction);
	free(only);
	free(c);
	free(b);
	free(a);
	free(f2);
}

int main(void)
{
	study_plan p;
	char *text = NULL, *msgs = NULL, hex[65];

	tap_ok(read_ini(study_ini, &p, &msgs) == PB_OK, "the plan reads");
	free(msgs);
	tap_ok(plantext_canonical(&p, &text) == PB_OK, "its canonical form");
	tap_streq(text, canonical, "the canonical form, key by key, with 0x0A "
		  "as 10");
	free(text);
	tap_ok(plantext_digest(&p, hex) == PB_OK, "its digest");
	tap_streq(hex, DIGEST, "the digest is sha256sum's of that text");
	tap_streq(p.digest, DIGEST, "and the plan read carries it");
	tap_ok(!p.registered, "a plan without `registered` is not registered");
	study_plan_free(&p);

	/* Spelled otherwise, the same plan; a title is not part of it. */
	char *other = strdup(INI_HEAD "scale = 1e-3\n" INI_TAIL INI_SERIES);
	memcpy(strstr(other, "A registered"), "A retitled  ", 12);
	tap_ok(read_ini(other, &p, &msgs) == PB_OK
	       && strcmp(p.digest, DIGEST) == 0,
	       "1e-3 for 0.001 and another title give the same digest");
	free(msgs);
	study_plan_free(&p);
	free(other);

	/* A registered plan that still matches. */
	char *reg = with_line(study_ini, "registered = " DIGEST);
	tap_ok(read_ini(reg, &p, &msgs) == PB_OK && p.registered,
	       "a plan that matches its registered digest is registered");
	free(msgs);
	study_plan_free(&p);
	free(reg);

	/* The threshold moved after registration: refused at that line. */
	char *moved = with_line(study_ini, "registered = " DIGEST);
	memcpy(strstr(moved, "threshold = 1.784"), "threshold = 2.000", 17);
	tap_ok(read_ini(moved, &p, &msgs) == PB_DATAERR,
	       "a changed threshold under `registered` is bad data");
	tap_ok(msgs && strncmp(msgs, "study.ini:18:14: the analysis plan "
			       "differs from the registered one", 51) == 0,
	       "the message is at the registered line (%s)", msgs);
	free(msgs);
	free(moved);

	char *bad = with_line(study_ini, "registered = ABC");
	tap_ok(read_ini(bad, &p, &msgs) == PB_DATAERR, "a bad digest is refused");
	tap_streq(msgs, "study.ini:18:14: registered must be the 64 lower-case "
		  "hex digits of a plan digest ('ABC')", "and says what it "
		  "must be");
	free(msgs);
	free(bad);
	check_ini_form();
	check_looks();
	check_capture();
	check_rows();
	return tap_done();
}
