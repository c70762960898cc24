/* test_count_pages.c: every message of the report and compare pages that
 * carries a count, in every language, at 0, 1, 2, 3, 4, 5, 6, 7, 17, 21,
 * 100 and 1000 (test_count_words.c holds the Runs sentence).  The words
 * that agree with the count are written out by hand below, in each
 * language's grammar: English and German one form for 1 and one for the
 * rest, Czech 1, 2 to 4, and 0 or 5 and more, Korean one form with its
 * counter (개, 회, 쌍).  Each message's count is put in for its %zu, and
 * the hand-written piece must be part of the result: one TAP result per
 * message and language checks it at every count (tests/lib/tap.h,
 * tap_cases).  The other words of the pages that name a series after a
 * preposition, the confidence interval in a German compound and the
 * identifier are checked at the end.  The messages with a msgctxt (a
 * state's level, "(SD 1.200, n = 10)") are checked on their own. */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "ingest/study.h"
#include "render/i18n.h"
#include "render/page_phrases.h"
#include "render/studytext.h"
#include "tests/lib/tap.h"

static const unsigned long counts[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100, 1000
};
#define N_COUNTS (sizeof counts / sizeof *counts)

static const char *const langs[4] = { "en", "de", "cs", "ko" };

/* Czech's three forms, by hand: ONE for 1, FEW for 2 to 4, MANY else. */
static const char *cs3(unsigned long n, const char *one, const char *few,
		       const char *many)
{
	if (n == 1)
		return one;
	return n >= 2 && n <= 4 ? few : many;
}

/* English and German: ONE for 1, OTHER else. */
static const char *two(unsigned long n, const char *one, const char *other)
{
	return n == 1 ? one : other;
}

/* The message's text for N in LANG with N put in for each count
 * directive (%zu, %1$zu); the other directives are left as they are. */
static char *with_count(const char *text, unsigned long n)
{
	GString *g = g_string_new(NULL);
	char num[24];

	snprintf(num, sizeof num, "%lu", n);
	for (const char *s = text; *s;) {
		if (strncmp(s, "%zu", 3) == 0) {
			g_string_append(g, num);
			s += 3;
		} else if (s[0] == '%' && s[1] >= '1' && s[1] <= '9'
			   && strncmp(s + 2, "$zu", 3) == 0) {
			g_string_append(g, num);
			s += 5;
		} else {
			g_string_append_c(g, *s++);
		}
	}
	return g_string_free(g, FALSE);
}

/* One count-bearing message and the piece each language writes for N. */
typedef struct {
	const char *msgid, *plural;   /* plural NULL: not a plural message */
	void (*want)(unsigned long n, char out[4][200]);
} count_msg;

#define W(i, ...) snprintf(out[i], 200, __VA_ARGS__)

static void judged(unsigned long n, char out[4][200])
{
	W(0, "; %lu %s judged", n, two(n, "interval was", "intervals were"));
	W(1, "; beurteilt %s %lu %s", two(n, "wurde", "wurden"), n,
	  two(n, "Intervall.", "Intervalle,"));
	W(2, "; %s %lu %s", cs3(n, "posouzen byl", "posouzeny byly",
				 "posouzeno bylo"), n,
	  cs3(n, "interval.", "intervaly,", "intervalů,"));
	W(3, "판정한 구간은 %lu개입니다. 구간이 여럿이면", n);
}

static void with_pairs(unsigned long n, char out[4][200])
{
	W(0, ": with %lu %s, a nominal", n, two(n, "pair", "pairs"));
	W(1, ": Bei %lu %s deckte ein nominales", n, two(n, "Paar", "Paaren"));
	W(2, ": při %lu %s byla", n, two(n, "páru", "párech"));
	W(3, ": 쌍이 %lu개일 때 명목", n);
}

static void with_pairs_sim(unsigned long n, char out[4][200])
{
	W(0, ": with %lu %s (simulated at %lu)", n, two(n, "pair", "pairs"), n);
	W(1, ": Bei %lu %s (simuliert mit %lu) deckte", n, two(n, "Paar", "Paaren"),
	  n);
	W(2, ": při %lu %s (simulováno pro %lu)", n, two(n, "páru", "párech"),
	  n);
	W(3, ": 쌍이 %lu개일 때(%lu개로 시뮬레이션)", n, n);
}

