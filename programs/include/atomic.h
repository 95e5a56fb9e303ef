/* atomic.h — the Linux kernel's atomic API, for guest programs.
 *
 * The names, argument order (value first, pointer second) and return
 * conventions are the kernel's (Documentation/atomic_t.txt):
 *   atomic_fetch_OP()   returns the value before the operation,
 *   atomic_OP_return()  returns the value after it,
 *   atomic_OP()         returns nothing and orders nothing.
 * Value-returning operations are fully ordered; the _relaxed forms order
 * nothing, _acquire orders the read, _release the write.
 *
 * Each cpu builds them its own way, as Linux does (programs/lib/<cpu>/):
 * sparc32 takes a spinlock from a hashed table with ldstub around a plain
 * read-modify-write; x86 uses one LOCK-prefixed instruction or a cmpxchg
 * loop; arm loops on ldrex/strex; aarch64 uses one LSE instruction (or an
 * ldxr/stxr loop), its acquire and release forms for the orderings.  Every operation is a function, so a
 * trace names it: atomic_fetch_add+0x18.  atomsim-cc links the library.
 */
#ifndef ATOMSIM_ATOMIC_H
#define ATOMSIM_ATOMIC_H

#include <stdbool.h>

typedef long long s64;

typedef struct { volatile int counter; } atomic_t;
typedef struct { volatile s64 counter __attribute__((aligned(8))); } atomic64_t;
#define ATOMIC_INIT(i) { (i) }
#define ATOMIC64_INIT(i) { (i) }

#if defined(__sparc__)
typedef struct { volatile unsigned char lock; } spinlock_t;     /* ldstub's byte */
#else
typedef struct { volatile unsigned int lock; } spinlock_t;
#endif
#define SPINLOCK_INIT { 0 }
#define __SPIN_LOCK_UNLOCKED(name) SPINLOCK_INIT
#define DEFINE_SPINLOCK(name) spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

/* The kernel's ordering variants of one value-returning operation. */
#define ATOMSIM_ORDERED(ret, name, ...)         \
    ret name(__VA_ARGS__);                      \
    ret name##_relaxed(__VA_ARGS__);            \
    ret name##_acquire(__VA_ARGS__);            \
    ret name##_release(__VA_ARGS__)

