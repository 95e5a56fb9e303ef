/* lock-order.c — broken: two locks taken in opposite orders (ABBA).
 *
 * Core 0 takes lock a then lock b; core 1 takes b then a.  If each gets its
 * first lock before the other asks for it, each spins forever on the lock
 * the other holds.  Here the cores meet at a barrier between their first
 * and second lock, so that interleaving is certain; without the barrier it
 * happens only under some schedules.  atomsim sees every running core only
 * reading the lock it waits for and ends the run with a deadlock finding,
 * naming each core, where it spins, on which lock, and who holds it:
 *
 *   atomsim --cores 2 programs/<cpu>/broken/lock-order.elf
 *
 * The fix: take locks in one global order (a before b) on every core.
 */
#include <atomsim.h>
#include <atomic.h>

spinlock_t a = SPINLOCK_INIT, b = SPINLOCK_INIT;
volatile unsigned done;

int main(void)
{
    unsigned me = sim_cpu_id();
    if (me > 1)
        return 0;                       /* two cores are enough */
    spinlock_t *first = me == 0 ? &a : &b, *second = me == 0 ? &b : &a;
    spin_lock(first);
    sim_barrier();
    spin_lock(second);                  /* held by the other core: forever */
    done++;
    spin_unlock(second);
    spin_unlock(first);
    sim_check(done <= 2, "unreachable");
    return 0;
}
