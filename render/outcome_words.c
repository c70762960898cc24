/* outcome_words.c: the words of a boundary outcome.  The messages are
 * extracted by xgettext like the pages' own (this file is in I18N_SRC,
 * Makefile.am). */
#include "render/outcome_words.h"

#include <inttypes.h>

#include "render/i18n.h"

/* Named tr and trc so that xgettext's --keyword=tr:2 and trc:2c,3 find
 * the messages. */
static const char *tr(const char *lang, const char *msgid)
{
	return i18n_text(lang, msgid);
}

static const char *trc(const char *lang, const char *ctx, const char *msgid)
{
	return i18n_ctext(lang, ctx, msgid);
}

/* "normalized to %s" for the value V.  Korean joins the particle 으로 to
 * a number whose reading ends in a consonant, which is one whose last
 * digit is 0, 3 or 6 (십, 삼, 육; 백, 천, 만 for the round ones), and 로 to
 * any other; the other languages translate both messages alike. */
static const char *normalized_format(const char *lang, int64_t v)
{
	int64_t last = (v < 0 ? -v : v) % 10;

	if (last == 0 || last == 3 || last == 6)
		/* TRANSLATORS: %s is a number whose last digit is 0, 3 or
		   6 ("normalized to 20"). */
		return trc(lang, "number ending in 0, 3 or 6",
			   "normalized to %s");
	/* TRANSLATORS: %s is a number whose last digit is 1, 2, 4, 5, 7, 8
	   or 9 ("normalized to 5"). */
	return tr(lang, "normalized to %s");
}

static const char *outcome_msg(const char *lang, boundary_outcome o)
{
	switch (o) {
	case OUTCOME_VALUE_USED:
		return tr(lang, "value is used");
	case OUTCOME_ROUNDED_DOWN:
		return tr(lang, "rounded down");
	case OUTCOME_NORMALIZED:
		return NULL;
	case OUTCOME_DISABLED:
		return tr(lang, "documented disabling");
	case OUTCOME_OBSERVATION_ONLY:
		return tr(lang, "separate observation for this build");
	case OUTCOME_CONTRADICTS:
		return tr(lang, "contradicts the documentation");
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
