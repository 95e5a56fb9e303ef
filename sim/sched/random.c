/* random.c — seeded random: a runnable core chosen uniformly (it may be the
 * same one again), for 1 .. 2M-1 steps (random[:M]), drawn from --seed. */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/rng.h"
#include "strategy.h"

#define RANDOM_DEFAULT_MEAN 4

struct random_sched {
    struct sched base;
    long mean;          /* mean turn length */
    struct rng rand;
};

static void random_reset(struct sched *base)
{
    struct random_sched *s = (struct random_sched *)base;
    rng_seed(&s->rand, s->base.seed);
}

static struct sched *random_create(const char *spec, const char *arg, uint64_t seed,
                                   unsigned ncores, GError **error)
{
    (void)ncores;
    struct random_sched *s = g_new0(struct random_sched, 1);
    s->base.ops = &strategy_random;
    s->mean = RANDOM_DEFAULT_MEAN;
    if (arg && !sched_parse_count(arg, &s->mean)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: the turn length must be a whole number from 1 to %d",
                    spec, TURN_MAX);
        g_free(s);
        return NULL;
    }
    s->base.seed = seed;
    random_reset(&s->base);
    return &s->base;
}

/* A runnable choice (a core, or a core's drains) chosen uniformly (it may be
 * the same one again), for 1 .. 2M-1 operations, so that turns do not line
 * up with the guest's loops. */
static unsigned random_next(struct sched *base, const bool *runnable, unsigned nchoices,
                            int current, long *turn)
{
    (void)current;
    struct random_sched *s = (struct random_sched *)base;
    unsigned candidates = 0;
    for (unsigned i = 0; i < nchoices; i++)
        candidates += runnable[i];
    g_assert(candidates > 0);
    unsigned pick = rng_range(&s->rand, 0, candidates);
    *turn = rng_range(&s->rand, 1, (uint32_t)(2 * s->mean));
    for (unsigned i = 0; i < nchoices; i++)
        if (runnable[i] && pick-- == 0)
            return i;
    g_assert_not_reached();
}

static char *random_describe(const struct sched *base)
{
    const struct random_sched *s = (const struct random_sched *)base;
    return g_strdup_printf("--sched random:%ld --seed %" G_GINT64_FORMAT, s->mean,
                           (gint64)s->base.seed);
}

const struct strategy strategy_random = {
    .name = "random",
    .usage = "random[:M]",
    .description = "seeded random: a random core for 1 .. 2M-1 steps (default M 4)",
    .seeded = true,
    .create = random_create,
    .reset = random_reset,
    .next = random_next,
    .older = sched_older_drawn,
    .predicted = sched_predicted_drawn,
    .describe = random_describe,
};
