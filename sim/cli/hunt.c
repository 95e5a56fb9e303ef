/* hunt.c — see hunt.h. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "explore/dfs.h"
#include "explore/explore.h"
#include "explore/shrink.h"
#include "hunt.h"
#include "report.h"
#include "status-line.h"

#define SHRINK_MAX_RUNS 2000

/* Run s with the output thrown away and without the first `skip` sinks of
 * ro (a trace). */
static void run_quietly(struct run *r, struct sched *s, const struct run_options *ro,
                        unsigned skip)
{
    struct run_options quiet = run_options_quiet(ro, skip);
    run_program(r, s, &quiet);
}

/* Run the pinned turns with ro as it is, to be reported; its strategy. */
static struct sched *run_pinned(struct run *r, const struct run_options *ro,
                                const GArray *turns)
{
    struct sched *pinned = sched_new_turns(turns, r->m->ncores);
    run_program(r, pinned, ro);
    return pinned;
}

/* What a run found first, and how to run candidate schedules quietly. */
struct shrink_target {
    struct run *r;
    const struct run_options *ro;
    unsigned skip;              /* sinks left out (a trace) */
    enum finding_kind kind;
    uint64_t where;             /* its variable, or its pc */
};

static uint64_t finding_where(const struct finding *f)
{
    return f->kind == FINDING_LOST_UPDATE || f->kind == FINDING_MONITOR_DIVERGENCE ? f->addr
                                                                                   : f->pc;
}

static bool try_schedule(void *ctx, const GArray *turns, GArray **recorded,
                         unsigned *preemptions)
{
    struct shrink_target *t = ctx;
    g_autoptr(sched) pinned = sched_new_turns(turns, t->r->m->ncores);
    run_quietly(t->r, pinned, t->ro, t->skip);
    bool same = false;
    for (unsigned i = 0; i < findings_count(&t->r->found) && !same; i++) {
        const struct finding *f = findings_at(&t->r->found, i);
        same = f->kind == t->kind && (f->kind == FINDING_DEADLOCK || finding_where(f) == t->where);
    }
    *recorded = g_array_copy(t->r->turns);
    *preemptions = t->r->preemptions;
    run_clear(t->r);
    return same;
}

int hunt_shrink(const struct options *o, struct run *r, struct lockstat *locks,
                const struct run_options *ro, unsigned traced_sinks,
                const struct report_search *search)
{
    const struct finding *first = findings_at(&r->found, 0);
    struct shrink_target t = { r, ro, traced_sinks, first->kind, finding_where(first) };
    g_autoptr(GArray) schedule = g_array_copy(r->turns);
    unsigned from = r->preemptions, to, tries;
    run_clear(r);
    g_autoptr(GArray) best = shrink_schedule(schedule, from, r->m->ncores, try_schedule, &t,
                                             SHRINK_MAX_RUNS, &to, &tries);
    /* what follows is the shrunk schedule's run, not the one above */
    printf("atomsim: shrunk from %u to %u preemption%s in %u run%s; the shrunk schedule "
           "finds:\n", from, to, to == 1 ? "" : "s", tries, tries == 1 ? "" : "s");
    fflush(stdout);
    g_autoptr(sched) pinned = run_pinned(r, ro, best);
    return report_run(o, r, locks, pinned, search);
}

/* Which seeds a search ran: "seeds 1 to 100" when it ran them all, else
 * how many of them ("seed 1 of seeds 1 to 100", "3 of seeds 1 to 100"; to
 * free).  A shard's share of the seeds counts as all of them. */
