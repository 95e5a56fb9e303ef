/* equivalence.c — see equivalence.h. */
#include <string.h>
#include "equivalence.h"
#include "core/control.h"
#include "core/guest-abi.h"
#include "sched/scheduler.h"

#define WORD_SHIFT 3            /* memory is compared in 8-byte words */

/* A pseudo word that stands for which cores run (no address reaches it). */
#define SCHEDULE_WORD ((UINT64_MAX >> WORD_SHIFT) + 1)

enum access {
    ACCESS_NONE,
    ACCESS_READ,        /* the words first..last */
    ACCESS_WRITE,
    ACCESS_READ_ALL,    /* any word of memory */
    ACCESS_ALL,         /* commutes with nothing */
};

/* Steps are taken by agents: core i runs (agent i) or drains its store
 * buffer (agent n + i, --memory tso), as the scheduler chooses them
 * (SCHED_CHOICES).  A drain the core's next instruction needed is part of
 * that instruction's step, not a step of its own. */
struct step {
    uint32_t core;              /* the agent */
    uint32_t level;
    uint32_t seq;               /* its agent's levels up to it, interned */
    uint64_t could_run;         /* the agents that could take a step (a mask) */
    struct footprint f;
};

struct equivalence {
    const struct run_control *ctl;     /* of the run under way */
    struct machine *m;
    unsigned agents;            /* SCHED_CHOICES(cores, slots) */
    bool commute;
    GArray *steps;              /* struct step: the last run's, in order */
    uint32_t *core_level;       /* each core's last step's level */
    /* the highest level of any step, of a step that commutes with nothing,
     * of a write, of a read of all memory */
    uint32_t max_level, all_level, write_level, read_all_level;
    /* word -> the highest level of a write to it (high half) and of any
     * access (low half) */
    GHashTable *words;
    /* Every core's list of levels so far, interned: (the id of the list
     * without its last level, that level) -> the list's id.  Id 0 is the
     * empty list.  Equal ids mean equal lists, exactly, across runs. */
    GHashTable *seqs;
    uint32_t *core_seq;         /* each core's list in this run */
    /* the sleeping step */
    int sleeper;
    uint64_t sleep_from;
    struct footprint sleeping;
    bool asleep, cut;
};

/* What a step touches that other cores see.  A load-exclusive reads its
 * whole reservation granule and a store-exclusive writes it: a store by
 * another core anywhere in the granule decides whether the store-exclusive
 * succeeds.  Fences order nothing more in a sequentially consistent machine,
 * and clrex drops only its own core's reservation.  Calls that decide which
 * cores run write a pseudo word. */
static struct footprint footprint_of(const struct equivalence *eq, const struct event *e)
{
    struct footprint f = { ACCESS_NONE, 0, 0 };
    if (!eq->commute) {
        f.access = ACCESS_ALL;
        return f;
    }
    switch (e->kind) {
    case EVENT_LOAD:
    case EVENT_LL:
        f.access = ACCESS_READ;
        break;
    case EVENT_STORE:
    case EVENT_RMW:
    case EVENT_SC:
        f.access = ACCESS_WRITE;
        break;
    case EVENT_TRAP:
        switch (guest_call_reach(eq->m->cpu, e->old_value)) {
        case REACH_OWN_CORE:
            break;
        case REACH_SCHEDULE:
            f = (struct footprint){ ACCESS_WRITE, SCHEDULE_WORD, SCHEDULE_WORD };
            break;
        case REACH_READS_MEMORY:
            f.access = ACCESS_READ_ALL;
            break;
        default:
            f.access = ACCESS_ALL;
        }
        return f;
    default:
        return f;
    }
    uint64_t lo = e->addr, hi = e->addr + (e->size ? e->size : 1) - 1;
    uint64_t granule = eq->m->cpu->exclusive_granule;
    if ((e->kind == EVENT_LL || e->kind == EVENT_SC) && granule > 0) {
        lo &= ~(granule - 1);
        hi |= granule - 1;
    }
    f.first = lo >> WORD_SHIFT;
    f.last = hi >> WORD_SHIFT;
    return f;
}

static bool touches_words(const struct footprint *f)
{
    return f->access == ACCESS_READ || f->access == ACCESS_WRITE;
}

/* Do steps of two different cores with these footprints not commute? */
static bool conflict(const struct footprint *a, const struct footprint *b)
{
    if (a->access == ACCESS_NONE || b->access == ACCESS_NONE)
        return false;
    if (a->access == ACCESS_ALL || b->access == ACCESS_ALL)
        return true;
    if (a->access != ACCESS_WRITE && b->access != ACCESS_WRITE)
        return false;           /* reads commute */
    if (!touches_words(a) || !touches_words(b))
        return true;            /* a write and a read of all memory */
    return a->first <= b->last && b->first <= a->last;
}

