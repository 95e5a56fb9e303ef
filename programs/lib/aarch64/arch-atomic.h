/* arch-atomic.h — AArch64, as arch/arm64/include/asm/atomic_lse.h,
 * atomic_ll_sc.h and cmpxchg.h build it.  The kernel picks LSE or LL/SC at
 * boot (ARM64_HAS_LSE_ATOMICS); here the compiler's target does: with LSE
 * (atomsim-cc's default, -march=armv8.1-a, __ARM_FEATURE_ATOMICS) each
 * operation is one instruction — stadd/ldadd, stclr/ldclr (and with the
 * complement), stset/ldset, steor/ldeor, swp, cas; with atomsim-cc -mno-lse
 * (-march=armv8-a) it is an ldxr, the operation, stxr loop, retried while
 * stxr reports failure (cbnz).  read and set are plain accesses.
 *
 * The six value-returning primitives come in the kernel's four orderings
 * (ARCH_ATOMIC_ORDERED: programs/lib/atomic.c takes them as they are), each
 * ordered by its own instructions, never by a fence around a relaxed one:
 *
 *            LSE                        LL/SC
 *   relaxed  ldadd swp cas              ldxr ... stxr
 *   acquire  ldadda swpa casa           ldaxr ... stxr
 *   release  ldaddl swpl casl           ldxr ... stlxr
 *   full     ldaddal swpal casal        ldxr ... stlxr, then dmb ish (for
 *                                       cmpxchg only when it stored)
 *
 * (Arm ARM B2.3: a Load-Acquire is ordered before every later access, a
 * Store-Release after every earlier one, and a Store-Release before a later
 * Load-Acquire; the LL/SC full form needs the dmb to order the stlxr before
 * later accesses, as the kernel's atomic_ll_sc.h explains.)
 */
#define ARCH_ATOMIC_ORDERED 1

#define dmb() __asm__ volatile("dmb ish" ::: "memory")

/* Around the bit operations' test_and_ forms and smp_mb__before_atomic()
 * (arch/arm64/include/asm/barrier.h: smp_mb(), dmb ish). */
static inline void arch_mb_before_atomic(void) { dmb(); }
static inline void arch_mb_after_atomic(void) { dmb(); }

/* R is the operand modifier of the width: "w" (32 bits) or "x" (64).  Each
 * FETCH_OP and XCHG_OP below is expanded once per ordering (ORDERINGS): sfx
 * is the kernel's suffix, lse the LSE instruction's, acq and rel the LL/SC
 * load's and store's, mb what the LL/SC loop ends with. */
#define ORDERINGS(M, ...)                                                       \
    M(__VA_ARGS__, _relaxed, "", "", "", "")                                    \
    M(__VA_ARGS__, _acquire, "a", "a", "", "")                                  \
    M(__VA_ARGS__, _release, "l", "", "l", "")                                  \
    M(__VA_ARGS__, , "al", "", "l", "dmb ish")

#ifdef __ARM_FEATURE_ATOMICS
/* LSE: fetch_op is ld<op>[a][l] i, old, [v]; op without a result st<op>. */
#define FETCH_OP(A, T, V, R, op, lse, alu, pre, sfx, lse_o, acq, rel, mb)       \
    static inline T A##fetch_##op##sfx(T i, V *v)                               \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile("ld" lse lse_o "	%" R "2, %" R "0, [%1]"             \
                         : "=r"(old) : "r"(&v->counter), "r"(pre i) : "memory"); \
        return old;                                                             \
    }
#define VOID_OP(A, T, V, R, op, lse, alu, pre)                                  \
    static inline void A##op(T i, V *v)                                         \
    {                                                                           \
        __asm__ volatile("st" lse "	%" R "1, [%0]"                               \
                         :: "r"(&v->counter), "r"(pre i) : "memory");           \
    }
/* cas[a][l] old, new, [v]: stores new if v held old; old gets what v held.
 * swp[a][l] new, old, [v]. */
#define XCHG_OP(A, T, V, R, sfx, lse_o, acq, rel, mb)                           \
    static inline T A##cmpxchg##sfx(V *v, T old, T new)                         \
    {                                                                           \
        __asm__ volatile("cas" lse_o "	%" R "0, %" R "2, [%1]"                   \
                         : "+&r"(old) : "r"(&v->counter), "r"(new) : "memory"); \
        return old;                                                             \
    }                                                                           \
    static inline T A##xchg##sfx(V *v, T new)                                   \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile("swp" lse_o "	%" R "2, %" R "0, [%1]"                   \
                         : "=r"(old) : "r"(&v->counter), "r"(new) : "memory");  \
        return old;                                                             \
    }
#else
/* LL/SC: ld[a]xr old, result = old alu i, st[l]xr result, until it stores
 * (then the full form's dmb ish). */
