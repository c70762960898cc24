/* test_cs_prep.c: the Czech prepositions v, s, k, z before a word or a
 * number (render/cs_prep.h).  Each expected form below is worked out by
 * hand from the rule in the header: the number read aloud in the case the
 * preposition governs ("ve třiceti jednom procentu", "se sedmi tisíci",
 * "se stem", "ze čtyř tisíc", "v sedmnácti"), and checked against the
 * forms of the Internetová jazyková příručka ("ve dvou", "se dvěma",
 * "ze tří", "ke čtyřem", "v sedmi", "se sedmi", "ke stolu"). */
#include <stdio.h>
#include <string.h>

#include "render/cs_prep.h"
#include "render/i18n.h"
#include "tests/lib/tap.h"

#define NBSP "\xc2\xa0"

static const struct { char prep; const char *next; const char *want; }
cases[] = {
	/* v: ve before v, f, before s/z/š/ž + consonant, dv, tř, čt, mn. */
	{ 'v', "31 %", "ve" },            /* ve třiceti jednom */
	{ 'v', "22 %", "ve" },            /* ve dvaceti dvou */
	{ 'v', "15 %", "v" },             /* v patnácti */
	{ 'v', "7 %", "v" },              /* v sedmi: s + vowel */
	{ 'v', "17", "v" },               /* v sedmnácti */
	{ 'v', "70", "v" },               /* v sedmdesáti */
	{ 'v', "100 %", "ve" },           /* ve stu: st */
	{ 'v', "1 běhu", "v" },           /* v jednom */
	{ 'v', "2 bězích", "ve" },        /* ve dvou */
	{ 'v', "3 bězích", "ve" },        /* ve třech */
	{ 'v', "4 bězích", "ve" },        /* ve čtyřech */
	{ 'v', "5 bězích", "v" },         /* v pěti */
	{ 'v', "6 bězích", "v" },         /* v šesti: š + vowel */
	{ 'v', "12", "ve" },              /* ve dvanácti */
	{ 'v', "13", "ve" },              /* ve třinácti */
	{ 'v', "14", "ve" },              /* ve čtrnácti */
	{ 'v', "40", "ve" },              /* ve čtyřiceti */
	{ 'v', "36 bězích", "ve" },       /* ve třiceti šesti */
	{ 'v', "1000", "v" },             /* v tisíci */
	{ 'v', "2" NBSP "000", "ve" },    /* ve dvou tisících */
	{ 'v', "0,05", "v" },             /* v nule celé ... */
	{ 'v', "79,5 %", "v" },           /* v sedmdesáti devíti */
	{ 'v', "300", "ve" },             /* ve třech stech */
	{ 'v', "200", "ve" },             /* ve dvou stech */
	{ 'v', "sérii 1", "v" },
	{ 'v', "sérii Kontrolní běh", "v" },
	{ 'v', "vodě", "ve" },
	{ 'v', "`fps`", "ve" },
	{ 'v', "ms", "v" },
	{ 'v', "škole", "ve" },
	{ 'v', "VM", "ve" },              /* vé-em */
	{ 'v', "FPS", "v" },              /* ef-pé-es */
	{ 'v', "+1,2 ms", "v" },          /* v plus ... */
	/* s: se before s, z, š, ž, and the groups. */
	{ 's', "7" NBSP "000 převzorkováními", "se" },  /* se sedmi tisíci */
	{ 's', "7\xe2\x80\xaf" "000", "se" },
	{ 's', "7000", "se" },
	{ 's', "10" NBSP "000 převzorkováními", "s" },  /* s deseti */
	{ 's', "10000", "s" },
	{ 's', "1000", "s" },             /* s tisíci */
	{ 's', "`100`", "se" },           /* se stem */
	{ 's', "`20`", "se" },            /* se dvaceti */
	{ 's', "`10`", "s" },             /* s deseti */
	{ 's', "`0`", "s" },              /* s nulou */
	{ 's', "`1`", "s" },              /* s jedním */
	{ 's', "`2`", "se" },             /* se dvěma */
	{ 's', "`3`", "se" },             /* se třemi */
	{ 's', "`4`", "se" },             /* se čtyřmi */
	{ 's', "`5`", "s" },              /* s pěti */
	{ 's', "`6`", "se" },             /* se šesti */
	{ 's', "`7`", "se" },             /* se sedmi */
	{ 's', "`8`", "s" },              /* s osmi */
	{ 's', "`17`", "se" },            /* se sedmnácti */
	{ 's', "`60`", "se" },            /* se šedesáti */
	{ 's', "`70`", "se" },            /* se sedmdesáti */
	{ 's', "`Balanced`", "s" },
	{ 's', "`standard`", "se" },
	{ 's', "`HAGS off`", "s" },       /* há-á-gé-es */
	{ 's', "`SSD`", "s" },            /* es-es-dé */
	{ 's', "`ZFS`", "se" },           /* zet */
	{ 's', "\xe2\x80\x9e" "chyb\xc3\xad" "\xe2\x80\x9c", "s" },
	{ 's', "95% intervalem", "s" },   /* s devadesáti pěti */
	{ 's', "70% intervalem", "se" },  /* se sedmdesáti */
	{ 's', "\xc5\xbe" "enou", "se" }, /* se ženou */
	/* z: ze as s. */
	{ 'z', "4" NBSP "834 řádků", "ze" },  /* ze čtyř tisíc */
	{ 'z', "9" NBSP "660 řádků", "z" },   /* z devíti tisíc */
	{ 'z', "17", "ze" },              /* ze sedmnácti */
	{ 'z', "2", "ze" },               /* ze dvou */
	{ 'z', "5", "z" },                /* z pěti */
	{ 'z', "100", "ze" },             /* ze sta */
	{ 'z', "1" NBSP "000", "z" },     /* z tisíce */
	{ 'z', "`latency_us`", "z" },
	{ 'z', "`sample_ms`", "ze" },
	/* k: ke before k, g, and the groups. */
	{ 'k', "2", "ke" },               /* ke dvěma */
	{ 'k', "4", "ke" },               /* ke čtyřem */
	{ 'k', "7", "k" },                /* k sedmi */
	{ 'k', "8", "k" },                /* k osmi */
	{ 'k', "100", "ke" },             /* ke stu */
	{ 'k', "GPU", "ke" },             /* gé */
	{ 'k', "kontrole", "ke" },
	{ 'k', "sérii 2", "k" },
	/* capitals stay capitals. */
	{ 'V', "31 %", "Ve" },
	{ 'S', "7", "Se" },
	{ 'Z', "5", "Z" },
	{ 'K', "2", "Ke" },
};