static uint64_t word_levels(const struct equivalence *eq, uint64_t word)
{
    return (uint64_t)(uintptr_t)g_hash_table_lookup(eq->words, (gpointer)(uintptr_t)word);
}

/* One more than the highest level of an earlier step that f does not
 * commute with, then the record of those levels updated. */
static uint32_t take_level(struct equivalence *eq, unsigned core, const struct footprint *f)
{
    uint32_t level = MAX(eq->core_level[core], eq->all_level);
    switch (f->access) {
    case ACCESS_ALL:
        level = eq->max_level;
        break;
    case ACCESS_READ_ALL:
        level = MAX(level, eq->write_level);
        break;
    case ACCESS_WRITE:
        level = MAX(level, eq->read_all_level);
        break;
    }
    /* a read follows the last write of its words; a write every access */
    for (uint64_t w = f->first; touches_words(f) && w <= f->last; w++) {
        uint64_t v = word_levels(eq, w);
        level = MAX(level, f->access == ACCESS_WRITE ? (uint32_t)v : (uint32_t)(v >> 32));
    }
    level++;
    for (uint64_t w = f->first; touches_words(f) && w <= f->last; w++) {
        uint64_t v = word_levels(eq, w);
        uint64_t written = f->access == ACCESS_WRITE ? MAX(v >> 32, level) : v >> 32;
        uint64_t touched = MAX((uint32_t)v, level);
        g_hash_table_insert(eq->words, (gpointer)(uintptr_t)w,
                            (gpointer)(uintptr_t)(written << 32 | touched));
    }
    if (f->access == ACCESS_ALL)
        eq->all_level = level;
    if (f->access == ACCESS_WRITE)
        eq->write_level = MAX(eq->write_level, level);
    if (f->access == ACCESS_READ_ALL)
        eq->read_all_level = MAX(eq->read_all_level, level);
    eq->max_level = MAX(eq->max_level, level);
    eq->core_level[core] = level;
    return level;
}

/* A 64-bit mix (splitmix64's finaliser), so that direct keys hash well. */
static guint mix_hash(gconstpointer key)
{
    uint64_t x = (uint64_t)(uintptr_t)key;
    x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ x >> 27) * 0x94d049bb133111ebull;
    return (guint)(x ^ x >> 31);
}

/* The id of list `seq` followed by `level`. */
static uint32_t intern(struct equivalence *eq, uint32_t seq, uint32_t level)
{
    gpointer key = (gpointer)(uintptr_t)((uint64_t)seq << 32 | level);
    gpointer id = g_hash_table_lookup(eq->seqs, key);
    if (id == NULL) {
        id = GUINT_TO_POINTER(g_hash_table_size(eq->seqs) + 1);
        g_hash_table_insert(eq->seqs, key, id);
    }
    return GPOINTER_TO_UINT(id);
}

static void equivalence_begin(void *ctx, const struct run_control *ctl)
{
    struct equivalence *eq = ctx;
    eq->ctl = ctl;
    g_array_set_size(eq->steps, 0);
    memset(eq->core_level, 0, eq->agents * sizeof *eq->core_level);
    memset(eq->core_seq, 0, eq->agents * sizeof *eq->core_seq);
    eq->max_level = eq->all_level = eq->write_level = eq->read_all_level = 0;
    g_hash_table_remove_all(eq->words);
    eq->asleep = eq->sleeper >= 0;
    eq->cut = false;
}

/* The drain agents that could take a step: agent n * (1 + k) + i for core
 * i's k-th oldest buffered store, if it may drain (a mask). */
static uint64_t could_drain(const struct store_buffers *sb, unsigned n)
{
    uint64_t mask = 0;
    for (uint64_t cores = sb->nonempty; cores != 0; cores &= cores - 1) {
        unsigned i = (unsigned)__builtin_ctzll(cores);
        for (uint32_t can = store_buffers_drainable(sb, i); can != 0; can &= can - 1)
            mask |= 1ull << (n * (1 + (unsigned)__builtin_ctz(can)) + i);
    }
    return mask;
}

