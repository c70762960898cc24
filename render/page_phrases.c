/* page_phrases.c: the phrases of the pages (see page_phrases.h). */
#include "render/page_phrases.h"

#include <stddef.h>

/* Mark a msgid, and a msgid with its context, for extraction (xgettext
 * --keyword=N_ --keyword=NC_:1c,2), and a msgid with its plural
 * (--keyword=NN_:1,2); the caller translates them. */
#define N_(s) s
#define NC_(c, s) s
#define NN_(s, p) s, p

/* Mark a table entry for extraction (xgettext --keyword=P_
 * --keyword=PC_:1c,2 --keyword=PN_:1,2). */
#define P_(s) { NULL, s, NULL }
#define PC_(c, s) { c, s, NULL }
#define PN_(s, p) { NULL, s, p }

static const page_phrase phrases[PH_COUNT] = {
	/* TRANSLATORS: %s is the reference state, such as `20`. */
	[PH_CMP_HEAD] = P_("Comparison with %s"),
	/* TRANSLATORS: the series' name and the confidence level,
	   "Series 1, difference and 95% CI". */
	[PH_CMP_SERIES_HEAD] = P_("%s, difference and %s CI"),
	[PH_CMP_CONCLUSION_HEAD] = P_("Conclusion"),
	/* TRANSLATORS: %s is the series id ("Series 1"). */
	[PH_SERIES_LABEL] = PC_("series label", "Series %s"),
	[PH_NO_PAIRS] = P_("no pairs"),
	[PH_NO_INTERVAL] = P_("(no interval)"),
	[PH_HEAD_STATE] = PC_("table header", "State"),
	[PH_HEAD_REGISTRATION] = P_("Registration"),
	[PH_HEAD_NAMED_SERVICE] = P_("%s state"),
	[PH_HEAD_SERVICE] = P_("Service state"),
	[PH_HEAD_WIN32] = P_("Win32 priority of one thread"),
	[PH_HEAD_ETW] = P_("ETW priority of one thread"),
	[PH_SERVICE_RUNNING] = PC_("service state", "running"),
	[PH_SERVICE_STOPPED] = PC_("service state", "stopped"),
	[PH_NOT_REPORTED] = P_("not reported"),
	[PH_HEAD_WRITTEN] = P_("Written"),
	[PH_HEAD_OBSERVED] = P_("Observed state after boot"),
	[PH_HEAD_RESULT] = P_("Result"),
	[PH_OBS_API] = P_("API returned %s"),
	[PH_OBS_API_FAILED] = P_("API query failed"),
	/* TRANSLATORS: %s is the service's name, such as MMCSS. */
	[PH_OBS_NAMED_RUNNING] = P_("%s running"),
	[PH_OBS_NAMED_STOPPED] = P_("%s stopped"),
	[PH_OBS_NAMED_NOT_RUNNING] = P_("%s not running"),
	[PH_OBS_RUNNING] = P_("service running"),
	[PH_OBS_STOPPED] = P_("service stopped"),
	[PH_OBS_NOT_RUNNING] = P_("service not running"),
	[PH_OBS_NOT_REGISTERED] = P_("registration not performed"),
	[PH_OBS_REGISTERED] = P_("registration performed"),
	[PH_OUTCOME_VALUE_USED] = P_("value is used"),
	[PH_OUTCOME_ROUNDED_DOWN] = P_("rounded down"),
	/* TRANSLATORS: %s is a number whose last digit is 1, 2, 4, 5, 7, 8
	   or 9 ("normalized to 5"). */
	[PH_OUTCOME_NORMALIZED] = P_("normalized to %s"),
	/* TRANSLATORS: %s is a number whose last digit is 0, 3 or
	   6 ("normalized to 20"). */
	[PH_OUTCOME_NORMALIZED_036] = PC_("number ending in 0, 3 or 6",
					  "normalized to %s"),
	[PH_OUTCOME_DISABLED] = P_("documented disabling"),
	[PH_OUTCOME_OBSERVATION_ONLY] = P_("separate observation for this build"),
	[PH_OUTCOME_CONTRADICTS] = P_("contradicts the documentation"),
	/* TRANSLATORS: a registry value that was deleted, as the
	   article's tables write it. */
	[PH_MISSING] = PC_("state", "missing"),
	/* TRANSLATORS: the same state named in a sentence or a title, where
	   the other states stand as code spans (`20`): quoted as the
	   language quotes a name, so that it reads as the state's name,
	   never as a verb or an adjective of the sentence ("der Zustand
	   „fehlt“", "stav „chybí“"). */
	[PH_MISSING_NAMED] = PC_("state in a sentence", "\"missing\""),
	/* TRANSLATORS: the statistic (`p99`) and the column of the
	   measurements it is computed from (`latency_us`). */
	[PH_SET_STATISTIC] = P_(
		"Statistic: %s of the column %s of each boot; the boot is the "
		"unit of replication, and the measurements within a boot are "
		"not counted as repetitions."),
	[PH_SET_EXACT_BOOTSTRAP] = P_(
		"Interval: exact paired bootstrap (every distinct "
		"resample, no random numbers), method %s, confidence %s."),
	[PH_SET_BOOTSTRAP] = P_(
		"Interval: paired bootstrap with %s resamples (generator "
		"mt19937, seed %s), method %s, confidence %s."),
	[PH_SET_T_RESAMPLES] = P_(
		"Interval: Student t interval of the paired differences, "
		"no resampling, method %s, confidence %s; the bootstrap "
		"methods of the sensitivity analysis use %s resamples "
		"(generator mt19937, seed %s)."),
	[PH_SET_T_EXACT] = P_(
		"Interval: Student t interval of the paired differences, "
		"no resampling, method %s, confidence %s; the bootstrap "
		"methods of the sensitivity analysis use the exact "
		"bootstrap."),
	[PH_SET_THRESHOLD_LOWER] = P_(
		"Practical threshold: %s, set in advance; lower values "
		"are better."),
	[PH_SET_THRESHOLD_HIGHER] = P_(
		"Practical threshold: %s, set in advance; higher values "
		"are better."),
	/* The threshold of a plan no `registered` digest holds: study.ini
	   says it, but nothing shows it was chosen before the data. */
	[PH_SET_THRESHOLD_LOWER_DECLARED] = P_(
		"Practical threshold: %s, declared in study.ini; lower "
		"values are better."),
	[PH_SET_THRESHOLD_HIGHER_DECLARED] = P_(
		"Practical threshold: %s, declared in study.ini; higher "
		"values are better."),
	/* TRANSLATORS: what was measured: the study's own words, or "`p99`
	   of `latency_us` per boot". */
	[PH_SET_MEASURED] = P_("Measured: %s."),
	/* TRANSLATORS: %s is the reference state. */
	[PH_SET_DIRECTION_LOWER] = P_(
		"A positive difference means a higher value than at %s, "
		"which is worse here."),
	[PH_SET_DIRECTION_HIGHER] = P_(
		"A positive difference means a higher value than at %s, "
		"which is better here."),
	[PH_SET_CELL] = P_(
		"Each cell holds the mean difference over the paired "
		"blocks and its %s confidence interval."),
	[PH_SET_CELL_SEQUENTIAL] = P_(
		"Each cell holds the mean difference over the paired "
		"blocks up to the look that decided it, or the last look "
		"reached, and its %s repeated confidence interval: taken at "
		"that look's own level, so that the intervals of all looks "
		"cover the true difference together with at least that "
		"chance (Sequential design, below)."),
	[PH_SET_SMALL_SAMPLE] = PN_(
		"With %zu pair, a nominal %s interval of method %s "
		"covered the true difference in only %s of simulated "
		"studies with strongly skewed differences "
		"(docs/statistics.md); the interval may be too narrow.",
		"With %zu pairs, a nominal %s interval of method %s "
		"covered the true difference in only %s of simulated "
		"studies with strongly skewed differences "
		"(docs/statistics.md); the intervals may be too narrow."),
	[PH_SET_PLAN_REGISTERED] = P_(
		"Analysis plan digest (SHA-256 of the canonical plan, "
		"docs/study-format.md): %s, registered before the data."),
	[PH_SET_PLAN_UNREGISTERED] = P_(
		"Analysis plan digest (SHA-256 of the canonical plan, "
		"docs/study-format.md): %s, not registered."),
	[PH_SCOPE_EVERY] = P_(
		"This applies to every comparison above."),
	[PH_SCOPE_LIST] = PN_("This applies to %s.", "This applies to %s."),
	[PH_RUNS_NONE] = P_("no runs"),
	[PH_RUNS_ONE] = P_("the one run was accepted"),
	/* "all 2 runs", "alle 2 Durchläufe" read oddly. */
	[PH_RUNS_TWO] = P_("both runs were accepted"),
	[PH_RUNS_ALL] = PN_(
		"the %zu run was accepted",
		"all %zu runs were accepted"),
	/* The total first, then the accepted runs, whose number the verb
	   and the plural follow; never 0 of them (PH_RUNS_NONE_OF). */
	[PH_RUNS_SOME] = PN_(
		"of %zu runs, %zu was accepted",
		"of %zu runs, %zu were accepted"),
	[PH_RUNS_ONE_REFUSED] = P_("the one run was not accepted"),
	/* Of two runs or more. */
	[PH_RUNS_NONE_OF] = P_("none of the %zu runs was accepted"),
	[PH_RUNS_EXCLUDED] = P_("excluded: %s"),
	[PH_RUNS_NO_LOSS] = P_("no lost trace events or buffers"),
	[PH_RUNS_LOST] = P_(
		"lost trace events: %s, lost buffers: %s"),
};

