/* mt19937.h: the Mersenne Twister of the bootstrap, as a plain struct the
 * compiler can inline.
 *
 * boot_replicates draws 50 million indices for 100,000 resamples of 500
 * pairs.  Through GSL each draw is two calls through function pointers and
 * a 64-bit division, more than half the time of the whole bootstrap.  This
 * generator is MT19937 (Matsumoto and Nishimura, "Mersenne Twister: a
 * 623-dimensionally equidistributed uniform pseudo-random number
 * generator", ACM TOMACS 8(1):3-30, 1998) seeded exactly as GSL's
 * gsl_rng_mt19937 is (Knuth's multiplier 1812433253; seed 0 taken as
 * 4357), and mt19937_uniform_int picks exactly as gsl_rng_uniform_int does
 * (scale = 0xffffffff / n, retry while k >= n), so the bootstrap draws the
 * very same indices as before, bit for bit; tests/test_mt19937.c checks
 * both against GSL. */
#ifndef PAIRBOOT_MT19937_H
#define PAIRBOOT_MT19937_H

#include <stdint.h>

#define MT19937_N 624

typedef struct mt19937 {
	uint32_t mt[MT19937_N];
	unsigned next;           /* index of the next word; N: regenerate */
} mt19937;

/* Seeds M as gsl_rng_set(r, SEED) seeds gsl_rng_mt19937. */
void mt19937_seed(mt19937 *m, uint32_t seed);

/* Regenerates the 624 words of M (the twist); called by mt19937_next. */
void mt19937_twist(mt19937 *m);

/* The next 32-bit output, as gsl_rng_get gives it. */
static inline uint32_t mt19937_next(mt19937 *m)
{
	uint32_t y;

	if (m->next >= MT19937_N)
		mt19937_twist(m);
	y = m->mt[m->next++];
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680u;
	y ^= (y << 15) & 0xefc60000u;
	y ^= y >> 18;
	return y;
}

/* An index 0..N-1 as gsl_rng_uniform_int(r, N) draws it, for
 * 1 <= N <= 0xffffffff.  SCALE must be 0xffffffff / N (computed once by
 * the caller: the division is the costly part). */
static inline uint32_t mt19937_uniform_int(mt19937 *m, uint32_t n,
					   uint32_t scale)
{
	uint32_t k;

	do
		k = mt19937_next(m) / scale;
	while (k >= n);
	return k;
}

#endif
