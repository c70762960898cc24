/* mt19937.c: seeding and regeneration of the Mersenne Twister (see
 * mt19937.h for the reference and why it is here). */
#include "analyze/mt19937.h"

#define MT_M 397
#define MT_UPPER 0x80000000u    /* the most significant bit */
#define MT_LOWER 0x7fffffffu    /* the 31 others */
#define MT_MATRIX 0x9908b0dfu   /* the twist's constant vector a */

void mt19937_seed(mt19937 *m, uint32_t seed)
{
	/* GSL replaces seed 0 by 4357, the default of the original code. */
	m->mt[0] = seed ? seed : 4357u;
	for (uint32_t i = 1; i < MT19937_N; i++)
		m->mt[i] = 1812433253u * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30))
			   + i;
	m->next = MT19937_N;
}

/* x * A of the recurrence: the word shifted right, xor a when odd. */
static uint32_t twist_word(uint32_t upper_of, uint32_t lower_of)
{
	uint32_t y = (upper_of & MT_UPPER) | (lower_of & MT_LOWER);

	return (y >> 1) ^ (y & 1u ? MT_MATRIX : 0u);
}

void mt19937_twist(mt19937 *m)
{
	unsigned k;

	for (k = 0; k < MT19937_N - MT_M; k++)
		m->mt[k] = m->mt[k + MT_M] ^ twist_word(m->mt[k], m->mt[k + 1]);
	for (; k < MT19937_N - 1; k++)
		m->mt[k] = m->mt[k + MT_M - MT19937_N]
			   ^ twist_word(m->mt[k], m->mt[k + 1]);
	m->mt[MT19937_N - 1] = m->mt[MT_M - 1]
			       ^ twist_word(m->mt[MT19937_N - 1], m->mt[0]);
	m->next = 0;
}