/* A page's number mark (render/mdpage.h) before the number. */
static void test_marks(void)
{
	tap_streq(cs_prep_word('v', "\xee\x80\x80r031\xee\x80\x81" "31 %"
			       "\xee\x80\x82"), "ve",
		  "the number behind a page's number mark is read");
	tap_streq(cs_prep_word('x', "2"), "", "x is no preposition");
}

static gchar *fmt(const char *format, ...)
{
	va_list ap;
	gchar *s;

	va_start(ap, format);
	s = cs_prep_vprintf(NBSP, format, ap);
	va_end(ap);
	return s;
}

static void test_format(void)
{
	gchar *s;

	s = fmt("najde asi v %s případů", "31 %");
	tap_streq(s, "najde asi ve 31 % případů", "v %s before 31 %");
	g_free(s);
	s = fmt("bootstrap s %s převzorkováními", "7" NBSP "000");
	tap_streq(s, "bootstrap se 7" NBSP "000 převzorkováními",
		  "s %s before 7 000");
	g_free(s);
	s = fmt("ponecháno %zu z %zu řádků", (size_t)3646, (size_t)4834);
	tap_streq(s, "ponecháno 3" NBSP "646 ze 4" NBSP "834 řádků",
		  "z %zu before a grouped count");
	g_free(s);
	s = fmt("Srovnání s %s", "`Balanced`");
	tap_streq(s, "Srovnání s `Balanced`", "s before a name kept");
	g_free(s);
	s = fmt("V %2$s a v %1$s", "17", "3");
	tap_streq(s, "Ve 3 a v 17", "numbered conversions, capital V");
	g_free(s);
	s = fmt("100 %% v %s", "2");
	tap_streq(s, "100 % ve 2", "after a literal percent");
	g_free(s);
	tap_ok(cs_prep_mark("in %s; as %s; vs %s; s%s; v %%") == NULL,
	       "no mark where no one-letter word stands before a conversion");
	s = fmt("v %s", "v \xee\x80\x83x");
	tap_streq(s, "ve v \xee\x80\x83x",
		  "text that follows is not read for marks of its own");
	g_free(s);
}

