/* dfs.c — dfs[:B]: a depth-first search over every schedule with at most B
 * preemptions (default 2), as in CHESS (Musuvathi and Qadeer, "Iterative
 * Context Bounding for Systematic Testing of Multithreaded Programs", PLDI
 * 2007).  It is exhaustive, not one schedule: sched_new gives its bound
 * (sched_bound), and the explore layer runs the search, each node a
 * sched_new_search (search.c). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "strategy.h"

struct dfs {
    struct sched base;
    unsigned bound;     /* the most preemptions a schedule has */
};

static struct sched *dfs_create(const char *spec, const char *arg, uint64_t seed,
                                unsigned ncores, GError **error)
{
    (void)seed;
    (void)ncores;
    long b = DFS_DEFAULT_BOUND;
    if (arg != NULL && strcmp(arg, "all") == 0) {
        b = -1;                 /* no bound: every schedule */
    } else if (arg != NULL) {
        char *end;
        b = strtol(arg, &end, 10);
        if (end == arg || *end != '\0' || b < 0 || b > DFS_MAX_BOUND) {
            g_set_error(error, ATOMSIM_ERROR, ATOMSIM_ERROR_USAGE,
                        "--sched %s: dfs:B takes a preemption bound B from 0 to %d, or all",
                        spec,
                        DFS_MAX_BOUND);
            return NULL;
        }
    }
    struct dfs *s = g_new0(struct dfs, 1);
    s->base.ops = &strategy_dfs;
    s->bound = b < 0 ? UINT_MAX : (unsigned)b;
    return &s->base;
}

static char *dfs_describe(const struct sched *s)
{
    unsigned bound = ((const struct dfs *)s)->bound;
    return bound == UINT_MAX ? g_strdup("--sched dfs:all") : g_strdup_printf("--sched dfs:%u", bound);
}

static unsigned dfs_bound(const struct sched *s)
{
    return ((const struct dfs *)s)->bound;
}

const struct strategy strategy_dfs = {
    .name = "dfs",
    .usage = "dfs[:B]",
    .description = "every schedule with at most B preemptions (default 2; all: no bound)",
    .seeded = false,
    .exhaustive = true,
    .create = dfs_create,
    .describe = dfs_describe,
    .bound = dfs_bound,
};
