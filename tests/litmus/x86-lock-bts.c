/* Litmus: lock bts on a bit beyond the first word is atomic.
 *
 * Both cores set their own bit in map's second word with `lock bts`, whose
 * register bit number addresses a bit string: the access is at the word
 * that holds the bit, not at map.  Observed: a bit was lost.
 *
 * Cpus: x86 x86_64
 *
 * Schedule: 0:2,1:*,0:*
 * Schedule: 1:2,0:*,1:*
 * Schedule: 0:*,1:*
 * Result: Never
 */
#include "litmus.h"

#ifndef LOCK_PREFIX
#define LOCK_PREFIX "lock "
#endif

volatile unsigned long map[3];

int main(void)
{
    unsigned me = sim_cpu_id();                                 /* step 1 */
    long bit = 8 * (long)sizeof(long) + (long)me;               /* word 1 */
    __asm__ volatile(LOCK_PREFIX "bts %1, %0"                   /* step 2, or 2 and 3 */
                     : "+m"(map[0]) : "r"(bit) : "cc", "memory");
    sim_barrier();
    if (me == 0)
        litmus_report(map[1] != 3 || map[0] != 0 || map[2] != 0);
    return 0;
}
