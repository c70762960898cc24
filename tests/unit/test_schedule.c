/* test_schedule.c: reading schedule.csv from memory, whole and in pieces,
 * against a plan of named states. */
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study_ini.h"
#include "ingest/schedule.h"
#include "tests/lib/tap.h"

static const char plan_text[] =
	"[study]\nformat = 2\nstate_type = name\ntitle = t\nbuild = 1\n"
	"column = latency_us\nscale = 1\nunit = us\nbetter = lower\n"
	"statistic = p99\nreference = Balanced\nthreshold = 1\n"
	"confidence = 0.95\nresamples = 1000\nseed = 7\n"
	"states = Balanced;High performance;Power saver\n"
	"[series 1]\nkind = latency\n[series m]\nkind = mechanism\n";

static study_plan plan;

static void check_good(void)
{
	static const char csv[] =
		"run,series,block,position,state,latency\n"
		"a,1,1,1,Balanced,\n"
		"b,1,1,2,High performance,lat/b.csv\n"
		"c,1,2,1,\"Power saver\",\n";

	for (size_t chunk = 0; chunk <= 5; chunk++) {
		diag *d = diag_new(NULL, 0);
		schedule *s = NULL;
		pb_status st = schedule_read_buffer(csv, strlen(csv),
						    "schedule.csv", &plan,
						    chunk, d, &s);
		bool ok = st == PB_OK && s && s->n == 3
			  && strcmp(s->rows[1].run, "b") == 0
			  && s->rows[1].position == 2
			  && strcmp(s->rows[1].latency, "lat/b.csv") == 0
			  && !s->rows[0].latency && s->rows[2].block == 2
			  && s->rows[2].line == 4
			  && study_state_index(&plan, s->rows[2].state) == 2;
		tap_ok(ok, "three planned boots, read in pieces of %zu", chunk);
		schedule_free(s);
		diag_free(d);
	}
}

static void check_bad(void)
{
	static const char csv[] =
		"run,series,block,position,state\n"
		"a,m,1,1,Balanced\n"
		"b,1,1,1,Balanced\n"
		"c,1,0,1,Power savers\n"
		"b,1,1,2,Balanced\n";
	diag *d = diag_new(NULL, 0);
	schedule *s = NULL;
	pb_status st = schedule_read_buffer(csv, strlen(csv), "schedule.csv",
					    &plan, 3, d, &s);

	tap_ok(st == PB_DATAERR && !s && diag_kept(d) == 4,
	       "a bad schedule is refused with 4 messages (%zu)",
	       diag_kept(d));
	if (diag_kept(d) == 4) {
		tap_streq(diag_message(d, 0), "schedule.csv:2:3: series 'm' "
			  "is not a latency series of study.ini",
			  "a mechanism series is not planned");
		tap_streq(diag_message(d, 1), "schedule.csv:4:5: block is not "
			  "a whole number >= 1 ('0')", "block 0");
		tap_streq(diag_message(d, 2), "schedule.csv:4:9: state 'Power "
			  "savers' is not one of the states of study.ini; did "
			  "you mean 'Power saver'?", "a near name is suggested");
		tap_streq(diag_message(d, 3), "schedule.csv:5:1: run 'b' is "
			  "planned twice (first at line 3)",
			  "a run planned twice");
	}
	diag_free(d);
}

int main(void)
{
	diag *d = diag_new(NULL, 0);

	if (!d || study_ini_read_buffer(plan_text, sizeof plan_text - 1,
				   "study.ini", d, &plan) != PB_OK) {
		tap_ok(false, "the plan is read");
		return tap_done();
	}
	diag_free(d);
	check_good();
	check_bad();
	study_plan_free(&plan);
	return tap_done();
}
