/* Litmus shape MP+inc_return_relaxed: core 0 writes data, then publishes it
 * with atomic_inc_return_relaxed(&flag) (INC); core 1 reads the flag with
 * atomic_read() and, if it is set, smp_rmb() then data.  Seeing the flag but
 * not the data fails the check.  shape-mp-inc.c uses the fully ordered
 * atomic_inc_return().
 *
 * A _relaxed atomic orders nothing (Documentation/atomic_t.txt).  x86's is a
 * locked add, which no store passes (Intel SDM vol. 3A 9.2.3.9; x86-TSO,
 * Sewell et al., CACM 2010): forbidden.  arm's is ldrex/strex without dmb:
 * data's store may become visible after the strex (ARM ARM A3.8): allowed.
 * aarch64's is ldadd (ldxr/stxr with -mno-lse), neither acquire nor release,
 * so no Barrier-ordered-before clause orders data's store before it (Arm
 * ARM B2.3): allowed.
 * sparc32's takes a hashed spinlock with ldstub and adds with a plain load
 * and store: under tso the ldstub drains the data before it (SPARC V8 manual
 * Appendix K, TSO: an atomic load-store is ordered after earlier stores),
 * forbidden; under pso nothing orders data's store before the flag's, and
 * the lock's ldstub orders only its own byte (Appendix K, PSO): allowed.
 * riscv64's is amoadd.w, neither .aq nor .rl, so nothing orders data's store
 * before it (RISC-V unprivileged ISA, chapter 17, rules 5 and 6 need the
 * bits): allowed under rvwmo.
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

#ifndef INC
#define INC(v) atomic_inc_return_relaxed(v)
#endif

atomic_t flag = ATOMIC_INIT(0);
volatile unsigned data, seen, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(data, 1);
        INC(&flag);
    } else if (me == 1) {
        if (atomic_read(&flag)) {
            smp_rmb();
            r2 = READ_ONCE(data);
            seen = 1;
        }
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(seen && r2 == 0), "MP+atomic: the flag without the data");
    return 0;
}
