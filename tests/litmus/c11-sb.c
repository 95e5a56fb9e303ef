/* Litmus shape SB (shape-sb.c) in C11: each core stores 1 to its _Atomic
 * flag with atomic_store_explicit(memory_order_seq_cst), then loads the
 * other's with atomic_load_explicit(memory_order_seq_cst); both reading 0
 * fails the check.  C11 forbids it: seq_cst accesses have one total order
 * (C11 7.17.3).  c11-sb-relaxed.c and c11-sb-fence.c include this file
 * with other orders.
 *
 * gcc's code (atomsim-cc; doc/manual.md, "C11 atomics"): x86 stores with
 * xchg (locked: drains the buffer), loads with mov; arm dmb ish, str, dmb
 * ish and dmb ish, ldr, dmb ish; aarch64 stlr and ldar (Arm ARM B2.3: a
 * store-release is ordered before a later load-acquire); riscv64 fence
 * iorw,ow then amoswap.w.aq, and fence rw,rw, lw, fence rw,rw: forbidden
 * everywhere.  sparc32 stores with st then ldstub [%sp-1], and loads with
 * ldstub [%sp-1] then ld: under TSO the ldstub drains the buffer
 * (V8 manual, Appendix K), but gcc's SPARC V8 code assumes TSO (its
 * default -mmemory-model on Linux; -mmemory-model=pso would add stbar), and
 * under PSO an ldstub is not ordered after a store to another address
 * without an stbar between them (Appendix K.2): allowed.
 *
 * Cpus: x86 x86_64 sparc32 arm aarch64 riscv64
 *
 * Memory: sc tso arm rvwmo
 * Search: dfs:4
 * Result: Never
 *
 * Memory: pso
 * Search: dfs:4
 * Result: Sometimes
 */
#include <atomsim.h>
#include <stdatomic.h>

#ifndef STORE_ORDER
#define STORE_ORDER memory_order_seq_cst
#endif
#ifndef LOAD_ORDER
#define LOAD_ORDER memory_order_seq_cst
#endif
#ifndef FENCE
#define FENCE() ((void)0)
#endif

_Atomic unsigned x, y;
volatile unsigned r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        atomic_store_explicit(&x, 1, STORE_ORDER);
        FENCE();
        r0 = atomic_load_explicit(&y, LOAD_ORDER);
    } else if (me == 1) {
        atomic_store_explicit(&y, 1, STORE_ORDER);
        FENCE();
        r1 = atomic_load_explicit(&x, LOAD_ORDER);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 0 && r1 == 0), "SB: both cores read 0");
    return 0;
}