static void equivalence_event(void *ctx, const struct event *e)
{
    struct equivalence *eq = ctx;
    if (e->flags & EVENT_FORCED)
        return;
    unsigned n = eq->m->ncores;
    unsigned agent = sched_choice(n, e->core, e->flags & EVENT_DRAINED, e->slot);
    struct step s = { .core = agent, .f = footprint_of(eq, e) };
    if (eq->asleep && eq->steps->len >= eq->sleep_from) {
        if (agent == (unsigned)eq->sleeper) {
            eq->cut = true;     /* the sleeping step: explored before */
            eq->asleep = false;
            control_cut(eq->ctl);
        } else if (conflict(&s.f, &eq->sleeping))
            eq->asleep = false;
    }
    s.level = take_level(eq, agent, &s.f);
    s.seq = eq->core_seq[agent] = intern(eq, eq->core_seq[agent], s.level);
    /* Only a trap changes which cores run, and it is seen before it is
     * carried out: the cores running now are those that could take this
     * step; and the cores with buffered stores could drain one. */
    s.could_run = machine_running(eq->m) | could_drain(eq->ctl->buffers, n);
    g_array_append_val(eq->steps, s);
}

struct equivalence *equivalence_new(struct machine *m, enum memory_model model, bool commute)
{
    struct equivalence *eq = g_new0(struct equivalence, 1);
    eq->m = m;
    eq->agents = SCHED_CHOICES(m->ncores, memory_model_drain_slots(model));
    g_assert(model == MEMORY_SC || eq->agents <= 64);
    eq->commute = commute;
    eq->steps = g_array_new(FALSE, FALSE, sizeof(struct step));
    eq->core_level = g_new0(uint32_t, eq->agents);
    eq->words = g_hash_table_new(g_direct_hash, g_direct_equal);
    eq->seqs = g_hash_table_new(mix_hash, g_direct_equal);
    eq->core_seq = g_new0(uint32_t, eq->agents);
    eq->sleeper = -1;
    return eq;
}

void equivalence_free(struct equivalence *eq)
{
    if (eq == NULL)
        return;
    g_array_free(eq->steps, TRUE);
    g_free(eq->core_level);
    g_hash_table_destroy(eq->words);
    g_hash_table_destroy(eq->seqs);
    g_free(eq->core_seq);
    g_free(eq);
}

struct event_sink equivalence_sink(struct equivalence *eq)
{
    return (struct event_sink){ .event = equivalence_event, .ctx = eq, .begin = equivalence_begin };
}

void equivalence_sleep(struct equivalence *eq, int core, uint64_t from,
                       const struct footprint *f)
{
    eq->sleeper = core;
    eq->sleep_from = from;
    if (f != NULL)
        eq->sleeping = *f;
}

bool equivalence_cut(const struct equivalence *eq)
{
    return eq->cut;
}

uint64_t equivalence_steps(const struct equivalence *eq)
{
    return eq->steps->len;
}

unsigned equivalence_agents(const struct equivalence *eq)
{
    return eq->agents;
}

static const struct step *step_at(const struct equivalence *eq, uint64_t step)
{
    g_assert(step < eq->steps->len);
    return &g_array_index(eq->steps, struct step, step);
}

unsigned equivalence_core(const struct equivalence *eq, uint64_t step)
{
    return step_at(eq, step)->core;
}

const struct footprint *equivalence_footprint(const struct equivalence *eq, uint64_t step)
{
    return &step_at(eq, step)->f;
}

bool equivalence_could_run(const struct equivalence *eq, uint64_t step, unsigned core)
{
    return step_at(eq, step)->could_run >> core & 1;
}

bool equivalence_may_sleep(const struct footprint *f)
{
    return f->access != ACCESS_ALL && f->first != SCHEDULE_WORD;
}

unsigned equivalence_interned(const struct equivalence *eq)
{
    return g_hash_table_size(eq->seqs);
}

void equivalence_forget(struct equivalence *eq)
{
    g_hash_table_remove_all(eq->seqs);
}

void name_cursor_init(struct name_cursor *nc, const struct equivalence *eq)
{
    nc->eq = eq;
    nc->steps = 0;
    nc->seq = g_new0(uint32_t, eq->agents);
}

void name_cursor_clear(struct name_cursor *nc)
{
    g_clear_pointer(&nc->seq, g_free);
}

void name_cursor_to(struct name_cursor *nc, uint64_t steps)
{
    g_assert(steps >= nc->steps);
    for (; nc->steps < steps; nc->steps++) {
        const struct step *s = step_at(nc->eq, nc->steps);
        nc->seq[s->core] = s->seq;
    }
}

uint32_t *name_cursor_name(const struct name_cursor *nc, unsigned next_core)
{
    unsigned n = nc->eq->agents;
    uint32_t *name = g_new(uint32_t, n + 1);
    memcpy(name, nc->seq, n * sizeof *name);
    name[n] = next_core;
    return name;
}
