/* Litmus: xchg with memory is atomic without a LOCK prefix.
 *
 * Both cores exchange their number + 1 into x (0).  Were xchg a load and a
 * store, both could read 0.  Observed: both read the same old value.
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

volatile unsigned x;
volatile unsigned old[2];

int main(void)
{
    unsigned me = sim_cpu_id();                             /* step 1 */
    unsigned v = me + 1;
    __asm__ volatile("xchg %0, %1" : "+r"(v), "+m"(x));     /* step 2 */
    old[me] = v;
    sim_barrier();
    if (me == 0)
        litmus_report(old[0] == old[1]);
    return 0;
}
