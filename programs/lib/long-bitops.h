/* long-bitops.h — the atomic bit operations as include/asm-generic/bitops/
 * atomic.h builds them, over the long that holds the bit (here 64 bits):
 * set, clear and change are the relaxed or, and (with the complement) and
 * xor without a result; the test_and_ forms the fully ordered fetch_or,
 * fetch_and and fetch_xor.  For an arch-atomic.h that gives its own fully
 * ordered operations (ARCH_ATOMIC_ORDERED), after arch_atomic64_*. */
#define BITOP(name, op, operand)                                                \
    static inline bool arch_test_and_##name##_bit(unsigned int nr,              \
                                                  volatile unsigned long *addr) \
    {                                                                           \
        atomic64_t *word = (atomic64_t *)(addr + nr / BITS_PER_LONG);           \
        s64 mask = (s64)(1ull << (nr % BITS_PER_LONG));                         \
        return (arch_atomic64_fetch_##op(operand, word) & mask) != 0;           \
    }                                                                           \
    static inline void arch_##name##_bit(unsigned int nr, volatile unsigned long *addr) \
    {                                                                           \
        atomic64_t *word = (atomic64_t *)(addr + nr / BITS_PER_LONG);           \
        s64 mask = (s64)(1ull << (nr % BITS_PER_LONG));                         \
        arch_atomic64_##op(operand, word);                                      \
    }
BITOP(set, or, mask)
BITOP(clear, and, ~mask)
BITOP(change, xor, mask)
#undef BITOP
