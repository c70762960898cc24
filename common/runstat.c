/* runstat.c: the per-run statistic (quantile, median, mean, max) of a
 * boot's values, scaled into the study's unit. */
#include "common/runstat.h"

#include <math.h>

#include "common/quantile.h"

double runstat_sum(const double *x, size_t n)
{
	double sum = 0.0, comp = 0.0;

	for (size_t i = 0; i < n; i++) {
		double t = sum + x[i];

		/* Keep the low-order bits lost by the addition, from whichever
		 * operand was smaller in magnitude. */
		if (fabs(sum) >= fabs(x[i]))
			comp += (sum - t) + x[i];
		else
			comp += (x[i] - t) + sum;
		sum = t;
	}
	return sum + comp;
}

pb_status runstat_compute(const stat_spec *spec, double *values, size_t n,
			  double scale, double *out)
{
	double v;

	if (n == 0 || !isfinite(scale) || !(scale > 0.0))
		return PB_DATAERR;
	switch (spec->kind) {
	case STAT_QUANTILE:
		if (!(spec->prob >= 0.0 && spec->prob <= 1.0))
			return PB_DATAERR;
		v = quantile_select(values, n, spec->prob);
		break;
	case STAT_MEDIAN:
		v = quantile_select(values, n, 0.5);
		break;
	case STAT_MEAN:
		v = runstat_sum(values, n) / (double)n;
		break;
	case STAT_MAX:
		v = values[0];
		for (size_t i = 1; i < n; i++)
			if (values[i] > v)
				v = values[i];
		break;
	default:
		return PB_DATAERR;
	}
	*out = v * scale;
	return PB_OK;
}
