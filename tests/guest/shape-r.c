/* shape-r.c — the "R" shape as a check: core 0 writes x then y; core 1
 * writes y, then reads x.  y ending 2 (core 1's write last) with core 1
 * having read x as 0 fails the check.  Sequential consistency forbids it
 * (core 1's read comes after its write of y, which comes after core 0's
 * write of y, which comes after x = 1); TSO allows it: core 1's write of y
 * waits in its store buffer while it reads x (x86-TSO; SPARC V8
 * Appendix K).
 */
#include <atomsim.h>

volatile unsigned x, y, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
        y = 1;
    } else if (me == 1) {
        y = 2;
        r1 = x;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(y == 2 && r1 == 0), "R: core 1 read x as 0 and its write of y came last");
    return 0;
}
