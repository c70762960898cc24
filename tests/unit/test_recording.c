/* test_recording.c: where the recording of a planned study stands
 * (analyze/recording.h), on a study built in memory, and the advice on
 * whether to go on booting at the looks of a sequential study, on
 * comparisons set by hand to each look status.
 *
 * The study: states 0 and 20 (the reference), latency series 1 and 2 and
 * mechanism series m.  Planned, in order:
 *     row 0  s1 b1 p1 20  l/a      runs.csv lists it by its run id
 *     row 1  s1 b1 p2 0   l/b      listed by its file, under id 'other'
 *     row 2  s1 b2 p1 0   l/c      not there, but row 3 is: skipped
 *     row 3  s1 b2 p2 20  l/d      its file is there: not listed yet
 *     row 4  s2 b1 p1 20  l/e      to record
 *     row 5  s2 b1 p2 0   l/f      to record
 * The run 'other' is not planned (its id is in no row); the mechanism
 * run is never called so. */
#include <stdlib.h>
#include <string.h>

#include "analyze/recording.h"
#include "ingest/schedule.h"
#include "tests/lib/tap.h"

static pb_state num(uint32_t v)
{
	return (pb_state){ .value = v };
}

static series_def series[3] = {
	{ .id = "1", .kind = SERIES_LATENCY, .label = "Series 1" },
	{ .id = "2", .kind = SERIES_LATENCY, .label = "Series 2" },
	{ .id = "m", .kind = SERIES_MECHANISM, .label = "Mechanism" },
};

static void build(study *s, pb_state *states, schedule *sch,
		  schedule_row *rows, study_run *runs)
{
	static const struct { size_t series; unsigned long block, pos;
			      uint32_t state; const char *run, *lat; } plan[6] = {
		{ 0, 1, 1, 20, "s1-b1-20", "l/a" },
		{ 0, 1, 2, 0, "s1-b1-0", "l/b" },
		{ 0, 2, 1, 0, "s1-b2-0", "l/c" },
		{ 0, 2, 2, 20, "s1-b2-20", "l/d" },
		{ 1, 1, 1, 20, "s2-b1-20", "l/e" },
		{ 1, 1, 2, 0, "s2-b1-0", "l/f" },
	};

	memset(s, 0, sizeof *s);
	states[0] = num(0);
	states[1] = num(20);
	s->plan.states = states;
	s->plan.n_states = 2;
	s->plan.reference = num(20);
	s->plan.series = series;
	s->plan.n_series = 3;
	for (size_t j = 0; j < 6; j++)
		rows[j] = (schedule_row){ (char *)plan[j].run, plan[j].series,
					  plan[j].block, plan[j].pos,
					  num(plan[j].state),
					  (char *)plan[j].lat, j + 2 };
	sch->rows = rows;
	sch->n = 6;
	s->schedule = sch;
	runs[0] = (study_run){ .id = "s1-b1-20", .series = 0, .block = 1,
			       .state = num(20), .accepted = true,
			       .position = 1, .latency_path = "l/a" };
	runs[1] = (study_run){ .id = "other", .series = 0, .block = 1,
			       .state = num(0), .accepted = true,
			       .latency_path = "l/b" };
	runs[2] = (study_run){ .id = "m1", .series = 2, .block = 1,
			       .state = num(20), .accepted = true };
	s->runs = runs;
	s->n_runs = 3;
}