static char *explored_seeds(const struct options *o, const struct explore_result *res)
{
    int64_t last = o->seed + o->runs - 1;
    uint64_t share = ((uint64_t)o->runs + o->shards - 1 - o->shard) / o->shards;
    if (res->runs >= share)
        return g_strdup_printf("seeds %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, o->seed, last);
    if (res->runs == 1)
        return g_strdup_printf("seed %" G_GINT64_FORMAT " of seeds %" G_GINT64_FORMAT " to %"
                               G_GINT64_FORMAT, o->seed + o->shard, o->seed, last);
    return g_strdup_printf("%u of seeds %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, res->runs,
                           o->seed, last);
}

/* --runs N: the seeds from --seed on (this shard's), over --jobs threads,
 * until a run finds something (all of them with --keep-going).  The first
 * seed that found something runs again here and is reported in full, or
 * shrunk; the others are listed. */
int hunt_explore(const struct options *o, struct run *r, struct lockstat *locks,
                 struct run_options *ro, unsigned traced_sinks)
{
    struct machine *m = r->m;
    /* a hunt's runs may read writes still to come (and the run it reports
     * again, which its schedule then gives alone) */
    ro->predict_reads = true;
    struct explore_options eo = {
        .sched = o->sched ? o->sched : "random", .first_seed = o->seed, .runs = o->runs,
        .shard = o->shard, .shards = o->shards, .jobs = (unsigned)o->jobs,
        .keep_going = o->keep_going, .run = *ro, .time_limit = o->time_limit,
        .spin_limit = (uint64_t)o->spin_limit, .sc_fail_limit = (uint64_t)o->sc_fail_limit,
    };
    struct explore_result res = { 0 };
    g_autoptr(GError) error = NULL;
    struct status_line line;
    eo.ticker = status_line_start(&line, "runs");
    bool explored = explore_seeds(m, &eo, &res, &error);
    status_line_clear(&line);
    if (!explored) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return atomsim_exit_for(error);
    }
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(", shard %u/%u", o->shard,
                                                             o->shards) : g_strdup("");
    g_autofree char *seeds = explored_seeds(o, &res);
    /* runs that ended without a finding, though not as every core ending */
    GString *quiet = g_string_new(NULL);
    if (res.assumed)
        g_string_append_printf(quiet, ", %u ended by a false assumption", res.assumed);
    if (res.unfulfilled)
        g_string_append_printf(quiet, ", %u no execution (a load read a value no write gave)",
                               res.unfulfilled);
    if (res.out_of_budget)
        g_string_append_printf(quiet, ", %u ran out of budget", res.out_of_budget);
    g_autofree char *assumed = g_string_free(quiet, FALSE);
    g_autofree char *summary = g_strdup_printf(
        "explored %u run%s (%s%s) in %.2f s, %.0f runs/s on %d thread%s: %u with findings%s%s",
        res.runs, res.runs == 1 ? "" : "s", seeds, shard, res.seconds,
        res.runs / (res.seconds > 0 ? res.seconds : 1e-9), o->jobs, o->jobs == 1 ? "" : "s",
        res.failing->len, assumed, res.timed_out ? " (stopped at --time-limit)" : "");
    g_autofree int64_t *failing = g_new(int64_t, res.failing->len + 1);
    for (guint i = 0; i < res.failing->len; i++)
        failing[i] = g_array_index(res.failing, struct explore_failure, i).seed;
    struct report_search search = {
        .summary = summary, .shard = o->shard, .shards = o->shards, .runs = res.runs,
        .seconds = res.seconds, .first_seed = o->seed, .seeds = (uint64_t)o->runs,
        .keep_going = o->keep_going, .timed_out = res.timed_out, .failing = failing,
        .nfailing = res.failing->len, .assumed = res.assumed, .unfulfilled = res.unfulfilled,
        .out_of_budget = res.out_of_budget,
    };
    int status = EXIT_CLEAN;
    bool found = res.failing->len > 0;
    if (found || report_wanted(o)) {
        /* the first seed that found something in full; or, for the
         * report files of a clean search, the first seed */
        const struct explore_failure *f =
            found ? &g_array_index(res.failing, struct explore_failure, 0) : NULL;
        int64_t first = found ? f->seed : o->seed;
        uint64_t horizon = found ? f->horizon : res.first_horizon;
        g_autoptr(sched) strategy = sched_new(eo.sched, (uint64_t)first, m->ncores, NULL);
        if (horizon)
            sched_set_horizon(strategy, horizon);
        ro->fault_seed = (uint64_t)first;
        if (found && o->shrink) {
            /* the run shrinking starts from, before the shrunk one */
            printf("atomsim: seed %" G_GINT64_FORMAT " finds:\n", first);
            fflush(stdout);
        }
        if (found)
            run_program(r, strategy, ro);
        else
            run_quietly(r, strategy, ro, 0);
        if (!found)
            status = report_files(o, r, locks, strategy, &search);
        else if (o->shrink && findings_count(&r->found) > 0)
            status = hunt_shrink(o, r, locks, ro, traced_sinks, &search);
        else
            status = report_run(o, r, locks, strategy, &search);
        run_clear(r);
        for (guint i = 1; i < res.failing->len; i++) {
            const struct explore_failure *g =
                &g_array_index(res.failing, struct explore_failure, i);
            printf("atomsim: seed %" G_GINT64_FORMAT " found something too", g->seed);
            if (g->horizon)
                printf(" (pct's K %" G_GUINT64_FORMAT ")", g->horizon);
            putchar('\n');
        }
    }
    printf("atomsim: %s\n", summary);
    explore_result_clear(&res);
    return status;
}