static void no_claim(unsigned long n, char out[4][200])
{
	W(0, "fewer than %lu %s, nor", n, two(n, "pair", "pairs"));
	W(1, "Aus weniger als %lu %s wird", n, two(n, "Paar", "Paaren"));
	W(2, "je-li párů méně než %lu, ani", n);
	W(3, "쌍이 %lu개 미만이거나", n);
}

static void beyond(unsigned long n, char out[4][200])
{
	W(0, "with %lu %s, beyond", n, two(n, "pair", "pairs"));
	W(1, "Mit %lu %s liegt der Vergleich außerhalb", n,
	  two(n, "Paar", "Paaren"));
	W(2, "při %lu %s mimo", n, two(n, "páru", "párech"));
	W(3, "쌍이 %lu개로 시뮬레이션", n);
}

/* The comparisons a small-sample note lists: German says the one or
 * the several before the list ("folgenden Vergleich", "folgende
 * Vergleiche"). */
static void scope_list(unsigned long n, char out[4][200])
{
	W(0, "This applies to %%s.");
	W(1, "Das gilt für %s: %%s.", two(n, "folgenden Vergleich",
					   "folgende Vergleiche"));
	W(2, "Platí to pro %s: %%s.", n == 1 ? "toto srovnání" : "tato srovnání");
	W(3, "이는 다음 비교에 해당합니다: %%s.");
}

static void from_summary(unsigned long n, char out[4][200])
{
	W(0, "%lu %s taken", n, two(n, "run was", "runs were"));
	W(1, "%lu %s der", n, two(n, "Durchlauf wurde", "Durchläufe wurden"));
	W(2, "%lu %s", n, cs3(n, "běh byl převzat", "běhy byly převzaty",
			     "běhů bylo převzato"));
	W(3, "실행 %lu회는", n);
}

static void small_sample(unsigned long n, char out[4][200])
{
	W(0, "With %lu %s, a nominal", n, two(n, "pair", "pairs"));
	W(1, "Bei %lu %s deckte ein nominales", n, two(n, "Paar", "Paaren"));
	W(2, "Při %lu %s byla", n, two(n, "páru", "párech"));
	W(3, "쌍이 %lu개일 때 %%3$s 방법", n);
}

static void all_accepted(unsigned long n, char out[4][200])
{
	if (n == 1) {
		W(0, "the 1 run was accepted");
		W(1, "1 Durchlauf wurde akzeptiert");
	} else {
		W(0, "all %lu runs were accepted", n);
		W(1, "Alle %lu Durchläufe wurden akzeptiert", n);
	}
	W(2, "%s %lu %s", cs3(n, "", "všechny", "všech"), n,
	  cs3(n, "běh byl přijat", "běhy byly přijaty", "běhů bylo přijato"));
	if (n == 1)
		W(2, "1 běh byl přijat");
	W(3, "실행 %lu회가 모두 채택됨", n);
}

static void too_few(unsigned long n, char out[4][200])
{
	W(0, "needs at least %lu %s", n, two(n, "pair", "pairs"));
	W(1, "mindestens %lu %s erfordert", n, two(n, "Paar", "Paare"));
	W(2, "alespoň %lu %s", n, cs3(n, "pár", "páry", "párů"));
	W(3, "(최소 %lu쌍 필요)", n);
}

static void multiplicity(unsigned long n, char out[4][200])
{
	W(0, "Multiplicity: %lu %s judged", n,
	  two(n, "interval or test is", "intervals and tests are"));
	W(1, "Auf dieser Seite %s %lu %s beurteilt", two(n, "wird", "werden"),
	  n, two(n, "Intervall oder Test", "Intervalle und Tests"));
	W(2, "se %s %lu %s", cs3(n, "posuzuje", "posuzují", "posuzuje"), n,
	  cs3(n, "interval nebo test", "intervaly a testy",
	      "intervalů a testů"));
	W(3, "판정하는 구간 및 검정은 %lu개입니다", n);
}

static void more(unsigned long n, char out[4][200])
{
	W(0, "%%s and %lu more", n);
	W(1, "%%s und %lu %s", n, two(n, "weiterer", "weitere"));
	W(2, "%%s a %lu %s", n, cs3(n, "další", "další", "dalších"));
	W(3, "%%s 외 %lu개", n);
}

