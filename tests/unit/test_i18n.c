/* test_i18n.c: lookups in the built-in catalogs (render/i18n.h): the
 * languages, the published terms, contexts, plural forms, and that a
 * missing translation is NULL, never English.  The expected words are the
 * articles' own (../shared/wiki/LANG.txt, table headers and cells); the
 * plural forms follow each language's rule as written in its catalog. */
#include <stdio.h>
#include <string.h>

#include "render/i18n.h"
#include "tests/lib/tap.h"

static const char *const run_msg = "the %zu run was accepted";
static const char *const run_plural = "all %zu runs were accepted";

static void test_languages(void)
{
	tap_ok(i18n_count() == 4, "four languages");
	tap_streq(i18n_code(0), "en", "language 0 is English");
	tap_streq(i18n_code(1), "de", "then German");
	tap_streq(i18n_code(2), "cs", "then Czech");
	tap_streq(i18n_code(3), "ko", "then Korean");
	tap_ok(i18n_code(4) == NULL, "no language 4");
	tap_ok(i18n_known("ko") && i18n_known("en"), "ko and en are known");
	tap_ok(!i18n_known("fr") && !i18n_known("") && !i18n_known(NULL)
	       && !i18n_known("DE"), "fr, \"\", NULL and DE are not");
}

static void test_terms(void)
{
	static const char *const result = "Result";
	/* Header of the value-handling table in each article. */
	tap_ok(i18n_text("en", result) == result,
	       "English returns the msgid itself");
	tap_streq(i18n_text("de", "Result"), "Ergebnis", "de: Ergebnis");
	tap_streq(i18n_text("cs", "Result"), "V\xc3\xbdsledek",
		  "cs: V\xc3\xbdsledek");
	tap_streq(i18n_text("ko", "Result"), "\xea\xb2\xb0\xea\xb3\xbc",
		  "ko: \xea\xb2\xb0\xea\xb3\xbc");
	tap_streq(i18n_text("de", "Observed state after boot"),
		  "Beobachteter Zustand nach dem Start",
		  "de: the article's column header");
	/* "missing" as the tables write it, in the context "state". */
	tap_streq(i18n_ctext("de", "state", "missing"), "fehlt", "de: fehlt");
	tap_streq(i18n_ctext("cs", "state", "missing"), "chyb\xc3\xad",
		  "cs: chyb\xc3\xad");
	tap_streq(i18n_ctext("ko", "state", "missing"), "\xec\x97\x86\xec\x9d\x8c",
		  "ko: \xec\x97\x86\xec\x9d\x8c");
	tap_streq(i18n_ctext("en", "state", "missing"), "missing",
		  "en: missing");
	tap_ok(i18n_text("de", "missing") == NULL,
	       "without its context the message is not found");
	tap_ok(i18n_ctext("de", "nonexistent", "missing") == NULL,
	       "nor in another context");
	tap_ok(i18n_ctext("de", NULL, "missing") == NULL,
	       "a NULL context finds nothing");
	tap_streq(i18n_ctext("cs", "service state", "stopped"), "zastaven",
		  "cs: the mechanism table's zastaven");
	tap_streq(i18n_text("de", "advantage not established; equivalence "
			    "not proven"),
		  "Vorteil nicht festgestellt; \xc3\x84quivalenz nicht "
		  "bewiesen", "de: a published conclusion");
}

static void test_missing(void)
{
	tap_ok(i18n_text("de", "no such message") == NULL,
	       "an unknown msgid is NULL, not English");
	tap_ok(i18n_text("fr", "Result") == NULL, "an unknown language is NULL");
	tap_ok(i18n_text(NULL, "Result") == NULL, "a NULL language is NULL");
	tap_ok(i18n_text("de", NULL) == NULL, "a NULL msgid is NULL");
	tap_ok(i18n_text("de", run_msg) == NULL,
	       "a plural message is not found without a count");
	tap_ok(i18n_ntext("de", "Result", "Results", 2) == NULL,
	       "a singular message is not found as a plural");
}

