/* Litmus shape WRC (write-to-read causality), searched on 3 cores: core 0
 * writes x; core 1 reads x, then writes y; core 2 reads y, then x.  Core 1
 * seeing x and core 2 seeing y but not x fails the check.
 * shape-wrc-mb.c puts smp_mb() on core 1 and smp_rmb() on core 2.
 *
 * The architectures, bare: forbidden under sc, tso and pso, whose stores
 * become visible to every other core at once (x86-TSO, Sewell et al., CACM
 * 2010; Intel SDM vol. 3A 9.2.3.6, "stores are transitively visible"; SPARC
 * V8 manual Appendix K, TSO and PSO: one memory order, and loads ordered
 * before later accesses).  ARM allows it: a store may be seen by one core
 * before another, and neither reader orders its accesses (ARM ARM A3.8).
 * RVWMO allows WRC too: its stores are multi-copy atomic, but neither reader
 * orders its accesses without a dependency or a fence (RISC-V unprivileged
 * ISA, chapter 17).  atomsim reaches it under arm and rvwmo: core 2's load
 * of x may read its older write (the views of its core).
 *
 * Cores: 3
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso
 * Search: dfs:4
 * Result: Never
 *
 * Memory: arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef MB1
#define MB1() barrier()
#endif
#ifndef RMB2
#define RMB2() barrier()
#endif

volatile unsigned x, y, r1, r2, r3;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
    } else if (me == 1) {
        r1 = READ_ONCE(x);
        MB1();
        WRITE_ONCE(y, 1);
    } else if (me == 2) {
        r2 = READ_ONCE(y);
        RMB2();
        r3 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 1 && r3 == 0), "WRC: core 2 saw y but not the x it came from");
    return 0;
}
