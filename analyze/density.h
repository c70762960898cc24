/* density.h: the distribution an interval is read from, as a density on a
 * fixed grid, so that a figure can draw the estimate's shape behind its
 * interval and a reader of results.json can draw it again.
 *
 * The grid has DENSITY_POINTS bins of equal width w between LO and HI,
 * which reach DENSITY_REACH interval widths beyond each end of the
 * interval: the interval covers the middle DENSITY_POINTS / (1 + 2
 * DENSITY_REACH) bins whatever its scale.  density[i] is the probability
 * of bin i (from lo + i w to lo + (i + 1) w) divided by w, so that
 *
 *     below + w * (density[0] + ... + density[DENSITY_POINTS - 1]) + above = 1
 *
 * where BELOW and ABOVE hold the probability beyond the grid.
 *
 * Two sources (docs/statistics.md, "The distribution behind an interval"):
 *
 *  - a sample (the Monte Carlo replicates, equally weighted, or the exact
 *    bootstrap distribution with its weights): each value's weight falls
 *    into its bin, then each bin's mass is spread over its neighbours with
 *    a Gaussian kernel of standard deviation DENSITY_SMOOTH bins, cut at
 *    DENSITY_SMOOTH_REACH bins and renormalised to the bins inside the
 *    grid, so smoothing moves no mass off the grid;
 *  - Student's t with DF degrees of freedom, located at CENTRE and scaled
 *    by SCALE: each bin's probability from the t distribution function,
 *    with no smoothing.
 *
 * Nothing here draws: the numbers go to results.json and to the figures. */
#ifndef PAIRBOOT_DENSITY_H
#define PAIRBOOT_DENSITY_H

#include <stdbool.h>
#include <stddef.h>

/* The bins of a grid. */
#define DENSITY_POINTS 96

/* How far the grid reaches beyond each end of the interval, in interval
 * widths: the interval spans 96 / 4 = 24 bins. */
#define DENSITY_REACH 1.5

/* The smoothing kernel of a sample: Gaussian, SD 1 bin, cut at 3 bins. */
#define DENSITY_SMOOTH 1.0
#define DENSITY_SMOOTH_REACH 3

/* What a grid shows. */
typedef enum density_source {
	DENSITY_NONE,        /* no grid: no interval, or one of zero width */
	DENSITY_MEANS,       /* the resampled means of the differences */
	DENSITY_STUDENTIZED, /* mean(d) - se t*, the bootstrap-t values */
	DENSITY_T            /* Student's t density, no resampling */
} density_source;

typedef struct density_grid {
	density_source source;
	bool exact;          /* from the exact bootstrap distribution */
	double lo, hi;       /* the grid's limits, lo < hi */
	double below, above; /* probability below lo and above hi */
	double bandwidth;    /* the kernel's SD in the values' unit; 0 for t */
	double density[DENSITY_POINTS]; /* per bin: probability / width */
} density_grid;

/* The limits of the grid of the interval [CI_LO, CI_HI] (CI_LO < CI_HI),
 * into *LO and *HI. */
void density_limits(double ci_lo, double ci_hi, double *lo, double *hi);

/* The bin width of G. */
double density_step(const density_grid *g);

/* The grid from LO to HI (LO < HI, finite) of the COUNT values
 * OFFSET + FACTOR * VALUES[i], weighted by WEIGHTS[i] (NULL: each 1 /
 * COUNT), into *OUT with SOURCE and EXACT as given.  An infinite value
 * counts below or above the grid.  COUNT must be at least 1; the arrays
 * are only read. */
void density_from_sample(const double *values, const double *weights,
			 size_t count, double offset, double factor,
			 double lo, double hi, density_source source,
			 bool exact, density_grid *out);

/* The grid from LO to HI (LO < HI) of Student's t with DF > 0 degrees of
 * freedom, located at CENTRE and scaled by SCALE > 0, into *OUT
 * (source DENSITY_T). */
void density_from_t(double centre, double scale, double df, double lo,
		    double hi, density_grid *out);

/* The value below which G holds probability Q: linear within the bin
 * where the cumulative probability reaches Q; LO when Q <= below, HI when
 * Q >= 1 - above.  NAN for a grid of source DENSITY_NONE. */
double density_quantile(const density_grid *g, double q);

/* The code results.json gives SOURCE: "resampled-means", "studentized",
 * "student-t"; NULL for DENSITY_NONE (static). */
const char *density_source_code(density_source source);

/* The probability G holds: below + w * sum(density) + above. */
double density_total(const density_grid *g);

#endif
