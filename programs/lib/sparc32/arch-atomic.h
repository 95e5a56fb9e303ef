/* arch-atomic.h — sparc32, as arch/sparc/lib/atomic32.c builds it: SPARC V8
 * has no atomic read-modify-write but ldstub and swap, so every operation
 * takes the spinlock its address hashes to in a small table, does a plain
 * read-modify-write, and releases it.  atomic_read is a plain load, but
 * atomic_set takes the lock: a plain store could land between a locked
 * read and write and be lost (Documentation/atomic_t.txt).  64-bit
 * operations take a lock from a second table, as lib/atomic64.c does, even
 * to read.  The lock and the fences need nothing more: V8 is TSO.
 */
#define barrier() __asm__ volatile("" ::: "memory")

static inline void arch_mb_before_atomic(void) { barrier(); }
static inline void arch_mb_after_atomic(void) { barrier(); }
static inline void arch_acquire_fence(void) { barrier(); }
static inline void arch_release_fence(void) { barrier(); }

/* ldstub: load the byte and store 0xff, atomically (V8 manual B.23). */
static inline unsigned char ldstub(volatile unsigned char *p)
{
    unsigned char old;
    __asm__ volatile("ldstub [%1], %0" : "=r"(old) : "r"(p) : "memory");
    return old;
}

/* The kernel's test-and-test-and-set lock: ldstub; while it was taken, spin
 * on plain loads until it looks free, then ldstub again.  Unlock is a byte
 * store of zero (%g0). */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    return ldstub(&l->lock) == 0;
}

static inline void arch_spin_lock(spinlock_t *l)
{
    while (ldstub(&l->lock) != 0)
        while (l->lock != 0)
            ;
}

static inline void arch_spin_unlock(spinlock_t *l)
{
    __asm__ volatile("stb %%g0, [%0]" : : "r"(&l->lock) : "memory");
}

/* Does body with the spinlock at lock held. */
#define LOCKED(lock, body)                                                      \
    do {                                                                        \
        spinlock_t *l_ = (lock);                                                \
        arch_spin_lock(l_);                                                     \
        body;                                                                   \
        arch_spin_unlock(l_);                                                   \
    } while (0)

/* fetch_op: a plain read-modify-write under the lock of v's bucket. */
#define LOCKED_FETCH_OP(A, T, V, H, op, c_op)                                   \
    static inline T A##fetch_##op##_relaxed(T i, V *v)                          \
    {                                                                           \
        T old;                                                                  \
        LOCKED(H(v), { old = v->counter; v->counter = old c_op i; });           \
        return old;                                                             \
    }

/* Both widths: A is the arch prefix, H finds the lock. */
#define HASHED_ATOMICS(A, T, V, H)                                              \
    LOCKED_FETCH_OP(A, T, V, H, add, +)                                         \
    LOCKED_FETCH_OP(A, T, V, H, and, &)                                         \
    LOCKED_FETCH_OP(A, T, V, H, or, |)                                          \
    LOCKED_FETCH_OP(A, T, V, H, xor, ^)                                         \
    static inline void A##add(T i, V *v) { A##fetch_add_relaxed(i, v); }        \
    static inline void A##sub(T i, V *v) { A##fetch_add_relaxed(-i, v); }       \
    static inline void A##inc(V *v) { A##fetch_add_relaxed(1, v); }             \
    static inline void A##dec(V *v) { A##fetch_add_relaxed(-1, v); }            \
    static inline void A##and(T i, V *v) { A##fetch_and_relaxed(i, v); }        \
    static inline void A##or(T i, V *v) { A##fetch_or_relaxed(i, v); }          \
    static inline void A##xor(T i, V *v) { A##fetch_xor_relaxed(i, v); }        \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        T old;                                                                  \
        LOCKED(H(v), { old = v->counter; v->counter = new; });                  \
        return old;                                                             \
    }                                                                           \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        T found;                                                                \
        LOCKED(H(v), {                                                          \
            found = v->counter;                                                 \
            if (found == old)                                                   \
                v->counter = new;                                               \
        });                                                                     \
        return found;                                                           \
    }                                                                           \
    static inline T A##fetch_add_unless(V *v, T a, T u)                         \
    {                                                                           \
        T found;                                                                \
        LOCKED(H(v), {                                                          \
            found = v->counter;                                                 \
            if (found != u)                                                     \
                v->counter = found + a;                                         \
        });                                                                     \
        return found;                                                           \
    }                                                                           \
    static inline void A##set(V *v, T i) { LOCKED(H(v), v->counter = i); }

HASHED_ATOMICS(arch_atomic_, int, atomic_t, ATOMIC_HASH)
#define arch_atomic_fetch_add_unless arch_atomic_fetch_add_unless
static inline int arch_atomic_read(const atomic_t *v) { return v->counter; }

HASHED_ATOMICS(arch_atomic64_, s64, atomic64_t, atomic64_lock_addr)
#define arch_atomic64_fetch_add_unless arch_atomic64_fetch_add_unless
static inline s64 arch_atomic64_read(const atomic64_t *v)
{
    s64 r;
    LOCKED(atomic64_lock_addr(v), r = v->counter);
    return r;
}

/* Bit operations lock the bucket of the word that holds the bit and return
 * the old bit (arch/sparc/lib/atomic32.c: ___set_bit and friends); new is
 * the word's new value, from old and mask. */
#define BITOP(name, new)                                                        \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        volatile unsigned long *word = addr + nr / BITS_PER_LONG;               \
        unsigned long mask = 1ul << (nr % BITS_PER_LONG), old;                  \
        LOCKED(ATOMIC_HASH(word), { old = *word; *word = new; });               \
        return (old & mask) != 0;                                               \
    }                                                                           \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        arch_test_and_##name##_bit(nr, addr);                                   \
    }
BITOP(set, old | mask)
BITOP(clear, old & ~mask)
BITOP(change, old ^ mask)
