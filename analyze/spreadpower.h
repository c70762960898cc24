/* spreadpower.h: what the spread test (analyze/spreadtest.h) can find at
 * a study's size and level: its power against a second series whose SD is
 * twice the first's, for normally distributed runs, read from a table that
 * bench/spreadpower simulated (docs/statistics.md, "What the spread test
 * can find").
 *
 * The table has one row per number of runs n in each series and one
 * column per level alpha (the test calls the spread different when
 * p < alpha).  A study whose series have na and nb runs is read at the
 * harmonic mean 2 na nb / (na + nb), which a two-sample test's power
 * depends on nearly as on equal sizes; between the rows the power is
 * interpolated linearly in n, between the columns linearly in log(alpha).
 * Outside the table nothing is read. */
#ifndef PAIRBOOT_SPREADPOWER_H
#define PAIRBOOT_SPREADPOWER_H

#include <stdbool.h>
#include <stddef.h>

#define SPREADPOWER_SIZES 13
#define SPREADPOWER_LEVELS 7
#define SPREADPOWER_MAX_RUNS 50

/* The rows (runs per series, ascending) and columns (levels, descending)
 * of the table. */
extern const size_t spreadpower_runs[SPREADPOWER_SIZES];
extern const double spreadpower_alpha[SPREADPOWER_LEVELS];

/* The power of the spread test with NA and NB runs at level ALPHA, in
 * *POWER (a share, 0 to 1); false, *POWER untouched, when the harmonic
 * mean of NA and NB or ALPHA lies outside the table. */
bool spreadpower_at(size_t na, size_t nb, double alpha, double *power);

#endif
