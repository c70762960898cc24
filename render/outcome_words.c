/* outcome_words.c: the words of a boundary outcome.  The messages are
 * those of render/page_phrases.c, which `pairboot verify` reads back. */
#include "render/outcome_words.h"

#include <inttypes.h>

#include "render/i18n.h"
#include "render/page_phrases.h"

/* The words of page phrase ID in LANG (render/page_phrases.h, where the
 * messages are extracted from), or NULL when LANG's catalog lacks them. */
static const char *phrase(const char *lang, page_phrase_id id)
{
	const page_phrase *p = page_phrase_get(id);

	return p->ctx ? i18n_ctext(lang, p->ctx, p->msgid)
		      : i18n_text(lang, p->msgid);
}

/* "normalized to %s" for the value V.  Korean joins the particle 으로 to
 * a number whose reading ends in a consonant, which is one whose last
 * digit is 0, 3 or 6 (십, 삼, 육; 백, 천, 만 for the round ones), and 로 to
 * any other; the other languages translate both messages alike. */
static const char *normalized_format(const char *lang, int64_t v)
{
	int64_t last = (v < 0 ? -v : v) % 10;

	if (last == 0 || last == 3 || last == 6)
		return phrase(lang, PH_OUTCOME_NORMALIZED_036);
	return phrase(lang, PH_OUTCOME_NORMALIZED);
}

static const char *outcome_msg(const char *lang, boundary_outcome o)
{
	switch (o) {
	case OUTCOME_VALUE_USED:
		return phrase(lang, PH_OUTCOME_VALUE_USED);
	case OUTCOME_ROUNDED_DOWN:
		return phrase(lang, PH_OUTCOME_ROUNDED_DOWN);
	case OUTCOME_NORMALIZED:
		return NULL;
	case OUTCOME_DISABLED:
		return phrase(lang, PH_OUTCOME_DISABLED);
	case OUTCOME_OBSERVATION_ONLY:
		return phrase(lang, PH_OUTCOME_OBSERVATION_ONLY);
	case OUTCOME_CONTRADICTS:
		return phrase(lang, PH_OUTCOME_CONTRADICTS);
	}
	return NULL;
}

pb_status outcome_words(const char *lang, const boundary_row *b, gchar **out)
{
	const char *f;
	gchar *num;

	*out = NULL;
	if (b->outcome != OUTCOME_NORMALIZED) {
		f = outcome_msg(lang, b->outcome);
		if (!f)
			return PB_SOFTWARE;
		*out = g_strdup(f);
		return PB_OK;
	}
	f = normalized_format(lang, b->expected_value);
	if (!f)
		return PB_SOFTWARE;
	num = g_strdup_printf("%" PRId64, b->expected_value);
	*out = g_strdup_printf(f, num);
	g_free(num);
	return PB_OK;
}

const char *outcome_words_pooled(const char *lang, const boundary_row *b,
				 GPtrArray *pool, pb_status *st)
{
	gchar *text;
	pb_status res = outcome_words(lang, b, &text);

	if (res != PB_OK) {
		*st = pb_status_merge(*st, res);
		return "?";
	}
	g_ptr_array_add(pool, text);
	return text;
}

const char *outcome_service(mdpage *md, const study_plan *p, service_word w)
{
	if (p->service) {
		page_phrase_id f = w == SERVICE_RUNNING ? PH_OBS_NAMED_RUNNING
				   : w == SERVICE_STOPPED ? PH_OBS_NAMED_STOPPED
				   : PH_OBS_NAMED_NOT_RUNNING;
		return mdpage_fmt(md, mdpage_phrase(md, f),
				  mdpage_esc(md, p->service));
	}
	return mdpage_phrase(md, w == SERVICE_RUNNING ? PH_OBS_RUNNING
			     : w == SERVICE_STOPPED ? PH_OBS_STOPPED
			     : PH_OBS_NOT_RUNNING);
}

const char *outcome_observed(mdpage *md, const study_plan *p,
			     const study_run *r, const boundary_row *b,
			     bool drop_echo)
{
	GPtrArray *parts = g_ptr_array_new();
	const char *api = NULL, *reg = NULL, *text;
	bool echo = drop_echo && b->outcome == OUTCOME_DISABLED
		    && !b->written.missing && b->api_ok
		    && b->api_value == (int64_t)b->written.value;

	if (b->api_ok)
		api = mdpage_fmt(md, mdpage_phrase(md, PH_OBS_API),
				 mdpage_fmt(md, "%" PRId64, b->api_value));
	else if (r->mech && r->mech->query_seen)
		api = mdpage_phrase(md, PH_OBS_API_FAILED);
	if (b->registered == 0)
		reg = mdpage_phrase(md, PH_OBS_NOT_REGISTERED);
	else if (b->registered == 1 && b->service == 0)
		reg = mdpage_phrase(md, PH_OBS_REGISTERED);
	if (b->service == 0) {
		g_ptr_array_add(parts, (gpointer)outcome_service(md, p,
							SERVICE_STOPPED));
		if (reg)
			g_ptr_array_add(parts, (gpointer)reg);
		if (api && !echo)
			g_ptr_array_add(parts, (gpointer)api);
	} else {
		if (api)
			g_ptr_array_add(parts, (gpointer)api);
		if (b->service == 1)
			g_ptr_array_add(parts, (gpointer)outcome_service(md, p,
							SERVICE_RUNNING));
		if (reg)
			g_ptr_array_add(parts, (gpointer)reg);
	}
	text = parts->len ? mdpage_join(md, parts, ", ")
			  : mdpage_phrase(md, PH_NOT_REPORTED);
	g_ptr_array_free(parts, TRUE);
	return text;
}