struct scan { const char *lang; size_t marked; };

static void scan_text(const char *text, void *user)
{
	struct scan *sc = user;
	gchar *m = cs_prep_mark(text);

	if (m) {
		sc->marked++;
		if (strcmp(sc->lang, "cs") != 0)
			tap_diag("%s: %s", sc->lang, text);
	}
	g_free(m);
}

/* Only Czech messages have a one-letter preposition before a conversion,
 * so the pages may resolve every message. */
static void test_catalogs(void)
{
	for (size_t i = 0; i < i18n_count(); i++) {
		struct scan sc = { i18n_code(i), 0 };
		i18n_each_text(sc.lang, scan_text, &sc);
		if (strcmp(sc.lang, "cs") == 0)
			tap_ok(sc.marked >= 10, "cs: %zu messages have a "
			       "preposition before a conversion", sc.marked);
		else
			tap_ok(sc.marked == 0, "%s: no message has a Czech "
			       "preposition before a conversion", sc.lang);
	}
}

/* ---- the Czech messages, at the numbers and names that change them ---- */

/* The Czech message (CTX may be NULL) formatted as the pages format it. */
static gchar *cs_msg(const char *ctx, const char *msgid, ...)
{
	const char *t = ctx ? i18n_ctext("cs", ctx, msgid)
			    : i18n_text("cs", msgid);
	va_list ap;
	gchar *s;

	if (!t)
		return NULL;
	va_start(ap, msgid);
	s = cs_prep_vprintf(NBSP, t, ap);
	va_end(ap);
	return s;
}

static gchar *cs_msgn(const char *msgid, const char *plural,
		      unsigned long n, ...)
{
	const char *t = i18n_ntext("cs", msgid, plural, n);
	va_list ap;
	gchar *s;

	if (!t)
		return NULL;
	va_start(ap, n);
	s = cs_prep_vprintf(NBSP, t, ap);
	va_end(ap);
	return s;
}

/* One case: GOT (taken) must hold WANT. */
static void has(tap_cases *c, gchar *got, const char *want, const char *at)
{
	tap_case(c, got && strstr(got, want), want, got, "%s", at);
	g_free(got);
}

