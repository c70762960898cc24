/* planvalid.h: how well the numbers `pairboot plan` prints held when
 * bench/planbench held them against known truths, so that the table can
 * say so beside them.
 *
 * A pilot cannot bound what it did not sample (Bahadur and Savage 1956),
 * so no size or maximum estimated from one is right for every pilot.
 * bench/planbench measured, for pilots of 10 and 15 blocks judged with
 * the studentized and the Student t interval, over normal, lognormal and
 * t3 differences with effects of harm, benefit, equivalence and none
 * against T of 0.6 and 1 SD (docs/statistics.md, "Validation with known
 * truths"), among the pilots given an answer: the share whose fixed size
 * had a true power of at least its target, the share whose sequential
 * maximum had a true chance of a correct decision of at least its target,
 * each pooled by shape (the least and the most of the three shapes), and
 * how far the blocks expected were off, pooled over the truths a
 * decision could be right in and over those at +-T; and the largest
 * true chance
 * of a wrong decisive verdict of any sequential design in any of those
 * truths or with the effect at +-T (1 - confidence = 0.05 if the
 * interval covered exactly).  The rows are the bench's "caveat" lines,
 * copied from docs/statistics.md, which tests/unit/test_planvalid.c
 * checks against the rows here. */
#ifndef PAIRBOOT_PLANVALID_H
#define PAIRBOOT_PLANVALID_H

#include <stdbool.h>
#include <stddef.h>

#include "ingest/study.h"

/* What was measured for one pilot size and interval method. */
typedef struct planvalid_row {
	size_t pilot_blocks;       /* the pilots' blocks: 10 or 15 */
	interval_method method;    /* t or studentized */
	double size_lo, size_hi;   /* shares of sizes reaching their target's
				      true power, least and most shape */
	double max_lo, max_hi;     /* shares of maxima reaching their
				      target's true decision chance */
	double blocks;             /* blocks expected, estimated over true,
				      less 1 (0.2: 20% too many), over every
				      truth a decision could be right in */
	double blocks_at_t;        /* the same with the effect at +-T; NAN
				      when no such pilot was given a
				      maximum */
	double wrong_max;          /* largest true wrong-decision chance */
} planvalid_row;

/* The rows, and their number. */
const planvalid_row *planvalid_rows(size_t *n);

/* What applies to a pilot of N0 pairs judged by METHOD, into OUT: the
 * row of the largest pilot size measured that is at most N0 (the
 * smallest measured when N0 is below every one: *SMALLER then true),
 * METHOD's own when it was measured (*MEASURED true); for another method
 * the least favourable of the measured ones at that size: each range
 * from its lowest low to its highest high, each bias the one farther
 * from none, the largest wrong chance. */
void planvalid_find(size_t n0, interval_method method, planvalid_row *out,
		    bool *measured, bool *smaller);

/* ROW as the bench's line: "caveat n0=10 interval=t size=50..74%
 * maximum=55..61% blocks=+0%,-26% wrong=0.173" ("none" for a bias not
 * measured), into BUF. */
void planvalid_line(const planvalid_row *row, char *buf, size_t size);

#endif
