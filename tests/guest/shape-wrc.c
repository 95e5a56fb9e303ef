/* shape-wrc.c — write-to-read causality as a check, on 3 cores: core 0
 * writes x; core 1 reads x, then writes y; core 2 reads y, then x.  Core 1
 * seeing x, core 2 seeing y but not x fails the check.  Forbidden under
 * sequential consistency and under TSO: a store becomes visible to every
 * other core at once (x86-TSO; SPARC V8 Appendix K), so once core 1 saw x
 * every core sees it.
 */
#include <atomsim.h>

volatile unsigned x, y, r1, r2, r3;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
    } else if (me == 1) {
        r1 = x;
        y = 1;
    } else if (me == 2) {
        r2 = y;
        r3 = x;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 1 && r3 == 0), "WRC: core 2 saw y but not the x it came from");
    return 0;
}
