/* shrink.c — see shrink.h. */
#include "base/log.h"
#include "sched/scheduler.h"
#include "shrink.h"

/* turns without turn i, whose steps go to the same core's next turn; then
 * every core may run to its end ("c:*"), so no preemption is added. */
static GArray *without_turn(const GArray *turns, guint i, unsigned ncores)
{
    GArray *t = g_array_copy((GArray *)turns);
    struct sched_turn gone = g_array_index(t, struct sched_turn, i);
    g_array_remove_index(t, i);
    guint k = i;
    while (k < t->len && (g_array_index(t, struct sched_turn, k).core != gone.core ||
                          g_array_index(t, struct sched_turn, k).drain != gone.drain ||
                          g_array_index(t, struct sched_turn, k).slot != gone.slot))
        k++;
    if (k < t->len)
        g_array_index(t, struct sched_turn, k).steps += gone.steps;
    for (unsigned c = 0; c < ncores; c++) {
        struct sched_turn to_end = { .core = c, .steps = -1 };
        g_array_append_val(t, to_end);
    }
    return t;
}

GArray *shrink_schedule(const GArray *turns, unsigned preemptions, unsigned ncores,
                        shrink_try try, void *ctx, unsigned max_runs,
                        unsigned *shrunk_preemptions, unsigned *runs)
{
    GArray *best = g_array_copy((GArray *)turns);
    *shrunk_preemptions = preemptions;
    *runs = 0;
    bool shrunk = true;
    while (shrunk && *shrunk_preemptions > 0) {
        shrunk = false;
        for (guint i = 0; i < best->len && *runs < max_runs; i++) {
            g_autoptr(GArray) candidate = without_turn(best, i, ncores);
            GArray *recorded = NULL;
            unsigned p = 0;
            ++*runs;
            bool same = try(ctx, candidate, &recorded, &p);
            LOG(LOG_EXPLORE, "shrink try %u, without turn %u: %s, %u preemptions", *runs, i,
                same ? "the same finding" : "not the same finding", p);
            if (same && p < *shrunk_preemptions) {
                g_array_unref(best);
                best = recorded;
                *shrunk_preemptions = p;
                shrunk = true;
                break;
            }
            g_array_unref(recorded);
        }
    }
    return best;
}
