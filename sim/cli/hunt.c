/* hunt.c — see hunt.h. */
#include <stdio.h>
#include <string.h>

#include "explore/equivalence.h"
#include "base/error.h"
#include "explore/explore.h"
#include "hunt.h"
#include "report.h"
#include "explore/shrink.h"

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

/* Run the pinned turns with ro as it is, to be reported; its strategy. */
static struct sched *run_pinned(struct run *r, struct machine *m, const struct run_options *ro,
                                const GArray *turns)
{
    struct sched *pinned = sched_new_turns(turns);
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

static bool try_schedule(void *ctx, const GArray *turns, GArray **recorded,
                         unsigned *preemptions)
{
    struct shrink_target *t = ctx;
    g_autoptr(sched) pinned = sched_new_turns(turns);
    run_quietly(t->r, t->m, pinned, t->ro, t->skip);
    bool same = false;
    for (guint i = 0; i < t->r->shown->len && !same; i++) {
        const struct finding *f = &g_array_index(t->r->shown, struct finding, i);
        same = f->kind == t->kind && (f->kind == FINDING_DEADLOCK || finding_where(f) == t->where);
    }
    *recorded = g_array_copy(t->r->turns);
    *preemptions = t->r->preemptions;
    run_clear(t->r);
    return same;
}

/* r found something: shrink its schedule, run the shrunk one in full and
 * report it.  The exit status. */
int hunt_shrink(const struct options *o, struct run *r, struct machine *m,
                struct lockstat *locks, const struct run_options *ro, unsigned traced_sinks,
                const char *search)
{
    const struct finding *first = &g_array_index(r->shown, struct finding, 0);
    struct shrink_target t = { r, m, ro, traced_sinks, first->kind, finding_where(first) };
    g_autoptr(GArray) schedule = g_array_copy(r->turns);
    unsigned from = r->preemptions, to, tries;
    run_clear(r);
    g_autoptr(GArray) best = shrink_schedule(schedule, from, m->ncores, try_schedule, &t,
                                             SHRINK_MAX_RUNS, &to, &tries);
    g_autoptr(sched) pinned = run_pinned(r, m, ro, best);
    printf("atomsim: shrunk from %u to %u preemption%s in %u runs\n", from, to,
           to == 1 ? "" : "s", tries);
    return report_run(o, r, m, locks, pinned, search);
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
        .keep_going = o->keep_going, .run = *ro, .time_limit = o->time_limit,
        .spin_limit = (uint64_t)o->spin_limit, .sc_fail_limit = (uint64_t)o->sc_fail_limit,
    };
    struct explore_result res = { 0 };
    g_autoptr(GError) error = NULL;
    if (!explore_seeds(m, &eo, &res, &error)) {
        fprintf(stderr, "atomsim: %s\n", error->message);
        return atomsim_exit_for(error);
    }
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(", shard %u/%u", o->shard,
                                                             o->shards) : g_strdup("");
    g_autofree char *summary = g_strdup_printf(
        "explored %u runs (seeds %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT "%s) in %.2f s, "
        "%.0f runs/s on %d thread%s: %u with findings%s", res.runs, o->seed,
        o->seed + o->runs - 1, shard, res.seconds,
        res.runs / (res.seconds > 0 ? res.seconds : 1e-9), o->jobs, o->jobs == 1 ? "" : "s",
        res.failing->len, res.timed_out ? " (stopped at --time-limit)" : "");
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
        if (found)
            run_program(r, m, strategy, ro);
        else
            run_quietly(r, m, strategy, ro, 0);
        if (!found)
            status = report_files(o, r, m, locks, strategy, summary);
        else if (o->shrink && r->shown->len > 0)
            status = hunt_shrink(o, r, m, locks, ro, traced_sinks, summary);
        else
            status = report_run(o, r, m, locks, strategy, summary);
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

/* --sched dfs[:B] ----------------------------------------------------------- */

/* The search forgets the prefixes it has explored when it has named more
 * than this many (or interned more than DFS_LISTS_MAX level lists), so its
 * memory is bounded by the depth of the search, not by its length.
 * Forgetting is sound: a prefix seen again is only explored again. */
#define DFS_NAMES_MAX (1u << 19)
#define DFS_LISTS_MAX (1u << 21)

/* A run whose prefixes children take: its steps' cores, as turns. */
struct search_record {
    unsigned refs;
    GArray *turns;              /* struct sched_turn */
};

struct search_node {
    struct search_record *from; /* the run it branches from (NULL: the root) */
    uint64_t at;                /* its first `at` steps, then one of `core` */
    unsigned core;
    uint64_t branch_from;       /* the first step a child may preempt at */
    unsigned preemptions;       /* chosen so far */
    /* the step the preempted core would have taken, explored already: it
     * sleeps from branch_from - 1 on (sleeper < 0: none) */
    int sleeper;
    struct footprint sleeping;
};

