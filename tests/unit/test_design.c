/* test_design.c: unit tests of analyze/design: Williams designs and the
 * balance of schedules.
 *
 * The squares for 3 and 4 states are those of Williams (1949), written out
 * by hand; for 2 to 9 states the two balance properties are checked by
 * counting: each state takes each position equally often, and each
 * ordered pair of two states stands next to each other equally often
 * (once per square for an even number of states, twice over the square
 * and its mirror for an odd number). */
#include <stdlib.h>
#include <string.h>

#include "analyze/design.h"
#include "tests/lib/tap.h"

static bool orders_equal(const size_t *got, const size_t *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			return false;
	return true;
}

static void test_small_squares(void)
{
	/* 0 1 t-1 2 ..., each later order one more, modulo t. */
	static const size_t four[16] = { 0, 1, 3, 2,  1, 2, 0, 3,
					 2, 3, 1, 0,  3, 0, 2, 1 };
	/* For 3 states the square 012/120/201 and its mirror. */
	static const size_t three[18] = { 0, 1, 2,  1, 2, 0,  2, 0, 1,
					  2, 1, 0,  0, 2, 1,  1, 0, 2 };
	size_t *o, n;

	tap_ok(design_williams(4, &o, &n) == PB_OK && n == 4
	       && orders_equal(o, four, 16), "4 states: the Williams square");
	free(o);
	tap_ok(design_williams(3, &o, &n) == PB_OK && n == 6
	       && orders_equal(o, three, 18),
	       "3 states: the square and its mirror");
	free(o);
	tap_ok(design_williams(1, &o, &n) == PB_OK && n == 1 && o[0] == 0,
	       "1 state: one order");
	free(o);
	tap_ok(design_williams(0, &o, &n) == PB_DATAERR && !o,
	       "0 states: refused");
}

/* Counts positions and carry-over of the whole design for T states. */
static void test_balance(size_t t)
{
	size_t *o, n;
	design_boot *boots;
	design_balance b;

	if (design_williams(t, &o, &n) != PB_OK) {
		tap_ok(false, "%zu states: design", t);
		return;
	}
	boots = malloc(n * t * sizeof *boots);
	for (size_t r = 0; r < n; r++)
		for (size_t j = 0; j < t; j++)
			boots[r * t + j] = (design_boot){ r + 1, j + 1,
							  o[r * t + j] };
	tap_ok(design_measure(boots, n * t, t, &b) == PB_OK, "%zu states: "
	       "measured", t);
	size_t each = n / t, pairs = t % 2 ? 2 : 1;
	tap_ok(b.position_min == each && b.position_max == each,
	       "%zu states: each state takes each position %zu times", t,
	       each);
	tap_ok(b.carry_min == pairs && b.carry_max == pairs,
	       "%zu states: each state follows every other %zu times", t,
	       pairs);
	free(boots);
	free(o);
}

static void test_schedule(void)
{
	design_boot *a, *b;
	design_balance ba, bb;

	/* 8 blocks of 4 states: two whole squares, so balanced. */
	tap_ok(design_schedule(4, 8, 42, &a, &ba) == PB_OK,
	       "a schedule of 8 blocks of 4 states");
	tap_ok(ba.design_size == 4 && ba.position_min == 2
	       && ba.position_max == 2 && ba.carry_min == 2
	       && ba.carry_max == 2, "two whole squares: balanced");
	tap_ok(design_schedule(4, 8, 42, &b, &bb) == PB_OK
	       && memcmp(a, b, 32 * sizeof *a) == 0,
	       "the same seed gives the same schedule");
	free(b);
	tap_ok(design_schedule(4, 8, 43, &b, &bb) == PB_OK
	       && memcmp(a, b, 32 * sizeof *a) != 0,
	       "another seed another one");
	bool whole = true;
	for (size_t k = 0; k < 8; k++) {
		unsigned seen = 0;
		for (size_t j = 0; j < 4; j++) {
			whole &= a[k * 4 + j].block == k + 1
				 && a[k * 4 + j].position == j + 1;
			seen |= 1u << a[k * 4 + j].state;
		}
		whole &= seen == 0xF;
	}
	tap_ok(whole, "every block holds every state once, in positions 1-4");
	free(a);
	free(b);

	/* 5 blocks of 4 states: one square and one order more, so one state
	 * takes each position twice; the carry-over counts are 1 or 2. */
	tap_ok(design_schedule(4, 5, 7, &a, &ba) == PB_OK
	       && ba.position_min == 1 && ba.position_max == 2
	       && ba.carry_min == 1 && ba.carry_max == 2,
	       "5 blocks of 4 states: as close to balanced as 5 allows");
	free(a);
	/* 3 states, 3 blocks: one whole square of the two, so each state
	 * takes each position once; of the ordered pairs, the square holds
	 * (0,1), (1,2), (2,0) twice each and the others never. */
	tap_ok(design_schedule(3, 3, 7, &a, &ba) == PB_OK
	       && ba.design_size == 6 && ba.position_min == 1
	       && ba.position_max == 1 && ba.carry_min == 0
	       && ba.carry_max == 2,
	       "3 blocks of 3 states: one square, balanced for position only");
	free(a);
	tap_ok(design_schedule(3, 0, 7, &a, &ba) == PB_DATAERR,
	       "0 blocks: refused");
}

int main(void)
{
	test_small_squares();
	for (size_t t = 2; t <= 9; t++)
		test_balance(t);
	test_schedule();
	return tap_done();
}
