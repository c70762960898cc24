/* test_cs_prep.c: the Czech prepositions v, s, k, z before a word or a
 * number (render/cs_prep.h).  Each expected form below is worked out by
 * hand from the rule in the header: the number read aloud in the case the
 * preposition governs ("ve třiceti jednom procentu", "se sedmi tisíci",
 * "se stem", "ze čtyř tisíc", "v sedmnácti"), and checked against the
 * forms of the Internetová jazyková příručka ("ve dvou", "se dvěma",
 * "ze tří", "ke čtyřem", "v sedmi", "se sedmi", "ke stolu"). */
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
	return tap_done();
}
