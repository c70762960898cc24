/* fuzz_latency.c: libFuzzer target for the latency CSV reader.
 *
 * The input is one latency CSV.  It is read twice, whole and in small
 * pieces, and both readings must agree: the reader promises that where the
 * input is split does not change what it finds.  A successful reading must
 * hold only finite values, >= 0 unless negative values are allowed (a
 * signed metric, study.ini allow_negative), and a failed one must have said
 * why.  A third reading keeps only the rows whose `app` is `game.exe` and
 * counts `NA` as missing (study.ini filter and missing): its counts must
 * add up, and it must explain a failure the same way. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/latency.h"
#include "ingest/rowfilter.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A failing status must come with a message or a non-data failure. */
static void check_explained(pb_status st, const diag *d)
{
	if (st == PB_DATAERR && diag_errors(d) == 0)
		abort();
	if (st == PB_OK && diag_errors(d) != 0)
		abort();
}

/* The reading with a filter and a missing token. */
static void check_rules(const char *buf, size_t size)
{
	static plan_condition game = { (char *)"app", (char *)"game.exe",
				       true };
	static char *na[] = { (char *)"NA" };
	latency_rules rules = { &game, 1, na, 1, 500000 };
	latency_counts k;
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	size_t n = 0;
	pb_status st;

	if (!d)
		abort();
	st = latency_read_buffer_rules(buf, size, "fuzz.csv", "latency_us",
				       &rules, d, &v, &n, &k);
	check_explained(st, d);
	if (k.filtered > k.rows || k.missing > k.rows - k.filtered)
		abort();
	if (st == PB_OK && (n == 0 || !v
			    || n != k.rows - k.filtered - k.missing
			    || !rowfilter_within(k.missing,
						 k.rows - k.filtered, 500000)))
		abort();
	if (st != PB_OK && (v || n))
		abort();
	free(v);
	diag_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	diag *d1 = diag_new(NULL, 0), *d2 = diag_new(NULL, 0);
	double *v1 = NULL, *v2 = NULL;
	size_t n1 = 0, n2 = 0;
	/* A piece size from 1 to 7 bytes and whether negative values are
	 * allowed, both taken from the input so the fuzzer explores them too. */
	size_t chunk = size ? 1 + data[size - 1] % 7 : 1;
	bool negative = size && data[size - 1] / 7 % 2;
	pb_status s1, s2;

	if (!d1 || !d2)
		abort();
	s1 = latency_read_buffer(buf, size, "fuzz.csv", "latency_us", negative,
				 0, d1, &v1, &n1);
	s2 = latency_read_buffer(buf, size, "fuzz.csv", "latency_us", negative,
				 chunk, d2, &v2, &n2);
	check_explained(s1, d1);
	if (s1 != s2 || n1 != n2 || diag_errors(d1) != diag_errors(d2))
		abort();
	for (size_t i = 0; i < diag_kept(d1); i++)
		if (strcmp(diag_message(d1, i), diag_message(d2, i)) != 0)
			abort();
	if (s1 == PB_OK) {
		if (n1 == 0 || !v1 || !v2)
			abort();
		for (size_t i = 0; i < n1; i++)
			if (!isfinite(v1[i]) || (v1[i] < 0 && !negative)
			    || memcmp(&v1[i], &v2[i], sizeof v1[i]) != 0)
				abort();
	} else if (v1 || v2 || n1 || n2) {
		abort();
	}
	free(v1);
	free(v2);
	diag_free(d1);
	diag_free(d2);
	check_rules(buf, size);
	return 0;
}
