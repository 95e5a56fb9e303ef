/* Litmus: ABA on the exclusive monitor.
 *
 * Core 0 loads-exclusive x (5); core 1 stores 5 to x; core 0's
 * store-exclusive then tries to write 6.  The architecture's monitor saw a
 * store to the granule and fails it; a monitor that compares values (QEMU's,
 * Unicorn's) lets it succeed.  Observed: the strex stored.  The same on
 * aarch64 (ldxr/stxr: the ARM ARM's global monitor) and riscv64 (lr.w/sc.w:
 * an SC fails if a store from another hart to the reservation set can be
 * observed between the LR and the SC, unprivileged ISA, "Load-Reserved/
 * Store-Conditional Instructions").
 *
 * Cpus: arm aarch64 riscv64
 *
 * Schedule: 0:2,1:2,0:*
 * Result: Never
 *
 * Monitor: value
 * Schedule: 0:2,1:2,0:*
 * Result: Always
 *
 * Monitor: switch
 * Schedule: 0:2,1:2,0:*
 * Result: Never
 *
 * Nothing in between: it stores under every policy.
 * Schedule: 0:3,1:*,0:*
 * Result: Always
 */
#include "litmus.h"

volatile unsigned x = 5;

int main(void)
{
    unsigned me = sim_cpu_id();                 /* step 1 */
    unsigned status = 1;
    if (me == 0) {
        status = ll_add_sc(&x);            /* steps 2 and 3 */
    } else {
        x = 5;                                  /* step 2: the value core 0 read */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 0);
    return 0;
}
