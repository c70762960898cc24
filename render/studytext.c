/* studytext.c: the study's text in the page's language (see studytext.h). */
#include "render/studytext.h"

#include <stdbool.h>
#include <string.h>

#include <glib.h>

#include "render/i18n.h"
#include "render/page_phrases.h"

/* Marks a msgid with its context for extraction (xgettext --keyword=NC_:1c,2);
 * studytext_series_name translates it. */
#define NC_(c, s) s

static const char series_ctx[] = "series label";
static const char after_ctx[] = "series label after a preposition";
static const char inside_ctx[] = "series label inside a sentence";

/* TRANSLATORS: the name of a series whose study.ini gives no label, by
   its kind; use the article's words ("Mechanism check" is the mechanism
   check of the article). */
static const char *const kind_names[] = {
	[SERIES_MECHANISM] = NC_("series label", "Mechanism check"),
	[SERIES_BOUNDARY] = NC_("series label", "Boundary values"),
	[SERIES_CONTROL] = NC_("series label", "Control boot"),
};

const char *studytext_title(const study_plan *p, const char *lang)
{
	return plan_text_for(p->title, &p->title_l10n, lang);
}

const char *studytext_platform(const study_plan *p, const char *lang)
{
	return plan_text_for(p->platform, &p->platform_l10n, lang);
}

const char *studytext_note(const series_def *sd, const char *lang)
{
	return plan_text_for(sd->note, &sd->note_l10n, lang);
}

const char *studytext_metric(const study_plan *p, const char *lang)
{
	return plan_text_for(p->metric, &p->metric_l10n, lang);
}

/* Whether series SD of P is named by its kind (true) or "Series ID". */
static bool named_by_kind(const study_plan *p, const series_def *sd)
{
	return p->format >= 2 && sd->kind != SERIES_LATENCY
	       && (size_t)sd->kind < sizeof kind_names / sizeof kind_names[0];
}

/* Whether the plain label of SD is the English default name, written out
 * or left to the default: a page then shows the name in its language. */
static bool label_is_default(const study_plan *p, const series_def *sd)
{
	gchar *series_id;
	bool same;

	if (sd->label_default)
		return true;
	if (named_by_kind(p, sd))
		return strcmp(sd->label, kind_names[sd->kind]) == 0;
	series_id = g_strdup_printf("Series %s", sd->id);
	same = strcmp(sd->label, series_id) == 0;
	g_free(series_id);
	return same;
}

char *studytext_series_name(const study_plan *p, size_t k, const char *lang)
{
	const series_def *sd = &p->series[k];
	const char *own = label_is_default(p, sd) ? NULL : sd->label;
	const page_phrase *id_name;
	const char *words;

	own = plan_text_for(own, &sd->label_l10n, lang);
	if (own)
		return g_strdup(own);
	if (!lang)
		lang = I18N_SOURCE_LANG;
	if (named_by_kind(p, sd)) {
		words = i18n_ctext(lang, series_ctx, kind_names[sd->kind]);
		return words ? g_strdup(words) : NULL;
	}
	/* "Series %s", as `pairboot verify` reads it back. */
	id_name = page_phrase_get(PH_SERIES_LABEL);
	words = i18n_ctext(lang, id_name->ctx, id_name->msgid);
	return words ? g_strdup_printf(words, sd->id) : NULL;
}

/* Whether NAME is "Series ID" in LANG, as the page names series SD by
 * default or as its study writes it in that language. */
static bool is_id_name(const char *lang, const series_def *sd,
		       const char *name)
{
	const page_phrase *id_name = page_phrase_get(PH_SERIES_LABEL);
	const char *words = i18n_ctext(lang, id_name->ctx, id_name->msgid);
	gchar *by_id;
	bool same;

	if (!words)
		return false;
	by_id = g_strdup_printf(words, sd->id);
	same = strcmp(by_id, name) == 0;
	g_free(by_id);
	return same;
}

/* A name that follows a preposition: Czech declines it ("v sérii 2",
 * "oproti sérii 1"), and a name the study gave, which cannot be declined,
 * stands after a declined word for series ("v sérii Kontrolní běh"). */
char *studytext_series_name_after(const study_plan *p, size_t k,
				  const char *lang)
{
	const series_def *sd = &p->series[k];
	char *name = studytext_series_name(p, k, lang);
	const char *words;
	char *out;

	if (!name)
		return NULL;
	if (!lang)
		lang = I18N_SOURCE_LANG;
	if (is_id_name(lang, sd, name)) {
		g_free(name);
		/* TRANSLATORS: "Series 1" after a preposition, "in Series
		   1"; %s is the series id.  Czech: the locative, which is
		   also the dative ("v sérii 1", "oproti sérii 1"). */
		words = i18n_ctext(lang, after_ctx, NC_("series label after "
							"a preposition",
							"Series %s"));
		return words ? g_strdup_printf(words, sd->id) : NULL;
	}
	/* TRANSLATORS: a series name that cannot be declined (the study's
	   own label or the name of its kind) after a preposition, "in
	   %s"; Czech puts the declined word for series before it. */
	words = i18n_ctext(lang, after_ctx, NC_("series label after a "
						"preposition", "%s"));
	out = words ? g_strdup_printf(words, name) : NULL;
	g_free(name);
	return out;
}

/* A default name inside a sentence, where Czech writes "série 1" in
 * lower case ("bez spojeného závěru: série 1 (...)"); a name the study
 * gave or the name of a kind stays as written. */
char *studytext_series_name_inside(const study_plan *p, size_t k,
				   const char *lang)
{
	const series_def *sd = &p->series[k];
	char *name = studytext_series_name(p, k, lang);
	const char *words;

	if (!name)
		return NULL;
	if (!lang)
		lang = I18N_SOURCE_LANG;
	if (!is_id_name(lang, sd, name))
		return name;
	g_free(name);
	/* TRANSLATORS: "Series 1" inside a sentence, where it does not
	   open the sentence, a list item or a table cell: "no joint
	   claim: Series 1 (...); Series 2 (...)"; %s is the series id.
	   Czech writes it in lower case ("série 1"), as a common noun. */
	words = i18n_ctext(lang, inside_ctx, NC_("series label inside a "
						 "sentence", "Series %s"));
	return words ? g_strdup_printf(words, sd->id) : NULL;
}

char *studytext_sentence_start(const char *text)
{
	const char *end = text;
	bool lower_word = *text != '\0';
	GString *out;
	char buf[8];
	int n;

	/* The first word: up to a blank or a punctuation mark. */
	while (*end && lower_word) {
		gunichar c = g_utf8_get_char(end);
		if (g_unichar_isspace(c) || g_unichar_ispunct(c))
			break;
		lower_word = g_unichar_islower(c);
		end = g_utf8_next_char(end);
	}
	if (!lower_word || end == text)
		return g_strdup(text);
	n = g_unichar_to_utf8(g_unichar_totitle(g_utf8_get_char(text)), buf);
	out = g_string_new_len(buf, n);
	g_string_append(out, g_utf8_next_char(text));
	return g_string_free(out, FALSE);
}