/* The messages with no plural: the count stands where no word agrees
 * with it ("n = 5", "(5)", "planned boots: 5"). */
static void sd_n(unsigned long n, char out[4][200])
{
	for (int l = 0; l < 4; l++)
		W(l, ", n = %lu.", n);
}

/* A state's level: "`19.300 ms` (SD 1.200, n = 10)". */
static void level_n(unsigned long n, char out[4][200])
{
	for (int l = 0; l < 4; l++)
		W(l, "n = %lu)", n);
}

static void position(unsigned long n, char out[4][200])
{
	W(0, "ran at position %lu clearly", n);
	W(1, "lief an Position %lu deutlich", n);
	W(2, "běžel na pozici %lu zřetelně", n);
	W(3, "위치 %lu에서", n);
}

static void none_of(unsigned long n, char out[4][200])
{
	W(0, "none of the %lu runs was accepted", n);
	W(1, "Keiner der %lu Durchläufe wurde akzeptiert", n);
	W(2, "z %lu běhů nebyl přijat žádný", n);
	W(3, "전체 %lu회 중 채택된 실행 없음", n);
}

static void power_runs(unsigned long n, char out[4][200])
{
	W(0, "with %lu + %lu runs at", n, n);
	W(1, "Bei %lu + %lu Durchläufen und", n, n);
	W(2, "při %lu + %lu bězích a", n, n);
	W(3, "실행이 %lu + %lu회이고", n, n);
}

static void planned(unsigned long n, char out[4][200])
{
	W(0, "planned boots: %lu, all", n);
	W(1, "geplante Starts: %lu, alle", n);
	W(2, "plánovaná načtení: %lu, všechna", n);
	W(3, "계획된 부팅: %lu회, 모두", n);
}

static void planned_some(unsigned long n, char out[4][200])
{
	W(0, "planned boots: %lu; recorded as planned: %lu.", n, n);
	W(1, "geplante Starts: %lu; wie geplant aufgezeichnet: %lu.", n, n);
	W(2, "plánovaná načtení: %lu; zaznamenáno podle plánu: %lu.", n, n);
	W(3, "계획된 부팅: %lu회; 계획대로 기록됨: %lu회.", n, n);
}

static void listed(unsigned long n, char out[4][200])
{
	for (int l = 0; l < 3; l++)
		W(l, " (%lu): %%s.", n);
	/* Korean sets the bracket close to a word (기록됨(3)). */
	W(3, "(%lu): %%s.", n);
}