static void record_unref(struct search_record *rec)
{
    if (rec != NULL && --rec->refs == 0) {
        g_array_unref(rec->turns);
        g_free(rec);
    }
}

static void node_free(gpointer p)
{
    struct search_node *n = p;
    record_unref(n->from);
    g_free(n);
}

/* The turns of node n's prefix: the first n->at steps of its run, then one
 * of n->core (to free). */
static GArray *node_prefix(const struct search_node *n)
{
    GArray *prefix = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    if (n->from == NULL)
        return prefix;
    uint64_t left = n->at;
    for (guint i = 0; i < n->from->turns->len && left > 0; i++) {
        struct sched_turn t = g_array_index(n->from->turns, struct sched_turn, i);
        t.steps = (long)MIN((uint64_t)t.steps, left);
        left -= (uint64_t)t.steps;
        g_array_append_val(prefix, t);
    }
    sched_turns_add(prefix, n->core);
    return prefix;
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
    unsigned forgotten;         /* times the explored prefixes were dropped */
};

/* A name (ncores + 1 words) as a table key. */
static GBytes *name_key(const struct dfs *s, uint32_t *name)
{
    return g_bytes_new_take(name, (s->ncores + 1) * sizeof *name);
}

/* The name of prefix·next: once a node is pushed or run, a later one with
 * an equivalent prefix and no fewer preemptions explores nothing new (the
 * same state, the same tail, the same budget).  True if this one is new;
 * takes name. */
static bool first_of_its_kind(struct dfs *s, GBytes *name, unsigned preemptions)
{
    guint known = GPOINTER_TO_UINT(g_hash_table_lookup(s->explored, name));
    if (known != 0 && known - 1 <= preemptions) {
        g_bytes_unref(name);
        return false;
    }
    g_hash_table_insert(s->explored, name, GUINT_TO_POINTER(preemptions + 1));
    return true;
}

/* Bound the memory of what the search remembers: between runs, drop it all
 * when it has grown past its caps. */
static void forget_if_full(struct dfs *s)
{
    if (g_hash_table_size(s->explored) <= DFS_NAMES_MAX &&
        equivalence_interned(s->eq) <= DFS_LISTS_MAX)
        return;
    g_hash_table_remove_all(s->explored);
    equivalence_forget(s->eq);
    s->forgotten++;
}

/* A child of n: at step p, core c runs instead of the core that did. */
struct child {
    uint64_t p;
    unsigned c;
    GBytes *name;
};

/* Node n ran `steps` steps (the last one cut short if cut).  Its tail went
 * on without preemption: each of those steps is explored from here, as a
 * child would explore it.  Then, if the bound allows, its children: at each
 * step of its tail, another core that could run takes it instead.  The
 * first choice of core (step 0) is not a preemption. */
static void expand(struct dfs *s, const struct search_node *n, uint64_t steps, bool cut,
                   bool branch, bool root, struct search_record *rec)
{
    g_autoptr(GArray) children = g_array_new(FALSE, FALSE, sizeof(struct child));
    struct name_cursor nc;
    name_cursor_init(&nc, s->eq);
    for (uint64_t p = n->branch_from; p < steps; p++) {
        name_cursor_to(&nc, p);
        unsigned current = equivalence_core(s->eq, p);
        if (p + cut < steps)
            first_of_its_kind(s, name_key(s, name_cursor_name(&nc, current)), n->preemptions);
        for (unsigned c = 0; branch && c < s->ncores; c++) {
            if (c == current || !equivalence_could_run(s->eq, p, c))
                continue;
            struct child ch = { p, c, name_key(s, name_cursor_name(&nc, c)) };
            g_array_append_val(children, ch);
        }
    }
    name_cursor_clear(&nc);
    /* pushed latest first, so that the earliest preemption runs first */
    for (guint i = children->len; i-- > 0;) {
        struct child *ch = &g_array_index(children, struct child, i);
        uint64_t p = ch->p;
        unsigned current = equivalence_core(s->eq, p);
        unsigned preemptions = n->preemptions + (p > 0);
        if (root && s->dealt++ % s->shards != s->shard) {
            g_bytes_unref(ch->name);
            continue;
        }
        if (!first_of_its_kind(s, ch->name, preemptions)) {
            s->skipped++;
            continue;
        }
        /* current's step sleeps in the child, unless it changes which
         * cores run, or current yielded after it (a spin), or it is the
         * first (where switching is free, unlike after it) */
        const struct footprint *taken = equivalence_footprint(s->eq, p);
        bool yielded = p + 1 < steps && equivalence_core(s->eq, p + 1) != current &&
                       equivalence_could_run(s->eq, p + 1, current);
        bool sleeps = equivalence_may_sleep(taken) && !yielded && p > 0;
        struct search_node *child = g_new0(struct search_node, 1);
        rec->refs++;
        child->from = rec;
        child->at = p;
        child->core = ch->c;
        child->branch_from = p + 1;
        child->preemptions = preemptions;
        child->sleeper = sleeps ? (int)current : -1;
        child->sleeping = *taken;
        g_ptr_array_add(s->stack, child);
    }
}

