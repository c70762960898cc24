/* fuzz_plan.c: libFuzzer target for the study.ini reader (GKeyFile plus
 * pairboot's strict checks).
 *
 * The input is one study.ini.  A plan that is accepted must satisfy what
 * plan.h promises to analyze/, since analysis relies on it unchecked, and
 * a format 1 plan must hold nothing of format 2. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "common/diag.h"
#include "ingest/study_ini.h"
#include "ingest/study.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether any language of L holds a text. */
static bool any_l10n(const plan_l10n *l)
{
	for (size_t i = 0; i < PLAN_TEXT_LANGS; i++)
		if (l->in[i])
			return true;
	return false;
}

/* What the format 2 keys promise: none of them in a format 1 plan, and a
 * value rule (boundary series only; format 1's is built in; none with
 * named states) that is whole and ordered. */
static void check_format2(const study_plan *p)
{
	bool format1 = p->format == 1;

	if (format1 && (p->allow_negative || p->state_type != PB_STATE_NUMBER
			|| any_l10n(&p->title_l10n)
			|| any_l10n(&p->platform_l10n)))
		abort();
	for (size_t k = 0; k < p->n_series; k++) {
		const series_def *s = &p->series[k];
		const value_rule *r = &s->rule;

		if (format1 && (any_l10n(&s->label_l10n)
				|| any_l10n(&s->note_l10n)))
			abort();
		if (!r->declared)
			continue;
		if (p->state_type == PB_STATE_NAME)
			abort();
		if (s->kind != SERIES_BOUNDARY || r->multiple < 1
		    || (r->has_valid && r->valid_lo > r->valid_hi))
			abort();
	}
}

static void check_plan(const study_plan *p)
{
	bool reference_listed = false;
	bool latency = false;

	if ((p->format != 1 && p->format != 2) || !p->title || !p->build
	    || !p->column || !p->unit)
		abort();
	check_format2(p);
	if (!(isfinite(p->scale) && p->scale > 0))
		abort();
	if (!(isfinite(p->threshold) && p->threshold > 0))
		abort();
	if (!(p->confidence > 0 && p->confidence < 1))
		abort();
	if (!p->resamples_exact && p->resamples < PLAN_MIN_RESAMPLES)
		abort();
	if (p->n_states == 0 || p->n_series == 0)
		abort();
	for (size_t i = 0; i < p->n_states; i++) {
		if (p->states[i].named != (p->state_type == PB_STATE_NAME)
		    || !p->states[i].text)
			abort();
		reference_listed |= pb_state_equal(p->states[i], p->reference);
		for (size_t j = 0; j < i; j++)
			if (pb_state_equal(p->states[i], p->states[j]))
				abort();
	}
	for (size_t k = 0; k < p->n_series; k++)
		latency |= p->series[k].kind == SERIES_LATENCY;
	if (!reference_listed || !latency)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	diag *d = diag_new(NULL, 0);
	study_plan plan;
	pb_status st;

	if (!d)
		abort();
	st = study_ini_read_buffer((const char *)data, size, "study.ini", d, &plan);
	if (st == PB_OK)
		check_plan(&plan);
	else if (st == PB_DATAERR && diag_errors(d) == 0)
		abort();
	study_plan_free(&plan);
	diag_free(d);
	return 0;
}
