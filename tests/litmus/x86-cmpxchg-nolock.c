/* Litmus: cmpxchg without LOCK is not atomic: both cores can win.
 *
 * As x86-cmpxchg without the prefix.  Core 0's load half reads 0; core 1
 * swaps in 2; core 0 compares the 0 it loaded and stores 1.  Observed: both
 * succeeded.
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Result: Always
 *
 * Schedule: 0:*,1:*
 * Schedule: 0:3,1:*,0:*
 * Result: Never
 */
#include "litmus.h"

volatile unsigned x;
volatile unsigned won[2];

int main(void)
{
    unsigned me = sim_cpu_id();                             /* step 1 */
    unsigned expected = 0;
    unsigned char ok;
    __asm__ volatile("cmpxchgl %3, %1\n\t"                  /* steps 2 and 3 */
                     "sete %0"
                     : "=q"(ok), "+m"(x), "+a"(expected) : "r"(me + 1) : "cc", "memory");
    won[me] = ok;
    sim_barrier();
    if (me == 0)
        litmus_report(won[0] && won[1]);
    return 0;
}