/* The last run's steps as turns, for its children's prefixes. */
static struct search_record *record_run(const struct equivalence *eq, uint64_t steps)
{
    struct search_record *rec = g_new0(struct search_record, 1);
    rec->refs = 1;
    rec->turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    for (uint64_t i = 0; i < steps; i++)
        sched_turns_add(rec->turns, equivalence_core(eq, i));
    return rec;
}

/* Has the search used up --runs or --time-limit? */
static bool out_of_budget(const struct options *o, unsigned runs, gint64 start)
{
    return (o->runs > 1 && runs >= (uint64_t)o->runs) ||
           (o->time_limit > 0 && g_get_monotonic_time() - start >= o->time_limit * 1e6);
}

/* After a search that found nothing: the files of its first schedule (no
 * preemption), described as the turns it took.  The exit status. */
static int report_first_schedule(const struct options *o, struct run *r, struct machine *m,
                                 struct lockstat *locks, const struct run_options *ro,
                                 const char *summary)
{
    g_autoptr(GArray) none = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    g_autoptr(sched) first = sched_new_search(none);
    run_quietly(r, m, first, ro, 0);
    g_autoptr(sched) taken = sched_new_turns(r->turns);
    int status = report_files(o, r, m, locks, taken, summary);
    run_clear(r);
    return status;
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
        g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func(node_free);
    struct dfs s = { eq, explored, stack, m->ncores, o->shard, o->shards, 0, 0, 0 };
    struct search_node *root = g_new0(struct search_node, 1);
    root->sleeper = -1;
    g_ptr_array_add(stack, root);
    unsigned runs = 0, cuts = 0;
    while (stack->len > 0 && !out_of_budget(o, runs, start)) {
        struct search_node *n = g_ptr_array_steal_index(stack, stack->len - 1);
        forget_if_full(&s);
        g_autoptr(GArray) prefix = node_prefix(n);
        g_autoptr(sched) node = sched_new_search(prefix);
        equivalence_sleep(eq, n->sleeper, n->branch_from - (n->sleeper >= 0), &n->sleeping);
        run_quietly(r, m, node, &searching, traced_sinks);
        runs++;
        uint64_t steps = r->steps;
        bool cut = equivalence_cut(eq);
        bool found = (r->end != RUN_DONE && !cut) || r->findings > 0;
        g_autoptr(GArray) recorded = found ? g_array_copy(r->turns) : NULL;
        run_clear(r);
        if (found) {
            node_free(n);
            g_autofree char *summary = g_strdup_printf(
                "dfs:%u found it after %u schedules in %.2f s", bound, runs,
                (double)(g_get_monotonic_time() - start) / 1e6);
            g_autoptr(sched) exact = run_pinned(r, m, ro, recorded);
            int status = report_run(o, r, m, locks, exact, summary);
            run_clear(r);
            printf("atomsim: %s\n", summary);
            return status;
        }
        cuts += cut;
        struct search_record *rec = record_run(eq, steps);
        expand(&s, n, steps, cut, n->preemptions < bound, runs == 1, rec);
        record_unref(rec);
        node_free(n);
    }
    bool exhausted = stack->len == 0;
    g_autofree char *shard = o->shards > 1 ? g_strdup_printf(" shard %u/%u", o->shard, o->shards)
                                           : g_strdup("");
    g_autofree char *forgot = s.forgotten == 0 ? g_strdup("") : g_strdup_printf(
        "; the explored prefixes were forgotten %u time%s, to bound memory", s.forgotten,
        s.forgotten == 1 ? "" : "s");
    g_autofree char *summary = g_strdup_printf(
        "dfs:%u%s ran %u schedules in %.2f s (%u cut short and %u not started: equivalent to "
        "ones explored%s): %s", bound, shard, runs,
        (double)(g_get_monotonic_time() - start) / 1e6, cuts, s.skipped, forgot,
        !exhausted ? (o->runs > 1 && runs >= (uint64_t)o->runs
                          ? "stopped at --runs, nothing found so far"
                          : "stopped at --time-limit, nothing found so far")
        : o->shards > 1 ? "this shard's share of the schedules with at most that many "
                          "preemptions, nothing found (exhausted)"
                        : "every schedule with at most that many preemptions, nothing found "
                          "(the space is exhausted)");
    int status = EXIT_CLEAN;
    if (report_wanted(o))
        status = report_first_schedule(o, r, m, locks, ro, summary);
    printf("atomsim: %s\n", summary);
    return status;
}
