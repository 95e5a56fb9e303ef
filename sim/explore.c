/* explore.c — see explore.h. */
#include <stdio.h>
#include "detectors.h"
#include "explore.h"

struct search {
    const struct explore_options *eo;
    gint next;                  /* the next index to run (atomic) */
    gint stop_at;               /* no index from here on is needed (atomic) */
    gint runs;                  /* runs made (atomic) */
    gint64 deadline;            /* monotonic time of the time limit, or 0 */
    gint timed_out;             /* (atomic) */
    GMutex lock;
    GArray *failing;            /* int64_t, under lock */
};

/* Is index i this shard's? */
static bool mine(const struct explore_options *eo, gint64 i)
{
    return i % eo->shards == eo->shard;
}

/* One thread's share of the search, on its own machine m. */
static void run_seeds(gpointer data, gpointer user_data)
{
    struct machine *m = data;
    struct search *s = user_data;
    const struct explore_options *eo = s->eo;
    struct run r;
    struct detectors d;
    detectors_init(&d, &r, m, 0, eo->spin_limit, eo->sc_fail_limit);
    struct run_options ro = eo->run;
    ro.sinks = d.sinks;
    ro.nsinks = G_N_ELEMENTS(d.sinks);
    ro.out = fopen("/dev/null", "w");
    for (;;) {
        /* past the time limit no seed is handed out: every seed that is
         * runs, so none below a failing one is skipped */
        if (s->deadline && g_get_monotonic_time() >= s->deadline) {
            g_atomic_int_set(&s->timed_out, 1);
            break;
        }
        gint i = g_atomic_int_add(&s->next, 1);
        if (i >= eo->runs || i >= g_atomic_int_get(&s->stop_at))
            break;
        if (!mine(eo, i))
            continue;
        int64_t seed = eo->first_seed + i;
        g_autoptr(sched) strategy = sched_new(eo->sched, (uint64_t)seed, m->ncores, NULL);
        ro.fault_seed = (uint64_t)seed;
        run_program(&r, m, strategy, &ro);
        g_atomic_int_inc(&s->runs);
        if (r.end != RUN_DONE || r.findings > 0) {
            g_mutex_lock(&s->lock);
            g_array_append_val(s->failing, seed);
            g_mutex_unlock(&s->lock);
            /* seeds past the first failing one need not run */
            for (gint stop = g_atomic_int_get(&s->stop_at); !eo->keep_going && i < stop;
                 stop = g_atomic_int_get(&s->stop_at))
                if (g_atomic_int_compare_and_exchange(&s->stop_at, stop, i))
                    break;
        }
        run_clear(&r);
    }
    fclose(ro.out);
    detectors_clear(&d);
}

static gint by_seed(gconstpointer a, gconstpointer b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

bool explore_seeds(const struct machine *m, const struct explore_options *eo,
                   struct explore_result *out, GError **error)
{
    /* Engines are made here, one after another; the threads only run them. */
    g_autoptr(GPtrArray) machines = g_ptr_array_new_with_free_func((GDestroyNotify)machine_free);
    for (unsigned j = 0; j < eo->jobs; j++) {
        struct machine *copy = machine_new(m->cpu, m->img, m->ncores, error);
        if (copy == NULL)
            return false;
        g_ptr_array_add(machines, copy);
    }
    struct search s = { .eo = eo, .stop_at = G_MAXINT };
    s.failing = g_array_new(FALSE, FALSE, sizeof(int64_t));
    g_mutex_init(&s.lock);
    gint64 start = g_get_monotonic_time();
    if (eo->time_limit > 0)
        s.deadline = start + (gint64)(eo->time_limit * 1e6);
    GThreadPool *pool = g_thread_pool_new(run_seeds, &s, (gint)eo->jobs, TRUE, NULL);
    for (unsigned j = 0; j < eo->jobs; j++)
        g_thread_pool_push(pool, g_ptr_array_index(machines, j), NULL);
    g_thread_pool_free(pool, FALSE, TRUE);
    g_mutex_clear(&s.lock);
    g_array_sort(s.failing, by_seed);
    if (!eo->keep_going && s.failing->len > 1)
        g_array_set_size(s.failing, 1);         /* the first; others ran in parallel */
    out->runs = (unsigned)s.runs;
    out->timed_out = s.timed_out;
    out->failing = s.failing;
    out->seconds = (double)(g_get_monotonic_time() - start) / 1e6;
    return true;
}

void explore_result_clear(struct explore_result *res)
{
    if (res->failing)
        g_array_unref(res->failing);
    res->failing = NULL;
}
