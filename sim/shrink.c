/* shrink.c — see shrink.h. */
#include <stdlib.h>
#include "shrink.h"

struct turn {
    unsigned core;
    long steps;
};

static GArray *parse(const char *schedule)
{
    GArray *turns = g_array_new(FALSE, FALSE, sizeof(struct turn));
    g_auto(GStrv) parts = g_strsplit(schedule, ",", -1);
    for (char **p = parts; *p && **p; p++) {
        struct turn t = { (unsigned)strtoul(*p, NULL, 10), strtol(strchr(*p, ':') + 1, NULL, 10) };
        g_array_append_val(turns, t);
    }
    return turns;
}

/* turns without turn i, whose steps go to the same core's next turn; then
 * every core may run to its end ("c:*"), so no preemption is added. */
static char *without_turn(GArray *turns, guint i, unsigned ncores)
{
    GArray *t = g_array_copy(turns);
    struct turn gone = g_array_index(t, struct turn, i);
    g_array_remove_index(t, i);
    guint k = i;
    while (k < t->len && g_array_index(t, struct turn, k).core != gone.core)
        k++;
    if (k < t->len)
        g_array_index(t, struct turn, k).steps += gone.steps;
    GString *s = g_string_new(NULL);
    for (guint j = 0; j < t->len; j++) {
        const struct turn *x = &g_array_index(t, struct turn, j);
        g_string_append_printf(s, "%s%u:%ld", s->len ? "," : "", x->core, x->steps);
    }
    for (unsigned c = 0; c < ncores; c++)
        g_string_append_printf(s, "%s%u:*", s->len ? "," : "", c);
    g_array_unref(t);
    return g_string_free(s, FALSE);
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
        g_autoptr(GArray) turns = parse(best);
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