#define FETCH_OP(A, T, V, R, op, lse, alu, pre, sfx, lse_o, acq, rel, mb)       \
    static inline T A##fetch_##op##sfx(T i, V *v)                               \
    {                                                                           \
        T old, result;                                                          \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ld" acq "xr	%" R "0, [%3]\n"                       \
                         "	" alu "	%" R "1, %" R "0, %" R "4\n"            \
                         "	st" rel "xr	%w2, %" R "1, [%3]\n"                    \
                         "	cbnz	%w2, 1b\n"                                      \
                         "	" mb                                             \
                         : "=&r"(old), "=&r"(result), "=&r"(failed)             \
                         : "r"(&v->counter), "r"(i) : "memory");                \
        return old;                                                             \
    }
#define VOID_OP(A, T, V, R, op, lse, alu, pre)                                  \
    static inline void A##op(T i, V *v) { A##fetch_##op##_relaxed(i, v); }
/* cmpxchg: st[l]xr only when ld[a]xr found old (eor, cbnz), and the full
 * form's dmb only then; retry only if that store failed.  xchg: st[l]xr
 * new until it stores. */
#define XCHG_OP(A, T, V, R, sfx, lse_o, acq, rel, mb)                           \
    static inline T A##cmpxchg##sfx(V *v, T old, T new)                         \
    {                                                                           \
        T found;                                                                \
        unsigned long tmp;                                                      \
        __asm__ volatile("1:	ld" acq "xr	%" R "0, [%2]\n"                       \
                         "	eor	%" R "1, %" R "0, %" R "3\n"                      \
                         "	cbnz	%" R "1, 2f\n"                                   \
                         "	st" rel "xr	%w1, %" R "4, [%2]\n"                    \
                         "	cbnz	%w1, 1b\n"                                       \
                         "	" mb "\n"                                         \
                         "2:"                                                   \
                         : "=&r"(found), "=&r"(tmp)                             \
                         : "r"(&v->counter), "r"(old), "r"(new) : "memory");    \
        return found;                                                           \
    }                                                                           \
    static inline T A##xchg##sfx(V *v, T new)                                   \
    {                                                                           \
        T old;                                                                  \
        unsigned int failed;                                                    \
        __asm__ volatile("1:	ld" acq "xr	%" R "0, [%2]\n"                       \
                         "	st" rel "xr	%w1, %" R "3, [%2]\n"                    \
                         "	cbnz	%w1, 1b\n"                                       \
                         "	" mb                                             \
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

#define ATOMIC_OP(A, T, V, R, op, lse, alu, pre)                                \
    ORDERINGS(FETCH_OP, A, T, V, R, op, lse, alu, pre)                          \
    VOID_OP(A, T, V, R, op, lse, alu, pre)

#define ATOMIC_OPS(A, T, V, R)                                                  \
    static inline T A##read(const V *v) { return v->counter; }                  \
    static inline void A##set(V *v, T i) { v->counter = i; }                    \
    ATOMIC_OP(A, T, V, R, add, "add", "add", )                                  \
    ATOMIC_OP(A, T, V, R, and, "clr", "and", AND_PRE)                           \
    ATOMIC_OP(A, T, V, R, or, "set", "orr", )                                   \
    ATOMIC_OP(A, T, V, R, xor, "eor", "eor", )                                  \
    static inline void A##sub(T i, V *v) { A##add(-i, v); }                     \
    static inline void A##inc(V *v) { A##add(1, v); }                           \
    static inline void A##dec(V *v) { A##add(-1, v); }                          \
    ORDERINGS(XCHG_OP, A, T, V, R)

ATOMIC_OPS(arch_atomic_, int, atomic_t, "w")
ATOMIC_OPS(arch_atomic64_, s64, atomic64_t, "x")

/* Bit operations as include/asm-generic/bitops/atomic.h builds them over
 * atomic_long (arm64 takes those): set, clear and change are the relaxed
 * stset, stclr and steor (LL/SC: the loop); the test_and_ forms are the
 * fully ordered fetch_or, fetch_and or fetch_xor, so they need no fence
 * around them (ARCH_ATOMIC_ORDERED). */
#include "../long-bitops.h"

/* A test-and-set lock, ordered as the kernel's arm64 locks are (the queued
 * spinlock takes with try_cmpxchg_acquire, releases with
 * smp_store_release): taken by an acquire xchg (swpa; LL/SC ldaxr/stxr),
 * released by a store-release (stlr), no dmb. */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    return arch_atomic_xchg_acquire((atomic_t *)&l->lock, 1) == 0;
}

static inline void arch_spin_lock(spinlock_t *l)
{
    while (!arch_spin_trylock(l))
        while (l->lock)
            ;
}

static inline void arch_spin_unlock(spinlock_t *l)
{
    smp_store_release(&l->lock, 0);
}