static void test_plurals(void)
{
	/* English: one form for 1, the plural for everything else. */
	tap_ok(i18n_ntext("en", run_msg, run_plural, 1) == run_msg,
	       "en, 1: the singular");
	tap_ok(i18n_ntext("en", run_msg, run_plural, 0) == run_plural,
	       "en, 0: the plural");
	/* German: n != 1. */
	tap_streq(i18n_ntext("de", run_msg, run_plural, 1),
		  "%zu Durchlauf wurde akzeptiert", "de, 1: form 0");
	tap_streq(i18n_ntext("de", run_msg, run_plural, 16),
		  "Alle %zu Durchl\xc3\xa4ufe wurden akzeptiert",
		  "de, 16: form 1");
	/* Czech: 1 -> form 0, 2..4 -> form 1, else form 2. */
	tap_streq(i18n_ntext("cs", run_msg, run_plural, 1),
		  "%zu b\xc4\x9bh byl p\xc5\x99ijat", "cs, 1: form 0");
	tap_streq(i18n_ntext("cs", run_msg, run_plural, 2),
		  "v\xc5\xa1""echny %zu b\xc4\x9bhy byly p\xc5\x99ijaty",
		  "cs, 2: form 1");
	tap_streq(i18n_ntext("cs", run_msg, run_plural, 4),
		  "v\xc5\xa1""echny %zu b\xc4\x9bhy byly p\xc5\x99ijaty",
		  "cs, 4: form 1");
	tap_streq(i18n_ntext("cs", run_msg, run_plural, 5),
		  "v\xc5\xa1""ech %zu b\xc4\x9bh\xc5\xaf bylo p\xc5\x99ijato",
		  "cs, 5: form 2");
	tap_streq(i18n_ntext("cs", run_msg, run_plural, 0),
		  "v\xc5\xa1""ech %zu b\xc4\x9bh\xc5\xaf bylo p\xc5\x99ijato",
		  "cs, 0: form 2");
	/* Korean: one form. */
	tap_ok(i18n_ntext("ko", run_msg, run_plural, 1) != NULL
	       && i18n_ntext("ko", run_msg, run_plural, 1)
		  == i18n_ntext("ko", run_msg, run_plural, 50),
	       "ko: the same form for 1 and 50");
}

/* One concept, one word, in every message of a language: the word the
 * published article uses where it has one (../shared/wiki/LANG.txt),
 * and never the variant an editor found beside it. */
