/* lock-table.c — sparc32's spinlock tables, and the helpers gcc calls for
 * C11 and __sync atomics, which SPARC V8 cannot do in one instruction.
 *
 * __atomic_hash is the kernel's table for atomic_t and the bit operations:
 * ATOMIC_HASH(a) picks a lock by bits 8 and up of the address, masked by
 * __atomic_hash_size, which lives in read-only memory so that atomsim can
 * change it before a run without recompiling.  __atomic64_hash is
 * lib/atomic64.c's table of 16 locks, by cache line.  The compiler's helpers
 * take the same locks as the kernel API.  But gcc calls them only where it
 * cannot do better: it inlines a 4-byte exchange as `swap` and a store as a
 * plain store, which take no lock, so do not mix those with locked
 * operations on one variable (nor would Linux).
 */
#include <atomic.h>
#include "arch-atomic.h"

spinlock_t __atomic_hash[ATOMIC_HASH_MAX];
/* Read-only, so that reading it is private to each core (no events);
 * ATOMIC_HASH_SIZE reads it through a volatile access every time. */
const unsigned int __atomic_hash_size = 4;
spinlock_t __atomic64_hash[ATOMIC64_HASH_SIZE];

#define L1_CACHE_SHIFT 5

spinlock_t *atomic64_lock_addr(const volatile void *v)
{
    unsigned long a = (unsigned long)v >> L1_CACHE_SHIFT;
    a ^= (a >> 8) ^ (a >> 16);
    return &__atomic64_hash[a & (ATOMIC64_HASH_SIZE - 1)];
}

/* gcc's libatomic interface (libatomic-abi.h) for an N-byte T, on the same
 * locks as the kernel API.  The kernel runs SPARC V8 in TSO, where the lock
 * orders everything: ldstub drains the store buffer, loads stay in order.
 * Under PSO stores to different addresses reorder unless an stbar lies
 * between them (V8 manual, Appendix K.2, PSO's StoreStore axiom), so a
 * release, as gcc's -mmemory-model=pso spells it, is stbar before the
 * first store: before the lock's ldstub for a release (or stronger) order,
 * and always before the unlocking store, or the lock could be seen free
 * before the value written under it. */
static inline void stbar(void) { __asm__ volatile("stbar" ::: "memory"); }

static spinlock_t *c11_lock(volatile void *p, unsigned int size, int order)
{
    spinlock_t *l = size == 8 ? atomic64_lock_addr(p) : ATOMIC_HASH(p);
    if (order == __ATOMIC_RELEASE || order == __ATOMIC_ACQ_REL || order == __ATOMIC_SEQ_CST)
        stbar();
    arch_spin_lock(l);
    return l;
}

static void c11_unlock(spinlock_t *l)
{
    stbar();
    arch_spin_unlock(l);
}

#include "../libatomic-abi.h"

#define PRIMITIVES(N, T)                                                            static T c11_rmw_##N(volatile void *p, T v, enum c11_op op, int order)          {                                                                                   volatile T *x = p;                                                              spinlock_t *l = c11_lock(p, N, order);                                          T old = *x;                                                                     *x = (T)c11_apply(op, old, v);                                                  c11_unlock(l);                                                                  return old;                                                                 }                                                                               static bool c11_cas_##N(volatile void *p, T *expected, T desired,                                       int success, int failure)                               {                                                                                   (void)failure;                                                                  volatile T *x = p;                                                              spinlock_t *l = c11_lock(p, N, success);                                        T found = *x;                                                                   if (found == *expected)                                                             *x = desired;                                                               c11_unlock(l);                                                                  if (found == *expected)                                                             return true;                                                                *expected = found;                                                              return false;                                                               }                                                                               T __atomic_load_##N(const volatile void *p, int order);                         T __atomic_load_##N(const volatile void *p, int order)                          {                                                                                   spinlock_t *l = c11_lock((volatile void *)p, N, order);                         T v = *(const volatile T *)p;                                                   c11_unlock(l);                                                                  return v;                                                                   }                                                                               void __atomic_store_##N(volatile void *p, T v, int order);                      void __atomic_store_##N(volatile void *p, T v, int order)                       {                                                                                   c11_rmw_##N(p, v, C11_XCHG, order);                                         }                                                                               LIBATOMIC_NAMES(N, T)

PRIMITIVES(1, unsigned char)
PRIMITIVES(2, unsigned short)
PRIMITIVES(4, unsigned int)
PRIMITIVES(8, unsigned long long)
