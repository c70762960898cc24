/* coverage.h: the simulated coverage of each interval method, so a report
 * can say how often a nominal 95% interval at its number of pairs covers.
 *
 * The numbers are data measured once by the simulation bench/coverage (see
 * docs/statistics.md, section "Coverage"), not computed at run time:
 * strongly skewed per-pair differences (lognormal, sigma = 1, minus its
 * mean), 2000 studies per number of pairs, B = 2000 Monte Carlo
 * resamples, nominal 95%, tabulated at 5, 10, 20 and 40 pairs.  They
 * describe that scenario, not a given study: less skewed data cover
 * closer to nominal. */
#ifndef PAIRBOOT_COVERAGE_H
#define PAIRBOOT_COVERAGE_H

#include <stddef.h>

#include "ingest/study.h"

/* The simulated coverage (0..1) of a nominal 95% METHOD interval at the
 * tabulated number of pairs nearest to N (halfway between two: the
 * smaller, whose coverage is the lower).  NAN for N < 2 (no interval) or
 * an unknown method. */
double coverage_simulated(interval_method m, size_t n);

/* The tabulated number of pairs coverage_simulated(m, N) reads (5, 10,
 * 20 or 40), or 0 for N < 2. */
size_t coverage_nearest_n(size_t n);

/* A short description of the simulated scenario, for notes in reports:
 * static text. */
const char *coverage_scenario(void);

#endif
