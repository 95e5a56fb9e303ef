/* Litmus: casa compares and swaps (LEON3, user data ASI 0x0a).
 *
 * Both cores casa w from 0 to their number + 1.  Observed: exactly one read
 * 0 and stored, the other read the winner's value and stored nothing.
 *
 * Cpus: sparc32
 *
 * Schedule: 0:2,1:*,0:*
 * Schedule: 1:2,0:*,1:*
 * Schedule: 0:1,1:1,0:1,1:*,0:*
 * Schedule: 0:*,1:*
 * Result: Always
 */
#include "litmus.h"

volatile unsigned w;
volatile unsigned got[2];

int main(void)
{
    unsigned me = sim_cpu_id();                             /* step 1 */
    unsigned v = me + 1;
    __asm__ volatile("casa [%1] 0x0a, %2, %0"               /* step 2 */
                     : "+r"(v) : "r"(&w), "r"(0) : "memory");
    got[me] = v;
    sim_barrier();
    if (me == 0)
        litmus_report((got[0] == 0 && got[1] == 1 && w == 1) ||
                      (got[1] == 0 && got[0] == 2 && w == 2));
    return 0;
}
