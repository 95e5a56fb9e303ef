/* shape-s.c — the "S" shape as a check: core 0 writes x = 2, then y = 1;
 * core 1 reads y, then writes x = 1.  Core 1 seeing y == 1 with x ending 2
 * fails the check.  Forbidden under sequential consistency and under TSO:
 * stores become visible in program order and a store is not made visible
 * before an earlier load (x86-TSO; SPARC V8 Appendix K).
 */
#include <atomsim.h>

volatile unsigned x, y, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 2;
        y = 1;
    } else if (me == 1) {
        r1 = y;
        x = 1;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && x == 2), "S: core 1 saw y but its write of x came first");
    return 0;
}