static const struct { const char *lang, *rejected, *chosen; } variants[] = {
	/* pooling: "spojený počet", "nejsou spojeny" in the article */
	{ "cs", "slou\xc4\x8d", "spojit" },
	/* trace: "trasování" in the article, never the English word */
	{ "cs", " trace ", "trasovac\xc3\xad" },
	{ "cs", "Trace ", "trasovac\xc3\xad" },
	/* threshold: "práh" in the article; "hranic" is its boundary
	   values only ("Kontrola hranic") */
	{ "cs", "hranice", "pr\xc3\xa1h" },
	{ "cs", "hranici", "pr\xc3\xa1h" },
	/* per boot: "po načteních" reads "after the boots" */
	{ "cs", "po na\xc4\x8dten\xc3\xad" "ch", "na jedno na\xc4\x8dten\xc3\xad" },
	/* and the figures' axis says it as the text does */
	{ "cs", "s na na\xc4\x8dten\xc3\xad", "na jedno na\xc4\x8dten\xc3\xad" },
	/* the t interval: "t-interval", as "t-test" and the settings'
	   "Studentův t-interval"; a method's code stands as "metoda t" */
	{ "cs", "interval t ", "t-interval" },
	{ "cs", "intervalu t ", "t-interval" },
	{ "cs", "intervalem %", "metodou intervalu %s" },
	{ "cs", "interval\xc5\xaf t ", "metod t a studentized" },
	{ "cs", "Studentova t,", "Studentova t-rozd\xc4\x9blen\xc3\xad" },
	/* the plan: "nedosažitelné ani při 200 blocích", not a tally */
	{ "cs", "blok\xc5\xaf nejv\xc3\xbd\xc5\xa1" "e:", "ani p\xc5\x99i %zu bloc\xc3\xad" "ch" },
	/* the conditional power takes the differences for the world,
	   stretched by a factor */
	{ "cs", "dr\xc5\xbe\xc3\xad sv\xc4\x9bt", "bere za sv\xc4\x9bt" },
	{ "cs", "rozta\xc5\xbe" "en\xc3\xbd" "ch o ", "rozta\xc5\xbe" "en\xc3\xa9 faktorem" },
	/* 1 - confidence is the level, hladina spolehlivosti */
	{ "cs", "(1 - spolehlivost)", "(1 - hladina spolehlivosti)" },
	/* pilot: "인프라 파일럿" in the article */
	{ "ko", "\xec\x98\x88\xeb\xb9\x84", "\xed\x8c\x8c\xec\x9d\xbc\xeb\x9f\xbf" },
	/* indeterminate: "불확정" in the article */
	{ "ko", "\xeb\xaf\xb8\xea\xb2\xb0\xec\xa0\x95", "\xeb\xb6\x88\xed\x99\x95\xec\xa0\x95" },
	/* size open: 크기 미정 */
	{ "ko", "\xeb\xaf\xb8\xed\x99\x95\xec\xa0\x95", "\xeb\xaf\xb8\xec\xa0\x95" },
	/* simulation: 시뮬레이션 */
	{ "ko", "\xeb\xaa\xa8\xec\x9d\x98", "\xec\x8b\x9c\xeb\xae\xac\xeb\xa0\x88\xec\x9d\xb4\xec\x85\x98" },
	/* bootstrap: the page's word, never the transliteration */
	{ "ko", "\xeb\xb6\x80\xed\x8a\xb8\xec\x8a\xa4\xed\x8a\xb8\xeb\x9e\xa9", "bootstrap" },
	/* resample: 재표본 */
	{ "ko", "\xec\x9e\xac\xed\x91\x9c\xec\xa7\x91", "\xec\x9e\xac\xed\x91\x9c\xeb\xb3\xb8" },
	/* paired difference: 대응 차이 */
	{ "ko", "\xec\xa7\x9d \xec\xb0\xa8\xec\x9d\xb4", "\xeb\x8c\x80\xec\x9d\x91 \xec\xb0\xa8\xec\x9d\xb4" },
	/* not established: 확인되지 않음, as the verdicts say it */
	{ "ko", "\xec\x9e\x85\xec\xa6\x9d\xeb\x90\x98\xec\xa7\x80", "\xed\x99\x95\xec\x9d\xb8\xeb\x90\x98\xec\xa7\x80" },
	/* harm and benefit: 악화 and 개선, as the verdicts say them */
	{ "ko", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81 \xec\x86\x90\xed\x95\xb4", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81 \xec\x95\x85\xed\x99\x94" },
	{ "ko", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81 \xec\x9d\xb4\xeb\x93\x9d", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81 \xea\xb0\x9c\xec\x84\xa0" },
	/* studentized: 스튜던트화 */
	{ "ko", "studentized", "\xec\x8a\xa4\xed\x8a\x9c\xeb\x8d\x98\xed\x8a\xb8\xed\x99\x94" },
	/* confidence level: 신뢰수준, one word */
	{ "ko", "\xec\x8b\xa0\xeb\xa2\xb0 \xec\x88\x98\xec\xa4\x80", "\xec\x8b\xa0\xeb\xa2\xb0\xec\x88\x98\xec\xa4\x80" },
	/* one space after a sentence, as Korean is set */
	{ "ko", ".  ", ". " },
	/* practical threshold: the article's 실질적으로 유의미한 임계값,
	   never the short form beside it */
	{ "ko", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81 \xec\x9e\x84\xea\xb3\x84\xea\xb0\x92", "\xec\x8b\xa4\xec\xa7\x88\xec\xa0\x81\xec\x9c\xbc\xeb\xa1\x9c \xec\x9c\xa0\xec\x9d\x98\xeb\xaf\xb8\xed\x95\x9c \xec\x9e\x84\xea\xb3\x84\xea\xb0\x92" },
	/* strongly skewed: 강하게 치우친, as the small-sample notes say it */
	{ "ko", "\xeb\xa7\xa4\xec\x9a\xb0 \xec\xb9\x98\xec\x9a\xb0\xec\xb9\x9c", "\xea\xb0\x95\xed\x95\x98\xea\xb2\x8c \xec\xb9\x98\xec\x9a\xb0\xec\xb9\x9c" },
	{ "ko", "\xec\x8b\xac\xed\x95\x98\xea\xb2\x8c \xec\xb9\x98\xec\x9a\xb0\xec\xb9\x9c", "\xea\xb0\x95\xed\x95\x98\xea\xb2\x8c \xec\xb9\x98\xec\x9a\xb0\xec\xb9\x9c" },
	/* a world of its own: 연구마다 따로 뽑은 세계, not a unique one */
	{ "ko", "\xea\xb3\xa0\xec\x9c\xa0\xed\x95\x9c", "\xeb\x94\xb0\xeb\xa1\x9c \xeb\xbd\x91\xec\x9d\x80" },
	/* the distribution an interval is computed from, not read out of */
	{ "ko", "\xec\x9d\xbd\xec\x96\xb4 \xeb\x82\xb4\xeb\x8a\x94", "\xeb\xb0\x94\xed\x83\x95\xec\x9d\xb4 \xeb\x90\x98\xeb\x8a\x94" },
	/* new minus old written as a difference, not read aloud */
	{ "ko", "\xeb\xb9\xbc\xea\xb8\xb0", "\xe2\x88\x92" },
	/* "there" in the plan's heads is at that size, not at that time */
	{ "ko", "\xea\xb7\xb8\xeb\x95\x8c\xec\x9d\x98", "\xea\xb7\xb8 \xed\x81\xac\xea\xb8\xb0\xec\x97\x90\xec\x84\x9c\xec\x9d\x98" },
	/* what an interval leaves plausible is what it does not rule out */
	{ "ko", "\xea\xb7\xb8\xeb\x9f\xb4\xeb\x93\xaf\xed\x95\x98\xea\xb2\x8c", "\xeb\xb0\xb0\xec\xa0\x9c\xed\x95\x98\xec\xa7\x80 \xeb\xaa\xbb\xed\x95\x98\xeb\x8a\x94" },
};

struct variant_scan { const char *rejected; size_t found; };

static void scan_variant(const char *text, void *user)
{
	struct variant_scan *v = user;

	if (strstr(text, v->rejected)) {
		v->found++;
		tap_diag("%s", text);
	}
}

static void test_one_word(void)
{
	for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
		struct variant_scan v = { variants[i].rejected, 0 };

		i18n_each_text(variants[i].lang, scan_variant, &v);
		tap_ok(v.found == 0, "%s: no message says %s (the word is %s)",
		       variants[i].lang, variants[i].rejected,
		       variants[i].chosen);
	}
}

