/* test_density.c: the grid of the distribution behind an interval
 * (analyze/density.h), on its own and as boot_compare fills it: it holds
 * probability 1, its quantiles give the interval's endpoints within the
 * grid's resolution, the exact bootstrap keeps its known mean and
 * variance, and Student's t matches values computed independently. */
#include <math.h>
#include <string.h>

#include "analyze/bootstrap.h"
#include "analyze/density.h"
#include "tests/lib/tap.h"

/* 20 right-skewed differences (a few large ones, as latency gives). */
static const double skewed[20] = {
	0.21, -0.35, 0.08, 1.92, 0.44, -0.12, 0.30, 3.75, 0.05, -0.48,
	0.66, 0.17, -0.02, 2.41, 0.39, -0.27, 0.12, 0.93, -0.09, 0.26
};
static const double zeros[20] = { 0 };

/* The resolution the quantiles are held to: the bin the quantile falls
 * in (binning) and half a bin more (the kernel of SD 1 bin moves a 2.5%
 * quantile of a distribution about 8 bins wide in SD by about
 * 1.96 (sqrt(8^2 + 1) - 8) = 0.12 bins). */
#define RESOLUTION_BINS 1.5

static boot_comparison compare_with(interval_method m, bool exact,
				    size_t n)
{
	boot_settings set = { m, 0.95, exact, 4000, 12345, 1.0,
			      BETTER_LOWER };
	boot_comparison c;

	if (boot_compare(skewed, zeros, n, &set, &c) != PB_OK)
		tap_diag("boot_compare failed");
	return c;
}

/* The grid of C: probability 1, and the interval's endpoints at the
 * levels alpha/2 and 1 - alpha/2 within RESOLUTION_BINS bins. */
static void check_grid(const boot_comparison *c, interval_method m,
		       const char *name)
{
	const density_grid *g = &c->density;
	const boot_interval *ci = &c->ci[m];
	double w = density_step(g);
	double q_lo = density_quantile(g, 0.025);
	double q_hi = density_quantile(g, 0.975);

	tap_ok(ci->defined && g->source != DENSITY_NONE, "%s: a grid", name);
	tap_ok(fabs(density_total(g) - 1.0) <= 1e-6,
	       "%s: the grid holds probability 1 within 1e-6 (%.17g)", name,
	       density_total(g));
	tap_ok(fabs(g->lo - (ci->lo - 1.5 * (ci->hi - ci->lo))) < 1e-12
	       && fabs(g->hi - (ci->hi + 1.5 * (ci->hi - ci->lo))) < 1e-12,
	       "%s: the grid reaches 1.5 interval widths beyond each end",
	       name);
	tap_ok(fabs(q_lo - ci->lo) <= RESOLUTION_BINS * w
	       && fabs(q_hi - ci->hi) <= RESOLUTION_BINS * w,
	       "%s: the grid's 2.5%% and 97.5%% quantiles %.4f, %.4f are the "
	       "interval [%.4f, %.4f] within %.1f bins of %.4f", name, q_lo,
	       q_hi, ci->lo, ci->hi, RESOLUTION_BINS, w);
}

static void test_percentile(void)
{
	boot_comparison c = compare_with(INTERVAL_PERCENTILE, false, 20);
	const density_grid *g = &c.density;

	check_grid(&c, INTERVAL_PERCENTILE, "percentile");
	tap_ok(g->source == DENSITY_MEANS && !g->exact
	       && fabs(g->bandwidth - density_step(g)) < 1e-15,
	       "percentile: the resampled means, smoothed by one bin");
	/* The resampled means lie between min(d) and max(d), and the grid
	 * reaches beyond the middle 95% of them by three interval widths;
	 * a few of 4000 may still fall beyond. */
	tap_ok(g->below + g->above < 0.01,
	       "percentile: almost nothing beyond the grid (%.4f)",
	       g->below + g->above);
}

/* The exact bootstrap distribution of the mean of n values has mean
 * mean(d) and variance sum (d_i - mean)^2 / n^2; the grid adds the
 * kernel's variance h^2 and a bin's w^2 / 12 (its mass is spread evenly
 * over the bin). */
