/* Litmus shape CoWR (write-read coherence), searched: core 0 writes x = 1,
 * then reads x; core 1 writes x = 2.  Core 0 reading 2 with x ending 1 (the
 * write it read ordered before its own earlier one) fails the check.
 *
 * Forbidden by every model: a load sees its core's latest store to the
 * location or a later one (Intel SDM vol. 3A 9.2.3.5, "intra-processor
 * forwarding is allowed"; x86-TSO, Sewell et al., CACM 2010: a load reads
 * its own store buffer first; SPARC V8 manual Appendix K, TSO and PSO; ARM
 * ARM A3.8: coherence of one location).  It checks that a load is
 * forwarded from the core's store buffer.
 * RVWMO forbids it too (RISC-V unprivileged ISA, chapter 17, rule 1 and the
 * load value axiom).
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso arm rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomsim.h>
#include <atomic.h>

volatile unsigned x, r0;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
        r0 = READ_ONCE(x);
    } else if (me == 1) {
        WRITE_ONCE(x, 2);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 2 && x == 1), "CoWR: core 0 read a write that precedes its own");
    return 0;
}
