/* shape-2p2w.c — the "2+2W" shape as a check: core 0 writes x = 1 then
 * y = 2; core 1 writes y = 1 then x = 2.  Both variables ending with the
 * first write to them (x == 1 and y == 1) fails the check: each core's
 * second store would have become visible before the other core's first.
 * Forbidden under sequential consistency and under TSO, whose buffers drain
 * in order (x86-TSO; SPARC V8 Appendix K).
 */
#include <atomsim.h>

volatile unsigned x, y;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
        y = 2;
    } else if (me == 1) {
        y = 1;
        x = 2;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(x == 1 && y == 1), "2+2W: both second stores became visible first");
    return 0;
}
