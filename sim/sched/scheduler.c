/* scheduler.c — see scheduler.h: the list of strategies --sched names, and
 * the calls through their table (strategy.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "strategy.h"

const struct strategy *const sched_strategies[] = {
    &strategy_rr, &strategy_random, &strategy_pct, &strategy_dfs, &strategy_replay, NULL,
};

const struct strategy *sched_find(const char *spec)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    for (int i = 0; sched_strategies[i]; i++) {
        const struct strategy *st = sched_strategies[i];
        if (strlen(st->name) == len && strncmp(spec, st->name, len) == 0 &&
            (colon != NULL || !st->needs_argument))
            return st;
    }
    return NULL;
}

char *sched_usages(void)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; sched_strategies[i]; i++)
        g_string_append_printf(s, "%s%s", i == 0 ? "" : sched_strategies[i + 1] ? ", " : " or ",
                               sched_strategies[i]->usage);
    return g_string_free(s, FALSE);
}

struct sched *sched_new(const char *spec, uint64_t seed, unsigned ncores, GError **error)
{
    const struct strategy *st = sched_find(spec);
    if (st == NULL) {
        g_autofree char *usages = sched_usages();
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: unknown strategy (%s)", spec, usages);
        return NULL;
    }
    const char *colon = strchr(spec, ':');
    return st->create(spec, colon ? colon + 1 : NULL, seed, ncores, error);
}

void sched_free(struct sched *s)
{
    if (s == NULL)
        return;
    if (s->ops->free)
        s->ops->free(s);
    else
        g_free(s);
}

const char *sched_name(const struct sched *s)
{
    return s->ops->name;
}

void sched_reset(struct sched *s)
{
    rng_seed(&s->reads, s->seed ^ SCHED_READS_SEED);
    rng_seed(&s->predictions, s->seed ^ SCHED_PREDICT_SEED);
    s->may_predict = rng_range(&s->predictions, 0, SCHED_PREDICT_RUNS) == 0;
    if (s->ops->reset)
        s->ops->reset(s);
}

void sched_reseed(struct sched *s, uint64_t seed)
{
    s->seed = seed;
}

unsigned sched_next(struct sched *s, const bool *runnable, unsigned nchoices,
                    int current, long *turn)
{
    g_assert(s->ops->next != NULL);     /* not an exhaustive strategy */
    return s->ops->next(s, runnable, nchoices, current, turn);
}

char *sched_describe(const struct sched *s)
{
    return s->ops->describe(s);
}

bool sched_fixed(const struct sched *s)
{
    return s->ops->fixed;
}

bool sched_seeded(const struct sched *s)
{
    return s->ops->seeded;
}

bool sched_exhaustive(const struct sched *s)
{
    return s->ops->exhaustive;
}

unsigned sched_bound(const struct sched *s)
{
    g_assert(s->ops->bound != NULL);
    return s->ops->bound(s);
}

bool sched_estimates_horizon(const struct sched *s)
{
    return s->ops->estimates_horizon != NULL && s->ops->estimates_horizon(s);
}

void sched_set_horizon(struct sched *s, uint64_t steps)
{
    if (s->ops->set_horizon)
        s->ops->set_horizon(s, steps);
    sched_reset(s);
}

unsigned sched_older(struct sched *s, unsigned core, long turn_left, unsigned n,
                     unsigned telling)
{
    if (s->ops->older == NULL || n < 2)
        return 0;
    unsigned older = s->ops->older(s, core, turn_left, n, telling);
    return MIN(older, MIN(n - 1, SCHED_MAX_OLDER));
}

bool sched_predicted(struct sched *s, unsigned core, long turn_left, const uint64_t *candidates,
                     unsigned n, uint64_t *value)
{
    return s->ops->predicted != NULL &&
           s->ops->predicted(s, core, turn_left, candidates, n, value);
}

bool sched_spinning(struct sched *s, unsigned core)
{
    return s->ops->spinning != NULL && s->ops->spinning(s, core);
}
