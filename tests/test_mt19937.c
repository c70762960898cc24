/* test_mt19937.c: the inlined Mersenne Twister of the bootstrap draws
 * exactly what GSL's gsl_rng_mt19937 and gsl_rng_uniform_int draw, so the
 * bootstrap intervals are unchanged by it. */
#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "analyze/mt19937.h"
#include "tests/tap.h"

/* Whether COUNT outputs after seeding with SEED match GSL's. */
static bool same_stream(uint32_t seed, unsigned long count)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	mt19937 m;
	bool same = true;

	gsl_rng_set(r, seed);
	mt19937_seed(&m, seed);
	for (unsigned long i = 0; i < count && same; i++)
		same = mt19937_next(&m) == gsl_rng_get(r);
	gsl_rng_free(r);
	return same;
}

/* Whether COUNT draws of an index below N match gsl_rng_uniform_int. */
static bool same_picks(uint32_t seed, uint32_t n, unsigned long count)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	mt19937 m;
	uint32_t scale = 0xFFFFFFFFu / n;
	bool same = true;

	gsl_rng_set(r, seed);
	mt19937_seed(&m, seed);
	for (unsigned long i = 0; i < count && same; i++)
		same = mt19937_uniform_int(&m, n, scale)
		       == gsl_rng_uniform_int(r, n);
	gsl_rng_free(r);
	return same;
}

int main(void)
{
	static const uint32_t seeds[] = { 0, 1, 4357, 20260825, 0xFFFFFFFFu };
	static const uint32_t ns[] = {
		1, 2, 3, 10, 500, 1000003, 0x80000000u, 0x80000001u,
		0xFFFFFFFFu
	};
	mt19937 m;
	uint32_t first[5], x = 0;

	/* The reference values of MT19937 with the seed 5489 (the default
	 * of Matsumoto and Nishimura's 2002 code): its first five outputs,
	 * and the 10000th, which ISO C++ requires of std::mt19937. */
	mt19937_seed(&m, 5489);
	for (int i = 0; i < 5; i++)
		first[i] = mt19937_next(&m);
	tap_ok(first[0] == 3499211612u && first[1] == 581869302u
	       && first[2] == 3890346734u && first[3] == 3586334585u
	       && first[4] == 545404204u,
	       "seed 5489: the published first five outputs");
	for (int i = 5; i < 10000; i++)
		x = mt19937_next(&m);
	tap_ok(x == 4123659995u, "seed 5489: the 10000th output is 4123659995");

	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
		tap_ok(same_stream(seeds[i], 1000000),
		       "seed %lu: the first million outputs are GSL's",
		       (unsigned long)seeds[i]);
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
		tap_ok(same_picks(20260825, ns[i], 200000),
		       "indices below %lu: 200000 picks are gsl_rng_uniform_int's",
		       (unsigned long)ns[i]);
	return tap_done();
}
