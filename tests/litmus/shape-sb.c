/* Litmus shape SB (store buffering), searched: each core stores 1 to its
 * flag (STORE), then reads the other's (LOAD); both reading 0 fails the
 * check.  shape-sb-mb.c and shape-sb-xchg*.c build it with a fence or an
 * xchg(), a64-sb-*.c with aarch64's acquire and release instructions.
 *
 * The architectures, bare: forbidden under sc (whichever store is first in
 * the one order of all accesses is seen by the other core's load); allowed
 * under tso, each store waiting in its core's store buffer while the core
 * reads the other flag (x86-TSO, Sewell et al., CACM 2010, test SB; Intel
 * SDM vol. 3A 9.2.3.4, "loads may be reordered with older stores to
 * different locations"; SPARC V8 manual Appendix K, TSO), and so under pso
 * (Appendix K, PSO) and arm (ARM ARM A3.8: no order between a store and a
 * later load to another address without a barrier).
 * riscv64 under rvwmo as arm: allowed, no preserved-program-order rule
 * orders a store before a later load to another address (RISC-V unprivileged
 * ISA, chapter 17).
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc
 * Search: dfs:4
 * Result: Never
 *
 * Memory: tso pso arm rvwmo
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef STORE
#define STORE(p) WRITE_ONCE(*(p), 1)
#endif
#ifndef FENCE
#define FENCE() barrier()
#endif
#ifndef LOAD
#define LOAD(p) READ_ONCE(*(p))
#endif
/* The flags' alignment: 256 puts them in different blocks of sparc32's lock
 * table (shape-sb-xchg-apart.c). */
#ifndef FLAG_ALIGN
#define FLAG_ALIGN 4
#endif

volatile unsigned x __attribute__((aligned(FLAG_ALIGN)));
volatile unsigned y __attribute__((aligned(FLAG_ALIGN)));
volatile unsigned r0, r1;

int main(void)
{
#ifdef LAYOUT_OK
    /* Where the verdict depends on where x and y lie, a program laid out
     * otherwise stops with an error, not a failed check (a finding). */
    if (!LAYOUT_OK()) {
        sim_printf("litmus: x and y do not lie as the header says\n");
        return 2;
    }
#endif
    unsigned me = sim_cpu_id();
    if (me == 0) {
        STORE(&x);
        FENCE();
        r0 = LOAD(&y);
    } else if (me == 1) {
        STORE(&y);
        FENCE();
        r1 = LOAD(&x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 0 && r1 == 0), "SB: both cores read 0");
    return 0;
}
