/* Litmus: a reservation covers a granule, not a word.
 *
 * Core 0 loads-exclusive x; core 1 stores to the word next to x, in the
 * same 64-byte reservation granule (the Cortex-A15's).  The architecture's
 * monitor fails core 0's strex; a value-comparing monitor does not notice.
 * A store to another granule breaks nothing.  Observed: the strex failed.
 *
 * Cpus: arm
 *
 * Schedule: 0:2,1:2,0:*
 * Result: Always
 *
 * Monitor: value
 * Schedule: 0:2,1:2,0:*
 * Result: Never
 *
 * Only core 1's store to the next granule falls between ldrex and strex.
 * Schedule: 1:2,0:2,1:*,0:*
 * Result: Never
 */
#include "litmus.h"

struct granule {
    unsigned x;
    unsigned neighbour;
} __attribute__((aligned(64)));

volatile struct granule g = { 5, 0 };
volatile unsigned far_away __attribute__((aligned(64)));

int main(void)
{
    unsigned me = sim_cpu_id();                 /* step 1 */
    unsigned status = 0;
    if (me == 0) {
        status = ll_add_sc(&g.x);      /* steps 2 and 3 */
    } else {
        g.neighbour = 1;                        /* step 2 */
        far_away = 1;                           /* step 3 */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 1);
    return 0;
}
