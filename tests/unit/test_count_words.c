/* test_count_words.c: the sentences of a page that carry a count, in
 * every language, at 0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100 and 1000: the
 * accepted runs of a series with some excluded (the verb and the plural
 * follow the runs accepted, the total stands where no ending depends on
 * it), and none accepted of that many.  The expected sentences are
 * written out by hand below, in each language's grammar (Czech has three
 * plural forms: 1; 2 to 4; 0 and 5 or more). */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "render/i18n.h"
#include "render/page_phrases.h"
#include "tests/lib/tap.h"

static const unsigned long counts[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100, 1000
};
#define N_COUNTS (sizeof counts / sizeof *counts)

/* The runs sentence of LANG for ACCEPTED of TOTAL runs, as the Runs
 * section chooses it (render/markdown.c, section_runs). */
static char *runs_sentence(const char *lang, unsigned long accepted,
			   unsigned long total)
{
	const page_phrase *p;

	if (accepted == 0) {
		p = page_phrase_get(total == 1 ? PH_RUNS_ONE_REFUSED
					       : PH_RUNS_NONE_OF);
		return g_strdup_printf(i18n_text(lang, p->msgid), total);
	}
	p = page_phrase_get(PH_RUNS_SOME);
	return g_strdup_printf(i18n_ntext(lang, p->msgid, p->plural, accepted),
			       total, accepted);
}

/* The verb and the ending each language gives ACCEPTED runs, by hand. */
static const char *de_verb(unsigned long n)
{
	return n == 1 ? "wurde" : "wurden";
}

static const char *cs_word(unsigned long n)
{
	if (n == 1)
		return "přijat";
	if (n >= 2 && n <= 4)
		return "přijaty";
	return "přijato";
}

static void some_accepted(void)
{
	for (size_t i = 0; i < N_COUNTS; i++) {
		unsigned long n = counts[i], total = n + 3;
		char want[4][160];
		const char *langs[4] = { "en", "de", "cs", "ko" };

		if (n == 0)
			continue;
		snprintf(want[0], sizeof want[0], "of %lu runs, %lu %s accepted",
			 total, n, n == 1 ? "was" : "were");
		snprintf(want[1], sizeof want[1],
			 "von %lu Durchläufen %s %lu akzeptiert", total,
			 de_verb(n), n);
		snprintf(want[2], sizeof want[2], "běhů celkem: %lu, %s %lu",
			 total, cs_word(n), n);
		snprintf(want[3], sizeof want[3], "전체 %lu회 중 %lu회 채택",
			 total, n);
		for (int l = 0; l < 4; l++) {
			char *got = runs_sentence(langs[l], n, total);
			tap_streq(got, want[l], langs[l]);
			g_free(got);
		}
	}
}

static void none_accepted(void)
{
	const char *one[4] = {
		"the one run was not accepted",
		"der einzige Durchlauf wurde nicht akzeptiert",
		"jediný běh nebyl přijat",
		"실행 1회가 채택되지 않음"
	};
	const char *langs[4] = { "en", "de", "cs", "ko" };

	for (size_t i = 0; i < N_COUNTS; i++) {
		unsigned long total = counts[i];
		char want[4][160];

		if (total == 0)
			continue;
		if (total == 1) {
			for (int l = 0; l < 4; l++) {
				char *got = runs_sentence(langs[l], 0, 1);
				tap_streq(got, one[l], langs[l]);
				g_free(got);
			}
			continue;
		}
		snprintf(want[0], sizeof want[0],
			 "none of the %lu runs was accepted", total);
		snprintf(want[1], sizeof want[1],
			 "keiner der %lu Durchläufe wurde akzeptiert", total);
		snprintf(want[2], sizeof want[2],
			 "nebyl přijat žádný běh (celkem %lu)", total);
		snprintf(want[3], sizeof want[3],
			 "전체 %lu회 중 채택된 실행 없음", total);
		for (int l = 0; l < 4; l++) {
			char *got = runs_sentence(langs[l], 0, total);
			tap_streq(got, want[l], langs[l]);
			g_free(got);
		}
	}
}

/* The Czech small-sample note: no preposition whose form depends on the
 * number ("s 5", "se 6"), the noun in the locative: "při 1 páru", "při N
 * párech" for every other count. */
static void czech_pairs(void)
{
	const page_phrase *p = page_phrase_get(PH_SET_SMALL_SAMPLE);

	for (size_t i = 0; i < N_COUNTS; i++) {
		unsigned long n = counts[i];
		char want[64];
		char *got = g_strdup_printf(i18n_ntext("cs", p->msgid, p->plural,
						       n), n, "95 %",
					    "percentile", "79,5 %");
		snprintf(want, sizeof want, "Při %lu %s byla ", n,
			 n == 1 ? "páru" : "párech");
		tap_ok(g_str_has_prefix(got, want), "cs, %lu pairs: '%s'", n,
		       want);
		g_free(got);
	}
}

int main(void)
{
	some_accepted();
	none_accepted();
	czech_pairs();
	return tap_done();
}
