/* c11-arch.h — riscv64's compare-and-swap on a word for the 1- and 2-byte
 * C11 atomics (c11-atomic.c).  Every size up to 8 is lock-free: an lr/sc
 * loop is.
 *
 * The C11 orders map onto lr.w and sc.w as the RISC-V unprivileged ISA's
 * Table A.6 (appendix A, "Mappings from C/C++ primitives to RISC-V
 * primitives") has them for an lr/sc loop: acquire puts .aq on the lr,
 * release .rl on the sc, acq_rel both, seq_cst .aqrl on the lr and .rl on
 * the sc (chapter 17, preserved program order rules 5 to 7).
 */
#include <stdbool.h>

#define C11_LOCK_FREE_SIZE 8
#define C11_SUBWORD 1

/* lr the word; if it is *expected, sc new, retrying only if the sc failed;
 * else write what lr found to *expected.  lr.w sign-extends, so the
 * comparison is on ints. */
#define CAS_WORD(name, lr, sc)                                                  \
    static inline bool name(volatile unsigned int *w, unsigned int *expected,   \
                            unsigned int new)                                   \
    {                                                                           \
        int want = (int)*expected, found;                                       \
        long failed;                                                            \
        __asm__ volatile("1:\tlr.w" lr " %0, %2\n"                              \
                         "\tbne %0, %3, 2f\n"                                   \
                         "\tsc.w" sc " %1, %4, %2\n"                            \
                         "\tbnez %1, 1b\n"                                      \
                         "2:"                                                   \
                         : "=&r"(found), "=&r"(failed), "+A"(*w)                \
                         : "r"(want), "r"((int)new) : "memory");                \
        *expected = (unsigned int)found;                                        \
        return found == want;                                                   \
    }
CAS_WORD(cas_word_relaxed, "", "")
CAS_WORD(cas_word_acquire, ".aq", "")
CAS_WORD(cas_word_release, "", ".rl")
CAS_WORD(cas_word_acq_rel, ".aq", ".rl")
CAS_WORD(cas_word_seq_cst, ".aqrl", ".rl")

static inline bool c11_cas_word(volatile unsigned int *w, unsigned int *expected,
                                unsigned int new, int order)
{
    switch (order) {
    case __ATOMIC_RELAXED: return cas_word_relaxed(w, expected, new);
    case __ATOMIC_CONSUME:
    case __ATOMIC_ACQUIRE: return cas_word_acquire(w, expected, new);
    case __ATOMIC_RELEASE: return cas_word_release(w, expected, new);
    case __ATOMIC_ACQ_REL: return cas_word_acq_rel(w, expected, new);
    default: return cas_word_seq_cst(w, expected, new);
    }
}

/* fence r,rw: what gcc puts after an acquire load (Table A.6). */
static inline void c11_acquire_fence(void)
{
    __asm__ volatile("fence r, rw" ::: "memory");
}
