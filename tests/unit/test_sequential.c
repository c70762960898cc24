/* test_sequential.c: unit tests of analyze/seqbound (the level of each
 * look) and analyze/sequential (a comparison judged at its looks).
 *
 * The critical values are those of Jennison and Turnbull (2000), "Group
 * Sequential Methods with Applications to Clinical Trials", Table 2.1
 * (Pocock's C_P(K, alpha)) and Table 2.3 (O'Brien and Fleming's
 * C_B(K, alpha)), two-sided, equally spaced looks, to the tables' three
 * decimals.  The judged examples are worked by hand in the comments: each
 * verdict holds for any t quantile between the bounds named there, so the
 * test does not rest on the code's own quantile. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/seqbound.h"
#include "analyze/sequential.h"
#include "tests/lib/tap.h"

static const double pocock05[] = { 1.960, 2.178, 2.289, 2.361, 2.413,
				   2.453, 2.485, 2.512, 2.535, 2.555 };
static const double obf05[] = { 1.960, 1.977, 2.004, 2.024, 2.040,
				2.053, 2.063, 2.072, 2.080, 2.087 };
static const double pocock01[] = { 2.576, 2.772, 2.873, 2.939, 2.986,
				   3.023, 3.053, 3.078, 3.099, 3.117 };
static const double obf01[] = { 2.576, 2.580, 2.595, 2.609, 2.621,
				2.631, 2.640, 2.648, 2.654, 2.660 };

/* The constant of boundary B for K equally spaced looks at CONFIDENCE:
 * the last look's critical value (C for both shapes). */
static double constant(look_boundary b, size_t k, double confidence)
{
	unsigned long looks[PLAN_MAX_LOOKS];
	double levels[PLAN_MAX_LOOKS], crit[PLAN_MAX_LOOKS];

	for (size_t i = 0; i < k; i++)
		looks[i] = 10 * (i + 1);
	if (seqbound_levels(b, looks, k, confidence, levels, crit) != PB_OK)
		return NAN;
	return crit[k - 1];
}

static void check_tables(void)
{
	for (size_t k = 1; k <= 10; k++) {
		double p05 = constant(BOUNDARY_POCOCK, k, 0.95);
		double o05 = constant(BOUNDARY_OBRIEN_FLEMING, k, 0.95);
		double p01 = constant(BOUNDARY_POCOCK, k, 0.99);
		double o01 = constant(BOUNDARY_OBRIEN_FLEMING, k, 0.99);
		tap_ok(fabs(p05 - pocock05[k - 1]) < 0.0006
		       && fabs(o05 - obf05[k - 1]) < 0.0006
		       && fabs(p01 - pocock01[k - 1]) < 0.0006
		       && fabs(o01 - obf01[k - 1]) < 0.0006,
		       "K = %zu: Pocock %.4f %.4f, O'Brien-Fleming %.4f %.4f "
		       "(tables: %.3f %.3f, %.3f %.3f)", k, p05, p01, o05, o01,
		       pocock05[k - 1], pocock01[k - 1], obf05[k - 1],
		       obf01[k - 1]);
	}
}

static void check_shapes(void)
{
	unsigned long looks[] = { 5, 10, 20, 40 };
	double lv[4], cr[4];

	tap_ok(seqbound_levels(BOUNDARY_OBRIEN_FLEMING, looks, 4, 0.95, lv, cr)
	       == PB_OK, "unequal looks 5;10;20;40");
	tap_ok(lv[0] > lv[1] && lv[1] > lv[2] && lv[2] > lv[3]
	       && fabs(cr[0] / cr[3] - sqrt(8.0)) < 1e-12,
	       "O'Brien-Fleming: c_k = C sqrt(40 / n_k), wider early");
	tap_ok(fabs(seqbound_crossing(looks, 4, cr) - 0.05) < 1e-6,
	       "its crossing chance is 0.05");
	tap_ok(seqbound_levels(BOUNDARY_BONFERRONI, looks, 4, 0.95, lv, cr)
	       == PB_OK && fabs(lv[0] - (1 - 0.05 / 4)) < 1e-12
	       && fabs(lv[3] - lv[0]) < 1e-15,
	       "Bonferroni: each look at 1 - 0.05 / 4 = %.6f", lv[0]);
	/* Bonferroni's crossing lies between Pocock's (0.05) and the sum
	 * bound: the looks are correlated. */
	double x = seqbound_crossing(looks, 4, cr);
	tap_ok(x < 0.05 && x > 0.03, "and crosses less than 0.05 (%.4f)", x);
	tap_ok(seqbound_levels(BOUNDARY_POCOCK, looks, 1, 0.95, lv, cr) == PB_OK
	       && fabs(cr[0] - 1.959964) < 1e-6, "one look: the fixed 1.96");
	unsigned long down[] = { 10, 5 };
	tap_ok(seqbound_levels(BOUNDARY_POCOCK, down, 2, 0.95, lv, cr)
	       == PB_DATAERR, "looks that do not ascend are refused");
	tap_ok(seqbound_levels(BOUNDARY_POCOCK, looks, 0, 0.95, lv, cr)
	       == PB_DATAERR
	       && seqbound_levels(BOUNDARY_POCOCK, looks, 2, 1.0, lv, cr)
	       == PB_DATAERR, "no looks, or a confidence of 1, too");
}

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
	 * way), 0 excluded: a difference of open size.  Narrowed to the
	 * last look it still holds T: futile.  At the last look: ended. */
	double at_t[] = { 0.5, 1.5, 1.0, 0.8, 1.2, 0.5, 1.5, 1.0, 0.8, 1.2 };
	o = judge(at_t, 10, 1);
	tap_ok(o.status == LOOK_FUTILE && o.verdict == VERDICT_DETECTED,
	       "an effect at T: futile at look 1");
	o = judge(at_t, 10, 2);
	tap_ok(o.status == LOOK_ENDED && o.look == 2,
	       "and undecided at the last look: ended");
	o = judge(at_t, 4, 0);
	tap_ok(o.status == LOOK_NOT_REACHED && o.look == 0
	       && o.verdict == VERDICT_NO_INTERVAL && isnan(o.boot.estimate),
	       "no look reached: no interval");
	tap_streq(look_status_code(LOOK_FUTILE), "futile", "codes are stable");
}

int main(void)
{
	check_tables();
	check_shapes();
	check_judge();
	return tap_done();
}
