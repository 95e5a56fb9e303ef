/* Litmus shape LB (load buffering), searched: each core reads one variable,
 * then writes 1 to the other.  Both reading 1 fails the check: each load
 * would have seen a store that comes after the other core's load.
 *
 * The architectures: forbidden under sc and tso, where a store is never
 * made visible before an earlier load of its core (Intel SDM vol. 3A
 * 9.2.3.3, "stores are not reordered with earlier loads"; x86-TSO, Sewell
 * et al., CACM 2010; SPARC V8 manual Appendix K, TSO), and under pso, which
 * orders a load before every later access (Appendix K, PSO).  ARM allows it
 * (ARM ARM A3.8: a load may be satisfied after a later store to another
 * address is observed).  atomsim does not produce it under arm: its loads
 * are done in program order when the core steps, before any later store
 * exists.  The kernel forbids it with any dependency or barrier, so there is
 * no barrier variant: atomsim never shows the bare one.
 * RVWMO allows LB too (nothing orders a load before a later store to another
 * address without a dependency or a fence, RISC-V unprivileged ISA, chapter
 * 17); atomsim does not produce it under rvwmo, for the same reason as under
 * arm.
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso arm rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomsim.h>
#include <atomic.h>

volatile unsigned x, y, r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        r0 = READ_ONCE(x);
        WRITE_ONCE(y, 1);
    } else if (me == 1) {
        r1 = READ_ONCE(y);
        WRITE_ONCE(x, 1);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 1 && r1 == 1), "LB: both loads saw the other core's later store");
    return 0;
}
