/* test_plan_words.c: the messages of the plan table that carry a count,
 * in every language, at 0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100 and 1000: the
 * most blocks in the first line and in a size not reached, the simulated
 * studies per size, the inner resamples and the fewest pairs of a
 * verdict, and the first line and the simulated studies of the plan of
 * a sequential study.  The expected words are written out by hand below, in each
 * language's grammar (German: one, or more; Czech: 1; 2 to 4; 0 and 5 or
 * more; Korean: one form).  One TAP result per message and language
 * checks it at every count (tests/lib/tap.h, tap_cases). */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "render/i18n.h"
#include "render/plan_report.h"
#include "tests/lib/tap.h"

static const unsigned long counts[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 17, 21, 100, 1000
};
#define N_COUNTS (sizeof counts / sizeof *counts)

static const char *const langs[4] = { "en", "de", "cs", "ko" };

/* The format of message ID in LANG for N, as the table takes it. */
static const char *format_of(const char *lang, plan_count_id id,
			     unsigned long n)
{
	const plan_count_phrase *p = plan_report_count_phrase(id);
	const char *f = i18n_ntext(lang, p->one, p->many, n);

	return f ? f : "(no translation)";
}

static const char *en_blocks(unsigned long n)
{
	return n == 1 ? "block" : "blocks";
}

static const char *de_blocks(unsigned long n)   /* nominative */
{
	return n == 1 ? "Block" : "Blöcke";
}

static const char *de_blocks_dat(unsigned long n)
{
	return n == 1 ? "Block" : "Blöcken";
}

static const char *cs_blocks(unsigned long n)
{
	if (n == 1)
		return "blok";
	if (n >= 2 && n <= 4)
		return "bloky";
	return "bloků";
}

static const char *cs_pairs(unsigned long n)
{
	if (n == 1)
		return "pár";
	if (n >= 2 && n <= 4)
		return "páry";
	return "párů";
}

static void free4(char *a[4])
{
	for (int l = 0; l < 4; l++)
		g_free(a[l]);
}

static void head_line(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l], PLAN_COUNT_HEAD, n),
					 "S", (size_t)n);
	want[0] = g_strdup_printf("plan for S: blocks per series for a "
				  "correct decisive verdict (harm, benefit or "
				  "equivalent) with the assurance given, at "
				  "most %lu %s", n, en_blocks(n));
	want[1] = g_strdup_printf("Plan für S: Blöcke je Serie für ein "
				  "richtiges, eindeutiges Urteil (Schaden, "
				  "Nutzen oder Äquivalenz) mit der "
				  "angegebenen Erfolgswahrscheinlichkeit, "
				  "höchstens %lu %s",
				  n, de_blocks(n));
	want[2] = g_strdup_printf("plán pro S: bloky na sérii pro správný "
				  "jednoznačný verdikt (škoda, prospěch nebo "
				  "ekvivalence) s danou jistotou, nejvýše %lu "
				  "%s", n, cs_blocks(n));
	want[3] = g_strdup_printf("S 계획: 주어진 보증 확률로 올바른 확정적 "
				  "판정(악화, 개선 또는 동등)을 얻는 데 필요한 "
				  "시리즈당 블록 수, 최대 %lu블록", n);
}

static void not_reachable(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
						   PLAN_COUNT_NOT_REACHABLE, n),
					 (size_t)n);
	want[0] = g_strdup_printf("not reachable with %lu %s", n,
				  en_blocks(n));
	want[1] = g_strdup_printf("mit %lu %s nicht erreichbar", n,
				  de_blocks_dat(n));
	want[2] = g_strdup_printf("nedosažitelné ani při %lu %s", n,
				  n == 1 ? "bloku" : "blocích");
	want[3] = g_strdup_printf("%lu블록으로 도달 불가", n);
}

static void not_monotone(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
					PLAN_COUNT_NOT_REACHABLE_ONCE, n),
					 (size_t)n, l == 1 || l == 2 ? "0,80"
					 : "0.80", (size_t)12);
	want[0] = g_strdup_printf("not reachable with %lu %s (not monotone: "
				  "0.80 at 12)", n, en_blocks(n));
	want[1] = g_strdup_printf("mit %lu %s nicht erreichbar (nicht "
				  "monoton: 0,80 bei 12)", n, de_blocks_dat(n));
	want[2] = g_strdup_printf("nedosažitelné ani při %lu %s (není "
				  "monotónní: 0,80 při 12)", n,
				  n == 1 ? "bloku" : "blocích");
	want[3] = g_strdup_printf("%lu블록으로 도달 불가(단조 아님: 12에서 "
				  "0.80)", n);
}

/* The method's sentence holds the count among much else: the words
 * around it are compared (part of the sentence). */
static void simulations(unsigned long n, char *got[4], char *want[4])
{
	want[0] = g_strdup_printf("each of %lu simulated %s per size is drawn",
				  n, n == 1 ? "study" : "studies");
	want[1] = g_strdup_printf("Je Blockzahl %s %lu %s simuliert, jede aus "
				  "einer eigenen Welt", n == 1 ? "wird"
				  : "werden", n, n == 1 ? "Studie"
				  : "Studien");
	want[2] = g_strdup_printf("simulovaných studií na velikost: %lu, "
				  "každá z vlastního světa", n);
	want[3] = g_strdup_printf("크기마다 시뮬레이션 연구 %lu개를 연구마다 "
				  "따로 뽑은 세계", n);
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
						   PLAN_COUNT_ASSURANCE, n),
					 n, (size_t)30);
}

