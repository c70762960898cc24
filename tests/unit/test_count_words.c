/* test_count_words.c: the sentences of a page that carry a count, in
 * every language, at 0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100 and 1000: the
 * accepted runs of a series with some excluded (the verb and the plural
 * follow the runs accepted, the total stands where no ending depends on
 * it), and none accepted of that many.  The expected sentences are
 * written out by hand below, in each language's grammar (Czech has three
 * plural forms: 1; 2 to 4; 0 and 5 or more).  One TAP result per sentence
 * and language checks it at every count (tests/lib/tap.h, tap_cases). */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "render/cs_prep.h"
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
	const char *f;

	if (accepted == 0) {
		p = page_phrase_get(total == 1 ? PH_RUNS_ONE_REFUSED
					       : PH_RUNS_NONE_OF);
		f = i18n_text(lang, p->msgid);
	} else {
		p = page_phrase_get(PH_RUNS_SOME);
		f = i18n_ntext(lang, p->msgid, p->plural, accepted);
	}
	/* The Czech "z %zu běhů" takes ze as the page writes it
	   (render/cs_prep.h). */
	gchar *marked = strcmp(lang, "cs") == 0 ? cs_prep_mark(f) : NULL;
	char *s;

	if (!marked)
		return accepted ? g_strdup_printf(f, total, accepted)
				: g_strdup_printf(f, total);
	s = cs_prep_resolve(accepted ? g_strdup_printf(marked, total, accepted)
				     : g_strdup_printf(marked, total));
	g_free(marked);
	return s;
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

/* "z" or "ze" before TOTAL runs, by how the number is read, by hand for
 * the totals below (N + 3): ze before čtyři, šest, sedm, dvacet (čtyři),
 * sto (tři); z before pět, osm, devět, deset, tisíc (tři). */
static const char *cs_from(unsigned long total)
{
	switch (total) {
	case 4: case 6: case 7: case 20: case 24: case 103:
		return "ze";
	default:
		return "z";
	}
}

/* The same before the totals of none accepted (N itself): ze before
 * dva, tři, čtyři, šest, sedm, sedmnáct, dvacet (jedna), sto; z before
 * pět, tisíc. */
static const char *cs_from_all(unsigned long total)
{
	return total == 5 || total == 1000 ? "z" : "ze";
}

static const char *const langs[4] = { "en", "de", "cs", "ko" };

/* The sentence of LANG (0 to 3) for N runs accepted of N + 3, by hand. */
static void some_want(int lang, unsigned long n, char *want, size_t size)
{
	unsigned long total = n + 3;

	switch (lang) {
	case 0:
		snprintf(want, size, "of %lu runs, %lu %s accepted", total, n,
			 n == 1 ? "was" : "were");
		break;
	case 1:
		snprintf(want, size, "Von %lu Durchläufen %s %lu akzeptiert",
			 total, de_verb(n), n);
		break;
	case 2:
		snprintf(want, size, "%s %lu běhů %s %lu", cs_from(total),
			 total, cs_word(n), n);
		break;
	default:
		snprintf(want, size, "전체 %lu회 중 %lu회 채택", total, n);
		break;
	}
}

/* The sentence of LANG (0 to 3) for none accepted of TOTAL runs. */
static void none_want(int lang, unsigned long total, char *want,
		      size_t size)
{
	static const char *const one[4] = {
		"the one run was not accepted",
		"Der einzige Durchlauf wurde nicht akzeptiert",
		"jediný běh nebyl přijat",
		"실행 1회가 채택되지 않음"
	};
	static const char *const many[4] = {
		"none of the %lu runs was accepted",
		"Keiner der %lu Durchläufe wurde akzeptiert",
		"%s %lu běhů nebyl přijat žádný",
		"전체 %lu회 중 채택된 실행 없음"
	};

	if (total == 1)
		snprintf(want, size, "%s", one[lang]);
	else if (lang == 2)
		snprintf(want, size, many[lang], cs_from_all(total), total);
	else
		snprintf(want, size, many[lang], total);
}

/* The Runs sentence in each language at every count but 0, one result
 * per language: N runs accepted of N + 3 when SOME, else none of N. */
static void runs_sentences(bool some)
{
	for (int l = 0; l < 4; l++) {
		tap_cases c = { 0, 0 };

		for (size_t i = 0; i < N_COUNTS; i++) {
			unsigned long n = counts[i];
			char want[160];
			char *got;

			if (n == 0)
				continue;
			if (some)
				some_want(l, n, want, sizeof want);
			else
				none_want(l, n, want, sizeof want);
			got = runs_sentence(langs[l], some ? n : 0,
					    some ? n + 3 : n);
			tap_case(&c, strcmp(got, want) == 0, want, got,
				 "%lu of %lu", some ? n : 0, some ? n + 3 : n);
			g_free(got);
		}
		tap_cases_done(&c, "%s: %s, at every count", langs[l],
			       some ? "some runs accepted"
			       : "no run accepted");
	}
}

/* The Czech small-sample note: no preposition whose form depends on the
 * number ("s 5", "se 6"), the noun in the locative: "při 1 páru", "při N
 * párech" for every other count. */
static void czech_pairs(void)
{
	const page_phrase *p = page_phrase_get(PH_SET_SMALL_SAMPLE);
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < N_COUNTS; i++) {
		unsigned long n = counts[i];
		char want[64];
		char *got = g_strdup_printf(i18n_ntext("cs", p->msgid, p->plural,
						       n), n, "95 %",
					    "percentile", "79,5 %");
		snprintf(want, sizeof want, "Při %lu %s byla ", n,
			 n == 1 ? "páru" : "párech");
		tap_case(&c, g_str_has_prefix(got, want), want, got,
			 "%lu pairs (the start)", n);
		g_free(got);
	}
	tap_cases_done(&c, "cs: the small-sample note, at every count");
}

int main(void)
{
	runs_sentences(true);
	runs_sentences(false);
	czech_pairs();
	return tap_done();
}
