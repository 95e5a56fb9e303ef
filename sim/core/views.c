/* views.c — see views.h.  The rules cited are Promising-ARM/RISC-V's
 * (Pulte et al., PLDI 2019, fig. 5 for ARMv8, fig. 7 for RISC-V). */
#include <string.h>

#include "views.h"

#define GRANULE_SHIFT 4

static void location_free(gpointer p)
{
    struct view_location *loc = p;
    g_free(loc->coh);
    g_free(loc);
}

void views_init(struct views *v, const struct machine *m)
{
    memset(v, 0, sizeof *v);
    v->m = m;
    v->not_mca = m->cpu->not_multi_copy_atomic;
    v->locations = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, location_free);
    v->granules = g_hash_table_new(g_direct_hash, g_direct_equal);
    v->learned = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
}

void views_clear(struct views *v)
{
    if (v->locations != NULL) {
        g_hash_table_unref(v->locations);
        g_hash_table_unref(v->granules);
        g_hash_table_unref(v->learned);
    }
    v->locations = v->granules = v->learned = NULL;
}

void views_reset(struct views *v, bool on)
{
    v->on = on;
    v->now = v->trap_now = v->everywhere = 0;
    v->full = false;
    g_hash_table_remove_all(v->locations);
    g_hash_table_remove_all(v->granules);
    memset(v->core, 0, sizeof v->core);
}

static uint64_t granule_ts(const struct views *v, uint64_t g)
{
    return (uint64_t)(uintptr_t)g_hash_table_lookup(v->granules, GSIZE_TO_POINTER(g));
}

/* The newest timestamp of a write to any byte of [addr, addr + size). */
static uint64_t newest_over(const struct views *v, uint64_t addr, unsigned size)
{
    uint64_t ts = 0;
    for (uint64_t g = addr >> GRANULE_SHIFT; g <= (addr + size - 1) >> GRANULE_SHIFT; g++)
        ts = MAX(ts, granule_ts(v, g));
    return ts;
}

/* Is addr in a core's stack, which its core writes unseen (private)? */
static bool in_a_stack(const struct views *v, uint64_t addr)
{
    for (unsigned i = 0; i < v->m->ncores; i++)
        if (addr >= v->m->cores[i].stack_lo && addr < v->m->cores[i].stack_hi)
            return true;
    return false;
}

/* A view no smaller than that of the write a load of [addr, addr + size)
 * reads, when atomsim does not know that write: one it saw there, or one a
 * system call made (which may write guest memory unseen), or, in a stack,
 * any. */
static uint64_t unknown_floor(const struct views *v, uint64_t addr, unsigned size)
{
    if (in_a_stack(v, addr))
        return v->now;
    return MAX(v->trap_now, newest_over(v, addr, size));
}

/* Locations other than loc that overlap [addr, addr + size) are mixed, and so
 * is loc if there are any. */
static void mark_overlaps(struct views *v, struct view_location *loc, uint64_t addr,
                          unsigned size)
{
    for (uint64_t a = addr > 15 ? addr - 15 : 0; a < addr + size; a++) {
        struct view_location *o = g_hash_table_lookup(v->locations, &a);
        if (o == NULL || o == loc || o->addr + o->size <= addr)
            continue;
        o->mixed = true;
        if (loc != NULL)
            loc->mixed = true;
    }
}

static void keep(struct view_location *loc, struct view_write w)
{
    if (loc->count == VIEWS_HISTORY) {
        memmove(loc->w, loc->w + 1, (VIEWS_HISTORY - 1) * sizeof *loc->w);
        loc->count--;
    }
    loc->w[loc->count++] = w;
}

/* Only what memory holds now is known of loc: one write, with a view no
 * smaller than the real one's. */
static void forget(struct views *v, struct view_location *loc, uint64_t value)
{
    loc->count = 0;
    keep(loc, (struct view_write){ .ts = v->now, .value = value, .core = EVENT_UNSEEN_WRITER });
}

static struct view_location *location_new(struct views *v, uint64_t addr, unsigned size,
                                          uint64_t old)
{
    if (g_hash_table_size(v->locations) >= VIEWS_MAX_LOCATIONS) {
        v->full = true;
        return NULL;
    }
    struct view_location *loc = g_new0(struct view_location, 1);
    loc->addr = addr;
    loc->size = size;
    loc->coh = g_new0(uint64_t, v->m->ncores);
    /* what it held: written before the run, or unseen */
    keep(loc, (struct view_write){ .ts = unknown_floor(v, addr, size), .value = old,
                                   .core = EVENT_UNSEEN_WRITER });
    mark_overlaps(v, loc, addr, size);
    g_hash_table_insert(v->locations, &loc->addr, loc);
    return loc;
}

