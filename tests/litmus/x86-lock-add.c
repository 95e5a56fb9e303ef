/* Litmus: lock addl is one atomic step; no update is lost.
 *
 * As x86-add, with the LOCK prefix: there is no window to run in.
 * Observed: an update was lost (x != 2).
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Schedule: 1:2,0:*,1:*
 * Schedule: 0:1,1:*,0:*
 * Schedule: 0:1,1:1,0:1,1:*,0:*
 * Schedule: 0:*,1:*
 * Result: Never
 */
#include "litmus.h"

#ifndef LOCK_PREFIX
#define LOCK_PREFIX "lock "
#endif

volatile unsigned x;

int main(void)
{
    unsigned me = sim_cpu_id();                         /* step 1 */
    __asm__ volatile(LOCK_PREFIX "addl $1, %0" : "+m"(x));     /* step 2, or 2 and 3 */
    sim_barrier();
    if (me == 0)
        litmus_report(x != 2);
    return 0;
}
