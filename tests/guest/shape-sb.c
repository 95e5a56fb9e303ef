/* shape-sb.c — store buffering as a check, for searches: each core stores
 * 1 to its flag and reads the other's.  Both reading 0 fails the check.
 * Sequential consistency forbids it; TSO allows it (tests/litmus/sb.c says
 * why), so `--sched dfs` finds it under --memory tso and exhausts clean
 * under --memory sc.
 */
#include <atomsim.h>

volatile unsigned x, y, r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        x = 1;
        r0 = y;
    } else if (me == 1) {
        y = 1;
        r1 = x;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 0 && r1 == 0), "store buffering: both cores read 0");
    return 0;
}
