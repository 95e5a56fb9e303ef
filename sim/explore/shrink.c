/* shrink.c — see shrink.h. */
#include "base/log.h"
#include "sched/scheduler.h"
#include "shrink.h"

/* Take turn i out of t: its steps go to the same agent's next turn. */
static void remove_turn(GArray *t, guint i)
{
    struct sched_turn gone = g_array_index(t, struct sched_turn, i);
    g_array_remove_index(t, i);
    guint k = i;
    while (k < t->len && (g_array_index(t, struct sched_turn, k).core != gone.core ||
                          g_array_index(t, struct sched_turn, k).drain != gone.drain ||
                          g_array_index(t, struct sched_turn, k).slot != gone.slot))
        k++;
    if (k < t->len)
        g_array_index(t, struct sched_turn, k).steps += gone.steps;
}

/* turns without turn i, and without turn j too if j > i; then every core
 * may run to its end ("c:*"), so no preemption is added. */
static GArray *without_turns(const GArray *turns, guint i, guint j, unsigned ncores)
{
    GArray *t = g_array_copy((GArray *)turns);
    if (j > i)
        remove_turn(t, j);
    remove_turn(t, i);
    for (unsigned c = 0; c < ncores; c++) {
        struct sched_turn to_end = { .core = c, .steps = -1 };
        g_array_append_val(t, to_end);
    }
    return t;
}

/* The shrinking so far: the best schedule, its preemptions, the runs made. */
struct shrinking {
    GArray *best;
    unsigned preemptions, runs, max_runs, ncores;
    shrink_try try;
    void *ctx;
};

/* Run the best schedule without turns i and j (j <= i: without i alone);
 * true if that shows the finding with fewer preemptions: it is the best. */
static bool shrinks_without(struct shrinking *s, guint i, guint j)
{
    if (s->runs >= s->max_runs)
        return false;
    g_autoptr(GArray) candidate = without_turns(s->best, i, j, s->ncores);
    GArray *recorded = NULL;
    unsigned p = 0;
    ++s->runs;
    bool same = s->try(s->ctx, candidate, &recorded, &p);
    LOG(LOG_EXPLORE, "shrink try %u, without turn %u%s: %s, %u preemptions", s->runs, i,
        j > i ? " and another" : "", same ? "the same finding" : "not the same finding", p);
    if (!same || p >= s->preemptions) {
        g_array_unref(recorded);
        return false;
    }
    g_array_unref(s->best);
    s->best = recorded;
    s->preemptions = p;
    return true;
}

GArray *shrink_schedule(const GArray *turns, unsigned preemptions, unsigned ncores,
                        shrink_try try, void *ctx, unsigned max_runs,
                        unsigned *shrunk_preemptions, unsigned *runs)
{
    struct shrinking s = { g_array_copy((GArray *)turns), preemptions, 0, max_runs, ncores,
                           try, ctx };
    bool shrunk = true;
    while (shrunk && s.preemptions > 0 && s.runs < max_runs) {
        /* one turn out; when none alone will do, two (a switch away and
         * the switch back, or a drain that the other turn needed) */
        shrunk = false;
        for (guint i = 0; i < s.best->len && s.runs < max_runs;) {
            if (shrinks_without(&s, i, i))
                shrunk = true;  /* the next try starts where this one did */
            else
                i++;
        }
        for (guint i = 0; i < s.best->len && !shrunk; i++)
            for (guint j = i + 1; j < s.best->len && !shrunk; j++)
                shrunk = shrinks_without(&s, i, j);
    }
    *shrunk_preemptions = s.preemptions;
    *runs = s.runs;
    return s.best;
}
