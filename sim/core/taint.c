/* taint.c — see taint.h. */
#include <string.h>
#include "taint.h"

void taint_reset(struct taint *t)
{
    memset(t, 0, sizeof *t);
}

/* The lowest register of a non-empty mask. */
static unsigned lowest(uint64_t mask)
{
    return (unsigned)__builtin_ctzll(mask);
}

/* Slot s is given to another address: no register depends on it any more. */
static void forget_slot(struct taint *t, unsigned s)
{
    for (uint64_t m = t->live; m != 0; m &= m - 1) {
        unsigned r = lowest(m);
        t->reg[r] &= ~(1ull << s);
        if (t->reg[r] == 0)
            t->live &= ~(1ull << r);
    }
}

uint64_t taint_slot(const struct taint *t, uint64_t addr)
{
    for (uint64_t m = t->slots_used; m != 0; m &= m - 1)
        if (t->slot_addr[lowest(m)] == addr)
            return m & -m;
    return 0;
}

uint64_t taint_load(struct taint *t, uint64_t addr)
{
    uint64_t bit = taint_slot(t, addr);
    if (bit != 0)
        return bit;
    unsigned s = t->next;
    t->next = (s + 1) % TAINT_SLOTS;
    if (t->slots_used & (1ull << s))
        forget_slot(t, s);
    t->slots_used |= 1ull << s;
    t->slot_addr[s] = addr;
    return 1ull << s;
}

void taint_private_access(struct taint *t, const struct insn_info *ii)
{
    uint64_t stack = CPU_REG_BIT(CPU_REG_STACK), saved = taint_of(t, stack);
    uint64_t values = taint_of(t, ii->regs_read);
    uint64_t saved_view = taint_view(t, stack), view = taint_view(t, ii->regs_read);
    bool loads = ii->kind != INSN_STORE, stores = ii->kind != INSN_LOAD;
    taint_assign(t, ii->regs_written, values | (loads ? saved : 0));
    taint_set_view(t, ii->regs_written, MAX(view, loads ? saved_view : 0));
    if (stores) {       /* the stack keeps what it held */
        taint_assign(t, stack, saved | values);
        taint_set_view(t, stack, MAX(saved_view, view));
    }
}
