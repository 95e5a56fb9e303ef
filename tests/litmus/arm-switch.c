/* Litmus: a monitor that forgets at every context switch.
 *
 * Core 0 loads-exclusive x; core 1 runs but touches another granule; core
 * 0's strex stores under the architecture's monitor, which only cares
 * about stores to the granule.  A monitor dropped at every switch (Valgrind,
 * Spike) fails it.  Observed: the strex stored.
 *
 * Cpus: arm
 *
 * Schedule: 0:2,1:2,0:*
 * Result: Always
 *
 * Monitor: switch
 * Schedule: 0:2,1:2,0:*
 * Result: Never
 */
#include "litmus.h"

volatile unsigned x = 5;
volatile unsigned elsewhere __attribute__((aligned(64)));

int main(void)
{
    unsigned me = sim_cpu_id();                 /* step 1 */
    unsigned status = 1;
    if (me == 0) {
        status = ll_add_sc(&x);            /* steps 2 and 3 */
    } else {
        elsewhere = 1;                          /* step 2 */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 0);
    return 0;
}
