/* views.h — which write a load may read, under the models whose loads may
 * read a write older than the newest (memory_model_ops.views: arm, rvwmo).
 *
 * After the view-based semantics of ARMv8 and RISC-V (Pulte,
 * Pichon-Pharabod, Kang, Lee and Hur, "Promising-ARM/RISC-V: a simpler and
 * faster operational concurrency model", PLDI 2019, section 4; proved equal
 * there to the axiomatic ARMv8 and RVWMO models), without its promises:
 *
 * - memory is, per location, its writes in coherence order, each with a
 *   timestamp: its place in the order in which all writes became visible
 *   (0: before the run);
 * - each core has views, timestamps it has seen: per location coh (the
 *   newest write to it the core has read or made), r_old and w_old (the
 *   newest of its reads and of its writes), r_new (what every later load
 *   must see: raised by barriers and acquires), rel (its newest release);
 *   and each register has the view of the loads its value came from
 *   (taint.h), which an address dependency gives the load it addresses;
 * - a load of a location may read its newest write, or an older one if no
 *   write to the location lies between that one and the load's view
 *   (max(address view, r_new, coh)): the paper's read rule.
 *
 * Stores still wait in the store buffers (store-buffer.h), which give what
 * the paper gets from promising writes early among writes: a store's
 * timestamp is taken when it becomes visible, so every order its views ask
 * of it (after its address, data and control dependencies, after the loads
 * before a release) holds by construction.
 *
 * Load buffering (a store visible before an earlier load is satisfied)
 * comes from the reader's side instead of the paper's promises: a plain
 * load may read a value a write still to come will give (a prediction, the
 * scheduler's choice).  Until a write of that value to the location by
 * another core becomes visible, the core's views that depend on the load
 * are VIEWS_PREDICTED(core), above every timestamp; a store whose views
 * are (its address, data or control dependencies, a barrier or release
 * that orders it after the load) may not become visible, a load whose
 * views are, or of the same location (coherence), may not run.  The
 * first such write fulfils the prediction: the views become its timestamp.
 * A run whose prediction no write fulfils is no execution.  This is the
 * paper's certification run backwards: the stores that may become visible
 * early are exactly those whose write rule (vpre < ts) holds of a
 * timestamp taken before the load's, and the fulfilling write is the read
 * the load would make at its place in the order of writes.
 *
 * ARMv7 is not multi-copy atomic (cpu_ops.not_multi_copy_atomic): there a
 * read's value carries not the timestamp of the write it read but what
 * every core sees by then (`everywhere`), which a write after a barrier
 * raises, when it becomes visible, to what its core had read and written
 * before the barrier (cumulativity, ARM ARM A3.8.4); the core's own r_old
 * still takes the write's timestamp, so a barrier orders its loads as
 * before.  One order of all timestamps stays: fewer outcomes than ARMv7
 * allows (after a barrier a core sees every write older than one it has
 * read), never more.
 *
 * A location is one address and size.  Accesses of another size that
 * overlap it, writes atomsim did not see (a system call's, a core's to its
 * own stack) and more writes than it keeps make it say less: such a load
 * reads the newest write, with a view no smaller than that write's.  Every
 * choice here is one the architecture allows; not every one it allows is
 * here.
 */
#ifndef ATOMSIM_VIEWS_H
#define ATOMSIM_VIEWS_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#include "base/limits.h"
#include "event.h"
#include "machine.h"

/* The writes kept of each location (the newest), so the most a load chooses
 * among; and the most locations kept (beyond them, loads read the newest). */
#define VIEWS_HISTORY 8
#define VIEWS_MAX_LOCATIONS (1u << 16)

/* A write kept of a location, and whose it is if atomsim saw it. */
struct view_write {
    uint64_t ts;        /* its timestamp */
    uint64_t value;
    uint32_t step;      /* the step it became visible at */
    uint8_t core;       /* the core that wrote it, or EVENT_UNSEEN_WRITER */
};

struct view_location {
    uint64_t addr;      /* the key */
    unsigned size;
    bool mixed;         /* overlapped by an access of another address or size */
    unsigned count;     /* writes kept, w[0] the oldest */
    struct view_write w[VIEWS_HISTORY];
    uint64_t *coh;      /* per core */
};

/* Where a core's load read an older write than the newest: the load at pc
 * next time reads a write newer than that one, or the newest (views_load). */
#define VIEWS_SPIN_SLOTS 16
struct view_spin {
    uint64_t pc, addr, ts;
};

/* A core's load that read a value a write still to come must give. */
struct view_prediction {
    bool on;
    uint64_t addr, value;
    unsigned size;
    uint64_t pc;
};

