/* verify_vocab.c: the page vocabulary of `pairboot verify`, from the
 * built-in translation catalogs. */
#include "src/verify_vocab.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/verdict.h"
#include "ingest/published_text.h"
#include "render/i18n.h"
#include "render/page_phrases.h"

/* What each phrase of a page means to the reader (ingest/published.h);
 * the words themselves are the renderer's (render/page_phrases.h).  The
 * conclusions come from there too, added by add_conclusions.  For the
 * settings and runs sentences, ingest/published_text.h says what the
 * codes mean. */
static const struct meaning {
	pub_concept concept;
	const char *code;
	page_phrase_id phrase;
} meanings[] = {
	{ PUB_CMP_HEAD, NULL, PH_CMP_HEAD },
	{ PUB_CMP_SERIES_HEAD, NULL, PH_CMP_SERIES_HEAD },
	{ PUB_CMP_CONCLUSION_HEAD, NULL, PH_CMP_CONCLUSION_HEAD },
	{ PUB_SERIES_LABEL, NULL, PH_SERIES_LABEL },
	{ PUB_NO_PAIRS, NULL, PH_NO_PAIRS },
	{ PUB_NO_INTERVAL, NULL, PH_NO_INTERVAL },
	{ PUB_MECH_HEAD_STATE, NULL, PH_HEAD_STATE },
	{ PUB_MECH_HEAD_REGISTRATION, NULL, PH_HEAD_REGISTRATION },
	{ PUB_MECH_HEAD_SERVICE, NULL, PH_HEAD_NAMED_SERVICE },
	{ PUB_MECH_HEAD_SERVICE, NULL, PH_HEAD_SERVICE },
	{ PUB_MECH_HEAD_WIN32, NULL, PH_HEAD_WIN32 },
	{ PUB_MECH_HEAD_ETW, NULL, PH_HEAD_ETW },
	{ PUB_SERVICE_WORD, "running", PH_SERVICE_RUNNING },
	{ PUB_SERVICE_WORD, "stopped", PH_SERVICE_STOPPED },
	{ PUB_NOT_REPORTED, NULL, PH_NOT_REPORTED },
	{ PUB_VAL_HEAD_WRITTEN, NULL, PH_HEAD_WRITTEN },
	{ PUB_VAL_HEAD_OBSERVED, NULL, PH_HEAD_OBSERVED },
	{ PUB_VAL_HEAD_RESULT, NULL, PH_HEAD_RESULT },
	{ PUB_OBS_API, NULL, PH_OBS_API },
	{ PUB_OBS_API_FAILED, NULL, PH_OBS_API_FAILED },
	{ PUB_OBS_SERVICE, "running", PH_OBS_NAMED_RUNNING },
	{ PUB_OBS_SERVICE, "stopped", PH_OBS_NAMED_STOPPED },
	{ PUB_OBS_SERVICE, "not-running", PH_OBS_NAMED_NOT_RUNNING },
	{ PUB_OBS_SERVICE, "running", PH_OBS_RUNNING },
	{ PUB_OBS_SERVICE, "stopped", PH_OBS_STOPPED },
	{ PUB_OBS_SERVICE, "not-running", PH_OBS_NOT_RUNNING },
	{ PUB_OBS_REGISTRATION, "no", PH_OBS_NOT_REGISTERED },
	{ PUB_OBS_REGISTRATION, "yes", PH_OBS_REGISTERED },
	{ PUB_OUTCOME, "value-used", PH_OUTCOME_VALUE_USED },
	{ PUB_OUTCOME, "rounded-down", PH_OUTCOME_ROUNDED_DOWN },
	{ PUB_OUTCOME, "normalized", PH_OUTCOME_NORMALIZED },
	{ PUB_OUTCOME, "normalized", PH_OUTCOME_NORMALIZED_036 },
	{ PUB_OUTCOME, "disabled", PH_OUTCOME_DISABLED },
	{ PUB_OUTCOME, "observation-only", PH_OUTCOME_OBSERVATION_ONLY },
	{ PUB_OUTCOME, "contradicts-documentation", PH_OUTCOME_CONTRADICTS },
	{ PUB_MISSING, NULL, PH_MISSING },
	{ PUB_SETTING, "statistic", PH_SET_STATISTIC },
	{ PUB_SETTING, "method confidence resamples:exact", PH_SET_EXACT_BOOTSTRAP },
	{ PUB_SETTING, "resamples seed method confidence generator=mt19937", PH_SET_BOOTSTRAP },
	{ PUB_SETTING, "method confidence resamples seed generator=mt19937", PH_SET_T_RESAMPLES },
	{ PUB_SETTING, "method confidence resamples:exact", PH_SET_T_EXACT },
	{ PUB_SETTING, "threshold better:lower", PH_SET_THRESHOLD_LOWER },
	{ PUB_SETTING, "threshold better:higher", PH_SET_THRESHOLD_HIGHER },
	{ PUB_SETTING, "threshold better:lower", PH_SET_THRESHOLD_LOWER_DECLARED },
	{ PUB_SETTING, "threshold better:higher", PH_SET_THRESHOLD_HIGHER_DECLARED },
	{ PUB_SETTING, "statistic - better:lower", PH_SET_DIRECTION_LOWER },
	{ PUB_SETTING, "statistic - better:higher", PH_SET_DIRECTION_HIGHER },
	{ PUB_SETTING, "confidence", PH_SET_CELL },
	{ PUB_SETTING, "pairs confidence method -", PH_SET_SMALL_SAMPLE },
	{ PUB_SETTING, "plan registered:yes", PH_SET_PLAN_REGISTERED },
	{ PUB_SETTING, "plan registered:no", PH_SET_PLAN_UNREGISTERED },
	{ PUB_PAIRS_SCOPE, "every", PH_SCOPE_EVERY },
	{ PUB_PAIRS_SCOPE, "list", PH_SCOPE_LIST },
	{ PUB_RUNS, "none", PH_RUNS_NONE },
	{ PUB_RUNS, "one", PH_RUNS_ONE },
	{ PUB_RUNS, "two", PH_RUNS_TWO },
	{ PUB_RUNS, "all", PH_RUNS_ALL },
	{ PUB_RUNS, "some", PH_RUNS_SOME },
	{ PUB_RUNS, "one-refused", PH_RUNS_ONE_REFUSED },
	{ PUB_RUNS, "none-of", PH_RUNS_NONE_OF },
	{ PUB_RUNS_EXCLUDED, NULL, PH_RUNS_EXCLUDED },
	{ PUB_RUNS_LOST, "none", PH_RUNS_NO_LOSS },
	{ PUB_RUNS_LOST, "counts", PH_RUNS_LOST },
};

