/* explore.c — see explore.h. */
#include <stdio.h>
#include "base/log.h"
#include "detect/detectors.h"
#include "explore.h"

/* pct without K: the runs after the calibration run go in batches, the
 * first this many per thread, each batch twice the one before. */
#define FIRST_BATCH_PER_JOB 16

struct search {
    const struct explore_options *eo;
    gint next;                  /* the next index to run (atomic) */
    gint batch_end;             /* this batch's indices end here */
    gint stop_at;               /* no index from here on is needed (atomic) */
    gint runs;                  /* runs made (atomic) */
    gint found;                 /* runs that found something (atomic) */
    gint assumed;               /* runs a false __VERIFIER_assume ended (atomic) */
    gint unfulfilled;           /* runs whose load read a value no write gave (atomic) */
    gint out_of_budget;         /* runs past a budget that are no finding (atomic) */
    uint64_t horizon;           /* pct's K for this batch, or 0: the spec's own */
    gint64 deadline;            /* monotonic time of the time limit, or 0 */
    gint timed_out;             /* (atomic) */
    GMutex lock;
    GArray *failing;            /* struct explore_failure, under lock */
    uint64_t most_steps;        /* the most steps of a run in this batch, under lock */
    uint64_t first_horizon;     /* the first batch's K */
};

/* Is index i this shard's? */
static bool mine(const struct explore_options *eo, gint64 i)
{
    return i % eo->shards == eo->shard;
}

/* A run with r's detectors and the output thrown away: ro's sinks are d's. */
static struct run_options quiet_options(const struct explore_options *eo, struct detectors *d)
{
    struct run_options ro = eo->run;
    ro.sinks = d->sinks;
    ro.nsinks = G_N_ELEMENTS(d->sinks);
    ro.out = NULL;
    return ro;
}

/* Note run r of seed under K = horizon: a failure, and its steps. */
static void note_run(struct search *s, gint i, int64_t seed, const struct run *r)
{
    const struct explore_options *eo = s->eo;
    bool failed = run_found(r);
    if (r->end == RUN_ASSUMED && !failed)
        g_atomic_int_inc(&s->assumed);
    if (r->end == RUN_UNFULFILLED)
        g_atomic_int_inc(&s->unfulfilled);
    if (run_out_of_budget(r) && !failed)
        g_atomic_int_inc(&s->out_of_budget);
    gint runs = g_atomic_int_add(&s->runs, 1) + 1;
    gint found = failed ? g_atomic_int_add(&s->found, 1) + 1 : g_atomic_int_get(&s->found);
    ticker_tick(eo->ticker, (struct search_progress){ .runs = (uint64_t)runs,
                                                      .found = (uint64_t)found });
    LOG(LOG_EXPLORE, "seed %" G_GINT64_FORMAT "%s: %" G_GUINT64_FORMAT " steps, %s", seed,
        s->horizon ? " (pct's K estimated)" : "", r->steps, failed ? "found something" : "clean");
    if (!failed && s->horizon == 0)
        return;
    g_mutex_lock(&s->lock);
    s->most_steps = MAX(s->most_steps, r->steps);
    if (failed) {
        struct explore_failure f = { seed, s->horizon };
        g_array_append_val(s->failing, f);
    }
    g_mutex_unlock(&s->lock);
    /* seeds past the first failing one need not run */
    for (gint stop = g_atomic_int_get(&s->stop_at); failed && !eo->keep_going && i < stop;
         stop = g_atomic_int_get(&s->stop_at))
        if (g_atomic_int_compare_and_exchange(&s->stop_at, stop, i))
            break;
}

/* One thread's share of a batch, with its own machine and runs r. */
static void run_seeds(gpointer data, gpointer user_data)
{
    struct run *r = data;
    struct machine *m = r->m;
    struct search *s = user_data;
    const struct explore_options *eo = s->eo;
    struct detectors d;
    detectors_init(&d, m, 0, eo->spin_limit, eo->sc_fail_limit);
    struct run_options ro = quiet_options(eo, &d);
    ro.deadline = s->deadline;          /* a run under way ends there too */
    g_autoptr(sched) strategy = sched_new(eo->sched, (uint64_t)eo->first_seed, m->ncores, NULL);
    for (;;) {
        /* past the time limit no seed is handed out (and a run under way
         * then ends, ro.deadline: it is no finding) */
        if (s->deadline && g_get_monotonic_time() >= s->deadline) {
            g_atomic_int_set(&s->timed_out, 1);
            break;
        }
        gint i = g_atomic_int_add(&s->next, 1);
        if (i >= s->batch_end || i >= g_atomic_int_get(&s->stop_at))
            break;
        if (!mine(eo, i))
            continue;
        int64_t seed = eo->first_seed + i;
        sched_reseed(strategy, (uint64_t)seed);
        if (s->horizon)
            sched_set_horizon(strategy, s->horizon);
        ro.fault_seed = (uint64_t)seed;
        run_program(r, strategy, &ro);
        note_run(s, i, seed, r);
        run_clear(r);
    }
    detectors_clear(&d);
}

/* The steps of a run of seed's pct priorities with no change point (pct:1),
 * with ro as it is: the K a pct run of this program needs.  No K is
 * larger than PCT_MAX_HORIZON: a program that runs longer is stopped there. */
