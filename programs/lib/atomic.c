/* atomic.c — the kernel's atomic API (<atomic.h>) over one cpu's primitives.
 *
 * Each cpu's arch-atomic.h (programs/lib/<cpu>/) gives, as static inline
 * functions in that cpu's own style, for atomic_t and atomic64_t alike:
 * read, set, add, sub, inc, dec, and, or, xor (relaxed, no result);
 * fetch_add, fetch_and, fetch_or, fetch_xor, xchg, cmpxchg (relaxed, with a
 * result); the bit operations and the spinlock; and the fences the cpu needs
 * around a fully ordered operation.  Everything else is built here the way
 * the kernel's generated fallbacks build it (scripts/atomic/): _acquire is
 * the relaxed operation then an acquire fence, _release a release fence then
 * the operation, the plain name a full fence on both sides; fetch_sub is
 * fetch_add of -i; *_return comes from fetch_*; andnot is and of ~i.
 */
#include <atomic.h>
#include "arch-atomic.h"

/* The four orderings of one value-returning operation, from an expression
 * that computes its relaxed result from the parameters. */
#define ORDERED(ret, name, params, relaxed)                                     \
    ret name##_relaxed params { return relaxed; }                               \
    ret name##_acquire params                                                   \
    {                                                                           \
        ret r = relaxed;                                                        \
        arch_acquire_fence();                                                   \
        return r;                                                               \
    }                                                                           \
    ret name##_release params                                                   \
    {                                                                           \
        arch_release_fence();                                                   \
        return relaxed;                                                         \
    }                                                                           \
    ret name params                                                             \
    {                                                                           \
        arch_mb_before_atomic();                                                \
        ret r = relaxed;                                                        \
        arch_mb_after_atomic();                                                 \
        return r;                                                               \
    }

/* try_cmpxchg from cmpxchg: on failure, *old learns the value found. */
#define TRY_CMPXCHG(p, T, V, A)                                                 \
    static inline bool p##try_cmpxchg_once(V *v, T *old, T new)                 \
    {                                                                           \
        T found = A##cmpxchg_relaxed(v, *old, new);                             \
        if (found == *old)                                                      \
            return true;                                                        \
        *old = found;                                                           \
        return false;                                                           \
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
    ORDERED(T, p##fetch_add, (T i, V *v), A##fetch_add_relaxed(i, v))           \
    ORDERED(T, p##fetch_sub, (T i, V *v), A##fetch_add_relaxed(-i, v))          \
    ORDERED(T, p##fetch_inc, (V *v), A##fetch_add_relaxed(1, v))                \
    ORDERED(T, p##fetch_dec, (V *v), A##fetch_add_relaxed(-1, v))               \
    ORDERED(T, p##add_return, (T i, V *v), A##fetch_add_relaxed(i, v) + i)      \
    ORDERED(T, p##sub_return, (T i, V *v), A##fetch_add_relaxed(-i, v) - i)     \
    ORDERED(T, p##inc_return, (V *v), A##fetch_add_relaxed(1, v) + 1)           \
    ORDERED(T, p##dec_return, (V *v), A##fetch_add_relaxed(-1, v) - 1)          \
    ORDERED(T, p##fetch_and, (T i, V *v), A##fetch_and_relaxed(i, v))           \
    ORDERED(T, p##fetch_andnot, (T i, V *v), A##fetch_and_relaxed(~i, v))       \
    ORDERED(T, p##fetch_or, (T i, V *v), A##fetch_or_relaxed(i, v))             \
    ORDERED(T, p##fetch_xor, (T i, V *v), A##fetch_xor_relaxed(i, v))           \
    ORDERED(T, p##xchg, (V *v, T new), A##xchg_relaxed(v, new))                 \
    ORDERED(T, p##cmpxchg, (V *v, T old, T new), A##cmpxchg_relaxed(v, old, new)) \
    TRY_CMPXCHG(p, T, V, A)                                                     \
    ORDERED(bool, p##try_cmpxchg, (V *v, T *old, T new), p##try_cmpxchg_once(v, old, new)) \
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
 * are fully ordered (Documentation/atomic_bitops.txt). */
void set_bit(unsigned int nr, volatile unsigned long *addr) { arch_set_bit(nr, addr); }
void clear_bit(unsigned int nr, volatile unsigned long *addr) { arch_clear_bit(nr, addr); }
void change_bit(unsigned int nr, volatile unsigned long *addr) { arch_change_bit(nr, addr); }

#define TEST_AND(op)                                                            \
    bool test_and_##op##_bit(unsigned int nr, volatile unsigned long *addr)     \
    {                                                                           \
        arch_mb_before_atomic();                                                \
        bool old = arch_test_and_##op##_bit(nr, addr);                          \
        arch_mb_after_atomic();                                                 \
        return old;                                                             \
    }
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