#define N_MEANINGS (sizeof meanings / sizeof *meanings)

/* A phrase with a plural takes every form its language has; the counts 1,
 * 2 and 5 reach each form of the catalogs' plural rules (Czech has
 * three). */
#define PLURAL_COUNTS 3

static const unsigned long plural_counts[PLURAL_COUNTS] = { 1, 2, 5 };

/* Adds the phrases in LANG to V from *K on; false (with the msgid in
 * *MISSING) when a catalog lacks one. */
static bool add_phrases(pub_phrase *v, size_t *k, const char *lang,
			const char **missing)
{
	for (size_t i = 0; i < N_MEANINGS; i++) {
		const struct meaning *m = &meanings[i];
		const page_phrase *ph = page_phrase_get(m->phrase);
		for (size_t c = 0; c < (ph->plural ? PLURAL_COUNTS : 1); c++) {
			const char *text = ph->plural
				? i18n_ntext(lang, ph->msgid, ph->plural,
					     plural_counts[c])
				: ph->ctx ? i18n_ctext(lang, ph->ctx, ph->msgid)
				: i18n_text(lang, ph->msgid);
			if (!text) {
				*missing = ph->msgid;
				return false;
			}
			v[*k].concept = m->concept;
			v[*k].code = m->code;
			v[*k].lang = lang;
			v[*k].text = text;
			(*k)++;
		}
	}
	return true;
}

/* The wordings of detected-size-open with a direction: higher or lower,
 * better or worse. */
#define N_DETECTED 4

/* Phrases per language beyond MEANINGS: each verdict in a synthetic-proxy
 * and a plain wording, detected-size-open with its direction, the
 * earlier wordings, and the conclusion followed by each series'. */
