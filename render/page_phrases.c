/* page_phrases.c: the wording of the verdicts (see page_phrases.h). */
#include "render/page_phrases.h"

#include <stddef.h>

/* Mark a msgid, and a msgid with its context, for extraction (xgettext
 * --keyword=N_ --keyword=NC_:1c,2), and a msgid with its plural
 * (--keyword=NN_:1,2); the caller translates them. */
#define N_(s) s
#define NC_(c, s) s
#define NN_(s, p) s, p

const char page_verdict_ctx[] = "conclusion";
/* TRANSLATORS: a conclusion followed by each series' verdict: "series
   disagree; no pooled conclusion: Series 1 (...); Series 2 (...)". */
const char page_verdict_with_series[] = NC_("conclusion", "%s: %s");
/* TRANSLATORS: a series and its verdict, "Series 1 (practically
   significant harm)". */
const char page_verdict_series_item[] = NC_("conclusion", "%s (%s)");

/* TRANSLATORS: %zu is the fewest pairs a claim needs. */
static const char *const too_few_pairs[2] = {
	NN_("too few pairs for a claim, which needs at least %zu pair",
	    "too few pairs for a claim, which needs at least %zu pairs")
};

static const char *claim_msgid(verdict v, bool syn)
{
	switch (v) {
	case VERDICT_HARM:
		/* TRANSLATORS: the conclusions of the comparison table; use
		   the published article's wording where it has one. */
		return syn ? N_("practically significant harm in the "
				"synthetic proxy")
			   : N_("practically significant harm");
	case VERDICT_BENEFIT:
		return syn ? N_("practically significant benefit in the "
				"synthetic proxy")
			   : N_("practically significant benefit");
	case VERDICT_EQUIVALENT:
		return N_("equivalent within the threshold");
	case VERDICT_DETECTED:
		return N_("a difference is detected; whether it reaches the "
			  "practical threshold is not established");
	default:
		return NULL;
	}
}

const char *verdict_msgid(verdict v, bool synthetic, const char **plural)
{
	const char *claim = claim_msgid(v, synthetic);

	*plural = NULL;
	if (claim)
		return claim;
	switch (v) {
	case VERDICT_INDETERMINATE:
		return N_("advantage not established; equivalence not proven");
	case VERDICT_NO_INTERVAL:
		return N_("too few pairs for an interval");
	case VERDICT_TOO_FEW_PAIRS:
		*plural = too_few_pairs[1];
		return too_few_pairs[0];
	case VERDICT_NO_SPREAD:
		return N_("no spread between blocks, so no claim");
	case VERDICT_DIRECTION_DIFFERS:
		return N_("result indeterminate and differs in direction");
	case VERDICT_SERIES_DISAGREE:
		return N_("series disagree; no pooled conclusion");
	case VERDICT_OPPOSITE_DIRECTIONS:
		return N_("series differ in direction; no pooled conclusion");
	default:
		return "?";
	}
}

bool page_verdict_list_series(verdict v, bool same)
{
	return v == VERDICT_SERIES_DISAGREE
	       || v == VERDICT_OPPOSITE_DIRECTIONS || !same;
}
