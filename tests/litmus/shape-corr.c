/* Litmus shape CoRR (read-read coherence), searched: core 0 writes x = 1;
 * core 1 reads x twice.  Reading 1 then 0 fails the check.
 *
 * Forbidden by every model: one location's writes are seen in one order by
 * every core, and a core does not read an older value after a newer one
 * (Intel SDM vol. 3A 9.2.2; x86-TSO, Sewell et al., CACM 2010; SPARC V8
 * manual Appendix K, TSO and PSO; ARM ARM A3.8: coherence of one location).
 * RVWMO forbids it too (RISC-V unprivileged ISA, chapter 17, rule 2 and the
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

volatile unsigned x, r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
    } else if (me == 1) {
        r1 = READ_ONCE(x);
        r2 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0), "CoRR: core 1 read x's new value, then its old one");
    return 0;
}
