/* fuzz_schedule.c: libFuzzer target for the schedule.csv reader.
 *
 * The input is one schedule.csv, checked against a plan of number states
 * or one of named states (the last byte chooses).  It is read whole and in
 * small pieces; both readings must give the same rows and messages, and a
 * schedule that is accepted plans only latency series, blocks and
 * positions from 1, listed states and distinct, non-empty run ids. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/study.h"
#include "tests/fuzz/fuzzlib.h"
#include "ingest/schedule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define STUDY_KEYS(FORMAT, REFERENCE, STATES) \
	"[study]\n" \
	"format = " FORMAT "\n" \
	"title = fuzz\n" \
	"build = 1\n" \
	"column = latency_us\n" \
	"scale = 0.001\n" \
	"unit = ms\n" \
	"better = lower\n" \
	"statistic = p99\n" \
	"reference = " REFERENCE "\n" \
	"threshold = 1.5\n" \
	"confidence = 0.95\n" \
	"resamples = 1000\n" \
	"seed = 7\n" \
	"states = " STATES "\n"

static const char numbers_text[] =
	STUDY_KEYS("1", "20", "missing;0;10;20;100")
	"[series 1]\nkind = latency\n"
	"[series m]\nkind = mechanism\n"
	"[series 2]\nkind = latency\n";

static const char names_text[] =
	STUDY_KEYS("2", "Balanced", "Balanced;High performance;Power saver")
	"state_type = name\n"
	"[series 1]\nkind = latency\n"
	"[series hdmi]\nkind = latency\n";

/* Read once; live as long as the process (the fuzzer never returns). */
static study_plan numbers, names;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_plan_read(numbers_text, sizeof numbers_text - 1, &numbers);
	fuzz_plan_read(names_text, sizeof names_text - 1, &names);
	return 0;
}

static bool same_row(const schedule_row *a, const schedule_row *b)
{
	return fuzz_same_str(a->run, b->run) && a->series == b->series
	       && a->block == b->block && a->position == b->position
	       && pb_state_equal(a->state, b->state)
	       && fuzz_same_str(a->latency, b->latency) && a->line == b->line;
}

/* What an accepted schedule promises of row I of S under PLAN. */
static bool row_sound(const study_plan *plan, const schedule *s, size_t i)
{
	const schedule_row *r = &s->rows[i];

	if (r->series >= plan->n_series
	    || plan->series[r->series].kind != SERIES_LATENCY
	    || r->block < 1 || r->position < 1 || !r->run || !r->run[0]
	    || study_state_index(plan, r->state) == STUDY_NO_STATE)
		return false;
	for (size_t j = 0; j < i; j++)
		if (strcmp(s->rows[j].run, r->run) == 0)
			return false;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	diag *d1 = diag_new(NULL, 0), *d2 = diag_new(NULL, 0);
	schedule *s1 = NULL, *s2 = NULL;
	/* The piece size and the plan come from the last byte, so the fuzzer
	 * explores all; inputs ending in a newline get the number states. */
	size_t chunk = size ? 1 + data[size - 1] % 7 : 1;
	const study_plan *plan = size && data[size - 1] / 7 % 2 == 0
				 ? &names : &numbers;
	pb_status st1, st2;

	if (!d1 || !d2)
		abort();
	st1 = schedule_read_buffer(buf, size, "schedule.csv", plan, 0, d1,
				   &s1);
	st2 = schedule_read_buffer(buf, size, "schedule.csv", plan, chunk, d2,
				   &s2);
	if ((st1 == PB_OK) != (s1 != NULL) || (st2 == PB_OK) != (s2 != NULL))
		abort();
	if (st1 == PB_DATAERR && diag_errors(d1) == 0)
		abort();
	if (st1 != st2 || !fuzz_same_messages(d1, d2))
		abort();
	if (s1) {
		if (s1->n == 0 || s1->n != s2->n || diag_errors(d1) != 0)
			abort();
		for (size_t i = 0; i < s1->n; i++)
			if (!same_row(&s1->rows[i], &s2->rows[i])
			    || !row_sound(plan, s1, i))
				abort();
	}
	schedule_free(s1);
	schedule_free(s2);
	diag_free(d1);
	diag_free(d2);
	return 0;
}
