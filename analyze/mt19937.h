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
 * very same indices as before, bit for bit; tests/unit/test_mt19937.c checks
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

/* An index range 0..N-1 made ready for mt19937_pick: the division by the
 * scale that gsl_rng_uniform_int does for every draw (a 32-bit division,
 * some 25 cycles) becomes a multiplication by the scale's inverse, which
 * gives the very same quotient: with c = ceil(2^64 / scale), floor(x /
 * scale) = floor(c x / 2^64) for every 32-bit x (Lemire, Kaser and Kurz,
 * "Faster remainder by direct computation", Software: Practice and
 * Experience 49(6), 2019, theorem 1 with N = 32 and F = 64). */
typedef struct mt19937_range {
	uint32_t n;        /* the range, 1 <= n <= 0xffffffff */
	uint32_t scale;    /* 0xffffffff / n, as gsl_rng_uniform_int has it */
	uint64_t inverse;  /* ceil(2^64 / scale), or 0: divide (scale 1, or
			      no 128-bit product) */
} mt19937_range;

static inline mt19937_range mt19937_range_of(uint32_t n)
{
	mt19937_range r;

	r.n = n;
	r.scale = 0xFFFFFFFFu / n;
	r.inverse = 0;
#ifdef __SIZEOF_INT128__
	if (r.scale > 1)
		r.inverse = UINT64_MAX / r.scale + 1;
#endif
	return r;
}

/* An index 0..R->n-1, exactly as mt19937_uniform_int(m, R->n, R->scale)
 * draws it. */
static inline uint32_t mt19937_pick(mt19937 *m, const mt19937_range *r)
{
	uint32_t k;

	do {
		uint32_t x = mt19937_next(m);
#ifdef __SIZEOF_INT128__
		k = r->inverse
		    ? (uint32_t)(((unsigned __int128)r->inverse * x) >> 64)
		    : x / r->scale;
#else
		k = x / r->scale;
#endif
	} while (k >= r->n);
	return k;
}

#endif
