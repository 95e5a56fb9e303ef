/* relaxed-publish.c — a relaxed atomic as a publication point: core 0
 * writes the data, then counts it published with
 * atomic_fetch_add_relaxed(); core 1 reads the count, and if it is up,
 * (after smp_rmb()) the data.  A _relaxed atomic orders nothing
 * (Documentation/atomic_t.txt): on arm it is a bare ldrex/strex loop, and
 * the data's store may become visible after the strex (ARM ARM A3.8.2), so
 * core 1 reads stale data and the check fails.  The fully ordered
 * atomic_fetch_add() puts a dmb ish before and after it: publish.c.  On
 * riscv64 the relaxed one is amoadd.w, with no .rl to order the data's
 * store before it (RISC-V unprivileged ISA, chapter 17, rule 6), and the
 * fully ordered one amoadd.w.aqrl.  Under TSO every atomic drains the store
 * buffer first, and both hold.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef COUNT
#define COUNT(v) atomic_fetch_add_relaxed(1, v)
#endif

volatile unsigned data;
atomic_t published = ATOMIC_INIT(0);

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me == 0) {
        data = 42;
        COUNT(&published);
    } else if (me == 1) {
        if (atomic_read(&published) != 0) {
            smp_rmb();
            sim_check(data == 42, "published, but the data was not there yet");
        }
    }
    return 0;
}
