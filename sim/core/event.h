/* event.h — what the cores do that other cores can see.
 *
 * Every visible operation of a run is one event, numbered by its step: a
 * load or store of shared memory, an atomic instruction, a fence, a trap.
 * Detectors, reports and the trace see a run only as this stream; they never
 * see an ISA.
 */
#ifndef ATOMSIM_EVENT_H
#define ATOMSIM_EVENT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/kinds.h"
#include "finding.h"

enum event_flags {
    EVENT_HAS_SUCCESS = 1 << 0, /* SC, and RMW that compare (CAS) */
    EVENT_SUCCESS = 1 << 1,
    EVENT_SPLIT = 1 << 2,       /* one half of a non-atomic RMW instruction */
    EVENT_STALE = 1 << 3,       /* a split RMW's store after another core wrote
                                   the location in its window */
    EVENT_DIVERGED = 1 << 4,    /* an SC that succeeded only because the monitor
                                   compares values: another core wrote the granule */
    EVENT_PREEMPTED = 1 << 5,   /* the first step after the scheduler switched
                                   away from a core that could have gone on */
    EVENT_DEPENDS = 1 << 6,     /* a STORE or SC whose value depends on the
                                   core's own earlier load of the location
                                   (always for a split RMW's store half) */
    /* Store buffers (--memory tso): a STORE is two events. */
    EVENT_BUFFERED = 1 << 7,    /* the store entered its core's buffer: only
                                   the core sees it */
    EVENT_DRAINED = 1 << 8,     /* the buffered store became visible to every
                                   core (its step is the drain's) */
    EVENT_FORWARDED = 1 << 9,   /* a LOAD that read the core's own buffered
                                   store, not what the others see */
    EVENT_FORCED = 1 << 10,     /* a drain the core's next instruction needed
                                   (a fence, an atomic, a trap, a full
                                   buffer), not one the scheduler chose */
    EVENT_UNSEEN = 1 << 11,     /* a LOAD of what is visible while another
                                   core's newer store to it waits in that
                                   core's buffer */
    EVENT_RELEASE = 1 << 12,    /* a store-release, or a releasing atomic */
    EVENT_ACQUIRE = 1 << 13,    /* a load-acquire, or an acquiring atomic */
    EVENT_ONE_ACCESS = 1 << 14, /* an atomic whose write is ordered as its
                                   read is (memory_model_ops.amo_one_access) */
    EVENT_HELD = 1 << 15,       /* its core could not be switched out before
                                   it (an atomic section, an instruction
                                   that must follow the one before): no other
                                   core could have taken this step */
};

struct event {
    uint64_t step;      /* 1, 2, ...: the order of visible operations */
    uint64_t pc;
    uint64_t addr;      /* 0 for fences, clrex and traps */
    /* The first 8 bytes at addr in the cpu's byte order, before and after
     * the operation (a failed SC or CAS leaves them equal); a TRAP's call
     * number and first argument, or for one that draws a value
     * (__VERIFIER_nondet_*, sim_choose) the value, its argument in size. */
    uint64_t old_value;
    uint64_t new_value;
    uint16_t core;
    uint8_t slot;       /* a drain (EVENT_DRAINED): the store's place in its
                           core's buffer then, 0 the oldest */
    uint8_t kind;       /* enum event_kind */
    uint8_t size;       /* bytes accessed */
    /* A LOAD under a model with views: it read the write `older` places
     * before the newest it could (0: the newest), of 1 + `could_older`
     * (at most 15 each). */
    uint8_t older : 4, could_older : 4;
    uint8_t newer;      /* and the writes newer than the one it read */
    /* of the could_older older ones, how many (the oldest) only a read out
     * of order reaches (views_telling) */
    uint8_t telling;
    /* a plain LOAD that could read a value a write still to come gives
     * (views.h), and one that did */
    bool may_predict : 1, predicted : 1;
    uint16_t flags;     /* enum event_flags */
    /* that write's core (EVENT_UNSEEN_WRITER: one atomsim did not see, or
     * one before the run) and the step it became visible at */
    uint8_t from_core;
    uint32_t from_step;
};

#define EVENT_UNSEEN_WRITER 0xff

struct run_control;

/* Something that consumes events: a trace, a detector, a view.  begin
 * (optional) is called when a run starts, with what the sink may ask of the
 * run (control.h; valid until end); finding (optional) for each finding the
 * run reports, just after the event it is about; end (optional) when the
 * run has ended.  reached (optional) when a core is about to run the
 * instruction at watch (a function's entry, say; the sinks of a run watch
 * one pc at most): true ends the program there, as abort() would. */
struct event_sink {
    void (*event)(void *ctx, const struct event *e);
    void *ctx;
    void (*begin)(void *ctx, const struct run_control *ctl);
    void (*end)(void *ctx);
    void (*finding)(void *ctx, const struct finding *f);
    bool (*reached)(void *ctx, unsigned core, uint64_t pc);
    uint64_t watch;
};

/* The bits of a value of `size` bytes (at most 8 are kept). */
static inline uint64_t value_mask(unsigned size)
{
    return size >= 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
}

/* The event has an address: it is no fence, clrex or trap. */
static inline bool event_has_addr(const struct event *e)
{
    return e->kind != EVENT_FENCE && e->kind != EVENT_CLREX && e->kind != EVENT_TRAP;
}

/* A store-exclusive that did not store, or a compare-and-swap whose
 * compare failed (both say whether they succeeded: EVENT_HAS_SUCCESS). */
static inline bool event_failed(const struct event *e)
{
    return (e->flags & EVENT_HAS_SUCCESS) && !(e->flags & EVENT_SUCCESS);
}

/* An atomic write: an RMW, or a store-exclusive that stored. */
static inline bool event_atomic_write(const struct event *e)
{
    return e->kind == EVENT_RMW || (e->kind == EVENT_SC && (e->flags & EVENT_SUCCESS));
}

/* The event wrote memory the other cores see: a store (a buffered one when
 * it drains), or an atomic write. */
static inline bool event_stored(const struct event *e)
{
    return (e->kind == EVENT_STORE && !(e->flags & EVENT_BUFFERED)) || event_atomic_write(e);
}

/* The event takes a lock: an atomic write that turns a word from 0 to
 * non-zero (ldstub, xchg, cmpxchg, ldrex/strex). */
static inline bool event_takes_lock(const struct event *e)
{
    return event_atomic_write(e) && e->old_value == 0 && e->new_value != 0;
}

/* The event releases a lock its core holds at that word: a plain store of
 * 0. */
static inline bool event_releases_lock(const struct event *e)
{
    return event_stored(e) && e->kind == EVENT_STORE && e->new_value == 0;
}

/* The event finds a lock taken: a read, or an atomic attempt, that saw it
 * non-zero (a spin, or a failed test-and-set). */
static inline bool event_finds_taken(const struct event *e)
{
    return e->kind != EVENT_STORE && e->old_value != 0;
}

#endif