/* After a search that found nothing: the files of its first schedule (no
 * preemption), described as the turns it took.  The exit status. */
static int report_first_schedule(const struct options *o, struct run *r,
                                 struct lockstat *locks, const struct run_options *ro,
                                 const struct report_search *search)
{
    g_autoptr(GArray) none = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    g_autoptr(sched) first = sched_new_search(none, r->m->ncores);
    run_quietly(r, first, ro, 0);
    g_autoptr(sched) taken = sched_new_turns(r->turns, r->m->ncores);
    int status = report_files(o, r, locks, taken, search);
    run_clear(r);
    return status;
}

/* The environment's checks of the search's reduction (doc/manual.md,
 * "Hunting"): ATOMSIM_DFS_REDUCE=0 prunes nothing, and
 * ATOMSIM_DFS_CLASSES=FILE gets each distinct interleaving completed, one a
 * line (the caller closes it). */
static void dfs_checks_from_env(struct dfs_options *dop)
{
    const char *reduce = g_getenv("ATOMSIM_DFS_REDUCE");
    dop->no_reduction = reduce != NULL && strcmp(reduce, "0") == 0;
    const char *path = g_getenv("ATOMSIM_DFS_CLASSES");
    if (path != NULL && *path != '\0') {
        dop->classes = fopen(path, "w");
        if (dop->classes == NULL)
            g_warning("ATOMSIM_DFS_CLASSES: cannot write %s", path);
    }
}

/* What an exhausted search shows: every schedule (within the bound) ran
 * and none found anything, if no run stopped at a budget and the program
 * drew no nondet value (dfs tries the seed's only). */
static bool print_verdict(const struct options *o, const struct dfs_result *res, unsigned bound)
{
    const char *error = o->only_reach_error ? "reaches reach_error()"
                        : o->only_checks    ? "fails a check"
                                            : "finds anything";
    if (res->out_of_budget > 0) {
        printf("atomsim: not verified: %u run%s stopped at --max-steps, --max-insns or "
               "--cores\n",
               res->out_of_budget, res->out_of_budget == 1 ? "" : "s");
        return false;
    }
    if (res->nondet) {
        printf("atomsim: not verified: the program draws __VERIFIER_nondet values wider than "
               "a _Bool, and dfs tried 0, 1, -1, the type's bounds, the constants the program "
               "compares with and those of --seed %" G_GINT64_FORMAT " only\n",
               (gint64)o->seed);
        return false;
    }
    if (bound == UINT_MAX)
        printf("atomsim: verified: no schedule of the program %s\n", error);
    else
        printf("atomsim: verified: no schedule with at most %u preemption%s %s (dfs:all "
               "lifts the bound)\n", bound, bound == 1 ? "" : "s", error);
    return true;
}