static void test_exact(void)
{
	const size_t n = 7;
	boot_comparison c = compare_with(INTERVAL_PERCENTILE, true, n);
	const density_grid *g = &c.density;
	double w = density_step(g), mean = 0, var = 0, gm = 0, gv = 0;

	check_grid(&c, INTERVAL_PERCENTILE, "exact");
	tap_ok(g->exact && g->source == DENSITY_MEANS,
	       "exact: the grid says it is exact");
	for (size_t i = 0; i < n; i++)
		mean += skewed[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		var += (skewed[i] - mean) * (skewed[i] - mean)
		       / (double)(n * n);
	for (int i = 0; i < DENSITY_POINTS; i++)
		gm += (g->lo + (i + 0.5) * w) * g->density[i] * w;
	for (int i = 0; i < DENSITY_POINTS; i++) {
		double x = g->lo + (i + 0.5) * w - gm;
		gv += x * x * g->density[i] * w;
	}
	gv += w * w / 12;
	tap_ok(g->below + g->above < 1e-3, "exact: little beyond the grid "
	       "(%.2e)", g->below + g->above);
	tap_ok(fabs(gm - mean) < 0.5 * w,
	       "exact: the grid's mean %.5f is mean(d) %.5f within half a "
	       "bin", gm, mean);
	tap_ok(fabs(gv - (var + g->bandwidth * g->bandwidth + w * w / 12))
	       < 0.05 * var,
	       "exact: the grid's variance %.5f is the exact %.5f plus the "
	       "kernel's and the bins' within 5%%", gv,
	       var + g->bandwidth * g->bandwidth + w * w / 12);
}

/* Student's t at 7 degrees of freedom, located at 1.5, scaled by 0.4, on
 * [0, 3] (w = 1/32): the mean density of bins 0, 20, 40, 47, 60 and 95,
 * computed independently of GSL by Simpson's rule (2000 steps a bin) of
 * the density Gamma(4) / (Gamma(3.5) sqrt(7 pi)) (1 + t^2/7)^-4 / 0.4,
 * and the probability below 0 (t < -3.75) by the same rule after
 * t = -3.75 - v / (1 - v).  Beside them R's dt((x - 1.5) / 0.4, 7) / 0.4
 * at the bins' centres, which the bin means approach within
 * w^2 max|f''| / 24 (about 1.2e-3 here). */
static void test_t_values(void)
{
	static const struct { int bin; double mean, dt; } want[] = {
		{ 0, 0.0124219084117644, 0.0124150608773289 },
		{ 20, 0.127003396848732, 0.126937280647074 },
		{ 40, 0.794600280529769, 0.794717519925159 },
		{ 47, 0.961361135717336, 0.961639869454384 },
		{ 60, 0.577476234047436, 0.577446880455258 },
		{ 95, 0.0124219084117644, 0.0124150608773289 },
	};
	density_grid g;
	bool ok_mean = true, ok_dt = true;

	density_from_t(1.5, 0.4, 7.0, 0.0, 3.0, &g);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		double got = g.density[want[i].bin];
		if (fabs(got - want[i].mean) > 1e-9 * want[i].mean) {
			tap_diag("bin %d: %.15g, want %.15g", want[i].bin, got,
				 want[i].mean);
			ok_mean = false;
		}
		if (fabs(got - want[i].dt) > 1.2e-3 * 0.4) {
			tap_diag("bin %d: %.15g, dt %.15g", want[i].bin, got,
				 want[i].dt);
			ok_dt = false;
		}
	}
	tap_ok(ok_mean, "t: bin densities are the t density's bin means "
	       "within 1e-9 (relative)");
	tap_ok(ok_dt, "t: and R's dt at the bins' centres within the "
	       "midpoint rule's error");
	tap_near(g.below, 0.00358407740200031, 1e-12,
		 "t: the probability below the grid");
	tap_near(g.above, g.below, 1e-12, "t: as much above it (symmetry)");
	tap_near(density_total(&g), 1.0, 1e-12, "t: the grid holds 1");
	tap_ok(g.source == DENSITY_T && !(g.bandwidth > 0.0) && !g.exact,
	       "t: no smoothing");
}

/* As boot_compare fills it: the t interval's endpoints are the grid's
 * quantiles within a small part of a bin, since the bins hold the t
 * distribution's own probabilities. */
static void test_t_compare(void)
{
	boot_comparison c = compare_with(INTERVAL_T, false, 20);
	const density_grid *g = &c.density;
	double w = density_step(g);

	check_grid(&c, INTERVAL_T, "t");
	tap_ok(g->source == DENSITY_T, "t: the t density, not the resamples");
	tap_ok(fabs(density_quantile(g, 0.025) - c.ci[INTERVAL_T].lo) < 0.1 * w
	       && fabs(density_quantile(g, 0.975) - c.ci[INTERVAL_T].hi)
		  < 0.1 * w,
	       "t: the endpoints within a tenth of a bin");
}

static void test_other_methods(void)
{
	boot_comparison c = compare_with(INTERVAL_STUDENTIZED, false, 20);

	check_grid(&c, INTERVAL_STUDENTIZED, "studentized");
	tap_ok(c.density.source == DENSITY_STUDENTIZED,
	       "studentized: mean(d) - se t*");
	c = compare_with(INTERVAL_STUDENTIZED, true, 8);
	check_grid(&c, INTERVAL_STUDENTIZED, "studentized, exact");
	c = compare_with(INTERVAL_BCA, false, 20);
	tap_ok(c.density.source == DENSITY_MEANS && density_total(&c.density)
	       > 1 - 1e-6, "bca: the resampled means");
	c = compare_with(INTERVAL_EXPANDED, false, 20);
	tap_ok(c.density.source == DENSITY_MEANS
	       && c.density.lo < c.ci[INTERVAL_EXPANDED].lo,
	       "expanded: the resampled means, around its own interval");
}

/* No interval, or one of zero width: no grid. */
static void test_none(void)
{
	static const double same[3] = { 0.5, 0.5, 0.5 };
	boot_settings set = { INTERVAL_PERCENTILE, 0.95, false, 1000, 7, 1.0,
			      BETTER_LOWER };
	boot_comparison c;

	boot_compare(skewed, zeros, 1, &set, &c);
	tap_ok(c.density.source == DENSITY_NONE, "one pair: no grid");
	boot_compare(same, zeros, 3, &set, &c);
	tap_ok(c.density.source == DENSITY_NONE,
	       "all differences equal: no grid");
	tap_ok(isnan(density_quantile(&c.density, 0.5)),
	       "no grid: no quantile");
}

/* The same resamples give the same grid, bit for bit. */
static void test_repeat(void)
{
	boot_comparison a = compare_with(INTERVAL_PERCENTILE, false, 20);
	boot_comparison b = compare_with(INTERVAL_PERCENTILE, false, 20);

	tap_ok(memcmp(&a.density, &b.density, sizeof a.density) == 0,
	       "the same comparison gives the same grid");
}

int main(void)
{
	test_percentile();
	test_exact();
	test_t_values();
	test_t_compare();
	test_other_methods();
	test_none();
	test_repeat();
	return tap_done();
}
