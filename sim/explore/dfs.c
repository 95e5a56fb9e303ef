/* dfs.c — see dfs.h. */
#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "dfs.h"
#include "equivalence.h"

/* The search forgets the prefixes it has explored when it has named more
 * than this many (or interned more than DFS_LISTS_MAX level lists), so its
 * memory is bounded by the depth of the search, not by its length.
 * Forgetting is sound: a prefix seen again is only explored again. */
#define DFS_NAMES_MAX (1u << 19)
#define DFS_LISTS_MAX (1u << 21)
/* It counts distinct interleavings up to this many (a 64-bit digest each,
 * and one of the values its run saw: some 40 bytes), then says "at least". */
#define DFS_CLASSES_MAX (1u << 19)

/* It remembers up to this many states (run_options.states; some 100
 * bytes each), then forgets them all: a state seen again is only explored
 * again. */
#define DFS_STATES_MAX (1u << 20)

/* A run whose prefixes children take: its steps' cores, as turns. */
struct search_record {
    unsigned refs;
    GArray *turns;              /* struct sched_turn */
};

struct search_node {
    struct search_record *from; /* the run it branches from (NULL: the root) */
    uint64_t at;                /* its first `at` steps, then one of `core` */
    unsigned core;
    unsigned older;             /* that step, a load, reads the write `older`
                                   places before the newest (0: the newest), or
                                   a value (EQUIVALENCE_PREDICTED on): `value` */
    uint64_t value;
    uint64_t branch_from;       /* the first step a child may preempt at */
    unsigned preemptions;       /* chosen so far */
    unsigned subtree;           /* which of the root's children it is under,
                                   from 1 in the order they run (0: the root) */
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

/* The last step of turns, a load, read what `older` says (equivalence.h),
 * the value `value` if it chose one. */
static void set_read(GArray *turns, unsigned older, uint64_t value)
{
    if (older >= EQUIVALENCE_PREDICTED)
        sched_turns_set_predicted(turns, value);
    else if (older > 0)
        sched_turns_set_older(turns, older);
}

/* The first `steps` steps of turns (an array to free).  A turn cut short
 * loses its mark: what its last load or draw read is not in the head. */
static GArray *turns_head(const GArray *turns, uint64_t steps)
{
    GArray *head = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    for (guint i = 0; i < turns->len && steps > 0; i++) {
        struct sched_turn t = g_array_index(turns, struct sched_turn, i);
        if ((uint64_t)t.steps > steps) {
            t.steps = (long)steps;
            t.older = 0;
            t.predicted = false;
        }
        steps -= (uint64_t)t.steps;
        g_array_append_val(head, t);
    }
    return head;
}

/* The turns of node n's prefix: the first n->at steps of its run, then one
 * of n->core (an agent; to free). */
static GArray *node_prefix(const struct search_node *n, unsigned ncores)
{
    if (n->from == NULL)
        return g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    GArray *prefix = turns_head(n->from->turns, n->at);
    sched_turns_add_choice(prefix, n->core, ncores);
    set_read(prefix, n->older, n->value);
    return prefix;
}

/* Did the run take the steps its prefix gave it (ran: the run's turns)?
 * A prefix is a run's own record; replayed, it must give that run again,
 * or the search explores other schedules than it thinks.  The child's own
 * step, if the prefix does not say what it reads, reads what it reads. */
static bool replayed_as_given(const struct search_node *n, const GArray *prefix,
                              const GArray *ran)
{
    g_autoptr(GArray) head = turns_head(ran, n->from != NULL ? n->at + 1 : 0);
    if (head->len != prefix->len)
        return false;
    for (guint i = 0; i < head->len; i++) {
        struct sched_turn a = g_array_index(head, struct sched_turn, i);
        const struct sched_turn *b = &g_array_index(prefix, struct sched_turn, i);
        if (i + 1 == head->len && b->older == 0 && !b->predicted) {
            a.older = 0;        /* unsaid: whatever it read */
            a.predicted = false;
        }
        if (!sched_turn_equal(&a, b))
            return false;
    }
    return true;
}

/* The search: the nodes still to run, the prefixes explored (a prefix's
 * name -> the fewest preemptions it was explored with, plus 1), and the
 * record of the last run's steps. */
struct dfs {
    struct equivalence *eq;
    bool reduce;                /* prune equivalent schedules (else run them all) */
    GHashTable *explored;
    GPtrArray *stack;           /* struct search_node, the next on top */
    unsigned ncores;
    unsigned agents;            /* those that take steps: cores, and drains */
    unsigned shard, shards;     /* --shard: the root's children are dealt out */
    unsigned dealt;
    unsigned preemptions;       /* of the node that runs */
    unsigned skipped;           /* children not started: explored already */
    unsigned forgotten;         /* times the explored prefixes were dropped */
    GHashTable *classes;        /* the completed runs' traces: 64-bit digests */
    FILE *classes_file;         /* their texts (dfs_options.classes), or NULL */
    bool warned;                /* that runs of one trace differed, or that
                                   a run did not replay its prefix */
    /* No bound: a prefix explored covers every equivalent one, however
     * many preemptions either took (each is counted as none). */
    bool unbounded;
    GHashTable *states;         /* struct state_seen, or NULL: none kept */
    unsigned state_cuts;        /* runs cut at a state explored */
};

/* A state explored (run_state, and under a bound the core that took the
 * step before it), from the step `step` of a run with `preemptions`. */
struct state_seen {
    struct run_state key;
    uint64_t step;
    unsigned preemptions;
};

static guint state_hash(gconstpointer p)
{
    return (guint)((const struct state_seen *)p)->key.lo;
}

static gboolean state_equal(gconstpointer a, gconstpointer b)
{
    const struct run_state *x = &((const struct state_seen *)a)->key;
    const struct run_state *y = &((const struct state_seen *)b)->key;
    return x->lo == y->lo && x->hi == y->hi;
}

/* Was this state explored already, from no later a step and with no more
 * preemptions than the run now has?  Then everything that can follow it
 * within the budgets left was or will be explored from there (its run
 * went on from it, and the other steps it could take are its children or
 * equivalent to ones pushed): the run is cut short.  Else it is
 * remembered.  Under a bound, which step costs a preemption depends on
 * the core that ran last, which is part of the state. */
static bool state_explored_before(void *ctx, const struct run_state *state, unsigned last_core,
                                  uint64_t step)
{
    struct dfs *s = ctx;
    struct state_seen probe = { *state, step, s->preemptions };
    if (!s->unbounded)
        probe.key.hi ^= (last_core + 1) * 0x9e3779b97f4a7c15ull;
    struct state_seen *known = g_hash_table_lookup(s->states, &probe);
    if (known != NULL && known->preemptions <= s->preemptions && known->step <= step) {
        s->state_cuts++;
        return true;
    }
    if (known != NULL)
        *known = probe;
    else
        g_hash_table_add(s->states, g_memdup2(&probe, sizeof probe));
    return false;
}

/* A name (ncores + 1 words) as a table key. */
static GBytes *name_key(const struct dfs *s, uint32_t *name)
{
    return g_bytes_new_take(name, (s->agents + 1) * sizeof *name);
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

/* Was this name explored already, with no more preemptions than the node
 * that runs now has?  Then, from the same state, with the same next step
 * and no less budget, the same tail and its children were or will be
 * explored: the run is cut short (equivalence_watch).  Takes name.
 *
 * This is the search's only cut in mid-run.  A sleep set (Godefroid) cut a
 * run that took a step explored first from an earlier state, but under a
 * preemption bound that is unsound: the equivalent schedule that takes the
 * step first may need more preemptions than the bound allows, and its
 * interleaving is then never run (Coons, Musuvathi and McKinley, "Bounded
 * partial-order reduction", OOPSLA 2013, who make the reduction respect the
 * bound).  Naming prefixes with the preemptions they were explored with
 * respects it by construction: a prefix is cut only where one equivalent
 * to it, with no fewer preemptions left, has been explored. */
static bool explored_before(void *ctx, uint32_t *name)
{
    struct dfs *s = ctx;
    g_autoptr(GBytes) key = name_key(s, name);
    guint known = GPOINTER_TO_UINT(g_hash_table_lookup(s->explored, key));
    return known != 0 && known - 1 <= s->preemptions;
}

/* Bound the memory of what the search remembers: between runs, drop it all
 * when it has grown past its caps. */
static void forget_if_full(struct dfs *s)
{
    if (s->states != NULL && g_hash_table_size(s->states) > DFS_STATES_MAX) {
        g_hash_table_remove_all(s->states);
        s->forgotten++;
    }
    if (g_hash_table_size(s->explored) <= DFS_NAMES_MAX &&
        equivalence_interned(s->eq) <= DFS_LISTS_MAX)
        return;
    g_hash_table_remove_all(s->explored);
    equivalence_forget(s->eq);
    s->forgotten++;
}

/* A child of n: at step p, core c runs instead of the core that did, or
 * (older > 0) the same core, whose load there reads an older write. */
struct child {
    uint64_t p;
    unsigned c;
    unsigned older;
    uint64_t value;             /* older >= EQUIVALENCE_PREDICTED: the value read */
    GBytes *name;
};

/* Node n ran `steps` steps (the last one cut short if cut).  Its tail went
 * on without preemption, each load reading the newest write: each of those
 * steps is explored from here, as a child would explore it.  Then its
 * children: at each step of its tail that is a load which could read an
 * older write, one for each older write (a choice of value, not a
 * preemption: as GenMC and herd7 enumerate reads-from, within any bound;
 * with no bound only those a read out of order reaches, views_telling);
 * and, if the bound allows, at each step, another core that could run
 * takes it instead.  The first choice of core (step 0) is not a
 * preemption.  A node that gave its step to another core also has that
 * step's choices of value. */
static void expand(struct dfs *s, const struct search_node *n, uint64_t steps, bool cut,
                   bool branch, bool root, struct search_record *rec)
{
    g_autoptr(GArray) children = g_array_new(FALSE, FALSE, sizeof(struct child));
    struct name_cursor nc;
    name_cursor_init(&nc, s->eq);
    /* a node that gave step `at` to another core has its choices of value
     * there to try too (its parent tried those of the step's core) */
    uint64_t from = n->from != NULL && n->older == 0 ? n->at : n->branch_from;
    for (uint64_t p = from; p < steps; p++) {
        name_cursor_to(&nc, p);
        unsigned current = equivalence_core(s->eq, p), could, telling;
        unsigned older = equivalence_older(s->eq, p, &could, &telling);
        bool own = p >= n->branch_from;         /* not the step the node chose */
        if (own && p + cut < steps)
            first_of_its_kind(s, name_key(s, name_cursor_name(&nc, current, older)),
                              n->preemptions);
        /* with no bound, a read that is not out of order is that of an
         * interleaving the search runs anyway (views_telling) */
        unsigned first = s->unbounded ? MAX(older + 1, could - telling + 1) : older + 1;
        for (unsigned k = first; k <= could; k++) {
            struct child ch = { p, current, k, 0, name_key(s, name_cursor_name(&nc, current, k)) };
            g_array_append_val(children, ch);
        }
        /* and one for each other value a write still to come gives it */
        unsigned codes[SCHED_MAX_OLDER];
        uint64_t values[SCHED_MAX_OLDER];
        unsigned predictions = equivalence_predictions(s->eq, p, codes, values,
                                                       G_N_ELEMENTS(codes));
        for (unsigned k = 0; k < predictions; k++) {
            struct child ch = { p, current, codes[k], values[k],
                                name_key(s, name_cursor_name(&nc, current, codes[k])) };
            g_array_append_val(children, ch);
        }
        /* a step that commutes with every other is taken where it comes:
         * another agent's step before it is, swapped with it, the same
         * interleaving as that step right after it (a child of the next
         * step; the swap needs no more preemptions) */
        bool commutes = equivalence_commutes(s->eq, p);
        for (unsigned c = 0; own && branch && !commutes && c < s->agents; c++) {
            if (c == current || !equivalence_could_run(s->eq, p, c))
                continue;
            struct child ch = { p, c, 0, 0, name_key(s, name_cursor_name(&nc, c, 0)) };
            g_array_append_val(children, ch);
        }
    }
    name_cursor_clear(&nc);
    /* pushed latest first, so that the earliest preemption runs first */
    for (guint i = children->len; i-- > 0;) {
        struct child *ch = &g_array_index(children, struct child, i);
        uint64_t p = ch->p;
        bool preempts = ch->older == 0 && p > 0;
        unsigned preemptions = s->unbounded ? 0 : n->preemptions + preempts;
        if (root && s->dealt++ % s->shards != s->shard) {
            g_bytes_unref(ch->name);
            continue;
        }
        if (!s->reduce)
            g_bytes_unref(ch->name);
        else if (!first_of_its_kind(s, ch->name, preemptions)) {
            s->skipped++;
            continue;
        }
        struct search_node *child = g_new0(struct search_node, 1);
        rec->refs++;
        child->from = rec;
        child->at = p;
        child->core = ch->c;
        child->older = ch->older;
        child->value = ch->value;
        child->branch_from = p + 1;
        child->preemptions = preemptions;
        child->subtree = n->subtree;
        g_ptr_array_add(s->stack, child);
    }
    /* the root's children, numbered in the order they will run (the stack
     * holds nothing else yet) */
    for (guint i = 0; root && i < s->stack->len; i++)
        ((struct search_node *)g_ptr_array_index(s->stack, i))->subtree = s->stack->len - i;
}

/* The last run's steps as turns, for its children's prefixes. */
static struct search_record *record_run(const struct equivalence *eq, uint64_t steps,
                                        unsigned ncores)
{
    struct search_record *rec = g_new0(struct search_record, 1);
    rec->refs = 1;
    rec->turns = g_array_new(FALSE, FALSE, sizeof(struct sched_turn));
    for (uint64_t i = 0; i < steps; i++) {
        unsigned could, telling, older = equivalence_older(eq, i, &could, &telling);
        uint64_t value;
        equivalence_chosen_value(eq, i, &value);
        sched_turns_add_choice(rec->turns, equivalence_core(eq, i), ncores);
        set_read(rec->turns, older, value);
    }
    return rec;
}

/* The last run completed (it was not cut short and found nothing): count
 * its trace if it is one no run before completed (true), and write it out
 * (dfs_options.classes, and the explore log); if one did, check that this
 * run saw what it saw (with no reduction every run of a trace is checked
 * against the first). */
static bool count_class(struct dfs *s, struct dfs_result *out)
{
    g_autofree char *text = equivalence_trace_text(s->eq);
    GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
    g_checksum_update(sum, (const guchar *)text, (gssize)strlen(text));
    guint8 digest[32];
    gsize len = sizeof digest;
    g_checksum_get_digest(sum, digest, &len);
    g_checksum_free(sum);
    uint64_t key;
    memcpy(&key, digest, sizeof key);
    gpointer k = (gpointer)(uintptr_t)key;
    uint64_t values = equivalence_values_digest(s->eq) | 1;
    gpointer known = g_hash_table_lookup(s->classes, k);
    if (known != NULL) {
        if ((uint64_t)(uintptr_t)known != values && !s->warned) {
            /* steps said to commute did not: equivalence.c is wrong */
            g_warning("dfs: two runs of one interleaving saw different values: %s", text);
            s->warned = true;
        }
        return false;
    }
    if (g_hash_table_size(s->classes) >= DFS_CLASSES_MAX) {
        out->distinct_capped = true;
        return false;
    }
    g_hash_table_insert(s->classes, k, (gpointer)(uintptr_t)values);
    LOG(LOG_EXPLORE, "dfs: a new interleaving (%u): %s", g_hash_table_size(s->classes), text);
    if (s->classes_file != NULL)
        fprintf(s->classes_file, "%s\n", text);
    return true;
}

/* Has the search used up its runs or its time? */
static bool out_of_budget(const struct dfs_options *o, unsigned runs, gint64 start)
{
    return (o->max_runs > 0 && runs >= o->max_runs) ||
           (o->time_limit > 0 && g_get_monotonic_time() - start >= o->time_limit * 1e6);
}

/* Does the search remember the states it explored (run_options.states)?
 * Where a run's state is all its future depends on (run-state.c): a model
 * with neither store buffers nor views, no random store-exclusive
 * failures or monitor that drops reservations at switches (commute), and
 * only findings that the state decides (--only-checks, --only-reach-error:
 * the detectors' findings depend on the steps that led there). */
static bool remembers_states(const struct dfs_options *o, const struct run_options *ro,
                             bool commute)
{
    const struct memory_model_ops *model = memory_model_get(ro->memory);
    return o->states && commute && !model->buffers && !model->views &&
           ro->report_only != REPORT_ALL;
}

bool dfs_remembers_states(void)
{
    const char *states = g_getenv("ATOMSIM_DFS_STATES");
    return states == NULL || strcmp(states, "0") != 0;
}

bool dfs_awaits_spins(void)
{
    const char *await = g_getenv("ATOMSIM_DFS_AWAIT");
    return await == NULL || strcmp(await, "0") != 0;
}

void dfs_search(struct run *r, const struct run_options *ro, unsigned skip,
                const struct dfs_options *o, struct dfs_result *out)
{
    gint64 start = g_get_monotonic_time();
    struct machine *m = r->m;
    /* Steps commute unless the monitor drops reservations at switches or
     * store-exclusives fail at random: then every order is its own, and the
     * search, not reduced, is still complete within its bound.  Runs are
     * named by their traces (to count them) whether the search prunes
     * equivalent ones or not (no_reduction). */
    bool commute = ro->monitor != MONITOR_SWITCH && ro->sc_fail <= 0;
    g_autoptr(equivalence) eq = equivalence_new(m, memory_model_get(ro->memory), commute);
    struct run_options searching = run_options_quiet(ro, skip);
    if (o->time_limit > 0)              /* a run under way ends there too */
        searching.deadline = start + (gint64)(o->time_limit * 1e6);
    g_autofree struct event_sink *sinks = g_new(struct event_sink, searching.nsinks + 1);
    memcpy(sinks, searching.sinks, searching.nsinks * sizeof *sinks);
    sinks[searching.nsinks] = equivalence_sink(eq);
    searching.sinks = sinks;
    searching.nsinks++;
    g_autoptr(GHashTable) explored = g_hash_table_new_full(
        g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    g_autoptr(GPtrArray) stack = g_ptr_array_new_with_free_func(node_free);
    g_autoptr(GHashTable) classes = g_hash_table_new(g_direct_hash, g_direct_equal);
    struct dfs s = { eq, !o->no_reduction, explored, stack, m->ncores, equivalence_agents(eq),
                     o->shard, o->shards, 0, 0, 0, 0, classes, o->classes, false,
                     o->bound == UINT_MAX, NULL, 0 };
    struct run_states states = { 0, state_explored_before, &s };
    g_autoptr(GHashTable) states_seen = NULL;
    if (remembers_states(o, ro, commute)) {
        states_seen = g_hash_table_new_full(state_hash, state_equal, g_free, NULL);
        s.states = states_seen;
        searching.states = &states;
    }
    struct search_node *root = g_new0(struct search_node, 1);
    g_ptr_array_add(stack, root);
    *out = (struct dfs_result){ 0 };
    unsigned root_children = 0;
    while (stack->len > 0 && !out_of_budget(o, out->runs, start)) {
        struct search_node *n = g_ptr_array_steal_index(stack, stack->len - 1);
        forget_if_full(&s);
        g_autoptr(GArray) prefix = node_prefix(n, m->ncores);
        g_autoptr(sched) node = sched_new_search(prefix, m->ncores);
        s.preemptions = n->preemptions;
        states.from = n->branch_from;
        if (s.reduce)
            equivalence_watch(eq, n->branch_from, explored_before, &s);
        run_program(r, node, &searching);
        if (r->end == RUN_TIME_LIMIT) {
            /* the time ran out inside the run: the node is not explored */
            run_clear(r);
            g_ptr_array_add(stack, n);
            break;
        }
        out->runs++;
        ticker_tick(o->ticker, (struct search_progress){
            .runs = out->runs, .found = run_found(r), .done = n->subtree > 0 ? n->subtree - 1 : 0,
            .of = root_children });
        if (LOG_ON(LOG_EXPLORE)) {
            g_autofree char *text = sched_turns_text(prefix);
            LOG(LOG_EXPLORE, "dfs schedule %u: prefix %s (%u preemptions), %" G_GUINT64_FORMAT
                " steps: %s; %u nodes left", out->runs, *text ? text : "(none)", n->preemptions,
                r->steps, run_found(r) ? "found something" : r->end == RUN_CUT
                ? "cut short (equivalent to one explored)" : "nothing", stack->len);
        }
        uint64_t steps = equivalence_steps(eq);
        bool cut = r->end == RUN_CUT;
        bool cut_by_name = cut && equivalence_cut(eq);
        if (run_found(r)) {
            out->found = g_array_copy(r->turns);
            run_clear(r);
            node_free(n);
            break;
        }
        out->out_of_budget += run_out_of_budget(r);
        out->nondet |= r->nondet_bits;
        /* a run whose load read a value no write gave is no execution */
        if (!cut && r->end != RUN_UNFULFILLED && count_class(&s, out) && r->end == RUN_DONE &&
            o->completed != NULL)
            o->completed(o->completed_ctx, r);
        run_clear(r);
        out->cuts += cut;
        struct search_record *rec = record_run(eq, steps, m->ncores);
        if (!s.warned && !replayed_as_given(n, prefix, rec->turns)) {
            g_autofree char *given = sched_turns_text(prefix);
            g_autofree char *ran = sched_turns_text(rec->turns);
            g_warning("dfs: a run did not replay its prefix %s: it ran %s", given, ran);
            s.warned = true;
        }
        expand(&s, n, steps, cut_by_name, n->preemptions < o->bound, out->runs == 1, rec);
        if (out->runs == 1)
            root_children = stack->len;
        record_unref(rec);
        node_free(n);
    }
    out->exhausted = out->found == NULL && stack->len == 0;
    out->stopped_at_runs = out->found == NULL && !out->exhausted && o->max_runs > 0 &&
                           out->runs >= o->max_runs;
    out->skipped = s.skipped;
    out->forgotten = s.forgotten;
    out->state_cuts = s.state_cuts;
    out->states = s.states != NULL;
    out->distinct = g_hash_table_size(classes);
    out->seconds = (double)(g_get_monotonic_time() - start) / 1e6;
}

void dfs_result_clear(struct dfs_result *res)
{
    if (res->found)
        g_array_unref(res->found);
    res->found = NULL;
}
