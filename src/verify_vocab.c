/* verify_vocab.c: the page vocabulary of `pairboot verify`, from the
 * built-in translation catalogs. */
#include "src/verify_vocab.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/verdict.h"
#include "render/i18n.h"
#include "render/verdict_words.h"

/* Every phrase a published table may hold, as the renderer's msgids (with
 * their gettext context where it has one).  The conclusions come from
 * render/verdict_words.h, added by add_conclusions. */
static const struct word {
	pub_concept concept;
	const char *code;
	const char *ctx;
	const char *msgid;
} words[] = {
	{ PUB_CMP_HEAD, NULL, NULL, "Comparison with %s" },
	{ PUB_CMP_SERIES_HEAD, NULL, NULL, "%s, difference and %s CI" },
	{ PUB_CMP_CONCLUSION_HEAD, NULL, NULL, "Conclusion" },
	{ PUB_SERIES_LABEL, NULL, "series label", "Series %s" },
	{ PUB_NO_PAIRS, NULL, NULL, "no pairs" },
	{ PUB_NO_INTERVAL, NULL, NULL, "(no interval)" },
	{ PUB_MECH_HEAD_STATE, NULL, "table header", "State" },
	{ PUB_MECH_HEAD_REGISTRATION, NULL, NULL, "Registration" },
	{ PUB_MECH_HEAD_SERVICE, NULL, NULL, "%s state" },
	{ PUB_MECH_HEAD_SERVICE, NULL, NULL, "Service state" },
	{ PUB_MECH_HEAD_WIN32, NULL, NULL, "Win32 priority of one thread" },
	{ PUB_MECH_HEAD_ETW, NULL, NULL, "ETW priority of one thread" },
	{ PUB_SERVICE_WORD, "running", "service state", "running" },
	{ PUB_SERVICE_WORD, "stopped", "service state", "stopped" },
	{ PUB_NOT_REPORTED, NULL, NULL, "not reported" },
	{ PUB_VAL_HEAD_WRITTEN, NULL, NULL, "Written" },
	{ PUB_VAL_HEAD_OBSERVED, NULL, NULL, "Observed state after boot" },
	{ PUB_VAL_HEAD_RESULT, NULL, NULL, "Result" },
	{ PUB_OBS_API, NULL, NULL, "API returned %s" },
	{ PUB_OBS_API_FAILED, NULL, NULL, "API query failed" },
	{ PUB_OBS_SERVICE, "running", NULL, "%s running" },
	{ PUB_OBS_SERVICE, "stopped", NULL, "%s stopped" },
	{ PUB_OBS_SERVICE, "not-running", NULL, "%s not running" },
	{ PUB_OBS_SERVICE, "running", NULL, "service running" },
	{ PUB_OBS_SERVICE, "stopped", NULL, "service stopped" },
	{ PUB_OBS_SERVICE, "not-running", NULL, "service not running" },
	{ PUB_OBS_REGISTRATION, "no", NULL, "registration not performed" },
	{ PUB_OBS_REGISTRATION, "yes", NULL, "registration performed" },
	{ PUB_OUTCOME, "value-used", NULL, "value is used" },
	{ PUB_OUTCOME, "rounded-down", NULL, "rounded down" },
	{ PUB_OUTCOME, "normalized-to-20", NULL, "normalized to 20" },
	{ PUB_OUTCOME, "disabled", NULL, "documented disabling" },
	{ PUB_OUTCOME, "observation-only", NULL,
	  "separate observation for this build" },
	{ PUB_OUTCOME, "contradicts-documentation", NULL,
	  "contradicts the documentation" },
	{ PUB_MISSING, NULL, "state", "missing" },
};

#define N_WORDS (sizeof words / sizeof *words)

/* Phrases per language beyond WORDS: each verdict in a synthetic-proxy
 * and a plain wording, and the conclusion followed by each series'. */
#define N_CONCLUSIONS (2 * VERDICT_COUNT + 1)

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
			v[(*k)++] = (pub_phrase){ PUB_CONCLUSION,
						  verdict_code((verdict)i),
						  lang, text };
		}
	}
	text = i18n_ctext(lang, verdict_words_ctx, verdict_words_with_series);
	if (!text)
		return verdict_words_with_series;
	v[(*k)++] = (pub_phrase){ PUB_CONCLUSION_WITH_SERIES, NULL, lang,
				  text };
	return NULL;
}

pb_status verify_vocab_build(pub_phrase **out, size_t *n,
			     const char **missing_msgid,
			     const char **missing_lang)
{
	size_t langs = i18n_count(), k = 0;
	pub_phrase *v = calloc(langs * (N_WORDS + N_CONCLUSIONS) + 1,
			       sizeof *v);

	*out = NULL;
	*n = 0;
	if (!v)
		return PB_NOMEM;
	for (size_t l = 0; l < langs; l++) {
		const char *lang = i18n_code(l);
		const char *lacking = add_conclusions(v, &k, lang);
		if (lacking) {
			*missing_msgid = lacking;
			*missing_lang = lang;
			free(v);
			return PB_SOFTWARE;
		}
		for (size_t i = 0; i < N_WORDS; i++) {
			const struct word *w = &words[i];
			const char *text = w->ctx
				? i18n_ctext(lang, w->ctx, w->msgid)
				: i18n_text(lang, w->msgid);
			if (!text) {
				*missing_msgid = w->msgid;
				*missing_lang = lang;
				free(v);
				return PB_SOFTWARE;
			}
			v[k].concept = w->concept;
			v[k].code = w->code;
			v[k].lang = lang;
			v[k].text = text;
			k++;
		}
	}
	*out = v;
	*n = k;
	return PB_OK;
}