#define N_CONCLUSIONS (2 * VERDICT_COUNT + N_DETECTED \
		       + PAGE_VERDICT_EARLIER + 1)

/* Appends LANG's conclusion phrases to V at *K.  Harm and benefit have a
 * synthetic-proxy and a plain wording, both meaning the same verdict; the
 * other verdicts have one, added once.  The too-few-pairs phrase is read
 * in the form for VERDICT_MIN_PAIRS and matches any count.  Returns the
 * msgid of a phrase the catalog lacks, or NULL. */
static const char *add_conclusions(pub_phrase *v, size_t *k,
				   const char *lang)
{
	const char *text, *plural, *msgid, *synthetic;

	for (int i = 0; i < VERDICT_COUNT; i++) {
		synthetic = verdict_msgid((verdict)i, true, &plural);
		for (int syn = 1; syn >= 0; syn--) {
			msgid = verdict_msgid((verdict)i, syn, &plural);
			if (!syn && strcmp(msgid, synthetic) == 0)
				continue;
			text = plural ? i18n_ntext(lang, msgid, plural,
						   VERDICT_MIN_PAIRS)
				      : i18n_text(lang, msgid);
			if (!text)
				return msgid;
			v[(*k)++] = (pub_phrase){
				.concept = PUB_CONCLUSION,
				.code = verdict_code((verdict)i),
				.lang = lang, .text = text };
		}
	}
	/* A difference detected, with the side it lies on. */
	for (int d = 0; d < N_DETECTED; d++) {
		msgid = verdict_detected_msgid(d & 1, d & 2);
		text = i18n_text(lang, msgid);
		if (!text)
			return msgid;
		v[(*k)++] = (pub_phrase){
			.concept = PUB_CONCLUSION,
			.code = verdict_code(VERDICT_DETECTED),
			.lang = lang, .text = text };
	}
	/* Wordings earlier pages used, read as the verdicts they meant. */
	for (size_t e = 0; e < PAGE_VERDICT_EARLIER; e++) {
		msgid = page_verdict_earlier[e].msgid;
		text = i18n_text(lang, msgid);
		if (!text)
			return msgid;
		v[(*k)++] = (pub_phrase){
			.concept = PUB_CONCLUSION,
			.code = verdict_code(page_verdict_earlier[e].verdict),
			.lang = lang, .text = text };
	}
	text = i18n_ctext(lang, page_verdict_ctx, page_verdict_with_series);
	if (!text)
		return page_verdict_with_series;
	v[(*k)++] = (pub_phrase){ .concept = PUB_CONCLUSION_WITH_SERIES,
				  .lang = lang, .text = text };
	return NULL;
}

/* Wordings a published page holds that the catalogs have since replaced:
 * the Korean article heads its table "`20`와의 비교", whose particle fits
 * only some state names, so the pages now write "%s 대비". */
static const pub_phrase earlier_forms[] = {
	{ .concept = PUB_CMP_HEAD, .lang = "ko", .text = "%s와의 비교" },
};

#define N_EARLIER (sizeof earlier_forms / sizeof *earlier_forms)

pb_status verify_vocab_build(pub_phrase **out, size_t *n,
			     const char **missing_msgid,
			     const char **missing_lang)
{
	size_t langs = i18n_count(), k = 0;
	pub_phrase *v = calloc(langs * (N_CONCLUSIONS
				       + PLURAL_COUNTS * N_MEANINGS)
			       + N_EARLIER + 1,
			       sizeof *v);

	*out = NULL;
	*n = 0;
	if (!v)
		return PB_NOMEM;
	for (size_t l = 0; l < langs; l++) {
		const char *lang = i18n_code(l);
		const char *lacking = add_conclusions(v, &k, lang);
		if (lacking || !add_phrases(v, &k, lang, &lacking)) {
			*missing_msgid = lacking;
			*missing_lang = lang;
			free(v);
			return PB_SOFTWARE;
		}
	}
	for (size_t i = 0; i < N_EARLIER; i++)
		v[k++] = earlier_forms[i];
	if (pub_phrases_prepare(v, k) != PB_OK) {
		free(v);
		return PB_NOMEM;
	}
	*out = v;
	*n = k;
	return PB_OK;
}