/* The cores whose prediction e's write, of timestamp ts, fulfils: a write
 * by another core of the predicted value to the predicted location (the
 * first: of writes of one value the oldest gives the smallest views).
 * Their predicted views become ts. */
static uint64_t fulfil(struct views *v, const struct event *e, uint64_t ts)
{
    uint64_t fulfilled = 0, mask = value_mask(e->size);
    for (unsigned i = 0; i < v->m->ncores; i++) {
        struct core_views *cv = &v->core[i];
        const struct view_prediction *p = &cv->predicted;
        if (!p->on || i == e->core || p->addr != e->addr || p->size != e->size ||
            p->value != (e->new_value & mask))
            continue;
        cv->predicted.on = false;
        views_fulfilled(&cv->r_old, i, ts);
        views_fulfilled(&cv->r_new, i, ts);
        views_fulfilled(&cv->rel, i, ts);
        views_fulfilled(&cv->w_new, i, ts);
        views_fulfilled(&cv->ctrl, i, ts);
        fulfilled |= 1ull << i;
    }
    return fulfilled;
}

/* A probe run's write: its value is now its core's last at its location
 * (a location of another size forgets what it had).  The last values are
 * the likeliest to be written again in another run, after a load. */
static void learn(struct views *v, const struct event *e)
{
    struct view_learned *l = g_hash_table_lookup(v->learned, &e->addr);
    if (l == NULL) {
        uint64_t *key = g_memdup2(&e->addr, sizeof e->addr);
        l = g_new0(struct view_learned, 1);
        g_hash_table_insert(v->learned, key, l);
    }
    if (l->size != e->size)
        *l = (struct view_learned){ .size = e->size };
    uint64_t value = e->new_value & value_mask(e->size), core = 1ull << e->core;
    unsigned i = 0;
    for (unsigned k = 0; k < l->n; k++)
        l->cores[k] &= ~core;
    while (i < l->n && l->value[i] != value)
        i++;
    if (i == VIEWS_LEARNED)
        return;
    if (i == l->n)
        l->value[l->n++] = value;
    l->cores[i] |= core;
}

/* Write (Promising's write rule): the write takes the next timestamp; the
 * core's coh of the location and w_old (and rel for a release) become it.
 * Its lower bounds (address, data and control views, and for a release
 * r_old and w_old) hold: a store takes its timestamp when it becomes
 * visible, after everything its core has done.
 *
 * An atomic that is one access (EVENT_ONE_ACCESS: RISC-V's AMOs, each one
 * memory operation that both reads and writes, unprivileged ISA 17.1; an
 * ARMv8 atomic with acquire and release semantics, whose write is
 * Barrier-ordered-before every later access, Arm ARM K.a B2.3.3) counts its
 * write among its reads: r_old joins it (a later fence r,rw orders what
 * follows after the write), and, if it acquires, r_new does (its acquire
 * read raised r_new to what it read, not yet to its own write). */
uint64_t views_write(struct views *v, const struct event *e, uint64_t *ts_out)
{
    unsigned core = e->core, size = e->size;
    uint64_t addr = e->addr, old = e->old_value, value = e->new_value;
    if (!v->on)
        return 0;
    uint64_t ts = ++v->now;
    *ts_out = ts;
    uint64_t fulfilled = fulfil(v, e, ts);
    if (v->learning && size <= 8)
        learn(v, e);
    for (uint64_t g = addr >> GRANULE_SHIFT; g <= (addr + size - 1) >> GRANULE_SHIFT; g++)
        g_hash_table_insert(v->granules, GSIZE_TO_POINTER(g), (gpointer)(uintptr_t)ts);
    struct core_views *cv = &v->core[core];
    /* A write after a barrier reaches no core before what the barrier
     * ordered before it has reached every core: the writes its core had
     * read and made (the barrier's group A; ARM ARM A3.8.4, cumulativity).
     * Taken when the write becomes visible, after a barrier anywhere before
     * it: no fewer than the architecture orders. */
    if (v->not_mca)
        v->everywhere = MAX(v->everywhere, cv->fenced ? MAX(cv->w_new, cv->w_old) : cv->w_new);
    cv->w_old = ts;
    if (e->flags & EVENT_RELEASE)
        cv->rel = ts;
    if (e->flags & EVENT_ONE_ACCESS) {
        cv->r_old = MAX(cv->r_old, ts);
        if (e->flags & EVENT_ACQUIRE)
            cv->r_new = MAX(cv->r_new, ts);
    }
    struct view_location *loc = g_hash_table_lookup(v->locations, &addr);
    if (size > 8 || (loc != NULL && loc->size != size)) {
        mark_overlaps(v, NULL, addr, size);
        if (loc != NULL)
            loc->mixed = true;
        return fulfilled;
    }
    if (loc == NULL && (loc = location_new(v, addr, size, old)) == NULL)
        return fulfilled;
    if (loc->w[loc->count - 1].value != old)
        forget(v, loc, old);    /* written unseen since */
    keep(loc, (struct view_write){ .ts = ts, .value = value,
                                   .step = (uint32_t)MIN(e->step, UINT32_MAX),
                                   .core = (uint8_t)core });
    loc->coh[core] = ts;
    for (uint64_t m = fulfilled; m != 0; m &= m - 1)
        loc->coh[__builtin_ctzll(m)] = ts;      /* they read it */
    return fulfilled;
}

