/* Litmus shape 2+2W, searched: core 0 writes x = 1 then y = 2; core 1
 * writes y = 1 then x = 2 (WMB between each core's stores).  Both variables
 * ending with the first write to them (x == 1 and y == 1) fails the check:
 * each core's second store became visible before the other core's first.
 * shape-2p2w-wmb.c puts smp_wmb() between them.
 *
 * The architectures, bare: forbidden under sc and tso, whose stores become
 * visible in program order (x86-TSO, Sewell et al., CACM 2010; Intel SDM
 * vol. 3A 9.2.3.2; SPARC V8 manual Appendix K, TSO).  Allowed under pso
 * (Appendix K, PSO) and arm (ARM ARM A3.8), whose stores to different
 * addresses drain in any order.
 * riscv64 under rvwmo as arm: allowed, each core's two stores are unordered
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

volatile unsigned x, y;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
        WMB();
        WRITE_ONCE(y, 2);
    } else if (me == 1) {
        WRITE_ONCE(y, 1);
        WMB();
        WRITE_ONCE(x, 2);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(x == 1 && y == 1), "2+2W: both second stores became visible first");
    return 0;
}
