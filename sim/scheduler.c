/* scheduler.c — see scheduler.h. */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "scheduler.h"

enum strategy { STRATEGY_RR, STRATEGY_RANDOM };

#define RR_DEFAULT_QUANTUM 1
#define RANDOM_DEFAULT_MEAN 4
#define TURN_MAX 1000000

struct sched {
    enum strategy strategy;
    long quantum;       /* rr: turn length; random: mean turn length */
    uint64_t seed;
    GRand *rand;
};

static gboolean parse_quantum(const char *text, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 1 || v > TURN_MAX)
        return FALSE;
    *out = v;
    return TRUE;
}

struct sched *sched_new(const char *spec, uint64_t seed, GError **error)
{
    g_autoptr(sched) s = g_new0(struct sched, 1);
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);

    if (name_len == 2 && strncmp(spec, "rr", 2) == 0) {
        s->strategy = STRATEGY_RR;
        s->quantum = RR_DEFAULT_QUANTUM;
    } else if (name_len == 6 && strncmp(spec, "random", 6) == 0) {
        s->strategy = STRATEGY_RANDOM;
        s->quantum = RANDOM_DEFAULT_MEAN;
    } else {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: unknown strategy (rr[:Q] or random[:M])", spec);
        return NULL;
    }
    if (colon && !parse_quantum(colon + 1, &s->quantum)) {
        g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                    "--sched %s: the turn length must be a whole number from 1 to %d",
                    spec, TURN_MAX);
        return NULL;
    }
    s->seed = seed;
    sched_reset(s);
    return g_steal_pointer(&s);
}

void sched_free(struct sched *s)
{
    if (s == NULL)
        return;
    if (s->rand)
        g_rand_free(s->rand);
    g_free(s);
}

void sched_reset(struct sched *s)
{
    guint32 words[2] = { (guint32)s->seed, (guint32)(s->seed >> 32) };
    if (s->rand)
        g_rand_free(s->rand);
    s->rand = g_rand_new_with_seed_array(words, 2);
}

unsigned sched_next(struct sched *s, const bool *runnable, unsigned ncores,
                    int current, long *turn)
{
    if (s->strategy == STRATEGY_RR) {
        /* The next runnable core after the current one, in order. */
        *turn = s->quantum;
        for (unsigned i = 1; i <= ncores; i++) {
            unsigned c = (unsigned)(current + (int)i) % ncores;
            if (runnable[c])
                return c;
        }
        g_assert_not_reached();
    }

    /* random: a runnable core chosen uniformly (it may be the same one
     * again), for 1 .. 2M-1 operations, so that turns do not line up with
     * the guest's loops. */
    unsigned candidates = 0;
    for (unsigned i = 0; i < ncores; i++)
        candidates += runnable[i];
    g_assert(candidates > 0);
    unsigned pick = (unsigned)g_rand_int_range(s->rand, 0, (gint32)candidates);
    *turn = g_rand_int_range(s->rand, 1, (gint32)(2 * s->quantum));
    for (unsigned i = 0; i < ncores; i++)
        if (runnable[i] && pick-- == 0)
            return i;
    g_assert_not_reached();
}

char *sched_describe(const struct sched *s)
{
    return g_strdup_printf("%s:%ld", s->strategy == STRATEGY_RR ? "rr" : "random", s->quantum);
}
