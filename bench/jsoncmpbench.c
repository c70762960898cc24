/* jsoncmpbench.c: what comparing a results.json costs (verify/jsoncmp.h),
 * to be measured from outside.
 *
 *     bench/jsoncmpbench [--parse-only] PUBLISHED FRESH
 *
 * Reads both files through ingest/results_json.h (so PUBLISHED meets the
 * limits `pairboot verify` sets: 64 MiB, 3,000,000 values), compares
 * PUBLISHED with FRESH without a tolerance and prints the items by
 * verdict and the seconds the comparison took.  With --parse-only it
 * stops after reading, so that
 *
 *     /usr/bin/time -v bench/jsoncmpbench [--parse-only] HOSTILE SMALL
 *
 * gives the peak RSS of the reader alone and of reader and comparison;
 * verify/jsoncmp.h quotes the figures for the hostile files it names.
 *
 * Copyright (C) 2026 the pairboot authors
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common/diag.h"
#include "ingest/results_json.h"
#include "verify/jsoncmp.h"
#include "verify/vreport.h"

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Compares the two documents and prints what came of it. */
static int compare(const json_t *pub, const json_t *fresh)
{
	jsoncmp_options opt = { false, 0 };
	vreport *r = vreport_new();
	double start = seconds();
	pb_status st = r ? jsoncmp_run(pub, fresh, &opt, r) : PB_NOMEM;

	if (st != PB_OK) {
		fprintf(stderr, "jsoncmpbench: comparison failed (%d)\n",
			(int)st);
		vreport_free(r);
		return 1;
	}
	printf("%.3f s, %zu items:", seconds() - start, vreport_n_items(r));
	for (int v = 0; v < VREPORT_VERDICTS; v++)
		printf(" %zu %s", vreport_count(r, (vreport_verdict)v),
		       vreport_verdict_word((vreport_verdict)v));
	printf("\n");
	vreport_free(r);
	return 0;
}

int main(int argc, char **argv)
{
	bool parse_only = argc > 1 && strcmp(argv[1], "--parse-only") == 0;
	diag *d = diag_new(stderr, 20);
	json_t *pub = NULL, *fresh = NULL;
	int version, rc = 1;

	if (argc != 3 + parse_only) {
		fprintf(stderr, "usage: jsoncmpbench [--parse-only] PUBLISHED "
			"FRESH\n");
		diag_free(d);
		return 2;
	}
	if (results_json_load(argv[1 + parse_only], d, &pub, &version) == PB_OK
	    && results_json_load(argv[2 + parse_only], d, &fresh, &version)
	       == PB_OK)
		rc = parse_only ? 0 : compare(pub, fresh);
	json_decref(pub);
	json_decref(fresh);
	diag_free(d);
	return rc;
}
