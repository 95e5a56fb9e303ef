/* Litmus shape IRIW (independent reads of independent writes), searched on
 * 4 cores: cores 0 and 1 write x and y; core 2 reads x then y, core 3 reads
 * y then x (MB between the reads).  The two readers seeing the writes in
 * opposite orders fails the check.  shape-iriw-mb.c puts smp_mb() between
 * the reads.
 *
 * The architectures, bare: forbidden under sc, tso and pso, whose stores
 * become visible to every other core at once (x86-TSO, Sewell et al., CACM
 * 2010; Intel SDM vol. 3A 9.2.3.7, "stores are seen in a consistent order by
 * other processors"; SPARC V8 manual Appendix K, TSO and PSO).  ARM allows
 * it: its stores are not multi-copy atomic and the readers' loads are not
 * ordered (ARM ARM A3.8).  RVWMO allows IRIW too, though its stores are
 * multi-copy atomic: the readers' loads are unordered without a fence
 * (RISC-V unprivileged ISA, chapter 17).  atomsim reaches it under arm and
 * rvwmo: each reader's second load may read the older write (the views of
 * its core).
 *
 * Searched with at most 3 preemptions, not 4: with 4 cores dfs:4 takes some
 * 30 s a model, dfs:3 3 s; the outcome needs no preemption of the readers,
 * only their loads' choices, which cost none.
 *
 * Cores: 4
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso pso
 * Search: dfs:3
 * Result: Never
 *
 * Memory: arm rvwmo
 * Search: dfs:3
 * Result: Sometimes
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef MB
#define MB() barrier()
#endif

volatile unsigned x, y, r1, r2, r3, r4;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
    } else if (me == 1) {
        WRITE_ONCE(y, 1);
    } else if (me == 2) {
        r1 = READ_ONCE(x);
        MB();
        r2 = READ_ONCE(y);
    } else if (me == 3) {
        r3 = READ_ONCE(y);
        MB();
        r4 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0),
                  "IRIW: the readers saw the two writes in opposite orders");
    return 0;
}