/* Korean writes 와/과, 는/은, 가/이, 를/을, 로/으로 as the word before
 * ends, which a number or name put in for a directive does not tell the
 * catalog: no Korean message puts one right after a directive (a quote
 * or backtick between counts as nothing), except "normalized to %s",
 * which has a context for the numbers that take 으로. */
struct particle_scan { size_t found; };

static void scan_particle(const char *text, void *user)
{
	static const char *const particles[] = {
		"\xec\x99\x80", "\xea\xb3\xbc",   /* 와 과 */
		"\xeb\x8a\x94", "\xec\x9d\x80",   /* 는 은 */
		"\xea\xb0\x80 ", "\xec\x9d\xb4 ", /* 가 이 */
		"\xeb\xa5\xbc", "\xec\x9d\x84",   /* 를 을 */
		"\xeb\xa1\x9c", "\xec\x9c\xbc\xeb\xa1\x9c", /* 로 으로 */
	};
	struct particle_scan *ps = user;

	if (strstr(text, "\xec\xa0\x95\xea\xb7\x9c\xed\x99\x94"))
		return;     /* 정규화됨: "normalized to %s", by context */
	for (const char *s = strchr(text, '%'); s; s = strchr(s + 1, '%')) {
		const char *e = s + 1;
		while ((*e >= '0' && *e <= '9') || *e == '$')
			e++;
		if (*e == 'z' || *e == 'l')
			e++;
		if (*e != 's' && *e != 'u' && *e != 'd')
			continue;
		e++;
		if (*e == '`')
			e++;
		else if (!strncmp(e, "\xe2\x80\x99", 3)
			 || !strncmp(e, "\xe2\x80\x9d", 3))
			e += 3;
		for (size_t i = 0; i < sizeof particles / sizeof *particles;
		     i++)
			if (!strncmp(e, particles[i], strlen(particles[i]))) {
				ps->found++;
				tap_diag("%s", text);
			}
	}
}

static void test_particles(void)
{
	struct particle_scan ps = { 0 };

	i18n_each_text("ko", scan_particle, &ps);
	tap_ok(ps.found == 0, "ko: no particle that follows the final sound "
	       "stands right after a directive");
}

/* Korean sets a bracket close to the word before it (표준편차(SD),
 * 있습니다(docs/statistics.md).), as the catalog did in half its
 * messages: no Hangul syllable, a space and "(" in any Korean message.
 * Left aside: a unit in brackets ("%s 차이 (%s)", as the axis beside it
 * writes "부팅별 p99 (ms)"), and the two messages another change turns
 * into singular and plural forms (the multiplicity line, the unpaired
 * runs note). */
