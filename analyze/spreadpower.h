/* spreadpower.h: what the spread test (analyze/spreadtest.h) can find at
 * a study's size and level: its power against a second series whose SD is
 * twice the first's, for normally distributed runs, read from a table that
 * bench/spreadpower simulated (docs/statistics.md, "What the spread test
 * can find").
 *
 * The table has one row for every number of runs n + n from
 * SPREADPOWER_MIN_RUNS to SPREADPOWER_MAX_RUNS and one column per level
 * alpha (the test calls the spread different when p < alpha).  Its rows
 * are never read between or across: the power is not smooth in n (an odd
 * n finds less than the even n below it, its median being one of the
 * runs), so a size is read only where it was simulated, and series of
 * unequal sizes, which were not, are not read at all.  Between the
 * columns the power is interpolated linearly in log(alpha), at the one
 * size.  Outside the table nothing is read. */
#ifndef PAIRBOOT_SPREADPOWER_H
#define PAIRBOOT_SPREADPOWER_H

#include <stdbool.h>
#include <stddef.h>

#define SPREADPOWER_MIN_RUNS ((size_t)3)
#define SPREADPOWER_MAX_RUNS ((size_t)50)
#define SPREADPOWER_SIZES (SPREADPOWER_MAX_RUNS - SPREADPOWER_MIN_RUNS + 1)
#define SPREADPOWER_LEVELS 7

/* The columns of the table (levels, descending); its rows are n + n runs
 * for n = SPREADPOWER_MIN_RUNS, ..., SPREADPOWER_MAX_RUNS. */
extern const double spreadpower_alpha[SPREADPOWER_LEVELS];

/* The power of the spread test with NA and NB runs at level ALPHA, in
 * *POWER (a share, 0 to 1); false, *POWER untouched, when NA and NB
 * differ, lie outside the table's runs, or ALPHA lies outside its
 * levels. */
bool spreadpower_at(size_t na, size_t nb, double alpha, double *power);

#endif
