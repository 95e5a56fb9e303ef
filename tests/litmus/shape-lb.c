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
 * address is observed), and so does RVWMO (nothing orders a load before a
 * later store to another address without a dependency or a fence, RISC-V
 * unprivileged ISA, chapter 17).  atomsim reaches it under arm and rvwmo:
 * a core's load may read the value the other core's store, still to come,
 * writes (views.h), while its own store becomes visible.
 *
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