struct bracket_scan { size_t found; };

static bool hangul_at(const unsigned char *p)
{
	unsigned cp;

	if ((p[0] & 0xf0) != 0xe0 || (p[1] & 0xc0) != 0x80
	    || (p[2] & 0xc0) != 0x80)
		return false;
	cp = (unsigned)(p[0] & 0x0f) << 12 | (unsigned)(p[1] & 0x3f) << 6
	     | (unsigned)(p[2] & 0x3f);
	return cp >= 0xac00 && cp <= 0xd7a3;
}

static void scan_bracket(const char *text, void *user)
{
	struct bracket_scan *bs = user;

	if (!strncmp(text, "\xeb\x8b\xa4\xec\xa4\x91\xec\x84\xb1:", 10)
	    || !strncmp(text, "\xeb\x8c\x80\xec\x9d\x91\xeb\x90\x98\xec\xa7\x80 "
			"\xec\x95\x8a\xec\x9d\x80 \xec\x8b\xa4\xed\x96\x89", 26))
		return;     /* 다중성:, 대응되지 않은 실행 */
	for (const char *s = strstr(text, " ("); s; s = strstr(s + 1, " (")) {
		if (s - text >= 3 && hangul_at((const unsigned char *)s - 3)
		    && strncmp(s + 1, "(%s)", 4) != 0) {
			bs->found++;
			tap_diag("%s", text);
		}
	}
}

static void test_korean_brackets(void)
{
	struct bracket_scan bs = { 0 };

	i18n_each_text("ko", scan_bracket, &bs);
	tap_ok(bs.found == 0, "ko: no space between a word and its bracket");
	/* the check finds what it is for */
	bs.found = 0;
	scan_bracket("\xec\x9e\x88\xec\x8a\xb5\xeb\x8b\x88\xeb\x8b\xa4 (x).", &bs);
	tap_ok(bs.found == 1, "ko: the bracket check finds a spaced bracket");
}

/* Korean messages that put in a number or a name, filled with the values
 * that change how they read: the count written to its number (10블록),
 * the boundary named before the number, a sentence of its own after a
 * list of states. */
