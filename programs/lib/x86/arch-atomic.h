/* arch-atomic.h — x86 and x86_64, as arch/x86/include/asm/atomic*.h build
 * them: one LOCK-prefixed instruction for add, sub, inc, dec, and, or, xor;
 * lock xadd for fetch_add; lock cmpxchg, and loops on it for fetch_and,
 * fetch_or and fetch_xor; xchg, which locks by itself; lock bts/btr/btc for
 * the bit operations.  On i386, 64-bit operations are loops on lock
 * cmpxchg8b.  A locked instruction is a full barrier, and x86 keeps loads and
 * stores in order (TSO), so the fences only stop the compiler.
 */
#define LOCK_PREFIX "lock; "
#define barrier() __asm__ volatile("" ::: "memory")

static inline void arch_mb_before_atomic(void) { barrier(); }
static inline void arch_mb_after_atomic(void) { barrier(); }
static inline void arch_acquire_fence(void) { barrier(); }
static inline void arch_release_fence(void) { barrier(); }

/* One locked instruction on memory: suffix l (32 bits) or q (64 bits). */
#define LOCKED_OP(A, T, V, name, insn)                                          \
    static inline void A##name(T i, V *v)                                       \
    {                                                                           \
        __asm__ volatile(LOCK_PREFIX insn " %1, %0" : "+m"(v->counter) : "r"(i) : "memory"); \
    }
#define LOCKED_UNARY(A, V, name, insn)                                          \
    static inline void A##name(V *v)                                            \
    {                                                                           \
        __asm__ volatile(LOCK_PREFIX insn " %0" : "+m"(v->counter) : : "memory"); \
    }
/* fetch_OP as a cmpxchg loop, for the operations x86 has no fetch form of. */
#define CMPXCHG_LOOP(A, T, V, name, op)                                         \
    static inline T A##name##_relaxed(T i, V *v)                                \
    {                                                                           \
        T old = v->counter, found;                                              \
        while ((found = A##cmpxchg_relaxed(v, old, old op i)) != old)           \
            old = found;                                                        \
        return old;                                                             \
    }

/* Both widths where the cpu has the instructions: 32 bits everywhere, 64
 * bits on x86_64. */
#define NATIVE_ATOMICS(A, T, V, s)                                              \
    static inline T A##read(const V *v) { return v->counter; }                  \
    static inline void A##set(V *v, T i) { v->counter = i; }                    \
    LOCKED_OP(A, T, V, add, "add" s)                                            \
    LOCKED_OP(A, T, V, sub, "sub" s)                                            \
    LOCKED_OP(A, T, V, and, "and" s)                                            \
    LOCKED_OP(A, T, V, or, "or" s)                                              \
    LOCKED_OP(A, T, V, xor, "xor" s)                                            \
    LOCKED_UNARY(A, V, inc, "inc" s)                                            \
    LOCKED_UNARY(A, V, dec, "dec" s)                                            \
    static inline T A##fetch_add_relaxed(T i, V *v)                             \
    {                                                                           \
        __asm__ volatile(LOCK_PREFIX "xadd" s " %0, %1" : "+r"(i), "+m"(v->counter) : : "memory"); \
        return i;                                                               \
    }                                                                           \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        __asm__ volatile(LOCK_PREFIX "cmpxchg" s " %2, %1"                      \
                         : "+a"(old), "+m"(v->counter) : "r"(new) : "memory");  \
        return old;                                                             \
    }                                                                           \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        __asm__ volatile("xchg" s " %0, %1" : "+r"(new), "+m"(v->counter) : : "memory"); \
        return new;                                                             \
    }                                                                           \
    CMPXCHG_LOOP(A, T, V, fetch_and, &)                                         \
    CMPXCHG_LOOP(A, T, V, fetch_or, |)                                          \
    CMPXCHG_LOOP(A, T, V, fetch_xor, ^)

NATIVE_ATOMICS(arch_atomic_, int, atomic_t, "l")