/* Everything for one width: atomic_ (int) or atomic64_ (s64). */
#define ATOMSIM_ATOMIC_API(p, T, V)                                     \
    T p##read(const V *v);                                              \
    void p##set(V *v, T i);                                             \
    void p##add(T i, V *v);                                             \
    void p##sub(T i, V *v);                                             \
    void p##inc(V *v);                                                  \
    void p##dec(V *v);                                                  \
    void p##and(T i, V *v);                                             \
    void p##andnot(T i, V *v);                                          \
    void p##or(T i, V *v);                                              \
    void p##xor(T i, V *v);                                             \
    ATOMSIM_ORDERED(T, p##add_return, T i, V *v);                       \
    ATOMSIM_ORDERED(T, p##sub_return, T i, V *v);                       \
    ATOMSIM_ORDERED(T, p##inc_return, V *v);                            \
    ATOMSIM_ORDERED(T, p##dec_return, V *v);                            \
    ATOMSIM_ORDERED(T, p##fetch_add, T i, V *v);                        \
    ATOMSIM_ORDERED(T, p##fetch_sub, T i, V *v);                        \
    ATOMSIM_ORDERED(T, p##fetch_inc, V *v);                             \
    ATOMSIM_ORDERED(T, p##fetch_dec, V *v);                             \
    ATOMSIM_ORDERED(T, p##fetch_and, T i, V *v);                        \
    ATOMSIM_ORDERED(T, p##fetch_andnot, T i, V *v);                     \
    ATOMSIM_ORDERED(T, p##fetch_or, T i, V *v);                         \
    ATOMSIM_ORDERED(T, p##fetch_xor, T i, V *v);                        \
    ATOMSIM_ORDERED(T, p##xchg, V *v, T new);                           \
    ATOMSIM_ORDERED(T, p##cmpxchg, V *v, T old, T new);                 \
    /* true if it swapped; otherwise *old is the value found */         \
    ATOMSIM_ORDERED(bool, p##try_cmpxchg, V *v, T *old, T new);         \
    bool p##sub_and_test(T i, V *v);                                    \
    bool p##dec_and_test(V *v);                                         \
    bool p##inc_and_test(V *v);                                         \
    bool p##add_negative(T i, V *v);                                    \
    /* add a unless the value is u; returns the value found */          \
    T p##fetch_add_unless(V *v, T a, T u);                              \
    bool p##add_unless(V *v, T a, T u);                                 \
    bool p##inc_not_zero(V *v)

ATOMSIM_ATOMIC_API(atomic_, int, atomic_t);
ATOMSIM_ATOMIC_API(atomic64_, s64, atomic64_t);

/* Bit operations on arrays of unsigned long (Documentation/atomic_bitops.txt):
 * bit nr is bit nr % BITS_PER_LONG of word nr / BITS_PER_LONG.  The
 * test_and_ forms return the old bit and are fully ordered. */
#define BITS_PER_LONG (8 * (int)sizeof(unsigned long))
#define BITS_TO_LONGS(n) (((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
void set_bit(unsigned int nr, volatile unsigned long *addr);
void clear_bit(unsigned int nr, volatile unsigned long *addr);
void change_bit(unsigned int nr, volatile unsigned long *addr);
bool test_and_set_bit(unsigned int nr, volatile unsigned long *addr);
bool test_and_clear_bit(unsigned int nr, volatile unsigned long *addr);
bool test_and_change_bit(unsigned int nr, volatile unsigned long *addr);
bool test_bit(unsigned int nr, const volatile unsigned long *addr);

/* xchg and cmpxchg on a 4- or 8-byte object (8 bytes: through atomic64),
 * fully ordered.  cmpxchg returns the value it found. */
unsigned int __xchg_u32(volatile void *p, unsigned int new);
unsigned long long __xchg_u64(volatile void *p, unsigned long long new);
unsigned int __cmpxchg_u32(volatile void *p, unsigned int old, unsigned int new);
unsigned long long __cmpxchg_u64(volatile void *p, unsigned long long old,
                                 unsigned long long new);
/* The object's bits, as the integer of its size: a union, so that pointers
 * and integers of every size pass through without a cast (no
 * -Wpointer-to-int-cast).  Objects of 4 or 8 bytes only. */
#define __ATOMSIM_BITS(ptr)                                                     \
    union { __typeof__(*(ptr)) v; unsigned int u32; unsigned long long u64; }
#define xchg(ptr, new) ({                                                       \
    __ATOMSIM_BITS(ptr) __n = { .v = (new) }, __r;                              \
    _Static_assert(sizeof(*(ptr)) == 4 || sizeof(*(ptr)) == 8, "xchg: 4 or 8 bytes"); \
    if (sizeof(*(ptr)) == 8)                                                    \
        __r.u64 = __xchg_u64((ptr), __n.u64);                                   \
    else                                                                        \
        __r.u32 = __xchg_u32((ptr), __n.u32);                                   \
    __r.v; })
#define cmpxchg(ptr, old, new) ({                                               \
    __ATOMSIM_BITS(ptr) __o = { .v = (old) }, __n = { .v = (new) }, __r;        \
    _Static_assert(sizeof(*(ptr)) == 4 || sizeof(*(ptr)) == 8, "cmpxchg: 4 or 8 bytes"); \
    if (sizeof(*(ptr)) == 8)                                                    \
        __r.u64 = __cmpxchg_u64((ptr), __o.u64, __n.u64);                       \
    else                                                                        \
        __r.u32 = __cmpxchg_u32((ptr), __o.u32, __n.u32);                       \
    __r.v; })

/* atomic_long_t: the kernel's (include/linux/atomic/atomic-long.h), an
 * atomic_t where long has 32 bits (sparc32, arm, x86), an atomic64_t where
 * it has 64 (x86_64). */
#if __SIZEOF_LONG__ == 8
typedef atomic64_t atomic_long_t;
#define ATOMIC_LONG_INIT(i) ATOMIC64_INIT(i)
#define __ATOMSIM_LONG(op) atomic64_##op
#else
typedef atomic_t atomic_long_t;
#define ATOMIC_LONG_INIT(i) ATOMIC_INIT(i)
#define __ATOMSIM_LONG(op) atomic_##op
#endif
static inline long atomic_long_read(const atomic_long_t *v) { return __ATOMSIM_LONG(read)(v); }
static inline void atomic_long_set(atomic_long_t *v, long i) { __ATOMSIM_LONG(set)(v, i); }
static inline void atomic_long_add(long i, atomic_long_t *v) { __ATOMSIM_LONG(add)(i, v); }
static inline void atomic_long_sub(long i, atomic_long_t *v) { __ATOMSIM_LONG(sub)(i, v); }
static inline void atomic_long_inc(atomic_long_t *v) { __ATOMSIM_LONG(inc)(v); }
static inline void atomic_long_dec(atomic_long_t *v) { __ATOMSIM_LONG(dec)(v); }
static inline long atomic_long_add_return(long i, atomic_long_t *v)
{
    return __ATOMSIM_LONG(add_return)(i, v);
}
static inline long atomic_long_sub_return(long i, atomic_long_t *v)
{
    return __ATOMSIM_LONG(sub_return)(i, v);
}
static inline long atomic_long_inc_return(atomic_long_t *v)
{
    return __ATOMSIM_LONG(inc_return)(v);
}
static inline long atomic_long_dec_return(atomic_long_t *v)
{
    return __ATOMSIM_LONG(dec_return)(v);
}
static inline long atomic_long_fetch_add(long i, atomic_long_t *v)
{
    return __ATOMSIM_LONG(fetch_add)(i, v);
}
static inline long atomic_long_fetch_sub(long i, atomic_long_t *v)
{
    return __ATOMSIM_LONG(fetch_sub)(i, v);
}
static inline long atomic_long_xchg(atomic_long_t *v, long new)
{
    return __ATOMSIM_LONG(xchg)(v, new);
}
static inline long atomic_long_cmpxchg(atomic_long_t *v, long old, long new)
{
    return __ATOMSIM_LONG(cmpxchg)(v, old, new);
}
/* true if it swapped; otherwise *old is the value found */
static inline bool atomic_long_try_cmpxchg(atomic_long_t *v, long *old, long new)
{
    long found = atomic_long_cmpxchg(v, *old, new);
    bool swapped = found == *old;
    *old = found;
    return swapped;
}
static inline bool atomic_long_dec_and_test(atomic_long_t *v)
{
    return __ATOMSIM_LONG(dec_and_test)(v);
}
static inline bool atomic_long_add_unless(atomic_long_t *v, long a, long u)
{
    return __ATOMSIM_LONG(add_unless)(v, a, u);
}
static inline bool atomic_long_inc_not_zero(atomic_long_t *v)
{
    return __ATOMSIM_LONG(inc_not_zero)(v);
}

/* The kernel's memory barriers (Documentation/memory-barriers.txt), as each
 * cpu defines them (arch/<cpu>/include/asm/barrier.h, else
 * include/asm-generic/barrier.h).  barrier() only keeps the compiler from
 * moving accesses across it; READ_ONCE and WRITE_ONCE make one access of
 * exactly the variable.
 *   x86:     smp_mb() is a locked add to the stack (the kernel prefers it to
 *            mfence); smp_rmb() and smp_wmb() order nothing more than TSO
 *            does; the atomics are full barriers already.
 *   arm:     smp_mb(), smp_rmb() are dmb ish, smp_wmb() dmb ishst; release
 *            and acquire are a full barrier before the store and after the
 *            load, and so are smp_mb__before_atomic/after_atomic.
 *   aarch64: smp_mb() is dmb ish, smp_rmb() dmb ishld, smp_wmb() dmb ishst;
 *            smp_store_release() is stlr and smp_load_acquire() ldar
 *            (arch/arm64/include/asm/barrier.h; GCC's release store and
 *            acquire load are exactly those at -march=armv8.1-a), no
 *            barrier; smp_mb__before_atomic/after_atomic are dmb ish.
 *   riscv64: smp_mb() is fence rw,rw, smp_rmb() fence r,r, smp_wmb()
 *            fence w,w; smp_store_release() is fence rw,w then the store,
 *            smp_load_acquire() the load then fence r,rw (RISCV_RELEASE_ and
 *            RISCV_ACQUIRE_BARRIER); smp_mb__before/after_atomic fence rw,rw.
 *   sparc32: every smp_ barrier is barrier() alone: the kernel runs sparc32
 *            in TSO and leaves store->load order to its locks, so under
 *            atomsim's tso smp_mb() does not stop store buffering
 *            (tests/litmus/shape-sb-mb.c shows it).
 */
#ifndef barrier
#define barrier() __asm__ volatile("" ::: "memory")
#endif
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#if defined(__x86_64__)
#define smp_mb() __asm__ volatile("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#elif defined(__i386__)
#define smp_mb() __asm__ volatile("lock; addl $0,-4(%%esp)" ::: "memory", "cc")
#elif defined(__arm__) || defined(__aarch64__)
#define smp_mb() __asm__ volatile("dmb ish" ::: "memory")
#elif defined(__riscv)
#define smp_mb() __asm__ volatile("fence rw,rw" ::: "memory")
#else
#define smp_mb() barrier()
#endif
#if defined(__aarch64__)
#define smp_rmb() __asm__ volatile("dmb ishld" ::: "memory")
#define smp_wmb() __asm__ volatile("dmb ishst" ::: "memory")
#define smp_mb__before_atomic() smp_mb()
#define smp_mb__after_atomic() smp_mb()
#define smp_store_release(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define smp_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#elif defined(__arm__)
#define smp_rmb() smp_mb()
#define smp_wmb() __asm__ volatile("dmb ishst" ::: "memory")
#define smp_mb__before_atomic() smp_mb()
#define smp_mb__after_atomic() smp_mb()
#define smp_store_release(p, v) do { smp_mb(); WRITE_ONCE(*(p), (v)); } while (0)
#define smp_load_acquire(p)                                                     \
    ({ __typeof__(*(p)) ___v = READ_ONCE(*(p)); smp_mb(); ___v; })
#elif defined(__riscv)
/* arch/riscv/include/asm/barrier.h */
#define smp_rmb() __asm__ volatile("fence r,r" ::: "memory")
#define smp_wmb() __asm__ volatile("fence w,w" ::: "memory")
#define smp_mb__before_atomic() smp_mb()
#define smp_mb__after_atomic() smp_mb()
#define smp_store_release(p, v)                                                 \
    do { __asm__ volatile("fence rw,w" ::: "memory"); WRITE_ONCE(*(p), (v)); } while (0)
#define smp_load_acquire(p)                                                     \
    ({ __typeof__(*(p)) ___v = READ_ONCE(*(p));                                 \
       __asm__ volatile("fence r,rw" ::: "memory"); ___v; })
#else
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#define smp_mb__before_atomic() barrier()
#define smp_mb__after_atomic() barrier()
#define smp_store_release(p, v) do { barrier(); WRITE_ONCE(*(p), (v)); } while (0)
#define smp_load_acquire(p)                                                     \
    ({ __typeof__(*(p)) ___v = READ_ONCE(*(p)); barrier(); ___v; })
#endif

/* Spinlocks: the cpu's test-and-set lock. */
void spin_lock_init(spinlock_t *lock);
void spin_lock(spinlock_t *lock);
bool spin_trylock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);

#if defined(__sparc__)
/* sparc32's lock table: the lock that guards the atomic_t at address a is
 * __atomic_hash[(a >> 8) & (__atomic_hash_size - 1)].  The size (a power
 * of two, at most ATOMIC_HASH_MAX) is read from the guest's read-only memory
 * at every operation (ATOMIC_HASH_SIZE), so atomsim can change it without
 * recompiling. */
#define ATOMIC_HASH_MAX 64
extern spinlock_t __atomic_hash[ATOMIC_HASH_MAX];
extern const unsigned int __atomic_hash_size;
#define ATOMIC_HASH_SIZE (*(const volatile unsigned int *)&__atomic_hash_size)
#define ATOMIC_HASH(a) \
    (&__atomic_hash[((unsigned long)(a) >> 8) & (ATOMIC_HASH_SIZE - 1)])
/* lib/atomic64.c's table for atomic64_t: 16 locks by cache line. */
#define ATOMIC64_HASH_SIZE 16
extern spinlock_t __atomic64_hash[ATOMIC64_HASH_SIZE];
spinlock_t *atomic64_lock_addr(const volatile void *v);
#endif

#endif
