/* shape-lb.c — load buffering as a check: each core reads one variable,
 * then writes 1 to the other.  Both reading 1 fails the check: each load
 * would have seen a store that comes after the other core's load.
 * Forbidden under sequential consistency and under TSO, where a load is
 * never satisfied after a later store of its core becomes visible (x86-TSO;
 * SPARC V8 Appendix K).
 */
#include <atomsim.h>

volatile unsigned x, y, r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        r0 = x;
        y = 1;
    } else if (me == 1) {
        r1 = y;
        x = 1;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 1 && r1 == 1), "LB: both loads saw the other core's later store");
    return 0;
}
