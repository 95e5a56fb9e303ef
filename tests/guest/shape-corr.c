/* shape-corr.c — read-read coherence as a check: core 0 writes x = 1; core
 * 1 reads x twice.  Reading 1 then 0 fails the check.  Every memory model
 * forbids it: one location's writes are seen in one order by every core
 * (coherence), and TSO's store buffers keep it.
 */
#include <atomsim.h>

volatile unsigned x, r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
    } else if (me == 1) {
        r1 = x;
        r2 = x;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0), "CoRR: core 1 read x's new value, then its old one");
    return 0;
}
