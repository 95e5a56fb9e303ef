/* Litmus: swap exchanges a register with memory atomically.
 *
 * Both cores swap their number + 1 into w (0).  Observed: one read 0 and the
 * other read the first one's value, which the second replaced in w.
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
    __asm__ volatile("swap [%1], %0"                        /* step 2 */
                     : "+r"(v) : "r"(&w) : "memory");
    got[me] = v;
    sim_barrier();
    if (me == 0)
        litmus_report((got[0] == 0 && got[1] == 1 && w == 2) ||
                      (got[1] == 0 && got[0] == 2 && w == 1));
    return 0;
}