static void inner_resamples(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l], PLAN_COUNT_INNER,
						   n), "percentile", n);
	want[0] = g_strdup_printf("percentile, %lu inner %s", n,
				  n == 1 ? "resample" : "resamples");
	want[1] = g_strdup_printf("percentile, %lu %s", n, n == 1
				  ? "innere Bootstrap-Stichprobe" : "innere Bootstrap-Stichproben");
	want[2] = g_strdup_printf("percentile, vnitřních převzorkování: %lu",
				  n);
	want[3] = g_strdup_printf("percentile, 내부 재표본 %lu개", n);
}

static void fewest_pairs(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
						   PLAN_COUNT_MIN_PAIRS, n), n);
	want[0] = g_strdup_printf("no claim below %lu %s", n,
				  n == 1 ? "pair" : "pairs");
	want[1] = g_strdup_printf("keine Aussage unter %lu %s", n,
				  n == 1 ? "Paar" : "Paaren");
	want[2] = g_strdup_printf("závěr vyžaduje alespoň %lu %s", n,
				  cs_pairs(n));
	want[3] = g_strdup_printf("%lu쌍 미만이면 결론 없음", n);
}

/* The first line of a sequential plan: the count is the most blocks
 * tried; the blocks between looks (10) are 5 or more. */
static void seq_head(unsigned long n, char *got[4], char *want[4])
{
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
						   PLAN_COUNT_SEQ_HEAD, n),
					 "S", (size_t)10, "Pocock", (size_t)n);
	want[0] = g_strdup_printf("plan for S: the most blocks per series to "
				  "register for a sequential study with a "
				  "look every 10 blocks (Pocock), for a "
				  "correct decisive verdict (harm, benefit or "
				  "equivalent) by then with the chance given, "
				  "at most %lu %s", n, en_blocks(n));
	want[1] = g_strdup_printf("Plan für S: das Maximum an Blöcken je "
				  "Serie, das für eine sequenzielle Studie "
				  "mit einer Auswertung alle 10 Blöcke "
				  "(Pocock) zu registrieren ist, damit sie "
				  "bis dahin "
				  "mit der angegebenen Chance ein richtiges, "
				  "eindeutiges Urteil (Schaden, Nutzen oder "
				  "Äquivalenz) erreicht, geprüft bis %lu %s",
				  n, de_blocks(n));
	want[2] = g_strdup_printf("plán pro S: nejvyšší počet bloků na sérii, "
				  "který má sekvenční design s analýzou "
				  "každých 10 bloků (Pocock) zaregistrovat, "
				  "aby do té doby s danou šancí dosáhl "
				  "správného jednoznačného verdiktu (škoda, "
				  "prospěch nebo ekvivalence), nejvýše %lu %s",
				  n, cs_blocks(n));
	want[3] = g_strdup_printf("S 계획: 10블록마다 분석하는 순차 "
				  "설계(Pocock)가 주어진 확률로 그때까지 "
				  "올바른 확정적 판정(악화, 개선 또는 동등)에 "
				  "이르도록 등록할 시리즈당 최대 블록 수, "
				  "최대 %lu블록", n);
}

/* The method of a sequential plan: the words around its count. */
static void seq_simulations(unsigned long n, char *got[4], char *want[4])
{
	want[0] = g_strdup_printf("each of %lu simulated %s per maximum is "
				  "drawn", n, n == 1 ? "study" : "studies");
	want[1] = g_strdup_printf("Je Maximum %s %lu %s simuliert, jede aus "
				  "einer eigenen Welt", n == 1 ? "wird"
				  : "werden", n, n == 1 ? "Studie"
				  : "Studien");
	want[2] = g_strdup_printf("simulovaných studií na maximum: %lu, "
				  "každá z vlastního světa", n);
	want[3] = g_strdup_printf("최대 블록 수마다 시뮬레이션 연구 %lu개를",
				  n);
	for (int l = 0; l < 4; l++)
		got[l] = g_strdup_printf(format_of(langs[l],
						   PLAN_COUNT_SEQ_METHOD, n),
					 n, (size_t)10, (size_t)200,
					 (size_t)10);
}

/* A message of the table: its text in each language at N (GOT) and the
 * words written by hand (WANT), all of GOT or, when PART, a part of it. */
typedef struct plan_msg {
	const char *what;
	void (*words)(unsigned long n, char *got[4], char *want[4]);
	bool part;
} plan_msg;

static const plan_msg msgs[] = {
	{ "first line", head_line, false },
	{ "not reachable", not_reachable, false },
	{ "not reachable, not monotone", not_monotone, false },
	{ "simulations", simulations, true },
	{ "inner resamples", inner_resamples, false },
	{ "fewest pairs", fewest_pairs, false },
	{ "sequential first line", seq_head, false },
	{ "sequential simulations", seq_simulations, true },
};

/* One result per message and language, over every count. */
int main(void)
{
	for (size_t m = 0; m < sizeof msgs / sizeof *msgs; m++) {
		for (int l = 0; l < 4; l++) {
			tap_cases c = { 0, 0 };

			for (size_t i = 0; i < N_COUNTS; i++) {
				unsigned long n = counts[i];
				char *got[4], *want[4];
				bool same;

				msgs[m].words(n, got, want);
				same = msgs[m].part
				       ? strstr(got[l], want[l]) != NULL
				       : strcmp(got[l], want[l]) == 0;
				tap_case(&c, same, want[l], got[l], "at %lu",
					 n);
				free4(got);
				free4(want);
			}
			tap_cases_done(&c, "%s, %s, at every count",
				       msgs[m].what, langs[l]);
		}
	}
	return tap_done();
}