/* The slot of the core's stale read at pc, or NULL. */
static struct view_spin *spin_at(struct views *v, unsigned core, uint64_t pc)
{
    struct core_views *cv = &v->core[core];
    for (unsigned i = 0; i < VIEWS_SPIN_SLOTS; i++)
        if (cv->spin[i].pc == pc)
            return &cv->spin[i];
    return NULL;
}

/* A stale read at pc: its slot, or the next one in turn (the oldest). */
static void spin_record(struct views *v, unsigned core, struct view_spin spun)
{
    struct core_views *cv = &v->core[core];
    struct view_spin *slot = spin_at(v, core, spun.pc);
    if (slot == NULL) {
        slot = &cv->spin[cv->spin_next];
        cv->spin_next = (cv->spin_next + 1) % VIEWS_SPIN_SLOTS;
    }
    *slot = spun;
}

/* Read (Promising's read rule): vpre is the address view joined with
 * r_new; the load may read any write to the location from the newest one
 * no later than max(vpre, coh) on (no write to it lies between that one and
 * the load's view), and, after a stale read at pc, newer than that one. */
unsigned views_load(struct views *v, unsigned core, uint64_t pc, uint64_t addr, unsigned size,
                    uint64_t newest, uint64_t vaddr, bool newest_only, struct view_load *l)
{
    const struct core_views *cv = &v->core[core];
    *l = (struct view_load){ .vpre = MAX(vaddr, cv->r_new), .pc = pc };
    if (!v->on)
        return 1;
    struct view_location *loc = g_hash_table_lookup(v->locations, &addr);
    /* kept from its first access on, so that a load may read a write to
     * come (views_predict) */
    if (loc == NULL && size <= 8 && !in_a_stack(v, addr))
        loc = location_new(v, addr, size, newest);
    if (loc == NULL || loc->mixed || loc->size != size) {
        l->floor = loc == NULL && !v->full ? unknown_floor(v, addr, size) : v->now;
        return 1;
    }
    if (loc->w[loc->count - 1].value != newest)
        forget(v, loc, newest);
    l->loc = loc;
    l->pick[0] = (uint8_t)(loc->count - 1);
    if (newest_only)
        return 1;
    uint64_t bound = MAX(l->vpre, loc->coh[core]);
    unsigned first = loc->count - 1;
    while (first > 0 && loc->w[first].ts > bound)
        first--;
    const struct view_spin *spun = spin_at(v, core, pc);
    if (spun != NULL && spun->addr == addr)
        while (first < loc->count - 1 && loc->w[first].ts <= spun->ts)
            first++;
    unsigned n = 1;
    for (unsigned i = loc->count - 1; i-- > first;) {
        bool older_same = false;
        for (unsigned j = first; j < i && !older_same; j++)
            older_same = loc->w[j].value == loc->w[i].value;
        if (!older_same)
            l->pick[n++] = (uint8_t)i;
    }
    return n;
}

unsigned views_telling(const struct views *v, unsigned core, const struct view_load *l,
                       unsigned n)
{
    const struct core_views *cv = &v->core[core];
    uint64_t seen = MAX(cv->r_old, cv->w_old);
    unsigned telling = 0;
    for (unsigned older = n - 1; older > 0; older--, telling++)
        if (l->loc->w[l->pick[older] + 1].ts > seen)
            break;
    return telling;
}

/* The core's views after a read of view post: r_old joins it; an acquire
 * raises r_new to it (Promising's read rule for A and Q), and an RCsc one
 * to rel too (ARMv8: a Load-Acquire is ordered after an earlier
 * Store-Release; a Load-AcquirePC is not, Arm ARM K.a B2.3.3). */
