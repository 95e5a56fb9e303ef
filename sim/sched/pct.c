/* pct.c — probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi
 * and Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of
 * Finding Bugs", ASPLOS 2010): pct[:D[:K]].  Random core priorities, the
 * highest runnable core runs, and d-1 change points among the first K steps
 * each drop the running core below every other; a run finds a bug of depth
 * D with probability at least 1/(n*K^(D-1)) for n cores.  Without K the
 * caller estimates it (sched_set_horizon). */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/limits.h"
#include "base/rng.h"
#include "strategy.h"

#define PCT_DEFAULT_DEPTH 3
#define PCT_DEFAULT_STEPS 1000
#define PCT_MAX_DEPTH 16

struct pct {
    struct sched base;
    struct rng rand;
    /* depth d, steps k, each core's priority (higher runs), the d-1 steps
     * at which the running core drops below every other, and the steps so
     * far */
    long depth, steps;
    bool estimate;              /* no K given; steps is set from a run (0: not yet) */
    unsigned ncores;
    int priority[SCHED_MAX_CHOICES];     /* per choice */
    uint64_t change[PCT_MAX_DEPTH];
    uint64_t step;
    int lowest;
};

static void pct_reset(struct sched *base)
{
    struct pct *s = (struct pct *)base;
    rng_seed(&s->rand, s->base.seed);
    /* priorities 2d, 2d+2 .. 2(d+n-1) in a random order; d-1 change points
     * among the first k steps, the i-th dropping its core to priority i */
    for (unsigned i = 0; i < s->ncores; i++)
        s->priority[i] = 2 * (int)(s->depth + i);
    for (unsigned i = s->ncores; i > 1; i--) {
        unsigned j = rng_range(&s->rand, 0, i);
        int t = s->priority[i - 1];
        s->priority[i - 1] = s->priority[j];
        s->priority[j] = t;
    }
    long k = s->steps > 0 ? s->steps : PCT_DEFAULT_STEPS;
    for (long i = 0; i + 1 < s->depth; i++)
        s->change[i] = rng_range(&s->rand, 1, (uint32_t)k + 1);
    /* each drain (store buffers; each slot of each core's): an odd priority
     * at a random place among the cores' (drawn last, so that without store
     * buffers the choices are what they always were) */
    for (unsigned i = 0; i < s->ncores * ATOMSIM_STORE_BUFFER_DEPTH; i++)
        s->priority[s->ncores + i] =
            2 * (int)(s->depth + rng_range(&s->rand, 0, s->ncores + 1)) - 1;
    s->step = 0;
    s->lowest = 0;
}

/* pct[:D[:K]] */
static struct sched *pct_create(const char *spec, const char *arg, uint64_t seed,
                                unsigned ncores, GError **error)
{
    (void)arg;
    struct pct *s = g_new0(struct pct, 1);
    s->base.ops = &strategy_pct;
    s->depth = PCT_DEFAULT_DEPTH;
    s->ncores = ncores;
    g_auto(GStrv) parts = g_strsplit(spec, ":", 3);
    if ((parts[1] && (!sched_parse_count(parts[1], &s->depth) || s->depth > PCT_MAX_DEPTH)) ||
        (parts[1] && parts[2] && !sched_parse_count(parts[2], &s->steps))) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: pct:D:K takes a depth D from 1 to %d and K steps from 1 to %d",
                    spec, PCT_MAX_DEPTH, TURN_MAX);
        g_free(s);
        return NULL;
    }
    s->estimate = s->steps == 0;
    s->base.seed = seed;
    pct_reset(&s->base);
    return &s->base;
}

static unsigned pct_next(struct sched *base, const bool *runnable, unsigned nchoices,
                         int current, long *turn)
{
    struct pct *s = (struct pct *)base;
    s->step++;
    for (long i = 0; current >= 0 && i + 1 < s->depth; i++)
        if (s->change[i] == s->step)
            s->priority[current] = (int)(i + 1);
    int best = -1;
    for (unsigned i = 0; i < nchoices; i++)
        if (runnable[i] && (best < 0 || s->priority[i] > s->priority[best]))
            best = (int)i;
    *turn = 1;
    return (unsigned)best;
}

static char *pct_describe(const struct sched *base)
{
    const struct pct *s = (const struct pct *)base;
    return g_strdup_printf("--sched pct:%ld:%ld --seed %" G_GINT64_FORMAT, s->depth,
                           s->steps > 0 ? s->steps : PCT_DEFAULT_STEPS, (gint64)s->base.seed);
}

/* PCT assumes a waiting thread yields: a spinning core drops below all
 * others, as at a change point, so that the core it waits for can run. */
static bool pct_spinning(struct sched *base, unsigned core)
{
    struct pct *s = (struct pct *)base;
    s->priority[core] = --s->lowest;
    return false;
}

static bool pct_estimates_horizon(const struct sched *base)
{
    return ((const struct pct *)base)->estimate;
}

static void pct_set_horizon(struct sched *base, uint64_t steps)
{
    ((struct pct *)base)->steps = (long)CLAMP(steps, 1, PCT_MAX_HORIZON);
}

const struct strategy strategy_pct = {
    .name = "pct",
    .usage = "pct[:D[:K]]",
    .description = "probabilistic concurrency testing: random core priorities, D-1 change "
                   "points among the first K steps (default D 3)",
    .seeded = true,
    .create = pct_create,
    .reset = pct_reset,
    .next = pct_next,
    .older = sched_older_drawn,
    .describe = pct_describe,
    .spinning = pct_spinning,
    .estimates_horizon = pct_estimates_horizon,
    .set_horizon = pct_set_horizon,
};
