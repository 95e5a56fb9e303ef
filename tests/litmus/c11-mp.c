/* Litmus shape MP (shape-mp.c) in C11: core 0 stores data (relaxed), then
 * the flag with memory_order_release; core 1 loads the flag with
 * memory_order_acquire, then data (relaxed).  The flag without the data
 * fails the check; C11 forbids it (the acquire load synchronizes with the
 * release store, C11 5.1.2.4).  c11-mp-relaxed.c includes this file with
 * relaxed orders.
 *
 * gcc's code: x86 plain mov both ways (TSO keeps stores, and loads, in
 * order); arm dmb ish before the flag's str, dmb ish after its ldr (ARM ARM
 * A3.8.3); aarch64 stlr and ldar; riscv64 fence iorw,ow before the flag's
 * amoswap.w, fence after its lw: forbidden.  sparc32 plain st and ld,
 * right under TSO; gcc's V8 code assumes TSO and puts no stbar between the
 * two stores, which PSO may reorder (V8 manual, Appendix K.2): allowed
 * under pso.
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

#ifndef PUBLISH_ORDER
#define PUBLISH_ORDER memory_order_release
#endif
#ifndef OBSERVE_ORDER
#define OBSERVE_ORDER memory_order_acquire
#endif

_Atomic unsigned data, flag;
volatile unsigned r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        atomic_store_explicit(&data, 1, memory_order_relaxed);
        atomic_store_explicit(&flag, 1, PUBLISH_ORDER);
    } else if (me == 1) {
        r1 = atomic_load_explicit(&flag, OBSERVE_ORDER);
        r2 = atomic_load_explicit(&data, memory_order_relaxed);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0), "MP: the flag without the data");
    return 0;
}
