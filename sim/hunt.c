/* hunt.c — see hunt.h. */
#include <stdio.h>

#include "error.h"
#include "explore.h"
#include "hunt.h"
#include "report.h"
#include "shrink.h"

#define SHRINK_MAX_RUNS 2000

/* What a run found first, and how to run candidate schedules quietly. */
struct shrink_target {
    struct run *r;
    struct machine *m;
    struct run_options quiet;   /* no trace, output thrown away */
    enum finding_kind kind;
    uint64_t where;             /* its variable, or its pc */
};

static uint64_t finding_where(const struct finding *f)
{
    return f->kind == FINDING_LOST_UPDATE || f->kind == FINDING_MONITOR_DIVERGENCE ? f->addr
                                                                                   : f->pc;
}

static bool try_schedule(void *ctx, const char *schedule, char **recorded,
                         unsigned *preemptions)
{
    struct shrink_target *t = ctx;
    g_autoptr(sched) pinned = sched_new_pinned(schedule, t->m->ncores, NULL);
    t->quiet.out = fopen("/dev/null", "w");
    run_program(t->r, t->m, pinned, &t->quiet);
    fclose(t->quiet.out);
    bool same = false;
    for (guint i = 0; i < t->r->shown->len && !same; i++) {
        const struct finding *f = &g_array_index(t->r->shown, struct finding, i);
        same = f->kind == t->kind && (f->kind == FINDING_DEADLOCK || finding_where(f) == t->where);
    }
    *recorded = g_strdup(run_schedule(t->r));
    *preemptions = t->r->preemptions;
    run_clear(t->r);
    return same;
}

/* r found something: shrink its schedule, run the shrunk one in full and
 * report it.  The exit status. */
int hunt_shrink(const struct options *o, struct run *r, struct machine *m,
                             struct lockstat *locks, const struct run_options *ro,
                             unsigned traced_sinks)
{
    const struct finding *first = &g_array_index(r->shown, struct finding, 0);
    struct shrink_target t = { r, m, *ro, first->kind, finding_where(first) };
    t.quiet.sinks += traced_sinks;
    t.quiet.nsinks -= traced_sinks;
    t.quiet.inject = 0;                 /* pinned schedules hold every switch */
    t.quiet.delay_holder = 0;
    g_autofree char *schedule = g_strdup(run_schedule(r));
    unsigned from = r->preemptions, to, tries;
    run_clear(r);
    g_autofree char *best = shrink_schedule(schedule, from, m->ncores, try_schedule, &t,
                                            SHRINK_MAX_RUNS, &to, &tries);
    g_autoptr(sched) pinned = sched_new_pinned(best, m->ncores, NULL);
    struct run_options exact = *ro;
    exact.inject = 0;
    exact.delay_holder = 0;
    run_program(r, m, pinned, &exact);
    printf("atomsim: shrunk from %u to %u preemption%s in %u runs\n", from, to,
           to == 1 ? "" : "s", tries);
    return report_run(o, r, m, locks, pinned);
}

/* --runs N: the seeds from --seed on (this shard's), over --jobs threads,
 * until a run finds something (all of them with --keep-going).  The first
 * seed that found something runs again here and is reported in full, or
 * shrunk; the others are listed. */
int hunt_explore(const struct options *o, struct run *r, struct machine *m,
                   struct lockstat *locks, struct run_options *ro)
{
    struct explore_options eo = {
        .sched = o->sched ? o->sched : "random", .first_seed = o->seed, .runs = o->runs,
        .shard = o->shard, .shards = o->shards, .jobs = (unsigned)o->jobs,
        .keep_going = o->keep_going, .run = *ro,
        .spin_limit = (uint64_t)o->spin_limit, .sc_fail_limit = (uint64_t)o->sc_fail_limit,
    };
    struct explore_result res = { 0 };
    g_autoptr(GError) error = NULL;
    if (!explore_seeds(m, &eo, &res, &error)) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return EXIT_USAGE;
    }
    int status = EXIT_CLEAN;
    if (res.failing->len > 0) {
        int64_t first = g_array_index(res.failing, int64_t, 0);
        g_autoptr(sched) strategy = sched_new(eo.sched, (uint64_t)first, m->ncores, NULL);
        ro->fault_seed = (uint64_t)first;
        run_program(r, m, strategy, ro);
        status = o->shrink && r->shown->len > 0 ? hunt_shrink(o, r, m, locks, ro, 0)
                                                : report_run(o, r, m, locks, strategy);
        run_clear(r);
        for (guint i = 1; i < res.failing->len; i++)
            printf("atomsim: seed %" G_GINT64_FORMAT " found something too\n",
                   g_array_index(res.failing, int64_t, i));
    }
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(", shard %u/%u", o->shard,
                                                             o->shards) : g_strdup("");
    printf("atomsim: explored %u runs (seeds %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT "%s) "
           "in %.2f s, %.0f runs/s on %d thread%s: %u with findings\n", res.runs, o->seed,
           o->seed + o->runs - 1, shard, res.seconds,
           res.runs / (res.seconds > 0 ? res.seconds : 1e-9), o->jobs, o->jobs == 1 ? "" : "s",
           res.failing->len);
    explore_result_clear(&res);
    return status;
}
