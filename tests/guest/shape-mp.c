/* shape-mp.c — message passing as a check: core 0 writes data, then a
 * flag; core 1 reads the flag, then data.  Seeing the flag but not the
 * data fails the check.  TSO forbids it as sequential consistency does:
 * stores become visible in program order (FIFO store buffers), and loads
 * are not reordered with other loads (Intel SDM vol. 3A 9.2.2; x86-TSO;
 * SPARC V8 Appendix K).  `--sched dfs` exhausts it clean under both.
 */
#include <atomsim.h>

volatile unsigned data, flag, r1, r2;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        data = 1;
        flag = 1;
    } else if (me == 1) {
        r1 = flag;
        r2 = data;
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r1 == 1 && r2 == 0), "message passing: the flag without the data");
    return 0;
}