static void test_korean_filled(void)
{
	char buf[512];
	const char *f;

	f = i18n_text("ko", "the lower endpoint lies exactly on the boundary %s");
	snprintf(buf, sizeof buf, f ? f : "", "-1.784 ms");
	tap_streq(buf, "\xed\x95\x98\xed\x95\x9c\xec\x9d\xb4 \xec\xa0\x95\xed\x99\x95\xed\x9e\x88 "
		  "\xec\x9e\x84\xea\xb3\x84\xea\xb0\x92 -1.784 ms\xec\x97\x90 "
		  "\xec\x9e\x88\xec\x8a\xb5\xeb\x8b\x88\xeb\x8b\xa4",
		  "ko: the lower endpoint exactly on the boundary -1.784 ms");
	for (unsigned long n = 1; n <= 20; n += 19) {
		char want[64];

		f = i18n_ntext("ko", "%lu block: %s", "%lu blocks: %s", n);
		snprintf(buf, sizeof buf, f ? f : "", n, "97.06%");
		snprintf(want, sizeof want, "%lu\xeb\xb8\x94\xeb\xa1\x9d: 97.06%%", n);
		tap_streq(buf, want, "ko: a look's blocks written to the number");
	}
	/* One form for every count: it must hold for one item too, so it
	 * says "if there are several" where the English plural says "the
	 * more there are". */
	for (size_t n = 1; n <= 13; n += 12) {
		f = i18n_ntext("ko", "Multiplicity: %zu interval or test is judged on this page "
			       "(comparisons with the reference: %zu, effect differences across "
			       "series: %zu, spread tests: %zu), at the full %s level, with no "
			       "adjustment for multiple testing.",
			       "Multiplicity: %zu intervals and tests are judged on this page "
			       "(comparisons with the reference: %zu, effect differences across "
			       "series: %zu, spread tests: %zu), each at the full %s level; no "
			       "adjustment is made for their number, so the more there are, the "
			       "likelier it is that one of them errs by chance.", n);
		snprintf(buf, sizeof buf, f ? f : "", n, n, (size_t)0, (size_t)0, "95%");
		tap_ok(strstr(buf, "\xed\x95\xad\xeb\xaa\xa9\xec\x9d\xb4 \xec\x97\xac\xeb\x9f\xbf\xec\x9d\xb4\xeb\xa9\xb4") != NULL
		       && strstr(buf, "\xea\xb8\xb0\xec\xa4\x80 \xec\x83\x81\xed\x83\x9c\xec\x99\x80\xec\x9d\x98 \xeb\xb9\x84\xea\xb5\x90: ") != NULL,
		       "ko: multiplicity at %zu holds for one item too (%s)", n, buf);
	}
	f = i18n_text("ko", "The process priority class changed in some boots of these states: %s.");
	snprintf(buf, sizeof buf, f ? f : "", "`10`, `20`");
	tap_ok(strstr(buf, "\xeb\x90\x98\xec\x97\x88\xec\x8a\xb5\xeb\x8b\x88\xeb\x8b\xa4: `10`, `20`.") != NULL,
	       "ko: the priority class note is a sentence, as its negative is (%s)", buf);
	/* The Runs line's row counts in Korean word order (of 4834 rows,
	 * 3646 kept), and the scope of a small-sample note as a sentence
	 * like its sibling ("이는 위의 모든 비교에 해당합니다."). */
	f = i18n_ntext("ko", "the filter kept %zu of %zu row",
		       "the filter kept %zu of %zu rows", 4834);
	snprintf(buf, sizeof buf, f ? f : "", (size_t)3646, (size_t)4834);
	tap_streq(buf, "\xed\x95\x84\xed\x84\xb0\xea\xb0\x80 \xed\x96\x89 4834\xea\xb0\x9c \xec\xa4\x91 3646\xea\xb0\x9c\xeb\xa5\xbc \xec\x9c\xa0\xec\xa7\x80\xed\x95\xa8", "ko: the filter kept 3646 of 4834 rows");
	f = i18n_ctext("ko", "missing rows", "%s in %s");
	snprintf(buf, sizeof buf, f ? f : "", "`NA`", "\xec\x9c\xa0\xec\xa7\x80\xeb\x90\x9c \xed\x96\x89 46\xea\xb0\x9c");
	tap_streq(buf, "\xec\x9c\xa0\xec\xa7\x80\xeb\x90\x9c \xed\x96\x89 46\xea\xb0\x9c\xec\x97\x90 `NA` \xec\x9e\x88\xec\x9d\x8c", "ko: NA in 46 kept rows");
	f = i18n_text("ko", "Missing values %s: %s %s, at most %s of a run; limit %s.");
	snprintf(buf, sizeof buf, f ? f : "", "`NA`", "\xec\x9c\xa0\xec\xa7\x80\xeb\x90\x9c \xed\x96\x89 84\xea\xb0\x9c", "\xec\x8b\xa4\xed\x96\x89 36\xed\x9a\x8c\xec\x97\x90\xec\x84\x9c", "1.48%", "5%");
	tap_streq(buf, "\xea\xb2\xb0\xec\xb8\xa1\xea\xb0\x92 `NA`: \xec\x8b\xa4\xed\x96\x89 36\xed\x9a\x8c\xec\x97\x90\xec\x84\x9c \xec\x9c\xa0\xec\xa7\x80\xeb\x90\x9c \xed\x96\x89 84\xea\xb0\x9c, \xec\x8b\xa4\xed\x96\x89\xeb\x8b\xb9 \xec\xb5\x9c\xeb\x8c\x80 1.48%; \xed\x95\x9c\xeb\x8f\x84 5%.", "ko: the missing values line, runs first");
	f = i18n_ntext("ko", "This applies to %s.", "This applies to %s.", 1);
	snprintf(buf, sizeof buf, f ? f : "", "`0`");
	tap_streq(buf, "\xec\x9d\xb4\xeb\x8a\x94 \xeb\x8b\xa4\xec\x9d\x8c \xeb\xb9\x84\xea\xb5\x90\xec\x97\x90 \xed\x95\xb4\xeb\x8b\xb9\xed\x95\xa9\xeb\x8b\x88\xeb\x8b\xa4: `0`.", "ko: the scope of a small-sample note");
	f = i18n_ctext("ko", "fragile note", "%s: %s (%s); %s");
	snprintf(buf, sizeof buf, f ? f : "", "W", "E", "B", "S");
	tap_streq(buf, "W: E(B). S", "ko: the fragile note, two sentences");
}

int main(void)
{
	test_languages();
	test_terms();
	test_missing();
	test_plurals();
	test_one_word();
	test_particles();
	test_korean_filled();
	test_korean_brackets();
	return tap_done();
}
