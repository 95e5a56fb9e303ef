/* arch-atomic.h — ARMv7-A, as arch/arm/include/asm/atomic.h builds it:
 * every operation is ldrex, the operation, strex, and a retry while strex
 * reports failure; ldrexd/strexd on a register pair for 64 bits.  Only the
 * relaxed forms are written; a fully ordered operation has dmb ish before
 * and after (smp_mb()).  read and set are plain accesses for 32 bits; for 64
 * bits, read is ldrexd (one access) and set an ldrexd/strexd loop.
 */
#define barrier() __asm__ volatile("" ::: "memory")
#define dmb() __asm__ volatile("dmb ish" ::: "memory")

static inline void arch_mb_before_atomic(void) { dmb(); }
static inline void arch_mb_after_atomic(void) { dmb(); }
static inline void arch_acquire_fence(void) { dmb(); }
static inline void arch_release_fence(void) { dmb(); }

static inline int arch_atomic_read(const atomic_t *v) { return v->counter; }
static inline void arch_atomic_set(atomic_t *v, int i) { v->counter = i; }

/* 32 bits: result = old op i, in a loop until strex stores. */
#define ATOMIC_OP(op, insn)                                                     \
    static inline void arch_atomic_##op(int i, atomic_t *v)                     \
    {                                                                           \
        int result;                                                             \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldrex	%0, [%2]\n"                               \
                         "	" insn "	%0, %0, %3\n"                              \
                         "	strex	%1, %0, [%2]\n"                             \
                         "	teq	%1, #0\n"                                     \
                         "	bne	1b"                                           \
                         : "=&r"(result), "=&r"(failed)                         \
                         : "r"(&v->counter), "r"(i)                             \
                         : "cc", "memory");                                     \
    }                                                                           \
    static inline int arch_atomic_fetch_##op##_relaxed(int i, atomic_t *v)      \
    {                                                                           \
        int old, result;                                                        \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldrex	%0, [%3]\n"                               \
                         "	" insn "	%1, %0, %4\n"                              \
                         "	strex	%2, %1, [%3]\n"                             \
                         "	teq	%2, #0\n"                                     \
                         "	bne	1b"                                           \
                         : "=&r"(old), "=&r"(result), "=&r"(failed)             \
                         : "r"(&v->counter), "r"(i)                             \
                         : "cc", "memory");                                     \
        return old;                                                             \
    }
ATOMIC_OP(add, "add")
ATOMIC_OP(sub, "sub")
ATOMIC_OP(and, "and")
ATOMIC_OP(or, "orr")
ATOMIC_OP(xor, "eor")
static inline void arch_atomic_inc(atomic_t *v) { arch_atomic_add(1, v); }
static inline void arch_atomic_dec(atomic_t *v) { arch_atomic_sub(1, v); }

/* cmpxchg: strexeq only when ldrex found old; retry only if that strex
 * failed, not when the values differ. */
static inline int arch_atomic_cmpxchg_relaxed(atomic_t *v, int old, int new)
{
    int found;
    unsigned int failed;
    do {
        __asm__ volatile("ldrex	%1, [%2]\n"
                         "	mov	%0, #0\n"
                         "	teq	%1, %3\n"
                         "	strexeq	%0, %4, [%2]"
                         : "=&r"(failed), "=&r"(found)
                         : "r"(&v->counter), "r"(old), "r"(new)
                         : "cc", "memory");
    } while (failed);
    return found;
}

static inline int arch_atomic_xchg_relaxed(atomic_t *v, int new)
{
    int old;
    unsigned int failed;
    __asm__ volatile("1:	ldrex	%0, [%2]\n"
                     "	strex	%1, %3, [%2]\n"
                     "	teq	%1, #0\n"
                     "	bne	1b"
                     : "=&r"(old), "=&r"(failed)
                     : "r"(&v->counter), "r"(new)
                     : "cc", "memory");
    return old;
}

/* 64 bits: %Q and %R name the low and high register of a pair, %H the
 * second register for ldrexd/strexd. */
static inline s64 arch_atomic64_read(const atomic64_t *v)
{
    s64 r;
    __asm__ volatile("ldrexd	%0, %H0, [%1]" : "=&r"(r) : "r"(&v->counter) : "memory");
    return r;
}

