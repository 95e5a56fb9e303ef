/* Litmus a64-sb-rel-acq: store buffering (shape-sb.c) on aarch64 with each
 * flag stored by a Store-Release (stlr) and the other read by a
 * Load-Acquire (ldar).  Both cores reading 0 fails the check.
 *
 * Forbidden: AArch64's release and acquire are RCsc, a Store-Release is
 * ordered before a program-order-later Load-Acquire (Arm ARM B2.3,
 * Barrier-ordered-before: a Write with Release semantics before a later
 * Read with Acquire semantics), so one of the loads sees the other core's
 * store.
 * With ldapr (ARMv8.3 RCpc) in place of ldar that clause does not apply, and
 * a64-sb-rel-acqpc.c finds the outcome.
 *
 * Cpus: aarch64
 *
 * Memory: sc arm
 * Search: dfs:4
 * Result: Never
 */
#include <atomic.h>

static inline void store_release(volatile unsigned *p, unsigned v)
{
    __asm__ volatile("stlr %w1, [%0]" :: "r"(p), "r"(v) : "memory");
}

#ifdef LOAD_ACQUIRE_PC
/* ldapr: the assembler's -march=armv8.1-a lacks RCpc, so enable it here. */
static inline unsigned load_acquire(volatile unsigned *p)
{
    unsigned v;
    __asm__ volatile(".arch_extension rcpc\n\tldapr %w0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}
#else
static inline unsigned load_acquire(volatile unsigned *p)
{
    unsigned v;
    __asm__ volatile("ldar %w0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}
#endif

#define STORE(p) store_release((p), 1)
#define LOAD(p) load_acquire(p)
#include "shape-sb.c"
