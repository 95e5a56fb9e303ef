/* Litmus: a plain store by another core breaks a reservation.
 *
 * Core 0 loads-exclusive x; core 1 stores 7 to x with an ordinary str; core
 * 0's strex must fail under every policy, as the value changed too.
 * Observed: the strex failed (and x is still 7).
 *
 * Cpus: arm
 *
 * Schedule: 0:2,1:2,0:*
 * Result: Always
 *
 * Monitor: value
 * Schedule: 0:2,1:2,0:*
 * Result: Always
 *
 * Core 1's store after the strex: the strex stores.
 * Schedule: 0:3,1:*,0:*
 * Schedule: 1:*,0:*
 * Result: Never
 */
#include "litmus.h"

volatile unsigned x = 5;

int main(void)
{
    unsigned me = sim_cpu_id();                 /* step 1 */
    unsigned status = 0;
    if (me == 0) {
        status = ll_add_sc(&x);            /* steps 2 and 3 */
    } else {
        x = 7;                                  /* step 2 */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 1 && x == 7);
    return 0;
}
