/* Litmus: ldrexd/strexd reserve and store a doubleword.
 *
 * Core 0 loads-exclusive the 64-bit v; core 1 stores the high word's own
 * value back.  Under the architecture's monitor strexd fails; a
 * value-comparing monitor lets it store.  Observed: strexd failed.
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
 * Nothing in between: strexd stores.
 * Schedule: 0:3,1:*,0:*
 * Result: Never
 */
#include "litmus.h"

volatile unsigned long long v __attribute__((aligned(8))) = 0x100000005ull;

int main(void)
{
    unsigned me = sim_cpu_id();                 /* step 1 */
    unsigned status = 0;
    if (me == 0) {
        unsigned long long old;
        __asm__ volatile("ldrexd %0, %H0, [%2]\n\t"     /* step 2 */
                         "adds %Q0, %Q0, #1\n\t"
                         "adc %R0, %R0, #1\n\t"
                         "strexd %1, %0, %H0, [%2]"     /* step 3 */
                         : "=&r"(old), "=&r"(status) : "r"(&v) : "cc", "memory");
    } else {
        ((volatile unsigned *)&v)[1] = 1;       /* step 2: the high word, unchanged */
    }
    sim_barrier();
    if (me == 0)
        litmus_report(status == 1);
    return 0;
}
