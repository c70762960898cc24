/* axis.c: nice-number axes and tick labels for the figures. */
#include "render/axis.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/numtext.h"

/* Spans below this fraction of the values' size are treated as a single
 * value: ticks closer than that could not be labelled apart anyway. */
#define AXIS_TINY_SPAN 1e-9

/* The nice step closest above RAW (> 0): 1, 2, 2.5, 5 or 10 times a power
 * of ten.  *DECIMALS receives the decimals its multiples need. */
static double nice_step(double raw, int *decimals)
{
	static const double mantissas[] = { 1.0, 2.0, 2.5, 5.0, 10.0 };
	double exponent = floor(log10(raw));
	double power = pow(10.0, exponent);
	double step = 10.0 * power;
	int extra = 0;

	for (size_t i = 0; i < sizeof mantissas / sizeof mantissas[0]; i++) {
		/* A hair of slack so that a raw step of exactly 2 (computed
		 * as 1.9999999) still picks 2. */
		if (mantissas[i] * power >= raw * (1.0 - 1e-12)) {
			step = mantissas[i] * power;
			extra = i == 2 ? 1 : 0;   /* 2.5 needs one more */
			break;
		}
	}
	if (step >= 10.0 * power) {
		exponent += 1.0;
		extra = 0;
	}
	*decimals = exponent < 0 ? (int)-exponent + extra
				 : (extra && exponent < 1 ? 1 : 0);
	return step;
}

/* The axis from MIN to MAX widened to whole STEPs, its labels with
 * DECIMALS, into *OUT; false when that gives no ticks or too many. */
static bool scale_on_steps(double min, double max, double step, int decimals,
			   axis_scale *out)
{
	/* The slack keeps a value that is a multiple of the step but was
	 * computed as a hair more (0.30000000000000004) from adding a step. */
	double lo = floor(min / step + 1e-9) * step;
	double hi = ceil(max / step - 1e-9) * step;
	double n;

	if (!isfinite(lo) || !isfinite(hi) || hi <= lo)
		return false;
	n = round((hi - lo) / step);
	if (n < 1.0 || n > AXIS_MAX_TICKS - 1)
		return false;
	out->lo = lo;
	out->hi = hi;
	out->step = step;
	out->n_ticks = (size_t)n + 1;
	out->decimals = decimals;
	return true;
}

bool axis_nice(double min, double max, int target, axis_scale *out)
{
	double span, step;
	int decimals;

	if (!isfinite(min) || !isfinite(max) || min > max)
		return false;
	if (target < 1)
		target = 1;
	span = max - min;
	if (!isfinite(span))
		return false;
	if (span <= AXIS_TINY_SPAN * fmax(fabs(min), fabs(max))
	    || span < DBL_MIN) {
		/* One value: show a tenth of its size around it, or +-0.5
		 * around 0. */
		double mid = min / 2.0 + max / 2.0;
		double half = fabs(mid) > 0 ? fabs(mid) * 0.05 : 0.5;
		min = mid - half;
		max = mid + half;
		span = max - min;
	}
	step = nice_step(span / target, &decimals);
	return scale_on_steps(min, max, step, decimals, out);
}

bool axis_nice_whole(double min, double max, int target, axis_scale *out)
{
	axis_scale a;
	double step;

	if (!axis_nice(min, max, target, &a))
		return false;
	if (a.decimals == 0) {
		*out = a;
		return true;
	}
	/* The only steps with decimals are 2.5 and those below 1: 2 and 1
	 * are the whole steps next below them. */
	step = a.step < 1.0 ? 1.0 : 2.0;
	return scale_on_steps(a.lo, a.hi, step, 0, out);
}

double axis_tick(const axis_scale *a, size_t i)
{
	double v = a->lo + (double)i * a->step;
	if (fabs(v) < a->step * 1e-9)
		v = 0.0;
	return v;
}

double axis_map(const axis_scale *a, double value, double p0, double p1)
{
	return p0 + (value - a->lo) / (a->hi - a->lo) * (p1 - p0);
}

/* VALUE with DECIMALS into BUF: numtext_fixed's digits, or with BOUNDS
 * (not NULL) numtext_beside's beside its N values, then the minus sign
 * typeset as U+2212, since a hyphen is too short beside figures.  "" for a
 * value that is not finite or cannot be formatted. */
static char *format_typeset(double value, int decimals, bool plus,
			    const double *bounds, size_t n, char *buf,
			    size_t size)
{
	char digits[NUMTEXT_BUFSIZE];
	pb_status st;

	if (size == 0)
		return buf;
	buf[0] = '\0';
	if (!isfinite(value))
		return buf;
	if (decimals < 0)
		decimals = 0;
	if (decimals > NUMTEXT_MAX_DECIMALS)
		decimals = NUMTEXT_MAX_DECIMALS;
	st = bounds ? numtext_beside(value, decimals, bounds, n, plus, digits,
				    sizeof digits)
		    : numtext_fixed(value, decimals, plus, digits,
				   sizeof digits);
	if (st != PB_OK)
		return buf;
	if (digits[0] == '-')
		snprintf(buf, size, "\xe2\x88\x92%s", digits + 1);
	else
		snprintf(buf, size, "%s", digits);
	return buf;
}

char *axis_format(double value, int decimals, bool plus, char *buf,
		  size_t size)
{
	return format_typeset(value, decimals, plus, NULL, 0, buf, size);
}

char *axis_format_beside(double value, int decimals, double threshold,
			 char *buf, size_t size)
{
	const double bounds[2] = { threshold, -threshold };

	return format_typeset(value, decimals, true, bounds,
			      threshold > 0 ? 2 : 0, buf, size);
}