struct core_views {
    uint64_t r_old, w_old, r_new, rel;
    /* what the core's later writes must be newer than: raised by barriers
     * that order earlier loads before later stores (vwNew), and by branches
     * on loaded values (vCAP) */
    uint64_t w_new, ctrl;
    /* it has had a barrier: not multi-copy atomic (views.not_mca), its
     * later writes carry its earlier ones and, after one that orders loads
     * before stores, what it had read (w_new: A-cumulativity) */
    bool fenced;
    struct view_prediction predicted;
    struct view_spin spin[VIEWS_SPIN_SLOTS];    /* pc 0: none */
    unsigned spin_next;                         /* the slot a new pc takes */
};

/* The values a location was last written with by each core in a probe run
 * (views_learn): the values, and whose last each is (a mask per value). */
#define VIEWS_LEARNED 4
struct view_learned {
    unsigned size, n;
    uint64_t value[VIEWS_LEARNED], cores[VIEWS_LEARNED];
};

struct views {
    bool on;
    /* The cpu is not multi-copy atomic (ARMv7: cpu_ops.not_multi_copy_atomic):
     * a read's value does not carry the view of the write it read (a write
     * may have reached the reader before others); what every core must see,
     * `everywhere`, grows when a write after a barrier becomes visible,
     * with what the barrier made cumulative. */
    bool not_mca;
    uint64_t everywhere;
    bool learning;              /* a probe run: writes are learned */
    GHashTable *learned;        /* &addr -> struct view_learned, kept across runs */
    const struct machine *m;
    uint64_t now;               /* the newest write's timestamp */
    uint64_t trap_now;          /* now at the last system call (which may write) */
    GHashTable *locations;      /* &addr -> struct view_location */
    GHashTable *granules;       /* 16-byte granule -> the newest timestamp of a write there */
    bool full;                  /* a location was not kept: VIEWS_MAX_LOCATIONS */
    struct core_views core[ATOMSIM_MAX_CORES];
};

/* A load about to run: the writes it may read (views_load). */
struct view_load {
    struct view_location *loc;  /* NULL: only the newest, with view `floor` */
    uint64_t pc;
    uint64_t vpre;              /* its address view joined with r_new */
    uint64_t floor;             /* loc NULL: a view no smaller than the newest write's */
    /* loc: the writes it may read that make a difference, newest first
     * (indices into loc->w): the newest, then of each value the oldest */
    uint8_t pick[VIEWS_HISTORY];
};

/* The view of what depends on core's unfulfilled prediction: above every
 * timestamp. */
#define VIEWS_PREDICTED(core) (UINT64_MAX - ATOMSIM_MAX_CORES + (core))
static inline bool views_is_predicted(uint64_t view)
{
    return view >= VIEWS_PREDICTED(0);
}

/* Views of m's cores, on only if on (else every call does nothing and every
 * load reads the newest write). */
void views_init(struct views *v, const struct machine *m);
void views_reset(struct views *v, bool on);
void views_clear(struct views *v);

/* The write of event e became visible: its new value (the first 8 bytes at
 * its address, size of them; old_value: what they held) by its core; its
 * flags say if it is a release (EVENT_RELEASE), and an atomic whose write
 * is ordered as its read is (EVENT_ONE_ACCESS, EVENT_ACQUIRE).  The cores
 * whose prediction it fulfils are returned (a mask); *ts is its
 * timestamp, which their predicted views now are (views_fulfilled). */
uint64_t views_write(struct views *v, const struct event *e, uint64_t *ts);

/* Core is about to load size bytes at addr, with the instruction at pc,
 * whose newest value is `newest` (what memory holds), with an address that
 * depends on loads of view vaddr: the writes it may read into *l, their
 * number returned (>= 1), newest first.  newest_only: an acquire, exclusive
 * or atomic load, which reads the newest (fewer outcomes than the
 * architecture allows, never more).
 * Every write becomes visible to every core in finite time: a load that
 * read an older write at pc (a spin, say) reads a newer one than that the
 * next time it runs there, so a core cannot spin forever on a stale value
 * (fewer outcomes, never more: the same load may read that write again on
 * the hardware, but only finitely often).
 * Of writes of one value only the oldest is offered (and the newest): a
 * read of it gives the same value with views no larger, and every rule
 * only bounds views from below, so whatever reading a newer one of the
 * value leads to, reading the oldest can lead to as well. */
unsigned views_load(struct views *v, unsigned core, uint64_t pc, uint64_t addr, unsigned size,
                    uint64_t newest, uint64_t vaddr, bool newest_only, struct view_load *l);
