/* fuzz_capframex.c: libFuzzer target for the CapFrameX capture reader.
 *
 * The input is one capture.  A successful reading must hold at least one
 * value, each finite and >= 0 unless negative values are allowed, and at
 * least one run; a failed one must have said why.  Every message that
 * names a place must name one inside the input: a line the input has and
 * a column at most one past that line's end, so the scan that finds the
 * places of values cannot wander off the text. */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/diag.h"
#include "ingest/capframex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether the place of message MSG ("fuzz.json:LINE:COL: ..."), if it
 * names one, lies in the SIZE bytes at BUF. */
static bool place_inside(const char *msg, const char *buf, size_t size)
{
	unsigned long line, col;
	size_t start = 0, len;

	if (sscanf(msg, "fuzz.json:%lu:%lu:", &line, &col) != 2)
		return true;
	for (unsigned long l = 1; l < line; l++) {
		const char *nl = memchr(buf + start, '\n', size - start);

		if (!nl)
			return false;
		start = (size_t)(nl - buf) + 1;
	}
	len = size - start;
	if (memchr(buf + start, '\n', len))
		len = (size_t)((const char *)memchr(buf + start, '\n', len)
			       - (buf + start));
	return col <= len + 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	diag *d = diag_new(NULL, 0);
	double *v = NULL;
	size_t n = 0, runs = 0;
	/* Whether negative values are allowed, and the column read, taken
	 * from the input so the fuzzer explores both. */
	bool negative = size && data[size - 1] % 2;
	const char *column = size && data[0] % 3 == 0 ? "M"
			     : "MsBetweenPresents";
	pb_status st;

	if (!d)
		abort();
	st = capframex_read_buffer(buf, size, "fuzz.json", column, negative,
				   d, &v, &n, &runs);
	if ((st == PB_DATAERR) != (diag_errors(d) != 0))
		abort();
	for (size_t i = 0; i < diag_kept(d); i++)
		if (!place_inside(diag_message(d, i), buf, size))
			abort();
	if (st == PB_OK) {
		if (n == 0 || runs == 0 || !v)
			abort();
		for (size_t i = 0; i < n; i++)
			if (!isfinite(v[i]) || (v[i] < 0 && !negative))
				abort();
	} else if (v || n || runs) {
		abort();
	}
	free(v);
	diag_free(d);
	return 0;
}
