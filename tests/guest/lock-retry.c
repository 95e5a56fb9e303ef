/* lock-retry.c — a retry loop that never re-reads: a livelock through a lock.
 *
 * Each core reads x once, into stale, and then tries to move x from stale
 * to stale + 1, again and again, under a spinlock.  Between the read and
 * the tries core 1 changes x, so no try can succeed: every one takes the
 * lock, reads x, and drops the lock, and nothing else changes.  atomsim
 * reports a livelock (exit 1) naming each core's loop and the lock, not the
 * step budget.  On one core (qemu-user) the first try succeeds.
 */
#include <atomsim.h>
#include <atomic.h>

spinlock_t lock = SPINLOCK_INIT;
volatile int x;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me > 1)
        return 0;
    int stale = x;
    sim_barrier();
    if (me == 1) {
        spin_lock(&lock);
        x = 100;
        spin_unlock(&lock);
    }
    sim_barrier();
    for (;;) {
        spin_lock(&lock);
        if (x == stale) {               /* BUG: stale is never read again */
            x = stale + 1;
            spin_unlock(&lock);
            break;
        }
        spin_unlock(&lock);
    }
    sim_printf("x = %d\n", x);
    return 0;
}
