/* shape-iriw.c — independent reads of independent writes as a check, on 4
 * cores: cores 0 and 1 write x and y; core 2 reads x then y, core 3 reads y
 * then x.  The two readers seeing the writes in opposite orders fails the
 * check.  Forbidden under sequential consistency and under TSO, whose
 * stores become visible to every other core at once (x86-TSO; SPARC V8
 * Appendix K).
 */
#include <atomsim.h>

volatile unsigned x, y, r1, r2, r3, r4;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
    } else if (me == 1) {
        y = 1;
    } else if (me == 2) {
        r1 = x;
        r2 = y;
    } else if (me == 3) {
        r3 = y;
        r4 = x;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0 && r3 == 1 && r4 == 0),
                  "IRIW: the readers saw the two writes in opposite orders");
    return 0;
}
