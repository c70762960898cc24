/* planvalid.c: what bench/planbench measured of plan's numbers (see
 * planvalid.h). */
#include "analyze/planvalid.h"

#include <math.h>
#include <stdio.h>

/* `bench/planbench` with its defaults (docs/statistics.md, "Validation
 * with known truths"): its "caveat" lines, in their order. */
static const planvalid_row rows[] = {
	{ 10, INTERVAL_STUDENTIZED, 0.43, 0.73, 0.00, 0.00, -0.05, NAN, 0.102 },
	{ 10, INTERVAL_T, 0.50, 0.74, 0.55, 0.61, 0.00, -0.26, 0.173 },
	{ 15, INTERVAL_STUDENTIZED, 0.38, 0.70, 0.00, 0.33, -0.05, NAN, 0.083 },
	{ 15, INTERVAL_T, 0.51, 0.72, 0.54, 0.63, 0.01, -0.25, 0.175 },
};
#define N_ROWS (sizeof rows / sizeof rows[0])

const planvalid_row *planvalid_rows(size_t *n)
{
	*n = N_ROWS;
	return rows;
}

/* Of the biases A and B, the one farther from 0, or the one measured. */
static double farther(double a, double b)
{
	if (isnan(a) || (!isnan(b) && fabs(b) > fabs(a)))
		return b;
	return a;
}

/* "+19%" for the bias B, or "none" when it was not measured. */
static void bias_text(double b, char *buf, size_t size)
{
	if (isnan(b))
		snprintf(buf, size, "none");
	else
		snprintf(buf, size, "%+ld%%", lround(100 * b));
}

void planvalid_find(size_t n0, interval_method method, planvalid_row *out,
		    bool *measured, bool *smaller)
{
	size_t size = rows[0].pilot_blocks;
	bool first = true;

	for (size_t i = 0; i < N_ROWS; i++)
		if (rows[i].pilot_blocks <= n0 && rows[i].pilot_blocks > size)
			size = rows[i].pilot_blocks;
	*smaller = n0 < size;
	*measured = false;
	for (size_t i = 0; i < N_ROWS; i++) {
		const planvalid_row *r = &rows[i];
		if (r->pilot_blocks != size)
			continue;
		if (r->method == method) {
			*out = *r;
			*measured = true;
			return;
		}
		if (first) {
			*out = *r;
			first = false;
			continue;
		}
		out->size_lo = fmin(out->size_lo, r->size_lo);
		out->size_hi = fmax(out->size_hi, r->size_hi);
		out->max_lo = fmin(out->max_lo, r->max_lo);
		out->max_hi = fmax(out->max_hi, r->max_hi);
		/* The bias farther from none (NAN: not measured). */
		out->blocks = farther(out->blocks, r->blocks);
		out->blocks_at_t = farther(out->blocks_at_t, r->blocks_at_t);
		out->wrong_max = fmax(out->wrong_max, r->wrong_max);
	}
	out->method = method;
}

void planvalid_line(const planvalid_row *row, char *buf, size_t size)
{
	char b[16], bt[16];

	bias_text(row->blocks, b, sizeof b);
	bias_text(row->blocks_at_t, bt, sizeof bt);
	snprintf(buf, size, "caveat n0=%zu interval=%s size=%.0f..%.0f%% "
		 "maximum=%.0f..%.0f%% blocks=%s,%s wrong=%.3f",
		 row->pilot_blocks, interval_method_name(row->method),
		 100 * row->size_lo, 100 * row->size_hi, 100 * row->max_lo,
		 100 * row->max_hi, b, bt, row->wrong_max);
}
