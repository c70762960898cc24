/* fuzz_manifest.c: libFuzzer target for the runs.csv reader.
 *
 * The input is one runs.csv, checked against one of three fixed plans: a
 * format 1 plan with every kind of series (that of tests/data/tiny), a
 * format 2 plan with latency series only, under which the mechanism column
 * may be left out, or a format 2 plan of named states.  It is read whole and in small pieces; both readings
 * must give the same runs and the same messages. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/manifest.h"
#include "ingest/study.h"
#include "tests/fuzz/fuzzlib.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* One series of every kind a study of named states may have (a control
 * series needs number states), then the control series. */
#define NAMED_KINDS \
	"[series 1]\n" \
	"kind = latency\n" \
	"[series m]\n" \
	"kind = mechanism\n" \
	"[series b]\n" \
	"kind = boundary\n"
#define EVERY_KIND NAMED_KINDS \
	"[series c]\n" \
	"kind = control\n"

static const char plan_text[] =
	"[study]\n"
	"format = 1\n"
	"title = fuzz\n"
	"build = 1\n"
	"column = latency_us\n"
	"scale = 0.001\n"
	"unit = ms\n"
	"better = lower\n"
	"statistic = p99\n"
	"reference = 20\n"
	"threshold = 1.5\n"
	"confidence = 0.95\n"
	"resamples = 1000\n"
	"seed = 7\n"
	"states = missing;0;10;20;100\n"
	EVERY_KIND
	"[series 2]\n"
	"kind = latency\n";

static const char plan2_text[] =
	"[study]\n"
	"format = 2\n"
	"title = fuzz\n"
	"title[de] = Fuzz\n"
	"build = 1\n"
	"column = latency_us\n"
	"scale = 1\n"
	"unit = us\n"
	"better = lower\n"
	"statistic = mean\n"
	"reference = 0\n"
	"threshold = 1\n"
	"confidence = 0.95\n"
	"resamples = 1000\n"
	"seed = 7\n"
	"allow_negative = yes\n"
	"states = 0;1;missing\n"
	"[series 1]\n"
	"kind = latency\n"
	"[series two]\n"
	"kind = latency\n";

static const char plan3_text[] =
	"[study]\n"
	"format = 2\n"
	"state_type = name\n"
	"title = fuzz\n"
	"build = 1\n"
	"column = latency_us\n"
	"scale = 1\n"
	"unit = us\n"
	"better = lower\n"
	"statistic = p99\n"
	"reference = Balanced\n"
	"threshold = 1\n"
	"confidence = 0.95\n"
	"resamples = 1000\n"
	"seed = 7\n"
	"states = Balanced;High performance;Power saver;missing;10\n"
	NAMED_KINDS;

/* Read once; live as long as the process (the fuzzer never returns). */
static study_plan plan1, plan2, plan3;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_plan_read(plan_text, sizeof plan_text - 1, &plan1);
	fuzz_plan_read(plan2_text, sizeof plan2_text - 1, &plan2);
	fuzz_plan_read(plan3_text, sizeof plan3_text - 1, &plan3);
	return 0;
}

static bool same_run(const study_run *a, const study_run *b)
{
	return fuzz_same_str(a->id, b->id) && a->series == b->series
	       && a->block == b->block && pb_state_equal(a->state, b->state)
	       && a->accepted == b->accepted && fuzz_same_str(a->note, b->note)
	       && a->position == b->position
	       && fuzz_same_str(a->started, b->started)
	       && fuzz_same_str(a->latency_path, b->latency_path)
	       && fuzz_same_str(a->mechanism_path, b->mechanism_path)
	       && a->manifest_line == b->manifest_line
	       && a->latency_col == b->latency_col
	       && a->mechanism_col == b->mechanism_col;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	diag *d1 = diag_new(NULL, 0), *d2 = diag_new(NULL, 0);
	study_run *r1 = NULL, *r2 = NULL;
	size_t n1 = 0, n2 = 0;
	/* The piece size and the plan come from the last byte, so the fuzzer
	 * explores all; inputs ending in a newline get the format 1 plan. */
	size_t chunk = size ? 1 + data[size - 1] % 7 : 1;
	const study_plan *const plans[3] = { &plan2, &plan1, &plan3 };
	const study_plan *plan = size ? plans[data[size - 1] / 7 % 3] : &plan1;
	pb_status s1, s2;

	if (!d1 || !d2)
		abort();
	s1 = manifest_read_buffer(buf, size, "runs.csv", plan, 0, d1, &r1,
				  &n1);
	s2 = manifest_read_buffer(buf, size, "runs.csv", plan, chunk, d2, &r2,
				  &n2);
	if (s1 == PB_DATAERR && diag_errors(d1) == 0)
		abort();
	if (s1 == PB_OK && (n1 == 0 || diag_errors(d1) != 0))
		abort();
	if (s1 != s2 || n1 != n2 || !fuzz_same_messages(d1, d2))
		abort();
	for (size_t i = 0; i < n1; i++) {
		if (!same_run(&r1[i], &r2[i]) || r1[i].series >= plan->n_series
		    || r1[i].block < 1)
			abort();
	}
	manifest_runs_free(r1, n1);
	manifest_runs_free(r2, n2);
	diag_free(d1);
	diag_free(d2);
	return 0;
}
