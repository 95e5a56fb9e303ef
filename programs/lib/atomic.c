/* atomic.c — the kernel's atomic API (<atomic.h>) over one cpu's primitives.
 *
 * Each cpu's arch-atomic.h (programs/lib/<cpu>/) gives, as static inline
 * functions in that cpu's own style, for atomic_t and atomic64_t alike:
 * read, set, add, sub, inc, dec, and, or, xor (relaxed, no result);
 * fetch_add, fetch_and, fetch_or, fetch_xor, xchg, cmpxchg (relaxed, with a
 * result, A##op##_relaxed); the bit operations and the spinlock; and the
 * fences the cpu needs around a fully ordered operation.  A cpu whose
 * instructions order by themselves (aarch64's acquire and release forms)
 * also gives those six in the other three orderings, A##op##_acquire,
 * A##op##_release and the fully ordered A##op, and its test_and_*_bit
 * fully ordered, and says so by defining ARCH_ATOMIC_ORDERED.  A cpu
 * without it gets them here as the kernel's generated fallbacks build them
 * (scripts/atomic/fallbacks/): _acquire is the relaxed operation then an
 * acquire fence, _release a release fence then the operation, the plain
 * name a full fence on both sides.
 * Everything else is built from those six as the fallbacks do: fetch_sub is
 * fetch_add of -i; *_return comes from fetch_*; andnot is and of ~i;
 * try_cmpxchg from cmpxchg.
 */
#include <atomic.h>
#include "arch-atomic.h"

#ifndef ARCH_ATOMIC_ORDERED
/* The fallbacks of one primitive op with parameters params, called with
 * args: the kernel's arch_atomic_fetch_add_acquire() and the like. */
#define FALLBACKS(A, T, op, params, args)                                       \
    static inline T A##op##_acquire params                                      \
    {                                                                           \
        T r = A##op##_relaxed args;                                             \
        arch_acquire_fence();                                                   \
        return r;                                                               \
    }                                                                           \
    static inline T A##op##_release params                                      \
    {                                                                           \
        arch_release_fence();                                                   \
        return A##op##_relaxed args;                                            \
    }                                                                           \
    static inline T A##op params                                                \
    {                                                                           \
        arch_mb_before_atomic();                                                \
        T r = A##op##_relaxed args;                                             \
        arch_mb_after_atomic();                                                 \
        return r;                                                               \
    }
#define ALL_FALLBACKS(A, T, V)                                                  \
    FALLBACKS(A, T, fetch_add, (T i, V *v), (i, v))                             \
    FALLBACKS(A, T, fetch_and, (T i, V *v), (i, v))                             \
    FALLBACKS(A, T, fetch_or, (T i, V *v), (i, v))                              \
    FALLBACKS(A, T, fetch_xor, (T i, V *v), (i, v))                             \
    FALLBACKS(A, T, xchg, (V *v, T new), (v, new))                              \
    FALLBACKS(A, T, cmpxchg, (V *v, T old, T new), (v, old, new))
ALL_FALLBACKS(arch_atomic_, int, atomic_t)
ALL_FALLBACKS(arch_atomic64_, s64, atomic64_t)
#endif

/* The four orderings of one value-returning operation: the primitive prim
 * (returning T) in the same ordering, called with args, its value r turned
 * into the result by the expression result. */
#define ORDERED(ret, name, params, T, prim, args, result)                       \
    ret name##_relaxed params                                                   \
    {                                                                           \
        T r = prim##_relaxed args;                                              \
        return result;                                                          \
    }                                                                           \
    ret name##_acquire params                                                   \
    {                                                                           \
        T r = prim##_acquire args;                                              \
        return result;                                                          \
    }                                                                           \
    ret name##_release params                                                   \
    {                                                                           \
        T r = prim##_release args;                                              \
        return result;                                                          \
    }                                                                           \
    ret name params                                                             \
    {                                                                           \
        T r = prim args;                                                        \
        return result;                                                          \
    }