static void read_done(struct core_views *cv, uint64_t post, enum views_acquire acquire)
{
    if (acquire != VIEWS_UNORDERED)
        cv->r_old = MAX(cv->r_old, post);
    if (acquire > VIEWS_PLAIN)
        cv->r_new = MAX(cv->r_new, post);
    if (acquire == VIEWS_ACQUIRE)
        cv->r_new = MAX(cv->r_new, cv->rel);
}

/* The value's view is vpre joined with the write's timestamp; coh of the
 * location joins it too. */
uint64_t views_read(struct views *v, unsigned core, const struct view_load *l, unsigned older,
                    enum views_acquire acquire)
{
    if (!v->on)
        return 0;
    uint64_t post = MAX(l->vpre, l->loc != NULL ? views_chosen(l, older)->ts : l->floor);
    if (l->loc != NULL)
        l->loc->coh[core] = MAX(l->loc->coh[core], post);
    if (older > 0)
        spin_record(v, core, (struct view_spin){ l->pc, l->loc->addr,
                                                 views_chosen(l, older)->ts });
    read_done(&v->core[core], post, acquire);
    /* Not multi-copy atomic: a load that depends on this one must see what
     * every core sees by now, not every write before the one read (which may
     * have reached this core first: ARMv7's IRIW+addrs, WRC+addrs).  A
     * barrier still orders by post (r_old): a barrier is cumulative.  A
     * location not kept says no less than it did. */
    if (!v->not_mca)
        return post;
    return MAX(v->everywhere, l->loc != NULL ? l->vpre : post);
}

uint64_t views_read_own(struct views *v, unsigned core, uint64_t fwd, enum views_acquire acquire)
{
    read_done(&v->core[core], fwd, acquire);
    return fwd;
}

void views_fence(struct views *v, unsigned core, bool r_r, bool w_r, bool r_w)
{
    struct core_views *cv = &v->core[core];
    cv->fenced = true;
    if (r_r)
        cv->r_new = MAX(cv->r_new, cv->r_old);
    if (w_r)
        cv->r_new = MAX(cv->r_new, cv->w_old);
    if (r_w)
        cv->w_new = MAX(cv->w_new, cv->r_old);
}

void views_sync(struct views *v, unsigned core)
{
    v->trap_now = v->now;
    v->core[core].r_new = MAX(v->core[core].r_new, v->now);
}

void views_learn(struct views *v, bool on)
{
    v->learning = on;
}

unsigned views_learned(const struct views *v, unsigned core, const struct view_load *l,
                       uint64_t *out, unsigned max)
{
    const struct view_learned *learned = g_hash_table_lookup(v->learned, &l->loc->addr);
    unsigned n = 0;
    if (learned == NULL || learned->size != l->loc->size)
        return 0;
    for (unsigned i = 0; i < learned->n && n < max; i++)
        if ((learned->cores[i] & ~(1ull << core)) != 0 &&
            learned->value[i] != l->loc->w[l->loc->count - 1].value)
            out[n++] = learned->value[i];
    return n;
}

bool views_may_predict(const struct views *v, unsigned core, const struct view_load *l)
{
    return v->on && !v->core[core].predicted.on && l->loc != NULL;
}

uint64_t views_predict(struct views *v, unsigned core, const struct view_load *l,
                       uint64_t value)
{
    struct core_views *cv = &v->core[core];
    cv->predicted = (struct view_prediction){ .on = true, .addr = l->loc->addr,
                                              .size = l->loc->size,
                                              .value = value & value_mask(l->loc->size),
                                              .pc = l->pc };
    read_done(cv, VIEWS_PREDICTED(core), VIEWS_PLAIN);
    return VIEWS_PREDICTED(core);
}

bool views_load_waits(const struct views *v, unsigned core, uint64_t addr, unsigned size,
                      uint64_t vaddr)
{
    const struct core_views *cv = &v->core[core];
    const struct view_prediction *p = &cv->predicted;
    if (!p->on)
        return false;
    return views_is_predicted(MAX(vaddr, cv->r_new)) ||
           (addr < p->addr + p->size && p->addr < addr + size);
}

uint64_t views_write_floor(const struct views *v, unsigned core, bool release)
{
    const struct core_views *cv = &v->core[core];
    uint64_t floor = MAX(cv->w_new, cv->ctrl);
    return release ? MAX(floor, MAX(cv->r_old, cv->w_old)) : floor;
}
