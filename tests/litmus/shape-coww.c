/* Litmus shape CoWW (write-write coherence), searched: core 0 writes x = 1,
 * then x = 2; core 1 reads x twice.  x ending 1, or core 1 reading 2 then 1,
 * fails the check: the writes to one location would be out of program
 * order.
 *
 * Forbidden by every model: two stores of one core to one location become
 * visible in program order (Intel SDM vol. 3A 9.2.2; x86-TSO, Sewell et al.,
 * CACM 2010; SPARC V8 manual Appendix K: PSO too orders stores to one
 * address; ARM ARM A3.8: coherence of one location).  atomsim drains a
 * core's stores to one address in order under pso and arm.
 * RVWMO forbids it too (RISC-V unprivileged ISA, chapter 17, rule 1: a store
 * is ordered after an earlier access to the same address).
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso arm rvwmo
 * Search: dfs:4
 * Result: Never
 */
#include <atomsim.h>
#include <atomic.h>

volatile unsigned x, r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
        WRITE_ONCE(x, 2);
    } else if (me == 1) {
        r1 = READ_ONCE(x);
        r2 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(x == 1 || (r1 == 2 && r2 == 1)), "CoWW: x's writes out of program order");
    return 0;
}
