/* shrink.c — see shrink.h. */
#include "scheduler.h"
#include "shrink.h"

/* turns without turn i, whose steps go to the same core's next turn; then
 * every core may run to its end ("c:*"), so no preemption is added. */
static char *without_turn(const GArray *turns, guint i, unsigned ncores)
{
    g_autoptr(GArray) t = g_array_copy((GArray *)turns);
    struct sched_turn gone = g_array_index(t, struct sched_turn, i);
    g_array_remove_index(t, i);
    guint k = i;
    while (k < t->len && g_array_index(t, struct sched_turn, k).core != gone.core)
        k++;
    if (k < t->len)
        g_array_index(t, struct sched_turn, k).steps += gone.steps;
    for (unsigned c = 0; c < ncores; c++) {
        struct sched_turn to_end = { c, -1 };
        g_array_append_val(t, to_end);
    }
    return sched_turns_text(t);
}

char *shrink_schedule(const char *schedule, unsigned preemptions, unsigned ncores,
                      shrink_try try, void *ctx, unsigned max_runs, unsigned *shrunk_preemptions,
                      unsigned *runs)
{
    char *best = g_strdup(schedule);
    *shrunk_preemptions = preemptions;
    *runs = 0;
    bool shrunk = true;
    while (shrunk && *shrunk_preemptions > 0) {
        shrunk = false;
        g_autoptr(GArray) turns = sched_turns_parse(best, ncores, NULL);
        for (guint i = 0; i < turns->len && *runs < max_runs; i++) {
            g_autofree char *candidate = without_turn(turns, i, ncores);
            char *recorded = NULL;
            unsigned p = 0;
            ++*runs;
            if (try(ctx, candidate, &recorded, &p) && p < *shrunk_preemptions) {
                g_free(best);
                best = recorded;
                *shrunk_preemptions = p;
                shrunk = true;
                break;
            }
            g_free(recorded);
        }
    }
    return best;
}
