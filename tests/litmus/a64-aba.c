/* Litmus: ABA on the exclusive monitor, aarch64 (arm-aba.c on AArch64).
 *
 * Core 0's ldxr reads x (5); core 1 stores 5 to x; core 0's stxr then
 * tries to write 6.  The architecture's monitor saw a store to the
 * reservation and fails it; a monitor that compares values (QEMU's,
 * Unicorn's) lets it succeed.  Observed: the stxr stored.
 *
 * ARM ARM (ARMv8-A), "Synchronization and semaphores": a store by
 * another core to the reserved granule clears its global monitor.
 *
 * Cpus: aarch64
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
        status = ldxr_add_stxr(&x);            /* steps 2 and 3 */
    } else {
        x = 5;                                  /* step 2: the value core 0 read */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 0);
    return 0;
}
