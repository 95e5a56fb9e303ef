/* rr.c — round-robin: the runnable cores in turn, Q steps each (rr[:Q]). */
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "strategy.h"

#define RR_DEFAULT_QUANTUM 1

struct rr {
    struct sched base;
    long quantum;       /* turn length */
};

static struct sched *rr_create(const char *spec, const char *arg, uint64_t seed,
                               unsigned ncores, GError **error)
{
    (void)seed;
    (void)ncores;
    struct rr *s = g_new0(struct rr, 1);
    s->base.ops = &strategy_rr;
    s->quantum = RR_DEFAULT_QUANTUM;
    if (arg && !sched_parse_count(arg, &s->quantum)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: the turn length must be a whole number from 1 to %d",
                    spec, TURN_MAX);
        g_free(s);
        return NULL;
    }
    return &s->base;
}

static unsigned rr_next(struct sched *base, const bool *runnable, unsigned nchoices,
                        int current, long *turn)
{
    struct rr *s = (struct rr *)base;
    *turn = s->quantum;
    return sched_next_after(runnable, nchoices, current);
}

static char *rr_describe(const struct sched *base)
{
    const struct rr *s = (const struct rr *)base;
    return g_strdup_printf("--sched rr:%ld", s->quantum);
}

const struct strategy strategy_rr = {
    .name = "rr",
    .usage = "rr[:Q]",
    .description = "round-robin, Q steps per turn (default 1)",
    .create = rr_create,
    .next = rr_next,
    .describe = rr_describe,
};