/* The comparison table's head: s before the reference state. */
static void msg_comparison(void)
{
	static const struct { const char *state, *want; } t[] = {
		{ "`0`", "Srovnání s `0`" },       /* s nulou */
		{ "`1`", "Srovnání s `1`" },       /* s jedním */
		{ "`2`", "Srovnání se `2`" },      /* se dvěma */
		{ "`3`", "Srovnání se `3`" },      /* se třemi */
		{ "`4`", "Srovnání se `4`" },      /* se čtyřmi */
		{ "`5`", "Srovnání s `5`" },       /* s pěti */
		{ "`7`", "Srovnání se `7`" },      /* se sedmi */
		{ "`10`", "Srovnání s `10`" },     /* s deseti */
		{ "`17`", "Srovnání se `17`" },    /* se sedmnácti */
		{ "`20`", "Srovnání se `20`" },    /* se dvaceti */
		{ "`31`", "Srovnání se `31`" },    /* se třiceti jedna */
		{ "`100`", "Srovnání se `100`" },  /* se stem */
		{ "`7000`", "Srovnání se `7000`" },/* se sedmi tisíci */
		{ "\xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c",
		  "Srovnání s \xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c" },
		{ "`Balanced`", "Srovnání s `Balanced`" },
		{ "`standard`", "Srovnání se `standard`" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		has(&c, cs_msg(NULL, "Comparison with %s", t[i].state),
		    t[i].want, t[i].state);
	tap_cases_done(&c, "cs: \"Comparison with %%s\" at 0 to 7000 and "
		       "names");
}

/* The bootstrap's resamples after s. */
static void msg_resamples(void)
{
	static const struct { const char *n, *want; } t[] = {
		{ "1" NBSP "000", "bootstrap s 1" NBSP "000 " },   /* s tisíci */
		{ "2" NBSP "000", "bootstrap se 2" NBSP "000 " },  /* se dvěma */
		{ "4" NBSP "000", "bootstrap se 4" NBSP "000 " },  /* se čtyřmi */
		{ "5" NBSP "000", "bootstrap s 5" NBSP "000 " },   /* s pěti */
		{ "7" NBSP "000", "bootstrap se 7" NBSP "000 " },  /* se sedmi */
		{ "10" NBSP "000", "bootstrap s 10" NBSP "000 " }, /* s deseti */
		{ "17" NBSP "000", "bootstrap se 17" NBSP "000 " },
		{ "31" NBSP "000", "bootstrap se 31" NBSP "000 " },
		{ "100" NBSP "000", "bootstrap se 100" NBSP "000 " },
		{ "999", "bootstrap s 999 " },                     /* s devíti */
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		has(&c, cs_msg(NULL, "Interval: paired bootstrap with %s "
			       "resamples (generator mt19937, seed %s), method "
			       "%s, confidence %s.", t[i].n, "1", "`t`",
			       "95 %"), t[i].want, t[i].n);
	tap_cases_done(&c, "cs: the resamples after s, 999 to 100 000");
}

/* "in N runs" and "the filter kept K of N rows", the counts grouped. */
static void msg_runs(void)
{
	static const struct { unsigned long n; const char *in, *of; } t[] = {
		{ 1, "v 1 běhu", "z 1 řádku" },
		{ 2, "ve 2 bězích", "ze 2 řádků" },
		{ 3, "ve 3 bězích", "ze 3 řádků" },
		{ 4, "ve 4 bězích", "ze 4 řádků" },
		{ 5, "v 5 bězích", "z 5 řádků" },
		{ 6, "v 6 bězích", "ze 6 řádků" },      /* v šesti, ze šesti */
		{ 7, "v 7 bězích", "ze 7 řádků" },      /* v sedmi, ze sedmi */
		{ 17, "v 17 bězích", "ze 17 řádků" },
		{ 21, "ve 21 bězích", "ze 21 řádků" },
		{ 31, "ve 31 bězích", "ze 31 řádků" },
		{ 100, "ve 100 bězích", "ze 100 řádků" },
		{ 1000, "v 1" NBSP "000 bězích", "z 1" NBSP "000 řádků" },
		{ 4834, "ve 4" NBSP "834 bězích", "ze 4" NBSP "834 řádků" },
		{ 7000, "v 7" NBSP "000 bězích", "ze 7" NBSP "000 řádků" },
		{ 9660, "v 9" NBSP "660 bězích", "z 9" NBSP "660 řádků" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char at[32];
		snprintf(at, sizeof at, "%lu", t[i].n);
		has(&c, cs_msgn("in %zu run", "in %zu runs", t[i].n,
				(size_t)t[i].n), t[i].in, at);
		has(&c, cs_msgn("the filter kept %zu of %zu row",
				"the filter kept %zu of %zu rows", t[i].n,
				(size_t)1, (size_t)t[i].n), t[i].of, at);
	}
	tap_cases_done(&c, "cs: v and z before a grouped count, 1 to 9 660");
}

/* A percentage after v: the spread test's power, the coverage of the
 * small-sample note, the plan's caution. */
static void msg_percent(void)
{
	static const struct { const char *pct, *want; } t[] = {
		{ "0,5 %", "asi v 0,5 % případů" },     /* v nule celé pět */
		{ "2 %", "asi ve 2 % případů" },
		{ "4,5 %", "asi ve 4,5 % případů" },
		{ "7 %", "asi v 7 % případů" },
		{ "15 %", "asi v 15 % případů" },
		{ "22 %", "asi ve 22 % případů" },
		{ "31 %", "asi ve 31 % případů" },
		{ "79,5 %", "asi v 79,5 % případů" },
		{ "100 %", "asi ve 100 % případů" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		has(&c, cs_msg(NULL, "%s against %s: with %zu + %zu runs at "
			       "p < %s, the spread test detects an SD twice as "
			       "large about %s of the time (normal runs, "
			       "simulated; docs/statistics.md), so finding no "
			       "difference does not rule one out.", "Série 2",
			       "sérii 1", (size_t)10, (size_t)10, "0,05",
			       t[i].pct), t[i].want, t[i].pct);
	}
	has(&c, cs_msgn("%s: with %zu pair (simulated at %zu), a nominal %s "
			"interval of method %s covered the true difference "
			"in only %s of simulated studies with strongly skewed "
			"differences (docs/statistics.md); a change computed "
			"from such an effect may be less certain than its "
			"confidence suggests.",
			"%s: with %zu pairs (simulated at %zu), a nominal %s "
			"interval of method %s covered the true difference "
			"in only %s of simulated studies with strongly skewed "
			"differences (docs/statistics.md); a change computed "
			"from such an effect may be less certain than its "
			"confidence suggests.", 3, "Série 1", (size_t)3,
			(size_t)3, "95%", "`t`", "31 %"),
	    "Série 1: při 3 párech (simulováno pro 3) byla u nominálního 95% "
	    "intervalu metody `t` míra pokrytí skutečného rozdílu v "
	    "simulovaných studiích se silně zešikmenými rozdíly jen 31 %",
	    "coverage 31 %, worded as the note without a simulated count");
	/* The plan's caution and its sequential design line: v before the
	   first percentage, and skewed is "zešikmený" as in the small-sample
	   notes. */
	has(&c, cs_msg(NULL, "caution: a size planned from a pilot alone is "
		       "no promise, since no pilot can bound what it did not "
		       "sample: from pilots of %1$zu blocks, sizes like these "
		       "reached their target's true power in %2$s to %3$s of "
		       "simulated pilots (normal, skewed and heavy-tailed "
		       "differences, docs/statistics.md); a sequential design "
		       "(--look-every K) holds the chance of a wrong verdict by "
		       "itself", (size_t)10, "43 %", "74 %"),
	    "při pilotních studiích o 10 blocích dosáhla skutečná síla testu "
	    "u takových velikostí svého cíle ve 43 % až 74 % simulovaných "
	    "pilotních studií (normální, zešikmené a těžkochvosté rozdíly",
	    "caution 43 %");
	has(&c, cs_msg(NULL, "caution: a size planned from a pilot alone is "
		       "no promise, since no pilot can bound what it did not "
		       "sample: from pilots of %1$zu blocks, sizes like these "
		       "reached their target's true power in %2$s to %3$s of "
		       "simulated pilots (normal, skewed and heavy-tailed "
		       "differences, docs/statistics.md); a sequential design "
		       "(--look-every K) holds the chance of a wrong verdict by "
		       "itself", (size_t)15, "55 %", "61 %"),
	    "o 15 blocích dosáhla skutečná síla testu u takových velikostí "
	    "svého cíle v 55 % až 61 %", "caution 55 %");
	has(&c, cs_msg(NULL, "design: the chance of a wrong decisive verdict "
		       "is held at %1$s (1 - confidence) over all looks by the "
		       "design itself, whatever the pilot says, as far as the "
		       "interval covers at each look's level: with strongly "
		       "skewed differences it was measured up to %2$s "
		       "(docs/statistics.md)", "5 %", "17 %"),
	    "na 5 % (1 - hladina spolehlivosti)", "design 5 %");
	has(&c, cs_msg(NULL, "design: the chance of a wrong decisive verdict "
		       "is held at %1$s (1 - confidence) over all looks by the "
		       "design itself, whatever the pilot says, as far as the "
		       "interval covers at each look's level: with strongly "
		       "skewed differences it was measured up to %2$s "
		       "(docs/statistics.md)", "5 %", "17 %"),
	    "u silně zešikmených rozdílů byla naměřena až 17 %",
	    "design 17 %");
	tap_cases_done(&c, "cs: v before a percentage, 0,5 to 100 %%; "
		       "zešikmený in the plan's notes");
}

/* The column after sloupce, the series after v, the level after s. */
static void msg_names(void)
{
	tap_cases c = { 0, 0 };

	/* The column in the genitive behind "sloupce", no preposition. */
	has(&c, cs_msg("metric", "%s of %s per boot", "`p99`",
		       "`latency_us`"), "`p99` sloupce `latency_us` na jedno "
	    "načtení", "latency_us");
	has(&c, cs_msg("metric", "%s of %s per boot", "`p99`", "`sample_ms`"),
	    "`p99` sloupce `sample_ms` na jedno načtení", "sample_ms");
	has(&c, cs_msg(NULL, "%s: the effect in %s minus the effect in %s is "
		       "%s %s; the interval excludes 0, so the effects of the "
		       "series differ.",
		       "`10`", "sérii 2", "sérii 1", "`+1,2 ms`",
		       "`[+0,2; +2,2]`"), "efekt v sérii 2 minus efekt v "
	    "sérii 1", "series");
	has(&c, cs_msg("figure", "Mean of the paired per-boot differences "
		       "with its %s%% confidence interval (%s), one row per "
		       "state, series shown separately", "95", "percentilový "
		       "bootstrap"), "na jedno načtení s 95% intervalem", "95");
	has(&c, cs_msg("figure", "Mean of the paired per-boot differences "
		       "with its %s%% confidence interval (%s), one row per "
		       "state, series shown separately", "70", "percentilový "
		       "bootstrap"), "se 70% intervalem", "70");
	has(&c, cs_msg(NULL, "Run order of %s: %s ran at position %zu clearly "
		       "more often than the other states.", "Série 1",
		       "\xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c", (size_t)1),
	    "Série 1, pořadí běhů: stav \xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c "
	    "běžel na pozici 1", "missing");
	/* The series first, where a capital stands, not "(Série 1)" inside
	   the sentence. */
	has(&c, cs_msg(NULL, "Run order of %s: balanced; no state ran first or "
		       "last clearly more often than the others.", "Série 2"),
	    "Série 2, pořadí běhů: vyvážené; žádný stav", "balanced");
	has(&c, cs_msg(NULL, "Run order of %s: no positions recorded, so its "
		       "balance cannot be checked.", "Série 1"),
	    "Série 1, pořadí běhů: pozice nezaznamenány", "no positions");
	/* The paired figure's caption: its mean bars are "úsečky", as the
	   per-boot figure's caption calls them. */
	has(&c, cs_msg("figure", "Left: the two runs of each block joined by "
		       "a line, bars at the means. Right: the mean paired "
		       "difference with its %s%% confidence interval (%s), on "
		       "an axis of its own.", "95", "Studentovo t"),
	    "čarou, úsečky u průměrů. Vpravo: průměrný párový rozdíl s 95% "
	    "intervalem spolehlivosti (Studentovo t)", "paired, 95");
	has(&c, cs_msg("figure", "Left: the two runs of each block joined by "
		       "a line, bars at the means. Right: the mean paired "
		       "difference with its %s%% confidence interval (%s), on "
		       "an axis whose 0 lies at the reference mean.", "70",
		       "percentilový bootstrap"),
	    "úsečky u průměrů. Vpravo: průměrný párový rozdíl se 70% "
	    "intervalem", "paired, 70");
	/* A series without runs at the reference: the state as the
	   subject, not "při „chybí“". */
	has(&c, cs_msg(NULL, "%s: no runs at %s.", "Série 2",
		       "\xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c"),
	    "Série 2: stav \xe2\x80\x9e" "chyb\xc3\xad\xe2\x80\x9c nemá "
	    "žádné běhy.", "no runs, missing");
	has(&c, cs_msg(NULL, "%s: no runs at %s.", "Série 1", "`20`"),
	    "Série 1: stav `20` nemá žádné běhy.", "no runs, 20");
	/* The interval figure's legend: the threshold by the page's name. */
	has(&c, cs_msg("figure", "practical threshold %s", "±1,784 ms"),
	    "prakticky významný práh ±1,784 ms", "legend");
	tap_cases_done(&c, "cs: a column behind sloupce, v before a series, s "
		       "before a level, the state missing as a name, the "
		       "paired figure's caption");
}

/* The compare page's multiplicity note at the counts of each plural form
 * (1; 2 to 4; 5 or more, and 21) and the CI gate's false-alarm rate after
 * v, both by hand; "korekce" as on the study page. */
static void msg_compare_counts(void)
{
	static const struct { unsigned long n; const char *want; } t[] = {
		{ 1, "bez korekce na počet srovnání; posouzen byl 1 interval." },
		{ 2, "bez korekce na počet srovnání; posouzeny byly 2 intervaly, "
		     "takže" },
		{ 4, "posouzeny byly 4 intervaly, takže" },
		{ 5, "posouzeno bylo 5 intervalů, takže" },
		{ 21, "posouzeno bylo 21 intervalů, takže" },
		{ 100, "posouzeno bylo 100 intervalů, takže" },
	};
	static const struct { const char *pct, *want; } g[] = {
		{ "1 %", "po Holmově korekci" },
		{ "1 %", "u buildů, které se nezměnily, selže nejvýše "
			 "v 1 % případů." },
		{ "2 %", "nejvýše ve 2 % případů." },            /* ve dvou */
		{ "5 %", "nejvýše v 5 % případů." },             /* v pěti */
		{ "10 %", "nejvýše v 10 % případů." },           /* v deseti */
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char at[32];
		snprintf(at, sizeof at, "%lu intervals", t[i].n);
		has(&c, cs_msgn("Each state and the baseline is judged at "
				"the full confidence level of %s, with no "
				"adjustment for the number of comparisons; %zu "
				"interval was judged.",
				"Each state and the baseline is judged at the "
				"full confidence level of %s, with no adjustment "
				"for the number of comparisons; %zu intervals "
				"were judged, so the chance that at least one of "
				"them shows a change by chance alone is larger "
				"than for any single interval.",
				t[i].n, "95 %", (size_t)t[i].n), t[i].want, at);
	}
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
		has(&c, cs_msg(NULL, "As a CI gate (`--fail-on worse`), this "
			       "comparison fails when a worsening of at least "
			       "the threshold is established for some state or "
			       "series, judged by Welch intervals after Holm's "
			       "adjustment over all of them (not by the "
			       "intervals of the tables), or when a state or "
			       "series of the old build is missing from the new "
			       "one; on builds that did not change, it fails in "
			       "at most %s of comparisons.  When such a "
			       "worsening can be neither shown nor ruled out, it "
			       "answers inconclusive (exit status 3).",
			       g[i].pct),
		    g[i].want, g[i].pct);
	tap_cases_done(&c, "cs: the compare page's counts of intervals and "
		       "its false-alarm rate");
}

/* The sequential design's looks at 1, 2, 4, 5 and 21: the count after a
 * colon in every form, the confidence level as "hladina" (úroveň is a
 * state's level on the same page), by hand. */
static void msg_looks(void)
{
	static const struct { unsigned long n; const char *want; } t[] = {
		{ 1, "počet analýz: 1, rozdělení chyby: `pocock`; intervaly se "
		     "počítají na hladině 95 %, takže" },
		{ 2, "počet analýz: 2, rozdělení chyby: `pocock`; intervaly "
		     "každé analýzy se počítají na její vlastní hladině (10 "
		     "bloků: 97,06 %; 20 bloků: 97,06 %), takže" },
		{ 4, "počet analýz: 4, rozdělení chyby: `pocock`; intervaly "
		     "každé analýzy se počítají na její vlastní hladině (" },
		{ 5, "počet analýz: 5, rozdělení chyby: `pocock`; intervaly "
		     "každé analýzy se počítají na její vlastní hladině (" },
		{ 21, "počet analýz: 21, rozdělení chyby: `pocock`; intervaly "
		      "každé analýzy se počítají na její vlastní hladině (" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char at[32];
		snprintf(at, sizeof at, "%lu looks", t[i].n);
		has(&c, cs_msgn("The analysis plan sets %1$zu look, boundary "
				"%2$s: its intervals are taken at the level "
				"%3$s, so that the chance that any of them "
				"misses the true difference is at most %4$s.",
				"The analysis plan sets %1$zu looks, boundary "
				"%2$s: each look's intervals are taken at its own "
				"level (%3$s), so that the chance that any "
				"interval of any look misses the true difference "
				"is at most %4$s.", t[i].n, (size_t)t[i].n,
				"`pocock`", t[i].n == 1 ? "95 %"
				: "10 bloků: 97,06 %; 20 bloků: 97,06 %",
				"5 %"), t[i].want, at);
	}
	tap_cases_done(&c, "cs: the looks of a sequential design at 1 to 21, "
		       "hladina for the level");
}

/* The mechanism figure's counts of boots, "při 3 ze 4 načtení" (the
 * genitive plural načtení holds for every count), and the plan's
 * unreachable size, "ani při 1 bloku", "ani při 200 blocích", by hand. */
static void msg_figure_counts(void)
{
	static const struct { size_t n, of; const char *want; } t[] = {
		{ 1, 1, "běží při 1 z 1 načtení" },
		{ 3, 4, "běží při 3 ze 4 načtení" },
		{ 5, 7, "běží při 5 ze 7 načtení" },
		{ 9, 10, "běží při 9 z 10 načtení" },
		{ 19, 20, "běží při 19 ze 20 načtení" },
	};
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char at[32];
		snprintf(at, sizeof at, "%zu of %zu", t[i].n, t[i].of);
		has(&c, cs_msg("figure", "running in %zu of %zu boots",
			       t[i].n, t[i].of), t[i].want, at);
	}
	has(&c, cs_msg("figure", "%s: %s (%zu of %zu boots)", "Win32",
		       "0 → 10 → 0", (size_t)2, (size_t)4),
	    "Win32: 0 → 10 → 0 (2 ze 4 načtení)", "priorities 2 of 4");
	has(&c, cs_msgn("not reachable with %zu block",
			"not reachable with %zu blocks", 1, (size_t)1),
	    "nedosažitelné ani při 1 bloku", "not reachable, 1");
	has(&c, cs_msgn("not reachable with %zu block",
			"not reachable with %zu blocks", 200, (size_t)200),
	    "nedosažitelné ani při 200 blocích", "not reachable, 200");
	tap_cases_done(&c, "cs: the mechanism figure's boots (z/ze) and the "
		       "plan's unreachable size");
}

int main(void)
{
	tap_cases c = { 0, 0 };

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *got = cs_prep_word(cases[i].prep, cases[i].next);
		tap_case(&c, strcmp(got, cases[i].want) == 0, cases[i].want,
			 got, "%c %s", cases[i].prep, cases[i].next);
	}
	tap_cases_done(&c, "%zu cases of v, s, k, z before a word or number",
		       sizeof cases / sizeof cases[0]);
	test_marks();
	test_format();
	test_catalogs();
	msg_comparison();
	msg_resamples();
	msg_runs();
	msg_percent();
	msg_names();
	msg_compare_counts();
	msg_looks();
	msg_figure_counts();
	return tap_done();
}
