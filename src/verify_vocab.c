/* verify_vocab.c: the page vocabulary of `pairboot verify`, from the
 * built-in translation catalogs. */
#include "src/verify_vocab.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/verdict.h"
#include "render/i18n.h"
#include "render/page_phrases.h"

/* Every phrase a published table may hold, as the renderer's msgids (with
 * their gettext context where it has one).  The conclusions come from
 * render/page_phrases.h, added by add_conclusions. */
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

/* The sentences on the settings and the runs (ingest/published_text.h
 * says what the codes mean).  A phrase with a plural takes every form
 * its language has; the counts 1, 2 and 5 reach each form of the
 * catalogs' plural rules (Czech has three). */
static const struct sentence {
	pub_concept concept;
	const char *code;
	const char *msgid, *plural;
} sentences[] = {
	{ PUB_SETTING, "statistic",
	  "Statistic: %s of each boot; the boot is the unit of replication, "
	  "and the measurements within a boot are not counted as "
	  "repetitions.",
	  NULL },
	{ PUB_SETTING, "method confidence resamples:exact",
	  "Interval: exact paired bootstrap (every distinct resample, no "
	  "random numbers), method %s, confidence %s.", NULL },
	{ PUB_SETTING, "resamples seed method confidence generator=mt19937",
	  "Interval: paired bootstrap with %s resamples (generator mt19937, "
	  "seed %s), method %s, confidence %s.", NULL },
	{ PUB_SETTING, "method confidence resamples seed generator=mt19937",
	  "Interval: Student t interval of the paired differences, no "
	  "resampling, method %s, confidence %s; the bootstrap methods of the "
	  "sensitivity analysis use %s resamples (generator mt19937, seed "
	  "%s).", NULL },
	{ PUB_SETTING, "method confidence resamples:exact",
	  "Interval: Student t interval of the paired differences, no "
	  "resampling, method %s, confidence %s; the bootstrap methods of the "
	  "sensitivity analysis use the exact bootstrap.", NULL },
	{ PUB_SETTING, "threshold better:lower",
	  "Practical threshold: %s, set in advance; lower values are better.",
	  NULL },
	{ PUB_SETTING, "threshold better:higher",
	  "Practical threshold: %s, set in advance; higher values are "
	  "better.", NULL },
	{ PUB_SETTING, "statistic - better:lower",
	  "A positive difference means a higher value of %s than at %s, "
	  "which is worse here.", NULL },
	{ PUB_SETTING, "statistic - better:higher",
	  "A positive difference means a higher value of %s than at %s, "
	  "which is better here.", NULL },
	{ PUB_SETTING, "confidence",
	  "Each cell holds the mean difference over the paired blocks and "
	  "its %s confidence interval.", NULL },
	{ PUB_SETTING, "pairs confidence method -",
	  "With %zu pair, a nominal %s interval of method %s covered the "
	  "true difference in only %s of simulated studies with strongly "
	  "skewed differences (docs/statistics.md); the interval may be too "
	  "narrow.",
	  "With %zu pairs, a nominal %s interval of method %s covered the "
	  "true difference in only %s of simulated studies with strongly "
	  "skewed differences (docs/statistics.md); the intervals may be too "
	  "narrow." },
	{ PUB_SETTING, "plan registered:yes",
	  "Analysis plan digest (SHA-256 of the canonical plan, "
	  "docs/study-format.md): %s, registered before the data.", NULL },
	{ PUB_SETTING, "plan registered:no",
	  "Analysis plan digest (SHA-256 of the canonical plan, "
	  "docs/study-format.md): %s, not registered.", NULL },
	{ PUB_PAIRS_SCOPE, "every", "This applies to every comparison above.",
	  NULL },
	{ PUB_PAIRS_SCOPE, "list", "This applies to: %s.", NULL },
	{ PUB_RUNS, "none", "no runs", NULL },
	{ PUB_RUNS, "one", "the one run was accepted", NULL },
	{ PUB_RUNS, "all", "the %zu run was accepted",
	  "all %zu runs were accepted" },
	{ PUB_RUNS, "some", "%zu of %zu run was accepted",
	  "%zu of %zu runs were accepted" },
	{ PUB_RUNS_EXCLUDED, NULL, "excluded: %s", NULL },
	{ PUB_RUNS_LOST, "none", "no lost trace events or buffers", NULL },
	{ PUB_RUNS_LOST, "counts", "lost trace events: %s, lost buffers: %s",
	  NULL },
};

#define N_SENTENCES (sizeof sentences / sizeof *sentences)
#define PLURAL_COUNTS 3

static const unsigned long plural_counts[PLURAL_COUNTS] = { 1, 2, 5 };

/* Adds the sentences in LANG to V from *K on; false (with the msgid in
 * *MISSING) when a catalog lacks one. */
static bool add_sentences(pub_phrase *v, size_t *k, const char *lang,
			  const char **missing)
{
	for (size_t i = 0; i < N_SENTENCES; i++) {
		const struct sentence *w = &sentences[i];
		for (size_t c = 0; c < (w->plural ? PLURAL_COUNTS : 1); c++) {
			const char *text = w->plural
				? i18n_ntext(lang, w->msgid, w->plural,
					     plural_counts[c])
				: i18n_text(lang, w->msgid);
			if (!text) {
				*missing = w->msgid;
				return false;
			}
			v[*k].concept = w->concept;
			v[*k].code = w->code;
			v[*k].lang = lang;
			v[*k].text = text;
			(*k)++;
		}
	}
	return true;
}

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
	text = i18n_ctext(lang, page_verdict_ctx, page_verdict_with_series);
	if (!text)
		return page_verdict_with_series;
	v[(*k)++] = (pub_phrase){ PUB_CONCLUSION_WITH_SERIES, NULL, lang,
				  text };
	return NULL;
}

pb_status verify_vocab_build(pub_phrase **out, size_t *n,
			     const char **missing_msgid,
			     const char **missing_lang)
{
	size_t langs = i18n_count(), k = 0;
	pub_phrase *v = calloc(langs * (N_WORDS + N_CONCLUSIONS
				       + PLURAL_COUNTS * N_SENTENCES) + 1,
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
		if (!add_sentences(v, &k, lang, missing_msgid)) {
			*missing_lang = lang;
			free(v);
			return PB_SOFTWARE;
		}
	}
	*out = v;
	*n = k;
	return PB_OK;
}
