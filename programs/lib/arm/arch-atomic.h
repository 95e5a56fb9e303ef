/* arch-atomic.h — ARMv7-A, as arch/arm/include/asm/atomic.h builds it:
 * every operation is ldrex, the operation, strex, and a retry while strex
 * reports failure; ldrexd/strexd on a register pair for 64 bits.  Only the
 * relaxed forms are written; a fully ordered operation has dmb ish before
 * and after (smp_mb()).  read and set are plain accesses for 32 bits; for 64
 * bits, read is ldrexd (one access) and set an ldrexd/strexd loop.
 */
#define dmb() __asm__ volatile("dmb ish" ::: "memory")

static inline void arch_mb_before_atomic(void) { dmb(); }
static inline void arch_mb_after_atomic(void) { dmb(); }
static inline void arch_acquire_fence(void) { dmb(); }
static inline void arch_release_fence(void) { dmb(); }

/* The loops below serve both widths; w (32 or 64) names the exclusive pair
 * and how it writes an operand: ldrex/strex take one register (%0),
 * ldrexd/strexd a register pair (%0, %H0).  A 64-bit cmpxchg compares the
 * high words too. */
#define LDREX_32 "ldrex"
#define STREX_32 "strex"
#define REGS_32(n) "%" #n
#define TEQ_HIGH_32(a, b) ""
#define LDREX_64 "ldrexd"
#define STREX_64 "strexd"
#define REGS_64(n) "%" #n ", %H" #n
#define TEQ_HIGH_64(a, b) "	teqeq	%H" #a ", %H" #b "\n"

/* fetch_op: ldrex old, result = old op i (alu: from %0 and %4 into %1),
 * strex result, in a loop until strex stores. */
#define FETCH_OP(A, T, V, w, op, alu)                                           \
    static inline T A##fetch_##op##_relaxed(T i, V *v)                          \
    {                                                                           \
        T old, result;                                                          \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	" LDREX_##w "	" REGS_##w(0) ", [%3]\n"             \
                         alu                                                    \
                         "	" STREX_##w "	%2, " REGS_##w(1) ", [%3]\n"           \
                         "	teq	%2, #0\n"                                        \
                         "	bne	1b"                                              \
                         : "=&r"(old), "=&r"(result), "=&r"(failed)             \
                         : "r"(&v->counter), "r"(i)                             \
                         : "cc", "memory");                                     \
        return old;                                                             \
    }

/* cmpxchg: strexeq only when ldrex found old; retry only if that strex
 * failed, not when the values differ.  xchg: strex new until it stores. */
#define XCHG_OPS(A, T, V, w)                                                    \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        T found;                                                                \
        unsigned int failed;                                                    \
        do {                                                                    \
            __asm__ volatile(LDREX_##w "	" REGS_##w(1) ", [%2]\n"               \
                             "	mov	%0, #0\n"                                    \
                             "	teq	%1, %3\n"                                    \
                             TEQ_HIGH_##w(1, 3)                                 \
                             "	" STREX_##w "eq	%0, " REGS_##w(4) ", [%2]"       \
                             : "=&r"(failed), "=&r"(found)                      \
                             : "r"(&v->counter), "r"(old), "r"(new)             \
                             : "cc", "memory");                                 \
        } while (failed);                                                       \
        return found;                                                           \
    }                                                                           \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        T old;                                                                  \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	" LDREX_##w "	" REGS_##w(0) ", [%2]\n"             \
                         "	" STREX_##w "	%1, " REGS_##w(3) ", [%2]\n"           \
                         "	teq	%1, #0\n"                                        \
                         "	bne	1b"                                              \
                         : "=&r"(old), "=&r"(failed)                            \
                         : "r"(&v->counter), "r"(new)                           \
                         : "cc", "memory");                                     \
        return old;                                                             \
    }

static inline int arch_atomic_read(const atomic_t *v) { return v->counter; }
static inline void arch_atomic_set(atomic_t *v, int i) { v->counter = i; }

/* 32 bits: result = old op i, in a loop until strex stores; without a
 * result, the new value goes back into the register ldrex loaded. */
#define ATOMIC_OP(op, insn)                                                     \
    static inline void arch_atomic_##op(int i, atomic_t *v)                     \
    {                                                                           \
        int result;                                                             \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldrex	%0, [%2]\n"                                  \
                         "	" insn "	%0, %0, %3\n"                               \
                         "	strex	%1, %0, [%2]\n"                                \
                         "	teq	%1, #0\n"                                        \
                         "	bne	1b"                                              \
                         : "=&r"(result), "=&r"(failed)                         \
                         : "r"(&v->counter), "r"(i)                             \
                         : "cc", "memory");                                     \
    }                                                                           \
    FETCH_OP(arch_atomic_, int, atomic_t, 32, op, "	" insn "	%1, %0, %4\n")
ATOMIC_OP(add, "add")
ATOMIC_OP(sub, "sub")
ATOMIC_OP(and, "and")
ATOMIC_OP(or, "orr")
ATOMIC_OP(xor, "eor")
static inline void arch_atomic_inc(atomic_t *v) { arch_atomic_add(1, v); }
static inline void arch_atomic_dec(atomic_t *v) { arch_atomic_sub(1, v); }
XCHG_OPS(arch_atomic_, int, atomic_t, 32)

/* 64 bits: %Q and %R name the low and high register of a pair, %H the
 * second register for ldrexd/strexd. */
static inline s64 arch_atomic64_read(const atomic64_t *v)
{
    s64 r;
    __asm__ volatile("ldrexd	%0, %H0, [%1]" : "=&r"(r) : "r"(&v->counter) : "memory");
    return r;
}

#define ATOMIC64_OP(op, lo, hi)                                                 \
    FETCH_OP(arch_atomic64_, s64, atomic64_t, 64, op,                           \
             "	" lo "	%Q1, %Q0, %Q4\n"                                          \
             "	" hi "	%R1, %R0, %R4\n")                                         \
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
XCHG_OPS(arch_atomic64_, s64, atomic64_t, 64)
static inline void arch_atomic64_set(atomic64_t *v, s64 i) { arch_atomic64_xchg_relaxed(v, i); }

/* Bit operations: the ldrex/strex loop of fetch_or, fetch_and or fetch_xor
 * on the word that holds the bit (arch/arm/lib/bitops.h); operand is what
 * fetch applies to the word: the bit's mask, or for fetch_and its complement. */
#define BITOP(name, fetch, operand)                                             \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        atomic_t *word = (atomic_t *)(addr + nr / BITS_PER_LONG);               \
        int mask = (int)(1u << (nr % BITS_PER_LONG));                           \
        return (arch_atomic_##fetch##_relaxed(operand, word) & mask) != 0;      \
    }                                                                           \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        arch_test_and_##name##_bit(nr, addr);                                   \
    }
BITOP(set, fetch_or, mask)
BITOP(clear, fetch_and, ~mask)
BITOP(change, fetch_xor, mask)

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
