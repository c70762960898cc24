/* recording.c: where the recording of a planned study stands (see
 * recording.h). */
#include "analyze/recording.h"

#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ingest/schedule.h"

void recording_free(recording *r)
{
	free(r->stand);
	free(r->series);
	if (r->has_check)
		design_check_free(&r->check);
	memset(r, 0, sizeof *r);
}

/* The runs of S, series by series. */
static void count_runs(const study *s, recording *r)
{
	for (size_t i = 0; i < s->n_runs; i++) {
		const study_run *run = &s->runs[i];
		recording_series *rs = &r->series[run->series];

		rs->runs++;
		rs->accepted += run->accepted;
		rs->has_reference = rs->has_reference
				    || (run->accepted
					&& pb_state_equal(run->state,
							  s->plan.reference));
	}
}

/* Marks in LISTED the schedule rows runs.csv lists: by run id (the
 * check's match) or by the latency file a run names, so that a boot
 * listed under another id is not listed twice. */
static void mark_listed(const study *s, const schedule_check *c,
			bool *listed)
{
	GHashTable *paths = g_hash_table_new(g_str_hash, g_str_equal);

	for (size_t i = 0; i < s->n_runs; i++) {
		if (c->row_of[i] != (size_t)-1)
			listed[c->row_of[i]] = true;
		if (s->runs[i].latency_path)
			g_hash_table_add(paths, s->runs[i].latency_path);
	}
	for (size_t j = 0; j < s->schedule->n; j++) {
		const char *lat = s->schedule->rows[j].latency;

		if (lat && g_hash_table_contains(paths, lat))
			listed[j] = true;
	}
	g_hash_table_destroy(paths);
}

/* Each schedule row's stand, from the last row back, so that a boot
 * knows whether one planned later in its series was recorded (LATER,
 * one flag per series). */
static void mark_stands(const study *s, const bool *listed,
			const bool *present, bool *later, recording *r)
{
	const schedule *sch = s->schedule;

	for (size_t j = sch->n; j-- > 0;) {
		size_t k = sch->rows[j].series;
		boot_stand b = listed[j] ? BOOT_LISTED
			       : present[j] ? BOOT_UNLISTED
			       : later[k] ? BOOT_SKIPPED : BOOT_TO_RECORD;

		later[k] = later[k] || b == BOOT_LISTED || b == BOOT_UNLISTED;
		r->stand[j] = b;
		r->stands[b]++;
		r->series[k].planned++;
		r->series[k].stands[b]++;
	}
}

/* The part of recording_assess that needs the schedule. */
static pb_status assess_schedule(const study *s, const bool *present,
				 recording *r)
{
	size_t n = s->schedule->n ? s->schedule->n : 1;
	bool *listed = calloc(n, sizeof *listed);
	bool *later = calloc(s->plan.n_series ? s->plan.n_series : 1,
			     sizeof *later);
	pb_status st = PB_NOMEM;

	r->stand = malloc(n * sizeof *r->stand);
	if (listed && later && r->stand)
		st = design_check_schedule(s, &r->check);
	r->has_check = st == PB_OK;
	if (st == PB_OK) {
		mark_listed(s, &r->check, listed);
		mark_stands(s, listed, present, later, r);
	}
	free(listed);
	free(later);
	return st;
}

pb_status recording_assess(const study *s, const bool *present,
			   recording *out)
{
	pb_status st = PB_OK;

	memset(out, 0, sizeof *out);
	out->series = calloc(s->plan.n_series ? s->plan.n_series : 1,
			     sizeof *out->series);
	if (!out->series)
		return PB_NOMEM;
	count_runs(s, out);
	if (s->schedule)
		st = assess_schedule(s, present, out);
	if (st != PB_OK)
		recording_free(out);
	return st;
}

void recording_look_advice(const study *s, const analysis *a, size_t k,
			   look_advice *out)
{
	memset(out, 0, sizeof *out);
	out->stop = true;
	for (size_t i = 0; i < a->n_cmp; i++) {
		const comparison *c = &a->cmp[i];

		if (c->series != k)
			continue;
		out->comparisons++;
		if (c->looks_reached > out->looks_reached)
			out->looks_reached = c->looks_reached;
		out->stop = out->stop && (c->look_status == LOOK_STOP
					  || c->look_status == LOOK_FUTILE
					  || c->look_status == LOOK_ENDED);
	}
	out->stop = out->stop && out->comparisons > 0;
	if (!out->stop && out->looks_reached < s->plan.n_looks)
		out->next_look = out->looks_reached + 1;
}
