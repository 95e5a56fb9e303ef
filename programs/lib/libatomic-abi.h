/* libatomic-abi.h — the names gcc calls for the C11 and __sync atomics it
 * does not inline (libatomic's interface: __atomic_fetch_add_4,
 * __atomic_compare_exchange_1, __sync_val_compare_and_swap_2...), all
 * built from two primitives a cpu's library defines for an N-byte T:
 *
 *   T c11_rmw_N(volatile void *p, T v, enum c11_op op, int order)
 *       replaces *p by c11_apply(op, old, v) atomically; returns old
 *   bool c11_cas_N(volatile void *p, T *expected, T desired, int success,
 *                  int failure)
 *       C11's compare_exchange_strong: stores desired if *p was *expected,
 *       else writes what it found to *expected
 *
 * order, success and failure are gcc's __ATOMIC_* values.  sparc32 builds
 * the primitives from its lock table (sparc32/lock-table.c), riscv64 its
 * 1- and 2-byte ones from lr/sc on the containing word (c11-atomic.c).
 */
#ifndef ATOMSIM_LIBATOMIC_ABI_H
#define ATOMSIM_LIBATOMIC_ABI_H

#include <stdbool.h>

enum c11_op { C11_ADD, C11_SUB, C11_AND, C11_OR, C11_XOR, C11_NAND, C11_XCHG };

/* What an op stores, from the old value and the operand (the caller
 * truncates to its width). */
static inline unsigned long long c11_apply(enum c11_op op, unsigned long long old,
                                           unsigned long long v)
{
    switch (op) {
    case C11_ADD: return old + v;
    case C11_SUB: return old - v;
    case C11_AND: return old & v;
    case C11_OR: return old | v;
    case C11_XOR: return old ^ v;
    case C11_NAND: return ~(old & v);
    default: return v;  /* C11_XCHG */
    }
}

/* __atomic_fetch_<op>_N, __atomic_<op>_fetch_N and their __sync twins
 * (which are fully ordered). */
#define LIBATOMIC_FETCH_OP(N, T, name, OP)                                      \
    T __atomic_fetch_##name##_##N(volatile void *p, T v, int order);            \
    T __atomic_fetch_##name##_##N(volatile void *p, T v, int order)             \
    {                                                                           \
        return c11_rmw_##N(p, v, OP, order);                                    \
    }                                                                           \
    T __atomic_##name##_fetch_##N(volatile void *p, T v, int order);            \
    T __atomic_##name##_fetch_##N(volatile void *p, T v, int order)             \
    {                                                                           \
        return (T)c11_apply(OP, c11_rmw_##N(p, v, OP, order), v);               \
    }                                                                           \
    T __sync_fetch_and_##name##_##N(volatile void *p, T v);                     \
    T __sync_fetch_and_##name##_##N(volatile void *p, T v)                      \
    {                                                                           \
        return c11_rmw_##N(p, v, OP, __ATOMIC_SEQ_CST);                         \
    }                                                                           \
    T __sync_##name##_and_fetch_##N(volatile void *p, T v);                     \
    T __sync_##name##_and_fetch_##N(volatile void *p, T v)                      \
    {                                                                           \
        return (T)c11_apply(OP, c11_rmw_##N(p, v, OP, __ATOMIC_SEQ_CST), v);    \
    }

#define LIBATOMIC_NAMES(N, T)                                                   \
    LIBATOMIC_FETCH_OP(N, T, add, C11_ADD)                                      \
    LIBATOMIC_FETCH_OP(N, T, sub, C11_SUB)                                      \
    LIBATOMIC_FETCH_OP(N, T, and, C11_AND)                                      \
    LIBATOMIC_FETCH_OP(N, T, or, C11_OR)                                        \
    LIBATOMIC_FETCH_OP(N, T, xor, C11_XOR)                                      \
    LIBATOMIC_FETCH_OP(N, T, nand, C11_NAND)                                    \
    T __atomic_exchange_##N(volatile void *p, T v, int order);                  \
    T __atomic_exchange_##N(volatile void *p, T v, int order)                   \
    {                                                                           \
        return c11_rmw_##N(p, v, C11_XCHG, order);                              \
    }                                                                           \
    /* libatomic's ABI has no `weak` argument, unlike gcc's builtin: the C      \
     * name differs, the symbol is the one gcc calls. */                        \
    bool libatomic_cas_##N(volatile void *p, void *expected, T desired,         \
                           int success, int failure)                            \
        __asm__("__atomic_compare_exchange_" #N);                               \
    bool libatomic_cas_##N(volatile void *p, void *expected, T desired,         \
                           int success, int failure)                            \
    {                                                                           \
        return c11_cas_##N(p, expected, desired, success, failure);             \
    }                                                                           \
    T __sync_val_compare_and_swap_##N(volatile void *p, T old, T new);          \
    T __sync_val_compare_and_swap_##N(volatile void *p, T old, T new)           \
    {                                                                           \
        c11_cas_##N(p, &old, new, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
        return old;                                                             \
    }                                                                           \
    bool __sync_bool_compare_and_swap_##N(volatile void *p, T old, T new);      \
    bool __sync_bool_compare_and_swap_##N(volatile void *p, T old, T new)       \
    {                                                                           \
        return c11_cas_##N(p, &old, new, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);   \
    }                                                                           \
    /* gcc's manual: an acquire barrier only, and a release one. */             \
    T __sync_lock_test_and_set_##N(volatile void *p, T v);                      \
    T __sync_lock_test_and_set_##N(volatile void *p, T v)                       \
    {                                                                           \
        return c11_rmw_##N(p, v, C11_XCHG, __ATOMIC_ACQUIRE);                   \
    }                                                                           \
    void __sync_lock_release_##N(volatile void *p);                             \
    void __sync_lock_release_##N(volatile void *p)                              \
    {                                                                           \
        c11_rmw_##N(p, 0, C11_XCHG, __ATOMIC_RELEASE);                          \
    }

#endif
