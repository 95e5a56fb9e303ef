/* Litmus shape S, searched: core 0 writes x = 2, then y = 1 (WMB between);
 * core 1 reads y, then writes it to x (a data dependency: x = 1 when it saw
 * y).  Core 1 having seen y with x ending 2 fails the check.  shape-s-wmb.c
 * puts smp_wmb() between core 0's stores.
 *
 * The architectures, bare: forbidden under sc, and under tso: stores become
 * visible in program order and a store never before an earlier load (Intel
 * SDM vol. 3A 9.2.3.2 and 9.2.3.3; x86-TSO, Sewell et al., CACM 2010; SPARC
 * V8 manual Appendix K, TSO).  Allowed under pso (core 0's stores drain in
 * any order, Appendix K, PSO) and arm (ARM ARM A3.8).
 * riscv64 under rvwmo as arm: allowed, core 0's two stores are unordered
 * without a fence (RISC-V unprivileged ISA, chapter 17).
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso
 * Search: dfs:4
 * Result: Never
 *
 * Memory: pso arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef WMB
#define WMB() barrier()
#endif

volatile unsigned x, y, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 2);
        WMB();
        WRITE_ONCE(y, 1);
    } else if (me == 1) {
        r1 = READ_ONCE(y);
        WRITE_ONCE(x, r1);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && x == 2), "S: core 1 saw y but its write of x came first");
    return 0;
}
