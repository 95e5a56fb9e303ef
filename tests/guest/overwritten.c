/* overwritten.c — core 0 writes x twice (1, then 2, smp_wmb() between);
 * core 1 reads x once and checks it read the newest or the first value,
 * never the middle one.  On arm, aarch64 and riscv64 it may read the
 * middle one: nothing orders its load after core 0's second store (a
 * coherence-ordered write older than the newest is allowed: Arm ARM K.a
 * B2.3, RVWMO 17.1), and the trace then names the write it read, core 0's
 * first, with the step it became visible at. */
#include <atomsim.h>
#include <atomic.h>

unsigned x;

int main(void)
{
    if (sim_cpu_id() == 0) {
        WRITE_ONCE(x, 1);
        smp_wmb();
        WRITE_ONCE(x, 2);
    } else {
        unsigned r = READ_ONCE(x);
        sim_check(r != 1, "read the middle write");
    }
    return 0;
}
