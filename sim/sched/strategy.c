/* strategy.c — see strategy.h: what the strategies' files share. */
#include <stdlib.h>

#include "strategy.h"

gboolean sched_parse_count(const char *text, long *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 1 || v > TURN_MAX)
        return FALSE;
    *out = v;
    return TRUE;
}

unsigned sched_next_after(const bool *runnable, unsigned nchoices, int current)
{
    for (unsigned i = 1; i <= nchoices; i++) {
        unsigned c = (unsigned)(current + (int)i) % nchoices;
        if (runnable[c])
            return c;
    }
    g_assert_not_reached();
}

bool sched_predicted_drawn(struct sched *s, unsigned core, long turn_left,
                           const uint64_t *candidates, unsigned n, uint64_t *value)
{
    (void)core;
    (void)turn_left;
    struct rng *g = &s->predictions;
    if (n == 0 || !s->may_predict || rng_range(g, 0, SCHED_PREDICT_ODDS) != 0)
        return false;
    s->may_predict = false;
    *value = candidates[rng_range(g, 0, n)];
    return true;
}

unsigned sched_older_drawn(struct sched *s, unsigned core, long turn_left, unsigned n,
                           unsigned telling)
{
    (void)core;
    (void)turn_left;
    struct rng *g = &s->reads;
    if (telling > 0)
        return rng_range(g, 0, 2) == 0 ? 0 : rng_range(g, n - telling, n);
    return rng_range(g, 0, 8) != 0 ? 0 : rng_range(g, 1, n);
}
