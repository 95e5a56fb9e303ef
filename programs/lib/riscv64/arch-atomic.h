/* arch-atomic.h — RV64 with the A extension, as arch/riscv/include/asm/
 * atomic.h, cmpxchg.h and bitops.h build it: every fetch-op is one AMO
 * (amoadd, amoand, amoor, amoxor; .w for atomic_t, .d for atomic64_t), xchg
 * is amoswap, and cmpxchg is an lr/sc loop that retries only when sc fails
 * (bnez).  read and set are plain accesses.
 *
 * The six value-returning primitives come in the kernel's four orderings
 * (ARCH_ATOMIC_ORDERED: programs/lib/atomic.c takes them as they are).
 * atomic.h writes the relaxed and the fully ordered AMO; the kernel's
 * fallbacks give _acquire and _release with its fences; cmpxchg.h writes
 * all four:
 *
 *            fetch-op, xchg              cmpxchg
 *   relaxed  amo<op>                     lr; bne; sc; bnez
 *   acquire  amo<op>; fence r,rw         lr; bne; sc; bnez; fence r,rw
 *   release  fence rw,w; amo<op>         fence rw,w; lr; bne; sc; bnez
 *   full     amo<op>.aqrl                lr; bne; sc.rl; bnez; fence rw,rw
 *
 * fence r,rw is RISCV_ACQUIRE_BARRIER, fence rw,w RISCV_RELEASE_BARRIER,
 * fence rw,rw RISCV_FULL_BARRIER.  A cmpxchg that finds another value
 * branches past its trailing fence: a failed conditional RMW is unordered.
 * (RISC-V unprivileged ISA, chapter 17, preserved program order: rule 4,
 * fence pred,succ orders the pred accesses before it before the succ
 * accesses after it; rule 5, an .aq access is ordered before every later
 * access; rule 6, an .rl access after every earlier one; .aqrl is both.)
 */
#define ARCH_ATOMIC_ORDERED 1

#define RISCV_ACQUIRE_BARRIER "\tfence r, rw\n"
#define RISCV_RELEASE_BARRIER "\tfence rw, w\n"
#define RISCV_FULL_BARRIER "\tfence rw, rw\n"

/* Around smp_mb__before_atomic() and the like (barrier.h: smp_mb()). */
static inline void arch_mb_before_atomic(void) { __asm__ volatile(RISCV_FULL_BARRIER ::: "memory"); }
static inline void arch_mb_after_atomic(void) { __asm__ volatile(RISCV_FULL_BARRIER ::: "memory"); }

/* Each FETCH_OP and XCHG_OP below is expanded once per ordering
 * (ORDERINGS): sfx is the kernel's suffix, before and after the fences
 * around the instructions, amo the AMO's ordering bits, sc the sc's, and
 * cas_after what cmpxchg ends with when it stored. */
#define ORDERINGS(M, ...)                                                       \
    M(__VA_ARGS__, _relaxed, "", "", "", "", "")                                \
    M(__VA_ARGS__, _acquire, "", RISCV_ACQUIRE_BARRIER, "", "", RISCV_ACQUIRE_BARRIER) \
    M(__VA_ARGS__, _release, RISCV_RELEASE_BARRIER, "", "", "", "")             \
    M(__VA_ARGS__, , "", "", ".aqrl", ".rl", RISCV_FULL_BARRIER)

/* fetch_op: amo<op> old, i, (v); op without a result writes rd = zero. */
#define FETCH_OP(A, T, V, w, insn, op, sfx, before, after, amo, sc, cas_after)  \
    static inline T A##fetch_##op##sfx(T i, V *v)                               \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile(before                                                 \
                         "\t" insn "." w amo " %1, %2, %0\n"                     \
                         after                                                  \
                         : "+A"(v->counter), "=r"(old) : "r"(i) : "memory");    \
        return old;                                                             \
    }
#define VOID_OP(A, T, V, w, insn, op)                                           \
    static inline void A##op(T i, V *v)                                         \
    {                                                                           \
        __asm__ volatile("\t" insn "." w " zero, %1, %0"                         \
                         : "+A"(v->counter) : "r"(i) : "memory");               \
    }

/* xchg: amoswap old, new, (v).  cmpxchg: lr found; if it is old, sc new,
 * and retry only if the sc failed. */
#define XCHG_OP(A, T, V, w, sfx, before, after, amo, sc, cas_after)             \
    static inline T A##xchg##sfx(V *v, T new)                                   \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile(before                                                 \
                         "\tamoswap." w amo " %0, %2, %1\n"                      \
                         after                                                  \
                         : "=r"(old), "+A"(v->counter) : "r"(new) : "memory");  \
        return old;                                                             \
    }                                                                           \
    static inline T A##cmpxchg##sfx(V *v, T old, T new)                         \
    {                                                                           \
        T found;                                                                \
        long failed;                                                            \
        __asm__ volatile(before                                                 \
                         "0:\tlr." w " %0, %2\n"                                 \
                         "\tbne %0, %z3, 1f\n"                                   \
                         "\tsc." w sc " %1, %z4, %2\n"                           \
                         "\tbnez %1, 0b\n"                                       \
                         cas_after                                              \
                         "1:\n"                                                 \
                         : "=&r"(found), "=&r"(failed), "+A"(v->counter)        \
                         : "rJ"(old), "rJ"(new) : "memory");                    \
        return found;                                                           \
    }

#define ATOMIC_OP(A, T, V, w, insn, op)                                         \
    ORDERINGS(FETCH_OP, A, T, V, w, insn, op)                                   \
    VOID_OP(A, T, V, w, insn, op)

#define ATOMIC_OPS(A, T, V, w)                                                  \
    static inline T A##read(const V *v) { return v->counter; }                  \
    static inline void A##set(V *v, T i) { v->counter = i; }                    \
    ATOMIC_OP(A, T, V, w, "amoadd", add)                                        \
    ATOMIC_OP(A, T, V, w, "amoand", and)                                        \
    ATOMIC_OP(A, T, V, w, "amoor", or)                                          \
    ATOMIC_OP(A, T, V, w, "amoxor", xor)                                        \
    static inline void A##sub(T i, V *v) { A##add(-i, v); }                     \
    static inline void A##inc(V *v) { A##add(1, v); }                           \
    static inline void A##dec(V *v) { A##add(-1, v); }                          \
    ORDERINGS(XCHG_OP, A, T, V, w)

ATOMIC_OPS(arch_atomic_, int, atomic_t, "w")
ATOMIC_OPS(arch_atomic64_, s64, atomic64_t, "d")

/* Bit operations (bitops.h): one amoor.d, amoand.d or amoxor.d on the long
 * that holds the bit, with the bit's mask (for clear its complement); set,
 * clear and change are relaxed with rd = zero (__op_bit), the test_and_
 * forms .aqrl (__test_and_op_bit), fully ordered by themselves. */
#include "../long-bitops.h"

/* A test-and-set lock (the kernel's before qspinlock): amoswap.w takes it,
 * then RISCV_ACQUIRE_BARRIER; unlock is smp_store_release (fence rw,w and
 * a plain store). */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    unsigned int held;
    __asm__ volatile("amoswap.w %0, %2, %1" : "=r"(held), "+A"(l->lock) : "r"(1) : "memory");
    if (held)
        return false;
    __asm__ volatile(RISCV_ACQUIRE_BARRIER ::: "memory");
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
    smp_store_release(&l->lock, 0);
}