#ifdef __x86_64__
NATIVE_ATOMICS(arch_atomic64_, s64, atomic64_t, "q")
#define BITOP_SUFFIX "q"
#else
/* i386: every 64-bit operation is lock cmpxchg8b (edx:eax against memory,
 * ecx:ebx stored), as arch/x86/include/asm/atomic64_32.h does. */
static inline s64 arch_atomic64_cmpxchg_relaxed(atomic64_t *v, s64 old, s64 new)
{
    __asm__ volatile(LOCK_PREFIX "cmpxchg8b %1"
                     : "+A"(old), "+m"(v->counter)
                     : "b"((unsigned int)new), "c"((unsigned int)((unsigned long long)new >> 32))
                     : "memory");
    return old;
}

/* A 64-bit read is a cmpxchg8b that compares with 0 and stores 0: it
 * returns the value atomically and writes back what was there. */
static inline s64 arch_atomic64_read(const atomic64_t *v)
{
    return arch_atomic64_cmpxchg_relaxed((atomic64_t *)v, 0, 0);
}

static inline s64 arch_atomic64_xchg_relaxed(atomic64_t *v, s64 new)
{
    s64 old = v->counter, found;
    while ((found = arch_atomic64_cmpxchg_relaxed(v, old, new)) != old)
        old = found;
    return old;
}

static inline void arch_atomic64_set(atomic64_t *v, s64 i) { arch_atomic64_xchg_relaxed(v, i); }

CMPXCHG_LOOP(arch_atomic64_, s64, atomic64_t, fetch_add, +)
CMPXCHG_LOOP(arch_atomic64_, s64, atomic64_t, fetch_and, &)
CMPXCHG_LOOP(arch_atomic64_, s64, atomic64_t, fetch_or, |)
CMPXCHG_LOOP(arch_atomic64_, s64, atomic64_t, fetch_xor, ^)
static inline void arch_atomic64_add(s64 i, atomic64_t *v) { arch_atomic64_fetch_add_relaxed(i, v); }
static inline void arch_atomic64_sub(s64 i, atomic64_t *v) { arch_atomic64_fetch_add_relaxed(-i, v); }
static inline void arch_atomic64_inc(atomic64_t *v) { arch_atomic64_fetch_add_relaxed(1, v); }
static inline void arch_atomic64_dec(atomic64_t *v) { arch_atomic64_fetch_add_relaxed(-1, v); }
static inline void arch_atomic64_and(s64 i, atomic64_t *v) { arch_atomic64_fetch_and_relaxed(i, v); }
static inline void arch_atomic64_or(s64 i, atomic64_t *v) { arch_atomic64_fetch_or_relaxed(i, v); }
static inline void arch_atomic64_xor(s64 i, atomic64_t *v) { arch_atomic64_fetch_xor_relaxed(i, v); }
#define BITOP_SUFFIX "l"
#endif

/* lock bts/btr/btc address a bit string: the bit number may pass the first
 * word.  The test_and_ forms read the old bit from the carry flag. */
#define BITOP(name, insn)                                                       \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        __asm__ volatile(LOCK_PREFIX insn BITOP_SUFFIX " %1, %0"                \
                         : "+m"(*addr) : "r"((long)nr) : "memory");             \
    }                                                                           \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        bool old;                                                               \
        __asm__ volatile(LOCK_PREFIX insn BITOP_SUFFIX " %2, %0\n\tsetc %1"     \
                         : "+m"(*addr), "=qm"(old) : "r"((long)nr) : "memory", "cc"); \
        return old;                                                             \
    }
BITOP(set, "bts")
BITOP(clear, "btr")
BITOP(change, "btc")

/* A test-and-test-and-set lock on xchg (the kernel's is a queued lock). */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    unsigned int old = 1;
    __asm__ volatile("xchgl %0, %1" : "+r"(old), "+m"(l->lock) : : "memory");
    return old == 0;
}

static inline void arch_spin_lock(spinlock_t *l)
{
    while (!arch_spin_trylock(l))
        while (l->lock)
            __asm__ volatile("pause");
}

static inline void arch_spin_unlock(spinlock_t *l)
{
    barrier();
    l->lock = 0;
}