static void check_stands(void)
{
	static const boot_stand want[6] = {
		BOOT_LISTED, BOOT_LISTED, BOOT_SKIPPED, BOOT_UNLISTED,
		BOOT_TO_RECORD, BOOT_TO_RECORD
	};
	static const bool present[6] = { false, true, false, true, false,
					 false };
	pb_state states[2];
	schedule_row rows[6];
	study_run runs[3];
	schedule sch;
	study s;
	recording r;
	bool same = true;

	build(&s, states, &sch, rows, runs);
	if (!tap_ok(recording_assess(&s, present, &r) == PB_OK,
		    "recording_assess: PB_OK"))
		return;
	for (size_t j = 0; j < 6; j++)
		same = same && r.stand[j] == want[j];
	tap_ok(same, "listed by id, listed by file, skipped, not listed yet, "
	       "to record (twice)");
	tap_ok(r.stands[BOOT_LISTED] == 2 && r.stands[BOOT_UNLISTED] == 1
	       && r.stands[BOOT_SKIPPED] == 1 && r.stands[BOOT_TO_RECORD] == 2,
	       "the counts over every series: 2, 1, 1, 2");
	tap_ok(r.series[0].planned == 4 && r.series[0].stands[BOOT_LISTED] == 2
	       && r.series[0].stands[BOOT_SKIPPED] == 1
	       && r.series[0].runs == 2 && r.series[0].has_reference,
	       "series 1: 4 planned, 2 listed, 1 skipped, 2 runs, a "
	       "reference run");
	tap_ok(r.series[1].planned == 2
	       && r.series[1].stands[BOOT_TO_RECORD] == 2
	       && r.series[1].runs == 0 && !r.series[1].has_reference,
	       "series 2: 2 planned, both to record, no reference run yet");
	tap_ok(r.series[2].planned == 0 && r.series[2].runs == 1,
	       "series m: nothing planned, 1 run");
	tap_ok(r.has_check && r.check.n_unplanned == 1
	       && r.check.unplanned[0] == 1 && r.check.row_of[0] == 0
	       && r.check.row_of[1] == (size_t)-1
	       && r.check.row_of[2] == (size_t)-1,
	       "'other' is not planned, the mechanism run is not counted so");
	recording_free(&r);
}

static void check_without_schedule(void)
{
	pb_state states[2];
	schedule_row rows[6];
	study_run runs[3];
	schedule sch;
	study s;
	recording r;

	build(&s, states, &sch, rows, runs);
	s.schedule = NULL;
	tap_ok(recording_assess(&s, NULL, &r) == PB_OK && !r.stand
	       && !r.has_check && r.series[0].planned == 0
	       && r.series[0].runs == 2,
	       "without a schedule: the runs counted, nothing planned");
	recording_free(&r);
}

/* The advice for a series whose comparisons stand as STATUS[0..N) with
 * LOOKS_REACHED of the plan's 3 looks. */
static look_advice advise(const look_status *status, size_t n,
			  size_t looks_reached)
{
	pb_state states[2];
	schedule_row rows[6];
	study_run runs[3];
	schedule sch;
	study s;
	comparison cmp[4];
	analysis a = { .cmp = cmp, .n_cmp = n + 1 };
	look_advice adv;

	build(&s, states, &sch, rows, runs);
	s.plan.n_looks = 3;
	s.plan.looks[0] = 4;
	s.plan.looks[1] = 8;
	s.plan.looks[2] = 12;
	memset(cmp, 0, sizeof cmp);
	for (size_t i = 0; i < n; i++) {
		cmp[i].series = 0;
		cmp[i].look_status = status[i];
		cmp[i].looks_reached = looks_reached;
	}
	/* A comparison of the other series does not count. */
	cmp[n].series = 1;
	cmp[n].look_status = LOOK_CONTINUE;
	recording_look_advice(&s, &a, 0, &adv);
	return adv;
}

static void check_advice(void)
{
	static const look_status stop_futile[2] = { LOOK_STOP, LOOK_FUTILE };
	static const look_status stop_go[2] = { LOOK_STOP, LOOK_CONTINUE };
	static const look_status ended[2] = { LOOK_ENDED, LOOK_STOP };
	static const look_status none[1] = { LOOK_NOT_REACHED };
	look_advice a;

	a = advise(stop_futile, 2, 1);
	tap_ok(a.comparisons == 2 && a.stop && a.next_look == 0
	       && a.looks_reached == 1,
	       "stopped and futile at look 1: stop booting");
	a = advise(stop_go, 2, 2);
	tap_ok(!a.stop && a.next_look == 3,
	       "one stopped, one to continue at look 2: record on to look 3");
	a = advise(ended, 2, 3);
	tap_ok(a.stop && a.next_look == 0, "ended and stopped at the last "
	       "look: stop booting");
	a = advise(none, 1, 0);
	tap_ok(!a.stop && a.next_look == 1,
	       "no look reached yet: record on to look 1");
	a = advise(NULL, 0, 0);
	tap_ok(a.comparisons == 0 && !a.stop,
	       "a series without comparisons: nothing to advise");
}

int main(void)
{
	check_stands();
	check_without_schedule();
	check_advice();
	return tap_done();
}
