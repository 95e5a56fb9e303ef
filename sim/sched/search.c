/* search.c — a node of a search (--sched dfs, dfs.c): its pinned prefix,
 * then no preemption: the running core goes on until it blocks, ends or
 * spins (then it yields to the next core that can run).  The search's
 * preemptions are all in the prefix. */
#include <limits.h>

#include "pinned.h"

struct search {
    struct pinned pinned;       /* the prefix */
    int yielding;               /* the core that spins and must yield, or -1 */
    bool tail;                  /* the prefix is over, every turn of it */
};

static void search_reset(struct sched *base)
{
    struct search *s = (struct search *)base;
    pinned_reset(base);
    s->yielding = -1;
    s->tail = false;
}

static unsigned search_next(struct sched *base, const bool *runnable, unsigned nchoices,
                            int current, long *turn)
{
    struct search *s = (struct search *)base;
    unsigned core;
    if (pinned_next_segment(&s->pinned, runnable, nchoices, &core, turn))
        return core;
    /* after the prefix no preemption: the current core goes on until it
     * blocks, ends or spins; then the next core that can run */
    bool yield = s->yielding == current;
    s->yielding = -1;
    s->tail = true;
    *turn = LONG_MAX;
    if (current >= 0 && runnable[current] && !yield)
        return (unsigned)current;
    return sched_next_after(runnable, nchoices, current);
}

static char *search_describe(const struct sched *base)
{
    const struct search *s = (const struct search *)base;
    return g_strdup_printf("--schedule %s (then no preemption)", s->pinned.text);
}

/* After its prefix, a search node's spinning core yields at once, its turn
 * over (a yield is not a preemption the search chose).  The prefix is a
 * run's record, yields and all: it is followed as it is. */
static bool search_spinning(struct sched *base, unsigned core)
{
    struct search *s = (struct search *)base;
    if (!s->tail)
        return false;
    s->yielding = (int)core;
    return true;
}

const struct strategy strategy_search = {
    .name = "search",
    .usage = "--schedule PREFIX (then no preemption)",
    .description = "a node of dfs's search: a pinned prefix, then no preemption",
    .fixed = true,
    .free = pinned_free,
    .reset = search_reset,
    .next = search_next,
    .older = pinned_older,
    .predicted = pinned_predicted,
    .describe = search_describe,
    .spinning = search_spinning,
};

struct sched *sched_new_search(const GArray *prefix, unsigned ncores)
{
    struct search *s =
        (struct search *)pinned_new(&strategy_search, prefix, ncores, sizeof(struct search));
    search_reset(&s->pinned.base);
    return &s->pinned.base;
}
