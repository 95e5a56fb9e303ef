/* rng.h — the pseudo-random numbers of schedules and injected faults.
 *
 * Every run draws from its own seed (--seed, one per run of a hunt), so a
 * hunt of 100,000 runs seeds 100,000 generators: seeding must cost as
 * little as a draw.  GLib's GRand cannot: it is a Mersenne Twister whose
 * seeding fills 624 words of state (about 2 us, 15% of a short run), and it
 * has no cheaper way to start again.  This is SplitMix64 (Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014;
 * the generator Java's SplittableRandom uses): the state is one 64-bit
 * counter that advances by an odd constant, and each draw is the counter
 * run through a 64-bit mixing function.  Seeding is one store; a draw is a
 * few multiplications; its output passes BigCrush.  A schedule needs
 * numbers that are uniform and repeatable from the seed, not secret.
 */
#ifndef ATOMSIM_RNG_H
#define ATOMSIM_RNG_H

#include <stdint.h>

struct rng {
    uint64_t state;
};

/* Start g from seed: the same seed, the same numbers. */
static inline void rng_seed(struct rng *g, uint64_t seed)
{
    g->state = seed;
}

/* The next 64 uniformly distributed bits. */
static inline uint64_t rng_next(struct rng *g)
{
    uint64_t z = (g->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A number in [lo, hi) (hi > lo), each as likely: the draws that would
 * favour the low numbers are drawn again (Lemire, "Fast random integer
 * generation in an interval", TOMACS 2019). */
static inline uint32_t rng_range(struct rng *g, uint32_t lo, uint32_t hi)
{
    uint32_t n = hi - lo;
    uint64_t m = (uint64_t)(uint32_t)rng_next(g) * n;
    if ((uint32_t)m < n) {
        uint32_t floor = -n % n;
        while ((uint32_t)m < floor)
            m = (uint64_t)(uint32_t)rng_next(g) * n;
    }
    return lo + (uint32_t)(m >> 32);
}

/* A number in [0, 1), with 53 random bits. */
static inline double rng_double(struct rng *g)
{
    return (double)(rng_next(g) >> 11) * 0x1.0p-53;
}

#endif
