/* rng.c: the dice's random numbers (util layer). Seeded generators are
 * xoshiro256** with its state filled by splitmix64 from the seed; unbiased draws
 * below n by Lemire's multiply-and-reject. Play without a seed uses the system:
 * arc4random_uniform where the C library has it, else a generator seeded by
 * getrandom(2).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_ARC4RANDOM_UNIFORM
#include <stdlib.h>
#endif

#include "rng.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
next64(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

void
rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;

	memset(r, 0, sizeof *r);
	r->seeded = true;
	r->seed = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

void
rng_system(struct rng *r)
{
	uint64_t seed = 0;

	/* where arc4random_uniform is used the state is a fallback only */
	if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	rng_seed(r, seed);
	r->seeded = false;
}

uint32_t
rng_below(struct rng *r, uint32_t n)
{
	uint64_t m;
	uint32_t low;

#ifdef HAVE_ARC4RANDOM_UNIFORM
	if (!r->seeded)
		return arc4random_uniform(n);
#endif
	m = (next64(r) >> 32) * (uint64_t)n;
	low = (uint32_t)m;
	if (low < n) {
		uint32_t threshold = (uint32_t)(-n) % n;
		while (low < threshold) {
			m = (next64(r) >> 32) * (uint64_t)n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
