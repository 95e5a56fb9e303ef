/* equivalence.c — see equivalence.h. */
#include <string.h>
#include "equivalence.h"
#include "guest-abi.h"

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

struct step {
    uint32_t core;
    uint32_t level;
    uint64_t could_run;         /* the cores that were running (a mask) */
    struct footprint f;
};

struct equivalence {
    struct machine *m;
    bool commute;
    GArray *steps;              /* struct step: the last run's, in order */
    uint32_t *core_level;       /* each core's last step's level */
    /* the highest level of any step, of a step that commutes with nothing,
     * of a write, of a read of all memory */
    uint32_t max_level, all_level, write_level, read_all_level;
    /* word -> the highest level of a write to it (high half) and of any
     * access (low half) */
    GHashTable *words;
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

static void equivalence_begin(void *ctx)
{
    struct equivalence *eq = ctx;
    g_array_set_size(eq->steps, 0);
    memset(eq->core_level, 0, eq->m->ncores * sizeof *eq->core_level);
    eq->max_level = eq->all_level = eq->write_level = eq->read_all_level = 0;
    g_hash_table_remove_all(eq->words);
    eq->asleep = eq->sleeper >= 0;
    eq->cut = false;
}

static void equivalence_event(void *ctx, const struct event *e)
{
    struct equivalence *eq = ctx;
    struct step s = { .core = e->core, .f = footprint_of(eq, e) };
    if (eq->asleep && eq->steps->len >= eq->sleep_from) {
        if (e->core == (unsigned)eq->sleeper) {
            eq->cut = true;     /* the sleeping step: explored before */
            eq->asleep = false;
            run_stop(eq->m->run);
        } else if (conflict(&s.f, &eq->sleeping))
            eq->asleep = false;
    }
    s.level = take_level(eq, e->core, &s.f);
    /* Only a trap changes which cores run, and it is seen before it is
     * carried out: the cores running now are those that could take this
     * step. */
    s.could_run = machine_running(eq->m);
    g_array_append_val(eq->steps, s);
}

struct equivalence *equivalence_new(struct machine *m, bool commute)
{
    struct equivalence *eq = g_new0(struct equivalence, 1);
    eq->m = m;
    eq->commute = commute;
    eq->steps = g_array_new(FALSE, FALSE, sizeof(struct step));
    eq->core_level = g_new0(uint32_t, m->ncores);
    eq->words = g_hash_table_new(g_direct_hash, g_direct_equal);
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
    g_free(eq);
}

struct event_sink equivalence_sink(struct equivalence *eq)
{
    return (struct event_sink){ equivalence_event, eq, equivalence_begin, NULL };
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

GBytes *equivalence_prefix_name(const struct equivalence *eq, uint64_t steps,
                                unsigned next_core)
{
    g_assert(steps <= eq->steps->len);
    unsigned n = eq->m->ncores;
    /* each core's levels, in order, then UINT32_MAX; then next_core */
    guint32 *count = g_newa(guint32, n);
    memset(count, 0, n * sizeof *count);
    for (uint64_t i = 0; i < steps; i++)
        count[step_at(eq, i)->core]++;
    gsize words = steps + n + 1;
    uint32_t *name = g_new(uint32_t, words);
    uint32_t *at = g_newa(uint32_t, n);
    for (unsigned c = 0, start = 0; c < n; c++) {
        at[c] = start;
        name[start + count[c]] = UINT32_MAX;
        start += count[c] + 1;
    }
    for (uint64_t i = 0; i < steps; i++) {
        const struct step *s = step_at(eq, i);
        name[at[s->core]++] = s->level;
    }
    name[words - 1] = next_core;
    return g_bytes_new_take(name, words * sizeof *name);
}

guint equivalence_name_hash(gconstpointer name)
{
    gsize size;
    const uint32_t *w = g_bytes_get_data((GBytes *)name, &size);
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (gsize i = 0; i < size / sizeof *w; i++)
        h = (h ^ w[i]) * 0x100000001b3ull;
    return (guint)(h ^ h >> 32);
}