/* Of the n writes l may read, how many (the oldest) are followed by a
 * write no newer than every one the core has read or made: reading one
 * shows loads out of order.  Reading any other is what the same load,
 * performed earlier (with the core's loads, fences and buffered stores
 * before it, which no other core sees), would read as the newest: an
 * interleaving the exhaustive search runs anyway. */
unsigned views_telling(const struct views *v, unsigned core, const struct view_load *l,
                       unsigned n);
/* The write `older` places before the newest of l's (older < their number). */
static inline const struct view_write *views_chosen(const struct view_load *l, unsigned older)
{
    return &l->loc->w[l->pick[older]];
}
/* How many writes to the location are newer than that one. */
static inline unsigned views_newer(const struct view_load *l, unsigned older)
{
    return l->loc->count - 1 - l->pick[older];
}
/* How a load orders the accesses after it. */
enum views_acquire {
    VIEWS_UNORDERED,            /* not even by a later load barrier (an atomic
                                   whose read returns nothing) */
    VIEWS_PLAIN,
    VIEWS_ACQUIRE_PC,           /* RCpc (ldapr): after it */
    VIEWS_ACQUIRE,              /* RCsc (ldar, lr.aq): after it, and it after an
                                   earlier release */
};
/* The load reads that write: the core's views follow; the view of the value
 * it read (its registers') returned. */
uint64_t views_read(struct views *v, unsigned core, const struct view_load *l, unsigned older,
                    enum views_acquire acquire);
/* The load reads the core's own store, still in its buffer, whose address
 * and value have views `fwd`: the value's view is fwd (Promising's
 * forwarding: not the store's timestamp, which it takes later, so a
 * control dependency of the store orders nothing after the load), and the
 * core's views follow it as views_read's do. */
uint64_t views_read_own(struct views *v, unsigned core, uint64_t fwd, enum views_acquire acquire);

/* Writes from now on are learned (on), or no longer: what random's loads
 * may read from writes still to come (sched_predicted). */
void views_learn(struct views *v, bool on);
/* The values learned of l's location that cores other than core wrote,
 * but not the newest it holds: into out (at most max), their number
 * returned. */
unsigned views_learned(const struct views *v, unsigned core, const struct view_load *l,
                       uint64_t *out, unsigned max);

/* Can core's plain load at pc read a value a write still to come gives
 * (views_predict)?  Not while an earlier one is unfulfilled, not a
 * location atomsim does not keep. */
bool views_may_predict(const struct views *v, unsigned core, const struct view_load *l);
/* The load l reads `value`, which a later write to its location by another
 * core must give: the view of the value returned (VIEWS_PREDICTED). */
uint64_t views_predict(struct views *v, unsigned core, const struct view_load *l,
                       uint64_t value);
/* Replace core's predicted view in *view by ts, the fulfilling write's. */
static inline void views_fulfilled(uint64_t *view, unsigned core, uint64_t ts)
{
    if (*view == VIEWS_PREDICTED(core))
        *view = ts;
}
/* Must core's load of [addr, addr + size) with address view vaddr wait
 * until its prediction is fulfilled (its view would depend on it, or it
 * reads the predicted location)? */
bool views_load_waits(const struct views *v, unsigned core, uint64_t addr, unsigned size,
                      uint64_t vaddr);
/* What core's write made now (a release: `release`) must be newer than,
 * besides its address and data: Promising's write rule's vwNew, vCAP and,
 * for a release, vrOld and vwOld. */
uint64_t views_write_floor(const struct views *v, unsigned core, bool release);
/* A branch on a value of view `view`, or an access at an address of that
 * view: later writes are newer (vCAP). */
static inline void views_branch(struct views *v, unsigned core, uint64_t view)
{
    v->core[core].ctrl = MAX(v->core[core].ctrl, view);
}

/* An instruction barrier (isb) on core: later loads are ordered after the
 * branches and the addresses before it (Promising's isb: vrNew joins vCAP;
 * a control dependency and isb order a later load, Arm ARM B2.3.6). */
static inline void views_isb(struct views *v, unsigned core)
{
    v->core[core].r_new = MAX(v->core[core].r_new, v->core[core].ctrl);
}

/* A barrier on core: later loads see what earlier loads saw (r_r) and what
 * earlier stores wrote (w_r), and later stores are newer than what earlier
 * loads saw (r_w); Promising's dmb rules (fig. 5: dmb.ld raises vrNew by
 * vrOld, dmb.sy by vrOld and vwOld, both raise vwNew by vrOld). */
void views_fence(struct views *v, unsigned core, bool r_r, bool w_r, bool r_w);
/* Core sees every write so far: a system call (the guest runtime's
 * synchronisation, a thread's start). */
void views_sync(struct views *v, unsigned core);

#endif
