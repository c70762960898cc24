/* coverage.h: the simulated coverage of each interval method, so a report
 * can say how often a nominal 95% interval at its number of pairs covers.
 *
 * The numbers are data measured once by the simulation bench/coverage (see
 * docs/statistics.md, section "Coverage"), not computed at run time:
 * strongly skewed per-pair differences (lognormal, sigma = 1, minus its
 * mean), 2000 studies at every number of pairs from COVERAGE_MIN_PAIRS to
 * COVERAGE_MAX_PAIRS, B = 2000 Monte Carlo resamples, nominal 95%.  Each
 * value has a simulation standard error of sqrt(c (1 - c) / 2000): 0.005
 * near 0.95, 0.009 near 0.80.  They describe that scenario, not a given
 * study: less skewed data cover closer to nominal. */
#ifndef PAIRBOOT_COVERAGE_H
#define PAIRBOOT_COVERAGE_H

#include <stddef.h>

#include "ingest/study.h"

/* The numbers of pairs the table holds, every one between them. */
#define COVERAGE_MIN_PAIRS 2
#define COVERAGE_MAX_PAIRS 40

/* The simulated coverage (0..1) of a nominal 95% METHOD interval at N
 * pairs, read from the row of N itself.  NAN for N outside the table, an
 * unknown method, or where the method gives no interval at N (the
 * studentized interval at 2 and 3 pairs, see bootstrap.h). */
double coverage_simulated(interval_method m, size_t n);

/* The nominal level the table was simulated at. */
#define COVERAGE_NOMINAL 0.95

/* The method whose simulated coverage at N pairs lies nearest
 * COVERAGE_NOMINAL, read at N clamped into the table (its largest row
 * above it); the first in interval_method's order on a tie.  Its coverage
 * into *COVERED. */
interval_method coverage_nearest_nominal(size_t n, double *covered);

/* A short description of the simulated scenario, for notes in reports:
 * static text. */
const char *coverage_scenario(void);

#endif
