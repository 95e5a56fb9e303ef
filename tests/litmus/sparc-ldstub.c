/* Litmus: ldstub is test-and-set: it returns the old byte and leaves 0xff.
 *
 * Both cores ldstub the same byte.  Observed: exactly one read 0, the other
 * read 0xff, and the byte is 0xff.
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

volatile unsigned char lock_byte;
volatile unsigned got[2];

int main(void)
{
    unsigned me = sim_cpu_id();                             /* step 1 */
    unsigned old;
    __asm__ volatile("ldstub [%1], %0"                      /* step 2 */
                     : "=r"(old) : "r"(&lock_byte) : "memory");
    got[me] = old;
    sim_barrier();
    if (me == 0)
        litmus_report(got[0] + got[1] == 0xff && (got[0] == 0 || got[1] == 0) &&
                      lock_byte == 0xff);
    return 0;
}
