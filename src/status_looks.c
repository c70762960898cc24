/* status_looks.c: where a sequential study stands at its looks (see
 * status_looks.h).  The analysis decides (analyze/analysis.h's look
 * fields, analyze/recording.h's advice); this file only words it, in
 * English, as `check` words its summary. */
#include "config.h"

#include "src/status_looks.h"

#include "analyze/analysis.h"
#include "analyze/recording.h"
#include "common/numtext.h"
#include "src/cli.h"

#define say(...) cli_print(stdout, __VA_ARGS__)

/* The most decimals an interval is printed with. */
#define LOOKS_MAX_DECIMALS 6

/* The line of the plan's looks: "looks: at 2, 4, 6 blocks per series". */
static void say_plan(const study_plan *p)
{
	say("looks: at");
	for (size_t i = 0; i < p->n_looks; i++)
		say("%s %lu", i ? "," : "", p->looks[i]);
	say(" blocks per series (boundary %s)\n",
	    look_boundary_name(p->boundary));
}

/* The interval of comparison C at its look's level: "[+1.2, +3.4] ms at
 * 99.5%", its endpoints with the threshold's decimals, each kept on its
 * side of 0 and of the threshold. */
static void say_interval(const study_plan *p, const comparison *c)
{
	const boot_interval *ci = &c->boot.ci[p->interval];
	const double bounds[2] = { p->threshold, -p->threshold };
	int dec = p->threshold_decimals < 0 ? 0
		  : p->threshold_decimals > LOOKS_MAX_DECIMALS
		  ? LOOKS_MAX_DECIMALS : p->threshold_decimals;
	char lo[NUMTEXT_BUFSIZE], hi[NUMTEXT_BUFSIZE], lvl[NUMTEXT_BUFSIZE];

	if (!ci->defined
	    || numtext_beside(ci->lo, dec, bounds, 2, true, lo, sizeof lo)
	       != PB_OK
	    || numtext_beside(ci->hi, dec, bounds, 2, true, hi, sizeof hi)
	       != PB_OK
	    || numtext_percent(c->look_level,
				   sequential_level_decimals(c->look_level),
				   lvl, sizeof lvl) != PB_OK) {
		say("no interval");
		return;
	}
	say("[%s, %s] %s at %s%%", lo, hi, p->unit, lvl);
}

/* One comparison's line: where it stands at its latest look. */
static void say_comparison(const study *s, const comparison *c)
{
	const study_plan *p = &s->plan;
	char state[PB_STATE_BUFSIZE];

	say("    state %s: ", pb_state_format(p->states[c->state], state,
					      sizeof state));
	switch (c->look_status) {
	case LOOK_NONE:
	case LOOK_NOT_REACHED:
		say("no look reached yet\n");
		return;
	case LOOK_STOP:
		say("stop (%s)", verdict_code(c->verdict));
		break;
	case LOOK_CONTINUE:
		say("continue");
		break;
	case LOOK_FUTILE:
		say("futile");
		break;
	case LOOK_ENDED:
		say("ended");
		break;
	}
	say(" at look %zu (%lu blocks, %zu pairs): ", c->look,
	    c->look >= 1 && c->look <= p->n_looks ? p->looks[c->look - 1] : 0,
	    c->n_pairs);
	say_interval(p, c);
	say("\n");
}

/* Series K: its looks reached, each comparison, and the advice. */
static void say_series(const study *s, const analysis *a, size_t k,
		       const look_advice *adv)
{
	const study_plan *p = &s->plan;

	say("  series %s (%s): ", p->series[k].id, p->series[k].label);
	if (adv->looks_reached)
		say("%zu of %zu looks reached\n", adv->looks_reached,
		    p->n_looks);
	else
		say("no look reached yet\n");
	for (size_t i = 0; i < a->n_cmp; i++)
		if (a->cmp[i].series == k)
			say_comparison(s, &a->cmp[i]);
	if (adv->stop)
		say("    advice: stop booting: every comparison has stopped, "
		    "is futile or has ended\n");
	else if (adv->next_look)
		say("    advice: record on to look %zu (%lu blocks)\n",
		    adv->next_look, p->looks[adv->next_look - 1]);
	else
		say("    advice: every look is reached\n");
}

pb_status status_looks_print(const study *s, bool clean, bool quiet,
			     diag *d)
{
	analysis *a = NULL;
	pb_status st;

	if (s->plan.n_looks == 0)
		return PB_OK;
	/* Quiet, the study is still analysed: what the analysis finds
	 * wrong decides the exit status. */
	st = clean ? analysis_run(s, d, &a) : PB_OK;
	if (quiet || st != PB_OK || !clean) {
		if (!quiet)
			say_plan(&s->plan);
		if (!quiet)
			say("  not judged: %s\n", clean ? "the study could not "
			    "be analysed" : "the study has problems");
		analysis_free(a);
		return st;
	}
	say_plan(&s->plan);
	for (size_t k = 0; k < s->plan.n_series; k++) {
		look_advice adv;

		recording_look_advice(s, a, k, &adv);
		if (adv.comparisons)
			say_series(s, a, k, &adv);
	}
	analysis_free(a);
	return PB_OK;
}