const page_phrase *page_phrase_get(page_phrase_id id)
{
	return &phrases[id < PH_COUNT ? id : 0];
}

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
	case VERDICT_SERIES_DISAGREE:
		/* The verdicts differ, not necessarily the effects: the
		   heterogeneity section says whether those differ. */
		return N_("the series' verdicts differ; no pooled "
			  "conclusion");
	case VERDICT_OPPOSITE_DIRECTIONS:
		return N_("series differ in direction; no pooled conclusion");
	default:
		return "?";
	}
}

const char page_verdict_short_ctx[] = "short verdict";

const char *verdict_short_msgid(verdict v, bool higher, bool better)
{
	/* TRANSLATORS: a verdict in a few words, after a state's name in
	   the alt text of a figure; the table above the figure gives the
	   verdict in full. */
	switch (v) {
	case VERDICT_HARM:
		return NC_("short verdict", "practical harm");
	case VERDICT_BENEFIT:
		return NC_("short verdict", "practical benefit");
	case VERDICT_EQUIVALENT:
		return NC_("short verdict", "equivalent");
	case VERDICT_DETECTED:
		if (higher)
			return better ? NC_("short verdict",
					    "higher (better), size open")
				      : NC_("short verdict",
					    "higher (worse), size open");
		return better ? NC_("short verdict",
				    "lower (better), size open")
			      : NC_("short verdict",
				    "lower (worse), size open");
	case VERDICT_INDETERMINATE:
		return NC_("short verdict", "not established");
	case VERDICT_NO_INTERVAL:
		return NC_("short verdict", "no interval");
	case VERDICT_TOO_FEW_PAIRS:
		return NC_("short verdict", "too few pairs");
	case VERDICT_NO_SPREAD:
		return NC_("short verdict", "no spread, no claim");
	case VERDICT_SERIES_DISAGREE:
		return NC_("short verdict", "series verdicts differ");
	case VERDICT_OPPOSITE_DIRECTIONS:
		return NC_("short verdict", "series differ in direction");
	default:
		return "?";
	}
}

const char *verdict_detected_msgid(bool higher, bool better)
{
	/* TRANSLATORS: a conclusion; %s is the statistic, such as `p99`,
	   and "the reference" its reference state.  The interval excludes
	   0 on this side but reaches past the practical threshold. */
	if (higher)
		return better ? N_("higher %s than at the reference, which "
				   "is better here; whether the difference "
				   "reaches the practical threshold is not "
				   "established")
			      : N_("higher %s than at the reference, which "
				   "is worse here; whether the difference "
				   "reaches the practical threshold is not "
				   "established");
	return better ? N_("lower %s than at the reference, which is better "
			   "here; whether the difference reaches the "
			   "practical threshold is not established")
		      : N_("lower %s than at the reference, which is worse "
			   "here; whether the difference reaches the "
			   "practical threshold is not established");
}

bool page_verdict_list_series(verdict v, bool same)
{
	return v == VERDICT_SERIES_DISAGREE
	       || v == VERDICT_OPPOSITE_DIRECTIONS || !same;
}