static uint64_t calibration_steps(struct run *r, const struct run_options *ro, uint64_t seed)
{
    g_autoptr(sched) flat = sched_new("pct:1", seed, r->m->ncores, NULL);
    struct run_options calibrating = *ro;
    calibrating.fault_seed = seed;
    calibrating.max_steps = MIN(ro->max_steps, PCT_MAX_HORIZON);
    run_program(r, flat, &calibrating);
    uint64_t steps = r->steps;
    run_clear(r);
    return steps;
}

void explore_pct_horizon(struct sched *s, struct run *r, const struct run_options *ro,
                         unsigned skip, uint64_t seed)
{
    struct run_options quiet = run_options_quiet(ro, skip);
    sched_set_horizon(s, calibration_steps(r, &quiet, seed));
}

/* K for the first batch of an estimating pct search: a calibration run of
 * the first seed with r, before any thread starts. */
static uint64_t first_horizon(struct run *r, const struct explore_options *eo)
{
    struct detectors d;
    detectors_init(&d, r->m, 0, eo->spin_limit, eo->sc_fail_limit);
    struct run_options ro = quiet_options(eo, &d);
    uint64_t steps = calibration_steps(r, &ro, (uint64_t)eo->first_seed);
    detectors_clear(&d);
    return steps;
}

/* Run indices [from, to) over the threads, one machine and its runs each,
 * and wait. */
static void run_batch(struct search *s, GPtrArray *runs, gint from, gint to)
{
    s->next = from;
    s->batch_end = to;
    GThreadPool *pool = g_thread_pool_new(run_seeds, s, (gint)runs->len, TRUE, NULL);
    for (guint j = 0; j < runs->len; j++)
        g_thread_pool_push(pool, g_ptr_array_index(runs, j), NULL);
    g_thread_pool_free(pool, FALSE, TRUE);
}

/* All the batches.  Without an estimated K, one batch of every index.
 * pct without K must give each seed a K that depends on the seeds before
 * it only, never on which thread ran what when (the answer must not depend
 * on --jobs): a calibration run gives the first batch's K, and each later
 * batch's K is the most steps of any run before it, all of which have
 * ended when the batch starts.  A batch whose run found something is the
 * last (without keep_going): its first failing index is the answer.  (With
 * --shard, later batches' K comes from this shard's runs only: the
 * reproduce line gives the K a seed ran with.) */
static void run_batches(struct search *s, GPtrArray *threads, bool estimate)
{
    const struct explore_options *eo = s->eo;
    gint runs = (gint)MIN(eo->runs, G_MAXINT);
    if (!estimate) {
        run_batch(s, threads, 0, runs);
        return;
    }
    s->most_steps = first_horizon(g_ptr_array_index(threads, 0), eo);
    gint64 size = FIRST_BATCH_PER_JOB * (gint64)threads->len;
    for (gint64 from = 0, to; from < runs && from < g_atomic_int_get(&s->stop_at) &&
                              !g_atomic_int_get(&s->timed_out); from = to, size *= 2) {
        to = MIN(from + size, runs);
        s->horizon = MAX(s->most_steps, 1);
        if (from == 0)
            s->first_horizon = s->horizon;
        run_batch(s, threads, (gint)from, (gint)to);
    }
}

/* A thread's runs and the machine they run on. */
static void thread_free(gpointer p)
{
    struct run *r = p;
    struct machine *m = r->m;
    run_free(r);
    machine_free(m);
}

static gint by_seed(gconstpointer a, gconstpointer b)
{
    const struct explore_failure *x = a, *y = b;
    return x->seed < y->seed ? -1 : x->seed > y->seed;
}

bool explore_seeds(const struct machine *m, const struct explore_options *eo,
                   struct explore_result *out, GError **error)
{
    /* Engines are made here, one after another; the threads only run them. */
    g_autoptr(GPtrArray) threads = g_ptr_array_new_with_free_func(thread_free);
    for (unsigned j = 0; j < eo->jobs; j++) {
        g_autoptr(machine) copy = machine_new(m->cpu, m->img, m->ncores, error);
        struct run *r = copy ? run_new(copy, error) : NULL;
        if (r == NULL)
            return false;
        g_steal_pointer(&copy);
        g_ptr_array_add(threads, r);
    }
    g_autoptr(sched) probe = sched_new(eo->sched, (uint64_t)eo->first_seed, m->ncores, NULL);
    struct search s = { .eo = eo, .stop_at = G_MAXINT };
    s.failing = g_array_new(FALSE, FALSE, sizeof(struct explore_failure));
    g_mutex_init(&s.lock);
    gint64 start = g_get_monotonic_time();
    if (eo->time_limit > 0)
        s.deadline = start + (gint64)(eo->time_limit * 1e6);
    run_batches(&s, threads, probe != NULL && sched_estimates_horizon(probe));
    g_mutex_clear(&s.lock);
    g_array_sort(s.failing, by_seed);
    if (!eo->keep_going && s.failing->len > 1)
        g_array_set_size(s.failing, 1);         /* the first; others ran in parallel */
    out->runs = (unsigned)s.runs;
    out->assumed = (unsigned)s.assumed;
    out->unfulfilled = (unsigned)s.unfulfilled;
    out->out_of_budget = (unsigned)s.out_of_budget;
    out->timed_out = s.timed_out;
    out->first_horizon = s.first_horizon;
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
