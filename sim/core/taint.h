/* taint.h — which of a core's loads each of its registers' values depends on.
 *
 * The run loop follows every instruction's register sets (struct insn_info,
 * cpu.h): a load of shared memory makes what it writes depend on that load,
 * any other instruction makes what it writes depend on what it reads.  A
 * store's value depends on the core's load of the same location when the
 * registers it stores do; the lost-update detector judges only such stores.
 * Loads are named by slots, one per address, reused oldest first: a
 * register's mask says which slots.  Control dependencies are not followed:
 * a value chosen by a branch on a loaded value does not depend on it.
 * Values saved to the core's private memory (its stack) and loaded back keep
 * their dependencies through CPU_REG_STACK, one register for all of that
 * memory: once a value that depends on a load is saved, everything loaded
 * from private memory depends on it, until the run ends.
 *
 * Under a model whose loads may read older writes (views.h) each register
 * also has a view: the newest timestamp among the writes its value came
 * from, which a load it addresses must not read older than.  Views follow
 * the same register sets, and are never forgotten with a slot.
 */
#ifndef ATOMSIM_TAINT_H
#define ATOMSIM_TAINT_H

#include <stdbool.h>
#include <stdint.h>
#include "cpus/cpu.h"

#define TAINT_SLOTS 64

struct taint {
    uint64_t live;                      /* registers whose reg[] holds a mask */
    uint64_t reg[64];                   /* per register: slots it depends on */
    uint64_t slot_addr[TAINT_SLOTS];    /* the address each slot's loads read */
    uint64_t slots_used;
    unsigned next;                      /* the slot taken next */
    uint64_t viewed;                    /* registers whose view[] is not 0 */
    uint64_t view[64];                  /* per register: its value's view */
};

/* No register depends on any load. */
void taint_reset(struct taint *t);

/* The slot of addr's loads as a mask, taken now if addr has none. */
uint64_t taint_load(struct taint *t, uint64_t addr);

/* The slot of addr's loads as a mask, or 0 if it has none. */
uint64_t taint_slot(const struct taint *t, uint64_t addr);

/* The loads that the values of regs (a mask of registers) depend on. */
static inline uint64_t taint_of(const struct taint *t, uint64_t regs)
{
    uint64_t loads = 0;
    for (uint64_t m = t->live & regs; m != 0; m &= m - 1)
        loads |= t->reg[__builtin_ctzll(m)];
    return loads;
}

/* The registers regs now depend on exactly the loads `loads`. */
static inline void taint_assign(struct taint *t, uint64_t regs, uint64_t loads)
{
    if (loads == 0) {
        t->live &= ~regs;
        return;
    }
    for (uint64_t m = regs; m != 0; m &= m - 1)
        t->reg[__builtin_ctzll(m)] = loads;
    t->live |= regs;
}

/* The newest view among the values of regs. */
static inline uint64_t taint_view(const struct taint *t, uint64_t regs)
{
    uint64_t view = 0;
    for (uint64_t m = t->viewed & regs; m != 0; m &= m - 1)
        view = MAX(view, t->view[__builtin_ctzll(m)]);
    return view;
}

/* The values of regs now have view `view`. */
static inline void taint_set_view(struct taint *t, uint64_t regs, uint64_t view)
{
    if (view == 0) {
        t->viewed &= ~regs;
        return;
    }
    for (uint64_t m = regs; m != 0; m &= m - 1)
        t->view[__builtin_ctzll(m)] = view;
    t->viewed |= regs;
}

/* ii runs: what it writes now depends on what it reads, and on loaded (of
 * view `view`: 0 under a model without views).  Inline: the code hook calls
 * it for every instruction that touches a register depending on a load. */
static inline void taint_propagate(struct taint *t, const struct insn_info *ii,
                                   uint64_t loaded, uint64_t view)
{
    uint64_t joined = MAX(taint_view(t, ii->regs_read), view);
    taint_assign(t, ii->regs_written, taint_of(t, ii->regs_read) | loaded);
    taint_set_view(t, ii->regs_written, joined);
}

/* The registers whose view is `from` now have view `to`. */
static inline void taint_fulfilled(struct taint *t, uint64_t from, uint64_t to)
{
    for (uint64_t m = t->viewed; m != 0; m &= m - 1)
        if (t->view[__builtin_ctzll(m)] == from)
            t->view[__builtin_ctzll(m)] = to;
}

/* ii, a plain access, runs on the core's private memory (which the cpu
 * could not tell from its registers): it loads from or stores to
 * CPU_REG_STACK, the registers saved there. */
void taint_private_access(struct taint *t, const struct insn_info *ii);

/* ii neither reads nor writes a register that depends on a load: running
 * it changes nothing here (the fast path). */
static inline bool taint_untouched(const struct taint *t, const struct insn_info *ii)
{
    return ((t->live | t->viewed) & (ii->regs_read | ii->regs_written)) == 0;
}

/* The values of regs depend on a load of addr. */
static inline bool taint_depends(const struct taint *t, uint64_t regs, uint64_t addr)
{
    return (taint_of(t, regs) & taint_slot(t, addr)) != 0;
}

#endif
