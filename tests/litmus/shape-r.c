/* Litmus shape R, searched: core 0 writes x = 1, then y = 1; core 1 writes
 * y = 2, then reads x.  y ending 2 (core 1's write last) with core 1 having
 * read x as 0 fails the check.  shape-r-mb.c puts smp_mb() (MB) between
 * each core's two accesses.
 *
 * The architectures, bare: forbidden under sc (core 1's read follows its
 * write of y, which follows core 0's, which follows x = 1).  Allowed under
 * tso: core 1's write of y waits in its store buffer while it reads x
 * (x86-TSO, Sewell et al., CACM 2010; Intel SDM vol. 3A 9.2.3.4; SPARC V8
 * manual Appendix K, TSO), and so under pso (Appendix K, PSO) and arm (ARM
 * ARM A3.8).
 * riscv64 under rvwmo as arm: allowed, nothing orders core 1's store before
 * its later load (RISC-V unprivileged ISA, chapter 17).
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: tso pso arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef MB
#define MB() barrier()
#endif

volatile unsigned x, y, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
        MB();
        WRITE_ONCE(y, 1);
    } else if (me == 1) {
        WRITE_ONCE(y, 2);
        MB();
        r1 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(y == 2 && r1 == 0), "R: core 1 read x as 0 and its write of y came last");
    return 0;
}
