/* fuzz_verify.c: libFuzzer target for `pairboot verify`: a hostile page or
 * results.json set beside a tiny study (tests/data/tiny, read and analysed
 * once at start-up).
 *
 * An input that starts with '{' is read as a results.json (a syntax error
 * must say where it is), any other as a page.  Checks: the comparison
 * ends with an outcome or out of memory; every page unit is judged once,
 * so the items are at least as many as the units read; a page read whole
 * has no problem listed. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <jansson.h>

#include "analyze/analysis.h"
#include "common/diag.h"
#include "ingest/results_json.h"
#include "ingest/study_read.h"
#include "verify/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Read once; live as long as the process. */
static study *tiny;
static analysis *tiny_analysis;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	diag *d = diag_new(NULL, 0);

	(void)argc;
	(void)argv;
	if (!d || study_read(FUZZ_STUDY, d, &tiny) != PB_OK
	    || analysis_run(tiny, d, &tiny_analysis) != PB_OK)
		abort();
	diag_free(d);
	return 0;
}

static void check_page(const uint8_t *data, size_t size,
		       const marks_rules *rules)
{
	verify_outcome *o = NULL;
	pb_status st = verify_page(tiny, tiny_analysis, (const char *)data,
				   size, rules, &o);

	if (st == PB_NOMEM)
		return;
	if (st != PB_OK || !o)
		abort();
	if (vreport_n_items(o->report) < pageview_n_units(o->page))
		abort();
	verify_outcome_free(o);
}

static void check_json(const uint8_t *data, size_t size,
		       const marks_rules *rules)
{
	diag *d = diag_new(NULL, 0);
	json_t *root = NULL;
	verify_outcome *o = NULL;
	int version;
	pb_status st;

	if (!d)
		abort();
	st = results_json_parse("fuzz.json", (const char *)data, size, d,
				&root, &version);
	if (st == PB_DATAERR && diag_errors(d) == 0)
		abort();
	if (st == PB_OK) {
		st = verify_json(tiny, tiny_analysis, root, rules, &o);
		if (st != PB_OK && st != PB_NOMEM)
			abort();
		verify_outcome_free(o);
	}
	json_decref(root);
	diag_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	marks_rules rules = { 0 };

	rules.threshold = tiny->plan.threshold;
	rules.tolerance_given = size % 2 == 1;
	rules.tolerance = 0.05;
	if (size && data[0] == '{')
		check_json(data, size, &rules);
	else
		check_page(data, size, &rules);
	return 0;
}
