/* hunt.c — see hunt.h. */
#include <stdio.h>
#include <string.h>

#include "equivalence.h"
#include "error.h"
#include "explore.h"
#include "hunt.h"
#include "report.h"
#include "shrink.h"

#define SHRINK_MAX_RUNS 2000

/* Run s with the output thrown away and without the first `skip` sinks of
 * ro (a trace). */
static void run_quietly(struct run *r, struct machine *m, struct sched *s,
                        const struct run_options *ro, unsigned skip)
{
    struct run_options quiet = *ro;
    quiet.sinks += skip;
    quiet.nsinks -= skip;
    quiet.out = fopen("/dev/null", "w");
    run_program(r, m, s, &quiet);
    fclose(quiet.out);
}

/* Run the pinned schedule with ro as it is, to be reported; its strategy. */
static struct sched *run_pinned(struct run *r, struct machine *m, const struct run_options *ro,
                                const char *schedule)
{
    struct sched *pinned = sched_new_pinned(schedule, m->ncores, NULL);
    run_program(r, m, pinned, ro);
    return pinned;
}

/* What a run found first, and how to run candidate schedules quietly. */
struct shrink_target {
    struct run *r;
    struct machine *m;
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

static bool try_schedule(void *ctx, const char *schedule, char **recorded,
                         unsigned *preemptions)
{
    struct shrink_target *t = ctx;
    g_autoptr(sched) pinned = sched_new_pinned(schedule, t->m->ncores, NULL);
    run_quietly(t->r, t->m, pinned, t->ro, t->skip);
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
                struct lockstat *locks, const struct run_options *ro, unsigned traced_sinks)
{
    const struct finding *first = &g_array_index(r->shown, struct finding, 0);
    struct shrink_target t = { r, m, ro, traced_sinks, first->kind, finding_where(first) };
    g_autofree char *schedule = g_strdup(run_schedule(r));
    unsigned from = r->preemptions, to, tries;
    run_clear(r);
    g_autofree char *best = shrink_schedule(schedule, from, m->ncores, try_schedule, &t,
                                            SHRINK_MAX_RUNS, &to, &tries);
    g_autoptr(sched) pinned = run_pinned(r, m, ro, best);
    printf("atomsim: shrunk from %u to %u preemption%s in %u runs\n", from, to,
           to == 1 ? "" : "s", tries);
    return report_run(o, r, m, locks, pinned);
}

/* --runs N: the seeds from --seed on (this shard's), over --jobs threads,
 * until a run finds something (all of them with --keep-going).  The first
 * seed that found something runs again here and is reported in full, or
 * shrunk; the others are listed. */
int hunt_explore(const struct options *o, struct run *r, struct machine *m,
                 struct lockstat *locks, struct run_options *ro, unsigned traced_sinks)
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
        return atomsim_exit_for(error);
    }
    int status = EXIT_CLEAN;
    if (res.failing->len > 0) {
        int64_t first = g_array_index(res.failing, int64_t, 0);
        g_autoptr(sched) strategy = sched_new(eo.sched, (uint64_t)first, m->ncores, NULL);
        ro->fault_seed = (uint64_t)first;
        run_program(r, m, strategy, ro);
        status = o->shrink && r->shown->len > 0 ? hunt_shrink(o, r, m, locks, ro, traced_sinks)
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

/* --sched dfs[:B] ----------------------------------------------------------- */

struct search_node {
    char *prefix;               /* --schedule form */
    uint64_t branch_from;       /* the first step a child may preempt at */
    unsigned preemptions;       /* chosen so far */
    /* the step the preempted core would have taken, explored already: it
     * sleeps from branch_from - 1 on (sleeper < 0: none) */
    int sleeper;
    struct footprint sleeping;
};

static void node_free(gpointer p)
{
    struct search_node *n = p;
    g_free(n->prefix);
    g_free(n);
}

/* The search: the nodes still to run, the prefixes explored (a prefix's
 * name -> the fewest preemptions it was explored with, plus 1), and the
 * record of the last run's steps. */
struct dfs {
    struct equivalence *eq;
    GHashTable *explored;
    GPtrArray *stack;           /* struct search_node, the next on top */
    unsigned ncores;
    unsigned shard, shards;     /* --shard: the root's children are dealt out */
    unsigned dealt;
    unsigned skipped;           /* children not started: explored already */
};

/* The last run's first `steps` steps, then core c for one step (the search
 * tail goes on with it): a child's prefix (to free). */
static char *preempted_at(const struct equivalence *eq, uint64_t steps, unsigned c)
{
    g_autoptr(GArray) prefix = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    for (uint64_t i = 0; i < steps; i++)
        sched_turns_add(prefix, equivalence_core(eq, i));
    sched_turns_add(prefix, c);
    return sched_turns_text(prefix);
}

/* The name of prefix·next: once a node is pushed or run, a later one with
 * an equivalent prefix and no fewer preemptions explores nothing new (the
 * same state, the same tail, the same budget).  True if this one is new. */
static bool first_of_its_kind(struct dfs *s, uint64_t steps, unsigned next,
                              unsigned preemptions)
{
    GBytes *name = equivalence_prefix_name(s->eq, steps, next);
    guint known = GPOINTER_TO_UINT(g_hash_table_lookup(s->explored, name));
    if (known != 0 && known - 1 <= preemptions) {
        g_bytes_unref(name);
        return false;
    }
    g_hash_table_insert(s->explored, name, GUINT_TO_POINTER(preemptions + 1));
    return true;
}

/* Node n ran `steps` steps (the last one cut short if cut).  Its tail went
 * on without preemption: each of those steps is explored from here, as a
 * child would explore it. */
static void mark_tail_explored(struct dfs *s, const struct search_node *n, uint64_t steps,
                               bool cut)
{
    for (uint64_t q = n->branch_from; q + cut < steps; q++)
        first_of_its_kind(s, q, equivalence_core(s->eq, q), n->preemptions);
}

/* Node n's children: at each step of its tail, another core that could run
 * takes it instead.  The first choice of core (step 0) is not a preemption. */
static void push_children(struct dfs *s, const struct search_node *n, uint64_t steps,
                          bool root)
{
    for (uint64_t p = steps; p-- > n->branch_from;) {
        unsigned current = equivalence_core(s->eq, p);
        unsigned preemptions = n->preemptions + (p > 0);
        /* current's step sleeps in the children, unless it changes which
         * cores run, or current yielded after it (a spin), or it is the
         * first (where switching is free, unlike after it) */
        const struct footprint *taken = equivalence_footprint(s->eq, p);
        bool yielded = p + 1 < steps && equivalence_core(s->eq, p + 1) != current &&
                       equivalence_could_run(s->eq, p + 1, current);
        bool sleeps = equivalence_may_sleep(taken) && !yielded && p > 0;
        for (unsigned c = 0; c < s->ncores; c++) {
            if (c == current || !equivalence_could_run(s->eq, p, c))
                continue;
            if (root && s->dealt++ % s->shards != s->shard)
                continue;
            if (!first_of_its_kind(s, p, c, preemptions)) {
                s->skipped++;
                continue;
            }
            struct search_node *child = g_new0(struct search_node, 1);
            child->prefix = preempted_at(s->eq, p, c);
            child->branch_from = p + 1;
            child->preemptions = preemptions;
            child->sleeper = sleeps ? (int)current : -1;
            child->sleeping = *taken;
            g_ptr_array_add(s->stack, child);
        }
    }
}

int hunt_dfs(const struct options *o, struct run *r, struct machine *m,
             struct lockstat *locks, const struct run_options *ro, unsigned traced_sinks,
             unsigned bound)
{
    gint64 start = g_get_monotonic_time();
    /* Steps commute unless the monitor drops reservations at switches or
     * store-exclusives fail at random. */
    g_autoptr(equivalence) eq = equivalence_new(
        m, ro->monitor != MONITOR_SWITCH && ro->sc_fail <= 0);
    g_autofree struct event_sink *sinks = g_new(struct event_sink, ro->nsinks + 1);
    memcpy(sinks, ro->sinks, ro->nsinks * sizeof *sinks);
    sinks[ro->nsinks] = equivalence_sink(eq);
    struct run_options searching = *ro;
    searching.sinks = sinks;
    searching.nsinks = ro->nsinks + 1;
    g_autoptr(GHashTable) explored = g_hash_table_new_full(
        equivalence_name_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func(node_free);
    struct dfs s = { eq, explored, stack, m->ncores, o->shard, o->shards, 0, 0 };
    struct search_node *root = g_new0(struct search_node, 1);
    root->prefix = g_strdup("");
    root->sleeper = -1;
    g_ptr_array_add(stack, root);
    unsigned runs = 0, cuts = 0;
    unsigned max_runs = o->runs > 1 ? (unsigned)o->runs : G_MAXUINT;
    while (stack->len > 0 && runs < max_runs) {
        struct search_node *n = g_ptr_array_steal_index(stack, stack->len - 1);
        g_autoptr(sched) node = sched_new_search(n->prefix, m->ncores);
        equivalence_sleep(eq, n->sleeper, n->branch_from - (n->sleeper >= 0), &n->sleeping);
        run_quietly(r, m, node, &searching, traced_sinks);
        runs++;
        uint64_t steps = r->steps;
        bool cut = equivalence_cut(eq);
        bool found = (r->end != RUN_DONE && !cut) || r->findings > 0;
        g_autofree char *recorded = found ? g_strdup(run_schedule(r)) : NULL;
        run_clear(r);
        if (found) {
            node_free(n);
            g_autoptr(sched) exact = run_pinned(r, m, ro, recorded);
            int status = report_run(o, r, m, locks, exact);
            run_clear(r);
            printf("atomsim: dfs:%u found it after %u schedules in %.2f s\n", bound, runs,
                   (double)(g_get_monotonic_time() - start) / 1e6);
            return status;
        }
        cuts += cut;
        mark_tail_explored(&s, n, steps, cut);
        if (n->preemptions < bound)
            push_children(&s, n, steps, runs == 1);
        node_free(n);
    }
    bool exhausted = stack->len == 0;
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(" shard %u/%u", o->shard, o->shards)
                                           : g_strdup("");
    printf("atomsim: dfs:%u%s ran %u schedules in %.2f s (%u cut short and %u not started: "
           "equivalent to ones explored): %s\n", bound, shard, runs,
           (double)(g_get_monotonic_time() - start) / 1e6, cuts, s.skipped,
           !exhausted ? "stopped at --runs, nothing found so far"
           : o->shards > 1 ? "this shard's share of the schedules with at most that many "
                             "preemptions, nothing found (exhausted)"
                           : "every schedule with at most that many preemptions, nothing found "
                             "(the space is exhausted)");
    return EXIT_CLEAN;
}
