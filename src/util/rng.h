/* rng.h: random numbers for dice (util layer). A game draws from its own
 * generator: seeded (xoshiro256**, for tests, demos and replays) or fair from
 * the system (arc4random_uniform where glibc has it, else a generator seeded from
 * getrandom). Never rand() % n: every draw is unbiased.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEXAID_RNG_H
#define HEXAID_RNG_H

#include <stdbool.h>
#include <stdint.h>

struct rng {
	bool seeded;      /* reproducible from `seed` */
	uint64_t seed;
	uint64_t s[4];
};

/* A reproducible generator: the same seed gives the same rolls everywhere. */
void rng_seed(struct rng *r, uint64_t seed);

/* A generator for play: the system's randomness. */
void rng_system(struct rng *r);

/* A number from 0 to n - 1, each as likely (n > 0). */
uint32_t rng_below(struct rng *r, uint32_t n);

#endif