/* try_cmpxchg in one ordering sfx, from cmpxchg in it: on failure, *old
 * learns the value found (the kernel's fallback). */
#define TRY_CMPXCHG(p, T, V, A, sfx)                                            \
    bool p##try_cmpxchg##sfx(V *v, T *old, T new)                               \
    {                                                                           \
        T o = *old;                                                             \
        T r = A##cmpxchg##sfx(v, o, new);                                       \
        if (r != o)                                                             \
            *old = r;                                                           \
        return r == o;                                                          \
    }

/* Everything of one width; p is the public prefix, A the arch prefix. */
#define ATOMIC_API(p, T, V, A)                                                  \
    T p##read(const V *v) { return A##read(v); }                                \
    void p##set(V *v, T i) { A##set(v, i); }                                    \
    void p##add(T i, V *v) { A##add(i, v); }                                    \
    void p##sub(T i, V *v) { A##sub(i, v); }                                    \
    void p##inc(V *v) { A##inc(v); }                                            \
    void p##dec(V *v) { A##dec(v); }                                            \
    void p##and(T i, V *v) { A##and(i, v); }                                    \
    void p##andnot(T i, V *v) { A##and(~i, v); }                                \
    void p##or(T i, V *v) { A##or(i, v); }                                      \
    void p##xor(T i, V *v) { A##xor(i, v); }                                    \
    ORDERED(T, p##fetch_add, (T i, V *v), T, A##fetch_add, (i, v), r)          \
    ORDERED(T, p##fetch_sub, (T i, V *v), T, A##fetch_add, (-i, v), r)         \
    ORDERED(T, p##fetch_inc, (V *v), T, A##fetch_add, (1, v), r)               \
    ORDERED(T, p##fetch_dec, (V *v), T, A##fetch_add, (-1, v), r)              \
    ORDERED(T, p##add_return, (T i, V *v), T, A##fetch_add, (i, v), r + i)     \
    ORDERED(T, p##sub_return, (T i, V *v), T, A##fetch_add, (-i, v), r - i)    \
    ORDERED(T, p##inc_return, (V *v), T, A##fetch_add, (1, v), r + 1)          \
    ORDERED(T, p##dec_return, (V *v), T, A##fetch_add, (-1, v), r - 1)         \
    ORDERED(T, p##fetch_and, (T i, V *v), T, A##fetch_and, (i, v), r)          \
    ORDERED(T, p##fetch_andnot, (T i, V *v), T, A##fetch_and, (~i, v), r)      \
    ORDERED(T, p##fetch_or, (T i, V *v), T, A##fetch_or, (i, v), r)            \
    ORDERED(T, p##fetch_xor, (T i, V *v), T, A##fetch_xor, (i, v), r)          \
    ORDERED(T, p##xchg, (V *v, T new), T, A##xchg, (v, new), r)                \
    ORDERED(T, p##cmpxchg, (V *v, T old, T new), T, A##cmpxchg, (v, old, new), r) \
    TRY_CMPXCHG(p, T, V, A, _relaxed)                                           \
    TRY_CMPXCHG(p, T, V, A, _acquire)                                           \
    TRY_CMPXCHG(p, T, V, A, _release)                                           \
    TRY_CMPXCHG(p, T, V, A, )                                                   \
    bool p##sub_and_test(T i, V *v) { return p##sub_return(i, v) == 0; }       \
    bool p##dec_and_test(V *v) { return p##dec_return(v) == 0; }                \
    bool p##inc_and_test(V *v) { return p##inc_return(v) == 0; }                \
    bool p##add_negative(T i, V *v) { return p##add_return(i, v) < 0; }        \
    T p##fetch_add_unless(V *v, T a, T u) { return A##fetch_add_unless(v, a, u); } \
    bool p##add_unless(V *v, T a, T u) { return p##fetch_add_unless(v, a, u) != u; } \
    bool p##inc_not_zero(V *v) { return p##add_unless(v, 1, 0); }

/* fetch_add_unless as the kernel's fallback builds it, for cpus without
 * their own: a try_cmpxchg loop, fully ordered when it adds. */
#define FETCH_ADD_UNLESS_LOOP(p, T, V)                                          \
    static inline T p##fetch_add_unless_loop(V *v, T a, T u)                    \
    {                                                                           \
        T c = p##read(v);   /* whole: a plain 64-bit read may tear */       \
        do {                                                                    \
            if (c == u)                                                         \
                break;                                                          \
        } while (!p##try_cmpxchg(v, &c, c + a));                                \
        return c;                                                               \
    }

#ifndef arch_atomic_fetch_add_unless
FETCH_ADD_UNLESS_LOOP(atomic_, int, atomic_t)
#define arch_atomic_fetch_add_unless atomic_fetch_add_unless_loop
#endif
#ifndef arch_atomic64_fetch_add_unless
FETCH_ADD_UNLESS_LOOP(atomic64_, s64, atomic64_t)
#define arch_atomic64_fetch_add_unless atomic64_fetch_add_unless_loop
#endif

ATOMIC_API(atomic_, int, atomic_t, arch_atomic_)
ATOMIC_API(atomic64_, s64, atomic64_t, arch_atomic64_)

/* Bit operations: set, clear and change order nothing; the test_and_ forms
 * are fully ordered (Documentation/atomic_bitops.txt): a full fence on both
 * sides of the arch's relaxed one, or, where the arch orders its atomics
 * itself (ARCH_ATOMIC_ORDERED), the arch's own, fully ordered already. */
void set_bit(unsigned int nr, volatile unsigned long *addr) { arch_set_bit(nr, addr); }
void clear_bit(unsigned int nr, volatile unsigned long *addr) { arch_clear_bit(nr, addr); }
void change_bit(unsigned int nr, volatile unsigned long *addr) { arch_change_bit(nr, addr); }

#ifdef ARCH_ATOMIC_ORDERED
#define TEST_AND(op)                                                            \
    bool test_and_##op##_bit(unsigned int nr, volatile unsigned long *addr)     \
    {                                                                           \
        return arch_test_and_##op##_bit(nr, addr);                              \
    }
#else
#define TEST_AND(op)                                                            \
    bool test_and_##op##_bit(unsigned int nr, volatile unsigned long *addr)     \
    {                                                                           \
        arch_mb_before_atomic();                                                \
        bool old = arch_test_and_##op##_bit(nr, addr);                          \
        arch_mb_after_atomic();                                                 \
        return old;                                                             \
    }
#endif
TEST_AND(set)
TEST_AND(clear)
TEST_AND(change)

bool test_bit(unsigned int nr, const volatile unsigned long *addr)
{
    return (addr[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG)) & 1;
}

/* xchg() and cmpxchg() on plain objects, fully ordered. */
unsigned int __xchg_u32(volatile void *p, unsigned int new)
{
    return (unsigned int)atomic_xchg((atomic_t *)p, (int)new);
}

unsigned long long __xchg_u64(volatile void *p, unsigned long long new)
{
    return (unsigned long long)atomic64_xchg((atomic64_t *)p, (s64)new);
}

unsigned int __cmpxchg_u32(volatile void *p, unsigned int old, unsigned int new)
{
    return (unsigned int)atomic_cmpxchg((atomic_t *)p, (int)old, (int)new);
}

unsigned long long __cmpxchg_u64(volatile void *p, unsigned long long old,
                                 unsigned long long new)
{
    return (unsigned long long)atomic64_cmpxchg((atomic64_t *)p, (s64)old, (s64)new);
}

void spin_lock_init(spinlock_t *lock) { lock->lock = 0; }
void spin_lock(spinlock_t *lock) { arch_spin_lock(lock); }
bool spin_trylock(spinlock_t *lock) { return arch_spin_trylock(lock); }
void spin_unlock(spinlock_t *lock) { arch_spin_unlock(lock); }
