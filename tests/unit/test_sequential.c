/* test_sequential.c: unit tests of analyze/sequential, a comparison
 * judged at its looks (the levels themselves are tested against published
 * tables in test_seqbound.c).  The judged examples are worked by hand in the comments: each
 * verdict holds for any t quantile between the bounds named there, so the
 * test does not rest on the code's own quantile. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/seqbound.h"
#include "analyze/sequential.h"
#include "tests/lib/tap.h"

/* Judges the N differences D (blocks 1..N) at looks 5;10, Pocock 95%,
 * T = 1, lower better, the Student t interval, REACHED looks. */
static seq_outcome judge(const double *d, size_t n, size_t reached)
{
	unsigned long looks[] = { 5, 10 };
	seq_design design = { 0 };
	double *zero = calloc(n, sizeof *zero);
	unsigned long *blocks = calloc(n, sizeof *blocks);
	boot_settings set = { INTERVAL_T, 0.95, false, 2000, 7, 1.0,
			      BETTER_LOWER };
	seq_outcome out;

	design.n = 2;
	memcpy(design.looks, looks, sizeof looks);
	seqbound_levels(BOUNDARY_POCOCK, looks, 2, 0.95, design.level,
			design.crit);
	for (size_t i = 0; i < n; i++)
		blocks[i] = i + 1;
	if (sequential_judge(d, zero, blocks, n, &design, reached, &set, &out)
	    != PB_OK)
		out.status = LOOK_NONE;
	free(zero);
	free(blocks);
	return out;
}

static void check_judge(void)
{
	/* Pocock, 2 looks: c = 2.178, each look at 97.06%.  Five
	 * differences 2.0 .. 4.0: mean 3, SD sqrt(0.625), se 0.354; the t
	 * quantile of 4 df at 0.985 lies between t(0.975) = 2.776 and
	 * t(0.99) = 3.747, so the interval's lower end lies between 1.68 and
	 * 2.02: above T = 1, harm at the first look. */
	double harm[] = { 2.0, 2.5, 3.0, 3.5, 4.0, 9, 9, 9, 9, 9 };
	seq_outcome o = judge(harm, 10, 2);
	tap_ok(o.status == LOOK_STOP && o.look == 1 && o.pairs == 5
	       && o.verdict == VERDICT_HARM && fabs(o.level - 0.97061) < 1e-4,
	       "harm at look 1 of 5 pairs, level %.5f, later pairs unused",
	       o.level);
	/* Mean 0, se 0.354: the interval spans about -1.2 .. 1.2 (between
	 * 0.98 and 1.32 each way): it holds 0 and reaches T, undecided.  At
	 * the last look, narrowed by sqrt(5/10) to at most 0.94 each way, it
	 * would lie inside (-1, 1): continue.  With all ten (the five twice:
	 * SD 0.745, se 0.236, t(9) at 0.985 below t(0.99) = 2.821, so at
	 * most 0.66 each way): equivalent at look 2. */
	double flat[] = { -1, 1, 0.5, -0.5, 0, -1, 1, 0.5, -0.5, 0 };
	o = judge(flat, 10, 1);
	tap_ok(o.status == LOOK_CONTINUE && o.look == 1
	       && o.verdict == VERDICT_INDETERMINATE,
	       "undecided at look 1, which may still decide: continue");
	o = judge(flat, 10, 2);
	tap_ok(o.status == LOOK_STOP && o.look == 2 && o.pairs == 10
	       && o.verdict == VERDICT_EQUIVALENT, "equivalent at look 2");
	/* Mean 1.0 = T, se 0.170: about 0.42 .. 1.58 (0.47 to 0.64 each
	 * way), 0 excluded: a difference of open size.  A truth at its upper
	 * end, 1.58, would be decided at the last look (its interval narrowed
	 * by sqrt(5/10) ends above 1): continue.  At the last look: ended. */
	double at_t[] = { 0.5, 1.5, 1.0, 0.8, 1.2, 0.5, 1.5, 1.0, 0.8, 1.2 };
	o = judge(at_t, 10, 1);
	tap_ok(o.status == LOOK_CONTINUE && o.verdict == VERDICT_DETECTED,
	       "an effect at T, undecided at look 1: continue");
	o = judge(at_t, 10, 2);
	tap_ok(o.status == LOOK_ENDED && o.look == 2,
	       "and undecided at the last look: ended");
	/* Five differences +-1.65, +-1.08, 0: mean 0, se 0.6236.  Each
	 * look's level is 0.970616 (Pocock, c = 2.1783), and the t
	 * quantiles at 0.985308 are 3.3198 (4 df) and 2.5865 (9 df),
	 * computed apart from pairboot by integrating the t density.  The
	 * last look's interval, for a truth mu: mu +- 0.6236 sqrt(5/10)
	 * 2.5865 = mu +- 1.1405, at least 2T wide: no equivalence; a truth at
	 * this interval's upper end, 0.6236 x 3.3198 = 2.0702, would give a
	 * lower end of 0.930, below T: no harm, nor (by symmetry) benefit.
	 * Futile. */
	double wide[] = { -1.65, 1.65, 0, -1.08, 1.08,
			  -1.65, 1.65, 0, -1.08, 1.08 };
	o = judge(wide, 10, 1);
	tap_ok(o.status == LOOK_FUTILE && o.verdict == VERDICT_INDETERMINATE,
	       "a spread too wide for the looks planned: futile at look 1");
	/* Five differences +-1.28, +-0.64, 0: mean 0, se 0.4525, the
	 * interval at most 1.70 and at least 1.26 each way: undecided.  The
	 * last look's, of 10 pairs, would be se sqrt(5/10) times the t
	 * quantile of 9 df at 0.985 (2.262 to 2.821): 0.72 to 0.90 each
	 * way, narrow enough for equivalence of a truth near 0: continue
	 * (normal quantiles in place of t ones made this futile).  With the
	 * five twice (se 0.302, at most 0.85 each way): equivalent. */
	double near[] = { -1.28, -0.64, 0, 0.64, 1.28,
			  -1.28, -0.64, 0, 0.64, 1.28 };
	o = judge(near, 10, 1);
	tap_ok(o.status == LOOK_CONTINUE && o.verdict == VERDICT_INDETERMINATE,
	       "few pairs, equivalence still reachable: continue");
	o = judge(near, 10, 2);
	tap_ok(o.status == LOOK_STOP && o.verdict == VERDICT_EQUIVALENT,
	       "and equivalent at look 2");
	tap_ok(sequential_level_decimals(0.9948) == 2
	       && sequential_level_decimals(0.99995) == 3
	       && sequential_level_decimals(0.9999999) == 5,
	       "levels print with the decimals that keep them below 100%%");
	o = judge(at_t, 4, 0);
	tap_ok(o.status == LOOK_NOT_REACHED && o.look == 0
	       && o.verdict == VERDICT_NO_INTERVAL && isnan(o.boot.estimate),
	       "no look reached: no interval");
	tap_streq(look_status_code(LOOK_FUTILE), "futile", "codes are stable");
}

int main(void)
{
	check_judge();
	return tap_done();
}
