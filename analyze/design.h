/* design.h: the run order of a new study, balanced for position and for
 * first-order carry-over (a Williams design), and how close to balanced a
 * schedule of any number of blocks is.
 *
 * With t states, a Williams square is t orders of the t states (one per
 * block) such that each state takes each position once and follows every
 * other state exactly once.  Its first order is 0, 1, t-1, 2, t-2, 3, ...;
 * order r adds r to each entry, modulo t (Williams 1949, "Experimental
 * designs balanced for the estimation of residual effects of treatments",
 * Australian Journal of Scientific Research A2:149-168).  For an even t
 * that one square is balanced.  For an odd t no single square is: the
 * design is the square and its mirror (each order reversed), 2t orders in
 * which each state follows every other exactly twice.
 *
 * A schedule of B blocks per series takes the design's orders in a random
 * sequence, as many whole designs as fit and then the first orders of one
 * more.  Each sequence holds the squares one after the other, in random
 * order, each square's orders shuffled, so a schedule that ends inside a
 * design is still balanced for position over each whole square in it.
 * The states are assigned to the design's symbols at random, per series,
 * from GSL's mt19937 seeded with
 * boot_stream_seed(seed, series id, "") (no state is spelled ""), so the
 * schedule depends only on the seed, the series and the number of states
 * and blocks. */
#ifndef PAIRBOOT_DESIGN_H
#define PAIRBOOT_DESIGN_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"
#include "ingest/study.h"

/* The orders of the Williams design for T >= 1 states: *N_ORDERS orders of
 * T entries (state symbols 0..T-1), row-major in a new array *ORDERS that
 * the caller frees; *N_ORDERS is T for an even T (and for T = 1), 2T for
 * an odd T > 1.  Errors: PB_DATAERR for T = 0, PB_NOMEM. */
pb_status design_williams(size_t t, size_t **orders, size_t *n_orders);

/* One planned boot. */
typedef struct design_boot {
	unsigned long block;     /* 1.. */
	size_t position;         /* 1..t */
	size_t state;            /* 0..t-1: index into the study's states */
} design_boot;

/* The balance of a schedule, over its blocks. */
typedef struct design_balance {
	size_t blocks;
	size_t design_size;      /* orders of one whole design */
	size_t position_min;     /* how often a state takes a position: the */
	size_t position_max;     /* least and the most, over states and
				    positions */
	size_t carry_min;        /* how often a state follows another one, */
	size_t carry_max;        /* over ordered pairs of two states */
} design_balance;

/* The schedule of one series: BLOCKS blocks of T states, randomized from
 * STREAM_SEED as described above.  *OUT (BLOCKS x T boots, by block then
 * position) is a new array the caller frees; *BALANCE says how close to
 * balanced it is.  Errors: PB_DATAERR for T = 0 or BLOCKS = 0, PB_NOMEM. */
pb_status design_schedule(size_t t, unsigned long blocks, uint32_t stream_seed,
			  design_boot **out, design_balance *balance);

/* The balance of N boots (T >= 1 states, by block then position, whole
 * blocks of T), as design_schedule reports it (design_size left 0).
 * Errors: PB_NOMEM. */
pb_status design_measure(const design_boot *boots, size_t n, size_t t,
			 design_balance *balance);

/* What was recorded against what was planned, when the study holds a
 * schedule.csv.  A run is matched to the planned boot of the same run id;
 * its position is compared only where runs.csv gives one.
 * Index lists are new arrays (free with design_check_free), ascending. */
typedef struct schedule_check {
	size_t planned;          /* boots in the schedule */
	size_t as_planned;       /* recorded in their planned series, block,
				    position and state, and in order */
	size_t *missing;         /* schedule rows no run of runs.csv has */
	size_t n_missing;
	size_t *unplanned;       /* runs of latency series not planned */
	size_t n_unplanned;
	size_t *differs;         /* runs whose series, block, position or
				    state differ from their plan */
	size_t n_differs;
	size_t *out_of_order;    /* runs outside a longest sequence of runs
				    recorded in their planned order */
	size_t n_out_of_order;
	size_t *row_of;          /* per run of runs.csv: the schedule row of
				    its run id, or (size_t)-1 */
} schedule_check;

/* Compares the runs of study S with its schedule (S->schedule must not be
 * NULL) into *OUT.  Errors: PB_NOMEM (then *OUT holds nothing). */
pb_status design_check_schedule(const study *s, schedule_check *out);

void design_check_free(schedule_check *c);

#endif
