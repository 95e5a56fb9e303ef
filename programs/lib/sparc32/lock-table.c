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

/* gcc's libatomic interface for an N-byte object of type T.  Memory-order
 * arguments are ignored: under the lock every order is sequential. */
static spinlock_t *lock_for(volatile void *p, unsigned int size)
{
    return size == 8 ? atomic64_lock_addr(p) : ATOMIC_HASH(p);
}

#define FETCH_OP(N, T, name, expr)                                              \
    T __atomic_fetch_##name##_##N(volatile void *p, T v, int order);            \
    T __atomic_fetch_##name##_##N(volatile void *p, T v, int order)             \
    {                                                                           \
        (void)order;                                                            \
        volatile T *x = p;                                                      \
        T old;                                                                  \
        LOCKED(lock_for(p, N), { old = *x; *x = (expr); });                     \
        return old;                                                             \
    }                                                                           \
    T __atomic_##name##_fetch_##N(volatile void *p, T v, int order);            \
    T __atomic_##name##_fetch_##N(volatile void *p, T v, int order)             \
    {                                                                           \
        T old = __atomic_fetch_##name##_##N(p, v, order);                       \
        return (expr);                                                          \
    }                                                                           \
    T __sync_fetch_and_##name##_##N(volatile void *p, T v);                     \
    T __sync_fetch_and_##name##_##N(volatile void *p, T v)                      \
    {                                                                           \
        return __atomic_fetch_##name##_##N(p, v, __ATOMIC_SEQ_CST);             \
    }                                                                           \
    T __sync_##name##_and_fetch_##N(volatile void *p, T v);                     \
    T __sync_##name##_and_fetch_##N(volatile void *p, T v)                      \
    {                                                                           \
        return __atomic_##name##_fetch_##N(p, v, __ATOMIC_SEQ_CST);             \
    }

#define HELPERS(N, T)                                                           \
    FETCH_OP(N, T, add, old + v)                                                \
    FETCH_OP(N, T, sub, old - v)                                                \
    FETCH_OP(N, T, and, old & v)                                                \
    FETCH_OP(N, T, or, old | v)                                                 \
    FETCH_OP(N, T, xor, old ^ v)                                                \
    FETCH_OP(N, T, nand, ~(old & v))                                            \
    T __atomic_load_##N(const volatile void *p, int order);                     \
    T __atomic_load_##N(const volatile void *p, int order)                      \
    {                                                                           \
        (void)order;                                                            \
        T v;                                                                    \
        LOCKED(lock_for((volatile void *)p, N), v = *(const volatile T *)p);    \
        return v;                                                               \
    }                                                                           \
    void __atomic_store_##N(volatile void *p, T v, int order);                  \
    void __atomic_store_##N(volatile void *p, T v, int order)                   \
    {                                                                           \
        (void)order;                                                            \
        LOCKED(lock_for(p, N), *(volatile T *)p = v);                           \
    }                                                                           \
    T __atomic_exchange_##N(volatile void *p, T v, int order);                  \
    T __atomic_exchange_##N(volatile void *p, T v, int order)                   \
    {                                                                           \
        (void)order;                                                            \
        volatile T *x = p;                                                      \
        T old;                                                                  \
        LOCKED(lock_for(p, N), { old = *x; *x = v; });                          \
        return old;                                                             \
    }                                                                           \
    /* libatomic's ABI has no `weak` argument, unlike gcc's builtin: the C      \
     * name differs, the symbol is the one gcc calls. */                        \
    bool compare_exchange_##N(volatile void *p, void *expected, T new,          \
                              int success, int failure)                         \
        __asm__("__atomic_compare_exchange_" #N);                               \
    bool compare_exchange_##N(volatile void *p, void *expected, T new,          \
                              int success, int failure)                         \
    {                                                                           \
        (void)success;                                                          \
        (void)failure;                                                          \
        volatile T *x = p;                                                      \
        T *want = expected, found;                                              \
        LOCKED(lock_for(p, N), {                                                \
            found = *x;                                                         \
            if (found == *want)                                                 \
                *x = new;                                                       \
        });                                                                     \
        if (found == *want)                                                     \
            return true;                                                        \
        *want = found;                                                          \
        return false;                                                           \
    }                                                                           \
    T __sync_val_compare_and_swap_##N(volatile void *p, T old, T new);          \
    T __sync_val_compare_and_swap_##N(volatile void *p, T old, T new)           \
    {                                                                           \
        T want = old;                                                           \
        compare_exchange_##N(p, &want, new, 0, 0);                              \
        return want;                                                            \
    }                                                                           \
    bool __sync_bool_compare_and_swap_##N(volatile void *p, T old, T new);      \
    bool __sync_bool_compare_and_swap_##N(volatile void *p, T old, T new)       \
    {                                                                           \
        return compare_exchange_##N(p, &old, new, 0, 0);                        \
    }                                                                           \
    T __sync_lock_test_and_set_##N(volatile void *p, T v);                      \
    T __sync_lock_test_and_set_##N(volatile void *p, T v)                       \
    {                                                                           \
        return __atomic_exchange_##N(p, v, __ATOMIC_ACQUIRE);                   \
    }                                                                           \
    void __sync_lock_release_##N(volatile void *p);                             \
    void __sync_lock_release_##N(volatile void *p)                              \
    {                                                                           \
        __atomic_store_##N(p, 0, __ATOMIC_RELEASE);                             \
    }

HELPERS(1, unsigned char)
HELPERS(2, unsigned short)
HELPERS(4, unsigned int)
HELPERS(8, unsigned long long)
