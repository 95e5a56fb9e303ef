/* Litmus shape CoRW (read-write coherence), searched: core 0 reads x, then
 * writes x = 1; core 1 writes x = 2.  Core 0 reading its own later 1, or
 * reading 2 with x ending 2 (its later write ordered before the write it
 * read), fails the check.
 *
 * Forbidden by every model: a load does not see a later store of its own
 * core, nor a store coherence-after that one (Intel SDM vol. 3A 9.2.2;
 * x86-TSO, Sewell et al., CACM 2010; SPARC V8 manual Appendix K, TSO and
 * PSO; ARM ARM A3.8: coherence of one location).
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
        r0 = READ_ONCE(x);
        WRITE_ONCE(x, 1);
    } else if (me == 1) {
        WRITE_ONCE(x, 2);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 1 || (r0 == 2 && x == 2)),
                  "CoRW: core 0 read a write that follows its own later one");
    return 0;
}
