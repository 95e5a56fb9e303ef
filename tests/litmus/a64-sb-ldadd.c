/* Litmus a64-sb-ldadd: store buffering (shape-sb.c) on aarch64 with an LSE
 * ldadd between each core's store of its flag and its load of the other's,
 * on a counter of its own.  Both cores reading 0 fails the check.
 *
 * A relaxed ldadd orders nothing (Arm ARM B2.3: without Acquire or Release
 * semantics an atomic read-modify-write is in no Barrier-ordered-before
 * clause, and it touches neither flag), so the store may wait in its core's
 * buffer past the ldadd and the load: allowed under arm.  a64-sb-ldaddal.c
 * uses ldaddal, which forbids it.
 *
 * Cpus: aarch64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: arm
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomic.h>

#ifndef LDADD
#define LDADD "ldadd"
#endif

/* Each core's counter, a cache line apart from the other's. */
static volatile unsigned counter[2][16] __attribute__((aligned(64)));

/* ldadd 1 to core me's counter.  FENCE() passes shape-sb.c's me: a second
 * sim_cpu_id() would trap, and a trap drains the store buffer. */
static inline void add_own_counter(unsigned me)
{
    unsigned old;
    __asm__ volatile(LDADD " %w1, %w0, [%2]"
                     : "=r"(old) : "r"(1u), "r"(&counter[me & 1][0]) : "memory");
    (void)old;
}

#define FENCE() add_own_counter(me)
#include "shape-sb.c"
