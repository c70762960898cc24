/* test_mt19937.c: the inlined Mersenne Twister of the bootstrap draws
 * exactly what GSL's gsl_rng_mt19937 and gsl_rng_uniform_int draw, so the
 * bootstrap intervals are unchanged by it. */
#include <stdint.h>

#include <gsl/gsl_rng.h>

#include "analyze/mt19937.h"
#include "tests/lib/tap.h"

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

/* Whether COUNT draws of mt19937_pick below N match gsl_rng_uniform_int. */
static bool same_fast_picks(uint32_t seed, uint32_t n, unsigned long count)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	mt19937 m;
	mt19937_range range = mt19937_range_of(n);
	bool same = true;

	gsl_rng_set(r, seed);
	mt19937_seed(&m, seed);
	for (unsigned long i = 0; i < count && same; i++)
		same = mt19937_pick(&m, &range) == gsl_rng_uniform_int(r, n);
	gsl_rng_free(r);
	return same;
}

/* Whether the multiplication by the inverse of SCALE gives x / SCALE for
 * the 32-bit X where an error would show first: 0, the multiples of
 * SCALE and their neighbours near the top of the range, and the top. */
static bool inverse_exact(uint32_t n)
{
	mt19937_range r = mt19937_range_of(n);
	const uint32_t top = 0xFFFFFFFFu;

#ifndef __SIZEOF_INT128__
	(void)top;
	return r.inverse == 0;  /* no product: always divides */
#else
	if (!r.inverse)
		return true;  /* divides: nothing to check */
	for (uint64_t q = top / r.scale + 1; q-- > 0 && q + 64 > top / r.scale;)
		for (int dx = -1; dx <= 1; dx++) {
			uint64_t x = q * r.scale + (uint64_t)(int64_t)dx;
			uint32_t k;

			if (x > top)
				continue;
			k = (uint32_t)(((unsigned __int128)r.inverse * x) >> 64);
			if (k != (uint32_t)x / r.scale)
				return false;
		}
	return (uint32_t)(((unsigned __int128)r.inverse * top) >> 64)
	       == top / r.scale;
#endif
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
	/* The division by the scale done as a multiplication. */
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
		tap_ok(same_fast_picks(20260825, ns[i], 200000),
		       "indices below %lu: 200000 fast picks are "
		       "gsl_rng_uniform_int's", (unsigned long)ns[i]);
	for (uint32_t n = 1; n <= 2000; n++)
		if (!inverse_exact(n)) {
			tap_ok(false, "the inverse of the scale of %lu is exact",
			       (unsigned long)n);
			break;
		} else if (n == 2000) {
			tap_ok(true, "the inverse of the scale is exact at the "
			       "top of the range for every n up to 2000");
		}
	return tap_done();
}
