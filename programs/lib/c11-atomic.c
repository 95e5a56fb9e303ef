/* c11-atomic.c — the rest of what gcc calls for C11 atomics, on the cpus
 * where it calls anything (libatomic's interface; x86, arm and aarch64
 * inline every operation on 1 to 8 bytes):
 *
 *   sparc32  everything but loads, stores and a 4-byte exchange (swap):
 *            sparc32/lock-table.c; here only __atomic_is_lock_free, which
 *            says no: the operations take locks.
 *   riscv64  1- and 2-byte read-modify-writes (gcc 12 inlines only the
 *            word and doubleword AMOs and lr/sc): a compare-and-swap loop
 *            on the aligned word that holds the object, as libatomic
 *            builds them, the word's lr/sc ordered as the C11 order asks
 *            (riscv64/c11-arch.h).
 *
 * c11-arch.h, from the cpu's folder, says which: C11_LOCK_FREE_SIZE, and
 * for C11_SUBWORD c11_cas_word() and c11_acquire_fence().
 */
#include "c11-arch.h"
#include "libatomic-abi.h"

/* size bytes at p are lock-free if the cpu does that size without a lock
 * and p is aligned to it. */
bool libatomic_is_lock_free(__SIZE_TYPE__ size, const volatile void *p)
    __asm__("__atomic_is_lock_free");
bool libatomic_is_lock_free(__SIZE_TYPE__ size, const volatile void *p)
{
    return size <= C11_LOCK_FREE_SIZE && (size & (size - 1)) == 0 &&
           ((unsigned long)p & (size - 1)) == 0;
}

#ifdef C11_SUBWORD
/* The aligned word that holds the object at p, and how far left the
 * object's bits lie in it. */
static volatile unsigned int *word_of(volatile void *p)
{
    return (volatile unsigned int *)((unsigned long)p & ~3ul);
}

static unsigned int shift_of(volatile void *p, unsigned int size)
{
    unsigned int offset = (unsigned long)p & 3;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    offset = 4 - size - offset;
#else
    (void)size;
#endif
    return offset * 8;
}

/* Replaces the size-byte object at p by op(old, v), leaving the rest of its
 * word as it is; returns old. */
static unsigned int subword_rmw(volatile void *p, unsigned int size, unsigned int v,
                                enum c11_op op, int order)
{
    volatile unsigned int *w = word_of(p);
    unsigned int shift = shift_of(p, size), low = (1u << size * 8) - 1, mask = low << shift;
    unsigned int word = *w, old, new;
    do {
        old = word >> shift & low;
        new = ((unsigned int)c11_apply(op, old, v) & low) << shift;
    } while (!c11_cas_word(w, &word, (word & ~mask) | new, order));
    return old;
}

/* compare_exchange_strong on the object: retries while only the rest of
 * the word changed.  A failure that read the object orders as failure
 * asks: an acquire fence after the load. */
static bool subword_cas(volatile void *p, unsigned int size, unsigned int *expected,
                        unsigned int desired, int success, int failure)
{
    volatile unsigned int *w = word_of(p);
    unsigned int shift = shift_of(p, size), low = (1u << size * 8) - 1, mask = low << shift;
    unsigned int word = *w;
    for (;;) {
        unsigned int found = word >> shift & low;
        if (found != *expected) {
            *expected = found;
            if (failure != __ATOMIC_RELAXED)
                c11_acquire_fence();
            return false;
        }
        if (c11_cas_word(w, &word, (word & ~mask) | (desired & low) << shift, success))
            return true;
    }
}

#define SUBWORD(N, T)                                                           \
    static T c11_rmw_##N(volatile void *p, T v, enum c11_op op, int order)      \
    {                                                                           \
        return (T)subword_rmw(p, N, v, op, order);                              \
    }                                                                           \
    static bool c11_cas_##N(volatile void *p, T *expected, T desired,           \
                            int success, int failure)                           \
    {                                                                           \
        unsigned int want = *expected;                                          \
        bool ok = subword_cas(p, N, &want, desired, success, failure);          \
        *expected = (T)want;                                                    \
        return ok;                                                              \
    }                                                                           \
    LIBATOMIC_NAMES(N, T)

SUBWORD(1, unsigned char)
SUBWORD(2, unsigned short)
#endif
