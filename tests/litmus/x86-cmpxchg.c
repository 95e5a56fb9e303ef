/* Litmus: lock cmpxchg lets exactly one core win.
 *
 * Both cores compare-and-swap x from 0 to their number + 1.  Observed: both
 * succeeded.
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Schedule: 1:2,0:*,1:*
 * Schedule: 0:1,1:1,0:1,1:*,0:*
 * Schedule: 0:*,1:*
 * Result: Never
 */
#include "litmus.h"

#ifndef LOCK_PREFIX
#define LOCK_PREFIX "lock "
#endif

volatile unsigned x;
volatile unsigned won[2];

int main(void)
{
    unsigned me = sim_cpu_id();                             /* step 1 */
    unsigned expected = 0;
    unsigned char ok;
    __asm__ volatile(LOCK_PREFIX "cmpxchgl %3, %1\n\t"       /* step 2, or 2 and 3 */
                     "sete %0"
                     : "=q"(ok), "+m"(x), "+a"(expected) : "r"(me + 1) : "cc", "memory");
    won[me] = ok;
    sim_barrier();
    if (me == 0)
        litmus_report(won[0] && won[1]);
    return 0;
}