static const count_msg msgs[] = {
	{ "Each state and the baseline is judged at the full confidence "
	  "level of %s, with no adjustment for the number of comparisons; "
	  "%zu interval was judged.",
	  "Each state and the baseline is judged at the full confidence "
	  "level of %s, with no adjustment for the number of comparisons; "
	  "%zu intervals were judged, so the chance that at least one of them "
	  "shows a change by chance alone is larger than for any single "
	  "interval.", judged },
	{ "%s: with %zu pair, a nominal %s interval of method %s covered the "
	  "true difference in only %s of simulated studies with strongly "
	  "skewed differences (docs/statistics.md); a change computed from "
	  "such an effect may be less certain than its confidence suggests.",
	  "%s: with %zu pairs, a nominal %s interval of method %s covered the "
	  "true difference in only %s of simulated studies with strongly "
	  "skewed differences (docs/statistics.md); a change computed from "
	  "such an effect may be less certain than its confidence suggests.",
	  with_pairs },
	{ "%s: with %zu pair (simulated at %zu), a nominal %s interval of "
	  "method %s covered the true difference in only %s of simulated "
	  "studies with strongly skewed differences (docs/statistics.md); a "
	  "change computed from such an effect may be less certain than its "
	  "confidence suggests.",
	  "%s: with %zu pairs (simulated at %zu), a nominal %s interval of "
	  "method %s covered the true difference in only %s of simulated "
	  "studies with strongly skewed differences (docs/statistics.md); a "
	  "change computed from such an effect may be less certain than its "
	  "confidence suggests.", with_pairs_sim },
	{ "No claim is made from fewer than %zu pair, nor when every block "
	  "shows the same difference.",
	  "No claim is made from fewer than %zu pairs, nor when every block "
	  "shows the same difference.", no_claim },
	{ "with %zu pair, beyond the simulated coverage table (%d to %d "
	  "pairs, docs/statistics.md): no simulated coverage is quoted for "
	  "it.",
	  "with %zu pairs, beyond the simulated coverage table (%d to %d "
	  "pairs, docs/statistics.md): no simulated coverage is quoted for "
	  "it.", beyond },
	{ "This applies to %s.", "This applies to %s.", scope_list },
	{ "%zu run was taken from the run summary %s, its latency file not "
	  "being in the study folder: its statistic is the summary's, not "
	  "recomputed, and the input digest covers the summary.",
	  "%zu runs were taken from the run summary %s, their latency files "
	  "not being in the study folder: their statistics are the "
	  "summary's, not recomputed, and the input digest covers the "
	  "summary.", from_summary },
	{ "With %zu pair, a nominal %s interval of method %s covered the true "
	  "difference in only %s of simulated studies with strongly skewed "
	  "differences (docs/statistics.md); the interval may be too narrow.",
	  "With %zu pairs, a nominal %s interval of method %s covered the "
	  "true difference in only %s of simulated studies with strongly "
	  "skewed differences (docs/statistics.md); the intervals may be too "
	  "narrow.", small_sample },
	{ "the %zu run was accepted", "all %zu runs were accepted",
	  all_accepted },
	{ "too few pairs for a claim, which needs at least %zu pair",
	  "too few pairs for a claim, which needs at least %zu pairs",
	  too_few },
	{ "Multiplicity: %zu interval or test is judged on this page "
	  "(comparisons with the reference: %zu, effect differences across "
	  "series: %zu, spread tests: %zu), at the full %s level, with no "
	  "adjustment for multiple testing.",
	  "Multiplicity: %zu intervals and tests are judged on this page "
	  "(comparisons with the reference: %zu, effect differences across "
	  "series: %zu, spread tests: %zu), each at the full %s level; no "
	  "adjustment is made for their number, so the more there are, the "
	  "likelier it is that one of them errs by chance.", multiplicity },
	{ "%s and %zu more", "%s and %zu more", more },
	{ "%s: at %s, SD not defined, range %s to %s, n = %zu.", NULL, sd_n },
	{ "%s: at %s, SD %s, range %s to %s, n = %zu.", NULL, sd_n },
	{ "Run order of %s: %s ran at position %zu clearly more often than "
	  "the other states.", NULL, position },
	{ "none of the %zu runs was accepted", NULL, none_of },
	{ "%s against %s: with %zu + %zu runs at p < %s, the spread test "
	  "detects an SD twice as large about %s of the time (normal runs, "
	  "simulated; docs/statistics.md), so finding no difference does not "
	  "rule one out.", NULL, power_runs },
	{ "Schedule (schedule.csv): planned boots: %zu, all recorded as "
	  "planned.", NULL, planned },
	{ "Schedule (schedule.csv): planned boots: %zu; recorded as planned: "
	  "%zu.", NULL, planned_some },
	{ "Planned but not in runs.csv (%zu): %s.", NULL, listed },
	{ "Recorded but not planned (%zu): %s.", NULL, listed },
	{ "Recorded in a series, block, position or state other than planned "
	  "(%zu): %s.", NULL, listed },
	{ "Recorded out of the planned order (%zu): %s.", NULL, listed },
};

/* One result per message and language, over every count: the
 * hand-written piece must be part of the message at each. */
static void count_messages(void)
{
	for (size_t m = 0; m < sizeof msgs / sizeof *msgs; m++) {
		for (int l = 0; l < 4; l++) {
			tap_cases c = { 0, 0 };

			for (size_t i = 0; i < N_COUNTS; i++) {
				unsigned long n = counts[i];
				const char *t = msgs[m].plural
					? i18n_ntext(langs[l], msgs[m].msgid,
						     msgs[m].plural, n)
					: i18n_text(langs[l], msgs[m].msgid);
				char *got = t ? with_count(t, n) : NULL;
				char want[4][200];

				msgs[m].want(n, want);
				tap_case(&c, got && strstr(got, want[l]),
					 want[l], got, "at %lu (a part)", n);
				g_free(got);
			}
			tap_cases_done(&c, "%s, at every count: \"%.48s\"",
				       langs[l], msgs[m].msgid);
		}
	}
}

