/* arch-atomic.h — RV64 with the A extension, as arch/riscv/include/asm/
 * atomic.h and cmpxchg.h build it: every fetch-op is one AMO (amoadd,
 * amoand, amoor, amoxor; .w for atomic_t, .d for atomic64_t), xchg is
 * amoswap, and cmpxchg is an lr/sc loop that retries only when sc fails.
 * Only the relaxed forms are written; the fences are the kernel's:
 * RISCV_ACQUIRE_BARRIER "fence r,rw" after, RISCV_RELEASE_BARRIER
 * "fence rw,w" before, and "fence rw,rw" (smp_mb) on both sides of a fully
 * ordered operation.  read and set are plain accesses.
 */
#define rv_fence(ps) __asm__ volatile("fence " ps ::: "memory")

static inline void arch_mb_before_atomic(void) { rv_fence("rw,rw"); }
static inline void arch_mb_after_atomic(void) { rv_fence("rw,rw"); }
static inline void arch_acquire_fence(void) { rv_fence("r,rw"); }
static inline void arch_release_fence(void) { rv_fence("rw,w"); }

/* op: one AMO with rd = zero; fetch_op: the AMO returns the old value. */
#define ATOMIC_OPS(A, T, V, w)                                                  \
    AMO_OP(A, T, V, w, add, "amoadd")                                           \
    AMO_OP(A, T, V, w, and, "amoand")                                           \
    AMO_OP(A, T, V, w, or, "amoor")                                             \
    AMO_OP(A, T, V, w, xor, "amoxor")                                           \
    static inline void A##sub(T i, V *v) { A##add(-i, v); }                     \
    static inline void A##inc(V *v) { A##add(1, v); }                           \
    static inline void A##dec(V *v) { A##add(-1, v); }                          \
    static inline T A##xchg_relaxed(V *v, T new)                                \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile("amoswap." w " %0, %2, %1"                             \
                         : "=r"(old), "+A"(v->counter) : "r"(new) : "memory");  \
        return old;                                                             \
    }                                                                           \
    static inline T A##cmpxchg_relaxed(V *v, T old, T new)                      \
    {                                                                           \
        T found;                                                                \
        long failed;                                                            \
        __asm__ volatile("0:	lr." w " %0, %2\n"                                  \
                         "	bne %0, %z3, 1f\n"                                   \
                         "	sc." w " %1, %z4, %2\n"                              \
                         "	bnez %1, 0b\n"                                       \
                         "1:"                                                   \
                         : "=&r"(found), "=&r"(failed), "+A"(v->counter)        \
                         : "rJ"(old), "rJ"(new) : "memory");                    \
        return found;                                                           \
    }

#define AMO_OP(A, T, V, w, op, insn)                                            \
    static inline void A##op(T i, V *v)                                         \
    {                                                                           \
        __asm__ volatile(insn "." w " zero, %1, %0"                             \
                         : "+A"(v->counter) : "r"(i) : "memory");               \
    }                                                                           \
    static inline T A##fetch_##op##_relaxed(T i, V *v)                          \
    {                                                                           \
        T old;                                                                  \
        __asm__ volatile(insn "." w " %1, %2, %0"                               \
                         : "+A"(v->counter), "=r"(old) : "r"(i) : "memory");    \
        return old;                                                             \
    }

static inline int arch_atomic_read(const atomic_t *v) { return v->counter; }
static inline void arch_atomic_set(atomic_t *v, int i) { v->counter = i; }
static inline s64 arch_atomic64_read(const atomic64_t *v) { return v->counter; }
static inline void arch_atomic64_set(atomic64_t *v, s64 i) { v->counter = i; }
ATOMIC_OPS(arch_atomic_, int, atomic_t, "w")
ATOMIC_OPS(arch_atomic64_, s64, atomic64_t, "d")

/* Bit operations: one amoor.d, amoand.d or amoxor.d on the long that holds
 * the bit (arch/riscv/include/asm/bitops.h); operand is the bit's mask, or
 * for fetch_and its complement. */
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

/* A test-and-set lock (the kernel's before qspinlock): amoswap.w takes it,
 * then RISCV_ACQUIRE_BARRIER; unlock is smp_store_release. */
static inline bool arch_spin_trylock(spinlock_t *l)
{
    unsigned int held;
    __asm__ volatile("amoswap.w %0, %2, %1" : "=r"(held), "+A"(l->lock) : "r"(1) : "memory");
    if (held)
        return false;
    arch_acquire_fence();
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
    arch_release_fence();
    l->lock = 0;
}
