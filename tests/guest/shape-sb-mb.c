/* shape-sb-mb.c — store buffering with the kernel's smp_mb() between each
 * core's store and load (<atomic.h>), as a check: both reading 0 fails it.
 *
 * On x86 smp_mb() is a locked instruction, which drains the store buffer:
 * forbidden under tso.  On arm it is dmb ish (and arm runs sc).  On sparc32
 * the kernel defines smp_mb() as a compiler barrier only (asm-generic's
 * mb(), which sparc32 takes): under TSO nothing orders the store before the
 * load, and `--sched dfs` finds both cores reading 0.
 */
#include <atomsim.h>
#include <atomic.h>

volatile unsigned x, y, r0, r1;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        WRITE_ONCE(x, 1);
        smp_mb();
        r0 = READ_ONCE(y);
    } else if (me == 1) {
        WRITE_ONCE(y, 1);
        smp_mb();
        r1 = READ_ONCE(x);
    }
    sim_barrier();
    if (me == 0)
        sim_check(!(r0 == 0 && r1 == 0), "store buffering past smp_mb(): both cores read 0");
    return 0;
}
