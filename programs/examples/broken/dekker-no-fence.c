/* dekker-no-fence.c — Dekker's entry protocol without a fence: each core
 * raises its flag, then enters if the other's is down (once, and it stays
 * inside: the flags stay up).  Under sequential consistency at most one
 * core enters: whichever reads second sees the other's flag.  Under TSO
 * (x86's and sparc32's default model) each core's flag can still sit in its
 * store buffer when the other reads it, and both enter: store buffering
 * (tests/litmus/sb.c).  The fix, dekker.c, raises the flag with an atomic
 * exchange.
 */
#include <atomsim.h>
#include <atomic.h>

#ifndef RAISE
#define RAISE(flag) WRITE_ONCE(flag, 1)
#endif

volatile unsigned flag[2];
atomic_t inside = ATOMIC_INIT(0);

int main(void)
{
    unsigned me = sim_cpu_id(), other = 1 - me;
    if (me <= 1) {
        RAISE(flag[me]);
        if (READ_ONCE(flag[other]) == 0)
            atomic_inc(&inside);        /* the critical section */
    }
    sim_barrier();
    if (me == 0) {
        sim_printf("%d cores entered\n", atomic_read(&inside));
        sim_check(atomic_read(&inside) <= 1, "both cores entered the critical section");
    }
    return 0;
}
