/* Litmus: a conditional strex whose condition fails does nothing.
 *
 * Core 0 loads-exclusive x, sets Z, and runs strexne: it must neither store
 * nor write its status register, and it leaves no SC event.  A strexeq
 * right after (the reservation intact) stores.  Observed: strexne left the
 * status register and x alone, and strexeq stored.
 *
 * Cpus: arm
 *
 * Schedule: 0:*,1:*
 * Schedule: 0:2,1:*,0:*
 * Result: Always
 */
#include "litmus.h"

volatile unsigned x = 5;

int main(void)
{
    unsigned me = sim_cpu_id();
    unsigned skipped = 7, stored = 7, v;
    if (me == 0) {
        __asm__ volatile("ldrex %0, [%3]\n\t"
                         "add %0, %0, #1\n\t"
                         "cmp %0, %0\n\t"               /* Z set: ne fails */
                         "strexne %1, %0, [%3]\n\t"
                         "strexeq %2, %0, [%3]"
                         : "=&r"(v), "+&r"(skipped), "+&r"(stored) : "r"(&x) : "cc", "memory");
    }
    sim_barrier();
    if (me == 0)
        litmus_report(skipped == 7 && stored == 0 && x == 6);
    return 0;
}
