/* cmpxchg-retry.c — a cmpxchg loop that never re-reads.
 *
 * Each core reads v once, into old; core 1 then adds 1; from then on both
 * cores try cmpxchg(v, old, old + 1) forever, and it always fails, finding
 * 1.  On x86 and arm a failed cmpxchg only reads v: every running core
 * only reads one location, a deadlock.  On sparc32 every atomic_cmpxchg
 * takes and releases the hashed lock of v's bucket (ldstub, stb %g0), so
 * each try writes: a livelock through the lock.  Either is a finding (exit
 * 1), not the step budget.  On one core (qemu-user) the first try succeeds.
 */
#include <atomsim.h>
#include <atomic.h>

atomic_t v;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me > 1)
        return 0;
    int old = atomic_read(&v);
    sim_barrier();
    if (me == 1)
        atomic_inc(&v);
    sim_barrier();
    while (atomic_cmpxchg(&v, old, old + 1) != old)
        ;                               /* BUG: old is never read again */
    sim_printf("v = %d\n", atomic_read(&v));
    return 0;
}