#define ATOMIC64_OP(op, lo, hi)                                                 \
    static inline s64 arch_atomic64_fetch_##op##_relaxed(s64 i, atomic64_t *v)  \
    {                                                                           \
        s64 old, result;                                                        \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldrexd	%0, %H0, [%3]\n"                         \
                         "	" lo "	%Q1, %Q0, %Q4\n"                           \
                         "	" hi "	%R1, %R0, %R4\n"                           \
                         "	strexd	%2, %1, %H1, [%3]\n"                        \
                         "	teq	%2, #0\n"                                     \
                         "	bne	1b"                                           \
                         : "=&r"(old), "=&r"(result), "=&r"(failed)             \
                         : "r"(&v->counter), "r"(i)                             \
                         : "cc", "memory");                                     \
        return old;                                                             \
    }                                                                           \
    static inline void arch_atomic64_##op(s64 i, atomic64_t *v)                 \
    {                                                                           \
        arch_atomic64_fetch_##op##_relaxed(i, v);                               \
    }
ATOMIC64_OP(add, "adds", "adc")
ATOMIC64_OP(sub, "subs", "sbc")
ATOMIC64_OP(and, "and", "and")
ATOMIC64_OP(or, "orr", "orr")
ATOMIC64_OP(xor, "eor", "eor")
static inline void arch_atomic64_inc(atomic64_t *v) { arch_atomic64_add(1, v); }
static inline void arch_atomic64_dec(atomic64_t *v) { arch_atomic64_sub(1, v); }

static inline s64 arch_atomic64_cmpxchg_relaxed(atomic64_t *v, s64 old, s64 new)
{
    s64 found;
    unsigned int failed;
    do {
        __asm__ volatile("ldrexd	%1, %H1, [%2]\n"
                         "	mov	%0, #0\n"
                         "	teq	%1, %3\n"
                         "	teqeq	%H1, %H3\n"
                         "	strexdeq	%0, %4, %H4, [%2]"
                         : "=&r"(failed), "=&r"(found)
                         : "r"(&v->counter), "r"(old), "r"(new)
                         : "cc", "memory");
    } while (failed);
    return found;
}

static inline s64 arch_atomic64_xchg_relaxed(atomic64_t *v, s64 new)
{
    s64 old;
    unsigned int failed;
    __asm__ volatile("1:	ldrexd	%0, %H0, [%2]\n"
                     "	strexd	%1, %3, %H3, [%2]\n"
                     "	teq	%1, #0\n"
                     "	bne	1b"
                     : "=&r"(old), "=&r"(failed)
                     : "r"(&v->counter), "r"(new)
                     : "cc", "memory");
    return old;
}

static inline void arch_atomic64_set(atomic64_t *v, s64 i) { arch_atomic64_xchg_relaxed(v, i); }

/* Bit operations: the ldrex/strex loop of fetch_or, fetch_and or fetch_xor
 * on the word that holds the bit (arch/arm/lib/bitops.h). */
#define BITOP(name, fetch, mask_of)                                             \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        atomic_t *word = (atomic_t *)(addr + nr / BITS_PER_LONG);               \
        int mask = (int)(1u << (nr % BITS_PER_LONG));                           \
        return (arch_atomic_##fetch##_relaxed(mask_of(mask), word) & mask) != 0; \
    }                                                                           \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        arch_test_and_##name##_bit(nr, addr);                                   \
    }
#define SAME(m) (m)
#define INVERTED(m) (~(m))
BITOP(set, fetch_or, SAME)
BITOP(clear, fetch_and, INVERTED)
BITOP(change, fetch_xor, SAME)

/* A test-and-set lock on ldrex/strex (the kernel's is a ticket lock):
 * strexeq takes it only if ldrex saw it free; dmb orders the critical
 * section after the take and before the release. */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    unsigned int held, failed;
    do {
        __asm__ volatile("ldrex	%1, [%2]\n"
                         "	mov	%0, #0\n"
                         "	teq	%1, #0\n"
                         "	strexeq	%0, %3, [%2]"
                         : "=&r"(failed), "=&r"(held)
                         : "r"(&l->lock), "r"(1)
                         : "cc", "memory");
    } while (failed);
    if (held)
        return false;
    dmb();
    return true;
}

static inline void arch_spin_lock(spinlock_t *l)
{
    while (!arch_spin_trylock(l))
        while (l->lock)
            ;
}

static inline void arch_spin_unlock(spinlock_t *l)
{
    dmb();
    l->lock = 0;
}