/* The count-bearing messages with a msgctxt, none of them plural. */
static const struct {
	const char *ctx, *msgid;
	void (*want)(unsigned long n, char out[4][200]);
} ctx_msgs[] = {
	{ "level", "%s (SD %s, n = %zu)", level_n },
	{ "level", "%s (n = %zu)", level_n },
};

static void count_ctx_messages(void)
{
	for (size_t m = 0; m < sizeof ctx_msgs / sizeof *ctx_msgs; m++) {
		for (int l = 0; l < 4; l++) {
			tap_cases c = { 0, 0 };

			for (size_t i = 0; i < N_COUNTS; i++) {
				unsigned long n = counts[i];
				const char *t = i18n_ctext(langs[l],
							   ctx_msgs[m].ctx,
							   ctx_msgs[m].msgid);
				char *got = t ? with_count(t, n) : NULL;
				char want[4][200];

				ctx_msgs[m].want(n, want);
				tap_case(&c, got && strstr(got, want[l]),
					 want[l], got, "at %lu (a part)", n);
				g_free(got);
			}
			tap_cases_done(&c, "%s, at every count: \"%s\" (%s)",
				       langs[l], ctx_msgs[m].msgid,
				       ctx_msgs[m].ctx);
		}
	}
}

/* A plan of one series, id 2, labelled as by default ("Series 2"). */
static void series_2_plan(study_plan *p, series_def *sd)
{
	memset(p, 0, sizeof *p);
	memset(sd, 0, sizeof *sd);
	sd->id = (char *)"2";
	sd->label = (char *)"Series 2";
	p->series = sd;
	p->n_series = 1;
}

/* A series after a preposition: Czech declines "Série 2" to "sérii 2"
 * (locative after "v", dative after "oproti": the same form); the other
 * languages keep the name as it is. */
static void series_after(void)
{
	series_def sd[1];
	study_plan p;
	const char *want[4] = { "Series 2", "Serie 2", "sérii 2", "시리즈 2" };

	series_2_plan(&p, sd);
	for (int l = 0; l < 4; l++) {
		char *got = studytext_series_name_after(&p, 0, langs[l]);
		tap_streq(got, want[l], langs[l]);
		g_free(got);
	}
	/* A label of the study's own cannot be declined: the declined word
	 * for series goes before it in Czech. */
	sd[0].label = (char *)"Kontrolní běh";
	{
		char *got = studytext_series_name_after(&p, 0, "cs");
		tap_streq(got, "sérii Kontrolní běh", "cs, own label");
		g_free(got);
	}
}

/* A series inside a sentence ("bez spojeného závěru: série 2 (...)"):
 * Czech writes the default name in lower case, as a common noun; the
 * other languages keep it as it opens a line.  The study's own label and
 * the name of a kind stay as written, and so does a label the study gives
 * in Czech that is not the default name. */
static void series_inside(void)
{
	series_def sd[1];
	study_plan p;
	const char *want[4] = { "Series 2", "Serie 2", "série 2", "시리즈 2" };
	char *got;

	series_2_plan(&p, sd);
	for (int l = 0; l < 4; l++) {
		char *name = g_strdup_printf("%s, inside a sentence",
					     langs[l]);
		got = studytext_series_name_inside(&p, 0, langs[l]);
		tap_streq(got, want[l], name);
		g_free(got);
		g_free(name);
	}
	/* The study writes the default name in Czech (label[cs] = Série 2,
	 * as the example studies do): it is the default still. */
	sd[0].label_l10n.in[1] = (char *)"Série 2";
	got = studytext_series_name_inside(&p, 0, "cs");
	tap_streq(got, "série 2", "cs, label[cs] the default name");
	g_free(got);
	got = studytext_series_name(&p, 0, "cs");
	tap_streq(got, "Série 2", "cs, the same opening a line");
	g_free(got);
	sd[0].label_l10n.in[1] = (char *)"Série B";
	got = studytext_series_name_inside(&p, 0, "cs");
	tap_streq(got, "Série B", "cs, label[cs] of its own");
	g_free(got);
	sd[0].label_l10n.in[1] = NULL;
	sd[0].label = (char *)"Kontrolní běh";
	got = studytext_series_name_inside(&p, 0, "cs");
	tap_streq(got, "Kontrolní běh", "cs, own label");
	g_free(got);
	p.format = 2;
	sd[0].kind = SERIES_CONTROL;
	sd[0].label = (char *)"Control boot";
	sd[0].label_default = true;
	got = studytext_series_name_inside(&p, 0, "cs");
	tap_streq(got, "Kontrolní načtení", "cs, the name of a kind");
	g_free(got);
}

