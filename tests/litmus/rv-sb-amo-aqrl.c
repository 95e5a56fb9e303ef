/* Litmus rv-sb-amo-aqrl: store buffering (shape-sb.c) on riscv64 with each
 * core's flag stored by amoswap.w.aqrl (its old value thrown away), then
 * the other flag read by a plain load.  Both cores reading 0 fails the
 * check.
 *
 * Forbidden: an AMO with .aq is ordered before every later access in
 * program order (RISC-V unprivileged ISA, chapter 17, rule 5), so the load
 * cannot be satisfied before the flag's store is visible, and the second
 * core's load sees the first's flag.  (.aqrl is RCsc; rule 6 orders it
 * after earlier accesses too.)  The kernel's fully ordered xchg() is this
 * instruction (shape-sb-xchg.c).
 *
 * Cpus: riscv64
 *
 * Memory: sc rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomic.h>

static inline void amoswap_aqrl(volatile unsigned *p, unsigned v)
{
    unsigned old;
    __asm__ volatile("amoswap.w.aqrl %0, %2, %1" : "=r"(old), "+A"(*p) : "r"(v) : "memory");
    (void)old;
}

#define STORE(p) amoswap_aqrl((p), 1)
#include "shape-sb.c"
