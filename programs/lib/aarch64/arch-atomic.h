/* arch-atomic.h — AArch64, as arch/arm64/include/asm/atomic_lse.h and
 * atomic_ll_sc.h build it.  The kernel picks one of the two at boot
 * (ARM64_HAS_LSE_ATOMICS); here the compiler's target does: with LSE
 * (atomsim-cc's default, -march=armv8.1-a, __ARM_FEATURE_ATOMICS) each
 * operation is one instruction — stadd/ldadd, stclr/ldclr (and with the
 * complement), stset/ldset, steor/ldeor, swp, cas; with atomsim-cc -mno-lse
 * (-march=armv8-a) it is an ldxr, the operation, stxr loop, retried while
 * stxr reports failure (cbnz).  Only the relaxed forms are written; a fully
 * ordered operation has dmb ish before and after (the kernel instead uses
 * the _al forms, or stlxr plus dmb ish: TODO once the memory model tells
 * acquire and release apart).  read and set are plain accesses.
 */
#define dmb() __asm__ volatile("dmb ish" ::: "memory")

static inline void arch_mb_before_atomic(void) { dmb(); }
static inline void arch_mb_after_atomic(void) { dmb(); }
static inline void arch_acquire_fence(void) { dmb(); }
static inline void arch_release_fence(void) { dmb(); }

/* R is the operand modifier of the width: "w" (32 bits) or "x" (64). */
#ifdef __ARM_FEATURE_ATOMICS
/* LSE: fetch_op is ld<op> i, old, [v]; op without a result st<op>. */
#define ATOMIC_OP(A, T, V, R, op, lse, alu, pre)                                   \
    static inline T A##fetch_##op##_relaxed(T i, V *v)                          \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile("ld" lse "	%" R "2, %" R "0, [%1]"                      \
                         : "=r"(old) : "r"(&v->counter), "r"(pre i) : "memory"); \
        return old;                                                             \
    }                                                                           \
    static inline void A##op(T i, V *v)                                         \
    {                                                                           \
        __asm__ volatile("st" lse "	%" R "1, [%0]"                               \
                         :: "r"(&v->counter), "r"(pre i) : "memory");           \
    }
/* cas old, new, [v]: stores new if v held old; old gets what v held. */
#define XCHG_OPS(A, T, V, R)                                                    \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        __asm__ volatile("cas	%" R "0, %" R "2, [%1]"                            \
                         : "+&r"(old) : "r"(&v->counter), "r"(new) : "memory"); \
        return old;                                                             \
    }                                                                           \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile("swp	%" R "2, %" R "0, [%1]"                            \
                         : "=r"(old) : "r"(&v->counter), "r"(new) : "memory");  \
        return old;                                                             \
    }
#else
/* LL/SC: ldxr old, result = old alu i, stxr result, until it stores. */
#define ATOMIC_OP(A, T, V, R, op, lse, alu, pre)                                   \
    static inline T A##fetch_##op##_relaxed(T i, V *v)                          \
    {                                                                           \
        T old, result;                                                          \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldxr	%" R "0, [%3]\n"                              \
                         "	" alu "	%" R "1, %" R "0, %" R "4\n"            \
                         "	stxr	%w2, %" R "1, [%3]\n"                           \
                         "	cbnz	%w2, 1b"                                         \
                         : "=&r"(old), "=&r"(result), "=&r"(failed)             \
                         : "r"(&v->counter), "r"(i) : "memory");                \
        return old;                                                             \
    }                                                                           \
    static inline void A##op(T i, V *v) { A##fetch_##op##_relaxed(i, v); }
/* cmpxchg: stxr only when ldxr found old (eor, cbnz); retry only if that
 * stxr failed.  xchg: stxr new until it stores. */
#define XCHG_OPS(A, T, V, R)                                                    \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        T found;                                                                \
        unsigned long tmp;                                                      \
        __asm__ volatile("1:	ldxr	%" R "0, [%2]\n"                              \
                         "	eor	%" R "1, %" R "0, %" R "3\n"                      \
                         "	cbnz	%" R "1, 2f\n"                                   \
                         "	stxr	%w1, %" R "4, [%2]\n"                           \
                         "	cbnz	%w1, 1b\n"                                       \
                         "2:"                                                   \
                         : "=&r"(found), "=&r"(tmp)                             \
                         : "r"(&v->counter), "r"(old), "r"(new) : "memory");    \
        return found;                                                           \
    }                                                                           \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        T old;                                                                  \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ldxr	%" R "0, [%2]\n"                              \
                         "	stxr	%w1, %" R "3, [%2]\n"                           \
                         "	cbnz	%w1, 1b"                                         \
                         : "=&r"(old), "=&r"(failed)                            \
                         : "r"(&v->counter), "r"(new) : "memory");              \
        return old;                                                             \
    }
#endif
/* Each operation's LSE instruction and LL/SC alu instruction; ldclr clears
 * the bits set in its operand, so and passes LSE the complement. */
#ifdef __ARM_FEATURE_ATOMICS
#define AND_PRE ~
#else
#define AND_PRE
#endif

#define ATOMIC_OPS(A, T, V, R)                                                  \
    static inline T A##read(const V *v) { return v->counter; }                  \
    static inline void A##set(V *v, T i) { v->counter = i; }                    \
    ATOMIC_OP(A, T, V, R, add, "add", "add", )                                         \
    ATOMIC_OP(A, T, V, R, and, "clr", "and", AND_PRE)                                  \
    ATOMIC_OP(A, T, V, R, or, "set", "orr", )                                          \
    ATOMIC_OP(A, T, V, R, xor, "eor", "eor", )                                         \
    static inline void A##sub(T i, V *v) { A##add(-i, v); }                     \
    static inline void A##inc(V *v) { A##add(1, v); }                           \
    static inline void A##dec(V *v) { A##add(-1, v); }                          \
    XCHG_OPS(A, T, V, R)

ATOMIC_OPS(arch_atomic_, int, atomic_t, "w")
ATOMIC_OPS(arch_atomic64_, s64, atomic64_t, "x")

/* Bit operations: fetch_or, fetch_and or fetch_xor on the long that holds
 * the bit (arch/arm64 uses the generic atomic bitops over atomic_long). */
#define BITOP(name, fetch, operand)                                             \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        atomic64_t *word = (atomic64_t *)(addr + nr / BITS_PER_LONG);           \
        s64 mask = (s64)(1ull << (nr % BITS_PER_LONG));                         \
        return (arch_atomic64_##fetch##_relaxed(operand, word) & mask) != 0;    \
    }                                                                           \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        arch_test_and_##name##_bit(nr, addr);                                   \
    }
BITOP(set, fetch_or, mask)
BITOP(clear, fetch_and, ~mask)
BITOP(change, fetch_xor, mask)

/* A test-and-set lock on xchg (the kernel's is a ticket lock on ldadda):
 * dmb orders the critical section after the take and before the release. */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    if (arch_atomic_xchg_relaxed((atomic_t *)&l->lock, 1) != 0)
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