/* The Czech sentences that name the series after a preposition. */
static void czech_sentences(void)
{
	const char *t = i18n_text("cs", "%s: the effect in %s minus the "
				  "effect in %s is %s %s; the interval excludes "
				  "0, so the effects of the series differ.");
	char *got = t ? g_strdup_printf(t, "`0`", "sérii 2", "sérii 1",
					"`-3,169 ms`", "`[-6,362; -0,217]`")
		      : NULL;

	tap_streq(got, "`0`: efekt v sérii 2 minus efekt v sérii 1 je "
		  "`-3,169 ms` `[-6,362; -0,217]`; interval nezahrnuje 0, "
		  "efekty sérií se tedy liší.",
		  "cs: the effect in Series 2 minus ...");
	g_free(got);
	t = i18n_text("cs", "%s against %s: SD ratio %s, Brown-Forsythe test "
		      "p %s; no clear difference in spread.");
	got = t ? g_strdup_printf(t, "Série 2", "sérii 1", "1,67", "= 0,143")
		: NULL;
	tap_streq(got, "Série 2 oproti sérii 1: poměr SD 1,67, "
		  "Brownův-Forsytheův test p = 0,143; zřetelný rozdíl v "
		  "rozptylu není.", "cs: Series 2 against Series 1");
	g_free(got);
}

/* German writes the interval with its level as one compound, 95-%-KI,
 * as the pages write 95-%-Konfidenzintervall; cs and ko label the identifier ID. */
static void compounds_and_ids(void)
{
	const char *t = i18n_ctext("de", "figure", "difference [%s%% CI]");
	char *got = t ? g_strdup_printf(t, "95") : NULL;

	tap_streq(got, "Differenz [95-%-KI]", "de: the figure's 95-%-KI");
	g_free(got);
	t = i18n_text("cs", "Measurement series are matched by id and "
		      "compared one by one, never pooled.");
	tap_ok(t && strstr(t, "podle ID "), "cs: matched by ID");
	t = i18n_text("ko", "Measurement series are matched by id and "
		      "compared one by one, never pooled.");
	tap_ok(t && strstr(t, "ID로"), "ko: matched by ID");
}

/* A text that opens a title or an alt text: a first word of lower-case
 * letters takes a capital, anything else stays as the study wrote it. */
static void sentence_start(void)
{
	static const struct { const char *in, *want; } t[] = {
		{ "mean receive throughput, per boot", "Mean receive "
		  "throughput, per boot" },
		{ "mittlerer Empfangsdurchsatz", "Mittlerer Empfangsdurchsatz" },
		{ "průměrná propustnost", "Průměrná propustnost" },
		{ "čas odezvy", "Čas odezvy" },
		{ "iPhone frame times", "iPhone frame times" },
		{ "x86 latency", "x86 latency" },
		{ "`p99` of `latency_us` per boot", "`p99` of `latency_us` per "
		  "boot" },
		{ "Average FPS", "Average FPS" },
		{ "평균 처리량", "평균 처리량" },
		{ "a", "A" },
		{ "", "" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char *got = studytext_sentence_start(t[i].in);
		tap_case(&c, strcmp(got, t[i].want) == 0, t[i].want, got,
			 "%s", t[i].in);
		g_free(got);
	}
	tap_cases_done(&c, "a sentence's start: a lower-case first word is "
		       "capitalised, other words are left as written");
}

int main(void)
{
	count_messages();
	count_ctx_messages();
	series_after();
	series_inside();
	sentence_start();
	czech_sentences();
	compounds_and_ids();
	return tap_done();
}