int hunt_dfs(const struct options *o, struct run *r, struct lockstat *locks,
             const struct run_options *ro, unsigned traced_sinks, unsigned bound,
             struct dfs_outcome *outcome)
{
    struct dfs_outcome ignored;
    if (outcome == NULL)
        outcome = &ignored;
    *outcome = (struct dfs_outcome){ 0 };
    struct dfs_options dop = { .bound = bound, .max_runs = o->runs > 1 ? (uint64_t)o->runs : 0,
                               .time_limit = o->time_limit, .shard = o->shard,
                               .shards = o->shards, .states = dfs_remembers_states() };
    dfs_checks_from_env(&dop);
    g_autofree char *bound_text = bound == UINT_MAX ? g_strdup("all")
                                                    : g_strdup_printf("%u", bound);
    struct dfs_result res;
    struct status_line line;
    dop.ticker = status_line_start(&line, "schedules");
    dfs_search(r, ro, traced_sinks, &dop, &res);
    status_line_clear(&line);
    if (dop.classes != NULL)
        fclose(dop.classes);
    int status = EXIT_CLEAN;
    outcome->found = res.found != NULL;
    struct report_search search = {
        .dfs = true, .shard = o->shard, .shards = o->shards, .runs = res.runs,
        .seconds = res.seconds, .out_of_budget = res.out_of_budget, .bound = bound_text,
        .found = res.found != NULL, .exhausted = res.exhausted, .nondet = res.nondet,
        .distinct = res.distinct,
    };
    if (res.found != NULL) {
        g_autofree char *summary = g_strdup_printf(
            "dfs:%s found it after %u schedules in %.2f s", bound_text, res.runs, res.seconds);
        search.summary = summary;
        g_autoptr(sched) exact = run_pinned(r, ro, res.found);
        status = report_run(o, r, locks, exact, &search);
        run_clear(r);
        printf("atomsim: %s\n", summary);
        dfs_result_clear(&res);
        return status;
    }
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(" shard %u/%u", o->shard, o->shards)
                                           : g_strdup("");
    g_autofree char *forgot = res.forgotten == 0 ? g_strdup("") : g_strdup_printf(
        "; what it explored was forgotten %u time%s, to bound memory", res.forgotten,
        res.forgotten == 1 ? "" : "s");
    g_autofree char *budget = res.out_of_budget == 0 ? g_strdup("") : g_strdup_printf(
        "; %u ran out of budget", res.out_of_budget);
    g_autofree char *states = !res.states ? g_strdup("") : g_strdup_printf(
        ", %u of them at a state explored", res.state_cuts);
    g_autofree char *summary = g_strdup_printf(
        "dfs:%s%s ran %u schedules in %.2f s (%u cut short%s and %u not started: equivalent "
        "to ones explored%s; %s%u distinct interleavings%s): %s", bound_text, shard, res.runs,
        res.seconds, res.cuts, states, res.skipped, forgot, res.distinct_capped ? "at least " : "",
        res.distinct, budget,
        !res.exhausted ? (res.stopped_at_runs ? "stopped at --runs, nothing found so far"
                                              : "stopped at --time-limit, nothing found so far")
        : o->shards > 1 ? "this shard's share of the schedules with at most that many "
                          "preemptions, nothing found (exhausted)"
        : bound == UINT_MAX ? "every schedule, nothing found (the space is exhausted)"
                        : "every schedule with at most that many preemptions, nothing found "
                          "(the space is exhausted)");
    search.summary = summary;
    if (report_wanted(o))
        status = report_first_schedule(o, r, locks, ro, &search);
    printf("atomsim: %s\n", summary);
    outcome->exhausted = res.exhausted;
    if (res.exhausted && o->shards <= 1)
        outcome->verified = print_verdict(o, &res, bound);
    return status;
}
